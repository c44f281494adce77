"""Issue 20: the blank-free pattern databases (7-8 for 4 x 4, 6-6-6-6 for 5 x 5).

    python bench/npuz_pdb_ranked.py build                  # build (or load) both, time and size per table
    python bench/npuz_pdb_ranked.py compare [--instances 25] [--seed 1] [--timeout 120]
                                                            # random 15-puzzles, pdb78 vs pdb (5-5-5), interleaved
    python bench/npuz_pdb_ranked.py 24 [--walks 40,60,80,100] [--random 2] [--korf 10] [--timeout 300]
                                                            # 24-puzzles with pdb6666: per instance nodes, s, length
    python bench/npuz_pdb_ranked.py rate --old OLD_IDA_RANKED_PY [--below 4] [--felner 29,36,20]
                                                            # issue 36: expanded nodes per CPU s, this kernel
                                                            # against an older ida_ranked.py on the same trees
    python bench/npuz_pdb_ranked.py felner [--easiest 10] [--timeout 600]
                                                            # issue 36: Korf & Felner's 50, the easiest by length
    python bench/npuz_pdb_ranked.py korf100 [--heuristic pdb78]
                                                            # issue 36: Korf's 100 15-puzzles, generated nodes
                                                            # per instance (published 7-8 + reflection: 36,710)
    python bench/npuz_pdb_ranked.py rate15 --old OLD_IDA_RANKED_PY [--boards 2,3,5,6,9,10,13]
                                                            # the same on Korf's 15-puzzles with a ranked 5-5-5
                                                            # partition (tables built in seconds, no 7-8 needed)
    python bench/npuz_pdb_ranked.py dual
                                                            # issue 36: is the dual lookup (the inverse
                                                            # permutation) admissible with these databases?
                                                            # every 8-puzzle, exact distances by BFS
    python bench/npuz_pdb_ranked.py hardest [--boards 88,82,60,66,49,14,59,56] [--no-c]
                                                            # issue 36: `npw puzzle solve BOARD` (no options, one
                                                            # process a board) against C IDA* Manhattan, CPU s

Goal: blank-first (Korf's convention). Every solution is replayed on the board; the lengths of
the two databases must agree. An instance not finished within ``--timeout`` seconds reports the
last IDA* bound reached (a proven lower bound on its length).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # batch_solve, npuz_kernel

from npw.instances.npuz.board import apply_moves, goal_board, random_reachable_board, random_walk  # noqa: E402
from npw.solvers.npuz.pdb import pattern_databases  # noqa: E402
from npw.solvers.npuz.pdb_ranked import load_or_build, named_databases, partition, table_key, table_path  # noqa: E402
from npw.solvers.npuz.search import idastar_path  # noqa: E402

# Korf & Taylor 1996, "Finding optimal solutions to the twenty-four puzzle": the ten instances
# (blank = 0, goal blank-first) with their published optimal lengths
KORF_TAYLOR_24 = [
    ((17, 1, 20, 9, 16, 2, 22, 19, 14, 5, 15, 21, 0, 3, 24, 23, 18, 13, 12, 7, 10, 8, 6, 4, 11), 100),
    ((14, 5, 9, 2, 18, 8, 23, 19, 12, 17, 15, 0, 10, 20, 4, 6, 11, 21, 1, 7, 24, 3, 16, 22, 13), 95),
    ((7, 13, 11, 22, 12, 20, 1, 18, 21, 5, 0, 8, 14, 24, 19, 9, 4, 17, 16, 10, 23, 15, 3, 2, 6), 108),
    ((18, 14, 0, 9, 8, 3, 7, 19, 2, 15, 5, 12, 1, 13, 24, 23, 4, 21, 10, 20, 16, 22, 11, 6, 17), 98),
    ((2, 0, 10, 19, 1, 4, 16, 3, 15, 20, 22, 9, 6, 18, 5, 13, 12, 21, 8, 17, 23, 11, 24, 7, 14), 101),
    ((16, 5, 1, 12, 6, 24, 17, 9, 2, 22, 4, 10, 13, 18, 19, 20, 0, 23, 7, 21, 15, 11, 8, 3, 14), 96),
    ((21, 22, 15, 9, 24, 12, 16, 23, 2, 8, 5, 18, 17, 7, 10, 14, 13, 4, 0, 6, 20, 11, 3, 1, 19), 104),
    ((6, 0, 24, 14, 8, 5, 21, 19, 9, 17, 16, 20, 10, 13, 2, 15, 11, 22, 1, 3, 7, 23, 4, 18, 12), 97),
    ((3, 2, 17, 0, 14, 18, 22, 19, 15, 20, 9, 7, 10, 21, 16, 6, 24, 23, 8, 5, 1, 4, 11, 12, 13), 113),
    ((23, 14, 0, 24, 17, 9, 20, 21, 2, 18, 10, 13, 22, 1, 3, 11, 4, 16, 6, 5, 7, 12, 8, 15, 19), 114),
]


# Korf & Felner 2002 ("Disjoint pattern database heuristics", Artificial Intelligence 134:9-22,
# Table 4): their 50 random 24-puzzles (goal blank-first, numbered 1-50 as there; 1-10 are Korf &
# Taylor's ten) with the optimal lengths they proved. Transcribed from a public copy of the table
# in a C++ benchmark source (the define_problems24 / z_optimal arrays of a bidirectional-search
# study); its first ten agree with KORF_TAYLOR_24 above, and every length this bench finds is
# asserted against the list.
KORF_FELNER_24 = [
    ((14, 5, 9, 2, 18, 8, 23, 19, 12, 17, 15, 0, 10, 20, 4, 6, 11, 21, 1, 7, 24, 3, 16, 22, 13), 95),
    ((16, 5, 1, 12, 6, 24, 17, 9, 2, 22, 4, 10, 13, 18, 19, 20, 0, 23, 7, 21, 15, 11, 8, 3, 14), 96),
    ((6, 0, 24, 14, 8, 5, 21, 19, 9, 17, 16, 20, 10, 13, 2, 15, 11, 22, 1, 3, 7, 23, 4, 18, 12), 97),
    ((18, 14, 0, 9, 8, 3, 7, 19, 2, 15, 5, 12, 1, 13, 24, 23, 4, 21, 10, 20, 16, 22, 11, 6, 17), 98),
    ((17, 1, 20, 9, 16, 2, 22, 19, 14, 5, 15, 21, 0, 3, 24, 23, 18, 13, 12, 7, 10, 8, 6, 4, 11), 100),
    ((2, 0, 10, 19, 1, 4, 16, 3, 15, 20, 22, 9, 6, 18, 5, 13, 12, 21, 8, 17, 23, 11, 24, 7, 14), 101),
    ((21, 22, 15, 9, 24, 12, 16, 23, 2, 8, 5, 18, 17, 7, 10, 14, 13, 4, 0, 6, 20, 11, 3, 1, 19), 104),
    ((7, 13, 11, 22, 12, 20, 1, 18, 21, 5, 0, 8, 14, 24, 19, 9, 4, 17, 16, 10, 23, 15, 3, 2, 6), 108),
    ((3, 2, 17, 0, 14, 18, 22, 19, 15, 20, 9, 7, 10, 21, 16, 6, 24, 23, 8, 5, 1, 4, 11, 12, 13), 113),
    ((23, 14, 0, 24, 17, 9, 20, 21, 2, 18, 10, 13, 22, 1, 3, 11, 4, 16, 6, 5, 7, 12, 8, 15, 19), 114),
    ((15, 11, 8, 18, 14, 3, 19, 16, 20, 5, 24, 2, 17, 4, 22, 10, 1, 13, 9, 21, 23, 7, 6, 12, 0), 106),
    ((12, 23, 9, 18, 24, 22, 4, 0, 16, 13, 20, 3, 15, 6, 17, 8, 7, 11, 19, 1, 10, 2, 14, 5, 21), 109),
    ((21, 24, 8, 1, 19, 22, 12, 9, 7, 18, 4, 0, 23, 14, 10, 6, 3, 11, 16, 5, 15, 2, 20, 13, 17), 101),
    ((24, 1, 17, 10, 15, 14, 3, 13, 8, 0, 22, 16, 20, 7, 21, 4, 12, 9, 2, 11, 5, 23, 6, 18, 19), 111),
    ((24, 10, 15, 9, 16, 6, 3, 22, 17, 13, 19, 23, 21, 11, 18, 0, 1, 2, 7, 8, 20, 5, 12, 4, 14), 103),
    ((18, 24, 17, 11, 12, 10, 19, 15, 6, 1, 5, 21, 22, 9, 7, 3, 2, 16, 14, 4, 20, 23, 0, 8, 13), 96),
    ((23, 16, 13, 24, 5, 18, 22, 11, 17, 0, 6, 9, 20, 7, 3, 2, 10, 14, 12, 21, 1, 19, 15, 8, 4), 109),
    ((0, 12, 24, 10, 13, 5, 2, 4, 19, 21, 23, 18, 8, 17, 9, 22, 16, 11, 6, 15, 7, 3, 14, 1, 20), 110),
    ((16, 13, 6, 23, 9, 8, 3, 5, 24, 15, 22, 12, 21, 17, 1, 19, 10, 7, 11, 4, 18, 2, 14, 20, 0), 106),
    ((4, 5, 1, 23, 21, 13, 2, 10, 18, 17, 15, 7, 0, 9, 3, 14, 11, 12, 19, 8, 6, 20, 24, 22, 16), 92),
    ((24, 8, 14, 5, 16, 4, 13, 6, 22, 19, 1, 10, 9, 12, 3, 0, 18, 21, 20, 23, 15, 17, 11, 7, 2), 103),
    ((7, 6, 3, 22, 15, 19, 21, 2, 13, 0, 8, 10, 9, 4, 18, 16, 11, 24, 5, 12, 17, 1, 23, 14, 20), 95),
    ((24, 11, 18, 7, 3, 17, 5, 1, 23, 15, 21, 8, 2, 4, 19, 14, 0, 16, 22, 6, 9, 13, 20, 12, 10), 104),
    ((14, 24, 18, 12, 22, 15, 5, 1, 23, 11, 6, 19, 10, 13, 7, 0, 3, 9, 4, 17, 2, 21, 16, 20, 8), 107),
    ((3, 17, 9, 8, 24, 1, 11, 12, 14, 0, 5, 4, 22, 13, 16, 21, 15, 6, 7, 10, 20, 23, 2, 18, 19), 81),
    ((22, 21, 15, 3, 14, 13, 9, 19, 24, 23, 16, 0, 7, 10, 18, 4, 11, 20, 8, 2, 1, 6, 5, 17, 12), 105),
    ((9, 19, 8, 20, 2, 3, 14, 1, 24, 6, 13, 18, 7, 10, 17, 5, 22, 12, 21, 16, 15, 0, 23, 11, 4), 99),
    ((17, 15, 7, 12, 8, 3, 4, 9, 21, 5, 16, 6, 19, 20, 1, 22, 24, 18, 11, 14, 23, 10, 2, 13, 0), 98),
    ((10, 3, 6, 13, 1, 2, 20, 14, 18, 11, 15, 7, 5, 12, 9, 24, 17, 22, 4, 8, 21, 23, 19, 16, 0), 88),
    ((8, 19, 7, 16, 12, 2, 13, 22, 14, 9, 11, 5, 6, 3, 18, 24, 0, 15, 10, 23, 1, 20, 4, 17, 21), 92),
    ((19, 20, 12, 21, 7, 0, 16, 10, 5, 9, 14, 23, 3, 11, 4, 2, 6, 1, 8, 15, 17, 13, 22, 24, 18), 99),
    ((1, 12, 18, 13, 17, 15, 3, 7, 20, 0, 19, 24, 6, 5, 21, 11, 2, 8, 9, 16, 22, 10, 4, 23, 14), 97),
    ((11, 22, 6, 21, 8, 13, 20, 23, 0, 2, 15, 7, 12, 18, 16, 3, 1, 17, 5, 4, 9, 14, 24, 10, 19), 106),
    ((5, 18, 3, 21, 22, 17, 13, 24, 0, 7, 15, 14, 11, 2, 9, 10, 1, 8, 6, 16, 19, 4, 20, 23, 12), 102),
    ((2, 10, 24, 11, 22, 19, 0, 3, 8, 17, 15, 16, 6, 4, 23, 20, 18, 7, 9, 14, 13, 5, 12, 1, 21), 98),
    ((2, 10, 1, 7, 16, 9, 0, 6, 12, 11, 3, 18, 22, 4, 13, 24, 20, 15, 8, 14, 21, 23, 17, 19, 5), 90),
    ((23, 22, 5, 3, 9, 6, 18, 15, 10, 2, 21, 13, 19, 12, 20, 7, 0, 1, 16, 24, 17, 4, 14, 8, 11), 100),
    ((10, 3, 24, 12, 0, 7, 8, 11, 14, 21, 22, 23, 2, 1, 9, 17, 18, 6, 20, 4, 13, 15, 5, 19, 16), 96),
    ((16, 24, 3, 14, 5, 18, 7, 6, 4, 2, 0, 15, 8, 10, 20, 13, 19, 9, 21, 11, 17, 12, 22, 23, 1), 104),
    ((2, 17, 4, 13, 7, 12, 10, 3, 0, 16, 21, 24, 8, 5, 18, 20, 15, 19, 14, 9, 22, 11, 6, 1, 23), 82),
    ((13, 19, 9, 10, 14, 15, 23, 21, 24, 16, 12, 11, 0, 5, 22, 20, 4, 18, 3, 1, 6, 2, 7, 17, 8), 106),
    ((16, 6, 20, 18, 23, 19, 7, 11, 13, 17, 12, 9, 1, 24, 3, 22, 2, 21, 10, 4, 8, 15, 14, 5, 0), 108),
    ((7, 4, 19, 12, 16, 20, 15, 23, 8, 10, 1, 18, 2, 17, 14, 24, 9, 5, 0, 21, 6, 3, 11, 13, 22), 104),
    ((8, 12, 18, 3, 2, 11, 10, 22, 24, 17, 1, 13, 23, 4, 20, 16, 6, 15, 9, 21, 19, 5, 14, 0, 7), 93),
    ((9, 7, 16, 18, 12, 1, 23, 8, 22, 0, 6, 19, 4, 13, 2, 24, 11, 15, 21, 17, 20, 3, 10, 14, 5), 101),
    ((1, 16, 10, 14, 17, 13, 0, 3, 5, 7, 4, 15, 19, 2, 21, 9, 23, 8, 12, 6, 11, 24, 22, 20, 18), 100),
    ((21, 11, 10, 4, 16, 6, 13, 24, 7, 14, 1, 20, 9, 17, 0, 15, 2, 5, 8, 22, 3, 12, 18, 19, 23), 92),
    ((2, 22, 21, 0, 23, 8, 14, 20, 12, 7, 16, 11, 3, 5, 1, 15, 4, 9, 24, 10, 13, 6, 19, 17, 18), 107),
    ((2, 21, 3, 7, 0, 8, 5, 14, 18, 6, 12, 11, 23, 20, 10, 15, 17, 4, 9, 16, 13, 19, 24, 22, 1), 100),
    ((23, 1, 12, 6, 16, 2, 20, 10, 21, 18, 14, 13, 17, 19, 22, 0, 15, 24, 3, 7, 4, 8, 5, 9, 11), 113),
]


def easiest_felner(count: int) -> list[int]:
    """The numbers (1-50) of the ``count`` instances of shortest optimal length (ties: by number).

    >>> easiest_felner(3)
    [25, 40, 29]
    """
    return sorted(range(1, 51), key=lambda i: (KORF_FELNER_24[i - 1][1], i))[:count]


def load_kernel(path: str):
    """An older ``solvers/npuz/ida_ranked.py`` (e.g. ``git show REV:solvers/npuz/ida_ranked.py``)
    loaded as a module of its own: its ``ranked_idastar_path``."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("npw_old_ida_ranked", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module.ranked_idastar_path


