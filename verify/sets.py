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

Every file carries its provenance (:mod:`npw.verify.provenance`: problem, generator,
parameters, seed, npw version, answer and how it is known), and a planted-yes instance whose
generator gives its witness (``Problem.planted_certificates``) comes with a certificate file
``NAME.cert.json`` (``{"problem", "answer", "certificate", "provenance"}``, the shape ``npw solve
--json`` prints), which :func:`check_set` checks with the problem's own checker.

An export that refuses an instance as too large is left out of a set written with the default
formats (every export of the problem) and named, with its reason, in the entry's
``not_exported``; formats named with ``formats`` must all be written.

``via`` builds a set on the target side of a reduction (or a path of reductions, ``A,B``):
instance i is the source generator's instance for seed i, reduced. A planted or certified-no
source gives a target of known answer (the reduction preserves answers, which ``npw verify``
checks), and a planted source's certificate is carried over by the reduction's ``forward`` map.

The folder is written whole or not at all: files go to a temporary sibling folder that is
renamed at the end.

A set read back is untrusted input (its manifest names the files, and states their hashes).
Every file of it, the manifest included, is read by :func:`read_set_file` only: a relative name
without ``..`` that resolves (symbolic links followed) inside the set's folder, a regular file
(never a FIFO, a device, a socket or a folder: refused before it is opened for reading), at most
``npw.instances.io.MAX_INPUT_BYTES`` bytes. A file whose SHA-256 differs from the manifest's is
reported and not looked at further; nothing in a set's file is ever executed or handed to a
solver's parser (SMT-LIB2 files are compared as text, without importing z3). A manifest whose
fields are not of their types, whose ``count`` is not the number of instances it lists or is
over :data:`MAX_SET_INSTANCES`, or whose generator parameters would build past a named limit,
is refused with one line before anything is generated.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

from npw.instances.io import live_temporary
from npw.instances.base import InvalidInstance, Problem, derive_seed, dumps
from npw.instances.validation import parse_json
from npw.instances.registry import get_problem
from npw.verify import provenance

__all__ = ["CERTIFICATE", "EXTENSIONS", "KNOWN_BY_CONSTRUCTION", "MANIFEST", "MAX_SET_INSTANCES", "METADATA_FORMATS",
           "PROOF", "PROOFS_MODULE", "Recipe", "SET_FORMAT", "UNKNOWN", "certificate_text", "check_set",
           "dimacs_metadata", "instance_files", "instance_record", "manifest_recipe", "metadata_lines",
           "read_manifest", "read_set", "read_set_file", "recipe_for", "regenerate", "resolve_via", "write_set"]

MANIFEST = "manifest.json"
SET_FORMAT = 1
EXTENSIONS = {"json": "json", "dimacs": "cnf", "smt2": "smt2", "hcp": "hcp", "oneline": "txt", "edge": "clq"}
CERTIFICATE = "certificate"  # the files key (and ``.cert.json`` file) of a carried certificate
# answers known by construction, by the generator-name convention of npw.verify.cases (planted,
# certified-no) and the puzzles' own: a scrambled board within the bound that unscrambles it,
# a board of the other class of Theorem 1 (unreachable)
KNOWN_BY_CONSTRUCTION = {"planted": "YES", "certified-no": "NO", "scrambled": "YES", "unreachable": "NO"}
UNKNOWN = "UNKNOWN"
PROOF = "proof"  # the files key (and ``.drat`` file) of a DRAT proof of a NO (``proofs=True``)
PROOFS_MODULE = "npw.solvers.proof"  # where proofs of NO come from (refute, check_drat); absent: refused
METADATA_FORMATS = ("dimacs", "edge")
"""The DIMACS formats (``c`` comment lines) whose files in a set carry the metadata comment lines
of :func:`metadata_lines` in their header (after the provenance record's line), as SAT-competition
benchmarks do."""
MAX_SET_INSTANCES = 100_000
"""The most instances a set may hold (``--count``, a manifest's ``count``). A manifest entry is
some 400 to 600 bytes (name, seed, file names, a SHA-256 per file, answer), so the manifest of
the largest set, some 50 MB, still reads back within ``MAX_INPUT_BYTES`` (64 MiB); it is also
200,000 files or more in one folder, past which listing and checking the folder is the work of
hours, not of a benchmark run."""


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# -- reading a set's files: inside the folder, regular, bounded ---------------------------------

def _check_file_name(name: Any) -> str:
    """``name`` if it may name a file of a set: a non-empty relative path without a ``..``
    component (nor a NUL, which no file name holds); InvalidInstance saying why not."""
    if not isinstance(name, str) or not name:
        raise InvalidInstance(f"file name {name!r} is not a non-empty string")
    if "\x00" in name:
        raise InvalidInstance(f"file name {name!r} holds a NUL character")
    if os.path.isabs(name) or name.startswith(("/", "\\")):
        raise InvalidInstance(f"file name {name!r} is absolute; a set names its files relative to its folder")
    if ".." in name.replace("\\", "/").split("/"):
        raise InvalidInstance(f"file name {name!r} has a '..' component; a set's files are inside its folder")
    return name


def _read_regular(path: str, limit: int, follow: bool) -> bytes:
    """The bytes of the regular file ``path`` (its last component a symbolic link only with
    ``follow``), at most ``limit``: :func:`npw.instances.io.open_regular` tells the kind before the
    file is opened (a FIFO never blocks, a device is never read), nothing is decompressed."""
    from npw.instances.io import open_regular, read_bounded

    try:
        with open_regular(path, follow=follow) as raw:
            return read_bounded(raw, limit)
    except FileNotFoundError:
        raise InvalidInstance("no such file") from None
    except IsADirectoryError:
        raise InvalidInstance("not a regular file but a folder; a set's files are regular files") from None
    except InvalidInstance as error:
        raise InvalidInstance(str(error).replace("inputs are read from regular files only (- reads standard input)",
                                                 "a set's files are regular files")) from None
    except (OSError, ValueError) as error:
        raise InvalidInstance(getattr(error, "strerror", None) or str(error)) from None


