"""One row of the result store's ``cases`` table (:mod:`npw.verify.store`), built where a case
is checked: in a sweep's worker process (:mod:`npw.verify.sweep`), as plain values that are cheap
to send back. The store writes the rows; the column order is its ``cases`` table's, after ``run``.
"""

from __future__ import annotations

import json
import time
from typing import Any

from npw.verify.check import CaseResult

__all__ = ["case_record"]


def case_record(label: str, source: Any, case: CaseResult, coverage: Any = None) -> tuple:
    """One row of ``cases`` (without the run id): plain values, cheap to send from a worker.

    Parameters
    ----------
    label : str
        The case's label in its stream.
    source : Any
        The source instance (written as its problem's JSON).
    case : CaseResult
        The checked case.
    coverage : (str or None, list of str), optional
        The source's size bucket and kinds of element (``npw.verify.sweep.source_coverage``).

    Returns
    -------
    tuple
        label, source, source answer, target answer, failures, target size, times, the time it
        finished, claims, deviations, target NO deciders and stuck calls, JSON-encoded where not
        plain, and the coverage (``null`` where not given).
    """
    return (label, json.dumps(source.to_dict()), case.source_answer.value, case.target_answer.value,
            json.dumps(case.failures), json.dumps(case.target_size), json.dumps(case.times), time.time(),
            json.dumps(case.claims), json.dumps(case.deviations), json.dumps(case.target_no_by),
            json.dumps(case.stuck), json.dumps(coverage))
