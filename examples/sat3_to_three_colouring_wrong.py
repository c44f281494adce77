"""Two wrong student versions of 3-SAT -> 3-Colouring, for the verifier to catch.

* MISSING_EDGE: the clause output is joined to BASE only (the edge to FALSE is
  forgotten), so a clause whose literals are all false can still be coloured.
* PALETTE_ASSUMED: the backward map reads "colour 0 means true", ignoring the case
  where the solver gave the palette's TRUE node another colour.

    npw verify examples/sat3_to_three_colouring_wrong.py:MISSING_EDGE --random 300
"""

from __future__ import annotations

import dataclasses
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import sat3_to_three_colouring as correct  # noqa: E402


def reduce_missing_edge(formula):
    return correct.reduce(formula, join_output_to=(correct.BASE,))


def backward_palette_assumed(formula, graph, colours):
    return tuple(colours[correct.literal_node(v)] == 0 for v in range(1, formula.num_vars + 1))


MISSING_EDGE = dataclasses.replace(correct.REDUCTION, id="missing-edge", reduce=reduce_missing_edge)
PALETTE_ASSUMED = dataclasses.replace(correct.REDUCTION, id="palette-assumed", backward=backward_palette_assumed)
