"""The screenshots of docs/screenshots/: ``npw explore`` pages in headless Chromium.

* ``explore-3sat-to-indset.png``: 3 clauses, a triangle per clause boxed as C0, C1, C2, every
  vertex labelled with its literal (``~x3 in C0``);
* ``explore-3sat-to-3col.png``: the palette triangle, a box per variable (its two literal
  vertices), a box per clause (its OR gadget);
* ``explore-1in3sat-to-rel.png``: the seeds' chain on 2 clauses: Theorem 2's variable gadgets
  as diamonds, boxed by the clause they came from (C0, C1), the hubs TC and FC on top;
* ``explore-3partition-to-bwp.png``: each number's black pieces in its bar's colour;
* ``explore-pm3sat-to-solochess-knight-rook.png``: each variable's and clause's pieces in its
  colour (a ring where a clause's piece sits on a variable's track), a legend beside.

The sources are :func:`npw.verify.explore.samples.small_source`'s. The reduction graph's
screenshot is made elsewhere (``npw list --graph``).

Usage: python docs/screenshots/make_screenshots.py [--out DIR] [--only ID ...]
Needs Debian's ``chromium``; a PNG past MAX_BYTES is reduced to 256 colours with Pillow where it
is installed (a page is mostly flat colour).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from npw.reductions.registry import get_reduction  # noqa: E402
from npw.verify.explore.build import explore  # noqa: E402
from npw.verify.explore.page import render_page  # noqa: E402
from npw.verify.explore.samples import OPTIONS, small_source  # noqa: E402

HERE = Path(__file__).resolve().parent
MAX_BYTES = 300_000
# reduction id -> the browser window (width, height): the seeds' chain needs a larger one
PAGES = {
    "3sat-to-indset": (1500, 620),
    "3sat-to-3col": (1500, 720),
    "1in3sat-to-rel": (2000, 1500),
    "3partition-to-bwp": (1500, 720),
    "pm3sat-to-solochess-knight-rook": (1600, 1100),
}


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if found is None:
        raise SystemExit("make_screenshots: no chromium on PATH (apt-get install -y chromium)")
    return found


def shoot(html: Path, png: Path, size: tuple[int, int]) -> None:
    """One page as a PNG of ``size`` (headless Chromium's --screenshot), reduced to 256 colours."""
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run([chromium(), "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--user-data-dir={profile}", f"--window-size={size[0]},{size[1]}",
                        f"--screenshot={png}", html.as_uri()],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(png) as image:
        image.load()
    image.convert("RGB").save(png, optimize=True)
    if png.stat().st_size > MAX_BYTES:  # 256 colours only where needed: a board's small discs lose their hues
        image.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE).save(png, optimize=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=HERE)
    parser.add_argument("--only", nargs="*", choices=sorted(PAGES), help="these pages only")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    too_big = []
    with tempfile.TemporaryDirectory() as work:
        for reduction_id in args.only or PAGES:
            started = time.perf_counter()
            reduction = get_reduction(reduction_id)
            page = explore(reduction, small_source(reduction), **OPTIONS.get(reduction_id, {}))
            html = Path(work) / f"{reduction_id}.html"
            html.write_text(render_page(page), encoding="utf-8")
            png = args.out / f"explore-{reduction_id}.png"
            shoot(html, png, PAGES[reduction_id])
            size = png.stat().st_size
            too_big += [png.name] if size > MAX_BYTES else []
            print(f"{png.name}: {size:,} bytes in {time.perf_counter() - started:.1f} s")
    if too_big:
        print(f"past {MAX_BYTES:,} bytes: {', '.join(too_big)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
