"""Limits and faults (issue 21, item 4; issue 16's 3-PARTITION refusal): deciders honour the
deadline while building and refuse encodings past the limit, workers die with their parent,
temporary files never outlive their writer, ``-o`` writes only regular files."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from npw.cli import main
from npw.instances.registry import get_problem
from npw.instances.sat.cnf import CNF
from npw.instances.numbers.three_partition import ThreePartition
from npw.solvers import Answer, solve
from npw.solvers.limits import ClauseBuffer
from npw.solvers.result import Deadline, OutOfTime, Refused


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code: int, err: str) -> None:
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and err.startswith("npw: error: "), err
    assert "Traceback" not in err


# -- deciders: the deadline covers building, sizes past the limit are refused ------------------

def test_three_partition_sat_refuses_unary_sums_in_the_billions():
    # issue 16: B about 4e10 was killed for memory with no message
    numbers = (10**10 + 1, 10**10 + 2, 2 * 10**10 - 3)
    result = solve(ThreePartition(numbers, 4 * 10**10), backend="sat")
    assert result.answer is Answer.UNKNOWN
    assert "B = 40,000,000,000" in result.stats["refused"] and "NPW_ENCODING_LIMIT" in result.stats["refused"]
    assert result.stats["time"] < 1.0  # refused before building anything
    # the other deciders of the problem still answer it
    assert solve(ThreePartition(numbers, 4 * 10**10), backend="dp").answer is Answer.YES


def test_npuz_sat_refuses_a_6x6_plan():
    board = get_problem("npuz").generate("random", seed=1, n=6)
    started = time.perf_counter()
    result = solve(board, backend="sat", timeout=30)
    assert result.answer is Answer.UNKNOWN and "6 x 6 board" in result.stats["refused"]
    assert time.perf_counter() - started < 2.0


@pytest.mark.parametrize("backend", ["sat", "brute", "smt"])
def test_a_cnf_declaring_a_billion_variables_is_refused(backend):
    result = solve(CNF(10**9, [(1,)]), backend=backend, timeout=3)
    assert result.answer is Answer.UNKNOWN
    assert result.stats["refused"].startswith("1,000,000,000 variables, past the encoding limit")


def test_the_limit_follows_the_environment(monkeypatch):
    three = ThreePartition((6, 7, 7), 20)
    assert solve(three, backend="sat").answer is Answer.YES
    monkeypatch.setenv("NPW_ENCODING_LIMIT", "50")
    result = solve(three, backend="sat")
    assert result.answer is Answer.UNKNOWN and "limit of 50 " in result.stats["refused"]


def test_clause_buffer_stops_at_the_deadline_and_the_limit():
    late = ClauseBuffer(Deadline(0))
    with pytest.raises(OutOfTime):
        late.extend([[1]])
    small = ClauseBuffer(Deadline(None), limit=4096)
    with pytest.raises(Refused):
        for _ in range(10_000):
            small.append([1])
    assert len(small) == 8192  # append checks every 4096 clauses: stopped at the first check past the limit


def _rel_target(m: int):
    from npw.reductions.registry import get_reduction

    formula = get_problem("224sat").generate("random", seed=0, m=m)
    return get_reduction("224sat-to-rel").reduce(formula)


def test_rel_sat_time_stops_building_at_the_timeout(monkeypatch):
    # was: --timeout 3 overran by 12.6 s, the encoding being built outside the deadline
    monkeypatch.setenv("NPW_ENCODING_LIMIT", str(10**9))  # so the deadline, not the limit, stops it
    target = _rel_target(12)
    started = time.perf_counter()
    result = solve(target, backend="sat-time", timeout=1.0)
    elapsed = time.perf_counter() - started
    assert result.answer is Answer.UNKNOWN and result.stats["timed_out_while"] == "encoding"
    assert elapsed < 2.0, elapsed


def test_solve_shows_a_refusal_as_one_line_and_exit_2(capsys, tmp_path):
    path = tmp_path / "big.cnf"
    # within the file's limit (MAX_VARIABLES, 10^7: a larger header is refused on reading) but past
    # the deciders' encoding limit (5 million)
    path.write_text("p cnf 6000000 1\n1 0\n")
    code, out, err = run(capsys, "solve", path, "--timeout", "3")
    one_line_error(code, err)
    assert out == "" and f"{path}: refused by sat:m22: 6,000,000 variables" in err
    code, out, err = run(capsys, "solve", path, "--json")
    one_line_error(code, err)
    assert json.loads(out)["answer"] == "UNKNOWN" and "refused" in json.loads(out)["stats"]


def test_export_past_the_limit_is_one_line(capsys, tmp_path):
    path = tmp_path / "p6.json"
    assert run(capsys, "generate", "npuz", "-p", "n=6", "-o", path)[0] == 0
    code, _, err = run(capsys, "solve", path, "--emit", "dimacs")
    one_line_error(code, err)
    assert "more than the limit of 5,000,000" in err  # refused from its size before anything is built


def test_a_backend_that_takes_no_solver_name_is_one_line(capsys, tmp_path):
    path = tmp_path / "f.cnf"
    path.write_text("p cnf 1 1\n1 0\n")
    code, _, err = run(capsys, "solve", path, "--backend", "smt:x")
    one_line_error(code, err)
    assert "takes no solver" in err


# -- processes: workers die with their parent --------------------------------------------------

def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")  # a zombie has ended; only its exit status is left


@contextlib.contextmanager
def _verify_with_two_workers(tmp_path, stderr):
    """A long ``npw verify --workers 2`` run, once both workers have started: (process, worker pids).
    The run is killed on the way out whatever the test did."""
    command = [sys.executable, "-m", "npw", "verify", "1in3sat-to-224sat", "--random", "1000000", "--workers", "2",
               "--quiet"]
    process = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=stderr)
    try:
        deadline = time.monotonic() + 30
        workers: list[int] = []
        while time.monotonic() < deadline and len(workers) < 2:
            time.sleep(0.2)
            workers = _children(process.pid)
        assert len(workers) == 2, "the pool never started"
        yield process, workers
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_verify_workers_end_when_the_main_process_is_killed(tmp_path):
    with _verify_with_two_workers(tmp_path, subprocess.DEVNULL) as (process, workers):
        process.kill()
        process.wait()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and any(_running(w) for w in workers):
            time.sleep(0.1)
        assert not any(_running(w) for w in workers)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sigterm_ends_verify_and_its_workers_at_once(tmp_path):
    with _verify_with_two_workers(tmp_path, subprocess.PIPE) as (process, workers):
        started = time.monotonic()
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=30)
        # the pool's chunks in flight are not waited for
        assert time.monotonic() - started < 3.0
        assert process.returncode == 128 + signal.SIGTERM and b"Traceback" not in err
        assert not any(_running(w) for w in workers)


# a reduction whose reduce runs long in Python: SIGTERM arrives while the verifier's guard, which
# turns a user's sys.exit into a finding of the case, is running it
SLOW_REDUCTION = textwrap.dedent("""
    import time
    from npw.reductions.registry import get_reduction
    from npw.reductions.base import Reduction
    base = get_reduction("1in3sat-to-224sat")

    def reduce(src):
        end = time.monotonic() + 600
        while time.monotonic() < end:
            pass
        return base.reduce(src)

    SLOW = Reduction(id="slow", source="1in3sat", target="224sat", reference="test", reduce=reduce,
                     forward=base.forward, backward=base.backward)
