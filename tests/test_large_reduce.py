"""Issue 36: ``npw reduce`` writes a large target without a dict of it, the same bytes.

The target's arrays are written a block of rows at a time (``instances.io.json_chunks``), and
the read-back check runs on the arrays (``check_readable``): both must give exactly what the
round trip through ``to_dict()`` gave.
"""

import json

import numpy as np
import pytest

from npw.cli import main
from npw.instances.base import InvalidInstance, dumps
from npw.instances.io import JSON_ROWS, json_chunks
from npw.instances.registry import instance_from_dict
from npw.instances.sat.one_in_three_sat import OneInThreeSat, random_instance
from npw.instances.torus.bwp import BWP
from npw.instances.validation import MAX_TORUS_CELLS, MAX_VARIABLES, checked


@pytest.mark.parametrize("rows", [0, 1, 3, JSON_ROWS, JSON_ROWS + 1])
def test_json_chunks_write_what_dumps_writes(rows):
    rng = np.random.default_rng(rows)
    array = rng.integers(-10**7, 10**7, size=(rows, 3))
    if rows:
        array[0] = (0, -1, 10**7)
    document = {"problem": "x", "name": "é\"", "clauses": array, "flags": np.array([True, False]),
                "weights": np.array([0.5, 1e16, -0.0])}
    expected = dumps({k: v.tolist() if isinstance(v, np.ndarray) else v for k, v in document.items()})
    assert b"".join(json_chunks(document)).decode("ascii") == expected


def test_integer_tables_of_every_magnitude_match_json():
    rng = np.random.default_rng(4)
    for digits in range(0, 19):
        array = rng.integers(-10**digits, 10**digits + 1, size=(50, 4))
        array[0, 0], array[-1, -1] = 10**digits, -(10**digits)
        text = b"".join(json_chunks({"a": array}))
        assert json.loads(text)["a"] == array.tolist() and text == dumps({"a": array.tolist()}).encode()


def test_reduce_output_identical_to_the_dict_path(tmp_path):
    source = random_instance(3, 40, num_clauses=60)
    path = tmp_path / "s.json"
    path.write_text(dumps(source.to_dict()))
    out = tmp_path / "t.json"
    assert main(["reduce", "1in3sat-to-224sat", str(path), "-o", str(out)]) == 0
    from npw.reductions.registry import get_reduction

    target = get_reduction("1in3sat-to-224sat").build(source).target
    assert out.read_text() == dumps(target.to_dict())


def test_file_model_rows_are_read_in_one_call_with_the_same_refusals():
    good = OneInThreeSat.from_dict({"problem": "1in3sat", "num_vars": 3, "clauses": [[1, -2, 3], [2, 2, -1]]})
    assert good.clauses.tolist() == [[1, -2, 3], [2, 2, -1]] and not good.clauses.flags.writeable
    with pytest.raises(InvalidInstance, match="clause c2 has 2 literals; this problem needs exactly 3"):
        OneInThreeSat.from_dict({"problem": "1in3sat", "num_vars": 3, "clauses": [[1, 2, 3], [1, 2]]})
    empty = OneInThreeSat.from_dict({"problem": "1in3sat", "num_vars": 0, "clauses": []})
    assert empty.clauses.shape == (0, 3)


def _round_trip_message(instance):
    try:
        document = instance.to_dict()
        checked(document, instance.problem)
        instance_from_dict(document)
    except InvalidInstance as error:
        return str(error)
    return None


@pytest.mark.parametrize("instance", [
    OneInThreeSat(MAX_VARIABLES + 1, [(1, 2, -3)]),
    OneInThreeSat(MAX_VARIABLES, [(1, 2, -3)]),
    BWP(1, MAX_TORUS_CELLS + 1, b"\x01" + bytes(MAX_TORUS_CELLS), bytes(MAX_TORUS_CELLS) + b"\x01", 1),
    BWP(2, MAX_TORUS_CELLS // 2 + 1, bytes(MAX_TORUS_CELLS + 2), bytes(MAX_TORUS_CELLS + 2), 0),
    BWP(2, 3, bytes(6), bytes(6), 0),
])
def test_check_readable_refuses_what_the_round_trip_refuses(instance):
    expected = _round_trip_message(instance)
    if expected is None:
        instance.check_readable()
    else:
        with pytest.raises(InvalidInstance) as caught:
            instance.check_readable()
        assert str(caught.value) == expected
