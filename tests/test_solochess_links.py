"""The lines and links of the Theorem 3.11 boards (npw.reductions.solochess.links), issue 34: the
union-find components, the followed ties, the anchors by row and the link search that jumps over
filled lines give exactly what the plain searches they replaced gave (kept here as the
reference), the knight-bishop and knight-queen boards of a 20-variable source are byte for byte
the ones built before the change, and a build's work grows about linearly."""

import hashlib
import json
import random

import pytest

from npw.instances.base import InvalidInstance, dumps
from npw.instances.sat.planar_monotone import PlanarMonotone3Sat2Occ
from npw.instances.registry import get_problem
from npw.reductions.registry import get_reduction
from npw.reductions.solochess import links
from npw.reductions.solochess.links import FAMILIES, LINE_KEYS, Anchors, Lines, Ties, component, tied


# --- the plain searches of the code before issue 34 (reduction code of session 5) ---

def meet(f, a, g, b):
    eq = {"row": (0, 1), "column": (1, 0), "diagonal": (1, -1), "antidiagonal": (1, 1)}
    (p, q), (r, s) = eq[f], eq[g]
    det = p * s - q * r
    if det == 0:
        return None
    x_num, y_num = a * s - q * b, p * b - a * r
    if x_num % det or y_num % det:
        return None
    return (x_num // det, y_num // det)


def far_and_alone(lines, q, keep):
    x0, y0, x1, y1 = lines.box
    if x0 <= q[0] <= x1 and y0 <= q[1] <= y1:
        return False
    return all(not lines.on.get((f, LINE_KEYS[f](q))) for f in lines.families if (f, LINE_KEYS[f](q)) not in keep)


def scan_link(lines, a, b, keys=100_000):
    """The squares Lines.link took before: every key from 1 up, in loop order (not added)."""
    for key in range(1, keys):
        for fa in lines.free(a):
            for fb in lines.free(b):
                for g in lines.families:
                    if g in (fa, fb) or lines.on.get((g, key)):
                        continue
                    p = meet(fa, LINE_KEYS[fa](a), g, key)
                    q = meet(fb, LINE_KEYS[fb](b), g, key)
                    if p is None or q is None or p == q:
                        continue
                    if far_and_alone(lines, p, {(fa, LINE_KEYS[fa](a)), (g, key)}) and \
                            far_and_alone(lines, q, {(fb, LINE_KEYS[fb](b)), (g, key)}):
                        return p, q
    return None


def search_component(lines, q):
    part, stack = {q}, [q]
    while stack:
        r = stack.pop()
        for f in lines.families:
            for s in lines.on[(f, LINE_KEYS[f](r))]:
                if s not in part and s != lines.special:
                    part.add(s)
                    stack.append(s)
    return part


def search_tied(lines, q, roots, paths):
    part = search_component(lines, q)
    return bool(part & roots) or any(part & set(left) and part & set(right) for left, right in paths)


def random_lines(rng, villain, pieces, spread):
    squares = {(rng.randrange(spread), rng.randrange(spread)) for _ in range(pieces)}
    lines = Lines(villain, squares)
    lines.special = min(squares)
    return lines, sorted(squares)


# --- the new structures against them ---

@pytest.mark.parametrize("villain", ["rook", "bishop", "queen"])
def test_link_takes_the_squares_the_scan_took(villain, monkeypatch):
    monkeypatch.setattr(links, "_LINK_KEYS", 800)   # both search keys 1..799 (the boards here are small)
    rng = random.Random(34)
    checked = 0
    for _ in range(60):
        lines, squares = random_lines(rng, villain, rng.randrange(4, 40), rng.randrange(6, 30))
        if rng.random() < 0.5:   # a box grown, as the queen board's
            x0, y0, x1, y1 = lines.box
            lines.box = (x0 - 4, y0 - 4, x1 + 4, y1 + 4)
        for _ in range(12):
            a, b = rng.sample(squares, 2)
            expected = scan_link(lines, a, b, keys=800)
            if expected is None:    # no free line on a or b, or (rooks) a row and a column: both refuse
                with pytest.raises(InvalidInstance):
                    lines.link(a, b)
                continue
            assert lines.link(a, b) == expected
            checked += 1
            squares += list(expected)
    assert checked > 80


def test_link_refuses_when_no_key_is_left(monkeypatch):
    lines = Lines("rook", {(0, 0), (5, 5)})
    monkeypatch.setattr(links, "_LINK_KEYS", 3)   # keys 1 and 2: both inside the box
    with pytest.raises(InvalidInstance, match="no line left"):
        lines.link((0, 0), (5, 5))


@pytest.mark.parametrize("villain", ["rook", "bishop", "queen"])
def test_components_and_ties_follow_the_links(villain):
    rng = random.Random(11)
    for _ in range(20):
        lines, squares = random_lines(rng, villain, rng.randrange(4, 30), rng.randrange(6, 25))
        roots = set(rng.sample(squares, 1))
        paths = [(rng.sample(squares, 2), rng.sample(squares, 2)) for _ in range(3)]
        offered = []
        ties = Ties(lines, roots, paths, on_tied=offered.extend)
        for _ in range(8):
            for q in squares:
                assert component(lines, q) == search_component(lines, q)
                assert ties.tied(q) == tied(lines, q, roots, paths) == search_tied(lines, q, roots, paths)
            # every tied piece offered once, and only those
            assert sorted(offered) == sorted(q for q in squares if q != lines.special and ties.tied(q))
            a, b = rng.sample(squares, 2)
            try:
                squares += list(lines.link(a, b))
            except InvalidInstance:   # no link (no free line, or rooks' row and column): a piece far away
                q = (rng.randrange(100, 200), rng.randrange(100, 200))
                if q not in squares:
                    lines.add(q)
                    squares.append(q)


def test_anchors_are_the_nearest_usable_by_row():
    rng = random.Random(5)
    for _ in range(50):
        squares = list({(rng.randrange(-9, 9), rng.randrange(-9, 9)) for _ in range(rng.randrange(1, 25))})
        spent: set = set()
        anchors = Anchors(lambda t: t not in spent, squares[: len(squares) // 2])
        for q in squares[len(squares) // 2:]:
            anchors.add(q)
        for _ in range(20):
            y = rng.randrange(-12, 12)
            usable = [t for t in squares if t not in spent]
            expected = min(usable, key=lambda t: (abs(t[1] - y), t)) if usable else None
            assert anchors.nearest(y) == expected
            if usable:
                spent.add(rng.choice(usable))   # usability is only ever lost


def test_the_special_piece_is_set_before_ties_are_followed():
    lines = Lines("queen", {(0, 0), (3, 3)})
    Ties(lines, set(), [])
    with pytest.raises(ValueError):
        lines.special = (0, 0)


# --- the boards ---

# a 20-variable source (npw generate pm3sat-2occ -p num_vars=20 --seed 1) and the sha256 of its
# boards' JSON as the code before issue 34 built them (its link scan and tying searches)
SOURCE = {"problem": "pm3sat-2occ", "version": 1, "num_vars": 20, "clauses": [
    [-2, -16, -7], [-3], [-13, -8], [4, 19, 5], [-8, -4], [-20, -10, -17], [-11, -14, -15], [6, 20, 10],
    [14, 15, 4], [-12, -6], [-15, -4, -9], [17, 11], [11], [-3, -19], [-12, -6, -18], [-9], [13], [-17, -7],
    [-13], [6, 18], [-19, -5], [-20, -10], [10], [16, 7], [17, 2, 16], [15], [-11, -14], [14], [9, 3], [20]],
    "order": [12, 6, 18, 20, 10, 1, 17, 2, 16, 7, 11, 14, 15, 13, 8, 4, 9, 3, 19, 5],
    "levels": [1, 1, 1, 2, 1, 2, 2, 2, 2, 1, 2, 2, 1, 1, 2, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]}
DIGESTS = {"pm3sat-to-solochess-knight-bishop": "3936fa6cb7115489f1cf3a5f7b3b11f7bab269557d6786ed654742ac5df871d5",
           "pm3sat-to-solochess-knight-queen": "dbc0302b82ff3e48982f6f23a299f1fd9fd18ef11cde745892b7cbd6f3a63ff1"}


@pytest.mark.parametrize("rid", sorted(DIGESTS))
def test_boards_are_the_ones_built_before(rid):
    source = PlanarMonotone3Sat2Occ.from_dict(json.loads(json.dumps(SOURCE)))
    board = get_reduction(rid).reduce(source)
    assert hashlib.sha256(dumps(board.to_dict()).encode()).hexdigest() == DIGESTS[rid]


def test_a_build_grows_about_linearly(monkeypatch):
    """Work counted as calls of the line keys (deterministic, unlike a clock): four times the
    variables cost about four times the calls (3.9 times: 23,948 to 94,424; the searches before
    the change: 15.3 times, 1,422,851 to 21,723,922)."""
    calls = [0]

    def counted(key):
        def call(q):
            calls[0] += 1
            return key(q)
        return call

    for f, key in list(LINE_KEYS.items()):
        monkeypatch.setitem(LINE_KEYS, f, counted(key))
    problem = get_problem("pm3sat-2occ")
    work = []
    for n in (10, 40):
        source = problem.generators["random"](num_vars=n, seed=1)
        calls[0] = 0
        get_reduction("pm3sat-to-solochess-knight-queen").reduce(source)
        work.append(calls[0])
    assert work[1] < 6 * work[0], work
