"""The ranked pattern databases' layout and cache files, without numpy or numba.

The pure-Python parts of :mod:`npw.solvers.npuz.pdb_ranked` (partitions, symmetries, ranks,
the cache's file names) kept apart from its compiled builder, so that choosing the 24-puzzle's
default heuristic (are the 6-6-6-6 tables cached?) and solving an easy board with the cached
tables (:mod:`npw.solvers.npuz.pysearch`) import neither numpy nor numba: importing numba and
loading its cached kernels costs about ten times an easy board's whole search.

Cached tables are read here by ``mmap`` through :func:`npw.solvers.npuz.pdb_files.read_table`
(the ``.npy`` header checked: ``|u1``, C order, the expected length and file size), the same
files ``pdb_ranked`` maps with ``numpy.load(mmap_mode="r")``.
"""

from __future__ import annotations

import math
from pathlib import Path

from npw.instances.base import InvalidInstance
from npw.instances.npuz.board import Board
from npw.solvers.npuz.pdb_files import cache_dir, read_table

__all__ = ["FORMAT", "KORF_FELNER_6666", "LookupPlan", "RANKED", "TableKey", "cached_tables", "is_cached",
           "lookup_plan", "partition", "rank", "symmetries", "table_key", "table_path", "table_size"]

FORMAT = "v2"

# the 24-puzzle partition of Korf & Felner 2002, for the goal with the blank in cell 0; one
# group of its own shape and three images of one 2 x 3 block
KORF_FELNER_6666 = ((1, 2, 5, 6, 7, 12), (3, 4, 8, 9, 13, 14), (10, 11, 15, 16, 20, 21), (17, 18, 19, 22, 23, 24))

# heuristic name -> (board side, group sizes); a partition is made for the goal by partition()
RANKED = {"pdb78": (4, (7, 8)), "pdb6666": (5, (6, 6, 6, 6))}


def table_size(cells: int, k: int) -> int:
    """cells!/(cells-k)!: the number of placements of k distinct tiles.

    >>> table_size(16, 8), table_size(25, 6)
    (518918400, 127512000)
    """
    return math.perm(cells, k)


def rank(placement: tuple[int, ...], cells: int) -> int:
    """The index of a placement (pure Python, the compiled builder's order).

    >>> rank((0, 1), 4), rank((1, 0), 4), rank((3, 2), 4)
    (0, 3, 11)
    """
    r = 0
    for j, q in enumerate(placement):
        r = r * (cells - j) + q - sum(1 for p in placement[:j] if p < q)
    return r


# -- the symmetries of the square and the partitions -------------------------------------------


def symmetries(n: int) -> list[tuple[int, ...]]:
    """The 8 symmetries of the n x n square as cell maps (identity first, transpose second).

    >>> symmetries(2)[1], len(set(symmetries(3)))
    ((0, 2, 1, 3), 8)
    """
    maps = []
    for transpose in (False, True):
        for flip_rows in (False, True):
            for flip_cols in (False, True):
                image = []
                for cell in range(n * n):
                    r, c = divmod(cell, n)
                    if transpose:
                        r, c = c, r
                    if flip_rows:
                        r = n - 1 - r
                    if flip_cols:
                        c = n - 1 - c
                    image.append(r * n + c)
                maps.append(tuple(image))
    maps[1], maps[4] = maps[4], maps[1]  # transpose (no flip) second
    return maps


TableKey = tuple[tuple[int, ...], int]  # (the table's goal cells in its tile order, its blank cell or -1)


