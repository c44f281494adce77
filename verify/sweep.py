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
from npw.reductions.graph import compose, parse_via
from npw.reductions.registry import get_reduction
from npw.solvers.result import Answer
from npw.verify.growth import GrowthFit
from npw.verify.cases import stream_part
from npw.verify.records import case_record
from npw.verify.check import (
    BACKWARD, CERTIFICATE_KINDS, CLAIM, DECIDER_DISAGREEMENT, DECIDER_ERROR, FORWARD, INVALID_TARGET, MISMATCH,
    REDUCE_ERROR, CASE_SECONDS, FORWARD_PROOF, SIZE, CaseResult, check_case,
)
from npw.verify.check import NO_PROOF, PROOF_CHECK

__all__ = ["Failure", "MAIN_MEASURES", "MAX_KEPT_DEVIATIONS", "MAX_KEPT_FAILURES", "MAX_STUCK_EXAMPLES", "Report",
           "SEVERITY", "Summary", "check_chunk", "claim_table", "main_measure", "shrink_counterexample", "size_bucket",
           "source_coverage", "sweep", "verify_reduction"]

# failure kinds from the most telling to the least: a wrong answer before a bad certificate
SEVERITY = (MISMATCH, REDUCE_ERROR, INVALID_TARGET, FORWARD, BACKWARD, NO_PROOF, CLAIM, SIZE, DECIDER_DISAGREEMENT,
            DECIDER_ERROR)

# failing cases a summary keeps (beyond the first case of each failure kind, always kept)
MAX_KEPT_FAILURES = 20
MAX_STUCK_EXAMPLES = 5  # undecided decider calls whose progress the report shows
# documented deviations (failing claims declared false) a summary keeps an example of, per claim
MAX_KEPT_DEVIATIONS = 1


# the size measure a report's size buckets count by: the first of these an instance has, else its first
MAIN_MEASURES = ("vertices", "clauses", "numbers", "items", "triples", "sets", "pieces", "cells")


def main_measure(measures: dict[str, int]) -> str | None:
    """The measure of ``instance.size()`` a report's coverage buckets sources by.

    >>> main_measure({"variables": 3, "clauses": 2}), main_measure({"q": 2, "triples": 4}), main_measure({})
    ('clauses', 'triples', None)
    """
    for name in MAIN_MEASURES:
        if name in measures:
            return name
    return next(iter(measures), None)


def size_bucket(value: int) -> str:
    """The bucket of a size: each of 0..4 its own (the degenerate sizes, where rules break most
    often), then powers of two (5-8, 9-16, ...).

    >>> [size_bucket(v) for v in (0, 4, 5, 8, 9, 100)]
    ['0', '4', '5-8', '5-8', '9-16', '65-128']
    """
    if value <= 4:
        return str(value)
    high = 8
    while value > high:
        high *= 2
    return f"{high // 2 + 1}-{high}"


def _bucket_order(key: str) -> tuple[str, int]:
    """``"vertices=5-8"`` sorts by its measure, then by the bucket's low end."""
    measure, _, bucket = key.partition("=")
    low = bucket.split("-", 1)[0]
    return measure, int(low) if low.isdigit() else -1


