"""Benchmark instance sets: a folder of seeded instances with a manifest, in the formats
each community reads.

``write_set`` generates ``count`` instances of a problem (instance i from the seed
``derive_seed(seed, i)``), writes each as the problem's JSON plus every export the problem
has (DIMACS CNF of its SAT encoding, SMT-LIB2, TSPLIB HCP for Hamiltonian path, the
sliding-tile one-line format...), and a ``manifest.json``: problem, generator, parameters,
seed, formats and, per instance, its files with their SHA-256, its size and, where known,
its answer with where the answer came from (a decider, named, with ``answers``; or the
construction, for the ``planted`` and ``certified-no`` generators; ``UNKNOWN`` when the
decider ran out of time).

The manifest alone reproduces the set byte for byte (:func:`regenerate`; recorded answers
are carried over, not recomputed, and every regenerated file is checked against its
recorded hash). :func:`check_set` reads a set back, validates every instance, checks every
file against its hash, the format files against a fresh export of the JSON instance (and
parses them with the workbench's own readers), the instance against its regeneration,
and confirms each known answer with a decider (another one than the decider that recorded
it, where the problem has one).

The folder is written whole or not at all: files go to a temporary sibling folder that is
renamed at the end.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import shutil
from pathlib import Path
from typing import Any, Callable, Iterator

from npw.instances.base import InvalidInstance, derive_seed, dumps
from npw.instances.registry import get_problem

MANIFEST = "manifest.json"
SET_FORMAT = 1
EXTENSIONS = {"json": "json", "dimacs": "cnf", "smt2": "smt2", "hcp": "hcp", "oneline": "txt"}
# answers known by construction, by the generator-name convention of npw.verify.cases
KNOWN_BY_CONSTRUCTION = {"planted": "YES", "certified-no": "NO"}
UNKNOWN = "UNKNOWN"


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _format_readers() -> dict[str, Callable[[str], Any]]:
    """Parsers of the export formats the workbench can read back (a malformed file raises)."""
    from npw.instances.sat.cnf import CNF
    from npw.instances.hampath.hcp import from_hcp
    from npw.instances.npuz.board import parse_board

    def smt2(text: str) -> Any:
        import z3

        try:
            return z3.parse_smt2_string(text)
        except z3.Z3Exception as error:
            raise InvalidInstance(str(error)) from None

    return {"dimacs": CNF.from_dimacs, "hcp": from_hcp, "oneline": parse_board, "smt2": smt2}


def _generate(problem: Any, generator: str, seed: int, params: dict[str, Any]) -> Any:
    try:
        return problem.generate(generator, seed, **params)
    except TypeError as error:  # an unknown parameter name for this generator
        raise InvalidInstance(f"generator {problem.id}/{generator} parameters: {error}") from None


def instance_files(instance: Any, name: str, formats: list[str]) -> dict[str, tuple[str, str]]:
    """format -> (file name, text) for one instance: its JSON and each export in ``formats``."""
    from npw.solvers import export

    files = {"json": (f"{name}.json", dumps(instance.to_dict()))}
    for fmt in formats:
        files[fmt] = (f"{name}.{EXTENSIONS.get(fmt, fmt)}", export(instance, fmt))
    return files


def _decide(instance: Any, timeout: float | None, backend: str | None = None) -> tuple[str, str]:
    from npw.solvers import solve

    result = solve(instance, backend=backend, timeout=timeout)
    return result.answer.value, result.backend


def write_set(folder: str | os.PathLike, problem_id: str, count: int, seed: int = 0, generator: str | None = None,
              params: dict[str, Any] | None = None, formats: list[str] | None = None, answers: bool = False,
              timeout: float | None = 10.0, recorded: list[dict] | None = None) -> dict:
    """Writes the set and returns its manifest. ``formats`` defaults to every export of the problem.

    ``recorded`` (the instance entries of an existing manifest) makes this a regeneration:
    answers are taken from it instead of running deciders, and every file must hash as recorded.
    """
    from npw.solvers import export_formats

    problem = get_problem(problem_id)
    generator = generator or problem.default_generator
    if generator not in problem.generators:
        problem.generate(generator)  # raises the "no generator" message
    params = dict(params or {})
    available = export_formats(problem.id)
    formats = available if formats is None else [f for f in formats if f != "json"]
    for fmt in formats:
        if fmt not in available:
            raise InvalidInstance(f"{problem.id} cannot be exported as {fmt!r} (formats: json, {', '.join(available)})"
                                  if available else f"{problem.id} has no export formats besides json, not {fmt!r}")
    if count < 1:
        raise InvalidInstance(f"a set needs at least one instance, not --count {count}")
    if recorded is not None and len(recorded) != count:
        raise InvalidInstance(f"manifest lists {len(recorded)} instances but its count is {count}")
    target = Path(folder)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise InvalidInstance(f"{target}: exists and is not an empty folder")
    target.parent.mkdir(parents=True, exist_ok=True)
    # a fresh hidden sibling (mkdir respects the umask, unlike mkdtemp's 0700), renamed at the end
    staging = target.parent / f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.partial"
    staging.mkdir()
    try:
        entries = []
        for index in range(count):
            instance_seed = derive_seed(seed, index)
            instance = _generate(problem, generator, instance_seed, params)
            name = f"{problem.id}-{index:05d}"
            files = instance_files(instance, name, formats)
            entry: dict[str, Any] = {"name": name, "seed": instance_seed, "files": {f: n for f, (n, _) in files.items()},
                                     "sha256": {f: _sha256(text) for f, (_, text) in files.items()},
                                     "size": instance.size()}
            for file_name, text in files.values():
                (staging / file_name).write_text(text, encoding="utf-8")
            if recorded is not None:
                old = recorded[index]
                if old.get("sha256") != entry["sha256"] or old.get("files") != entry["files"]:
                    raise InvalidInstance(f"{name}: the generator no longer reproduces the recorded files "
                                          f"(the code changed since the set was written?)")
                entry.update({k: old[k] for k in ("answer", "answer_by") if k in old})
            else:
                entry.update(_known_answer(instance, generator, answers, timeout))
            entries.append(entry)
        manifest = {"npw_set": SET_FORMAT, "problem": problem.id, "generator": generator, "params": params,
                    "seed": seed, "count": count, "formats": ["json", *formats], "answers": answers,
                    "timeout": timeout, "instances": entries}
        (staging / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
        if target.exists():
            target.rmdir()
        staging.rename(target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return manifest


def _known_answer(instance: Any, generator: str, answers: bool, timeout: float | None) -> dict[str, str]:
    """{"answer", "answer_by"} where the answer is known: by construction and/or a decider."""
    constructed = KNOWN_BY_CONSTRUCTION.get(generator)
    if not answers:
        return {"answer": constructed, "answer_by": f"construction ({generator} generator)"} if constructed else {}
    answer, decider = _decide(instance, timeout)
    if constructed and answer != UNKNOWN and answer != constructed:
        raise InvalidInstance(f"the {generator} generator built a {constructed}-instance by construction but "
                              f"{decider} says {answer}: a bug in one of them")
    if constructed and answer == UNKNOWN:
        return {"answer": constructed, "answer_by": f"construction ({generator} generator); {decider} timed out"}
    return {"answer": answer, "answer_by": decider}


def read_manifest(folder: str | os.PathLike) -> dict:
    """The manifest of a set folder (or a manifest file's path); InvalidInstance if there is none."""
    path = Path(folder)
    if path.is_dir() or path.name != MANIFEST and not path.is_file():
        path = path / MANIFEST
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, NotADirectoryError):
        raise InvalidInstance(f"{path}: no such manifest (not an instance set)") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise InvalidInstance(f"{path}: not a JSON manifest ({error})") from None
    if not isinstance(manifest, dict) or manifest.get("npw_set") != SET_FORMAT:
        raise InvalidInstance(f"{path}: not an npw instance-set manifest (version {SET_FORMAT})")
    missing = [k for k in ("problem", "generator", "params", "seed", "count", "formats", "instances") if k not in manifest]
    if missing:
        raise InvalidInstance(f"{path}: manifest lacks {', '.join(missing)}")
    return manifest


