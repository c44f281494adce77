"""No two texts of an ``npw explore`` page's drawings cover each other, for EVERY registered
reduction on a small source (``npw.verify.explore.samples``), measured in headless Chromium.

Each page is built in Python, written to a file and opened by one browser; a script reads the
box of every drawn ``<text>`` of both drawings (``getBoundingClientRect``, so transforms count,
converted to the drawing's own units so that a drawing scaled to its panel is judged as drawn)
and the test fails on any two whose boxes overlap by more than TOLERANCE units both across and
down. A text box is a line box (the font's ascent to descent), taller than the glyphs in it: two
lines set at the usual 12-13 units for an 11-unit font touch by about a unit; TOLERANCE lets that
pass and nothing a reader would see as one text over another.

Skipped like ``tests/test_explore_browser.py`` where Selenium or Chromium is missing; with
``NPW_REQUIRE_BROWSER=1`` (``.ci/run``) a missing browser fails instead.
"""

from __future__ import annotations

import os
import shutil
import time

import pytest

from npw.reductions.registry import get_reduction, reduction_ids
from npw.verify.explore.build import explore
from npw.verify.explore.page import render_page
from npw.verify.explore.samples import OPTIONS, small_source

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
REQUIRED = os.environ.get("NPW_REQUIRE_BROWSER", "") not in ("", "0")
if REQUIRED:
    import selenium.webdriver as webdriver  # noqa: F401  (a missing selenium fails here, loudly)
else:
    webdriver = pytest.importorskip("selenium.webdriver",
                                    reason="the browser test needs selenium (pip install -e '.[dev]')")
pytestmark = pytest.mark.skipif(not REQUIRED and not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)),
                                reason="the browser test needs Debian's chromium and chromium-driver "
                                       "(apt-get install -y chromium chromium-driver)")

TOLERANCE = 2.0
"""How far (drawing units, both across and down) two texts' line boxes may overlap."""

SLOW = {"224sat-to-npuz"}  # its smallest board (unit 1, one clause) plays 3,380 slides: 13 s to build

# the texts of both drawings, each [side, text, x0, y0, x1, y1] in its drawing's units
MEASURE = r"""
var out = [];
['s', 't'].forEach(function (side) {
  var svg = document.querySelector('#side-' + side + ' .drawing svg');
  if (!svg) return;
  var frame = svg.getBoundingClientRect();
  var box = svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width ? svg.viewBox.baseVal : null;
  var sx = box ? frame.width / box.width : 1, sy = box ? frame.height / box.height : 1;
  svg.querySelectorAll('text').forEach(function (t) {
    if (!t.textContent.trim() || t.closest('[style*="display: none"]')) return;
    var r = t.getBoundingClientRect();
    if (!r.width || !r.height) return;
    out.push([side, t.textContent.trim().slice(0, 40), (r.left - frame.left) / sx, (r.top - frame.top) / sy,
              (r.right - frame.left) / sx, (r.bottom - frame.top) / sy]);
  });
});
return out;
"""


def overlaps(texts: list[list], tolerance: float = TOLERANCE) -> list[tuple[str, str, str, float, float]]:
    """The pairs of texts of one side whose boxes overlap by more than ``tolerance`` both ways
    (sorted by x, so each text is compared with the ones starting before its right edge only).

    >>> overlaps([["t", "a", 0, 0, 10, 10], ["t", "b", 9, 0, 20, 10], ["t", "c", 5, 5, 15, 15]])
    [('t', 'a', 'c', 5, 5), ('t', 'b', 'c', 6, 5)]
    """
    found = []
    for side in {t[0] for t in texts}:
        mine = sorted((t for t in texts if t[0] == side), key=lambda t: t[2])
        for i, a in enumerate(mine):
            for b in mine[i + 1:]:
                if b[2] >= a[4] - tolerance:
                    break
                across = min(a[4], b[4]) - max(a[2], b[2])
                down = min(a[5], b[5]) - max(a[3], b[3])
                if across > tolerance and down > tolerance:
                    found.append((side, a[1], b[1], round(across, 1), round(down, 1)))
    return sorted(found)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    profile = tmp_path_factory.mktemp("chromium-profile")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1600,1000", "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", f"--user-data-dir={profile}"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def measured(browser, tmp_path, reduction_id: str) -> list[list]:
    reduction = get_reduction(reduction_id)
    page = explore(reduction, small_source(reduction), timeout=20, **OPTIONS.get(reduction_id, {}))
    path = tmp_path / f"{reduction_id}.html"
    path.write_text(render_page(page), encoding="utf-8")
    browser.get(path.as_uri())
    assert browser.execute_script("return document.body.getAttribute('data-ready')") == "1"
    return browser.execute_script(MEASURE)


