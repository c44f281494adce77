"""How a certificate of each problem plays on an explore page: each player module declares its own.

A module of :mod:`npw.verify.explore` (or a plugin's module, entry-point group ``npw.plugins``)
declares ``PLAYERS = (Player("3sat", play, show), ...)``: ``play(instance, certificate, layout,
side) -> Play`` animates a target's certificate step by step, ``show(instance, certificate,
side) -> changes`` marks a source's certificate at once (the backward map's result). The explore
command loads all of them (a handful of small modules) when it builds a page.

>>> player_for("rel").__module__, player_for("tsp")
('npw.verify.explore.rel', None)
>>> shower_for("3sat").__name__
'show'
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass
from typing import Any, Callable

from npw.instances.discovery import declared, imported, package_modules, plugin_modules

__all__ = ["Player", "player_for", "shower_for"]


@dataclass(frozen=True)
class Player:
    """How a certificate of ``problem`` is played (``play``) and shown at once (``show``, or None)."""

    problem: str
    play: Callable[..., Any]
    show: Callable[..., Any] | None = None


@functools.cache
def _players() -> dict[str, Player]:
    found: dict[str, Player] = {}
    modules = [importlib.import_module(name) for name in package_modules("npw.verify.explore")]
    for module in [*modules, *imported(plugin_modules())]:
        for _, player in declared(module, Player):
            found.setdefault(player.problem, player)
    return found


def player_for(problem_id: str) -> Callable[..., Any] | None:
    """How a certificate of ``problem_id`` is played step by step, or None."""
    player = _players().get(problem_id)
    return None if player is None else player.play


def shower_for(problem_id: str) -> Callable[..., Any] | None:
    """How a certificate of ``problem_id`` is marked at once on its drawing, or None."""
    player = _players().get(problem_id)
    return None if player is None else player.show
