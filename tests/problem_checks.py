"""Test helpers the problem rooms share: a problem's drawings carry every element id."""

from __future__ import annotations

from typing import Any

from npw.instances.elements import element_ids
from npw.instances.registry import get_problem, renderer_for

__all__ = ["assert_drawings_tag_every_element"]


def assert_drawings_tag_every_element(problem_id: str, **params: Any) -> None:
    """The problem's drawing of a planted instance (seed 1), with and without its planted
    certificate, tags each of the instance's elements (``data-el``).

    Parameters
    ----------
    problem_id : str
        The registered problem.
    **params : Any
        The planted generator's parameters.
    """
    problem = get_problem(problem_id)
    instance = problem.generate("planted", seed=1, **params)
    certificate = problem.planted_certificate("planted", seed=1, **params)
    draw = renderer_for(problem_id)
    for svg in (draw(instance), draw(instance, certificate)):
        for element in element_ids(problem_id, instance):
            assert f'data-el="{element}"' in svg, element
