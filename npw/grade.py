"""Grading submitted reductions against an assignment: what ``npw grade`` does.

An assignment (a TOML file, :func:`load_assignment`; the format is in
``docs/grading.md``) names the source and target problems, the case streams with a seed the
students never see, the limits, and the points per check. Each submission is checked by the
verifier (:func:`npw.verify.check.check_case`) on the assignment's cases, and each check the
verifier makes scores on its own:

===================  ==============================================  ==========================
check                a case passes it when                           counted on
===================  ==============================================  ==========================
yes->yes answers     the target is a yes-instance                    yes-sources
no->no answers       the target is a no-instance                     no-sources
forward              ``forward``'s certificate is accepted           yes-sources
backward             every ``backward`` certificate is accepted      yes-sources with a yes-target
size                 the built target has the formula's size         every case
claim: NAME          the reference's claim holds                     cases where the claim applies
===================  ==============================================  ==========================

A case on which the submission crashed, ran out of time, broke a limit or built an invalid
target fails every check it counts for. ``all-or-nothing`` scoring (the default) gives a
check its points only when no case failed it; ``proportional`` gives the share of cases
that passed. A check no case exercised scores 0: nothing checked proves nothing.

>>> assignment = parse_assignment('''
... [assignment]
... title = "t"
... source = "3sat"
... target = "indset"
... [streams]
... random = 3
... seed = 5
... [points]
... yes_answers = 1
... no_answers = 1
... ''', "a.toml")
>>> assignment.source, assignment.streams.random, assignment.max_score
('3sat', 3, 2.0)
"""

from __future__ import annotations

import dataclasses
import html
import json
import os
import re
import time
import tomllib
import zlib
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from npw.instances.base import InvalidInstance
from npw.reductions.base import Reduction
from npw.solvers.result import Answer
from npw.verify.check import BACKWARD, FORWARD, INVALID_TARGET, REDUCE_ERROR, SIZE, CaseResult, check_case, claim_kind

__all__ = [
    "CHECKS", "Assignment", "CheckScore", "close_submission", "Grade", "GradeLimits", "Points", "Streams", "Submission", "feedback_html",
    "find_submissions", "grade_and_write", "grade_submission", "load_assignment", "load_submission", "npw_code_folders",
    "parse_assignment", "results_json", "score_line", "write_outputs",
]

# check key in [points] -> its name in the feedback and in results.json
CHECKS = {"yes_answers": "yes->yes answers", "no_answers": "no->no answers", "forward": "forward certificates",
          "backward": "backward certificates", "size": "size"}
SCORING = ("all-or-nothing", "proportional")
# seconds spent shrinking the counterexamples of one submission (all failure kinds together)
SHRINK_SECONDS = 10.0
# source elements a hint names at most
HINT_ELEMENTS = 6


@dataclass(frozen=True)
class Streams:
    """The assignment's cases (as ``npw verify`` takes them); ``seed`` is hidden from students."""

    exhaustive: int | None = None
    random: int = 0
    planted: int = 0
    certified_no: int = 0
    seed: int = 0
    extra_certificates: int = 2


@dataclass(frozen=True)
class GradeLimits:
    """Per submission: the whole run's wall time, the child's CPU time and memory, and each call."""

    wall_seconds: float = 120.0
    cpu_seconds: float = 30.0
    memory_mb: int = 512
    call_seconds: float = 10.0


@dataclass(frozen=True)
class Points:
    """Points per check (0: not graded), the scoring rule, and the claims' points."""

    yes_answers: float = 0.0
    no_answers: float = 0.0
    forward: float = 0.0
    backward: float = 0.0
    size: float = 0.0
    claim_default: float = 0.0
    claims: dict[str, float] = field(default_factory=dict)
    scoring: str = "all-or-nothing"


@dataclass(frozen=True)
class Assignment:
    """One assignment file, read and checked (:func:`load_assignment`)."""

    path: str
    title: str
    source: str
    target: str
    reference: Reduction | None
    streams: Streams
    limits: GradeLimits
    points: Points

    def graded_checks(self) -> list[tuple[str, float]]:
        """(check name, points) of every check worth points, claims last (in the reference's order)."""
        checks = [(CHECKS[key], float(getattr(self.points, key))) for key in CHECKS if getattr(self.points, key) > 0]
        for claim in self.reference.claims if self.reference is not None else ():
            points = self.points.claims.get(claim.name, self.points.claim_default)
            if points > 0:
                checks.append((claim_kind(claim.name), float(points)))
        return checks

    @property
    def max_score(self) -> float:
        return float(sum(points for _, points in self.graded_checks()))


