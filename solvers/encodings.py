"""Shared CNF encoding helpers: one place for exactly-k and friends.

For the tiny widths of 1-in-3-SAT and 2/2/4-SAT the *direct* encoding is used: at
most k true means every (k+1)-subset of the positions has a false literal, at
least k true means every (w-k+1)-subset has a true one. Counting is over
positions, so repeated literals and complementary pairs inside a clause are
handled exactly as the problems define them. (pysat's generic ``CardEnc`` is
about 4x slower to build here and rejects repeated literals.)

:func:`exactly_k` encodes one clause and is the reference; :func:`exactly_k_rows`
encodes a whole clause array at once with the same output, clause for clause: a clause's
encoding depends only on its *shape* (the order of its variables and its signs, see
:func:`_shape`), so each shape is encoded once and filled in for all its clauses in one
numpy step. A verification sweep spent 43% of its time in the per-clause Python loop
(BENCHMARKS.md, "Issue 20: verifier loop").
"""

from __future__ import annotations

import functools
import itertools
from typing import Iterable, Sequence

import numpy as np

from npw.instances.memo import remember_last
from npw.solvers.result import Deadline

__all__ = ["FEW_ROWS", "WIDEST_SHAPE", "binary_sum_at_most", "binary_sum_equals", "cnf_of", "exactly_k",
           "exactly_k_rows", "weighted_sum_equals"]


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


def _shape(row: Sequence[int]) -> tuple[tuple[int, ...], list[int]]:
    """A clause's *shape*: its variables replaced by their rank (1 for the clause's smallest
    variable, 2 for the next, ...), signs kept; and where each rank first occurs.

    Renaming by rank keeps the order of the variables, and a repeat or a complementary pair
    stays one, so the encoding of a clause is the encoding of its shape with every rank
    replaced by its variable: simplifying, ordering by variable and dropping repeated clauses
    (:func:`exactly_k`) happen the same way on both.

    >>> _shape((14, -1, 32, -32))
    ((2, -1, 3, -3), [1, 0, 2])
    """
    variables = sorted({abs(literal) for literal in row})
    rank = {variable: number for number, variable in enumerate(variables, 1)}
    first = {}
    for position, literal in enumerate(row):
        first.setdefault(abs(literal), position)
    shape = tuple(rank[literal] if literal > 0 else -rank[-literal] for literal in row)
    return shape, [first[variable] for variable in variables]


class _ShapeTable:
    """The exactly-k encodings of every clause shape met so far, for one (width, k), as
    arrays: ``positions[s, c, j]`` is the clause position whose variable is literal j of
    clause c of shape s, ``signs[s, c, j]`` its sign (0 pads a shorter clause), ``used[s, c]``
    whether shape s has a clause c. A shape is found by a key computed from the clause array
    in a few numpy steps: the order (<, =, >) of the variables of every pair of positions and
    the literals' signs. New shapes are encoded by :func:`exactly_k` when first met (a sweep
    of 2,000 random sources met 48 among their clauses, 12 among their 2/2/4-SAT targets');
    a clause array is then encoded by indexing these arrays.
    """

    DENSE_KEYS = 1 << 20  # up to this many possible keys a lookup array, beyond it a dict

    def __init__(self, width: int, k: int) -> None:
        self.width, self.k = width, k
        first, second = zip(*itertools.combinations(range(width), 2)) if width > 1 else ((), ())
        self.first, self.second = np.array(first, dtype=np.intp), np.array(second, dtype=np.intp)
        pairs = len(first)
        self.order_weights = 3 ** np.arange(pairs, dtype=np.int64)
        self.sign_weights = 3**pairs * 2 ** np.arange(width, dtype=np.int64)
        key_count = 3**pairs * 2**width
        self.lookup = np.full(key_count, -1, dtype=np.int64) if key_count <= self.DENSE_KEYS else None
        self.ids: dict[int, int] = {}
        self.encodings: list[list[tuple[tuple[int, ...], tuple[int, ...]]]] = []  # per shape: (positions, signs) per clause
        self.positions = np.zeros((0, 0, 0), dtype=np.intp)
        self.signs = np.zeros((0, 0, 0), dtype=np.int64)
        self.used = np.zeros((0, 0), dtype=bool)

    def keys(self, clauses: np.ndarray) -> np.ndarray:
        magnitude = np.abs(clauses)
        order = np.sign(magnitude[:, self.first] - magnitude[:, self.second]) + 1
        return order @ self.order_weights + (clauses < 0) @ self.sign_weights

    def shape_ids(self, clauses: np.ndarray) -> np.ndarray:
        keys = self.keys(clauses)
        if self.lookup is not None:
            ids = self.lookup[keys]
            if ids.min() >= 0:
                return ids
            for row in np.flatnonzero(ids < 0).tolist():
                if self.lookup[keys[row]] < 0:
                    self.lookup[keys[row]] = self._add(clauses[row].tolist())
            self._rebuild()
            return self.lookup[keys]
        ids = []
        for row, key in enumerate(keys.tolist()):
            if key not in self.ids:
                self.ids[key] = self._add(clauses[row].tolist())
            ids.append(self.ids[key])
        self._rebuild()
        return np.array(ids, dtype=np.int64)

    def _add(self, row: list[int]) -> int:
        shape, first_at = _shape(row)
        self.encodings.append([(tuple(first_at[abs(l) - 1] for l in clause), tuple(1 if l > 0 else -1 for l in clause))
                               for clause in exactly_k(shape, self.k)])
        return len(self.encodings) - 1

    def _rebuild(self) -> None:
        """The arrays of every shape met so far, once after a batch of new shapes (rebuilt after
        each new shape, 383 shapes of a random 2,000-clause 2/2/4-SAT formula took 12-20 s)."""
        if len(self.used) == len(self.encodings):
            return
        clauses = max((len(e) for e in self.encodings), default=0)
        length = max((len(p) for e in self.encodings for p, _ in e), default=0)
        positions = np.zeros((len(self.encodings), clauses, length), dtype=np.intp)
        signs = np.zeros((len(self.encodings), clauses, length), dtype=np.int64)
        used = np.zeros((len(self.encodings), clauses), dtype=bool)
        for number, encoding in enumerate(self.encodings):
            for index, (at, sign) in enumerate(encoding):
                positions[number, index, :len(at)] = at
                signs[number, index, :len(sign)] = sign
                used[number, index] = True
        self.positions, self.signs, self.used = positions, signs, used


