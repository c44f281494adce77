"""Running the per-case check over a stream, on any ``concurrent.futures.Executor``.

``verify_reduction`` is the verifier's entry point: it sweeps the cases (in this
process, or in chunks of about 100 on an executor: a process pool, or Dask's
``client.get_executor()``), merges the per-chunk summaries, and shrinks the first
counterexample to a minimal one. Only aggregates and failing cases travel back
from the workers, so memory stays flat however long the stream.
"""

from __future__ import annotations

import itertools
import time
import zlib
from collections import Counter
from concurrent.futures import Executor, FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Sequence

from npw.instances.base import InvalidInstance
from npw.instances.registry import get_problem
from npw.reductions.base import Reduction
from npw.reductions.registry import get_reduction
from npw.verify.check import (
    BACKWARD, CERTIFICATE_KINDS, DECIDER_DISAGREEMENT, DECIDER_ERROR, FORWARD, INVALID_TARGET, MISMATCH, REDUCE_ERROR,
    FORWARD_PROOF, SIZE, CaseResult, check_case,
)

# the failure a counterexample is shrunk for: the most telling one the case shows
SEVERITY = (MISMATCH, REDUCE_ERROR, INVALID_TARGET, SIZE, FORWARD, BACKWARD, DECIDER_DISAGREEMENT, DECIDER_ERROR)

MAX_KEPT_FAILURES = 20


@dataclass
class Failure:
    label: str
    kinds: list[str]
    details: list[str]
    source: Any


@dataclass
class Summary:
    reduction: str
    cases: int = 0
    confusion: Counter = field(default_factory=Counter)  # "YES->NO" style keys
    failure_counts: Counter = field(default_factory=Counter)  # cases per failure kind
    certificate_failures: int = 0  # cases with a forward or backward failure
    timeouts: int = 0
    failures: list[Failure] = field(default_factory=list)
    max_target_size: dict[str, int] = field(default_factory=dict)
    decider_seconds: Counter = field(default_factory=Counter)
    resumed: int = 0  # cases a result store already held when this sweep started
    yes_by_forward: int = 0  # target YES proven only by the checked forward certificate (decider timed out)

    def add(self, label: str, source: Any, case: CaseResult) -> None:
        self.cases += 1
        self.confusion[f"{case.source_answer.value}->{case.target_answer.value}"] += 1
        kinds = sorted({kind for kind, _ in case.failures})
        for kind in kinds:
            self.failure_counts[kind] += 1
        if any(kind in CERTIFICATE_KINDS for kind in kinds):
            self.certificate_failures += 1
        if case.timed_out:
            self.timeouts += 1
        if FORWARD_PROOF in case.times:
            self.yes_by_forward += 1
        if kinds and len(self.failures) < MAX_KEPT_FAILURES:
            self.failures.append(Failure(label, kinds, [d for _, d in case.failures], source))
        for key, value in case.target_size.items():
            self.max_target_size[key] = max(value, self.max_target_size.get(key, value))
        self.decider_seconds.update(case.times)

    def merge(self, other: "Summary") -> None:
        self.cases += other.cases
        self.confusion.update(other.confusion)
        self.failure_counts.update(other.failure_counts)
        self.certificate_failures += other.certificate_failures
        self.timeouts += other.timeouts
        self.yes_by_forward += other.yes_by_forward
        room = MAX_KEPT_FAILURES - len(self.failures)
        self.failures.extend(other.failures[: max(0, room)])
        for key, value in other.max_target_size.items():
            self.max_target_size[key] = max(value, self.max_target_size.get(key, value))
        self.decider_seconds.update(other.decider_seconds)

    def count(self, side: str, answer: str) -> int:
        index = 0 if side == "source" else 1
        return sum(n for key, n in self.confusion.items() if key.split("->")[index] == answer)

    @property
    def mismatches(self) -> int:
        return self.failure_counts[MISMATCH]

    @property
    def passed(self) -> bool:
        return not self.failure_counts


