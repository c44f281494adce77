"""The reduction graph (issue 19, item 3): npw path, npw show, npw list --graph, and --via on
npw verify and npw reduce."""

import json
import re
import subprocess
import sys

import pytest

from npw.cli import main
from npw.instances.registry import get_problem
from npw.instances.sat.one_in_three_sat import OneInThreeSat
from npw.reductions.graph import compose, find_paths, predicted_size, reduction_graph
from npw.reductions.registry import get_reduction, reduction_specs
from npw.verify import exhaustive, verify_reduction


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_graph_has_every_registered_reduction_as_an_arrow():
    graph = reduction_graph()
    assert graph.number_of_edges() == len(reduction_specs())
    for rid in reduction_specs():
        reduction = get_reduction(rid)
        assert graph.has_edge(reduction.source, reduction.target, key=rid)


def test_shortest_path_by_steps_follows_the_arrows():
    paths = find_paths("3sat", "domset")
    assert paths[0].steps == ("3sat-to-indset", "indset-to-vertexcover", "vertexcover-to-domset")
    assert paths[0].problems == ("3sat", "indset", "vertexcover", "domset")
    for path in paths:  # every chain listed is a real chain: each step ends where the next begins
        steps = [get_reduction(s) for s in path.steps]
        assert steps[0].source == "3sat" and steps[-1].target == "domset"
        assert all(a.target == b.source for a, b in zip(steps, steps[1:]))
    assert [len(p.steps) for p in paths] == sorted(len(p.steps) for p in paths)


def test_parallel_reductions_each_give_a_chain():
    paths = find_paths("1in3sat", "rel")
    second_steps = {p.steps[1] for p in paths}
    assert {"224sat-to-rel", "224sat-to-rel-cap2", "224sat-to-rel-undirected"} <= second_steps
    assert paths[0].steps == ("1in3sat-to-224sat", "224sat-to-rel")  # the primary arrow first


def test_ranking_by_size_uses_the_formulas_on_the_given_source():
    source = OneInThreeSat(3, [(1, 2, 3), (-1, 2, -3)])
    paths = find_paths("1in3sat", "rel", source)
    totals = [p.total for p in paths]
    assert totals == sorted(totals)
    for path in paths:  # the predicted size is what the composed chain really builds
        built = compose(path.steps).reduce(source).size()
        assert {k: v for k, v in path.size.items()} == built
    # capacity two adds elements: that chain ranks after the plain one
    order = [p.steps[1] for p in paths]
    assert order.index("224sat-to-rel") < order.index("224sat-to-rel-cap2")
    assert predicted_size(["1in3sat-to-224sat"], source) == get_reduction("1in3sat-to-224sat").reduce(source).size()


def test_composed_chain_passes_the_verifier_with_both_answers():
    chain = compose(["3sat-to-indset", "indset-to-vertexcover", "vertexcover-to-domset"])
    assert (chain.source, chain.target) == ("3sat", "domset")
    report = verify_reduction(chain, exhaustive(get_problem("3sat"), 1))
    result = report.to_json()
    assert report.summary.passed, result
    assert result["source_yes"] > 0 and result["target_yes"] > 0
    # each step's claims are checked on the chain, under the step's name
    assert any(c["name"].startswith("vertexcover-to-domset:") and c["passed"] > 0 for c in result["claims"])


def test_npw_path_prints_chains_and_no_path_exits_1(capsys, tmp_path):
    code, out, _ = run(capsys, "path", "3sat", "domset")
    assert code == 0
    assert "--via 3sat-to-indset,indset-to-vertexcover,vertexcover-to-domset" in out
    code, out, _ = run(capsys, "path", "1in3sat", "rel", "--json")
    data = json.loads(out)
    assert code == 0 and data["ranked_by"] == "steps"
    assert data["paths"][0]["steps"] == ["1in3sat-to-224sat", "224sat-to-rel"]
    code, out, _ = run(capsys, "path", "rel", "3sat")
    assert code == 1 and "no chain" in out


def test_npw_path_size_of_a_file(capsys, tmp_path):
    source = tmp_path / "s.json"
    source.write_text(json.dumps(OneInThreeSat(3, [(1, 2, 3), (-1, 2, -3)]).to_dict()))
    code, out, _ = run(capsys, "path", "1in3sat", "rel", "--size-of", str(source), "--json")
    data = json.loads(out)
    assert code == 0 and data["ranked_by"] == "size"
    assert data["paths"][0]["size"] == {"vertices": 72, "edges": 165, "elements": 112}
    code, _, err = run(capsys, "path", "3sat", "domset", "--size-of", str(source))
    assert code == 2 and "holds a 1in3sat instance, not 3sat" in err and err.count("\n") == 1


