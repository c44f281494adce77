"""The reduction side of the contract (DESIGN.md section 3).

A :class:`Reduction` bundles the four maps of a Karp reduction proof:

* ``reduce(src) -> tgt``: the polynomial construction;
* ``forward(src, src_cert) -> tgt_cert``: the yes-direction of the proof;
* ``backward(src, tgt, tgt_cert) -> src_cert``: the extraction of the proof;
* ``size(src) -> dict``: the target's size by the paper's formulas, compared by the
  verifier with ``tgt.size()`` (a value per key is exact; a :class:`Bound` is a bound);
* ``claims``: the proof's own statements (:class:`Claim`), checked by the verifier on
  every case, each counted on its own;
* ``provenance(src, tgt) -> dict``: which target elements each source element produced
  (see :data:`Provenance`), for drawings that link the two sides (``npw explore``).

``forward`` may be None: a reduction known only by its extraction (as many code bases
have it) is still checked both ways on answers, and ``backward`` on every target
certificate the deciders find.

A construction with a parameter beyond the source instance (Theorem 3's length unit)
declares it as a :class:`ReductionOption` and builds through ``build_with``, which may
return a compact summary where the target is too large to store; a construction with a
drawing of its own (the board laid out as the proof describes it) gives ``draw``. The
command line stays generic: ``npw reduce ID IN --NAME VALUE`` for each declared option,
``npw render`` for the drawing.

Reductions compose with :meth:`Reduction.then`; the chain's certificates compose too. A chain
composed by ids (``npw verify --via``, a registered :class:`Chain`) whose target has a closed size
formula in its source's size gets it as one more claim (:mod:`npw.reductions.chain_sizes`).

Examples
--------
>>> from npw.api import get_reduction, OneInThreeSat
>>> theorem6 = get_reduction("1in3sat-to-224sat")
>>> (theorem6.source, theorem6.target)
('1in3sat', '224sat')
>>> formula = OneInThreeSat(3, [(1, 2, 3)])
>>> target = theorem6.reduce(formula)
>>> target.verify(theorem6.forward(formula, (True, False, False)))
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Mapping, Sequence, TypeVar

from npw.instances.base import InvalidInstance
from npw.instances.memo import remember_last

__all__ = ["BACKWARD_CLAIM", "Bound", "BuiltTarget", "CLAIM_STAGES", "Chain", "Claim", "FORWARD_CLAIM",
           "MAX_TARGET_ELEMENTS", "Provenance", "Reduction", "ReductionOption", "TARGET_CLAIM", "compose_provenance",
           "refuse_target_size"]

MAX_TARGET_ELEMENTS = 2_000_000
"""The most edges (clauses, numbers, pieces) a reduction builds where its target has no named
limit of its own for them: as many as MAX_TRIPLES and MAX_MEMBERSHIPS, a target of about 200 MB
in memory and 30 MB as a file. A reduction whose target would pass it (the complement of a
100,000-vertex graph has 5 * 10^9 edges) is refused before anything is built."""


def refuse_target_size(reduction_id: str, measure: str, count: int, limit: int = MAX_TARGET_ELEMENTS,
                       limit_name: str = "MAX_TARGET_ELEMENTS") -> None:
    """Refuses, in one line, a target whose ``measure`` (counted from the source, before
    building) would pass ``limit``: the target's own limit (MAX_VERTICES, MAX_VARIABLES, ...) so
    that what ``npw reduce`` writes can be read back, or MAX_TARGET_ELEMENTS.

    >>> refuse_target_size("indset-to-clique", "edges", 10)
    >>> refuse_target_size("indset-to-clique", "edges", 4_999_850_001)
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: indset-to-clique would build a target of 4,999,850,001 edges, past the limit 2,000,000 (MAX_TARGET_ELEMENTS)
    """
    if count > limit:
        raise InvalidInstance(f"{reduction_id} would build a target of {count:,} {measure}, past the limit "
                              f"{limit:,} ({limit_name})")

S = TypeVar("S")  # the source instance type
T = TypeVar("T")  # the target instance type
U = TypeVar("U")  # the target of a reduction chained after this one

# A reduction's provenance: source element id -> the ids of the target elements it produced.
# Element ids are strings "KIND:KEY" that a problem's renderer puts on what it draws
# (``data-el="clause:3"``): "var:2", "clause:0", "vertex:v5", "edge:1-4", "number:7",
# "element:e1", "tile:12", "piece:3,4", "cell:0,5". A source element may map to several target
# elements and a target element may come from several source elements.
Provenance = Mapping[str, Sequence[str]]


@dataclass(frozen=True)
class ReductionOption:
    """A parameter of a construction beyond its source instance.

    ``parse`` turns the command line's text into the value (``int`` for Theorem 3's unit);
    ``default`` is what ``npw reduce`` uses when the option is not given.

    Parameters
    ----------
    name : str
        The keyword :func:`npw.api.reduce` takes (``unit``); ``--unit`` on the command line.
    parse : callable
        Text -> value.
    default : Any
        The value when the option is not given.
    help : str
        One line for ``npw reduce --help``.

    Examples
    --------
    >>> from npw.api import ReductionOption, get_reduction
    >>> ReductionOption("unit", int, None, "the length unit l").flag
    '--unit'
    >>> [option.name for option in get_reduction("224sat-to-npuz").options]
    ['unit', 'additive']
    """

    name: str
    parse: Callable[[str], Any]
    default: Any
    help: str

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")


# the stages of a case at which a claim is checked, and what its ``check`` is given
TARGET_CLAIM = "target"  # check(src, tgt): every case whose target was built
FORWARD_CLAIM = "forward"  # check(src, tgt, src_cert, tgt_cert): each yes-source's forward certificate
BACKWARD_CLAIM = "backward"  # check(src, tgt, tgt_cert, src_cert): each backward extraction
CLAIM_STAGES = (TARGET_CLAIM, FORWARD_CLAIM, BACKWARD_CLAIM)


@dataclass(frozen=True)
class Claim:
    """A statement the proof makes about its construction, checked on every case.

    ``check`` gets the case's objects as its ``stage`` says (see ``CLAIM_STAGES``) and
    returns True (holds), None (does not apply to this case, not counted), or False or a
    string saying what fails (the string is reported with the case). A check that raises
    fails with the exception's message.

    ``deviation`` non-empty declares the claim known to be false while the theorem
    survives (and says why): its failures are reported as a documented deviation with
    their count, not as a verification failure.

    Parameters
    ----------
    name : str
        A short name, unique within its reduction.
    statement : str
        The proof's words, with where it says them (``"Claim 1 of Theorem 2"``).
    check : callable
        ``check(src, tgt)`` at the target stage, ``check(src, tgt, src_cert, tgt_cert)`` at the
        forward stage, ``check(src, tgt, tgt_cert, src_cert)`` at the backward stage.
    stage : str, default "target"
        One of ``CLAIM_STAGES``: ``"target"``, ``"forward"``, ``"backward"``.
    deviation : str, optional
        Why the claim is known to be false while the theorem survives.

    Raises
    ------
    ValueError
        ``stage`` is not one of ``CLAIM_STAGES``.

    Examples
    --------
    >>> from npw.api import CNF, Claim
    >>> claim = Claim("clause-count", "the target has one clause per source clause",
    ...               lambda src, tgt: len(tgt.clauses) == len(src.clauses) or "clauses differ")
    >>> claim.stage, claim.deviates
    ('target', False)
    >>> claim.check(CNF(2, [(1, 2)]), CNF(2, [(1, 2), (-1, -2)]))
    'clauses differ'
    >>> Claim("late", "checked too late", lambda *case: True, stage="after")
    Traceback (most recent call last):
        ...
    ValueError: claim 'late': stage must be one of target, forward, backward, not 'after'
    """

    name: str
    statement: str  # the proof's words, with where it says them ("Claim 1 of Theorem 2")
    check: Callable[..., bool | str | None]
    stage: str = TARGET_CLAIM
    deviation: str = ""

    def __post_init__(self) -> None:
        if self.stage not in CLAIM_STAGES:
            raise ValueError(f"claim {self.name!r}: stage must be one of {', '.join(CLAIM_STAGES)}, not {self.stage!r}")

    @property
    def deviates(self) -> bool:
        return bool(self.deviation)


@dataclass(frozen=True)
class Bound:
    """A size formula's value that is a bound, not an exact count: the verifier accepts a built
    size within ``[low, high]`` (either end None: unbounded).

    Parameters
    ----------
    low : int, optional
        The least size admitted; None: no lower bound.
    high : int, optional
        The largest size admitted; None: no upper bound.

    Examples
    --------
    >>> from npw.api import Bound
    >>> Bound(high=10).admits(7), Bound(low=3, high=5).admits(6), Bound(high=10)
    (True, False, Bound(high=10))
    """

    low: int | None = None
    high: int | None = None

    def admits(self, value: int | None) -> bool:
        if value is None:
            return False
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)

    def __repr__(self) -> str:
        parts = [f"low={self.low}"] if self.low is not None else []
        parts += [f"high={self.high}"] if self.high is not None else []
        return f"Bound({', '.join(parts)})"


@dataclass(frozen=True)
class BuiltTarget(Generic[T]):
    """What :meth:`Reduction.build` returns.

    ``target`` is the target instance, or None where it is too large to store cell by
    cell; then ``summary`` is the JSON object written instead (exact sizes, the
    construction's constants). ``notes`` are what a user should read alongside (for
    example which direction of the proof is checked at this scale).

    Parameters
    ----------
    target : instance or None
        The target instance; None when it is too large to store.
    summary : dict, optional
        The JSON object written instead of a target too large to store.
    notes : tuple of str, optional
        What a user should read alongside.

    Examples
    --------
    >>> from npw.api import BuiltTarget, OneInThreeSat, get_reduction
    >>> built = get_reduction("1in3sat-to-224sat").build(OneInThreeSat(3, [(1, 2, 3)]))
    >>> built.stored, built.target.problem
    (True, '224sat')
    >>> BuiltTarget(target=None, summary={"n": 10 ** 7}).stored
    False
    """

    target: T | None
    summary: dict[str, Any] | None = None
    notes: tuple[str, ...] = ()

    @property
    def stored(self) -> bool:
        return self.target is not None


@dataclass(frozen=True)
class Reduction(Generic[S, T]):
    """A Karp reduction from problem ``source`` to problem ``target``, with its proof's maps.

    Generic in the source and target instance types, so a type checker follows a chain:
    ``Reduction[OneInThreeSat, TwoTwoFourSat].then(Reduction[TwoTwoFourSat, Relocation])``
    is a ``Reduction[OneInThreeSat, Relocation]``.

    Parameters
    ----------
    id : str
        ``"<source>-to-<target>"`` for a registered one.
    source, target : str
        The problems' ids.
    reference : str
        Where the proof is (paper, theorem).
    reduce : callable
        ``reduce(src) -> tgt``, the construction.
    forward : callable or None
        ``forward(src, src_cert) -> tgt_cert``: a yes-certificate carried to the target.
    backward : callable
        ``backward(src, tgt, tgt_cert) -> src_cert``: a target certificate carried back.
    size : callable, optional
        ``size(src) -> {measure: int or Bound}``, the target's size as the proof predicts it.
    notes : str, optional
        Free text.
    claims : tuple of Claim, optional
        The proof's claims, checked by the verifier on every case.
    options : tuple of ReductionOption, optional
        Parameters of the construction beyond the source.
    build_with : callable, optional
        ``build_with(src, **options) -> BuiltTarget``; None: ``reduce``.
    draw : callable, optional
        ``draw(src, **options) -> SVG``, the target laid out as the proof describes it.
    provenance : callable, optional
        ``provenance(src, tgt) -> {source element id: target element ids}``.
    source_sample : callable, optional
        ``source_sample(seed) -> src``, bounded sources for ``--random``.
    checked : str, optional
        What ``npw verify`` has passed on.
    steps : tuple of str, optional
        A chain's registered reductions in order (:meth:`then` fills it); () for one reduction.

    Examples
    --------
    A reduction of one's own (CNF-SAT to itself, every clause twice), used by the verbs like a
    registered one:

    >>> from npw.api import CNF, Reduction, get_reduction, reduce, verify
    >>> twice = Reduction("cnf-to-cnf-twice", "cnf", "cnf", "every clause twice (an example)",
    ...                   reduce=lambda src: CNF(src.num_vars, src.clauses + src.clauses),
    ...                   forward=lambda src, assignment: assignment,
    ...                   backward=lambda src, tgt, assignment: assignment,
    ...                   size=lambda src: {"variables": src.num_vars, "clauses": 2 * len(src.clauses)})
    >>> reduce(twice, CNF(2, [(1, -2)])).clauses
    ((1, -2), (1, -2))
    >>> verify(twice, exhaustive_up_to=1).summary.passed
    True
    >>> chain = get_reduction("1in3sat-to-224sat").then(get_reduction("224sat-to-rel"))
    >>> chain.source, chain.target
    ('1in3sat', 'rel')
    """

    id: str
    source: str
    target: str
    reference: str
    reduce: Callable[[S], T]
    forward: Callable[[S, Any], Any] | None
    backward: Callable[[S, T, Any], Any]
    # size(src) -> {measure: exact int, or a Bound}
    size: Callable[[S], Mapping[str, int | Bound]] | None = None
    notes: str = ""
    # the proof's claims, checked by the verifier on every case
    claims: tuple[Claim, ...] = field(default=())
    # parameters of the construction beyond the source (``npw reduce ID IN --NAME VALUE``)
    options: tuple[ReductionOption, ...] = field(default=())
    # build_with(src, **options) -> BuiltTarget: the construction under its options; None: reduce
    build_with: Callable[..., BuiltTarget[T]] | None = None
    # the options under which build_with builds reduce's own target (the verifier checks that it
    # does, so npw reduce's path is verified too); None: no such options
    reduce_options: Mapping[str, Any] | None = None
    # draw(src, **options) -> SVG: the target laid out as the proof describes it (``npw render``)
    draw: Callable[..., str] | None = None
    # provenance(src, tgt) -> {source element id: target element ids} (see ``Provenance``)
    provenance: Callable[[S, T], Provenance] | None = None
    # source_sample(seed) -> a small source: the random stream's sources (``--random``) where the
    # source problem's own sample makes targets too big for the target's deciders (a documented bound)
    source_sample: Callable[[int], S] | None = None
    # what ``npw verify`` has passed on (the streams and sizes; figures in BENCHMARKS.md), the
    # README's "checked" column; "" while it has not been checked
    checked: str = ""
    # a chain's registered reductions, in order (``then`` fills it, flattening chains of chains);
    # () for a single reduction
    steps: tuple[str, ...] = ()

    # (field, the name its module gives it): what ``Reduction.of_module`` reads
    MODULE_NAMES = (("reduce", "reduce"), ("forward", "forward"), ("backward", "backward"), ("size", "size"),
                    ("claims", "CLAIMS"), ("provenance", "provenance"))

    @classmethod
    def of_module(cls, namespace: Mapping[str, Any], **fields: Any) -> Reduction[Any, Any]:
        """The reduction whose maps its module names by convention (:attr:`MODULE_NAMES`:
        ``reduce``, ``forward``, ``backward``, ``size``, ``provenance`` and the tuple ``CLAIMS``).

        Parameters
        ----------
        namespace : Mapping[str, Any]
            The module's names, ``globals()`` where the record is declared; a map it does not
            define must be given in ``fields``.
        **fields : Any
            The other fields (``id``, ``source``, ``target``, ``reference``, ``checked`` ...);
            a field given here wins over the module's name.

        Returns
        -------
        Reduction
            The record, as ``Reduction(reduce=namespace["reduce"], ..., **fields)``.

        Examples
        --------
        >>> from npw.reductions.sets import three_dm_to_x3c as module
        >>> record = Reduction.of_module(vars(module), id="x", source="3dm", target="x3c", reference="r")
        >>> record.backward is module.backward, record.claims is module.CLAIMS
        (True, True)
        """
        maps = {name: namespace[module_name] for name, module_name in cls.MODULE_NAMES
                if name not in fields}
        return cls(**maps, **fields)

    def option_values(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Every declared option's value: ``given`` where named, else its default.

        >>> from npw.api import get_reduction
        >>> get_reduction("224sat-to-npuz").option_values({"unit": 1})
        {'unit': 1, 'additive': 0}
        """
        given = dict(given or {})
        known = {option.name for option in self.options}
        unknown = sorted(set(given) - known)
        if unknown:
            accepted = ", ".join(sorted(known)) or "none"
            raise InvalidInstance(f"{self.id} takes no option {unknown[0]!r} (its options: {accepted})")
        return {option.name: given.get(option.name, option.default) for option in self.options}

    def build(self, src: S, **options: Any) -> BuiltTarget[T]:
        """The target under the given options (defaults for the rest).

        >>> from npw.api import get_reduction, OneInThreeSat
        >>> built = get_reduction("1in3sat-to-224sat").build(OneInThreeSat(3, [(1, 2, 3)]))
        >>> built.stored, built.target.problem
        (True, '224sat')
        """
        values = self.option_values(options)
        if self.build_with is None:
            return BuiltTarget(self.reduce(src))
        return self.build_with(src, **values)

    def then(self, other: Reduction[T, U], id: str | None = None) -> Reduction[S, U]:
        """The chain ``self`` followed by ``other`` (self.target must be other.source): every map
        through the middle instance, both steps' claims, and the steps' ids (``steps``).

        >>> from npw.api import get_reduction
        >>> chain = get_reduction("1in3sat-to-224sat").then(get_reduction("224sat-to-rel"))
        >>> chain.id, chain.source, chain.target, chain.steps
        ('1in3sat-to-rel', '1in3sat', 'rel', ('1in3sat-to-224sat', '224sat-to-rel'))
        >>> get_reduction("224sat-to-rel").then(get_reduction("1in3sat-to-224sat"))
        Traceback (most recent call last):
            ...
        ValueError: cannot chain 224sat-to-rel (to rel) with 1in3sat-to-224sat (from 1in3sat)
        """
        if self.target != other.source:
            raise ValueError(f"cannot chain {self.id} (to {self.target}) with {other.id} (from {other.source})")
        first, second = self, other
        steps = (self.steps or (self.id,)) + (other.steps or (other.id,))
        # every map of the chain needs the middle instance; one verification case calls them in a
        # row on the same source, and a long chain's steps nest (a 4-step chain rebuilt its first
        # steps for each of its two dozen claims): the last middle is remembered (by identity)
        middle_of = remember_last(first.reduce)

        def reduce(src: S) -> U:
            return second.reduce(middle_of(src))

        def forward(src: S, certificate: Any) -> Any:
            assert first.forward is not None and second.forward is not None
            middle = middle_of(src)
            return second.forward(middle, first.forward(src, certificate))

        def backward(src: S, tgt: U, certificate: Any) -> Any:
            middle = middle_of(src)
            return first.backward(src, middle, second.backward(middle, tgt, certificate))

        def size(src: S) -> Mapping[str, int | Bound]:
            assert second.size is not None
            return second.size(middle_of(src))

        def provenance(src: S, tgt: U) -> Provenance:
            assert first.provenance is not None and second.provenance is not None
            return compose_provenance(first.provenance(src, middle_of(src)),
                                      second.provenance(middle_of(src), tgt))

        return Reduction(
            id=id or f"{self.source}-to-{other.target}",
            source=self.source,
            target=other.target,
            reference=f"{self.reference}; then {other.reference}",
            reduce=reduce,
            forward=forward if first.forward is not None and second.forward is not None else None,
            backward=backward,
            size=size if second.size is not None else None,
            claims=_chained_claims(first, second),
            steps=steps,
            notes=f"chain {self.id} -> {other.id}",
            provenance=provenance if first.provenance is not None and second.provenance is not None else None,
            # a chain's sources are its first step's: its bounded sample where it declares one
            source_sample=first.source_sample,
        )