def _input_limit() -> int:
    from npw.instances import io

    return io.MAX_INPUT_BYTES  # read at the call: one limit for every input, set in one place


def read_set_file(folder: str | os.PathLike, name: str, limit: int | None = None) -> bytes:
    """The bytes of the file ``name`` of the set in ``folder``: the one way a set's files (its
    manifest included) are read. ``name`` must be relative, without a ``..`` component, resolve
    (symbolic links followed) inside the folder, and be a regular file of at most ``limit``
    bytes (default ``npw.instances.io.MAX_INPUT_BYTES``); InvalidInstance (one line, the file
    named) otherwise, with nothing read from the file.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.json").write_text("{}")
    >>> read_set_file(folder, "a.json")
    b'{}'
    >>> read_set_file(folder, "../a.json")
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: ../a.json: file name '../a.json' has a '..' component; a set's files are inside its folder
    >>> (folder / "zero").symlink_to("/dev/zero")
    >>> read_set_file(folder, "zero")
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: zero: resolves to /dev/zero, outside the set's folder
    >>> import shutil; shutil.rmtree(folder)
    """
    try:
        _check_file_name(name)
        root = os.path.realpath(folder)
        path = os.path.realpath(os.path.join(root, name))
        if os.path.commonpath([root, path]) != root:
            raise InvalidInstance(f"resolves to {path}, outside the set's folder")
        return _read_regular(path, _input_limit() if limit is None else limit, follow=False)
    except InvalidInstance as error:
        raise InvalidInstance(f"{name}: {error}") from None


def _read_back(problem_id: str, fmt: str, text: str) -> None:
    """Reads an export file with the reader of the file format it is in (``Export.read_as``, else
    its own name; ``npw.instances.io.read_format``); a malformed file raises. An export in a format
    no problem reads (SMT-LIB2, the one-line board) is compared as text only: nothing in a set's
    file is ever handed to a solver's parser, which may act on what it reads."""
    from npw.instances.io import input_formats, read_format
    from npw.solvers.registry import get_export

    record = get_export(problem_id, fmt)
    format_name = (record.read_as if record is not None else None) or fmt
    if format_name != "json" and format_name in input_formats():
        read_format(text, format_name)


def _generate(problem: Any, generator: str, seed: int, params: dict[str, Any]) -> Any:
    try:
        return problem.generate(generator, seed, **params)
    except InvalidInstance:
        raise
    except (TypeError, ValueError, ArithmeticError) as error:
        # an unknown parameter name, or a value the generator cannot build from (-p n=0, a
        # negative width, a manifest's string for a number): one line, never a traceback
        raise InvalidInstance(f"generator {problem.id}/{generator} parameters: {error}") from None


def resolve_via(spec: str) -> tuple[Any, ...]:
    """The reductions a ``--via`` spec names, in order: one registered reduction or chain id, or
    several joined by commas (``1in3sat-to-224sat,224sat-to-npuz``), each step's target the
    next one's source.

    >>> [r.id for r in resolve_via("1in3sat-to-224sat,224sat-to-rel")]
    ['1in3sat-to-224sat', '224sat-to-rel']
    >>> resolve_via("224sat-to-rel,1in3sat-to-224sat")
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: --via: 224sat-to-rel gives rel instances but 1in3sat-to-224sat takes 1in3sat
    """
    from npw.reductions.graph import chain_steps, parse_via

    try:
        steps = chain_steps(parse_via(spec))
    except InvalidInstance as error:  # the one check of a chain's ends, said of --via
        raise InvalidInstance(f"--via: {error}") from None
    return steps


@dataclass(frozen=True)
class Recipe:
    """How each instance of a set is made: ``generator`` of ``source`` with ``params`` at the
    instance's seed, then reduced by ``via`` (none: the generated instance itself)."""

    source: Problem
    generator: str
    params: Mapping[str, Any]
    via: tuple[Any, ...] = field(default=())

    @property
    def problem(self) -> str:
        """The problem of the set's instances (the last reduction's target with ``via``)."""
        return self.via[-1].target if self.via else self.source.id

    @property
    def via_ids(self) -> list[str]:
        return [r.id for r in self.via]

    def chain(self, seed: int) -> list[Any]:
        """The source instance for ``seed`` and its image after each reduction (last: the set's)."""
        instances = [_generate(self.source, self.generator, seed, dict(self.params))]
        for reduction in self.via:
            instances.append(reduction.reduce(instances[-1]))
        return instances

    def build(self, seed: int) -> Any:
        return self.chain(seed)[-1]

    def known_answer(self) -> tuple[str, str] | None:
        """(answer, how it is known) where the construction fixes the answer, else None."""
        declared = self.source.known_answers.get(self.generator)
        constructed = declared or KNOWN_BY_CONSTRUCTION.get(self.generator)
        if constructed is None:
            return None
        if not self.via:
            return constructed, f"construction ({self.generator} generator)"
        return constructed, (f"construction ({self.generator} {self.source.id} generator, through "
                             f"{', '.join(self.via_ids)})")

    def planted_certificate(self, seed: int, chain: list[Any]) -> Any | None:
        """The planted witness on the set's instance (the source generator's, carried through each
        reduction's ``forward``), or None where the generator gives none or a step has no forward
        map. Raises InvalidInstance when the carried witness does not verify: a bug in the
        generator or a forward map, never to be written into a set."""
        certificate = self.source.planted_certificate(self.generator, seed, **dict(self.params))
        if certificate is None:
            return None
        for reduction, instance in zip(self.via, chain):
            if reduction.forward is None:
                return None
            certificate = reduction.forward(instance, certificate)
        if not chain[-1].verify(certificate):
            where = f" carried through {', '.join(self.via_ids)}" if self.via else ""
            raise InvalidInstance(f"the {self.generator} {self.source.id} generator's certificate{where} does not "
                                  f"verify for seed {seed}: a bug in the generator or a forward map")
        return certificate

    def describe(self) -> dict[str, Any] | None:
        """The manifest's ``via`` field (None without reductions)."""
        return {"reductions": self.via_ids, "source": self.source.id} if self.via else None