_SECTIONS: dict[str, dict[str, tuple[type, ...]]] = {
    "assignment": {"title": (str,), "source": (str,), "target": (str,), "reference": (str,)},
    "streams": {"exhaustive": (int,), "random": (int,), "planted": (int,), "certified_no": (int,), "seed": (int,),
                "extra_certificates": (int,)},
    "limits": {"wall_seconds": (int, float), "cpu_seconds": (int, float), "memory_mb": (int,),
               "call_seconds": (int, float)},
    "points": {"scoring": (str,), "yes_answers": (int, float), "no_answers": (int, float), "forward": (int, float),
               "backward": (int, float), "size": (int, float), "claim_default": (int, float), "claims": (dict,)},
}


def _section(data: dict, name: str, where: str) -> dict:
    """The section ``name``, its keys and their types checked (bool is not a number here)."""
    section = data.get(name, {})
    if not isinstance(section, dict):
        raise InvalidInstance(f"{where}: [{name}] must be a table")
    for key, value in section.items():
        types = _SECTIONS[name].get(key)
        if types is None:
            raise InvalidInstance(f"{where}: [{name}] has no key {key!r} (known: {', '.join(_SECTIONS[name])})")
        if isinstance(value, bool) or not isinstance(value, types):
            wanted = " or ".join("a number" if t is float else {int: "an integer", str: "a string", dict: "a table"}[t]
                                 for t in types if not (t is int and float in types))
            raise InvalidInstance(f"{where}: [{name}] {key} must be {wanted}, not {value!r}")
        if isinstance(value, (int, float)) and value < 0:
            raise InvalidInstance(f"{where}: [{name}] {key} must not be negative")
    return section


def _reference(spec: str, folder: str, where: str) -> Reduction:
    """The assignment's reference: a registered id, or ``file.py:NAME`` beside the assignment (trusted)."""
    from npw.reductions.registry import get_reduction
    from npw.reductions.user_file import is_file_spec, load_reduction

    try:
        if is_file_spec(spec):
            path, colon, name = spec.partition(":") if not spec.endswith(".py") else (spec, "", "")
            return load_reduction(os.path.join(folder, path) + colon + name)
        return get_reduction(spec)
    except (InvalidInstance, KeyError) as error:
        raise InvalidInstance(f"{where}: reference {spec!r}: {str(error).strip(chr(39))}") from None


def parse_assignment(text: str, path: str) -> Assignment:
    """The assignment in ``text`` (TOML) read from ``path`` (relative references are beside it).

    Raises
    ------
    InvalidInstance
        Not TOML, an unknown section or key, a wrong type, an unknown problem or reference,
        no stream, or no points at all: one line naming the file.

    Examples
    --------
    >>> parse_assignment('[assignment]\\ntitle = 1', "a.toml")
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: a.toml: [assignment] title must be a string, not 1
    """
    from npw.instances.registry import get_problem

    where = path
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InvalidInstance(f"{where}: not TOML ({error})") from None
    unknown = set(data) - set(_SECTIONS)
    if unknown:
        raise InvalidInstance(f"{where}: unknown section [{sorted(unknown)[0]}] (known: {', '.join(_SECTIONS)})")
    head = _section(data, "assignment", where)
    for key in ("title", "source", "target"):
        if key not in head:
            raise InvalidInstance(f"{where}: [assignment] needs {key}")
    for key in ("source", "target"):
        try:
            get_problem(head[key])
        except (InvalidInstance, KeyError) as error:
            raise InvalidInstance(f"{where}: [assignment] {key}: {str(error).strip(chr(39))}") from None
    reference = None
    if "reference" in head:
        reference = _reference(head["reference"], os.path.dirname(os.path.abspath(path)), where)
        if (reference.source, reference.target) != (head["source"], head["target"]):
            raise InvalidInstance(f"{where}: reference {head['reference']!r} reduces {reference.source} to "
                                  f"{reference.target}, not {head['source']} to {head['target']}")
    streams = Streams(**_section(data, "streams", where))
    if streams.exhaustive is None and not (streams.random or streams.planted or streams.certified_no):
        raise InvalidInstance(f"{where}: [streams] gives no case (exhaustive, random, planted or certified_no)")
    limits = GradeLimits(**_section(data, "limits", where))
    if min(limits.wall_seconds, limits.cpu_seconds, limits.memory_mb, limits.call_seconds) <= 0:
        raise InvalidInstance(f"{where}: [limits] must all be positive")
    raw = dict(_section(data, "points", where))
    claims = raw.pop("claims", {})
    for name, value in claims.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
            raise InvalidInstance(f"{where}: [points.claims] {name!r} must be a non-negative number")
    known_claims = {c.name for c in reference.claims} if reference is not None else set()
    for name in claims:
        if name not in known_claims:
            raise InvalidInstance(f"{where}: [points.claims] {name!r} is not a claim of the reference "
                                  f"(its claims: {', '.join(sorted(known_claims)) or 'none'})")
    if raw.get("scoring", "all-or-nothing") not in SCORING:
        raise InvalidInstance(f"{where}: [points] scoring must be one of {', '.join(SCORING)}")
    points = Points(**{k: (v if k == "scoring" else float(v)) for k, v in raw.items()},
                    claims={k: float(v) for k, v in claims.items()})
    assignment = Assignment(path, head["title"], head["source"], head["target"], reference, streams, limits, points)
    if assignment.max_score <= 0:
        raise InvalidInstance(f"{where}: [points] gives no check any points")
    return assignment


