"""REL on a page: the truck's walk played one edge a step, the shipped elements riding along
from the edge's start to its end (Ratner & Warmuth, Section 3).

Each step marks its edge ``walked`` and the shipped elements ``riding`` (the previous step's
riders are unmarked), and places every shipped element at a free slot around the vertex it
reaches, so elements at one vertex never cover each other. The goal: every element drawn at
its final vertex.

>>> from npw.instances.rel.relocation import Relocation
>>> from npw.verify.explore.steps import Layout
>>> rel = Relocation(("a", "b"), (("a", "b", 1),), ("p",), ("a",), ("b",))
>>> layout = Layout.of_svg('<circle data-el="vertex:a" cx="0" cy="0"/><circle data-el="vertex:b" cx="100" cy="0"/>')
>>> played = play(rel, ((0, "a", ("p",)),), layout)
>>> played.steps[0].caption, [c.as_json() for c in played.steps[0].changes][:2]
('edge 0: a -> b carrying p', [['t', 'edge:0', 'mark', 'walked'], ['t', 'element:p', 'at', 100.0, -18.0]])
>>> dict(played.goal_positions)
{'element:p': (100.0, 0.0)}
"""

from __future__ import annotations

from typing import Any

from npw.verify.explore.steps import Change, Layout, Play, Step
from npw.verify.explore.players import Player

__all__ = ["PER_ROW", "REACH", "SLOT", "play", "slot_offset"]

SLOT = 12.0  # distance between two elements parked at one vertex
PER_ROW = 4  # slots per row above a vertex
REACH = 18.0 + SLOT * 4  # how far from its vertex a parked element may be drawn (the goal's tolerance)


def slot_offset(slot: int) -> tuple[float, float]:
    """Where slot ``slot`` lies relative to its vertex: rows of four above it."""
    row, col = divmod(slot, PER_ROW)
    return (col * SLOT, -18.0 - row * SLOT)


def play(rel: Any, walk: Any, layout: Layout, side: str = "t") -> Play:
    where = dict(zip(rel.elements, rel.initial))
    slots: dict[str, dict[str, int]] = {v: {} for v in rel.vertices}  # vertex -> element -> slot
    steps = []
    riding: tuple[str, ...] = ()
    for edge, start, shipped in walk:
        tail, head, _ = rel.edges[edge]
        end = head if start == tail else tail
        changes = [Change(side, f"edge:{edge}", "mark", "walked")]
        changes += [Change(side, f"element:{e}", "unmark", "riding") for e in riding]
        anchor = layout.position(f"vertex:{end}") or (0.0, 0.0)
        for element in shipped:
            slots[where[element]].pop(element, None)
            taken = set(slots[end].values())
            slot = next(i for i in range(len(taken) + 1) if i not in taken)
            slots[end][element] = slot
            where[element] = end
            dx, dy = slot_offset(slot)
            changes.append(Change(side, f"element:{element}", "at", (anchor[0] + dx, anchor[1] + dy)))
            changes.append(Change(side, f"element:{element}", "mark", "riding"))
        riding = tuple(shipped)
        carrying = f" carrying {' '.join(shipped)}" if shipped else " empty"
        steps.append(Step(f"edge {edge}: {start} -> {end}{carrying}", tuple(changes)))
    goal = {f"element:{e}": layout.position(f"vertex:{f}") or (0.0, 0.0) for e, f in zip(rel.elements, rel.final)}
    return Play(tuple(steps), goal_positions=goal, tolerance=REACH)


# how this module's problems play on a page (npw.verify.explore.players)
PLAYERS = (Player("rel", play),)
