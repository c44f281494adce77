"""README.md and the pages moved out of it as a test: every command in their code blocks runs as
written, in order (``PAGES``), in one temporary folder, each file it names made by a command before
it (like tests/test_tutorial.py).

What the folder holds besides: ``examples/`` (the repository's example reductions, which the
README's commands name by that path) and an empty ``docs/examples/`` for the commands that
write there, so the repository's own copies are not touched.

Rules read from the pages themselves:

* a block right after ``<!-- slow: REASON -->`` or ``<!-- skip: REASON -->`` is not run; the
  test prints which and why (``pytest -s`` shows it; it is in the failure report too). Keep
  that list short: a command is better made to finish quickly;
* the install commands (``pip install ...``) and ``python -m pytest`` (this suite) are not run;
  in ``pip install ... && CMD`` the CMD is;
* a command whose comment says ``exit status N`` must exit with N; every other must exit 0;
  none may print a traceback.

A concrete ``npw ...`` command shown inline in the prose (no placeholder such as ``FILE`` or
``[...]``) must also appear in a code block, so that it is run too.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
# the README, then the pages its manual moved to (docs/), in the order their commands build on
# each other (files made in one are read in a later one)
PAGES = [README] + [ROOT / "docs" / f"{name}.md" for name in
                    ("getting_started", "commands", "campaigns", "own_reduction", "tables", "npuz")]
MARK = re.compile(r"<!--\s*(slow|skip):\s*(.*?)\s*-->\s*$")
NOT_RUN = ("python -m pytest",)


def blocks() -> list[tuple[str | None, str]]:
    """Every fenced code block of the pages, in order: (why it is not run, or None; its text)."""
    found = []
    lines = [line for page in PAGES for line in page.read_text(encoding="utf-8").splitlines()]
    index = 0
    while index < len(lines):
        if lines[index].startswith("```"):
            end = next(i for i in range(index + 1, len(lines)) if lines[i].startswith("```"))
            before = next((lines[i] for i in range(index - 1, -1, -1) if lines[i].strip()), "")
            mark = MARK.search(before)
            found.append((f"{mark.group(1)}: {mark.group(2)}" if mark else None, "\n".join(lines[index + 1:end])))
            index = end
        index += 1
    return found


def commands(code: str) -> list[str]:
    """The commands of a block as the test runs them (install and test-suite commands left out)."""
    runnable = []
    for line in code.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or line.startswith(NOT_RUN):
            continue
        if line.startswith("pip install"):
            _, sep, rest = line.partition("&&")
            if not sep:
                continue
            line = rest.strip()
        runnable.append(line)
    return runnable


def expected_status(command: str) -> int:
    said = re.search(r"#.*exit status (\d+)", command)
    return int(said.group(1)) if said else 0


def test_readme_blocks_are_found():
    found = blocks()
    assert len(found) >= 6
    assert sum(len(commands(code)) for _, code in found) >= 30
    # a block another test runs (its reason says "run by tests/...") is not among those left unrun
    skipped = [reason for reason, _ in found if reason and "run by tests/" not in reason]
    assert len(skipped) <= 3, skipped  # keep the list of blocks not run short


def test_inline_commands_are_in_code_blocks():
    text = "\n".join(page.read_text(encoding="utf-8") for page in PAGES)
    fenced = " ".join(" ".join(code.split()) for _, code in blocks())
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    placeholder = re.compile(r"\[|<|\.\.\.|\b[A-Z]+\b|\|")  # [-g GEN], <id>, ..., FILE, B, a|b

    def is_command(span: str) -> bool:  # `npw verify --json` names an option; `npw solve f.json -o g` is a command
        words = span.split()
        return len(words) >= 3 and not words[1].startswith("-") and not words[2].startswith("-")

    spans = [" ".join(span.split()) for span in re.findall(r"`(npw [^`]+)`", prose)]
    missing = [span for span in spans if is_command(span) and not placeholder.search(span) and span not in fenced]
    assert not missing, f"inline commands not run by this test (put them in a code block): {missing}"


def test_readme_runs_as_written(tmp_path, npw_cache):
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    (tmp_path / "docs" / "examples").mkdir(parents=True)
    env = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    ran, skipped = 0, []
    for reason, code in blocks():
        if reason:
            skipped.append(f"{reason}: {commands(code)}")
            print(f"block not run ({reason}): {commands(code)}")
            continue
        for command in commands(code):
            began = time.perf_counter()
            done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True,
                                  timeout=600)
            seconds = time.perf_counter() - began
            assert done.returncode == expected_status(command), (command, done.stdout[-2000:], done.stderr[-2000:])
            assert "Traceback" not in done.stderr, (command, done.stderr[-2000:])
            print(f"{seconds:6.1f} s  {command}")
            ran += 1
    assert ran >= 25
