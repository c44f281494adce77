"""An instance set's hardness report: every instance decided, timed and checked against the
manifest, as one self-contained HTML page (``npw check-set DIR --report FILE.html``).

:func:`measure_set` decides every instance of a set (:mod:`npw.verify.sets`) with the problem's
default decider (``npw solve`` without ``--backend``: chosen by the instance's size) and with one
more decider of the problem where it has one (the first of its other deciders, the exponential
``brute`` oracle only where there is no other), each within ``timeout`` seconds. Per run it
records the answer, the seconds and the effort the decider reports (``Result.stats``: search
nodes, SAT conflicts, ...; see :data:`npw.solvers.result.PROGRESS_KEYS`) and whether the answer
agrees with the manifest's (``agrees``, ``DISAGREES``, ``undecided`` when out of time or refused,
``no answer recorded``).

:func:`render_report` draws it as HTML with no script and no external reference (inline CSS,
inline SVG bar charts of the seconds and the effort per instance: :mod:`npw.verify.svg_charts`);
:func:`write_report` writes the page atomically (:func:`npw.instances.io.write_atomically`).

The set is read as :func:`npw.verify.sets.read_set_file` reads every set (untrusted input): an
instance whose JSON file does not hash as the manifest says is listed as such and not decided.
"""

from __future__ import annotations

import hashlib
import json
import os
import statistics
from html import escape
from typing import Any, Mapping

from npw.instances.base import InvalidInstance
from npw.instances.registry import get_problem
from npw.instances.validation import parse_json
from npw.verify.svg_charts import bar_chart

__all__ = ["EFFORT_KEYS", "measure_set", "render_report", "write_report"]

EFFORT_KEYS = ("conflicts", "nodes", "decisions", "branches", "propagations")
"""The ``Result.stats`` keys read as a run's effort, the first one present (a SAT solver's
conflicts, a search's nodes, ...)."""

_STYLE = """
body { font-family: sans-serif; margin: 2em auto; max-width: 1100px; color: #222; line-height: 1.4; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; border-bottom: 1px solid #ddd; margin-top: 1.6em; }
table { border-collapse: collapse; margin: 0.5em 0; } td, th { border: 1px solid #ccc; padding: 0.3em 0.6em; }
th { background: #f3f3f3; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.bad { background: #f8d0d0; font-weight: bold; } td.good { background: #d8efd8; } td.open { background: #fff3cd; }
code { background: #f3f3f3; padding: 0 0.2em; } .small { font-size: 0.85em; color: #555; }
"""


def _effort(stats: Mapping[str, Any]) -> tuple[str | None, float | None]:
    for key in EFFORT_KEYS:
        value = stats.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return key, value
    return None, None


def _agreement(expected: Any, answer: str) -> str:
    if expected not in ("YES", "NO"):
        return "no answer recorded"
    if answer not in ("YES", "NO"):
        return "undecided"
    return "agrees" if answer == expected else "DISAGREES"


def _run(instance: Any, backend: str | None, timeout: float | None, expected: Any) -> dict[str, Any]:
    """One decider on one instance: its answer, seconds, effort and agreement with ``expected``."""
    import time

    from npw.solvers import solve

    started = time.perf_counter()
    try:
        result = solve(instance, backend=backend, timeout=timeout)
    except InvalidInstance as error:  # a decider that does not apply to this instance (one line)
        return {"backend": backend or "default", "answer": "REFUSED", "seconds": time.perf_counter() - started,
                "effort_key": None, "effort": None, "note": str(error), "agreement": _agreement(expected, "REFUSED")}
    stats = result.stats or {}
    key, value = _effort(stats)
    seconds = stats.get("time")
    answer = result.answer.value
    return {"backend": result.backend or backend or "default", "answer": answer,
            "seconds": float(seconds) if isinstance(seconds, (int, float)) else time.perf_counter() - started,
            "effort_key": key, "effort": value, "note": str(stats.get("refused") or stats.get("timed_out_while") or ""),
            "agreement": _agreement(expected, answer)}


