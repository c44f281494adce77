"""Mutation testing of one reduction, judged by the verifier: how strong is a PASS?

A *mutant* is the reduction's module with one small change to the reduction's own code: an
integer constant one up or down, a comparison flipped, ``and``/``or`` swapped, a unary minus
removed or added (the sign of a literal: the classic SAT-encoding slip), a statement that adds a
clause, edge or element dropped (an ``.append(...)``/``.add(...)`` call statement, an element of
a list display), a ``return X`` made ``return None`` (or an empty collection), ``+`` and ``-``
swapped. Each mutant runs the verifier's default stream (fail-fast) in a child process of its
own, with a wall-time limit: **killed** (the verifier failed it), **survived** (it passed),
**timed out** (the limit ran out; counted against the score, as a survivor is), or **invalid**
(it does not compile or import, or its module no longer builds the reduction: not counted).
The score is ``killed / (killed + survived + timed out)``.

Which code is the reduction's own: the module that declares it (the registry's
``module:ATTRIBUTE``, or a user's ``FILE.py:NAME``), from the statement that builds the record:
the functions and module constants that statement names (``Reduction.of_module`` names
``reduce``, ``forward``, ``backward``, ``size``, ``build_with``), and those they name in turn.
Claims, ``provenance``, ``draw`` and ``source_sample`` are not mutated (they check or show the
reduction, or make its stream), nor guards that only decide when to refuse (``raise``
statements, ``refuse_target_size(...)`` calls) and f-strings (messages).

The mutant's source is the original text with one span replaced (``ast.unparse`` of the mutated
node), so its diff shows one changed place. Why npw does not use mutmut or cosmic-ray:
docs/mutation.md.

>>> points = mutation_points("def f(x):\\n    return x + 1\\n", ["f"])
>>> [(p.operator, p.description) for p in points]  # doctest: +NORMALIZE_WHITESPACE
[('constant', 'constant 1 -> 2'), ('constant', 'constant 1 -> 0'), ('sign', '1 -> -1'),
 ('return', 'return x + 1 -> return None'), ('arithmetic', '+ -> -')]
>>> print(apply_point("def f(x):\\n    return x + 1\\n", points[-1]), end="")
def f(x):
    return x - 1
"""

from __future__ import annotations

import ast
import dataclasses
import difflib
import os
import random
import signal
import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

__all__ = [
    "ArithmeticOperator", "BooleanOperator", "ComparisonOperator", "ConstantOperator", "DropOperator", "INVALID",
    "AUTO_BASELINE_SECONDS", "AUTO_TIMEOUT_FACTOR", "AUTO_TIMEOUT_MINIMUM", "KILLED", "MAP_FIELDS", "MutantResult", "MutationPoint", "MutationReport", "OPERATORS", "ReturnOperator",
    "SURVIVED", "SignOperator", "TIMED_OUT", "apply_point", "auto_timeout", "mutant_diff", "mutate_reduction", "mutation_points",
    "roots_of",
]

KILLED, SURVIVED, TIMED_OUT, INVALID = "killed", "survived", "timed out", "invalid"

AUTO_TIMEOUT_FACTOR = 3.0
"""With ``timeout=None`` (``--timeout auto``), each mutant gets this many times the original's own
measured time in the same run ..."""
AUTO_TIMEOUT_MINIMUM = 20.0
"""... and at least this many seconds (a fast original's mutants still get room for a slow case)."""
AUTO_BASELINE_SECONDS = 600.0
"""With ``timeout=None``, the original's own limit: past it there is no score (the original timed out)."""


def auto_timeout(baseline_seconds: float) -> float:
    """The per-mutant limit of ``--timeout auto``: :data:`AUTO_TIMEOUT_FACTOR` times the original's
    own time in the same run, at least :data:`AUTO_TIMEOUT_MINIMUM` seconds. Measured in the same
    run, it scales with the machine's load: a mutant is judged against the original under the
    same conditions, not against a fixed number chosen on a quiet machine.

    >>> auto_timeout(2.0), auto_timeout(12.5)
    (20.0, 37.5)
    """
    return max(AUTO_TIMEOUT_MINIMUM, AUTO_TIMEOUT_FACTOR * baseline_seconds)

MAP_FIELDS = ("reduce", "forward", "backward", "size", "build_with")
"""The record's fields whose code is mutated (and the names ``Reduction.of_module`` takes them from)."""

# keyword arguments of the record's statement that are not the reduction's construction
_NOT_CONSTRUCTION = {"claims", "provenance", "draw", "source_sample", "id", "source", "target", "reference",
                     "checked", "notes", "options"}
# method calls whose statement adds a clause, edge or element: dropping one is a mutant
_ADDERS = {"append", "add", "extend", "update", "insert", "appendleft", "add_edge", "add_edges", "add_clause",
           "add_node", "setdefault"}
