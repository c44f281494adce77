"""A verification run as one self-contained HTML page (``npw verify ... --html OUT.html``).

The page has no external reference (inline CSS, inline SVG charts, drawings as ``data:``
URIs): the verdict and counts, the confusion matrix (source answer x target answer), the
target sizes the reduction's ``size()`` formula predicts against the sizes of the targets
actually built (on a sample of the run's cases), the time spent per decider, and the shrunk
counterexample, drawn with the source's and the target's renderers
(``Problem.renderer``) where they have one.
"""

from __future__ import annotations

import base64
import json
from html import escape
from typing import Any, Iterable

from npw.instances.registry import get_problem, renderer_for
from npw.reductions.base import Reduction
from npw.verify.svg_charts import bar_chart, scatter

__all__ = ["ANSWERS", "STYLE", "render_html", "report_fragment", "size_sample"]

ANSWERS = ("YES", "NO", "UNKNOWN")

STYLE = """
body { font-family: sans-serif; margin: 2em auto; max-width: 1000px; color: #222; line-height: 1.4; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; border-bottom: 1px solid #ddd; margin-top: 1.6em; }
.verdict { display: inline-block; padding: 0.2em 0.8em; border-radius: 4px; color: white; font-weight: bold; }
.passed { background: #2ca02c; } .failed { background: #d62728; }
table { border-collapse: collapse; margin: 0.5em 0; } td, th { border: 1px solid #ccc; padding: 0.3em 0.7em; }
th { background: #f3f3f3; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.bad { background: #f8d0d0; font-weight: bold; } td.good { background: #d8efd8; }
.warning { color: #a35400; }
pre { background: #f6f6f6; padding: 0.6em; font-size: 0.85em; white-space: pre-wrap; word-break: break-all; }
.charts { display: flex; flex-wrap: wrap; gap: 1em; } figure { margin: 0.5em 0; }
figcaption { font-size: 0.9em; color: #555; } code { background: #f3f3f3; padding: 0 0.2em; }
"""


def size_sample(reduction: Reduction, cases: Iterable[tuple[str, Any]], limit: int = 300) -> list[dict]:
    """For up to ``limit`` cases: the sizes ``reduction.size`` predicts and the sizes of the
    target ``reduction.reduce`` builds (no deciding: cheap). A crash is recorded, not raised."""
    rows = []
    for number, (label, source) in enumerate(cases):
        if number >= limit:
            break
        row: dict[str, Any] = {"label": label, "predicted": None, "built": None, "error": None}
        try:
            row["built"] = reduction.reduce(source).size()
            if reduction.size is not None:
                row["predicted"] = reduction.size(source)
        except Exception as error:  # the construction under test: its crash is a finding
            row["error"] = f"{type(error).__name__}: {error}"
        rows.append(row)
    return rows


def _table(rows: list[list[str]], header: list[str] | None = None) -> str:
    """A table of ready-made cells (``<td>``/``<th>`` strings), with an optional header row."""
    head = "<tr>" + "".join(f"<th>{escape(h)}</th>" for h in header) + "</tr>" if header else ""
    body = "".join("<tr>" + "".join(row) + "</tr>" for row in rows)
    return f"<table>{head}{body}</table>"


def _cell(value: Any, css: str = "num") -> str:
    return f'<td class="{css}">{escape(str(value))}</td>'


def _confusion(report: dict) -> str:
    confusion = report["confusion"]
    rows = []
    for source in ANSWERS:
        cells = [f"<th>source {source}</th>"]
        for target in ANSWERS:
            n = confusion.get(f"{source}->{target}", 0)
            decided = "UNKNOWN" not in (source, target)
            css = "num " + ("bad" if n and decided and source != target else "good" if n and decided else "")
            cells.append(_cell(n, css.strip()))
        rows.append(cells)
    return _table(rows, ["", "target YES", "target NO", "target UNKNOWN"])


