"""Graph and CNF files users already have (issue 31, item 3): benchmark files read without editing
(the problem and k from --problem and -p), every graph format through networkx's readers, bad files
one line, --format reading every format --emit writes, networkx graphs in and out of npw.api."""

import json
import os
import time
from pathlib import Path

import networkx as nx
import pytest

from npw.api import from_networkx, load, solve, to_networkx
from npw.cli import main
from npw.instances.base import InvalidInstance
from npw.instances.graphs.question import GRAPH_FILE_PROBLEMS, graph_of
from npw.instances.io import FORMATS, WRITE_ONLY_FORMATS, input_formats, load_instance, read_format, sniff_format
from npw.instances.registry import get_problem, problem_ids
from npw.instances.sat.cnf import CNF
from npw.solvers import export, export_formats

DATA = Path(__file__).parent / "data" / "graph_files"


def run(capsys, *argv):
    """``npw ARGV`` in this process: (exit status, stdout, stderr)."""
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def one_line_error(status, err):
    return status == 2 and err.count("\n") == 1 and err.startswith("npw: error: ") and "Traceback" not in err


# -- held-out benchmark shapes, read as they are ---------------------------------------------------

# (file, options, answer): each file in the exact shape of its public collection (DIMACS colouring
# and clique challenges, SNAP, networkx, yEd/Gephi, igraph, TSPLIB), the question from the command
SOLVED = [
    ("myciel3.col", ["--problem", "3col"], "NO"),  # Mycielski: triangle-free, chromatic number 4
    ("myciel3.col", ["--problem", "coloring", "-p", "k=4"], "YES"),
    ("myciel3.col", ["--problem", "clique", "-p", "k=3"], "NO"),
    ("queen5_5.col", ["--problem", "5col"], "YES"),  # every edge listed both ways, header counting lines
    ("queen5_5.col", ["--problem", "4col"], "NO"),
    ("johnson8-2-4.clq", ["--problem", "clique", "-p", "k=4"], "YES"),  # 'p col' header
    ("johnson8-2-4.clq", ["--problem", "clique", "-p", "k=5"], "NO"),
    ("weighted5.clq", ["--problem", "clique", "-p", "k=3"], "YES"),  # 'n ID WEIGHT' lines, tabs, a blank line
    ("weighted5.clq", ["--problem", "indset", "-p", "k=3"], "NO"),
    ("petersen.edges", ["--problem", "hamcycle"], "NO"),  # SNAP's '#' header, tab-separated
    ("petersen.edges", ["--problem", "3col"], "YES"),
    ("petersen.edges", ["--problem", "indset", "-p", "k=4"], "YES"),
    ("petersen.edges", ["--problem", "indset", "-p", "k=5"], "NO"),
    ("grotzsch.adjlist", ["--problem", "3col"], "NO"),  # networkx's write_adjlist
    ("grotzsch.adjlist", ["--problem", "domset", "-p", "k=3"], "YES"),
    ("k4.graphml", ["--problem", "clique", "-p", "k=4"], "YES"),  # keys, data, namespaces, string ids
    ("k4.graphml", ["--problem", "3col"], "NO"),
    ("c5.gml", ["--problem", "hamcycle"], "YES"),  # igraph: Creator, Version, labels
    ("c5.gml", ["--problem", "2col"], "NO"),
    ("c5.gml", ["--problem", "vertexcover", "-p", "k=3"], "YES"),
    ("dodecahedron.hcp", ["--problem", "hamcycle"], "YES"),  # TSPLIB: TSPLIB's own question
    ("dodecahedron.hcp", [], "YES"),  # read as the path instance of its cycle question
    ("uf20-01.cnf", [], None),  # SATLIB: '%' and '0' closing lines; the answer checked against brute force
    ("php-3-2.cnf", [], "NO"),  # CNFgen's header comments
]


