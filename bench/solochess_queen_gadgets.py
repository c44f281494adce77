"""Is there a knight ladder for Theorem 3.11 with queens? An exact search with OR-Tools CP-SAT.

Brunner et al., "Complexity of Solo Chess with Unlimited Moves", Theorem 3.11 (T = queen) rests on a
variable gadget (Figure 7) that the text extraction lost. Our reductions of Section 3.2 are decided
by the walk lemma of :mod:`npw.solvers.solochess.walk`: the board is solvable iff the special knight
has a walk meeting every villain component (queens sharing a line). For the clause of a literal to
be met only when its path is taken, the literal's pieces on that path must form a *group*: a set of
squares of one path of one gadget closed under "shares a queen line with a ladder square" (a
single square alone on its four lines is the simplest group). Each path needs two groups (each
literal occurs at most twice), and the knight's moves between ladder squares must be exactly the
ladder's steps.

The model, over the squares of a box around one gadget (junction J = (0, 0)):

* two knight paths J -> M (``AddCircuit`` with the arc M -> J forced), disjoint;
* optionally a *wire*, one more knight path M -> J' = (U, V) that every walk takes (without one,
  M = J');
* the ladder repeats the gadget: gadget k is the gadget moved by k (U, V), k = -K..K (``--copies
  0`` looks at one gadget alone, J' counted as a square);
* no knight's move between ladder squares but the ladder's steps, no two copies on one square;
* ``groups`` per path (default 2 and 2): nonempty, disjoint, each closed under sharing a row,
  column or diagonal with any ladder square of any copy (only squares of its own path and gadget).

A feasible model is a ladder; INFEASIBLE proves that no ladder with that displacement fits in the
box. ``--villain bishop`` (diagonals only) is the control: it finds the bishop ladder that
``pm3sat-to-solochess-knight-bishop`` uses. Run (figures in BENCHMARKS.md, "Issue 18: the queen
ladder, searched exactly"):

    python bench/solochess_queen_gadgets.py --periodic            # displacements 0 < U < V, U + V <= 20
    python bench/solochess_queen_gadgets.py --one 3 5 --copies 0  # one gadget alone: found
    python bench/solochess_queen_gadgets.py --one 2 12 --villain bishop
    python bench/solochess_queen_gadgets.py --wire 10 5 --straight 4   # a straight wire from M
    python bench/solochess_queen_gadgets.py --one 10 20 --wire 3 5 --limit 600
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

from ortools.sat.python import cp_model

Point = tuple[int, int]
KNIGHT = ((1, 2), (-1, 2), (2, 1), (-2, 1), (1, -2), (-1, -2), (2, -1), (-2, -1))


def shares_line(a: Point, b: Point, villain: str) -> bool:
    """Do ``a`` and ``b`` share a line of ``villain`` (queen: row, column or diagonal)?"""
    diagonal = a[0] - a[1] == b[0] - b[1] or a[0] + a[1] == b[0] + b[1]
    straight = a[0] == b[0] or a[1] == b[1]
    return {"queen": diagonal or straight, "bishop": diagonal, "rook": straight}[villain]


@dataclass(frozen=True)
class Gadget:
    """A solution: the squares of each path (bottom up, ends excluded) and each path's groups."""

    left: tuple[Point, ...]
    right: tuple[Point, ...]
    wire: tuple[Point, ...]
    groups: dict[str, tuple[tuple[Point, ...], ...]]


