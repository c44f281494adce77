"""npw verify --html (verify/html_report.py): the page of a passing and of failing reductions,
self-contained, and rendered by headless Chromium into a non-blank screenshot."""

import base64
import json
import os
import re
import subprocess

import pytest

from npw.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHROMIUM = "/usr/bin/chromium"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def verify_html(capsys, tmp_path, *argv):
    page = tmp_path / "report.html"
    code, out, err = run(capsys, "verify", *argv, "--quiet", "--json", "--html", page)
    return code, json.loads(out), page.read_text()


def assert_self_contained(html):
    assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
    # nothing fetched: no external src/href, stylesheet link or script (xmlns is a name, not a fetch)
    assert not re.search(r'(src|href)="(?!data:)', html)
    assert "<link" not in html and "<script" not in html and "@import" not in html


def confusion_cell(html, source, target):
    row = re.search(rf"<th>source {source}</th>(.*?)</tr>", html).group(1)
    return [int(n) for n in re.findall(r">(\d+)</td>", row)][["YES", "NO", "UNKNOWN"].index(target)]


@pytest.fixture(scope="module")
def passing(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("passing")
    page = tmp / "report.html"
    assert main(["verify", "1in3sat-to-224sat", "--random", "80", "--seed", "1", "--quiet", "--html", str(page)]) == 0
    return page


def test_passing_report(passing, capsys):
    html = passing.read_text()
    assert_self_contained(html)
    assert "PASSED" in html and "FAILED" not in html and "Ratner" in html
    assert "--random 80 --seed 1" in html  # the command that made it
    code, out, _ = run(capsys, "verify", "1in3sat-to-224sat", "--random", "80", "--seed", "1", "--quiet", "--json")
    result = json.loads(out)
    for key, n in result["confusion"].items():
        source, target = key.split("->")
        assert confusion_cell(html, source, target) == n
    # both size measures compared on all 80 cases, all on the diagonal
    assert re.search(r"<th>clauses</th><td class=\"num\">80</td><td class=\"num good\">80</td>", html)
    assert 'fill="#d62728"' not in html  # no red point: every formula held
    assert "target:sat" in html and "source:brute" in html  # timings per decider
    assert "None: every case passed." in html


def test_failing_example_reduction(capsys, tmp_path):
    example = os.path.join(ROOT, "examples", "sat3_to_independent_set_wrong.py") + ":OFF_BY_ONE"
    code, result, html = verify_html(capsys, tmp_path, example, "--random", "100", "--seed", "1")
    assert code == 1 and result["mismatches"] > 0
    assert_self_contained(html)
    assert "FAILED" in html and "no size formula" in html
    assert confusion_cell(html, "NO", "YES") == result["confusion"]["NO->YES"] > 0
    assert 'class="num bad"' in html
    counterexample = result["counterexample"]
    assert counterexample["label"] in html
    assert all(detail.replace("'", "&#x27;") in html for detail in counterexample["details"])
    # the source (3sat) and its target (the built-in indset) are both drawn
    assert "source (3sat)" in html and "its target" in html and "JSON only" not in html


def test_counterexample_drawn_with_the_target_renderer(capsys, tmp_path):
    code, result, html = verify_html(capsys, tmp_path, "hampath-to-solochess-rook-pawn-as-stated", "--random", "10",
                                     "--seed", "1")
    assert code == 1 and result["counterexample"] is not None
    images = re.findall(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', html)
    # two drawings per failure kind's counterexample: the source (hampath-st) and its target (solochess)
    assert len(images) == 2 * len(result["counterexamples"]) >= 2
    source_svg, target_svg = (base64.b64decode(image).decode() for image in images[:2])
    assert 'data-el="vertex:0"' in source_svg and "pattern" in target_svg
    assert "its target (solochess)" in html


def test_wrong_size_formula_is_shown(capsys, tmp_path):
    module = tmp_path / "wrong_size.py"
    module.write_text(
        "import dataclasses\n"
        "from npw.reductions.registry import get_reduction\n"
        "R = get_reduction('1in3sat-to-224sat')\n"
        "WRONG_SIZE = dataclasses.replace(R, id='wrong-size',\n"
        "    size=lambda s: {**R.size(s), 'clauses': R.size(s)['clauses'] + (len(s.clauses) > 3)})\n")
    code, result, html = verify_html(capsys, tmp_path, f"{module}:WRONG_SIZE", "--random", "40", "--seed", "2")
    assert code == 1 and result["size_failures"] > 0
    wrong = 40 - result["size_failures"]
    assert re.search(rf"<th>clauses</th><td class=\"num\">40</td><td class=\"num bad\">{wrong}</td>", html)
    assert re.search(r"<th>variables</th><td class=\"num\">40</td><td class=\"num good\">40</td>", html)
    assert 'fill="#d62728"' in html  # points off the diagonal


def test_html_bad_output_path(capsys, tmp_path):
    for page in (tmp_path / "missing" / "r.html", tmp_path / "r.txt"):
        code, _, err = run(capsys, "verify", "1in3sat-to-224sat", "--random", "3", "--quiet", "--html", page)
        assert code == 2 and err.count("\n") == 1 and not page.exists()


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="headless screenshot needs /usr/bin/chromium "
                                                          "(apt-get install -y chromium)")
def test_screenshot_in_headless_chromium(passing, tmp_path):
    np = pytest.importorskip("numpy")
    image_module = pytest.importorskip("PIL.Image")
    png = tmp_path / "shot.png"
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    f"--user-data-dir={tmp_path / 'profile'}", f"--screenshot={png}", "--window-size=1200,1600",
                    passing.as_uri()], check=True, capture_output=True, timeout=120)
    pixels = np.asarray(image_module.open(png).convert("RGB"))
    assert pixels.shape[:2] == (1600, 1200)
    drawn = (pixels < 200).any(axis=2)  # anything darker than the near-white background
    assert drawn.mean() > 0.02 and len(np.unique(pixels.reshape(-1, 3), axis=0)) > 20
    green = (pixels[:, :, 1] > 140) & (pixels[:, :, 0] < 80) & (pixels[:, :, 2] < 80)
    assert green.sum() > 500  # the PASSED badge (#2ca02c) was painted
