"""Measuring hardness: how a decider's time and effort grow with size on a generator's instances.

For a problem (or a reduction chain's target, ``via``), one or more generators, a size parameter
over a few values and several deciders, :func:`measure` generates ``repeats`` instances per size
(seeds ``seed``, ``seed + 1``, ...; the same seeds for every decider), runs each decider on each
with a time limit (:func:`npw.solvers.solve`: UNKNOWN at its limit, never a guess) and gives per
(generator, decider) a :class:`Series`: per size the median and quartiles of seconds and of
*effort* (the decider's own count from ``Result.stats``: conflicts for a SAT solver, nodes for a
search; :data:`EFFORT_KEYS`), the fraction decided (an UNKNOWN counts as not decided; its
seconds and effort at the limit stay in the quartiles, so a median over mostly UNKNOWN runs is
a lower bound, said by ``fraction_decided`` below one half), and the fitted growth
(:func:`fit_growth`: least squares of log median effort against size, an exponential's base, and
against log size, a polynomial's exponent, with which fits better).

Runs in this process, on a process pool or on a Dask cluster (:func:`run_tasks` takes any
``concurrent.futures`` executor); each run is a plain dict (:func:`run_one`), which
:func:`store_runs` keeps in an SQLite table ``hardness`` of a result store file, and
:func:`line_chart` draws as SVG.

>>> fit = fit_growth([(10, 100.0), (20, 1000.0), (30, 10000.0)])
>>> round(fit.exponential_base ** 10, 6), fit.better
(10.0, 'exponential')
"""

from __future__ import annotations

import json
import math
import sqlite3
import statistics
import time
from concurrent.futures import Executor
from dataclasses import asdict, dataclass, field
from html import escape
from typing import Any, Callable, Iterable, Mapping, Sequence

__all__ = ["EFFORT_KEYS", "Growth", "HardnessPlan", "Point", "Series", "TABLE", "effort_key", "fit_growth",
           "growth_text", "line_chart", "measure", "plan_tasks", "quartiles", "run_instance", "run_one", "run_tasks",
           "store_runs",
           "stored_runs", "summarise", "task_key"]

EFFORT_KEYS = ("conflicts", "nodes", "decisions", "branches", "generated", "rounds")
"""The ``Result.stats`` counts read as a decider's effort, first found first: a SAT or CP-SAT
solver's conflicts, a search's expanded nodes; then decisions, branches, generated nodes and
rounds for deciders that count only those. A decider that reports none of them (z3's ``smt``,
a decider that answered by a bound) is measured by its seconds alone."""

TABLE = """
CREATE TABLE IF NOT EXISTS hardness (
    key TEXT PRIMARY KEY,
    problem TEXT NOT NULL, generator TEXT NOT NULL, via TEXT, params TEXT NOT NULL,
    size_param TEXT NOT NULL, size REAL NOT NULL, seed INTEGER NOT NULL,
    decider TEXT NOT NULL, timeout REAL, answer TEXT NOT NULL, backend TEXT,
    seconds REAL NOT NULL, stats TEXT NOT NULL, measured REAL NOT NULL, refused TEXT
);
"""
"""The result store's table of hardness runs: one row per (instance, decider, time limit), keyed
by all that defines the run (a second ``--db`` run of the same command reads them back)."""


@dataclass(frozen=True)
class HardnessPlan:
    """What :func:`measure` runs: ``generators`` of ``problem`` (the source, with ``via``) with
    ``params``, the parameter ``size_param`` at each of ``sizes``, ``repeats`` seeds from ``seed``,
    each decider of ``deciders`` with ``timeout`` seconds a call."""

    problem: str
    generators: tuple[str, ...]
    size_param: str
    sizes: tuple[Any, ...]
    deciders: tuple[str, ...]
    params: Mapping[str, Any] = field(default_factory=dict)
    repeats: int = 3
    timeout: float | None = 10.0
    seed: int = 0
    via: tuple[str, ...] = ()