def source_coverage(source: Any) -> tuple[str | None, list[str]]:
    """What a report's coverage counts of one source: its size bucket (``"MEASURE=BUCKET"`` by
    its main measure, :func:`main_measure`, :func:`size_bucket`; None without measures) and the
    kinds of element it has (``"vertex"``, ``"edge"``, ... of its problem's ``KIND:KEY`` element
    ids, sorted). The kinds come from the source itself, not from the reduction's provenance map,
    which needs the target built again: a second reduce per case, on 3sat-to-indset about as long
    as the rest of the case (BENCHMARKS.md, "Issue 33: smallest first and coverage").

    >>> from npw.instances.graphs.graph import VertexCover
    >>> source_coverage(VertexCover(2, ((0, 1),), 1))
    ('vertices=2', ['edge', 'vertex'])
    """
    try:
        measures = source.size()
        measure = main_measure(measures)
        bucket = None if measure is None else f"{measure}={size_bucket(measures[measure])}"
    except Exception:  # a user's instance without measures: no bucket for it
        bucket = None
    try:
        elements = get_problem(source.problem).elements
        ids = elements(source) if elements is not None else ()
    except Exception:  # a user's problem without element ids: no kinds for it
        ids = ()
    return bucket, sorted({element.split(":", 1)[0] for element in ids})


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
    # claim name -> [checks passed, checks failed], over all cases
    claim_counts: dict[str, list[int]] = field(default_factory=dict)
    # claim name -> (label, detail) of the first case where a claim declared false failed
    deviation_examples: dict[str, tuple[str, str]] = field(default_factory=dict)
    slowest: tuple[float, str] = (0.0, "")  # (seconds, label) of the slowest case
    refusals: int = 0  # decider calls that refused an instance beyond their limits (UNKNOWN)
    refusal_example: str = ""
    target_no_confirmed: int = 0  # target NOs that two or more deciders agreed on
    target_no_deciders: Counter = field(default_factory=Counter)  # "tight+phases" -> target NOs decided so
    stuck: int = 0  # decider calls that stopped undecided (UNKNOWN: out of time or budget)
    stuck_examples: list[str] = field(default_factory=list)  # the first MAX_STUCK_EXAMPLES, how far each got
    # measure -> the fit of its built sizes against the size formula's declared O(...)
    growth: dict[str, GrowthFit] = field(default_factory=dict)
    target_no_proved: int = 0  # target NOs with a checked DRAT proof (--prove-no)
    target_no_trusted: int = 0  # target NOs neither proved nor confirmed: one decider's word
    # coverage (counts only, so a worker's summary stays small): stream part ("exhaustive size<=3",
    # "random", ...) -> [cases, source YES, source NO]
    parts: dict[str, list[int]] = field(default_factory=dict)
    # "MEASURE=BUCKET" (the source's main size measure, see size_bucket) -> [source YES, source NO,
    # source undecided, failing cases]
    size_buckets: dict[str, list[int]] = field(default_factory=dict)
    # kind of source element ("vertex", "edge", "clause", ...: Problem.elements' "KIND:KEY" ids) ->
    # [passing cases, failing cases] whose source has one
    element_kinds: dict[str, list[int]] = field(default_factory=dict)
    skipped: int = 0  # decider runs skipped up front: declared slow at the instance's size (check.runnable_deciders)
    skipped_example: str = ""
    witnesses: int = 0  # distinct target certificates backward was checked on, over all cases

    def _keep(self, failure: Failure) -> None:
        """Keeps the first MAX_KEPT_FAILURES failing cases, and always the first of each kind."""
        kept_kinds = {kind for kept in self.failures for kind in kept.kinds}
        if len(self.failures) < MAX_KEPT_FAILURES or set(failure.kinds) - kept_kinds:
            self.failures.append(failure)

    def add(self, label: str, source: Any, case: CaseResult, coverage: tuple[str | None, list[str]] | None = None
            ) -> None:
        """Counts one checked case; ``coverage`` is the source's :func:`source_coverage` where
        already known (a result store's row), else it is worked out from ``source`` (if given)."""
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
        if kinds:
            self._keep(Failure(label, kinds, [d for _, d in case.failures], source))
        for key, value in case.target_size.items():
            self.max_target_size[key] = max(value, self.max_target_size.get(key, value))
        self.decider_seconds.update({k: v for k, v in case.times.items() if k != CASE_SECONDS})
        for name, (passed, failed) in case.claims.items():
            counts = self.claim_counts.setdefault(name, [0, 0])
            counts[0] += passed
            counts[1] += failed
        for name, detail in case.deviations:
            self.deviation_examples.setdefault(name, (label, detail))
        self.refusals += len(case.refusals)
        if case.refusals and not self.refusal_example:
            self.refusal_example = case.refusals[0]
        if case.target_answer is Answer.NO and case.target_no_by:
            self.target_no_deciders["+".join(case.target_no_by)] += 1
            self.target_no_confirmed += len(case.target_no_by) >= 2
        self.stuck += len(case.stuck)
        self._stuck_examples([f"{label}: {line}" for line in case.stuck])
        seconds = case.times.get(CASE_SECONDS, 0.0)
        if seconds > self.slowest[0]:
            self.slowest = (seconds, label)
        for measure, (expression, degree, declared, built) in case.orders.items():
            self.growth.setdefault(measure, GrowthFit(expression, degree)).add(declared, built)
        if case.target_answer is Answer.NO:
            # a case read back from a result store has its times, not the flag: a finished check
            # with no no-proof failure is a proved NO
            proved = case.target_no_proved or (PROOF_CHECK in case.times and NO_PROOF not in kinds)
            self.target_no_proved += proved
            self.target_no_trusted += not proved and len(case.target_no_by) < 2
        self.skipped += len(case.skipped)
        if case.skipped and not self.skipped_example:
            self.skipped_example = f"{label}: {case.skipped[0]}"
        self.witnesses += case.witnesses
        part = self.parts.setdefault(stream_part(label), [0, 0, 0])
        part[0] += 1
        part[1] += case.source_answer is Answer.YES
        part[2] += case.source_answer is Answer.NO
        if coverage is None and source is not None:
            coverage = source_coverage(source)
        if coverage is not None:
            self._cover(coverage, case)

    def _cover(self, coverage: tuple[str | None, list[str]], case: CaseResult) -> None:
        """Counts the source's size bucket and its kinds of element."""
        failing = bool(case.failures)
        bucket, kinds = coverage
        if bucket is not None:
            counts = self.size_buckets.setdefault(bucket, [0, 0, 0, 0])
            answer = case.source_answer
            counts[0 if answer is Answer.YES else 1 if answer is Answer.NO else 2] += 1
            counts[3] += failing
        for kind in kinds:
            self.element_kinds.setdefault(kind, [0, 0])[failing] += 1

    def merge(self, other: "Summary") -> None:
        self.cases += other.cases
        self.confusion.update(other.confusion)
        self.failure_counts.update(other.failure_counts)
        self.certificate_failures += other.certificate_failures
        self.timeouts += other.timeouts
        self.yes_by_forward += other.yes_by_forward
        for failure in other.failures:
            self._keep(failure)
        for key, value in other.max_target_size.items():
            self.max_target_size[key] = max(value, self.max_target_size.get(key, value))
        self.decider_seconds.update(other.decider_seconds)
        for name, (passed, failed) in other.claim_counts.items():
            counts = self.claim_counts.setdefault(name, [0, 0])
            counts[0] += passed
            counts[1] += failed
        for name, example in other.deviation_examples.items():
            self.deviation_examples.setdefault(name, example)
        self.slowest = max(self.slowest, other.slowest)
        self.refusals += other.refusals
        self.refusal_example = self.refusal_example or other.refusal_example
        self.target_no_confirmed += other.target_no_confirmed
        self.target_no_deciders.update(other.target_no_deciders)
        self.stuck += other.stuck
        self._stuck_examples(other.stuck_examples)
        for measure, fit in other.growth.items():
            self.growth.setdefault(measure, GrowthFit(fit.expression, fit.degree)).merge(fit)
        self.target_no_proved += other.target_no_proved
        self.target_no_trusted += other.target_no_trusted
        for mine, theirs in ((self.parts, other.parts), (self.size_buckets, other.size_buckets),
                             (self.element_kinds, other.element_kinds)):
            for key, counts in theirs.items():
                kept = mine.setdefault(key, [0] * len(counts))
                for index, value in enumerate(counts):
                    kept[index] += value
        self.skipped += other.skipped
        self.skipped_example = self.skipped_example or other.skipped_example
        self.witnesses += other.witnesses

    def _stuck_examples(self, lines: list[str]) -> None:
        self.stuck_examples.extend(lines[:MAX_STUCK_EXAMPLES - len(self.stuck_examples)])

    def count(self, side: str, answer: str) -> int:
        index = 0 if side == "source" else 1
        return sum(n for key, n in self.confusion.items() if key.split("->")[index] == answer)

    @property
    def mismatches(self) -> int:
        return self.failure_counts[MISMATCH]

    @property
    def unknown(self) -> int:
        """Cases whose source or target answer stayed UNKNOWN (out of time, refused, undecided):
        their answers were not compared."""
        return sum(n for key, n in self.confusion.items() if "UNKNOWN" in key.split("->"))

    @property
    def passed(self) -> bool:
        """No failure on any case, and at least one case checked (nothing checked proves nothing)."""
        return self.cases > 0 and not self.failure_counts


