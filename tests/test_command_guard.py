"""The command's guard (npw.cli.guard): SIGTERM and SIGINT end a command within a second even while
a solver holds the interpreter in C, children included; ``--timeout`` bounds render, reduce and
explore; the memory limit ends a command that grows past it; outputs are whole or absent.

Bounds are generous for a loaded CI machine (a second promised, a few allowed); the
BENCHMARKS.md table ("Issue 30") has the measured figures.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from npw.cli.guard import CommandLimit, descendants, guarded, memory_limit, resident_bytes

NPW = [sys.executable, "-m", "npw"]
STOP_BOUND = 3.0  # seconds from the signal to the exit: 1 promised, margin for a loaded machine


def pigeonhole(tmp_path: Path, pigeons: int = 12) -> Path:
    """PHP(pigeons, pigeons-1) as a cnf file: unsatisfiable and minutes for any CDCL solver."""
    holes = pigeons - 1
    var = lambda i, j: i * holes + j + 1  # noqa: E731
    clauses = [[var(i, j) for j in range(holes)] for i in range(pigeons)]
    clauses += [[-var(a, j), -var(b, j)] for j in range(holes) for a in range(pigeons) for b in range(a + 1, pigeons)]
    path = tmp_path / "php.json"
    path.write_text(json.dumps({"problem": "cnf", "num_vars": pigeons * holes, "clauses": clauses}))
    return path


def stop_after(command: list[str], seconds: float, signum: int, cwd: Path) -> tuple[int, float, str, list[int]]:
    """Runs ``command``, sends ``signum`` after ``seconds``; (status, seconds to exit, stderr, children seen)."""
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(seconds)
    children = descendants(process.pid)
    sent = time.monotonic()
    process.send_signal(signum)
    try:
        _, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        pytest.fail(f"{command} still running 30 s after signal {signum}")
    return process.returncode, time.monotonic() - sent, err, children


@pytest.mark.parametrize("backend", ["sat:g4", "sat:cd19", "smt"])
def test_sigterm_ends_a_solver_running_in_c(tmp_path, backend):
    # plain python-sat solve() holds the interpreter lock; CaDiCaL runs in a child; z3 in C
    status, took, err, _ = stop_after([*NPW, "solve", str(pigeonhole(tmp_path)), "--backend", backend], 2.5,
                                      signal.SIGTERM, tmp_path)
    assert status == 128 + signal.SIGTERM, err
    assert took < STOP_BOUND, f"{backend}: {took:.2f} s after SIGTERM"
    assert "Traceback" not in err


def test_sigint_ends_a_solver_and_its_children(tmp_path):
    status, took, err, children = stop_after([*NPW, "solve", str(pigeonhole(tmp_path)), "--backend", "sat:cd19"], 2.5,
                                             signal.SIGINT, tmp_path)
    assert status in (130, 128 + signal.SIGINT), err
    assert took < STOP_BOUND
    assert children, "CaDiCaL without a time limit runs in a child process"
    time.sleep(0.2)
    assert not [pid for pid in children if Path(f"/proc/{pid}").exists()
                and "Z" not in Path(f"/proc/{pid}/stat").read_text().split()[2]], "a child outlived the command"


def test_render_timeout_is_one_line_and_leaves_no_file(tmp_path):
    big = tmp_path / "big.json"
    big.write_text(json.dumps({"problem": "cnf", "num_vars": 10**6, "clauses": [[1, 2, 3]]}))
    began = time.monotonic()
    run = subprocess.run([*NPW, "render", str(big), "-o", "out.svg", "--timeout", "1"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60)
    took = time.monotonic() - began
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "out of time" in run.stderr or "limit" in run.stderr, run.stderr
    assert took < 1 + STOP_BOUND + 2  # start-up included
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.json"]  # no output, no temporary


def test_solve_timeout_backstop_answers_unknown(tmp_path):
    began = time.monotonic()
    run = subprocess.run([*NPW, "solve", str(pigeonhole(tmp_path)), "--backend", "sat:g4", "--timeout", "1"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert run.returncode == 3 and run.stdout.strip() == "UNKNOWN", run.stdout + run.stderr  # EXIT_UNKNOWN
    assert time.monotonic() - began < 1.2 * 1 + 0.5 + STOP_BOUND


def test_guard_raises_the_time_limit_in_the_main_thread():
    began = time.monotonic()
    with pytest.raises(CommandLimit) as raised:
        with guarded(time_limit=0.3, what="sleeping"):
            time.sleep(30)
    assert time.monotonic() - began < 0.3 + STOP_BOUND
    assert raised.value.kind == "time" and "sleeping: out of time" in raised.value.message


def test_a_limit_turned_into_another_error_on_its_way_up_is_still_the_limit():
    """An import of C code that the limit interrupts re-raises it as ImportError (numpy's did, in
    ``npw solve big.json --competition --timeout 0.01`` on a cold start: exit 70, "internal
    error"): the guard still answers with the limit."""
    with pytest.raises(CommandLimit) as raised:
        with guarded(time_limit=0.2, what="importing"):
            try:
                time.sleep(30)
            except CommandLimit as limit:
                raise ImportError('PyCapsule_Import could not import module "datetime"') from limit
    assert raised.value.kind == "time" and "importing: out of time" in raised.value.message
    with pytest.raises(ZeroDivisionError):  # before any limit, an error is itself
        with guarded(time_limit=30, what="dividing"):
            1 / 0


def test_guard_raises_the_memory_limit():
    limit = resident_bytes() + (150 << 20)
    with pytest.raises(CommandLimit) as raised:
        with guarded(max_memory=limit, what="growing"):
            hoard = []
            for _ in range(400):  # 4 GiB if nothing stopped it
                hoard.append(bytearray(10 << 20))
                time.sleep(0.002)
    assert raised.value.kind == "memory" and "NPW_MAX_MEMORY" in raised.value.message


def test_memory_limit_reads_the_environment():
    assert memory_limit({}) == 960 << 20  # under 1 GiB with what grows between two reads
    assert memory_limit({"NPW_MAX_MEMORY": "512M"}) == 512 << 20
    assert memory_limit({"NPW_MAX_MEMORY": "0"}) is None
    assert memory_limit({"NPW_MAX_MEMORY": "lots"}) == 960 << 20  # unreadable: the default, not no limit


HOARDING_SOLVE = """
import sys, time
import npw.cli.solve as solve

def hoarding(args):  # a command whose work grows without end, standing for any unbounded allocation
    hoard = []
    while True:
        hoard.append(bytearray(10 << 20))
        time.sleep(0.002)

solve.cmd_solve = hoarding
from npw.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_the_memory_limit_ends_a_command(tmp_path):
    env = {**os.environ, "NPW_MAX_MEMORY": "300M"}
    began = time.monotonic()
    run = subprocess.run([sys.executable, "-c", HOARDING_SOLVE, "solve", str(pigeonhole(tmp_path))], cwd=tmp_path,
                         capture_output=True, text=True, timeout=90, env=env)
    assert run.returncode == 2, run.stderr
    assert run.stderr.startswith("npw: error: solve: memory use passed the limit of 300.0 MiB"), run.stderr
    assert run.stderr.count("\n") == 1
    assert time.monotonic() - began < 30
