"""Which deciders and exports exist for which problem. Modules are imported on first use.

A backend is ``"module:function"`` (or, for problems defined at run time, the
function itself, see :func:`register_backend`) with ``function(instance, timeout=None, **options) -> Result``.
The first backend listed for a problem is its default; ``brute`` never touches SAT/SMT.
``"sat:NAME"`` selects the python-sat solver NAME (``sat:cadical``, ``sat:g42``...). A SAT decider's
``Result.backend`` is its name here plus the solver it ran (``sat:m22``, ``sat-time:g42``), so it
can be passed back as a backend (``npw.solvers.sat.decide_by_sat``).
To add a problem's deciders, add one entry below.
"""

from __future__ import annotations

from typing import Any, Callable

_SAT_FAMILY = {
    "sat": "npw.solvers.sat:solve",
    "brute": "npw.solvers.brute_exactly_k:solve",
    "smt": "npw.solvers.smt:solve",
}

BACKENDS: dict[str, dict[str, str | Callable[..., Any]]] = {
    "cnf": dict(_SAT_FAMILY),
    "3sat": dict(_SAT_FAMILY),
    "1in3sat": dict(_SAT_FAMILY),
    "224sat": dict(_SAT_FAMILY),
    "nae3sat": {"sat": "npw.solvers.sat:solve", "brute": "npw.solvers.brute_exactly_k:solve"},
    "nae4sat": {"sat": "npw.solvers.sat:solve", "brute": "npw.solvers.brute_exactly_k:solve"},
    # the layout does not change the formula: the SAT family's deciders read the clauses
    "pm3sat": dict(_SAT_FAMILY),
    "pm3sat-2occ": dict(_SAT_FAMILY),
    "rel": {"sat": "npw.solvers.rel.order:solve", "cpsat": "npw.solvers.rel.cpsat:solve",
            "sat-time": "npw.solvers.rel.sat_time:solve", "search": "npw.solvers.rel.search:solve",
            "local": "npw.solvers.rel.local_order:solve"},
    "hampath": {"dp": "npw.solvers.hampath.dp:solve", "sat": "npw.solvers.hampath.sat:solve"},
    "hampath-grid-s": {"dp": "npw.solvers.hampath.dp:solve", "sat": "npw.solvers.hampath.sat:solve"},
    "hampath-st": {"dp": "npw.solvers.hampath.dp:solve", "sat": "npw.solvers.hampath.sat:solve"},
    **{pid: {"dp": "npw.solvers.hampath.dp:solve_cycle", "sat": "npw.solvers.hampath.sat:solve_cycle",
             "sat-edges": "npw.solvers.hampath.edges:solve_cycle"}
       for pid in ("hamcycle", "dhamcycle")},
    **{pid: {"brute": "npw.solvers.graphs.brute:solve", "sat": "npw.solvers.graphs.sat:solve"}
       for pid in ("indset", "vertexcover", "clique", "domset")},
    "coloring": {"brute": "npw.solvers.graphs.coloring:solve_brute", "sat": "npw.solvers.graphs.coloring:solve_sat"},
    "npuz": {"idastar": "npw.solvers.npuz.search:solve_idastar", "astar": "npw.solvers.npuz.search:solve_astar", "bfs": "npw.solvers.npuz.search:solve_bfs", "sat": "npw.solvers.npuz.sat:solve"},
    "solochess": {"search": "npw.solvers.solochess.search:solve", "sat": "npw.solvers.solochess.sat:solve", "theorem2.2": "npw.solvers.solochess.spanning:solve", "theorem2.16": "npw.solvers.solochess.hero:solve"},
    "torus": {"constructive": "npw.solvers.torus.constructive:solve", "bfs": "npw.solvers.torus.bfs:solve"},
    "3partition": {"dp": "npw.solvers.three_partition.dp:solve", "sat": "npw.solvers.three_partition.sat:solve", "smt": "npw.solvers.three_partition.smt:solve"},
    **{pid: {"dp": "npw.solvers.numbers.dp:solve", "sat": "npw.solvers.numbers.sat:solve"}
       for pid in ("subsetsum", "partition")},
    "knapsack": {"dp": "npw.solvers.numbers.knapsack:solve_dp", "sat": "npw.solvers.numbers.knapsack:solve_sat"},
    "4partition": {"dp": "npw.solvers.numbers.groups:solve_dp", "sat": "npw.solvers.numbers.groups:solve_sat"},
    "binpacking": {"dp": "npw.solvers.numbers.binpacking:solve_dp", "sat": "npw.solvers.numbers.binpacking:solve_sat"},
    "bwp": {"tight": "npw.solvers.bwp.tight:solve", "sat": "npw.solvers.bwp.sat:solve", "search": "npw.solvers.bwp.search:solve",
            "phases": "npw.solvers.bwp.phases:solve"},
    "3dm": {"sat": "npw.solvers.sets.sat:solve", "brute": "npw.solvers.sets.search:solve"},
    "x3c": {"sat": "npw.solvers.sets.sat:solve", "brute": "npw.solvers.sets.search:solve"},
    "fvs": {"brute": "npw.solvers.graphs.fvs:solve_brute", "sat": "npw.solvers.graphs.fvs:solve_sat"},
    "setcover": {"search": "npw.solvers.sets.setcover:solve_search", "sat": "npw.solvers.sets.setcover:solve_sat"},
}