def rate(old: str | None, below: int, felner: list[int]) -> None:
    """Expanded nodes per CPU second on the same trees: each Korf & Felner instance's IDA*
    iterations up to the bound (its optimal length - ``below``), all searched out (no solution
    within them), by this kernel and by ``old``, interleaved, the counts asserted equal."""
    from npw.solvers.npuz.ida_ranked import ranked_idastar_path

    goal = goal_board(5, "blank-first")
    dbs = named_databases("pdb6666", goal)
    engines = {"new": ranked_idastar_path}
    if old:
        engines["old"] = load_kernel(old)
    for engine in engines.values():  # compile / load outside the timings
        engine(apply_moves(goal, "RD"), goal, "pdb6666", databases=dbs)
    totals = {name: [0, 0.0] for name in engines}
    print(f"{'instance':<10} {'bound':>5} {'expanded':>14} {'generated':>14} " +
          " ".join(f"{name + ' CPU s':>11} {name + ' M/s':>9}" for name in engines), flush=True)
    for number in felner:
        board, optimal = KORF_FELNER_24[number - 1]
        seen = {}
        for name, engine in engines.items():
            cpu = time.process_time()
            outcome = engine(board, goal, "pdb6666", limit=optimal - below, databases=dbs)
            seconds = time.process_time() - cpu
            s = outcome.stats
            seen[name] = (s["nodes"], s["generated"], s.get("bound"), outcome.moves, seconds)
            totals[name][0] += s["nodes"]
            totals[name][1] += seconds
        first = next(iter(seen.values()))
        assert all(v[:4] == first[:4] for v in seen.values()), seen  # the same tree
        if first[3] is not None:
            assert len(first[3]) == optimal and apply_moves(board, first[3]) == goal
        print(f"KF {number:<7} {first[2]:>5} {first[0]:>14,} {first[1]:>14,} " +
              " ".join(f"{v[4]:>11.2f} {v[0] / v[4] / 1e6:>9.2f}" for v in seen.values()), flush=True)
    for name, (count, seconds) in totals.items():
        print(f"total {name}: {count:,} expanded in {seconds:.2f} CPU s, {count / seconds / 1e6:.2f} M expanded/CPU s")
    if old:
        print(f"speed new / old: {(totals['new'][0] / totals['new'][1]) / (totals['old'][0] / totals['old'][1]):.2f}")


