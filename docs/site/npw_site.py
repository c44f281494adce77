"""The site's pages written from the registries, as a Sphinx extension (``docs/conf.py``).

At ``builder-inited`` it writes, under ``docs/_generated/`` (not in git):

* ``families/``: one page per problem family (the folders of ``instances/``), each problem with
  its definition, certificate, deciders, generators, formats, the reductions in and out, a
  drawing of a small instance (its registered renderer) and its instance type's docstring;
* ``catalogue/``: one page per registered reduction: the theorem it follows, its claims, its
  size formula (the code of ``size``) evaluated on a small source, and the small source and its
  target drawn (the reduction's own ``draw`` where it has one, else the target's renderer);
* ``api/``: the API reference, one page per package, from the numpy-style docstrings.

Nothing here decides or verifies anything: a drawing that fails or takes too long on the small
case is replaced by one line saying so, never by a guess. The pages are rewritten on every
build (a few seconds: the drawings are of small cases).
"""

from __future__ import annotations

import inspect
import json
import re
import shutil
import textwrap
from pathlib import Path
from typing import Any

GENERATED = "_generated"
# a drawing past this many bytes is not embedded (the paper-scale nPUZ boards): the page says so
MAX_SVG_BYTES = 400_000
# the seeds tried for a small source, and the number of elements the one drawn should have
SAMPLE_SEEDS = range(1, 25)
TARGET_ELEMENTS = 8

FAMILY_TITLES = {
    "sat": "Satisfiability",
    "graphs": "Graph problems",
    "hampath": "Hamiltonian paths and cycles",
    "rel": "Relocation (REL)",
    "solochess": "Solo Chess",
    "npuz": "The sliding-tile puzzle (nPUZ)",
    "torus": "Torus puzzles and BWP",
    "numbers": "Number problems",
    "sets": "Set problems",
    "chains": "Chains of reductions",
}



def _families() -> dict[str, list[str]]:
    """Family folder -> its problems' ids, in the registry's order."""
    from npw.instances.registry import builtin_problem_modules

    families: dict[str, list[str]] = {}
    for pid, module in builtin_problem_modules().items():
        families.setdefault(module.split(".")[2], []).append(pid)
    return families


def _pick(problem: Any, sample: Any) -> Any:
    """Among a few seeded samples (not degenerate), the one closest to ``TARGET_ELEMENTS``
    elements (vertices, edges, clauses, variables, ...), the shorter file on a tie: small enough
    to read when drawn, large enough to show something (the smallest sample is often a graph
    without edges)."""
    from npw.instances.base import degenerate_sample

    def rank(instance: Any) -> tuple[int, int]:
        size = len(json.dumps(instance.to_dict()))
        count = len(list(problem.elements(instance))) if problem.elements else size // 10
        return abs(count - TARGET_ELEMENTS), size

    return min((sample(seed) for seed in SAMPLE_SEEDS if not degenerate_sample(seed)), key=rank)


def _small_source(reduction: Any) -> Any:
    """A small source of ``reduction`` (its own samples where it has them)."""
    from npw.instances.registry import get_problem

    problem = get_problem(reduction.source)
    return _pick(problem, reduction.source_sample or problem.sample)


def _small_instance(problem_id: str) -> Any:
    from npw.instances.registry import get_problem

    problem = get_problem(problem_id)
    return _pick(problem, problem.sample)


def _write_svg(folder: Path, name: str, svg: str) -> str | None:
    """Writes the drawing; returns its file name, or None when it is too large to embed."""
    if len(svg.encode()) > MAX_SVG_BYTES:
        return None
    (folder / name).write_text(svg, encoding="utf-8")
    return name


def _drawn(img: Path, prefix: str, name: str, draw: Any, *args: Any) -> str:
    """Markdown embedding ``draw(*args)`` (saved as ``img/name``), or one line saying why not."""
    try:
        svg = str(draw(*args))
    except Exception as error:  # a renderer's failure on the sample is reported, not hidden
        return f"*(not drawn: {type(error).__name__}: {' '.join(str(error).split())[:200]})*"
    saved = _write_svg(img, name, svg)
    if saved is None:
        return f"*(not drawn here: the drawing is {len(svg.encode()) // 1000} kB)*"
    return f"![{name}]({prefix}img/{saved})"


