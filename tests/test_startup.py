"""Start-up: the light commands import what they need and nothing else.

Not a timing test (the machine is shared and noisy; the CPU figures are in BENCHMARKS.md,
"Issue 20: kernel"): each command runs in a fresh interpreter, which then names the heavy
modules it loaded.
"""

import json
import subprocess
import sys

import pytest

from npw.instances.npuz.board import goal_board
from npw.solvers.npuz.search import idastar_path

HEAVY = ("numpy", "numba", "pysat", "z3")

SCRIPT = f"""
import sys
from npw.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print()
print("loaded:", *sorted(m for m in {HEAVY!r} if m in sys.modules))
"""


def run(*argv: str) -> tuple[str, list[str]]:
    """(the output, the heavy modules left in ``sys.modules``) of a fresh ``npw ARGV``."""
    done = subprocess.run([sys.executable, "-c", SCRIPT, *argv], capture_output=True, text=True, timeout=300)
    output, _, last = done.stdout.rstrip("\n").rpartition("\n")
    assert last.startswith("loaded:"), done.stderr  # the command ran to its end
    return output, last.split()[1:]


def heavy_modules(*argv: str) -> list[str]:
    return run(*argv)[1]


@pytest.mark.parametrize("argv", [["--help"], ["list"], ["list", "--json"], ["puzzle", "--help"]])
def test_light_commands_load_no_heavy_module(argv):
    assert heavy_modules(*argv) == []


def test_easy_puzzle_solved_without_numba_same_answer(npw_cache):
    from npw.solvers.npuz.pdb import pattern_databases

    board, goal = (1, 2, 3, 4, 5, 6, 0, 7, 8), goal_board(3)
    pattern_databases(goal)  # the cached databases the command reads
    argv = ["puzzle", "solve", " ".join(map(str, board)), "--json"]
    output, loaded = run(*argv)
    result = json.loads(output.strip())
    assert "numba" not in loaded
    compiled = idastar_path(board, goal, "pdb", python_nodes=0)
    assert compiled.stats["kernel"] == "numba"
    assert (result["moves"], result["nodes"]) == (compiled.moves, compiled.stats["nodes"])


def test_a_hard_board_does_load_the_kernel(npw_cache):
    # the check above can fail: past the pure-Python search's budget, the command loads numba
    hard = "0 15 14 13 12 11 10 9 8 7 6 5 4 3 1 2"
    # a time limit long enough for the kernel to load (a shorter one now counts the loading: npw
    # exits at the limit while numba still loads in the background, issue 30)
    assert "numba" in heavy_modules("puzzle", "solve", hard, "--goal", "blank-first", "--timeout", "4")


def test_easy_5x5_board_loads_neither_numpy_nor_numba(npw_cache):
    # the 24-puzzle's default heuristic is chosen from the cache files' headers (issue 36: it
    # imported numba, 0.75-0.85 s of CPU for a 1-move board)
    board = " ".join(map(str, list(range(1, 24)) + [0, 24]))
    output, loaded = run("puzzle", "solve", board, "--json")
    assert json.loads(output.strip())["moves"] == "R" and loaded == []


def test_ranked_databases_python_search_is_the_kernels(monkeypatch):
    # the Python search on cached ranked tables (pdb78, pdb6666) walks the compiled kernel's
    # tree: same moves, same counts; shown on a small 3 x 3 partition standing in for them
    from npw.solvers.npuz import ranked_files
    from npw.solvers.npuz.ida_ranked import ranked_idastar_path
    from npw.solvers.npuz.pdb_ranked import ranked_databases
    from npw.solvers.npuz.pysearch import python_idastar

    goal = goal_board(3, "blank-first")
    groups = ((1, 2, 3, 4), (5, 6, 7, 8))
    dbs = ranked_databases(goal, groups)
    tables = [memoryview(table) for table in dbs.tables]
    monkeypatch.setattr(ranked_files, "cached_tables", lambda name, g: (tables, ranked_files.lookup_plan(g, groups)))
    rng = __import__("random").Random(5)
    from npw.instances.npuz.board import neighbours

    for _ in range(8):
        board = goal
        for _ in range(rng.randrange(4, 30)):
            board = rng.choice([b for _, b in neighbours(board, 3)])
        if board == goal:
            continue
        compiled = ranked_idastar_path(board, goal, databases=dbs)
        moves, stats = python_idastar(board, goal, 3, "pdb78", None, 10**6)
        assert moves == compiled.moves
        assert (stats["nodes"], stats["generated"], stats["h0"]) == (
            compiled.stats["nodes"], compiled.stats["generated"], compiled.stats["h0"])