def load_assignment(path: str) -> Assignment:
    """The assignment file at ``path`` (see :func:`parse_assignment`).

    >>> load_assignment("no/such.toml")
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: no/such.toml: no such assignment file
    """
    try:
        with open(path, "rb") as handle:
            raw = handle.read(1 << 20)
    except OSError:
        raise InvalidInstance(f"{path}: no such assignment file") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidInstance(f"{path}: not UTF-8 text") from None
    return parse_assignment(text, path)


# -- submissions --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Submission:
    """One submission: its name (the output subfolder), and a Python file spec or a command."""

    name: str
    spec: str | None = None  # path/file.py or path/file.py:NAME
    command: str | None = None  # --exec "CMD"
    alone: bool = False  # one of a folder's files: it may read only itself, not the others beside it


def _safe_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("._") or "submission"


def find_submissions(paths: Iterable[str], commands: Iterable[str] = ()) -> list[Submission]:
    """The submissions named: ``file.py``, ``file.py:NAME``, a folder (each ``*.py`` directly in
    it, sorted), and each ``--exec`` command. Names are made unique for the output folders.

    >>> [s.name for s in find_submissions([], ["./a.out", "node b.js"])]
    ['exec-a.out', 'exec-node_b.js']
    """
    found: list[Submission] = []
    for path in paths:
        if os.path.isdir(path):
            files = sorted(entry for entry in os.listdir(path) if entry.endswith(".py") and not entry.startswith("."))
            if not files:
                raise InvalidInstance(f"{path}: a folder of submissions with no .py file in it")
            found += [Submission(_safe_name(entry[:-3]), os.path.join(path, entry), alone=True) for entry in files]
            continue
        file = path.rpartition(":")[0] if not path.endswith(".py") and ":" in path else path
        if not file.endswith(".py"):
            raise InvalidInstance(f"{path}: a submission is a .py file, file.py:NAME or a folder of them")
        if not os.path.isfile(file):
            raise InvalidInstance(f"{file}: no such submission file")
        base = os.path.basename(file)[:-3] + (f"-{path.rpartition(':')[2]}" if file != path else "")
        found.append(Submission(_safe_name(base), path))
    found += [Submission(_safe_name("exec-" + os.path.basename(command.split()[0]) + "".join(
        " " + word for word in command.split()[1:])), command=command) for command in commands]
    seen: dict[str, int] = {}
    unique = []
    for submission in found:
        n = seen[submission.name] = seen.get(submission.name, 0) + 1
        unique.append(submission if n == 1 else dataclasses.replace(submission, name=f"{submission.name}-{n}"))
    return unique


def load_submission(submission: Submission, assignment: Assignment) -> Reduction:
    """The submission as an npw reduction whose code runs in the sandbox (:mod:`npw.sandbox`).

    A command runs as given; a Python file is served by ``python -m npw.serve FILE.py:NAME`` in
    the sandbox (never imported into this process). Either way each call is one request over
    the standard-streams protocol (:func:`npw.exec_process.exec_reduction`), under the
    assignment's limits. Raises ``InvalidInstance`` when the submission does not start or does
    not answer ``hello`` (the grade records it as 0 with the reason).
    """
    import sys

    from npw.exec_process import exec_reduction

    limits, env, readable = _sandbox_limits(assignment), None, None
    if submission.command is not None:
        argv: str | list[str] = submission.command
    else:
        import npw

        assert submission.spec is not None
        spec = submission.spec
        path, colon, name = spec.rpartition(":") if not spec.endswith(".py") else (spec, "", "")
        argv = [sys.executable, "-m", "npw.serve", os.path.abspath(path) + colon + name]
        # npw importable from the child's empty folder; no bytecode written beside the submission
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONDONTWRITEBYTECODE": "1",
               "PYTHONPATH": os.path.dirname(os.path.dirname(os.path.abspath(npw.__file__)))}
        # the submission reads only its own code and npw's: not the assignment (its hidden seed)
        # nor the reference. One of a folder's files reads only itself (the files beside it are
        # other students'); a file named on its own may import modules from its folder
        own = os.path.abspath(path) if submission.alone else os.path.dirname(os.path.abspath(path))
        readable = [own, *npw_code_folders()]
    return exec_reduction(argv, limits, call_seconds=assignment.limits.call_seconds, id=submission.name, env=env,
                          readable=readable)


