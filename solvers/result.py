"""The solver side of the contract: every decider returns a :class:`Result`."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable

__all__ = ["Answer", "Deadline", "OutOfTime", "PROGRESS_KEYS", "Refused", "Result", "SolverError", "certificate_key",
           "progress", "shuffled_certificates"]


class Answer(str, Enum):
    """A decider's answer; a ``str`` too, so ``Answer.YES == "YES"``.

    Attributes
    ----------
    YES
        The instance is a yes-instance; the :class:`Result` carries a certificate its problem's
        checker accepted.
    NO
        The instance is a no-instance (the decider's word: no certificate).
    UNKNOWN
        Out of time or budget, or refused as too large: never a guess.

    Examples
    --------
    >>> from npw.api import Answer
    >>> Answer("NO") is Answer.NO, Answer.YES == "YES", Answer.UNKNOWN.value
    (True, True, 'UNKNOWN')
    """

    YES = "YES"
    NO = "NO"
    UNKNOWN = "UNKNOWN"  # out of time or budget: never a guess


@dataclass(frozen=True)
class Result:
    """What every decider returns (and :func:`npw.api.solve`).

    Parameters
    ----------
    answer : Answer
        YES, NO or UNKNOWN.
    certificate : Any, optional
        Present exactly when the answer is YES: a certificate ``instance.verify`` accepts.
    backend : str, optional
        The decider that answered, as ``--backend`` accepts it back (``"sat:g42"``, ``"dp"``).
    stats : dict, optional
        ``time`` in seconds and the effort the decider measures (nodes, conflicts, ...);
        ``refused`` when it refused a too large instance.

    Examples
    --------
    >>> from npw.api import Answer, Result, SubsetSum, solve
    >>> result = solve(SubsetSum((3, 5, 7), 12), backend="dp")
    >>> result.answer is Answer.YES, result.certificate, result.backend
    (True, (2, 1), 'dp')
    >>> Result(Answer.UNKNOWN, backend="brute", stats={"time": 10.0}).certificate is None
    True
    >>> "YES</span>" in result._repr_html_() and "(2, 1)" in result._repr_html_()  # what a notebook shows
    True
    """

    answer: Answer
    certificate: Any = None  # present exactly when answer is YES, checked with instance.verify
    backend: str = ""
    stats: dict[str, Any] = field(default_factory=dict)

    def _repr_html_(self) -> str:
        """The result as a notebook shows it: the answer, the decider, the time and effort, the
        certificate (its text, shortened; ``npw.api.render(instance, result.certificate)`` draws
        it on the instance, which a result does not hold)."""
        from html import escape

        colour = {"YES": "#2ca02c", "NO": "#d62728"}.get(str(self.answer.value), "#7f7f7f")
        rows = [("decider", self.backend or "?")]
        if "time" in self.stats:
            rows.append(("seconds", f"{self.stats['time']:.3f}" if isinstance(self.stats["time"], float)
                         else str(self.stats["time"])))
        effort = progress(self.stats)
        if effort:
            rows.append(("effort", effort))
        if self.stats.get("refused"):
            rows.append(("refused", str(self.stats["refused"])))
        if self.certificate is not None:
            text = repr(self.certificate)
            rows.append(("certificate", text if len(text) <= 400 else text[:400] + f" ... ({len(text)} characters)"))
        body = "".join(f'<tr><th style="text-align:left;padding-right:1em">{escape(k)}</th>'
                       f'<td style="text-align:left"><code>{escape(v)}</code></td></tr>' for k, v in rows)
        return (f'<div class="npw-result"><span style="background:{colour};color:#fff;font-weight:bold;'
                f'padding:0.1em 0.6em;border-radius:4px">{escape(str(self.answer.value))}</span>'
                f"<table>{body}</table></div>")


PROGRESS_KEYS = ("nodes", "proved_lower_bound", "conflicts", "decisions", "branches", "best_bound",
                 "timed_out_while")
"""The stats keys :func:`progress` reads, one meaning for every decider family: search nodes
expanded; ``proved_lower_bound``, the number of steps every solution needs, as far as the
search has proved it (an IDA* decider's bound in progress: every smaller bound was searched
to the end); a SAT or CP-SAT solver's conflicts, decisions and branches; an optimising
solver's best objective bound; and the stage a decider was in when its time ran out."""


def progress(stats: dict[str, Any]) -> str:
    """How far a decider got, from its stats (what an UNKNOWN leaves behind); "" when it says nothing.

    >>> progress({"nodes": 1234567, "proved_lower_bound": 31, "time": 5.0})
    'nodes 1,234,567, every solution needs >= 31 steps (proved)'
    >>> progress({"conflicts": 9000, "decisions": 12000, "timed_out_while": "solving"})
    'conflicts 9,000, decisions 12,000, stopped while solving'
    >>> progress({"conflicts": None, "time": 1.0})
    ''
    """
    parts = []
    for key in PROGRESS_KEYS:
        value = stats.get(key)
        if value is None or isinstance(value, bool):
            continue
        if key == "proved_lower_bound":
            parts.append(f"every solution needs >= {value} steps (proved)")
        elif key == "timed_out_while":
            parts.append(f"stopped while {value}")
        elif key == "best_bound":
            parts.append(f"best bound {value}")
        else:
            parts.append(f"{key} {value:,}" if isinstance(value, int) else f"{key} {value}")
    return ", ".join(parts)


class SolverError(RuntimeError):
    """A decider broke its contract (for example a YES whose certificate the checker rejects)."""


class Deadline:
    """A point in time after which a search gives up with UNKNOWN."""

    def __init__(self, timeout: float | None) -> None:
        self.timeout = timeout
        self.end = None if timeout is None else time.perf_counter() + timeout

    def expired(self) -> bool:
        return self.end is not None and time.perf_counter() >= self.end

    def remaining(self) -> float | None:
        return None if self.end is None else max(0.0, self.end - time.perf_counter())

    def check(self) -> None:
        """Raises :class:`OutOfTime` once the deadline has passed (for loops that build or search).

        >>> Deadline(None).check()
        >>> Deadline(0).check()
        Traceback (most recent call last):
        ...
        npw.solvers.result.OutOfTime
        """
        if self.expired():
            raise OutOfTime


class OutOfTime(Exception):
    """Raised inside a search when its deadline passes; turned into UNKNOWN by the caller."""


class Refused(Exception):
    """A decider will not take an instance its method cannot hold within a named limit (an
    encoding past the clause limit, numbers too large for a unary encoding). The message says
    why, with the limit; the deciders' callers turn it into UNKNOWN with ``stats["refused"]``,
    and ``npw solve`` into one line and exit status 2."""


def certificate_key(certificate: Any) -> Any:
    """A hashable key under which two equal certificates are one: lists as tuples, sets and
    dicts in sorted order, recursively (a decider's ``(0, 2)`` and a backward map's test of
    ``[0, 2]`` are the same witness); anything else unhashable by its ``repr``.

    >>> certificate_key([0, 2]) == certificate_key((0, 2)), certificate_key({"b": [1], "a": {3, 2}})
    (True, (('a', (2, 3)), ('b', (1,))))
    """
    if isinstance(certificate, (list, tuple)):
        return tuple(certificate_key(item) for item in certificate)
    if isinstance(certificate, (set, frozenset)):
        return tuple(sorted((certificate_key(item) for item in certificate), key=repr))
    if isinstance(certificate, dict):
        return tuple(sorted(((certificate_key(k), certificate_key(v)) for k, v in certificate.items()), key=repr))
    try:
        hash(certificate)
    except TypeError:
        return ("unhashable", type(certificate).__name__, repr(certificate))
    return certificate


def shuffled_certificates(solve: Callable[..., Result], instance: Any, count: int, seed: int,
                          budget: float) -> list[Any]:
    """Up to ``count`` different certificates of a yes-instance from ``solve`` runs whose move
    order is shuffled by seeds derived from ``seed`` (``solve(instance, timeout=budget,
    order_seed=...)``); for checking a backward map on solutions other than the first found.
    Stops at the first run that is not YES (out of time: fewer samples, never a guess)."""
    found: list[Any] = []
    for attempt in range(3 * count):
        if len(found) >= count:
            break
        result = solve(instance, timeout=budget, order_seed=seed * 1000 + attempt)
        if result.answer is not Answer.YES:
            break
        if result.certificate not in found:
            found.append(result.certificate)
    return found
