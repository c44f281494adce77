"""NO answers with proofs: a DRAT refutation of an instance's SAT encoding, and its checker.

A YES carries a certificate its problem's checker accepts; a NO of a SAT decider can carry a
proof of unsatisfiability. :func:`refute` builds the instance's CNF through the problem's
DIMACS export (the one ``npw solve --emit dimacs`` writes: one shared path, the text written
next to a proof is exactly it), solves it with a python-sat solver that logs a DRAT proof
(:data:`PROOF_SOLVER`, Glucose 4.2; any of :data:`PROOF_SOLVERS`) and returns both texts.

:func:`check_drat` checks such a proof and shares no code with any solver: a backward DRAT
checker of npw's own (why ours, and not one from the registries: ``docs/proofs.md``). It
parses both texts itself, verifies the empty clause by unit propagation, then walks back
through the lemmas and checks only those the refutation uses (the core): each by reverse
unit propagation (RUP) over the clauses present at its step, or failing that as a resolution
asymmetric tautology (RAT) on its first literal. Deletions are honoured, except a unit
clause's, which is ignored as drat-trim ignores it (ignoring a deletion keeps more clauses:
every check is then made against the checker's own, larger clause set, which is sound).
It has a size limit (:data:`MAX_CHECK_LITERALS`) and takes a deadline: beyond either it
answers UNKNOWN and never hangs.

What a checked proof shows is that the exported CNF is unsatisfiable; that the CNF is
equisatisfiable with the instance is the encoding's correctness (tested separately, by
deciders that do not use it agreeing with it).

>>> check_drat("p cnf 2 4\\n1 2 0\\n-1 2 0\\n1 -2 0\\n-1 -2 0\\n", "2 0\\n0\\n").verdict
'VERIFIED'
>>> check_drat("p cnf 2 2\\n1 2 0\\n-1 2 0\\n", "-2 0\\n0\\n").reason  # satisfiable: -2 is neither RUP nor RAT
'lemma (-2) at proof step 1: neither RUP nor RAT on its first literal (the resolvent with (1 2) is not RUP)'
>>> check_drat("p cnf 2 3\\n1 2 0\\n-1 2 0\\n1 -2 0\\n", "0\\n").verdict  # satisfiable: no proof
'REJECTED'
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass
from typing import Any, Sequence

from npw.instances.base import InvalidInstance
from npw.solvers.result import Answer

__all__ = ["CHECKED", "MAX_CHECK_LITERALS", "PROOF_SOLVER", "PROOF_SOLVERS", "REJECTED", "UNCHECKED", "ProofCheck",
           "Refutation", "check_drat", "encoding_dimacs", "parse_dimacs", "parse_drat", "prove_no", "refute",
           "refute_dimacs"]

PROOF_SOLVER = "g42"
"""The solver :func:`refute` runs: Glucose 4.2, which logs a text DRAT proof in this process
(MiniSat 2.2, the default decider, logs none: python-sat raises NotImplementedError)."""

PROOF_SOLVERS = ("g3", "g4", "g42", "gc3", "gc4", "cd103", "cd153", "cd195", "lgl", "mcb", "mcm")
"""python-sat solvers whose DRAT proofs (``Solver(with_proof=True)``) check, in python-sat
1.9.dev24 (tried one by one, docs/proofs.md): MiniSat, MiniCard, MinisatGH and Kissat log none
(NotImplementedError); MapleSAT (``mpl``) logs proofs that this checker and an independent one
(the ``drup`` package) both reject, so it is left out."""

MAX_CHECK_LITERALS = 5_000_000
"""The most literals (formula and proof together) :func:`check_drat` takes (some 500 MB of
Python lists, a minute or more of this checker); beyond it the answer is UNKNOWN, refused,
before anything is checked. Larger proofs are for drat-trim (the proof and its CNF are files)."""

QUICK_PROPAGATIONS = 200_000
"""Propagations of the proof solver's first run in this process (a verifier case needs
hundreds); a formula that needs more is solved again in a child process killed at the deadline."""

_BUDGETED = ("glucose3", "glucose4", "glucose42", "gluecard3", "gluecard4", "maplechrono", "maplecm")
"""Proof solvers that keep to a propagation budget (CaDiCaL and Lingeling raise NotImplementedError)."""

CHECKED = "VERIFIED"
REJECTED = "REJECTED"
UNCHECKED = "UNKNOWN"

_DEADLINE_EVERY = 2048  # propagations between two looks at the clock


@dataclass(frozen=True)
class ProofCheck:
    """What :func:`check_drat` found.

    ``verdict``: ``"VERIFIED"`` (the proof refutes the formula), ``"REJECTED"`` (it does not:
    ``reason`` says at which step and why) or ``"UNKNOWN"`` (not checked: beyond the size limit
    or the deadline, or a binary proof). ``lemmas``: lemmas read; ``core``: those the refutation
    uses (each checked); ``rat``: of them, checked as RAT; ``deletions``: deletions applied
    (``ignored_deletions``: of unit clauses, or of clauses not present).
    """

    verdict: str
    reason: str
    lemmas: int = 0
    core: int = 0
    rat: int = 0
    deletions: int = 0
    ignored_deletions: int = 0
    seconds: float = 0.0

    @property
    def verified(self) -> bool:
        return self.verdict == CHECKED


@dataclass(frozen=True)
class Refutation:
    """What :func:`refute` gives: the ``answer`` of the CNF (``NO`` with ``proof``, the DRAT text;
    ``YES`` when the CNF is satisfiable; ``UNKNOWN`` out of time or refused, ``reason`` saying
    which), the CNF as DIMACS text (``dimacs``: what the proof refers to), the ``solver`` and
    the seconds it took."""

    answer: Answer
    dimacs: str
    proof: str | None
    solver: str
    seconds: float
    reason: str = ""


class _OutOfTime(Exception):
    pass


class _Malformed(Exception):
    pass


# -- reading the two texts (our own parser: nothing of the solver's, nor of npw's CNF class) -----

def _clauses_of(tokens: Sequence[str], what: str, budget: list[int], deletions: bool,
                deadline: float | None = None) -> list[tuple[bool, list[int]]]:
    """Clauses ended by 0 from ``tokens``; with ``deletions``, a ``d`` opens a deletion."""
    found: list[tuple[bool, list[int]]] = []
    current: list[int] = []
    deleting = False
    for number, token in enumerate(tokens):
        if number % 65536 == 0 and deadline is not None and time.perf_counter() > deadline:
            raise _OutOfTime
        if deletions and token[0] == "d":
            if current or deleting:
                raise _Malformed(f"{what}: 'd' inside a clause")
            deleting = True
            token = token[1:]
            if not token:
                continue
        try:
            literal = int(token)
        except ValueError:
            raise _Malformed(f"{what}: {token[:20]!r} is not a literal") from None
        if literal == 0:
            found.append((deleting, current))
            current, deleting = [], False
            continue
        budget[0] -= 1
        if budget[0] < 0:
            raise OverflowError
        current.append(literal)
    if current or deleting:
        raise _Malformed(f"{what}: its last clause is not ended by 0 (a truncated file?)")
    return found


def parse_dimacs(text: str, max_literals: int = MAX_CHECK_LITERALS, deadline: float | None = None) -> list[list[int]]:
    """The clauses of a DIMACS CNF text (``p cnf`` header required; ``c`` lines anywhere; a ``%``
    line ends the formula, as in SATLIB's files).

    >>> parse_dimacs("c x\\np cnf 3 2\\n1 -2 0 3\\n0\\n")
    [[1, -2], [3]]
    """
    budget = [max_literals]
    header = False
    tokens: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped[0] == "c":
            continue
        if stripped[0] == "%":
            break
        if stripped[0] == "p":
            parts = stripped.split()
            if header or len(parts) != 4 or parts[1] != "cnf":
                raise InvalidInstance(f"DIMACS: bad header line {stripped[:40]!r}")
            header = True
            continue
        if not header:
            raise InvalidInstance("DIMACS: clauses before the 'p cnf' header line")
        tokens.extend(stripped.split())
    if not header:
        raise InvalidInstance("DIMACS: no 'p cnf' header line")
    try:
        return [clause for _, clause in _clauses_of(tokens, "DIMACS", budget, False, deadline)]
    except _Malformed as error:
        raise InvalidInstance(str(error)) from None
    except OverflowError:
        raise InvalidInstance(f"DIMACS: more than {max_literals:,} literals") from None


def parse_drat(text: str, max_literals: int = MAX_CHECK_LITERALS,
               deadline: float | None = None) -> list[tuple[bool, list[int]]]:
    """The steps of a text DRAT proof: (is a deletion, literals); ``c`` lines are comments.

    >>> parse_drat("1 2 0\\nd 1 2 0\\n0\\n")
    [(False, [1, 2]), (True, [1, 2]), (False, [])]
    """
    tokens = [token for line in text.splitlines() if line.strip() and line.lstrip()[0] != "c"
              for token in line.split()]
    try:
        return _clauses_of(tokens, "DRAT proof", [max_literals], True, deadline)
    except _Malformed as error:
        raise InvalidInstance(str(error)) from None
    except OverflowError:
        raise InvalidInstance(f"DRAT proof: more than {max_literals:,} literals") from None


# -- the checker ------------------------------------------------------------------------------

class _Checker:
    """Backward DRAT checking over watched literals.

    Literals are numbered densely (2 v + sign, v in order of first appearance), so a proof
    naming variable 10^12 allocates nothing more. Every clause has the step it was added at
    (-1: the formula) and the step it was deleted at; a check at step t sees the clauses
    added before t and not yet deleted. Each check starts from the empty assignment, so any
    two literals of a clause are valid watches, and the watch lists (clauses moved as they
    propagate) hold every clause of two literals or more whether present at t or not.
    """

    def __init__(self, formula: list[list[int]], steps: list[tuple[bool, list[int]]], deadline: float | None) -> None:
        self.deadline = deadline
        self.ticks = 0
        index: dict[int, int] = {}
        for number, clause in enumerate(itertools.chain(formula, (literals for _, literals in steps))):
            for literal in clause:
                if literal not in index:  # both signs numbered at once: 2 v (true), 2 v + 1 (negated)
                    variable = 2 * (len(index) // 2)
                    index[abs(literal)], index[-abs(literal)] = variable, variable + 1
            if number % 4096 == 0:
                self._on_time()
        self.index = index
        size = len(self.index)
        self.value = bytearray(size)  # literal -> 1 when true (the backward checks' assignment)
        self.reason = [-1] * (size // 2)
        self.seen = bytearray(size // 2)
        self.watches: list[list[int]] = [[] for _ in range(size)]
        self.units: list[int] = []
        self.occurs: list[list[int]] = [[] for _ in range(size)]
        self.clauses: list[list[int]] = []
        self.added: list[int] = []
        self.deleted: list[int] = []
        self.core = bytearray()
        self.pivots: dict[int, int] = {}  # lemma clause -> its first literal as written (RAT's pivot)
        self.lemma_at: list[int] = []  # step -> clause id of its lemma (-1: a deletion)
        self.ignored = 0
        self.applied = 0
        self.empty_at: int | None = None
        self.formula_empty = False
        # the forward pass's top-level assignment: what unit propagation derives from the clauses
        # present; it only grows, since the deletion of a clause that is the reason of one of its
        # literals is ignored (as drat-trim does; solvers delete such clauses once satisfied)
        self.root = bytearray(size)
        self.root_reason = [-1] * (size // 2)
        self.root_trail: list[int] = []
        self.root_head = 0
        self.root_conflict = False
        self.forever = len(steps) + 1
        self.units_step = self.forever + 1
        live: dict[tuple[int, ...], list[int]] = {}
        for number, clause in enumerate(formula):
            if number % 4096 == 0:
                self._on_time()
            ident = self._store(clause, -1)
            if ident is None:
                self.formula_empty = self.formula_empty or not clause
                continue
            live.setdefault(tuple(sorted(self.clauses[ident])), []).append(ident)
        self.end = 0 if self.root_conflict else None
        for step, (deletion, literals) in enumerate(steps):
            if self.end is not None:
                break
            if step % 4096 == 0:
                self._on_time()
            if deletion:
                self.lemma_at.append(-1)
                key = tuple(sorted({self.index[literal] for literal in literals}))
                copies = live.get(key)
                if not copies or self._is_reason(copies[-1]):  # not present, or a reason at the top level
                    self.ignored += 1
                    continue
                self.deleted[copies.pop()] = step
                self.applied += 1
                continue
            if not literals:
                self.lemma_at.append(-1)
                self.empty_at = self.end = step
                break
            ident = self._store(literals, step)
            self.lemma_at.append(-1 if ident is None else ident)
            if ident is not None:
                self.pivots[ident] = self._lit(literals[0])
                live.setdefault(tuple(sorted(self.clauses[ident])), []).append(ident)
            if self.root_conflict:  # unit propagation refutes the clauses now: the end, as if 0 came next
                self.end = step + 1
        if self.end is None:
            self.end = len(self.lemma_at)

    def _is_reason(self, ident: int) -> bool:
        return any(self.root[literal] and self.root_reason[literal >> 1] == ident for literal in self.clauses[ident])

    def _root_assign(self, literal: int, why: int) -> None:
        if self.root[literal]:
            return
        if self.root[literal ^ 1]:
            self.root_conflict = True
            return
        self.root[literal] = 1
        self.root_reason[literal >> 1] = why
        self.root_trail.append(literal)

    def _root_propagate(self) -> None:
        """Unit propagation of the top-level assignment over the clauses present (forward pass)."""
        root, watches, clauses, deleted, forever = self.root, self.watches, self.clauses, self.deleted, self.forever
        while not self.root_conflict and self.root_head < len(self.root_trail):
            false = self.root_trail[self.root_head] ^ 1
            self.root_head += 1
            watching = watches[false]
            i = j = 0
            count = len(watching)
            while i < count:
                ident = watching[i]
                i += 1
                self._tick()
                watching[j] = ident
                j += 1
                if deleted[ident] != forever:
                    continue
                clause = clauses[ident]
                if clause[0] == false:
                    clause[0], clause[1] = clause[1], false
                if root[clause[0]]:
                    continue
                for k in range(2, len(clause)):
                    if not root[clause[k] ^ 1]:
                        clause[1], clause[k] = clause[k], false
                        watches[clause[1]].append(ident)
                        j -= 1
                        break
                else:
                    self._root_assign(clause[0], ident)
                    if self.root_conflict:
                        while i < count:
                            watching[j] = watching[i]
                            i += 1
                            j += 1
            del watching[j:]

    def _lit(self, literal: int) -> int:
        return self.index[literal]

    def _store(self, literals: Sequence[int], added: int) -> int | None:
        """Stores a clause (duplicate literals once) and propagates it at the top level; None
        for a tautology, which can never propagate nor conflict (and for an empty clause)."""
        index = self.index
        clause = list(dict.fromkeys([index[literal] for literal in literals]))
        members = set(clause)  # a set: a clause of a million literals is not checked in quadratic time
        if not clause or any(literal ^ 1 in members for literal in clause):
            return None
        root = self.root
        clause.sort(key=lambda literal: 0 if root[literal] else 2 if root[literal ^ 1] else 1)  # watch non-false ones
        ident = len(self.clauses)
        self.clauses.append(clause)
        self.added.append(added)
        self.deleted.append(self.forever)
        self.core.append(0)
        for literal in clause:
            self.occurs[literal].append(ident)
        if len(clause) == 1:
            self.units.append(ident)
        else:
            self.watches[clause[0]].append(ident)
            self.watches[clause[1]].append(ident)
        if not self.root_conflict and not root[clause[0]] and (len(clause) == 1 or root[clause[1] ^ 1]):
            self._root_assign(clause[0], ident)  # unit (or falsified) under the top-level assignment
            self._root_propagate()
        return ident

    def present(self, ident: int, step: int) -> bool:
        return self.added[ident] < step < self.deleted[ident]

    def _tick(self) -> None:
        self.ticks += 1
        if self.ticks % _DEADLINE_EVERY == 0:
            self._on_time()

    def _on_time(self) -> None:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _OutOfTime

    def rup(self, literals: Sequence[int], step: int) -> bool:
        """Whether falsifying ``literals`` (dense numbers) and propagating the clauses present at
        ``step`` gives a conflict; the clauses the conflict rests on are marked core."""
        value, reason, watches, clauses = self.value, self.reason, self.watches, self.clauses
        added, deleted = self.added, self.deleted
        trail: list[int] = []
        ticks = 0
        conflict = -2  # -2: none yet; -1: the lemma's own literals clash; else the conflicting clause

        def assign(literal: int, why: int) -> bool:
            if value[literal]:
                return True
            if value[literal ^ 1]:
                return False
            value[literal] = 1
            reason[literal >> 1] = why
            trail.append(literal)
            return True

        try:
            for literal in literals:
                if not assign(literal ^ 1, -1):
                    conflict = -1
                    break
            if conflict == -2:
                if step < self.units_step:  # the backward pass only goes back: later lemmas never return
                    self.units = [ident for ident in self.units if added[ident] < step]
                    self.units_step = step
                for ident in self.units:
                    if step < deleted[ident] and not assign(clauses[ident][0], ident):
                        conflict = ident
                        break
            head = 0
            while conflict == -2 and head < len(trail):
                false = trail[head] ^ 1
                head += 1
                watching = watches[false]
                i = j = 0
                count = len(watching)
                ticks += count
                if ticks > _DEADLINE_EVERY:
                    ticks = 0
                    self._on_time()
                while i < count:
                    ident = watching[i]
                    i += 1
                    if added[ident] >= step:
                        continue  # a later lemma: the backward pass never needs it again, so it leaves the list
                    if step >= deleted[ident]:
                        watching[j] = ident  # deleted by now, present again at earlier steps
                        j += 1
                        continue
                    clause = clauses[ident]
                    if clause[0] == false:
                        clause[0], clause[1] = clause[1], false
                    other = clause[0]
                    if value[other]:
                        watching[j] = ident
                        j += 1
                        continue
                    for k in range(2, len(clause)):
                        if not value[clause[k] ^ 1]:
                            clause[1], clause[k] = clause[k], false
                            watches[clause[1]].append(ident)
                            break
                    else:
                        watching[j] = ident
                        j += 1
                        if not assign(other, ident):
                            conflict = ident
                            while i < count:
                                watching[j] = watching[i]
                                i += 1
                                j += 1
                del watching[j:]
            if conflict == -2:
                return False
            if conflict >= 0:
                self._analyse(conflict)
            return True
        finally:
            for literal in trail:
                value[literal] = 0

    def _analyse(self, conflict: int) -> None:
        """Marks the conflicting clause and every reason the conflict goes back to as core."""
        seen, reason, clauses = self.seen, self.reason, self.clauses
        self.core[conflict] = 1
        marked = []
        for literal in clauses[conflict]:
            seen[literal >> 1] = 1
            marked.append(literal >> 1)
        pending = list(marked)
        while pending:
            variable = pending.pop()
            why = reason[variable]
            if why < 0:
                continue
            self.core[why] = 1
            for literal in clauses[why]:
                if not seen[literal >> 1]:
                    seen[literal >> 1] = 1
                    marked.append(literal >> 1)
                    pending.append(literal >> 1)
        for variable in marked:
            seen[variable] = 0

    def rat(self, ident: int, step: int) -> str | None:
        """None when the lemma is RAT on its pivot at ``step``, else why not."""
        lemma = self.clauses[ident]
        pivot = self.pivots[ident]
        mine = set(lemma)
        for other in self.occurs[pivot ^ 1]:
            if not self.present(other, step):
                continue
            resolvent = list(lemma) + [literal for literal in self.clauses[other]
                                       if literal != pivot ^ 1 and literal not in mine]
            if any(literal ^ 1 in mine for literal in self.clauses[other] if literal != pivot ^ 1):
                continue  # a tautology
            if not self.rup(resolvent, step):
                return f"neither RUP nor RAT on its first literal (the resolvent with {self._text(other)} is not RUP)"
            self.core[other] = 1
        return None

    def _text(self, ident: int) -> str:
        names = {number: literal for literal, number in self.index.items()}
        literals = [names[literal] for literal in self.clauses[ident]]
        return "(" + " ".join(map(str, sorted(literals, key=abs))) + ")"  # the watches reorder a clause

    def check(self) -> tuple[str, str, int, int]:
        """(verdict, reason, core lemmas, of them RAT)."""
        if self.formula_empty:
            return CHECKED, "the formula holds the empty clause", 0, 0
        self._on_time()
        if not self.rup((), self.end):
            where = "the proof has no empty clause and " if self.empty_at is None else ""
            return REJECTED, f"{where}unit propagation over the clauses present at its end finds no conflict", 0, 0
        core = rats = 0
        for step in range(self.end - 1, -1, -1):
            ident = self.lemma_at[step]
            if ident < 0 or not self.core[ident]:
                continue
            core += 1
            self._on_time()  # once a lemma too: a short proof has fewer propagations than a look at the clock
            if self.rup(self.clauses[ident], step):
                continue
            why = self.rat(ident, step)
            if why is not None:
                return REJECTED, f"lemma {self._text(ident)} at proof step {step + 1}: {why}", core, rats
            rats += 1
        return CHECKED, "the empty clause follows: every lemma the refutation uses is RUP or RAT", core, rats


def check_drat(dimacs: str, proof: str, timeout: float | None = None,
               max_literals: int = MAX_CHECK_LITERALS) -> ProofCheck:
    """Checks a text DRAT ``proof`` of the unsatisfiability of the DIMACS CNF ``dimacs``.

    Parameters
    ----------
    dimacs : str
        The formula, DIMACS CNF text.
    proof : str
        The proof: text DRAT (lemmas ``l1 l2 0``, deletions ``d l1 l2 0``, comments ``c``).
    timeout : float, optional
        Seconds; past them the verdict is ``"UNKNOWN"``.
    max_literals : int
        The most literals of formula and proof together; beyond, ``"UNKNOWN"``, unchecked.

    Returns
    -------
    ProofCheck
        ``"VERIFIED"``, ``"REJECTED"`` (a malformed text too) or ``"UNKNOWN"``, with why.

    Examples
    --------
    >>> php = "p cnf 2 3\\n1 0\\n2 0\\n-1 -2 0\\n"  # two pigeons, one hole
    >>> check_drat(php, "0\\n").verdict, check_drat(php, "").verdict
    ('VERIFIED', 'VERIFIED')
    >>> check_drat(php, "0\\n", max_literals=3).reason
    'refused: more than 3 literals in the formula and the proof (the limit: MAX_CHECK_LITERALS)'
    """
    start = time.perf_counter()

    def done(verdict: str, reason: str, **counts: Any) -> ProofCheck:
        return ProofCheck(verdict, reason, seconds=time.perf_counter() - start, **counts)

    deadline = None if timeout is None else start + timeout
    if "\0" in proof[:4096] or any(ord(c) > 127 for c in proof[:64]):
        return done(UNCHECKED, "a binary DRAT proof: only text DRAT is read")
    try:
        formula = parse_dimacs(dimacs, max_literals, deadline)
        steps = parse_drat(proof, max_literals - sum(map(len, formula)), deadline)
    except _OutOfTime:
        return done(UNCHECKED, f"out of time after {timeout:g} s (reading the texts)")
    except InvalidInstance as error:
        if "more than" in str(error):
            return done(UNCHECKED, f"refused: more than {max_literals:,} literals in the formula and the proof "
                                   f"(the limit: MAX_CHECK_LITERALS)")
        return done(REJECTED, f"malformed: {error}")
    lemmas = sum(1 for deletion, _ in steps if not deletion)
    try:
        checker = _Checker(formula, steps, deadline)
        verdict, reason, core, rats = checker.check()
    except _OutOfTime:
        return done(UNCHECKED, f"out of time after {timeout:g} s", lemmas=lemmas)
    return done(verdict, reason, lemmas=lemmas, core=core, rat=rats, deletions=checker.applied,
                ignored_deletions=checker.ignored)


# -- making a proof ---------------------------------------------------------------------------

def encoding_dimacs(instance: Any) -> str:
    """The instance's SAT encoding as DIMACS text: its problem's ``dimacs`` export, what
    ``npw solve FILE --emit dimacs`` writes (a problem without one is refused).

    >>> from npw.instances.sat.cnf import CNF
    >>> encoding_dimacs(CNF(1, [(1,), (-1,)])).splitlines()[-3:]
    ['p cnf 1 2', '1 0', '-1 0']
    """
    from npw.solvers import export, export_formats

    if "dimacs" not in export_formats(instance.problem):
        raise InvalidInstance(f"{instance.problem} has no DIMACS export (no SAT encoding to prove a NO with)")
    return export(instance, "dimacs")


def _solve_logged(clauses: list[list[int]], solver: str, propagations: int | None) -> tuple[bool | None, Any]:
    """(satisfiable, the proof lines or the model); None when ``propagations`` ran out."""
    from pysat.solvers import Solver

    from npw.solvers.sat import alarm_kept

    with alarm_kept(), Solver(name=solver, bootstrap_with=clauses, with_proof=True) as sat:
        if propagations is None:
            outcome = sat.solve()
        else:
            sat.prop_budget(propagations)
            outcome = sat.solve_limited()
        if outcome is None:
            return None, None
        return bool(outcome), (sat.get_model() if outcome else list(sat.get_proof()))


def refute_dimacs(dimacs: str, timeout: float | None = None, solver: str = PROOF_SOLVER) -> Refutation:
    """Solves a DIMACS CNF with proof logging (see :func:`refute`).

    >>> refutation = refute_dimacs("p cnf 1 2\\n1 0\\n-1 0\\n")
    >>> refutation.answer.value, check_drat(refutation.dimacs, refutation.proof).verdict
    ('NO', 'VERIFIED')
    """
    from npw.solvers.child import call_with_deadline
    from npw.solvers.sat import solver_key, solver_name

    start = time.perf_counter()
    name = solver_name(solver)
    if solver_key(name) not in {solver_key(known) for known in PROOF_SOLVERS}:
        raise InvalidInstance(f"SAT solver {solver!r} logs no DRAT proof in python-sat (use one of "
                              f"{', '.join(PROOF_SOLVERS)})")
    clauses = parse_dimacs(dimacs)

    def result(answer: Answer, proof: str | None = None, reason: str = "") -> Refutation:
        return Refutation(answer, dimacs, proof, name, time.perf_counter() - start, reason)

    if any(not clause for clause in clauses):
        return result(Answer.NO, "0\n")  # the formula holds the empty clause: the proof is the empty clause
    outcome = value = None
    if solver_key(name) in _BUDGETED:
        outcome, value = _solve_logged(clauses, name, QUICK_PROPAGATIONS)
    if outcome is None:  # a hard formula, or a solver with no budget: in a child process killed at the deadline
        remaining = None if timeout is None else timeout - (time.perf_counter() - start)
        if remaining is not None and remaining <= 0:
            return result(Answer.UNKNOWN, reason=f"out of time after {timeout:g} s")
        finished, pair = call_with_deadline(_solve_logged, (clauses, name, None), remaining)
        if not finished:
            return result(Answer.UNKNOWN, reason=f"out of time after {timeout:g} s")
        outcome, value = pair
    if outcome:
        return result(Answer.YES, reason="the CNF is satisfiable")
    return result(Answer.NO, "".join(line + "\n" for line in value))


def refute(instance: Any, timeout: float | None = None, solver: str = PROOF_SOLVER) -> Refutation:
    """A DRAT proof that ``instance``'s SAT encoding (:func:`encoding_dimacs`) is unsatisfiable.

    Parameters
    ----------
    instance : Any
        An instance of a problem with a DIMACS export.
    timeout : float, optional
        Seconds for the solver; out of time, the answer is UNKNOWN.
    solver : str
        A python-sat solver of :data:`PROOF_SOLVERS`.

    Returns
    -------
    Refutation
        NO with the proof; YES where the encoding is satisfiable (no proof); UNKNOWN.

    Examples
    --------
    >>> from npw.instances.sat.one_in_three_sat import OneInThreeSat
    >>> refutation = refute(OneInThreeSat(3, [(1, 2, 3), (-1, -2, -3)]))
    >>> refutation.answer.value, refutation.proof.endswith("0\\n")
    ('NO', True)
    """
    return refute_dimacs(encoding_dimacs(instance), timeout, solver)


def prove_no(instance: Any, timeout: float | None = None) -> tuple[Refutation, ProofCheck | None]:
    """:func:`refute` then :func:`check_drat`: the NO of ``instance`` proved and the proof
    checked, each within ``timeout`` seconds (None for the check where there is no proof).

    >>> from npw.instances.sat.cnf import CNF
    >>> refutation, check = prove_no(CNF(2, [(1, 2), (-1, 2), (1, -2), (-1, -2)]))
    >>> refutation.answer.value, check.verdict
    ('NO', 'VERIFIED')
    """
    refutation = refute(instance, timeout)
    if refutation.answer is not Answer.NO or refutation.proof is None:
        return refutation, None
    return refutation, check_drat(refutation.dimacs, refutation.proof, timeout)
