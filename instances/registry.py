"""The problems the workbench knows, by id. Modules are imported on first use.

To add a problem: write ``instances/<name>.py`` with a module-level ``PROBLEM``
(an :class:`npw.instances.base.Problem`) and add one line below.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Mapping

from npw.instances.base import InvalidInstance, Problem

PROBLEM_MODULES: dict[str, str] = {
    "cnf": "npw.instances.sat.cnf",
    "3sat": "npw.instances.sat.three_sat",
    "1in3sat": "npw.instances.sat.one_in_three_sat",
    "224sat": "npw.instances.sat.two_two_four_sat",
    "nae3sat": "npw.instances.sat.nae3sat",
    "nae4sat": "npw.instances.sat.nae4sat",

    "pm3sat": "npw.instances.sat.planar_monotone",
    "pm3sat-2occ": "npw.instances.sat.planar_monotone_2occ",
    "rel": "npw.instances.rel.relocation",
    "hampath": "npw.instances.hampath.problem",
    "hampath-grid-s": "npw.instances.hampath.grid_s",
    "hampath-st": "npw.instances.hampath.st",
    "indset": "npw.instances.graphs.indset",
    "vertexcover": "npw.instances.graphs.vertexcover",
    "clique": "npw.instances.graphs.clique",
    "domset": "npw.instances.graphs.domset",
    "coloring": "npw.instances.graphs.coloring",
    "solochess": "npw.instances.solochess.board",
    "npuz": "npw.instances.npuz.board",
    "torus": "npw.instances.torus.puzzle",
    "3partition": "npw.instances.three_partition",
    "bwp": "npw.instances.torus.bwp",
    "subsetsum": "npw.instances.numbers.subsetsum",
    "partition": "npw.instances.numbers.partition",
    "hamcycle": "npw.instances.hampath.hamcycle",
    "dhamcycle": "npw.instances.hampath.dhamcycle",
    "knapsack": "npw.instances.numbers.knapsack",
    "4partition": "npw.instances.numbers.four_partition",
    "binpacking": "npw.instances.numbers.binpacking",
    "3dm": "npw.instances.sets.three_dm",
    "x3c": "npw.instances.sets.x3c",
    "fvs": "npw.instances.graphs.fvs",
    "setcover": "npw.instances.sets.setcover",
}

# ``npw render``: problem id -> "module:function", function(instance) -> SVG text; what it draws
# carries the element ids of ``npw.instances.elements`` (``data-el``)
RENDERERS: dict[str, str] = {
    "cnf": "npw.instances.sat.render:render_svg",
    "3sat": "npw.instances.sat.render:render_svg",
    "1in3sat": "npw.instances.sat.render:render_svg",
    "224sat": "npw.instances.sat.render:render_svg",
    "nae3sat": "npw.instances.sat.render:render_svg",
    "nae4sat": "npw.instances.sat.render:render_svg",

    "pm3sat": "npw.instances.sat.planar_render:render_svg",
    "pm3sat-2occ": "npw.instances.sat.planar_render:render_svg",
    "hampath": "npw.instances.hampath.render:render_svg",
    "hampath-grid-s": "npw.instances.hampath.render:render_svg",
    "hampath-st": "npw.instances.hampath.render:render_svg",
    **{pid: "npw.instances.graphs.drawing:render_svg" for pid in ("indset", "vertexcover", "clique", "domset", "coloring")},
    "3partition": "npw.instances.three_partition_render:render_svg",
    "rel": "npw.instances.rel.render:render_svg",
    "solochess": "npw.instances.solochess.render:render_svg",
    "npuz": "npw.instances.npuz.render:render_instance",
    "torus": "npw.instances.torus.render:render_torus",
    "bwp": "npw.instances.torus.render:render_bwp",
    "subsetsum": "npw.instances.numbers.drawing:render_svg",
    "partition": "npw.instances.numbers.drawing:render_svg",
    "hamcycle": "npw.instances.hampath.render:render_cycle",
    "dhamcycle": "npw.instances.hampath.render:render_cycle",
    "knapsack": "npw.instances.numbers.drawing:render_knapsack",
    "4partition": "npw.instances.numbers.drawing:render_groups",
    "binpacking": "npw.instances.numbers.drawing:render_bins",
    "3dm": "npw.instances.sets.drawing:render_3dm",
    "x3c": "npw.instances.sets.drawing:render_x3c",
    "fvs": "npw.instances.graphs.digraph:render_svg",
    "setcover": "npw.instances.sets.setcover:render_svg",
}


def renderer_for(problem_id: str) -> Callable[..., str] | None:
    """The problem's SVG renderer (``RENDERERS``), or None if it has none."""
    spec = RENDERERS.get(problem_id)
    if spec is None:
        return None
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


# problems defined at run time (a user's file, see npw.custom): id -> Problem
_RUNTIME_PROBLEMS: dict[str, Problem] = {}


def register_problem(problem: Problem) -> None:
    """Makes a problem defined outside the package known (built-in ids cannot be replaced)."""
    if problem.id in PROBLEM_MODULES:
        raise InvalidInstance(f"problem id {problem.id!r} is built in; choose another id")
    _RUNTIME_PROBLEMS[problem.id] = problem


def problem_ids() -> list[str]:
    return list(PROBLEM_MODULES) + [p for p in _RUNTIME_PROBLEMS if p not in PROBLEM_MODULES]


def get_problem(problem_id: str) -> Problem:
    """The :class:`Problem` registered as ``problem_id`` (built in or defined at run time).

    >>> problem = get_problem("1in3sat")
    >>> problem.instance_type.__name__, problem.default_generator
    ('OneInThreeSat', 'mixed')
    >>> f = problem.generate("planted", seed=1, num_vars=6)
    >>> f.problem, f.num_vars
    ('1in3sat', 6)
    >>> get_problem("4sat")
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: unknown problem '4sat' (known: cnf, 3sat, 1in3sat, ...)
    """
    if problem_id in _RUNTIME_PROBLEMS:
        return _RUNTIME_PROBLEMS[problem_id]
    if problem_id not in PROBLEM_MODULES:
        raise InvalidInstance(f"unknown problem {problem_id!r} (known: {', '.join(problem_ids())})")
    return importlib.import_module(PROBLEM_MODULES[problem_id]).PROBLEM


def problem_of(instance: Any) -> Problem:
    return get_problem(instance.problem)


def instance_from_dict(data: Mapping[str, Any]) -> Any:
    """Builds (and validates) an instance of whatever problem ``data['problem']`` names.

    >>> instance_from_dict({"problem": "1in3sat", "version": 1, "num_vars": 3, "clauses": [[1, 2, 3]]})
    OneInThreeSat(num_vars=3, clauses=[[1, 2, 3]])
    >>> instance_from_dict({"problem": "3partition", "bound": 7, "numbers": [2, 2, 3]}).verify([[0, 1, 2]])
    True
    """
    if not isinstance(data, Mapping):
        raise InvalidInstance("an instance must be a JSON object")
    if "problem" not in data:
        raise InvalidInstance("missing field 'problem'")
    return get_problem(str(data["problem"])).from_dict(data)
