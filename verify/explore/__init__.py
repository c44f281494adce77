"""``npw explore``: a reduction's source and target side by side on one self-contained page.

* :mod:`.steps`: the changes a played certificate makes, by element id, and where the
  renderers put each element (``Layout``);
* one module per family for the step logic: :mod:`.sat`, :mod:`.rel`, :mod:`.npuz`,
  :mod:`.bwp`, :mod:`.solochess`, :mod:`.graphs` (Hamiltonian paths, 3-PARTITION, vertex sets),
  :mod:`.sets` (3DM matchings, X3C covers);
* :mod:`.build`: what a page shows (drawings, provenance both ways, the played forward
  certificate and the backward map's result, or the verifier's findings for a no-source);
* :mod:`.page`: the HTML, with its one generic script.

``PLAYERS`` says how a certificate of each problem is played on a page (``play``, as the
target) and shown at once (``show``, the backward map's result on the source).
"""

from __future__ import annotations

import importlib
from typing import Any, Callable

__all__ = ["PLAYERS", "SHOWERS", "player_for", "shower_for"]

# problem id -> "module:function" (module under npw.verify.explore)
PLAYERS: dict[str, str] = {
    "cnf": "sat:play", "3sat": "sat:play", "1in3sat": "sat:play", "224sat": "sat:play",
    "nae3sat": "sat:play", "nae4sat": "sat:play",
    "rel": "rel:play",
    "npuz": "npuz:play",
    "bwp": "bwp:play",
    "solochess": "solochess:play",
    "hampath": "graphs:play_path", "hampath-grid-s": "graphs:play_path", "hampath-st": "graphs:play_path",
    "3partition": "graphs:play_triples",
    **{problem: "graphs:play_vertex_set" for problem in ("indset", "vertexcover", "clique", "domset")},
    **{problem: "sets:play_cover" for problem in ("3dm", "x3c")},
}
SHOWERS: dict[str, str] = {
    "cnf": "sat:show", "3sat": "sat:show", "1in3sat": "sat:show", "224sat": "sat:show",
    "nae3sat": "sat:show", "nae4sat": "sat:show",
    "hampath": "graphs:show_path", "hampath-grid-s": "graphs:show_path", "hampath-st": "graphs:show_path",
    "3partition": "graphs:show_triples",
    **{problem: "graphs:show_vertex_set" for problem in ("indset", "vertexcover", "clique", "domset")},
    **{problem: "sets:show_cover" for problem in ("3dm", "x3c")},
}


def _lookup(table: dict[str, str], problem_id: str) -> Callable[..., Any] | None:
    spec = table.get(problem_id)
    if spec is None:
        return None
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(f"npw.verify.explore.{module}"), name)


def player_for(problem_id: str) -> Callable[..., Any] | None:
    """How a certificate of ``problem_id`` is played step by step, or None.

    >>> player_for("rel").__module__, player_for("tsp")
    ('npw.verify.explore.rel', None)
    """
    return _lookup(PLAYERS, problem_id)


def shower_for(problem_id: str) -> Callable[..., Any] | None:
    """How a certificate of ``problem_id`` is marked at once on its drawing, or None."""
    return _lookup(SHOWERS, problem_id)
