"""Table 1 of the Solo Chess paper (npw list --table1): the paper's cells as the spec restates
them, each hardness cell naming registered reductions read from the registry at run time."""

import json
import re
from pathlib import Path

from npw.cli import main
from npw.paper_tables import PIECES, table1
from npw.reductions import registry

SPEC = Path(__file__).resolve().parents[2] / "shared" / "spec" / "solochess.md"


def _spec_rows():
    """The spec's rows ``- S^1: status (thm) | ...`` as {(S, T): (status, theorem)}, if the spec is here."""
    rows = {}
    if not SPEC.exists():
        return rows
    for line in SPEC.read_text().splitlines():
        match = re.match(r"- (\w+)\^1:\s+(.*)", line)
        if match and match.group(1) in PIECES:
            for other, cell in zip(PIECES, match.group(2).split("|")):
                found = re.match(r"\s*(P|NP-c|open)\s*(?:\(Thm )?\(?([\d.]+)?\)?", cell)
                rows[match.group(1), other] = (found.group(1), found.group(2) or "")
    return rows


def test_cells_are_the_papers():
    cells = {(c.special, c.other): c for c in table1()}
    assert len(cells) == 36
    spec = _spec_rows()
    assert len(spec) in (0, 36)  # the shared spec beside the repository, where it is (not in a clean clone)
    for key, (status, theorem) in spec.items():
        assert (cells[key].status, cells[key].theorem) == (status, theorem), key
    assert sum(c.status == "open" for c in cells.values()) == 2
    assert all(cells[p, p].status == "P" for p in PIECES)  # one piece type: Theorem 2.2


def test_every_cell_names_what_implements_it_from_the_registries():
    ids = set(registry.reduction_ids())
    for cell in table1():
        if cell.status == "NP-c":
            assert cell.implemented or cell.planned, cell
            assert set(cell.implemented) <= ids
            assert all(p not in ids for p in cell.planned)
            if cell.theorem in ("3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7"):
                assert f"hampath-to-solochess-{cell.special}-{cell.other}" in cell.implemented
        elif cell.status == "P":
            assert cell.implemented and cell.implemented[0].startswith("decider solochess theorem")
        else:
            assert not cell.implemented and not cell.planned


def test_a_cell_follows_the_registry(monkeypatch):
    """Read at run time: unregistering Theorem 3.9's king^1 x knight reduction makes its cell
    "planned", and registering it again moves it back (nothing in the table is hard-coded)."""
    wanted = "pm3sat-to-solochess-king-knight"

    def cell():
        return next(c for c in table1() if (c.special, c.other) == ("king", "knight"))

    assert wanted in registry.reduction_ids() and wanted in cell().implemented
    registered, chains = registry._catalogue()
    # a catalogue without it (a copy: the README's generated table follows the registry's order)
    without = ({k: v for k, v in registered.items() if k != wanted}, chains)
    monkeypatch.setattr(registry, "_catalogue", lambda: without)
    assert cell().implemented == () and cell().planned == (wanted,)
    monkeypatch.setattr(registry, "_catalogue", lambda: (registered, chains))
    assert cell().implemented == (wanted,) and cell().planned == ()


def test_command_prints_the_table(capsys):
    assert main(["list", "--table1"]) == 0
    text = capsys.readouterr().out
    assert "king^1" in text and re.search(r"x pawn\s+NP-c\s+Theorem 3.7\s+hampath-to-solochess-king-pawn", text)
    assert main(["list", "--table1", "--json"]) == 0
    cells = json.loads(capsys.readouterr().out)["table1"]
    assert len(cells) == 36 and {"special", "other", "status", "theorem", "implemented", "planned"} <= set(cells[0])
    assert main(["list", "--table1", "--graph"]) == 2
