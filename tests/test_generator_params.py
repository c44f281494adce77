"""Issue 31, item 4: every generator of every problem says what it takes (type, range, default),
``npw generate PROBLEM --help`` and ``npw show PROBLEM`` list it, and a wrong key or value is one
line naming what is valid (exit 2)."""

from __future__ import annotations

import inspect
import math

import pytest

from fuzz_corpus import run_in_process
from npw.instances.base import (
    GENERATOR_PARAMETER_LIMITS, InvalidInstance, declared_parameters, generator_parameters,
)
from npw.instances.registry import builtin_problem_modules, get_problem, problem_ids


def _generators() -> list[tuple[str, str]]:
    return [(pid, name) for pid in problem_ids() for name in get_problem(pid).generators]


GENERATORS = _generators()


def test_every_problem_has_generators_to_check():
    # the built-in problems: others are registered at run time by earlier tests (a doctest's
    # @problem class, a SAT helper's test problem) and need no generator
    assert len(GENERATORS) >= 90 and set(builtin_problem_modules()) <= {pid for pid, _ in GENERATORS}


@pytest.mark.parametrize("pid, name", GENERATORS, ids=[f"{p}/{g}" for p, g in GENERATORS])
def test_each_parameter_declares_type_default_and_range(pid, name):
    fn = get_problem(pid).generators[name]
    signature = [p for p in list(inspect.signature(fn).parameters.values())[1:] if not p.name.startswith("_")]
    described = generator_parameters(fn)
    declared = declared_parameters(fn)
    assert list(described) == [p.name for p in signature]
    for p in signature:
        text = described[p.name]
        assert p.default is not inspect.Parameter.empty, f"{p.name} has no default"
        assert " = " in text, text
        kinds = text.split(" = ")[0]
        if "int" in kinds.split() or "float" in kinds.split():
            # a range with both ends: declared, or the named limit of GENERATOR_PARAMETER_LIMITS
            assert p.name in declared, f"{pid}/{name}: {p.name} declares no range ({text})"
            low, high = declared[p.name].low, declared[p.name].high
            if high is None:
                assert p.name in GENERATOR_PARAMETER_LIMITS, f"{pid}/{name}: {p.name} has no upper end ({text})"
                high = GENERATOR_PARAMETER_LIMITS[p.name][0]
            assert low is not None and math.isfinite(low) and low <= high, text
            if p.default is not None:
                assert low <= p.default <= high, f"{pid}/{name}: default {p.default} outside {text}"
        elif kinds.startswith("bool"):
            assert isinstance(p.default, bool)
        else:  # a string or a list of strings: the values it may take
            assert p.name in declared and declared[p.name].choices, f"{pid}/{name}: {p.name} lists no choices"
            defaults = [] if p.default is None else [p.default] if isinstance(p.default, str) else list(p.default)
            assert all(d in declared[p.name].choices for d in defaults), text
            assert "|".join(declared[p.name].choices) in text


@pytest.mark.parametrize("pid, name", GENERATORS, ids=[f"{p}/{g}" for p, g in GENERATORS])
def test_generate_with_the_defaults_spelled_out_works(pid, name):
    problem = get_problem(pid)
    fn = problem.generators[name]
    defaults = {p.name: p.default for p in list(inspect.signature(fn).parameters.values())[1:]
                if not p.name.startswith("_")}
    defaults = {k: list(v) if isinstance(v, tuple) else v for k, v in defaults.items()}  # as JSON gives them
    problem.check_params(name, defaults)  # every default lies in its declared range
    instance = problem.generate(name, seed=3, **defaults)
    instance.validate()
    assert instance == problem.generate(name, seed=3)


@pytest.mark.parametrize("pid, name", GENERATORS, ids=[f"{p}/{g}" for p, g in GENERATORS])
def test_an_unknown_key_names_the_valid_ones(pid, name):
    problem = get_problem(pid)
    with pytest.raises(InvalidInstance) as caught:
        problem.generate(name, seed=0, no_such_key=1)
    message = str(caught.value)
    assert "\n" not in message and f"generator {pid}/{name}: unknown parameter 'no_such_key' (takes " in message
    for key, text in generator_parameters(problem.generators[name]).items():
        assert f"{key}: {text}" in message