def recipe_for(problem_id: str | None, generator: str | None, params: Mapping[str, Any] | None,
               via: str | list[str] | None = None) -> Recipe:
    """The recipe of a set (or of ``npw generate``'s one instance). With ``via``, ``problem_id``
    may be omitted or name either end of the reductions; ``generator`` defaults to ``planted``
    where the source has it (a set of known answers), else to the source's default."""
    steps = resolve_via(",".join(via) if isinstance(via, list) else via) if via else ()
    if steps:
        source = get_problem(steps[0].source)
        if problem_id not in (None, "", source.id, steps[-1].target):
            raise InvalidInstance(f"--via {','.join(r.id for r in steps)} goes from {source.id} to "
                                  f"{steps[-1].target}, not {problem_id}")
        if generator is None:
            generator = "planted" if "planted" in source.generators else source.default_generator
    else:
        if not problem_id:
            raise InvalidInstance("give a PROBLEM (npw list shows them)")
        source = get_problem(problem_id)
    generator = generator or source.default_generator
    if generator not in source.generators:
        source.generate(generator)  # raises the "no generator" message
    # sizes past the named limits are refused here, once, before any instance is built (a
    # manifest's num_vars 10^7 and ratio 1000 would otherwise run on, instance after instance)
    source.check_params(generator, dict(params or {}))
    return Recipe(source, str(generator), dict(params or {}), steps)


def instance_files(instance: Any, name: str, formats: list[str],
                   refused: dict[str, str] | None = None) -> dict[str, tuple[str, str]]:
    """format -> (file name, text) for one instance: its JSON and each export in ``formats``.
    With ``refused`` (a dict), an export that refuses the instance (too large: InvalidInstance)
    is left out and its reason put there instead of failing the whole set."""
    from npw.solvers import export

    files = {"json": (f"{name}.json", dumps(instance.to_dict()))}
    for fmt in formats:
        try:
            files[fmt] = (f"{name}.{EXTENSIONS.get(fmt, fmt)}", export(instance, fmt))
        except InvalidInstance as error:
            if refused is None:
                raise
            refused[fmt] = str(error)
    return files


def certificate_text(instance: Any, answer: str, certificate: Any, record: Mapping[str, Any] | None) -> str:
    """A carried certificate's file: the shape ``npw solve --json`` prints (``npw render
    --certificate`` reads it), with the provenance record."""
    document: dict[str, Any] = {"problem": instance.problem, "answer": answer,
                                "certificate": instance.certificate_to_json(certificate)}
    if record is not None:
        document[provenance.FIELD] = dict(record)
    return dumps(document)


def instance_record(manifest: Mapping[str, Any], entry: Mapping[str, Any]) -> dict[str, Any]:
    """The provenance record of one instance of a set, from its manifest and manifest entry (the
    files carry exactly this; ``npw_version`` is the version that wrote the set)."""
    more: dict[str, Any] = {"set": {"seed": manifest["seed"], "index": entry.get("index"), "name": entry.get("name")}}
    if manifest.get("via"):
        more["via"] = manifest["via"]
    data = provenance.record(manifest["problem"], manifest["generator"], manifest["params"], entry["seed"],
                             entry.get("answer"), entry.get("answer_by"), **more)
    data["npw_version"] = manifest.get("npw_version", data["npw_version"])
    return data


# the metadata comment lines' keys, in their order (a key is left out where it does not apply)
_METADATA_KEYS = ("benchmark", "problem", "encoding", "generator", "parameters", "seed", "expected", "answer",
                  "answer-by", "via", "set", "npw-version", "made-by")


def _one_line(value: Any) -> str:
    # a comment line holds no newline, whatever a manifest's string holds
    return " ".join(str(value).split())


def metadata_lines(fmt: str, record: Mapping[str, Any]) -> str:
    """The metadata comment lines at the head of a set's DIMACS file (``fmt`` one of
    :data:`METADATA_FORMATS`), from the instance's provenance record (:func:`instance_record`):
    one ``c key: value`` line each for the instance's name, problem, encoding (the CNF is the
    problem's SAT encoding, satisfiable exactly when the instance is a yes-instance), generator,
    parameters, seed, expected answer in the SAT competition's words (``SAT``, ``UNSAT``,
    ``UNKNOWN``), answer and how it is known, reductions, place in the set, npw version and the
    command that made it; what SAT-competition benchmarks state in their header.
    :func:`dimacs_metadata` reads them back.

    >>> record = {"problem": "1in3sat", "generator": "planted", "params": {"num_vars": 6}, "seed": 7,
    ...           "answer": "YES", "answer_by": "construction (planted generator)", "npw_version": "1.0",
    ...           "set": {"seed": 0, "index": 2, "name": "1in3sat-00002"}}
    >>> print(metadata_lines("dimacs", record), end="")
    c benchmark: 1in3sat-00002
    c problem: 1in3sat
    c encoding: npw's SAT encoding of the 1in3sat instance (satisfiable exactly when its answer is YES)
    c generator: planted
    c parameters: {"num_vars":6}
    c seed: 7
    c expected: SAT
    c answer: YES
    c answer-by: construction (planted generator)
    c set: seed 0, index 2
    c npw-version: 1.0
    c made-by: npw generate --set (an npw instance set; manifest.json lists every file with its SHA-256)
    """
    answer = record.get("answer")
    place = record.get("set") if isinstance(record.get("set"), Mapping) else {}
    via = record.get("via") if isinstance(record.get("via"), Mapping) else None
    fields = {
        "benchmark": place.get("name"),
        "problem": record.get("problem"),
        "encoding": (f"npw's SAT encoding of the {record.get('problem')} instance (satisfiable exactly when its "
                     f"answer is YES)" if fmt == "dimacs" else None),
        "generator": record.get("generator"),
        "parameters": json.dumps(record.get("params"), sort_keys=True, separators=(",", ":")),
        "seed": record.get("seed"),
        "expected": ({"YES": "SAT", "NO": "UNSAT"}.get(answer, UNKNOWN) if fmt == "dimacs"
                     else answer if answer in ("YES", "NO") else UNKNOWN),
        "answer": answer if answer in ("YES", "NO") else UNKNOWN,
        "answer-by": record.get("answer_by") or "not known (not decided)",
        "via": (f"{', '.join(map(str, via.get('reductions', [])))} (source: {via.get('source')})" if via else None),
        "set": f"seed {place.get('seed')}, index {place.get('index')}" if place else None,
        "npw-version": record.get("npw_version"),
        "made-by": "npw generate --set (an npw instance set; manifest.json lists every file with its SHA-256)",
    }
    return "".join(f"c {key}: {_one_line(fields[key])}\n" for key in _METADATA_KEYS if fields[key] is not None)


