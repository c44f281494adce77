"""Which deciders and exports exist for which problem. Modules are imported on first use.

A backend is ``"module:function"`` with ``function(instance, timeout=None, **options) -> Result``.
The first backend listed for a problem is its default; ``brute`` never touches SAT/SMT.
``"sat:NAME"`` selects the python-sat solver NAME (``sat:cadical``, ``sat:g42``...).
To add a problem's deciders, add one entry below.
"""

from __future__ import annotations

_SAT_FAMILY = {
    "sat": "solvers.sat:solve",
    "brute": "solvers.brute_exactly_k:solve",
    "smt": "solvers.smt:solve",
}

BACKENDS: dict[str, dict[str, str]] = {
    "cnf": dict(_SAT_FAMILY),
    "1in3sat": dict(_SAT_FAMILY),
    "224sat": dict(_SAT_FAMILY),
}

# ``npw reduce --emit FORMAT`` / ``npw solve --emit``: function(instance) -> str
EXPORTS: dict[str, dict[str, str]] = {
    "cnf": {"dimacs": "solvers.sat:to_dimacs", "smt2": "solvers.smt:to_smt2"},
    "1in3sat": {"dimacs": "solvers.sat:to_dimacs", "smt2": "solvers.smt:to_smt2"},
    "224sat": {"dimacs": "solvers.sat:to_dimacs", "smt2": "solvers.smt:to_smt2"},
}
