"""Package discovery for the one import root ``npw``.

The design card keeps ``instances/``, ``reductions/``, ``solvers/`` and ``verify/`` at the
repository's top level; they install as ``npw.instances`` ... ``npw.verify``. Every folder
holding an ``__init__.py`` under those roots is a package, found here, so a new room needs no
line in any list (everything else about the build is in ``pyproject.toml``).
"""

from __future__ import annotations

from pathlib import Path

# import name -> folder, relative to this file
PACKAGE_DIRS = {"npw": "npw", "npw.instances": "instances", "npw.reductions": "reductions",
                "npw.solvers": "solvers", "npw.verify": "verify"}


def find_packages(root: Path = Path(__file__).resolve().parent) -> list[str]:
    """Every package under the mapped roots, as dotted names, sorted."""
    found = []
    for name, folder in PACKAGE_DIRS.items():
        base = root / folder
        for init in base.rglob("__init__.py"):
            relative = init.parent.relative_to(base).parts
            if any(part.startswith(".") or part == "__pycache__" for part in relative):
                continue
            found.append(".".join((name, *relative)))
    return sorted(found)


if __name__ == "__main__":
    from setuptools import setup

    setup(package_dir=PACKAGE_DIRS, packages=find_packages())
