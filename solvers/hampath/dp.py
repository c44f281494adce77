"""Hamiltonian path by the bitmask dynamic program (Bellman 1962; Held & Karp 1962), never SAT.

``ends[S]`` is the bitmask of vertices v such that some path visits exactly the vertex set S
and ends at v (starting at s when s is given). Layers |S| = 1, 2, ..., n are built one from
the other, and only sets that are reached are stored, so on sparse graphs (grid graphs) the
work is far below 2^n * n. t, when given, may only be added last. The path is read back
through the stored layers. A run past its deadline is UNKNOWN. Every stored set is two n-bit
ints, so the stored layers are bounded in bytes (TABLE_BYTES_LIMIT) as well as in number: a
100,000-vertex graph is refused before its first layer (13 KB a mask) is built.
"""

from __future__ import annotations

import time

from npw.solvers.limits import TABLE_BYTES_LIMIT, encoding_limit, int_bytes, refuse_table_bytes
from npw.solvers.result import Answer, Deadline, Refused, Result
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "FAST_VERTICES", "fast", "hamiltonian_path", "refuse_before_masks", "solve", "solve_cycle"]

FAST_VERTICES = 20
"""The most vertices of a general graph on which the default decider (:func:`npw.solvers.default_backend`)
runs the dynamic program for hamcycle and dhamcycle: a 30-vertex directed cycle's target took it
2.3 s, ``sat-edges`` 0.002 s, and a 182-vertex vertex-cover target ran out of 5 s where
``sat-edges`` answered in 0.06 s (BENCHMARKS.md, issue 31)."""


def fast(instance) -> bool:
    """Whether the dynamic program is fast on the graph: at most :data:`FAST_VERTICES` vertices.

    >>> from npw.instances.hampath.graph import HamPath
    >>> fast(HamPath(3, ((0, 1), (1, 2)))), fast(HamPath(30, ((0, 1),)))
    (True, False)
    """
    return instance.num_vertices <= FAST_VERTICES