def felner(easiest: int, timeout: float, only: list[int]) -> None:
    """Korf & Felner's instances of shortest optimal length, each with ``timeout`` CPU-ish seconds
    (the search's own deadline is wall time; CPU time is reported beside it)."""
    goal = goal_board(5, "blank-first")
    named_databases("pdb6666", goal)
    idastar_path(apply_moves(goal, "RD"), goal, "pdb6666")  # compile outside the timings
    numbers = only or easiest_felner(easiest)
    print(f"{'instance':<8} {'optimal':>7} {'h0':>4} {'length':>6} {'bound':>6} {'expanded':>16} {'generated':>16} "
          f"{'CPU s':>8} {'wall s':>8} {'M exp/CPU s':>11}", flush=True)
    for number in numbers:
        board, optimal = KORF_FELNER_24[number - 1]
        cpu = time.process_time()
        outcome = idastar_path(board, goal, "pdb6666", timeout=timeout)
        seconds = time.process_time() - cpu
        s = outcome.stats
        if outcome.moves is not None:
            assert apply_moves(board, outcome.moves) == goal
            assert len(outcome.moves) == optimal, (number, len(outcome.moves), optimal)
            length = str(len(outcome.moves))
        else:
            length = f">={s.get('bound', s['h0'])}"
        print(f"KF {number:<5} {optimal:>7} {s['h0']:>4} {length:>6} {s.get('bound', 0):>6} {s['nodes']:>16,} "
              f"{s['generated']:>16,} {seconds:>8.1f} {s['time']:>8.1f} {s['nodes'] / max(1e-9, seconds) / 1e6:>11.2f}",
              flush=True)


