"""3DM and X3C on a page: a matching (exact cover) played one triple (set) a step, the triple
drawn red and its three elements filled in the step's colour and ringed red. The goal, from the
instance: every element ringed (an exact cover reaches each element; the checker has already
made sure it does so once).

>>> from npw.instances.sets.model import ThreeDM
>>> m = ThreeDM(2, ((0, 0, 0), (1, 1, 1), (0, 1, 1)))
>>> [c.as_json() for c in show_cover(m, [1])][:3]
[['s', 'triple:1', 'mark', 'path'], ['s', 'w:1', 'mark', 'path'], ['s', 'w:1', 'mark', 'g0']]
>>> len(play_cover(m, [0, 1], None).steps), sorted(play_cover(m, [0, 1], None).goal_marks)[:2]
(2, ['w:0', 'w:1'])
"""

from __future__ import annotations

from typing import Any, Sequence

from npw.instances.elements import element_id, set_id, triple_id
from npw.verify.explore.steps import Change, Layout, Play, Step
from npw.verify.explore.players import Player

__all__ = ["GROUP_COLOURS", "cover_steps", "play_cover", "show_cover"]

GROUP_COLOURS = 8  # the page's CSS has the classes npw-g0 .. npw-g7


def _parts(instance: Any, index: int) -> tuple[str, list[str], str]:
    """(the set's id, its elements' ids, a caption naming it)."""
    if instance.problem == "3dm":
        w, x, y = instance.triples[index]
        return triple_id(index), [f"w:{w}", f"x:{x}", f"y:{y}"], f"triple t{index} = ({w}, {x}, {y})"
    s = instance.sets[index]
    return set_id(index), [element_id(str(e)) for e in s], f"set s{index} = {{{s[0]}, {s[1]}, {s[2]}}}"


def _elements(instance: Any) -> list[str]:
    if instance.problem == "3dm":
        return [f"{kind}:{i}" for kind in "wxy" for i in range(instance.q)]
    return [element_id(str(e)) for e in range(instance.universe)]


def cover_steps(instance: Any, chosen: Sequence[int], side: str) -> list[Step]:
    steps = []
    for k, index in enumerate(chosen):
        family_id, elements, caption = _parts(instance, int(index))
        changes = [Change(side, family_id, "mark", "path")]
        for element in elements:
            changes += [Change(side, element, "mark", "path"), Change(side, element, "mark", f"g{k % GROUP_COLOURS}")]
        steps.append(Step(f"{caption} chosen ({k + 1} of {instance.q})", tuple(changes)))
    return steps


def show_cover(instance: Any, chosen: Sequence[int], side: str = "s") -> tuple[Change, ...]:
    return tuple(c for step in cover_steps(instance, chosen, side) for c in step.changes)


def play_cover(instance: Any, chosen: Sequence[int], layout: Layout | None, side: str = "t") -> Play:
    """The matching or cover played; the goal is every element of the instance ringed."""
    return Play(tuple(cover_steps(instance, chosen, side)), goal_marks={e: "path" for e in _elements(instance)})


# how this module's problems play on a page (npw.verify.explore.players)
PLAYERS = tuple(Player(problem, play_cover, show_cover) for problem in ("3dm", "x3c"))
