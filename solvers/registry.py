"""Which deciders and exports exist for which problem. Modules are imported on first use.

A backend is ``"module:function"`` (or, for problems defined at run time, the
function itself, see :func:`register_backend`) with ``function(instance, timeout=None, **options) -> Result``.
The first backend listed for a problem is its default; ``brute`` never touches SAT/SMT.
``"sat:NAME"`` selects the python-sat solver NAME (``sat:cadical``, ``sat:g42``...).
To add a problem's deciders, add one entry below.
"""

from __future__ import annotations

from typing import Any, Callable

_SAT_FAMILY = {
    "sat": "solvers.sat:solve",
    "brute": "solvers.brute_exactly_k:solve",
    "smt": "solvers.smt:solve",
}

BACKENDS: dict[str, dict[str, str | Callable[..., Any]]] = {
    "cnf": dict(_SAT_FAMILY),
    "3sat": dict(_SAT_FAMILY),
    "1in3sat": dict(_SAT_FAMILY),
    "224sat": dict(_SAT_FAMILY),
    "rel": {"sat": "solvers.rel_order:solve", "cpsat": "solvers.rel_cpsat:solve",
            "sat-time": "solvers.rel_sat:solve", "search": "solvers.rel_search:solve"},
    "hampath": {"dp": "solvers.hampath_dp:solve", "sat": "solvers.hampath_sat:solve"},
    "hampath-grid-s": {"dp": "solvers.hampath_dp:solve", "sat": "solvers.hampath_sat:solve"},
    "hampath-st": {"dp": "solvers.hampath_dp:solve", "sat": "solvers.hampath_sat:solve"},
    "npuz": {"idastar": "solvers.npuz_search:solve_idastar", "astar": "solvers.npuz_search:solve_astar", "bfs": "solvers.npuz_search:solve_bfs", "sat": "solvers.npuz_sat:solve"},
    "solochess": {"search": "solvers.solochess_search:solve", "sat": "solvers.solochess_sat:solve", "theorem2.2": "solvers.solochess_spanning:solve", "theorem2.16": "solvers.solochess_hero:solve"},
    "torus": {"constructive": "solvers.torus_constructive:solve", "bfs": "solvers.torus_bfs:solve"},
    "3partition": {"dp": "solvers.three_partition_dp:solve", "sat": "solvers.three_partition_sat:solve", "smt": "solvers.three_partition_smt:solve"},
    "bwp": {"tight": "solvers.bwp_tight:solve", "sat": "solvers.bwp_sat:solve", "search": "solvers.bwp_search:solve"},
}

# ``npw reduce --emit FORMAT`` / ``npw solve --emit``: function(instance) -> str
EXPORTS: dict[str, dict[str, str]] = {
    "cnf": {"dimacs": "solvers.sat:to_dimacs", "smt2": "solvers.smt:to_smt2"},
    "3sat": {"dimacs": "solvers.sat:to_dimacs", "smt2": "solvers.smt:to_smt2"},
    "1in3sat": {"dimacs": "solvers.sat:to_dimacs", "smt2": "solvers.smt:to_smt2"},
    "224sat": {"dimacs": "solvers.sat:to_dimacs", "smt2": "solvers.smt:to_smt2"},
    "rel": {"dimacs": "solvers.rel_order:to_dimacs"},
    **{pid: {"dimacs": "solvers.exports:hampath_dimacs", "hcp": "instances.hampath:to_hcp"}
       for pid in ("hampath", "hampath-grid-s", "hampath-st")},
    "solochess": {"dimacs": "solvers.exports:solochess_dimacs"},
    "npuz": {"dimacs": "solvers.npuz_sat:to_dimacs", "oneline": "solvers.exports:npuz_oneline"},
}

# more certificates of a yes-instance, for checking backward maps on several of them:
# function(instance, count, seed) -> list of certificates
CERTIFICATE_SAMPLERS: dict[str, str | Callable[..., Any]] = {
    "cnf": "solvers.sat:sample_certificates",
    "3sat": "solvers.sat:sample_certificates",
    "1in3sat": "solvers.sat:sample_certificates",
    "224sat": "solvers.sat:sample_certificates",
    "rel": "solvers.rel_order:sample_certificates",
    "solochess": "solvers.solochess_search:sample_certificates",
    "bwp": "solvers.bwp_tight:sample_certificates",
}


def register_backend(problem_id: str, name: str, function: Callable[..., Any]) -> None:
    """Adds a decider for a problem defined at run time."""
    BACKENDS.setdefault(problem_id, {})[name] = function