@functools.lru_cache(maxsize=None)
def _shape_table(width: int, k: int) -> _ShapeTable:
    return _ShapeTable(width, k)


WIDEST_SHAPE = 8
"""The widest clause encoded through :class:`_ShapeTable` (its keys fit an int64 up to
width 8); a wider clause array is encoded clause by clause."""

FEW_ROWS = 16
"""Up to this many clauses, clause by clause with the encodings of recent clauses kept
(:func:`_exactly_k_kept`): the numpy steps cost more than the rows of a verifier's small
sources, and nine in ten of their clauses were met before in a sweep."""


@functools.lru_cache(maxsize=8192)  # a few MB; a sweep of small sources meets about 2,000 distinct clauses
def _exactly_k_kept(clause: tuple[int, ...], k: int) -> tuple[tuple[int, ...], ...]:
    return tuple(exactly_k(clause, k))


def exactly_k_rows(clauses: np.ndarray, k: int) -> list[Sequence[int]]:
    """The clauses of :func:`exactly_k` for every row of a clause array, concatenated in
    row order: the same clauses as encoding clause by clause, built in a few numpy steps
    (each clause's encoding is its shape's, see :class:`_ShapeTable`, filled in). A clause
    may come as a tuple or as a list (what numpy gives back fastest).

    >>> rows = np.array([[1, -2, 3], [2, 2, -1], [3, -3, 1]])
    >>> encoded = exactly_k_rows(rows, 1)
    >>> [tuple(c) for c in encoded] == [c for row in rows.tolist() for c in exactly_k(row, 1)]
    True
    >>> [tuple(c) for c in encoded[:4]]
    [(-1, 2), (-1, -3), (2, -3), (1, -2, 3)]
    """
    count, width = clauses.shape
    if not 0 <= k <= width:
        return [()] * count  # each clause impossible: the empty clause, as exactly_k gives
    if count == 0:
        return []
    if width > WIDEST_SHAPE:
        return [clause for row in clauses.tolist() for clause in exactly_k(row, k)]
    if count <= FEW_ROWS:
        encoded: list[Sequence[int]] = []
        for row in clauses.tolist():
            encoded.extend(_exactly_k_kept(tuple(row), k))
        return encoded
    table = _shape_table(width, k)
    ids = table.shape_ids(clauses)
    positions, signs, used = table.positions[ids], table.signs[ids], table.used[ids]
    literals = (signs * np.abs(clauses)[np.arange(count)[:, None, None], positions])[used]
    if np.count_nonzero(literals) == literals.size:
        return literals.tolist()
    # some clause is shorter than the longest (padded with 0): drop the padding
    return [list(filter(None, clause)) for clause in literals.tolist()]


@remember_last  # a verifier encodes a yes-target twice: for its decider and for more certificates
def cnf_of(instance) -> tuple[int, list[Sequence[int]]]:
    """(number of variables, clauses) of a SAT encoding of a cnf/1in3sat/224sat/nae3sat/nae4sat
    instance (NAE: each clause and its negation).

    Variable i of the encoding is variable i of the instance, so a model is read back
    directly as the instance's assignment. The same instance asked again in a row gets the
    same list back (:func:`~npw.instances.memo.remember_last`; it must not be changed).

    >>> from npw.instances.sat.one_in_three_sat import OneInThreeSat
    >>> formula = OneInThreeSat(3, [(1, -2, 3)])
    >>> cnf_of(formula)
    (3, [(-1, 2), (-1, -3), (2, -3), (1, -2, 3)])
    >>> cnf_of(formula)[1] is cnf_of(formula)[1]
    True
    """
    if getattr(instance, "NOT_ALL_EQUAL", False):  # NAE: a true literal, and a false one (the clause negated)
        rows = instance.clause_list()
        return instance.num_vars, [tuple(c) for c in rows] + [tuple(-l for l in c) for c in rows]
    if not hasattr(instance, "TRUE_PER_CLAUSE"):  # CNF or 3-SAT: at least one true literal
        return instance.num_vars, [tuple(c) for c in instance.clauses]
    return instance.num_vars, exactly_k_rows(instance.clauses, instance.TRUE_PER_CLAUSE)


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