def npw_code_folders() -> list[str]:
    """The folders of npw's own code (its packages and the site-packages they import from), all a
    sandboxed ``python -m npw.serve`` needs to read besides the submission.

    >>> any(folder.endswith("npw") for folder in npw_code_folders())
    True
    """
    import site
    import sys

    import npw

    folders = {os.path.dirname(os.path.abspath(npw.__file__))}
    for name in ("instances", "solvers", "reductions", "verify"):
        module = sys.modules.get(f"npw.{name}") or __import__(f"npw.{name}", fromlist=["_"])
        folders.update(os.path.abspath(path) for path in getattr(module, "__path__", ()))
    folders.update(path for path in (*site.getsitepackages(), site.getusersitepackages()) if os.path.isdir(path))
    return sorted(folders)


def _sandbox_limits(assignment: Assignment) -> Any:
    from npw.sandbox import Limits

    limits = assignment.limits
    return Limits(cpu_seconds=limits.cpu_seconds, memory_bytes=limits.memory_mb << 20,
                  wall_seconds=limits.wall_seconds)


# -- scoring ------------------------------------------------------------------------------------

@dataclass
class CheckScore:
    """One check of one submission: its points, the cases that passed and failed it, and why."""

    name: str
    points: float
    passed: int = 0
    failed: int = 0
    reasons: list[str] = field(default_factory=list)  # the first few failing cases' details
    statement: str = ""  # a claim's statement (the proof's words)

    def add(self, ok: bool, reason: str = "") -> None:
        if ok:
            self.passed += 1
            return
        self.failed += 1
        if reason and len(self.reasons) < 3 and reason not in self.reasons:
            self.reasons.append(reason)

    def score(self, scoring: str) -> float:
        if self.passed + self.failed == 0:
            return 0.0
        if scoring == "proportional":
            return round(self.points * self.passed / (self.passed + self.failed), 2)
        return self.points if self.failed == 0 else 0.0

    def output(self, scoring: str) -> str:
        cases = self.passed + self.failed
        if cases == 0:
            text = "no case exercised this check: 0 points"
        elif not self.failed:
            text = f"passed on all {cases} cases"
        else:
            text = f"failed on {self.failed} of {cases} cases"
            if scoring == "all-or-nothing":
                text += " (all or nothing: 0 points)"
        if self.statement:
            text += f"\nthe proof says: {self.statement}"
        return text + "".join(f"\n  - {reason}" for reason in self.reasons)


@dataclass
class Grade:
    """The grade of one submission: its checks' scores, the verifier's report, the hint."""

    submission: Submission
    max_score: float
    checks: list[CheckScore] = field(default_factory=list)
    scoring: str = "all-or-nothing"
    report: dict | None = None  # the verifier's report (seed hidden), None when nothing ran
    error: str | None = None  # why the submission could not be graded at all
    hint: str = ""
    highlight: list[str] = field(default_factory=list)  # source and target element ids the hint names
    seconds: float = 0.0

    @property
    def score(self) -> float:
        return round(sum(check.score(self.scoring) for check in self.checks), 2)


def _case_reason(label: str, case: CaseResult, kinds: Iterable[str]) -> str:
    details = [detail for kind, detail in case.failures if kind in kinds]
    return f"{label}: {details[0]}" if details else f"{label}"