def check_chunk(reduction: Reduction | str, cases: Sequence[tuple[str, Any]], options: dict,
                records: bool = False) -> Summary | tuple[Summary, list[tuple]]:
    """Checks a chunk of cases; runs in a worker process when an executor is used.

    With ``records``, also returns one result-store row per case (see :mod:`npw.verify.store`).
    """
    from npw.verify.store import case_record

    if isinstance(reduction, str):
        reduction = get_reduction(reduction)
    summary = Summary(reduction.id)
    rows = []
    for label, source in cases:
        # each case samples extra target certificates under its own reproducible seed
        case_options = {**options, "seed": zlib.crc32(label.encode())}
        case = check_case(reduction, source, **case_options)
        summary.add(label, source, case)
        if records:
            rows.append(case_record(label, source, case))
    return (summary, rows) if records else summary


def _chunks(cases: Iterable[tuple[str, Any]], size: int) -> Iterator[list[tuple[str, Any]]]:
    iterator = iter(cases)
    while chunk := list(itertools.islice(iterator, size)):
        yield chunk


def sweep(
    reduction: Reduction,
    cases: Iterable[tuple[str, Any]],
    executor: Executor | None = None,
    chunk_size: int = 100,
    progress: Callable[[int], None] | None = None,
    store: Any = None,
    run: int | None = None,
    **options: Any,
) -> Summary:
    """Checks every case; ``options`` go to :func:`npw.verify.check.check_case`.

    With an executor, workers receive the reduction by its registry id, so the
    reduction must be registered (an unregistered one runs in this process).
    With a result ``store`` (:class:`npw.verify.store.ResultStore`) and its ``run`` id, cases
    already stored are skipped, every finished chunk is stored in one transaction, and
    the totals returned are the store's for the whole run.
    """
    total = Summary(reduction.id)
    if store is not None:
        done = store.done_labels(run)
        cases = (case for case in cases if case[0] not in done)
        skipped = len(done)
    else:
        skipped = 0

    def collect(result: Summary | tuple[Summary, list[tuple]]) -> None:
        if store is not None:
            result, rows = result
            store.add(run, rows)
        total.merge(result)
        if progress:
            progress(skipped + total.cases)

    with_records = store is not None
    if executor is None:
        for chunk in _chunks(cases, chunk_size):
            collect(check_chunk(reduction, chunk, options, with_records))
    else:
        pending: set[Future] = set()
        limit = 4 * max(1, getattr(executor, "_max_workers", 2))  # bounded in flight: flat memory
        for chunk in _chunks(cases, chunk_size):
            pending.add(executor.submit(check_chunk, reduction.id, chunk, options, with_records))
            if len(pending) >= limit:
                done_now, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done_now:
                    collect(future.result())
        for future in pending:
            collect(future.result())
    if store is None:
        return total
    stored = store.summary(run, get_problem(reduction.source).instance_type)
    stored.resumed = skipped
    stored.decider_seconds = total.decider_seconds  # this sweep's effort, not the store's
    return stored


def shrink_counterexample(
    reduction: Reduction, failure: Failure, seconds: float = 30.0, **options: Any
) -> tuple[Any, list[str], int]:
    """Greedy shrinking: take the first smaller instance that still shows the case's most
    telling failure (a mismatch before a certificate failure, see SEVERITY).

    Returns (smallest failing source found, its failure details, shrink steps taken).
    """
    shrink = get_problem(reduction.source).shrink
    source, details, steps = failure.source, failure.details, 0
    if shrink is None:
        return source, details, steps
    wanted = {min(failure.kinds, key=_severity)}
    # a backward failure may show on only some target certificates: look at more of them
    options = {**options, "extra_certificates": max(8, options.get("extra_certificates", 2))}
    deadline = time.perf_counter() + seconds
    improved = True
    while improved and time.perf_counter() < deadline:
        improved = False
        for candidate in shrink(source):
            if time.perf_counter() >= deadline:
                break
            try:
                case = check_case(reduction, candidate, **options)
            except InvalidInstance:
                continue
            kinds = {kind for kind, _ in case.failures}
            if kinds & wanted:
                source, details, steps, improved = candidate, [d for _, d in case.failures], steps + 1, True
                break
    return source, details, steps


def _severity(kind: str) -> int:
    return SEVERITY.index(kind) if kind in SEVERITY else len(SEVERITY)