# Korf 1985 (Artificial Intelligence 27:97-109), nodes expanded by IDA* with Manhattan distance on
# his 100 15-puzzles: the eight largest (boards 88, 82, 60, 66, 49, 14, 59, 56 of bench/korf100.txt)
KORF_HARDEST = {88: 6_009_130_748, 82: 5_506_801_123, 60: 3_337_690_331, 66: 1_957_191_378, 49: 1_809_933_698,
                14: 1_369_596_778, 59: 1_207_520_464, 56: 1_199_487_996}


def korf_boards() -> list[tuple[int, ...]]:
    from batch_solve import boards

    return [tuple(map(int, line.split())) for line in boards(100)]


def korf100(heuristic: str) -> None:
    """Korf's 100 with one heuristic in this process: generated and expanded nodes per instance,
    every length asserted against Korf's published optimum."""
    from batch_solve import KORF_100_OPTIMAL

    goal = goal_board(4, "blank-first")
    idastar_path(apply_moves(goal, "RD"), goal, heuristic, python_nodes=0)  # load / compile outside the timings
    generated = expanded = 0
    cpu = time.process_time()
    for index, board in enumerate(korf_boards()):
        outcome = idastar_path(board, goal, heuristic, python_nodes=0)
        assert len(outcome.moves) == KORF_100_OPTIMAL[index] and apply_moves(board, outcome.moves) == goal, index
        generated += outcome.stats["generated"]
        expanded += outcome.stats["nodes"]
    seconds = time.process_time() - cpu
    print(f"{heuristic}: Korf's 100 all optimal; generated {generated:,} ({generated / 100:,.0f} per instance), "
          f"expanded {expanded:,} ({expanded / 100:,.0f} per instance), {seconds:.2f} CPU s", flush=True)