@pytest.mark.parametrize("name, options, answer", SOLVED, ids=[f"{n}{''.join(o)}" for n, o, _ in SOLVED])
def test_benchmark_files_are_read_and_solved_without_editing(capsys, name, options, answer):
    path = DATA / name
    status, out, err = run(capsys, "solve", path, *options, "--backend", "sat", "--json")
    assert status == 0, err
    result = json.loads(out)
    if answer is None:
        answer = solve(load(path), "brute").answer.value
    assert result["answer"] == answer
    if answer == "YES":  # the certificate was checked by the problem's own checker: check it again
        instance = load_instance(path, _read_as(options))
        assert instance.verify(instance.certificate_from_json(result["certificate"]))


def _read_as(options):
    from npw.cli.common import Parser, add_format_option

    parser = Parser(prog="t")
    add_format_option(parser)
    return parser.parse_args(options).input_format


def test_benchmark_graph_sizes_are_the_files_own():
    queen = load(DATA / "queen5_5.col", "5col")
    assert (queen.num_vertices, len(queen.edges), queen.k) == (25, 160, 5)  # 320 lines, each edge twice
    johnson = load(DATA / "johnson8-2-4.clq", "clique", k=4)
    assert (johnson.num_vertices, len(johnson.edges)) == (28, 210)
    assert load(DATA / "myciel3.col", "indset", k=1).num_vertices == 11
    assert len(load(DATA / "grotzsch.adjlist", "3col").edges) == 20
    cycle = load(DATA / "dodecahedron.hcp", "hamcycle")
    assert (cycle.problem, cycle.num_vertices, len(cycle.edges)) == ("hamcycle", 20, 30)
    uf = load(DATA / "uf20-01.cnf")
    assert (uf.num_vars, len(uf.clauses)) == (20, 91)


def test_a_graph_file_without_a_problem_is_one_line_naming_the_options(capsys):
    for name in ("myciel3.col", "petersen.edges", "grotzsch.adjlist", "k4.graphml", "c5.gml"):
        status, _, err = run(capsys, "solve", DATA / name)
        assert one_line_error(status, err) and "--problem" in err and "3col" in err, (name, err)


def test_a_problem_that_takes_k_without_k_is_one_line(capsys):
    status, _, err = run(capsys, "solve", DATA / "petersen.edges", "--problem", "clique")
    assert one_line_error(status, err) and "clique needs k: give -p k=K" in err


def test_the_files_own_question_is_read_and_the_command_wins(tmp_path, capsys):
    path = tmp_path / "g.col"
    path.write_text("c npw clique k=3\n" + (DATA / "myciel3.col").read_text())
    assert load(path).problem == "clique" and load(path).k == 3
    assert load(path, k=2).k == 2  # -p over the file's k
    other = load(path, "indset", k=5)  # another problem: the file's k is not its
    assert (other.problem, other.k) == ("indset", 5)
    status, out, _ = run(capsys, "solve", path)
    assert status == 0 and out.split()[0] == "NO"  # triangle-free


def test_reduce_render_and_explore_take_the_question_too(tmp_path, capsys):
    status, out, err = run(capsys, "reduce", "indset-to-vertexcover", DATA / "petersen.edges", "--problem", "indset",
                           "-p", "k=4")
    assert status == 0, err
    target = json.loads(out)
    assert target["problem"] == "vertexcover" and target["k"] == 6
    svg = tmp_path / "g.svg"
    status, _, err = run(capsys, "render", DATA / "c5.gml", "--problem", "hamcycle", "-o", svg, "--solve")
    assert status == 0 and svg.read_text().startswith("<svg"), err


def test_vertices_named_by_labels_and_s_t_given_as_labels(tmp_path):
    path = tmp_path / "g.edges"
    path.write_text("% KONECT-style comment\nx y\ny z\nz w\n")
    g = load(path, "hampath", s="z")
    assert g.num_vertices == 4 and g.s == 2  # labels in the order they appear: x y z w
    with pytest.raises(InvalidInstance, match="s = 'q' is not a vertex"):
        load(path, "hampath", s="q")
    numbered = tmp_path / "n.edges"
    numbered.write_text("10 2\n2 1\n")  # integer labels in increasing order: 1, 2, 10
    assert load(numbered, "indset", k=1).edges == ((0, 1), (1, 2))


