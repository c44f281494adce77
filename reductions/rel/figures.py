"""Figures 1 and 2 of Theorem 2 (Ratner & Warmuth, "The (n^2-1)-puzzle and related relocation
problems", J. Symbolic Computation 1990, Section 3; restated in ``../shared/spec/rel.md``): the
names of the vertices and elements, the graph of Figure 2 and the configurations B_1, B_2 of
Figure 1.

From m variables and m clauses: a diamond top_i -> {nu_i, nubar_i} -> bot_i per variable
(:func:`diamond_top`, :func:`unnegated_side`, :func:`negated_side`, :func:`diamond_bottom`), the
collectors TC and FC (:data:`TRUE_COLLECTOR`, :data:`FALSE_COLLECTOR`), a vertex nc_j per clause
(:func:`clause_vertex`); 5m+2 vertices, 12m-3 edges of capacity 2 or 0 (:func:`graph`), 8m
elements (:func:`element`). The literal elements n_{i,1}, n_{i,2} (the unnegated occurrences
of u_i, in clause order) start at nu_i, n_{i,3}, n_{i,4} (the negated ones) at nubar_i, and must
end at the clause vertices they occur in; the fillers n_{i,5..8} start at top_i and end two at
nu_i, two at nubar_i (:func:`configurations`). The remark after Theorem 2 adds two dummy
elements per zero-edge (:func:`dummy`).

The vertex and element names are the paper's: ``top1``, ``nu1``, ``nubar1``, ``bot1``, ``TC``,
``FC``, ``nc1``, ``n1.1``, ``d6.1``.

>>> vertices, edges = graph(2)
>>> len(vertices), len(edges)
(12, 21)
>>> edges[-1]
('nc2', 'top1', 0)
"""

from __future__ import annotations

from npw.instances.sat.two_two_four_sat import TwoTwoFourSat

__all__ = [
    "FALSE_COLLECTOR", "TRUE_COLLECTOR", "clause_vertex", "configurations", "diamond_bottom", "diamond_top", "dummy",
    "element", "element_indices", "graph", "is_literal_element", "negated_side", "occurrence_clauses",
    "unnegated_side",
]

TRUE_COLLECTOR = "TC"  # the paper's TC: the first pass collects the true literal elements here
FALSE_COLLECTOR = "FC"  # the paper's FC: the second pass collects the false ones here


def diamond_top(i: int) -> str:
    """The top vertex top_i of variable u_i's diamond, where its fillers start.

    Parameters
    ----------
    i : int
        The variable, 1-based.

    Returns
    -------
    str
        The vertex's name.

    Examples
    --------
    >>> diamond_top(2)
    'top2'
    """
    return f"top{i}"


def unnegated_side(i: int) -> str:
    """The vertex nu_i of u_i's diamond where the elements of u_i's two unnegated occurrences start.

    Parameters
    ----------
    i : int
        The variable, 1-based.

    Returns
    -------
    str
        The vertex's name.

    Examples
    --------
    >>> unnegated_side(2)
    'nu2'
    """
    return f"nu{i}"


def negated_side(i: int) -> str:
    """The vertex nubar_i of u_i's diamond where the elements of u_i's two negated occurrences start.

    Parameters
    ----------
    i : int
        The variable, 1-based.

    Returns
    -------
    str
        The vertex's name.

    Examples
    --------
    >>> negated_side(2)
    'nubar2'
    """
    return f"nubar{i}"


def diamond_bottom(i: int) -> str:
    """The bottom vertex bot_i of u_i's diamond, with an edge to each collector.

    Parameters
    ----------
    i : int
        The variable, 1-based.

    Returns
    -------
    str
        The vertex's name.

    Examples
    --------
    >>> diamond_bottom(2)
    'bot2'
    """
    return f"bot{i}"


def clause_vertex(j: int) -> str:
    """The vertex nc_j of clause j, where the elements of its four literals must end.

    Parameters
    ----------
    j : int
        The clause, 1-based.

    Returns
    -------
    str
        The vertex's name.

    Examples
    --------
    >>> clause_vertex(2)
    'nc2'
    """
    return f"nc{j}"


def element(i: int, k: int) -> str:
    """The element n_{i,k} of variable u_i: a literal element for k = 1..4, a filler for k = 5..8.

    Parameters
    ----------
    i : int
        The variable, 1-based.
    k : int
        Which of its eight elements, 1..8.

    Returns
    -------
    str
        The element's name.

    Examples
    --------
    >>> element(2, 3)
    'n2.3'
    """
    return f"n{i}.{k}"


def dummy(edge: int, k: int) -> str:
    """The k-th of the two dummy elements the all-capacities-two variant (the remark after
    Theorem 2) places on the former zero-edge ``edge``.

    Parameters
    ----------
    edge : int
        The index of the zero-edge in :func:`graph`'s edges.
    k : int
        1 or 2.

    Returns
    -------
    str
        The dummy's name.

    Examples
    --------
    >>> dummy(6, 1)
    'd6.1'
    """
    return f"d{edge}.{k}"