def _score_case(checks: dict[str, CheckScore], label: str, case: CaseResult, has_forward: bool,
                has_size: bool) -> None:
    """Adds one case to every check it counts for (see the module's table)."""
    kinds = {kind for kind, _ in case.failures}
    broken = kinds & {REDUCE_ERROR, INVALID_TARGET}
    broken_reason = _case_reason(label, case, broken) if broken else ""
    source, target = case.source_answer, case.target_answer
    if source is Answer.UNKNOWN:  # the deciders did not settle the source: the case says nothing
        return
    answers = checks.get(CHECKS["yes_answers" if source is Answer.YES else "no_answers"])
    if answers is not None:
        answers.add(target is source and not broken,
                    broken_reason or f"{label}: source {source.value}, your target {target.value}")
    if source is Answer.YES and (check := checks.get(CHECKS["forward"])) is not None:
        check.add(has_forward and not broken and FORWARD not in kinds,
                  broken_reason or ("no forward given" if not has_forward else _case_reason(label, case, {FORWARD})))
    if source is Answer.YES and (check := checks.get(CHECKS["backward"])) is not None:
        if broken:
            check.add(False, broken_reason)
        elif target is Answer.YES:  # backward had target certificates to map back
            check.add(BACKWARD not in kinds, _case_reason(label, case, {BACKWARD}))
    if (check := checks.get(CHECKS["size"])) is not None:
        check.add(has_size and not broken and SIZE not in kinds,
                  broken_reason or ("no size formula" if not has_size else _case_reason(label, case, {SIZE})))
    for name, check in checks.items():
        if not name.startswith("claim: "):
            continue
        if broken:
            check.add(False, broken_reason)
        elif name in kinds:
            check.add(False, _case_reason(label, case, {name}))
        elif check.name.removeprefix("claim: ") in case.claims:
            check.add(True)


def _hide_seed(value: Any, seed: int) -> Any:
    """``value`` with the hidden seed taken out of every string (case labels name their seed)."""
    if isinstance(value, str):
        return value.replace(f"seed={seed}", "seed=hidden")
    if isinstance(value, dict):
        return {k: _hide_seed(v, seed) for k, v in value.items()}
    if isinstance(value, list):
        return [_hide_seed(v, seed) for v in value]
    return value


def _graded_reduction(reduction: Reduction, assignment: Assignment) -> Reduction:
    """The submission with the reference's graded claims (its own are not graded), and the
    reference's size formula where it gives none."""
    reference = assignment.reference
    if reference is None:
        return dataclasses.replace(reduction, claims=(), reference="a submission")
    graded = {name.removeprefix("claim: ") for name, _ in assignment.graded_checks()}
    claims = tuple(claim for claim in reference.claims if claim.name in graded)
    size = reduction.size if reduction.size is not None else reference.size
    return dataclasses.replace(reduction, claims=claims, size=size, reference="a submission")


def grade_submission(assignment: Assignment, submission: Submission,
                     load: Callable[[Submission, Assignment], Reduction] = load_submission,
                     shrink_seconds: float = SHRINK_SECONDS) -> tuple[Grade, Reduction | None]:
    """Grades one submission; never raises for what the submission does.

    Returns
    -------
    (Grade, Reduction or None)
        The grade, and the reduction as graded (None when it could not be loaded).
    """
    from npw.instances.registry import get_problem
    from npw.verify.cases import source_problem
    from npw.verify.run import VerifySettings, case_stream
    from npw.verify.sweep import Failure, Report, Summary, claim_table, shrink_counterexample

    started = time.perf_counter()
    grade = Grade(submission, assignment.max_score, scoring=assignment.points.scoring)
    checks = {name: CheckScore(name, points) for name, points in assignment.graded_checks()}
    if assignment.reference is not None:
        for claim in assignment.reference.claims:
            if claim_kind(claim.name) in checks:
                checks[claim_kind(claim.name)].statement = claim.statement
    grade.checks = list(checks.values())
    try:
        reduction = load(submission, assignment)
    except Exception as error:  # a submission that does not load scores 0 on every check
        grade.error = f"could not load the submission: {error}"
        grade.seconds = time.perf_counter() - started
        return grade, None
    if (reduction.source, reduction.target) != (assignment.source, assignment.target):
        grade.error = (f"the submission reduces {reduction.source} to {reduction.target}; the assignment asks for "
                       f"{assignment.source} to {assignment.target}")
        grade.seconds = time.perf_counter() - started
        return grade, reduction
    reduction = _graded_reduction(reduction, assignment)
    streams = assignment.streams
    settings = VerifySettings(exhaustive=streams.exhaustive, random=streams.random, planted=streams.planted,
                              certified_no=streams.certified_no, seed=streams.seed)
    cases, _ = case_stream(settings, source_problem(reduction))
    options = {"timeout": assignment.limits.call_seconds, "extra_certificates": streams.extra_certificates}
    summary = Summary(reduction.id)
    deadline = started + assignment.limits.wall_seconds
    stopped = 0
    for label, source in cases:
        if time.perf_counter() > deadline:  # the rest fails every check: the submission used up its time
            stopped += 1
            for check in checks.values():
                check.add(False, f"not checked: the submission used up its {assignment.limits.wall_seconds:g} s")
            continue
        case = check_case(reduction, source, seed=zlib.crc32(label.encode()), **options)
        summary.add(label, source, case)
        _score_case(checks, label, case, reduction.forward is not None, reduction.size is not None)
    elapsed = time.perf_counter() - started
    counterexamples = []
    kinds = sorted(summary.failure_counts, key=_severity)
    shrink_until = time.perf_counter() + shrink_seconds
    for number, kind in enumerate(kinds):
        first = next((f for f in summary.failures if kind in f.kinds), None)
        if first is None:
            continue
        # what a kind leaves of its share passes on to the next (the most telling kind goes first)
        # the first (the hint's) gets most of the budget: its counterexample is the one explained
        left = max(0.0, shrink_until - time.perf_counter())
        share = left * 0.7 if number == 0 and len(kinds) > 1 else left / (len(kinds) - number)
        smallest, details, steps = shrink_counterexample(reduction, first, share, kind, **options)
        counterexamples.append({"kind": kind, "label": first.label, "kinds": first.kinds,
                                "original": first.source.to_dict(), "shrunk": smallest.to_dict(),
                                "shrink_steps": steps, "details": details})
    warnings = [f"grading stopped after {assignment.limits.wall_seconds:g} s: {stopped} cases not checked"] \
        if stopped else []
    report = Report(summary, elapsed, counterexamples[0] if counterexamples else None, warnings, counterexamples,
                    claim_table(reduction, summary)).to_json()
    report["stream"] = "the assignment's (seed hidden)"
    report["timeout"] = assignment.limits.call_seconds
    grade.report = _hide_seed(report, streams.seed)
    for check in grade.checks:
        check.reasons = _hide_seed(check.reasons, streams.seed)
    if counterexamples:
        try:
            source = get_problem(reduction.source).from_dict(counterexamples[0]["shrunk"])
            grade.hint, grade.highlight = _hint(reduction, assignment.reference, source,
                                                counterexamples[0]["kind"], options["timeout"])
        except Exception as error:  # a hint must not cost the grade
            grade.hint = f"(no hint: {type(error).__name__}: {error})"
    grade.seconds = time.perf_counter() - started
    return grade, reduction