@dataclass(frozen=True)
class Growth:
    """A least-squares fit of ``log(y)`` against size (exponential: ``y ~ base ** size``) and
    against ``log(size)`` (polynomial: ``y ~ size ** exponent``), each with its r²; ``better``
    names the one with the higher r² (``constant`` where every y is the same), None with fewer than
    3 points (or no spread in size)."""

    points: int
    exponential_base: float | None = None
    exponential_r2: float | None = None
    polynomial_exponent: float | None = None
    polynomial_r2: float | None = None
    better: str | None = None


@dataclass(frozen=True)
class Point:
    """One size of a series: ``runs`` runs, ``decided`` of them YES or NO, ``answers`` by answer;
    ``seconds`` and ``effort`` as (first quartile, median, third quartile) over every run (effort
    None where the decider reports no :data:`EFFORT_KEYS`); ``refused``: the UNKNOWN runs whose
    decider refused the instance as too large or outside its case (not out of time)."""

    size: Any
    runs: int
    decided: int
    answers: Mapping[str, int]
    seconds: tuple[float, float, float]
    effort: tuple[float, float, float] | None
    refused: int = 0

    @property
    def fraction_decided(self) -> float:
        return self.decided / self.runs if self.runs else 0.0


@dataclass(frozen=True)
class Series:
    """One (generator, decider) curve: its :class:`Point` per size, its effort key (None:
    seconds only) and the growth fitted to its medians (effort where there is one, else seconds)
    over the sizes where at least half the runs were decided."""

    generator: str
    decider: str
    effort_key: str | None
    points: tuple[Point, ...]
    growth: Growth

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for point, row in zip(self.points, data["points"]):
            row["fraction_decided"] = point.fraction_decided
        return data


def quartiles(values: Sequence[float]) -> tuple[float, float, float]:
    """(first quartile, median, third quartile) of ``values`` (the median of each half, halves
    without the median of an odd count); one value is its own three.

    >>> quartiles([1, 2, 3, 4, 5])
    (1.5, 3, 4.5)
    >>> quartiles([7])
    (7, 7, 7)
    """
    ordered = sorted(values)
    if not ordered:
        raise ValueError("no values")
    if len(ordered) == 1:
        return ordered[0], ordered[0], ordered[0]
    half = len(ordered) // 2
    low, high = ordered[:half], ordered[half + len(ordered) % 2:]
    return statistics.median(low), statistics.median(ordered), statistics.median(high)


def _least_squares(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float] | None:
    """(slope, r²) of the least-squares line through (xs, ys); None without spread in xs."""
    n = len(xs)
    mean_x, mean_y = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mean_x) ** 2 for x in xs)
    if sxx == 0:
        return None
    sxy = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys))
    syy = sum((y - mean_y) ** 2 for y in ys)
    slope = sxy / sxx
    r2 = 1.0 if syy == 0 else (sxy * sxy) / (sxx * syy)
    return slope, r2


def fit_growth(points: Iterable[tuple[float, float]]) -> Growth:
    """The growth of ``y`` with ``size`` over ``points`` (size, y): only points with both above 0
    count (a log needs them); fewer than 3 leave the fit empty.

    >>> fit = fit_growth([(10, 1000.0), (20, 8000.0), (40, 64000.0)])
    >>> round(fit.polynomial_exponent, 6), fit.better
    (3.0, 'polynomial')
    >>> fit_growth([(10, 5.0), (20, 0.0)]).better is None
    True
    """
    kept = [(float(s), float(y)) for s, y in points if s > 0 and y > 0]
    if len(kept) < 3:
        return Growth(len(kept))
    logs = [math.log(y) for _, y in kept]
    exponential = _least_squares([s for s, _ in kept], logs)
    polynomial = _least_squares([math.log(s) for s, _ in kept], logs)
    if exponential is None or polynomial is None:
        return Growth(len(kept))
    if len({y for _, y in kept}) == 1:  # no growth at all: neither form fits better
        return Growth(len(kept), 1.0, 1.0, 0.0, 1.0, "constant")
    better = "exponential" if exponential[1] > polynomial[1] else "polynomial"
    return Growth(len(kept), math.exp(exponential[0]), exponential[1], polynomial[0], polynomial[1], better)


