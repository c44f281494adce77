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