# ``npw reduce --emit FORMAT`` / ``npw solve --emit``: function(instance) -> str. Every problem with a
# SAT decider has ``dimacs``, every one with an SMT decider ``smt2`` (tests/test_formats.py checks it);
# their size is bounded by ``npw.solvers.exports.MAX_EXPORT_CLAUSES``
EXPORTS: dict[str, dict[str, str]] = {
    "cnf": {"dimacs": "npw.solvers.sat:to_dimacs", "smt2": "npw.solvers.smt:to_smt2"},
    "3sat": {"dimacs": "npw.solvers.sat:to_dimacs", "smt2": "npw.solvers.smt:to_smt2"},
    "1in3sat": {"dimacs": "npw.solvers.sat:to_dimacs", "smt2": "npw.solvers.smt:to_smt2"},
    "224sat": {"dimacs": "npw.solvers.sat:to_dimacs", "smt2": "npw.solvers.smt:to_smt2"},
    "nae3sat": {"dimacs": "npw.solvers.sat:to_dimacs"},
    "nae4sat": {"dimacs": "npw.solvers.sat:to_dimacs"},
    "pm3sat": {"dimacs": "npw.solvers.sat:to_dimacs", "smt2": "npw.solvers.smt:to_smt2"},
    "pm3sat-2occ": {"dimacs": "npw.solvers.sat:to_dimacs", "smt2": "npw.solvers.smt:to_smt2"},
    "rel": {"dimacs": "npw.solvers.rel.order:to_dimacs"},
    **{pid: {"dimacs": "npw.solvers.exports:hampath_dimacs", "hcp": "npw.instances.hampath.hcp:to_hcp"}
       for pid in ("hampath", "hampath-grid-s", "hampath-st")},
    "hamcycle": {"dimacs": "npw.solvers.exports:hamcycle_dimacs", "hcp": "npw.instances.hampath.hcp:cycle_to_hcp"},
    "dhamcycle": {"dimacs": "npw.solvers.exports:hamcycle_dimacs"},  # TSPLIB has no directed HCP
    # dimacs: the SAT encoding (a CNF); edge: the instance itself in the DIMACS graph format (p edge)
    **{pid: {"dimacs": "npw.solvers.exports:graph_dimacs", "edge": "npw.instances.graphs.dimacs:to_dimacs_graph"}
       for pid in ("indset", "vertexcover", "clique", "domset")},
    "coloring": {"dimacs": "npw.solvers.exports:coloring_dimacs", "edge": "npw.instances.graphs.dimacs:to_dimacs_graph"},
    "solochess": {"dimacs": "npw.solvers.exports:solochess_dimacs"},
    "npuz": {"dimacs": "npw.solvers.npuz.sat:to_dimacs", "oneline": "npw.solvers.exports:npuz_oneline"},
    "3partition": {"dimacs": "npw.solvers.exports:three_partition_dimacs",
                   "smt2": "npw.solvers.exports:three_partition_smt2"},
    "bwp": {"dimacs": "npw.solvers.exports:bwp_dimacs"},
    **{pid: {"dimacs": "npw.solvers.exports:numbers_dimacs"} for pid in ("subsetsum", "partition")},
    "knapsack": {"dimacs": "npw.solvers.exports:knapsack_dimacs"},
    "4partition": {"dimacs": "npw.solvers.exports:four_partition_dimacs"},
    "binpacking": {"dimacs": "npw.solvers.exports:binpacking_dimacs"},
    **{pid: {"dimacs": "npw.solvers.exports:sets_dimacs"} for pid in ("3dm", "x3c")},
    "fvs": {"dimacs": "npw.solvers.exports:fvs_dimacs"},
    "setcover": {"dimacs": "npw.solvers.exports:setcover_dimacs"},
}

# more certificates of a yes-instance, for checking backward maps on several of them:
# function(instance, count, seed) -> list of certificates
CERTIFICATE_SAMPLERS: dict[str, str | Callable[..., Any]] = {
    "cnf": "npw.solvers.sat:sample_certificates",
    "3sat": "npw.solvers.sat:sample_certificates",
    "1in3sat": "npw.solvers.sat:sample_certificates",
    "224sat": "npw.solvers.sat:sample_certificates",
    "nae3sat": "npw.solvers.sat:sample_certificates",
    "nae4sat": "npw.solvers.sat:sample_certificates",
    "rel": "npw.solvers.rel.local_order:sample_certificates",
    "pm3sat": "npw.solvers.sat:sample_certificates",
    "pm3sat-2occ": "npw.solvers.sat:sample_certificates",
    "solochess": "npw.solvers.solochess.search:sample_certificates",
    **{pid: "npw.solvers.graphs.sat:sample_certificates" for pid in ("indset", "vertexcover", "clique", "domset")},
    "coloring": "npw.solvers.graphs.coloring:sample_certificates",
    "bwp": "npw.solvers.bwp.tight:sample_certificates",
    "3dm": "npw.solvers.sets.sat:sample_certificates",
    "x3c": "npw.solvers.sets.sat:sample_certificates",
    "fvs": "npw.solvers.graphs.fvs:sample_certificates",
    "setcover": "npw.solvers.sets.setcover:sample_certificates",
}


def register_backend(problem_id: str, name: str, function: Callable[..., Any]) -> None:
    """Adds a decider for a problem defined at run time."""
    BACKENDS.setdefault(problem_id, {})[name] = function
