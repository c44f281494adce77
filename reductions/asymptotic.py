"""Asymptotic size formulas: a target size declared as ``O(expression)`` in the source's measures.

Peers state a reduction's size the way a proof does, ``O(n^2)``, not as an exact count. A size
formula may give such a value for a measure: ``O("n^2", n=len(src.clauses))``. The verifier
cannot check one case against it (a constant factor is free), so it collects the pairs
(declared growth, built size) over the stream and fits the exponent the sizes grow with
(:mod:`npw.verify.growth`), reported against the declared one.

The expression is read by a small parser of its own, never evaluated as Python: names (the
measures given), numbers, ``+``, ``*``, ``/``, ``^`` (or ``**``) with a constant exponent,
parentheses, ``log(...)`` and ``sqrt(...)``; ``n log n`` is read as ``n*log(n)``.

>>> size = O("n^2 + m", n=3, m=4)
>>> size.value(), size.degree, str(size)
(13.0, 2.0, 'O(n^2 + m)')
"""

from __future__ import annotations

import ast
import math
import re
from dataclasses import dataclass
from typing import Any

__all__ = ["O", "Order", "OrderError", "order_of_text"]

# the longest expression read (a size formula's text, not data: short)
MAX_EXPRESSION_CHARS = 200
MAX_EXPONENT = 16  # no size formula grows faster than this power
_FUNCTIONS = {"log": lambda x: math.log(max(x, 2.0)), "sqrt": math.sqrt}


class OrderError(ValueError):
    """An ``O(...)`` expression the parser does not read, or a measure it names that is not given."""


def _parse(expression: str) -> ast.expr:
    """The expression's syntax tree (``^`` as a power, ``n log n`` as ``n*log(n)``), checked to
    use only what the module docstring lists."""
    if len(expression) > MAX_EXPRESSION_CHARS:
        raise OrderError(f"O({expression[:40]}...): longer than {MAX_EXPRESSION_CHARS} characters")
    text = expression.replace("^", "**")
    text = re.sub(r"\b(log|sqrt)\s+(\w+)", r"\1(\2)", text)  # "log n" is log(n)
    # juxtaposition means a product where a name or ')' is followed by a name or '(' ("n log n", "2n")
    text = re.sub(r"(?<=[\w)])\s+(?=[A-Za-z_(])", "*", text.strip())
    text = re.sub(r"(?<=\d)(?=[A-Za-z_(])", "*", text)
    try:
        tree = ast.parse(text, mode="eval").body  # parsed only: the tree is walked below, never run
    except SyntaxError:
        raise OrderError(f"O({expression}): not an expression of measures, numbers, + * / ^ and log()") from None
    for node in ast.walk(tree):
        allowed = isinstance(node, (ast.BinOp, ast.Name, ast.Load, ast.Add, ast.Mult, ast.Div, ast.Pow, ast.Call))
        if isinstance(node, ast.Constant):
            allowed = isinstance(node.value, (int, float)) and not isinstance(node.value, bool)
        if isinstance(node, ast.Call):
            allowed = (isinstance(node.func, ast.Name) and node.func.id in _FUNCTIONS and len(node.args) == 1
                       and not node.keywords)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):  # a bounded constant exponent
            allowed = isinstance(node.right, ast.Constant) and abs(node.right.value) <= MAX_EXPONENT
        if not allowed:
            raise OrderError(f"O({expression}): {type(node).__name__.lower()} is not allowed "
                             "(measures, numbers, + * / ^ with a constant exponent up to 16, log(), sqrt())")
    return tree


def _evaluate(node: ast.expr, measures: dict[str, float], expression: str) -> float:
    if isinstance(node, ast.Constant):
        return float(node.value)
    if isinstance(node, ast.Name):
        if node.id not in measures:
            raise OrderError(f"O({expression}): no value given for {node.id!r}")
        return float(measures[node.id])
    if isinstance(node, ast.Call):
        assert isinstance(node.func, ast.Name)
        return _FUNCTIONS[node.func.id](_evaluate(node.args[0], measures, expression))
    assert isinstance(node, ast.BinOp)
    left, right = _evaluate(node.left, measures, expression), _evaluate(node.right, measures, expression)
    if isinstance(node.op, ast.Add):
        return left + right
    if isinstance(node.op, ast.Mult):
        return left * right
    if isinstance(node.op, ast.Div):
        return left / right if right else math.inf
    return left ** right