def effort_key(stats_list: Iterable[Mapping[str, Any]]) -> str | None:
    """The first of :data:`EFFORT_KEYS` any of the runs' stats report as a number, else None.

    >>> effort_key([{"time": 1.0}, {"time": 2.0, "conflicts": 17, "decisions": 40}])
    'conflicts'
    >>> effort_key([{"time": 1.0, "lower_bound": 1}]) is None
    True
    """
    present = set()
    for stats in stats_list:
        present.update(k for k, v in stats.items() if isinstance(v, (int, float)) and not isinstance(v, bool))
    return next((key for key in EFFORT_KEYS if key in present), None)


def _size_value(size: Any) -> float:
    return float(size) if isinstance(size, (int, float)) and not isinstance(size, bool) else float("nan")


def plan_tasks(plan: HardnessPlan) -> list[dict[str, Any]]:
    """The runs of ``plan``, one dict each (what :func:`run_one` takes: picklable for a pool)."""
    tasks = []
    for generator in plan.generators:
        for size in plan.sizes:
            for repeat in range(plan.repeats):
                for decider in plan.deciders:
                    tasks.append({"problem": plan.problem, "generator": generator, "via": list(plan.via),
                                  "params": {**plan.params, plan.size_param: size}, "size_param": plan.size_param,
                                  "size": size, "seed": plan.seed + repeat, "decider": decider,
                                  "timeout": plan.timeout})
    return tasks


def task_key(task: Mapping[str, Any]) -> str:
    """The identity of a run (its store key): every field that defines it, as canonical JSON."""
    return json.dumps({k: task[k] for k in ("problem", "generator", "via", "params", "seed", "decider", "timeout")},
                      sort_keys=True)


def run_one(task: Mapping[str, Any]) -> dict[str, Any]:
    """Generates the task's instance (through its ``via`` reductions) and decides it with its
    decider within its time limit; the task with ``answer``, ``backend``, ``seconds`` (the
    decider's own ``stats["time"]``, else the call's wall time), the numeric ``stats`` and
    ``build_seconds`` (generating and reducing). A decider that refuses the instance
    (InvalidInstance: a theorem's decider outside its case) gives UNKNOWN with ``refused``, its
    reason."""
    return run_instance([task])[0]


def run_instance(tasks: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """:func:`run_one` for tasks of one instance (the same problem, generator, parameters, seed and
    ``via``; their deciders differ): the instance is built once (a reduction's target can take
    longer to build than to decide)."""
    from npw.instances.base import InvalidInstance
    from npw.solvers import solve
    from npw.verify.sets import recipe_for

    first = tasks[0]
    began = time.perf_counter()
    recipe = recipe_for(first["problem"], first["generator"], first["params"], first["via"] or None)
    instance = recipe.build(first["seed"])
    built = time.perf_counter() - began
    runs = []
    for task in tasks:
        began = time.perf_counter()
        try:
            result = solve(instance, backend=task["decider"], timeout=task["timeout"])
        except InvalidInstance as error:  # a decider for part of the problem (a theorem's case) refuses the rest
            runs.append({**task, "answer": "UNKNOWN", "backend": task["decider"], "build_seconds": built,
                         "seconds": time.perf_counter() - began, "stats": {}, "refused": str(error)[:200]})
            continue
        wall = time.perf_counter() - began
        stats = {k: v for k, v in result.stats.items()
                 if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)}
        run = {**task, "answer": result.answer.value, "backend": result.backend, "build_seconds": built,
               "seconds": float(stats.get("time", wall)), "stats": stats}
        if result.stats.get("refused"):  # too large for the decider's method: said apart from out of time
            run["refused"] = str(result.stats["refused"])[:200]
        runs.append(run)
    return runs


