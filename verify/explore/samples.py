"""A small source for every registered reduction, at the sizes people draw: the seeds' chains
at two clauses, the classics at three or four clauses or six to eight vertices (issue 32). The
label-overlap browser test opens every reduction's page on these, and the screenshot script
(``docs/screenshots/make_screenshots.py``) draws them.

>>> from npw.reductions.registry import get_reduction
>>> source = small_source(get_reduction("3sat-to-indset"))
>>> source.num_vars, len(source.clauses)
(4, 3)
>>> small_source(get_reduction("1in3sat-to-rel")).to_dict()["clauses"]
[[1, 2, 3], [-1, 2, -3]]
"""

from __future__ import annotations

from typing import Any

from npw.instances.registry import get_problem

__all__ = ["OPTIONS", "SOURCES", "small_source"]

# problem -> ("dict", the instance's JSON) or ("planted"/"random", the generator's arguments)
SOURCES: dict[str, tuple[str, dict[str, Any]]] = {
    "1in3sat": ("dict", {"num_vars": 3, "clauses": [[1, 2, 3], [-1, 2, -3]]}),
    "3sat": ("dict", {"num_vars": 4, "clauses": [[1, 2, -3], [-1, 3, 4], [-2, -4, 3]]}),
    "cnf": ("dict", {"num_vars": 4, "clauses": [[1, -2], [2, 3, -4, 1], [-1, 4]]}),
    "nae4sat": ("planted", {"seed": 1, "num_vars": 4, "num_clauses": 3}),
    "pm3sat": ("planted", {"seed": 1, "num_vars": 4, "num_clauses": 3}),
    "pm3sat-2occ": ("planted", {"seed": 1, "num_vars": 4, "num_clauses": 3}),
    "hampath-st": ("planted", {"seed": 3, "num_vertices": 4}),
    "hampath-grid-s": ("planted", {"seed": 2, "num_vertices": 6}),
    "3partition": ("planted", {"seed": 1, "m": 2}),
    "4partition": ("planted", {"seed": 1, "m": 2}),
    "indset": ("planted", {"seed": 4, "num_vertices": 7, "k": 3}),
    "vertexcover": ("planted", {"seed": 5, "num_vertices": 6, "k": 3}),
    "clique": ("planted", {"seed": 6, "num_vertices": 7, "k": 3}),
    "subsetsum": ("planted", {"seed": 1, "n": 4, "max_value": 10}),
    "partition": ("planted", {"seed": 1, "n": 4, "max_value": 10}),
    "dhamcycle": ("planted", {"seed": 1, "num_vertices": 6}),
    "hamcycle": ("planted", {"seed": 1, "num_vertices": 6}),
    "3dm": ("planted", {"seed": 1, "q": 2}),
    "x3c": ("planted", {"seed": 1, "q": 2}),
    "dhamcycle-21": ("planted", {"seed": 1, "num_vertices": 6}),
    "dhamcycle-21-planar": ("planted", {"seed": 1, "num_vertices": 6}),
    "hampath-dumbbells": ("planted", {"seed": 1, "num_vertices": 6}),
    "planar3sat": ("planted", {"seed": 1, "num_vars": 4, "num_clauses": 3}),
}
# a reduction whose target grows fast takes a smaller source than its problem's default
_SMALLER: dict[str, tuple[str, dict[str, Any]]] = {
    "vertexcover-to-hamcycle": ("dict", {"num_vertices": 4, "edges": [[0, 1], [1, 2], [2, 3]], "k": 2}),
    # Theorem 3's board at unit 1 (below the paper's unit: see its notes) on one clause is the
    # smallest that can be stored and drawn
    "224sat-to-npuz": ("random", {"seed": 1, "m": 1}),
    # 42 vertices a clause: one clause over two variables is a 46-vertex digraph
    "3sat-to-dhamcycle-21": ("dict", {"num_vars": 2, "clauses": [[1, -2, 2]]}),
    # 12 vertices a literal: (x1 or x2) and (not x1) is a 50-vertex digraph
    "pm3sat-to-dhamcycle-21": ("dict", {"num_vars": 2, "clauses": [[1, 2], [-1]], "order": [1, 2]}),
    "pm3sat-to-dhamcycle-21-planar": ("dict", {"num_vars": 2, "clauses": [[1, 2], [-1]], "order": [1, 2]}),
}
OPTIONS: dict[str, dict[str, Any]] = {"224sat-to-npuz": {"unit": 1}}
"""Reduction id -> the options its small page is built with (``explore(..., **OPTIONS[id])``)."""


def _made(problem_id: str, how: str, arguments: dict[str, Any]) -> Any:
    problem = get_problem(problem_id)
    if how == "dict":
        return problem.from_dict({"problem": problem_id, "version": 1, **arguments})
    return problem.generate(how, **arguments)


def small_source(reduction: Any) -> Any:
    """A small yes-source of ``reduction`` (a registered one; a 224sat source is the 2-clause
    1in3sat formula through ``1in3sat-to-224sat``, as the seeds' chain makes it)."""
    if reduction.id in _SMALLER:
        return _made(reduction.source, *_SMALLER[reduction.id])
    if reduction.source == "224sat":
        from npw.reductions.registry import get_reduction

        return get_reduction("1in3sat-to-224sat").reduce(_made("1in3sat", *SOURCES["1in3sat"]))
    if reduction.source not in SOURCES:
        raise KeyError(f"no small source for {reduction.source} (npw.verify.explore.samples.SOURCES)")
    return _made(reduction.source, *SOURCES[reduction.source])