def _degree(node: ast.expr) -> float:
    """The polynomial degree when every measure grows together (a log counts 0, a constant 0)."""
    if isinstance(node, ast.Name):
        return 1.0
    if isinstance(node, ast.Constant):
        return 0.0
    if isinstance(node, ast.Call):  # sqrt halves the degree; a log grows slower than any power
        assert isinstance(node.func, ast.Name)
        return 0.5 * _degree(node.args[0]) if node.func.id == "sqrt" else 0.0
    assert isinstance(node, ast.BinOp)
    if isinstance(node.op, ast.Add):
        return max(_degree(node.left), _degree(node.right))
    if isinstance(node.op, ast.Mult):
        return _degree(node.left) + _degree(node.right)
    if isinstance(node.op, ast.Div):
        return _degree(node.left) - _degree(node.right)
    return _degree(node.left) * float(node.right.value)  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Order:
    """A size formula's value ``O(expression)``: the built size grows at most as the expression of
    the source's measures (given for this source in ``measures``).

    Parameters
    ----------
    expression : str
        The growth, e.g. ``"n^2"``, ``"n*m"``, ``"n log n"``.
    measures : tuple of (str, float)
        The value of every name the expression uses, for the source at hand.

    Examples
    --------
    >>> order = Order("n*log(n)", (("n", 8),))
    >>> round(order.value(), 3), order.degree
    (16.636, 1.0)
    """

    expression: str
    measures: tuple[tuple[str, float], ...] = ()

    def __post_init__(self) -> None:
        tree = _parse(self.expression)
        _evaluate(tree, dict(self.measures), self.expression)  # every name has its value

    def value(self) -> float:
        """The expression at this source's measures."""
        return _evaluate(_parse(self.expression), dict(self.measures), self.expression)

    @property
    def degree(self) -> float:
        """The exponent declared: the degree of the expression when all measures grow together."""
        return _degree(_parse(self.expression))

    def admits(self, value: Any) -> bool:
        """One case cannot contradict an order (a constant factor is free): any size is admitted."""
        return isinstance(value, int)

    def __str__(self) -> str:
        return f"O({self.expression})"


def order_of_text(text: str, measures: dict[str, int]) -> Order:
    """A size value written as text, ``"O(clauses^2)"``, as an order in the source's own size
    measures (``src.size()``): the form a port from a library that states sizes as text keeps.

    Parameters
    ----------
    text : str
        ``O(expression)`` naming measures of the source.
    measures : dict
        The source's size measures.

    Raises
    ------
    OrderError
        Text that is not ``O(...)``, or names a measure the source does not have.

    Examples
    --------
    >>> order = order_of_text("O(clauses * variables)", {"variables": 3, "clauses": 4})
    >>> order.value(), order.degree
    (12.0, 2.0)
    """
    stripped = text.strip()
    if not (stripped.startswith("O(") and stripped.endswith(")")):
        raise OrderError(f"size {text!r}: neither a count, a Bound nor O(...)")
    expression = stripped[2:-1]
    try:
        return Order(expression, tuple(sorted(measures.items())))
    except OrderError as error:
        raise OrderError(f"{error} (the source's measures: {', '.join(sorted(measures))})") from None


def O(expression: str, **measures: float) -> Order:  # noqa: N802 (the name a proof uses)
    """``O(expression)`` with the measures' values for this source: a size formula's value.

    Parameters
    ----------
    expression : str
        The growth in the measures named (see the module's grammar).
    **measures : float
        The value of each measure for the source at hand.

    Returns
    -------
    Order

    Raises
    ------
    OrderError
        An expression the parser does not read, or a name without a value.

    Examples
    --------
    >>> from npw.reductions.base import Reduction
    >>> size = lambda src: {"vertices": O("m", m=len(src.clauses)), "edges": O("m^2", m=len(src.clauses))}
    >>> O("m^2", m=5).value(), O("m^2", m=5).degree
    (25.0, 2.0)
    """
    return Order(expression, tuple(sorted(measures.items())))
