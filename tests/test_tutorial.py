"""docs/tutorial.md runs top to bottom: its python blocks in one namespace, its bash blocks
in a shell from the repository's top folder (the install block is skipped: the suite runs
inside that installation already)."""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "docs" / "tutorial.md"


def blocks():
    return re.findall(r"```(\w+)\n(.*?)```", TUTORIAL.read_text(), flags=re.S)


def test_tutorial_runs_top_to_bottom():
    namespace: dict = {}
    env = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    ran = 0
    for language, code in blocks():
        if language == "python":
            exec(compile(code, str(TUTORIAL), "exec"), namespace)
            ran += 1
        elif language == "bash":
            if code.strip().startswith("pip install"):
                continue
            done = subprocess.run(["bash", "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
            assert done.returncode == 0, (code, done.stdout, done.stderr)
            assert "Traceback" not in done.stderr
            if "echo \"exit status $?\"" in code:
                assert "exit status 1" in done.stdout and "FAILED" in done.stdout
            ran += 1
    assert ran >= 6


def test_readme_lists_the_tutorial_commands():
    # the README and the pages moved out of it are run as written by tests/test_readme.py
    from test_readme import PAGES

    readme = "\n".join(page.read_text() for page in PAGES)
    for language, code in blocks():
        if language == "bash":
            for line in code.strip().splitlines():
                command = line.split(";")[0].strip()
                assert command in readme, command
