"""The exponent a target size grows with, fitted over a stream, against a declared ``O(...)``.

A size formula may declare a measure as ``O(expression)`` (:mod:`npw.reductions.asymptotic`):
one case cannot contradict it, a stream can. :class:`GrowthFit` fits ``log(built)`` against
``log(declared)`` by least squares over the cases (a slope of 1: the sizes grow as declared;
above 1: faster), from sums that merge exactly across worker processes. The exponent found is
the slope times the declared degree (``O(m^2)`` with slope 1.5: the sizes grow as ``m^3``).

>>> fit = GrowthFit("m^2", 2.0)
>>> for m in range(1, 9):
...     fit.add(m ** 2, 5 * m ** 3)  # declared O(m^2), built 5 m^3
>>> fit.row("edges")["exponent_found"], fit.row("edges")["consistent"]
(3.0, False)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

__all__ = ["GrowthFit", "MIN_CASES", "MIN_SPREAD", "SLOPE_TOLERANCE"]

# a fit is judged only over at least this many cases whose declared growth spans this factor
MIN_CASES = 5
MIN_SPREAD = 4.0
# a slope above 1 by more than this is growth beyond the declared order (small sizes carry
# lower-order terms: 3m + 10 against O(m) fits a slope below 1, never far above)
SLOPE_TOLERANCE = 0.25


@dataclass
class GrowthFit:
    """Least-squares sums of ``(log declared, log built)`` for one measure over a stream.

    Parameters
    ----------
    expression : str
        The declared ``O(...)`` expression.
    degree : float
        Its degree when all measures grow together (:attr:`Order.degree`).

    Examples
    --------
    >>> fit = GrowthFit("m", 1.0)
    >>> for m in (1, 2, 4, 8, 16):
    ...     fit.add(m, 3 * m + 1)
    >>> row = fit.row("vertices")
    >>> row["declared"], row["consistent"], 0.8 < row["slope"] <= 1.0
    ('O(m)', True, True)
    """

    expression: str
    degree: float
    cases: int = 0
    sum_x: float = 0.0
    sum_y: float = 0.0
    sum_xx: float = 0.0
    sum_xy: float = 0.0
    min_x: float = math.inf
    max_x: float = -math.inf

    def add(self, declared: float, built: int) -> None:
        """One case: the declared growth's value and the size built (cases with a value <= 0 are
        left out: no logarithm; a size of 0 says nothing of growth)."""
        if declared <= 0 or built <= 0 or not math.isfinite(declared):
            return
        x, y = math.log(declared), math.log(built)
        self.cases += 1
        self.sum_x += x
        self.sum_y += y
        self.sum_xx += x * x
        self.sum_xy += x * y
        self.min_x, self.max_x = min(self.min_x, x), max(self.max_x, x)

    def merge(self, other: "GrowthFit") -> None:
        """Adds another part of the stream's sums (a worker's chunk)."""
        self.cases += other.cases
        self.sum_x += other.sum_x
        self.sum_y += other.sum_y
        self.sum_xx += other.sum_xx
        self.sum_xy += other.sum_xy
        self.min_x, self.max_x = min(self.min_x, other.min_x), max(self.max_x, other.max_x)

    @property
    def spread(self) -> float:
        """The factor between the largest and smallest declared growth seen (1 with no cases)."""
        return math.exp(self.max_x - self.min_x) if self.cases else 1.0

    @property
    def slope(self) -> float | None:
        """The fitted slope of log(built) on log(declared); None where the declared values do not vary."""
        variance = self.cases * self.sum_xx - self.sum_x ** 2
        if self.cases < 2 or variance <= 1e-12 * max(1.0, self.cases * self.sum_xx):
            return None
        return (self.cases * self.sum_xy - self.sum_x * self.sum_y) / variance

    def row(self, measure: str) -> dict[str, Any]:
        """The report's entry for ``measure``: declared order and exponent, slope, exponent found,
        and ``consistent`` (None where the stream is too small or too narrow to judge)."""
        slope = self.slope
        judged = slope is not None and self.cases >= MIN_CASES and self.spread >= MIN_SPREAD
        return {
            "measure": measure,
            "declared": f"O({self.expression})",
            "declared_exponent": round(self.degree, 3),
            "slope": None if slope is None else round(slope, 3),
            "exponent_found": None if slope is None else round(slope * self.degree, 3),
            "cases": self.cases,
            "spread": round(self.spread, 1),
            "consistent": (slope <= 1 + SLOPE_TOLERANCE) if judged and slope is not None else None,
        }
