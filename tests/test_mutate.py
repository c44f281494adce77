"""npw mutate (issue 33, part 4): the operators, the verdicts, a user's file in the sandbox, bad input."""

import ast
import json
import sys
import textwrap

import pytest

from npw.cli import main
from npw.mutate import (AUTO_TIMEOUT_MINIMUM, KILLED, SURVIVED, apply_point, auto_timeout, mutate_reduction,
                        mutation_points, roots_of)

TINY = textwrap.dedent('''
    SCALE = 3

    def helper(x):
        return -x

    def reduce(src):
        edges = [(0, 1), (1, 2)]
        out = []
        for a, b in edges:
            if a < b and b != 0:
                out.append((a, helper(b)))
        total = src + SCALE
        return out

    def claim(src, tgt):
        return len(tgt) == 99

    def provenance(src, tgt):
        return {"x": [7]}

    R = Reduction(id="r-to-s", reduce=reduce, claims=(claim,), provenance=provenance, reference="x")
''')


def points_of(source, name="R"):
    return mutation_points(source, roots_of(ast.parse(source), name))


def test_roots_follow_the_record_and_leave_out_claims_and_provenance():
    assert roots_of(ast.parse(TINY), "R") == ["SCALE", "helper", "reduce", "R"]


def test_operators_produce_the_expected_mutants(tmp_path):
    fixture = tmp_path / "tiny.py"
    fixture.write_text(TINY)
    source = fixture.read_text()
    points = points_of(source)
    described = {(p.operator, p.description) for p in points}
    for expected in [("constant", "constant 3 -> 4"), ("constant", "constant 3 -> 2"),
                     ("comparison", "< -> <="), ("comparison", "!= -> =="), ("boolean", "and -> or"),
                     ("sign", "-x -> x"), ("sign", "helper(b) -> -helper(b)"),
                     ("drop", "dropped out.append((a, helper(b)))"), ("drop", "dropped element (0, 1)"),
                     ("return", "return out -> return None"), ("return", "return -x -> return None"),
                     ("arithmetic", "+ -> -")]:
        assert expected in described
    # numbered from 0, operator by operator; claims, provenance and the record's texts untouched
    assert [p.number for p in points] == list(range(len(points)))
    lines = source.splitlines()
    first_unmutated = lines.index("def claim(src, tgt):") + 1
    record = next(i for i, line in enumerate(lines, 1) if line.startswith("R = "))
    assert all(p.line < first_unmutated or p.line == record for p in points)
    assert not any(p.line == record for p in points)  # the record names functions; nothing to mutate there
    # every mutant compiles and differs from the original in one place
    for point in points:
        mutant = apply_point(source, point)
        compile(mutant, "tiny.py", "exec")
        assert mutant != source
    sign = next(p for p in points if p.description == "-x -> x")
    assert "    return (x)\n" in apply_point(source, sign)
    dropped = next(p for p in points if p.operator == "drop" and "append" in p.description)
    assert "            pass\n" in apply_point(source, dropped)
    flipped = next(p for p in points if p.description == "< -> <=")
    assert "if a <= b and b != 0:" in apply_point(source, flipped)


def test_a_correct_reduction_kills_its_sign_swap_mutant(capsys):
    from npw.reductions.graphs import three_sat_to_indset as module

    with open(module.__file__) as handle:
        source = handle.read()
    points = points_of(source, "REDUCTION")
    # backward's "literals[vertex] > 0" as "-literals[vertex] > 0"... the removal of a literal's
    # minus in conflict_edges: where.get(-literal) -> where.get(literal)
    sign = next(p for p in points if p.operator == "sign" and p.description == "-literal -> literal")
    code = main(["mutate", "3sat-to-indset", "--mutant", str(sign.number), "--timeout", "60", "--json", "--quiet"])
    out, _ = capsys.readouterr()
    report = json.loads(out)
    assert code == 0 and report["baseline"] == "passed"
    assert (report["mutants"], report["killed"], report["score"]) == (1, 1, 1.0)
    assert (report["timeout"], report["timeout_rule"]) == (60, "given")  # an explicit limit is kept as given
    assert report["results"][0]["status"] == KILLED and report["survivors"] == []