def grade_and_write(assignment_path: str, submission: Submission, output: str | None = None) -> tuple[str, str | None, bool]:
    """Grades one submission from the assignment's file, writes its outputs under ``output``
    (a folder, or None) and ends its child: one task of a folder graded on a process pool or a
    Dask cluster (``npw grade --workers N`` / ``--dask ADDRESS``), everything it takes and
    returns being plain data.

    Returns
    -------
    (str, str or None, bool)
        The score line, the hint (None without one) and whether the submission got full marks.
    """
    assignment = load_assignment(assignment_path)
    grade, reduction = grade_submission(assignment, submission)
    try:
        if output:
            write_outputs(grade, reduction, assignment, os.path.join(output, submission.name))
    finally:
        close_submission(reduction)
    return score_line(grade), grade.hint, grade.score >= grade.max_score


def close_submission(reduction: Reduction | None) -> None:
    """Ends the sandboxed child serving ``reduction`` now, not at exit (a folder of submissions
    is graded in one process: each child ends once its submission's outputs are written).
    Nothing to do for None or a reduction that runs in this process.

    >>> close_submission(None)
    """
    from npw.exec_process import close_reduction

    if reduction is not None:
        close_reduction(reduction)


def _severity(kind: str) -> tuple[int, str]:
    from npw.verify.sweep import SEVERITY

    base = kind.split(":", 1)[0]
    return (SEVERITY.index(base) if base in SEVERITY else len(SEVERITY), kind)


def _elements(problem_id: str, instance: Any) -> set[str]:
    """The element ids (``data-el``) the problem's renderer puts on ``instance``; empty without one."""
    from npw.instances.registry import renderer_for

    renderer = renderer_for(problem_id)
    if renderer is None:
        return set()
    return set(re.findall(r'data-el="([^"]*)"', renderer(instance)))