def test_directed_problems_read_arcs(tmp_path):
    path = tmp_path / "d.edges"
    path.write_text("1 2\n2 3\n3 1\n")
    cycle = load(path, "dhamcycle")
    assert cycle.edges == ((0, 1), (1, 2), (2, 0)) and solve(cycle).answer.value == "YES"
    path.write_text("1 2\n2 3\n1 3\n")  # no directed cycle
    assert solve(load(path, "dhamcycle")).answer.value == "NO"
    fvs = load(path, "fvs", k=0)
    assert fvs.arcs == ((0, 1), (0, 2), (1, 2)) and solve(fvs).answer.value == "YES"


# -- every format --emit writes is read back by --format --------------------------------------------

def _sample(problem):
    generator = "random" if problem == "hampath" else None  # the grid generator's coordinates are no graph file's
    return get_problem(problem).generate(generator, seed=3)


@pytest.mark.parametrize("problem", sorted(GRAPH_FILE_PROBLEMS))
def test_every_graph_export_reads_back_as_the_same_instance(problem, tmp_path, capsys):
    instance = _sample(problem)
    for fmt in ("edge", "edgelist", "adjlist", "graphml", "gml"):
        text = export(instance, fmt)
        back = read_format(text, fmt)
        assert back.problem == instance.problem and graph_of(back) == graph_of(instance), fmt
        path = tmp_path / f"g.{fmt}.txt"  # a name that says nothing: --format does
        path.write_text(text)
        status, out, err = run(capsys, "solve", path, "--format", fmt, "--emit", "edge")
        assert status == 0 and read_format(out, "edge") == back, (fmt, err)


def test_generate_writes_the_format_its_output_name_asks_for(tmp_path, capsys):
    for suffix, first in ((".graphml", "<graphml"), (".gml", "graph ["), (".edges", "# npw clique"), (".adj", "# npw clique"),
                          (".col", "c npw clique")):
        path = tmp_path / f"g{suffix}"
        status, _, err = run(capsys, "generate", "clique", "-p", "num_vertices=6", "-p", "k=3", "-o", path)
        text = path.read_text()
        assert status == 0 and first in text and "provenance {" in text.splitlines()[0], (suffix, err)
        assert load(path) == get_problem("clique").generate(None, 0, num_vertices=6, k=3)


def test_format_accepts_every_format_emit_writes():
    readable = set(input_formats())
    assert set(FORMATS) <= readable
    written = {fmt for pid in problem_ids() for fmt in export_formats(pid)}
    assert written - readable <= set(WRITE_ONLY_FORMATS), written - readable
    assert not set(WRITE_ONLY_FORMATS) & readable
    assert {"edge", "edgelist", "adjlist", "graphml", "gml", "hcp", "dimacs"} <= written & readable


def test_a_write_only_format_is_one_line_saying_why(tmp_path, capsys):
    path = tmp_path / "f.smt2"
    path.write_text("(check-sat)\n")
    status, _, err = run(capsys, "solve", path, "--format", "smt2")
    assert one_line_error(status, err) and "written (--emit) but not read" in err


def test_format_help_lists_the_formats(capsys):
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    out = capsys.readouterr().out
    assert "{" + ",".join(FORMATS) + ",...}" in out and "--problem" in out and "KEY=VALUE" in out


def test_graph_files_on_standard_input_are_sniffed(monkeypatch, capsys):
    import io
    import sys

    for text, fmt in ((DATA / "petersen.edges").read_text(), "edgelist"), ((DATA / "k4.graphml").read_text(), "graphml"), \
            ((DATA / "c5.gml").read_text(), "gml"), ((DATA / "myciel3.col").read_text(), "dimacs"):
        assert sniff_format(text) == fmt
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
        status, out, err = run(capsys, "solve", "-", "--problem", "3col", "--backend", "sat")
        assert status == 0 and out.split()[0] in ("YES", "NO"), (fmt, err)


