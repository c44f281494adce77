"""Theorem 3 at any unit, end to end: what ``npw puzzle theorem3`` reports.

Builds the boards (4.1), reads the REL instance back from them and compares it with
Theorem 2's, and with ``simulate`` runs Shift 1-4 (4.2) from a satisfying assignment
found by brute force, checks the moves reach B2 within k, and decodes them back (4.3).
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass
from typing import Any

from npw.instances.base import InvalidInstance
from npw.instances.sat.two_two_four_sat import TwoTwoFourSat
from npw.reductions.rel import theorem2
from npw.reductions.npuz.backward import backward_segments, read_back, same_rel
from npw.reductions.npuz.forward import forward_moves
from npw.reductions.npuz.instance import DENSE_LIMIT, build_instance

__all__ = ["SIMULATE_MAX_VARIABLES", "Theorem3Report", "theorem3_report"]

SIMULATE_MAX_VARIABLES = 20  # the satisfying assignment is found by brute force


@dataclass(frozen=True)
class Theorem3Report:
    """``facts``: JSON-ready figures (sizes, k, read-back, simulation); ``moves``: the forward
    move string where it was simulated at a unit small enough to hold it, else None."""

    facts: dict[str, Any]
    moves: str | None


def theorem3_report(formula: TwoTwoFourSat, unit: int | None = None, additive: int = 0,
                    simulate: bool = False) -> Theorem3Report:
    """Sizes, k, the read-back check and (``simulate``) the forward run and its decoding.

    >>> from npw.api import TwoTwoFourSat
    >>> formula = TwoTwoFourSat(1, [(1, 1, -1, -1)])
    >>> report = theorem3_report(formula, unit=1, simulate=True)
    >>> report.facts["read_back_equals_rel"], report.facts["simulation"]["within_k"]
    (True, True)
    """
    start = time.perf_counter()
    instance = build_instance(formula, unit, additive)
    facts: dict[str, Any] = {"build_seconds": round(time.perf_counter() - start, 3), **instance.summary()}
    facts["read_back_equals_rel"] = same_rel(read_back(instance), theorem2.reduce(formula))
    if not simulate:
        return Theorem3Report(facts, None)
    m = formula.num_vars
    if m > SIMULATE_MAX_VARIABLES:
        raise InvalidInstance(f"--simulate looks for a satisfying assignment by brute force "
                              f"(m <= {SIMULATE_MAX_VARIABLES}, this formula has m = {m})")
    assignment = next((a for a in itertools.product([False, True], repeat=m) if formula.verify(a)), None)
    if assignment is None:
        facts["simulation"] = "the formula is unsatisfiable: no forward moves to simulate"
        return Theorem3Report(facts, None)
    result = forward_moves(instance, assignment)
    decoded = backward_segments(instance, result.segments)
    facts["simulation"] = {
        "assignment": list(assignment), "moves": result.moves, "within_k": result.moves <= instance.k,
        "region_moves": result.region_moves, "segments": len(result.segments),
        "seconds": round(result.seconds, 2), "reached_B2": True,
        "backward_assignment": list(decoded), "backward_satisfies": formula.verify(decoded),
    }
    return Theorem3Report(facts, result.text() if instance.n <= DENSE_LIMIT else None)
