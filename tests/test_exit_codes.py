"""The "Exit codes" table of docs/commands.md (the README's until it shrank), row by row: every
row has examples in the block under it, and every example, run as written on the files this test
makes, exits with its row's status.

The table and the examples are read from that page itself, so the documentation and the
behaviour cannot drift apart: a new row without an example fails, an example whose comment
names no row (or a status its row does not list) fails, a command exiting otherwise fails.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = ROOT / "docs" / "commands.md"
NPW = [sys.executable, "-m", "npw"]
EXAMPLE = re.compile(r"^(?P<command>.+?)\s+#\s*(?P<outcome>[^:]+?):\s*exit status (?P<status>\d+)\s*$")


def section() -> str:
    text = COMMANDS.read_text(encoding="utf-8")
    start = text.index("\n## Exit codes\n")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def table() -> dict[str, str]:
    """Outcome -> its exit-status cell, from the section's table."""
    rows = {}
    for line in section().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 3 and cells[0] not in ("Outcome", "---"):
            rows[cells[0]] = cells[1]
    return rows


def statuses(cell: str) -> set[int]:
    """The exit statuses a row's cell allows: its numbers; ``128 + N`` is any signal's.

    >>> sorted(statuses("70, 2, 3 or 0")), 143 in statuses("128 + N")
    ([0, 2, 3, 70], True)
    """
    if "128 + N" in cell:
        return {128 + number for number in range(1, 65)}
    return {int(number) for number in re.findall(r"\d+", cell)}


def examples() -> list[tuple[str, str, str, int]]:
    """(command, outcome, note, status) of every line of the section's first code block."""
    block = re.search(r"```\n(.*?)```", section(), flags=re.S).group(1)
    rows = table()
    found = []
    for line in block.splitlines():
        match = EXAMPLE.match(line.strip())
        assert match, f"an example line without '# OUTCOME: exit status N': {line!r}"
        outcome, note = match["outcome"].strip(), ""
        if outcome not in rows and outcome.endswith(")"):  # "signal (SIGTERM while it runs)": a note on the row
            outcome, _, note = outcome[:-1].partition(" (")
        found.append((match["command"].strip(), outcome, note, int(match["status"])))
    return found


def test_every_row_has_an_example_and_every_example_a_row():
    rows, found = table(), examples()
    assert len(rows) >= 10, rows
    for required in ("decided YES", "decided NO", "UNKNOWN (out of time)", "refused", "bad input", "failure found",
                     "internal error"):
        assert required in rows, f"the issue's row {required!r} is missing: {sorted(rows)}"
    assert rows["bad input"] == "2", "2 is argparse's usage status: bad input keeps it"
    outcomes = {outcome for _, outcome, _, _ in found}
    assert set(rows) <= outcomes, f"rows without an example: {sorted(set(rows) - outcomes)}"
    for command, outcome, _, status in found:
        assert outcome in rows, f"{command!r}: its comment names no row of the table ({outcome!r})"
        assert status in statuses(rows[outcome]), f"{command!r}: status {status} is not its row's ({rows[outcome]})"


def test_the_statuses_are_the_cli_constants():
    from npw.cli import common

    rows = table()
    assert statuses(rows["decided YES"]) == {common.EXIT_OK}
    assert statuses(rows["failure found"]) == {common.EXIT_FAILED}
    assert statuses(rows["bad input"]) == statuses(rows["refused"]) == {common.EXIT_BAD_INPUT}
    assert statuses(rows["UNKNOWN (out of time)"]) == {common.EXIT_UNKNOWN}
    assert statuses(rows["competition SATISFIABLE"]) == {common.EXIT_SAT}
    assert statuses(rows["competition UNSATISFIABLE"]) == {common.EXIT_UNSAT}
    assert statuses(rows["internal error"]) == {common.EXIT_INTERNAL}


