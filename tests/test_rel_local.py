"""The local-order REL decider (issue 17): sound on any REL input, fast on Theorem 2's no-targets."""

import functools
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


# -- the shipping budget (issue 36) ----------------------------------------------------------------


def _built_from_a_walk(seed: int) -> tuple[Relocation, tuple, Relocation]:
    """(instance, the walk it was built from, a perturbed copy): a random walk of 3-9 steps on
    2-5 vertices, elements riding stretches of it (or staying), each capacity what the walk
    ships there (sometimes one more): YES by construction, slack small (mostly 0-5). The
    copy has one capacity one lower, two goals swapped or one moved: often NO."""
    rng = random.Random(seed)
    names = tuple(f"v{i}" for i in range(rng.randint(2, 5)))
    steps, directed = rng.randint(3, 9), rng.random() < 0.5
    walk = [rng.choice(names)]
    for _ in range(steps):
        walk.append(rng.choice([v for v in names if v != walk[-1]]))
    riders: list[list[str]] = [[] for _ in range(steps)]
    elements, initial, final = [], [], []
    for p in range(rng.randint(1, 4)):
        begin = rng.randrange(steps)
        end = begin if rng.random() < 0.15 else rng.randint(begin, min(steps, begin + 3))
        for step in range(begin, end):
            riders[step].append(f"p{p}")
        elements.append(f"p{p}")
        initial.append(walk[begin])
        final.append(walk[end])
    edges = [((walk[s], walk[s + 1]) if directed or rng.random() < 0.5 else (walk[s + 1], walk[s]))
             + (len(riders[s]) + (rng.random() < 0.2),) for s in range(steps)]
    order = list(range(steps))
    rng.shuffle(order)
    certificate = tuple((order.index(s), walk[s], tuple(riders[s])) for s in range(steps))
    instance = Relocation(names, tuple(edges[s] for s in order), tuple(elements), tuple(initial), tuple(final),
                          directed)
    shuffled = list(instance.edges)
    loaded = [k for k, (_, _, capacity) in enumerate(shuffled) if capacity]
    choice = rng.random()
    if choice < 0.5 and loaded:
        k = rng.choice(loaded)
        tail, head, capacity = shuffled[k]
        shuffled[k] = (tail, head, capacity - 1)
    elif choice < 0.75 and len(elements) > 1:
        a, b = rng.sample(range(len(elements)), 2)
        final[a], final[b] = final[b], final[a]
    else:
        final[rng.randrange(len(elements))] = rng.choice(walk)
    perturbed = Relocation(names, tuple(shuffled), tuple(elements), tuple(initial), tuple(final), directed)
    return instance, certificate, perturbed


def test_the_budget_never_refutes_an_instance_built_from_a_walk():
    """A NO resting on a wrong budget or a wrong orientation would show here: every instance has
    a walk, most have slack 0-2, and in the undirected ones the orientation fixes edges."""
    tight = oriented = 0
    for seed in range(250):
        instance, certificate, _ = _built_from_a_walk(seed)
        assert instance.verify(certificate)
        result = local_order.solve(instance, timeout=60)
        assert result.answer is Answer.YES and instance.verify(result.certificate), (seed, result.stats)
        tight += result.stats["slack"] == 0
        oriented += not instance.directed and result.stats["arcs"] < 2 * len(instance.edges)
    assert tight >= 30 and oriented >= 20


def test_the_budget_agrees_with_the_order_encoding_on_perturbed_walks():
    """The perturbed copies, of both answers, against the order encoding (no budget in it) and
    this decider without the budget; some
    NOs have every goal reachable and slack -1..4, where the budget's clauses are in play."""
    answers, tight_no = set(), 0
    for seed in range(150):
        _, _, instance = _built_from_a_walk(seed)
        mine = local_order.solve(instance, timeout=60)
        other = solve(instance, "sat", timeout=60)
        without = local_order.solve(instance, timeout=60, budget=False)  # the decider before issue 36
        assert mine.answer == other.answer == without.answer != Answer.UNKNOWN, (seed, instance)
        answers.add(mine.answer)
        tight_no += mine.answer is Answer.NO and mine.stats.get("slack") is not None
    assert answers == {Answer.YES, Answer.NO} and tight_no >= 5


@pytest.mark.parametrize("reduction", ["224sat-to-rel-cap2", "224sat-to-rel-undirected"])
@pytest.mark.parametrize("m", [7, 20])
def test_proves_the_no_targets_of_the_variants(reduction, m):
    """Before the budget: NO up to m = 7 only, UNKNOWN at 60 s from m = 14 (issue 36)."""
    for formula in _unsatisfiable_224(m):
        result = local_order.solve(get_reduction(reduction).reduce(formula), timeout=120)
        assert result.answer is Answer.NO, result.stats
        assert result.stats["rounds"] == 0 and result.stats["slack"] == 0


@functools.lru_cache(maxsize=None)
def _satisfiable_224() -> tuple:
    """Satisfiable random 2/2/4-SAT formulas: those among the first seeds of m = 1..6, and the
    first of m = 20 (shared by the three reductions' tests)."""
    found = [formula for m, seeds in ((1, 3), (2, 6), (3, 6), (4, 6), (5, 6), (6, 6)) for seed in range(seeds)
             if solve(formula := random_224(seed, m), "sat").answer is Answer.YES]
    found.append(next(formula for seed in range(1000)
                      if solve(formula := random_224(seed, 20), "sat").answer is Answer.YES))
    return tuple(found)


@pytest.mark.parametrize("reduction", ["224sat-to-rel", "224sat-to-rel-cap2", "224sat-to-rel-undirected"])
def test_never_calls_a_yes_target_no(reduction):
    """Satisfiable formulas, m = 1..6 and one at m = 20: YES, with a walk the checker accepts."""
    chosen = get_reduction(reduction)
    formulas = _satisfiable_224()
    assert len(formulas) >= 15
    for formula in formulas:
        target = chosen.reduce(formula)
        result = local_order.solve(target, timeout=120)
        assert result.answer is Answer.YES and target.verify(result.certificate), (formula, result.stats)