@pytest.mark.parametrize("argv, message", [
    (["hampath", "-g", "random", "-p", "p=5"], "generator hampath/random: p must be float 0..1, not 5"),
    (["hampath", "-g", "grid", "-p", "ends=both"], "generator hampath/grid: ends must be str none|s|st, not 'both'"),
    (["3sat", "-p", "ratio=-1"], "generator 3sat/random: ratio must be float 0..1000, not -1"),
    (["3sat", "-p", "num_vars=2"], "generator 3sat/random: num_vars must be int 3..10000000, not 2"),
    # these two were a KeyError and an IndexError traceback
    (["solochess", "-g", "agreement", "-p", "villain=dragon"],
     "generator solochess/agreement: villain must be str bishop|king|knight|pawn|queen|rook, not 'dragon'"),
    (["rel", "-p", "vertices=0"], "generator rel/random: vertices must be int 2..100000, not 0"),
    (["solochess", "-p", "kinds=rook"],
     "generator solochess/random: kinds must be list of bishop|king|knight|pawn|queen|rook, not 'rook'"),
    (["pm3sat", "-p", "reach=0"], "generator pm3sat/random: reach must be float 0.01..1000, not 0"),
    (["bwp", "-p", "nope=1"], "generator bwp/random: unknown parameter 'nope' (takes rows: int 1..4000 = 4, "
                              "cols: int 1..4000 = 4, steps: int 0..100000 = 3, density: float 0..1 = 0.4)"),
])
def test_a_wrong_value_is_one_line_naming_the_valid_ones(argv, message):
    status, out, err = run_in_process(["generate", *argv])
    assert (status, out, err) == (2, "", f"npw: error: {message}\n")


def test_an_optional_parameter_still_takes_null_and_a_value_in_range():
    problem = get_problem("solochess")
    assert problem.generate("agreement", 1, villain="rook", hero=None).validate() is None
    assert len(problem.generate("random", 1, kinds=["knight"], num_pieces=3).pieces) == 3


def test_generate_problem_help_lists_its_generators_parameters():
    status, out, err = run_in_process(["generate", "npuz", "--help"])
    assert status == 0 and err == ""
    assert out.startswith("usage: npw generate") and "generators of npuz (-g NAME, default random" in out
    for name in ("random", "scrambled", "unreachable"):
        assert f"\n  {name}: " in out
    lines = [line.split() for line in out.splitlines() if line.strip().startswith("-p goal=")]
    assert len(lines) == 3 and all(line[2:6] == ["str", "blank-last|blank-first", "=", '"blank-last"'] for line in lines)
    assert any(line.split()[:5] == ["-p", "walk=", "int", "0..100000", "="] for line in out.splitlines())


def test_generate_help_for_one_generator_and_without_a_problem():
    status, out, _ = run_in_process(["generate", "torus", "-g", "scrambled", "-h"])
    assert status == 0 and "\n  scrambled: " in out and "\n  random: " not in out
    assert [line.split()[:6] for line in out.splitlines() if "-p metric=" in line] == [
        ["-p", "metric=", "str", "drag|push", "=", '"drag"']]
    status, out, _ = run_in_process(["generate", "--help"])
    assert status == 0 and "npw generate PROBLEM --help lists PROBLEM's generators" in out
    assert "generators of" not in out  # the epilog of the run before is not left behind


@pytest.mark.parametrize("argv, message", [
    (["generate", "nosuch", "--help"], "unknown problem 'nosuch' (known: cnf, 3sat, "),
    (["generate", "3sat", "-g", "nope", "--help"], "problem 3sat has no generator 'nope' (known: quiet, random, tseitin)"),
])
def test_generate_help_of_an_unknown_problem_or_generator_is_one_line(argv, message):
    status, out, err = run_in_process(argv)
    assert status == 2 and out == "" and err.startswith(f"npw: error: {message}") and err.count("\n") == 1


def test_npw_show_lists_ranges_and_choices():
    status, out, _ = run_in_process(["show", "hampath"])
    assert status == 0
    assert '    grid: -p num_vertices: int 1..100000 = 12, ends: str none|s|st = "none"\n' in out
    assert "    random: -p num_vertices: int 1..100000 = 10, p: float 0..1 = 0.4\n" in out
