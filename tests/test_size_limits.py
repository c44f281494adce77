"""Valid inputs at the named size limits (issue 30): each command finishes inside its time limit or
refuses the size up front, in one line naming the limit, with exit status 2.

The wall bounds are generous (a loaded 2-core machine: loading a file at the limits alone takes
seconds there); what they catch is the old behaviour, minutes of work or gigabytes before any
deadline check. ``bench/limits_sweep.py`` runs every command on every problem at its limits.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from npw.instances.base import InvalidInstance

N = 100_000  # MAX_VERTICES


def npw(*args: str) -> tuple[int, str, float]:
    """(exit status, stderr, seconds) of one command line."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "npw", *args], capture_output=True, text=True, timeout=120)
    return done.returncode, done.stderr, time.perf_counter() - start


def refused_in_one_line(code: int, stderr: str, limit_name: str) -> None:
    lines = stderr.strip().splitlines()
    assert code == 2, stderr
    assert len(lines) == 1 and lines[0].startswith("npw: error: "), stderr
    assert limit_name in lines[0], lines[0]


def write(folder: Path, name: str, document: dict) -> str:
    path = folder / name
    path.write_text(json.dumps({"version": 1, **document}, separators=(",", ":")))
    return str(path)


def path_graph(problem: str, **fields) -> dict:
    return {"problem": problem, "num_vertices": N, "edges": [[i, i + 1] for i in range(N - 1)], **fields}


def test_solve_of_a_100000_vertex_hampath_is_refused_before_building_masks(tmp_path):
    # was: --timeout 10 answered after 120 s at 1.36 GB (the DP's 13 KB masks, one a vertex)
    code, stderr, seconds = npw("solve", "--timeout", "10", write(tmp_path, "h.json", path_graph("hampath")))
    refused_in_one_line(code, stderr, "TABLE_BYTES_LIMIT")
    assert seconds < 40


def test_render_of_a_formula_with_10_7_variables_is_refused(tmp_path):
    formula = write(tmp_path, "f.json", {"problem": "3sat", "num_vars": 10**7, "clauses": [[1, -2, 3]]})
    code, stderr, seconds = npw("render", formula, "-o", str(tmp_path / "f.svg"))
    refused_in_one_line(code, stderr, "MAX_DRAWN_ELEMENTS")
    assert seconds < 30 and not (tmp_path / "f.svg").exists()


