"""SVG drawing of a formula of the SAT family (cnf, 3sat, 1in3sat, 224sat, nae3sat, nae4sat): the variables on
one line, then every clause as a row of its literals (``npw render``).

Each clause row is the group ``data-el="clause:I"``; each literal and each variable of the top
line carries ``data-el="var:K"``, so a page lights a variable's every occurrence at once. An
assignment (a certificate) colours each literal true (green) or false (grey).

>>> from npw.instances.sat.one_in_three_sat import OneInThreeSat
>>> svg = render_svg(OneInThreeSat(3, [(1, -2, 3)]), (True, True, False))
>>> svg.count('data-el="var:2"'), svg.count('data-el="clause:0"'), svg.count('fill="#2a2"')
(2, 1, 1)
"""

from __future__ import annotations

from typing import Any, Sequence

from npw.instances.base import InvalidInstance
from npw.instances.elements import clause_id, var_id
from npw.instances.svg import check_drawable, movable, tagged

__all__ = ["LABEL", "LITERAL", "ROW", "WRAP", "render_svg"]

ROW = 22  # height of one clause row
LITERAL = 46  # width of one literal's box
LABEL = 70  # width of the clause label column
WRAP = 24  # variables per line of the top legend


def _clauses(instance: Any) -> list[list[int]]:
    if hasattr(instance, "clause_list"):
        return instance.clause_list()
    return [list(c) for c in instance.clauses]


def render_svg(instance: Any, certificate: Sequence[bool] | None = None) -> str:
    """The formula as SVG; with an assignment (checked first), literals coloured by value.
    Refused past MAX_DRAWN_ELEMENTS variables and literals (each is drawn)."""
    check_drawable(instance.num_vars + sum(len(c) for c in instance.clauses),
                   f"{instance.problem} variables and literals")
    if certificate is not None and not instance.verify(certificate):
        raise InvalidInstance("render: the assignment does not satisfy this formula")
    clauses = _clauses(instance)
    width_literals = max([len(c) for c in clauses] + [WRAP // 2])
    legend_lines = max(1, -(-instance.num_vars // WRAP))
    top = 30 + legend_lines * ROW + 10
    width = LABEL + width_literals * LITERAL + 20
    height = top + len(clauses) * ROW + 10

    def colour(literal: int) -> str:
        if certificate is None:
            return "#000"
        return "#2a2" if bool(certificate[abs(literal) - 1]) != (literal < 0) else "#999"

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="monospace" font-size="13">',
             '<rect width="100%" height="100%" fill="white"/>',
             f'<text x="10" y="18" font-family="sans-serif">{instance.problem}: {instance.num_vars} variables, '
             f'{len(clauses)} clauses</text>']
    for v in range(1, instance.num_vars + 1):
        row, col = divmod(v - 1, WRAP)
        value = "" if certificate is None else ("=1" if certificate[v - 1] else "=0")
        parts.append(f'<text{tagged(var_id(v))} x="{10 + col * (width - 20) / WRAP:.1f}" y="{30 + (row + 1) * ROW - 6}" '
                     f'font-size="11" fill="#06c">x{v}{value}</text>')
    for i, clause in enumerate(clauses):
        body = [f'<rect x="0" y="0" width="{width - 20}" height="{ROW - 2}" fill="{"#f4f4f4" if i % 2 else "#fff"}" '
                f'stroke="#ddd"/>', f'<text x="6" y="{ROW - 7}" fill="#666">C{i}</text>']
        for j, literal in enumerate(clause):
            name = f"x{abs(literal)}" if literal > 0 else f"~x{abs(literal)}"
            body.append(f'<text{tagged(var_id(abs(literal)))} x="{LABEL + j * LITERAL}" y="{ROW - 7}" '
                        f'fill="{colour(literal)}">{name}</text>')
        parts.append(movable(clause_id(i), 10, top + i * ROW, "".join(body)))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