def hardest(numbers: list[int], with_c: bool) -> None:
    """Korf's hardest boards for plain IDA*: each solved by ``npw puzzle solve BOARD --goal
    blank-first --json`` in a process of its own (the default heuristic, start-up included) and
    by the C IDA* with Manhattan distance (bench/c, ``cc -O2``); CPU seconds of the children."""
    import json
    import resource
    import subprocess
    import tempfile

    from batch_solve import KORF_100_OPTIMAL
    from npuz_kernel import compile_reference

    def children() -> float:
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    goal = goal_board(4, "blank-first")
    boards = korf_boards()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONPATH=root)
    totals = {"npw": 0.0, "C": 0.0}
    with tempfile.TemporaryDirectory() as folder:
        binary = compile_reference(folder) if with_c else None
        print(f"{'board':>5} {'length':>6} {'heuristic':>9} {'npw CPU s':>9} {'C CPU s':>8} {'ratio':>6}", flush=True)
        for number in numbers:
            board = boards[number - 1]
            text = " ".join(map(str, board))
            cpu = children()
            done = subprocess.run([sys.executable, "-m", "npw", "puzzle", "solve", text, "--goal", "blank-first",
                                   "--json"], capture_output=True, text=True, env=env, check=True)
            ours = children() - cpu
            answer = json.loads(done.stdout)
            assert answer["length"] == KORF_100_OPTIMAL[number - 1], (number, answer["length"])
            assert apply_moves(board, answer["moves"]) == goal
            theirs = float("nan")
            if binary:
                cpu = children()
                out = subprocess.run([binary], input=" ".join(map(str, (4, *board, *goal))) + "\n",
                                     capture_output=True, text=True, check=True).stdout.split()
                theirs = children() - cpu
                assert int(out[0]) == KORF_100_OPTIMAL[number - 1]
                totals["C"] += theirs
            totals["npw"] += ours
            print(f"{number:>5} {answer['length']:>6} {answer.get('heuristic', '?'):>9} {ours:>9.2f} {theirs:>8.2f} "
                  f"{ours / theirs:>6.3f}", flush=True)
    print(f"total: npw {totals['npw']:.2f} CPU s, C {totals['C']:.2f} CPU s, ratio {totals['npw'] / totals['C']:.3f}"
          if binary else f"total: npw {totals['npw']:.2f} CPU s (no C reference)")