@dataclass(frozen=True)
class Chain:
    """A registered chain: registered reductions applied in order, known by one id.

    Declared in the module of its last step's room (a module-level ``Chain``, found like a
    ``Reduction``); :func:`npw.reductions.registry.get_reduction` composes it with
    :meth:`Reduction.then`.

    >>> Chain("1in3sat-to-rel", ("1in3sat-to-224sat", "224sat-to-rel")).steps[-1]
    '224sat-to-rel'
    """

    id: str
    steps: tuple[str, ...]
    # as Reduction.checked
    checked: str = ""


def compose_provenance(first: Provenance, second: Provenance) -> dict[str, tuple[str, ...]]:
    """The provenance of a chain: each source element to what its middle elements produced.

    >>> compose_provenance({"clause:0": ["clause:0", "clause:1"]},
    ...                    {"clause:0": ["vertex:a"], "clause:1": ["vertex:b", "vertex:a"]})
    {'clause:0': ('vertex:a', 'vertex:b')}
    """
    composed: dict[str, tuple[str, ...]] = {}
    for source_id, middle_ids in first.items():
        seen: dict[str, None] = {}
        for middle_id in middle_ids:
            for target_id in second.get(middle_id, ()):
                seen.setdefault(target_id)
        composed[source_id] = tuple(seen)
    return composed