# calls whose statement only guards the size of what is built (refusing huge inputs)
_GUARDS = {"refuse_target_size"}
_EMPTY_OF = {"list": "[]", "tuple": "()", "set": "set()", "frozenset": "frozenset()", "sorted": "[]", "dict": "{}"}


@dataclass(frozen=True)
class MutationPoint:
    """One mutation: the source span it replaces and the text it puts there.

    ``number`` counts the module's points from 0 in operator order, then source order;
    ``start`` and ``end`` are (line, byte column) as ``ast`` gives them (lines from 1).
    """

    number: int
    operator: str
    line: int
    description: str
    start: tuple[int, int]
    end: tuple[int, int]
    replacement: str


# -- the operators: one NodeTransformer each ---------------------------------------------------------

class _Operator(ast.NodeTransformer):
    """Collects this operator's mutation points in the trees it visits: ``(node, replacement text,
    description)``; the tree is left as it is (the mutant is the source with one span replaced)."""

    name = ""

    def __init__(self, source: str, skip: frozenset[int] = frozenset()) -> None:
        self.source = source
        self.skip = skip  # ids of nested functions that are not the construction (a factory's provenance)
        self.found: list[tuple[ast.AST, str, str]] = []

    def add(self, node: ast.AST, replacement: str, description: str) -> None:
        self.found.append((node, replacement, description))

    def text(self, node: ast.AST) -> str:
        return ast.get_source_segment(self.source, node) or ast.unparse(node)

    # never inside messages, annotations, or guards that only refuse
    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        return node

    def visit_Raise(self, node: ast.Raise) -> ast.AST:
        return node

    def visit_arg(self, node: ast.arg) -> ast.AST:
        return node

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        if node.value is not None:
            self.visit(node.value)
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        if id(node) in self.skip:
            return node
        for default in node.args.defaults + [d for d in node.args.kw_defaults if d is not None]:
            self.visit(default)
        for statement in node.body:
            self.visit(statement)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def visit_Expr(self, node: ast.Expr) -> ast.AST:
        if _is_guard(node):
            return node
        return self.generic_visit(node)


def _is_guard(statement: ast.stmt) -> bool:
    call = statement.value if isinstance(statement, ast.Expr) else None
    if not isinstance(call, ast.Call):
        return False
    name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", None)
    return name in _GUARDS


class ConstantOperator(_Operator):
    """An integer constant one up and one down (not a bool)."""

    name = "constant"

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if isinstance(node.value, int) and not isinstance(node.value, bool):
            for value in (node.value + 1, node.value - 1):
                text = str(value) if value >= 0 else f"({value})"
                self.add(node, text, f"constant {node.value} -> {value}")
        return node


_FLIPS: dict[type, type] = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
                            ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot,
                            ast.IsNot: ast.Is}
_SYMBOL = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=", ast.In: "in",
           ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not", ast.Add: "+", ast.Sub: "-", ast.And: "and",
           ast.Or: "or"}


class ComparisonOperator(_Operator):
    """A comparison flipped: ``<`` and ``<=``, ``>`` and ``>=``, ``==`` and ``!=``, ``in`` and
    ``not in``, ``is`` and ``is not``."""

    name = "comparison"

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        for i, op in enumerate(node.ops):
            flipped = _FLIPS.get(type(op))
            if flipped is None:
                continue
            mutant = ast.Compare(node.left, [flipped() if j == i else o for j, o in enumerate(node.ops)],
                                 node.comparators)
            self.add(node, ast.unparse(mutant), f"{_SYMBOL[type(op)]} -> {_SYMBOL[flipped]}")
        return node


class BooleanOperator(_Operator):
    """``and`` and ``or`` swapped."""

    name = "boolean"

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        self.generic_visit(node)
        other = ast.Or if isinstance(node.op, ast.And) else ast.And
        self.add(node, f"({ast.unparse(ast.BoolOp(other(), node.values))})",
                 f"{_SYMBOL[type(node.op)]} -> {_SYMBOL[other]}")
        return node


class SignOperator(_Operator):
    """A unary minus removed (``-x`` -> ``x``) or added: on a non-zero integer literal, and on a
    name, call, attribute or subscript that is an element of a tuple or list display (a clause's
    literal ``(a, -b)``, an edge's end)."""

    name = "sign"

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        if isinstance(node.op, ast.USub):
            if not isinstance(node.operand, ast.Constant):  # -3: one point, the minus removed
                self.generic_visit(node)
            self.add(node, f"({ast.unparse(node.operand)})", f"-{self.text(node.operand)} -> {self.text(node.operand)}")
            return node
        return self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if isinstance(node.value, int) and not isinstance(node.value, bool) and node.value != 0:
            self.add(node, f"(-{node.value})", f"{node.value} -> -{node.value}")
        return node

    def _elements(self, node: ast.Tuple | ast.List) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.ctx, ast.Load):
            for element in node.elts:
                if isinstance(element, (ast.Name, ast.Call, ast.Attribute, ast.Subscript)):
                    text = self.text(element)
                    self.add(element, f"-{text}", f"{text} -> -{text}")
        return node

    visit_Tuple = _elements  # type: ignore[assignment]
    visit_List = _elements  # type: ignore[assignment]