def _hint(reduction: Reduction, reference: Reduction | None, source: Any, kind: str,
          timeout: float) -> tuple[str, list[str]]:
    """A hint for the shrunk counterexample ``source``: which source elements' gadgets differ.

    With a reference that has a provenance map, the submission's target is compared with the
    reference's, element by element (the renderers' ids): the elements one has and the other
    lacks are traced back to the source elements that produce them in the reference. Else the
    hint names the source elements of the counterexample (the submission's provenance, where
    it gives one, says what they made)."""
    from npw.instances.time_bound import bounded_calls, time_bound

    with bounded_calls(), time_bound(timeout):
        target = reduction.reduce(source)
    what = f"The smallest failing case found ({kind}) is drawn in the feedback."
    if reference is not None and reference.provenance is not None:
        expected = reference.reduce(source)
        made = reference.provenance(source, expected)
        ours, theirs = _elements(reduction.target, target), _elements(reference.target, expected)
        missing, extra = sorted(theirs - ours), sorted(ours - theirs)
        involved = [element for element, produced in made.items() if set(produced) & set(missing)]
        if missing or extra:
            parts = [what]
            if missing:
                parts.append(f"A correct construction also builds {_listed(missing)}, which come from the gadgets "
                             f"of {_listed(involved)}: look at what your reduce makes for "
                             f"{'them' if len(involved) > 1 else 'it'}.")
            if extra:
                parts.append(f"Your target has {_listed(extra)}, which a correct construction does not build.")
            return " ".join(parts), sorted(set(involved) | set(missing) | set(extra))
        elements = sorted(made)
        differing = _scalar_differences(target, expected)
        if differing:
            return (f"{what} Your target has the same elements as a correct construction, but "
                    f"{'; '.join(differing)}: check how your reduce computes "
                    f"{'it' if len(differing) == 1 else 'them'}."), elements
        return (f"{what} Your target has the same elements as a correct construction; check what else your "
                f"reduce sets (a bound, a weight, a budget) for {_listed(elements)}."), elements
    if reduction.provenance is not None:
        made = reduction.provenance(source, target)
        elements = sorted(made)
        return (f"{what} It has the source elements {_listed(elements)}; your provenance map says their gadgets are "
                + "; ".join(f"{e}: {_listed(list(made[e]))}" for e in elements[:HINT_ELEMENTS]) + "."), elements
    elements = sorted(_elements(reduction.source, source))
    return (f"{what} It has only the source elements {_listed(elements)}: work through your construction by hand "
            "on them." if elements else what), elements


def _scalar_differences(ours: Any, theirs: Any) -> list[str]:
    """The top-level numbers and strings of two targets' JSON that differ ("k: yours 3, a correct
    construction's 2"); lists (the elements) are compared element by element elsewhere."""
    mine, expected = ours.to_dict(), theirs.to_dict()
    return [f"{key}: yours {mine.get(key)!r}, a correct construction's {value!r}" for key, value in expected.items()
            if key not in ("problem", "provenance") and isinstance(value, (int, float, str))
            and not isinstance(value, bool) and mine.get(key) != value]


def _listed(items: list[str]) -> str:
    shown = ", ".join(items[:HINT_ELEMENTS])
    return shown + (f" and {len(items) - HINT_ELEMENTS} more" if len(items) > HINT_ELEMENTS else "") if items else "none"


# -- outputs ------------------------------------------------------------------------------------

def score_line(grade: Grade) -> str:
    """One line per submission: name, score, and the checks that lost points.

    >>> grade = Grade(Submission("alice", "a.py"), 4.0, [CheckScore("size", 4.0, passed=3)])
    >>> score_line(grade)
    'alice: 4/4'
    """
    lost = [c.name for c in grade.checks if c.score(grade.scoring) < c.points]
    text = f"{grade.submission.name}: {grade.score:g}/{grade.max_score:g}"
    if grade.error:
        return f"{text} ({grade.error})"
    return text + (f" (lost: {', '.join(lost)})" if lost else "")


def results_json(grade: Grade) -> dict:
    """The Gradescope autograder ``results.json`` of one grade (its schema:
    ``docs/schemas/grading/gradescope_results.schema.json``).

    >>> data = results_json(Grade(Submission("bob", "b.py"), 2.0, [CheckScore("size", 2.0, failed=1)]))
    >>> data["score"], data["tests"][0]["status"], data["tests"][0]["max_score"]
    (0.0, 'failed', 2.0)
    """
    tests = []
    for number, check in enumerate(grade.checks, 1):
        score = check.score(grade.scoring)
        output = f"{grade.error}" if grade.error else check.output(grade.scoring)
        tests.append({"name": check.name, "number": str(number), "score": score, "max_score": check.points,
                      "status": "passed" if score >= check.points else "failed", "output": output,
                      "visibility": "visible"})
    output = score_line(grade)
    if grade.hint:
        output += "\nhint: " + grade.hint
    return {"score": grade.score, "execution_time": round(grade.seconds, 3), "output": output,
            "output_format": "text", "visibility": "visible", "stdout_visibility": "hidden", "tests": tests}