def test_explore_of_a_100000_vertex_indset_is_refused(tmp_path):
    source = write(tmp_path, "i.json", path_graph("indset", k=N // 2))
    code, stderr, seconds = npw("explore", "indset-to-vertexcover", source, "-o", str(tmp_path / "p.html"))
    refused_in_one_line(code, stderr, "MAX_DRAWN_ELEMENTS")
    assert seconds < 40


def test_reduce_of_a_large_graph_to_its_complement_is_refused(tmp_path):
    # the complement of a 100,000-vertex path has 4,999,850,001 edges
    source = write(tmp_path, "c.json", path_graph("clique", k=3))
    code, stderr, seconds = npw("reduce", "clique-to-indset", source, "-o", str(tmp_path / "t.json"))
    refused_in_one_line(code, stderr, "MAX_TARGET_ELEMENTS")
    assert "4,999,850,001 edges" in stderr and seconds < 40


def test_reduce_cnf_to_3sat_refuses_a_target_it_could_not_read_back(tmp_path):
    formula = write(tmp_path, "w.json", {"problem": "cnf", "num_vars": 10**7, "clauses": [[1, 2, 3, 4, 5, 6]]})
    code, stderr, seconds = npw("reduce", "cnf-to-3sat", formula, "-o", str(tmp_path / "t.json"))
    refused_in_one_line(code, stderr, "MAX_VARIABLES")
    assert seconds < 30 and not (tmp_path / "t.json").exists()


def test_reduce_of_a_formula_with_10_7_variables_to_3col_and_subsetsum_is_refused():
    from npw.api import get_reduction
    from npw.instances.sat.three_sat import ThreeSat

    formula = ThreeSat(10**7, [(1, -2, 3)])
    for reduction, limit in (("3sat-to-3col", "MAX_VERTICES"), ("3sat-to-subsetsum", "MAX_NUMBERS"),
                             ("3sat-to-nae4sat", "MAX_VARIABLES")):
        start = time.perf_counter()
        with pytest.raises(InvalidInstance, match=limit):
            get_reduction(reduction).build(formula)
        assert time.perf_counter() - start < 10, reduction


def test_nae4sat_to_nae3sat_refuses_a_target_past_max_variables():
    from npw.api import get_reduction
    from npw.instances.sat.nae_sat import Nae4Sat

    with pytest.raises(InvalidInstance, match="10,000,001 variables.*MAX_VARIABLES"):
        get_reduction("nae4sat-to-nae3sat").build(Nae4Sat(10**7, [(1, -2, 3, 4)]))


def test_pm3sat_to_solochess_refuses_a_million_gadgets_before_laying_them():
    from npw.api import get_reduction
    from npw.instances.sat.planar_monotone import PlanarMonotone3Sat2Occ

    n = 10**6
    formula = PlanarMonotone3Sat2Occ(n, [(1, 2, 3)], order=tuple(range(1, n + 1)), levels=(1,))
    for reduction in ("pm3sat-to-solochess-king-bishop", "pm3sat-to-solochess-king-knight"):
        start = time.perf_counter()
        with pytest.raises(InvalidInstance, match="MAX_TARGET_ELEMENTS"):
            get_reduction(reduction).build(formula)
        assert time.perf_counter() - start < 5, reduction


def test_subsetsum_numbers_past_max_number_bits_are_refused():
    from npw.api import get_reduction
    from npw.instances.sat.three_sat import ThreeSat

    with pytest.raises(InvalidInstance, match="MAX_NUMBER_BITS"):
        get_reduction("3sat-to-subsetsum").build(ThreeSat(2000, [(1, -2, 3)]))


def test_theorem3_and_theorem2_refuse_large_formulas_up_front():
    from npw.api import get_reduction
    from npw.instances.sat.two_two_four_sat import TwoTwoFourSat

    def formula(m: int) -> TwoTwoFourSat:
        return TwoTwoFourSat(m, [(1 + i, 1 + (i + 1) % m, -(1 + (i + 2) % m), -(1 + (i + 3) % m)) for i in range(m)])

    start = time.perf_counter()
    with pytest.raises(InvalidInstance, match="MAX_THEOREM3_VARIABLES"):
        get_reduction("224sat-to-npuz").build(formula(25))
    with pytest.raises(InvalidInstance, match="MAX_TARGET_ELEMENTS"):
        get_reduction("224sat-to-rel").build(formula(100_000))
    assert time.perf_counter() - start < 15


def test_bwp_tight_refuses_a_long_line_and_solves_a_wide_board_in_time():
    from npw.instances.torus.bwp import BWP
    from npw.solvers import Answer, solve

    rows = 200_000  # one column of 200,000 cells: its rotations would take 5 GB
    tall = BWP.from_rows(["#"] + ["."] * (rows - 1), ["."] * (rows - 1) + ["#"], 5)
    start = time.perf_counter()
    result = solve(tall, timeout=5)
    assert result.answer is Answer.UNKNOWN and "TABLE_BYTES_LIMIT" in result.stats["refused"]
    assert time.perf_counter() - start < 10
    side = 1000  # MAX_TORUS_CELLS as a square: one row move solves it
    wide = BWP.from_rows(["#" + "." * (side - 1)] + ["." * side] * (side - 1),
                         ["." * (side - 1) + "#"] + ["." * side] * (side - 1), 5)
    start = time.perf_counter()
    result = solve(wide, timeout=5)
    assert result.answer is Answer.YES and len(result.certificate) == 1
    assert time.perf_counter() - start < 10


def test_hampath_dp_refuses_by_bytes_and_still_decides_small_graphs():
    from npw.instances.hampath.cycle import HamCycle
    from npw.instances.hampath.graph import HamPath
    from npw.solvers import Answer, solve

    n = 50_000  # its forward and back masks alone: 670 MB
    ring = HamCycle(n, tuple((i, i + 1) for i in range(n - 1)) + ((0, n - 1),))
    start = time.perf_counter()
    result = solve(ring, backend="dp", timeout=5)
    assert "TABLE_BYTES_LIMIT" in result.stats["refused"] and time.perf_counter() - start < 10
    assert solve(HamPath(4, ((0, 1), (1, 2), (2, 3))), backend="dp").answer is Answer.YES


def test_graph_brute_force_keeps_its_deadline_on_2000_vertices():
    # was: solve --timeout 5 of an empty 2,000-vertex graph ran past 20 s (one node's grouping
    # is quadratic in the candidates and the deadline was looked at every 256 nodes)
    from npw.instances.graphs.graph import IndependentSet
    from npw.solvers import solve

    start = time.perf_counter()
    result = solve(IndependentSet(2000, (), 1000), backend="brute", timeout=1)
    assert result.answer.value in ("YES", "UNKNOWN") and time.perf_counter() - start < 4


def test_three_partition_at_max_numbers_is_refused_not_a_traceback():
    from npw.api import get_reduction
    from npw.instances.numbers.four_partition import FourPartition
    from npw.instances.numbers.three_partition import ThreePartition
    from npw.solvers import solve

    big = 10**17
    numbers = ThreePartition((big,) * 99_999, 3 * big)  # 33,333 groups: the dp's recursion
    result = solve(numbers, backend="dp", timeout=5)
    assert "recursion" in result.stats["refused"]
    with pytest.raises(InvalidInstance, match="MAX_BUILT_CELLS"):  # not an OverflowError
        get_reduction("3partition-to-bwp").build(numbers)
    start = time.perf_counter()
    with pytest.raises(InvalidInstance, match="MAX_NUMBERS"):
        get_reduction("4partition-to-3partition").build(FourPartition((big,) * 100_000, 4 * big))
    assert time.perf_counter() - start < 5


def test_bin_packing_at_max_numbers_is_refused_not_a_traceback(tmp_path):
    sizes = [10**12 + i for i in range(N)]
    packing = write(tmp_path, "b.json", {"problem": "binpacking", "sizes": sizes, "capacity": 10**13, "bins": N // 5})
    code, stderr, seconds = npw("solve", "--timeout", "5", packing)
    refused_in_one_line(code, stderr, "recursion")
    assert seconds < 30