def _pigeonhole(pigeons: int) -> str:
    holes = pigeons - 1
    var = lambda i, j: i * holes + j + 1  # noqa: E731
    clauses = [[var(i, j) for j in range(holes)] for i in range(pigeons)]
    clauses += [[-var(a, j), -var(b, j)] for j in range(holes) for a in range(pigeons) for b in range(a + 1, pigeons)]
    return f"p cnf {pigeons * holes} {len(clauses)}\n" + "".join(" ".join(map(str, c)) + " 0\n" for c in clauses)


BUGGY = '''
from dataclasses import dataclass
from npw.api import problem


@problem("buggy-decider")
@dataclass(frozen=True)
class Buggy:
    """A problem whose decider has a bug."""
    n: int

    def verify(self, certificate) -> bool:
        return True

    def brute(self):
        raise RuntimeError("a bug in the decider")
'''


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """The files the examples name (docs/commands.md says what each is)."""
    where = tmp_path_factory.mktemp("exit-codes")
    (where / "examples").symlink_to(ROOT / "examples")
    (where / "yes.cnf").write_text("p cnf 3 3\n1 2 0\n-1 3 0\n-2 -3 0\n")
    (where / "no.cnf").write_text("p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n")
    (where / "php.cnf").write_text(_pigeonhole(12))
    (where / "garbage.json").write_text("this is not JSON\n")
    (where / "buggy.py").write_text(BUGGY)
    (where / "bug.json").write_text(json.dumps({"problem": "buggy-decider", "n": 1}))
    (where / "boards.txt").write_text("# two 8-puzzles\n1 2 3 4 5 6 7 0 8\n\n1 2 3 4 0 5 7 8 6\n")
    env = _env()
    for argv in (["generate", "3sat", "-p", "num_vars=50", "-p", "ratio=4.0", "--seed", "1", "-o", "f50.json"],
                 ["reduce", "3sat-to-3col", "f50.json", "-o", "big.json"]):
        subprocess.run([*NPW, *argv], cwd=where, env=env, check=True, capture_output=True, timeout=120)
    return where


def _env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("NPW_MAX_MEMORY", None)
    env.update(extra or {})
    return env


def _run(command: str, note: str, cwd: Path) -> tuple[int, str]:
    words = shlex.split(command)
    assignments = {}
    while words and re.match(r"^[A-Z_]+=", words[0]):  # NPW_MAX_MEMORY=1M npw ...
        key, _, value = words.pop(0).partition("=")
        assignments[key] = value
    assert words[0] == "npw", command
    argv = [*NPW, *words[1:]]
    if "SIGTERM" in note:
        process = subprocess.Popen(argv, cwd=cwd, env=_env(assignments), stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
        time.sleep(3.0)  # started, the solver running
        assert process.poll() is None, "ended before the signal: the example must run longer"
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=30)
        return process.returncode, out + err
    done = subprocess.run(argv, cwd=cwd, env=_env(assignments), capture_output=True, text=True, timeout=300)
    return done.returncode, done.stdout + done.stderr


@pytest.mark.parametrize("command,outcome,note,status", examples(), ids=lambda value: str(value)[:60])
def test_example_exits_with_its_rows_status(folder, command, outcome, note, status):
    code, output = _run(command, note, folder)
    assert code == status, f"{command}: exit status {code}, the table says {status} ({outcome})\n{output[-2000:]}"
    if outcome != "internal error":
        assert "Traceback" not in output, output
    else:
        assert "npw: internal error: RuntimeError" in output
    if outcome == "limit passed":
        assert "memory use passed the limit" in output, output
    if outcome == "refused":
        assert "refused by" in output, output
    if outcome == "bad input" or outcome == "refused":
        assert output.count("npw: error:") == 1, output


def test_batch_status_puts_an_error_before_unknown():
    from npw.cli.solve import batch_status

    assert batch_status([0, 3, 2, 0]) == 2 and batch_status([3, 0]) == 3 and batch_status([0]) == 0
    assert batch_status([2, 70]) == 70
