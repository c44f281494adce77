"""``npw explore`` pages driven in a real browser: headless Chromium through Selenium.

Clicks a source element and checks that exactly what the reduction's provenance says it
produced lights up; plays the forward certificate to its end with the page's own buttons and
checks the drawing against the target's goal (read from the DOM here, computed from the target
instance in Python); steps back to the start; measures how fast a page with over 5,000 drawn
target elements opens. Screenshots go to pytest's tmp folder (their paths are printed).

Skipped, saying why, where Selenium, Debian's ``chromium`` or ``chromium-driver`` is missing:
``apt-get install -y chromium chromium-driver`` and ``pip install -e ".[dev]"``. With
``NPW_REQUIRE_BROWSER=1`` (``.ci/run`` sets it) a missing browser fails the test instead: CI
must not pass by skipping it.
"""

from __future__ import annotations

import math
import os
import shutil
import time

import pytest

from npw.instances.registry import get_problem
from npw.reductions.registry import get_reduction
from npw.verify.explore.build import explore
from npw.verify.explore.page import render_page
from npw.verify.explore.steps import Layout

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
LOAD_LIMIT_SECONDS = 1.0


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


def open_page(browser, tmp_path, reduction, source, name):
    path = tmp_path / f"{name}.html"
    page = explore(reduction, source)
    path.write_text(render_page(page))
    browser.get(path.as_uri())
    assert browser.execute_script("return document.body.getAttribute('data-ready')") == "1"
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors
    return page


def shoot(browser, tmp_path, name):
    png = tmp_path / f"{name}.png"
    browser.save_screenshot(str(png))
    assert png.stat().st_size > 10_000
    print(f"screenshot: {png}")
    return png


def lit_ids(browser, side, css_class):
    return set(browser.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0])).map(n => n.getAttribute('data-el'))",
        f"#side-{side} .{css_class}"))


def translate(browser, element):
    return browser.execute_script(
        "var g = Array.from(document.querySelectorAll('#side-t [data-el]')).filter("
        "n => n.getAttribute('data-el') === arguments[0] && n.hasAttribute('transform'))[0];"
        "if (!g) return null; var m = /translate\\(([-\\d.e]+)[ ,]+([-\\d.e]+)\\)/.exec(g.getAttribute('transform'));"
        "return m && [parseFloat(m[1]), parseFloat(m[2])];", element)


def formula():
    return get_problem("1in3sat").from_dict({"problem": "1in3sat", "version": 1, "num_vars": 3,
                                             "clauses": [[1, 2, 3], [-1, 2, -3]]})


def test_click_lights_what_the_source_element_produced(browser, tmp_path):
    from selenium.webdriver.common.by import By

    reduction, source = get_reduction("1in3sat-to-rel"), formula()
    open_page(browser, tmp_path, reduction, source, "click")
    expected = set(reduction.provenance(source, reduction.reduce(source))["clause:0"])
    clause = browser.find_element(By.CSS_SELECTOR, '#side-s [data-el="clause:0"]')
    clause.click()
    assert lit_ids(browser, "s", "npw-focus") == {"clause:0"}
    assert lit_ids(browser, "t", "npw-lit") == expected and expected
    shoot(browser, tmp_path, "click-clause-0")
    # the other way round: a target element lights the source elements it came from
    target_id = sorted(expected)[0]
    clause.click()  # release the pin
    browser.execute_script("npwExplore.light('t', arguments[0])", target_id)
    came_from = {s for s, ts in reduction.provenance(source, reduction.reduce(source)).items() if target_id in ts}
    assert lit_ids(browser, "s", "npw-lit") == came_from


def test_rel_walk_played_to_its_end_brings_every_element_home(browser, tmp_path):
    from selenium.webdriver.common.by import By

    reduction, source = get_reduction("1in3sat-to-rel"), formula()
    page = open_page(browser, tmp_path, reduction, source, "rel")
    target = reduction.reduce(source)
    layout = Layout.of_svg(page.target_svg)
    start = {f"element:{e}": translate(browser, f"element:{e}") for e in target.elements}
    browser.find_element(By.ID, "next").click()
    assert browser.execute_script("return npwExplore.at()") == 1
    browser.find_element(By.ID, "last").click()
    assert browser.execute_script("return npwExplore.at()") == len(page.steps)
    moved = 0
    for element, home in zip(target.elements, target.final):
        here, vertex = translate(browser, f"element:{element}"), layout.position(f"vertex:{home}")
        assert math.dist(here, vertex) <= page.goal["tolerance"] * math.sqrt(2), (element, here, vertex)
        moved += here != start[f"element:{element}"]
    assert moved > 0
    assert browser.execute_script("return npwExplore.goalReached()") is True
    assert "goal reached" in browser.find_element(By.ID, "goal").text
    # the backward map's result on the source: the satisfying assignment read back
    assert lit_ids(browser, "s", "npw-sat") == {"clause:0", "clause:1"}
    shoot(browser, tmp_path, "rel-end")
    browser.find_element(By.ID, "first").click()
    assert all(translate(browser, e) == p for e, p in start.items())
    assert not lit_ids(browser, "s", "npw-sat")


