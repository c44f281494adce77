"""Malformed and hostile input files for every problem, generated from a seed: the corpus of
tests/test_fuzz.py (a small slice) and bench/fuzz_inputs.py (thousands).

Each :class:`Case` is the bytes of one file and what must happen to it. Most cases are invalid
*by construction* (a field of the wrong JSON type, by the format's own schema; a required field
missing; an unknown field; another version; integers beyond every limit; nesting 10^5 deep; a
declared size of 10^9): every command that reads them must refuse them, exit status 2 and one
line. Random single-character edits of a valid file may or may not leave a valid instance: for
those only a clean outcome is required (exit 0, 1 or 2; never a traceback; one line when
refused). ``heavy`` cases (size and nesting bombs, huge boards) run in a subprocess under a
memory and time limit, see :func:`run_bounded`.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import random
import re
import resource
import subprocess
import sys
from dataclasses import dataclass
from typing import Any, Iterator

from npw.cli import build_parser as _BUILD
from npw.instances.registry import builtin_problem_modules, get_problem
from npw.instances.validation import json_schema

MEMORY_LIMIT = 2 * 1024**3  # bytes of address space for a bounded run
TIME_LIMIT = 10.0  # seconds for one command of a bounded run


@dataclass(frozen=True)
class Case:
    problem: str
    name: str  # what was done to the file, e.g. "num_vars -> true"
    data: bytes
    must_refuse: bool
    heavy: bool = False
    suffix: str = ".json"  # the file's name ends so (".cnf", ".hcp", ...: read in that format)
    special: str | None = None  # not bytes but a special file: one of SPECIAL_FILES, made by materialise()
    # a valid size exactly at a named limit: it may build that much, so each command runs in a process
    # of its own (run_separately) where the command line's own memory and time guard can end it
    at_limit: bool = False


SPECIAL_FILES = ("fifo", "symlink to /dev/zero", "symlink to /dev/urandom", "directory", "symlink to a fifo")
"""The special files :func:`materialise` makes in place of a case's bytes: reading any must be
refused at once (a FIFO without a writer blocks an ordinary open; the devices never end)."""


def materialise(case: Case, path: str) -> str:
    """Puts ``case`` at ``path`` (plus the case's suffix): its bytes, or the special file it names.
    Returns the path written."""
    path = path + case.suffix
    if case.special is None:
        with open(path, "wb") as handle:
            handle.write(case.data)
    elif case.special == "fifo":
        os.mkfifo(path)
    elif case.special == "symlink to a fifo":
        os.mkfifo(path + ".fifo")
        os.symlink(path + ".fifo", path)
    elif case.special.startswith("symlink to /dev/"):
        os.symlink(case.special.removeprefix("symlink to "), path)
    elif case.special == "directory":
        os.mkdir(path)
    else:
        raise ValueError(f"unknown special file {case.special!r}")
    return path


def base_documents(problem_id: str, count: int = 1, seed: int = 0) -> list[dict]:
    """``count`` small valid instances of ``problem_id`` as JSON documents (seeded)."""
    problem = get_problem(problem_id)
    documents = []
    for index in range(count):
        instance = problem.sample(seed + index) if problem.sample else problem.generate(seed=seed + index)
        documents.append(instance.to_dict())
    return documents


_JSON_TYPE = {bool: "boolean", int: "integer", float: "number", str: "string", list: "array", dict: "object",
              type(None): "null"}
WRONG_VALUES: tuple[Any, ...] = (True, False, "x", "", 1.5, [], {}, [[[]]], None, "1", [1, [2]])


def _accepted_types(schema: dict) -> set[str] | None:
    """The JSON types a property's schema accepts (None: any)."""
    if "enum" in schema:
        return {"enum"}
    if "type" in schema:
        kinds = schema["type"]
        return set(kinds) if isinstance(kinds, list) else {kinds}
    if "anyOf" in schema:
        found: set[str] = set()
        for option in schema["anyOf"]:
            inner = _accepted_types(option)
            if inner is None:
                return None
            found |= inner
        return found
    return None


def _is_wrong(value: Any, schema: dict) -> bool:
    """Does the property ``schema`` refuse ``value`` by its JSON type (or its enumeration)?"""
    if "enum" in schema:
        return value not in schema["enum"]
    accepted = _accepted_types(schema)
    return accepted is not None and _JSON_TYPE[type(value)] not in accepted


def _first_int_path(value: Any, path: tuple = ()) -> tuple | None:
    """The path to the first integer inside ``value`` (lists only), or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return path
    if isinstance(value, list):
        for index, item in enumerate(value):
            found = _first_int_path(item, path + (index,))
            if found is not None:
                return found
    return None


def _first_item_path(value: Any) -> tuple | None:
    """The path to the innermost first item of a non-empty list (lists only), or None."""
    if not isinstance(value, list) or not value:
        return None
    path: tuple = (0,)
    item = value[0]
    while isinstance(item, list) and item:
        path += (0,)
        item = item[0]
    return path


def _replaced(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    copy = list(value)
    copy[path[0]] = _replaced(copy[path[0]], path[1:], new)
    return copy


_SENTINEL = "@@replaced@@"  # a string no format holds, replaced in the file's text by raw JSON


def _text(document: Any) -> bytes:
    return json.dumps(document).encode()


def _with(document: dict, **fields: Any) -> dict:
    return {**document, **fields}


# declared sizes per problem: the field and a value far beyond its limit; the data stays small
SIZE_BOMBS: dict[str, list[dict]] = {
    "cnf": [{"num_vars": 10**9}], "3sat": [{"num_vars": 10**9}], "1in3sat": [{"num_vars": 10**9}],
    "224sat": [{"num_vars": 10**9}], "nae3sat": [{"num_vars": 10**9}], "nae4sat": [{"num_vars": 10**9}],
    "hampath": [{"num_vertices": 10**9, "edges": []}, {"num_vertices": 10**6, "edges": []}],
    "hampath-grid-s": [{"num_vertices": 10**9}], "hampath-st": [{"num_vertices": 10**6, "edges": []}],
    "solochess": [{"width": 10**9}, {"height": 10**9, "width": 10**9}],
    "npuz": [{"n": 10**9}, {"n": 1000}], "torus": [{"rows": 10**9}, {"rows": 1000, "cols": 1000}],
    "3partition": [{"bound": 10**18}], "bwp": [], "rel": [],
    "subsetsum": [{"target": 10**19}, {"target": 2**63}], "partition": [{"numbers": [1, 2**63]}],
    "hamcycle": [{"num_vertices": 10**9, "edges": []}, {"num_vertices": 10**6, "edges": []}],
    "dhamcycle": [{"num_vertices": 10**9, "edges": []}, {"num_vertices": 10**6, "edges": []}],
    "4partition": [{"bound": 10**18}, {"numbers": [1, 2**63]}],
    "binpacking": [{"bins": 10**9}, {"capacity": 2**63}],
    "knapsack": [{"capacity": 2**63}, {"goal": 10**19}, {"weights": [1, 2**63]}],
    "3dm": [{"q": 10**9}, {"q": 10**6}, {"triples": [[0, 0, 10**9]]}],
    "x3c": [{"q": 10**9}, {"q": 10**6}, {"sets": [[0, 1, 10**9]]}],
    "fvs": [{"num_vertices": 10**9, "arcs": []}, {"num_vertices": 10**6, "arcs": []}],
    "setcover": [{"universe": 10**9, "sets": []}, {"universe": 10**6, "sets": [], "k": 0}],
}


def hostile_cases(problem_id: str, seed: int = 0, random_edits: int = 10) -> Iterator[Case]:
    """Every class of malformed and hostile file for ``problem_id`` (see the module docstring)."""
    rng = random.Random(f"{problem_id}/{seed}")
    schema = json_schema(problem_id)
    properties, required = schema["properties"], set(schema.get("required", []))
    for number, document in enumerate(base_documents(problem_id, 1, seed)):
        text = _text(document)

        def case(name: str, data: bytes | dict | list, must_refuse: bool = True, heavy: bool = False) -> Case:
            raw = data if isinstance(data, bytes) else _text(data)
            return Case(problem_id, f"#{number} {name}", raw, must_refuse, heavy)

        # the JSON itself
        yield case("empty file", b"")
        for cut in sorted({1, len(text) // 3, len(text) // 2, len(text) - 1}):
            yield case(f"truncated at {cut}", text[:cut])
        for literal in (b"null", b"[]", b"1", b'"x"', b"true", b"\xff\xfe{}", b'{"problem": NaN}'):
            yield case(f"not an object: {literal!r}", literal)
        yield case("nested 10^5 deep", b"[" * 100_000 + b"]" * 100_000, heavy=True)
        yield case("unclosed 10^5 deep", b'{"problem": ' + b"[" * 100_000, heavy=True)
        # the header
        for value in ("4sat", 1, None, [problem_id], {"id": problem_id}):
            yield case(f"problem -> {value!r}", _with(document, problem=value))
        for value in (True, 2, "1", 1.0, 0, None, [1]):
            yield case(f"version -> {value!r}", _with(document, version=value))
        yield case("unknown field", _with(document, nonsense_field=1))
        for other in builtin_problem_modules():  # another problem's id over these fields: valid only by accident
            if other != problem_id:
                yield case(f"problem -> {other!r}", _with(document, problem=other), must_refuse=False)
        # every field: missing, of a wrong type, its first item of a wrong type, integers too large
        for field, value in document.items():
            if field in ("problem", "version"):
                continue
            if field in required:
                yield case(f"{field} missing", {k: v for k, v in document.items() if k != field})
            for wrong in WRONG_VALUES:
                if _is_wrong(wrong, properties.get(field, {})):
                    yield case(f"{field} -> {wrong!r}", _with(document, **{field: wrong}))
            item = _first_item_path(value)
            if item is not None:
                # no array of any format holds booleans or objects with no fields (custom_types need a name)
                for wrong in (True, {}):
                    yield case(f"{field}{list(item)} -> {wrong!r}", _with(document, **{field: _replaced(value, item, wrong)}))
            at = _first_int_path(value)
            if at is not None:
                for big in (2**62 + 1, -(2**62) - 1, 10**19, 10**25, -(10**30)):
                    yield case(f"{field}{list(at)} -> {big}", _with(document, **{field: _replaced(value, at, big)}))
                yield case(f"{field}{list(at)} -> 5000 digits", _text(_with(
                    document, **{field: _replaced(value, at, _SENTINEL)})).replace(b'"' + _SENTINEL.encode() + b'"', b"9" * 5000))
            yield case(f"{field} nested 10^5 deep", _text(_with(document, **{field: _SENTINEL})).replace(
                b'"' + _SENTINEL.encode() + b'"', b"[" * 100_000 + b"]" * 100_000), heavy=True)
        for fields in SIZE_BOMBS.get(problem_id, []):
            changed = _with(document, **fields)
            if problem_id.startswith("hampath"):
                changed = {k: v for k, v in changed.items() if k not in ("s", "t", "coords")}
            yield case(f"size bomb {fields}", changed, heavy=True)
        if number == 0:
            yield from _problem_specific(problem_id, document, case)
            yield from _encodings_and_keys(problem_id, document, text, case)
            yield from _limits(problem_id, document, schema, case)
            yield from _text_formats(problem_id, document, rng)
            for kind in SPECIAL_FILES:
                yield Case(problem_id, f"#{number} special file: {kind}", b"", True, heavy=True, special=kind)
        # random single-character edits: any clean outcome
        for _ in range(random_edits):
            position = rng.randrange(len(text))
            edited = text[:position] + rng.choice(b'0123456789[]{}",:-.eE tfn') .to_bytes(1, "big") + text[position + 1:]
            yield case(f"byte {position} edited", edited, must_refuse=False)


def _problem_specific(problem_id: str, document: dict, case: Any) -> Iterator[Case]:
    if problem_id == "rel":
        for value in ("false", "no", [], 0.5, 0, 1, None, "true"):
            yield case(f"directed -> {value!r}", _with(document, directed=value))
        vertices = document["vertices"]
        for value in ([vertices[0]], {"v": 1}, 1, None):
            yield case(f"vertices[0] -> {value!r}", _with(document, vertices=[value] + vertices[1:]))
        yield case("capacity 10^18 (valid)", _with(document, edges=[e[:2] + [10**18] for e in document["edges"]]),
                   must_refuse=False, heavy=True)
    if problem_id == "solochess":
        for value in ("x", {"name": "a"}, [1], [{"name": 5}], [{"name": "a", "leaps": "no"}],
                      [{"name": "a", "max_range": -1}], [{"name": "a", "leaps": [[0, 0]]}], [{"name": "rook"}],
                      [{"name": "a", "leaps": [[1, True]]}], [{"name": "a", "extra": 1}]):
            yield case(f"custom_types -> {value!r}", _with(document, custom_types=value))
    if problem_id == "npuz":
        n = 1000
        goal = list(range(1, n * n)) + [0]
        start = list(goal)
        start[0], start[1], start[2], start[3] = start[1], start[0], start[3], start[2]  # two swaps
        rows = lambda cells: [cells[r * n:(r + 1) * n] for r in range(n)]  # noqa: E731
        yield case("1000 x 1000 board, two swaps (valid)",
                   {"problem": "npuz", "version": 1, "n": n, "start": rows(start), "goal": rows(goal), "k": 10},
                   must_refuse=False, heavy=True)
    if problem_id == "bwp":
        yield case("bound 10^18 (valid)", _with(document, bound=10**18), must_refuse=False, heavy=True)


# encodings JSON does not have, digits JSON does not have, keys given twice (issue 30)
UNICODE_DIGITS = ("1_0", "\u00b2", "\u0661", "\uff11", "1\u00a01", "\U0001d7cf")  # _, superscript, Arabic-Indic, full-width, NBSP inside, math bold


def _encodings_and_keys(problem_id: str, document: dict, text: bytes, case: Any) -> Iterator[Case]:
    decoded = text.decode()
    yield case("UTF-16 with BOM", decoded.encode("utf-16"))
    yield case("UTF-16-LE without BOM", decoded.encode("utf-16-le"))
    yield case("UTF-16-BE without BOM", decoded.encode("utf-16-be"))
    yield case("UTF-8 BOM", b"\xef\xbb\xbf" + text)
    yield case("latin-1 byte in the problem id", text.replace(f'"{problem_id}"'.encode(), f'"{problem_id}\xe9"'.encode("latin-1"), 1))
    yield case("NUL byte after the object", text + b"\x00")
    yield case("NUL byte before the object", b"\x00" + text)
    yield case("NUL escaped in the problem id", text.replace(f'"{problem_id}"'.encode(), f'"{problem_id}\\u0000"'.encode(), 1))
    # a key given twice: the same value, and an invalid first value a valid second would hide
    yield case("duplicate key problem (same value)", text[:-1] + f', "problem": "{problem_id}"}}'.encode())
    yield case("duplicate key problem (another problem first)", b'{"problem": "3sat", ' + text[1:])
    field = next((k for k in document if k not in ("problem", "version")), None)
    if field is not None:
        yield case(f"duplicate key {field} (-5 first)", f'{{"{field}": -5, '.encode() + text[1:])
        yield case(f"duplicate key {field} (nested object)", _text(_with(document, **{field: _SENTINEL})).replace(
            f'"{_SENTINEL}"'.encode(), b'{"a": 1, "a": 2}'))
    at = next(((f, p) for f, v in document.items() if f not in ("version",) for p in [_first_int_path(v)]
               if p is not None), None)
    if at is not None:
        name, path = at
        for digits in UNICODE_DIGITS:
            raw = _text(_with(document, **{name: _replaced(document[name], path, _SENTINEL)}))
            yield case(f"{name}{list(path)} -> {digits!r}", raw.replace(f'"{_SENTINEL}"'.encode(), digits.encode()))


def _limits(problem_id: str, document: dict, schema: dict, case: Any) -> Iterator[Case]:
    """Every named limit, exactly at it (may be valid: a clean outcome; heavy, it may build that
    much) and one past it (refused)."""
    from npw.instances.validation import MAX_DEPTH, MAX_INTEGER_DIGITS, MAX_NAME_LENGTH

    at = next(((f, p) for f, v in document.items() if f not in ("version",) for p in [_first_int_path(v)]
               if p is not None), None)
    if at is not None:
        name, path = at
        raw = _text(_with(document, **{name: _replaced(document[name], path, _SENTINEL)}))
        for digits, refuse in ((MAX_INTEGER_DIGITS, False), (MAX_INTEGER_DIGITS + 1, True)):
            yield case(f"{name}{list(path)} of {digits} digits (MAX_INTEGER_DIGITS{'' if not refuse else ' + 1'})",
                       raw.replace(f'"{_SENTINEL}"'.encode(), b"1" * digits), must_refuse=refuse)
    for depth, refuse in ((MAX_DEPTH, False), (MAX_DEPTH + 1, True)):  # the whole document nested in a field
        field = next((k for k in document if k not in ("problem", "version")), "extra")
        nested = _text(_with(document, **{field: _SENTINEL})).replace(
            f'"{_SENTINEL}"'.encode(), b"[" * (depth - 1) + b"]" * (depth - 1))
        yield case(f"{field} nested to depth {depth} (MAX_DEPTH{' + 1' if refuse else ''})", nested,
                   must_refuse=True if refuse else False)
    for field, spec in schema["properties"].items():
        maximum = spec.get("maximum") if isinstance(spec, dict) else None
        if isinstance(maximum, int) and field in document and not isinstance(document[field], bool):
            yield Case(problem_id, f"{field} at its limit {maximum}", _text(_with(document, **{field: maximum})),
                       must_refuse=False, heavy=True, at_limit=True)
            yield case(f"{field} one past its limit", _with(document, **{field: maximum + 1}))
    if problem_id == "rel":
        for length, refuse in ((MAX_NAME_LENGTH, False), (MAX_NAME_LENGTH + 1, True)):
            long_name = "v" * length
            renamed = json.loads(json.dumps(document).replace(json.dumps(document["vertices"][0]), json.dumps(long_name)))
            yield case(f"a vertex name of {length} characters", renamed, must_refuse=refuse)


def _text_formats(problem_id: str, document: dict, rng: random.Random) -> Iterator[Case]:
    """The problem's DIMACS or HCP file with its numbers in other digits, its header past (and at)
    the named limits."""
    from npw.instances.base import MAX_CLAUSES, MAX_EDGES, MAX_VARIABLES, MAX_VERTICES
    from npw.instances.hampath.hcp import MAX_DIMENSION
    from npw.instances.io import save_instance
    from npw.instances.registry import instance_from_dict

    suffix = {"cnf": ".cnf", "hampath": ".hcp", "hamcycle": ".hcp"}.get(problem_id)
    if suffix is None and problem_id in ("indset", "vertexcover", "clique", "domset", "coloring"):
        suffix = ".clq"
    if suffix is None:
        return
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "f" + suffix)
        save_instance(instance_from_dict(document), path)
        with open(path, encoding="utf-8") as handle:
            valid = handle.read()

    def case(name: str, text: str, must_refuse: bool = True, heavy: bool = False) -> Case:
        return Case(problem_id, f"{suffix[1:]}: {name}", text.encode("utf-8"), must_refuse, heavy, suffix,
                    at_limit=heavy)  # the heavy ones here are the sizes at a limit

    lines = valid.splitlines(keepends=True)
    if valid.lstrip().startswith("{"):  # no writer of that format for this problem: saved as JSON
        return
    if suffix == ".hcp":
        header = next(i for i, line in enumerate(lines) if line.startswith("DIMENSION"))
        edge = lines.index("EDGE_DATA_SECTION\n") + 1
        for digits in UNICODE_DIGITS:
            yield case(f"DIMENSION {digits!r}", "".join(lines[:header] + [f"DIMENSION : {digits}\n"] + lines[header + 1:]))
            first = lines[edge].split()
            yield case(f"edge vertex {digits!r}", "".join(lines[:edge] + [f"{first[0]} {digits}\n"] + lines[edge + 1:]))
        yield case("DIMENSION of 31 digits", "".join(lines[:header] + ["DIMENSION : " + "9" * 31 + "\n"] + lines[header + 1:]))
        yield case("DIMENSION one past MAX_DIMENSION", "".join(lines[:header] + [f"DIMENSION : {MAX_DIMENSION + 1}\n"]
                                                                + lines[header + 1:]))
        marked = [i for i, line in enumerate(lines) if "n=" in line and line.startswith("COMMENT")]
        if marked:
            i = marked[0]
            yield case("npw comment n of 5000 digits", "".join(
                lines[:i] + [re.sub(r"n=[0-9]+", "n=" + "9" * 5000, lines[i], count=1)] + lines[i + 1:]))
        yield case("DIMENSION at MAX_DIMENSION, no edges",
                   f"NAME : big\nTYPE : HCP\nDIMENSION : {MAX_DIMENSION}\nEDGE_DATA_FORMAT : EDGE_LIST\n"
                   f"EDGE_DATA_SECTION\n1 2\n-1\nEOF\n", must_refuse=False, heavy=True)
        return
    header = next(i for i, line in enumerate(lines) if line.startswith("p "))
    kind, first_count, second_count = lines[header].split()[1:4]
    body = next((i for i in range(header + 1, len(lines)) if lines[i].strip() and not lines[i].startswith("c")), None)
    limits = ((MAX_VARIABLES, MAX_CLAUSES) if kind == "cnf" else (MAX_VERTICES, MAX_EDGES))

    def with_header(first: str, second: str) -> str:
        return "".join(lines[:header] + [f"p {kind} {first} {second}\n"] + lines[header + 1:])

    for digits in UNICODE_DIGITS:
        yield case(f"header count {digits!r}", with_header(digits, second_count))
        if body is not None:
            tokens = lines[body].split()
            tokens[-2 if kind == "cnf" else -1] = digits  # a literal, an edge's end
            yield case(f"number {digits!r}", "".join(lines[:body] + [" ".join(tokens) + "\n"] + lines[body + 1:]))
    yield case("header count of 31 digits", with_header("9" * 31, second_count))
    yield case("second header count of 31 digits", with_header(first_count, "9" * 31))
    yield case("header count one past its limit", with_header(str(limits[0] + 1), second_count))
    yield case("second header count one past its limit", with_header(first_count, str(limits[1] + 1)))
    yield case("header count at its limit", with_header(str(limits[0]), second_count), must_refuse=False, heavy=True)
    yield case("+1 in a clause" if kind == "cnf" else "+1 as a vertex",
               valid.replace(" 1 ", " +1 ", 1) if " 1 " in valid else with_header("+" + first_count, second_count))


# -- certificates -------------------------------------------------------------------------------

HOSTILE_CERTIFICATES: tuple[Any, ...] = (
    None, True, 1, 1.5, "x", "", {}, [], [None], [True], [[[[]]]], [{"a": 1}], ["R1E1" * 3], [[0, 0]],
    [[[0, 0], [0]]], [[2**62 + 1]], [[0, "a", "b"]], "R99999999999E1", ["r0e" + "9" * 50], [[-1, -1, -1]],
    [[[10**18, 0], [0, 0]]], "UDLRX", [0, 1, 2, 3] * 3, [False] * 3,
)


# -- running the command line -------------------------------------------------------------------


@functools.cache
def _shared_parser() -> Any:
    return _BUILD()


def run_in_process(argv: list[str]) -> tuple[int, str, str]:
    """``npw ARGV`` in this process: (exit status, stdout, stderr); an exception escaping main()
    is reported as status -1 with its traceback on stderr."""
    import traceback
    from unittest import mock

    import npw.cli
    from npw.cli import main

    out, err = io.StringIO(), io.StringIO()
    # one parser for every run: building it costs 10-30 ms (argparse's gettext lookups), parsing
    # with it again changes nothing in it
    with mock.patch.object(npw.cli, "build_parser", _shared_parser), contextlib.redirect_stdout(out), \
            contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exit_:
            status = exit_.code if isinstance(exit_.code, int) else 1
        except BaseException:  # noqa: BLE001 - the point is to see every escape
            traceback.print_exc(file=err)
            status = -1
    return status, out.getvalue(), err.getvalue()


_WORKER = r"""
import json, os, resource, select, signal, sys, tempfile
limit = int(sys.argv[1]); seconds = float(sys.argv[2])
sys.path.insert(0, sys.argv[3])
from fuzz_corpus import run_in_process  # imports npw.cli: every command's child starts with it loaded
# one forked child a command: the command line's guard may end a command with os._exit (its hard
# path, after a signal, the time limit or the memory limit), which must end that command only
for line in sys.stdin:
    argv = json.loads(line)
    log = tempfile.TemporaryFile()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        os.dup2(log.fileno(), 1); os.dup2(log.fileno(), 2)  # what the guard writes with os.write
        status, out, err = run_in_process(argv)
        os.write(write_end, json.dumps([status, err]).encode())
        os._exit(0)
    os.close(write_end)
    ready, _, _ = select.select([read_end], [], [], seconds)
    if not ready:
        os.kill(pid, signal.SIGKILL)
    data = b""
    while ready:
        chunk = os.read(read_end, 1 << 16)
        if not chunk:
            break
        data += chunk
    os.close(read_end)
    _, code = os.waitpid(pid, 0)
    if not ready:
        status, err = -2, "timed out"
    elif data:
        status, err = json.loads(data)
    else:  # ended by itself (the guard's hard path) or killed: its status, and what it wrote itself
        log.seek(0)
        status = os.waitstatus_to_exitcode(code)
        err = log.read().decode("utf-8", "replace")
    log.close()
    print(json.dumps([status, err if len(err) < 4000 else err[:2000] + " ... " + err[-2000:]]), flush=True)
"""


def run_bounded(commands: list[list[str]], memory: int = MEMORY_LIMIT, seconds: float = TIME_LIMIT
                ) -> list[tuple[int, str]]:
    """Runs each ``npw ARGV`` of ``commands`` in a child process (forked, one a command, from one
    that has npw loaded) limited to ``memory`` bytes of address space and ``seconds`` (status -2 when
    it overran; -3 for commands not reached because the worker died). Returns (status, stderr) per
    command."""
    child = subprocess.run([sys.executable, "-c", _WORKER, str(memory), str(seconds), os.path.dirname(__file__)],
                           input="".join(json.dumps(argv) + "\n" for argv in commands), capture_output=True,
                           text=True, timeout=seconds * len(commands) + 60)
    results = [tuple(json.loads(line)) for line in child.stdout.splitlines() if line.startswith("[")]
    died = (-3, f"child ended with status {child.returncode}: {child.stderr[-500:]}")
    return [(int(s), str(e)) for s, e in results] + [died] * (len(commands) - len(results))


def run_separately(argv: list[str], seconds: float = 60, memory: int = MEMORY_LIMIT) -> tuple[int, str]:
    """``npw ARGV`` in a process of its own (``python -m npw``) limited to ``memory`` bytes of address
    space, killed after ``seconds`` (status -2): (status, stderr). For inputs at a limit, which the
    command line's guard may end with its hard path (``os._exit``), which would end a shared worker."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = {**os.environ, "PYTHONPATH": root + os.pathsep + os.environ.get("PYTHONPATH", "")}
    try:
        done = subprocess.run([sys.executable, "-m", "npw", *argv], capture_output=True, text=True, timeout=seconds,
                              env=env, preexec_fn=lambda: limit_memory(memory))
    except subprocess.TimeoutExpired:
        return -2, "timed out"
    return done.returncode, done.stderr


def clean(status: int, stderr: str) -> bool:
    """A clean outcome: success, a check that failed or an UNKNOWN answer (0, 1, 3: the exit-code
    table of docs/commands.md) or one line ``npw: error: ...`` with status 2; never a traceback, a timeout
    or a crash."""
    if status in (0, 1, 3):
        return "Traceback" not in stderr
    lines = stderr.strip().splitlines()
    return status == 2 and len(lines) == 1 and lines[0].startswith("npw: error: ")


def commands_for(problem_id: str, path: str, output_dir: str, reductions: list[str]) -> list[list[str]]:
    """Every command that reads an instance file of ``problem_id``, on ``path``."""
    svg = os.path.join(output_dir, "out.svg")
    out = os.path.join(output_dir, "out.json")
    commands = [["solve", path, "--timeout", "5"], ["render", path, "-o", svg]]
    commands += [["reduce", rid, path, "-o", out] for rid in reductions]
    # npw path reads --size-of before it searches; source = target keeps a valid file from building chains
    commands.append(["path", problem_id, problem_id, "--size-of", path])
    if problem_id == "npuz":
        commands.append(["puzzle", "solve", path, "--timeout", "5"])
    if problem_id == "torus":
        commands.append(["torus", "solve", path])
    if problem_id == "224sat":
        commands.append(["puzzle", "theorem3", path])
    return commands


def reductions_from(problem_id: str) -> list[str]:
    from npw.reductions.registry import get_reduction, reduction_ids

    return [rid for rid in reduction_ids() if get_reduction(rid).source == problem_id]


def limit_memory(limit: int = MEMORY_LIMIT) -> None:
    """For ``preexec_fn``: the child's address space limited to ``limit`` bytes."""
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


# -- tampered instance sets ------------------------------------------------------------------

SET_ENTRY_FIELDS = ("name", "index", "seed", "files", "sha256", "size", "answer", "answer_by", "not_exported")
"""The fields of one instance entry of a set's manifest (``npw.verify.sets``)."""


def tampered_manifests(manifest: dict) -> Iterator[tuple[str, dict]]:
    """(what was done, the manifest changed) for a valid set manifest: every top-level field, every
    field of the first instance entry and the entry's first file name and hash, each replaced by
    every value of :data:`WRONG_VALUES` (and a few of the right type but out of range) and removed.
    Reading or checking the set must refuse each with one line or report it as a problem, never a
    traceback, a hang, or a read outside the set."""
    import copy

    values = (*WRONG_VALUES, -1, 0, 10**18, 2**63, 1e308, "../outside", "/etc/passwd", {"json": "/dev/zero"})

    def changed(path: tuple, new: Any = _SENTINEL) -> dict:
        document = copy.deepcopy(manifest)
        target = document
        for key in path[:-1]:
            target = target[key]
        if new is _SENTINEL:
            target.pop(path[-1], None)
        else:
            target[path[-1]] = new
        return document

    entry = manifest["instances"][0]
    fmt = next(iter(entry["files"]))
    paths = [(key,) for key in manifest]
    paths += [("instances", 0, key) for key in SET_ENTRY_FIELDS if key in entry]
    paths += [("instances", 0, "files", fmt), ("instances", 0, "sha256", fmt)]
    for path in paths:
        where = ".".join(map(str, path))
        yield f"{where} removed", changed(path)
        for value in values:
            yield f"{where} -> {json.dumps(value)[:40]}", changed(path, value)