def test_json_files_keep_their_own_problem(tmp_path, capsys):
    path = tmp_path / "f.json"
    path.write_text(json.dumps({"problem": "clique", "num_vertices": 2, "edges": [[0, 1]], "k": 2}))
    assert load(path, "clique").k == 2
    status, _, err = run(capsys, "solve", path, "--problem", "indset")
    assert one_line_error(status, err) and "holds a clique instance, not indset" in err
    status, _, err = run(capsys, "solve", path, "-p", "k=1")
    assert one_line_error(status, err) and "-p k" in err


# -- bad graph files: one line, exit 2 ---------------------------------------------------------------

BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <key id="d0" for="node" attr.name="label" attr.type="string"/>
  <graph edgedefault="undirected"><node id="a"><data key="d0">&lol9;</data></node></graph>
</graphml>
"""

BAD = [
    ("laughs.graphml", BILLION_LAUGHS, "DOCTYPE or ENTITY declaration"),
    ("external.graphml", '<?xml version="1.0"?><!DOCTYPE g SYSTEM "file:///etc/passwd"><graphml/>', "DOCTYPE"),
    ("broken.graphml", "<graphml><graph><node id='a'></graph>", "not GraphML networkx reads"),
    ("loop.edges", "1 2\n2 2\n", "loop"),
    ("deep.gml", "graph [ " + "a [ " * 5000 + "]" * 5001, "GML"),
    ("garbage.gml", "graph [ node [ id ] ]", "not GML networkx reads"),
    ("count.col", "p edge 3 5\ne 1 2\ne 2 3\n", "the header says 5 edges, the file lists 2"),
    ("range.col", "p edge 3 1\ne 1 4\n", "vertex 4 outside 1..3"),
    ("letters.col", "p edge 3 1\nx 1 2\n", "expected 'e U V'"),
    ("huge.col", "p edge 1000000000 1\ne 1 2\n", "MAX_VERTICES"),
]


@pytest.mark.parametrize("name, text, message", BAD, ids=[b[0] for b in BAD])
def test_bad_graph_files_are_one_line(tmp_path, capsys, name, text, message):
    path = tmp_path / name
    path.write_text(text)
    started = time.perf_counter()
    status, _, err = run(capsys, "solve", path, "--problem", "indset", "-p", "k=1")
    assert one_line_error(status, err) and message in err, err
    assert time.perf_counter() - started < 5


def test_graph_files_past_the_limits_are_refused_before_networkx_builds_them(tmp_path, monkeypatch, capsys):
    import npw.instances.graphs.question as question

    monkeypatch.setattr(question, "MAX_NETWORKX_EDGES", 10)
    for name, text in (("big.edges", "".join(f"{i} {i + 1}\n" for i in range(11))),
                       ("big.adjlist", "0 " + " ".join(map(str, range(1, 12))) + "\n"),
                       ("big.graphml", "<graphml><graph>" + "<edge source='a' target='b'/>" * 11 + "</graph></graphml>"),
                       ("big.gml", "graph [ " + "edge [ source 0 target 1 ] " * 11 + "]")):
        path = tmp_path / name
        path.write_text(text)
        status, _, err = run(capsys, "solve", path, "--problem", "indset", "-p", "k=1")
        assert one_line_error(status, err) and "MAX_NETWORKX_EDGES" in err, (name, err)


def test_unknown_problem_and_bad_parameters_are_one_line(capsys):
    for options, message in ((["--problem", "sudoku"], "is not a graph problem"),
                             (["--problem", "clique", "-p", "k=x"], "k must be a whole number"),
                             (["--problem", "clique", "-p", "k=99"], "k = 99 is not a number 0..10"),
                             (["--problem", "3col", "-p", "k=4"], "3col means k = 3"),
                             (["--problem", "hamcycle", "-p", "k=4"], "hamcycle takes no parameter 'k'"),
                             (["--problem", "clique", "-p", "k"], "is not KEY=VALUE")):
        status, _, err = run(capsys, "solve", DATA / "petersen.edges", *options)
        assert one_line_error(status, err) and message in err, (options, err)


# -- networkx graphs in and out of npw.api ------------------------------------------------------------

@pytest.mark.parametrize("problem", sorted(GRAPH_FILE_PROBLEMS))
def test_networkx_round_trip(problem):
    instance = _sample(problem)
    graph = to_networkx(instance)
    assert graph.is_directed() == GRAPH_FILE_PROBLEMS[problem].directed
    assert graph.number_of_nodes() == instance.num_vertices
    assert graph_of(from_networkx(problem, graph)) == graph_of(instance)


def test_from_networkx_takes_labels_multigraphs_and_parameters():
    multi = nx.MultiGraph([("a", "b"), ("b", "a"), ("b", "c")])
    g = from_networkx("vertexcover", multi, k=1)
    assert (g.num_vertices, g.edges, g.verify([1])) == (3, ((0, 1), (1, 2)), True)
    assert from_networkx("dhamcycle", nx.cycle_graph(3)).edges == ((0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1))
    with pytest.raises(InvalidInstance, match="loop"):
        from_networkx("indset", nx.Graph([(0, 0)]), k=1)
    with pytest.raises(InvalidInstance, match="indset needs k"):
        from_networkx("indset", nx.path_graph(3))
    with pytest.raises(InvalidInstance, match="not a graph problem"):
        to_networkx(CNF(1, [(1,)]))


# -- CNF files of SATLIB and CNFgen, read as they are --------------------------------------------------

CNF_SHAPES = {
    "clauses spanning lines": ("c x\np cnf 3 2\n1 -2\n 3 0 -1\n2 0\n", ((1, -2, 3), (-1, 2))),
    "two clauses on a line": ("p cnf 3 2\n1 2 0 -3 0\n", ((1, 2), (-3,))),
    "trailing whitespace, tabs": ("p\tcnf 2 1   \n1\t2 0   \t\n", ((1, 2),)),
    "CRLF line ends": ("c a\r\np cnf 2 1\r\n1 2 0\r\n", ((1, 2),)),
    "comments anywhere": ("c\np cnf 2 2\nc one\n1 0\nc\n-2 0\nc end\n", ((1,), (-2,))),
    "SATLIB '%' and '0'": ("c uf\np cnf 3  2 \n 1 -2 3 0\n-1 2 3 0\n%\n0\n\n", ((1, -2, 3), (-1, 2, 3))),
    "no final 0": ("p cnf 2 2\n1 2 0\n-1\n", ((1, 2), (-1,))),
}


@pytest.mark.parametrize("shape", sorted(CNF_SHAPES))
def test_cnf_shapes_of_satlib_and_cnfgen_read(shape, tmp_path):
    text, clauses = CNF_SHAPES[shape]
    assert CNF.from_dimacs(text).clauses == clauses
    path = tmp_path / "f.cnf"
    path.write_text(text)
    assert load(path).clauses == clauses


@pytest.mark.parametrize("family", ["ordering", "pigeonhole", "random"])
def test_cnfgen_output_reads_and_solves_when_cnfgen_is_installed(family, tmp_path):
    cnfgen = pytest.importorskip("cnfgen")  # optional: not a dependency of npw
    formula = {"ordering": lambda: cnfgen.OrderingPrinciple(4), "pigeonhole": lambda: cnfgen.PigeonholePrinciple(4, 3),
               "random": lambda: cnfgen.RandomKCNF(3, 12, 50, seed=5)}[family]()
    path = tmp_path / f"{family}.cnf"
    path.write_text(formula.to_dimacs())
    read = load(path)
    assert read.num_vars == formula.number_of_variables() and len(read.clauses) == formula.number_of_clauses()
    expected = "NO" if family != "random" else solve(read, "brute").answer.value
    assert solve(read, "sat").answer.value == expected
