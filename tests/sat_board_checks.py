"""The test helpers the Section 3.2 reductions (Theorems 3.9-3.11) share: a satisfiable formula's
board, solved both ways, and a board's target claims by name."""

from __future__ import annotations

import itertools
from typing import Any

from npw.solvers.result import Answer
from npw.solvers.solochess import search


def assert_solved_both_ways(reduction: Any, formula: Any, board: Any) -> None:
    """Every satisfying assignment of ``formula`` maps forward to captures ``board`` accepts and
    back to itself; the walk decider solves the board, and its solution maps back to a satisfying
    assignment."""
    satisfying = [bits for bits in itertools.product((False, True), repeat=formula.num_vars) if formula.verify(bits)]
    assert satisfying
    for bits in satisfying:
        captures = reduction.forward(formula, bits)
        assert board.verify(captures)
        assert reduction.backward(formula, board, captures) == bits
    found = search.solve(board)
    assert found.answer is Answer.YES and found.stats["method"] == "walk"
    assert formula.verify(reduction.backward(formula, board, found.certificate))


def assert_provenance_names_every_element(reduction: Any, formula: Any) -> None:
    """The board's element map names each variable and clause of ``formula``, each with pieces
    that stand on the board."""
    board = reduction.reduce(formula)
    made = reduction.provenance(formula, board)
    squares = {f"piece:{p.x},{p.y}" for p in board.pieces}
    expected = {f"var:{v}" for v in range(1, formula.num_vars + 1)} | {f"clause:{c}" for c in range(len(formula.clauses))}
    assert set(made) == expected
    assert all(made[e] and set(made[e]) <= squares for e in made)


def target_claims(reduction: Any, source: Any, board: Any) -> dict[str, Any]:
    """Each target claim of ``reduction`` by name: what its check says of ``source`` and ``board``
    (True where it holds)."""
    return {c.name: c.check(source, board) for c in reduction.claims if c.stage == "target"}