""")


def test_sigterm_ends_verify_inside_the_reductions_code(tmp_path):
    """The guard around a reduction's code must not swallow the SIGTERM's exit as a finding."""
    (tmp_path / "slow.py").write_text(SLOW_REDUCTION)
    process = subprocess.Popen([sys.executable, "-m", "npw", "verify", "slow.py:SLOW", "--random", "3",
                                "--workers", "1", "--timeout", "600"], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        time.sleep(4)  # started, and inside reduce
        started = time.monotonic()
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=30)
        assert time.monotonic() - started < 5.0
        assert process.returncode == 128 + signal.SIGTERM and b"Traceback" not in err
    finally:
        process.kill()
        process.wait()


# -- temporary files -----------------------------------------------------------------------------

# a writer that hangs once its temporary is written (the rename never comes), as a large
# output's writer does while it writes
HANGING_WRITER = textwrap.dedent("""
    import os, sys, time
    os.replace = lambda *args: time.sleep(600)
    from npw.cli import main
    sys.exit(main(sys.argv[1:]))
""")


def _temporaries(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f".{name}.*.tmp"))


def _start_hanging_writer(folder: Path) -> tuple[subprocess.Popen, Path]:
    writer = subprocess.Popen([sys.executable, "-c", HANGING_WRITER, "generate", "3sat", "-o", "out.json"],
                              cwd=folder, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not _temporaries(folder, "out.json"):
        time.sleep(0.05)
    found = _temporaries(folder, "out.json")
    assert len(found) == 1, "the writer never wrote its temporary"
    assert f".out.json.{writer.pid}." in found[0].name  # named by its writer
    return writer, found[0]


def test_sigterm_removes_the_temporary(tmp_path):
    writer, _ = _start_hanging_writer(tmp_path)
    writer.send_signal(signal.SIGTERM)
    _, err = writer.communicate(timeout=20)
    assert writer.returncode == 128 + signal.SIGTERM
    assert b"Traceback" not in err
    assert _temporaries(tmp_path, "out.json") == [] and not (tmp_path / "out.json").exists()


def test_after_sigkill_the_next_write_removes_the_stale_temporary(tmp_path, capsys, monkeypatch):
    writer, stale = _start_hanging_writer(tmp_path)
    writer.kill()
    writer.wait()
    assert stale.exists()  # nothing can clean up after SIGKILL in the process itself
    monkeypatch.chdir(tmp_path)  # the same name as the killed writer's, relative
    assert run(capsys, "generate", "3sat", "-o", "out.json")[0] == 0
    assert _temporaries(tmp_path, "out.json") == []
    assert json.loads((tmp_path / "out.json").read_text())["problem"] == "3sat"


def test_a_live_writers_temporary_is_kept(tmp_path, capsys):
    live = tmp_path / f".out.json.{os.getpid()}.abc.tmp"
    live.write_text("{")
    assert run(capsys, "generate", "3sat", "-o", tmp_path / "out.json")[0] == 0
    assert live.exists()


# -- -o writes only regular files -----------------------------------------------------------------

def _output(tmp_path: Path, kind: str, suffix: str) -> Path:
    """A path of the kind given, named NAME{suffix} (render takes only .svg names)."""
    target = tmp_path / f"{kind}{suffix}"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "symlink":
        (tmp_path / "real.json").write_text("keep")
        target.symlink_to(tmp_path / "real.json")
    elif kind == "folder":
        target.mkdir()
    else:
        target = Path("/dev/full")
    return target


def _commands(tmp_path: Path, capsys) -> dict[str, list]:
    source = tmp_path / "f.json"
    assert run(capsys, "generate", "1in3sat", "-g", "planted", "-p", "num_vars=6", "-o", source)[0] == 0
    board = tmp_path / "b.json"
    assert run(capsys, "generate", "npuz", "-p", "n=3", "-o", board)[0] == 0
    return {"generate": ["generate", "3sat"], "reduce": ["reduce", "1in3sat-to-224sat", source],
            "solve": ["solve", source], "render": ["render", board]}


@pytest.mark.parametrize("kind", ["fifo", "symlink", "folder", "device"])
def test_o_refuses_what_is_not_a_regular_file(kind, tmp_path, capsys):
    for name, command in _commands(tmp_path, capsys).items():
        if name == "render" and kind == "device":
            continue  # render takes only .svg names, and no device has one
        (tmp_path / name).mkdir()
        target = _output(tmp_path / name, kind, ".svg" if name == "render" else ".json")
        code, _, err = run(capsys, *command, "-o", target)
        one_line_error(code, err)
        assert "not a regular file" in err, (name, err)
        if kind == "symlink":
            assert (tmp_path / name / "real.json").read_text() == "keep"  # a link's target is never touched
    assert Path("/dev/full").exists() and not Path("/dev/full").is_file()
    assert not list(tmp_path.rglob(".*.tmp"))


def test_o_dev_null_discards(tmp_path, capsys):
    for command in _commands(tmp_path, capsys).values():
        if command[0] == "render":
            continue  # renders only to .svg names
        code, _, err = run(capsys, *command, "-o", os.devnull)
        assert code == 0, err
    assert Path(os.devnull).exists() and not Path(os.devnull).is_file()


# -- numeric options: every command that has one validates it the same way -----------------------

# (the command up to the option, a value the option takes); every command that has the option
TIMEOUTS = [["solve", "x.json"], ["render", "x.json", "-o", "x.svg"], ["generate", "3sat"], ["check-set", "dir"],
            ["profile", "3sat", "--param", "ratio", "--values", "4"], ["verify", "1in3sat-to-224sat", "--random", "1"],
            ["puzzle", "solve", "1 2 3 4 5 6 7 8 0"]]
COUNTS = [(["verify", "1in3sat-to-224sat"], "--random"), (["verify", "1in3sat-to-224sat"], "--planted"),
          (["verify", "1in3sat-to-224sat"], "--certified-no"),
          (["verify", "1in3sat-to-224sat", "--random", "1"], "--extra-certificates"),
          (["generate", "3sat"], "--enumerate"), (["puzzle", "theorem3", "x.json"], "--additive")]
POSITIVES = [(["verify", "1in3sat-to-224sat"], "--exhaustive"), (["generate", "3sat", "--set", "d"], "--count"),
             (["profile", "3sat", "--param", "ratio", "--values", "4"], "--count"),
             (["puzzle", "study"], "--boards"), (["puzzle", "theorem3", "x.json"], "--unit")]


def _parses(argv: list[str]) -> bool:
    from npw.cli import build_parser

    build_parser().parse_known_args(argv)  # raises UsageError on a bad value
    return True


def _refused(capsys, argv: list[str], option: str) -> str:
    code, out, err = run(capsys, *argv)
    one_line_error(code, err)
    assert f"argument {option}" in err and out == ""
    return err


@pytest.mark.parametrize("prefix", TIMEOUTS, ids=lambda p: " ".join(p[:2]))
def test_timeouts_are_finite_positive_seconds(prefix, capsys):
    assert _parses(prefix + ["--timeout", "2.5"])
    for bad in ("inf", "-inf", "nan", "0", "-1", "abc", "1e400", ""):
        err = _refused(capsys, prefix + [f"--timeout={bad}"], "--timeout")  # = : "-1" is a value, not an option
        assert "leave the option out for no limit" in err


@pytest.mark.parametrize("prefix,option", COUNTS, ids=lambda p: str(p))
def test_counts_are_never_negative(prefix, option, capsys):
    assert _parses(prefix + [option, "0"]) and _parses(prefix + [option, "7"])
    for bad in ("-5", "-1", "2.5", "abc", "9" * 5000):
        _refused(capsys, prefix + [f"{option}={bad}"], option)


@pytest.mark.parametrize("prefix,option", POSITIVES, ids=lambda p: str(p))
def test_sizes_are_at_least_one(prefix, option, capsys):
    assert _parses(prefix + [option, "1"])
    for bad in ("0", "-3", "x"):
        _refused(capsys, prefix + [f"{option}={bad}"], option)


def test_torus_sides_are_at_least_one(capsys):
    assert _parses(["torus", "diameter", "2", "3"])
    for rows, cols in (("0", "3"), ("3", "-1")):
        code, _, err = run(capsys, "torus", "diameter", rows, cols)
        one_line_error(code, err)
        assert "must be 1 or more" in err


def test_verify_random_minus_five_no_longer_passes_on_nothing(capsys):
    code, out, err = run(capsys, "verify", "1in3sat-to-224sat", "--random", "-5")
    one_line_error(code, err)
    assert "PASSED" not in out


def test_workers_and_dask_addresses(capsys):
    verify = ["verify", "1in3sat-to-224sat", "--random", "1"]
    assert _parses(verify + ["--workers", "2"]) and _parses(verify + ["--dask", "tcp://10.0.0.5:8786"])
    assert _parses(verify + ["--dask", "localhost:8786"]) and _parses(verify + ["--dask", "inproc://x"])
    for bad in ("0", "-2", "100000", "two"):
        _refused(capsys, verify + [f"--workers={bad}"], "--workers")
    for bad in ("", "not-an-address", "tcp://localhost", "localhost:99999", "http://host:1", "a b:1"):
        _refused(capsys, verify + [f"--dask={bad}"], "--dask")


def test_parameter_values_must_be_finite(capsys):
    for bad in ("NaN", "Infinity", "-Infinity"):
        code, _, err = run(capsys, "generate", "3sat", "-p", f"ratio={bad}")
        one_line_error(code, err)
        assert "not a finite number" in err


@pytest.mark.parametrize("argv,option", [
    (["solve", "x.json", "-o"], "--output/-o"), (["reduce", "1in3sat-to-224sat", "x.json", "-o"], "--output/-o"),
    (["render", "x.json", "-o"], "--output/-o"), (["generate", "3sat", "-o"], "--output/-o"),
    (["profile", "3sat", "--param", "ratio", "--values", "4", "-o"], "--output/-o"),
    (["verify", "1in3sat-to-224sat", "--random", "1", "--html"], "--html"),
    (["puzzle", "study", "-o"], "--output/-o"), (["puzzle", "render", "1 2 3 4 5 6 7 8 0", "-o"], "--output/-o"),
    (["puzzle", "theorem3", "x.json", "--certificate"], "--certificate"),
], ids=lambda p: " ".join(p[:2]) if isinstance(p, list) else p)
def test_every_output_option_refuses_a_device_before_any_work(argv, option, capsys):
    err = _refused(capsys, argv + ["/dev/full"], option)
    assert "not a regular file but a character device" in err


@pytest.fixture(scope="module")
def large_cnf():
    return get_problem("cnf").generate("random", 1, num_vars=60_000)


@pytest.mark.parametrize("backend", ["smt", "brute"])
def test_building_a_large_sat_model_stops_at_the_deadline(backend, large_cnf):
    # smt took 224 s on a 200,000-variable CNF with --timeout 3: every z3 term was made first
    formula = large_cnf
    started = time.perf_counter()
    result = solve(formula, backend=backend, timeout=0.5)
    assert result.answer is Answer.UNKNOWN
    assert time.perf_counter() - started < 1.5


def test_three_partition_smt_keeps_to_the_deadline():
    instance = get_problem("3partition").generate("planted", 1, m=40, bound=100_000)
    started = time.perf_counter()
    result = solve(instance, backend="smt", timeout=1.0)
    assert result.answer in (Answer.UNKNOWN, Answer.YES)
    assert time.perf_counter() - started < 2.0


def test_render_solve_says_why_a_decider_refused(tmp_path, capsys, monkeypatch):
    board = tmp_path / "c.json"
    assert run(capsys, "generate", "solochess", "-o", board)[0] == 0
    monkeypatch.setenv("NPW_ENCODING_LIMIT", "10")
    code, _, err = run(capsys, "render", board, "--solve", "--backend", "sat", "-o", tmp_path / "c.svg")
    assert code == 0 and (tmp_path / "c.svg").exists()  # the board is still drawn
    # The reason names the decider and the limit it passed (the Solo Chess encoding refuses on its
    # estimated size before building, other encodings while building).
    assert "refused by sat:m22: " in err and "encoding limit" in err and "drawing the board only" in err