def search(displacement: Point, *, middle: Point | None = None, villain: str = "queen", copies: int = 3,
           groups: tuple[int, int] = (2, 2), pad: int = 3, limit: float = 60.0,
           workers: int = 2, wire: tuple[Point, ...] | None = None) -> tuple[str, Gadget | None]:
    """(CP-SAT status, the gadget if one was found). ``middle`` is M, where the paths meet and the
    wire starts; None: no wire (M = J'). ``wire``: the wire's squares, fixed (else free)."""
    U, V = displacement
    J, end = (0, 0), (U, V)
    M = middle or end
    fixed = {J, M, end}
    xs, ys = [0, U, M[0]], [0, V, M[1]]
    cells = [(x, y) for x in range(min(xs) - pad, max(xs) + pad + 1)
             for y in range(min(ys) - pad, max(ys) + pad + 1) if (x, y) not in fixed]
    model = cp_model.CpModel()
    segments = {"left": (J, M), "right": (J, M)}
    if middle is not None:
        segments["wire"] = (M, end)
    on = {s: {c: model.NewBoolVar(f"{s}{c}") for c in cells} for s in segments}
    occupied = {}
    for c in cells:
        occupied[c] = model.NewBoolVar(f"o{c}")
        model.Add(sum(on[s][c] for s in segments) == occupied[c])
    nodes = [J] + ([M] if M != end else []) + [end] + cells
    index = {q: i for i, q in enumerate(nodes)}
    arcs: dict[str, dict[tuple[Point, Point], cp_model.IntVar]] = {s: {} for s in segments}
    for s, (start, stop) in segments.items():
        circuit = []
        for a in nodes:
            if a in fixed and a not in (start, stop):
                continue
            for dx, dy in KNIGHT:
                b = (a[0] + dx, a[1] + dy)
                if b not in index or (b in fixed and b not in (start, stop)) or a == stop or b == start:
                    continue
                arcs[s][(a, b)] = lit = model.NewBoolVar("")
                circuit.append((index[a], index[b], lit))
                for q in (a, b):
                    if q in on[s]:
                        model.AddImplication(lit, on[s][q])
        circuit.append((index[stop], index[start], model.NewConstant(1)))
        circuit += [(index[c], index[c], on[s][c].Not()) for c in cells]
        circuit += [(index[f], index[f], model.NewConstant(1)) for f in fixed - {start, stop}]
        model.AddCircuit(circuit)
    # the ladder's squares in gadget 0; copy k of square q is q + k (U, V); J' is J's copy 1
    base = cells + [J] + ([M] if M != end else []) + ([end] if copies == 0 else [])
    in_base = set(base)

    def occ(q: Point) -> list:
        return [] if q in fixed else [occupied[q]]

    def steps(a: Point, b: Point) -> list:
        return [arcs[s][e] for s in segments for e in ((a, b), (b, a)) if e in arcs[s]]

    for a in base:
        for dx, dy in KNIGHT:
            for k in range(-copies, copies + 1):
                b = (a[0] + dx - k * U, a[1] + dy - k * V)
                if b not in in_base or (k == 0 and not a < b):
                    continue
                allowed = steps(a, b) if k == 0 else steps(a, end) if k == 1 and b == J else \
                    steps(b, end) if k == -1 and a == J else []
                model.AddBoolOr([x.Not() for x in occ(a) + occ(b)] + allowed)
        for k in range(1, copies + 1):
            b = (a[0] - k * U, a[1] - k * V)
            if b in in_base:
                model.AddBoolOr([x.Not() for x in occ(a) + occ(b)])
    partners: dict[Point, list[tuple[Point, int]]] = {}
    for c in cells:
        for e in base:
            for k in range(-copies, copies + 1):
                q = (e[0] + k * U, e[1] + k * V)
                if q != c and shares_line(q, c, villain):
                    partners.setdefault(c, []).append((e, k))
    group_vars = {}
    for side, count in zip(("left", "right"), groups):
        for g in range(count):
            member = {c: model.NewBoolVar("") for c in cells}
            group_vars[(side, g)] = member
            model.AddBoolOr(list(member.values()))
            for c in cells:
                model.AddImplication(member[c], on[side][c])
                for e, k in partners.get(c, []):
                    if e in fixed:
                        model.Add(member[c] == 0)
                    elif k:
                        model.AddImplication(member[c], occupied[e].Not())
                    else:  # a square of this gadget on one of its lines joins the group
                        model.AddBoolOr([member[c].Not(), occupied[e].Not(), member[e]])
    for c in cells:
        model.Add(sum(member[c] for member in group_vars.values()) <= 1)
    if wire is not None:
        for c in cells:
            model.Add(on["wire"][c] == int(c in wire))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = limit
    solver.parameters.num_workers = workers
    status = solver.Solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return solver.StatusName(status), None

    def walk(s: str) -> tuple[Point, ...]:
        start, stop = segments[s]
        path, q = [], start
        while q != stop:
            q = next(b for (a, b), lit in arcs[s].items() if a == q and solver.Value(lit))
            path.append(q)
        return tuple(path[:-1])

    found = {side: tuple(tuple(c for c in cells if solver.Value(member[c]))
                         for (s, _), member in group_vars.items() if s == side) for side in ("left", "right")}
    return "FEASIBLE", Gadget(walk("left"), walk("right"), walk("wire") if "wire" in segments else (), found)


