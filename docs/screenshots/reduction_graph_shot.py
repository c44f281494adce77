"""Draws the reduction graph (``npw list --graph``) and screenshots it in headless Chromium:
``docs/screenshots/reduction-graph.png`` (and the SVG beside it, ``reduction-graph.svg``).

    PYTHONPATH=. python docs/screenshots/reduction_graph_shot.py [--chromium /usr/bin/chromium]

Needs Debian's ``chromium`` (``apt-get install -y chromium``); the window is the drawing's own
size, read from its ``width``/``height``, so nothing is cut off or scaled.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from npw.reductions.graph import draw_graph

HERE = Path(__file__).resolve().parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    parser.add_argument("--out", default=str(HERE / "reduction-graph.png"))
    args = parser.parse_args()
    svg = draw_graph()
    width, height = (int(float(v)) for v in re.search(r'width="([\d.]+)" height="([\d.]+)"', svg).groups())
    Path(args.out).with_suffix(".svg").write_text(svg)
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder, "graph.html")
        page.write_text(f"<!doctype html><html><body style='margin:0;background:#fff'>{svg}</body></html>")
        subprocess.run([args.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        "--hide-scrollbars", f"--user-data-dir={Path(folder, 'profile')}",
                        f"--screenshot={args.out}", f"--window-size={width},{height}", page.as_uri()],
                       check=True, capture_output=True, timeout=120)
    print(f"{args.out}: {width} x {height}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
