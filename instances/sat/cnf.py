"""CNF satisfiability: clauses of any width; yes iff some assignment makes at
least one literal true in every clause. Read and written as DIMACS CNF.

>>> f = CNF.from_dimacs("p cnf 2 2\\n1 2 0\\n-1 0\\n")
>>> f.verify((False, True))
True
>>> print(f.to_dimacs(), end="")
p cnf 2 2
1 2 0
-1 0
"""

from __future__ import annotations

import itertools
import random as _random
import re
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar, Iterator, Mapping

from npw.instances.base import FORMAT_VERSION, InvalidInstance, Problem
from npw.instances.base import MAX_VARIABLES, Param, degenerate_sample, takes
from npw.instances.sat.exactly_k_sat import SAT_FAMILY_FIELDS, Assignment, compact_variables, is_assignment
from npw.instances.base import FileFormat
from npw.instances.sat.certified_no import ordering, pigeonhole, tseitin

__all__ = ["CNF", "MAX_SAMPLE_WIDTH", "PROBLEM", "enumerate_instances", "mixed_width_instance", "random_instance",
           "shrink", "verification_sample"]


# a clause line: literals in ASCII digits (re.ASCII: \s is ASCII white space only), the one spelling
# DIMACS has; a token per match, so the pattern cannot backtrack
_LITERALS = re.compile(r"-?[0-9]+(?:\s+-?[0-9]+)*", re.ASCII)
_LITERAL = re.compile(r"-?[0-9]+")


def _plain_int(value: Any) -> Any:
    """A numpy integer as a Python int; any other value unchanged (a bool stays a bool).

    >>> import numpy as np
    >>> _plain_int(np.int64(-3)), _plain_int(True), _plain_int(2.0)
    (-3, True, 2.0)
    """
    import numbers

    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    return value


