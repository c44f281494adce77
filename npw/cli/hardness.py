"""``npw hardness PROBLEM -g GEN --sizes PARAM=V1,V2,...``: how the deciders' time and effort grow
with size on a generator's instances (two generators on the same axes: planted against random).

Every decider call has the ``--timeout`` limit (UNKNOWN at it, counted as not decided); the
engine is :mod:`npw.hardness`. Output: a table per (generator, decider), ``--json`` the same as
JSON, ``--svg FILE`` the chart, ``--db FILE`` every run in the result store's ``hardness`` table
(a second run of the same command takes them from there). Bad input (an unknown problem,
generator, decider or parameter, a size past the generator's limits) is one line and exit 2
before anything runs.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from npw.cli.common import (EXIT_OK, UsageError, dask_address, emit, output_path, parse_params, parse_value,
                            positive_int, positive_seconds, workers)

__all__ = ["MAX_RUNS", "MAX_SIZES", "cmd_hardness", "parse_sizes", "register"]

MAX_SIZES = 50
"""The most sizes one ``--sizes`` may list."""

MAX_RUNS = 100_000
"""The most decider runs one command may ask for (generators x sizes x repeats x deciders)."""


def parse_sizes(text: str) -> tuple[str, tuple[Any, ...]]:
    """``--sizes NAME=V1,V2,...`` as (NAME, values): numbers, distinct, at most MAX_SIZES.

    >>> parse_sizes("num_vars=20,40,60")
    ('num_vars', (20, 40, 60))
    >>> parse_sizes("num_vars")
    Traceback (most recent call last):
    ...
    npw.cli.common.UsageError: --sizes: give NAME=V1,V2,... (a generator parameter and its values), not 'num_vars'
    """
    name, equals, values = text.partition("=")
    name = name.strip()
    if not equals or not name.isidentifier() or not values.strip():
        raise UsageError(f"--sizes: give NAME=V1,V2,... (a generator parameter and its values), not {text[:60]!r}")
    parsed = tuple(parse_value(v.strip()) for v in values.split(",") if v.strip())
    for value in parsed:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise UsageError(f"--sizes {name}: every size must be a number, not {str(value)[:40]!r}")
    if len(parsed) > MAX_SIZES:
        raise UsageError(f"--sizes: at most {MAX_SIZES} sizes, not {len(parsed)}")
    if len(set(parsed)) != len(parsed):
        raise UsageError(f"--sizes {name}: a size is listed twice")
    return name, parsed


def _plan(args: argparse.Namespace) -> Any:
    from npw.hardness import HardnessPlan
    from npw.solvers import backends_for
    from npw.verify.sets import recipe_for

    size_param, sizes = parse_sizes(args.sizes)
    params = parse_params(args.param)
    if size_param in params:
        raise UsageError(f"--sizes names {size_param}: leave it out of -p")
    via = tuple(r.strip() for r in ",".join(args.via).split(",") if r.strip()) if args.via else ()
    generators = tuple(dict.fromkeys(args.generator)) if args.generator else (None,)
    recipes = [recipe_for(args.problem, generator, {**params, size_param: size}, list(via) or None)
               for generator in generators for size in sizes]  # refuses names and sizes past the limits
    generators = tuple(dict.fromkeys(recipe.generator for recipe in recipes))
    target, source = recipes[0].problem, recipes[0].source.id
    known = backends_for(target)
    deciders = tuple(d.strip() for d in args.deciders.split(",") if d.strip()) if args.deciders else tuple(known)
    if not deciders:
        raise UsageError("--deciders: name at least one")
    for decider in deciders:
        family, _, variant = decider.partition(":")
        if family not in known:
            raise UsageError(f"--deciders: no decider {decider!r} for {target} (known: {', '.join(known)})")
        if family == "sat" and variant:
            from npw.solvers.sat import solver_name

            solver_name(variant)  # an unknown SAT solver: one line now, not in every run
    runs = len(generators) * len(sizes) * args.repeats * len(deciders)
    if runs > MAX_RUNS:
        raise UsageError(f"{runs} decider runs asked for (generators x sizes x repeats x deciders): at most {MAX_RUNS}")
    return HardnessPlan(source, generators, size_param, sizes, deciders, params, args.repeats, args.timeout,
                        args.seed, via), target


def _table(series: list[Any], size_param: str) -> str:
    from npw.hardness import growth_text

    lines = []
    for s in series:
        lines.append(f"{s.generator} / {s.decider} (effort: {s.effort_key or 'seconds only'})")
        lines.append(f"  {size_param:>10} {'decided':>8} {'median s':>10} {'s quartiles':>21}"
                     + (f" {'median ' + s.effort_key:>18} {'quartiles':>23}" if s.effort_key else "") + "  answers")
        for p in s.points:
            q1, med, q3 = p.seconds
            row = f"  {p.size!s:>10} {p.decided:>4}/{p.runs:<3} {med:>10.4g} {f'{q1:.3g}..{q3:.3g}':>21}"
            if s.effort_key:
                e = p.effort
                row += (f" {e[1]:>18,.0f} {f'{e[0]:,.0f}..{e[2]:,.0f}':>23}" if e else f" {'-':>18} {'-':>23}")
            answers = " ".join(f"{answer} {count}" for answer, count in sorted(p.answers.items()))
            lines.append(row + f"  {answers}" + (f" ({p.refused} refused)" if p.refused else ""))
        lines.append(f"  growth: {growth_text(s.growth)}")
    return "\n".join(lines)


def cmd_hardness(args: argparse.Namespace) -> int:
    import sqlite3

    from npw.hardness import line_chart, measure, store_runs, stored_runs
    from npw.verify.run import SettingsError, VerifySettings, executor_for

    if args.workers > 1 and args.dask:
        raise UsageError("give --workers or --dask, not both")
    if args.svg == "-" and args.json:
        raise UsageError("--svg - and --json both write to standard output: give --svg a file")
    plan, target = _plan(args)
    done: dict[str, Any] = {}
    if args.db:
        try:
            done = stored_runs(args.db)
        except sqlite3.DatabaseError as error:
            raise UsageError(f"{args.db}: not a result store ({error})") from None
    store = (lambda run: store_runs(args.db, [run])) if args.db else None  # each run kept as it ends
    try:
        with executor_for(VerifySettings(workers=args.workers, dask=args.dask)) as executor:
            runs, series = measure(plan, executor, done, store)
    except SettingsError as error:
        raise UsageError(str(error)) from None
    where = f" via {','.join(plan.via)} ({target})" if plan.via else ""
    title = f"{plan.problem}{where}: {', '.join(plan.generators)}; {plan.repeats} seeds, {plan.timeout:g} s limit"
    if args.svg:
        emit(line_chart(series, title, plan.size_param, args.chart), args.svg)  # whole or not at all; - is stdout
        if args.svg == "-":
            return EXIT_OK  # the chart alone on standard output
    if args.json:
        print(json.dumps({"problem": plan.problem, "target": target, "via": list(plan.via),
                          "generators": list(plan.generators), "params": dict(plan.params),
                          "size_param": plan.size_param, "sizes": list(plan.sizes), "repeats": plan.repeats,
                          "timeout": plan.timeout, "seed": plan.seed, "series": [s.to_dict() for s in series]}))
    else:
        print(title)
        print(_table(series, plan.size_param))
    return EXIT_OK


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("hardness", help="measure how deciders' time and effort grow with size on a generator's "
                                             "instances (planted against random)")
    p.add_argument("problem", nargs="?", help="the problem (with --via: the source or the target)")
    p.add_argument("-g", "--generator", action="append", default=[], metavar="GEN",
                   help="a generator (repeatable: compared on the same axes; default: the problem's default)")
    p.add_argument("--sizes", required=True, metavar="PARAM=V1,V2,...",
                   help="the size parameter (any generator parameter) and its values, e.g. num_vars=20,40,60")
    p.add_argument("-p", "--param", action="append", default=[], metavar="NAME=VALUE",
                   help="a fixed generator parameter (repeatable), e.g. -p ratio=4.26")
    p.add_argument("--deciders", metavar="D1,D2", help="deciders, e.g. sat:cd19,sat:m22 (default: every decider "
                                                       "of the problem)")
    p.add_argument("--repeats", type=positive_int, default=3, help="instances (seeds) per size (default 3)")
    p.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    p.add_argument("--timeout", type=positive_seconds, default=10.0,
                   help="seconds per decider call (default 10); out of time: UNKNOWN, counted as not decided")
    p.add_argument("--via", action="append", metavar="REDUCTION[,REDUCTION]",
                   help="measure the reductions' targets of the generated instances")
    p.add_argument("--json", action="store_true")
    p.add_argument("--svg", type=output_path, metavar="FILE", help="write the chart (median effort vs size, log scale; "
                                                                   "- : the chart alone on standard output)")
    p.add_argument("--chart", choices=("effort", "seconds"), default="effort",
                   help="what --svg plots: each decider's effort count (default; deciders without one left out) "
                        "or seconds")
    p.add_argument("--db", metavar="FILE", help="keep every run in this SQLite result store (table hardness); runs "
                                                "already there are not run again")
    p.add_argument("--workers", type=workers, default=1, help="worker processes (default 1: this process)")
    p.add_argument("--dask", type=dask_address, metavar="ADDR", help="run on this Dask scheduler")
    p.set_defaults(run=cmd_hardness)