def table_key(n: int, group: tuple[int, ...], blank: int) -> tuple[TableKey, tuple[int, ...]]:
    """(the key of the table that serves ``group`` for the goal's blank cell ``blank``, a symmetry
    of the square mapping the group onto the table's cells).

    The table holds the blank's goal cell only when the group holds a neighbour of it (then the
    last moves must let the blank in, a real cost: cells 1-5 of the 15-puzzle, 13.4 on average
    without the blank's cell, 14.7 with it); otherwise the blank ends anywhere and one table
    serves every image of the group under the square's 8 symmetries. The key is the smallest
    image (sorted cells, the blank's image).

    >>> table_key(5, (17, 18, 19, 22, 23, 24), 0)[0] == table_key(5, (3, 4, 8, 9, 13, 14), 0)[0]
    True
    >>> table_key(4, (1, 2, 3, 4, 5, 6, 7), 0)[0], table_key(4, tuple(range(8, 16)), 0)[0]
    (((0, 1, 2, 4, 5, 6, 7), 3), ((0, 1, 2, 3, 4, 5, 6, 7), -1))
    """
    touches = any(abs(c // n - blank // n) + abs(c % n - blank % n) == 1 for c in group)
    best = None
    for phi in symmetries(n):
        image = (tuple(sorted(phi[c] for c in group)), phi[blank] if touches else -1)
        if best is None or image < best[0]:
            best = (image, phi)
    assert best is not None
    return best


def partition(name: str, goal: Board) -> tuple[tuple[int, ...], ...]:
    """The goal cells of each group of the named partition, for this goal.

    Korf & Felner's partitions for the goal with the blank in cell 0 -- pdb78: cells 1-7 and
    8-15; pdb6666: :data:`KORF_FELNER_6666` -- mapped by a symmetry of the square that takes
    cell 0 to the goal's blank cell (blank last: rotated by 180 degrees), so that every
    corner goal is served by the same tables. For a goal with the blank elsewhere, the
    other cells in row-major order, 7 then 8 (6 at a time).

    >>> partition("pdb78", tuple(range(16)))
    ((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12, 13, 14, 15))
    >>> partition("pdb78", tuple(range(1, 16)) + (0,))[0]
    (14, 13, 12, 11, 10, 9, 8)
    >>> partition("pdb6666", tuple(range(1, 25)) + (0,))[0]
    (23, 22, 19, 18, 17, 12)
    """
    if name not in RANKED:
        raise InvalidInstance(f"unknown ranked pattern database {name!r} (known: {', '.join(RANKED)})")
    side, sizes = RANKED[name]
    n = math.isqrt(len(goal))
    if n != side:
        raise InvalidInstance(f"the {name} pattern databases are for {side} x {side} boards, not {n} x {n}")
    blank = goal.index(0)
    groups, first = [], 1
    for size in sizes:
        groups.append(tuple(range(first, first + size)))
        first += size
    published = KORF_FELNER_6666 if name == "pdb6666" else tuple(groups)
    for phi in symmetries(n):
        if phi[0] == blank:
            return tuple(tuple(phi[c] for c in group) for group in published)
    others = [c for c in range(n * n) if c != blank]
    return tuple(tuple(others[sum(sizes[:g]):sum(sizes[:g + 1])]) for g in range(len(sizes)))


# -- the cache ---------------------------------------------------------------------------------


def table_path(n: int, key: TableKey) -> Path:
    cells, blank = key
    where = "any" if blank < 0 else str(blank)
    return cache_dir() / "pdb" / f"ranked-n{n}-b{where}-{'-'.join(map(str, cells))}-{FORMAT}.npy"



LookupPlan = tuple[list[TableKey], tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], bool]


def lookup_plan(goal: Board, groups: tuple[tuple[int, ...], ...]) -> LookupPlan:
    """How a partition of the goal's non-blank cells is looked up: (the distinct tables' keys,
    for each lookup the index of its table, its tiles in the table's order, the symmetry
    mapping a tile's position to the table's cells; whether the reflected sum is taken too).
    The first ``len(groups)`` lookups make the plain sum, the next ones (with the reflection)
    the transposed partition's.

    >>> keys, table_of, tiles, maps, reflect = lookup_plan(tuple(range(9)), ((1, 2, 3, 4), (5, 6, 7, 8)))
    >>> len(keys), table_of, reflect
    (2, (0, 1, 0, 1), True)
    """
    goal = tuple(goal)
    n = math.isqrt(len(goal))
    blank = goal.index(0)
    flat = sorted(c for g in groups for c in g)
    if flat != [c for c in range(n * n) if c != blank]:
        raise InvalidInstance("the groups must partition the goal's cells other than the blank's")
    transpose = symmetries(n)[1]
    reflect = transpose[blank] == blank
    partitions = [groups]
    if reflect:
        partitions.append(tuple(tuple(transpose[c] for c in g) for g in groups))
    keys: list[TableKey] = []
    table_of, tiles, maps = [], [], []
    for part in partitions:
        for group in part:
            key, phi = table_key(n, group, blank)
            if key not in keys:
                keys.append(key)
            # the table's tile j has goal cell key[0][j]; here that is the tile on the goal
            # cell phi^-1(key[0][j]), whose position is mapped by phi
            inverse = {phi[c]: c for c in range(n * n)}
            table_of.append(keys.index(key))
            tiles.append(tuple(goal[inverse[c]] for c in key[0]))
            maps.append(phi)
    return keys, tuple(table_of), tuple(tiles), tuple(maps), reflect


def cached_tables(name: str, goal: Board) -> tuple[list[memoryview], LookupPlan] | None:
    """The named partition's cached tables for ``goal``, mapped read-only without numpy, with
    their lookup plan; None when a table is missing or damaged (the numpy path builds it).

    >>> cached_tables("pdb6666", tuple(range(16)))  # a 4 x 4 goal: no 6-6-6-6 tables
    """
    n = math.isqrt(len(goal))
    try:
        plan = lookup_plan(goal, partition(name, tuple(goal)))
    except InvalidInstance:
        return None
    tables = []
    for key in plan[0]:
        table = read_table(table_path(n, key), table_size(n * n, len(key[0])))
        if table is None:
            return None
        tables.append(table)
    return tables, plan


def is_cached(name: str, goal: Board) -> bool:
    """True when every table of the named partition for this goal is in the cache (the
    24-puzzle's default heuristic is its databases only once they are built); reads the
    files' headers only.

    >>> is_cached("pdb78", tuple(range(9)))  # a 3 x 3 goal: pdb78 is for 4 x 4
    False
    """
    return cached_tables(name, goal) is not None
