"""Hostile inputs of issue 30 ("Nothing gets in, nothing hangs"), the reading side: the JSON depth
check linear on any text, duplicate keys refused, special files (FIFOs, devices, folders) refused
without blocking, DIMACS/HCP numbers ASCII digits only and header sizes bounded before anything is
allocated, generator parameters named with their types and ranges, and an output error naming its file."""

from __future__ import annotations

import time

import pytest

from npw.instances.base import InvalidInstance
from npw.instances.validation import parse_json

# -- JSON: the depth check is linear, duplicate keys are refused ------------------------------------

MEGABYTE = 1_000_000
HOSTILE_QUOTES = {
    "an unclosed string of escaped quotes": '["' + '\\"' * (MEGABYTE // 2),
    "an object key of escaped quotes": '{"a": "' + '\\"' * (MEGABYTE // 2),
    "unbalanced quotes": "[" + '"' * MEGABYTE + "\\",
    "backslashes": "[" + "\\" * MEGABYTE,
    "quote, backslash, bracket": '["' + '\\"[' * (MEGABYTE // 3),
    "closed string of escapes": '["' + '\\\\\\"' * (MEGABYTE // 4) + '"]',
}


@pytest.mark.parametrize("name", sorted(HOSTILE_QUOTES))
def test_a_megabyte_of_quotes_and_backslashes_is_settled_in_well_under_a_second(name):
    text = HOSTILE_QUOTES[name]
    began = time.perf_counter()
    try:
        parse_json(text)
    except InvalidInstance as error:
        assert "\n" not in str(error)
    # quadratic, this took 30 s for 120 KB; linear it is some 20 ms a megabyte (a loaded machine: 1 s)
    assert time.perf_counter() - began < 1.0


def test_the_depth_check_still_counts_brackets_outside_strings_only():
    assert parse_json('["[[[[\\"]]]", "\\\\"]') == ["[[[[\"]]]", "\\"]
    with pytest.raises(InvalidInstance, match="nested 70 deep"):
        parse_json('["\\\\", ' + "[" * 69 + "]" * 70)


@pytest.mark.parametrize("text, key", [
    ('{"problem": "3sat", "num_vars": 3, "clauses": [], "problem": "cnf"}', "problem"),
    ('{"problem": "cnf", "num_vars": -5, "num_vars": 3, "clauses": []}', "num_vars"),
    ('{"problem": "solochess", "custom_types": [{"name": "a", "name": "b"}]}', "name"),
    ('{"a": 1, "\\u0061": 2}', "a"),  # the same key, spelt with an escape
])
def test_duplicate_keys_at_any_depth_are_refused_naming_the_key(text, key):
    with pytest.raises(InvalidInstance) as error:
        parse_json(text)
    assert str(error.value) == f'invalid JSON: duplicate key "{key}"'


def test_same_key_in_different_objects_is_fine():
    assert parse_json('[{"a": 1}, {"a": 2}, {"b": {"a": 3}}]') == [{"a": 1}, {"a": 2}, {"b": {"a": 3}}]
