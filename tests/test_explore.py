"""``npw explore`` without a browser: the page's structure, and every family's played
certificate replayed here in Python (the same changes the page's script applies) reaching the
target's goal, which is worked out from the target instance and not from the steps."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from npw.cli import main
from npw.instances.registry import get_problem
from npw.reductions.registry import get_reduction
from npw.verify.explore.build import explore
from npw.verify.explore.page import render_page
from npw.verify.explore.steps import Layout

ROOT = Path(__file__).resolve().parent.parent


def page_data(html: str) -> dict:
    found = re.search(r'<script type="application/json" id="npw-data">(.*?)</script>', html, flags=re.S)
    assert found, "the page carries its data block"
    return json.loads(found.group(1).replace("<\\/", "</"))


def drawn_ids(svg: str) -> set[str]:
    return set(re.findall(r'data-el="([^"]*)"', svg))


def replay(page, layout: Layout) -> tuple[dict[str, tuple[float, float]], set[str], dict[str, set[str]]]:
    """What the page's script does with the steps, done in Python: positions, hidden, marks."""
    positions = dict(layout.positions)
    hidden: set[str] = set()
    marks: dict[str, set[str]] = {}
    for step in page.steps:
        for change in step.changes:
            if change.side != "t":
                continue
            if change.operation == "at":
                positions[change.element] = tuple(change.value)
            elif change.operation == "hide":
                hidden.add(change.element)
            elif change.operation == "show":
                hidden.discard(change.element)
            elif change.operation == "mark":
                marks.setdefault(change.element, set()).add(change.value)
            elif change.operation == "unmark":
                marks.get(change.element, set()).discard(change.value)
    return positions, hidden, marks


def yes_instances():
    formula = get_problem("1in3sat").from_dict({"problem": "1in3sat", "version": 1, "num_vars": 3,
                                                 "clauses": [[1, 2, 3], [-1, 2, -3]]})
    numbers = get_problem("3partition").generate("planted", seed=1, m=2)
    st_path = get_problem("hampath-st").generate("planted", seed=3, num_vertices=4)
    grid = get_problem("hampath-grid-s").generate("planted", seed=2, num_vertices=6)
    three_sat = get_problem("3sat").from_dict({"problem": "3sat", "version": 1, "num_vars": 4,
                                               "clauses": [[1, 2, -3], [-1, 3, 4], [-2, -4, 3]]})
    independent = get_problem("indset").generate("planted", seed=4, num_vertices=7, k=3)
    cover = get_problem("vertexcover").generate("planted", seed=5, num_vertices=7, k=3)
    clique = get_problem("clique").generate("planted", seed=6, num_vertices=7, k=3)
    return [("1in3sat-to-224sat", formula), ("1in3sat-to-rel", formula), ("3partition-to-bwp", numbers),
            ("hampath-to-solochess-rook-pawn", st_path), ("hampath-to-solochess-knight-pawn", grid),
            # the classics: a vertex set played one vertex a step (cover: every edge; domset: every vertex)
            ("3sat-to-indset", three_sat), ("indset-to-vertexcover", independent),
            ("vertexcover-to-domset", cover), ("clique-to-indset", clique)]


@pytest.mark.parametrize("reduction_id, source", yes_instances(), ids=lambda v: v if isinstance(v, str) else "")
def test_played_certificate_reaches_the_targets_goal(reduction_id, source):
    reduction = get_reduction(reduction_id)
    page = explore(reduction, source)
    assert page.source_answer == "YES" and page.backward_ok is True
    assert len(page.steps) >= 2
    layout = Layout.of_svg(page.target_svg)
    positions, hidden, marks = replay(page, layout)
    goal = page.goal
    tolerance = goal["tolerance"]
    for element, (x, y) in goal["positions"].items():
        assert math.dist(positions[element], (x, y)) <= tolerance * math.sqrt(2), element
    if goal["occupied"]:
        have = sorted((round(positions[e][0], 1), round(positions[e][1], 1)) for e in goal["movers"])
        assert have == sorted((round(x, 1), round(y, 1)) for x, y in goal["occupied"])
    for element, mark in goal["marks"].items():
        assert mark in marks.get(element, set()), element
    if goal["survivors"] is not None:
        assert len([e for e in goal["movers"] if e not in hidden]) == goal["survivors"]
    assert goal["positions"] or goal["occupied"] or goal["marks"] or goal["survivors"], "every played family states a goal"
    # everything a step names is drawn: a change to an id no renderer drew would do nothing
    source_ids, target_ids = drawn_ids(page.source_svg), drawn_ids(page.target_svg)
    for step in page.steps:
        for change in step.changes:
            assert change.element in (source_ids if change.side == "s" else target_ids), change