def _second_decider(instance: Any, default: str) -> str | None:
    """The other decider a report runs on ``instance``: the first of the problem's deciders of
    another family than the default's that takes it (:func:`npw.solvers.takes`), ``brute`` only
    where there is no other."""
    from npw.solvers import backends_for, takes

    family = default.partition(":")[0]
    others = [d for d in backends_for(instance.problem) if d != family and takes(instance, d)]
    return next((d for d in others if d != "brute"), others[0] if others else None)


def measure_set(folder: str | os.PathLike, timeout: float | None = 10.0) -> dict[str, Any]:
    """Every instance of the set decided by the default decider and one more (see the module's
    docstring); returns ``{"set", "problem", "generator", "params", "via", "timeout",
    "instances": [{"name", "size", "expected", "answer_by", "runs": [...]}], "counts"}``.

    >>> import tempfile, os
    >>> from npw.verify.sets import write_set
    >>> folder = os.path.join(tempfile.mkdtemp(), "s")
    >>> _ = write_set(folder, "1in3sat", 2, 0, "certified-no", {"num_vars": 6})
    >>> report = measure_set(folder, timeout=20)
    >>> [len(i["runs"]) for i in report["instances"]], report["counts"]["DISAGREES"]
    ([2, 2], 0)
    >>> sorted({run["agreement"] for i in report["instances"] for run in i["runs"]})
    ['agrees']
    """
    from npw.verify.sets import read_manifest, read_set_file

    manifest = read_manifest(folder)
    root = folder if os.path.isdir(folder) else os.path.dirname(os.fspath(folder)) or "."
    problem = get_problem(manifest["problem"])
    instances = []
    counts = {"agrees": 0, "DISAGREES": 0, "undecided": 0, "no answer recorded": 0}
    for entry in manifest["instances"]:
        name, expected = str(entry.get("name", "?")), entry.get("answer")
        row: dict[str, Any] = {"name": name, "size": entry.get("size"), "expected": expected,
                               "answer_by": entry.get("answer_by", ""), "runs": []}
        instances.append(row)
        file_name = entry["files"]["json"]
        try:
            data = read_set_file(root, file_name)
            if hashlib.sha256(data).hexdigest() != entry["sha256"].get("json"):
                raise InvalidInstance("SHA-256 differs from the manifest's (not decided)")
            instance = problem.from_dict(parse_json(data.decode("utf-8")))
        except (InvalidInstance, UnicodeDecodeError, json.JSONDecodeError) as error:
            row["error"] = f"{file_name}: {str(error).removeprefix(f'{file_name}: ')}"
            continue
        default = _run(instance, None, timeout, expected)
        row["runs"].append(default)
        second = _second_decider(instance, default["backend"])
        if second is not None:
            row["runs"].append(_run(instance, second, timeout, expected))
        for run in row["runs"]:
            counts[run["agreement"]] += 1
    return {"set": str(folder), "problem": problem.id, "generator": manifest["generator"],
            "params": manifest["params"], "via": manifest.get("via"), "timeout": timeout,
            "instances": instances, "counts": counts}


def _cell(text: Any, css: str = "") -> str:
    return f'<td class="{css}">{escape(str(text))}</td>' if css else f"<td>{escape(str(text))}</td>"


