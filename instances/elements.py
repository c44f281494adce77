"""The element ids of an instance: the names a reduction's provenance and a renderer share.

An element id is ``"KIND:KEY"`` (see ``npw.reductions.base.Provenance``). Every problem that
is the source or target of a registered reduction names a function of this module as its
record's ``elements`` (``Problem.elements``), and its renderer (``Problem.renderer``) puts each id
on what it draws as ``data-el="ID"``.
Ids name what stays the same while a certificate is played, so a page can move a thing by
its id:

* SAT family (cnf, 3sat, 1in3sat, 224sat, nae3sat, nae4sat, pm3sat, pm3sat-2occ, planar3sat): ``var:K`` (K = 1..num_vars) and ``clause:I``
  (I = 0-based position in the clause list);
* Hamiltonian path and its variants, and the classic graph problems (indset, vertexcover, clique,
  domset, coloring), Hamiltonian cycle (hamcycle): ``vertex:V`` and ``edge:U-V`` (the edge as
  stored, U < V);
* directed Hamiltonian cycle (dhamcycle): ``vertex:V`` and ``arc:U-V`` (from U to V);
* 3-PARTITION, 4-PARTITION, SUBSET SUM, PARTITION: ``number:I`` (the 0-based index a certificate uses);
* KNAPSACK, BIN PACKING: ``item:I`` (the 0-based index a certificate uses);
* feedback vertex set (fvs, a digraph): ``vertex:V`` and ``arc:U-V`` (the arc from U to V);
* SET COVER: ``element:I`` (I = 0..universe-1) and ``set:J`` (the index a certificate uses, as X3C);
* REL: ``vertex:NAME``, ``edge:I`` (the edge's index, as a walk names it) and ``element:NAME``
  (an element keeps its name wherever it is shipped);
* Solo Chess: ``piece:X,Y``, the piece's *starting* square (a piece keeps it while it captures);
* nPUZ and the numbered torus puzzle: ``tile:N`` (a tile keeps its number);
* BWP: ``cell:R,C`` for each black piece, named by its starting cell;
* 3DM: ``w:I``, ``x:I``, ``y:I`` (I = 0..q-1) and ``triple:T`` (the index a certificate uses);
* X3C: ``element:I`` (I = 0..3q-1) and ``set:T`` (the index a certificate uses).

>>> from npw.instances.sat.one_in_three_sat import OneInThreeSat
>>> element_ids("1in3sat", OneInThreeSat(3, [(1, -2, 3)]))
['var:1', 'var:2', 'var:3', 'clause:0']
>>> from npw.instances.numbers.three_partition import ThreePartition
>>> element_ids("3partition", ThreePartition((2, 2, 3), 7))
['number:0', 'number:1', 'number:2']
>>> element_ids("tsp", None)
Traceback (most recent call last):
    ...
npw.instances.base.InvalidInstance: problem 'tsp' declares no element ids (known: cnf, 3sat, ...)
"""

from __future__ import annotations

from typing import Any

from npw.instances.base import InvalidInstance

__all__ = ["arc_id", "binpacking_elements", "bwp_elements", "cell_id", "clause_id", "digraph_elements", "edge_id",
           "element_id", "element_ids", "graph_elements", "item_id", "knapsack_elements", "npuz_elements",
           "number_elements", "number_id", "piece_id", "rel_elements", "sat_elements", "set_id", "setcover_elements",
           "solochess_elements", "three_dm_elements", "tile_id", "torus_elements", "triple_id", "var_id", "vertex_id",
           "x3c_elements"]


def var_id(variable: int) -> str:
    return f"var:{variable}"


def clause_id(index: int) -> str:
    return f"clause:{index}"


def vertex_id(vertex: Any) -> str:
    return f"vertex:{vertex}"


def edge_id(edge: Any) -> str:
    """``edge:U-V`` for a graph's edge (a pair), ``edge:I`` for an edge named by its index (REL)."""
    if isinstance(edge, tuple):
        return f"edge:{edge[0]}-{edge[1]}"
    return f"edge:{edge}"


