"""Instances drawn in a notebook (issue 32, item 4): ``_repr_svg_`` and ``_repr_html_``.

Jupyter (IPython's display formatter) shows an object by the first of its ``_repr_*_`` methods
the front end renders; these put the problem's own drawing there (``Problem.renderer``, what
``npw render`` draws). They are added once per instance type, when its :class:`Problem` record
is made (``Problem.__post_init__`` calls :func:`register_drawing`), so every problem, built in,
a plugin's or a user's (:mod:`npw.custom`), has them without an edit of its own class; a class
that defines its own keeps it. ``npw.api`` also adds them to the types it exports, for a class
imported before its problem's record (the graph problems' classes live apart from their records).

A method that cannot draw returns None, and the notebook falls back to the text ``repr``: no
renderer, a renderer that fails, or a drawing past :data:`MAX_NOTEBOOK_SVG` characters.

>>> from npw.api import ThreeSat
>>> formula = ThreeSat(3, [(1, 2, 3), (-1, -2, 3)])
>>> formula._repr_svg_().startswith("<svg"), formula._repr_html_().startswith('<div class="npw-instance"')
(True, True)
"""

from __future__ import annotations

import importlib
from html import escape
from typing import Any, Callable

__all__ = ["MAX_NOTEBOOK_SVG", "SVG", "add_notebook_reprs", "instance_html", "instance_svg", "register_drawing",
           "set_renderer_lookup"]

# problem id -> its record's renderer ("module:name" or a callable), noted as each record is made;
# this module imports nothing of the registry (which imports the records' module): no cycle
_RENDERERS: dict[str, Any] = {}
# the registry's lookup (npw.instances.registry.renderer_for), for a problem whose record is not
# made yet when one of its instances is drawn (set when the registry is imported)
_LOOKUP: list[Callable[[str], Any]] = []

MAX_NOTEBOOK_SVG = 3_000_000
"""The longest drawing (characters of SVG) a notebook is given; a larger instance shows as text
(``npw render`` still draws it to a file)."""


class SVG(str):
    """SVG text that a notebook draws (``_repr_svg_``) and everything else takes as the string it
    is: written to a file, compared, searched, JSON-encoded as before.

    Parameters
    ----------
    text : str
        An SVG document.

    Examples
    --------
    >>> drawing = SVG('<svg xmlns="http://www.w3.org/2000/svg"/>')
    >>> drawing == '<svg xmlns="http://www.w3.org/2000/svg"/>', drawing.startswith("<svg"), isinstance(drawing, str)
    (True, True, True)
    >>> drawing._repr_svg_() == drawing
    True
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def instance_svg(instance: Any, certificate: Any = None) -> SVG | None:
    """The instance drawn by its problem's renderer (with ``certificate`` where given), or None
    when it has no renderer, the renderer fails or the drawing is too large for a notebook.

    Parameters
    ----------
    instance : Any
        An instance of a registered problem.
    certificate : Any, optional
        A certificate, drawn over the instance where the renderer can.

    Returns
    -------
    SVG or None
        The drawing.

    Examples
    --------
    >>> from npw.api import SubsetSum
    >>> instance_svg(SubsetSum((3, 5, 7), 12)).count('data-el="number:')
    3
    """
    try:
        renderer = _renderer(instance.problem)
        if renderer is None:
            return None
        svg = renderer(instance) if certificate is None else renderer(instance, certificate=certificate)
    except Exception:  # a drawing must never cost the notebook its output: the text repr stands in
        return None
    if not isinstance(svg, str) or len(svg) > MAX_NOTEBOOK_SVG:
        return None
    return SVG(svg)


def register_drawing(problem: Any) -> None:
    """Notes a problem record's renderer and gives its instance type the notebook's methods
    (:func:`add_notebook_reprs`): what ``Problem.__post_init__`` calls for every record made.

    Parameters
    ----------
    problem : Problem
        The record (its ``id``, ``renderer`` and ``instance_type`` are read).

    Examples
    --------
    >>> from npw.api import get_problem
    >>> register_drawing(get_problem("subsetsum"))  # done already when the record was made
    >>> callable(get_problem("subsetsum").instance_type._repr_svg_)
    True
    """
    if problem.renderer is not None:
        _RENDERERS[problem.id] = problem.renderer
    add_notebook_reprs(problem.instance_type)


def set_renderer_lookup(lookup: Callable[[str], Any]) -> None:
    """The function that finds a problem's renderer by id when no record has been noted for it
    (:func:`register_drawing`): the registry's ``renderer_for``, set as the registry is imported.

    Parameters
    ----------
    lookup : callable
        ``lookup(problem_id)`` -> the renderer or None.

    Examples
    --------
    >>> from npw.instances.registry import renderer_for
    >>> set_renderer_lookup(renderer_for)
    """
    _LOOKUP[:] = [lookup]


def _renderer(problem_id: str) -> Callable[..., str] | None:
    spec = _RENDERERS.get(problem_id)
    if spec is None:
        return _LOOKUP[0](problem_id) if _LOOKUP else None
    if not isinstance(spec, str):
        return spec
    module, _, name = spec.partition(":")
    value: Any = importlib.import_module(module)
    for part in name.split("."):
        value = getattr(value, part)
    return value


def _caption(instance: Any) -> str:
    try:
        size = ", ".join(f"{name} = {value}" for name, value in instance.size().items())
    except Exception:
        size = ""
    return f"{instance.problem}" + (f": {size}" if size else "")


def instance_html(instance: Any) -> str | None:
    """The instance's drawing as HTML for a notebook: the SVG in a box that scrolls where the
    drawing is wider than the page, its problem and size as the box's tooltip (the renderers
    write their own heading); None where :func:`instance_svg` gives none.

    Parameters
    ----------
    instance : Any
        An instance of a registered problem.

    Returns
    -------
    str or None
        A ``<div>`` holding the SVG.

    Examples
    --------
    >>> from npw.api import SubsetSum
    >>> print(instance_html(SubsetSum((3, 5, 7), 12)).split(">")[0] + ">")
    <div class="npw-instance" title="subsetsum: numbers = 3, target = 12, bits = 4" style="overflow:auto;max-width:100%">
    """
    svg = instance_svg(instance)
    if svg is None:
        return None
    return (f'<div class="npw-instance" title="{escape(_caption(instance))}" style="overflow:auto;max-width:100%">'
            f"{svg}</div>")


def _repr_svg(self: Any) -> str | None:
    return instance_svg(self)


def _repr_html(self: Any) -> str | None:
    return instance_html(self)


def add_notebook_reprs(instance_type: type) -> type:
    """Gives ``instance_type`` the notebook's ``_repr_svg_`` and ``_repr_html_`` (the problem's
    drawing), unless it has its own; a type that takes no new attribute (a built-in) is left as
    it is.

    Parameters
    ----------
    instance_type : type
        A problem's instance class.

    Returns
    -------
    type
        The same class.

    Examples
    --------
    >>> class Mine:
    ...     problem = "subsetsum"
    ...     def _repr_html_(self):
    ...         return "<b>mine</b>"
    >>> add_notebook_reprs(Mine) is Mine, Mine()._repr_html_(), callable(Mine._repr_svg_)
    (True, '<b>mine</b>', True)
    """
    for name, method in (("_repr_svg_", _repr_svg), ("_repr_html_", _repr_html)):
        if getattr(instance_type, name, None) is None:
            try:
                setattr(instance_type, name, method)
            except (TypeError, AttributeError):  # a built-in or extension type
                return instance_type
    return instance_type
