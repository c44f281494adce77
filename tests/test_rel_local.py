"""The local-order REL decider (issue 17): sound on any REL input, fast on Theorem 2's no-targets."""

import random

import pytest

from npw.instances import get_problem
from npw.instances.rel.relocation import Relocation, random_instance
from npw.instances.sat.two_two_four_sat import random_instance as random_224
from npw.reductions import get_reduction
from npw.reductions.rel.theorem2 import reduce as theorem_2
from npw.solvers import Answer, sample_certificates, solve
from npw.solvers.rel import local_order


def _random_rel(seed: int) -> Relocation:
    """Multigraphs of 2-6 vertices and 4-11 edges, capacities 1..3, directed or not."""
    rng = random.Random(seed + 10**6)
    return random_instance(seed, rng.randint(2, 6), rng.randint(4, 11), rng.randint(1, 5), rng.choice([1, 2, 3]),
                           rng.random() < 0.6)


@pytest.mark.parametrize("order_budget, reroute_nodes", [(0, 0), (local_order.ORDER_BUDGET, 0),
                                                         (local_order.ORDER_BUDGET, local_order.REROUTE_NODES)])
def test_agrees_with_the_order_encoding_on_random_instances_of_both_answers(order_budget, reroute_nodes):
    """Budget 0 orders no vertex and no rerouting: every order is found lazily, by the cuts."""
    answers, most_rounds = set(), 0
    for seed in range(80):
        instance = _random_rel(seed)
        mine = local_order.solve(instance, timeout=60, order_budget=order_budget, reroute_nodes=reroute_nodes)
        other = solve(instance, "sat", timeout=60)  # the order encoding, a YES checked by the dispatcher
        assert mine.answer == other.answer != Answer.UNKNOWN, (seed, instance)
        if mine.answer is Answer.YES:
            assert instance.verify(mine.certificate)
        answers.add(mine.answer)
        most_rounds = max(most_rounds, mine.stats["rounds"])
    assert answers == {Answer.YES, Answer.NO}
    if reroute_nodes == 0:
        assert most_rounds > 1  # the cuts were needed and kept the answers right


def _unsatisfiable_224(m: int, count: int = 1):
    """The first ``count`` random 2/2/4-SAT formulas with m variables the SAT decider refutes."""
    found = []
    for seed in range(1000):
        formula = random_224(seed, m)
        if solve(formula, "sat").answer is Answer.NO:
            found.append(formula)
            if len(found) == count:
                return found
    raise AssertionError(f"no unsatisfiable formula with m = {m} among 1000 seeds")


@pytest.mark.parametrize("m", [5, 7, 14, 20])
def test_proves_the_no_targets_of_theorem_2(m):
    """CP-SAT took 13-26 s at m = 5 and 7, nothing proved m = 14 (issue 17)."""
    for formula in _unsatisfiable_224(m):
        result = solve(theorem_2(formula), "local", timeout=120)
        assert result.answer is Answer.NO, result.stats
        assert result.stats["rounds"] == 0  # the relaxation alone is unsatisfiable


def test_decides_the_chain_targets_both_ways():
    chain = get_reduction("1in3sat-to-rel")
    source_problem = get_problem("1in3sat")
    answers = set()
    for seed in range(6):
        source = source_problem.sample(seed)
        expected = solve(source, "brute").answer
        target = chain.reduce(source)
        result = solve(target, "local", timeout=120)  # a YES's walk is checked by the dispatcher
        assert result.answer is expected
        answers.add(expected)
    assert answers == {Answer.YES, Answer.NO}


def test_samples_distinct_checked_walks():
    chain = get_reduction("1in3sat-to-rel")
    source_problem = get_problem("1in3sat")
    seed = next(s for s in range(20) if solve(source_problem.sample(s), "brute").answer is Answer.YES)
    target = chain.reduce(source_problem.sample(seed))
    walks = sample_certificates(target, 3, seed=1)  # each checked by npw.solvers.sample_certificates
    assert len(walks) == len(set(walks)) >= 2


def test_is_the_verifiers_first_rel_decider():
    assert get_problem("rel").verify_deciders[0] == "local"


def test_edge_cases():
    empty_yes = Relocation(("a",), (), ("p",), ("a",), ("a",))
    empty_no = Relocation(("a", "b"), (), ("p",), ("a",), ("b",))
    assert solve(empty_yes, "local").answer is Answer.YES
    assert solve(empty_no, "local").answer is Answer.NO
    # no route of positive capacity to the goal: NO before any solving
    blocked = Relocation(("a", "b"), (("a", "b", 0),), ("p",), ("a",), ("b",))
    assert solve(blocked, "local").answer is Answer.NO
    # an element already at its goal need not ride (undirected parallel edges)
    loop = Relocation(("a", "b"), (("a", "b", 1), ("a", "b", 1)), ("p",), ("a",), ("a",), directed=False)
    assert solve(loop, "local").answer is Answer.YES
    assert solve(Relocation(("a", "b", "c"), (("a", "b", 1), ("c", "a", 1)), ("p",), ("b",), ("a",)),
                 "local").answer is Answer.NO  # p would need b -> a, which no edge gives


def test_out_of_time_is_unknown():
    formula = _unsatisfiable_224(7)[0]
    result = local_order.solve(theorem_2(formula), timeout=0)
    assert result.answer is Answer.UNKNOWN and "timed_out_while" in result.stats


def test_a_solver_that_cannot_be_interrupted_is_refused_by_name():
    from npw.instances.base import InvalidInstance

    with pytest.raises(InvalidInstance, match="cd19 cannot"):
        solve(LINE_NO, "local:cd19", timeout=5)
    assert solve(LINE_NO, "local:cd19").answer is Answer.NO  # no timeout: nothing to interrupt


LINE_NO = Relocation(("a", "b"), (("a", "b", 1),), ("p", "q"), ("a", "a"), ("b", "b"))
