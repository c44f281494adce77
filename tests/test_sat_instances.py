"""Problems cnf, 1in3sat, 224sat: validation, checkers, JSON, DIMACS, generators, enumeration."""

import json

import pytest

from npw.instances import InvalidInstance, get_problem, instance_from_dict
from npw.instances.sat.cnf import CNF
from npw.instances.sat.one_in_three_sat import (
    OneInThreeSat, enumerate_instances, planted_assignment, planted_instance, positive_instance, random_instance,
)
from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
from npw.instances.sat.two_two_four_sat import enumerate_instances as enumerate_224
from npw.instances.sat.two_two_four_sat import random_instance as random_224


def test_one_in_three_checker_counts_occurrences():
    f = OneInThreeSat(2, [(1, 1, 2)])
    assert f.verify((False, True))
    assert not f.verify((True, False))  # x1 twice true: two true occurrences
    assert not f.verify((False, False))
    assert not f.verify((True,))  # wrong length
    assert not f.verify((1, 0))  # not booleans


def test_one_in_three_validation_names_the_clause():
    with pytest.raises(InvalidInstance, match="clause c2 has 2 literals"):
        OneInThreeSat(3, [(1, 2, 3), (1, 2)])
    with pytest.raises(InvalidInstance, match="clause c1 literal 3 is 4"):
        OneInThreeSat(3, [(1, 2, 4)])
    with pytest.raises(InvalidInstance, match="clause c1 literal 1 is 0"):
        OneInThreeSat(3, [(0, 2, 3)])


def test_224_validation_names_the_variable():
    with pytest.raises(InvalidInstance, match="variable x2 occurs 3 times unnegated; 2/2/4-SAT needs 2"):
        TwoTwoFourSat(2, [(1, 1, -1, -1), (2, 2, 2, -2)])
    with pytest.raises(InvalidInstance, match="as many clauses as variables"):
        TwoTwoFourSat(2, [(1, 1, -1, -1)])


def test_224_complement_of_a_solution_is_a_solution():
    for instance in enumerate_224(3):
        for bits in range(2 ** instance.num_vars):
            a = tuple(bool(bits >> i & 1) for i in range(instance.num_vars))
            assert instance.verify(a) == instance.verify(tuple(not v for v in a))


@pytest.mark.parametrize("instance", [
    OneInThreeSat(4, [(1, -2, 3), (4, 4, -1)]),
    TwoTwoFourSat(2, [(1, 2, -1, -2), (1, 2, -1, -2)]),
    CNF(3, [(1, -2), (3,), ()]),
])
def test_json_round_trip(instance):
    text = json.dumps(instance.to_dict())
    again = instance_from_dict(json.loads(text))
    assert again == instance and hash(again) == hash(instance)


def test_from_dict_rejects_wrong_problem_and_fields():
    with pytest.raises(InvalidInstance, match="expected problem '224sat'"):
        TwoTwoFourSat.from_dict({"problem": "1in3sat", "num_vars": 1, "clauses": []})
    with pytest.raises(InvalidInstance, match="missing field 'clauses'"):
        OneInThreeSat.from_dict({"problem": "1in3sat", "num_vars": 1})
    with pytest.raises(InvalidInstance, match="unknown problem"):
        instance_from_dict({"problem": "nonsense"})


def test_dimacs_round_trip_and_errors():
    f = CNF(3, [(1, -2), (3,), (-1, -3, 2)])
    assert CNF.from_dimacs(f.to_dimacs()) == f
    assert CNF.from_dimacs("c comment\np cnf 2 1\n1 -2\n0\n") == CNF(2, [(1, -2)])
    for bad, message in [
        ("1 2 0\n", "before the 'p cnf' header"),
        ("p cnf 2 2\n1 2 0\n", "announces 2 clauses, found 1"),
        ("p cnf 2 1\n1 x 0\n", "'x' is not an integer"),
        ("p cnf 2 1\n1 3 0\n", "exceeds the 2 variables"),
        ("p dnf 2 1\n1 0\n", "bad header"),
        ("", "no 'p cnf' header"),
    ]:
        with pytest.raises(InvalidInstance, match=message):
            CNF.from_dimacs(bad)


def test_generators_are_seeded_and_shaped():
    assert random_instance(5, 30, 1 / 3) == random_instance(5, 30, 1 / 3)
    assert random_instance(5, 30, 1 / 3) != random_instance(6, 30, 1 / 3)
    assert positive_instance(1, 50).num_clauses == 31
    assert (positive_instance(1, 50).clauses > 0).all()
    for clause in random_instance(2, 20, 1.0).clause_list():
        assert len({abs(l) for l in clause}) == 3  # three distinct variables
    m = random_224(3, 9)
    assert m.num_vars == m.num_clauses == 9  # validated on construction


def test_planted_instances_are_satisfied_by_their_hidden_assignment():
    for seed in range(20):
        f = planted_instance(seed, 15, 1.5)
        assert f.verify(planted_assignment(seed, 15))


def test_enumeration_counts_and_meaning():
    counts = {}
    for f in enumerate_instances(2):
        counts[f.num_clauses] = counts.get(f.num_clauses, 0) + 1
    # one clause, up to renaming and polarity: (x,x,x) (x,x,~x) (x,x,y) (x,~x,y) (x,y,z)
    assert counts[1] == 5
    assert counts[2] == 159
    assert [sum(1 for f in enumerate_224(m) if f.num_vars == m) for m in (1, 2, 3)] == [1, 5, 26]


def test_enumeration_covers_every_small_instance_up_to_isomorphism():
    """Every 1-clause and 2-clause instance over 3 variables is isomorphic to an enumerated one."""
    import itertools

    def canonical(clauses, n):
        best = None
        for perm in itertools.permutations(range(1, n + 1)):
            for signs in itertools.product((1, -1), repeat=n):
                renamed = tuple(sorted(tuple(sorted(signs[abs(l) - 1] * perm[abs(l) - 1] * (1 if l > 0 else -1)
                                                    for l in c)) for c in clauses))
                best = renamed if best is None or renamed < best else best
        return best

    def used(clauses):
        return len({abs(l) for c in clauses for l in c})

    enumerated = {canonical(f.clause_list(), f.num_vars) for f in enumerate_instances(2) if f.num_vars <= 3}
    literals = [s * v for v in (1, 2, 3) for s in (1, -1)]
    clauses = list(itertools.combinations_with_replacement(literals, 3))
    for count in (1, 2):
        for chosen in itertools.combinations_with_replacement(clauses, count):
            n = used(chosen)
            # rename to 1..n so the canonical forms are comparable
            names = {v: i + 1 for i, v in enumerate(sorted({abs(l) for c in chosen for l in c}))}
            renamed = [[names[abs(l)] * (1 if l > 0 else -1) for l in c] for c in chosen]
            assert canonical(renamed, n) in enumerated, chosen


def test_problem_descriptors():
    for pid in ("cnf", "1in3sat", "224sat"):
        problem = get_problem(pid)
        assert problem.sample(1).problem == pid
        assert len(problem.verify_deciders) == 2


def test_224_shrink_keeps_the_problem_shape():
    from npw.instances.sat.two_two_four_sat import shrink

    for seed in range(30):
        instance = random_224(seed, 1 + seed % 6)
        smaller = list(shrink(instance))  # each is validated on construction
        assert len(smaller) == instance.num_vars ** 2
        assert all(s.num_vars == instance.num_vars - 1 for s in smaller)
