"""One SAT-decider helper (npw.solvers.sat.decide_by_sat): every SAT decider reports the same
stats keys on YES, NO and out of time, and its Result.backend can be passed back
as a backend. The helper's docstring examples run in tests/test_doctests.py."""

from dataclasses import dataclass

import pytest

from npw.api import problem
from npw.instances.hampath.cycle import DirectedHamCycle, HamCycle
from npw.instances.hampath.graph import HamPath
from npw.instances.npuz.board import NPuz, apply_moves, goal_board
from npw.instances.rel.relocation import Relocation
from npw.instances.sat.cnf import CNF
from npw.instances.solochess.board import Piece, SoloChess
from npw.instances.numbers.three_partition import ThreePartition
from npw.instances.torus.bwp import BWP
from npw.solvers import Answer, solve
from npw.solvers.result import OutOfTime
from npw.solvers.sat import STATS_KEYS, SatEncoding, decide_by_lazy_sat, decide_by_sat


@problem("sat-helper-test-pick")
@dataclass(frozen=True)
class Pick:
    """Pick: choose some of n items with every listed pair containing a chosen one, none of the forbidden."""

    n: int
    pairs: tuple[tuple[int, int], ...]
    forbidden: tuple[int, ...]

    def verify(self, chosen) -> bool:
        return all(a in chosen or b in chosen for a, b in self.pairs) and not set(chosen) & set(self.forbidden)

    def to_cnf(self):
        clauses = [(a + 1, b + 1) for a, b in self.pairs] + [(-(f + 1),) for f in self.forbidden]
        return self.n, clauses, lambda model: tuple(i for i in range(self.n) if model[i])


GOAL = goal_board(3)

# (decider family, a yes-instance, a no-instance), every SAT decider of the registry
DECIDERS = [
    ("sat", CNF(2, ((1, 2), (-1,))), CNF(1, ((1,), (-1,)))),
    ("sat", HamPath(3, ((0, 1), (1, 2))), HamPath(3, ((0, 1),))),
    ("sat", SoloChess(3, 1, (Piece(0, 0, "rook"), Piece(1, 0, "rook"))),
     SoloChess(3, 3, (Piece(0, 0, "king"), Piece(2, 2, "pawn")), (0, 0))),
    ("sat", Relocation(("a", "b"), (("a", "b", 1),), ("p",), ("a",), ("b",)),
     Relocation(("a", "b", "c"), (("a", "b", 1), ("b", "c", 0)), ("p",), ("a",), ("c",))),
    ("sat-time", Relocation(("a", "b"), (("a", "b", 1),), ("p",), ("a",), ("b",)),
     Relocation(("a", "b", "c"), (("a", "b", 1), ("b", "c", 0)), ("p",), ("a",), ("c",))),
    ("sat", BWP(2, 2, (1, 0, 0, 0), (0, 1, 0, 0), 1), BWP(2, 2, (1, 0, 0, 0), (0, 0, 0, 1), 1)),
    ("sat", ThreePartition((2, 2, 3, 2, 2, 3), 7), ThreePartition((4, 4, 4, 4, 4, 6), 13)),
    ("sat", NPuz(3, apply_moves(GOAL, "ULDR"), GOAL, 4), NPuz(3, apply_moves(GOAL, "UL"), GOAL, 1)),
    ("sat", Pick(3, ((0, 1), (1, 2)), (0,)), Pick(2, ((0, 1),), (0, 1))),
    # decide_by_lazy_sat's: the no-instance's cycle cover (two triangles) is cut before NO
    ("sat-edges", HamCycle(6, ((0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5), (2, 3), (0, 5), (1, 4))),
     HamCycle(6, ((0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5), (2, 3)))),
    ("sat-edges", DirectedHamCycle(3, ((0, 1), (1, 2), (2, 0))), DirectedHamCycle(4, ((0, 1), (1, 0), (2, 3), (3, 2)))),
]
IDS = [f"{instance.problem}-{family}" for family, instance, _ in DECIDERS]

# answered before any clause (Theorem 1, Observation 1, trivial boards): the same keys
EARLY = [
    ("sat", NPuz(3, (2, 1) + GOAL[2:], GOAL, 40), Answer.NO),
    ("sat", NPuz(3, GOAL, GOAL, 0), Answer.YES),
    ("sat", BWP(2, 2, (1, 0, 0, 0), (1, 1, 0, 0), 3), Answer.NO),
    ("sat", SoloChess(2, 1, (Piece(0, 0, "rook"),)), Answer.YES),
    ("sat", Relocation(("a",), (), ("p",), ("a",), ("a",)), Answer.YES),
    ("sat-time", Relocation(("a", "b"), (), ("p",), ("a",), ("b",)), Answer.NO),
]


def assert_stats(result):
    expected = set(STATS_KEYS) | ({"timed_out_while"} if result.answer is Answer.UNKNOWN else set())
    assert expected <= set(result.stats), sorted(expected - set(result.stats))
    if result.answer is not Answer.UNKNOWN:
        assert "timed_out_while" not in result.stats
    for key in ("time", "encode_seconds", "solve_seconds"):
        assert isinstance(result.stats[key], float) and result.stats[key] >= 0
    assert result.stats["time"] >= result.stats["encode_seconds"]