@dataclass
class Report:
    summary: Summary
    elapsed: float
    counterexample: dict | None
    warnings: list[str]

    def to_json(self) -> dict:
        s = self.summary
        return {
            "reduction": s.reduction,
            "cases": s.cases,
            "source_yes": s.count("source", "YES"),
            "source_no": s.count("source", "NO"),
            "target_yes": s.count("target", "YES"),
            "target_no": s.count("target", "NO"),
            "confusion": dict(sorted(s.confusion.items())),
            "mismatches": s.mismatches,
            "certificate_failures": s.certificate_failures,
            "size_failures": s.failure_counts[SIZE],
            "invalid_targets": s.failure_counts[INVALID_TARGET],
            "decider_disagreements": s.failure_counts[DECIDER_DISAGREEMENT],
            "timeouts": s.timeouts,
            "target_yes_by_forward_certificate": s.yes_by_forward,
            "failure_counts": dict(sorted(s.failure_counts.items())),
            "max_target_size": s.max_target_size,
            "seconds": round(self.elapsed, 3),
            "resumed": s.resumed,
            "cases_per_second": round((s.cases - s.resumed) / self.elapsed, 1) if self.elapsed > 0 else None,
            "decider_seconds": {k: round(v, 3) for k, v in sorted(s.decider_seconds.items())},
            "counterexample": self.counterexample,
            "warnings": self.warnings,
            "passed": s.passed,
        }


def verify_reduction(
    reduction: Reduction,
    cases: Iterable[tuple[str, Any]],
    executor: Executor | None = None,
    shrink_seconds: float = 30.0,
    progress: Callable[[int], None] | None = None,
    store: Any = None,
    run: int | None = None,
    **options: Any,
) -> Report:
    """Sweeps ``cases`` (see :func:`sweep`; ``options`` go to :func:`npw.verify.check.check_case`),
    shrinks the first counterexample for up to ``shrink_seconds``, and warns when a direction
    went untested.

    >>> from npw.instances.registry import get_problem
    >>> from npw.reductions.registry import get_reduction
    >>> from npw.verify.cases import exhaustive
    >>> report = verify_reduction(get_reduction("1in3sat-to-224sat"), exhaustive(get_problem("1in3sat"), 2))
    >>> report.summary.passed, report.summary.cases, sorted(report.summary.confusion.items()), report.warnings
    (True, 164, [('NO->NO', 60), ('YES->YES', 104)], [])
    >>> report.to_json()["mismatches"], report.to_json()["counterexample"]
    (0, None)
    """
    start = time.perf_counter()
    summary = sweep(reduction, cases, executor=executor, progress=progress, store=store, run=run, **options)
    elapsed = time.perf_counter() - start
    counterexample = None
    if summary.failures:
        # the earliest case with the most telling failure: a wrong answer before a bad certificate
        first = min(summary.failures, key=lambda f: min(_severity(kind) for kind in f.kinds))
        smallest, details, steps = shrink_counterexample(reduction, first, shrink_seconds, **options)
        counterexample = {
            "label": first.label,
            "kinds": first.kinds,
            "original": first.source.to_dict(),
            "shrunk": smallest.to_dict(),
            "shrink_steps": steps,
            "details": details,
        }
    warnings = []
    decided = summary.count("source", "YES") + summary.count("source", "NO")
    if summary.cases and summary.count("source", "NO") == 0:
        warnings.append("no source no-instance was checked: the no-direction is untested")
    elif decided and summary.count("source", "NO") < 0.1 * decided:
        warnings.append(f"only {summary.count('source', 'NO')} of {decided} decided sources are no-instances")
    if summary.count("source", "YES") == 0 and summary.cases:
        warnings.append("no source yes-instance was checked: forward certificates are untested")
    if summary.timeouts:
        warnings.append(f"{summary.timeouts} cases timed out (UNKNOWN) and were not compared")
    if summary.yes_by_forward:
        warnings.append(f"{summary.yes_by_forward} target YES answers rest on the checked forward certificate "
                        "alone (the target decider timed out): backward was checked on that certificate only")
    if summary.count("source", "NO") and not summary.confusion["NO->NO"]:
        warnings.append("no source no-instance had its target decided NO: the no-direction was not checked")
    return Report(summary, elapsed, counterexample, warnings)
