"""How large an encoding a decider builds before it refuses: the memory bound of the deciders.

A decider that would need more than :func:`encoding_limit` clauses (or variables) refuses
the instance with :class:`~npw.solvers.result.Refused`, whose message says why and names the
limit, instead of filling memory until the system kills it (3-PARTITION's unary sums with B
near 4e10, a sliding-tile plan on a 6 x 6 board, a 30-byte CNF file declaring 10^9
variables). Two ways to stay inside it, used together where an estimate is cheap:
:func:`refuse_above` before building, and a :class:`ClauseBuffer` that stops the building
itself (at the deadline too). Nothing here imports a SAT or SMT library, so the brute-force
deciders use it as well.
"""

from __future__ import annotations

import itertools
import os
from typing import Any

from npw.solvers.result import Deadline, Refused

__all__ = ["ClauseBuffer", "ENCODING_LIMIT", "LIMIT_NAME", "MEMO_ENTRIES", "TABLE_BYTES_LIMIT", "clauses_of_formula",
           "encoding_limit", "int_bytes", "refuse_above", "refuse_table_bytes", "refuse_variables",
           "remember"]

ENCODING_LIMIT = 5_000_000
"""The most clauses (or variables) a decider builds; the environment variable
``NPW_ENCODING_LIMIT`` overrides it. In Python a short clause costs about 170 bytes, so the
default is about 1 GB before the solver's own copy."""

LIMIT_NAME = "NPW_ENCODING_LIMIT"


def encoding_limit() -> int:
    """The limit in force: ``NPW_ENCODING_LIMIT`` if set to a positive integer, else ENCODING_LIMIT.

    >>> encoding_limit() == int(os.environ.get("NPW_ENCODING_LIMIT", ENCODING_LIMIT))
    True
    """
    try:
        value = int(os.environ.get(LIMIT_NAME, ""))
    except ValueError:
        return ENCODING_LIMIT
    return value if value > 0 else ENCODING_LIMIT


def clauses_of_formula(instance: Any) -> int:
    """The bound on the clauses of a SAT-family export (the ``clause_bound`` of the DIMACS and
    SMT-LIB2 exports, :mod:`npw.solvers.exports`): one clause (assertion) per clause. Not for an
    exactly-k clause's CNF, which may simplify away (x, -x, x, -x has exactly two true always);
    that one is input-sized anyway."""
    return len(instance.clauses)


def refuse_above(estimate: int, what: str, unit: str = "clauses") -> None:
    """Raises :class:`Refused` when an encoding's size, estimated before building, passes the
    limit; ``what`` says which encoding and what makes it large.

    >>> refuse_above(10, "small")
    >>> refuse_above(10**12, "3-PARTITION's unary sums (m n B = 10^12)")
    Traceback (most recent call last):
    ...
    npw.solvers.result.Refused: 3-PARTITION's unary sums (m n B = 10^12): about 1,000,000,000,000 clauses, past the encoding limit of 5,000,000 (NPW_ENCODING_LIMIT)
    """
    limit = encoding_limit()
    if estimate > limit:
        raise Refused(f"{what}: about {estimate:,} {unit}, past the encoding limit of {limit:,} ({LIMIT_NAME})")


def refuse_variables(num_vars: int) -> None:
    """Refuses an instance with more variables than the limit (its certificate alone would
    be a tuple that long).

    >>> refuse_variables(10**9)
    Traceback (most recent call last):
    ...
    npw.solvers.result.Refused: 1,000,000,000 variables, past the encoding limit of 5,000,000 (NPW_ENCODING_LIMIT)
    """
    limit = encoding_limit()
    if num_vars > limit:
        raise Refused(f"{num_vars:,} variables, past the encoding limit of {limit:,} ({LIMIT_NAME})")


TABLE_BYTES_LIMIT = 384 * 2**20
"""The most bytes a decider's own tables may take (a dynamic program's stored sets, a search's
boards), estimated before they are built and while they grow: well inside the 1 GiB a command
may use, with room for the instance itself. Counting entries (ENCODING_LIMIT) is not enough
where one entry grows with the instance (an n-bit mask of a 100,000-vertex graph is 13 KB)."""


