"""Table 1 of the Solo Chess paper (Brunner et al., "Solo Chess with unlimited moves", seed 003;
``../shared/spec/solochess.md`` restates it): the complexity of Solo Chess with one special piece
S^1 (the row) and any number of pieces of one other type T (the column), each cell with the
theorem that settles it and what in the workbench implements that theorem.

What the paper says is data here (:data:`RESULTS`); what implements it is read from the
registries at run time, never written down: a hardness cell names every registered reduction
``<source>-to-solochess-<s>-<t>`` (and its variants, ``-unrestricted`` and the like), a
polynomial cell the Solo Chess decider that runs the theorem's algorithm. A cell whose
reduction is not registered yet says so ("planned: ID").

>>> cells = {(c.special, c.other): c for c in table1()}
>>> cells["king", "pawn"].theorem, cells["king", "pawn"].implemented[0]
('3.7', 'hampath-to-solochess-king-pawn')
>>> cells["pawn", "rook"].status, cells["queen", "queen"].implemented
('open', ('decider solochess theorem2.2',))
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ALGORITHMS", "Cell", "PIECES", "RESULTS", "SOURCES", "format_table1", "table1"]

PIECES = ("pawn", "king", "knight", "rook", "bishop", "queen")

# row S^1: one (status, theorem) per column T in PIECES' order (the paper's Table 1)
RESULTS: dict[str, tuple[tuple[str, str], ...]] = {
    "pawn": (("P", "2.2"), ("P", "2.16"), ("NP-c", "3.9"), ("open", ""), ("P", "2.16"), ("P", "2.16")),
    "king": (("NP-c", "3.7"), ("P", "2.2"), ("NP-c", "3.9"), ("open", ""), ("NP-c", "3.10"), ("P", "2.16")),
    "knight": (("NP-c", "3.1"), ("NP-c", "3.1"), ("P", "2.2"), ("NP-c", "3.11"), ("NP-c", "3.11"), ("NP-c", "3.11")),
    "rook": (("NP-c", "3.2"), ("NP-c", "3.3"), ("NP-c", "3.3"), ("P", "2.2"), ("NP-c", "3.4"), ("P", "2.16")),
    "bishop": (("NP-c", "3.5"), ("NP-c", "3.5"), ("NP-c", "3.5"), ("NP-c", "3.6"), ("P", "2.2"), ("P", "2.16")),
    "queen": (("NP-c", "3.4"), ("NP-c", "3.4"), ("NP-c", "3.4"), ("NP-c", "3.6"), ("NP-c", "3.4"), ("P", "2.2")),
}

# the hardness theorems' source problem: Section 3.1 reduces from Hamiltonian path, Section 3.2
# (Theorems 3.9-3.11) from planar monotone 3SAT with each literal at most twice (Lemma B.1)
SOURCES = {"3.1": "hampath", "3.2": "hampath", "3.3": "hampath", "3.4": "hampath", "3.5": "hampath",
           "3.6": "hampath", "3.7": "hampath", "3.9": "pm3sat", "3.10": "pm3sat", "3.11": "pm3sat"}

# the polynomial theorems' deciders (npw.solvers.registry, problem solochess)
ALGORITHMS = {"2.2": "theorem2.2", "2.16": "theorem2.16"}


@dataclass(frozen=True)
class Cell:
    """One cell: S^1 = ``special``, T = ``other``; ``status`` P, NP-c or open; ``implemented``:
    the registered reductions or deciders that carry the theorem out; ``planned``: the reduction
    id the theorem will have, while none is registered."""

    special: str
    other: str
    status: str
    theorem: str
    implemented: tuple[str, ...]
    planned: tuple[str, ...]


def table1() -> list[Cell]:
    """Every cell, row by row, with what implements it now."""
    from npw.reductions.registry import reduction_ids
    from npw.solvers import backends_for

    registered = reduction_ids()
    deciders = backends_for("solochess")
    cells = []
    for special in PIECES:
        for other, (status, theorem) in zip(PIECES, RESULTS[special]):
            implemented: tuple[str, ...] = ()
            planned: tuple[str, ...] = ()
            if status == "NP-c":
                base = f"{SOURCES[theorem]}-to-solochess-{special}-{other}"
                implemented = tuple(r for r in registered if r == base or r.startswith(base + "-"))
                planned = () if base in implemented else (base,)
            elif status == "P" and ALGORITHMS[theorem] in deciders:
                implemented = (f"decider solochess {ALGORITHMS[theorem]}",)
            cells.append(Cell(special, other, status, theorem, implemented, planned))
    return cells


def format_table1(cells: list[Cell]) -> str:
    """The table as text: one block per row S^1, one line per column T.

    >>> print(format_table1([Cell("pawn", "rook", "open", "", (), ()),
    ...                      Cell("pawn", "knight", "NP-c", "3.9", (), ("pm3sat-to-solochess-pawn-knight",))]))
    Table 1 of Brunner et al., Solo Chess with unlimited moves: S^1 (row) with pieces of type T
      pawn^1
        x rook     open
        x knight   NP-c  Theorem 3.9   planned: pm3sat-to-solochess-pawn-knight
    """
    lines = ["Table 1 of Brunner et al., Solo Chess with unlimited moves: S^1 (row) with pieces of type T"]
    row = None
    for cell in cells:
        if cell.special != row:
            row = cell.special
            lines.append(f"  {row}^1")
        theorem = f"Theorem {cell.theorem}" if cell.theorem else ""
        what = ", ".join(cell.implemented + tuple(f"planned: {p}" for p in cell.planned))
        lines.append(f"    x {cell.other:<8} {cell.status:<5} {theorem:<13} {what}".rstrip())
    return "\n".join(lines)