_GRADE_STYLE = """
.grade td.lost { background: #f8d0d0; } .grade td.full { background: #d8efd8; }
.hint { border-left: 4px solid #ff9800; padding: 0.4em 0.8em; background: #fff7e6; }
.side { display: flex; flex-wrap: wrap; gap: 1em; align-items: flex-start; }
.side svg { max-width: 460px; height: auto; border: 1px solid #ddd; }
"""


def _drawn_side_by_side(reduction: Reduction, source: Any, highlight: list[str]) -> str:
    """The counterexample and the submission's target as inline SVG (so the page's CSS reaches
    them), the hint's elements highlighted."""
    from npw.instances.registry import renderer_for

    figures = []
    try:
        target = reduction.reduce(source)
    except Exception:
        target = None
    for problem_id, instance, caption in ((reduction.source, source, "counterexample (source)"),
                                          (reduction.target, target, "your target")):
        renderer = renderer_for(problem_id)
        if renderer is None or instance is None:
            continue
        try:
            svg = renderer(instance)
        except Exception:
            continue
        svg = re.sub(r"<\?xml[^>]*\?>", "", svg)
        figures.append(f"<figure>{svg}<figcaption>{html.escape(caption)}</figcaption></figure>")
    if not figures:
        return ""
    # shapes outlined, labels coloured: an element may be a shape, a label, or a group of both
    shapes = ":is(line, circle, rect, path, polygon, polyline, ellipse)"
    selectors = [f'[data-el="{html.escape(e, quote=True)}"]' for e in highlight]
    shape_rules = ", ".join(f"{s}{shapes}, {s} {shapes}" for s in selectors)
    text_rules = ", ".join(f"{s}:is(text, tspan), {s} :is(text, tspan)" for s in selectors)
    style = (f"<style>{shape_rules} {{ stroke: #e65100 !important; stroke-width: 3px !important; }} "
             f"{text_rules} {{ fill: #e65100 !important; font-weight: bold; }}</style>") if highlight else ""
    return style + '<div class="side">' + "".join(figures) + "</div>"


def feedback_html(grade: Grade, reduction: Reduction | None, assignment: Assignment) -> str:
    """The feedback page: the grade per check (failing claims in the proof's words), the hint,
    the counterexample drawn side by side with the hint's elements highlighted, then the
    verifier's own report (:func:`npw.verify.html_report.render_html`)."""
    from npw.instances.registry import get_problem
    from npw.verify.html_report import STYLE, render_html

    esc = html.escape
    rows = []
    for check in grade.checks:
        score = check.score(grade.scoring)
        css = "full" if score >= check.points else "lost"
        rows.append(f'<tr><td>{esc(check.name)}</td><td class="{css}">{score:g} / {check.points:g}</td>'
                    f"<td><pre>{esc(grade.error or check.output(grade.scoring))}</pre></td></tr>")
    section = (f'<h1>{esc(assignment.title)}: {esc(grade.submission.name)}</h1>'
               f"<p><b>Score: {grade.score:g} / {grade.max_score:g}</b> ({esc(grade.scoring)} per check)</p>"
               f'<table class="grade"><tr><th>check</th><th>score</th><th>details</th></tr>{"".join(rows)}</table>')
    if grade.hint:
        section += f'<h2>Hint</h2><p class="hint">{esc(grade.hint)}</p>'
    report = grade.report
    if report and report.get("counterexample") and reduction is not None:
        try:
            source = get_problem(reduction.source).from_dict(report["counterexample"]["shrunk"])
            section += "<h2>The smallest failing case, and what your reduce built</h2>" + \
                _drawn_side_by_side(reduction, source, grade.highlight)
        except Exception as error:  # drawings must not cost the feedback
            section += f'<p class="warning">(not drawn: {esc(str(error))})</p>'
    if report is None or reduction is None:
        return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{esc(assignment.title)}'
                f"</title><style>{STYLE}{_GRADE_STYLE}</style></head><body>{section}</body></html>\n")
    page = render_html(report, reduction, [])
    page = page.replace("</style>", _GRADE_STYLE + "</style>", 1)
    body = page.index("<body>") + len("<body>")
    return page[:body] + section + "<h1>The verifier's report</h1>" + page[body:]


def write_outputs(grade: Grade, reduction: Reduction | None, assignment: Assignment, folder: str) -> None:
    """``feedback.html`` and ``results.json`` of one submission into ``folder`` (made if missing)."""
    from npw.instances.io import write_atomically

    os.makedirs(folder, exist_ok=True)
    write_atomically(os.path.join(folder, "results.json"), json.dumps(results_json(grade), indent=2) + "\n")
    write_atomically(os.path.join(folder, "feedback.html"), feedback_html(grade, reduction, assignment))
