"""Local improvement of a move sequence for the (n^2-1)-puzzle, the step Ratner & Warmuth
(1990, Section 5) recommend after an approximation: shorten a solution without changing
where it ends.

* :func:`cancel_inverse_pairs` -- a move undone by the next one (``UD``, ``LR``, ...)
  goes, repeatedly (a stack).
* :func:`remove_repeated_states` -- whenever the sequence returns to a board it was on
  at most a window of moves before, the loop between the two visits goes (Zobrist hashes of the boards; a hash
  collision could only cut a wrong loop, and :func:`improve` replays the result and
  keeps the input if the end board differs).
* :func:`resolve_windows` -- every window of ``width`` consecutive moves is re-solved
  optimally inside the bounding box of the cells its blank visits: the window's effect
  on that box is a permutation of the box's cells (the tiles' labels do not matter), so
  the shortest replacement is found once per (box, permutation) by a bidirectional
  breadth-first search and remembered; a window is replaced when a strictly shorter
  sequence has the same effect.

>>> from npw.instances.npuz.board import apply_moves, goal_board
>>> start = goal_board(3)
>>> moves = "ULDR" * 3 + "UL" + "RD"  # three turns round a 2 x 2 block: back to the start
>>> improve(start, moves)
''
>>> resolve_windows(start, "ULDRULDR", 8)  # two turns round a 2 x 2 block = one turn back
'LURD'
"""

from __future__ import annotations

import math
from array import array
from collections import deque

from npw.instances.npuz.board import Board, apply_moves

__all__ = ["cancel_inverse_pairs", "improve", "remove_repeated_states", "resolve_windows"]

_OPP = {"U": "D", "D": "U", "L": "R", "R": "L"}
_STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def cancel_inverse_pairs(moves: str) -> str:
    """Removes every move immediately undone by the next one (``UD``, ``LR``, ...),
    repeatedly (a stack): the end board is the same, the sequence only shorter.

    >>> cancel_inverse_pairs("RULDDUR")
    'RULDR'
    """
    out: list[str] = []
    for m in moves:
        if out and out[-1] == _OPP[m]:
            out.pop()
        else:
            out.append(m)
    return "".join(out)


def remove_repeated_states(board: Board, moves: str, window: int = 1 << 16) -> str:
    """Cuts every loop of at most ``window`` moves: when the board after a move equals a
    board met at most ``window`` moves earlier in the (already shortened) sequence (its
    Zobrist hash does), the moves in between go (nested loops too). The window bounds
    the memory: the hashes of older boards are forgotten."""
    n = math.isqrt(len(board))
    cells = list(board)
    blank = cells.index(0)

    def z(tile: int, cell: int) -> int:
        return hash((tile, cell, 0x5DEECE66D))

    h = 0
    for cell, tile in enumerate(cells):
        h ^= z(tile, cell)
    out: list[str] = []
    hashes = array("q", [h])  # hashes[i]: the board after out[:i]
    seen = {h: 0}
    delta = {"U": -n, "D": n, "L": -1, "R": 1}
    for m in moves:
        target = blank + delta[m]
        tile = cells[target]
        h ^= z(tile, target) ^ z(tile, blank) ^ z(0, blank) ^ z(0, target)
        cells[blank], cells[target] = tile, 0
        blank = target
        out.append(m)
        k = seen.get(h)
        if k is not None:  # back on the board met after out[:k]: cut the loop
            for old in hashes[k + 1:]:
                seen.pop(old, None)
            del hashes[k + 1:]
            del out[k:]
            continue
        seen[h] = len(out)
        hashes.append(h)
        if len(seen) > 2 * window:  # forget the boards older than the window
            first = max(0, len(out) - window)
            seen = {hashes[i]: i for i in range(first, len(out) + 1)}
    return "".join(out)


