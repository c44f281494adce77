"""Provenance of the Section 3 boards (Brunner et al.): every construction places pieces on
squares for the graph's vertices and edges, so each says once which source elements a square
belongs to (``owners``), and :func:`from_owners` turns that into the reduction's provenance
(a piece keeps the id of its starting square, ``piece:X,Y``). The transformed boards of
Corollaries 3.3-3.6 send the owners through their map; the unrestricted variants share the
restricted board's.

>>> from_owners({(0, 0): ["vertex:0"], (2, 1): ["vertex:1", "edge:0-1"]}, ["vertex:0", "vertex:1", "edge:0-1"])
{'vertex:0': ['piece:0,0'], 'vertex:1': ['piece:2,1'], 'edge:0-1': ['piece:2,1']}
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Sequence

from npw.instances.elements import piece_id

__all__ = ["Owners", "Point", "add_owner", "from_owners", "ladder_provenance"]

Point = tuple[int, int]
Owners = dict[Point, list[str]]


def add_owner(owners: Owners, square: Point, *elements: str) -> None:
    """Records that ``square``'s piece belongs to ``elements`` (a square may serve several)."""
    listed = owners.setdefault(square, [])
    listed += [e for e in elements if e not in listed]


def from_owners(owners: Mapping[Point, Sequence[str]], source_elements: Iterable[str],
                square: Callable[[Point], Point] = lambda p: p) -> dict[str, list[str]]:
    """Each source element -> the pieces on its squares (mapped by ``square`` to the target board)."""
    made: dict[str, list[str]] = {element: [] for element in source_elements}
    for point, elements in owners.items():
        for element in elements:
            made[element].append(piece_id(square(point)))
    return made


def ladder_provenance(lay: Any, source: Any) -> dict[str, list[str]]:
    """The element map of a Section 3.2 board laid out as a ladder (the ``Layout`` of
    :mod:`~npw.reductions.solochess.pm3sat_knight`, which Theorems 3.10 and 3.11 share): a variable
    -> the pieces of both its gadget's paths; a clause -> its literal pieces and its connectors."""
    from npw.instances.elements import clause_id, element_ids, var_id

    owners: Owners = {}
    for p, variable in enumerate(lay.variables):
        for path in lay.paths[p]:
            for q in path:
                add_owner(owners, q, var_id(variable))
    for c in range(len(source.clauses)):
        for q in lay.literal_squares[c] + tuple(sorted(lay.connectors[c])):
            add_owner(owners, q, clause_id(c))
    return from_owners(owners, element_ids(source.problem, source), lay.to_board)
