"""Unsatisfiable CNF formulas whose answer is NO by a proof about the construction, not by a
solver's word, and that stay hard for resolution-based (CDCL) solvers as they grow:

* :func:`pigeonhole` PHP(h+1, h): h+1 pigeons, each in one of h holes, no two in one hole.
  Unsatisfiable by counting; every resolution refutation has size 2^Omega(h) (Haken, "The
  intractability of resolution", TCS 39, 1985).
* :func:`tseitin`: Tseitin's parity formulas (Tseitin 1968) on a random d-regular graph (networkx's
  ``random_regular_graph``, seeded): a variable per edge, at each vertex the parity of its edges
  equals the vertex's charge, the charges of a connected component adding up to an odd number.
  Each edge is counted at both its ends, so the sum over a component of its vertices' parities is
  even: no assignment meets an odd total. Random regular graphs are expanders with high
  probability, where resolution needs size 2^Omega(n) (Urquhart, "Hard examples for resolution",
  JACM 34, 1987; Ben-Sasson & Wigderson, JACM 48, 2001). Degree 3 gives clauses of 3 literals:
  :func:`tseitin_3sat` is the same formula as a 3-SAT instance.
* :func:`ordering`: the ordering principle OP_n (GT_n with ``total``; Krishnamurthy 1985): a
  strict order on n elements (x_ij "i before j": antisymmetric, transitive) in which every
  element has one before it. A finite order has a minimal element, so it is unsatisfiable. It has
  polynomial resolution refutations (Staalmarck 1996) but no short tree-like ones (Bonet &
  Galesi 2001): a family for solvers whose heuristics miss the short proof, not one that is
  hard for resolution itself.

``scramble`` (the default) renames the variables, flips their signs and shuffles the clauses and
their literals by the seed: unsatisfiability survives every such renaming, and a solver cannot
profit from the textbook numbering. Sizes are bounded before anything is built (the clauses times
their width within :data:`~npw.instances.base.MAX_GENERATED_LITERALS`).

The generators build the problem's own instance type, handed in by the problem's module as
``_kind`` (``functools.partial``; this module imports no problem module, which import it):

>>> from npw.instances.registry import get_problem
>>> get_problem("cnf").generate("php", seed=0, holes=3).size()
{'variables': 12, 'clauses': 22}
"""

from __future__ import annotations

import itertools
import random as _random
from typing import Any, Callable, Sequence

from npw.instances.base import MAX_GENERATED_LITERALS, InvalidInstance, Param, takes

__all__ = ["MAX_HOLES", "MAX_ORDERING_ELEMENTS", "MAX_TSEITIN_DEGREE", "ordering", "pigeonhole", "scrambled",
           "tseitin", "tseitin_3sat", "tseitin_charges"]

MAX_HOLES = 100  # PHP(101, 100): 10,100 variables, 505,101 clauses
MAX_ORDERING_ELEMENTS = 90  # OP_90: 8,010 variables, 708,975 clauses (2.1 million literals)
MAX_TSEITIN_DEGREE = 8  # 2^(d-1) clauses of d literals a vertex: 128 at degree 8


def _check_literals(clauses: int, width: int, what: str) -> None:
    if clauses * width > MAX_GENERATED_LITERALS:
        raise InvalidInstance(f"{what}: {clauses} clauses of up to {width} literals exceed the limit "
                              f"{MAX_GENERATED_LITERALS} literals (MAX_GENERATED_LITERALS)")