@pytest.mark.parametrize("argv, message", [
    (["path", "nosuch", "rel"], "unknown problem 'nosuch'"),
    (["path", "rel", "rel"], "source and target are both rel"),
    (["show", "nosuch"], "nosuch"),
    (["verify", "--via", "3sat-to-indset,vertexcover-to-domset"],
     "3sat-to-indset gives indset instances but vertexcover-to-domset takes vertexcover"),
    (["verify", "3sat-to-indset", "--via", "3sat-to-indset"], "not both"),
    (["verify"], "name a reduction"),
    (["reduce", "--via", "224sat-to-rel,1in3sat-to-224sat", "x.json"], "224sat-to-rel gives rel instances"),
    (["list", "--graph"], "-o graph.svg"),
    (["list", "--graph", "-o", "g.png"], "an .svg file"),
])
def test_bad_input_is_one_line_exit_2(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2, err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_reduce_via_writes_the_chains_target(capsys, tmp_path):
    source = OneInThreeSat(3, [(1, 2, 3), (-1, 2, -3)])
    path = tmp_path / "s.json"
    path.write_text(json.dumps(source.to_dict()))
    code, out, _ = run(capsys, "reduce", "--via", "1in3sat-to-224sat,224sat-to-rel", str(path))
    assert code == 0
    data = json.loads(out)
    expected = get_reduction("224sat-to-rel").reduce(get_reduction("1in3sat-to-224sat").reduce(source))
    assert data == json.loads(json.dumps(expected.to_dict()))
    code, _, err = run(capsys, "reduce", "1in3sat-to-224sat", "--via", "1in3sat-to-224sat", str(path))
    assert code == 2 and "no reduction id" in err


def test_verify_via_runs_the_chain(capsys):
    code, out, _ = run(capsys, "verify", "--via", "3sat-to-indset,indset-to-vertexcover", "--exhaustive", "1",
                       "--quiet", "--json")
    data = json.loads(out)
    assert code == 0 and data["passed"]
    assert data["reduction"] == "3sat-to-indset,indset-to-vertexcover"
    assert data["cases"] > 0



def test_verify_via_with_workers_finds_the_chain_in_each_worker(capsys):
    # a worker process looks the reduction up by its id; a --via chain's id is its steps joined by
    # commas, which the worker composes again (it said "unknown reduction 'A,B'")
    code, out, _ = run(capsys, "verify", "--via", "3sat-to-indset,indset-to-vertexcover", "--random", "6",
                       "--seed", "1", "--workers", "2", "--quiet", "--json")
    data = json.loads(out)
    assert code == 0 and data["passed"] and data["cases"] == 6

def test_show_lists_the_arrows_in_and_out(capsys):
    code, out, _ = run(capsys, "show", "indset", "--json")
    data = json.loads(out)
    assert code == 0
    graph = reduction_graph()
    assert {r["id"] for r in data["reductions_into"]} == {k for _, _, k in graph.in_edges("indset", keys=True)}
    assert {r["id"] for r in data["reductions_out_of"]} == {k for _, _, k in graph.out_edges("indset", keys=True)}
    problem = get_problem("indset")
    assert data["generators"] == list(problem.generators)
    assert data["formats"][0] == "json" and data["definition"]
    code, out, _ = run(capsys, "show", "vertexcover")
    assert code == 0 and "vertexcover-to-domset (to domset)" in out and "indset-to-vertexcover (from indset)" in out


def test_list_graph_draws_every_problem_and_arrow(capsys, tmp_path):
    target = tmp_path / "graph.svg"
    code, _, _ = run(capsys, "list", "--graph", "-o", str(target))
    svg = target.read_text()
    assert code == 0 and svg.startswith("<svg")
    graph = reduction_graph()
    drawn = set(re.findall(r'data-el="problem:([^"]+)"', svg))
    assert drawn == set(graph.nodes)
    arrows = set(re.findall(r'data-el="arrow:([^"]+)"', svg))
    assert arrows == {f"{a}-{b}" for a, b in graph.edges()}
    for rid in reduction_specs():  # every reduction named on its arrow
        assert rid in svg


def test_plain_list_does_not_load_networkx():
    script = "import sys\nfrom npw.cli import main\nmain(['list'])\nprint('networkx' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.stdout.strip().splitlines()[-1] == "False", done.stderr