def int_bytes(bits: int) -> int:
    """What CPython stores for a non-negative int of ``bits`` bits (30-bit digits of 4 bytes,
    a 28-byte header): the size of one bitmask over ``bits`` elements.

    >>> int_bytes(0), int_bytes(100_000)
    (28, 13360)
    """
    return 24 + 4 * max(1, -(-bits // 30))


def refuse_table_bytes(estimate: int, what: str) -> None:
    """Raises :class:`Refused` when a decider's tables, estimated in bytes, pass TABLE_BYTES_LIMIT.

    >>> refuse_table_bytes(10**6, "small")
    >>> refuse_table_bytes(10**10, "the DP's bitmasks of 100,000 vertices")
    Traceback (most recent call last):
    ...
    npw.solvers.result.Refused: the DP's bitmasks of 100,000 vertices: about 10,000 MB, past the table limit of 384 MB (TABLE_BYTES_LIMIT)
    """
    if estimate > TABLE_BYTES_LIMIT:
        raise Refused(f"{what}: about {estimate // 10**6:,} MB, past the table limit of "
                      f"{TABLE_BYTES_LIMIT // 2**20:,} MB (TABLE_BYTES_LIMIT)")


MEMO_ENTRIES = 2_000_000
"""The most positions a search remembers as failed (a few hundred bytes each). Past it the
search goes on without remembering more: slower, never wrong, and its memory stays bounded
however long ``--timeout`` is."""


def remember(memo: set | dict, key: Any, value: Any = None) -> None:
    """Adds ``key`` to a search's memo of failed positions (a set, or a dict with ``value``)
    while it holds fewer than MEMO_ENTRIES; a key already there is always updated.

    >>> failed = set()
    >>> remember(failed, (1, 2))
    >>> failed
    {(1, 2)}
    """
    if len(memo) >= MEMO_ENTRIES and key not in memo:
        return
    if isinstance(memo, dict):
        memo[key] = value
    else:
        memo.add(key)


class ClauseBuffer(list):
    """A clause list that stops the encoder filling it: :class:`~npw.solvers.result.OutOfTime`
    once ``deadline`` passes, :class:`Refused` once it holds more than the limit. SAT encoders
    build into one, so building is bounded in time and memory even where no estimate was made
    beforehand (``append`` checks every 4096 clauses, ``extend`` and ``+=`` on every call).

    >>> clauses = ClauseBuffer(Deadline(None), limit=3)
    >>> clauses += [[1, 2], [-1]]
    >>> clauses.extend([[2], [-2]])
    Traceback (most recent call last):
    ...
    npw.solvers.result.Refused: the encoding passed 3 clauses, the encoding limit (NPW_ENCODING_LIMIT)
    """

    def __init__(self, deadline: Deadline | None = None, limit: int | None = None) -> None:
        super().__init__()
        self.deadline = deadline
        self.limit = encoding_limit() if limit is None else limit

    def check(self) -> None:
        if self.deadline is not None:
            self.deadline.check()
        if len(self) > self.limit:
            raise Refused(f"the encoding passed {self.limit:,} clauses, the encoding limit ({LIMIT_NAME})")

    def append(self, clause: Any) -> None:
        super().append(clause)
        if not len(self) & 4095:
            self.check()

    def extend(self, clauses: Any) -> None:
        if isinstance(clauses, (list, tuple)):
            super().extend(clauses)
            self.check()
            return
        iterator = iter(clauses)  # a generator (one clause per edge, say): checked every 4096 clauses
        while True:
            before = len(self)
            super().extend(itertools.islice(iterator, 4096))
            self.check()
            if len(self) - before < 4096:
                return

    def __iadd__(self, clauses: Any) -> "ClauseBuffer":  # type: ignore[override,misc]
        self.extend(clauses)
        return self
