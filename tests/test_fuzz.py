"""Malformed and hostile input files, for every problem and every command that reads an instance
file (``npw solve``, ``npw reduce`` with each reduction from the problem, ``npw render``, ``npw
puzzle solve``, ``npw torus solve``, ``npw puzzle theorem3``, ``npw path --size-of``) and for
certificate files (``npw render -c``): a file invalid by construction gets exit status 2 and one line on stderr, any file a clean
outcome (never a traceback), size and nesting bombs, inputs at the named limits and special files
(FIFOs, devices, folders) within 2 GiB and 10 s a command (a child process under ``RLIMIT_AS``). The corpus is tests/fuzz_corpus.py; bench/fuzz_inputs.py runs a
larger one and BENCHMARKS.md ("Bad input") records its figure.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz_corpus import (HOSTILE_CERTIFICATES, clean, commands_for, hostile_cases, materialise, reductions_from,
                         run_bounded, run_in_process, run_separately)
from npw.instances.base import InvalidInstance
from npw.instances.registry import builtin_problem_modules, get_problem, rendered_problems, instance_from_dict
from npw.instances.validation import parse_json

PROBLEMS = list(builtin_problem_modules())
SPECIAL_PROBLEMS = ("cnf", "hampath", "indset", "rel", "npuz")  # special files (the same for every problem): a few


@pytest.mark.parametrize("problem_id", ["cnf", "indset", "hampath"])
def test_text_format_headers_at_their_limits_end_cleanly(problem_id, tmp_path):
    """A DIMACS or HCP header exactly at its named limit: read (and then solved, rendered, reduced
    or refused for its size by the command's guard), each command in a process of its own."""
    failures = []
    cases = [c for c in hostile_cases(problem_id, random_edits=0) if c.at_limit and c.suffix != ".json"]
    assert cases
    for index, case in enumerate(cases):
        path = materialise(case, str(tmp_path / f"limit{index}"))
        for argv in commands_for(problem_id, path, str(tmp_path), reductions_from(problem_id)[:1]):
            if argv[0] in ("solve", "render", "reduce"):
                argv = [*argv, "--timeout", "10"] if "--timeout" not in argv else argv
            status, stderr = run_separately(argv)
            if not clean(status, stderr):
                failures.append(_describe(case, argv, status, stderr))
    assert not failures, "\n".join(failures)


def _describe(case, argv, status, stderr):
    return f"{case.name!r}: npw {' '.join(argv[:2])} -> {status}: {stderr.strip()[-300:]!r}"


@pytest.mark.parametrize("problem_id", PROBLEMS)
def test_every_command_refuses_malformed_files_in_one_line(problem_id, tmp_path):
    reductions = reductions_from(problem_id)
    failures = []
    cases = [case for case in hostile_cases(problem_id, random_edits=6) if not case.heavy]
    assert sum(case.must_refuse for case in cases) >= 40  # the corpus is not empty by mistake
    for index, case in enumerate(cases):
        path = materialise(case, str(tmp_path / f"case{index}"))
        for argv in commands_for(problem_id, path, str(tmp_path), reductions):
            status, _, stderr = run_in_process(argv)
            if not clean(status, stderr) or case.must_refuse and status != 2:
                failures.append(_describe(case, argv, status, stderr))
    assert not failures, f"{len(failures)} unclean outcomes, e.g.\n" + "\n".join(failures[:10])


def test_size_and_nesting_bombs_are_refused_within_memory_and_time(tmp_path):
    """Declared sizes of 10^9, nesting 10^5 deep, a 1000 x 1000 board: every command of every
    problem in a child limited to 2 GiB of address space and 10 s a command."""
    runs = []
    for problem_id in PROBLEMS:
        for index, case in enumerate(c for c in hostile_cases(problem_id, random_edits=0)
                                     if c.heavy and not c.at_limit and (c.special is None or problem_id in SPECIAL_PROBLEMS)):
            path = materialise(case, str(tmp_path / f"{problem_id}-{index}"))
            reductions = reductions_from(problem_id)[:1]
            for argv in commands_for(problem_id, path, str(tmp_path), reductions):
                runs.append((case, argv))
    results = run_bounded([argv for _, argv in runs])
    failures = [_describe(case, argv, status, stderr) for (case, argv), (status, stderr) in zip(runs, results)
                if not clean(status, stderr) or case.must_refuse and status != 2]
    assert len(runs) > 100
    assert not failures, f"{len(failures)} of {len(runs)} runs unclean, e.g.\n" + "\n".join(failures[:10])


@pytest.mark.parametrize("problem_id", sorted(rendered_problems()))
def test_hostile_certificate_files_get_one_line(problem_id, tmp_path):
    instance = get_problem(problem_id).sample(0) if get_problem(problem_id).sample else get_problem(problem_id).generate()
    path = tmp_path / "instance.json"
    path.write_text(json.dumps(instance.to_dict()))
    failures = []
    texts = [json.dumps(c) for c in HOSTILE_CERTIFICATES] + ["[" * 100_000, "9" * 5000, "", "{", "[1e999]"]
    for index, text in enumerate(texts):
        certificate = tmp_path / f"cert{index}.json"
        certificate.write_text(text)
        argv = ["render", str(path), "-c", str(certificate), "-o", str(tmp_path / "out.svg")]
        status, _, stderr = run_in_process(argv)
        if not clean(status, stderr):
            failures.append(f"{text[:40]!r} -> {status}: {stderr.strip()[-300:]!r}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("problem_id", PROBLEMS)
def test_certificates_from_any_json_are_refused_or_checked(problem_id):
    """certificate_from_json either refuses (InvalidInstance) or gives a certificate that
    verify answers with a boolean: no other exception, whatever the JSON."""
    problem = get_problem(problem_id)
    instance = problem.sample(1) if problem.sample else problem.generate(seed=1)
    for raw in HOSTILE_CERTIFICATES:
        try:
            certificate = instance.certificate_from_json(raw)
        except InvalidInstance:
            continue
        assert isinstance(instance.verify(certificate), bool), raw


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30) | st.floats(allow_nan=False)
    | st.text(max_size=5),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problem_id=st.sampled_from(PROBLEMS), fields=st.dictionaries(
    st.sampled_from(["num_vars", "clauses", "vertices", "edges", "elements", "initial", "final", "directed",
                     "num_vertices", "s", "t", "coords", "width", "height", "pieces", "special", "capture_limit",
                     "custom_types", "n", "start", "goal", "k", "rows", "cols", "board", "bound", "metric",
                     "numbers", "version"]), json_values, max_size=6))
def test_from_dict_of_any_json_refuses_with_invalid_instance(problem_id, fields):
    """Random JSON values in random fields, over a valid document or alone: InvalidInstance or
    an instance, never another exception."""
    problem = get_problem(problem_id)
    base = (problem.sample(0) if problem.sample else problem.generate(seed=0)).to_dict()
    for document in ({**base, **fields}, {"problem": problem_id, **fields}):
        try:
            instance_from_dict(document)
        except InvalidInstance:
            pass


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='[]{}",:0123456789-.eE ntrufalsNIy\\', max_size=60))
def test_parse_json_refuses_with_invalid_instance(text):
    try:
        parse_json(text)
    except InvalidInstance:
        pass