def dimacs_metadata(text: str) -> dict[str, str]:
    """key -> value of the metadata comment lines (:func:`metadata_lines`) a DIMACS file opens
    with: the ``c key: value`` lines of known keys before its first line that is not a comment.

    >>> dimacs_metadata("c problem: 3sat\\nc expected: UNSAT\\nc other words\\np cnf 1 2\\n1 0\\n-1 0\\n")
    {'problem': '3sat', 'expected': 'UNSAT'}
    """
    found: dict[str, str] = {}
    for line in text.splitlines():
        if not line.startswith("c"):
            break
        key, colon, value = line[1:].strip().partition(":")
        if colon and key in _METADATA_KEYS and key not in found:
            found[key] = value.strip()
    return found


def _file_text(fmt: str, text: str, record: Mapping[str, Any] | None, meta: Mapping[str, Any] | None) -> str:
    """A set's file of format ``fmt``: the export ``text`` with the provenance record (where the
    set carries it) and the metadata comment lines opening a DIMACS file (where it has them)."""
    if meta is not None and fmt in METADATA_FORMATS:
        text = metadata_lines(fmt, meta) + text
    if record is not None:  # the record's line stays first (npw.verify.provenance), the metadata lines next
        text = provenance.attach(fmt, text, record)
    return text


def _proof_module() -> Any:
    """:data:`PROOFS_MODULE` (DRAT proofs of NO); InvalidInstance, one line, where this npw lacks it."""
    import importlib

    try:
        return importlib.import_module(PROOFS_MODULE)
    except ImportError:
        raise InvalidInstance(f"--proofs needs {PROOFS_MODULE} (DRAT proofs of NO answers), which this npw does "
                              f"not have") from None


def _proof_of_no(instance: Any, timeout: float | None) -> tuple[str | None, str]:
    """(a checked DRAT proof that the instance's DIMACS export is unsatisfiable, "") or (None, why
    not): refuted and then checked by :data:`PROOFS_MODULE`'s own checker."""
    module = _proof_module()
    refutation = module.refute(instance, timeout)
    if refutation.answer.value != "NO" or refutation.proof is None:
        return None, f"no proof: the proof solver says {refutation.answer.value} {refutation.reason}".strip()
    check = module.check_drat(refutation.dimacs, refutation.proof, timeout)
    if check.verdict != "VERIFIED":
        return None, f"no proof: the proof checker says {check.verdict} ({check.reason})"
    return refutation.proof, ""


def _decide(instance: Any, timeout: float | None, backend: str | None = None) -> tuple[str, str]:
    from npw.solvers import solve

    result = solve(instance, backend=backend, timeout=timeout)
    return result.answer.value, result.backend


