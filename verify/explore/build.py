"""What an explored page shows, worked out in Python (:func:`explore`).

For a reduction and a source instance: both drawings (the problems' renderers, whose drawn
things carry element ids), the reduction's provenance both ways (source id -> target ids and
back), and then

* for a yes-source: a source certificate (the source's first decider), the ``forward``
  certificate played on the target step by step (the target family's player), and as the last
  step the ``backward`` map's result marked on the source;
* for a no-source: the verifier's findings for that case (``npw.verify.check.check_case``):
  the deciders' answers on both sides, each claim of the proof with how often it held, and
  any failure.

>>> from npw.api import get_reduction, OneInThreeSat
>>> page = explore(get_reduction("1in3sat-to-224sat"), OneInThreeSat(3, [(1, 2, 3), (-1, 2, -3)]))
>>> page.source_answer, len(page.steps) == 14 + 1, page.backward_ok
('YES', True, True)
>>> no = explore(get_reduction("1in3sat-to-224sat"), OneInThreeSat(3, [(1, 2, 3), (-1, -2, -3)]))
>>> no.source_answer, no.target_answer, no.steps, no.failures
('NO', 'NO', (), ())
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any, Mapping

from npw.instances.arrangement import Arrangement
from npw.instances.registry import renderer_for
from npw.reductions.base import Reduction
from npw.verify.explore import player_for, shower_for
from npw.verify.explore.layout import arrange, fan_out
from npw.verify.explore.steps import SOURCE, TARGET, Layout, Play, Step

__all__ = ["Exploration", "explore"]


@dataclass(frozen=True)
class Exploration:
    """Everything one page shows (see :mod:`npw.verify.explore.page` for how)."""

    reduction_id: str
    reference: str
    source_problem: str
    target_problem: str
    source_svg: str
    target_svg: str
    forward_links: Mapping[str, tuple[str, ...]]  # source id -> target ids (the provenance)
    backward_links: Mapping[str, tuple[str, ...]]  # target id -> source ids
    source_answer: str  # YES / NO / UNKNOWN
    target_answer: str
    steps: tuple[Step, ...] = ()
    goal: Mapping[str, Any] = field(default_factory=dict)
    backward_ok: bool | None = None  # the backward map's result accepted by the source's checker
    claims: Mapping[str, tuple[int, int]] = field(default_factory=dict)  # name -> (held, failed)
    failures: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()


def _drawing(problem_id: str, instance: Any, arrangement: Arrangement | None = None) -> tuple[str, str | None]:
    """The instance's SVG, or a placeholder and the note saying why there is none; laid out by
    ``arrangement`` where the renderer takes one (its ``arrangement`` keyword)."""
    renderer = renderer_for(problem_id)
    if renderer is None:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="320" height="40"><text x="8" y="24">'
                f'no drawing for {problem_id}</text></svg>', f"{problem_id} has no renderer: nothing is drawn")
    if arrangement is not None and "arrangement" in inspect.signature(renderer).parameters:
        return renderer(instance, arrangement=arrangement), None
    return renderer(instance), None


def _links(reduction: Reduction, source: Any, target: Any) -> tuple[dict[str, tuple[str, ...]],
                                                                     dict[str, tuple[str, ...]]]:
    if reduction.provenance is None:
        return {}, {}
    forward = {s: tuple(dict.fromkeys(ts)) for s, ts in reduction.provenance(source, target).items()}
    backward: dict[str, dict[str, None]] = {}
    for s, ts in forward.items():
        for t in ts:
            backward.setdefault(t, {})[s] = None
    return forward, {t: tuple(ss) for t, ss in backward.items()}


def explore(reduction: Reduction, source: Any, timeout: float | None = 60.0, **options: Any) -> Exploration:
    """The page's content for ``source`` under ``reduction`` (its declared options given)."""
    from npw.solvers import solve
    from npw.solvers.result import Answer

    notes: list[str] = []
    built = reduction.build(source, **options)
    if built.target is None:
        raise ValueError(f"{reduction.id}: the target is too large to store, so it cannot be drawn "
                         "(choose smaller options)")
    target = built.target
    notes += list(built.notes)
    forward_links, backward_links = _links(reduction, source, target)
    # a source vertex that fans out says into how many (npw.verify.explore.layout.fan_out)
    source_svg, missing = _drawing(reduction.source, source, fan_out(reduction.source, forward_links))
    notes += [missing] if missing else []
    # the target laid out by what each source element produced (npw.verify.explore.layout)
    arrangement = arrange(reduction.id, reduction.target, source, target, backward_links)
    target_svg, missing = _drawing(reduction.target, target, arrangement)
    notes += [missing] if missing else []
    if reduction.provenance is None:
        notes.append(f"{reduction.id} declares no provenance: no element is linked across")
    common = dict(reduction_id=reduction.id, reference=reduction.reference, source_problem=reduction.source,
                  target_problem=reduction.target, source_svg=source_svg, target_svg=target_svg,
                  forward_links=forward_links, backward_links=backward_links)

    decided = solve(source, timeout=timeout)
    if decided.answer is Answer.YES and reduction.forward is not None:
        certificate = reduction.forward(source, decided.certificate)
        if not target.verify(certificate):
            return Exploration(**common, source_answer="YES", target_answer="UNKNOWN",
                               failures=(("forward-certificate",
                                          f"forward certificate rejected by the {target.problem} checker"),),
                               notes=tuple(notes))
        steps, goal = _played(reduction.target, target, certificate, target_svg, notes)
        back = reduction.backward(source, target, certificate)
        accepted = bool(source.verify(back))
        shower = shower_for(reduction.source)
        verdict = "accepted" if accepted else "REJECTED"
        caption = f"backward map: the target's certificate read back on the source ({verdict} by its checker)"
        marked = shower(source, back, SOURCE) if shower is not None and accepted else ()
        if shower is None:
            caption += f": {back!r}"[:400]
        steps = steps + (Step(caption, tuple(marked)),)
        return Exploration(**common, source_answer="YES", target_answer="YES", steps=steps, goal=goal,
                           backward_ok=accepted, notes=tuple(notes))
    return _findings(reduction, source, common, notes, timeout, decided.answer.value)


def _played(problem_id: str, target: Any, certificate: Any, target_svg: str,
            notes: list[str]) -> tuple[tuple[Step, ...], dict[str, Any]]:
    player = player_for(problem_id)
    if player is None:
        notes.append(f"no player for {problem_id} certificates: the forward certificate is not played")
        return (), {}
    played: Play = player(target, certificate, Layout.of_svg(target_svg), TARGET)
    return played.steps, played.goal_json()


def _findings(reduction: Reduction, source: Any, common: dict[str, Any], notes: list[str],
              timeout: float | None, answer: str) -> Exploration:
    """A no-source (or one whose answer is unknown): the verifier's per-case check."""
    from npw.verify.check import check_case

    case = check_case(reduction, source, timeout=timeout)
    claims = {name: (counts[0], counts[1]) for name, counts in case.claims.items()}
    if answer == "YES":
        notes.append(f"{reduction.id} has no forward map: nothing to play")
    for side, value in (("source", case.source_answer.value), ("target", case.target_answer.value)):
        if value == "UNKNOWN":
            notes.append(f"the {side}'s deciders gave no answer within the time bound (npw explore --timeout)")
    notes += [f"refused: {why}" for why in case.refusals]
    return Exploration(**common, source_answer=case.source_answer.value, target_answer=case.target_answer.value,
                       claims=claims, failures=tuple(case.failures), notes=tuple(notes))