def check(gadget: Gadget, displacement: Point, middle: Point | None = None, villain: str = "queen",
          gadgets: int = 7) -> str | None:
    """An independent check of a found gadget on a ladder of ``gadgets`` copies: None if the knight's
    moves are exactly the ladder's and every group is closed, else what fails."""
    U, V = displacement
    M = middle or displacement
    squares: dict[Point, tuple[int, str]] = {}
    chains = []
    for k in range(gadgets):
        shift = lambda q: (q[0] + k * U, q[1] + k * V)  # noqa: E731
        J, Mk, end = shift((0, 0)), shift(M), shift(displacement)
        for side in ("left", "right"):
            chains.append([J, *map(shift, getattr(gadget, side)), Mk])
        if middle is not None:
            chains.append([Mk, *map(shift, gadget.wire), end])
        for side in ("left", "right", "wire"):
            for q in map(shift, getattr(gadget, side)):
                if q in squares:
                    return f"two pieces on {q}"
                squares[q] = (k, side)
        for q, name in ((J, "junction"), (Mk, "middle"), (end, "junction")):
            squares.setdefault(q, (k, name))
    steps = {frozenset(pair) for chain in chains for pair in zip(chain, chain[1:])}
    moves = {frozenset((a, (a[0] + dx, a[1] + dy))) for a in squares for dx, dy in KNIGHT
             if (a[0] + dx, a[1] + dy) in squares}
    if moves != steps:
        return f"knight moves differ from the ladder's: {sorted(map(sorted, moves ^ steps))[0]}"
    k = gadgets // 2
    for side in ("left", "right"):
        for group in gadget.groups[side]:
            if not set(group) <= set(getattr(gadget, side)):
                return f"the {side} group {sorted(group)} is not on the {side} path"
            members = {(q[0] + k * U, q[1] + k * V) for q in group}
            for a in members:
                for b in squares:
                    if b != a and shares_line(a, b, villain) and b not in members:
                        return f"the {side} group {sorted(group)} shares a line with {b}"
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--one", nargs=2, type=int, metavar=("U", "V"), help="one displacement")
    parser.add_argument("--periodic", action="store_true", help="sweep displacements 0 < U < V, U + V <= --reach")
    parser.add_argument("--reach", type=int, default=20)
    parser.add_argument("--wire", nargs=2, type=int, metavar=("MX", "MY"), help="paths meet at M, then a wire")
    parser.add_argument("--straight", type=int, metavar="K",
                        help="with --wire: the wire is K knight's moves (2, 1) from M, and J' = M + K (2, 1)")
    parser.add_argument("--villain", default="queen", choices=("queen", "bishop", "rook"))
    parser.add_argument("--copies", type=int, default=3)
    parser.add_argument("--groups", default="2,2", help="groups needed on the left and right paths")
    parser.add_argument("--pad", type=int, default=3)
    parser.add_argument("--limit", type=float, default=60.0, help="seconds per displacement")
    args = parser.parse_args()
    groups = tuple(int(g) for g in args.groups.split(","))
    if args.straight:
        todo = [(args.wire[0] + 2 * args.straight, args.wire[1] + args.straight)]
    elif args.one:
        todo = [tuple(args.one)]
    else:
        # reflections and the transposition map ladders to ladders: 0 < U < V loses nothing
        todo = [(u, v) for v in range(2, args.reach) for u in range(1, v) if u + v <= args.reach]
        todo.sort(key=lambda d: (d[0] + d[1], d))
    tally: dict[str, int] = {}
    for displacement in todo:
        middle = tuple(args.wire) if args.wire else None
        start = time.perf_counter()
        straight = tuple((middle[0] + 2 * i, middle[1] + i) for i in range(1, args.straight)) \
            if args.straight and middle else None
        status, gadget = search(displacement, middle=middle, villain=args.villain, copies=args.copies,
                                groups=groups, pad=args.pad, limit=args.limit, wire=straight)
        tally[status] = tally.get(status, 0) + 1
        line = f"{displacement}: {status} in {time.perf_counter() - start:.1f} s"
        if gadget is not None:
            problem = check(gadget, displacement, middle, args.villain) if args.copies else None
            line += f"\n  left {gadget.left}\n  right {gadget.right}\n  wire {gadget.wire}\n  groups {gadget.groups}"
            line += f"\n  independent check: {problem or 'passed'}"
        print(line, flush=True)
    print(f"{len(todo)} displacements: " + ", ".join(f"{n} {s}" for s, n in sorted(tally.items())))


if __name__ == "__main__":
    main()