class DropOperator(_Operator):
    """A statement that adds a clause, edge or element dropped (``x.append(...)``, ``.add``,
    ``.extend`` ... as a statement), or an element of a list or set display removed, or of a
    tuple display of tuples or lists (a gadget's edge list)."""

    name = "drop"

    def visit_Expr(self, node: ast.Expr) -> ast.AST:
        if _is_guard(node):
            return node
        self.generic_visit(node)
        call = node.value
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr in _ADDERS:
            self.add(node, "pass", f"dropped {_one_line(self.text(node))}")
        return node

    def _elements(self, node: ast.AST) -> ast.AST:
        self.generic_visit(node)
        elements = node.elts  # type: ignore[attr-defined]
        if getattr(node, "ctx", ast.Load()).__class__ is not ast.Load or len(elements) < 2:
            return node
        if isinstance(node, ast.Tuple) and not all(isinstance(e, (ast.Tuple, ast.List)) for e in elements):
            return node
        if any(isinstance(e, ast.Starred) for e in elements):
            return node
        for i, element in enumerate(elements):
            rest = [e for j, e in enumerate(elements) if j != i]
            mutant = type(node)(elts=rest, **({"ctx": ast.Load()} if not isinstance(node, ast.Set) else {}))
            self.add(node, ast.unparse(mutant), f"dropped element {_one_line(self.text(element))}")
        return node

    visit_List = _elements  # type: ignore[assignment]
    visit_Set = _elements  # type: ignore[assignment]
    visit_Tuple = _elements  # type: ignore[assignment]


class ReturnOperator(_Operator):
    """``return X`` replaced by ``return None`` and, where X is a collection, by its empty one."""

    name = "return"

    def visit_Return(self, node: ast.Return) -> ast.AST:
        self.generic_visit(node)
        value = node.value
        if value is None or (isinstance(value, ast.Constant) and value.value is None):
            return node
        shown = _one_line(self.text(value))
        self.add(node, "return None", f"return {shown} -> return None")
        empty = None
        if isinstance(value, (ast.List, ast.ListComp)):
            empty = "[]"
        elif isinstance(value, ast.Tuple):
            empty = "()"
        elif isinstance(value, (ast.Set, ast.SetComp)):
            empty = "set()"
        elif isinstance(value, (ast.Dict, ast.DictComp)):
            empty = "{}"
        elif isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in _EMPTY_OF:
            empty = _EMPTY_OF[value.func.id]
        if empty is not None:
            self.add(node, f"return {empty}", f"return {shown} -> return {empty}")
        return node


