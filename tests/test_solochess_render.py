"""Solo Chess boards as SVG: well-formed at any size, the special piece marked, the capture
sequence drawn and numbered; npw render --certificate / --solve."""

import json
import xml.etree.ElementTree as ET

import pytest

from npw.instances import get_problem
from npw.instances.base import InvalidInstance
from npw.instances.solochess.board import Piece, SoloChess
from npw.instances.solochess.render import render_svg
from npw.cli import main
from npw.reductions import get_reduction
from npw.solvers import solve

SVG = "{http://www.w3.org/2000/svg}"


def board_and_solution(reduction_id="hampath-to-solochess-rook-pawn", seed=3):
    reduction = get_reduction(reduction_id)
    source = get_problem(reduction.source).generate(seed=seed, num_vertices=6)
    board = reduction.reduce(source)
    return board, solve(board, "search").certificate


def test_special_piece_is_ringed_and_captures_numbered_in_order():
    board, certificate = board_and_solution()
    assert certificate
    root = ET.fromstring(render_svg(board, certificate))
    circles = root.findall(f".//{SVG}circle")
    assert len(circles) == 1 and circles[0].get("stroke") == "red"
    numbers = [t.text for t in root.findall(f"{SVG}text") if t.get("font-weight") == "bold"]
    assert numbers == [str(i) for i in range(1, len(certificate) + 1)]
    assert len(root.findall(f"{SVG}line")) == len(certificate)
    # every capture of this board is the special rook's: all arrows red
    assert {line.get("stroke") for line in root.findall(f"{SVG}line")} == {"red"}


def test_size_does_not_grow_with_empty_squares():
    # Corollary 3.4's stretched boards are thousands of squares wide: one patterned rectangle
    board, _ = board_and_solution("hampath-to-solochess-queen-king")
    assert board.width * board.height > 50_000
    root = ET.fromstring(render_svg(board))
    assert len(root.findall(f".//{SVG}rect")) == 1 + 4  # the board and the pattern's four squares
    # one group per piece (named by its square, for npw explore), one glyph in each
    groups = root.findall(f"{SVG}g[@data-el]")
    assert len(groups) == len(board.pieces) == len(root.findall(f"{SVG}g/{SVG}text"))
    assert {g.get("data-el") for g in groups} == {f"piece:{p.x},{p.y}" for p in board.pieces}


def test_invalid_capture_sequence_is_refused():
    board = SoloChess(2, 1, (Piece(0, 0, "rook"), Piece(1, 0, "pawn")), (0, 0))
    with pytest.raises(InvalidInstance):
        render_svg(board, (((1, 0), (0, 0)),))


def test_cli_render_with_certificate_and_solve(tmp_path, capsys):
    board, certificate = board_and_solution()
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board.to_dict()))
    cert = tmp_path / "cert.json"
    cert.write_text(json.dumps(SoloChess.certificate_to_json(certificate)))
    out = tmp_path / "board.svg"
    assert main(["render", str(path), "-c", str(cert), "-o", str(out)]) == 0
    assert ET.parse(out).getroot().findall(f"{SVG}line")
    solved = tmp_path / "solved.svg"
    assert main(["render", str(path), "--solve", "-o", str(solved)]) == 0
    assert len(ET.parse(solved).getroot().findall(f"{SVG}line")) == len(certificate)
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps([[[0, 0], [1, 1]]]))
    bad_out = tmp_path / "bad.svg"
    assert main(["render", str(path), "-c", str(wrong), "-o", str(bad_out)]) == 2
    assert "not a solution" in capsys.readouterr().err and not bad_out.exists()


def test_a_large_board_is_plain_with_dots_of_fixed_screen_size_and_a_small_one_is_checkered():
    def wide(width):
        return SoloChess(width, 1, (Piece(0, 0, "king"), Piece(width - 1, 0, "rook")), special=(0, 0))

    small, large = render_svg(wide(100)), render_svg(wide(101))
    assert "url(#squares)" in small and 'vector-effect="non-scaling-stroke"' not in small
    root = ET.fromstring(large)
    assert "url(#squares)" not in large
    dots = [line for line in root.iter(f"{SVG}line") if line.get("vector-effect") == "non-scaling-stroke"]
    assert sorted(d.get("stroke") for d in dots)[-1] == "red" and len(dots) == 2  # one a piece, the special red
