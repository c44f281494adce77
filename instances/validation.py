"""One validation layer for every file the workbench reads: JSON parsing with bounded nesting
and number sizes, the named size limits, and strict typed models of each problem's format.

Three steps, each refusing with :class:`InvalidInstance` and a one-line message naming the
field:

1. :func:`parse_json` turns text into Python objects. Before the parser recurses it checks the
   nesting depth (:data:`MAX_DEPTH`), it refuses integer literals of more than
   :data:`MAX_INTEGER_DIGITS` digits before converting them (Python's int-to-string limit, and
   numpy's int64, would fail later with a traceback), ``NaN``/``Infinity``, and a key given twice
   in one object (at any depth; Python's parser would keep the last silently).
2. :func:`check_model` converts the objects to a problem's typed file model
   (:mod:`npw.instances.models`, msgspec structs in strict mode): booleans are not integers,
   unknown fields are refused, and every declared size is checked against its named limit
   (:data:`MAX_VARIABLES`, ...) *before* anything of that size is built.
3. The instance's own ``validate()`` checks what the definition says (literals within
   ``num_vars``, a board a permutation, ...).

msgspec, not pydantic: both validate strictly and write JSON Schema, but msgspec's import and
first conversion cost about 2-7 ms against pydantic's 100-250 ms (BENCHMARKS.md, "Bad input"),
and ``npw`` start-up matters. It is still imported only when a file is read (the models live in
:mod:`npw.instances.models`, imported on first use).

>>> parse_json('{"problem": "cnf", "num_vars": 2}')
{'problem': 'cnf', 'num_vars': 2}
>>> parse_json("[" * 100 + "]" * 100)
Traceback (most recent call last):
    ...
npw.instances.base.InvalidInstance: invalid JSON: nested 100 deep, beyond the limit 64
>>> parse_json('{"num_vars": ' + "9" * 30 + '}')
Traceback (most recent call last):
    ...
npw.instances.base.InvalidInstance: invalid JSON: an integer of 30 digits exceeds the limit of 19 digits
"""

from __future__ import annotations

import contextlib
import gc
import json
import re
from typing import Any, Iterator, Mapping

# the named limits live in npw.instances.base (Problem.generate checks its parameters against them);
# they are part of this layer, named here too
from npw.instances.base import (GENERATOR_PARAMETER_LIMITS, GENERATOR_RATIO_LIMIT, LIMITS, MAX_CHESS_SIDE,  # noqa: F401
                                MAX_CLAUSES, MAX_COORDINATE, MAX_EDGES, MAX_DEPTH, MAX_INTEGER, MAX_INTEGER_DIGITS, MAX_NAME_LENGTH,
                                MAX_PUZZLE_SIDE, MAX_TORUS_CELLS, MAX_VARIABLES, MAX_VERTICES, InvalidInstance,
                                check_generator_params, check_header, check_size)

__all__ = ["check_certificate", "collector_paused", "check_model", "checked", "describe_error", "file_model", "json_schema",
           "model_is_struct", "parse_json", "read_count", "schema_text"]


# -- step 1: JSON -----------------------------------------------------------------------------

