"""3-SAT -> 3DM: Garey & Johnson, "Computers and Intractability" (1979), Theorem 3.2. For n
variables u_1..u_n and m clauses c_1..c_m the construction builds three kinds of component:

* truth-setting, one per variable u_i: internal elements a_i[j] in X and b_i[j] in Y, external
  elements u_i[j] and ~u_i[j] in W (j = 1..m), and the triples
  T_i^t = {(~u_i[j], a_i[j], b_i[j])} and T_i^f = {(u_i[j], a_i[j+1], b_i[j])} (j + 1 taken
  modulo m: the last one is (u_i[m], a_i[1], b_i[m])). The internal elements lie in no other
  triple, so a matching holds all of T_i^t or all of T_i^f: u_i true, or false;
* satisfaction-testing, one per clause c_j: internal s_1[j] in X and s_2[j] in Y, and one triple
  (u_i[j], s_1[j], s_2[j]) for each literal u_i of c_j ((~u_i[j], ...) for a literal ~u_i). A
  matching covers s_1[j] with one of them, whose external element the truth-setting component
  left free: a true literal;
* garbage collection: g_1[k] in X and g_2[k] in Y for k = 1..m(n-1), and the triples
  (u_i[j], g_1[k], g_2[k]) and (~u_i[j], g_1[k], g_2[k]) for every i, j, k: they cover the
  m n - m external elements left over.

So q = 2mn, and the triples number 2mn + (the distinct literals of each clause, summed) +
2 m^2 n (n - 1). A clause that repeats a literal gets one triple for it (the family is a set;
the proof's C_j is a set too), and a clause with u and ~u gets both. A variable in no clause gets
its component all the same (it is one of the proof's u_i).

The numbering (0-based i, j, k): W holds u_i[j] at 2(im + j) and ~u_i[j] at 2(im + j) + 1;
X holds a_i[j] at im + j, s_1[j] at mn + j, g_1[k] at mn + m + k; Y holds b_i[j], s_2[j],
g_2[k] at the same places. The triples: variable i's T_i^t then T_i^f (2m from 2im), then the
clauses' triples, then the garbage ones, k by k (for each k: i, then j, then u before ~u).

Targets grow as m^2 n^2: one clause over three variables gives q = 6 and 21 triples, two
clauses 12 and 66, eight clauses over three variables q = 48 and 840 triples, 48 clauses over
six variables 576 and 138,384 (tests/test_set_reductions.py, BENCHMARKS.md "3-SAT -> 3DM").

>>> from npw.instances.sat.three_sat import ThreeSat, random_instance
>>> formula = ThreeSat(2, [(1, -2, 2)])
>>> m = reduce(formula)
>>> m.q, len(m.triples), m.verify(forward(formula, (False, True)))
(4, 11, True)
>>> backward(formula, m, forward(formula, (False, True)))
(False, True)
"""

from __future__ import annotations

from npw.instances.base import InvalidInstance
from npw.instances.elements import clause_id, triple_id, var_id
from npw.instances.sat.three_sat import ThreeSat, random_instance
from npw.instances.sets.model import MAX_TRIPLES, ThreeDM
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Claim, Reduction

__all__ = ["CLAIMS", "Layout", "PROOF", "REDUCTION", "SAMPLE_TRIPLES", "backward", "claim_all_of_t_or_f",
           "claim_clause_triple_is_a_true_literal", "claim_garbage_fills_the_rest", "claim_internal_elements_private",
           "claim_leftovers_match_the_collectors", "forward", "garbage_collection", "literals_of", "provenance",
           "reduce", "sample_triples", "satisfaction_testing", "size", "small_source", "truth_setting"]

PROOF = "Garey & Johnson Theorem 3.2"


def literals_of(formula: ThreeSat) -> list[tuple[int, ...]]:
    """Each clause's distinct literals, in the order they first occur (C_j is a set)."""
    return [tuple(dict.fromkeys(int(literal) for literal in clause)) for clause in formula.clauses]


