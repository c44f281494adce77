"""The reduction graph drawn in layers and ``npw path --draw`` (issue 32, item 3): sources at the
top, the SAT family first, arrows down the layers with their theorems in ``<title>``, seed
constructions marked, labels inside their boxes (estimated here, measured in a browser where one
is installed)."""

from __future__ import annotations

import itertools
import os
import re
import shutil
from html import unescape

import networkx as nx
import pytest

from npw.cli import main
from npw.reductions.graph import (
    SEED_PAPERS, draw_chain, draw_graph, graph_layers, label_width, problem_family, reduction_graph, seed_paper,
)
from npw.reductions.registry import get_reduction, reduction_specs


@pytest.fixture(scope="module")
def svg():
    return draw_graph()


def boxes(svg):
    """problem -> (x, y, width, height, label) of its box, read from the drawing."""
    found = {}
    for problem, x, y, w, h, label in re.findall(
            r'data-el="problem:([^"]+)"><title>[^<]*</title><rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" '
            r'height="([\d.]+)"[^>]*/><text[^>]*>([^<]*)</text>', svg):
        found[problem] = (float(x), float(y), float(w), float(h), unescape(label))
    return found


def test_layers_put_the_sources_on_top_and_every_arrow_down_but_a_cycles():
    graph = nx.DiGraph(reduction_graph())
    layers = graph_layers()
    layer = {p: i for i, row in enumerate(layers) for p in row}
    connected = {p for p in graph if graph.degree(p)}
    assert sorted(layer) == sorted(connected)  # each problem with a reduction, once
    assert all(graph.in_degree(p) == 0 for p in layers[0])  # the top row: sources only
    assert layers[0][0] == "cnf" and problem_family(layers[0][0]) == "sat"
    families = [problem_family(p) for p in layers[0]]
    assert families == sorted(families, key=["sat", "graphs", "hampath", "sets", "numbers", "puzzles",
                                             "other"].index)  # SAT family first, then the others in order
    upward = [(a, b) for a, b in graph.edges() if layer[a] >= layer[b]]
    for a, b in upward:  # only arrows that close a cycle point up
        assert nx.has_path(graph, b, a), (a, b)
    assert ("vertexcover", "indset") in upward or ("indset", "vertexcover") in upward  # IS <-> VC: one goes back
    for p in connected - set(layers[0]):  # one layer below the lowest problem reducing to it
        assert max(layer[q] for q in graph.predecessors(p) if layer[q] < layer[p]) == layer[p] - 1


def test_every_arrow_names_its_reductions_and_theorems_and_seeds_are_marked(svg):
    graph = reduction_graph()
    pattern = r'<g data-el="arrow:([^"]+)" class="arrow (seed|plain)"><title>([^<]*)</title>'
    arrows = {found[0]: found for found in re.findall(pattern, svg)}
    assert set(arrows) == {f"{a}-{b}" for a, b in graph.edges()}
    for rid in reduction_specs():
        reduction = get_reduction(rid)
        _, kind, title = arrows[f"{reduction.source}-{reduction.target}"]
        assert f"{rid}: {reduction.reference}" in unescape(title)
        if seed_paper(reduction):  # one seed construction makes its arrow a seed arrow
            assert kind == "seed"
    assert arrows["3sat-indset"][1] == "plain" and arrows["1in3sat-224sat"][1] == "seed"
    many = len(graph["hampath-st"]["solochess"])
    assert arrows["hampath-st-solochess"][1] == "seed" and f"{many} registered reductions" in arrows["hampath-st-solochess"][2]
    assert f">\u00d7{many}</text>" in svg and many > 1  # the count on the arrow
    for _, name in SEED_PAPERS:  # the legend names the seed papers
        assert name in unescape(svg)


def test_boxes_hold_their_labels_and_do_not_overlap(svg):
    found = boxes(svg)
    assert set(found) == set(reduction_graph().nodes)
    for problem, (x, y, w, h, label) in found.items():
        assert label == problem and w >= label_width(label) + 2 * 8  # padding on both sides
    for (p, (x1, y1, w1, h1, _)), (q, (x2, y2, w2, h2, _)) in itertools.combinations(found.items(), 2):
        apart = x1 + w1 <= x2 or x2 + w2 <= x1 or y1 + h1 <= y2 or y2 + h2 <= y1
        assert apart, (p, q)
    width, height = (float(v) for v in re.search(r'width="([\d.]+)" height="([\d.]+)"', svg).groups())
    assert all(x >= 0 and y >= 0 and x + w <= width and y + h <= height for x, y, w, h, _ in found.values())


FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


@pytest.mark.skipif(not os.path.exists(FONT), reason="needs DejaVu Sans (fonts-dejavu-core)")
def test_label_width_is_at_least_the_fonts_own_measure():
    image_font = pytest.importorskip("PIL.ImageFont")
    font = image_font.truetype(FONT, 12)
    bold = image_font.truetype(FONT.replace("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"), 13) \
        if os.path.exists(FONT.replace("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")) else None
    texts = list(reduction_graph().nodes) + list(reduction_specs()) + ["WWW mmm", "Garey & Johnson 1979 (SP12)"]
    for text in texts:
        assert label_width(text) >= font.getlength(text), text
        if bold is not None:
            assert label_width(text, bold=True) >= bold.getlength(text), text  # the ids in the chain drawing


CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


# CI sets NPW_REQUIRE_BROWSER=1 (as for tests/test_explore_browser.py): a missing browser fails there
REQUIRED = os.environ.get("NPW_REQUIRE_BROWSER", "") not in ("", "0")


@pytest.mark.skipif(not REQUIRED and not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)),
                    reason="needs Debian's chromium and chromium-driver (apt-get install -y chromium chromium-driver)")
def test_labels_measured_in_a_browser_fit_their_boxes(svg, tmp_path):
    if REQUIRED:
        import selenium.webdriver as webdriver
    else:
        webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--user-data-dir={tmp_path / 'profile'}"):
        options.add_argument(argument)
    page = tmp_path / "graph.html"
    page.write_text(f"<!doctype html><html><body>{svg}{draw_chain(['3sat-to-indset', 'indset-to-vertexcover'])}"
                    f"</body></html>")
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        driver.get(page.as_uri())
        spill = driver.execute_script(
            "return Array.from(document.querySelectorAll('g.problem')).map(g => {"
            " var t = g.querySelector('text').getBBox(), r = g.querySelector('rect').getBBox();"
            " return [g.getAttribute('data-el'), t.x - r.x, r.x + r.width - t.x - t.width]; })")
    finally:
        driver.quit()
    assert len(spill) == reduction_graph().number_of_nodes() + 3
    for element, left, right in spill:
        assert left >= 4 and right >= 4, (element, left, right)  # inside, with room to spare


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_npw_path_draw_draws_the_first_chain(capsys, tmp_path):
    target = tmp_path / "chain.svg"
    code, out, _ = run(capsys, "path", "3sat", "hampath", "--draw", str(target))
    first = re.search(r"--via (\S+)", out).group(1).split(",")
    svg = target.read_text()
    assert code == 0 and svg.startswith("<svg")
    assert re.findall(r'data-el="step:\d+:([^"]+)"', svg) == first
    assert re.findall(r'data-el="problem:([^"]+)"', svg) == ["3sat", "indset", "vertexcover", "hamcycle", "hampath"]
    titles = [unescape(t) for t in re.findall(r'class="arrow \w+"><title>([^<]*)</title>', svg)]
    assert [t.splitlines()[1] for t in titles] == [f"{rid}: {get_reduction(rid).reference}" for rid in first]
    code, out, _ = run(capsys, "path", "1in3sat", "rel", "--draw", "-")
    assert code == 0 and out.startswith("<svg") and 'class="arrow seed"' in out  # the drawing only


@pytest.mark.parametrize("argv, message", [
    (["path", "3sat", "domset", "--draw", "chain.png"], "name an .svg file"),
    (["path", "3sat", "domset", "--draw", "-", "--json"], "standard output holds the --json"),
])
def test_npw_path_draw_bad_input(capsys, tmp_path, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err and err.count("\n") == 1


def test_npw_path_draw_without_a_chain_writes_nothing(capsys, tmp_path):
    target = tmp_path / "none.svg"
    code, out, _ = run(capsys, "path", "rel", "3sat", "--draw", str(target))
    assert code == 1 and "no chain" in out and not target.exists()
