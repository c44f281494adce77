"""The result store: a sweep killed with SIGKILL and restarted loses nothing and ends with the
same totals as an uninterrupted one."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from npw.instances import get_problem
from npw.reductions import get_reduction
from npw.verify import random_stream, verify_reduction
from npw.verify.store import ResultStore

NPW = [sys.executable, "-m", "npw"]
ARGS = ["verify", "1in3sat-to-224sat", "--random", "2000", "--seed", "5", "--quiet", "--json"]
TOTALS = ("cases", "source_yes", "source_no", "target_yes", "target_no", "confusion", "mismatches",
          "certificate_failures", "timeouts", "max_target_size", "passed")


def stored_cases(path):
    try:
        with sqlite3.connect(path) as db:
            return db.execute("SELECT COUNT(*) FROM cases").fetchone()[0]
    except sqlite3.OperationalError:  # not created yet
        return 0


def test_killed_sweep_resumes_with_identical_totals(tmp_path):
    db = str(tmp_path / "run.db")
    sweep = subprocess.Popen(NPW + ARGS + ["--db", db], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.time() + 120
    while stored_cases(db) < 200 and sweep.poll() is None and time.time() < deadline:
        time.sleep(0.02)
    assert sweep.poll() is None, "the sweep ended before it could be killed: make it longer"
    sweep.send_signal(signal.SIGKILL)
    sweep.wait()
    partial = stored_cases(db)
    assert 200 <= partial < 2000
    resumed = json.loads(subprocess.run(NPW + ARGS + ["--db", db], capture_output=True, text=True,
                                        check=True).stdout)
    assert resumed["resumed"] == partial
    uninterrupted = json.loads(subprocess.run(NPW + ARGS, capture_output=True, text=True, check=True).stdout)
    assert {k: resumed[k] for k in TOTALS} == {k: uninterrupted[k] for k in TOTALS}
    assert stored_cases(db) == 2000
    report = json.loads(subprocess.run(NPW + ["report", db, "--json"], capture_output=True, text=True,
                                       check=True).stdout)
    assert [r["cases"] for r in report["runs"]] == [2000]


def test_store_keeps_failing_sources_for_shrinking():
    wrong = get_reduction("examples/sat3_to_independent_set_wrong.py:OFF_BY_ONE")  # a known bug
    store = ResultStore(":memory:")
    run = store.run_id(wrong.id, {"random": 60}, "0" * 64, "test")
    cases = list(random_stream(get_problem(wrong.source), 60, 1))
    first = verify_reduction(wrong, cases, store=store, run=run, shrink_seconds=1)
    again = verify_reduction(wrong, cases, store=store, run=run, shrink_seconds=1)  # everything stored: skipped
    assert again.summary.resumed == 60 and first.summary.mismatches == again.summary.mismatches > 0
    assert again.counterexample is not None


def test_changed_code_is_never_taken_from_the_store(tmp_path):
    """Verified into a store, then broken, then verified again with the same command: the
    store must not answer for code it never ran (it used to say PASSED)."""
    from pathlib import Path

    source = Path(__file__).resolve().parents[1] / "examples" / "sat3_to_independent_set.py"
    user_file = tmp_path / "reduction.py"
    user_file.write_text(source.read_text())
    db = str(tmp_path / "runs.sqlite")
    command = NPW + ["verify", f"{user_file}:REDUCTION", "--random", "60", "--seed", "1", "--db", db, "--json",
                     "--quiet"]
    first = subprocess.run(command, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    # the classic slip: k one too small, so a no-formula's graph has an independent set
    user_file.write_text(source.read_text().replace("len(formula.clauses))\n\n\ndef forward",
                                                    "len(formula.clauses) - 1)\n\n\ndef forward"))
    again = subprocess.run(command, capture_output=True, text=True)
    result = json.loads(again.stdout)
    assert again.returncode == 1 and result["resumed"] == 0 and result["mismatches"] > 0
    report = json.loads(subprocess.run(NPW + ["report", db, "--json"], capture_output=True, text=True,
                                       check=True).stdout)
    fingerprints = [run["fingerprint"] for run in report["runs"]]
    assert len(fingerprints) == 2 and len(set(fingerprints)) == 2
    assert all(str(user_file) in run["covers"] for run in report["runs"])


def test_damaged_store_is_one_line(tmp_path):
    db = tmp_path / "runs.sqlite"
    subprocess.run(NPW + ["verify", "1in3sat-to-224sat", "--random", "50", "--db", str(db), "--quiet"], check=True,
                   capture_output=True)
    data = bytearray(db.read_bytes())
    for offset in range(4096, len(data)):  # everything after the first page: data pages
        data[offset] = 0x5A
    db.write_bytes(bytes(data))
    for args in (["verify", "1in3sat-to-224sat", "--random", "50", "--db", str(db), "--quiet"], ["report", str(db)]):
        run = subprocess.run(NPW + args, capture_output=True, text=True)
        assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
        assert len(run.stderr.strip().splitlines()) == 1