def check_chunk(reduction: Reduction | str, cases: Sequence[tuple[str, Any]], options: dict,
                records: bool = False, fail_fast: bool = False,
                on_case: Callable[[int], None] | None = None) -> Summary | tuple[Summary, list[tuple]]:
    """Checks a chunk of cases; runs in a worker process when an executor is used.

    With ``records``, also returns one result-store row per case (see :mod:`npw.verify.store`);
    with ``fail_fast``, stops after the first failing case; ``on_case(n)`` is told after each case
    (in this process only: progress on slow cases).
    """
    if isinstance(reduction, str):
        # a --via chain reaches a worker by its own id, its steps joined by commas: composed again here
        reduction = compose(parse_via(reduction)) if "," in reduction else get_reduction(reduction)
    summary = Summary(reduction.id)
    rows = []
    for label, source in cases:
        # each case samples extra target certificates under its own reproducible seed
        case_options = {**options, "seed": zlib.crc32(label.encode())}
        case = check_case(reduction, source, **case_options)
        coverage = source_coverage(source)  # once: counted here and kept in the store's row
        summary.add(label, source, case, coverage)
        if records:
            rows.append(case_record(label, source, case, coverage))
        if on_case is not None:
            on_case(summary.cases)
        if fail_fast and case.failures:
            break
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
    fail_fast: bool = False,
    **options: Any,
) -> Summary:
    """Checks every case; ``options`` go to :func:`npw.verify.check.check_case`.

    With an executor, workers receive the reduction by its registry id, so the
    reduction must be registered (an unregistered one runs in this process).
    With a result ``store`` (:class:`npw.verify.store.ResultStore`) and its ``run`` id, cases
    already stored are skipped, every finished chunk is stored in one transaction, and
    the totals returned are the store's for the whole run. With ``fail_fast``, no new case
    starts once a case has failed (cases already running on workers finish).
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

    def stopped() -> bool:
        return fail_fast and bool(total.failure_counts)

    with_records = store is not None
    if executor is None:
        def on_case(done_in_chunk: int) -> None:
            if progress:
                progress(skipped + total.cases + done_in_chunk)

        for chunk in _chunks(cases, chunk_size):
            collect(check_chunk(reduction, chunk, options, with_records, fail_fast, on_case))
            if stopped():
                break
    else:
        pending: set[Future] = set()
        limit = 4 * max(1, getattr(executor, "_max_workers", 2))  # bounded in flight: flat memory
        for chunk in _chunks(cases, chunk_size):
            if stopped():
                break
            pending.add(executor.submit(check_chunk, reduction.id, chunk, options, with_records, fail_fast))
            if len(pending) >= limit:
                done_now, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done_now:
                    collect(future.result())
        for future in pending:
            if stopped() and future.cancel():
                continue
            collect(future.result())
    if store is None:
        return total
    stored = store.summary(run, get_problem(reduction.source).instance_type)
    stored.resumed = skipped
    stored.decider_seconds = total.decider_seconds  # this sweep's effort, not the store's
    return stored


def _shrink_moves(shrink: Callable[[Any], Iterable[Any]], source: Any, depth: int) -> Iterator[Any]:
    """The instances ``depth`` shrink moves away from ``source`` (one move, then two, ...)."""
    if depth == 1:
        yield from shrink(source)
        return
    for smaller in shrink(source):
        yield from _shrink_moves(shrink, smaller, depth - 1)


def shrink_counterexample(
    reduction: Reduction, failure: Failure, seconds: float = 30.0, kind: str | None = None, **options: Any
) -> tuple[Any, list[str], int]:
    """Greedy shrinking: take the first smaller instance that still shows the failure ``kind``
    (default: the case's most telling one, see SEVERITY). Where no single shrink move keeps it
    (a local minimum), two moves at once are tried before giving up.

    Returns (smallest failing source found, its failure details, shrink steps taken).
    """
    shrink = get_problem(reduction.source).shrink
    source, details, steps = failure.source, failure.details, 0
    if shrink is None:
        return source, details, steps
    wanted = kind or min(failure.kinds, key=_severity)
    # a backward failure may show on only some target certificates: look at more of them
    options = {**options, "extra_certificates": max(8, options.get("extra_certificates", 2))}
    deadline = time.perf_counter() + seconds
    depth = 1
    while depth <= 2 and time.perf_counter() < deadline:
        found = False
        for candidate in _shrink_moves(shrink, source, depth):
            if time.perf_counter() >= deadline:
                break
            try:
                case = check_case(reduction, candidate, **options)
            except InvalidInstance:
                continue
            if wanted in {kind for kind, _ in case.failures}:
                source, details, steps, found = candidate, [d for _, d in case.failures], steps + 1, True
                break
        depth = 1 if found else depth + 1
    return source, details, steps


def _severity(kind: str) -> int:
    base = kind.split(":", 1)[0]
    return SEVERITY.index(base) if base in SEVERITY else len(SEVERITY)


@dataclass
class Report:
    """What a verification sweep found (:func:`verify_reduction`, :func:`npw.api.verify`).

    Parameters
    ----------
    summary : Summary
        The counts: cases, the confusion matrix (``"YES->NO"`` style keys), failures per kind,
        timeouts, the largest target; ``summary.passed`` says whether anything failed.
    elapsed : float
        Seconds the sweep took.
    counterexample : dict or None
        The first failing case, shrunk to a minimal one; None when nothing failed.
    warnings : list of str
        What a user should know although nothing failed (deciders that timed out, ...).
    counterexamples : list of dict, optional
        One shrunk counterexample per failure kind present, the most telling kind first.
    claims : list of dict, optional
        The reduction's declared claims with how often each held and failed.
    reduction : Reduction, optional
        The reduction checked (a notebook draws a counterexample's target with it).

    Examples
    --------
    >>> from npw.api import verify
    >>> report = verify("3sat-to-indset", random=3, seed=1)
    >>> report.summary.passed, report.counterexample, report.summary.cases
    (True, None, 3)
    >>> data = report.to_json()  # what ``npw verify --json`` prints
    >>> data["reduction"], data["mismatches"], data["passed"]
    ('3sat-to-indset', 0, True)
    >>> "PASSED" in report._repr_html_()  # a notebook's view: counts, and a counterexample drawn
    True
    """

    summary: Summary
    elapsed: float
    counterexample: dict | None
    warnings: list[str]
    # one shrunk counterexample per failure kind present, the most telling kind first
    counterexamples: list[dict] = field(default_factory=list)
    # the reduction's declared claims with their counts (see Summary.claim_counts)
    claims: list[dict] = field(default_factory=list)
    # the reduction checked: a notebook draws the counterexample's target with it (not in to_json)
    reduction: Reduction | None = field(default=None, repr=False, compare=False)

    def _repr_html_(self) -> str:
        """What a notebook shows: the verdict, counts, confusion matrix and each counterexample
        drawn (:func:`npw.verify.html_report.report_fragment`)."""
        from npw.verify.html_report import report_fragment

        return report_fragment(self.to_json(), self.reduction)

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
            "claim_failures": sum(n for kind, n in s.failure_counts.items() if kind.startswith(CLAIM)),
            "timeouts": s.timeouts,
            "target_no_confirmed": s.target_no_confirmed,
            "target_no_deciders": dict(sorted(s.target_no_deciders.items())),
            "stuck_deciders": s.stuck,
            "stuck_examples": s.stuck_examples,
            "target_yes_by_forward_certificate": s.yes_by_forward,
            "failure_counts": dict(sorted(s.failure_counts.items())),
            "claims": self.claims,
            "max_target_size": s.max_target_size,
            "seconds": round(self.elapsed, 3),
            "resumed": s.resumed,
            "cases_per_second": round((s.cases - s.resumed) / self.elapsed, 1) if self.elapsed > 0 else None,
            "slowest_case": {"label": s.slowest[1], "seconds": round(s.slowest[0], 3)} if s.slowest[1] else None,
            "decider_seconds": {k: round(v, 3) for k, v in sorted(s.decider_seconds.items())},
            "counterexample": self.counterexample,
            "counterexamples": self.counterexamples,
            "warnings": self.warnings,
            "passed": s.passed,
            "growth": [fit.row(measure) for measure, fit in sorted(s.growth.items())],
            "target_no_proved": s.target_no_proved,
            "target_no_trusted": s.target_no_trusted,
            # what the stream covered: each part's cases, the sources' sizes, their kinds of element
            "parts": {part: {"cases": n, "source_yes": yes, "source_no": no}
                      for part, (n, yes, no) in s.parts.items()},
            "size_buckets": {key: dict(zip(("source_yes", "source_no", "source_unknown", "failing"), counts))
                             for key, counts in sorted(s.size_buckets.items(), key=lambda item: _bucket_order(item[0]))},
            "element_kinds": {kind: {"passing": passing, "failing": failing}
                              for kind, (passing, failing) in sorted(s.element_kinds.items())},
            "unknown": s.unknown,  # cases left UNKNOWN (not compared): the verdict's headline counts them
            "skipped_deciders": s.skipped,
            "witnesses_checked": s.witnesses,
        }


def claim_table(reduction: Reduction, summary: Summary) -> list[dict]:
    """Every claim the reduction declares, with its counts over the summary's cases; a claim
    declared false shows as a documented deviation (with an example case), not a pass.

    >>> from npw.reductions.base import Claim, Reduction
    >>> claim = Claim("even", "the target is even", lambda src, tgt: tgt % 2 == 0, deviation="odd is fine too")
    >>> summary = Summary("r", claim_counts={"even": [3, 1]}, deviation_examples={"even": ("case 2", "fails")})
    >>> claim_table(Reduction("r", "a", "b", "", None, None, None, claims=(claim,)), summary)[0]["status"]
    'documented deviation'
    """
    table = []
    for claim in reduction.claims:
        passed, failed = summary.claim_counts.get(claim.name, [0, 0])
        if claim.deviates:
            status = "documented deviation" if failed else "declared false, held on every case"
        elif failed:
            status = "FAILED"
        else:
            status = "held" if passed else "not applicable to any case"
        row = {"name": claim.name, "stage": claim.stage, "statement": claim.statement, "passed": passed,
               "failed": failed, "status": status}
        if claim.deviates:
            row["deviation"] = claim.deviation
            if claim.name in summary.deviation_examples:
                row["example"] = dict(zip(("label", "detail"), summary.deviation_examples[claim.name]))
        table.append(row)
    return table


def verify_reduction(
    reduction: Reduction,
    cases: Iterable[tuple[str, Any]],
    executor: Executor | None = None,
    shrink_seconds: float = 30.0,
    progress: Callable[[int], None] | None = None,
    store: Any = None,
    run: int | None = None,
    fail_fast: bool = False,
    **options: Any,
) -> Report:
    """Sweeps ``cases`` (see :func:`sweep`; ``options`` go to :func:`npw.verify.check.check_case`),
    shrinks a counterexample for each failure kind present (``shrink_seconds`` in all), and warns
    when a direction went untested.

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
    summary = sweep(reduction, cases, executor=executor, progress=progress, store=store, run=run,
                    fail_fast=fail_fast, **options)
    elapsed = time.perf_counter() - start
    counterexamples = []
    kinds = sorted(summary.failure_counts, key=lambda kind: (_severity(kind), kind))
    for kind in kinds:
        # the earliest kept case showing this kind, shrunk for it
        first = next((f for f in summary.failures if kind in f.kinds), None)
        if first is None:
            continue
        smallest, details, steps = shrink_counterexample(reduction, first, shrink_seconds / len(kinds), kind,
                                                         **options)
        counterexamples.append({
            "kind": kind,
            "label": first.label,
            "kinds": first.kinds,
            "original": first.source.to_dict(),
            "shrunk": smallest.to_dict(),
            "shrink_steps": steps,
            "details": details,
        })
    warnings = []
    if not summary.cases:
        warnings.append("no case was checked (the stream was empty): nothing is verified")
    source_no = summary.count("source", "NO")
    decided = summary.count("source", "YES") + source_no
    if summary.cases and source_no == 0:
        warnings.append("no source no-instance was checked: the no-direction is untested")
    elif decided and source_no < 0.1 * decided:
        warnings.append(f"only {source_no} of {decided} decided sources are no-instances")
    if summary.count("source", "YES") == 0 and summary.cases:
        warnings.append("no source yes-instance was checked: forward certificates are untested")
    if reduction.forward is None:
        warnings.append("forward not given: the yes-direction was checked on answers only, and backward on the "
                        "target deciders' certificates")
    if summary.timeouts:
        warnings.append(f"{summary.timeouts} cases timed out (UNKNOWN) and were not compared")
    if summary.stuck:
        warnings.append(f"{summary.stuck} decider calls stopped undecided (UNKNOWN), e.g. {summary.stuck_examples[0]}")
    if summary.refusals:
        warnings.append(f"{summary.refusals} decider calls refused an instance beyond their limits (UNKNOWN), "
                        f"e.g. {summary.refusal_example}")
    if summary.skipped:
        warnings.append(f"{summary.skipped} decider runs skipped up front, declared slow at the instance's size "
                        f"(a NO they would confirm rests on the other deciders), e.g. {summary.skipped_example}")
    if summary.yes_by_forward:
        warnings.append(f"{summary.yes_by_forward} target YES answers rest on the checked forward certificate "
                        "alone (the target decider timed out): backward was checked on that certificate only")
    if source_no and not summary.confusion["NO->NO"] and not summary.confusion["NO->YES"]:
        warnings.append("no source no-instance had its target decided: the no-direction was not checked")
    for measure, fit in sorted(summary.growth.items()):
        row = fit.row(measure)
        if row["consistent"] is False:
            warnings.append(f"size {measure}: declared {row['declared']}, but the built sizes grow with exponent "
                            f"{row['exponent_found']} (fitted over {row['cases']} cases)")
    if fail_fast and not summary.passed:
        warnings.append("stopped at the first failing case (--fail-fast): the counts cover the cases checked")
    return Report(summary, elapsed, counterexamples[0] if counterexamples else None, warnings, counterexamples,
                  claim_table(reduction, summary), reduction)