USER_FILE = textwrap.dedent('''
    import os

    from npw.api import CNF, Reduction

    if os.environ.get("NPW_TEST_MUTATE_PARENT"):  # imported in npw's own process: refuse
        raise RuntimeError("the user's file ran in npw's process")

    LIMIT = 1000

    def reduce(src):
        if len(src.clauses) > LIMIT:
            return CNF(src.num_vars, ())
        clauses = []
        for clause in src.clauses:
            clauses.append(tuple(clause))
        return CNF(src.num_vars, tuple(clauses))

    def forward(src, assignment):
        return tuple(assignment)

    def backward(src, tgt, assignment):
        return tuple(assignment)

    COPY = Reduction("3sat-to-cnf-copy", "3sat", "cnf", "a copy", reduce=reduce, forward=forward, backward=backward)
''')


def test_a_users_file_is_mutated_in_the_sandbox_and_an_equivalent_mutant_survives(tmp_path, monkeypatch):
    path = tmp_path / "copy.py"
    path.write_text(USER_FILE)
    monkeypatch.setenv("NPW_TEST_MUTATE_PARENT", "1")  # the sandbox's environment has no NPW_* variable
    source = path.read_text()
    points = points_of(source, "COPY")
    equivalent = next(p for p in points if p.description == "constant 1000 -> 1001")  # a guard never reached
    dropped = next(p for p in points if p.description.startswith("dropped clauses.append"))
    before = set(sys.modules)
    report = mutate_reduction(f"{path}:COPY", numbers=[equivalent.number, dropped.number], workers=2)
    assert report.baseline == "passed"
    # no timeout given: auto, from the original's own time measured in this run
    assert report.baseline_seconds > 0 and report.timeout_rule.startswith("auto: 3 x the original's")
    assert report.timeout == auto_timeout(report.baseline_seconds) >= AUTO_TIMEOUT_MINIMUM
    assert report.call_seconds == 60.0  # each call bounded as npw verify bounds it with no option
    status = {r.point.number: r.status for r in report.results}
    assert status == {equivalent.number: SURVIVED, dropped.number: KILLED}
    assert report.score == 0.5
    survivor = report.to_json()["survivors"][0]
    assert "-    if len(src.clauses) > LIMIT:" not in survivor["diff"]
    assert "-LIMIT = 1000\n+LIMIT = 1001\n" in survivor["diff"]
    # neither the file nor a mutant was imported here
    assert not [name for name in set(sys.modules) - before if name.startswith(("npw_user_", "npw_mutant_"))]


