"""Issue 17, item 3: a decider stopped undecided says how far it got, and the verifier reports it."""

from types import SimpleNamespace

from npw.instances.npuz.board import NPuz, goal_board
from npw.instances.sat.cnf import CNF
from npw.reductions.registry import get_reduction
from npw.reductions.torus.three_partition_to_bwp import reduce
from npw.solvers import Answer, solve
from npw.solvers.result import progress
from npw.verify import exhaustive, verify_reduction
from npw.instances import get_problem

# the deciders' modules (and numpy, which a certificate check imports) loaded before any timed
# call: on a loaded machine a first import alone outlasts these timeouts, and the call then
# stops "while loading the decider", before it could say how far it got
import numpy  # noqa: F401,E402
import npw.solvers.npuz.search  # noqa: F401,E402
import npw.solvers.sat  # noqa: F401,E402
import npw.solvers.torus.bwp.search  # noqa: F401,E402
import npw.solvers.torus.bwp.tight  # noqa: F401,E402

# the padded target of a no-"instance" (all runs even, B = 7 odd): 17 x 40, k = 20, Observation 1
# bound 20; the tight decider needs about a second, more than the timeouts below
NO_TARGET = reduce(SimpleNamespace(numbers=(2, 2, 2, 2, 2, 4), m=2, bound=7))


def _pigeonhole(holes: int) -> CNF:
    """holes + 1 pigeons into ``holes`` holes: unsatisfiable, and hard for resolution."""
    var = lambda p, h: p * holes + h + 1  # noqa: E731
    clauses = [[var(p, h) for h in range(holes)] for p in range(holes + 1)]
    clauses += [[-var(p, h), -var(q, h)] for h in range(holes) for p in range(holes + 1) for q in range(p)]
    return CNF((holes + 1) * holes, clauses)


def test_ida_star_deciders_report_nodes_and_the_bound_they_proved():
    for backend in ("tight", "search"):
        # 0.3 s: past the setup even on a loaded machine (0.05 s was not, at load 5), and short
        # of the second or so the tight decider needs to answer
        result = solve(NO_TARGET, backend=backend, timeout=0.3)
        assert result.answer is Answer.UNKNOWN, backend
        assert result.stats["nodes"] > 0
        # Observation 1 proves 20 before any search; a later bound only after a whole iteration
        assert result.stats["proved_lower_bound"] >= NO_TARGET.lower_bound() == 20
        assert f"every solution needs >= {result.stats['proved_lower_bound']} steps" in progress(result.stats)


def test_sat_decider_reports_conflicts_and_decisions():
    result = solve(_pigeonhole(11), backend="sat", timeout=0.5)
    assert result.answer is Answer.UNKNOWN
    assert result.stats["conflicts"] > 0 and result.stats["decisions"] > 0
    text = progress(result.stats)
    assert f"conflicts {result.stats['conflicts']:,}" in text and "stopped while solving" in text


def test_npuz_ida_star_reports_its_bound():
    # a 4 x 4 board far from the goal (Korf's first hard instance): not solved in 0.2 s with
    # Manhattan distance (named: with the 7-8 pattern databases cached, the default solves it)
    tiles = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]
    board = NPuz(4, tuple(tiles), goal_board(4, "blank-first"), 80)
    result = solve(board, backend="idastar:manhattan", timeout=0.2)
    assert result.answer is Answer.UNKNOWN
    assert result.stats["proved_lower_bound"] >= result.stats["h0"] > 0
    assert "every solution needs >=" in progress(result.stats)


def test_verifier_report_says_how_far_the_stuck_target_decider_got(capsys):
    from npw.cli import main

    reduction = get_reduction("3partition-to-bwp")
    report = verify_reduction(reduction, exhaustive(get_problem("3partition"), 14), timeout=0.05).to_json()
    assert report["stuck_deciders"] > 0 and report["timeouts"] > 0
    tight = [line for line in report["stuck_examples"] if "target tight: " in line]
    assert tight and all("nodes " in line and "every solution needs >= " in line for line in tight)
    assert any("stopped undecided (UNKNOWN), e.g." in w for w in report["warnings"])
    main(["verify", "3partition-to-bwp", "--exhaustive", "14", "--timeout", "0.05", "--quiet"])
    out = capsys.readouterr().out
    assert "undecided decider calls, how far they got" in out and "target tight: nodes " in out


def test_a_decided_run_reports_no_stuck_decider():
    report = verify_reduction(get_reduction("1in3sat-to-224sat"), exhaustive(get_problem("1in3sat"), 1)).to_json()
    assert report["stuck_deciders"] == 0 and report["stuck_examples"] == []
