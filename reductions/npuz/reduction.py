"""Theorem 3 of Ratner & Warmuth 1990 (2/2/4-SAT -> nPUZ) as the registered reduction
``224sat-to-npuz``: the :class:`~npw.reductions.base.Reduction` object and its maps.

``reduce``/``forward``/``backward``/``size`` wrap the proof's three parts at the small unit
l = 1 (the verifier's scale): :mod:`~npw.reductions.npuz.instance` (4.1),
:mod:`~npw.reductions.npuz.forward` (4.2), :mod:`~npw.reductions.npuz.backward`
(4.3). ``OPTIONS`` declares ``--unit`` and ``--additive`` (Corollary 1), ``build_with`` builds
under them (a compact summary beyond ``DENSE_LIMIT``), ``draw`` is the layout's SVG.
"""

from __future__ import annotations

from npw.instances.npuz.board import NPuz
from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
from npw.instances.elements import edge_id, element_id, tile_id, vertex_id
from npw.reductions.rel import theorem2
from npw.reductions.base import BuiltTarget, Reduction, ReductionOption, compose_provenance
from npw.reductions.npuz.backward import DecodeError, backward_moves
from npw.reductions.npuz.claims import CLAIMS  # noqa: F401 (the record's, by Reduction.of_module)
from npw.reductions.npuz.forward import forward_moves
from npw.reductions.npuz.instance import DENSE_LIMIT, SMALL_UNIT, SMALL_UNIT_NOTE, build_instance

__all__ = ["OPTIONS", "REDUCTION", "backward", "build_with", "draw", "forward", "provenance", "reduce", "size"]


def reduce(formula: TwoTwoFourSat, unit: int | None = SMALL_UNIT, additive: int = 0) -> NPuz:
    """The dense nPUZ instance at a small unit (the registered reduction's default, l = 1).

    >>> from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
    >>> formula = TwoTwoFourSat(1, [(1, -1, 1, -1)])
    >>> puzzle = reduce(formula)
    >>> puzzle.size() == size(formula), puzzle.n
    (True, 58)
    """
    return build_instance(formula, unit, additive).to_npuz()


def forward(formula: TwoTwoFourSat, assignment, unit: int | None = SMALL_UNIT) -> str:
    instance = build_instance(formula, unit)
    return forward_moves(instance, assignment).text()


def backward(formula: TwoTwoFourSat, target: NPuz, moves: str, unit: int | None = SMALL_UNIT) -> tuple[bool, ...]:
    instance = build_instance(formula, unit)
    if instance.n != target.n:
        raise DecodeError("the nPUZ instance is not this formula's image at this unit")
    return backward_moves(instance, moves)


def size(formula: TwoTwoFourSat, unit: int | None = SMALL_UNIT) -> dict[str, int]:
    instance = build_instance(formula, unit)
    return {"n": instance.n, "cells": instance.n ** 2, "k": instance.k}


def provenance(formula: TwoTwoFourSat, target: NPuz, unit: int | None = SMALL_UNIT) -> dict[str, tuple[str, ...]]:
    """Which tiles each variable and clause produced: Theorem 2's provenance (a variable's diamond,
    a clause's node, their edges and elements) carried onto the board, where a REL vertex is its
    node's B1 tiles, an edge its stripe's, an element its element tile (the blank is no tile).

    >>> formula = TwoTwoFourSat(1, [(1, -1, 1, -1)])
    >>> made = provenance(formula, reduce(formula))
    >>> len(made["var:1"]) > 8 and len(made["clause:0"]) > 4, sorted(made)
    (True, ['clause:0', 'var:1'])
    """
    instance = build_instance(formula, unit)
    if instance.n != target.n:
        raise DecodeError("the nPUZ instance is not this formula's image at this unit")
    layout, numbering = instance.layout, instance.numbering

    def tiles(cells) -> list[str]:
        return [tile_id(t) for t in (numbering.tile(c) for c in cells) if t != 0]

    stripes = {(edge.tail, edge.head): edge for edge in layout.edges}
    rel = theorem2.reduce(formula)
    on_board: dict[str, list[str]] = {vertex_id(v): tiles(layout.node(v).cells()) for v in rel.vertices}
    on_board.update({edge_id(i): tiles(stripes[(tail, head)].cells()) for i, (tail, head, _) in enumerate(rel.edges)})
    on_board.update({element_id(name): [tile_id(tile)] for name, tile in instance.element_tiles})
    return compose_provenance(theorem2.provenance(formula, rel), on_board)


def build_with(formula: TwoTwoFourSat, unit: int | None = None, additive: int = 0) -> BuiltTarget[NPuz]:
    """The boards at ``unit`` (None: the paper's l = u + 16m + 1) with Corollary 1's ``additive``:
    the dense instance where the side is at most ``DENSE_LIMIT``, else the compact summary
    (n, d, u, k exact) as an ``npuz-compact`` JSON object."""
    instance = build_instance(formula, unit, additive)
    summary = instance.summary()
    notes = ((summary["warning"],) if "warning" in summary else ()) + (f"no-direction {summary['no_direction']}",)
    if instance.n > DENSE_LIMIT:
        return BuiltTarget(None, {"problem": "npuz-compact", "version": 1, **summary}, notes)
    return BuiltTarget(instance.to_npuz(), None, notes)


def draw(formula: TwoTwoFourSat, unit: int | None = None, additive: int = 0) -> str:
    """The layout of the boards (nodes, stripes, element tiles) as SVG."""
    from npw.reductions.npuz.render import render_layout_svg

    return render_layout_svg(build_instance(formula, unit, additive))


# build_instance checks the values (l >= 1, r >= 0) with a message naming them
OPTIONS = (
    ReductionOption("unit", int, None,
                    "the length unit l (default the paper's u + 16m + 1; boards beyond "
                    f"{DENSE_LIMIT} x {DENSE_LIMIT} are written as a compact summary)"),
    ReductionOption("additive", int, 0, "Corollary 1's constant r (l and u enlarged by r)"),
)

REDUCTION = Reduction.of_module(
    globals(),
    id="224sat-to-npuz", source="224sat", target="npuz",
    reference="Ratner & Warmuth 1990, Section 4, Theorem 3 (board layout ours: Figure 3 is lost)",
    notes=f"registered at the small unit l = {SMALL_UNIT}: " + SMALL_UNIT_NOTE.format(l=SMALL_UNIT, lp="u + 16m + 1")
          + "; npw reduce --unit L (the paper's unit without it); npw puzzle theorem3 for the simulation",
    options=OPTIONS,
    build_with=build_with,
    reduce_options={"unit": SMALL_UNIT},
    draw=draw,
    checked=("read-back REL instance = Theorem 2's for every instance up to m = 3; forward reaches B2 "
             "within k and backward decodes it (m <= 3 exhaustive, random m <= 6, with detours); m = 2 at "
             "the paper's unit: 1.15 billion forward moves simulated and decoded. The no-direction's "
             "Lemmas 1-4 are the paper's, not checked"),
)
