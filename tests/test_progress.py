"""Issue 31, item 6: progress of long work on stderr (npw.instances.progress), drawn by rich where
a person watches (a terminal, or NPW_PROGRESS=1) and nowhere else; --quiet silences it."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from npw.instances import progress
from npw.instances.progress import Progress, reporter

ROOT = str(Path(__file__).resolve().parents[1])


@pytest.fixture(autouse=True)
def _not_quiet():
    before = progress.set_quiet(False)  # whatever a command run in this process before left
    yield
    progress.set_quiet(before)


def _terminal():
    from rich.console import Console

    out = io.StringIO()
    return out, Console(file=out, force_terminal=True, width=120)


def test_a_forced_terminal_shows_done_of_planned_rate_and_time_left():
    out, console = _terminal()
    with Progress("sweep", total=40, unit="cases", console=console) as bar:
        for done in range(1, 41):
            bar.update(done)
            time.sleep(0.005)
    text = out.getvalue()
    assert "sweep" in text and "40/40" in text and "cases/s" in text
    assert "0:00:0" in text  # elapsed and time left, h:mm:ss


def test_quiet_wins_over_a_terminal():
    out, console = _terminal()
    with Progress("sweep", total=5, quiet=True, console=console) as bar:
        bar.update(5)
    assert out.getvalue() == "" and not bar.shown


def test_not_a_terminal_shows_nothing(monkeypatch):
    monkeypatch.delenv(progress.ENV, raising=False)
    stream = io.StringIO()  # isatty() is False
    monkeypatch.setattr(sys, "stderr", stream)
    assert not progress.enabled()
    update, stop = reporter(10, False, "verify", "cases")
    assert update is None
    stop()
    with Progress("build", 3) as bar:
        bar.update(3)
    assert stream.getvalue() == ""


def test_the_environment_variable_forces_or_silences(monkeypatch):
    monkeypatch.setenv(progress.ENV, "1")
    assert progress.enabled() and not progress.enabled(quiet=True)
    monkeypatch.setenv(progress.ENV, "0")
    assert not progress.enabled(stream=sys.__stdout__)
    progress.set_quiet(True)
    try:
        monkeypatch.setenv(progress.ENV, "1")
        assert not progress.enabled()
    finally:
        progress.set_quiet(False)


def test_updates_are_cheap_and_redraws_few(monkeypatch):
    out, console = _terminal()
    bar = Progress("many", total=200_000, console=console)
    redraws = []
    bar.start()
    real = bar._bar.update
    monkeypatch.setattr(bar._bar, "update", lambda *a, **k: (redraws.append(1), real(*a, **k)))
    began = time.perf_counter()
    for done in range(1, 200_001):
        bar.update(done)
    elapsed = time.perf_counter() - began
    bar.stop()
    assert len(redraws) <= 2 + elapsed * progress.REFRESH_PER_SECOND * 1.5
    assert elapsed < 2.0  # some 10 microseconds an update at most, on this 2-core machine


def _npw(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k != progress.ENV}
    environment.update(PYTHONPATH=ROOT, COLUMNS="160", **env)
    return subprocess.run([sys.executable, "-m", "npw", *args], capture_output=True, text=True, timeout=300,
                          env=environment, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("env, quiet, shown", [({}, False, False), ({progress.ENV: "1"}, False, True),
                                               ({progress.ENV: "1"}, True, False)])
def test_set_generation_progress_only_where_asked(tmp_path, env, quiet, shown):
    done = _npw(["generate", "3sat", "--set", str(tmp_path / "s"), "--count", "30", "-p", "num_vars=8",
                 *(["--quiet"] if quiet else [])], env)
    assert done.returncode == 0 and "30 3sat instances" in done.stdout
    if shown:
        assert "instances/s" in done.stderr and "30/30" in done.stderr
    else:
        assert done.stderr == ""


def test_verify_sweep_progress_in_a_forced_terminal_and_not_in_a_pipe():
    argv = ["verify", "1in3sat-to-224sat", "--random", "30"]
    shown = _npw(argv, {progress.ENV: "1"})
    plain = _npw(argv, {})

    def answer(out: str) -> list[str]:  # all but the line with the time taken
        return [line for line in out.splitlines() if " s (" not in line]

    assert shown.returncode == plain.returncode == 0 and answer(shown.stdout) == answer(plain.stdout)
    assert "cases/s" in shown.stderr and "verify" in shown.stderr
    assert plain.stderr == ""


def test_pattern_database_build_says_its_depth(monkeypatch, capsys):
    pytest.importorskip("numba")
    from npw.solvers.npuz.pdb_ranked import build_table

    monkeypatch.setenv(progress.ENV, "1")
    monkeypatch.setenv("COLUMNS", "160")  # rich shortens columns to fit the terminal's width
    build_table(3, (0, 1, 2), progress=True)
    err = capsys.readouterr().err
    assert "pattern database 3x3 cells 0,1,2: depth" in err and "placements/s" in err and "504/504" in err
    monkeypatch.delenv(progress.ENV)
    build_table(3, (0, 1, 2), progress=True)  # captured stderr is no terminal
    assert capsys.readouterr().err == ""


def test_a_commands_quiet_does_not_outlive_it():
    from fuzz_corpus import run_in_process

    status, _, err = run_in_process(["verify", "1in3sat-to-224sat", "--random", "3", "--quiet"])
    assert status == 0 and err == ""
    assert progress.set_quiet(False) is False  # put back when the command ended
