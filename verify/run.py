"""One verification run from its settings: what ``npw verify`` does between parsing and printing.

The command line parses its options into :class:`VerifySettings` and calls
:func:`run_verification`; everything that decides what the run *is* lives here:

* the case stream: the streams the settings ask for (or the source problem's default
  stream, :func:`default_stream`: smallest first, every instance up to the largest size whose
  enumeration stays within ``DEFAULT_EXHAUSTIVE_BUDGET`` cases, then random, planted and
  certified-no cases), chained and narrowed by the ``--where`` conditions
  (:func:`case_stream`); it is built once, and the HTML report's size sample is taken from
  the same stream (its first cases, recorded as the sweep reads them);
* the run's identity in a result store (:func:`run_arguments`): the stream, the checks and
  the code's fingerprint; the same settings on the same code resume the stored run;
* the executor (:func:`executor_for`): this process, a process pool, or a Dask cluster.

>>> from npw.reductions.registry import get_reduction
>>> outcome = run_verification(get_reduction("1in3sat-to-224sat"), VerifySettings(exhaustive=1))
>>> outcome.passed, outcome.report["cases"], outcome.report["stream"]
(True, 5, 'as given')
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import os
import sqlite3
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from npw.instances.base import InvalidInstance, Problem
from npw.reductions.base import Reduction
from npw.solvers.child import die_with_parent
from npw.verify.cases import (
    Condition, SettingsError, certified_no_stream, exhaustive, planted_stream, random_stream, small_generator,
    smallest_first_size, source_problem, where_filter,
)
from npw.verify.check import witness_count
from npw.verify.store import open_store
from npw.verify.sweep import verify_reduction

__all__ = [
    "DEFAULT_EXHAUSTIVE", "DEFAULT_EXHAUSTIVE_BUDGET", "DEFAULT_EXHAUSTIVE_SECONDS", "DEFAULT_GENERATED",
    "DEFAULT_RANDOM", "DEFAULT_TIMEOUT", "SIZE_SAMPLE_CASES", "Condition",
    "ProgressFactory", "SettingsError", "VerifyOutcome", "VerifySettings", "case_stream", "default_stream",
    "executor_for", "run_arguments", "run_verification",
]

# the stream checked when none is asked for, by what the source problem offers: smallest first
# (every instance up to the largest size, at most DEFAULT_EXHAUSTIVE, whose enumeration has at most
# DEFAULT_EXHAUSTIVE_BUDGET cases, counted within DEFAULT_EXHAUSTIVE_SECONDS from the first one), then
# DEFAULT_RANDOM random cases, then DEFAULT_GENERATED planted and as many certified-no cases (where
# those generators draw small cases).
# The budget keeps the default run of every built-in reduction quick (the exhaustive part of
# vertexcover-to-domset, 283 cases up to 5 vertices, takes about 3 s), and the smallest sources are
# where rules break most often (issue 33: a rule wrong only on two vertices and one edge passed
# --random 200)
DEFAULT_RANDOM = 100
DEFAULT_EXHAUSTIVE = 8
DEFAULT_EXHAUSTIVE_BUDGET = 300
DEFAULT_EXHAUSTIVE_SECONDS = 2.0
DEFAULT_GENERATED = 20
# seconds per decider call and per call of the reduction's own code, unless the settings say otherwise
DEFAULT_TIMEOUT = 60.0
# the first cases of the stream whose sizes the HTML report compares with the size formula
SIZE_SAMPLE_CASES = 300

# given the stream's total (None: not known), a progress callback (cases done so far; None: no
# progress shown) and what to call when the sweep ends
ProgressFactory = Callable[[int | None], tuple[Callable[[int], None] | None, Callable[[], None]]]


@dataclass(frozen=True)
class VerifySettings:
    """The settings of one verification run, as ``npw verify`` parses them.

    The stream: ``exhaustive`` (every source up to that size, or None), ``random``,
    ``planted``, ``certified_no`` (that many cases of each; 0: none) from ``seed``, narrowed
    by the ``where`` conditions. The checks: ``timeout`` (seconds per decider call and per call
    of the reduction's code), ``witnesses`` (distinct target certificates backward is checked on;
    ``extra_certificates`` is its older name, counting those beyond the decider's and the forward
    one: :func:`npw.verify.check.witness_count`), ``source_deciders`` / ``target_deciders`` (the
    deciders of each side, by the names ``npw solve --backend`` takes; None: the problem's),
    ``fail_fast``. Where it runs:
    ``workers`` (a process pool above 1) or ``dask`` (a scheduler's address); ``db``: the
    result store (a file name) that records the cases and resumes the run. ``sizes``: also
    measure the stream's first ``SIZE_SAMPLE_CASES`` targets against the size formula (for
    the HTML report).

    Examples
    --------
    >>> VerifySettings(random=10, seed=1).streams_given
    True
    """

    exhaustive: int | None = None
    random: int = 0
    planted: int = 0
    certified_no: int = 0
    seed: int = 0
    where: tuple[Condition, ...] = ()
    timeout: float = DEFAULT_TIMEOUT
    extra_certificates: int = 2
    fail_fast: bool = False
    workers: int = 1
    dask: str | None = None
    db: str | None = None
    sizes: bool = False
    prove_no: bool = False  # every target NO needs a checked DRAT proof (npw.solvers.proof)
    witnesses: int | None = None
    source_deciders: tuple[str, ...] | None = None
    target_deciders: tuple[str, ...] | None = None

    @property
    def witness_count(self) -> int:
        """Distinct target certificates backward is checked on per yes-target (``witnesses``, else
        ``extra_certificates`` plus the decider's and the forward one).

        >>> VerifySettings().witness_count, VerifySettings(witnesses=7).witness_count
        (4, 7)
        """
        return witness_count(self.witnesses, None if self.witnesses is not None else self.extra_certificates)

    @property
    def streams_given(self) -> bool:
        """Whether any stream is asked for (else the source problem's default is checked)."""
        return self.exhaustive is not None or bool(self.random or self.planted or self.certified_no)


@dataclass(frozen=True)
class VerifyOutcome:
    """What a run gives back: ``report`` (the JSON object ``npw verify --json`` prints),
    ``passed``, and ``sizes`` (the size sample for the HTML report, where the settings ask)."""

    report: dict[str, Any]
    passed: bool
    sizes: list[dict] | None = None


def default_stream(settings: VerifySettings, problem: Problem) -> tuple[VerifySettings, str | None]:
    """The settings with the default stream of ``problem`` where they ask for none.

    Smallest first: every instance up to the largest size whose enumeration stays within
    ``DEFAULT_EXHAUSTIVE_BUDGET`` cases (:func:`npw.verify.cases.smallest_first_size`; where
    the problem can enumerate), then ``DEFAULT_RANDOM`` random cases (where it has a sample),
    then ``DEFAULT_GENERATED`` planted and certified-no cases (where it has those generators and
    they draw small cases: :func:`npw.verify.cases.small_generator`).
    The settings returned name every part with its concrete count (the exhaustive size found,
    not the budget), so a result store keys the default run by the stream it checks
    (:func:`run_arguments`), and the same command line given by hand checks the same cases.

    Parameters
    ----------
    settings : VerifySettings
        The run's settings.
    problem : Problem
        The source problem as the streams see it (:func:`npw.verify.cases.source_problem`).

    Returns
    -------
    (VerifySettings, str or None)
        The settings to run, and the default stream as command-line text (None where the
        settings gave a stream).

    Raises
    ------
    SettingsError
        When the problem offers no stream at all.

    Examples
    --------
    >>> from npw.instances.registry import get_problem
    >>> settings, text = default_stream(VerifySettings(seed=3), get_problem("1in3sat"))
    >>> settings.exhaustive, settings.random, settings.planted, settings.certified_no
    (2, 100, 20, 20)
    >>> text
    '--exhaustive 2 --random 100 --planted 20 --certified-no 20 --seed 3'
    """
    if settings.streams_given:
        return settings, None
    found = smallest_first_size(problem, DEFAULT_EXHAUSTIVE_BUDGET, DEFAULT_EXHAUSTIVE, DEFAULT_EXHAUSTIVE_SECONDS)
    size = found[0] if found else None
    random = DEFAULT_RANDOM if problem.sample is not None else 0
    # only generators drawn at small sizes: 3-PARTITION's planted at its own default size took 10 minutes
    # for 20 cases of 3partition-to-bwp (its BWP targets' deciders a minute a case)
    planted = DEFAULT_GENERATED if small_generator(problem, "planted") else 0
    certified_no = DEFAULT_GENERATED if small_generator(problem, "certified-no") else 0
    if size is None and not random and not (planted or certified_no):  # nothing else: any size they draw
        planted = DEFAULT_GENERATED if "planted" in problem.generators else 0
        certified_no = DEFAULT_GENERATED if "certified-no" in problem.generators else 0
    if size is None and not (random or planted or certified_no):
        raise SettingsError(f"verify: problem {problem.id} has no case stream (no sample, enumerate or planted "
                            "generator)")
    given = [f"--exhaustive {size}"] if size is not None else []
    given += [f"--{name} {n}" for name, n in (("random", random), ("planted", planted),
                                                ("certified-no", certified_no)) if n]
    if random or planted or certified_no:
        given.append(f"--seed {settings.seed}")
    return (dataclasses.replace(settings, exhaustive=size, random=random, planted=planted, certified_no=certified_no),
            " ".join(given))


def case_stream(settings: VerifySettings, problem: Problem) -> tuple[Iterator[tuple[str, Any]], int | None]:
    """The cases the settings ask for, one stream, and how many there are.

    Parameters
    ----------
    settings : VerifySettings
        The run's settings (their streams in the order exhaustive, random, planted,
        certified-no, then narrowed by ``where``).
    problem : Problem
        The source problem as the streams see it.

    Returns
    -------
    (iterator of (label, instance), int or None)
        The stream (read lazily, once) and its length (None where it is not known in advance:
        an exhaustive stream, or one narrowed by conditions).

    Examples
    --------
    >>> from npw.instances.registry import get_problem
    >>> cases, total = case_stream(VerifySettings(random=2, planted=1, seed=1), get_problem("1in3sat"))
    >>> [label for label, _ in cases], total
    (['random seed=1 case=0', 'random seed=1 case=1', 'planted seed=1 case=0'], 3)
    """
    streams: list[Iterator[tuple[str, Any]]] = []
    total: int | None = 0
    if settings.exhaustive is not None:
        streams.append(exhaustive(problem, settings.exhaustive))
        total = None
    for count, stream in ((settings.random, random_stream), (settings.planted, planted_stream),
                          (settings.certified_no, certified_no_stream)):
        if count:
            streams.append(stream(problem, count, settings.seed))
            total = None if total is None else total + count
    cases: Iterator[tuple[str, Any]] = itertools.chain(*streams)
    if settings.where:
        cases = where_filter(cases, settings.where, problem.id)
        total = None
    return cases, total


def run_arguments(settings: VerifySettings) -> dict[str, Any]:
    """What identifies a run in a result store besides its reduction and code: the stream
    (the ``where`` conditions as given, sorted) and the checks. Where it runs (workers, Dask)
    and ``fail_fast`` are not part of it: a rerun on another executor resumes the same run.
    The default stream is identified by its parts' concrete counts (:func:`default_stream`
    fills them in: the exhaustive size found, the random, planted and certified-no counts), so
    a default run whose smallest-first size came out otherwise is another run.

    Parameters
    ----------
    settings : VerifySettings
        The run's settings, with the default stream applied (:func:`default_stream`).

    Returns
    -------
    dict
        The arguments :meth:`npw.verify.store.ResultStore.run_id` keys the run by.

    Examples
    --------
    >>> sorted(run_arguments(VerifySettings(random=10, seed=1)).items())  # doctest: +NORMALIZE_WHITESPACE
    [('certified_no', 0), ('exhaustive', None), ('planted', 0), ('random', 10), ('seed', 1), ('source_deciders', None),
     ('target_deciders', None), ('timeout', 60.0), ('where', []), ('witnesses', 4)]
    """
    return {"exhaustive": settings.exhaustive, "random": settings.random, "planted": settings.planted,
            "certified_no": settings.certified_no, "seed": settings.seed,
            "where": sorted(condition.text for condition in settings.where),
            "timeout": float(settings.timeout), "witnesses": settings.witness_count,
            "source_deciders": None if settings.source_deciders is None else list(settings.source_deciders),
            "target_deciders": None if settings.target_deciders is None else list(settings.target_deciders),
            **({"prove_no": True} if settings.prove_no else {})}  # absent when off: earlier runs keep their identity


@contextlib.contextmanager
def _dask_executor(address: str) -> Iterator[Executor]:
    """``concurrent.futures`` executor of a Dask cluster (optional extra ``dist``)."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise SettingsError('--dask needs dask.distributed: pip install "npw[dist]"') from None
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError) as error:
        raise SettingsError(f"--dask: cannot reach the scheduler at {address} ({error})") from None
    try:
        yield client.get_executor()
    finally:
        client.close()


@contextlib.contextmanager
def executor_for(settings: VerifySettings) -> Iterator[Executor | None]:
    """The executor the settings ask for, for the duration of the block.

    A Dask cluster's executor where ``settings.dask`` names a scheduler, else a process pool
    of ``settings.workers`` processes (which end with this process) above one worker, else
    None: the cases are checked in this process.

    Parameters
    ----------
    settings : VerifySettings
        The run's settings.

    Yields
    ------
    concurrent.futures.Executor or None
        The executor, shut down when the block ends.

    Raises
    ------
    SettingsError
        When Dask is asked for and not installed, or its scheduler cannot be reached.

    Examples
    --------
    >>> with executor_for(VerifySettings()) as executor:
    ...     executor is None
    True
    """
    if settings.dask:
        with _dask_executor(settings.dask) as executor:
            yield executor
    elif settings.workers and settings.workers > 1:
        with ProcessPoolExecutor(max_workers=settings.workers, initializer=die_with_parent,
                                 initargs=(os.getpid(),)) as pool:  # workers end with this process
            yield pool
    else:
        yield None


def _recorded(cases: Iterator[tuple[str, Any]], kept: list[tuple[str, Any]], limit: int
              ) -> Iterator[tuple[str, Any]]:
    """``cases`` as they are, keeping the first ``limit`` of them in ``kept`` as they pass."""
    for case in cases:
        if len(kept) < limit:
            kept.append(case)
        yield case


def run_verification(reduction: Reduction, settings: VerifySettings, *, progress: ProgressFactory | None = None,
                     notify: Callable[[str], None] | None = None, quiet: bool = False) -> VerifyOutcome:
    """Runs the verification the settings ask for and returns its report.

    Builds the case stream once (the source problem's default where none is asked for),
    opens the result store and finds the run in it (the same settings on the same code:
    the stored cases are skipped), sweeps on the executor the settings name, and takes the
    HTML report's size sample from the same stream.

    Parameters
    ----------
    reduction : Reduction
        The reduction to check (a registered one, a chain, or a user's).
    settings : VerifySettings
        The run's settings.
    progress : ProgressFactory, optional
        Called with the stream's total before the sweep; its callback is told the cases done.
    notify : callable, optional
        Told, as one line each, the default stream checked (where none was given) and, unless
        ``quiet``, how many cases of the run the store already held.
    quiet : bool
        No notice of the cases taken from the store.

    Returns
    -------
    VerifyOutcome
        The report's JSON object (``npw verify --json``: the sweep's totals plus ``stream``,
        ``timeout`` and ``scale``), whether it passed, and the size sample (where asked).

    Raises
    ------
    SettingsError
        A stream the problem does not offer, a condition on an unknown field, an unreachable
        Dask scheduler.
    InvalidInstance
        A result store that is not one, or is damaged.

    Examples
    --------
    >>> from npw.reductions.registry import get_reduction
    >>> outcome = run_verification(get_reduction("1in3sat-to-224sat"), VerifySettings(random=20, seed=1, sizes=True))
    >>> outcome.passed, outcome.report["cases"], len(outcome.sizes)
    (True, 20, 20)
    """
    try:
        return _run(reduction, settings, progress, notify, quiet)
    except sqlite3.DatabaseError as error:  # a damaged store found while sweeping
        raise InvalidInstance(f"{settings.db}: the result store is damaged ({error})") from None


def _check_deciders(reduction: Reduction, settings: VerifySettings) -> None:
    """A decider named for a side that its problem does not have: SettingsError naming the known ones."""
    from npw.solvers import backends_for
    from npw.solvers.registry import deciders_of

    for role, problem, names in (("source", reduction.source, settings.source_deciders),
                                 ("target", reduction.target, settings.target_deciders)):
        if names is None:
            continue
        if not names:
            raise SettingsError(f"verify: --decider {role}= names no decider")
        known = backends_for(problem)
        for name in names:
            family, _, variant = name.partition(":")
            if family not in known and family not in deciders_of(problem, with_plugins=True):
                raise SettingsError(f"verify: --decider {role}={name}: no decider {name!r} for {problem} "
                                    f"(known: {', '.join(known) or 'none'})")
            if variant:  # a python-sat solver's name after ':' (sat:cadical)
                from npw.solvers.sat import solver_name

                try:
                    solver_name(variant)
                except InvalidInstance as error:
                    raise SettingsError(f"verify: --decider {role}={name}: {error}") from None


def _run(reduction: Reduction, settings: VerifySettings, progress: ProgressFactory | None,
         notify: Callable[[str], None] | None, quiet: bool) -> VerifyOutcome:
    _check_deciders(reduction, settings)  # before anything is said or started: a bad name is one line
    problem = source_problem(reduction)  # the reduction's bounded random sources, where it declares them
    settings, default = default_stream(settings, problem)
    if default is not None and notify is not None:
        notify(f"verify: no stream given; checking {default}")
    stream, total = case_stream(settings, problem)  # built once: the sweep and the size sample read it
    kept: list[tuple[str, Any]] = []
    cases = _recorded(stream, kept, SIZE_SAMPLE_CASES) if settings.sizes else stream
    options = {"timeout": settings.timeout, "witnesses": settings.witness_count,
               "source_deciders": settings.source_deciders, "target_deciders": settings.target_deciders}
    if settings.prove_no:
        options["prove_no"] = True
    store = run = None
    if settings.db:
        from npw.verify.fingerprint import code_fingerprint

        store = open_store(settings.db)
        code = code_fingerprint(reduction)
        # the same stream and checks on the same code are the same run: what a restart resumes
        run = store.run_id(reduction.id, run_arguments(settings), code.digest, code.covers())
        stored_before = len(store.done_labels(run))
        if stored_before and not quiet and notify is not None:
            notify(f"verify: {stored_before} cases of this run (same arguments, code {code.digest[:12]}) are in "
                   f"{settings.db}: taken from the store, not checked again")
    update, stop = progress(total) if progress is not None else (None, lambda: None)
    try:
        with executor_for(settings) as executor:
            report = verify_reduction(reduction, cases, executor=executor, progress=update, store=store, run=run,
                                      fail_fast=settings.fail_fast, **options)
    finally:
        stop()
        if store is not None:
            store.close()
    result = report.to_json()
    result["stream"] = default or "as given"
    result["prove_no"] = settings.prove_no
    result["timeout"] = settings.timeout
    # a construction with a scale parameter is checked at the registered reduce's scale: say which
    result["scale"] = reduction.notes if reduction.options else None
    sizes = None
    if settings.sizes:
        from npw.verify.html_report import size_sample

        # the stream's first cases: those the sweep read, then (after --fail-fast) the ones it did not reach
        rest = itertools.islice(stream, SIZE_SAMPLE_CASES - len(kept))
        sizes = size_sample(reduction, itertools.chain(kept, rest), SIZE_SAMPLE_CASES)
    return VerifyOutcome(result, report.summary.passed, sizes)