def write_set(folder: str | os.PathLike, problem_id: str | None, count: int, seed: int = 0,
              generator: str | None = None, params: dict[str, Any] | None = None, formats: list[str] | None = None,
              answers: bool = False, timeout: float | None = 10.0, recorded: list[dict] | None = None,
              via: str | list[str] | None = None, npw_version: str | None = None,
              with_provenance: bool = True, progress: Callable[[int], None] | None = None,
              dimacs_comments: bool = True, proofs: bool = False) -> dict:
    """Writes the set and returns its manifest. ``formats`` defaults to every export of the problem.

    ``via`` (a reduction id, or several joined by commas) makes it a set on the reductions' target
    side (see the module's docstring). ``recorded`` (the instance entries of an existing manifest)
    makes this a regeneration: answers are taken from it instead of running deciders, and every
    file must hash as recorded (``npw_version`` then is the version recorded, which the files carry;
    ``with_provenance=False`` and certificate files only where recorded reproduce sets written
    before files carried provenance). ``progress`` is told the instances written so far.

    ``dimacs_comments`` heads every DIMACS file with the metadata comment lines of
    :func:`metadata_lines` (False reproduces sets written before them). ``proofs`` writes, for
    every NO instance, a DRAT proof ``NAME.drat`` that its DIMACS export is unsatisfiable, checked
    before it is written (:data:`PROOFS_MODULE`; refused with one line where this npw lacks it, or
    the problem has no DIMACS export); a NO with no proof within ``timeout`` says why in its entry's
    ``no_proof``.
    """
    from npw.solvers import export_formats

    recipe = recipe_for(problem_id, generator, params, via)
    problem = get_problem(recipe.problem)
    available = export_formats(problem.id)
    # every export by default, leaving out one an instance is too large for (said in its entry);
    # formats asked for by name must all be written (a regeneration leaves out what the set did:
    # the recorded files are compared)
    skip_refused = formats is None or recorded is not None
    formats = available if formats is None else [f for f in formats if f != "json"]
    for fmt in formats:
        if fmt not in available:
            raise InvalidInstance(f"{problem.id} cannot be exported as {fmt!r} (formats: json, {', '.join(available)})"
                                  if available else f"{problem.id} has no export formats besides json, not {fmt!r}")
    if count < 1:
        raise InvalidInstance(f"a set needs at least one instance, not --count {count}")
    if count > MAX_SET_INSTANCES:
        raise InvalidInstance(f"--count {count} exceeds the limit {MAX_SET_INSTANCES:,} instances a set "
                              f"(MAX_SET_INSTANCES)")
    if proofs:
        _proof_module()
        if "dimacs" not in available:
            raise InvalidInstance(f"--proofs: {problem.id} has no DIMACS export (a proof of NO is of the SAT encoding)")
    if recorded is not None and len(recorded) != count:
        raise InvalidInstance(f"manifest lists {len(recorded)} instances but its count is {count}")
    target = Path(folder)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise InvalidInstance(f"{target}: exists and is not an empty folder")
    manifest: dict[str, Any] = {"npw_set": SET_FORMAT, "problem": problem.id, "generator": recipe.generator,
                                "params": dict(recipe.params), "seed": seed, "count": count,
                                "formats": ["json", *formats], "answers": answers, "timeout": timeout,
                                "npw_version": npw_version or provenance.npw_version(), "provenance": with_provenance,
                                "dimacs_comments": dimacs_comments, "proofs": proofs}
    if recipe.via:
        manifest["via"] = recipe.describe()
    target.parent.mkdir(parents=True, exist_ok=True)
    # a fresh hidden sibling (mkdir respects the umask, unlike mkdtemp's 0700), renamed at the end
    staging = target.parent / f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.partial"
    staging.mkdir()
    with live_temporary(staging):  # removed even where the command is ended at once (npw.cli.guard)
        try:
            entries = []
            for index in range(count):
                instance_seed = derive_seed(seed, index)
                chain = recipe.chain(instance_seed)
                instance = chain[-1]
                name = f"{problem.id}-{index:05d}"
                entry: dict[str, Any] = {"name": name, "index": index, "seed": instance_seed}
                if recorded is not None:
                    entry.update({k: recorded[index][k] for k in ("answer", "answer_by") if k in recorded[index]})
                else:
                    entry.update(_known_answer(instance, recipe, answers, timeout))
                record = instance_record(manifest, entry) if with_provenance else None
                refused: dict[str, str] = {}
                exports = (instance_files(instance, name, formats, refused) if skip_refused
                           else instance_files(instance, name, formats))
                meta = instance_record(manifest, entry) if dimacs_comments else None
                files = {fmt: (file_name, _file_text(fmt, text, record, meta))
                         for fmt, (file_name, text) in exports.items()}
                if entry.get("answer") == "YES" and (recorded is None or CERTIFICATE in recorded[index].get("files", {})):
                    certificate = recipe.planted_certificate(instance_seed, chain)
                    if certificate is not None:
                        files[CERTIFICATE] = (f"{name}.cert.json", certificate_text(instance, "YES", certificate, record))
                if proofs and entry.get("answer") == "NO" and (recorded is None or PROOF in recorded[index].get("files", {})):
                    proof, why = _proof_of_no(instance, timeout)
                    if proof is not None:
                        files[PROOF] = (f"{name}.drat", proof)
                    else:
                        entry["no_proof"] = why
                entry.update({"files": {f: n for f, (n, _) in files.items()},
                              "sha256": {f: _sha256(text) for f, (_, text) in files.items()},
                              "size": instance.size()})
                if refused:
                    entry["not_exported"] = refused
                for file_name, text in files.values():
                    (staging / file_name).write_text(text, encoding="utf-8")
                if recorded is not None:
                    old = recorded[index]
                    if old.get("sha256") != entry["sha256"] or old.get("files") != entry["files"]:
                        raise InvalidInstance(f"{name}: the generator no longer reproduces the recorded files "
                                              f"(the code changed since the set was written?)")
                entries.append(entry)
                if progress is not None:
                    progress(index + 1)
            manifest["instances"] = entries
            (staging / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
            if target.exists():
                target.rmdir()
            staging.rename(target)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
    return manifest


def _known_answer(instance: Any, recipe: Recipe, answers: bool, timeout: float | None) -> dict[str, str]:
    """{"answer", "answer_by"} where the answer is known: by construction and/or a decider."""
    known = recipe.known_answer()
    if not answers:
        return {"answer": known[0], "answer_by": known[1]} if known else {}
    answer, decider = _decide(instance, timeout)
    if known and answer != UNKNOWN and answer != known[0]:
        raise InvalidInstance(f"{known[1]} makes a {known[0]}-instance but {decider} says {answer}: a bug in "
                              f"one of them")
    if known and answer == UNKNOWN:
        return {"answer": known[0], "answer_by": f"{known[1]}; {decider} timed out"}
    return {"answer": answer, "answer_by": decider}


def _set_paths(folder: str | os.PathLike) -> tuple[Path, str, bool]:
    """(the set's folder, its manifest's name in it, whether the manifest was named itself) for
    a set folder or a manifest file's path."""
    path = Path(folder)
    if path.is_dir():
        return path, MANIFEST, False
    if path.name != MANIFEST and not os.path.lexists(path):
        return path, MANIFEST, False  # a folder that is not there: said of its manifest
    return path.parent, path.name, True


def read_manifest(folder: str | os.PathLike) -> dict:
    """The manifest of a set folder (or a manifest file's path), read by the rules of
    :func:`read_set_file` (a manifest named itself may be a symbolic link: the user named it)
    and checked field by field; InvalidInstance, one line, if there is none or it is malformed."""
    root, name, named = _set_paths(folder)
    path = root / name
    try:
        data = (_read_regular(str(path), _input_limit(), follow=True) if named else read_set_file(root, name))
    except InvalidInstance as error:
        if str(error).endswith("no such file") or not root.is_dir():
            raise InvalidInstance(f"{path}: no such manifest (not an instance set)") from None
        raise InvalidInstance(f"{path if named else root}: {error}") from None
    try:
        manifest = parse_json(data.decode("utf-8"))
    except (InvalidInstance, UnicodeDecodeError) as error:
        raise InvalidInstance(f"{path}: not a JSON manifest ({error})") from None
    try:
        _check_manifest(manifest)
    except InvalidInstance as error:
        raise InvalidInstance(f"{path}: {error}") from None
    return manifest


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


def _integer(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_manifest(manifest: Any) -> None:
    """Every field a set is read, regenerated and checked by is of its type (one line saying
    which is not), ``count`` is the number of instances listed and at most MAX_SET_INSTANCES."""
    if not isinstance(manifest, dict) or not _integer(manifest.get("npw_set")) or manifest["npw_set"] != SET_FORMAT:
        raise InvalidInstance(f"not an npw instance-set manifest (version {SET_FORMAT})")
    missing = [k for k in ("problem", "generator", "params", "seed", "count", "formats", "instances") if k not in manifest]
    if missing:
        raise InvalidInstance(f"manifest lacks {', '.join(missing)}")
    for key in ("problem", "generator"):
        if not isinstance(manifest[key], str):
            raise InvalidInstance(f"the manifest's {key} is not a string")
    params = manifest["params"]
    if not isinstance(params, dict) or not all(_scalar(v) for v in params.values()):
        raise InvalidInstance("the manifest's params are not an object of numbers, strings, true/false or null")
    if not _integer(manifest["seed"]):
        raise InvalidInstance("the manifest's seed is not an integer")
    formats = manifest["formats"]
    if not isinstance(formats, list) or not all(isinstance(f, str) for f in formats):
        raise InvalidInstance("the manifest's formats are not a list of strings")
    for key, test, what in (("answers", lambda v: isinstance(v, bool), "true or false"),
                            ("timeout", lambda v: v is None or isinstance(v, (int, float)) and not isinstance(v, bool)
                             and v >= 0, "a number of seconds or null"),
                            ("npw_version", lambda v: isinstance(v, str), "a string"),
                            ("dimacs_comments", lambda v: isinstance(v, bool), "true or false"),
                            ("proofs", lambda v: isinstance(v, bool), "true or false")):
        if key in manifest and not test(manifest[key]):
            raise InvalidInstance(f"the manifest's {key} is not {what}")
    via = manifest.get("via")
    if via is not None and not (isinstance(via, dict) and isinstance(via.get("reductions"), list) and via["reductions"]
                                and all(isinstance(r, str) for r in via["reductions"])
                                and isinstance(via.get("source", ""), str)):
        raise InvalidInstance("the manifest's via is not {\"reductions\": [...], \"source\": ...}")
    count, instances = manifest["count"], manifest["instances"]
    if not _integer(count) or not 1 <= count <= MAX_SET_INSTANCES:
        raise InvalidInstance(f"the manifest's count {count!r} is not a number of instances from 1 to "
                              f"{MAX_SET_INSTANCES:,} (MAX_SET_INSTANCES)")
    if not isinstance(instances, list) or not all(isinstance(e, dict) for e in instances):
        raise InvalidInstance("the manifest's instances are not a list of objects")
    if len(instances) != count:
        raise InvalidInstance(f"the manifest lists {len(instances):,} instances but its count is {count:,}")
    known = {"json", CERTIFICATE, PROOF, *formats}
    for number, entry in enumerate(instances):
        seed, files, hashes = entry.get("seed"), entry.get("files"), entry.get("sha256")
        if not _integer(seed) or not isinstance(files, dict) or "json" not in files \
                or not all(isinstance(n, str) for n in files.values()):
            raise InvalidInstance(f"instance {number} of the manifest lacks an integer seed or its files "
                                  f"(a json file at least)")
        unknown = sorted(set(files) - known)
        if unknown:
            raise InvalidInstance(f"instance {number} of the manifest has files of formats the manifest does not "
                                  f"list: {', '.join(map(repr, unknown[:3]))}")
        for file_name in files.values():
            try:
                _check_file_name(file_name)
            except InvalidInstance as error:
                raise InvalidInstance(f"instance {number} of the manifest: {error}") from None
        if not isinstance(hashes, dict) or not all(isinstance(h, str) for h in hashes.values()):
            raise InvalidInstance(f"instance {number} of the manifest has no sha256 object (format: hex digest)")
        for key in ("name", "answer", "answer_by"):
            if key in entry and not isinstance(entry[key], str):
                raise InvalidInstance(f"instance {number} of the manifest: its {key} is not a string")


def manifest_recipe(manifest: Mapping[str, Any]) -> Recipe:
    """The recipe a manifest records (its ``via`` reductions included)."""
    via = manifest.get("via")
    steps = [str(r) for r in via["reductions"]] if via else None
    recipe = recipe_for(None if via else manifest["problem"], manifest["generator"], manifest["params"], steps)
    if recipe.problem != manifest["problem"]:
        raise InvalidInstance(f"the manifest's problem is {manifest['problem']} but its reductions give "
                              f"{recipe.problem}")
    return recipe


def read_set(folder: str | os.PathLike) -> Iterator[tuple[dict, Any]]:
    """(manifest entry, instance read back from its JSON file, validated) for every instance;
    InvalidInstance naming the file on the first one that cannot be read."""
    manifest = read_manifest(folder)
    root = _set_paths(folder)[0]
    problem = get_problem(manifest["problem"])
    for entry in manifest["instances"]:
        yield entry, _read_instance(root, entry["files"]["json"], problem)


def _read_instance(root: Path, name: str, problem: Any) -> Any:
    try:
        data = parse_json(read_set_file(root, name).decode("utf-8"))
        return problem.from_dict(data)
    except (UnicodeDecodeError, json.JSONDecodeError, InvalidInstance) as error:
        message = str(error).removeprefix(f"{name}: ")
        raise InvalidInstance(f"{root / name}: {message}") from None


def regenerate(manifest_path: str | os.PathLike, folder: str | os.PathLike,
               progress: Callable[[int], None] | None = None) -> dict:
    """The set again, from its manifest alone: byte-identical files (checked against the
    recorded hashes), recorded answers carried over (``progress``: as :func:`write_set`'s)."""
    m = read_manifest(manifest_path)
    via = m.get("via")
    return write_set(folder, None if via else m["problem"], m["count"], m["seed"], m["generator"], m["params"],
                     m["formats"], m.get("answers", False), m.get("timeout"), recorded=m["instances"],
                     via=[str(r) for r in via["reductions"]] if via else None, npw_version=m.get("npw_version"),
                     with_provenance=m.get("provenance") is True, progress=progress,
                     dimacs_comments=m.get("dimacs_comments") is True, proofs=m.get("proofs") is True)


def _differing_keys(found: dict, stated: dict) -> str:
    """The keys whose values differ between what a file carries and what the manifest states."""
    return ", ".join(sorted(k for k in set(found) | set(stated) if found.get(k) != stated.get(k)))


def check_set(folder: str | os.PathLike, timeout: float | None = 60.0) -> dict:
    """Reads the set back and checks it; returns counts, the list of problems found (files that
    differ from the manifest, a contradicted answer, ...) and the list of stated answers no check
    could confirm (every decider out of time). ``ok`` is True when both lists are empty. Only a
    missing or broken manifest raises.

    A stated YES is confirmed by the problem's checker on the carried certificate where the set
    has one, else by a decider; a stated NO by a decider within ``timeout``. For a ``via`` set
    whose instance no decider settles in time, the source instance is decided instead
    (``confirmed_on_source``, counted apart: it rests on the reduction's theorem). An answer
    recorded as UNKNOWN is no claim and is not counted.
    """
    from npw.solvers import backends_for, export

    manifest = read_manifest(folder)
    root = _set_paths(folder)[0]
    problem = get_problem(manifest["problem"])
    try:
        recipe: Recipe | None = manifest_recipe(manifest)
    except InvalidInstance as error:
        recipe = None
        problems_found = [f"the manifest's recipe cannot be rebuilt ({error})"]
    else:
        problems_found = []
    with_provenance = manifest.get("provenance") is True
    with_metadata = manifest.get("dimacs_comments") is True
    metadata_checked = 0
    # the default backend first (registry order), the exponential brute-force oracle last
    deciders = sorted(backends_for(problem.id), key=lambda d: d == "brute")
    problems = problems_found
    unconfirmed: list[str] = []
    checked = files_checked = provenance_checked = 0
    confirmed = {"certificate": 0, "decider": 0, "source": 0, "proof": 0}
    for entry in manifest["instances"]:
        name = entry.get("name", "?")
        checked += 1
        texts = _checked_texts(root, entry, problems)
        files_checked += len(texts)
        record = instance_record(manifest, entry) if with_provenance else None
        meta = instance_record(manifest, entry) if with_metadata else None
        if meta is not None:
            for fmt, text in texts.items():
                if fmt not in METADATA_FORMATS:
                    continue
                found, stated = dimacs_metadata(text), dimacs_metadata(metadata_lines(fmt, meta))
                if found != stated:
                    problems.append(f"{entry['files'][fmt]}: metadata comments differ from the manifest's "
                                    f"({_differing_keys(found, stated)})")
                else:
                    metadata_checked += 1
        if record is not None:
            for fmt, text in texts.items():
                if not provenance.carries(fmt) and fmt != CERTIFICATE:
                    continue
                try:
                    found = provenance.read("json" if fmt == CERTIFICATE else fmt, text)
                except RecursionError:  # a record line nested past Python's stack: not a record npw writes
                    found = None
                if found is None:
                    problems.append(f"{entry['files'][fmt]}: carries no provenance record")
                elif found != record:
                    problems.append(f"{entry['files'][fmt]}: provenance differs from the manifest's "
                                    f"({_differing_keys(found, record)})")
                else:
                    provenance_checked += 1
        if "json" not in texts:
            continue
        try:
            instance = problem.from_dict(parse_json(texts["json"]))
        except (json.JSONDecodeError, InvalidInstance) as error:
            problems.append(f"{entry['files']['json']}: not a valid {problem.id} instance ({error})")
            continue
        for fmt, text in texts.items():
            if fmt in ("json", CERTIFICATE, PROOF):
                continue
            try:
                fresh = export(instance, fmt)
            except InvalidInstance as error:
                problems.append(f"{entry['files'][fmt]}: the {fmt} export of {entry['files']['json']} is refused ({error})")
                continue
            if text != _file_text(fmt, fresh, record, meta):
                problems.append(f"{entry['files'][fmt]}: does not match the {fmt} export of {entry['files']['json']}")
            try:
                _read_back(problem.id, fmt, text)
            except InvalidInstance as error:
                problems.append(f"{entry['files'][fmt]}: unreadable as {fmt} ({error})")
        if recipe is not None:
            try:
                again = recipe.build(entry["seed"])
            except InvalidInstance as error:
                problems.append(f"{name}: cannot be regenerated from the manifest ({error})")
            else:
                if again.to_dict() != instance.to_dict():
                    problems.append(f"{name}: differs from its regeneration from the manifest")
        if instance.size() != entry.get("size"):
            problems.append(f"{name}: size {instance.size()} but the manifest says {entry.get('size')}")
        if entry.get("answer") not in ("YES", "NO"):
            continue
        if entry["answer"] == "YES" and CERTIFICATE in texts:
            verdict = _check_certificate(instance, texts[CERTIFICATE])
            if verdict is None:
                confirmed["certificate"] += 1
            else:
                problems.append(f"{entry['files'][CERTIFICATE]}: {verdict}")
            continue
        if entry["answer"] == "NO" and PROOF in texts and "dimacs" in texts:
            verdict = _check_proof(texts["dimacs"], texts[PROOF], timeout)
            if verdict == "VERIFIED":
                confirmed["proof"] += 1
                continue
            if verdict.startswith("REJECTED"):
                problems.append(f"{entry['files'][PROOF]}: {verdict}")
                continue
            # not checked (no checker here, out of time): a decider confirms the NO instead
        outcome, message = _confirm(instance, entry, deciders, timeout)
        if outcome == UNKNOWN and recipe is not None and recipe.via:
            # the target is out of every decider's reach (REL's are, even from a two-clause source):
            # decide the source instead; the answer carries over by the reduction's theorem (which
            # ``npw verify`` checks), and is counted apart from a decision on the set's instance
            source_outcome, source_message = _confirm_on_source(recipe, entry, timeout)
            if source_outcome == "confirmed":
                confirmed["source"] += 1
                continue
            if source_outcome == "contradicted":
                outcome, message = source_outcome, source_message
            else:
                message = f"{message}; on the source: {source_message}"
        if outcome == "confirmed":
            confirmed["decider"] += 1
        elif outcome == UNKNOWN:
            unconfirmed.append(f"{name}: {message}")
        else:
            problems.append(f"{name}: {message}")
    known = sum(1 for e in manifest["instances"] if e.get("answer") in ("YES", "NO"))
    return {"set": str(folder), "problem": problem.id, "via": manifest.get("via"), "instances": checked,
            "files": files_checked, "provenance_checked": provenance_checked, "answers_known": known,
            "answers_confirmed": sum(confirmed.values()), "confirmed_by_certificate": confirmed["certificate"],
            "confirmed_by_decider": confirmed["decider"], "confirmed_on_source": confirmed["source"],
            "answers_unconfirmed": len(unconfirmed),
            "unconfirmed": unconfirmed, "problems": problems, "ok": not problems and not unconfirmed,
            "metadata_checked": metadata_checked, "confirmed_by_proof": confirmed["proof"]}


def _checked_texts(root: Path, entry: Mapping[str, Any], problems: list[str]) -> dict[str, str]:
    """format -> text of the entry's files that read (:func:`read_set_file`) and hash as the
    manifest says; each other file is one line in ``problems`` and is not looked at further
    (not parsed, exported or compared: a file that fails its checksum is no file of the set)."""
    texts: dict[str, str] = {}
    for fmt, file_name in entry["files"].items():
        try:
            data = read_set_file(root, file_name)
        except InvalidInstance as error:
            problems.append(f"{file_name}: cannot be read ({str(error).removeprefix(f'{file_name}: ')})")
            continue
        if entry["sha256"].get(fmt) != hashlib.sha256(data).hexdigest():
            problems.append(f"{file_name}: SHA-256 differs from the manifest's (not read further)")
            continue
        try:
            texts[fmt] = data.decode("utf-8")
        except UnicodeDecodeError:
            problems.append(f"{file_name}: not UTF-8 text")
    return texts


def _check_certificate(instance: Any, text: str) -> str | None:
    """None when the carried certificate file holds a certificate the problem's checker accepts."""
    try:
        document = parse_json(text)
        if not isinstance(document, dict) or "certificate" not in document:
            return "not a certificate file (no 'certificate' field)"
        certificate = instance.certificate_from_json(document["certificate"])
    except (json.JSONDecodeError, InvalidInstance) as error:
        return f"unreadable certificate ({error})"
    return None if instance.verify(certificate) else f"the {instance.problem} checker rejects the certificate"


def _check_proof(dimacs: str, proof: str, timeout: float | None) -> str:
    """"VERIFIED" when :data:`PROOFS_MODULE`'s checker accepts the DRAT ``proof`` of the set's
    DIMACS file, "REJECTED (why)" when it rejects it, else why it was not checked."""
    try:
        module = _proof_module()
    except InvalidInstance as error:
        return f"not checked ({error})"
    check = module.check_drat(dimacs, proof, timeout)
    if check.verdict == "VERIFIED":
        return "VERIFIED"
    if check.verdict == "REJECTED":
        return f"REJECTED by the DRAT checker ({check.reason})"
    return f"not checked ({check.reason})"


def _confirm_on_source(recipe: Recipe, entry: dict, timeout: float | None) -> tuple[str, str]:
    """:func:`_confirm` on the source instance of a ``via`` set's entry (regenerated)."""
    from npw.solvers import backends_for

    try:
        source = _generate(recipe.source, recipe.generator, entry["seed"], dict(recipe.params))
    except InvalidInstance as error:
        return UNKNOWN, f"cannot be regenerated ({error})"
    deciders = sorted(backends_for(recipe.source.id), key=lambda d: d == "brute")
    outcome, message = _confirm(source, entry, deciders, timeout)
    if outcome == "contradicted":
        message = f"on the {recipe.source.id} source: {message}"
    return outcome, message


def _confirm(instance: Any, entry: dict, deciders: list[str], timeout: float | None) -> tuple[str, str]:
    """("confirmed", decider) when a decider confirms the recorded answer, ("contradicted", what)
    when one decides otherwise, (UNKNOWN, what) when every decider ran out of time. Deciders other
    than the recording one go first; the first that decides gives the verdict."""
    from npw.solvers import takes

    by = entry.get("answer_by", "")
    family = by.partition(":")[0]  # a decider's Result.backend is FAMILY:SOLVER (sat:m22, sat-time:g42)
    # a decider declared slow here, or of a class the instance is not in (tour), comes last
    taking = {d: takes(instance, d) for d in deciders}  # once: tour's class test reads the board
    deciders = [d for d in deciders if taking[d]] + [d for d in deciders if not taking[d]]
    ordered = [d for d in deciders if d != family] + [d for d in deciders if d == family]
    tried = []
    for backend in ordered:
        try:
            answer, name = _decide(instance, timeout, backend)
        except InvalidInstance as error:  # a decider of a class of instances that this one is not in
            tried.append(f"{backend} (not for this instance: {error})")
            continue
        if answer == UNKNOWN:
            tried.append(name)
            continue
        if answer == entry["answer"]:
            return "confirmed", name
        return "contradicted", f"recorded {entry['answer']} ({by}), {name} says {answer}"
    return UNKNOWN, f"recorded {entry['answer']} not confirmed: UNKNOWN ({', '.join(tried) or 'no decider'} out of time)"