def _fence(text: str, language: str = "") -> str:
    return f"```{language}\n{text.rstrip()}\n```"


def _first_paragraph(doc: str | None) -> str:
    doc = inspect.cleandoc(doc or "")
    return doc.split("\n\n")[0] if doc else ""


def _rst(text: str) -> str:
    """Docstring text kept as reStructuredText (its roles and literals), inside a MyST page."""
    text = "\n".join(escape_bars(line) for line in text.splitlines())
    return f"```{{eval-rst}}\n{text}\n```" if text else ""


def _reduction_family(reduction_id: str) -> str:
    from npw.reductions.registry import get_reduction

    module = getattr(get_reduction(reduction_id).reduce, "__module__", "") or ""
    parts = module.split(".")
    # a chain's reduce is Reduction.then's (npw.reductions.base), not a family's
    family = parts[2] if len(parts) > 2 and parts[1] == "reductions" else "base"
    return "chains" if family == "base" else family


def _size_formula(reduction: Any, source: Any) -> str:
    """The code of ``size`` and its values on the drawn source."""
    if reduction.size is None:
        return "No size formula is declared."
    try:
        code = textwrap.dedent(inspect.getsource(reduction.size))
    except (OSError, TypeError):
        code = repr(reduction.size)
    try:
        values = reduction.size(source)
        shown = ", ".join(f"{measure} = {value}" for measure, value in values.items())
    except Exception as error:
        shown = f"not evaluated ({type(error).__name__}: {error})"
    return f"{_fence(code, 'python')}\n\nOn the small source drawn below: {shown}."


def _reduction_page(reduction_id: str, img: Path) -> str:
    from npw.instances.registry import renderer_for
    from npw.reductions.registry import get_reduction

    reduction = get_reduction(reduction_id)
    module = getattr(reduction.reduce, "__module__", None)
    lines = [f"({reduction_id})=", f"## `{reduction_id}`", "",
             f"**{reduction.source}** → **{reduction.target}** "
             f"({{ref}}`{reduction.source} <{reduction.source}>`, {{ref}}`{reduction.target} <{reduction.target}>`)", "",
             f"**Proof followed:** {reduction.reference}", ""]
    if module:
        lines += [f"**Module:** `{module}`", ""]
        doc = _first_paragraph(getattr(__import__(module, fromlist=["_"]), "__doc__", ""))
        if doc:
            lines += [_rst(doc), ""]
    if reduction.notes:
        lines += [f"**Notes:** {' '.join(reduction.notes.split())}", ""]
    lines += [f"**Checked:** {reduction.checked or 'not yet recorded'}", ""]
    if reduction.options:
        lines += ["### Options", "", "| option | default | meaning |", "|---|---|---|"]
        for option in reduction.options:
            lines.append(f"| `{option.name}` | `{getattr(option, 'default', '')}` | "
                         f"{' '.join(str(getattr(option, 'help', '')).split())} |")
        lines.append("")
    lines += ["### Claims of the proof", ""]
    if reduction.claims:
        lines += ["Checked by `npw verify` on every case.", "", "| claim | stage | statement |", "|---|---|---|"]
        for claim in reduction.claims:
            statement = " ".join(claim.statement.split()).replace("|", "\\|")
            if claim.deviation:
                statement += f" (known deviation: {' '.join(claim.deviation.split())})"
            lines.append(f"| `{claim.name}` | {claim.stage} | {statement} |")
    else:
        lines.append("None declared.")
    lines.append("")
    try:
        source = _small_source(reduction)
    except Exception as error:
        lines += ["### Size formula", "", f"*(no small source: {type(error).__name__}: {error})*", ""]
        return "\n".join(lines)
    lines += ["### Size formula", "", _size_formula(reduction, source), "",
              "### A small case", "", "The source:", "", _fence(json.dumps(source.to_dict()), "json"), ""]
    source_renderer = renderer_for(reduction.source)
    if source_renderer is not None:
        lines += [_drawn(img, "../", f"{reduction_id}-source.svg", source_renderer, source), ""]
    if reduction.draw is not None:
        lines += ["The target, laid out as the proof describes it:", "",
                  _drawn(img, "../", f"{reduction_id}-target.svg", reduction.draw, source), ""]
    else:
        target_renderer = renderer_for(reduction.target)
        try:
            target = reduction.reduce(source)
        except Exception as error:
            lines += [f"*(the target was not built: {type(error).__name__}: {error})*", ""]
            return "\n".join(lines)
        if target_renderer is not None:
            lines += ["The target:", "", _drawn(img, "../", f"{reduction_id}-target.svg", target_renderer, target), ""]
    lines += [f"`npw explore {reduction_id} SOURCE.json -o page.html` shows which source element produced "
              "which part of the target.", ""]
    return "\n".join(lines)