def test_bwp_line_shifts_reach_the_goal_colouring(browser, tmp_path):
    from selenium.webdriver.common.by import By

    reduction = get_reduction("3partition-to-bwp")
    source = get_problem("3partition").generate("planted", seed=1, m=2)
    page = open_page(browser, tmp_path, reduction, source, "bwp")
    target = reduction.reduce(source)
    browser.execute_script("npwExplore.goto(3)")
    scrub = browser.find_element(By.ID, "scrub")
    assert scrub.get_attribute("value") == "3"
    browser.find_element(By.ID, "last").click()
    # the goal's black cells, placed by the lattice the start pieces fix (computed here)
    pieces = {f"cell:{r},{c}": (r, c) for r in range(target.rows) for c in range(target.cols)
              if target.start[r * target.cols + c]}
    layout = Layout.of_svg(page.target_svg)
    (r0, c0), (r1, c1) = min(pieces.values()), max(pieces.values(), key=lambda rc: (rc[1], rc[0]))
    p0, p1 = layout.position(f"cell:{r0},{c0}"), layout.position(f"cell:{r1},{c1}")
    dx = (p1[0] - p0[0]) / (c1 - c0)
    want = sorted((round(p0[0] + (c - c0) * dx, 1), round(p0[1] + (r - r0) * dx, 1))
                  for r in range(target.rows) for c in range(target.cols) if target.goal[r * target.cols + c])
    have = sorted(tuple(round(v, 1) for v in translate(browser, piece)) for piece in pieces)
    assert have == want
    shoot(browser, tmp_path, "bwp-end")


def test_solo_chess_captures_leave_one_piece(browser, tmp_path):
    reduction = get_reduction("hampath-to-solochess-rook-pawn")
    source = get_problem("hampath-st").generate("planted", seed=3, num_vertices=4)
    page = open_page(browser, tmp_path, reduction, source, "solochess")
    target = reduction.reduce(source)
    browser.execute_script("npwExplore.goto(npwExplore.steps)")
    shown = browser.execute_script(
        "return Array.from(document.querySelectorAll('#side-t g[data-el^=\"piece:\"]'))"
        ".filter(n => getComputedStyle(n).display !== 'none').length")
    assert shown == 1 and len(target.pieces) > 1
    # the backward map lights the Hamiltonian path on the source: every vertex on it
    assert lit_ids(browser, "s", "npw-path") >= {f"vertex:{v}" for v in range(source.num_vertices)}
    assert page.backward_ok
    shoot(browser, tmp_path, "solochess-end")


def test_a_target_of_5000_drawn_elements_opens_within_a_second(browser, tmp_path):
    source = get_problem("1in3sat").generate("planted", seed=1, num_vars=200, num_clauses=125)
    reduction = get_reduction("1in3sat-to-224sat")
    path = tmp_path / "large.html"
    path.write_text(render_page(explore(reduction, source)))
    # the best of three loads: the machine is shared, and one load can wait for another's work
    loads = []
    for _ in range(3):
        started = time.perf_counter()
        browser.get(path.as_uri())
        wall = time.perf_counter() - started
        navigation = browser.execute_script(
            "var e = performance.getEntriesByType('navigation')[0]; return e.loadEventEnd - e.startTime")
        loads.append((navigation / 1000, wall))
    navigation, wall = min(loads)
    counts = browser.execute_script("return npwExplore.counts")
    assert counts["t"] >= 5000, counts
    lit = browser.execute_script("var t = performance.now(); npwExplore.light('s', 'clause:7');"
                                 "return [document.querySelectorAll('#side-t .npw-lit').length, performance.now() - t]")
    index_ms = browser.execute_script("return npwExplore.readyMs")
    print(f"5,000-element page: {counts['t']} target elements, {path.stat().st_size} bytes; navigation to load "
          f"event {navigation * 1000:.0f} ms (best of {[round(n * 1000) for n, _ in loads]} ms), driver load "
          f"{wall:.3f} s, the script's index {index_ms:.0f} ms, one hover {lit[1]:.1f} ms")
    assert navigation < LOAD_LIMIT_SECONDS and wall < LOAD_LIMIT_SECONDS * 2
    assert lit[0] > 0 and lit[1] < 100
    shoot(browser, tmp_path, "large")