def element_indices(name: str) -> tuple[int, int] | None:
    """(i, k) of the element n_{i,k} named ``name``; None for a dummy.

    Parameters
    ----------
    name : str
        An element's name, as :func:`element` or :func:`dummy` gives it.

    Returns
    -------
    tuple of int or None
        (i, k), or None for a dummy.

    Examples
    --------
    >>> element_indices("n2.3"), element_indices("d6.1")
    ((2, 3), None)
    """
    if not name.startswith("n"):
        return None
    i, k = name[1:].split(".")
    return int(i), int(k)


def is_literal_element(i: int, k: int) -> bool:
    """Whether n_{i,k} is a literal element (k = 1..4) rather than a filler (k = 5..8).

    Parameters
    ----------
    i : int
        The variable, 1-based.
    k : int
        Which of its eight elements, 1..8.

    Returns
    -------
    bool
        True for a literal element.

    Examples
    --------
    >>> is_literal_element(1, 4), is_literal_element(1, 5)
    (True, False)
    """
    return 1 <= k <= 4


def graph(m: int) -> tuple[tuple[str, ...], tuple[tuple[str, str, int], ...]]:
    """Figure 2: the 5m+2 vertices and 12m-3 edges (tail, head, capacity) of the proof.

    Parameters
    ----------
    m : int
        The number of variables (and clauses).

    Returns
    -------
    tuple
        The vertices, then the edges as (tail, head, capacity), in the order the reduction
        numbers them.

    Examples
    --------
    >>> vertices, edges = graph(1)
    >>> vertices
    ('top1', 'nu1', 'nubar1', 'bot1', 'TC', 'FC', 'nc1')
    >>> edges[:2], len(edges)
    ((('top1', 'nu1', 2), ('top1', 'nubar1', 2)), 9)
    """
    vertices = [v for i in range(1, m + 1)
                for v in (diamond_top(i), unnegated_side(i), negated_side(i), diamond_bottom(i))]
    vertices += [TRUE_COLLECTOR, FALSE_COLLECTOR]
    vertices += [clause_vertex(j) for j in range(1, m + 1)]
    edges = []
    for i in range(1, m + 1):
        top, bottom = diamond_top(i), diamond_bottom(i)
        edges += [(top, unnegated_side(i), 2), (top, negated_side(i), 2), (unnegated_side(i), bottom, 2),
                  (negated_side(i), bottom, 2), (bottom, TRUE_COLLECTOR, 2), (bottom, FALSE_COLLECTOR, 2)]
        if i >= 2:
            edges += [(TRUE_COLLECTOR, top, 0), (FALSE_COLLECTOR, top, 0)]
    for j in range(1, m + 1):
        edges += [(TRUE_COLLECTOR, clause_vertex(j), 2), (FALSE_COLLECTOR, clause_vertex(j), 2)]
        if j < m:
            edges += [(clause_vertex(j), TRUE_COLLECTOR, 0), (clause_vertex(j), FALSE_COLLECTOR, 0)]
    if m:
        edges.append((clause_vertex(m), diamond_top(1), 0))
    return tuple(vertices), tuple(edges)


def occurrence_clauses(formula: TwoTwoFourSat) -> dict[tuple[int, int], int]:
    """Which clause each literal element stands in: n_{i,1}, n_{i,2} for u_i's unnegated
    occurrences and n_{i,3}, n_{i,4} for its negated ones, each pair in clause order.

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.

    Returns
    -------
    dict
        (i, k) -> the clause (1-based) holding the occurrence n_{i,k} stands for.

    Examples
    --------
    >>> occurrence_clauses(TwoTwoFourSat(2, [(1, 2, -1, -2), (1, 2, -1, -2)]))[(1, 2)]
    2
    """
    seen: dict[int, list[int]] = {}
    where: dict[tuple[int, int], int] = {}
    for j, clause in enumerate(formula.clause_list(), 1):
        for literal in clause:
            i = abs(literal)
            ks = seen.setdefault(literal, [])
            k = (1 if literal > 0 else 3) + len(ks)
            ks.append(k)
            where[(i, k)] = j
    return where


def configurations(formula: TwoTwoFourSat) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Figure 1: the elements with their vertices in B_1 (initial) and B_2 (final).

    Parameters
    ----------
    formula : TwoTwoFourSat
        The source formula.

    Returns
    -------
    tuple
        The element names, their initial vertices and their final vertices, aligned.

    Examples
    --------
    >>> names, initial, final = configurations(TwoTwoFourSat(1, [(1, 1, -1, -1)]))
    >>> names[0], initial[0], final[0], names[4], initial[4], final[4]
    ('n1.1', 'nu1', 'nc1', 'n1.5', 'top1', 'nu1')
    """
    m = formula.num_vars
    clause_of = occurrence_clauses(formula)
    elements, initial, final = [], [], []
    for i in range(1, m + 1):
        for k in range(1, 9):
            elements.append(element(i, k))
            if k <= 4:
                initial.append(unnegated_side(i) if k <= 2 else negated_side(i))
                final.append(clause_vertex(clause_of[(i, k)]))
            else:
                initial.append(diamond_top(i))
                final.append(unnegated_side(i) if k <= 6 else negated_side(i))
    return tuple(elements), tuple(initial), tuple(final)