_FAMILY_OF: dict[str, str] = {}
_DOCUMENTED: set[type] = set()


def _family_of(problem_id: str) -> str:
    return _FAMILY_OF.get(problem_id, "sat")


def _problem_section(problem_id: str, img: Path, arrows: dict[str, tuple[list[str], list[str]]]) -> list[str]:
    from npw.instances.registry import get_problem, renderer_for
    from npw.solvers import backends_for, export_formats

    problem = get_problem(problem_id)
    into, out = arrows.get(problem_id, ([], []))
    kind = problem.instance_type
    lines = [f"({problem_id})=", f"## `{problem_id}`: {problem.title}", "",
             f"- **Certificate:** {' '.join(problem.certificate_doc.split())}",
             f"- **Deciders** (`npw solve --backend`): {', '.join(backends_for(problem_id)) or 'none'}",
             f"- **Generators** (`npw generate -g`): {', '.join(problem.generators) or 'none'}",
             f"- **Formats:** {', '.join(['json', *export_formats(problem_id)])}",
             f"- **Instance type:** `npw.api.{kind.__name__}` ({kind.__module__})",
             "- **Reductions from it:** " + (", ".join(f"{{ref}}`{r} <{r}>`" for r in out) or "none"),
             "- **Reductions to it:** " + (", ".join(f"{{ref}}`{r} <{r}>`" for r in into) or "none"),
             ""]
    # the instance type's docstring and members, documented once (a type two problems share is
    # indexed where it first appears)
    once = "" if kind not in _DOCUMENTED else "\n   :no-index:"
    _DOCUMENTED.add(kind)
    lines += [f"```{{eval-rst}}\n.. autoclass:: {kind.__module__}.{kind.__qualname__}\n   :members:{once}\n```", ""]
    renderer = renderer_for(problem_id)
    if renderer is not None:
        try:
            instance = _small_instance(problem_id)
        except Exception as error:
            lines += [f"*(no small instance: {type(error).__name__}: {error})*", ""]
        else:
            lines += ["A small instance (`npw render FILE.json -o FILE.svg` draws one):", "",
                      _drawn(img, "../", f"problem-{problem_id}.svg", renderer, instance), ""]
    return lines