class Layout:
    """Where the proof's elements and triples sit in the 3DM instance (the module docstring)."""

    def __init__(self, formula: ThreeSat) -> None:
        self.n, self.m = formula.num_vars, len(formula.clauses)
        self.clauses = literals_of(formula)
        self.q = 2 * self.m * self.n
        self.garbage = self.m * (self.n - 1)
        # first triple of each clause's satisfaction-testing component
        self.clause_start = []
        at = 2 * self.m * self.n
        for literals in self.clauses:
            self.clause_start.append(at)
            at += len(literals)
        self.garbage_start = at

    def external(self, literal: int, j: int) -> int:
        """u_i[j] (literal +i) or ~u_i[j] (literal -i) in W (1-based i, 0-based j)."""
        return 2 * ((abs(literal) - 1) * self.m + j) + (literal < 0)

    def internal(self, i: int, j: int) -> int:
        """a_i[j] in X, b_i[j] in Y (0-based i, j)."""
        return i * self.m + j

    def tester(self, j: int) -> int:
        """s_1[j] in X, s_2[j] in Y."""
        return self.m * self.n + j

    def collector(self, k: int) -> int:
        """g_1[k] in X, g_2[k] in Y."""
        return self.m * self.n + self.m + k

    def true_triple(self, i: int, j: int) -> int:
        """The index of (~u_i[j], a_i[j], b_i[j]) in T_i^t."""
        return 2 * i * self.m + j

    def false_triple(self, i: int, j: int) -> int:
        """The index of (u_i[j], a_i[j+1], b_i[j]) in T_i^f."""
        return 2 * i * self.m + self.m + j

    def garbage_triple(self, k: int, external: int) -> int:
        """The index of (external, g_1[k], g_2[k])."""
        return self.garbage_start + k * self.q + external


def truth_setting(layout: Layout) -> list[tuple[int, int, int]]:
    """T_i^t then T_i^f for each variable u_i."""
    triples = []
    for i in range(layout.n):
        m = layout.m
        triples += [(layout.external(-(i + 1), j), layout.internal(i, j), layout.internal(i, j)) for j in range(m)]
        triples += [(layout.external(i + 1, j), layout.internal(i, (j + 1) % m), layout.internal(i, j)) for j in range(m)]
    return triples


def satisfaction_testing(layout: Layout) -> list[tuple[int, int, int]]:
    """C_j: a triple through s_1[j], s_2[j] for each literal of clause c_j."""
    return [(layout.external(literal, j), layout.tester(j), layout.tester(j))
            for j, literals in enumerate(layout.clauses) for literal in literals]


def garbage_collection(layout: Layout) -> list[tuple[int, int, int]]:
    """G: every external element with every pair g_1[k], g_2[k]."""
    return [(e, layout.collector(k), layout.collector(k)) for k in range(layout.garbage) for e in range(layout.q)]


def reduce(formula: ThreeSat) -> ThreeDM:
    """The three kinds of component; a target beyond MAX_TRIPLES is refused before it is built.

    >>> reduce(ThreeSat(10, [(1, 2, 3)] * 120))
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: 3-SAT -> 3DM would build 2,594,760 triples from 10 variables and 120 clauses, beyond the limit 2000000 (MAX_TRIPLES)
    """
    triples = size(formula)["triples"]
    if triples > MAX_TRIPLES:
        raise InvalidInstance(f"3-SAT -> 3DM would build {triples:,} triples from {formula.num_vars} variables and "
                              f"{len(formula.clauses)} clauses, beyond the limit {MAX_TRIPLES} (MAX_TRIPLES)")
    layout = Layout(formula)
    return ThreeDM(layout.q, tuple(truth_setting(layout) + satisfaction_testing(layout) + garbage_collection(layout)))


SAMPLE_TRIPLES = 16_500
"""The most triples of a random source's target (``source_sample``): 3-5 variables, at most 8
clauses a variable, and 2mn + 3m + 2 m^2 n (n - 1) <= SAMPLE_TRIPLES (n = 3: m <= 24, n = 4:
m <= 25, n = 5: m <= 20). SAT settles such a target in under 0.5 s; the 3-SAT sample's own
sources (up to 6 variables, 48 clauses: 138,960 triples) run into minutes (BENCHMARKS.md)."""


def sample_triples(n: int, m: int) -> int:
    """The most triples of a target from n variables and m clauses (every clause 3 distinct literals)."""
    return 2 * m * n + 3 * m + 2 * m * m * n * (n - 1)


