"""The validation layer (npw.instances.validation, npw.instances.models): the bad-input classes of
issue 21, each refused with one line naming the field or the limit; the published JSON Schemas in
sync with the models; every file npw writes still read back."""

from __future__ import annotations

import contextlib
import io
import json
import pathlib

import pytest

from npw.cli import main
from npw.instances.base import InvalidInstance
from npw.instances.io import load_instance, save_instance
from npw.instances.registry import builtin_problem_modules, get_problem, instance_from_dict
from npw.instances.validation import (MAX_DEPTH, MAX_VARIABLES, MAX_VERTICES, parse_json, schema_text)

SCHEMAS = pathlib.Path(__file__).resolve().parent.parent / "docs" / "schemas"

REL = {"problem": "rel", "version": 1, "vertices": ["a", "b"], "edges": [["a", "b", 1]], "elements": ["p"],
       "initial": ["a"], "final": ["b"]}
CNF = {"problem": "cnf", "version": 1, "num_vars": 3, "clauses": [[1, -2], [3]]}


def refused(data) -> str:
    with pytest.raises(InvalidInstance) as error:
        instance_from_dict(data)
    message = str(error.value)
    assert "\n" not in message
    return message


# -- the classes of issue 21 ----------------------------------------------------------------------


def test_a_boolean_is_not_a_version_nor_an_integer():
    assert "version True" in refused({**CNF, "version": True})
    assert "num_vars" in refused({**CNF, "num_vars": True})
    assert "clauses[0][0]" in refused({**CNF, "clauses": [[True]]})
    assert instance_from_dict(CNF).num_vars == 3


@pytest.mark.parametrize("value", ["false", "no", [], 0.5, 0, 1, None])
def test_rel_directed_must_be_a_json_boolean(value):
    assert "directed" in refused({**REL, "directed": value})


def test_rel_directed_false_is_read_as_false():
    assert instance_from_dict({**REL, "directed": False}).directed is False
    assert instance_from_dict(REL).directed is True  # absent: directed, as before


@pytest.mark.parametrize("vertices", [[["a"], "b"], [{"a": 1}, "b"], [1, "b"], [None, "b"]])
def test_rel_vertex_ids_are_strings(vertices):
    assert "vertices[0]" in refused({**REL, "vertices": vertices})


def test_a_file_holding_another_problems_id_is_refused():
    three_sat = {"problem": "3sat", "num_vars": 3, "clauses": [[1, 2, 3]]}
    for problem_id in ("cnf", "1in3sat", "224sat"):
        with pytest.raises(InvalidInstance, match="expected problem"):
            get_problem(problem_id).from_dict(three_sat)
    assert instance_from_dict(three_sat).problem == "3sat"


def test_nesting_is_bounded_before_the_parser_recurses():
    for text in ("[" * 100_000 + "]" * 100_000, '{"problem": ' + "[" * 100_000, "[{" * 50_000):
        with pytest.raises(InvalidInstance, match=f"nested 10000[01] deep, beyond the limit {MAX_DEPTH}"):
            parse_json(text)
    assert parse_json('{"a": "' + "[" * 10**5 + '"}')["a"].startswith("[[")  # brackets in strings do not count
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(InvalidInstance, match=f"nested {MAX_DEPTH + 1} deep, beyond the limit {MAX_DEPTH}"):
        parse_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))


@pytest.mark.parametrize("number", ["9" * 5000, str(10**19), str(-(10**30)), "1e999"])
def test_integers_beyond_int64_are_refused_before_conversion(number):
    with pytest.raises(InvalidInstance, match="invalid JSON"):
        parse_json(f'{{"problem": "1in3sat", "num_vars": 3, "clauses": [[1, 2, {number}]]}}')


def test_literals_and_sizes_beyond_the_limits_name_the_limit():
    message = refused({**CNF, "num_vars": 10**9})
    assert message == f"num_vars 1000000000 exceeds the limit {MAX_VARIABLES}"
    assert "exceeds the limit" in refused({"problem": "1in3sat", "num_vars": 3, "clauses": [[1, 2, 2**62]]})
    assert refused({"problem": "hampath", "num_vertices": 10**9, "edges": []}) == \
        f"num_vertices 1000000000 exceeds the limit {MAX_VERTICES}"
    assert "exceeds the limit" in refused({"problem": "hampath", "num_vertices": 10**6, "edges": []})
    assert "width" in refused({"problem": "solochess", "width": 10**9, "height": 1, "pieces": [[0, 0, "rook"]]})


@pytest.mark.parametrize("custom", ["x", {"name": "a"}, [1], [{"name": 5}], [{"name": "a", "leaps": "no"}],
                                    [{"name": "a", "max_range": True}], [{"name": "a", "surprise": 1}]])
def test_solochess_custom_types_of_the_wrong_type_are_refused(custom):
    board = {"problem": "solochess", "width": 2, "height": 1, "pieces": [[0, 0, "a"], [1, 0, "a"]],
             "custom_types": custom}
    assert "custom_types" in refused(board)