# Two passes, each linear whatever the text: escapes first (a backslash and the character after
# it, left to right, as the JSON scanner takes them), then strings, which hold no backslash any more.
# One pattern for both, '"(?:[^"\\]|\\.)*"', backtracks from every quote of an unclosed string
# full of escaped quotes: quadratic (a 120 KB file took more than 30 s, issue 30).
_ESCAPES = re.compile(r"\\.", re.S)
_STRINGS = re.compile(r'"[^"]*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


def _check_depth(text: str) -> None:
    """Refuses nesting deeper than MAX_DEPTH before a recursive parser sees it: escapes and then
    strings are dropped (brackets in them do not count), then the running depth of the brackets
    left is taken, in C (regular expressions, numpy for long texts), so a 100 MB file costs no
    Python loop and no pass is worse than linear.

    >>> _check_depth('["' + '\\\\"' * 3 + '[' * 100 + '"]')  # escaped quotes, then brackets inside the string
    >>> _check_depth('["\\\\\\\\", ' + '[' * 100 + ']')  # an escaped backslash ends before the quote
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: invalid JSON: nested 101 deep, beyond the limit 64
    """
    if "[" not in text and "{" not in text:
        return
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", _ESCAPES.sub("", text)))
    if len(brackets) <= 2 * MAX_DEPTH:
        depth = deepest = 0
        for ch in brackets:
            depth += 1 if ch in "[{" else -1
            deepest = max(deepest, depth)
    else:
        import numpy as np

        codes = np.frombuffer(brackets.encode("ascii"), dtype=np.uint8)
        steps = np.where((codes == ord("[")) | (codes == ord("{")), 1, -1).astype(np.int32)
        deepest = int(np.cumsum(steps).max())
    if deepest > MAX_DEPTH:
        raise InvalidInstance(f"invalid JSON: nested {deepest} deep, beyond the limit {MAX_DEPTH}")


def _parse_int(literal: str) -> int:
    digits = len(literal.lstrip("-"))
    if digits > MAX_INTEGER_DIGITS:
        raise InvalidInstance(f"invalid JSON: an integer of {digits} digits exceeds the limit of "
                              f"{MAX_INTEGER_DIGITS} digits")
    return int(literal)


def _parse_constant(name: str) -> Any:
    raise InvalidInstance(f"invalid JSON: {name} is not a JSON number")


def _parse_float(literal: str) -> float:
    value = float(literal)
    if value in (float("inf"), float("-inf")):
        raise InvalidInstance(f"invalid JSON: the number {literal[:30]} is too large")
    return value


def _object(pairs: list[tuple[str, Any]]) -> dict:
    """A JSON object from its pairs, refusing a key given twice: JSON leaves duplicates undefined and
    Python's parser keeps the last, so ``"num_vars": -5`` before a valid one would pass unseen."""
    obj = dict(pairs)
    if len(obj) != len(pairs):  # the usual case costs one comparison
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                shown = json.dumps(key)
                raise InvalidInstance(f"invalid JSON: duplicate key {shown if len(shown) <= 80 else shown[:77] + '...'}")
            seen.add(key)
    return obj


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off for the block (back as it was after): reading a file
    makes millions of small containers and no cycle, and each collection the allocations trigger
    walks every one of them (a 2-million-edge graph file parsed 2-4x faster, measured).

    >>> import gc
    >>> with collector_paused():
    ...     gc.isenabled()
    False
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


_LONG_DIGITS = re.compile(f"[0-9]{{{MAX_INTEGER_DIGITS + 1},}}")


def parse_json(text: str) -> Any:
    """The JSON value of ``text``, with nesting and numbers bounded (see the module docstring);
    InvalidInstance with one line on anything else.

    >>> parse_json('[1, 2.5, "x", true, null]')
    [1, 2.5, 'x', True, None]
    >>> parse_json('{"a": NaN}')
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: invalid JSON: NaN is not a JSON number
    >>> parse_json('{"problem": "3sat", "k": {"a": 1, "a": 2}, "problem": "cnf"}')
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: invalid JSON: duplicate key "a"
    """
    _check_depth(text)
    try:
        # no run of more digits than an integer may have: Python's own (C) integers, no hook per number
        parse_int = _parse_int if _LONG_DIGITS.search(text) else None
        with collector_paused():
            return json.loads(text, parse_int=parse_int, parse_float=_parse_float, parse_constant=_parse_constant,
                              object_pairs_hook=_object)
    except json.JSONDecodeError as error:
        raise InvalidInstance(f"invalid JSON: {error.msg} at line {error.lineno} column {error.colno}") from None
    except RecursionError:  # not reached after _check_depth; kept so no path ends in a traceback
        raise InvalidInstance(f"invalid JSON: nested deeper than the limit {MAX_DEPTH}") from None


# -- numbers of the text formats (DIMACS, HCP) -------------------------------------------------

_DIGITS = re.compile(r"[0-9]+")  # ASCII only: \d and int() also take '²', Arabic-Indic digits, '1_0', ' 1'


def read_count(token: str, field: str, limit: int, limit_name: str | None = None) -> int:
    """A count or number of a text format (a DIMACS header's, an HCP DIMENSION): ASCII digits
    only, at most ``limit`` (named ``limit_name``), refused in one line naming ``field`` before a
    long run of digits is converted.

    >>> read_count("20", "num_vars", MAX_VARIABLES, "MAX_VARIABLES")
    20
    >>> read_count("1_0", "num_vars", MAX_VARIABLES)
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: num_vars must be a whole number in ASCII digits, not '1_0'
    >>> read_count("9" * 31, "num_vars", MAX_VARIABLES, "MAX_VARIABLES")
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: num_vars of 31 digits exceeds the limit 10000000 (MAX_VARIABLES)
    """
    if not _DIGITS.fullmatch(token):
        raise InvalidInstance(f"{field} must be a whole number in ASCII digits, not {token[:30]!r}")
    digits = token.lstrip("0") or "0"
    if len(digits) > len(str(limit)):
        named = f" ({limit_name})" if limit_name else ""
        raise InvalidInstance(f"{field} of {len(digits)} digits exceeds the limit {limit}{named}")
    value = int(digits)
    check_size(field, value, limit, limit_name)
    return value


# -- step 2: typed models ---------------------------------------------------------------------

_AT = re.compile(r" - at `\$(?P<path>[^`]*)`$")
_BOUND = re.compile(r"^Expected `int` (?P<op>[<>]=) (?P<limit>-?\d+)$")


def _value_at(data: Any, path: str) -> Any:
    """The value at a msgspec path such as ``.clauses[3][1]`` (None if it cannot be followed)."""
    for key, index in re.findall(r"\.([^.\[]+)|\[(\d+)\]", path):
        try:
            data = data[key] if key else data[int(index)]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _shown(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"(an integer of {value.bit_length()} bits)"
    return repr(value) if isinstance(value, str) else str(value)


def describe_error(message: str, data: Any) -> str:
    """A msgspec validation message rewritten as one line naming the field.

    >>> describe_error("Expected `int`, got `bool` - at `$.version`", {})
    'field version: expected int, got bool'
    >>> describe_error("Expected `int` <= 10000000 - at `$.num_vars`", {"num_vars": 10**9})
    'num_vars 1000000000 exceeds the limit 10000000'
    """
    match = _AT.search(message)
    path = match.group("path").lstrip(".") if match else ""
    text = message[: match.start()] if match else message
    bound = _BOUND.match(text)
    if bound and path:
        value = _value_at(data, "." + path)
        if bound.group("op") == "<=":
            return f"{path} {_shown(value)} exceeds the limit {bound.group('limit')}"
        return f"{path} {_shown(value)} is below the minimum {bound.group('limit')}"
    text = text.replace("`", "")
    text = re.sub(r"^Object missing required field (\S+)", r"missing field '\1'", text)
    text = re.sub(r"^Object contains unknown field (\S+)", r"unknown field '\1'", text)
    text = re.sub(r"^Invalid enum value ", "invalid value ", text)
    text = text[:1].lower() + text[1:]
    return f"field {path}: {text}" if path else text


def check_model(data: Any, model: type) -> Any:
    """``data`` converted to the typed file model ``model`` (strict), or InvalidInstance.

    >>> from npw.instances.models import CnfFile
    >>> check_model({"problem": "cnf", "num_vars": 2, "clauses": [[1, -2]]}, CnfFile).clauses
    [[1, -2]]
    >>> check_model({"problem": "cnf", "num_vars": 10**9, "clauses": []}, CnfFile)
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: num_vars 1000000000 exceeds the limit 10000000
    """
    import msgspec

    if not isinstance(data, Mapping) and model_is_struct(model):
        raise InvalidInstance("an instance must be a JSON object")
    try:
        return msgspec.convert(data, model, strict=True)
    except msgspec.ValidationError as error:
        raise InvalidInstance(describe_error(str(error), data)) from None
    except RecursionError:  # a Python object (not parsed JSON) nested past the interpreter's limit
        raise InvalidInstance(f"nested deeper than the limit {MAX_DEPTH}") from None


def model_is_struct(model: type) -> bool:
    import msgspec

    return isinstance(model, type) and issubclass(model, msgspec.Struct)


def check_certificate(obj: Any, model: Any, what: str) -> Any:
    """A certificate's JSON converted to ``model`` (a type such as ``list[bool]``), or
    InvalidInstance naming the problem and what a certificate is.

    >>> check_certificate([True, False], list[bool], "an assignment is a list of true/false values")
    [True, False]
    >>> check_certificate([1, 0], list[bool], "an assignment is a list of true/false values")
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: an assignment is a list of true/false values (at [0]: expected bool, got int)
    """
    import msgspec

    try:
        return msgspec.convert(obj, model, strict=True)
    except msgspec.ValidationError as error:
        detail = describe_error(str(error), obj).replace("field ", "at ", 1)
        raise InvalidInstance(f"{what} ({detail})") from None
    except RecursionError:
        raise InvalidInstance(f"{what} (nested deeper than the limit {MAX_DEPTH})") from None


# -- JSON Schema ------------------------------------------------------------------------------


def json_schema(problem_id: str) -> dict:
    """The JSON Schema of ``problem_id``'s file format, generated from its model (the files in
    ``docs/schemas/`` are these, see ``npw schema``).

    >>> schema = json_schema("cnf")
    >>> schema["title"], schema["properties"]["num_vars"]["maximum"]
    ('cnf', 10000000)
    """
    import msgspec

    model = file_model(problem_id)
    generated = msgspec.json.schema(model)
    # inline the top-level $ref so the file reads as the format itself
    name = generated["$ref"].rsplit("/", 1)[-1]
    definitions = generated.get("$defs", {})
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": problem_id,
              **{k: v for k, v in definitions.pop(name).items() if k != "title"}}
    if definitions:
        schema["$defs"] = definitions
    return schema


def schema_text(problem_id: str) -> str:
    """:func:`json_schema` as the text written to ``docs/schemas/<problem>.json``."""
    return json.dumps(json_schema(problem_id), indent=2, sort_keys=True) + "\n"


def checked(data: Any, problem_id: str) -> Any:
    """``data`` (a parsed instance file) checked as a ``problem_id`` file: the header (the
    problem's id, version 1), then the typed model of :mod:`npw.instances.models`.

    >>> checked({"problem": "3sat", "num_vars": 3, "clauses": [[1, 2, 3]]}, "cnf")
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: expected problem 'cnf', found '3sat'
    >>> checked({"problem": "cnf", "version": True, "num_vars": 1, "clauses": []}, "cnf")
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: unsupported format version True (this is 1)
    """
    check_header(data, problem_id)
    return check_model(data, file_model(problem_id))


def file_model(problem_id: str) -> type:
    """The msgspec model of ``problem_id``'s JSON file: the one its record names (``Problem.file_model``).

    >>> file_model("cnf").__name__
    'CnfFile'
    """
    from npw.instances.registry import get_problem, problem_ids, resolve

    problem = get_problem(problem_id)
    if problem.file_model is None:
        known = ", ".join(p for p in problem_ids() if get_problem(p).file_model is not None)
        raise InvalidInstance(f"no file model for problem {problem_id!r} (known: {known})")
    return resolve(problem.file_model)