@pytest.mark.parametrize("argv, message", [
    (["mutate", "no-such-reduction"], "unknown reduction"),
    (["mutate", "missing/file.py:R"], "missing/file.py: no such file"),
    (["mutate", "1in3sat-to-rel"], "is a chain"),
    (["mutate", "3sat-to-indset", "--mutant", "100000"], "mutation points 0 to"),
    (["mutate", "3sat-to-indset", "--timeout=0"], "argument --timeout"),
    (["mutate", "3sat-to-indset", "--timeout=soon"], "argument --timeout"),
    (["mutate", "3sat-to-indset", "--max-mutants=0"], "argument --max-mutants"),
    (["mutate", "3sat-to-indset", "--workers=0"], "argument --workers"),
    (["mutate", "3sat-to-indset", "--mutant=-1"], "argument --mutant"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("npw: error: ") and message in err


def test_a_file_without_the_named_reduction_is_one_line(capsys, tmp_path):
    path = tmp_path / "empty.py"
    path.write_text("x = 1\n")
    assert main(["mutate", f"{path}:R"]) == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "no top-level statement defines 'R'" in err


SLOW_FILE = textwrap.dedent('''
    import time

    from npw.api import CNF, Reduction

    def reduce(src):
        time.sleep(0)  # its mutant "0 -> 1" passes every case, one second each
        return CNF(src.num_vars, tuple(tuple(c) for c in src.clauses))

    def backward(src, tgt, assignment):
        return tuple(assignment)

    SLOW = Reduction("3sat-to-cnf-slow", "3sat", "cnf", "a copy", reduce=reduce, forward=None, backward=backward)
''')


def test_a_mutant_past_its_time_is_timed_out_and_counts_against_the_score(tmp_path):
    path = tmp_path / "slow.py"
    path.write_text(SLOW_FILE)
    source = path.read_text()
    slow = next(p for p in points_of(source, "SLOW") if p.description == "constant 0 -> 1")
    report = mutate_reduction(f"{path}:SLOW", numbers=[slow.number], timeout=8)
    assert report.baseline == "passed"
    assert [r.status for r in report.results] == ["timed out"] and report.score == 0.0
    assert report.to_json()["survivors"][0]["status"] == "timed out"


def test_auto_timeout_is_a_multiple_of_the_originals_time_with_a_floor():
    assert auto_timeout(0.5) == AUTO_TIMEOUT_MINIMUM == 20.0
    assert auto_timeout(30.0) == 90.0  # a slow original under load: its mutants get the same room


def test_the_solochess_corollaries_declare_their_exact_board_and_it_tells_another_scale_apart():
    # a mutant scaling Theorem 3.2's board by 5 (or stretching by h + 2) builds another board,
    # perhaps as solvable: the declared width and height are what kill it
    from npw.instances.hampath.graph import HamPathEnds
    from npw.reductions.solochess import corollaries
    from npw.reductions.solochess.rook_pawn import transformed
    from npw.verify.cases import exhaustive, source_problem

    records = [r for r in vars(corollaries).values() if hasattr(r, "reduce") and hasattr(r, "size")]
    assert len(records) == 15
    sources = [s for _, s in exhaustive(source_problem(records[0]), 5)]
    assert len(sources) > 20 and any(s.num_vertices == 2 for s in sources)
    for record in records:
        for source in sources:
            assert record.reduce(source).size() == record.size(source), (record.id, source)
    path = HamPathEnds(4, ((0, 1), (1, 2), (2, 3)), s=0, t=3)
    for mapping, sized, other in [
            (corollaries.scale4, corollaries.scale4_size, lambda p, h: (5 * p[0], 5 * p[1])),
            (corollaries.stretch, corollaries.stretch_size, lambda p, h: ((h + 2) * p[0], p[1])),
            (corollaries.stretch_rotate, corollaries.stretch_rotate_size, lambda p, h: (h * p[0] - p[1], h * p[0] + p[1]))]:
        declared = sized(path)
        assert transformed(path, "rook", "king", mapping).size() == declared
        assert transformed(path, "rook", "king", other).size() != declared


def test_the_knight_rook_board_declares_its_width_and_height():
    # a link laid two rows apart instead of one (self.row += 2) built a board as solvable, with
    # the same pieces: only the declared sides tell it apart
    from npw.reductions.solochess.pm3sat_knight_rider import KNIGHT_ROOK
    from npw.verify.cases import exhaustive, source_problem

    sources = [s for _, s in exhaustive(source_problem(KNIGHT_ROOK), 3)]
    assert len(sources) > 20
    for source in sources:
        assert KNIGHT_ROOK.reduce(source).size() == KNIGHT_ROOK.size(source), source


def test_a_factorys_provenance_is_not_mutated():
    # make_reduction(blocker) defines reduce ... provenance inside itself: only the construction is mutated
    from npw.reductions.solochess import knight_pawn as module

    with open(module.__file__) as handle:
        source = handle.read()
    factory = next(s for s in ast.parse(source).body if getattr(s, "name", "") == "make_reduction")
    provenance = next(f for f in ast.walk(factory) if getattr(f, "name", "") == "provenance")
    lines = range(provenance.lineno, provenance.end_lineno + 1)
    points = points_of(source, "REDUCTION")
    assert points and not [p for p in points if p.line in lines]
    assert any(p.line > provenance.end_lineno for p in points) or any(p.line < provenance.lineno for p in points)


def test_theorem_3_1_boards_declare_their_width_and_height():
    # a board one column or row wider (reduce's "+ 1" made "+ 2": an empty line, as solvable)
    # survived when the size declared only the pieces; the declared sides now tell it apart
    import dataclasses

    from npw.reductions.registry import get_reduction
    from npw.verify.cases import exhaustive, source_problem

    for reduction_id in ("hampath-to-solochess-knight-pawn", "hampath-to-solochess-knight-king"):
        record = get_reduction(reduction_id)
        sources = [s for _, s in exhaustive(source_problem(record), 5)]
        assert len(sources) > 20
        for source in sources:
            board = record.reduce(source)
            assert board.size() == record.size(source), (reduction_id, source)
            assert dataclasses.replace(board, width=board.width + 1).size() != record.size(source)
