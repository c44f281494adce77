"""What the decider benchmarks share (``graph_deciders``, ``number_deciders``, ``set_deciders``,
``setcover_deciders``): run two deciders of a problem over a stream of instances, time each, and
stop at the first disagreement, UNKNOWN or rejected certificate.

Imported by those scripts from their own folder (``python bench/graph_deciders.py`` puts
``bench/`` first on ``sys.path``).
"""

from __future__ import annotations

import sys
import time
from typing import Any, Iterable, Sequence

from npw.solvers import Answer, solve

__all__ = ["check_deciders"]


def check_deciders(stream: Iterable[tuple[str, Any]], backends: Sequence[str], timeout: float = 60,
                   show_instance: bool = True) -> tuple[dict[str, int], dict[str, float]]:
    """The answers counted and each decider's seconds over ``stream``; exits on a disagreement.

    Parameters
    ----------
    stream : Iterable[tuple[str, Any]]
        ``(label, instance)`` pairs (``npw.verify.cases.exhaustive``, ``random_stream`` ...).
    backends : Sequence[str]
        The two deciders' names, e.g. ``("brute", "sat")``.
    timeout : float
        Seconds each decider may take on one instance.
    show_instance : bool
        Whether a disagreement's message prints the instance (off for targets too large to read).

    Returns
    -------
    tuple[dict[str, int], dict[str, float]]
        ``{"YES": count, "NO": count}`` and ``{backend: seconds}``.
    """
    counts = {"YES": 0, "NO": 0}
    seconds = dict.fromkeys(backends, 0.0)
    for label, instance in stream:
        answers = []
        for backend in backends:
            began = time.perf_counter()
            result = solve(instance, backend, timeout=timeout)
            seconds[backend] += time.perf_counter() - began
            if result.answer is Answer.YES and not instance.verify(result.certificate):
                sys.exit(f"{backend} gave a rejected certificate on {label}: {instance}")
            answers.append(result.answer)
        if answers[0] is not answers[1] or Answer.UNKNOWN in answers:
            if show_instance:
                sys.exit(f"disagreement on {label}: {answers} {instance}")
            sys.exit(f"disagreement (or UNKNOWN) on {label}: {answers}")
        counts[answers[0].value] += 1
    return counts, seconds