def _chained_claims(first: Reduction, second: Reduction) -> tuple[Claim, ...]:
    """The claims of both steps of a chain, each checked on its own step's instances
    (named ``<step id>: <claim name>``)."""

    middle_of = remember_last(first.reduce)

    def lift(claim: Claim, step: int) -> Claim:
        check = claim.check

        def on_chain(src: Any, tgt: Any, *certificates: Any) -> bool | str | None:
            middle = middle_of(src)
            if step == 1 and claim.stage == TARGET_CLAIM:
                return check(src, middle)
            if step == 2 and claim.stage == TARGET_CLAIM:
                return check(middle, tgt)
            if claim.stage == FORWARD_CLAIM:
                assert first.forward is not None
                source_certificate, _ = certificates
                middle_certificate = first.forward(src, source_certificate)
                if step == 1:
                    return check(src, middle, source_certificate, middle_certificate)
                return check(middle, tgt, middle_certificate, certificates[1])
            target_certificate, _ = certificates  # BACKWARD_CLAIM
            middle_certificate = second.backward(middle, tgt, target_certificate)
            if step == 2:
                return check(middle, tgt, target_certificate, middle_certificate)
            return check(src, middle, middle_certificate, first.backward(src, middle, middle_certificate))

        owner = first if step == 1 else second
        return dataclasses.replace(claim, name=f"{owner.id}: {claim.name}", check=on_chain)

    return tuple(lift(c, 1) for c in first.claims) + tuple(lift(c, 2) for c in second.claims)