@dataclass(frozen=True)
class CNF:
    """CNF-SAT: is there an assignment of the variables that makes every clause true?

    Parameters
    ----------
    num_vars : int
        The variables are 1..num_vars.
    clauses : sequence of sequence of int
        DIMACS literals: ``v`` is variable v, ``-v`` its negation; a clause of any width.

    Examples
    --------
    A certificate is a tuple of ``num_vars`` booleans, entry i-1 the value of variable i:

    >>> from npw.api import CNF
    >>> formula = CNF(2, [(1, -2), (2,)])
    >>> formula.verify((True, True)), formula.verify((False, True)), formula.size()
    (True, False, {'variables': 2, 'clauses': 2})
    """

    problem: ClassVar[str] = "cnf"

    num_vars: int
    clauses: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "clauses", tuple(tuple(c) for c in self.clauses))
        try:
            self.validate()
        except InvalidInstance:
            # numpy integers (what iterating another formula's clause array gives) become ints,
            # on this slow path only; anything else that is not an int is named by validate()
            object.__setattr__(self, "clauses", tuple(tuple(_plain_int(l) for l in c) for c in self.clauses))
            self.validate()

    def validate(self) -> None:
        if not isinstance(self.num_vars, int) or isinstance(self.num_vars, bool) or self.num_vars < 0:
            raise InvalidInstance(f"num_vars must be a non-negative integer, not {self.num_vars!r}")
        # the common case checked by builtins over one flat list (a million clauses: 5 s a literal
        # at a time); anything it does not pass is looked at literal by literal, for the message
        flat = [literal for clause in self.clauses for literal in clause]
        if not flat or (set(map(type, flat)) == {int} and -self.num_vars <= min(flat)
                        and max(flat) <= self.num_vars and 0 not in flat):
            return
        for index, clause in enumerate(self.clauses, 1):
            for literal in clause:
                if not isinstance(literal, int) or isinstance(literal, bool) or literal == 0 or abs(literal) > self.num_vars:
                    raise InvalidInstance(
                        f"clause c{index} holds {literal!r}: literals are +-v with 1 <= v <= {self.num_vars}"
                    )

    def verify(self, certificate: Any) -> bool:
        if not is_assignment(certificate, self.num_vars):
            return False
        return all(any(certificate[abs(l) - 1] == (l > 0) for l in clause) for clause in self.clauses)

    def size(self) -> dict[str, int]:
        return {"variables": self.num_vars, "clauses": len(self.clauses)}

    def to_dict(self) -> dict:
        return {"problem": self.problem, "version": FORMAT_VERSION, "num_vars": self.num_vars,
                "clauses": [list(c) for c in self.clauses]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "CNF":
        from npw.instances.validation import checked

        model = checked(data, cls.problem)
        return cls(model.num_vars, tuple(tuple(clause) for clause in model.clauses))

    certificate_to_json = staticmethod(lambda cert: [bool(v) for v in cert])

    @staticmethod
    def certificate_from_json(obj: Any) -> Assignment:
        from npw.instances.validation import check_certificate

        return tuple(check_certificate(obj, list[bool], "an assignment is a list of true/false values"))

    # -- DIMACS -------------------------------------------------------------------------
    def to_dimacs(self, comments: tuple[str, ...] = ()) -> str:
        lines = [f"c {c}" for c in comments]
        lines.append(f"p cnf {self.num_vars} {len(self.clauses)}")
        lines.extend(" ".join(map(str, clause)) + " 0" for clause in self.clauses)
        return "\n".join(lines) + "\n"

    @classmethod
    def from_dimacs(cls, text: str) -> "CNF":
        """Parses DIMACS CNF; the header's counts must match the clauses found.

        Comment lines (``c ...``) may stand anywhere. A line ``%`` ends the formula: SATLIB's
        benchmark files (uf20-01.cnf and the rest) end with a ``%`` line and a ``0`` line,
        which is not an empty clause.

        >>> satlib = "c uf3-01\\np cnf 3  2\\n 1 -2 3 0\\nc a comment between clauses\\n-1 2 0\\n%\\n0\\n\\n"
        >>> CNF.from_dimacs(satlib).clauses
        ((1, -2, 3), (-1, 2))
        """
        from npw.instances.validation import MAX_CLAUSES, MAX_VARIABLES, read_count

        header: tuple[int, int] | None = None
        clauses: list[tuple[int, ...]] = []
        current: list[int] = []
        # int() also takes '1_0', '+1', '²' and Arabic-Indic digits: where the text holds none of them
        # (the usual file) int() takes exactly DIMACS's literals, else each line is matched first
        checked_lines = not (text.isascii() and "_" not in text and "+" not in text)
        for number, line in enumerate(text.splitlines(), 1):
            stripped = line.strip()
            if stripped == "%":
                break  # SATLIB's end marker: what follows (a lone 0) is not part of the formula
            if not stripped or stripped.startswith("c"):
                continue
            if stripped.startswith("p"):
                parts = stripped.split()
                if header is not None or len(parts) != 4 or parts[0] != "p" or parts[1] != "cnf":
                    raise InvalidInstance(f"line {number}: bad header {stripped[:60]!r} (expected 'p cnf VARS CLAUSES')")
                try:  # both counts bounded before anything is built (p cnf 1000000000 0)
                    header = (read_count(parts[2], "num_vars", MAX_VARIABLES, "MAX_VARIABLES"),
                              read_count(parts[3], "num_clauses", MAX_CLAUSES, "MAX_CLAUSES"))
                except InvalidInstance as error:
                    raise InvalidInstance(f"line {number}: {error}") from None
                continue
            if header is None:
                raise InvalidInstance(f"line {number}: clause before the 'p cnf' header")
            if checked_lines and not _LITERALS.fullmatch(stripped):
                bad = next((t for t in stripped.split() if not _LITERAL.fullmatch(t)), stripped)
                raise InvalidInstance(f"line {number}: {bad[:30]!r} is not an integer literal")
            for token in stripped.split():
                try:
                    literal = int(token)
                except ValueError:  # not a number, or more digits than int() converts
                    if _LITERAL.fullmatch(token):
                        raise InvalidInstance(f"line {number}: literal {token[:20]}... exceeds the {header[0]} "
                                              f"variables of the header") from None
                    raise InvalidInstance(f"line {number}: {token[:30]!r} is not an integer literal") from None
                if literal == 0:
                    clauses.append(tuple(current))
                    current = []
                elif abs(literal) > header[0]:
                    shown = token if len(token) <= 30 else token[:20] + "..."
                    raise InvalidInstance(f"line {number}: literal {shown} exceeds the {header[0]} variables of the header")
                else:
                    current.append(literal)
        if header is None:
            raise InvalidInstance("no 'p cnf' header")
        if current:
            clauses.append(tuple(current))  # a last clause without its terminating 0
        if len(clauses) != header[1]:
            raise InvalidInstance(f"header announces {header[1]} clauses, found {len(clauses)}")
        return cls(header[0], tuple(clauses))


@takes(
    num_vars=Param(1, help="variables (at least the width)"),
    ratio=Param(0.0, 1000.0, help="clauses per variable (num_clauses wins where given)"),
    width=Param(1, help="literals per clause"),
)
def random_instance(seed: int, num_vars: int = 20, ratio: float = 4.26, width: int = 3) -> CNF:
    """Uniform random k-CNF (default 3-CNF at its threshold ratio 4.26)."""
    if num_vars < width:
        raise InvalidInstance(f"random {width}-CNF needs at least {width} variables")
    rng = _random.Random(seed)
    count = max(1, round(ratio * num_vars))
    clauses = tuple(
        tuple(v if rng.random() < 0.5 else -v for v in rng.sample(range(1, num_vars + 1), width)) for _ in range(count)
    )
    return CNF(num_vars, clauses)


MAX_SAMPLE_WIDTH = 5  # the widest clause of a verification sample: wider than 3, so clause splitting is exercised


@takes(
    num_vars=Param(1, help="variables"),
    ratio=Param(0.0, 1000.0, help="clauses per variable (num_clauses wins where given)"),
    max_width=Param(1, MAX_VARIABLES, help="the widest clause"),
)
def mixed_width_instance(seed: int, num_vars: int = 10, ratio: float = 2.0, max_width: int = MAX_SAMPLE_WIDTH) -> CNF:
    """Clauses of widths 1..max_width (each width equally likely, capped at num_vars) over
    distinct variables, signs by coin flips: the clause widths SAT -> 3-SAT's splitting and
    padding must all handle.

    >>> f = mixed_width_instance(2, num_vars=6, ratio=2.0)
    >>> len(f.clauses), sorted({len(c) for c in f.clauses})
    (12, [1, 2, 3, 4, 5])
    """
    if num_vars < 1 or max_width < 1:
        raise InvalidInstance("mixed-width CNF needs at least 1 variable and max_width >= 1")
    rng = _random.Random(seed)
    top = min(max_width, num_vars)
    clauses = tuple(
        tuple(v if rng.random() < 0.5 else -v for v in rng.sample(range(1, num_vars + 1), rng.randint(1, top)))
        for _ in range(max(1, round(ratio * num_vars)))
    )
    return CNF(num_vars, clauses)


def enumerate_instances(max_vars: int) -> Iterator[CNF]:
    """Every CNF over 1..max_vars variables with at most 3 distinct non-tautological clauses of width <= 2."""
    for n in range(1, max_vars + 1):
        literals = [s * v for v in range(1, n + 1) for s in (1, -1)]
        possible = [c for w in (1, 2) for c in itertools.combinations(literals, w) if not any(-l in c for l in c)]
        for count in range(1, 4):
            for chosen in itertools.combinations(possible, count):
                if {abs(l) for c in chosen for l in c} == set(range(1, n + 1)):
                    yield CNF(n, chosen)


def shrink(instance: CNF) -> Iterator[CNF]:
    clauses = [list(c) for c in instance.clauses]
    for index in range(len(clauses)):
        rest = clauses[:index] + clauses[index + 1 :]
        yield CNF(*compact_variables(rest))
    for index, clause in enumerate(clauses):
        for position in range(len(clause)):
            smaller = [c if i != index else c[:position] + c[position + 1 :] for i, c in enumerate(clauses)]
            yield CNF(*compact_variables(smaller))


def verification_sample(seed: int) -> CNF:
    """3-8 variables, clauses of widths 1-5 (about 1.2-3.5 a variable): every width a reduction
    from CNF must handle, both answers common, small enough for the brute force; one case in about
    ten with 0-2 clauses (``degenerate_sample``)."""
    rng = _random.Random(seed)
    if degenerate_sample(seed):
        whole = mixed_width_instance(rng.randrange(2**31), 3, 1.0)
        return CNF(*compact_variables([list(c) for c in whole.clauses[:rng.randint(0, 2)]]))
    return mixed_width_instance(rng.randrange(2**31), rng.randint(3, 8), rng.uniform(1.2, 3.5))


PROBLEM = Problem.of_module(
    globals(),
    id="cnf",
    title="CNF-SAT: at least one true literal in every clause (DIMACS CNF)",
    instance_type=CNF,
    certificate_doc="assignment: list of num_vars booleans (entry i-1 is variable i)",
    generators={"random": random_instance, "mixed-width": mixed_width_instance,
                "php": partial(pigeonhole, _kind=CNF), "tseitin": partial(tseitin, _kind=CNF),
                "ordering": partial(ordering, _kind=CNF)},
    default_generator="random",
    verify_deciders=("brute", "sat"),
    **SAT_FAMILY_FIELDS,
    file_model="npw.instances.models:CnfFile",
    formats=(FileFormat("dimacs", (".cnf", ".dimacs"), read="npw.instances.sat.cnf:CNF.from_dimacs",
                        write="npw.instances.sat.cnf:CNF.to_dimacs"),),
    known_answers={"php": "NO", "tseitin": "NO", "ordering": "NO"},
)
