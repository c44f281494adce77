"""Runs a Jupyter notebook's code cells without Jupyter (issue 32, item 4): what the test suite
does with ``docs/notebooks/tour.ipynb``, and a way to fill a notebook's outputs for the docs.

The cells run in order in one namespace, as a kernel runs them; a cell's printed text becomes a
``stream`` output and its last line, when an expression with a value, an ``execute_result``
whose data is the object's MIME bundle as IPython's display formatter builds it from the
``_repr_svg_`` / ``_repr_html_`` methods (:func:`mime_bundle`). No ipykernel, nbformat or
nbclient is needed: a notebook is nbformat v4 JSON, read and written here. IPython's magics
(``%time``, ``!ls``) are not run: a cell holding one is refused.

    python -m npw.notebook docs/notebooks/tour.ipynb -o tour-run.ipynb   # the notebook, executed
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import copy
import io
import json
import os
import sys
from pathlib import Path
from typing import Any

__all__ = ["NotebookError", "REPR_METHODS", "execute", "main", "mime_bundle", "read_notebook"]

# the MIME types a notebook front end renders, with the method that gives each (IPython's names)
REPR_METHODS = (("text/html", "_repr_html_"), ("image/svg+xml", "_repr_svg_"))


class NotebookError(Exception):
    """A notebook that is not nbformat v4, or a cell that raised (the message names the cell)."""


def read_notebook(path: str | os.PathLike) -> dict[str, Any]:
    """A notebook file as its JSON, checked to be nbformat v4 with well-formed cells.

    Parameters
    ----------
    path : str or os.PathLike
        The ``.ipynb`` file.

    Returns
    -------
    dict
        The notebook.

    Raises
    ------
    NotebookError
        Not nbformat 4, or a cell without its type or source.

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp(), "n.ipynb")
    >>> _ = path.write_text('{"nbformat": 3, "cells": []}')
    >>> read_notebook(path)
    Traceback (most recent call last):
        ...
    npw.notebook.NotebookError: ...n.ipynb: nbformat 3, not 4
    """
    try:
        notebook = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise NotebookError(f"{path}: {error}") from None
    if not isinstance(notebook, dict) or notebook.get("nbformat") != 4:
        found = notebook.get("nbformat") if isinstance(notebook, dict) else type(notebook).__name__
        raise NotebookError(f"{path}: nbformat {found}, not 4")
    for number, cell in enumerate(notebook.get("cells", [])):
        if cell.get("cell_type") not in ("code", "markdown", "raw") or not isinstance(cell.get("source"), (str, list)):
            raise NotebookError(f"{path}: cell {number} has no cell_type or source")
    return notebook


def mime_bundle(value: Any) -> dict[str, str]:
    """The MIME bundle a notebook shows for ``value``, as IPython's display formatter builds it:
    ``text/plain`` (its ``repr``) and each of ``text/html`` and ``image/svg+xml`` its
    ``_repr_html_`` / ``_repr_svg_`` gives (a method returning None gives none).

    Parameters
    ----------
    value : Any
        The value of a cell's last expression.

    Returns
    -------
    dict[str, str]
        MIME type -> text.

    Examples
    --------
    >>> from npw.api import SubsetSum
    >>> sorted(mime_bundle(SubsetSum((3, 5, 7), 12)))
    ['image/svg+xml', 'text/html', 'text/plain']
    >>> mime_bundle(42)
    {'text/plain': '42'}
    """
    bundle = {"text/plain": repr(value)}
    for mime, name in REPR_METHODS:
        method = getattr(value, name, None)
        if callable(method) and not isinstance(value, type):
            data = method()
            if data is not None:
                bundle[mime] = str(data)
    return bundle


def _source(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _run_cell(code: str, namespace: dict[str, Any], name: str) -> Any:
    """Runs ``code``; returns the value of its last statement when that is an expression (None
    otherwise, as a kernel shows nothing then)."""
    tree = ast.parse(code, name)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, name, "exec"), namespace)
    if last is None:
        return None
    return eval(compile(ast.Expression(last.value), name, "eval"), namespace)


def execute(notebook: dict[str, Any], cwd: str | os.PathLike | None = None) -> dict[str, Any]:
    """The notebook with its code cells run, in order, in one namespace, and their outputs
    filled in (``stream`` for printed text, ``execute_result`` with :func:`mime_bundle` for the
    last expression's value); ``notebook`` itself is left as it was.

    Parameters
    ----------
    notebook : dict
        An nbformat v4 notebook (:func:`read_notebook`).
    cwd : str or os.PathLike, optional
        The folder the cells run in (a kernel runs in the notebook's own); None: the current one.

    Returns
    -------
    dict
        The executed copy.

    Raises
    ------
    NotebookError
        A cell raised (the message names the cell and the error), or holds an IPython magic.

    Examples
    --------
    >>> cells = [{"cell_type": "code", "source": "x = 6 * 7\\nx", "metadata": {}, "outputs": [],
    ...           "execution_count": None}]
    >>> done = execute({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": cells})
    >>> done["cells"][0]["outputs"][0]["data"], done["cells"][0]["execution_count"]
    ({'text/plain': '42'}, 1)
    """
    done = copy.deepcopy(notebook)
    namespace: dict[str, Any] = {"__name__": "__main__"}
    count = 0
    previous = os.getcwd()
    try:
        if cwd is not None:
            os.chdir(cwd)
        for number, cell in enumerate(done.get("cells", [])):
            if cell["cell_type"] != "code":
                continue
            code = _source(cell)
            if any(line.lstrip().startswith(("%", "!")) for line in code.splitlines()):
                raise NotebookError(f"cell {number}: IPython magics and shell escapes are not run here")
            count += 1
            printed = io.StringIO()
            try:
                with contextlib.redirect_stdout(printed):
                    value = _run_cell(code, namespace, f"<cell {number}>")
            except Exception as error:
                raise NotebookError(f"cell {number} raised {type(error).__name__}: {error}") from error
            outputs: list[dict[str, Any]] = []
            if printed.getvalue():
                outputs.append({"output_type": "stream", "name": "stdout", "text": printed.getvalue()})
            if value is not None:
                outputs.append({"output_type": "execute_result", "execution_count": count, "metadata": {},
                                "data": mime_bundle(value)})
            cell["outputs"], cell["execution_count"] = outputs, count
    finally:
        os.chdir(previous)
    return done


def main(argv: list[str] | None = None) -> int:
    """``python -m npw.notebook NOTEBOOK [-o OUT]``: runs the notebook (in its own folder) and
    writes the executed copy to OUT (without ``-o``: only runs it); exit status 1 and one line
    on standard error when a cell raises.

    Parameters
    ----------
    argv : list of str, optional
        The arguments; None: ``sys.argv[1:]``.

    Returns
    -------
    int
        The exit status.

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp(), "n.ipynb")
    >>> _ = path.write_text(json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
    ...     {"cell_type": "code", "source": "print(1 + 1)", "metadata": {}, "outputs": [], "execution_count": None}]}))
    >>> main([str(path), "-o", str(path.with_name("out.ipynb"))])
    0
    >>> json.loads(path.with_name("out.ipynb").read_text())["cells"][0]["outputs"][0]["text"]
    '2\\n'
    """
    parser = argparse.ArgumentParser(prog="python -m npw.notebook", description=__doc__.splitlines()[0])
    parser.add_argument("notebook")
    parser.add_argument("-o", "--output", help="write the executed notebook here")
    args = parser.parse_args(argv)
    try:
        done = execute(read_notebook(args.notebook), cwd=Path(args.notebook).resolve().parent)
    except NotebookError as error:
        print(f"npw.notebook: error: {error}", file=sys.stderr)
        return 1
    if args.output:
        Path(args.output).write_text(json.dumps(done, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