def arc_id(arc: tuple[int, int]) -> str:
    """``arc:U-V`` for a digraph's arc from U to V."""
    return f"arc:{arc[0]}-{arc[1]}"


def number_id(index: int) -> str:
    return f"number:{index}"


def item_id(index: int) -> str:
    return f"item:{index}"


def triple_id(index: int) -> str:
    return f"triple:{index}"


def set_id(index: int) -> str:
    return f"set:{index}"


def element_id(name: str) -> str:
    return f"element:{name}"


def piece_id(square: tuple[int, int]) -> str:
    return f"piece:{square[0]},{square[1]}"


def tile_id(tile: int) -> str:
    return f"tile:{tile}"


def cell_id(row: int, col: int) -> str:
    return f"cell:{row},{col}"


def sat_elements(instance: Any) -> list[str]:
    count = instance.num_clauses if hasattr(instance, "num_clauses") else len(instance.clauses)
    return [var_id(v) for v in range(1, instance.num_vars + 1)] + [clause_id(i) for i in range(count)]


def graph_elements(instance: Any) -> list[str]:
    return [vertex_id(v) for v in range(instance.num_vertices)] + [edge_id(tuple(e)) for e in instance.edges]


def digraph_elements(instance: Any) -> list[str]:
    # dhamcycle keeps its arcs in ``edges`` (the Hamiltonian room's field), fvs in ``arcs``
    arcs = instance.arcs if hasattr(instance, "arcs") else instance.edges
    return [vertex_id(v) for v in range(instance.num_vertices)] + [arc_id(tuple(a)) for a in arcs]


def setcover_elements(instance: Any) -> list[str]:
    return [element_id(str(e)) for e in range(instance.universe)] + [set_id(j) for j in range(len(instance.sets))]


def number_elements(instance: Any) -> list[str]:
    return [number_id(i) for i in range(len(instance.numbers))]


def knapsack_elements(instance: Any) -> list[str]:
    return [item_id(i) for i in range(len(instance.weights))]


def rel_elements(instance: Any) -> list[str]:
    return ([vertex_id(v) for v in instance.vertices] + [edge_id(i) for i in range(len(instance.edges))]
            + [element_id(e) for e in instance.elements])


def solochess_elements(instance: Any) -> list[str]:
    return [piece_id((p.x, p.y)) for p in instance.pieces]


def npuz_elements(instance: Any) -> list[str]:
    return [tile_id(t) for t in instance.start if t != 0]


def torus_elements(instance: Any) -> list[str]:
    return [tile_id(t) for t in instance.cells]


def bwp_elements(instance: Any) -> list[str]:
    return [cell_id(*divmod(i, instance.cols)) for i, black in enumerate(instance.start) if black]


def three_dm_elements(instance: Any) -> list[str]:
    return ([f"{kind}:{i}" for kind in "wxy" for i in range(instance.q)]
            + [triple_id(t) for t in range(len(instance.triples))])


def x3c_elements(instance: Any) -> list[str]:
    return [element_id(str(e)) for e in range(instance.universe)] + [set_id(t) for t in range(len(instance.sets))]


def binpacking_elements(instance: Any) -> list[str]:
    return [item_id(i) for i in range(len(instance.sizes))]


def element_ids(problem_id: str, instance: Any) -> list[str]:
    """The ids of ``instance``'s elements, in a stable order: what its problem's record declares
    (``Problem.elements``, one of the functions above for the built-in problems)."""
    from npw.instances.registry import get_problem

    elements = get_problem(problem_id).elements if problem_id in _known() else None
    if elements is None:
        known = ", ".join(p for p in _known() if get_problem(p).elements is not None)
        raise InvalidInstance(f"problem {problem_id!r} declares no element ids (known: {known})")
    return elements(instance)


def _known() -> list[str]:
    from npw.instances.registry import problem_ids

    return problem_ids()