def read_set(folder: str | os.PathLike) -> Iterator[tuple[dict, Any]]:
    """(manifest entry, instance read back from its JSON file, validated) for every instance;
    InvalidInstance naming the file on the first one that cannot be read."""
    manifest = read_manifest(folder)
    problem = get_problem(manifest["problem"])
    for entry in manifest["instances"]:
        yield entry, _read_instance(Path(folder) / entry["files"]["json"], problem)


def _read_instance(path: Path, problem: Any) -> Any:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return problem.from_dict(data)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, InvalidInstance) as error:
        raise InvalidInstance(f"{path}: {error}") from None


def regenerate(manifest_path: str | os.PathLike, folder: str | os.PathLike) -> dict:
    """The set again, from its manifest alone: byte-identical files (checked against the
    recorded hashes), recorded answers carried over."""
    m = read_manifest(manifest_path)
    return write_set(folder, m["problem"], m["count"], m["seed"], m["generator"], m["params"], m["formats"],
                     m.get("answers", False), m.get("timeout"), recorded=m["instances"])


def check_set(folder: str | os.PathLike, timeout: float | None = 60.0) -> dict:
    """Reads the set back and checks it; returns counts and the list of problems found
    (``ok`` is True when there are none). Only a missing or broken manifest raises."""
    from npw.solvers import backends_for, export

    manifest = read_manifest(folder)
    problem = get_problem(manifest["problem"])
    readers = _format_readers()
    # the default backend first (registry order), the exponential brute-force oracle last
    deciders = sorted(backends_for(problem.id), key=lambda d: d == "brute")
    problems: list[str] = []
    checked = confirmed = files_checked = 0
    for entry in manifest["instances"]:
        name = entry.get("name", "?")
        checked += 1
        texts: dict[str, str] = {}
        for fmt, file_name in entry.get("files", {}).items():
            path = Path(folder) / file_name
            try:
                texts[fmt] = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as error:
                problems.append(f"{file_name}: cannot be read ({error})")
                continue
            files_checked += 1
            if entry.get("sha256", {}).get(fmt) != _sha256(texts[fmt]):
                problems.append(f"{file_name}: SHA-256 differs from the manifest's")
        if "json" not in texts:
            continue
        try:
            instance = problem.from_dict(json.loads(texts["json"]))
        except (json.JSONDecodeError, InvalidInstance) as error:
            problems.append(f"{entry['files']['json']}: not a valid {problem.id} instance ({error})")
            continue
        for fmt, text in texts.items():
            if fmt == "json":
                continue
            if text != export(instance, fmt):
                problems.append(f"{entry['files'][fmt]}: does not match the {fmt} export of {entry['files']['json']}")
            if fmt in readers:
                try:
                    readers[fmt](text)
                except InvalidInstance as error:
                    problems.append(f"{entry['files'][fmt]}: unreadable as {fmt} ({error})")
        try:
            again = _generate(problem, manifest["generator"], entry["seed"], manifest["params"])
        except InvalidInstance as error:
            problems.append(f"{name}: cannot be regenerated from the manifest ({error})")
        else:
            if again.to_dict() != instance.to_dict():
                problems.append(f"{name}: differs from its regeneration from the manifest")
        if instance.size() != entry.get("size"):
            problems.append(f"{name}: size {instance.size()} but the manifest says {entry.get('size')}")
        if entry.get("answer") in ("YES", "NO"):
            verdict = _confirm(instance, entry, deciders, timeout)
            if verdict is None:
                confirmed += 1
            else:
                problems.append(f"{name}: {verdict}")
    return {"set": str(folder), "problem": problem.id, "instances": checked, "files": files_checked,
            "answers_known": sum(1 for e in manifest["instances"] if e.get("answer") in ("YES", "NO")),
            "answers_confirmed": confirmed, "problems": problems, "ok": not problems}


def _confirm(instance: Any, entry: dict, deciders: list[str], timeout: float | None) -> str | None:
    """None when a decider confirms the recorded answer, else what went wrong. Deciders other
    than the recording one go first; the first that decides gives the verdict."""
    by = entry.get("answer_by", "")
    family = by.partition(":")[0]  # a decider's Result.backend is FAMILY:SOLVER (sat:m22, sat-time:g42)
    ordered = [d for d in deciders if d != family] + [d for d in deciders if d == family]
    tried = []
    for backend in ordered:
        answer, name = _decide(instance, timeout, backend)
        if answer == UNKNOWN:
            tried.append(name)
            continue
        return None if answer == entry["answer"] else f"recorded {entry['answer']} ({by}), {name} says {answer}"
    return f"recorded {entry['answer']} could not be confirmed: {', '.join(tried)} timed out"