class ArithmeticOperator(_Operator):
    """``+`` and ``-`` swapped (in an expression and in ``+=``/``-=``), not on strings."""

    name = "arithmetic"

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, (ast.Add, ast.Sub)) and not any(
                isinstance(side, (ast.JoinedStr, ast.List, ast.Tuple, ast.ListComp))
                or (isinstance(side, ast.Constant) and isinstance(side.value, str)) for side in (node.left, node.right)):
            other = ast.Sub if isinstance(node.op, ast.Add) else ast.Add
            self.add(node, ast.unparse(ast.BinOp(node.left, other(), node.right)),
                     f"{_SYMBOL[type(node.op)]} -> {_SYMBOL[other]}")
        return node

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, (ast.Add, ast.Sub)) and not (
                isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            other = ast.Sub if isinstance(node.op, ast.Add) else ast.Add
            self.add(node, ast.unparse(ast.AugAssign(node.target, other(), node.value)),
                     f"{_SYMBOL[type(node.op)]}= -> {_SYMBOL[other]}=")
        return node


OPERATORS: tuple[type[_Operator], ...] = (ConstantOperator, ComparisonOperator, BooleanOperator, SignOperator,
                                          DropOperator, ReturnOperator, ArithmeticOperator)
"""The operators, in the order their points are numbered."""


def _one_line(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "..."


# -- which code is the reduction's own ------------------------------------------------------------

def _defined_names(statement: ast.stmt) -> list[str]:
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [statement.name]
    if isinstance(statement, ast.Assign):
        return [t.id for t in statement.targets if isinstance(t, ast.Name)]
    if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
        return [statement.target.id]
    return []


def _construction_parts(statement: ast.stmt) -> list[ast.AST]:
    """The record's statement less its keyword arguments that are not the construction
    (claims, provenance, drawing, stream, texts)."""
    value = getattr(statement, "value", None)
    if not isinstance(value, ast.Call):
        return [statement]
    parts: list[ast.AST] = [value.func, *value.args]
    parts += [k.value for k in value.keywords if k.arg not in _NOT_CONSTRUCTION]
    return parts


def _not_construction_functions(node: ast.AST) -> list[ast.AST]:
    """Functions nested in ``node`` that a record's call inside it names by a keyword that is not
    the construction (``provenance=provenance`` in a factory ``make_reduction``): not mutated,
    as a module-level ``provenance`` is not.

    >>> tree = ast.parse("def make():\\n    def reduce(s): return s\\n    def provenance(s, t): return {}\\n"
    ...                  "    return Reduction(reduce=reduce, provenance=provenance)\\n")
    >>> [f.name for f in _not_construction_functions(tree.body[0])]
    ['provenance']
    """
    names = {k.value.id for call in ast.walk(node) if isinstance(call, ast.Call) for k in call.keywords
             if k.arg in _NOT_CONSTRUCTION and isinstance(k.value, ast.Name)}
    return [f for f in ast.walk(node) if f is not node and isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
            and f.name in names]


def _walk_unguarded(node: ast.AST) -> Iterator[ast.AST]:
    """``ast.walk`` less guards (``raise`` statements, ``refuse_target_size(...)`` calls): a helper
    named only there (the count a size limit is checked on) is not the construction."""
    todo = [node]
    while todo:
        current = todo.pop()
        if isinstance(current, ast.Raise) or (isinstance(current, ast.stmt) and _is_guard(current)):
            continue
        yield current
        todo.extend(ast.iter_child_nodes(current))


def roots_of(tree: ast.Module, name: str) -> list[str]:
    """The top-level names (functions, classes, constants) that the statement building ``name``
    reaches, that statement's own name included: what is mutated.

    >>> tree = ast.parse("K = 2\\ndef helper(x): return x * K\\ndef reduce(s): return helper(s)\\n"
    ...                  "def claim(s, t): return True\\nR = Reduction(reduce=reduce, claims=(claim,))\\n")
    >>> roots_of(tree, "R")
    ['K', 'helper', 'reduce', 'R']
    >>> guarded = ast.parse("def count(s): return 2 * s\\ndef reduce(s):\\n    refuse_target_size('r', 'x', count(s))\\n"
    ...                     "    return s\\nR = Reduction(reduce=reduce)\\n")
    >>> roots_of(guarded, "R")
    ['reduce', 'R']
    """
    statements: dict[str, ast.stmt] = {}
    for statement in tree.body:
        for defined in _defined_names(statement):
            statements[defined] = statement
    if name not in statements:
        return []
    reached = {name}
    todo: list[ast.AST] = _construction_parts(statements[name])
    # Reduction.of_module(globals(), ...) takes the maps by their conventional names
    value = getattr(statements[name], "value", None)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "of_module":
        given = {k.arg for k in value.keywords}
        todo += [ast.Name(n, ast.Load()) for n in MAP_FIELDS if n not in given and n in statements]
    while todo:
        node = todo.pop()
        for sub in _walk_unguarded(node):
            if isinstance(sub, ast.Name) and sub.id in statements and sub.id not in reached:
                reached.add(sub.id)
                todo.append(statements[sub.id])
    order = {id(s): i for i, s in enumerate(tree.body)}
    return sorted(reached, key=lambda n: (order[id(statements[n])], n))


def mutation_points(source: str, names: Sequence[str]) -> list[MutationPoint]:
    """Every mutation point of the top-level statements defining ``names`` in ``source``.

    Parameters
    ----------
    source : str
        A module's source text.
    names : sequence of str
        The top-level names whose statements are mutated (:func:`roots_of`); the statement of a
        record (``R = Reduction(...)``) is mutated in its construction arguments only.

    Returns
    -------
    list of MutationPoint
        Numbered from 0, operator by operator (:data:`OPERATORS`), in source order within each.

    Examples
    --------
    >>> [p.description for p in mutation_points("def f(a, b):\\n    return a < b\\n", ["f"])][:1]
    ['< -> <=']
    """
    tree = ast.parse(source)
    wanted = set(names)
    parts: list[ast.AST] = []
    for statement in tree.body:
        defined = _defined_names(statement)
        if not wanted.intersection(defined):
            continue
        if isinstance(statement, (ast.Assign, ast.AnnAssign)) and isinstance(statement.value, ast.Call):
            parts += _construction_parts(statement)
        else:
            parts.append(statement)
    skip = frozenset(id(f) for part in parts for f in _not_construction_functions(part))
    points: list[MutationPoint] = []
    for operator_class in OPERATORS:
        operator = operator_class(source, skip)
        for part in parts:
            operator.visit(part)
        found = sorted(operator.found, key=lambda f: (f[0].lineno, f[0].col_offset))  # type: ignore[attr-defined]
        for node, replacement, description in found:
            points.append(MutationPoint(
                len(points), operator.name, node.lineno, description,  # type: ignore[attr-defined]
                (node.lineno, node.col_offset), (node.end_lineno, node.end_col_offset),  # type: ignore[attr-defined]
                replacement))
    return points


def apply_point(source: str, point: MutationPoint) -> str:
    """``source`` with ``point``'s span replaced by its text.

    >>> point = mutation_points("x = [1, 2]\\n", ["x"])[-1]
    >>> point.description, apply_point("x = [1, 2]\\n", point)
    ('dropped element 2', 'x = [1]\\n')
    """
    data = source.encode()
    starts = [0]
    for line in data.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    begin = starts[point.start[0] - 1] + point.start[1]
    end = starts[point.end[0] - 1] + point.end[1]
    return (data[:begin] + point.replacement.encode() + data[end:]).decode()


def mutant_diff(source: str, mutant: str, name: str) -> str:
    """The unified diff of one mutant against its original (one line of context).

    >>> print(mutant_diff("a = 1\\nb = 2\\n", "a = 1\\nb = 3\\n", "m.py"), end="")
    --- m.py
    +++ m.py (mutant)
    @@ -1,2 +1,2 @@
     a = 1
    -b = 2
    +b = 3
    """
    lines = difflib.unified_diff(source.splitlines(keepends=True), mutant.splitlines(keepends=True),
                                 name, f"{name} (mutant)", n=1)
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


# -- running the mutants ---------------------------------------------------------------------------

@dataclass(frozen=True)
class MutantResult:
    """One mutant's outcome: ``status`` (killed, survived, timed out, invalid), what killed it
    (the verifier's failure kinds, or why it is invalid), its seconds and its diff."""

    point: MutationPoint
    status: str
    detail: str
    seconds: float
    diff: str


@dataclass
class MutationReport:
    """What :func:`mutate_reduction` found (``to_json`` is ``npw mutate --json``)."""

    reduction: str
    module: str
    stream: str
    points: int
    baseline: str
    baseline_detail: str
    results: list[MutantResult] = field(default_factory=list)
    seconds: float = 0.0
    timeout: float = 0.0
    timeout_rule: str = ""
    baseline_seconds: float = 0.0
    call_seconds: float = 0.0

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)

    @property
    def score(self) -> float | None:
        """killed / (killed + survived + timed out); None when no mutant counted."""
        counted = self.count(KILLED) + self.count(SURVIVED) + self.count(TIMED_OUT)
        return self.count(KILLED) / counted if counted else None

    def to_json(self) -> dict[str, Any]:
        score = self.score
        return {
            "reduction": self.reduction, "module": self.module, "stream": self.stream,
            "mutation_points": self.points, "mutants": len(self.results), "killed": self.count(KILLED),
            "survived": self.count(SURVIVED), "timed_out": self.count(TIMED_OUT), "invalid": self.count(INVALID),
            "score": None if score is None else round(score, 4), "timeouts_count_as": "survived",
            "baseline": self.baseline, "baseline_detail": self.baseline_detail,
            "timeout": round(self.timeout, 2), "timeout_rule": self.timeout_rule,
            "baseline_seconds": round(self.baseline_seconds, 2), "call_seconds": self.call_seconds,
            "seconds": round(self.seconds, 2),
            "survivors": [{"number": r.point.number, "operator": r.point.operator, "line": r.point.line,
                           "description": r.point.description, "status": r.status, "diff": r.diff}
                          for r in self.results if r.status in (SURVIVED, TIMED_OUT)],
            "results": [{"number": r.point.number, "operator": r.point.operator, "line": r.point.line,
                         "description": r.point.description, "status": r.status, "detail": r.detail,
                         "seconds": round(r.seconds, 2)} for r in self.results],
        }


@dataclass(frozen=True)
class _Target:
    """What is mutated: the reduction's id or file spec, its declaring module's source, file and
    name, the record's attribute, and how the mutant's record is made (in this process for a
    registered reduction; in the sandbox for a user's file)."""

    spec: str
    source: str
    path: str
    module_name: str
    attribute: str
    user_file: bool


def _declaration(reduction_id: str) -> tuple[str, str]:
    """(module name, attribute) declaring a registered reduction; one line, exit 2 otherwise."""
    import importlib

    from npw.cli.common import UsageError
    from npw.reductions.registry import chain_ids, reduction_specs

    specs = reduction_specs()
    spec = specs.get(reduction_id)
    if spec is None:
        if reduction_id in chain_ids():
            raise UsageError(f"mutate: {reduction_id} is a chain; mutate its links one by one")
        from npw.reductions.registry import get_reduction

        get_reduction(reduction_id)  # raises the registry's own message (unknown id, the known ones)
        raise UsageError(f"mutate: {reduction_id} is not a registered reduction")
    if isinstance(spec, str):
        module_name, _, attribute = spec.partition(":")
        return module_name, attribute
    module = importlib.import_module(spec.reduce.__module__)
    for name, value in vars(module).items():
        if value is spec:
            return module.__name__, name
    raise UsageError(f"mutate: cannot find where {reduction_id} is declared")


def _target(spec: str) -> _Target:
    import importlib

    from npw.instances.base import InvalidInstance
    from npw.reductions.user_file import is_file_spec

    if is_file_spec(spec):
        path, _, name = spec.rpartition(":") if not spec.endswith(".py") else (spec, "", "")
        if not os.path.isfile(path):
            raise InvalidInstance(f"{path}: no such file")
        try:
            with open(path, encoding="utf-8") as handle:
                source = handle.read()
            tree = ast.parse(source)
        except (OSError, UnicodeDecodeError, SyntaxError, ValueError) as error:
            raise InvalidInstance(f"{path}: cannot be read as Python ({error})") from None
        if not name:  # the only record the file builds, as load_reduction takes it
            found = [n for s in tree.body if isinstance(s, ast.Assign) and isinstance(s.value, ast.Call)
                     and "Reduction" in ast.unparse(s.value.func) for n in _defined_names(s)]
            if len(found) != 1:
                raise InvalidInstance(f"{path}: name the reduction as {path}:NAME (found: {', '.join(found) or 'none'})")
            name = found[0]
        if not roots_of(tree, name):
            raise InvalidInstance(f"{path}: no top-level statement defines {name!r}")
        return _Target(spec, source, os.path.abspath(path), "", name, True)
    module_name, attribute = _declaration(spec)
    module = importlib.import_module(module_name)
    path = module.__file__ or ""
    with open(path, encoding="utf-8") as handle:
        source = handle.read()
    return _Target(spec, source, path, module_name, attribute, False)


def _verify(reduction: Any, call_seconds: float, seed: int) -> tuple[bool, str, str]:
    """The verifier's default stream on ``reduction``, fail-fast, without shrinking: (passed,
    the failure kinds and first failing case, the stream as command-line text)."""
    from npw.verify.cases import source_problem
    from npw.verify.run import VerifySettings, case_stream, default_stream
    from npw.verify.sweep import verify_reduction

    problem = source_problem(reduction)
    settings, text = default_stream(VerifySettings(seed=seed, timeout=call_seconds, fail_fast=True), problem)
    cases, _ = case_stream(settings, problem)
    report = verify_reduction(reduction, cases, shrink_seconds=0.0, fail_fast=True, timeout=settings.timeout)
    summary = report.summary
    if summary.passed:
        return True, f"{summary.cases} cases", text or "as given"
    kinds = ", ".join(sorted(summary.failure_counts)) or "no case checked"
    first = summary.failures[0].label if summary.failures else ""
    return False, f"{kinds} ({first})" if first else kinds, text or "as given"


def _mutant_reduction(target: _Target, mutant_source: str, number: int) -> Any:
    """The registered reduction with the maps (and claims) the mutant module builds; raises
    ``_Invalid`` where the mutant does not compile, import, or build its record."""
    import importlib.util

    from npw.reductions.base import Reduction
    from npw.reductions.registry import get_reduction

    name = f"npw_mutant_{number}_{target.module_name.rsplit('.', 1)[-1]}"
    try:
        code = compile(mutant_source, target.path, "exec")
    except (SyntaxError, ValueError) as error:
        raise _Invalid(f"does not compile: {error}") from None
    package = target.module_name.rpartition(".")[0]
    spec = importlib.util.spec_from_loader(name, loader=None, origin=target.path)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    module.__file__ = target.path
    module.__package__ = package
    sys.modules[name] = module  # dataclasses defined in the module look their module up
    try:
        exec(code, module.__dict__)
    except Exception as error:
        raise _Invalid(f"does not import: {type(error).__name__}: {error}") from None
    record = getattr(module, target.attribute, None)
    if not isinstance(record, Reduction):
        raise _Invalid(f"the mutant module builds no reduction {target.attribute}")
    registered = get_reduction(target.spec)
    fields = {f: getattr(record, f) for f in MAP_FIELDS}
    return dataclasses.replace(registered, **fields, claims=record.claims)


def _sandboxed_reduction(target: _Target, mutant_source: str, folder: str, number: int, call_seconds: float) -> Any:
    """The mutant of a user's file, served by ``python -m npw.serve`` in the sandbox as ``npw
    verify FILE.py:NAME --sandbox`` runs it: its code never runs in npw's process."""
    import npw
    from npw.exec_process import exec_reduction
    from npw.instances.base import InvalidInstance

    where = os.path.join(folder, str(number))
    os.makedirs(where, exist_ok=True)
    path = os.path.join(where, os.path.basename(target.path))
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(mutant_source)
    try:
        compile(mutant_source, path, "exec")
    except (SyntaxError, ValueError) as error:
        raise _Invalid(f"does not compile: {error}") from None
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONDONTWRITEBYTECODE": "1",
           "PYTHONPATH": os.path.dirname(os.path.dirname(os.path.abspath(npw.__file__)))}
    if os.environ.get("NPW_PROBLEMS"):
        env["NPW_PROBLEMS"] = os.pathsep.join(os.path.abspath(p) for p in os.environ["NPW_PROBLEMS"].split(os.pathsep) if p)
    try:
        return exec_reduction([sys.executable, "-m", "npw.serve", f"{path}:{target.attribute}"],
                              call_seconds=call_seconds, id=target.spec, env=env)
    except InvalidInstance as error:
        raise _Invalid(f"does not start: {error}") from None


