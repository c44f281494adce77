"""Checking one reduction on one source instance (DESIGN.md section 3, "Verifier").

Per case: the source is decided by every decider its problem lists for
verification (they must agree); the target is built, validated and measured
against the reduction's size formula, then decided; the answers must be equal.
On a yes-source, ``forward`` must give a certificate the target's checker accepts;
on a yes-target, ``backward`` of the decider's certificate, of the forward certificate,
and of further distinct target certificates up to ``witnesses`` in all (blocking clauses
on a SAT encoding, else the problem's other verifying deciders, each within a few times what the
first one took: :func:`npw.solvers.distinct_certificates`)
must give one the source's checker accepts; a failure shows the witness it failed on.
Deciders named for a side run where they are fast at the instance's size: one declared
slow there (``Decider.fast``) is skipped up front with the reason, as long as another decides
the side (a NO-confirming decider is skipped outright: the NO then rests on the others). The proof's claims
(:class:`npw.reductions.base.Claim`) are checked at each stage they name.

The reduction's own code (reduce, forward, backward, size, claims) runs under the
same per-call time bound as the deciders: a call that loops, raises or calls
``sys.exit`` is a finding of the case, never the end of the run.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from npw.instances.base import InvalidInstance, Terminated
from npw.instances.lazy import MissingExtra
from npw.instances.registry import get_problem
from npw.instances.time_bound import bounded_calls, time_bound
from npw.reductions.asymptotic import Order, OrderError, order_of_text
from npw.reductions.base import BACKWARD_CLAIM, FORWARD_CLAIM, TARGET_CLAIM, Bound, Claim, Reduction
from npw.solvers import distinct_certificates, solve
from npw.solvers.result import Answer, Result, SolverError, certificate_key, progress
from npw.solvers.registry import fast_of

__all__ = ["BACKWARD", "CASE_SECONDS", "CERTIFICATE_KINDS", "CLAIM", "CaseResult", "DECIDER_DISAGREEMENT",
           "DECIDER_ERROR", "DEFAULT_WITNESSES", "FORWARD", "FORWARD_PROOF", "INVALID_TARGET", "MISMATCH", "NO_PROOF",
           "PROOF_CHECK", "REDUCE_ERROR", "SIZE", "WITNESS_DECIDER_SECONDS", "WITNESS_SECONDS", "WITNESS_SHOWN",
           "check_case", "claim_kind", "primary_decider", "runnable_deciders", "witness_count"]

# failure kinds, in the order they are reported
DECIDER_DISAGREEMENT = "decider-disagreement"
DECIDER_ERROR = "decider-error"
INVALID_TARGET = "invalid-target"
REDUCE_ERROR = "reduce-error"
SIZE = "size"
MISMATCH = "mismatch"
FORWARD = "forward-certificate"
BACKWARD = "backward-certificate"
CLAIM = "claim"  # a failing claim's kind is "claim: <its name>"
NO_PROOF = "no-proof"  # --prove-no: a target NO whose DRAT proof failed its check, or that has no SAT encoding
CERTIFICATE_KINDS = (FORWARD, BACKWARD)
# key in CaseResult.times when the target's YES rests on the forward certificate alone
FORWARD_PROOF = "target:forward-certificate"
# key in CaseResult.times: the whole case, wall-clock seconds
CASE_SECONDS = "case"
# keys in CaseResult.times (--prove-no): making the target NO's DRAT proof, and checking it (present when
# the check finished: with no "no-proof" failure, the NO is proved; a result store keeps times)
PROOF_SOLVE = "target:drat-proof"
PROOF_CHECK = "target:drat-check"
DEFAULT_WITNESSES = 4
"""Distinct target certificates ``backward`` is checked on per yes-target unless told otherwise
(the decider's, the forward one, and more): what the old default of two sampled certificates
beyond those two tried, now distinct (BENCHMARKS.md, issue 33)."""
# key in CaseResult.times: finding the further target witnesses (sampler or other deciders)
WITNESS_SECONDS = "target:witnesses"
# seconds at least that another decider may take for a witness (else 4 times what the target's decider took)
WITNESS_DECIDER_SECONDS = 1.0
# a witness shown in a failure's detail is cut to this many characters
WITNESS_SHOWN = 80


def witness_count(witnesses: int | None = None, extra_certificates: int | None = None) -> int:
    """How many distinct target certificates ``backward`` is checked on, from ``witnesses`` and
    the older ``extra_certificates`` (sampled certificates beyond the decider's and the forward
    one: that many plus two in all); given both, the larger; given neither, :data:`DEFAULT_WITNESSES`.

    >>> witness_count(), witness_count(6), witness_count(extra_certificates=2), witness_count(3, 8)
    (4, 6, 4, 10)
    """
    counts = [count for count in (witnesses, None if extra_certificates is None else extra_certificates + 2)
              if count is not None]
    return max(counts) if counts else DEFAULT_WITNESSES


def _shown(certificate: Any) -> str:
    """A witness in a failure's detail: its repr, cut to :data:`WITNESS_SHOWN` characters."""
    text = repr(certificate)
    return text if len(text) <= WITNESS_SHOWN else text[:WITNESS_SHOWN - 3] + "..."


def claim_kind(name: str) -> str:
    """The failure kind of a failing claim.

    >>> claim_kind("Claim 1")
    'claim: Claim 1'
    """
    return f"{CLAIM}: {name}"


@dataclass
class CaseResult:
    source_answer: Answer = Answer.UNKNOWN
    target_answer: Answer = Answer.UNKNOWN
    failures: list[tuple[str, str]] = field(default_factory=list)  # (kind, detail)
    target_size: dict[str, int] = field(default_factory=dict)
    times: dict[str, float] = field(default_factory=dict)
    # claim name -> [checks passed, checks failed]; a claim that did not apply is absent
    claims: dict[str, list[int]] = field(default_factory=dict)
    # details of failing claims declared as deviations (not failures)
    deviations: list[tuple[str, str]] = field(default_factory=list)
    # deciders that refused the instance (a size beyond their named limit): "role backend: why"
    refusals: list[str] = field(default_factory=list)
    # the target deciders that said NO, when the target's answer is NO (two or more: confirmed)
    target_no_by: list[str] = field(default_factory=list)
    # deciders that stopped undecided (out of time or budget) and how far they got:
    # "role backend: nodes 1,234, every solution needs >= 31 steps (proved)" (npw.solvers.result.progress)
    stuck: list[str] = field(default_factory=list)
    # measures the size formula declares as O(...): measure -> (expression, degree, declared value, built)
    orders: dict[str, tuple[str, float, float, int]] = field(default_factory=dict)
    # --prove-no: the target's NO has a DRAT proof that the checker verified (npw.solvers.proof)
    target_no_proved: bool = False
    # deciders not run because declared slow at the instance's size: "role backend: skipped: why"
    skipped: list[str] = field(default_factory=list)
    # distinct target certificates backward was checked on
    witnesses: int = 0

    @property
    def timed_out(self) -> bool:
        return Answer.UNKNOWN in (self.source_answer, self.target_answer) and not self.failures


class _Raised(Exception):
    """The reduction's code raised (or exited, or ran out of time): ``detail`` says how."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


def _run(function: Callable[..., Any], args: tuple, timeout: float | None) -> Any:
    """``function(*args)`` under the time bound; anything it raises, even ``SystemExit``, as ``_Raised``."""
    try:
        with time_bound(timeout):
            return function(*args)
    # a bad file, the process told to end, an optional dependency missing: not the case's finding
    except (InvalidInstance, Terminated, MissingExtra):
        raise
    except (Exception, SystemExit) as error:  # the code under test failed: a finding, not a verifier error
        if isinstance(error, SystemExit):
            raise _Raised(f"called sys.exit({error.code!r})") from None
        raise _Raised(f"raised {type(error).__name__}: {error}") from None


def primary_decider(instance: Any, deciders: Sequence[str]) -> str:
    """The first of ``deciders`` (a problem's ``verify_deciders``) not declared slow at the
    instance's size (``Decider.fast``, as :func:`npw.solvers.default_backend` judges): the
    listed primary on the small cases, SAT on a long chain's 1,000-vertex target rather than a
    search that would run out of time.

    >>> from npw.instances.graphs.graph import IndependentSet
    >>> primary_decider(IndependentSet(3, (), 1), ("brute", "sat")), primary_decider(IndependentSet(600, (), 1), ("brute", "sat"))
    ('brute', 'sat')
    """
    for name in deciders:
        fast = fast_of(instance.problem, name)
        if fast is None or fast(instance):
            return name
    return deciders[0]


def _sizes(instance: Any) -> str:
    try:
        sizes = instance.size()
    except Exception:  # a user's size() that fails is reported where the target's size is measured
        return "its size"
    return ", ".join(f"{key} {value:,}" if isinstance(value, int) else f"{key} {value}" for key, value in sizes.items())


def runnable_deciders(instance: Any, deciders: Sequence[str], keep_one: bool = True) -> tuple[list[str], list[str]]:
    """The ``deciders`` worth running on ``instance``, and why each other one is skipped: a decider
    whose declared ``fast(instance)`` is False (:class:`npw.solvers.registry.Decider`; brute force
    on a 51-vertex graph) would spend its whole time bound and decide nothing. With ``keep_one``,
    the first of them is kept where all would be skipped (a side must be decided by something).

    >>> from npw.instances.graphs.graph import DominatingSet
    >>> runnable_deciders(DominatingSet(51, (), 51), ("sat", "brute"))
    (['sat'], ['brute: skipped: declared slow at this size (vertices 51, edges 0, k 51)'])
    >>> runnable_deciders(DominatingSet(51, (), 51), ("brute",)), runnable_deciders(DominatingSet(3, (), 1), ("brute",))
    ((['brute'], []), (['brute'], []))
    """
    kept, slow = [], []
    for name in deciders:
        fast = fast_of(instance.problem, name.partition(":")[0])
        (slow if fast is not None and not fast(instance) else kept).append(name)
    if keep_one and not kept and slow:
        kept.append(slow.pop(0))
    reasons = [f"{name}: skipped: declared slow at this size ({_sizes(instance)})" for name in slow] if slow else []
    return kept, reasons


def _decide(instance: Any, deciders: Sequence[str], timeout: float | None, times: dict[str, float],
            role: str) -> list[Result]:
    results = []
    for backend in deciders:
        start = time.perf_counter()
        try:
            results.append(solve(instance, backend=backend, timeout=timeout))
        except (InvalidInstance, Terminated, MissingExtra):
            raise
        except (Exception, SystemExit) as error:
            # a YES whose certificate its checker rejects, or a (user's) decider that raised
            message = str(error) if isinstance(error, SolverError) else f"raised {type(error).__name__}: {error}"
            results.append(Result(Answer.UNKNOWN, None, backend, {"error": message}))
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
                 case: "CaseResult", confirm_no: Sequence[str] = ()) -> tuple[Answer, Result | None]:
    """Runs the deciders of one side, and ``confirm_no`` too when they say NO; records decider
    errors and disagreements as failures."""
    deciders, skipped = runnable_deciders(instance, deciders)
    results = _decide(instance, deciders, timeout, case.times, role)
    confirmers = [name for name in confirm_no if name not in deciders]
    if confirmers and _combined(results)[0] is Answer.NO:
        # a NO-confirming decider beyond its size is skipped: the NO rests on the deciders that ran
        confirmers, slow = runnable_deciders(instance, confirmers, keep_one=False)
        skipped += slow
        results += _decide(instance, confirmers, timeout, case.times, role)
    case.skipped += [f"{role} {line}" for line in skipped]
    _decider_errors(results, role, case)
    case.refusals += [f"{role} {r.backend}: {r.stats['refused']}" for r in results if "refused" in r.stats]
    case.stuck += [f"{role} {r.backend}: {progress(r.stats) or 'no progress reported'}" for r in results
                   if r.answer is Answer.UNKNOWN and not {"refused", "error"} & r.stats.keys()]
    answer, witness, disagree = _combined(results)
    if disagree:
        answers = ", ".join(f"{r.backend}={r.answer.value}" for r in results)
        case.failures.append((DECIDER_DISAGREEMENT, f"{role} deciders disagree: {answers}"))
    if role == "target" and answer is Answer.NO:
        case.target_no_by = [r.backend for r in results if r.answer is Answer.NO]
    return answer, witness


def _prove_target_no(target: Any, timeout: float | None, case: CaseResult) -> None:
    """``--prove-no``: a DRAT proof of the target's NO, made from its SAT encoding and checked
    (:mod:`npw.solvers.proof`). A proof the checker rejects, an encoding that is satisfiable, or
    no encoding at all is a ``no-proof`` failure; out of time (or beyond the checker's size
    limit) leaves the NO unproved, as a stuck call."""
    from npw.solvers import export_formats
    from npw.solvers.proof import prove_no

    if "dimacs" not in export_formats(target.problem):
        case.failures.append((NO_PROOF, f"target NO not proved: {target.problem} has no SAT encoding (dimacs export)"))
        return
    try:
        refutation, check = prove_no(target, timeout)
    except InvalidInstance as error:  # an encoding past the export limit
        case.stuck.append(f"target proof: {error}")
        return
    case.times[PROOF_SOLVE] = refutation.seconds
    if refutation.answer is Answer.YES:
        case.failures.append((NO_PROOF, f"the target deciders said NO, but {refutation.solver} finds the target's SAT "
                                        f"encoding satisfiable"))
    elif check is None or check.verdict == "UNKNOWN":
        case.stuck.append(f"target proof: {refutation.reason if check is None else check.reason}")
    else:
        case.times[PROOF_CHECK] = check.seconds
        if check.verified:
            case.target_no_proved = True
        else:
            case.failures.append((NO_PROOF, f"the {refutation.solver} DRAT proof of the target's NO was rejected: "
                                            f"{check.reason}"))


def _check_claims(claims: Sequence[Claim], stage: str, args: tuple, timeout: float | None, label: str,
                  case: CaseResult) -> None:
    """Runs the claims of one stage; counts each, records failures (or deviations) with ``label``."""
    for claim in claims:
        if claim.stage != stage:
            continue
        try:
            outcome = _run(claim.check, args, timeout)
        except (_Raised, InvalidInstance) as error:
            outcome = f"the check {error}" if isinstance(error, _Raised) else f"the check raised InvalidInstance: {error}"
        if outcome is None:
            continue
        counts = case.claims.setdefault(claim.name, [0, 0])
        if outcome is True:
            counts[0] += 1
            continue
        counts[1] += 1
        detail = f"claim {claim.name!r} fails{f' ({label})' if label else ''}"
        if isinstance(outcome, str):
            detail += f": {outcome}"
        if claim.deviates:
            case.deviations.append((claim.name, detail))
        else:
            case.failures.append((claim_kind(claim.name), detail))


def _size_failures(predicted: Any, built: dict[str, int]) -> str | None:
    """What differs between the size formula's values (exact ints, a :class:`Bound`, or an
    :class:`Order`, which one case cannot contradict: fitted over the stream) and the built sizes."""
    wrong = []
    for key, value in predicted.items():
        actual = built.get(key)
        if isinstance(value, Order):
            if actual is None:
                wrong.append(f"{key}: formula {value}, built none")
        elif isinstance(value, Bound):
            if not value.admits(actual):
                wrong.append(f"{key}: formula {value}, built {actual}")
        elif actual != value:
            wrong.append(f"{key}: formula {value}, built {actual}")
    return ", ".join(wrong) or None


def _check_source_certificate(reduction: Reduction, source: Any, target: Any, target_certificate: Any,
                              label: str, case: CaseResult, timeout: float | None) -> None:
    label = f"{label} {_shown(target_certificate)}"  # the witness, so that a failure shows it
    try:
        source_certificate = _run(reduction.backward, (source, target, target_certificate), timeout)
    except (_Raised, InvalidInstance) as error:
        case.failures.append((BACKWARD, f"backward {error} ({label})"))
        return
    if not source.verify(source_certificate):
        case.failures.append((BACKWARD, f"backward certificate rejected by the {source.problem} checker ({label})"))
        return
    _check_claims(reduction.claims, BACKWARD_CLAIM, (source, target, target_certificate, source_certificate),
                  timeout, label, case)


def check_case(
    reduction: Reduction,
    source: Any,
    source_deciders: Sequence[str] | None = None,
    target_deciders: Sequence[str] | None = None,
    timeout: float | None = None,
    extra_certificates: int | None = None,
    seed: int = 0,
    prove_no: bool = False,
    witnesses: int | None = None,
) -> CaseResult:
    """Checks one case; on a yes-target, ``backward`` is tried on ``witnesses`` distinct target
    certificates (default :data:`DEFAULT_WITNESSES`): the decider's, the forward one, then more
    (:func:`npw.solvers.distinct_certificates`, seeded by ``seed``). ``extra_certificates``, the
    older name, counts the ones beyond the decider's and the forward one (:func:`witness_count`).
    ``source_deciders`` / ``target_deciders`` name the deciders of each side (None: the problem's;
    several must agree); one declared slow at the instance's size is skipped (:func:`runnable_deciders`).
    ``timeout`` bounds each decider call and each call of the reduction's own code. With
    ``prove_no``, a target NO also needs a DRAT proof of its SAT encoding that the checker
    verifies (:func:`npw.solvers.proof.prove_no`; failing that, a ``no-proof`` failure).

    >>> from npw.instances.sat.one_in_three_sat import OneInThreeSat
    >>> from npw.reductions.registry import get_reduction
    >>> case = check_case(get_reduction("1in3sat-to-224sat"), OneInThreeSat(3, [(1, 2, 3), (-1, 2, -3)]))
    >>> case.source_answer.value, case.target_answer.value, case.failures, case.target_size
    ('YES', 'YES', [], {'variables': 14, 'clauses': 14})
    """
    started = time.perf_counter()
    case = CaseResult()
    try:
        with bounded_calls():  # one signal handler for the case's two dozen bounded calls
            _check(case, reduction, source, source_deciders, target_deciders, timeout,
                   witness_count(witnesses, extra_certificates), seed, prove_no=prove_no)
    finally:
        case.times[CASE_SECONDS] = time.perf_counter() - started
    return case


def _check(case: CaseResult, reduction: Reduction, source: Any, source_deciders: Sequence[str] | None,
           target_deciders: Sequence[str] | None, timeout: float | None, witnesses: int, seed: int,
           prove_no: bool = False) -> None:
    times = case.times
    if source_deciders is None:
        source_deciders = get_problem(reduction.source).verify_deciders
    case.source_answer, source_yes = _decide_side(source, source_deciders, timeout, "source", case)

    start = time.perf_counter()
    try:
        target = _run(reduction.reduce, (source,), timeout)
        if getattr(target, "problem", None) == reduction.target:
            target.validate()
    except InvalidInstance as error:
        case.failures.append((INVALID_TARGET, f"reduce built an invalid {reduction.target} instance: {error}"))
        return
    except _Raised as error:  # the construction under test crashed: a finding, reported with the case
        case.failures.append((REDUCE_ERROR, f"reduce {error}"))
        return
    if getattr(target, "problem", None) != reduction.target:
        case.failures.append((INVALID_TARGET, f"reduce returned {type(target).__name__}, not a {reduction.target} instance"))
        return
    times["reduce"] = time.perf_counter() - start
    if reduction.build_with is not None and reduction.reduce_options is not None:
        # npw reduce's path (Reduction.build) under the options reduce is built with: the same target
        options = dict(reduction.reduce_options)
        try:
            built = _run(lambda src: reduction.build(src, **options), (source,), timeout)
        except (_Raised, InvalidInstance) as error:
            case.failures.append((REDUCE_ERROR, f"build {options} (npw reduce's path) {error}"))
        else:
            if built.target != target:
                case.failures.append((REDUCE_ERROR, f"build {options} (npw reduce's path) built another target "
                                                    "than reduce"))
    try:
        case.target_size = _run(target.size, (), timeout)
        predicted = None if reduction.size is None else _run(reduction.size, (source,), timeout)
        if reduction.size is not None and (not isinstance(predicted, Mapping) or not predicted):
            # a declared formula that names no measure checks nothing: a finding, not a pass
            raise _Raised(f"formula gave no measure (returned {predicted!r:.60})")
        if predicted is not None and any(isinstance(value, str) for value in predicted.values()):
            # "O(clauses^2)": an order in the source's own measures
            measures = _run(source.size, (), timeout)
            predicted = {key: order_of_text(value, measures) if isinstance(value, str) else value
                         for key, value in predicted.items()}
    except (_Raised, InvalidInstance, OrderError) as error:
        case.failures.append((SIZE, f"size {error}"))
    else:
        wrong = None if predicted is None else _size_failures(predicted, case.target_size)
        if wrong:
            case.failures.append((SIZE, wrong))
        for key, value in (predicted or {}).items():
            if isinstance(value, Order) and isinstance(case.target_size.get(key), int):
                case.orders[key] = (value.expression, value.degree, value.value(), case.target_size[key])
    _check_claims(reduction.claims, TARGET_CLAIM, (source, target), timeout, "", case)

    target_problem = get_problem(reduction.target)
    if target_deciders is None:
        target_deciders = (primary_decider(target, target_problem.verify_deciders),)
    case.target_answer, target_yes = _decide_side(target, target_deciders, timeout, "target", case,
                                                  target_problem.confirm_no_deciders)
    if prove_no and case.target_answer is Answer.NO:
        _prove_target_no(target, timeout, case)

    if Answer.UNKNOWN not in (case.source_answer, case.target_answer) and case.source_answer != case.target_answer:
        case.failures.append((MISMATCH, f"source {case.source_answer.value}, target {case.target_answer.value}"))

    checked: list[Any] = []  # the target certificates backward is checked on
    if source_yes is not None and reduction.forward is not None:
        try:
            forward_certificate = _run(reduction.forward, (source, source_yes.certificate), timeout)
        except (_Raised, InvalidInstance) as error:
            case.failures.append((FORWARD, f"forward {error}"))
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
                _check_claims(reduction.claims, FORWARD_CLAIM,
                              (source, target, source_yes.certificate, forward_certificate), timeout,
                              "on the forward certificate", case)
                _check_source_certificate(reduction, source, target, forward_certificate, "of the forward certificate",
                                          case, timeout)
                checked.append(forward_certificate)
    if target_yes is not None:
        _check_source_certificate(reduction, source, target, target_yes.certificate,
                                  f"of the {target_yes.backend} certificate", case, timeout)
        checked.append(target_yes.certificate)
        had = len({certificate_key(certificate) for certificate in checked})
        # where the problem has no sampler: its other verifying deciders' certificates
        ran = target_yes.backend.partition(":")[0]
        others_by = [name for name in dict.fromkeys((*target_problem.verify_deciders, *target_problem.confirm_no_deciders))
                     if name.partition(":")[0] != ran]
        # another decider gets a few times what the one that answered took: one far slower at this size
        # (a breadth-first search on a sliding puzzle) would spend the case's whole time bound on a witness
        decided_in = max((seconds for key, seconds in times.items() if key.startswith("target:")), default=0.0)
        budget = max(WITNESS_DECIDER_SECONDS, 4 * decided_in)
        start = time.perf_counter()
        try:
            others = distinct_certificates(target, witnesses - had, seed, known=checked, backends=others_by,
                                           timeout=budget if timeout is None else min(timeout, budget))
        except Exception as error:  # a sampler's rejected certificate (SolverError) or a user's failure
            case.failures.append((DECIDER_ERROR, str(error)))
            others = []
        if witnesses > had:
            times[WITNESS_SECONDS] = time.perf_counter() - start
        for number, certificate in enumerate(others, had + 1):
            _check_source_certificate(reduction, source, target, certificate, f"of target witness {number}",
                                      case, timeout)
        case.witnesses = had + len(others)
    elif checked:
        case.witnesses = 1