def _summary(report: dict) -> str:
    counts = [("cases", report["cases"]), ("source yes / no", f"{report['source_yes']} / {report['source_no']}"),
              ("target yes / no", f"{report['target_yes']} / {report['target_no']}"),
              ("mismatches (yes/no not preserved)", report["mismatches"]),
              ("certificate failures (forward/backward)", report["certificate_failures"]),
              ("size failures", report["size_failures"]), ("invalid targets", report["invalid_targets"]),
              ("decider disagreements", report["decider_disagreements"]), ("timeouts (UNKNOWN)", report["timeouts"]),
              ("seconds", report["seconds"])]
    failing = {"mismatches (yes/no not preserved)", "certificate failures (forward/backward)", "size failures",
               "invalid targets", "decider disagreements"}
    rows = [[f"<th>{escape(name)}</th>", _cell(value, "num bad" if name in failing and value else "num")]
            for name, value in counts]
    warnings = "".join(f'<li class="warning">{escape(w)}</li>' for w in report["warnings"])
    stuck = "".join(f"<li>{escape(line)}</li>" for line in report.get("stuck_examples", ()))
    stuck_list = (f"<p>Undecided decider calls, how far they got ({len(report['stuck_examples'])} of "
                  f"{report['stuck_deciders']}):</p><ul>{stuck}</ul>") if stuck else ""
    return _table(rows) + (f"<ul>{warnings}</ul>" if warnings else "") + stuck_list


def _sizes(reduction: Reduction, rows: list[dict]) -> str:
    if not rows:
        return "<p>No cases were sampled.</p>"
    errors = [r for r in rows if r["error"]]
    intro = f"<p>{len(rows)} cases of the run, rebuilt without deciding.</p>"
    if errors:
        intro += f'<p class="warning">reduce raised on {len(errors)} of them, e.g. {escape(errors[0]["error"])}</p>'
    if reduction.size is None:
        keys = sorted({k for r in rows if r["built"] for k in r["built"]})
        table = _table([[f"<th>{escape(k)}</th>", _cell(max(r["built"].get(k, 0) for r in rows if r["built"]))]
                        for k in keys], ["measure", "largest built"])
        return intro + "<p>This reduction gives no size formula (<code>size</code> is None): built sizes only.</p>" + table
    compared = [r for r in rows if r["predicted"] is not None and r["built"] is not None]
    keys = sorted({k for r in compared for k in r["predicted"]})
    charts, table_rows = [], []
    for key in keys:
        points = [(r["predicted"][key], r["built"].get(key, -1)) for r in compared]
        agree = sum(1 for x, y in points if x == y)
        charts.append(f"<figure>{scatter(points, 'formula', 'built', key)}</figure>")
        table_rows.append([f"<th>{escape(key)}</th>", _cell(len(points)),
                           _cell(agree, "num good" if agree == len(points) else "num bad"),
                           _cell(max(y for _, y in points))])
    return (intro + _table(table_rows, ["measure", "cases", "formula = built", "largest built"])
            + '<div class="charts">' + "".join(charts) + "</div>"
            + "<p>Each point is a case: the size the formula predicts against the size built; off the diagonal "
              "(red) the formula is wrong.</p>")


def _timings(report: dict) -> str:
    seconds = report["decider_seconds"]
    if not seconds:
        return "<p>No timings (every case came from a result store).</p>"
    fresh = max(1, report["cases"] - report.get("resumed", 0))
    items = sorted(seconds.items(), key=lambda kv: -kv[1])
    table = _table([[f"<th>{escape(k)}</th>", _cell(f"{v:.3f}"), _cell(f"{1000 * v / fresh:.3f}")] for k, v in items],
                   ["step (side:decider)", "total seconds", "mean ms per case"])
    return table + bar_chart(items, "s")


