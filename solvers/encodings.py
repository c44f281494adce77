"""Shared CNF encoding helpers: one place for exactly-k and friends.

For the tiny widths of 1-in-3-SAT and 2/2/4-SAT the *direct* encoding is used: at
most k true means every (k+1)-subset of the positions has a false literal, at
least k true means every (w-k+1)-subset has a true one. Counting is over
positions, so repeated literals and complementary pairs inside a clause are
handled exactly as the problems define them. (pysat's generic ``CardEnc`` is
about 4x slower to build here and rejects repeated literals.)
"""

from __future__ import annotations

import itertools
from typing import Iterable, Sequence

from npw.solvers.result import Deadline


def _simplify(clause: Iterable[int]) -> tuple[int, ...] | None:
    """Removes duplicate literals; None for a tautology (a literal and its negation)."""
    literals = set(clause)
    if any(-l in literals for l in literals):
        return None
    return tuple(sorted(literals, key=abs))


def exactly_k(literals: Sequence[int], k: int) -> list[tuple[int, ...]]:
    """CNF clauses saying that exactly k of the positions in ``literals`` hold."""
    width = len(literals)
    if not 0 <= k <= width:
        return [()]  # impossible: the empty clause
    clauses = []
    for subset in itertools.combinations(literals, k + 1):  # at most k
        clause = _simplify(-l for l in subset)
        if clause is not None:
            clauses.append(clause)
    for subset in itertools.combinations(literals, width - k + 1):  # at least k
        clause = _simplify(subset)
        if clause is not None:
            clauses.append(clause)
    return list(dict.fromkeys(clauses))


def cnf_of(instance) -> tuple[int, list[tuple[int, ...]]]:
    """(number of variables, clauses) of a SAT encoding of a cnf/1in3sat/224sat instance.

    Variable i of the encoding is variable i of the instance, so a model is read back
    directly as the instance's assignment.
    """
    if not hasattr(instance, "TRUE_PER_CLAUSE"):  # CNF or 3-SAT: at least one true literal
        return instance.num_vars, [tuple(c) for c in instance.clauses]
    k = instance.TRUE_PER_CLAUSE
    cache: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    clauses: list[tuple[int, ...]] = []
    for clause in instance.clauses.tolist():
        key = tuple(clause)
        if key not in cache:
            cache[key] = exactly_k(clause, k)
        clauses.extend(cache[key])
    return instance.num_vars, clauses


def weighted_sum_equals(literals: Sequence[int], weights: Sequence[int], target: int,
                        new_var, deadline: Deadline | None = None) -> list[list[int]]:
    """CNF: sum of ``weights[t]`` over the true ``literals[t]`` equals ``target`` (weights >= 0).

    A unary dynamic-programming chain: s(t, v) holds iff the first t literals sum to v
    (v = 0..target); s(t+1, v) <-> (s(t, v) and not x_t) or (s(t, v - w_t) and x_t), a
    sum past the target is forbidden, and s(n, target) must hold. ``new_var(key)``
    returns a fresh variable per key (e.g. an ``IDPool``). Size O(len * target), fine
    for unary-bounded numbers; exact (each partial sum is determined by the x's). With a
    ``deadline``, raises OutOfTime once it passes (checked once a literal).
    """
    if target < 0:
        return [[]]
    s = {(0, v): new_var((0, v)) for v in range(target + 1)}
    clauses: list[list[int]] = [[s[(0, 0)]]] + [[-s[(0, v)]] for v in range(1, target + 1)]
    for t, (x, w) in enumerate(zip(literals, weights)):
        if deadline is not None:
            deadline.check()
        for v in range(target + 1):
            s[(t + 1, v)] = new_var((t + 1, v))
        for v in range(target + 1):
            here, nxt = s[(t, v)], s[(t + 1, v)]
            clauses.append([-here, x, nxt])  # keep v when x_t is false
            clauses.append([-nxt, x, here])
            if v + w > target:
                clauses.append([-here, -x])  # x_t true would overshoot
            if v >= w:
                clauses.append([-s[(t, v - w)], -x, nxt])
                clauses.append([-nxt, -x, s[(t, v - w)]])
            else:
                clauses.append([-nxt, -x])
    clauses.append([s[(len(literals), target)]])
    return clauses