@pytest.mark.parametrize("reduction_id", [pytest.param(r, marks=pytest.mark.slow) if r in SLOW else r
                                          for r in reduction_ids()])
def test_no_two_texts_of_a_drawing_overlap(browser, tmp_path, reduction_id):
    started = time.perf_counter()
    texts = measured(browser, tmp_path, reduction_id)
    assert {t[0] for t in texts} == {"s", "t"}, "both drawings hold text"
    found = overlaps(texts)
    print(f"{reduction_id}: {len(texts)} texts, {len(found)} overlapping pairs, {time.perf_counter() - started:.2f} s")
    assert not found, f"{len(found)} overlapping pairs, e.g. {found[:5]}"


def test_the_measure_sees_an_overlap(browser, tmp_path):
    """The check can fail: two texts drawn at one spot are caught."""
    path = tmp_path / "overlap.html"
    path.write_text('<!doctype html><body><section id="side-s"><div class="drawing"><svg width="200" height="50" '
                    'viewBox="0 0 100 25"><text x="5" y="15">clause 0</text><text x="9" y="17">x1 in C0</text>'
                    '</svg></div></section><section id="side-t"><div class="drawing"><svg width="100" height="50">'
                    '<text x="5" y="15">a</text><text x="50" y="15">b</text></svg></div></section></body>')
    browser.get(path.as_uri())
    texts = browser.execute_script(MEASURE)
    assert len(texts) == 4
    found = overlaps(texts)
    assert [pair[:3] for pair in found] == [("s", "clause 0", "x1 in C0")]
    # in the drawing's own units: the 2x scaled drawing's texts measure as drawn (11-ish units tall)
    assert all(10 < t[5] - t[3] < 25 for t in texts if t[0] == "s")


def test_zoom_and_pan_a_large_drawing(browser, tmp_path):
    """The seeds' chain at two clauses is wider than its panel: "+" doubles the drawn width about
    the panel's centre, a drag scrolls the panel (and is not taken for a click), "fit" goes back."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    measured(browser, tmp_path, "1in3sat-to-rel")
    width = "return document.querySelector('#side-t .drawing svg').getBoundingClientRect().width"
    scroll = "var p = document.querySelector('#side-t .drawing'); return [p.scrollLeft, p.scrollTop]"
    fitted = browser.execute_script(width)
    browser.find_element(By.CSS_SELECTOR, '#side-t .zoom button[data-zoom="2"]').click()
    assert browser.execute_script(width) == pytest.approx(2 * fitted, rel=0.02)
    before = browser.execute_script(scroll)
    panel = browser.find_element(By.CSS_SELECTOR, "#side-t .drawing")
    ActionChains(browser).move_to_element(panel).click_and_hold().move_by_offset(-120, -60).release().perform()
    after = browser.execute_script(scroll)
    assert after[0] > before[0] and after[1] >= before[1], (before, after)
    assert "pinned" not in browser.find_element(By.ID, "status").text  # the drag pinned nothing
    browser.find_element(By.CSS_SELECTOR, '#side-t .zoom button[data-zoom="fit"]').click()
    assert browser.execute_script(width) == pytest.approx(fitted, rel=0.02)