def rate15(old: str, numbers: list[int]) -> None:
    """Old and new ranked kernels on Korf's boards with the ranked 5-5-5 partition (cells 1-5,
    6-10, 11-15, + reflection), same trees asserted, expanded nodes per CPU second."""
    from npw.solvers.npuz.ida_ranked import ranked_idastar_path
    from npw.solvers.npuz.pdb_ranked import ranked_databases

    goal = goal_board(4, "blank-first")
    dbs = ranked_databases(goal, ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10), (11, 12, 13, 14, 15)))
    engines = {"new": ranked_idastar_path, "old": load_kernel(old)}
    for engine in engines.values():
        engine(apply_moves(goal, "RD"), goal, databases=dbs)
    totals = {name: [0, 0.0] for name in engines}
    boards = korf_boards()
    for number in numbers:
        seen = {}
        for name, engine in engines.items():
            cpu = time.process_time()
            outcome = engine(boards[number - 1], goal, databases=dbs)
            seconds = time.process_time() - cpu
            seen[name] = (outcome.moves, outcome.stats["nodes"], outcome.stats["generated"])
            totals[name][0] += outcome.stats["nodes"]
            totals[name][1] += seconds
        assert seen["new"] == seen["old"], number  # the same tree
    for name, (count, seconds) in totals.items():
        print(f"{name}: {count:,} expanded in {seconds:.2f} CPU s, {count / seconds / 1e6:.2f} M expanded / CPU s")
    print(f"speed new / old: {(totals['new'][0] / totals['new'][1]) / (totals['old'][0] / totals['old'][1]):.2f}")


