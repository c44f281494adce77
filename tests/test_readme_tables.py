"""The problem and reduction tables of docs/tables.md are the registries' (npw.readme_tables)."""

from __future__ import annotations

from pathlib import Path

from npw.readme_tables import main, problems_table, reductions_table, rewrite

from npw.readme_tables import TABLES_PAGE

TABLES = Path(__file__).resolve().parents[1] / TABLES_PAGE


def test_tables_match_the_registries():
    text = TABLES.read_text()
    assert rewrite(text) == text, f"stale tables: run python -m npw.readme_tables {TABLES_PAGE}"


def test_every_problem_and_reduction_has_a_row_and_a_checked_line():
    from npw.instances.registry import builtin_problem_modules
    from npw.reductions.registry import get_reduction, reduction_ids

    problems, reductions = problems_table(), reductions_table()
    for pid in builtin_problem_modules():
        assert f"| `{pid}` |" in problems
    for rid in reduction_ids():
        assert f"`{rid}`" in reductions or f"`{rid.rsplit('-unrestricted', 1)[0]}` (+ `-unrestricted`)" in reductions
        # every built-in reduction says what it was verified on (a plugin's or a new one may not yet)
        assert get_reduction(rid).checked, f"{rid}: say in its record's checked= what it has been verified on"


def test_a_stale_or_unmarked_page_is_reported(tmp_path, capsys):
    stale = tmp_path / "tables.md"
    stale.write_text(TABLES.read_text().replace("| `cnf` |", "| `cnf-old` |", 1))
    assert main([str(stale), "--check"]) == 1
    assert main([str(stale)]) == 0 and main([str(stale), "--check"]) == 0
    assert stale.read_text() == TABLES.read_text()
    unmarked = tmp_path / "plain.md"
    unmarked.write_text("# no tables here\n")
    assert main([str(unmarked)]) == 2
    assert capsys.readouterr().err.count("\n") == 1
