"""``npw torus``: the torus puzzle (diameter by BFS, solve a board)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from npw.cli.common import EXIT_OK, load_file, Parser, positive_int, UsageError
from npw.instances.base import InvalidInstance

__all__ = ["cmd_torus_diameter", "cmd_torus_solve", "register"]


def cmd_torus_diameter(args: argparse.Namespace) -> int:
    from npw.solvers.torus.bfs import distance_distribution

    if args.rows < 1 or args.cols < 1:
        raise UsageError(f"torus diameter: sides must be positive, not {args.rows} x {args.cols}")
    result = distance_distribution(args.rows, args.cols, args.metric)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{args.rows} x {args.cols}, {args.metric} metric: {result['states']} reachable states, "
              f"diameter {result['diameter']}")
        print("distribution (distance: states): " + ", ".join(f"{d}: {c}" for d, c in enumerate(result["distribution"])))
    return EXIT_OK


def _torus_board(text: str) -> Any:
    """A board given inline ("2 1 3/4 5 6") or as a torus JSON file."""
    import os

    from npw.instances.torus.puzzle import TorusBoard

    if text == "-" or os.path.exists(text):
        instance = load_file(text)
        if instance.problem != "torus":
            raise InvalidInstance(f"{'standard input' if text == '-' else text}: expected a torus instance, not {instance.problem}")
        return instance.board, instance.metric
    if not any(ch.isdigit() for ch in text):
        raise InvalidInstance(f"{text}: no such file, and not a board such as '2 1 3/4 5 6'")
    try:
        return TorusBoard.parse(text), None
    except InvalidInstance as error:
        raise InvalidInstance(f"board {text!r}: {error}") from None


def cmd_torus_solve(args: argparse.Namespace) -> int:
    from npw.instances.torus.moves import drag_number, moves_text, push_number
    from npw.solvers.torus.bfs import optimal_moves
    from npw.solvers.torus.constructive import solve_board

    board, file_metric = _torus_board(args.board)
    metric = args.metric or file_metric or "drag"
    moves, stats = solve_board(board)
    result: dict[str, Any] = {"rows": board.rows, "cols": board.cols, "board": board.to_json(),
                              "solvable": moves is not None, "reason": stats["reason"]}
    if moves is not None:
        result["constructive"] = {"moves": [str(m) for m in moves], "drag": drag_number(moves),
                                  "push": push_number(moves)}
        if board.rows * board.cols <= 9:
            best = optimal_moves(board, metric)  # never None here: the board is solvable
            if best is not None:
                result["optimal"] = {"metric": metric, "moves": [str(m) for m in best], "drag": drag_number(best),
                                     "push": push_number(best)}
    if args.json:
        print(json.dumps(result))
        return EXIT_OK
    if moves is None:
        print(f"unsolvable: {stats['reason']}")
        return EXIT_OK
    c = result["constructive"]
    print(f"constructive ({c['drag']} drag, {c['push']} push): {moves_text(moves) or '(already solved)'}")
    if "optimal" in result:
        o = result["optimal"]
        print(f"optimal in the {metric} metric ({o['drag']} drag, {o['push']} push): {' '.join(o['moves']) or '(already solved)'}")
    return EXIT_OK


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("torus", help="the torus puzzle: diameter by BFS, solve a board")
    torus = p.add_subparsers(dest="torus_command", required=True, parser_class=Parser)
    q = torus.add_parser("diameter", help="BFS over every configuration (boards of at most 10 cells)")
    q.add_argument("rows", type=positive_int)
    q.add_argument("cols", type=positive_int)
    q.add_argument("--metric", choices=("push", "drag"), default="drag")
    q.add_argument("--json", action="store_true")
    q.set_defaults(run=cmd_torus_diameter)
    q = torus.add_parser("solve", help="constructive solution (and an optimal one up to 9 cells)")
    q.add_argument("board", help="'2 1 3/4 5 6' (rows separated by /) or a torus instance file (- reads standard "
                                        "input)")
    q.add_argument("--metric", choices=("push", "drag"), help="metric of the optimal solution (default drag)")
    q.add_argument("--json", action="store_true")
    q.set_defaults(run=cmd_torus_solve)