def test_a_played_certificate_that_misses_the_goal_is_caught():
    """The goal is the target's, not the steps': drop the last move and the replay misses it."""
    reduction, source = get_reduction("3partition-to-bwp"), yes_instances()[2][1]
    page = explore(reduction, source)
    moving = [i for i, step in enumerate(page.steps) if any(c.operation == "at" for c in step.changes)]
    short = type(page)(**{**page.__dict__, "steps": page.steps[:moving[-1]]})
    positions, _, _ = replay(short, Layout.of_svg(page.target_svg))
    have = sorted((round(positions[e][0], 1), round(positions[e][1], 1)) for e in page.goal["movers"])
    assert have != sorted((round(x, 1), round(y, 1)) for x, y in page.goal["occupied"])


def test_page_is_self_contained_and_its_links_resolve():
    reduction, source = get_reduction("1in3sat-to-rel"), yes_instances()[0][1]
    page = explore(reduction, source)
    html = render_page(page)
    assert not re.search(r'(src|href)=["\'](https?:)?//', html)  # nothing fetched
    assert "http" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    data = page_data(html)
    provenance = reduction.provenance(source, reduction.reduce(source))
    assert data["forward"] == {k: list(dict.fromkeys(v)) for k, v in provenance.items()}
    for source_id, target_ids in data["forward"].items():
        for target_id in target_ids:
            assert source_id in data["backward"][target_id]
    source_ids, target_ids = drawn_ids(page.source_svg), drawn_ids(page.target_svg)
    assert set(data["forward"]) <= source_ids and set(data["backward"]) <= target_ids
    assert len(data["steps"]) == len(page.steps) and html.count('id="player"') == 1


def test_no_source_shows_the_verifiers_findings(tmp_path, capsys):
    source = tmp_path / "no.json"
    source.write_text(json.dumps({"problem": "1in3sat", "version": 1, "num_vars": 3,
                                  "clauses": [[1, 2, 3], [-1, -2, -3]]}))
    page = tmp_path / "no.html"
    assert main(["explore", "1in3sat-to-224sat", str(source), "-o", str(page)]) == 0
    html = page.read_text()
    data = page_data(html)
    assert data["answers"] == {"source": "NO", "target": "NO"} and data["steps"] == []
    assert 'id="player"' not in html and "findings" in html
    claims = get_reduction("1in3sat-to-224sat").claims
    assert any(c.name in html for c in claims if c.stage == "target")


def test_command_line_bad_input_is_one_line_and_writes_nothing(tmp_path, capsys):
    source = tmp_path / "yes.json"
    source.write_text(json.dumps({"problem": "1in3sat", "version": 1, "num_vars": 3, "clauses": [[1, 2, 3]]}))
    page = tmp_path / "page.html"
    for argv in (["224sat-to-rel", str(source), "-o", str(page)],  # wrong source problem
                 ["1in3sat-to-224sat", str(tmp_path / "missing.json"), "-o", str(page)],
                 ["1in3sat-to-224sat", str(source), "-o", str(tmp_path / "page.svg")],
                 ["no-such-reduction", str(source), "-o", str(page)],
                 ["1in3sat-to-224sat", str(source), "-o", str(page), "--unit", "3"]):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err, err
        assert not page.exists()