def hamiltonian_path(n: int, adjacency: list[int], s: int | None, t: int | None,
                     deadline: Deadline, closing: int | None = None,
                     back: list[int] | None = None) -> tuple[Answer, tuple[int, ...] | None, int]:
    """(answer, path or None, states stored); ``adjacency[v]`` is a bitmask of the vertices a step
    may go to from v (v's neighbours, or its successors in a digraph). ``closing``: a bitmask of
    the vertices the path may end at (a cycle's: those with an edge back to s); ``back[v]``: the
    vertices a step may come from into v (a digraph's predecessors; default ``adjacency``), used
    to read the path back."""
    full = (1 << n) - 1
    starts = [s] if s is not None else range(n)
    if s is not None and t is not None and s == t:
        return (Answer.YES, (s,), 1) if n == 1 else (Answer.NO, None, 1)
    t_bit = 0 if t is None else 1 << t
    # a stored set: its mask and its ends, two ints of up to n bits, and a dict slot
    state_bytes = 2 * int_bytes(n) + 100
    refuse_table_bytes(len(starts) * state_bytes, f"the dynamic program's first layer ({len(starts):,} sets of "
                                                  f"{n:,} vertices)")
    layer: dict[int, int] = {}
    for v in starts:
        if n > 1 and t is not None and v == t:
            continue
        layer[1 << v] = layer.get(1 << v, 0) | (1 << v)
    layers = [layer]
    states = len(layer)
    limit = min(encoding_limit(), TABLE_BYTES_LIMIT // state_bytes)
    for _size in range(1, n):
        nxt: dict[int, int] = {}
        for mask, ends in layer.items():
            free = full & ~mask
            last = (mask | t_bit) != full  # t may only be added as the last vertex
            while ends:
                if deadline.expired():  # one end's steps: a high-degree vertex has n of them
                    return Answer.UNKNOWN, None, states
                low = ends & -ends
                ends ^= low
                step = adjacency[low.bit_length() - 1] & free
                if last:
                    step &= ~t_bit
                while step:
                    bit = step & -step
                    step ^= bit
                    key = mask | bit
                    nxt[key] = nxt.get(key, 0) | bit
            if deadline.expired():
                return Answer.UNKNOWN, None, states
            if states + len(nxt) > limit:  # every layer is kept to read the path back
                if limit < encoding_limit():
                    raise Refused(f"the dynamic program passed {limit:,} stored vertex sets of {n:,} vertices, "
                                  f"{TABLE_BYTES_LIMIT // 2**20:,} MB (TABLE_BYTES_LIMIT)")
                raise Refused(f"the dynamic program passed {limit:,} stored vertex sets, the encoding limit "
                              f"(NPW_ENCODING_LIMIT)")
        states += len(nxt)
        layers.append(nxt)
        layer = nxt
        if not layer:
            return Answer.NO, None, states
    ends = layer.get(full, 0)
    if closing is not None:
        ends &= closing
    if not ends:
        return Answer.NO, None, states
    # read the path back, last vertex first
    v = (ends & -ends).bit_length() - 1
    path = [v]
    mask = full
    for size in range(n - 1, 0, -1):
        mask ^= 1 << v
        candidates = layers[size - 1][mask] & (adjacency if back is None else back)[v]
        v = (candidates & -candidates).bit_length() - 1
        path.append(v)
    path.reverse()
    return Answer.YES, tuple(path), states


def refuse_before_masks(n: int, starts: int) -> None:
    """Refuses, before any mask is built, a graph whose adjacency masks (two n-bit ints a vertex
    at most: forward and back) and first layer of ``starts`` sets pass TABLE_BYTES_LIMIT.

    >>> refuse_before_masks(1000, 1000)
    >>> refuse_before_masks(100_000, 1)
    Traceback (most recent call last):
    ...
    npw.solvers.result.Refused: the dynamic program's bitmasks of 100,000 vertices: about 2,672 MB, past the table limit of 384 MB (TABLE_BYTES_LIMIT)
    """
    refuse_table_bytes((2 * n + 2 * starts) * int_bytes(n) + 100 * starts,
                       f"the dynamic program's bitmasks of {n:,} vertices")


def solve(instance, timeout: float | None = None) -> Result:
    """Decides a hampath / hampath-grid-s / hampath-st instance by the bitmask DP.

    >>> from npw.instances.hampath.graph import HamPath
    >>> solve(HamPath(3, ((0, 1), (1, 2)), s=0)).certificate
    (0, 1, 2)
    >>> solve(HamPath(4, ((0, 1), (0, 2), (0, 3)))).answer  # a star: no path
    <Answer.NO: 'NO'>
    """
    start = time.perf_counter()
    n = instance.num_vertices
    refuse_before_masks(n, 1 if instance.s is not None else n)
    deadline = Deadline(timeout)
    adjacency = [0] * n
    for i, (u, v) in enumerate(instance.edges):
        adjacency[u] |= 1 << v
        adjacency[v] |= 1 << u
        if not i & 4095 and deadline.expired():
            return Result(Answer.UNKNOWN, None, "dp", {"time": time.perf_counter() - start, "states": 0})
    answer, path, states = hamiltonian_path(n, adjacency, instance.s, instance.t, deadline)
    return Result(answer, path, "dp", {"time": time.perf_counter() - start, "states": states})


def solve_cycle(instance, timeout: float | None = None) -> Result:
    """Decides a hamcycle / dhamcycle instance by the same DP: a Hamiltonian path from vertex 0
    (every cycle passes it) over the edges (arcs forward) that ends at a vertex with an edge (arc)
    back to 0 (Held & Karp's tour, asked whether it exists). Fewer vertices than a cycle needs
    (3; a digraph 2) is NO at once.

    >>> from npw.instances.hampath.cycle import DirectedHamCycle, HamCycle
    >>> solve_cycle(DirectedHamCycle(3, ((0, 1), (1, 2), (2, 0)))).certificate
    (0, 1, 2)
    >>> solve_cycle(DirectedHamCycle(3, ((0, 1), (1, 2), (0, 2)))).answer, solve_cycle(HamCycle(2, ((0, 1),))).answer
    (<Answer.NO: 'NO'>, <Answer.NO: 'NO'>)
    """
    start = time.perf_counter()
    n = instance.num_vertices
    if n < instance.SMALLEST_CYCLE:
        return Result(Answer.NO, None, "dp", {"time": time.perf_counter() - start, "states": 0})
    refuse_before_masks(n, 1)
    deadline = Deadline(timeout)
    forward, backward = [0] * n, [0] * n
    for v in range(n):
        if not v & 1023 and deadline.expired():
            return Result(Answer.UNKNOWN, None, "dp", {"time": time.perf_counter() - start, "states": 0})
        for w in instance.successors(v):
            forward[v] |= 1 << w
        for w in instance.predecessors(v):
            backward[v] |= 1 << w
    answer, path, states = hamiltonian_path(n, forward, 0, None, deadline, closing=backward[0], back=backward)
    return Result(answer, path, "dp", {"time": time.perf_counter() - start, "states": states})


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    # the paths keep the DP first at every size: their next decider is the position encoding,
    # no faster past 20 vertices (4.5 s on a 49-vertex cycle target), and the verifier's
    # hamcycle-to-hampath targets stay on the DP
    *(Decider(problem, "dp", solve) for problem in ("hampath", "hampath-grid-s", "hampath-st",
                                                     "hampath-dumbbells")),
    *(Decider(problem, "dp", solve_cycle, fast=fast)
      for problem in ("hamcycle", "dhamcycle", "dhamcycle-21", "dhamcycle-21-planar")),
)