def dual() -> None:
    """The dual lookup (Felner et al. 2005: the database read at the inverse permutation, tiles
    and cells swapping roles) checked on every 8-puzzle against exact distances, with the
    ranked databases (minimum over the blank) of three partitions; and d(dual) = d on the boards
    whose blank is home."""
    from npw.solvers.npuz.pdb_ranked import ranked_databases
    from npw.solvers.npuz.search import bfs_distances

    goal = goal_board(3, "blank-first")  # tile t's goal is cell t: the board is the permutation
    distance = bfs_distances(goal)

    def inverse(board: tuple[int, ...]) -> tuple[int, ...]:
        where = [0] * len(board)
        for cell, tile in enumerate(board):
            where[tile] = cell
        return tuple(where)

    home = [b for b in distance if b[0] == 0]
    same = sum(distance.get(inverse(b)) == distance[b] for b in home)
    print(f"blank home: {same:,} of {len(home):,} boards have d(dual) = d")
    print(f"all boards: {sum(inverse(b) not in distance for b in distance):,} of {len(distance):,} duals are not "
          f"reachable (the other parity)")
    for groups in (((1, 2, 3, 4), (5, 6, 7, 8)), ((1, 2, 5), (3, 4, 6, 7, 8)), ((1, 3), (2, 4, 5), (6, 7, 8))):
        dbs = ranked_databases(goal, groups)
        over = sum(dbs.value(inverse(b)) > d for b, d in distance.items())
        print(f"groups {groups}: h(dual) > d on {over:,} of {len(distance):,} boards (inadmissible)")


def build() -> None:
    for name, n in (("pdb78", 4), ("pdb6666", 5)):
        goal = goal_board(n, "blank-first")
        keys = sorted({table_key(n, g, goal.index(0))[0] for g in partition(name, goal)}, key=lambda k: len(k[0]))
        began = time.perf_counter()
        for key in keys:  # one at a time, timed separately
            cpu = time.process_time()
            t = time.perf_counter()
            fresh = not table_path(n, key).exists()
            table, built = load_or_build(n, key)
            print(f"{name} table cells {key[0]} blank {key[1]}: {'built' if built else 'loaded'} in {time.perf_counter() - t:.1f} s "
                  f"({time.process_time() - cpu:.1f} s CPU), {table.nbytes:,} bytes, max {int(table.max())}, "
                  f"mean {float(table.mean(dtype='float64')):.3f}{' (was missing)' if fresh else ''}", flush=True)
        dbs = named_databases(name, goal)
        print(f"{name}: {len(dbs.tables)} distinct tables, {sum(t.nbytes for t in dbs.tables):,} bytes, "
              f"{time.perf_counter() - began:.1f} s in total", flush=True)


def compare(instances: int, seed: int, timeout: float) -> None:
    goal = goal_board(4, "blank-first")
    rng = random.Random(seed)
    boards = [random_reachable_board(4, rng, goal) for _ in range(instances)]
    pattern_databases(goal)
    named_databases("pdb78", goal)
    for h in ("pdb78", "pdb"):  # compile and load outside the timings
        idastar_path(apply_moves(goal, "RD"), goal, h)
    totals = {h: [0, 0.0, 0] for h in ("pdb78", "pdb")}
    print(f"{'#':>3} {'length':>6} {'pdb78 nodes':>14} {'s':>7} {'pdb nodes':>14} {'s':>7} {'ratio':>6}")
    for i, board in enumerate(boards):
        row, lengths = {}, set()
        order = ("pdb78", "pdb") if i % 2 == 0 else ("pdb", "pdb78")  # interleaved, alternating first
        for h in order:
            outcome = idastar_path(board, goal, h, timeout=timeout)
            if outcome.moves is not None:
                assert apply_moves(board, outcome.moves) == goal
                lengths.add(len(outcome.moves))
                totals[h][0] += outcome.stats["nodes"]
                totals[h][1] += outcome.stats["time"]
                totals[h][2] += 1
            row[h] = outcome
        assert len(lengths) <= 1, f"the databases disagree on board {i}: {lengths}"
        a, b = row["pdb78"].stats, row["pdb"].stats
        print(f"{i:>3} {(lengths.pop() if lengths else '-'):>6} {a['nodes']:>14,} {a['time']:>7.2f} "
              f"{b['nodes']:>14,} {b['time']:>7.2f} {a['nodes'] / max(1, b['nodes']):>6.2f}", flush=True)
    for h, (nodes, secs, solved) in totals.items():
        print(f"total {h}: {solved}/{instances} solved, {nodes:,} nodes, {secs:.1f} s")
    print(f"ratio pdb78/pdb: nodes {totals['pdb78'][0] / max(1, totals['pdb'][0]):.3f}, "
          f"seconds {totals['pdb78'][1] / max(1e-9, totals['pdb'][1]):.3f}")