def write_pages(docs: Path) -> int:
    """Writes every generated page under ``docs/_generated``; returns how many."""
    from npw.reductions.registry import get_reduction, reduction_ids

    out = docs / GENERATED
    if out.exists():
        shutil.rmtree(out)
    img = out / "img"
    for folder in (img, out / "families", out / "catalogue", out / "api"):
        folder.mkdir(parents=True)
    families = _families()
    _FAMILY_OF.clear()
    _DOCUMENTED.clear()
    _FAMILY_OF.update({pid: family for family, pids in families.items() for pid in pids})
    ids = reduction_ids()
    arrows: dict[str, tuple[list[str], list[str]]] = {}
    for rid in ids:
        reduction = get_reduction(rid)
        arrows.setdefault(reduction.target, ([], []))[0].append(rid)
        arrows.setdefault(reduction.source, ([], []))[1].append(rid)
    pages = 0

    # one page per problem family
    names = []
    for family, pids in families.items():
        title = FAMILY_TITLES.get(family, family)
        package = __import__(f"npw.instances.{family}", fromlist=["_"])
        lines = [f"# {title}", "", _rst(_first_paragraph(package.__doc__)), ""]
        for pid in pids:
            lines += _problem_section(pid, img, arrows)
        (out / "families" / f"{family}.md").write_text("\n".join(lines), encoding="utf-8")
        names.append(family)
        pages += 1
    (out / "families" / "index.md").write_text(
        "# Problem families\n\nEvery built-in problem, by the folder of `instances/` it lives in, with a "
        "drawing of a small instance (its registered renderer, at build time).\n\n"
        "```{toctree}\n:maxdepth: 1\n\n" + "\n".join(names) + "\n```\n", encoding="utf-8")
    pages += 1

    # the reduction catalogue: one page per group (the folder of reductions/ its module is in), a
    # section per reduction; a page per reduction made every page's navigation ~100 entries long
    # (Sphinx's toctree work grows with pages squared: minutes on this machine)
    groups: dict[str, list[str]] = {}
    for rid in ids:
        groups.setdefault(_reduction_family(rid), []).append(rid)
    lines = ["# Reduction catalogue", "",
             f"Every registered reduction ({len(ids)}), written from the registry at build time: the proof "
             "it follows, its claims, its size formula and a small case drawn. `npw list` prints the same "
             "list; [the tables](../../tables.md) say what each was checked on.", ""]
    for group, rids in groups.items():
        title = FAMILY_TITLES.get(group, group)
        lines += [f"## {title}", "", "| reduction | from → to | proof |", "|---|---|---|"]
        for rid in rids:
            reduction = get_reduction(rid)
            reference = " ".join(reduction.reference.split()).replace("|", "\\|")
            lines.append(f"| {{ref}}`{rid} <{rid}>` | {reduction.source} → {reduction.target} | {reference} |")
        lines.append("")
        body = [f"# Reductions: {title}", ""] + [_reduction_page(rid, img) for rid in rids]
        (out / "catalogue" / f"{group}.md").write_text("\n".join(body), encoding="utf-8")
        pages += 1
    lines += ["```{toctree}", ":hidden:", "", *groups, "```", ""]
    (out / "catalogue" / "index.md").write_text("\n".join(lines), encoding="utf-8")
    pages += 1

    pages += _write_hardness(docs, out)
    pages += _write_more(docs, out)
    pages += _write_screenshots(docs, out)
    pages += _write_api(out / "api")
    return pages


def _write_screenshots(docs: Path, out: Path) -> int:
    """The screenshots of ``docs/screenshots/`` (explore pages and the reduction graph in a
    browser; ``docs/screenshots/make_screenshots.py`` takes them again)."""
    shots = sorted((docs / "screenshots").glob("*.png"))
    lines = ["# Reductions in the browser", "",
             "Screenshots of `npw explore`'s page of a few reductions (each target laid out by what each "
             "source element produced) and of the reduction graph (`npw list --graph`), taken in headless "
             "Chromium by `docs/screenshots/make_screenshots.py`.", ""]
    for shot in shots:
        lines += [f"## `{shot.stem}`", "", f"![{shot.stem}](../screenshots/{shot.name})", ""]
    (out / "screenshots.md").write_text("\n".join(lines), encoding="utf-8")
    return 1


def _write_more(docs: Path, out: Path) -> int:
    """A page listing the Markdown pages of ``docs/`` that ``index.md`` does not name: a page added
    later (a new study, a lemma's notes) is on the site at once instead of failing the build as
    a page in no table of contents."""
    index = (docs / "index.md").read_text(encoding="utf-8")
    named = set(re.findall(r"^([\w./*-]+)$", index, flags=re.MULTILINE))
    more = [page.stem for page in sorted(docs.glob("*.md")) if page.stem not in named and page.stem != "index"]
    lines = ["# More pages", "", "Other notes in `docs/`.", "", "```{toctree}", ":maxdepth: 1", "",
             *(f"../{stem}" for stem in more), "```", ""]
    (out / "more.md").write_text("\n".join(lines), encoding="utf-8")
    return 1