def assert_backend_round_trip(instance, family, result):
    assert result.backend.partition(":")[0] == family and result.backend.partition(":")[2]
    again = solve(instance, backend=result.backend)
    assert again.backend == result.backend
    return again


@pytest.mark.parametrize("family, yes, no", DECIDERS, ids=IDS)
def test_every_sat_decider_reports_the_same_stats_on_yes_no_and_timeout(family, yes, no):
    for instance, answer in ((yes, Answer.YES), (no, Answer.NO)):
        result = solve(instance, backend=family)
        assert result.answer is answer
        assert_stats(result)
        assert isinstance(result.stats["variables"], int) and isinstance(result.stats["clauses"], int)
        assert_backend_round_trip(instance, family, result)
    late = solve(yes, backend=family, timeout=0)
    assert late.answer is Answer.UNKNOWN and late.certificate is None
    assert late.stats["timed_out_while"] == "encoding"
    assert_stats(late)
    assert assert_backend_round_trip(yes, family, late).answer is Answer.YES


@pytest.mark.parametrize("family, instance, answer", EARLY, ids=[f"{i.problem}-{a.value}" for _, i, a in EARLY])
def test_answers_before_any_clause_report_the_same_stats(family, instance, answer):
    result = solve(instance, backend=family)
    assert result.answer is answer
    assert_stats(result)
    assert_backend_round_trip(instance, family, result)


def test_rel_backends_are_the_registry_names_with_the_default_glucose():
    yes = DECIDERS[3][1]
    assert solve(yes, backend="sat").backend == "sat:g42"
    assert solve(yes, backend="sat-time").backend == "sat-time:g42"
    assert solve(yes, backend="sat:minisat").backend == "sat:m22"  # aliases resolve to python-sat names
    assert solve(DECIDERS[0][1], backend="sat:glucose").backend == "sat:g42"


def _pigeonhole(holes):
    """holes + 1 pigeons into ``holes`` holes: unsatisfiable, and slow for CDCL from about 9 holes."""
    var = lambda p, h: p * holes + h + 1  # noqa: E731
    clauses = [[var(p, h) for h in range(holes)] for p in range(holes + 1)]
    clauses += [[-var(p, h), -var(q, h)] for h in range(holes) for p in range(holes + 1) for q in range(p)]
    return SatEncoding((holes + 1) * holes, clauses, decode=lambda model: model)


@pytest.mark.parametrize("solver", ["m22", "cd19"])  # interrupted, and killed in a child process
def test_a_solver_stopped_at_the_deadline_is_unknown_while_solving(solver):
    result = decide_by_sat(lambda deadline: _pigeonhole(11), backend="sat", solver=solver, timeout=0.3)
    assert result.answer is Answer.UNKNOWN and result.certificate is None
    assert result.stats["timed_out_while"] == "solving" and result.backend == f"sat:{solver}"
    assert_stats(result)
    assert result.stats["variables"] == 132 and result.stats["solve_seconds"] < 10


def test_out_of_time_raised_by_the_encoder_is_unknown_while_encoding():
    def encode(deadline):
        raise OutOfTime

    result = decide_by_sat(encode, backend="sat-time", solver="g42", timeout=5)
    assert result.answer is Answer.UNKNOWN and result.backend == "sat-time:g42"
    assert result.stats["timed_out_while"] == "encoding"
    assert result.stats["variables"] is None and result.stats["conflicts"] is None
    assert_stats(result)


def test_encoding_stats_are_kept_but_never_override_the_common_keys():
    encoding = SatEncoding(1, [[1]], decode=lambda model: model, stats={"reason": "why", "time": -1})
    result = decide_by_sat(lambda deadline: encoding, backend="sat")
    assert result.answer is Answer.YES and result.stats["reason"] == "why" and result.stats["time"] >= 0


def test_an_unknown_solver_name_is_refused_before_encoding():
    from npw.instances.base import InvalidInstance

    def encode(deadline):
        raise AssertionError("encoded although the solver name is wrong")

    with pytest.raises(InvalidInstance, match="unknown SAT solver"):
        decide_by_sat(encode, backend="sat", solver="nosuchsolver")


def test_cpsat_uses_the_same_timeout_stats_keys():
    pytest.importorskip("ortools")
    yes = DECIDERS[3][1]
    done = solve(yes, backend="cpsat")
    assert done.answer is Answer.YES and "timed_out_while" not in done.stats
    assert {"time", "encode_seconds", "solve_seconds", "conflicts"} <= set(done.stats)
    # once loaded (before, a zero limit ends while loading the decider and OR-Tools: issue 30)
    late = solve(yes, backend="cpsat", timeout=0)
    assert late.answer is Answer.UNKNOWN and late.stats["timed_out_while"] == "encoding"


@pytest.mark.parametrize("solver", ["m22", "cd19"])  # kept across rounds, and solved afresh in a child
def test_lazy_rounds_stopped_at_the_deadline_are_unknown_while_solving(solver):
    result = decide_by_lazy_sat(lambda deadline: _pigeonhole(11), lambda model: [], backend="sat", solver=solver,
                                timeout=0.3)
    assert result.answer is Answer.UNKNOWN and result.certificate is None
    assert result.stats["timed_out_while"] == "solving" and result.stats["rounds"] == 1
    assert_stats(result)