def _drawing(problem_id: str, instance: Any, caption: str) -> str:
    renderer = renderer_for(problem_id)
    if renderer is None:
        return ""
    try:
        svg = renderer(instance)
    except Exception as error:  # a drawing must not cost the report
        return f'<p class="warning">the {escape(problem_id)} renderer failed: {escape(str(error))}</p>'
    uri = "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return f'<figure><img src="{uri}" alt="{escape(caption)}"><figcaption>{escape(caption)}</figcaption></figure>'


def _claims(report: dict) -> str:
    """The proof's claims with their counts; a failing one in red, a declared deviation with its reason."""
    if not report.get("claims"):
        return "<p>The reduction declares no claims of its proof.</p>"
    rows = []
    for claim in report["claims"]:
        css = "failed" if claim["status"] == "FAILED" else ("warning" if "deviation" in claim else "passed")
        reason = escape(claim.get("deviation", ""))
        example = claim.get("example")
        if example:
            reason += f"<br>e.g. <code>{escape(example['label'])}</code>: {escape(example['detail'])}"
        rows.append([f'<span class="{css}">{escape(claim["status"])}</span>', escape(claim["name"]),
                     escape(claim["statement"]), escape(claim["stage"]), _cell(claim["passed"]),
                     _cell(claim["failed"]), reason])
    return _table(rows, ["status", "claim", "statement", "checked on", "held", "failed", "declared deviation"])


def _counterexamples(reduction: Reduction, report: dict) -> str:
    """One shrunk counterexample per failure kind (a claim's failure drawn like any other)."""
    found = report.get("counterexamples") or ([report["counterexample"]] if report.get("counterexample") else [])
    if not found:
        return "<p>None: every case passed.</p>"
    return "".join(f"<h3>{escape(c.get('kind', ', '.join(c['kinds'])))}</h3>{_counterexample(reduction, c)}"
                   for c in found)


def _counterexample(reduction: Reduction, counterexample: dict | None) -> str:
    if counterexample is None:
        return "<p>None: every case passed.</p>"
    c = counterexample
    parts = [f"<p>First failing case <code>{escape(c['label'])}</code> ({escape(', '.join(c['kinds']))}), shrunk in "
             f"{c['shrink_steps']} steps to:</p>",
             "<ul>" + "".join(f"<li>{escape(d)}</li>" for d in c["details"]) + "</ul>",
             f"<pre>{escape(json.dumps(c['shrunk']))}</pre>"]
    drawings = []
    try:
        source = get_problem(reduction.source).from_dict(c["shrunk"])
    except Exception as error:
        parts.append(f'<p class="warning">the shrunk source cannot be read back: {escape(str(error))}</p>')
        source = None
    if source is not None:
        drawings.append(_drawing(reduction.source, source, f"source ({reduction.source})"))
        if renderer_for(reduction.target) is not None:
            try:
                target = reduction.reduce(source)
            except Exception as error:
                drawings.append(f'<p class="warning">reduce raised on the shrunk source: {escape(str(error))}</p>')
            else:
                drawings.append(_drawing(reduction.target, target, f"its target ({reduction.target})"))
    drawings = [d for d in drawings if d]
    if drawings:
        parts.append('<div class="charts">' + "".join(drawings) + "</div>")
    else:
        parts.append(f"<p>(No renderer for {escape(reduction.source)} or {escape(reduction.target)}: JSON only.)</p>")
    parts.append(f"<details><summary>the case before shrinking</summary><pre>{escape(json.dumps(c['original']))}"
                 f"</pre></details>")
    return "".join(parts)


