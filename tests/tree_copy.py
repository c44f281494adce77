"""A copy of the source tree for tests that build from it or change it (tests/test_packaging.py,
tests/test_index.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def copy_source(dest: Path) -> Path:
    """A copy of the source tree at ``dest``, without version control, caches, builds, virtual
    environments or databases (what a clean clone holds, plus uncommitted work)."""
    skip_names = {".git", "build", "dist", "__pycache__", ".pytest_cache", ".hypothesis", ".mypy_cache",
                  ".ruff_cache", ".tox", ".nox"}

    def ignore(folder: str, names: list[str]) -> set[str]:
        out = set()
        for n in names:
            p = Path(folder, n)
            if (n in skip_names or n.endswith((".egg-info", ".sqlite", ".npy", ".whl"))
                    or (p.is_dir() and (p / "pyvenv.cfg").exists())          # any virtual environment
                    or p == ROOT / "bench" / "out"):
                out.add(n)
        return out

    shutil.copytree(ROOT, dest, ignore=ignore, symlinks=True)
    return dest