def binary_sum_equals(literals: Sequence[int], weights: Sequence[int], target: int,
                      new_var, deadline: Deadline | None = None) -> list[list[int]]:
    """CNF: sum of ``weights[t]`` over the true ``literals[t]`` equals ``target`` (weights >= 0),
    for binary-sized numbers, where :func:`weighted_sum_equals`'s unary chain would be too big.

    A ripple-carry adder adds the terms one by one into a running sum of L bits (L the bit length
    of the total weight): term t is ``x_t`` on the bits where ``w_t`` has a one and false
    elsewhere. Each gate (and, or, xor) is a fresh variable defined by its Tseitin clauses;
    constants are folded, so the constant-false bits cost nothing. The final bits are fixed to
    ``target``'s; a target beyond the total weight is the empty clause. Size O(len * L) gates.
    ``new_var()`` returns a fresh variable each call.

    >>> from itertools import count, product
    >>> fresh = count(4)
    >>> clauses = binary_sum_equals([1, 2, 3], [3, 5, 6], 9, lambda: next(fresh))
    >>> from pysat.solvers import Solver
    >>> with Solver(name="m22", bootstrap_with=clauses) as s:
    ...     sorted(tuple(v > 0 for v in m[:3]) for m in s.enum_models())
    [(True, False, True)]
    """
    total = sum(weights)
    if target < 0 or target > total:
        return [[]]
    width = max(total.bit_length(), 1)
    clauses: list[list[int]] = []
    Bit = int | bool  # a literal, or a constant

    def gate_and(a: Bit, b: Bit) -> Bit:
        if a is False or b is False:
            return False
        if a is True:
            return b
        if b is True:
            return a
        v = new_var()
        clauses.extend([[-v, a], [-v, b], [v, -a, -b]])
        return v

    def gate_or(a: Bit, b: Bit) -> Bit:
        if a is True or b is True:
            return True
        if a is False:
            return b
        if b is False:
            return a
        v = new_var()
        clauses.extend([[v, -a], [v, -b], [-v, a, b]])
        return v

    def gate_xor(a: Bit, b: Bit) -> Bit:
        if isinstance(a, bool) and isinstance(b, bool):
            return a != b
        if isinstance(a, bool):
            a, b = b, a
        if b is False:
            return a
        if b is True:
            return -a
        v = new_var()
        clauses.extend([[-v, a, b], [-v, -a, -b], [v, -a, b], [v, a, -b]])
        return v

    running: list[Bit] = [False] * width
    for x, w in zip(literals, weights):
        if deadline is not None:
            deadline.check()
        carry: Bit = False
        for bit in range(width):
            term: Bit = x if (w >> bit) & 1 else False
            a = running[bit]
            half = gate_xor(a, term)
            running[bit] = gate_xor(half, carry)
            carry = gate_or(gate_and(a, term), gate_and(half, carry))
        # no overflow: the width holds the total weight, so the last carry is always false
    for bit, value in enumerate(running):
        wanted = bool((target >> bit) & 1)
        if isinstance(value, bool):
            if value != wanted:
                return [[]]
        else:
            clauses.append([value if wanted else -value])
    return clauses


def binary_sum_at_most(literals: Sequence[int], weights: Sequence[int], bound: int,
                       new_var, deadline: Deadline | None = None) -> list[list[int]]:
    """CNF: sum of ``weights[t]`` over the true ``literals[t]`` is at most ``bound`` (weights >= 0),
    for binary-sized numbers: :func:`binary_sum_equals` with a free slack s of b = bits(bound)
    fresh bits (weights 1, 2, ..., 2^(b-1)) added to the sum, which must equal ``bound``. Such an s
    exists exactly when the sum is at most ``bound`` (s = bound - sum <= bound < 2^b), so the slack
    adds b literals and no other constraint. An "at least" is an "at most" on the negated literals
    (sum over the false ones <= total - goal). A negative ``bound`` is the empty clause.

    >>> from itertools import count
    >>> fresh = count(4)
    >>> clauses = binary_sum_at_most([1, 2, 3], [3, 5, 6], 8, lambda: next(fresh))
    >>> from pysat.solvers import Solver
    >>> with Solver(name="m22", bootstrap_with=clauses) as s:
    ...     sorted({tuple(v > 0 for v in m[:3]) for m in s.enum_models()})  # doctest: +NORMALIZE_WHITESPACE
    [(False, False, False), (False, False, True), (False, True, False), (True, False, False),
     (True, True, False)]
    """
    if bound < 0:
        return [[]]
    slack = [new_var() for _ in range(bound.bit_length())]
    return binary_sum_equals(list(literals) + slack, list(weights) + [1 << b for b in range(len(slack))],
                             bound, new_var, deadline)
