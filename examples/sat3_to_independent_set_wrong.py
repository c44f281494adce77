"""Two wrong student versions of 3-SAT -> Independent Set, for the verifier to catch.

* OFF_BY_ONE: k = (number of clauses) - 1, "since nodes are numbered from 0";
  an unsatisfiable formula then has an independent set of the asked size.
* MISSING_CONFLICTS: the edges between complementary occurrences are only drawn
  inside a clause, so x in one clause and ~x in another can both be chosen.

    npw verify examples/sat3_to_independent_set_wrong.py:OFF_BY_ONE --random 300
"""

from __future__ import annotations

import dataclasses
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import sat3_to_independent_set as correct  # noqa: E402
from npw.api import IndependentSet, ThreeSat  # noqa: E402


def reduce_off_by_one(formula: ThreeSat) -> IndependentSet:
    graph = correct.reduce(formula)
    return dataclasses.replace(graph, k=len(formula.clauses) - 1)


def reduce_missing_conflicts(formula: ThreeSat) -> IndependentSet:
    literals = correct.occurrences(formula)
    edges = set()
    for i in range(len(formula.clauses)):
        triple = (3 * i, 3 * i + 1, 3 * i + 2)
        edges.update({(triple[0], triple[1]), (triple[0], triple[2]), (triple[1], triple[2])})
    # bug: conflicts are only looked for between occurrences of the same clause
    return IndependentSet(len(literals), tuple(sorted(edges)), len(formula.clauses))


OFF_BY_ONE = dataclasses.replace(correct.REDUCTION, id="off-by-one", reduce=reduce_off_by_one, size=None)
MISSING_CONFLICTS = dataclasses.replace(correct.REDUCTION, id="missing-conflicts", reduce=reduce_missing_conflicts)
