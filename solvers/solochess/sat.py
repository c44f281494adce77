"""Solo Chess through python-sat: a time-indexed (planning) encoding.

A board with n pieces is solved by exactly n - 1 captures. A *token* is what a square can hold:
a piece type, whether it is the special piece, and (under a capture limit L) how many captures
that piece has made, 0..L. Variables: x[k][w][z], "after k captures square w holds token z";
m[k][u][v][z], "capture k is made by token z from u onto v", only for geometric moves of z's
type. Clauses: exactly one capture per step (sequential counter); a capture needs its token
on u, some non-special piece on v and every blocking square (initially occupied, strictly
between) empty; it empties u and puts z's successor (count + 1) on v; squares not touched keep
their token (frame axioms through "is a source"/"is a target" variables defined both ways);
at most one token per square. Initial tokens are unit clauses; nothing more is needed at the
end, since n - 1 captures leave one piece and the special piece is never captured.
"""

from __future__ import annotations

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from npw.instances.solochess.board import SoloChess
from npw.solvers.result import Deadline, Result
from npw.solvers.limits import ClauseBuffer, refuse_above
from npw.solvers.sat import SatEncoding, decide_by_sat
from npw.solvers.solochess.moves import compile_board
from npw.solvers.registry import Decider

__all__ = ["DECIDERS", "encode", "solve"]


def encode(instance: SoloChess, deadline: Deadline | None = None):
    """(number of variables, clauses, decoder) where decoder(values) gives the capture sequence;
    OutOfTime past ``deadline``, Refused past the encoding limit (npw.solvers.limits)."""
    board = compile_board(instance)
    n = board.size
    limit = instance.capture_limit
    counts = range(limit + 1) if limit is not None else range(1)
    # token = (kind, special, count)
    tokens = [(k, False, c) for k in range(len(board.kinds)) for c in counts]
    if board.special is not None:
        sk = board.start[board.special]
        tokens += [(sk, True, c) for c in counts]
    tindex = {t: i for i, t in enumerate(tokens)}
    special_tokens = [i for i, t in enumerate(tokens) if t[1]]
    plain_tokens = [i for i, t in enumerate(tokens) if not t[1]]

    def successor(z: int) -> int | None:
        k, sp, c = tokens[z]
        if limit is None:
            return z
        return tindex[(k, sp, c + 1)] if c < limit else None

    pool = IDPool()
    steps = n - 1
    # the square-token variables alone are (n captures + 1) x n squares x tokens, each with a
    # unit or a clause: a 1,411-piece board (pm3sat-to-solochess) spent 27 s making them,
    # deadline unseen; refused before, and the deadline checked while they are made
    refuse_above((steps + 1) * n * len(tokens), f"the Solo Chess SAT encoding of {n} pieces "
                 f"({steps + 1} steps x {n} squares x {len(tokens)} tokens)")
    x = []
    for k in range(steps + 1):
        if deadline is not None:
            deadline.check()
        x.append([[pool.id(("x", k, w, z)) for z in range(len(tokens))] for w in range(n)])
    clauses: list[list[int]] = ClauseBuffer(deadline)
    for w in range(n):
        initial = tindex[(board.start[w], w == board.special, 0)]
        for z in range(len(tokens)):
            clauses.append([x[0][w][z]] if z == initial else [-x[0][w][z]])
    decode_moves = []
    for k in range(steps):
        step_moves = []
        sources: list[list[int]] = [[] for _ in range(n)]
        targets: list[list[int]] = [[] for _ in range(n)]
        produced: list[dict[int, list[int]]] = [dict() for _ in range(n)]
        for z, (kind, _sp, _c) in enumerate(tokens):
            nz = successor(z)
            if nz is None:
                continue
            for u in range(n):
                for v, block in board.moves[kind][u]:
                    m = pool.id(("m", k, u, v, z, block))
                    step_moves.append(m)
                    decode_moves.append((m, k, u, v))
                    sources[u].append(m)
                    targets[v].append(m)
                    produced[v].setdefault(nz, []).append(m)
                    clauses.append([-m, x[k][u][z]])
                    clauses.append([-m] + [x[k][v][t] for t in plain_tokens])
                    b = block
                    while b:
                        low = b & -b
                        b ^= low
                        bw = low.bit_length() - 1
                        clauses.extend([-m, -x[k][bw][t]] for t in range(len(tokens)))
                    clauses.append([-m, x[k + 1][v][nz]])
                    clauses.extend([-m, -x[k + 1][u][t]] for t in range(len(tokens)))
        clauses.append(step_moves)  # at least one capture
        clauses.extend(CardEnc.atmost(step_moves, 1, vpool=pool, encoding=EncType.seqcounter).clauses)
        for w in range(n):
            s_var, t_var = pool.id(("S", k, w)), pool.id(("T", k, w))
            clauses.append([-s_var] + sources[w])
            clauses.extend([-m, s_var] for m in sources[w])
            clauses.append([-t_var] + targets[w])
            clauses.extend([-m, t_var] for m in targets[w])
            for z in range(len(tokens)):
                clauses.append([-x[k][w][z], s_var, t_var, x[k + 1][w][z]])
                clauses.append([-x[k + 1][w][z], x[k][w][z]] + produced[w].get(z, []))
            for a in range(len(tokens)):
                for b2 in range(a + 1, len(tokens)):
                    clauses.append([-x[k + 1][w][a], -x[k + 1][w][b2]])
    _ = special_tokens

    def decode(values) -> tuple:
        chosen = sorted((k, u, v) for m, k, u, v in decode_moves if values[m - 1])
        return tuple(board.move(u, v) for _k, u, v in chosen)

    return pool.top, clauses, decode


def solve(instance: SoloChess, timeout: float | None = None, solver: str | None = None) -> Result:
    def encoding(deadline: Deadline) -> SatEncoding:
        if len(instance.pieces) == 1:
            return SatEncoding.decided(True, ())
        num_vars, clauses, decode = encode(instance, deadline)
        return SatEncoding(num_vars, clauses, decode)

    return decide_by_sat(encoding, backend="sat", solver=solver, timeout=timeout)


# -- what this module declares (npw.solvers.registry; npw index finds it) --------------------

DECIDERS = (
    Decider("solochess", "sat", solve),
)