def render_report(report: Mapping[str, Any]) -> str:
    """The report of :func:`measure_set` as one self-contained HTML page (no script).

    >>> page = render_report({"set": "s", "problem": "3sat", "generator": "random", "params": {}, "via": None,
    ...     "timeout": 1, "counts": {"agrees": 1}, "instances": [{"name": "3sat-00000", "size": {"n": 3},
    ...     "expected": "NO", "answer_by": "sat:m22", "runs": [{"backend": "sat:m22", "answer": "NO",
    ...     "seconds": 0.01, "effort_key": "conflicts", "effort": 4, "note": "", "agreement": "agrees"}]}]})
    >>> "<script" in page, "3sat-00000" in page, page.count("<svg") >= 1
    (False, True, True)
    """
    via = report.get("via")
    origin = (f"{via['source']} {report['generator']} through {', '.join(via['reductions'])}" if via
              else report["generator"])
    timeout = report.get("timeout")
    rows, seconds_bars, effort_bars = [], [], []
    for item in report["instances"]:
        runs = item["runs"] or [None]
        for number, run in enumerate(runs):
            head = (_cell(item["name"]) + _cell(json.dumps(item["size"], sort_keys=True), "small")
                    + _cell(f"{item['expected'] or '-'} ({item['answer_by'] or 'not recorded'})")
                    if number == 0 else "<td></td><td></td><td></td>")
            if run is None:
                rows.append(f"<tr>{head}{_cell(item.get('error', 'not decided'), 'bad')}"
                            f"<td></td><td></td><td></td><td></td></tr>")
                continue
            css = {"agrees": "good", "DISAGREES": "bad", "undecided": "open"}.get(run["agreement"], "")
            effort = f"{run['effort']:,} {run['effort_key']}" if run["effort"] is not None else "-"
            answer = run["answer"] + (f" ({run['note']})" if run.get("note") else "")
            rows.append(f"<tr>{head}{_cell(run['backend'])}{_cell(answer)}"
                        f"<td class=\"num\">{run['seconds']:.3f}</td><td class=\"num\">{escape(effort)}</td>"
                        f"{_cell(run['agreement'], css)}</tr>")
            label = f"{item['name']} {run['backend']}"
            seconds_bars.append((label, round(float(run["seconds"]), 4)))
            if run["effort"] is not None:
                effort_bars.append((f"{label} ({run['effort_key']})", float(run["effort"])))
    counts = report["counts"]
    decided = [r["seconds"] for i in report["instances"] for r in i["runs"] if r["answer"] in ("YES", "NO")]
    summary = ", ".join(f"{value} {key}" for key, value in counts.items() if value)
    median = f"; median seconds of the decided runs {statistics.median(decided):.3f}" if decided else ""
    parts = [
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        f"<title>npw set report: {escape(str(report['set']))}</title><style>{_STYLE}</style></head><body>",
        f"<h1>Hardness report of the set <code>{escape(str(report['set']))}</code></h1>",
        f"<p>{len(report['instances'])} {escape(report['problem'])} instances ({escape(origin)}, parameters "
        f"<code>{escape(json.dumps(report['params'], sort_keys=True))}</code>); each decided by the default decider "
        f"and one more, {escape(str(timeout))} s each. Runs: {escape(summary or 'none')}{escape(median)}.</p>",
        "<h2>Instances</h2>",
        "<table><tr><th>instance</th><th>size</th><th>manifest's answer (how known)</th><th>decider</th>"
        "<th>answer</th><th>seconds</th><th>effort</th><th>agreement</th></tr>",
        *rows, "</table>",
        "<h2>Seconds per run</h2>", bar_chart(seconds_bars, "s", width=900),
        "<h2>Effort per run</h2>",
        bar_chart(effort_bars, "", width=900) if effort_bars else "<p>(no decider reported its effort)</p>",
        '<p class="small">Written by <code>npw check-set --report</code>. Effort: the first of '
        f"{escape(', '.join(EFFORT_KEYS))} the decider reports. Undecided: out of time or refused.</p>",
        "</body></html>", ""]
    return "\n".join(parts)


def write_report(folder: str | os.PathLike, path: str | os.PathLike, timeout: float | None = 10.0) -> dict[str, Any]:
    """Measures the set (:func:`measure_set`) and writes its HTML page to ``path`` atomically;
    returns the report."""
    from npw.instances.io import write_atomically

    report = measure_set(folder, timeout)
    write_atomically(path, render_report(report))
    return report
