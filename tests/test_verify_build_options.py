"""The verifier checks npw reduce's path too: a reduction with options (``Reduction.build_with``)
must build, under ``reduce_options``, the same target as ``reduce`` (issue 33: 224sat-to-npuz's
mutation survivors #12 and #13 lay in ``build_with``, which no stream reached)."""

import dataclasses

from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
from npw.reductions.base import BuiltTarget
from npw.reductions.registry import get_reduction
from npw.verify.check import REDUCE_ERROR, check_case

FORMULA = TwoTwoFourSat(1, [(1, -1, 1, -1)])
NPUZ = get_reduction("224sat-to-npuz")


def _reduce_errors(reduction):
    case = check_case(reduction, FORMULA, witnesses=1, timeout=30)
    return [text for kind, text in case.failures if kind == REDUCE_ERROR]


def test_the_registered_reduction_builds_its_own_target_under_its_reduce_options():
    assert NPUZ.reduce_options == {"unit": 1}
    assert NPUZ.build(FORMULA, **NPUZ.reduce_options).target == NPUZ.reduce(FORMULA)
    assert _reduce_errors(NPUZ) == []


def test_a_build_path_that_raises_or_builds_another_board_is_a_failure():
    def raising(formula, unit=None, additive=0):
        notes = (-"a warning",)  # what mutant #12 did: a unary minus on the warning text
        return BuiltTarget(None, None, notes)

    def another(formula, unit=None, additive=0):
        return NPUZ.build_with(formula, unit=2, additive=additive)

    assert any("raised TypeError" in text for text in _reduce_errors(dataclasses.replace(NPUZ, build_with=raising)))
    assert any("another target" in text for text in _reduce_errors(dataclasses.replace(NPUZ, build_with=another)))