def scrambled(rng: _random.Random, num_vars: int, clauses: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """The clauses with the variables renamed by a random permutation, each variable's sign
    flipped by a coin, the clauses and the literals inside each shuffled: satisfiable exactly when
    the input is (an assignment maps to one of the image).

    >>> rng = _random.Random(1)
    >>> sorted(sorted(map(abs, c)) for c in scrambled(rng, 2, [(1, 2), (-1,)]))
    [[1, 2], [2]]
    """
    names = list(range(1, num_vars + 1))
    rng.shuffle(names)
    signs = [1 if rng.random() < 0.5 else -1 for _ in range(num_vars)]
    out = []
    for clause in clauses:
        renamed = [signs[abs(l) - 1] * names[abs(l) - 1] * (1 if l > 0 else -1) for l in clause]
        rng.shuffle(renamed)
        out.append(tuple(renamed))
    rng.shuffle(out)
    return out


def _built(kind: Callable[..., Any], num_vars: int, clauses: Sequence[Sequence[int]], seed: int,
           scramble: bool) -> Any:
    rows = scrambled(_random.Random(seed), num_vars, clauses) if scramble else [tuple(c) for c in clauses]
    return kind(num_vars, rows)


@takes(
    holes=Param(1, MAX_HOLES, help="holes h (h + 1 pigeons)"),
    scramble=Param(help="rename, re-sign and shuffle by the seed"),
)
def pigeonhole(seed: int, holes: int = 6, scramble: bool = True, *, _kind: Callable[..., Any]) -> Any:
    """The pigeonhole formula PHP(h+1, h), NO: variable p(i, j) (pigeon i in hole j, numbered (i-1) h + j), a clause a pigeon
    (it sits somewhere) and one a hole and pair of pigeons (not both there). NO: h+1 pigeons in h
    holes would put two in one hole.

    Parameters
    ----------
    seed : int
        Seeds the scrambling (the formula is the same otherwise).
    holes : int
        h, 1..:data:`MAX_HOLES`.
    scramble : bool
        Rename, re-sign and shuffle (:func:`scrambled`); False keeps the numbering above.
    _kind : callable
        ``_kind(num_vars, clauses)`` builds the instance (``CNF``, bound by its module).

    Returns
    -------
    CNF
        (h+1) h variables, h+1 clauses of h literals and h (h+1) h / 2 of two.

    Examples
    --------
    >>> from npw.instances.sat.cnf import CNF
    >>> pigeonhole(seed=0, holes=2, scramble=False, _kind=CNF).clauses
    ((1, 2), (3, 4), (5, 6), (-1, -3), (-1, -5), (-3, -5), (-2, -4), (-2, -6), (-4, -6))
    """
    h = holes
    if not 1 <= h <= MAX_HOLES:
        raise InvalidInstance(f"pigeonhole needs 1 <= holes <= {MAX_HOLES}, not {h}")
    var = lambda pigeon, hole: (pigeon - 1) * h + hole  # noqa: E731 (pigeons and holes from 1)
    clauses: list[tuple[int, ...]] = [tuple(var(i, j) for j in range(1, h + 1)) for i in range(1, h + 2)]
    clauses += [(-var(i, j), -var(k, j)) for j in range(1, h + 1) for i, k in itertools.combinations(range(1, h + 2), 2)]
    return _built(_kind, (h + 1) * h, clauses, seed, scramble)


@takes(
    elements=Param(2, MAX_ORDERING_ELEMENTS, help="elements n of the order"),
    total=Param(help="also x_ij or x_ji for each pair (GT_n)"),
    scramble=Param(help="rename, re-sign and shuffle by the seed"),
)
def ordering(seed: int, elements: int = 10, total: bool = False, scramble: bool = True, *,
             _kind: Callable[..., Any]) -> Any:
    """The ordering principle OP_n, NO: x_ij (i before j, i != j) antisymmetric (not both x_ij, x_ji),
    transitive (x_ij and x_jk give x_ik) and without a minimal element (each j has some x_ij).
    NO: a strict order on finitely many elements has a minimal one.

    Parameters
    ----------
    seed : int
        Seeds the scrambling.
    elements : int
        n, 2..:data:`MAX_ORDERING_ELEMENTS`.
    total : bool
        Add totality (x_ij or x_ji): GT_n.
    scramble : bool
        Rename, re-sign and shuffle (:func:`scrambled`).
    _kind : callable
        ``_kind(num_vars, clauses)`` builds the instance (``CNF``, bound by its module).

    Returns
    -------
    CNF
        n (n-1) variables; n (n-1)/2 antisymmetry, n (n-1)(n-2) transitivity and n
        no-minimum clauses (and n (n-1)/2 totality ones).

    Examples
    --------
    >>> from npw.instances.sat.cnf import CNF
    >>> ordering(seed=0, elements=3, scramble=False, _kind=CNF).size()
    {'variables': 6, 'clauses': 12}
    """
    n = elements
    if not 2 <= n <= MAX_ORDERING_ELEMENTS:
        raise InvalidInstance(f"ordering needs 2 <= elements <= {MAX_ORDERING_ELEMENTS}, not {n}")
    index = {pair: number for number, pair in enumerate(itertools.permutations(range(n), 2), 1)}
    clauses: list[tuple[int, ...]] = [(-index[i, j], -index[j, i]) for i, j in itertools.combinations(range(n), 2)]
    if total:
        clauses += [(index[i, j], index[j, i]) for i, j in itertools.combinations(range(n), 2)]
    clauses += [(-index[i, j], -index[j, k], index[i, k]) for i, j, k in itertools.permutations(range(n), 3)]
    clauses += [tuple(index[i, j] for i in range(n) if i != j) for j in range(n)]
    return _built(_kind, len(index), clauses, seed, scramble)


def tseitin_charges(rng: _random.Random, graph: Any) -> dict[Any, int]:
    """A charge (0 or 1) a vertex, random, with the first connected component's (the one of the
    smallest vertex) adding up to an odd number: the parity formula is then unsatisfiable.

    >>> import networkx as nx
    >>> charges = tseitin_charges(_random.Random(0), nx.cycle_graph(5))
    >>> sum(charges.values()) % 2
    1
    """
    import networkx as nx

    charges = {v: rng.randrange(2) for v in sorted(graph.nodes)}
    first = nx.node_connected_component(graph, min(graph.nodes))
    if sum(charges[v] for v in first) % 2 == 0:
        charges[min(first)] ^= 1
    return charges


def _tseitin_clauses(seed: int, num_vertices: int, degree: int) -> tuple[int, list[tuple[int, ...]]]:
    import networkx as nx

    if not 3 <= degree <= MAX_TSEITIN_DEGREE:
        raise InvalidInstance(f"tseitin needs 3 <= degree <= {MAX_TSEITIN_DEGREE}, not {degree}")
    if num_vertices <= degree or (num_vertices * degree) % 2:
        raise InvalidInstance(f"a {degree}-regular graph needs more than {degree} vertices and an even "
                              f"num_vertices x degree, not {num_vertices}")
    _check_literals(num_vertices * 2 ** (degree - 1), degree, "tseitin")
    rng = _random.Random(seed)
    graph = nx.random_regular_graph(degree, num_vertices, seed=rng.randrange(2**31))
    charges = tseitin_charges(rng, graph)
    edge = {tuple(sorted(e)): number for number, e in enumerate(sorted(tuple(sorted(e)) for e in graph.edges), 1)}
    clauses = []
    for v in sorted(graph.nodes):
        incident = [edge[tuple(sorted((v, u)))] for u in sorted(graph.neighbors(v))]
        # forbid each assignment of the incident edges whose parity is not the charge
        for values in itertools.product((False, True), repeat=len(incident)):
            if sum(values) % 2 != charges[v]:
                clauses.append(tuple(-x if value else x for x, value in zip(incident, values)))
    return len(edge), clauses


@takes(
    num_vertices=Param(4, help="vertices of the random regular graph (num_vertices x degree even)"),
    degree=Param(3, MAX_TSEITIN_DEGREE, help="degree d of every vertex"),
    scramble=Param(help="rename, re-sign and shuffle by the seed"),
)
def tseitin(seed: int, num_vertices: int = 20, degree: int = 3, scramble: bool = True, *,
            _kind: Callable[..., Any]) -> Any:
    """Tseitin's parity formula on a random ``degree``-regular graph with an odd total charge, NO:
    a variable an edge, and at each vertex the 2^(d-1) clauses of d literals that forbid the
    values of its edges of the wrong parity. NO (see the module's docstring).

    Parameters
    ----------
    seed : int
        Seeds the graph, the charges and the scrambling.
    num_vertices : int
        More than ``degree``; ``num_vertices * degree`` even.
    degree : int
        3..:data:`MAX_TSEITIN_DEGREE`.
    scramble : bool
        Rename, re-sign and shuffle (:func:`scrambled`).
    _kind : callable
        ``_kind(num_vars, clauses)`` builds the instance (``CNF``, bound by its module).

    Returns
    -------
    CNF
        num_vertices d / 2 variables, num_vertices 2^(d-1) clauses of d literals.

    Examples
    --------
    >>> from npw.instances.sat.cnf import CNF
    >>> tseitin(seed=1, num_vertices=6, _kind=CNF).size()
    {'variables': 9, 'clauses': 24}
    """
    num_vars, clauses = _tseitin_clauses(seed, num_vertices, degree)
    return _built(_kind, num_vars, clauses, seed, scramble)


@takes(
    num_vertices=Param(4, help="vertices of the random cubic graph (even)"),
    scramble=Param(help="rename, re-sign and shuffle by the seed"),
)
def tseitin_3sat(seed: int, num_vertices: int = 20, scramble: bool = True, *, _kind: Callable[..., Any]) -> Any:
    """Tseitin's parity formula on a random cubic graph with an odd total charge, as 3-SAT (every
    clause has three literals): NO, as :func:`tseitin` at degree 3.

    >>> from npw.instances.sat.three_sat import ThreeSat
    >>> f = tseitin_3sat(seed=1, num_vertices=6, _kind=ThreeSat)
    >>> f.problem, f.size()
    ('3sat', {'variables': 9, 'clauses': 24})
    """
    num_vars, clauses = _tseitin_clauses(seed, num_vertices, 3)
    return _built(_kind, num_vars, clauses, seed, scramble)
