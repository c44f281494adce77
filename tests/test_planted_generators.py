"""Planted and certified-no generators: the answer holds by construction and does not sit in the
numbering or order of the output (issue 21, benchmark sets)."""

from __future__ import annotations

from collections import Counter

import pytest

from npw.instances.hampath.generators import certain_no_reason, relabel
from npw.instances.hampath.graph import HamPath
from npw.instances.registry import get_problem
from npw.instances.numbers.three_partition import certain_no_reason as three_partition_no_reason
from npw.solvers import solve

SEEDS = range(40)
HAMPATH_VARIANTS = ("hampath", "hampath-st", "hampath-grid-s")


@pytest.mark.parametrize("problem_id", HAMPATH_VARIANTS)
def test_planted_hampath_path_is_not_the_numbering(problem_id):
    problem = get_problem(problem_id)
    identity_paths = 0
    starts, ends = Counter(), Counter()
    for seed in SEEDS:
        g = problem.generate("planted", seed, num_vertices=10)
        path = problem.planted_certificate("planted", seed, num_vertices=10)
        assert g.verify(path)
        assert path[0] == g.s
        identity_paths += tuple(path) == tuple(range(g.num_vertices))
        starts[g.s] += 1
        ends[g.t] += 1
    assert identity_paths == 0
    # s (and t where given) spread over the numbering instead of sitting at 0 and n-1
    assert len(starts) >= 5 and starts[0] < len(SEEDS) // 3
    if problem_id != "hampath-grid-s":
        assert len(ends) >= 5 and ends[9] < len(SEEDS) // 3


@pytest.mark.parametrize("problem_id", HAMPATH_VARIANTS)
def test_planted_hampath_is_yes_for_a_decider_and_reproducible(problem_id):
    problem = get_problem(problem_id)
    for seed in range(8):
        g = problem.generate("planted", seed, num_vertices=9)
        assert g == problem.generate("planted", seed, num_vertices=9)
        result = solve(g, backend="dp", timeout=30)
        assert result.answer.value == "YES"


@pytest.mark.parametrize("problem_id", HAMPATH_VARIANTS)
def test_certified_no_hampath_has_a_reason_and_a_decider_agrees(problem_id):
    problem = get_problem(problem_id)
    for seed in range(8):
        g = problem.generate("certified-no", seed, num_vertices=9)
        assert certain_no_reason(g) is not None
        assert solve(g, backend="dp", timeout=30).answer.value == "NO"


def test_hampath_st_planted_ends_have_degree_one():
    problem = get_problem("hampath-st")
    for seed in SEEDS:
        g = problem.generate("planted", seed, num_vertices=12)
        assert g.degree(g.s) == 1 and g.degree(g.t) == 1 and g.max_degree() <= 3


def test_relabel_keeps_the_graph_and_moves_the_path():
    g = HamPath(4, ((0, 1), (1, 2), (2, 3)), s=0, t=3, coords=((0, 0), (1, 0), (2, 0), (3, 0)))
    h = relabel(g, [3, 1, 0, 2])
    assert h.verify((3, 1, 0, 2)) and not h.verify((0, 1, 2, 3))
    assert (h.s, h.t) == (3, 2)
    assert h.coords == ((2, 0), (1, 0), (3, 0), (0, 0))
    with pytest.raises(ValueError):
        relabel(g, [0, 0, 1, 2])


def test_planted_three_partition_triples_are_not_consecutive_positions():
    problem = get_problem("3partition")
    consecutive = tuple(tuple(range(3 * j, 3 * j + 3)) for j in range(4))
    seen = 0
    for seed in SEEDS:
        p = problem.generate("planted", seed, m=4, bound=40)
        triples = problem.planted_certificate("planted", seed, m=4, bound=40)
        assert p.verify(triples)
        seen += tuple(tuple(sorted(t)) for t in sorted(triples)) == consecutive
    assert seen == 0


def test_certified_no_three_partition_is_no_by_parity_and_by_a_decider():
    problem = get_problem("3partition")
    for seed in range(8):
        p = problem.generate("certified-no", seed)
        assert three_partition_no_reason(p) is not None
        assert solve(p, timeout=30).answer.value == "NO"
    for bad in ({"m": 3}, {"bound": 20}):
        with pytest.raises(ValueError):
            problem.generate("certified-no", 0, **bad)


def test_planted_1in3sat_assignment_and_true_literal_positions_vary():
    problem = get_problem("1in3sat")
    assignments = set()
    positions = Counter()
    for seed in SEEDS:
        f = problem.generate("planted", seed, num_vars=12)
        assignment = problem.planted_certificate("planted", seed, num_vars=12)
        assert f.verify(assignment)
        assignments.add(tuple(assignment))
        for clause in f.clauses:
            true = [i for i, lit in enumerate(clause) if (lit > 0) == assignment[abs(lit) - 1]]
            assert len(true) == 1
            positions[true[0]] += 1
    assert len(assignments) == len(SEEDS)  # not one fixed (say all-true) assignment
    assert min(positions.values()) > sum(positions.values()) / 6  # the true literal is not always first


def test_npuz_unreachable_swaps_tiles_at_varying_squares():
    from npw.instances.npuz.board import goal_board, random_reachable_board
    import random

    problem = get_problem("npuz")
    swapped_squares = Counter()
    for seed in SEEDS:
        instance = problem.generate("unreachable", seed, n=3)
        # the reachable board the generator drew first, from the same seed
        reachable = random_reachable_board(3, random.Random(seed), goal_board(3, "blank-last"))
        differ = tuple(i for i in range(9) if instance.start[i] != reachable[i])
        assert len(differ) == 2
        swapped_squares[differ] += 1
    assert len(swapped_squares) >= 8
    assert solve(problem.generate("unreachable", 0, n=3), timeout=30).answer.value == "NO"


# every planted or certified-no generator of every problem: the stated answer holds (small sizes)
SMALL = {
    "1in3sat": {"num_vars": 9},
    "hampath": {"num_vertices": 9},
    "hampath-st": {"num_vertices": 9},
    "hampath-grid-s": {"num_vertices": 9},
    "3partition": {},
    "bwp": {"rows": 3, "cols": 3, "steps": 2},
}


@pytest.mark.parametrize("problem_id", sorted(SMALL))
def test_every_planted_and_certified_no_generator_holds(problem_id):
    problem = get_problem(problem_id)
    kinds = {"planted": "YES", "certified-no": "NO"}
    tested = 0
    for generator, answer in kinds.items():
        if generator not in problem.generators:
            continue
        for seed in range(4):
            instance = problem.generate(generator, seed, **SMALL[problem_id])
            assert solve(instance, timeout=60).answer.value == answer, (generator, seed)
            tested += 1
    assert tested >= 4