def render_html(report: dict, reduction: Reduction, sizes: list[dict], command: str = "") -> str:
    """The page for ``report`` (:meth:`npw.verify.sweep.Report.to_json`) of ``reduction``."""
    verdict = '<span class="verdict passed">PASSED</span>' if report["passed"] else \
        '<span class="verdict failed">FAILED</span>'
    sections = [
        ("Summary", _summary(report)),
        ("Confusion matrix (source answer x target answer)", _confusion(report)),
        ("Target sizes: the paper's formula against the built target", _sizes(reduction, sizes)),
        ("Claims of the proof, checked on every case", _claims(report)),
        ("Timings (decider seconds)", _timings(report)),
        ("Counterexamples (one per failure kind, shrunk)", _counterexamples(reduction, report)),
    ]
    body = "".join(f"<h2>{escape(title)}</h2>{content}" for title, content in sections)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>npw verify {escape(report['reduction'])}</title><style>{STYLE}</style></head><body>"
            f"<h1>npw verify {escape(report['reduction'])} {verdict}</h1>"
            f"<p>{escape(reduction.source)} &rarr; {escape(reduction.target)}; {escape(reduction.reference or '')}</p>"
            + (f"<p>Command: <code>{escape(command)}</code></p>" if command else "")
            + body + "</body></html>\n")


# the few rules the fragment's tables use, scoped to it: a notebook's own page keeps its style
_FRAGMENT_STYLE = """
.npw-report table { border-collapse: collapse; margin: 0.4em 0; }
.npw-report td, .npw-report th { border: 1px solid #ccc; padding: 0.2em 0.6em; }
.npw-report td.num { text-align: right; } .npw-report td.bad { background: #f8d0d0; font-weight: bold; }
.npw-report td.good { background: #d8efd8; } .npw-report .warning { color: #a35400; }
.npw-report .verdict { padding: 0.1em 0.6em; border-radius: 4px; color: white; font-weight: bold; }
.npw-report .passed { background: #2ca02c; } .npw-report .failed { background: #d62728; }
.npw-report .charts { display: flex; flex-wrap: wrap; gap: 1em; } .npw-report figure { margin: 0.3em 0; }
.npw-report pre { white-space: pre-wrap; word-break: break-all; font-size: 0.85em; }
"""


def report_fragment(report: dict, reduction: Reduction | None = None) -> str:
    """A verification report as an HTML fragment (what a notebook shows for a
    :class:`npw.verify.sweep.Report`): the verdict, the counts, the confusion matrix and each
    shrunk counterexample, drawn (source and target) where ``reduction`` is given and its
    problems have renderers; without it, the counterexamples as JSON.

    Parameters
    ----------
    report : dict
        :meth:`npw.verify.sweep.Report.to_json`.
    reduction : Reduction, optional
        The reduction checked (to rebuild and draw a counterexample's target).

    Returns
    -------
    str
        A ``<div>`` with its own scoped style.

    Examples
    --------
    >>> from npw.api import verify
    >>> html = report_fragment(verify("3sat-to-indset", random=2).to_json())
    >>> "PASSED" in html and "None: every case passed." in html
    True
    """
    verdict = '<span class="verdict passed">PASSED</span>' if report["passed"] else \
        '<span class="verdict failed">FAILED</span>'
    where = f" ({escape(reduction.source)} &rarr; {escape(reduction.target)})" if reduction is not None else ""
    if reduction is not None:
        counterexamples = _counterexamples(reduction, report)
    else:
        found = report.get("counterexamples") or ([report["counterexample"]] if report.get("counterexample") else [])
        counterexamples = "".join(f"<p><code>{escape(c['label'])}</code> ({escape(', '.join(c['kinds']))}): "
                                  f"</p><pre>{escape(json.dumps(c['shrunk']))}</pre>" for c in found) \
            or "<p>None: every case passed.</p>"
    return (f'<div class="npw-report"><style>{_FRAGMENT_STYLE}</style>'
            f"<p><b>npw verify {escape(report['reduction'])}</b>{where} {verdict}</p>"
            f"{_summary(report)}<p>Confusion matrix (source answer x target answer)</p>{_confusion(report)}"
            f"<p>Counterexamples (one per failure kind, shrunk)</p>{counterexamples}</div>")
