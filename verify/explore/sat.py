"""The SAT family (cnf, 3sat, 1in3sat, 224sat) on a page: an assignment played one variable a
step, each clause marked ``sat`` once its last variable is set (and it holds: at least one true
literal for cnf/3sat, exactly k true for the exactly-k problems).

>>> from npw.instances.sat.one_in_three_sat import OneInThreeSat
>>> from npw.verify.explore.steps import Layout
>>> formula = OneInThreeSat(3, [(1, 2, 3), (-1, 2, -3)])
>>> played = play(formula, (True, False, False), Layout.of_svg(""))
>>> [step.caption for step in played.steps]
['x1 = true', 'x2 = false', 'x3 = false: clause 0 holds, clause 1 holds']
>>> play(formula, (False, True, False), Layout.of_svg("")).steps[-1].caption
'x3 = false: clause 0 holds, clause 1 fails'
>>> dict(played.goal_marks)
{'clause:0': 'sat', 'clause:1': 'sat'}
"""

from __future__ import annotations

from typing import Any, Sequence

from npw.verify.explore.steps import Change, Layout, Play, Step
from npw.verify.explore.players import Player

__all__ = ["play", "show"]


def _clauses(instance: Any) -> list[list[int]]:
    if hasattr(instance, "clause_list"):
        return instance.clause_list()
    return [list(c) for c in instance.clauses]


def _holds(instance: Any, clause: Sequence[int], assignment: Sequence[bool]) -> bool:
    true = sum(1 for literal in clause if bool(assignment[abs(literal) - 1]) == (literal > 0))
    if hasattr(instance, "clauses_hold"):  # the fixed-width problems say which counts hold (exactly k, NAE)
        return bool(instance.clauses_hold(true))
    return true > 0


def _value(value: Any) -> str:
    return "true" if value else "false"


def play(instance: Any, assignment: Sequence[bool], layout: Layout, side: str = "t") -> Play:
    """One step per variable; the clauses whose last variable it is are marked with it."""
    clauses = _clauses(instance)
    finished_by: dict[int, list[int]] = {}
    for index, clause in enumerate(clauses):
        if clause:
            finished_by.setdefault(max(abs(literal) for literal in clause), []).append(index)
    steps = []
    for variable in range(1, instance.num_vars + 1):
        value = _value(assignment[variable - 1])
        changes = [Change(side, f"var:{variable}", "mark", value)]
        done = finished_by.get(variable, [])
        held = [i for i in done if _holds(instance, clauses[i], assignment)]
        changes += [Change(side, f"clause:{i}", "mark", "sat" if i in held else "unsat") for i in done]
        caption = f"x{variable} = {value}"
        if done:
            caption += ": " + ", ".join(f"clause {i} {'holds' if i in held else 'fails'}" for i in done)
        steps.append(Step(caption, tuple(changes)))
    return Play(tuple(steps), goal_marks={f"clause:{i}": "sat" for i in range(len(clauses))})


def show(instance: Any, assignment: Sequence[bool], side: str = "s") -> tuple[Change, ...]:
    """The assignment marked at once: every variable true or false, every clause sat or not.

    >>> from npw.instances.sat.three_sat import ThreeSat
    >>> [c.as_json() for c in show(ThreeSat(1, [(1, 1, 1)]), (False,))]
    [['s', 'var:1', 'mark', 'false'], ['s', 'clause:0', 'mark', 'unsat']]
    """
    changes = [Change(side, f"var:{v}", "mark", _value(assignment[v - 1])) for v in range(1, instance.num_vars + 1)]
    changes += [Change(side, f"clause:{i}", "mark", "sat" if _holds(instance, clause, assignment) else "unsat")
                for i, clause in enumerate(_clauses(instance))]
    return tuple(changes)


# how this module's problems play on a page (npw.verify.explore.players)
PLAYERS = tuple(Player(problem, play, show) for problem in ("cnf", "3sat", "1in3sat", "224sat", "nae3sat", "nae4sat"))
