"""Community formats of problems whose encoders live in their decider modules.

Each function takes an instance and returns the file's text; ``npw.solvers.registry.EXPORTS``
names them per problem. DIMACS comments record where the encoding comes from, so a CNF
handed to another solver can be traced back.
"""

from __future__ import annotations

from typing import Sequence


def dimacs_text(num_vars: int, clauses: Sequence[Sequence[int]], description: str) -> str:
    from npw.instances.sat.cnf import CNF

    return CNF(num_vars, [tuple(c) for c in clauses]).to_dimacs(comments=(description,))


def hampath_dimacs(instance) -> str:
    """The position encoding of :mod:`npw.solvers.hampath.sat` (x[i][v]: vertex v at position i)."""
    from npw.solvers.hampath.sat import encode

    num_vars, clauses, _ = encode(instance)
    return dimacs_text(num_vars, clauses, f"Hamiltonian path ({instance.problem}) position encoding by npw")


def solochess_dimacs(instance) -> str:
    """The capture-sequence encoding of :mod:`npw.solvers.solochess.sat`."""
    from npw.solvers.solochess.sat import encode

    num_vars, clauses, _ = encode(instance)
    return dimacs_text(num_vars, clauses, "Solo Chess capture-sequence encoding by npw")


def npuz_oneline(instance) -> str:
    """The sliding-tile puzzle's one-line format: B1's n^2 numbers in row-major order, 0 the
    blank (what ``npw puzzle solve FILE`` and Korf-style solvers read). The format has no room
    for the goal or the bound k: those stay in the instance's JSON file."""
    from npw.instances.npuz.board import format_board

    return format_board(instance.start) + "\n"