class _Invalid(Exception):
    """The mutant does not compile, import or build its reduction."""


def _judge(target: _Target, mutant_source: str | None, number: int, call_seconds: float, seed: int,
           folder: str) -> tuple[str, str]:
    """(status, detail) of one mutant (``mutant_source`` None: the original), in this process."""
    try:
        if target.user_file:
            reduction = _sandboxed_reduction(target, mutant_source if mutant_source is not None else target.source,
                                             folder, number, call_seconds)
        elif mutant_source is None:
            from npw.reductions.registry import get_reduction

            reduction = get_reduction(target.spec)
        else:
            reduction = _mutant_reduction(target, mutant_source, number)
    except _Invalid as error:
        return INVALID, str(error)
    try:
        passed, detail, _ = _verify(reduction, call_seconds, seed)
    finally:
        if target.user_file:
            from npw.exec_process import close_reduction

            close_reduction(reduction)
    return (SURVIVED if passed else KILLED), detail


def _child(connection: Any, target: _Target, mutant_source: str | None, number: int, call_seconds: float,
           seed: int, folder: str) -> None:
    os.setpgrp()  # its own process group: a timeout ends the verifier's children with it
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # unwinds: a sandboxed child is closed
    try:
        sys.stdout = sys.stderr = open(os.devnull, "w")  # the mutant's prints and warnings are not the report's
        result = _judge(target, mutant_source, number, call_seconds, seed, folder)
    except BaseException as error:  # noqa: BLE001 - anything the verifier raised on this mutant
        result = ("error", f"{type(error).__name__}: {error} {traceback.format_exc(limit=3)[-300:]}")
    try:
        connection.send(result)
    finally:
        connection.close()