def test_standard_output_and_a_users_file(tmp_path, capsys):
    source = tmp_path / "yes.json"
    source.write_text(json.dumps({"problem": "1in3sat", "version": 1, "num_vars": 3, "clauses": [[1, 2, 3]]}))
    assert main(["explore", "1in3sat-to-224sat", str(source), "-o", "-"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("<!doctype html>") and page_data(out)["answers"]["source"] == "YES"
    user = tmp_path / "mine.py"
    user.write_text("from npw.api import get_reduction\nMINE = get_reduction('1in3sat-to-224sat')\n")
    page = tmp_path / "mine.html"
    assert main(["explore", f"{user}:MINE", str(source), "-o", str(page)]) == 0
    assert page_data(page.read_text())["steps"]


def test_example_pages_are_up_to_date_and_small():
    """docs/examples/explore-*.html are what bench/explore_examples.py writes now (run it after
    changing a renderer, a provenance or the page)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("explore_examples", ROOT / "bench" / "explore_examples.py")
    examples = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(examples)
    assert set(examples.SOURCES) == {"1in3sat-to-rel", "3partition-to-bwp", "hampath-to-solochess-rook-pawn",
                                     "3sat-to-indset"}  # a seed chain, the torus, Solo Chess, a classic
    for reduction_id in examples.SOURCES:
        committed = ROOT / "docs" / "examples" / examples.page_name(reduction_id)
        fresh = examples.build(reduction_id)
        assert len(fresh.encode()) < examples.MAX_BYTES
        assert committed.read_text(encoding="utf-8") == fresh, f"{committed.name} is stale: python bench/explore_examples.py"
        assert page_data(fresh)["steps"], reduction_id


def test_npuz_slides_reach_the_goal_board_on_the_real_drawing():
    """No registered reduction's nPUZ target is small enough to draw (Theorem 3's boards are
    hundreds of cells wide even at unit 1), so the nPUZ player is checked on a scrambled
    puzzle drawn by the nPUZ renderer, with a certificate the decider found."""
    from npw.instances.npuz.board import scrambled_instance
    from npw.instances.registry import renderer_for
    from npw.solvers import solve
    from npw.verify.explore import player_for

    puzzle = scrambled_instance(4, n=3, walk=12)
    found = solve(puzzle, timeout=60)
    assert found.answer.value == "YES"
    svg = renderer_for("npuz")(puzzle)
    layout = Layout.of_svg(svg)
    played = player_for("npuz")(puzzle, found.certificate, layout)
    assert len(played.steps) == len(found.certificate)

    class Page:  # what replay reads
        steps = played.steps

    positions, _, _ = replay(Page, layout)
    for element, spot in played.goal_positions.items():
        assert math.dist(positions[element], spot) < 0.5, element
    assert any(positions[e] != layout.positions[e] for e in played.goal_positions)
    # the goal positions sit on the drawing's lattice: a tile already home did not move
    for tile, home in zip(puzzle.start, puzzle.goal):
        if tile and tile == home:
            assert played.goal_positions[f"tile:{tile}"] == layout.positions[f"tile:{tile}"]


def test_a_users_reduction_that_crashes_is_one_line(tmp_path, capsys):
    source = tmp_path / "yes.json"
    source.write_text(json.dumps({"problem": "1in3sat", "version": 1, "num_vars": 3, "clauses": [[1, 2, 3]]}))
    user = tmp_path / "broken.py"
    user.write_text("import dataclasses\nfrom npw.api import get_reduction\n"
                    "def reduce(src):\n    return {}['no such key']\n"
                    "BROKEN = dataclasses.replace(get_reduction('1in3sat-to-224sat'), reduce=reduce)\n")
    page = tmp_path / "broken.html"
    assert main(["explore", f"{user}:BROKEN", str(source), "-o", str(page)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "KeyError" in err and "Traceback" not in err and not page.exists()


def test_explore_plays_a_chain_given_with_via(tmp_path, capsys):
    source = tmp_path / "x1.json"
    source.write_text('{"problem":"3sat","version":1,"num_vars":1,"clauses":[[1,1,1]]}')
    page = tmp_path / "chain.html"
    chain = "3sat-to-planar3sat,planar3sat-to-pm3sat,pm3sat-to-pm3sat-2occ,pm3sat-to-solochess-king-bishop"
    assert main(["explore", "--via", chain, str(source), "-o", str(page)]) == 0
    text = page.read_text()
    assert "3sat-to-planar3sat,planar3sat-to-pm3sat" in text and "non-scaling-stroke" in text
    capsys.readouterr()
    # a reduction and a chain at once: one line, exit 2, nothing written
    other = tmp_path / "other.html"
    assert main(["explore", "3sat-to-indset", "--via", chain, str(source), "-o", str(other)]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1 and not other.exists()