def small_source(seed: int) -> ThreeSat:
    """The random stream's source: 3-5 variables, n..min(8n, the SAMPLE_TRIPLES bound) clauses of
    three distinct variables (both answers common at 3 and 4 variables).

    >>> formula = small_source(7)
    >>> 3 <= formula.num_vars <= 5 and size(formula)["triples"] <= SAMPLE_TRIPLES
    True
    """
    import random

    rng = random.Random(seed)
    n = rng.randint(3, 5)
    most = max(m for m in range(n, 8 * n + 1) if sample_triples(n, m) <= SAMPLE_TRIPLES)
    m = rng.randint(n, most)
    return random_instance(rng.randrange(2**31), n, m / n)


def _true(assignment, literal: int) -> bool:
    return bool(assignment[abs(literal) - 1]) == (literal > 0)


def forward(formula: ThreeSat, assignment) -> tuple[int, ...]:
    """T_i^t for a true u_i, T_i^f for a false one (leaving free the external elements of the true
    literals); for each clause the triple of its first true literal; the m(n - 1) external elements
    still free, in order, with the garbage pairs."""
    layout = Layout(formula)
    matching = []
    for i in range(layout.n):
        pick = layout.true_triple if assignment[i] else layout.false_triple
        matching += [pick(i, j) for j in range(layout.m)]
    used = set()
    for j, literals in enumerate(layout.clauses):
        position = next(p for p, literal in enumerate(literals) if _true(assignment, literal))
        matching.append(layout.clause_start[j] + position)
        used.add(layout.external(literals[position], j))
    free = [layout.external((i + 1) if assignment[i] else -(i + 1), j)
            for i in range(layout.n) for j in range(layout.m)]
    free = [e for e in free if e not in used]
    matching += [layout.garbage_triple(k, e) for k, e in enumerate(free)]
    return tuple(matching)


def backward(formula: ThreeSat, target: ThreeDM, matching) -> tuple[bool, ...]:
    """u_i true exactly when the matching holds T_i^t (its first triple stands for all of it)."""
    layout = Layout(formula)
    chosen = {int(t) for t in matching}
    return tuple(layout.true_triple(i, 0) in chosen for i in range(layout.n))


def size(formula: ThreeSat) -> dict[str, int]:
    """q = 2mn; triples 2mn + the clauses' distinct literals + 2 m^2 n (n - 1)."""
    n, m = formula.num_vars, len(formula.clauses)
    literals = sum(len(c) for c in literals_of(formula))
    return {"q": 2 * m * n, "triples": 2 * m * n + literals + 2 * m * m * n * (n - 1)}


def provenance(formula: ThreeSat, target: ThreeDM) -> dict[str, list[str]]:
    """A variable to its truth-setting component (its triples and internal elements a_i[j], b_i[j],
    its external elements u_i[j], ~u_i[j]); a clause to its satisfaction-testing component (its
    triples, s_1[j], s_2[j]). A variable in no clause maps to nothing (tests/test_provenance_map.py
    asks so of every SAT source), though the proof builds its component too. The garbage
    collection comes from no one element."""
    layout = Layout(formula)
    used = {abs(literal) for literals in layout.clauses for literal in literals}
    made: dict[str, list[str]] = {}
    for i in range(layout.n):
        if i + 1 not in used or layout.m == 0:
            made[var_id(i + 1)] = []
            continue
        ids = [triple_id(pick(i, j)) for pick in (layout.true_triple, layout.false_triple) for j in range(layout.m)]
        ids += [f"{kind}:{layout.internal(i, j)}" for kind in "xy" for j in range(layout.m)]
        ids += [f"w:{layout.external(s * (i + 1), j)}" for j in range(layout.m) for s in (1, -1)]
        made[var_id(i + 1)] = ids
    for j, literals in enumerate(layout.clauses):
        made[clause_id(j)] = ([triple_id(layout.clause_start[j] + p) for p in range(len(literals))]
                              + [f"x:{layout.tester(j)}", f"y:{layout.tester(j)}"])
    return made


# -- the proof's claims -------------------------------------------------------------------------

def claim_internal_elements_private(formula: ThreeSat, target: ThreeDM) -> bool | str:
    """a_i[j] and b_i[j] lie in exactly two triples, both of T_i (the proof's "internal")."""
    layout = Layout(formula)
    holders: dict[tuple[int, int], list[int]] = {}
    for t, (w, x, y) in enumerate(target.triples):
        holders.setdefault((1, x), []).append(t)
        holders.setdefault((2, y), []).append(t)
    for i in range(layout.n):
        own = set(range(2 * i * layout.m, 2 * (i + 1) * layout.m))
        for j in range(layout.m):
            for coordinate in (1, 2):
                found = holders.get((coordinate, layout.internal(i, j)), [])
                if len(found) != 2 or not set(found) <= own:
                    name = "a" if coordinate == 1 else "b"
                    return f"{name}_{i + 1}[{j + 1}] lies in triples {found[:4]}, not two of T_{i + 1}"
    return True


