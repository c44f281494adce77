"""Drawing a hardness profile (:mod:`npw.verify.profile`) with matplotlib, an optional extra
(``pip install "npw[plot]"``): two panels over the parameter, the fraction of yes-instances
above and the solver's effort below (median and mean seconds on a log scale, median
conflicts on a second axis where the backend reports them)."""

from __future__ import annotations

import io
import os
from numbers import Real
from typing import Sequence

from npw.instances.base import InvalidInstance
from npw.instances.io import write_atomically
from npw.verify.profile import ProfilePoint

__all__ = ["FORMATS", "plot_available", "render_profile", "save_profile"]

FORMATS = (".svg", ".png")


def plot_available() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def render_profile(points: Sequence[ProfilePoint], param: str, title: str, fmt: str = "svg") -> bytes:
    """The figure as SVG or PNG bytes. The SVG has no date and fixed ids, so two runs differ
    only where the measured times do."""
    import matplotlib
    from matplotlib.figure import Figure

    numeric = all(isinstance(p.value, Real) and not isinstance(p.value, bool) for p in points)
    xs = [p.value for p in points] if numeric else list(range(len(points)))
    figure = Figure(figsize=(7, 6), layout="constrained")
    top, bottom = figure.subplots(2, 1, sharex=True)
    top.plot(xs, [p.fraction_yes if p.fraction_yes is not None else float("nan") for p in points],
             "o-", color="tab:blue")
    top.set_ylim(-0.05, 1.05)
    top.set_ylabel("fraction yes (of decided)")
    top.grid(alpha=0.3)
    for x, p in zip(xs, points):
        if p.unknown:
            top.annotate(f"{p.unknown} unknown", (x, 0.02), fontsize=7, color="tab:red", ha="center")
    top.set_title(title, fontsize=10)
    bottom.plot(xs, [p.median_seconds for p in points], "o-", color="tab:orange", label="median seconds")
    bottom.plot(xs, [p.mean_seconds for p in points], "s--", color="tab:orange", alpha=0.6, label="mean seconds")
    bottom.set_yscale("log")
    bottom.set_ylabel("decider seconds")
    bottom.grid(alpha=0.3, which="both")
    handles, labels = bottom.get_legend_handles_labels()
    if all(p.median_conflicts is not None for p in points):
        twin = bottom.twinx()
        twin.plot(xs, [p.median_conflicts for p in points], "^-", color="tab:green", label="median conflicts")
        twin.set_ylabel("conflicts")
        more_handles, more_labels = twin.get_legend_handles_labels()
        handles, labels = handles + more_handles, labels + more_labels
    bottom.legend(handles, labels, fontsize=8, loc="upper left")
    bottom.set_xlabel(param)
    if not numeric:
        bottom.set_xticks(xs, [str(p.value) for p in points])
    buffer = io.BytesIO()
    with matplotlib.rc_context({"svg.hashsalt": "npw-profile"}):  # stable element ids: diffable SVGs
        figure.savefig(buffer, format=fmt, metadata={"Date": None} if fmt == "svg" else None)
    return buffer.getvalue()


def save_profile(points: Sequence[ProfilePoint], param: str, title: str, path: str | os.PathLike) -> None:
    """Writes the figure to ``path`` (.svg or .png), whole or not at all."""
    extension = os.path.splitext(str(path))[1].lower()
    if extension not in FORMATS:
        raise InvalidInstance(f"{path}: a profile plot is .svg or .png")
    write_atomically(path, render_profile(points, param, title, extension[1:]))
