"""The problem side of the contract (DESIGN.md section 3).

An *instance* is an immutable object (a frozen dataclass) of one problem. Every
instance type provides:

* ``problem``: the problem id (a class attribute, e.g. ``"1in3sat"``);
* ``validate()``: raises :class:`InvalidInstance` naming what is wrong;
* ``verify(certificate) -> bool``: the polynomial checker, written from the
  definition alone, never calling a solver;
* ``to_dict()`` / ``from_dict(d)``: the JSON round trip, with
  ``{"problem": id, "version": 1, ...}``;
* ``certificate_to_json(cert)`` / ``certificate_from_json(obj)``;
* ``size() -> dict``: the measures a reduction's size formula predicts.

A :class:`Problem` describes one problem for the registry, the solvers, the
verifier and the command line: its instance type, generators, enumerator of
small instances and shrinker.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterator, Mapping, Protocol, runtime_checkable

__all__ = ["FORMAT_VERSION", "FileFormat", "Instance", "InvalidInstance", "Param", "Problem", "Terminated",
           "check_generator_params", "check_header", "check_parameter_names", "check_parameter_ranges", "check_size",
           "DEGENERATE_SHARE", "declared_parameters", "degenerate_sample", "derive_seed", "dumps", "generator_defaults", "generator_help",
           "generator_parameters", "require", "takes"]

FORMAT_VERSION = 1


class InvalidInstance(ValueError):
    """An instance (or a file holding one) does not satisfy its problem's definition.

    Also what the workbench raises for anything a user named that it does not know (a problem,
    a reduction, a generator, a backend, an option). A ``ValueError``.

    Parameters
    ----------
    message : str
        What is wrong, naming the offending element (``"clause c2 has 2 literals, not 3"``).

    Examples
    --------
    >>> from npw.api import InvalidInstance, OneInThreeSat
    >>> try:
    ...     OneInThreeSat(3, [(1, 2)])
    ... except InvalidInstance as error:
    ...     print(error)
    clause c1 has 2 literals; this problem needs exactly 3
    >>> issubclass(InvalidInstance, ValueError)
    True
    """


# -- named limits ---------------------------------------------------------------------------
# Every limit is far above what a decider can handle and what a reduction writes, and low enough
# that building an instance of that size fits in memory and time. Messages name them.

MAX_DEPTH = 64  # nesting of JSON arrays and objects (the deepest format, solochess, needs 5)
MAX_INTEGER_DIGITS = 19  # digits of a JSON integer literal: int64 is 19 digits
MAX_INTEGER = 2**62  # any integer field (sums of a few of them still fit numpy's int64)
MAX_VARIABLES = 10_000_000  # num_vars of the SAT family (assignments and encodings are built per variable)
MAX_VERTICES = 100_000  # num_vertices of hampath (adjacency is built per vertex; no decider goes near it)
MAX_COORDINATE = 1_000_000_000  # grid coordinates of hampath
MAX_PUZZLE_SIDE = 4000  # n of npuz: Theorem 3 writes boards up to 4000 x 4000 in full
MAX_TORUS_CELLS = 1_000_000  # rows * cols of the torus puzzle and BWP
MAX_CHESS_SIDE = 1_000_000  # width and height of a Solo Chess board (Corollary 3.4's are thousands wide)
MAX_NAME_LENGTH = 1000  # vertex, element and piece-type names
# the counts a DIMACS header declares (p cnf V C, p edge N M): checked before anything is read; more
# than MAX_INPUT_BYTES (64 MiB) of DIMACS can hold (a clause or an edge takes at least 2 bytes)
MAX_CLAUSES = 100_000_000
MAX_EDGES = 100_000_000

LIMITS: dict[str, int] = {
    "MAX_DEPTH": MAX_DEPTH, "MAX_INTEGER_DIGITS": MAX_INTEGER_DIGITS, "MAX_INTEGER": MAX_INTEGER,
    "MAX_VARIABLES": MAX_VARIABLES, "MAX_VERTICES": MAX_VERTICES, "MAX_COORDINATE": MAX_COORDINATE,
    "MAX_PUZZLE_SIDE": MAX_PUZZLE_SIDE, "MAX_TORUS_CELLS": MAX_TORUS_CELLS, "MAX_CHESS_SIDE": MAX_CHESS_SIDE,
    "MAX_NAME_LENGTH": MAX_NAME_LENGTH, "MAX_CLAUSES": MAX_CLAUSES, "MAX_EDGES": MAX_EDGES,
}

# generator parameters that set a size, and the limit of the size they set: ``npw generate``
# refuses a value beyond it before the generator allocates anything (-p num_vars=1000000000)
GENERATOR_PARAMETER_LIMITS: dict[str, tuple[int, str]] = {
    **{name: (MAX_VARIABLES, "MAX_VARIABLES") for name in ("num_vars", "num_clauses", "m", "width")},
    **{name: (MAX_VERTICES, "MAX_VERTICES") for name in ("num_vertices", "vertices", "edges", "elements",
                                                           "num_pieces", "max_pieces", "steps", "moves", "walk")},
    **{name: (MAX_PUZZLE_SIDE, "MAX_PUZZLE_SIDE") for name in ("n", "rows", "cols", "height", "max_side")},
    **{name: (MAX_INTEGER, "MAX_INTEGER") for name in ("bound", "k", "max_capacity", "capture_limit", "slack")},
    # 3DM and X3C: q elements a coordinate (a third of the universe), their triples or sets
    "q": (MAX_VERTICES, "MAX_Q"),
    **{name: (2_000_000, "MAX_TRIPLES") for name in ("triples", "sets", "extra")},
}
# real-valued parameters that multiply a size (clauses per variable): bounded the same way
GENERATOR_RATIO_LIMIT = 1000.0
# the literals a random SAT generator draws: clauses (num_clauses, else num_vars x ratio) x width
# (3 where the generator has no width). Each parameter within its own limit still multiplies out
# to 10^7 x 1000 = 10^10 clauses; this bounds the product, with the generator's defaults for the
# parameters not given (num_vars=10^7 alone draws 4.26 x 10^7 clauses at 3-SAT's default ratio).
# 3 x 10^6 literals is 10^6 three-literal clauses: about 11 s to generate and validate (3-SAT,
# measured), some 20 MB of DIMACS, well inside MAX_INPUT_BYTES so the file reads back.
MAX_GENERATED_LITERALS = 3_000_000


def check_generator_params(params: Mapping[str, Any], defaults: Mapping[str, Any] | None = None) -> None:
    """Refuses a generator parameter that would build beyond a named limit (one line), and
    parameters that together would draw more than :data:`MAX_GENERATED_LITERALS` literals
    (``defaults``: the generator's own values of the parameters not given).

    >>> check_generator_params({"num_vars": 40, "ratio": 4.26})
    >>> check_generator_params({"num_vars": 10 ** 9})
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: num_vars 1000000000 exceeds the limit 10000000 (MAX_VARIABLES)
    >>> check_generator_params({"num_vertices": -3})
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: num_vertices must not be negative, not -3
    >>> check_generator_params({"num_vars": 10 ** 7, "ratio": 1000})
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: generated literals 30000000000 (num_vars 10000000 x ratio 1000 x width 3) exceed the limit 3000000 (MAX_GENERATED_LITERALS)
    """
    import math

    for name, value in params.items():
        if isinstance(value, bool):
            continue
        if name in GENERATOR_PARAMETER_LIMITS and isinstance(value, int):
            if value < 0:
                raise InvalidInstance(f"{name} must not be negative, not {value}")
            limit, limit_name = GENERATOR_PARAMETER_LIMITS[name]
            check_size(name, value, limit, limit_name)
        elif isinstance(value, float) and (not math.isfinite(value) or abs(value) > GENERATOR_RATIO_LIMIT):
            raise InvalidInstance(f"{name} = {value} is out of range (a finite number up to {GENERATOR_RATIO_LIMIT:g})")
    _check_generated_literals({**(defaults or {}), **params})


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check_generated_literals(params: Mapping[str, Any]) -> None:
    """The literal bound of :func:`check_generator_params` (parameters already within their own limits)."""
    import math

    width = next((params[w] for w in ("width", "max_width") if _number(params.get(w))), 3)
    if _number(params.get("num_clauses")):
        clauses, how = params["num_clauses"], f"num_clauses {params['num_clauses']}"
    elif _number(params.get("num_vars")) and _number(params.get("ratio")):
        clauses, how = params["num_vars"] * params["ratio"], f"num_vars {params['num_vars']} x ratio {params['ratio']:g}"
    else:
        return
    literals = math.ceil(max(clauses, 0)) * max(int(width), 1)
    if literals > MAX_GENERATED_LITERALS:
        raise InvalidInstance(f"generated literals {literals} ({how} x width {width}) exceed the limit "
                              f"{MAX_GENERATED_LITERALS} (MAX_GENERATED_LITERALS)")


def generator_defaults(fn: Callable[..., Any]) -> dict[str, Any]:
    """The numbers a generator function takes by default (``{}`` where its signature cannot be
    read): what :func:`check_generator_params` assumes for the parameters not given.

    >>> def g(seed: int, num_vars: int = 20, ratio: float = 4.26, name: str = "x"): ...
    >>> generator_defaults(g)
    {'num_vars': 20, 'ratio': 4.26}
    """
    import inspect

    try:
        parameters = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return {}
    return {p.name: p.default for p in parameters if _number(p.default)}


def check_size(field: str, value: int, limit: int, limit_name: str | None = None) -> None:
    """Refuses a declared size beyond its named limit, in the one wording every reader uses
    (the JSON models, and readers of other formats: a DIMACS header, an HCP DIMENSION).

    >>> check_size("num_vars", 10**9, MAX_VARIABLES)
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: num_vars 1000000000 exceeds the limit 10000000
    """
    if value > limit:
        named = f" ({limit_name})" if limit_name else ""
        raise InvalidInstance(f"{field} {value} exceeds the limit {limit}{named}")


class Terminated(SystemExit):
    """The process was told to end (SIGTERM, SIGHUP: the command line raises this from its signal
    handler, status 128 + signal). A ``SystemExit``, so ``finally`` blocks run and the process
    ends with that status; its own class so that code which turns a user's ``sys.exit`` into a
    finding (the verifier's guard around a reduction's code) lets it through.

    >>> isinstance(Terminated(143), SystemExit), Terminated(143).code
    (True, 143)
    """


@runtime_checkable
class Instance(Protocol):
    problem: ClassVar[str]

    def validate(self) -> None: ...

    def verify(self, certificate: Any) -> bool: ...

    def to_dict(self) -> dict: ...

    def size(self) -> dict[str, int]: ...


@dataclass(frozen=True)
class FileFormat:
    """A text format of a problem's instances besides npw's JSON (DIMACS, TSPLIB HCP ...).

    ``read`` and ``write`` are ``"module:function"`` specs, imported on first use:
    ``read(text) -> instance`` (validated; raises :class:`InvalidInstance`) and
    ``write(instance) -> text``. ``suffixes`` are the file names it is told by (under any
    ``.gz``/``.xz``/``.bz2``). Several problems may share a format's name (a DIMACS file is a
    CNF or a graph): ``accepts(text) -> bool`` (a spec) says which reader takes a text; the
    reader without one is the fallback.

    >>> FileFormat("hcp", (".hcp",), read="npw.instances.hampath.hcp:from_hcp").suffixes
    ('.hcp',)
    """

    name: str
    suffixes: tuple[str, ...] = ()
    read: str | None = None
    write: str | None = None
    accepts: str | None = None


@dataclass(frozen=True)
class Problem:
    """Everything the workbench knows about one problem, declared in the problem's own module.

    ``generators`` maps a generator name to ``fn(seed: int, **params) -> instance``;
    ``enumerate(n)`` yields every instance up to size ``n`` (what "size" and
    "every" mean is said in ``enumerate_doc``); ``shrink(instance)`` yields
    strictly smaller instances, used to minimise counterexamples.

    What other layers attach to a problem is named here as ``"module:name"`` specs (imported
    on first use, so listing problems loads no drawing or model code): ``renderer`` (the SVG
    drawing, tagging what it draws with the ids ``elements`` gives), ``file_model`` (the strict
    msgspec model its JSON files are converted with), ``formats`` (its other file formats).
    Its deciders are declared by the solver modules that implement them (``npw.solvers.registry.
    Decider``); ``deciders`` orders them by name, the first being ``npw solve``'s default.

    Parameters
    ----------
    id : str
        The problem's id (``"1in3sat"``), as files and commands name it.
    title : str
        One line, for ``npw list``.
    instance_type : type
        The frozen dataclass of its instances.
    certificate_doc : str
        What a certificate is.
    generators : Mapping[str, callable], optional
        Generator name -> ``fn(seed, **params) -> instance``.
    default_generator : str, optional
        The generator ``npw generate`` uses when none is named.
    enumerate, enumerate_doc, shrink, sample : optional
        Every instance up to a size (and what that means), smaller instances, one small
        random instance (see above).
    verify_deciders, confirm_no_deciders : tuple of str, optional
        The deciders the verifier runs on small instances (first = primary), and those it
        also runs on a target's NO.
    planted_certificates : Mapping[str, callable], optional
        Generator name -> the certificate it planted (same seed and parameters).
    deciders : tuple of str, optional
        The deciders' order of preference.
    renderer, file_model : str, optional
        ``"module:name"`` specs of its SVG drawing and its file model.
    elements : callable, optional
        ``elements(instance)`` -> the ids of its elements.
    formats : tuple of FileFormat, optional
        Its file formats besides JSON.
    known_answers : Mapping[str, str], optional
        Generator name -> ``"YES"`` or ``"NO"``: the answer its instances have by construction,
        for generators not named by the ``planted``/``certified-no`` convention.

    Examples
    --------
    >>> from npw.api import get_problem
    >>> problem = get_problem("3partition")
    >>> problem.id, problem.instance_type.__name__, problem.verify_deciders
    ('3partition', 'ThreePartition', ('dp', 'sat'))
    >>> instance = problem.generate("planted", seed=3)
    >>> instance.problem, problem.from_dict(instance.to_dict()) == instance
    ('3partition', True)
    """

    id: str
    title: str
    instance_type: type
    certificate_doc: str
    generators: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    default_generator: str | None = None
    enumerate: Callable[[int], Iterator[Any]] | None = None
    enumerate_doc: str = ""
    shrink: Callable[[Any], Iterator[Any]] | None = None
    # a seeded *small* random instance for verification streams: small enough for the
    # brute-force decider, with both answers common
    sample: Callable[[int], Any] | None = None
    # the deciders the verifier runs on small instances, the first being the primary;
    # two independent ones (e.g. "brute" and "sat") let each answer be confirmed
    verify_deciders: tuple[str, ...] = ("sat",)
    # deciders the verifier also runs on a *target* its first decider called NO, so that every
    # NO of the no-direction rests on two deciders that agree (a YES carries a checked
    # certificate; a NO only the decider's word)
    confirm_no_deciders: tuple[str, ...] = ()
    # generator name -> fn(seed, **params) -> the certificate that generator planted (the same
    # seed and parameters), so a planted-yes instance can be handed on with its witness and
    # checked by ``verify`` alone (instance sets, ``npw generate --via``)
    planted_certificates: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    # the deciders' names in order of preference (the first is the default); deciders declared
    # for this problem but not named here come after them
    deciders: tuple[str, ...] = ()
    # "module:function": function(instance, certificate=None) -> SVG text, each element tagged
    # ``data-el`` with an id of ``elements`` (``npw render``, ``npw explore``)
    renderer: str | None = None
    # elements(instance) -> the ids of its elements, in a stable order (``npw.instances.elements``)
    elements: Callable[[Any], list[str]] | None = None
    # "module:Class": the msgspec model of its JSON file (``npw.instances.validation.checked``)
    file_model: str | None = None
    # its file formats besides JSON, read and written by ``npw.instances.io``
    formats: tuple[FileFormat, ...] = ()
    # generator name -> "YES" or "NO", the answer by construction of a generator whose name is not
    # ``planted``/``certified-no`` (``quiet``, ``php``, ``tseitin``): what a set's manifest records
    # as known from the construction (npw.verify.sets), declared beside the generator, not guessed
    # from its name
    known_answers: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # every problem's instances draw themselves in a notebook (_repr_svg_, _repr_html_), added
        # here once for all, built-in, plugin and user problems alike
        from npw.instances.display import register_drawing

        register_drawing(self)

    # (field, the name its module gives it): what ``Problem.of_module`` reads where it is defined
    MODULE_NAMES = (("enumerate", "enumerate_instances"), ("shrink", "shrink"), ("sample", "verification_sample"))

    @classmethod
    def of_module(cls, namespace: Mapping[str, Any], prefix: str = "", **fields: Any) -> Problem:
        """The problem whose small-instance tools its module names by convention
        (:attr:`MODULE_NAMES`: ``enumerate_instances``, whose docstring is the ``enumerate_doc``,
        ``shrink`` and ``verification_sample``), each taken where the module defines it.

        Parameters
        ----------
        namespace : Mapping[str, Any]
            The module's names: ``globals()`` where the record is declared, or ``vars(module)``
            of the module holding the tools.
        prefix : str
            Put before each conventional name (``"x3c_"``: ``x3c_shrink``), for a module that
            holds the tools of several problems.
        **fields : Any
            The other fields (``id``, ``title``, ``instance_type`` ...); a field given here wins
            over the module's name.

        Returns
        -------
        Problem
            The record, as ``Problem(enumerate=namespace["enumerate_instances"], ..., **fields)``.

        Examples
        --------
        >>> from npw.instances.sets import generators
        >>> record = Problem.of_module(vars(generators), "x3c_", id="x", title="t", instance_type=object,
        ...                            certificate_doc="c")
        >>> record.shrink is generators.x3c_shrink, record.enumerate_doc == generators.x3c_enumerate_instances.__doc__
        (True, True)
        """
        tools = {name: namespace[prefix + module_name] for name, module_name in cls.MODULE_NAMES
                 if name not in fields and prefix + module_name in namespace}
        if "enumerate" in tools and "enumerate_doc" not in fields:
            tools["enumerate_doc"] = tools["enumerate"].__doc__ or ""
        return cls(**tools, **fields)

    @staticmethod
    def generator_fields(module: Any, problem: str) -> dict[str, Any]:
        """The generator fields of a problem whose room's generators module serves several
        problems, each function taking the problem's id first (the graph and number rooms).

        Parameters
        ----------
        module : Any
            The generators module: ``random_instance``, ``planted``, ``certified_no``,
            ``planted_solution`` and ``verification_sample``, each ``fn(problem, seed, ...)``.
        problem : str
            The problem's id, bound first to each.

        Returns
        -------
        dict[str, Any]
            ``generators`` (random, planted, certified-no; ``default_generator`` random),
            ``planted_certificates`` and ``sample``: keyword arguments of :class:`Problem`.

        Examples
        --------
        >>> from npw.instances.numbers import generators
        >>> fields = Problem.generator_fields(generators, "partition")
        >>> sorted(fields["generators"]), fields["sample"](3).problem
        (['certified-no', 'planted', 'random'], 'partition')
        """
        from functools import partial

        return {
            "generators": {"random": partial(module.random_instance, problem),
                           "planted": partial(module.planted, problem),
                           "certified-no": partial(module.certified_no, problem)},
            "default_generator": "random",
            "planted_certificates": {"planted": partial(module.planted_solution, problem)},
            "sample": partial(module.verification_sample, problem),
        }

    def from_dict(self, data: Mapping[str, Any]) -> Any:
        return self.instance_type.from_dict(data)

    def generate(self, generator: str | None = None, seed: int = 0, **params: Any) -> Any:
        """An instance from the named generator (default: ``default_generator``); the same
        seed and parameters give the same instance.

        >>> from npw.instances.registry import get_problem
        >>> problem = get_problem("3partition")
        >>> p = problem.generate("planted", seed=3, m=2, bound=20)
        >>> p == problem.generate("planted", seed=3, m=2, bound=20), len(p.numbers), p.bound
        (True, 6, 20)
        """
        name = generator or self.default_generator
        if name is None or name not in self.generators:
            known = ", ".join(sorted(self.generators)) or "none"
            raise InvalidInstance(f"problem {self.id} has no generator {name!r} (known: {known})")
        self.check_params(name, params)
        return self.generators[name](seed, **params)

    def check_params(self, generator: str, params: Mapping[str, Any]) -> None:
        """Refuses parameters the named (existing) generator does not take or of the wrong type
        (:func:`check_parameter_names`), and those that would build beyond a named limit, before
        anything is allocated (:func:`check_generator_params`, with the
        generator's defaults for the parameters not given).

        >>> from npw.instances.registry import get_problem
        >>> get_problem("3sat").check_params("random", {"num_vars": 10 ** 6})
        Traceback (most recent call last):
            ...
        npw.instances.base.InvalidInstance: generated literals 12780000 (num_vars 1000000 x ratio 4.26 x width 3) exceed the limit 3000000 (MAX_GENERATED_LITERALS)
        """
        # names and types first (one line saying what the generator takes), then the sizes
        check_parameter_names(f"{self.id}/{generator}", self.generators[generator], params)
        check_generator_params(params, generator_defaults(self.generators[generator]))
        check_parameter_ranges(f"{self.id}/{generator}", self.generators[generator], params)

    def planted_certificate(self, generator: str, seed: int = 0, **params: Any) -> Any | None:
        """The certificate the named generator planted for this seed and these parameters, or
        None where the generator plants none (or keeps it to itself).

        >>> from npw.instances.registry import get_problem
        >>> problem = get_problem("hampath")
        >>> g = problem.generate("planted", seed=5, num_vertices=8)
        >>> path = problem.planted_certificate("planted", seed=5, num_vertices=8)
        >>> g.verify(path), path != tuple(range(8))
        (True, True)
        """
        fn = self.planted_certificates.get(generator)
        return None if fn is None else fn(seed, **params)


def check_header(data: Mapping[str, Any], problem: str) -> None:
    """Checks the ``problem``/``version`` fields shared by every instance file."""
    if not isinstance(data, Mapping):
        raise InvalidInstance("an instance must be a JSON object")
    found = data.get("problem")
    if not isinstance(found, str) or found != problem:
        shown = repr(found) if isinstance(found, (str, int, float, type(None))) else f"a JSON {type(found).__name__}"
        raise InvalidInstance(f"expected problem {problem!r}, found {shown[:80]}")
    version = data.get("version", FORMAT_VERSION)
    # True == 1 in Python: a boolean is not a version number
    if isinstance(version, bool) or not isinstance(version, int) or version != FORMAT_VERSION:
        raise InvalidInstance(f"unsupported format version {str(version)[:40]} (this is {FORMAT_VERSION})")


def require(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    """Returns ``data[key]`` if present and of the right JSON type, else InvalidInstance."""
    if key not in data:
        raise InvalidInstance(f"missing field {key!r}")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise InvalidInstance(f"field {key!r} has the wrong type ({type(value).__name__})")
    return value


def dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":")) + "\n"


def derive_seed(seed: int, index: int) -> int:
    """Independent, reproducible per-case seeds (no shared generator state across workers)."""
    digest = hashlib.blake2b(f"{seed}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


# a verification sample (Problem.sample) draws about one case in DEGENERATE_SHARE at a degenerate
# size: 0, 1 or 2 vertices or clauses, no edge or every edge. Reductions break there most often, and
# a draw uniform over 1..8 vertices rarely gives them (issue 33: a rule wrong only on two vertices and
# one edge passed --random 200)
DEGENERATE_SHARE = 10


def degenerate_sample(seed: int) -> bool:
    """Whether the verification sample drawn under ``seed`` is one of the degenerate share (the
    stream's seeds are :func:`derive_seed`'s, so about one case in ``DEGENERATE_SHARE``; the
    other seeds draw what they always drew).

    >>> [seed for seed in range(25) if degenerate_sample(seed)]
    [0, 10, 20]
    """
    return seed % DEGENERATE_SHARE == 0


# -- a generator's parameters, read from its signature ------------------------------------------
# One source of truth: the names, types and defaults are the generator function's own; the ranges
# are those check_generator_params enforces (GENERATOR_PARAMETER_LIMITS, GENERATOR_RATIO_LIMIT),
# narrowed by what the generator's module declares with @takes (a probability 0..1, the names a
# string may be), and Problem.check_params enforces both before the generator runs.

_JSON_KINDS = {"int": (int,), "float": (int, float), "bool": (bool,), "str": (str,), "None": (type(None),)}


@dataclass(frozen=True)
class Param:
    """What a generator parameter may be beyond its type, declared next to the generator with
    :func:`takes`: a range ``low..high`` (a number), the values it may take (``choices``: a
    string, or each item of a list), and a few words on what it sets.

    Parameters
    ----------
    low, high : int | float | None
        The smallest and largest value; None: 0 and the named limit of
        ``GENERATOR_PARAMETER_LIMITS`` for an int, -/+ ``GENERATOR_RATIO_LIMIT`` for a float.
    choices : tuple
        The values a string may be (or each item of a list of strings).
    help : str
        What it sets, for ``npw generate PROBLEM --help``.

    Examples
    --------
    >>> Param(0, 1, help="edge probability").high
    1
    """

    low: int | float | None = None
    high: int | float | None = None
    choices: tuple[Any, ...] = ()
    help: str = ""


def takes(**declared: Param) -> Callable[[Any], Any]:
    """Declares the ranges and choices of a generator's parameters (a decorator; the names,
    types and defaults stay the function's own signature). A ``functools.partial`` of the
    function, or a wrapper with ``__wrapped__``, has the same declarations.

    >>> @takes(p=Param(0.0, 1.0, help="edge probability"))
    ... def g(seed: int, num_vertices: int = 10, p: float = 0.3): ...
    >>> generator_parameters(g)["p"]
    'float 0..1 = 0.3'
    """
    def mark(fn: Any) -> Any:
        fn.__npw_params__ = {**getattr(fn, "__npw_params__", {}), **declared}
        return fn

    return mark


def declared_parameters(fn: Callable[..., Any]) -> dict[str, Param]:
    """The :class:`Param` declarations of a generator (:func:`takes`), looked up through
    ``functools.partial`` and ``__wrapped__``; ``{}`` where it declares none.

    >>> from functools import partial
    >>> @takes(n=Param(1, 50))
    ... def g(problem: str, seed: int, n: int = 6): ...
    >>> declared_parameters(partial(g, "partition"))["n"].high
    50
    """
    from functools import partial

    for _ in range(16):  # a chain of wrappers, not a cycle
        found = getattr(fn, "__npw_params__", None)
        if isinstance(found, dict):
            return dict(found)
        if isinstance(fn, partial):
            fn = fn.func
        elif hasattr(fn, "__wrapped__"):
            fn = fn.__wrapped__
        else:
            break
    return {}


def _parameter_kinds(parameter: Any) -> tuple[str, ...]:
    """The kinds a parameter's annotation names (``'int | None'``: int, None); its default's type
    where it has no annotation; ``()`` where either names something else (a sequence, a type)."""
    import inspect

    annotation = parameter.annotation
    if annotation is inspect.Parameter.empty:
        default = parameter.default
        return () if default is inspect.Parameter.empty or default is None else (type(default).__name__,)
    text = annotation.strip("'\"") if isinstance(annotation, str) else getattr(annotation, "__name__", str(annotation))
    kinds = tuple(kind.strip() for kind in text.replace("Optional[", "None | ").rstrip("]").split("|"))
    return kinds if all(kind in _JSON_KINDS for kind in kinds) else ()


def _shown_limit(limit: int | float) -> str:
    return "2^62" if limit == MAX_INTEGER else f"{limit:g}" if isinstance(limit, float) else str(limit)


def _bounds(name: str, kind: str, declared: Param | None) -> tuple[int | float | None, int | float | None]:
    """The range of a number parameter: the declared one, within the named limit of its name."""
    low = declared.low if declared is not None else None
    high = declared.high if declared is not None else None
    if kind == "int":
        limit = GENERATOR_PARAMETER_LIMITS.get(name, (None,))[0]
        low = 0 if low is None else low
        high = limit if high is None else high if limit is None else min(high, limit)
    elif kind == "float":
        low = -GENERATOR_RATIO_LIMIT if low is None else low
        high = GENERATOR_RATIO_LIMIT if high is None else high
    return low, high


def _describe(name: str, kinds: tuple[str, ...], default: Any, annotation: Any = None,
              declared: Param | None = None) -> str:
    import inspect

    words = []
    for kind in kinds:
        if kind in ("int", "float"):
            low, high = _bounds(name, kind, declared)
            words.append(f"{kind} {_shown_limit(low)}.." + ("" if high is None else _shown_limit(high)))
        elif kind == "str" and declared is not None and declared.choices:
            words.append("str " + "|".join(map(str, declared.choices)))
        else:
            words.append("null" if kind == "None" else kind)
    if not kinds and declared is not None and declared.choices:  # Sequence[str]: a list of the choices
        words.append("list of " + "|".join(map(str, declared.choices)))
    text = " or ".join(words) or (annotation if isinstance(annotation, str) else "a value")
    return text if default is inspect.Parameter.empty else f"{text} = {json.dumps(default, default=repr)}"


def _signature(fn: Callable[..., Any]) -> list[Any] | None:
    """A generator's parameters after the seed, or None where its signature cannot be read."""
    import inspect

    try:
        return list(inspect.signature(fn).parameters.values())[1:]  # the first is the seed
    except (TypeError, ValueError):
        return None


def generator_parameters(fn: Callable[..., Any]) -> dict[str, str]:
    """The parameters a generator ``fn(seed, **params)`` takes (not ``seed``, nor a private
    ``_name``), each described by its type, range and default, in the signature's order.

    >>> def g(seed: int, num_vars: int = 20, ratio: float | None = 4.26, ends: str = "none", *, _kind=None): ...
    >>> generator_parameters(g)
    {'num_vars': 'int 0..10000000 = 20', 'ratio': 'float -1000..1000 or null = 4.26', 'ends': 'str = "none"'}
    """
    parameters = _signature(fn)
    if parameters is None:
        return {}
    declared = declared_parameters(fn)
    return {p.name: _describe(p.name, _parameter_kinds(p), p.default, p.annotation, declared.get(p.name))
            for p in parameters if not p.name.startswith("_") and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}


def generator_help(fn: Callable[..., Any]) -> dict[str, str]:
    """What each parameter of a generator sets (its :class:`Param` ``help``; ``""`` where none
    is declared), in the signature's order.

    >>> @takes(p=Param(0.0, 1.0, help="edge probability"))
    ... def g(seed: int, num_vertices: int = 10, p: float = 0.3): ...
    >>> generator_help(g)
    {'num_vertices': '', 'p': 'edge probability'}
    """
    declared = declared_parameters(fn)
    return {name: declared[name].help if name in declared else "" for name in generator_parameters(fn)}


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_parameter_names(generator: str, fn: Callable[..., Any], params: Mapping[str, Any]) -> None:
    """Refuses a parameter the generator ``fn`` does not take, or a value not of the type its
    signature names, in one line listing what it takes (Python's own words would be ``random_instance()
    got an unexpected keyword argument``, or a comparison of ``str`` and ``int`` deep inside).

    >>> def g(seed: int, num_vars: int = 20, ratio: float = 4.26): ...
    >>> check_parameter_names("3sat/random", g, {"num_vars": 5, "ratio": 3})
    >>> check_parameter_names("3sat/random", g, {"nvars": 5})
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: generator 3sat/random: unknown parameter 'nvars' (takes num_vars: int 0..10000000 = 20, ratio: float -1000..1000 = 4.26)
    >>> check_parameter_names("3sat/random", g, {"num_vars": "abc"})
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: generator 3sat/random: num_vars must be int 0..10000000, not 'abc'
    """
    import inspect

    signature = _signature(fn)
    if signature is None:  # a callable whose signature cannot be read: its own errors stand
        return
    if any(p.kind is p.VAR_KEYWORD for p in signature):
        return
    known = {p.name: p for p in signature if not p.name.startswith("_") and p.kind is not p.VAR_POSITIONAL}
    declared = declared_parameters(fn)
    for name, value in params.items():
        if name not in known:
            takes = ", ".join(f"{key}: {text}" for key, text in generator_parameters(fn).items()) or "no parameters"
            raise InvalidInstance(f"generator {generator}: unknown parameter {str(name)[:40]!r} (takes {takes})")
        kinds = _parameter_kinds(known[name])
        if kinds and not any(isinstance(value, _JSON_KINDS[kind]) and (kind == "bool" or not isinstance(value, bool))
                             for kind in kinds):
            raise InvalidInstance(f"generator {generator}: {name} must be "
                                  f"{_describe(name, kinds, inspect.Parameter.empty, declared=declared.get(name))}, "
                                  f"not {_shown(value)}")


def check_parameter_ranges(generator: str, fn: Callable[..., Any], params: Mapping[str, Any]) -> None:
    """Refuses a value (of the right type: :func:`check_parameter_names` first) outside the range
    or the choices the generator declares (:func:`takes`), in one line naming what it may be.

    >>> @takes(p=Param(0.0, 1.0), ends=Param(choices=("none", "s", "st")))
    ... def g(seed: int, p: float = 0.3, ends: str = "none"): ...
    >>> check_parameter_ranges("hampath/grid", g, {"p": 0.5, "ends": "st"})
    >>> check_parameter_ranges("hampath/grid", g, {"p": 5})
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: generator hampath/grid: p must be float 0..1, not 5
    >>> check_parameter_ranges("hampath/grid", g, {"ends": "both"})
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: generator hampath/grid: ends must be str none|s|st, not 'both'
    """
    import inspect

    signature = _signature(fn)
    declared = declared_parameters(fn)
    if signature is None or not declared:
        return
    known = {p.name: p for p in signature}
    for name, value in params.items():
        spec = declared.get(name)
        if spec is None or name not in known or value is None:
            continue
        kinds = _parameter_kinds(known[name])
        if not kinds and spec.choices:  # a list of the choices (a lone string is not one)
            fits = (isinstance(value, (list, tuple)) and len(value) > 0
                    and all(isinstance(item, str) and item in spec.choices for item in value))
        elif isinstance(value, bool):
            continue
        elif isinstance(value, (int, float)):
            low, high = _bounds(name, "int" if isinstance(value, int) and "int" in kinds else "float", spec)
            fits = (low is None or value >= low) and (high is None or value <= high)
        elif isinstance(value, str):
            fits = not spec.choices or value in spec.choices
        else:
            fits = True
        if not fits:
            wanted = tuple(k for k in kinds if k != "None")
            raise InvalidInstance(f"generator {generator}: {name} must be "
                                  f"{_describe(name, wanted, inspect.Parameter.empty, declared=spec)}, "
                                  f"not {_shown(value)}")
