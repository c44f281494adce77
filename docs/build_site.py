"""Builds the documentation site: ``python docs/build_site.py [OUT]`` (default ``docs/_build/html``).

Sphinx with warnings as errors (``-W --keep-going``: every warning is listed, then the build
fails); needs the ``docs`` extra (``pip install -e ".[docs]"``). The pages written from the
registries (problem families, the reduction catalogue, the API reference) are regenerated on
every build by ``docs/site/npw_site.py``. Prints the output folder, the number of pages and the
seconds it took; exit status 0 only when the build had no warning.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

DOCS = Path(__file__).resolve().parent


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else DOCS / "_build" / "html"
    try:
        from sphinx.cmd.build import build_main
    except ImportError:
        print('build_site: Sphinx is missing: pip install -e ".[docs]"', file=sys.stderr)
        return 2
    began = time.perf_counter()
    status = build_main(["-W", "--keep-going", "-q", "-b", "html", "-d", str(out / ".doctrees"), str(DOCS), str(out)])
    pages = sum(1 for _ in out.rglob("*.html")) if out.is_dir() else 0
    print(f"build_site: {out} ({pages} HTML pages, {time.perf_counter() - began:.1f} s)"
          + ("" if status == 0 else f": FAILED (status {status})"))
    return status


if __name__ == "__main__":
    sys.exit(main())