def twenty_four(walks: list[int], randoms: int, korf: int, timeout: float, seed: int) -> None:
    goal = goal_board(5, "blank-first")
    named_databases("pdb6666", goal)
    idastar_path(apply_moves(goal, "RD"), goal, "pdb6666")  # compile outside the timings
    rng = random.Random(seed)
    cases = [(f"walk {w}", apply_moves(goal, random_walk(goal, w, rng)), None) for w in walks]
    cases += [(f"random {i}", random_reachable_board(5, rng, goal), None) for i in range(randoms)]
    cases += [(f"korf-taylor {i + 1}", board, optimal) for i, (board, optimal) in enumerate(KORF_TAYLOR_24[:korf])]
    print(f"{'instance':<16} {'h0':>4} {'length':>6} {'bound':>6} {'nodes':>16} {'s':>8} {'Mnodes/s':>8}")
    for label, board, optimal in cases:
        outcome = idastar_path(board, goal, "pdb6666", timeout=timeout)
        s = outcome.stats
        if outcome.moves is not None:
            assert apply_moves(board, outcome.moves) == goal
            assert optimal is None or len(outcome.moves) == optimal
            length = str(len(outcome.moves))
        else:
            length = f">={s.get('bound', s['h0'])}"
        known = f" (published optimal {optimal})" if optimal else ""
        print(f"{label:<16} {s['h0']:>4} {length:>6} {s.get('bound', 0):>6} {s['nodes']:>16,} {s['time']:>8.1f} "
              f"{s['nodes'] / max(1e-9, s['time']) / 1e6:>8.2f}{known}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=("build", "compare", "24", "rate", "felner", "korf100", "hardest", "dual", "rate15"))
    parser.add_argument("--heuristic", default="pdb78")
    parser.add_argument("--no-c", action="store_true", help="hardest: skip the C reference")
    parser.add_argument("--boards", default="", help="hardest: Korf's board numbers (default his 8 hardest)")
    parser.add_argument("--old", help="an older solvers/npuz/ida_ranked.py to time on the same trees (rate)")
    parser.add_argument("--below", type=int, default=4, help="search the bounds up to the optimal length minus this (rate)")
    parser.add_argument("--felner", default="", help="Korf & Felner instance numbers (rate: default 29,36,20; felner: default the --easiest)")
    parser.add_argument("--easiest", type=int, default=10)
    parser.add_argument("--instances", type=int, default=25)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--walks", default="40,60,80,100")
    parser.add_argument("--random", type=int, default=2)
    parser.add_argument("--korf", type=int, default=10)
    args = parser.parse_args()
    if args.what == "build":
        build()
    elif args.what == "rate15":
        rate15(args.old, [int(i) for i in (args.boards or "2,3,5,6,9,10,13").split(",")])
    elif args.what == "dual":
        dual()
    elif args.what == "korf100":
        korf100(args.heuristic)
    elif args.what == "hardest":
        hardest([int(i) for i in (args.boards or ",".join(map(str, KORF_HARDEST))).split(",")], not args.no_c)
    elif args.what == "rate":
        rate(args.old, args.below, [int(i) for i in (args.felner or "29,36,20").split(",")])
    elif args.what == "felner":
        felner(args.easiest, args.timeout, [int(i) for i in args.felner.split(",") if i])
    elif args.what == "compare":
        compare(args.instances, args.seed, args.timeout)
    else:
        twenty_four([int(w) for w in args.walks.split(",") if w], args.random, args.korf, args.timeout, args.seed)


if __name__ == "__main__":
    main()