def _instance_key(task: Mapping[str, Any]) -> str:
    return json.dumps({k: task[k] for k in ("problem", "generator", "via", "params", "seed")}, sort_keys=True)


def run_tasks(tasks: Sequence[Mapping[str, Any]], executor: Executor | None = None,
              done: Mapping[str, dict[str, Any]] | None = None,
              progress: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    """Every task run (in this process without ``executor``), in the tasks' order; those whose
    :func:`task_key` is in ``done`` are taken from there, not run again; the others are run an
    instance at a time (:func:`run_instance`: built once for all its deciders); ``progress`` is
    called with each new run as it ends."""
    done = done or {}
    runs: dict[int, dict[str, Any]] = {}
    todo: dict[str, list[int]] = {}
    for index, task in enumerate(tasks):
        stored = done.get(task_key(task))
        if stored is not None:
            runs[index] = stored
        else:
            todo.setdefault(_instance_key(task), []).append(index)

    def finished(indices: list[int], results: list[dict[str, Any]]) -> None:
        for index, run in zip(indices, results):
            runs[index] = run
            if progress:
                progress(run)

    if executor is None:
        for indices in todo.values():
            finished(indices, run_instance([tasks[i] for i in indices]))
    else:
        from concurrent.futures import as_completed

        futures = {executor.submit(run_instance, [dict(tasks[i]) for i in indices]): indices
                   for indices in todo.values()}
        for future in as_completed(futures):
            finished(futures[future], future.result())
    return [runs[index] for index in range(len(tasks))]


def summarise(runs: Sequence[Mapping[str, Any]]) -> list[Series]:
    """The runs grouped into one :class:`Series` per (generator, decider), in first-seen order."""
    groups: dict[tuple[str, str], list[Mapping[str, Any]]] = {}
    for run in runs:
        groups.setdefault((run["generator"], run["decider"]), []).append(run)
    series = []
    for (generator, decider), group in groups.items():
        key = effort_key(run["stats"] for run in group)
        by_size: dict[Any, list[Mapping[str, Any]]] = {}
        for run in group:
            by_size.setdefault(run["size"], []).append(run)
        points = []
        for size, at_size in by_size.items():
            answers: dict[str, int] = {}
            for run in at_size:
                answers[run["answer"]] = answers.get(run["answer"], 0) + 1
            efforts = [run["stats"][key] for run in at_size if key in run["stats"]] if key else []
            points.append(Point(size, len(at_size), sum(1 for r in at_size if r["answer"] != "UNKNOWN"), answers,
                                quartiles([run["seconds"] for run in at_size]),
                                quartiles(efforts) if efforts else None, sum(1 for r in at_size if r.get("refused"))))
        fitted = [(_size_value(p.size), (p.effort[1] if key and p.effort else p.seconds[1]))
                  for p in points if p.fraction_decided >= 0.5]
        series.append(Series(generator, decider, key, tuple(points), fit_growth(fitted)))
    return series


def measure(plan: HardnessPlan, executor: Executor | None = None, done: Mapping[str, dict[str, Any]] | None = None,
            progress: Callable[[dict[str, Any]], None] | None = None) -> tuple[list[dict[str, Any]], list[Series]]:
    """Runs ``plan`` and returns (its runs, their series).

    >>> plan = HardnessPlan("3sat", ("random",), "num_vars", (8, 12, 16), ("sat:m22",), {"ratio": 4.26},
    ...                     repeats=2, timeout=10)
    >>> runs, (series,) = measure(plan)
    >>> len(runs), series.effort_key, [p.runs for p in series.points]
    (6, 'conflicts', [2, 2, 2])
    """
    runs = run_tasks(plan_tasks(plan), executor, done, progress)
    return runs, summarise(runs)


def store_runs(path: str, runs: Iterable[Mapping[str, Any]]) -> None:
    """Adds the runs to the ``hardness`` table of the SQLite file ``path`` (created if new), one
    transaction; a run already there (same :func:`task_key`) is replaced."""
    db = sqlite3.connect(path)
    try:
        db.executescript(TABLE)
        with db:
            db.executemany(
                "INSERT OR REPLACE INTO hardness VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(task_key(r), r["problem"], r["generator"], ",".join(r["via"]) or None, json.dumps(r["params"], sort_keys=True),
                  r["size_param"], _size_value(r["size"]), r["seed"], r["decider"], r["timeout"], r["answer"],
                  r["backend"], r["seconds"], json.dumps(r["stats"], sort_keys=True), time.time(), r.get("refused"))
                 for r in runs])
    finally:
        db.close()


