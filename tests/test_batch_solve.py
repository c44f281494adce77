"""Batch solving (issue 31): ``npw solve`` of many files or a folder and ``npw puzzle solve
--boards FILE`` print one JSON line per instance in one process; a bad instance's line says why
and the others go on; ``--timeout`` is each instance's, and the command's guard gives each its
own backstop, so a batch longer than any one limit is not ended by it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NPW = [sys.executable, "-m", "npw"]
KEYS = {"input", "answer", "backend", "certificate", "seconds", "error"}


def npw(*argv: str, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([*NPW, *argv], cwd=cwd, env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True,
                          text=True, timeout=timeout)


def lines(done: subprocess.CompletedProcess) -> list[dict]:
    return [json.loads(line) for line in done.stdout.splitlines()]


def pigeonhole(pigeons: int) -> str:
    holes = pigeons - 1
    var = lambda i, j: i * holes + j + 1  # noqa: E731
    clauses = [[var(i, j) for j in range(holes)] for i in range(pigeons)]
    clauses += [[-var(a, j), -var(b, j)] for j in range(holes) for a in range(pigeons) for b in range(a + 1, pigeons)]
    return f"p cnf {pigeons * holes} {len(clauses)}\n" + "".join(" ".join(map(str, c)) + " 0\n" for c in clauses)


SLOW = '''
import time
from dataclasses import dataclass
from npw.api import problem


@problem("slow-decider")
@dataclass(frozen=True)
class Slow:
    """A problem whose SAT encoder ignores its time limit (as one stuck in a loop would): it runs
    in the command's own process, where only the guard's backstop stops it."""
    seconds: float

    def verify(self, certificate) -> bool:
        return True

    def to_cnf(self):
        time.sleep(self.seconds)
        return 1, [[1]], lambda model: True
'''


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("batch")
    (where / "set").mkdir()
    (where / "set" / "a-yes.cnf").write_text("p cnf 3 3\n1 2 0\n-1 3 0\n-2 -3 0\n")
    (where / "set" / "b-no.cnf").write_text("p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n")
    (where / "set" / ".hidden.cnf").write_text("not read: hidden\n")
    (where / "php.cnf").write_text(pigeonhole(12))
    (where / "garbage.json").write_text("{not json")
    done = npw("generate", "3sat", "-p", "num_vars=30", "--seed", "1", "-o", "f.json", cwd=where)
    assert done.returncode == 0, done.stderr
    return where


def test_many_files_one_json_line_each_with_the_single_answers(folder):
    done = npw("solve", "f.json", "set/a-yes.cnf", "set/b-no.cnf", cwd=folder)
    assert done.returncode == 0, done.stderr
    found = lines(done)
    assert [line["input"] for line in found] == ["f.json", "set/a-yes.cnf", "set/b-no.cnf"]
    assert all(set(line) == KEYS and line["error"] is None and line["seconds"] >= 0 for line in found)
    single = lines(npw("solve", "f.json", "--batch", cwd=folder))[0]
    assert found[0]["answer"] == single["answer"] == "YES" and found[0]["certificate"] == single["certificate"]
    assert [line["answer"] for line in found[1:]] == ["YES", "NO"]
    assert found[1]["certificate"] is not None and found[2]["certificate"] is None


def test_a_folder_is_its_files_in_name_order(folder):
    done = npw("solve", "set", cwd=folder)
    assert done.returncode == 0, done.stderr
    assert [(Path(line["input"]).name, line["answer"]) for line in lines(done)] == [("a-yes.cnf", "YES"),
                                                                                 ("b-no.cnf", "NO")]


def test_a_bad_file_is_its_own_line_and_the_batch_goes_on_with_status_2(folder):
    done = npw("solve", "garbage.json", "no-such.json", "set/a-yes.cnf", cwd=folder)
    assert done.returncode == 2, done.stderr
    found = lines(done)
    assert [line["answer"] for line in found] == [None, None, "YES"]
    assert "invalid JSON" in found[0]["error"] and "no-such.json" in found[1]["error"]
    assert "Traceback" not in done.stderr


def test_timeout_is_per_instance_and_the_guard_does_not_end_a_long_batch(folder):
    # three instances of about 1 s each: the whole is past any one instance's backstop (1.8 s)
    began = time.monotonic()
    done = npw("solve", "php.cnf", "php.cnf", "php.cnf", "set/a-yes.cnf", "--backend", "sat:g4", "--timeout", "1",
               cwd=folder)
    took = time.monotonic() - began
    assert done.returncode == 3, done.stdout + done.stderr  # UNKNOWN, none bad
    found = lines(done)
    assert [line["answer"] for line in found] == ["UNKNOWN"] * 3 + ["YES"], done.stdout
    assert took >= 3.0 and took < 3 * 1.8 + 10, took  # each had its second; start-up and load included


def test_a_decider_past_its_backstop_is_stopped_and_the_next_instance_runs(folder):
    (folder / "slow.py").write_text(SLOW)
    (folder / "slow.json").write_text(json.dumps({"problem": "slow-decider", "seconds": 30}))
    began = time.monotonic()
    done = npw("--problems", "slow.py", "solve", "slow.json", "slow.json", "set/b-no.cnf", "--timeout", "3",
               cwd=folder, timeout=90)
    took = time.monotonic() - began
    found = lines(done)
    assert done.returncode == 3, done.stdout + done.stderr
    assert [line["answer"] for line in found] == ["UNKNOWN", "UNKNOWN", "NO"], done.stdout
    assert all(line.get("stopped_by") == "the instance's time backstop" for line in found[:2])
    assert 2 * 3.0 <= took < 2 * 3.6 + 10, took  # each stopped at its backstop (3.6 s), never the encoder's 30 s


def test_batch_takes_no_emit_output_or_competition(folder):
    for extra in (["--emit", "dimacs"], ["-o", "out.json"], ["--competition"]):
        done = npw("solve", "f.json", "set/a-yes.cnf", *extra, cwd=folder)
        assert done.returncode == 2 and done.stderr.count("\n") == 1 and "one input" in done.stderr, done.stderr


def test_puzzle_boards_file_one_line_per_board(folder):
    (folder / "boards.txt").write_text("# 8-puzzles\n1 2 3 4 5 6 7 0 8\n\n1 2 3 4 5 6 8 7 0\n1 2 3\n"
                                       "0 1 2 3 4 5 6 7 8\n")
    done = npw("puzzle", "solve", "--boards", "boards.txt", cwd=folder)
    assert done.returncode == 2, done.stderr  # an unreachable and a malformed board among them
    found = lines(done)
    assert [line["input"] for line in found] == ["boards.txt:2", "boards.txt:4", "boards.txt:5", "boards.txt:6"]
    assert found[0]["length"] == 1 and found[0]["moves"] == "R" and found[0]["error"] is None
    assert "not reachable" in found[1]["error"] and "not a square" in found[2]["error"]
    assert found[3]["length"] == 22 and found[3]["heuristic"] == "pdb"
    single = json.loads(npw("puzzle", "solve", "0 1 2 3 4 5 6 7 8", "--json", cwd=folder).stdout)
    assert single["length"] == found[3]["length"]


def test_puzzle_batch_out_of_time_is_3_and_goes_on(folder):
    korf_1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
    done = npw("puzzle", "solve", korf_1, "0 1 2 3 4 5 6 7 8", "--goal", "blank-first", "--heuristic", "manhattan",
               "--timeout", "0.5", cwd=folder, timeout=60)
    found = lines(done)
    assert done.returncode == 3, done.stdout + done.stderr
    assert found[0]["length"] is None and "time limit" in found[0]["error"]
    assert found[1]["length"] == 0 and found[1]["error"] is None