def claim_garbage_fills_the_rest(formula: ThreeSat, target: ThreeDM) -> bool | str:
    """W has 2mn elements; truth-setting covers mn, satisfaction-testing m, garbage m(n-1): they
    add up to |W| = |X| = |Y| = q."""
    layout = Layout(formula)
    x_count = layout.m * layout.n + layout.m + layout.garbage
    return (target.q == 2 * layout.m * layout.n == x_count
            or f"q = {target.q}, but |X| = mn + m + m(n-1) = {x_count} and |W| = 2mn = {2 * layout.m * layout.n}")


def claim_leftovers_match_the_collectors(formula: ThreeSat, target: ThreeDM, assignment, matching) -> bool | str:
    """After truth-setting and one triple per clause, exactly m(n - 1) external elements are left,
    one for each garbage pair (the first direction's counting)."""
    layout = Layout(formula)
    garbage = [t for t in matching if int(t) >= layout.garbage_start]
    return len(garbage) == layout.garbage or f"{len(garbage)} garbage triples, not m(n-1) = {layout.garbage}"


def claim_all_of_t_or_f(formula: ThreeSat, target: ThreeDM, matching, assignment) -> bool | str:
    """A matching holds all of T_i^t or all of T_i^f for each variable (and nothing else of T_i)."""
    layout = Layout(formula)
    chosen = {int(t) for t in matching}
    for i in range(layout.n):
        t_part = {layout.true_triple(i, j) for j in range(layout.m)}
        f_part = {layout.false_triple(i, j) for j in range(layout.m)}
        held = chosen & (t_part | f_part)
        if held not in (t_part, f_part):
            return f"the matching holds {len(held & t_part)} of T_{i + 1}^t and {len(held & f_part)} of T_{i + 1}^f"
    return True


def claim_clause_triple_is_a_true_literal(formula: ThreeSat, target: ThreeDM, matching, assignment) -> bool | str:
    """Each s_1[j] is covered by the triple of a literal that the extracted assignment makes true."""
    layout = Layout(formula)
    chosen = {int(t) for t in matching}
    for j, literals in enumerate(layout.clauses):
        picked = [literal for p, literal in enumerate(literals) if layout.clause_start[j] + p in chosen]
        if len(picked) != 1 or not _true(assignment, picked[0]):
            return f"clause c{j + 1} is covered by the triples of literals {picked}, not one true literal"
    return True


CLAIMS = (
    Claim("internal-private", f"the internal elements a_i[j], b_i[j] lie in no triple outside T_i ({PROOF})",
          claim_internal_elements_private, TARGET_CLAIM),
    Claim("counts-add-up", f"|W| = 2mn = |X| = |Y| = mn + m + m(n - 1): truth-setting, satisfaction-testing and "
          f"garbage collection cover W exactly ({PROOF})", claim_garbage_fills_the_rest, TARGET_CLAIM),
    Claim("leftovers-to-garbage", f"m(n - 1) external elements are left for the m(n - 1) garbage pairs ({PROOF}, "
          f"a satisfying assignment gives a matching)", claim_leftovers_match_the_collectors, FORWARD_CLAIM),
    Claim("all-of-t-or-f", f"a matching holds all of T_i^t or all of T_i^f ({PROOF}: the component forces a "
          f"truth value)", claim_all_of_t_or_f, BACKWARD_CLAIM),
    Claim("clause-by-true-literal", f"s_1[j], s_2[j] are matched through a literal left free, so true ({PROOF}, "
          f"a matching gives a satisfying assignment)", claim_clause_triple_is_a_true_literal, BACKWARD_CLAIM),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="3sat-to-3dm", source="3sat", target="3dm",
    reference="Garey & Johnson (1979), Theorem 3.2: truth-setting, satisfaction-testing and garbage collection",
    source_sample=small_source,
    checked=("every 3-SAT instance up to 3 clauses over 3 variables (29,036), 300 random of 3-5 variables "
             "(the reduction's `source_sample`: targets of at most 16,500 triples; 253 yes, 47 no), and 30 "
             "random of the 3-SAT sample (targets up to 96,600 triples)"),
)