def stored_runs(path: str) -> dict[str, dict[str, Any]]:
    """The runs in the ``hardness`` table of ``path`` by :func:`task_key` (empty if none)."""
    db = sqlite3.connect(path)
    try:
        db.executescript(TABLE)
        rows = db.execute("SELECT key, size_param, answer, backend, seconds, stats, refused FROM hardness").fetchall()
    finally:
        db.close()
    runs = {}
    for key, size_param, answer, backend, seconds, stats, refused in rows:
        task = json.loads(key)
        runs[key] = {**task, "size_param": size_param, "size": task["params"].get(size_param), "answer": answer,
                     "backend": backend, "seconds": seconds, "stats": json.loads(stats)}
        if refused:
            runs[key]["refused"] = refused
    return runs


_COLOURS = ("#4c78a8", "#f58518", "#54a24b", "#e45756", "#72b7b2", "#b279a2", "#eeca3b", "#9d755d")


def line_chart(series: Sequence[Series], title: str, size_label: str, quantity: str = "effort", width: int = 860,
               height: int = 380) -> str:
    """An SVG chart of the series: median ``quantity`` (``effort``: each series' effort key, the
    series without one left out; ``seconds``: every series) on a log scale against size, the
    quartiles as a bar at each point, one colour per series, an UNKNOWN-heavy point (decided
    below one half) drawn hollow; the legend gives each fit (of effort, where there is one).

    >>> svg = line_chart(summarise([{"generator": "random", "decider": "sat", "size": 10, "answer": "YES",
    ...                              "seconds": 0.1, "stats": {"conflicts": 5}}]), "t", "n")
    >>> svg.startswith("<svg") and "random / sat" in svg
    True
    """
    if quantity not in ("effort", "seconds"):
        raise ValueError(f"quantity is effort or seconds, not {quantity!r}")

    def spread(s: Series, p: Point) -> tuple[float, float, float] | None:
        return p.seconds if quantity == "seconds" else p.effort  # a run out of time while encoding: no effort

    series = [s for s in series if quantity == "seconds" or s.effort_key]
    left, right, top, legend_row = 60, 20, 34, 16
    bottom = 46 + legend_row * len(series)
    total_height = height + legend_row * len(series)
    plot_w, plot_h = width - left - right, total_height - top - bottom
    values: list[float] = []
    sizes: list[float] = []
    for s in series:
        for p in s.points:
            q = spread(s, p)
            values.extend(v for v in q or () if v > 0)
            sizes.append(_size_value(p.size))
    sizes = [s for s in sizes if math.isfinite(s)] or [0.0, 1.0]
    low_y = math.floor(math.log10(min(values))) if values else 0
    high_y = math.ceil(math.log10(max(values))) if values else 1
    if high_y <= low_y:
        high_y = low_y + 1
    low_x, high_x = min(sizes), max(sizes)
    if high_x <= low_x:
        low_x, high_x = low_x - 1, high_x + 1

    def x_of(size: float) -> float:
        return left + plot_w * (size - low_x) / (high_x - low_x)

    def y_of(value: float) -> float:
        value = max(value, 10.0 ** low_y)
        return top + plot_h * (1 - (math.log10(value) - low_y) / (high_y - low_y))

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total_height}" '
             f'font-family="sans-serif" font-size="12" role="img">',
             f'<rect width="{width}" height="{total_height}" fill="white"/>',
             f'<text x="{width / 2}" y="18" text-anchor="middle" font-size="14">{escape(title)}</text>',
             f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" stroke="black"/>',
             f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="black"/>']
    for exponent in range(low_y, high_y + 1):
        y = y_of(10.0 ** exponent)
        parts.append(f'<line x1="{left - 4}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">1e{exponent}</text>')
    for size in sorted(set(sizes)):
        x = x_of(size)
        parts.append(f'<text x="{x:.1f}" y="{top + plot_h + 16}" text-anchor="middle">{size:g}</text>')
    parts.append(f'<text x="{left + plot_w / 2}" y="{top + plot_h + 32}" text-anchor="middle">'
                 f'{escape(size_label)}</text>')
    units = {s.effort_key or "seconds" for s in series} if quantity == "effort" else {"seconds"}
    parts.append(f'<text x="14" y="{top + plot_h / 2}" text-anchor="middle" transform="rotate(-90 14 '
                 f'{top + plot_h / 2})">median {escape(" / ".join(sorted(units)))} (log)</text>')
    for index, s in enumerate(series):
        colour = _COLOURS[index % len(_COLOURS)]
        dashed = ' stroke-dasharray="5 3"' if index % 2 else ""
        coords = []
        for p in s.points:
            q = spread(s, p)
            if q is None:
                continue
            x = x_of(_size_value(p.size))
            coords.append((x, y_of(q[1])))
            parts.append(f'<line x1="{x:.1f}" y1="{y_of(q[0]):.1f}" x2="{x:.1f}" y2="{y_of(q[2]):.1f}" '
                         f'stroke="{colour}" stroke-width="2" opacity="0.6"/>')
            fill = colour if p.fraction_decided >= 0.5 else "white"
            parts.append(f'<circle cx="{x:.1f}" cy="{y_of(q[1]):.1f}" r="4" fill="{fill}" stroke="{colour}">'
                         f'<title>{escape(s.generator)} / {escape(s.decider)} at {p.size}: median {q[1]:.4g}, '
                         f'{p.decided}/{p.runs} decided</title></circle>')
        parts.append(f'<polyline points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in coords)}" fill="none" '
                     f'stroke="{colour}" stroke-width="1.5"{dashed}/>')
        y = total_height - legend_row * (len(series) - index) + 4
        parts.append(f'<line x1="{left}" y1="{y - 4}" x2="{left + 24}" y2="{y - 4}" stroke="{colour}" '
                     f'stroke-width="2"{dashed}/>')
        parts.append(f'<text x="{left + 30}" y="{y}" font-size="11">{escape(s.generator)} / {escape(s.decider)} '
                     f'({escape(s.effort_key or "seconds")}): {escape(growth_text(s.growth))}</text>')
    if not series:
        parts.append(f'<text x="{width / 2}" y="{top + plot_h / 2}" text-anchor="middle">(no decider reports '
                     f'an effort count: see the seconds chart)</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def growth_text(growth: Growth) -> str:
    """The fit in words.

    >>> growth_text(Growth(3, 2.0, 0.99, 5.0, 0.9, "exponential"))
    'exponential, base 2 per unit of size (r² 0.99); polynomial exponent 5 (r² 0.9)'
    >>> growth_text(Growth(2))
    'no fit (2 sizes at least half decided with a median above 0)'
    """
    if growth.better is None:
        return f"no fit ({growth.points} sizes at least half decided with a median above 0)"
    if growth.better == "constant":
        return "constant (the same median at every size)"
    exponential = f"base {growth.exponential_base:.4g} per unit of size (r² {growth.exponential_r2:.2g})"
    polynomial = f"exponent {growth.polynomial_exponent:.3g} (r² {growth.polynomial_r2:.2g})"
    if growth.better == "exponential":
        return f"exponential, {exponential}; polynomial {polynomial}"
    return f"polynomial, {polynomial}; exponential {exponential}"