def _write_hardness(docs: Path, out: Path) -> int:
    """The hardness curves of ``docs/hardness/`` (``npw hardness``; ``bench/hardness_curves.py``
    draws them, BENCHMARKS.md "Issue 37: hardness" gives their tables and the load they ran at)."""
    figures = sorted((docs / "hardness").glob("*.svg"))
    lines = ["# Hardness curves", "",
             "How the deciders' effort and time grow with the size, per problem and generator, as "
             "`npw hardness` measures them (commands: [Campaigns](../campaigns.md)). Drawn by "
             "`python bench/hardness_curves.py` on a shared machine: the tables, the fitted growth "
             "and the load each ran at are in `BENCHMARKS.md` (\"Issue 37: hardness\"); every series "
             "is in `docs/hardness/curves.json`.", ""]
    for figure in figures:
        if figure.stem.endswith("-seconds"):
            continue
        seconds = figure.with_name(f"{figure.stem}-seconds.svg")
        lines += [f"## `{figure.stem}`", "", f"Median effort: ![{figure.stem}](../hardness/{figure.name})", ""]
        if seconds.is_file():
            lines += [f"Median seconds: ![{seconds.stem}](../hardness/{seconds.name})", ""]
    (out / "hardness.md").write_text("\n".join(lines), encoding="utf-8")
    return 1


def _canonical(obj: Any) -> str:
    return f"{obj.__module__}.{obj.__qualname__}"


def _write_api(folder: Path) -> int:
    """The API reference: ``npw.api``'s names, each documented once under its defining module.

    The public surface is ``npw.api`` (what scripts and notebooks import) and the contract's
    types it re-exports; the instance types are documented on their family's page. Every module
    keeps its public names in ``__all__`` and its own docstring (read them in the source).
    """
    import npw.api as api
    from npw.instances.registry import builtin_problem_modules, get_problem

    instance_types = {get_problem(pid).instance_type for pid in builtin_problem_modules()}
    functions, types = [], []
    for name in api.__all__:
        obj = getattr(api, name)
        if obj in instance_types:
            continue
        (types if isinstance(obj, type) else functions).append(obj)
    verbs = ["``npw.api``: the verbs", "=" * 26, "", ".. automodule:: npw.api", "   :no-members:", ""]
    for obj in functions:
        verbs += [f".. autofunction:: {_canonical(obj)}", ""]
    (folder / "verbs.rst").write_text("\n".join(verbs), encoding="utf-8")
    kinds = ["The contract's types", "=" * 20, "",
             "What a problem, a reduction, a claim, a decider's result and a verification report are "
             "(``docs/contract.md`` says what each promises). Importable from ``npw.api``.", ""]
    for obj in types:
        kinds += [f".. autoclass:: {_canonical(obj)}", "   :members:", ""]
    (folder / "types.rst").write_text("\n".join(kinds), encoding="utf-8")
    index = ["API reference", "=============", "",
             "Generated from the docstrings (numpy style). Scripts and notebooks import from :mod:`npw.api`; "
             "each problem's instance type is on its family's page (:doc:`../families/index`). Their "
             "``>>>`` examples are run by ``tests/test_doctests.py``.",
             "", ".. toctree::", "   :maxdepth: 2", "", "   verbs", "   types", ""]
    (folder / "index.rst").write_text("\n".join(index), encoding="utf-8")
    return 3


_SUBSTITUTION = re.compile(r"(?<![\\`|])\|(?=\S)([^|`\n]*?\S)\|(?![|_])")
_LITERAL = re.compile(r"(``.*?``)")


def escape_bars(line: str) -> str:
    """``|x|`` (an absolute value, a size) kept as text, not read as a reStructuredText
    substitution; inline literals and table or line-block lines are left alone.

    >>> escape_bars("at most |V| - 1 steps, ``a|b|c`` kept")
    'at most \\\\|V\\\\| - 1 steps, ``a|b|c`` kept'
    """
    if line.lstrip().startswith(("|", "+")):
        return line
    return "".join(part if part.startswith("``") else _SUBSTITUTION.sub(r"\\|\1\\|", part)
                   for part in _LITERAL.split(line))


def _process_docstring(app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    lines[:] = [escape_bars(line) for line in lines]


def _builder_inited(app: Any) -> None:
    write_pages(Path(app.srcdir))


def setup(app: Any) -> dict[str, Any]:
    app.connect("builder-inited", _builder_inited)
    app.connect("autodoc-process-docstring", _process_docstring)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