def test_solochess_custom_types_still_read():
    board = {"problem": "solochess", "width": 2, "height": 1, "pieces": [[0, 0, "w"], [1, 0, "w"]],
             "custom_types": [{"name": "w", "leaps": [[1, 0], [-1, 0]], "max_range": 0}]}
    instance = instance_from_dict(board)
    assert instance.piece_type("w").glyph == "W" and instance.verify((((0, 0), (1, 0)),))


def test_unknown_fields_are_refused_and_known_extras_kept_readable():
    assert "unknown field 'colour'" in refused({**CNF, "colour": "red"})
    assert instance_from_dict({**CNF, "provenance": {"generator": "random", "seed": 1}}).num_vars == 3


def test_a_1000_by_1000_npuz_board_is_refused_by_the_deciders_in_bounded_time(tmp_path):
    n = 1000
    goal = list(range(1, n * n)) + [0]
    start = list(goal)
    start[0], start[1], start[2], start[3] = start[1], start[0], start[3], start[2]
    rows = lambda cells: [cells[r * n:(r + 1) * n] for r in range(n)]  # noqa: E731
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"problem": "npuz", "n": n, "start": rows(start), "goal": rows(goal), "k": 10}))
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(["solve", str(path)]) == 2
    assert "limit MAX_SEARCH_SIDE" in err.getvalue() and err.getvalue().count("\n") == 1


def test_certificates_are_checked_by_type():
    cnf = instance_from_dict(CNF)
    assert cnf.certificate_from_json([True, False, True]) == (True, False, True)
    for bad in ([1, 0, 1], "TFT", [[True]], None):
        with pytest.raises(InvalidInstance, match="an assignment is a list of true/false values"):
            cnf.certificate_from_json(bad)
    rel = instance_from_dict(REL)
    assert rel.verify(rel.certificate_from_json([[0, "a", ["p"]]]))
    with pytest.raises(InvalidInstance, match="REL certificate"):
        rel.certificate_from_json([[0, ["a"], ["p"]]])
    torus = get_problem("torus").generate("scrambled", seed=1)
    with pytest.raises(InvalidInstance, match="torus certificate"):
        torus.certificate_from_json(["R" + "9" * 5000 + "E1"])


# -- every format: models registered, schemas in sync, files read back ---------------------------


def test_every_problem_has_a_file_model():
    from npw.instances.validation import file_model

    for problem_id in builtin_problem_modules():
        assert file_model(problem_id).__name__.endswith("File"), problem_id


@pytest.mark.parametrize("problem_id", list(builtin_problem_modules()))
def test_published_schema_is_the_generated_one(problem_id):
    """docs/schemas/<problem>.json is what the model generates; regenerate with
    ``npw schema --dir docs/schemas``."""
    path = SCHEMAS / f"{problem_id}.json"
    assert path.exists(), f"{path} missing: run npw schema --dir docs/schemas"
    assert path.read_text() == schema_text(problem_id), f"{path} is stale: run npw schema --dir docs/schemas"


def test_no_stale_schema_files():
    assert {p.stem for p in SCHEMAS.glob("*.json")} == set(builtin_problem_modules())


def test_npw_schema_writes_what_the_test_compares(tmp_path, capsys):
    assert main(["schema", "--dir", str(tmp_path)]) == 0
    assert (tmp_path / "rel.json").read_text() == schema_text("rel")
    assert main(["schema", "cnf"]) == 0
    assert json.loads(capsys.readouterr().out)["properties"]["num_vars"]["maximum"] == MAX_VARIABLES
    assert main(["schema", "nonsense"]) == 2


@pytest.mark.parametrize("problem_id", list(builtin_problem_modules()))
def test_generated_instances_read_back(problem_id, tmp_path):
    problem = get_problem(problem_id)
    for generator in problem.generators:
        instance = problem.generate(generator, seed=2)
        save_instance(instance, tmp_path / "i.json")
        assert load_instance(tmp_path / "i.json") == instance
        document = instance.to_dict()
        for field in ("version",):
            document.pop(field)
        assert instance_from_dict(document) == instance  # version may be left out, as before


@pytest.mark.parametrize("argv, message", [
    (["generate", "3sat", "-p", "num_vars=1000000000"], "exceeds the limit 10000000 (MAX_VARIABLES)"),
    (["generate", "hampath", "-g", "planted", "-p", "num_vertices=-4"], "must not be negative"),
    (["generate", "1in3sat", "-g", "random", "-p", "ratio=1e9"], "out of range"),  # mixed takes no ratio
    (["generate", "npuz", "-p", "n=100000"], "MAX_PUZZLE_SIDE"),
])
def test_generator_parameters_beyond_their_limits_are_one_line(argv, message):
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(argv) == 2
    assert message in err.getvalue() and err.getvalue().count("\n") == 1
