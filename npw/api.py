"""The public Python API: everything a user's own problem or reduction file needs.

    from npw.api import Reduction, problem, verify, ThreeSat

* :func:`problem` turns a frozen dataclass into a workbench problem (see
  ``npw.custom``); built-in problems (``CNF``, ``ThreeSat``,
  ``OneInThreeSat``, ``TwoTwoFourSat``, ...) are sources and targets as they are,
  with their deciders.
* :class:`Reduction` bundles ``reduce``, ``forward``, ``backward`` (and an optional
  ``size``); ``reference`` says where the proof is.
* :func:`verify` runs the verifier in Python; ``npw verify file.py:NAME`` does the
  same from the command line.
"""

from __future__ import annotations

from typing import Any

from npw.instances.base import InvalidInstance
from npw.instances.sat.cnf import CNF
from npw.custom import problem
from npw.instances.sat.one_in_three_sat import OneInThreeSat
from npw.instances.registry import get_problem
from npw.instances.sat.three_sat import ThreeSat
from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
from npw.reductions.base import Reduction
from npw.solvers import Answer, Result, solve
from npw.verify import Report, exhaustive, random_stream, verify_reduction

__all__ = ["Answer", "CNF", "InvalidInstance", "OneInThreeSat", "Reduction", "Report", "Result", "ThreeSat",
           "TwoTwoFourSat", "problem", "solve", "verify"]


def verify(reduction: Reduction, exhaustive_up_to: int | None = None, random: int = 0, seed: int = 0,
           timeout: float | None = None) -> Report:
    """Checks ``reduction`` on every source up to a size and/or on seeded random sources.

    ``report.to_json()`` is what ``npw verify --json`` prints; ``report.summary.passed``
    says whether anything failed.
    """
    source = get_problem(reduction.source)
    streams: list[Any] = []
    if exhaustive_up_to is not None:
        streams.append(exhaustive(source, exhaustive_up_to))
    if random:
        streams.append(random_stream(source, random, seed))
    if not streams:
        raise InvalidInstance("give exhaustive_up_to or random")
    cases = (case for stream in streams for case in stream)
    return verify_reduction(reduction, cases, timeout=timeout)