def _run_all(target: _Target, jobs: list[tuple[int, str | None]], timeout: float, call_seconds: float, seed: int,
             workers: int, folder: str, on_done: Callable[[int, str, str, float], None]) -> None:
    """Runs every job (number, mutant source) in a forked child of its own, ``workers`` at a time;
    a child past ``timeout`` seconds is ended with its process group (timed out)."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    pending = list(jobs)
    running: dict[int, tuple[Any, Any, float]] = {}
    try:
        while pending or running:
            while pending and len(running) < workers:
                number, mutant = pending.pop(0)
                receiver, sender = context.Pipe(duplex=False)
                process = context.Process(target=_child, args=(sender, target, mutant, number, call_seconds, seed,
                                                                folder), daemon=True)
                process.start()
                sender.close()
                running[number] = (process, receiver, time.monotonic())
            time.sleep(0.02)
            for number, (process, receiver, started) in list(running.items()):
                elapsed = time.monotonic() - started
                if receiver.poll():
                    try:
                        status, detail = receiver.recv()
                    except EOFError:
                        status, detail = "error", "the child ended without an answer"
                elif not process.is_alive():
                    status, detail = "error", f"the child ended with status {process.exitcode}"
                elif elapsed > timeout:
                    _end(process)
                    status, detail = TIMED_OUT, f"past {timeout:g} s"
                else:
                    continue
                process.join(1)
                _end(process)
                receiver.close()
                del running[number]
                on_done(number, status, detail, elapsed)
    finally:
        for process, receiver, _ in running.values():
            _end(process)


def _end(process: Any) -> None:
    """Ends a child and its process group: SIGTERM (it closes its sandbox), then SIGKILL."""
    if process.pid is None:
        return
    for sig, wait in ((signal.SIGTERM, 1.0), (signal.SIGKILL, 1.0)):
        try:
            os.killpg(process.pid, sig)
        except (ProcessLookupError, PermissionError):
            break
        process.join(wait)
        if not process.is_alive():
            try:
                os.killpg(process.pid, signal.SIGKILL)  # what it started that outlived it
            except (ProcessLookupError, PermissionError):
                pass
            break


def mutate_reduction(spec: str, *, max_mutants: int | None = 100, timeout: float | None = None, workers: int = 1,
                     seed: int = 0, progress: Callable[[MutantResult], None] | None = None,
                     numbers: Sequence[int] | None = None) -> MutationReport:
    """Makes mutants of a reduction's own code and runs the verifier's default stream on each.

    Parameters
    ----------
    spec : str
        A registered reduction's id, or ``path/to/file.py:NAME`` (its mutants run in the sandbox).
    max_mutants : int or None
        At most this many mutants, drawn with ``seed`` from all the points (None: all).
    timeout : float or None
        Wall seconds per mutant (its whole verification); past it the mutant is timed out. The
        original gets the same limit. None (``--timeout auto``): :func:`auto_timeout` of the
        original's own time in this run, the original limited to :data:`AUTO_BASELINE_SECONDS`.
    workers : int
        Mutants checked at once, each in a child process.
    seed : int
        The draw of the mutants and the stream's seed.
    progress : callable, optional
        Told each mutant's result as it comes.
    numbers : sequence of int, optional
        Only the mutation points of these numbers (as a report numbers them), before the draw.

    Returns
    -------
    MutationReport
        The counts, the score and each result with its diff.

    Raises
    ------
    InvalidInstance, UsageError
        An unknown reduction, a chain, a missing or unreadable file.

    Examples
    --------
    >>> report = mutate_reduction("3sat-to-indset", max_mutants=2, timeout=60, seed=1)  # doctest: +SKIP
    >>> report.count("killed") + report.count("survived") + report.count("timed out") <= 2  # doctest: +SKIP
    True
    """
    import tempfile

    started = time.perf_counter()
    target = _target(spec)
    tree = ast.parse(target.source)
    points = mutation_points(target.source, roots_of(tree, target.attribute))
    chosen = list(points)
    if numbers is not None:
        from npw.cli.common import UsageError

        unknown = sorted(set(numbers) - {p.number for p in points})
        if unknown:
            raise UsageError(f"mutate: {spec} has mutation points 0 to {len(points) - 1}, not {unknown[0]}")
        chosen = [p for p in points if p.number in set(numbers)]
    if max_mutants is not None and len(chosen) > max_mutants:
        chosen = sorted(random.Random(seed).sample(chosen, max_mutants), key=lambda p: p.number)
    baseline_limit = AUTO_BASELINE_SECONDS if timeout is None else timeout
    # each call of the reduction's code: the same bound for the original and its mutants; with
    # auto, npw verify's own (a slow call under load is judged as npw verify would judge it)
    call_seconds = _verify_call_seconds() if timeout is None else _call_seconds(timeout)
    display = os.path.relpath(target.path) if not target.user_file else target.path
    report = MutationReport(spec, target.module_name or display, "", len(points), "", "", call_seconds=call_seconds)
    if not target.user_file:  # the reduction and the verifier loaded once, before the children fork
        from npw.reductions.registry import get_reduction
        from npw.verify import sweep  # noqa: F401

        get_reduction(spec)
    with tempfile.TemporaryDirectory(prefix="npw-mutants-") as folder:
        baseline: list[tuple[str, str, float]] = []
        _run_all(target, [(-1, None)], baseline_limit, call_seconds, seed, 1, folder,
                 lambda n, status, detail, s: baseline.append((status, detail, s)))
        status, report.baseline_detail, report.baseline_seconds = baseline[0]
        if timeout is None:  # measured here, under this run's load
            report.timeout = auto_timeout(report.baseline_seconds)
            report.timeout_rule = (f"auto: {AUTO_TIMEOUT_FACTOR:g} x the original's {report.baseline_seconds:.1f} s, "
                                   f"at least {AUTO_TIMEOUT_MINIMUM:g} s")
        else:
            report.timeout, report.timeout_rule = timeout, "given"
        # the original on the same stream: a score means little where it does not pass itself
        report.baseline = {SURVIVED: "passed", KILLED: "failed"}.get(status, status)
        if report.baseline != "passed":  # no score: the original itself fails or runs out of time
            chosen = []
        sources = {p.number: apply_point(target.source, p) for p in chosen}
        by_number = {p.number: p for p in chosen}

        def done(number: int, status: str, detail: str, seconds: float) -> None:
            point = by_number[number]
            result = MutantResult(point, status if status != "error" else INVALID, detail, seconds,
                                  mutant_diff(target.source, sources[number], display))
            report.results.append(result)
            if progress is not None:
                progress(result)

        _run_all(target, [(p.number, sources[p.number]) for p in chosen], report.timeout, call_seconds, seed,
                 max(1, workers), folder, done)
    report.results.sort(key=lambda r: r.point.number)
    report.seconds = time.perf_counter() - started
    report.stream = _stream_text(target, seed)
    return report


def _verify_call_seconds() -> float:
    """The per-call bound ``npw verify`` uses with no option."""
    from npw.verify.run import VerifySettings

    return float(VerifySettings().timeout)


def _call_seconds(limit: float) -> float:
    """Each call of the reduction's code, within a verification limited to ``limit`` seconds."""
    return max(1.0, min(limit / 2, 30.0))


def _stream_text(target: _Target, seed: int) -> str:
    """The default stream the mutants were checked on, as command-line text."""
    if target.user_file:
        return f"the default stream of npw verify {target.spec} --sandbox (seed {seed})"
    from npw.reductions.registry import get_reduction
    from npw.verify.cases import source_problem
    from npw.verify.run import VerifySettings, default_stream

    _, text = default_stream(VerifySettings(seed=seed), source_problem(get_reduction(target.spec)))
    return text or "as given"
