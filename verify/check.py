"""Checking one reduction on one source instance (DESIGN.md section 3, "Verifier").

Per case: the source is decided by every decider its problem lists for
verification (they must agree); the target is built, validated and measured
against the reduction's size formula, then decided; the answers must be equal.
On a yes-source, ``forward`` must give a certificate the target's checker accepts;
on a yes-target, ``backward`` of the decider's certificate (and of the forward
certificate) must give one the source's checker accepts.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Sequence

from npw.instances.base import InvalidInstance
from npw.instances.registry import get_problem
from npw.reductions.base import Reduction
from npw.solvers import sample_certificates, solve
from npw.solvers.result import Answer, Result, SolverError

# failure kinds, in the order they are reported
DECIDER_DISAGREEMENT = "decider-disagreement"
DECIDER_ERROR = "decider-error"
INVALID_TARGET = "invalid-target"
REDUCE_ERROR = "reduce-error"
SIZE = "size"
MISMATCH = "mismatch"
FORWARD = "forward-certificate"
BACKWARD = "backward-certificate"
CERTIFICATE_KINDS = (FORWARD, BACKWARD)
# key in CaseResult.times when the target's YES rests on the forward certificate alone
FORWARD_PROOF = "target:forward-certificate"


@dataclass
class CaseResult:
    source_answer: Answer = Answer.UNKNOWN
    target_answer: Answer = Answer.UNKNOWN
    failures: list[tuple[str, str]] = field(default_factory=list)  # (kind, detail)
    target_size: dict[str, int] = field(default_factory=dict)
    times: dict[str, float] = field(default_factory=dict)

    @property
    def timed_out(self) -> bool:
        return Answer.UNKNOWN in (self.source_answer, self.target_answer) and not self.failures


def _decide(instance: Any, deciders: Sequence[str], timeout: float | None, times: dict[str, float],
            role: str) -> list[Result]:
    results = []
    for backend in deciders:
        start = time.perf_counter()
        try:
            results.append(solve(instance, backend=backend, timeout=timeout))
        except SolverError as error:  # a decider's YES whose certificate its checker rejects
            results.append(Result(Answer.UNKNOWN, None, backend, {"error": str(error)}))
        times[f"{role}:{backend}"] = time.perf_counter() - start
    return results


def _decider_errors(results: list[Result], role: str, case: "CaseResult") -> None:
    for result in results:
        if "error" in result.stats:
            case.failures.append((DECIDER_ERROR, f"{role} decider {result.backend}: {result.stats['error']}"))


def _combined(results: list[Result]) -> tuple[Answer, Result | None, bool]:
    """(answer, a YES result if any, whether decided answers disagree)."""
    decided = {r.answer for r in results if r.answer is not Answer.UNKNOWN}
    if len(decided) > 1:
        return Answer.UNKNOWN, None, True
    if not decided:
        return Answer.UNKNOWN, None, False
    answer = decided.pop()
    witness = next((r for r in results if r.answer is Answer.YES), None)
    return answer, witness, False


def _decide_side(instance: Any, deciders: Sequence[str], timeout: float | None, role: str,
                 case: "CaseResult") -> tuple[Answer, Result | None]:
    """Runs the deciders of one side; records decider errors and disagreements as failures."""
    results = _decide(instance, deciders, timeout, case.times, role)
    _decider_errors(results, role, case)
    answer, witness, disagree = _combined(results)
    if disagree:
        answers = ", ".join(f"{r.backend}={r.answer.value}" for r in results)
        case.failures.append((DECIDER_DISAGREEMENT, f"{role} deciders disagree: {answers}"))
    return answer, witness


def _check_source_certificate(reduction: Reduction, source: Any, target: Any, target_certificate: Any,
                              label: str, case: CaseResult) -> None:
    try:
        source_certificate = reduction.backward(source, target, target_certificate)
    except Exception as error:  # a crash in the map under test is a finding, not a verifier error
        case.failures.append((BACKWARD, f"backward raised {type(error).__name__}: {error} ({label})"))
        return
    if not source.verify(source_certificate):
        case.failures.append((BACKWARD, f"backward certificate rejected by the {source.problem} checker ({label})"))


def check_case(
    reduction: Reduction,
    source: Any,
    source_deciders: Sequence[str] | None = None,
    target_deciders: Sequence[str] | None = None,
    timeout: float | None = None,
    extra_certificates: int = 2,
    seed: int = 0,
) -> CaseResult:
    """Checks one case; on a yes-target, ``backward`` is also tried on ``extra_certificates``
    further target certificates found under random solver phases (seeded by ``seed``).

    >>> from npw.instances.sat.one_in_three_sat import OneInThreeSat
    >>> from npw.reductions.registry import get_reduction
    >>> case = check_case(get_reduction("1in3sat-to-224sat"), OneInThreeSat(3, [(1, 2, 3), (-1, 2, -3)]))
    >>> case.source_answer.value, case.target_answer.value, case.failures, case.target_size
    ('YES', 'YES', [], {'variables': 14, 'clauses': 14})
    """
    case = CaseResult()
    times = case.times
    if source_deciders is None:
        source_deciders = get_problem(reduction.source).verify_deciders
    case.source_answer, source_yes = _decide_side(source, source_deciders, timeout, "source", case)

    start = time.perf_counter()
    try:
        target = reduction.reduce(source)
        if getattr(target, "problem", None) == reduction.target:
            target.validate()
    except InvalidInstance as error:
        case.failures.append((INVALID_TARGET, f"reduce built an invalid {reduction.target} instance: {error}"))
        return case
    except Exception as error:  # the construction under test crashed: a finding, reported with the case
        case.failures.append((REDUCE_ERROR, f"reduce raised {type(error).__name__}: {error}"))
        return case
    if getattr(target, "problem", None) != reduction.target:
        case.failures.append((INVALID_TARGET, f"reduce returned {type(target).__name__}, not a {reduction.target} instance"))
        return case
    times["reduce"] = time.perf_counter() - start
    case.target_size = target.size()
    if reduction.size is not None:
        predicted = reduction.size(source)
        wrong = {k: (v, case.target_size.get(k)) for k, v in predicted.items() if case.target_size.get(k) != v}
        if wrong:
            detail = ", ".join(f"{k}: formula {v}, built {b}" for k, (v, b) in wrong.items())
            case.failures.append((SIZE, detail))

    if target_deciders is None:
        target_deciders = get_problem(reduction.target).verify_deciders[:1]
    case.target_answer, target_yes = _decide_side(target, target_deciders, timeout, "target", case)

    if Answer.UNKNOWN not in (case.source_answer, case.target_answer) and case.source_answer != case.target_answer:
        case.failures.append((MISMATCH, f"source {case.source_answer.value}, target {case.target_answer.value}"))

    if source_yes is not None:
        try:
            forward_certificate = reduction.forward(source, source_yes.certificate)
        except Exception as error:
            case.failures.append((FORWARD, f"forward raised {type(error).__name__}: {error}"))
        else:
            start = time.perf_counter()
            accepted = target.verify(forward_certificate)
            if not accepted:
                case.failures.append((FORWARD, f"forward certificate rejected by the {target.problem} checker"))
            else:
                if case.target_answer is Answer.UNKNOWN:
                    # the target's own checker accepted a certificate: the target is a yes-instance,
                    # proven, though its decider ran out of time (large targets of long chains)
                    case.target_answer = Answer.YES
                    times[FORWARD_PROOF] = time.perf_counter() - start
                _check_source_certificate(reduction, source, target, forward_certificate, "of the forward certificate", case)
    if target_yes is not None:
        _check_source_certificate(reduction, source, target, target_yes.certificate, f"of the {target_yes.backend} certificate", case)
        try:
            others = sample_certificates(target, extra_certificates, seed)
        except SolverError as error:
            case.failures.append((DECIDER_ERROR, str(error)))
            others = []
        for number, certificate in enumerate(others, 1):
            _check_source_certificate(reduction, source, target, certificate, f"of sampled target certificate {number}", case)
    return case
