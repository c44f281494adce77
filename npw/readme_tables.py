"""The problem and reduction tables of ``docs/tables.md``, written from the registries.

(They were the README's until it shrank to a newcomer's page; the module keeps its name.) The
page keeps each table between two marker lines::

    <!-- generated: problems (python -m npw.readme_tables docs/tables.md) -->
    ...
    <!-- end generated: problems -->

and ``python -m npw.readme_tables docs/tables.md`` rewrites what is between them (``--check`` only
says whether it would change anything; ``npw list --markdown`` prints the tables). A problem's
row comes from its :class:`~npw.instances.base.Problem` (title, certificate, deciders, formats);
a reduction's row from the reduction registry (source, target, the proof it follows) and the
verification line (``Reduction.checked``). ``tests/test_readme_tables.py`` fails when
the page and the registries drift apart.

>>> "| `3sat` |" in problems_table()
True
>>> row = next(line for line in reductions_table().splitlines() if line.startswith("| `3sat-to-indset`"))
>>> row.split(" | ")[1]
'3sat -> indset'
"""

from __future__ import annotations

import argparse
import re
import sys

__all__ = ["problems_table", "reductions_table", "rewrite", "main"]

TABLES = ("problems", "reductions")
# the page that holds the tables (a path from the repository's top folder)
TABLES_PAGE = "docs/tables.md"
# a reduction whose id is another's plus this suffix shares its row (the Solo Chess forms without T^1)
FOLDED_SUFFIX = "-unrestricted"


def _cell(text: str) -> str:
    """One table cell: whitespace collapsed, pipes escaped."""
    return " ".join(str(text).split()).replace("|", "\\|")


def problems_table() -> str:
    """The problems table: id, what it is, certificate, deciders, generators, formats.

    Built-in problems only: one a user's file registered in this process is not the tables page's.
    """
    from npw.instances.registry import builtin_problem_modules, get_problem
    from npw.solvers import backends_for, export_formats

    lines = ["| id | problem | certificate | deciders | generators | formats |", "|---|---|---|---|---|---|"]
    for pid in builtin_problem_modules():
        problem = get_problem(pid)
        formats = ", ".join(["json", *export_formats(pid)])
        lines.append(f"| `{pid}` | {_cell(problem.title)} | {_cell(problem.certificate_doc)} | "
                     f"{', '.join(backends_for(pid))} | {', '.join(problem.generators)} | {formats} |")
    return "\n".join(lines)


def reductions_table() -> str:
    """The reductions table: id, source -> target, the proof followed, what it was checked on."""
    from npw.reductions.registry import get_reduction, reduction_ids

    ids = reduction_ids()
    lines = ["| id | from -> to | proof | checked |", "|---|---|---|---|"]
    for rid in ids:
        if rid.endswith(FOLDED_SUFFIX) and rid.removesuffix(FOLDED_SUFFIX) in ids:
            continue
        reduction = get_reduction(rid)
        shown = f"`{rid}`" + (f" (+ `{FOLDED_SUFFIX}`)" if rid + FOLDED_SUFFIX in ids else "")
        lines.append(f"| {shown} | {reduction.source} -> {reduction.target} | {_cell(reduction.reference)} | "
                     f"{_cell(reduction.checked or 'not yet recorded')} |")
    return "\n".join(lines)


def _markers(name: str) -> tuple[str, str]:
    return (f"<!-- generated: {name} (python -m npw.readme_tables {TABLES_PAGE}) -->", f"<!-- end generated: {name} -->")


def rewrite(text: str) -> str:
    """``text`` with every generated table replaced by the registries' current one.

    Raises ValueError when a table's markers are missing, so an edit that drops them is
    noticed rather than silently left stale.

    >>> start, end = _markers("problems")
    >>> text = f"{start}\\nold\\n{end}\\n" + "\\n".join(_markers("reductions")) + "\\n"
    >>> "| `cnf` |" in rewrite(text) and "old" not in rewrite(text)
    True
    """
    tables = {"problems": problems_table, "reductions": reductions_table}
    for name in TABLES:
        start, end = _markers(name)
        pattern = re.compile(re.escape(start) + r"\n.*?" + re.escape(end), re.S)
        if not pattern.search(text):
            raise ValueError(f"the markers of the generated {name} table are missing: {start!r} ... {end!r}")
        table = tables[name]()
        text = pattern.sub(lambda _match: f"{start}\n{table}\n{end}", text, count=1)
    return text


def main(argv: list[str] | None = None) -> int:
    """Rewrite a page's tables in place (exit 0), or with ``--check`` exit 1 when stale."""
    parser = argparse.ArgumentParser(prog="python -m npw.readme_tables", description=__doc__.split("\n\n")[0])
    parser.add_argument("readme", help=f"the page to rewrite ({TABLES_PAGE}; its marker lines say where)")
    parser.add_argument("--check", action="store_true", help="only report whether the tables are current")
    args = parser.parse_args(argv)
    try:
        with open(args.readme, encoding="utf-8") as handle:
            text = handle.read()
        updated = rewrite(text)
    except (OSError, ValueError) as error:
        print(f"npw.readme_tables: {error}", file=sys.stderr)
        return 2
    if args.check:
        if updated != text:
            print(f"{args.readme}: the generated tables are stale (run python -m npw.readme_tables {args.readme})")
            return 1
        return 0
    if updated != text:
        from npw.instances.io import write_atomically

        write_atomically(args.readme, updated)
    return 0


if __name__ == "__main__":
    sys.exit(main())