def _shortest(h: int, w: int, b0: int, goal: tuple[int, ...], limit: int) -> str | None:
    """A shortest blank path inside an h x w box from the identity arrangement (blank at
    b0) to ``goal``, if one of at most ``limit`` moves exists (bidirectional BFS)."""
    start = tuple(range(h * w))
    if goal == start:
        return ""
    neighbours = []
    for cell in range(h * w):
        r, c = divmod(cell, w)
        here = []
        for m, (dr, dc) in _STEP.items():
            if 0 <= r + dr < h and 0 <= c + dc < w:
                here.append((m, (r + dr) * w + c + dc))
        neighbours.append(here)

    def expand(frontier: dict, seen: dict) -> dict:
        nxt = {}
        for state, blank in frontier.items():
            for m, cell in neighbours[blank]:
                s = list(state)
                s[blank], s[cell] = s[cell], s[blank]
                key = tuple(s)
                if key not in seen:
                    seen[key] = (state, m)
                    nxt[key] = cell
        return nxt

    fwd_seen: dict = {start: None}
    bwd_seen: dict = {goal: None}
    fwd = {start: b0}
    bwd = {goal: goal.index(b0)}
    depth_f = depth_b = 0
    while depth_f + depth_b < limit:
        if len(fwd) <= len(bwd):
            fwd = expand(fwd, fwd_seen)
            depth_f += 1
            meet = next((s for s in fwd if s in bwd_seen), None)
        else:
            bwd = expand(bwd, bwd_seen)
            depth_b += 1
            meet = next((s for s in bwd if s in fwd_seen), None)
        if meet is not None:
            first = []
            state = meet
            while fwd_seen[state] is not None:
                state, m = fwd_seen[state]
                first.append(m)
            second = []
            state = meet
            while bwd_seen[state] is not None:
                state, m = bwd_seen[state]
                second.append(_OPP[m])  # backward steps, played forward, reversed
            return "".join(reversed(first)) + "".join(second)
        if not fwd or not bwd:
            return None
    return None


def resolve_windows(board: Board, moves: str, width: int = 8) -> str:
    """One pass over the sequence: each window of ``width`` moves is replaced by a
    strictly shorter sequence with the same effect inside the box its blank visits, when
    one exists (found by search, remembered per (box, effect))."""
    n = math.isqrt(len(board))
    r, c = divmod(board.index(0), n)
    memo: dict = {}
    out: list[str] = []
    i = 0
    total = len(moves)
    while i < total:
        window = moves[i:i + width]
        if len(window) < 4:
            out.append(window)
            break
        rr, cc = r, c
        rows, cols = [r], [c]
        for m in window:
            dr, dc = _STEP[m]
            rr, cc = rr + dr, cc + dc
            rows.append(rr)
            cols.append(cc)
        top, left = min(rows), min(cols)
        h, w = max(rows) - top + 1, max(cols) - left + 1
        b0 = (r - top) * w + (c - left)
        key = (h, w, b0, window)
        replacement = memo.get(key, False)
        if replacement is False:
            local = list(range(h * w))
            blank = b0
            for m in window:
                dr, dc = _STEP[m]
                nb = blank + dr * w + dc
                local[blank], local[nb] = local[nb], local[blank]
                blank = nb
            effect = (h, w, b0, tuple(local))
            replacement = memo.get(effect, False)
            if replacement is False:
                replacement = _shortest(h, w, b0, tuple(local), len(window) - 2)
                memo[effect] = replacement
            memo[key] = replacement
        if replacement is not None and len(replacement) < len(window):
            out.append(replacement)
            advance = window
        else:
            out.append(moves[i])
            advance = moves[i]
        for m in advance:
            dr, dc = _STEP[m]
            r, c = r + dr, c + dc
        i += len(advance)
    return "".join(out)


def improve(board: Board, moves: str, width: int = 8, passes: int = 1) -> str:
    """All three, repeated ``passes`` times (each can open chances for the others); the
    result is replayed and the input returned instead if the end board differs (only a
    Zobrist collision could cause that)."""
    best = moves
    for _ in range(passes):
        shorter = cancel_inverse_pairs(best)
        shorter = remove_repeated_states(board, shorter)
        if width >= 4:
            shorter = resolve_windows(board, shorter, width)
        if len(shorter) >= len(best):
            break
        best = shorter
    if best != moves and apply_moves(board, best) != apply_moves(board, moves):
        return moves
    return best
