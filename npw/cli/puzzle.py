"""``npw puzzle``: the sliding-tile puzzle (solve, approx, study, theorem3, render)."""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any

from npw.cli.guard import backstop, owns_process
from npw.cli.common import (
    EXIT_FAILED, EXIT_OK, Parser, UsageError, count, emit, load_file, output_path, positive_int, positive_seconds,
    read_input, decider_seconds,
)
from npw.instances.base import InvalidInstance, dumps

__all__ = ["cmd_puzzle_approx", "cmd_puzzle_render", "cmd_puzzle_solve", "cmd_puzzle_study", "cmd_puzzle_theorem3",
           "register"]


def _puzzle_boards(args: argparse.Namespace) -> tuple[Any, Any]:
    """(B1, B2) from BOARD (one-line text or a file holding it, or an npuz JSON file) and --goal."""
    import os

    from npw.instances.npuz.board import goal_board, parse_board, side_of

    text, name = args.board, "BOARD"
    if args.board == "-" or (os.path.exists(args.board)
                             and not args.board.strip().replace(" ", "").replace(",", "").isdigit()):
        from npw.instances.io import display_name, parse_instance

        text, name = read_input(args.board), display_name(args.board)
        if text.lstrip().startswith("{"):
            try:
                instance = parse_instance(text, "json")
            except InvalidInstance as error:
                raise InvalidInstance(f"{name}: {error}") from None
            if instance.problem != "npuz":
                raise InvalidInstance(f"{name}: a puzzle file holds an npuz instance, not {instance.problem}")
            return instance.start, instance.goal
    elif len(text.split()) == 1 and not text.replace(",", "").strip().isdigit():
        # one word that is not a number: meant as a file name (the error used to be "'board.txt' is not a number")
        raise InvalidInstance(f"{args.board}: no such file (BOARD is the board's n^2 numbers, quoted, or a file "
                              f"holding them)")
    try:
        start = parse_board(text, name)
        return start, goal_board(side_of(len(start)), args.goal)
    except InvalidInstance as error:
        message = str(error)
        raise InvalidInstance(message if message.startswith(name) else f"{name}: {message}") from None


def _check_reachable(start: Any, goal: Any, where: str) -> None:
    from npw.instances.npuz.reach import reachable

    if not reachable(start, goal):
        raise InvalidInstance(f"{where}: the goal is not reachable from this board (Theorem 1: once the blank is "
                              f"home, the permutation has an odd number of even cycles)")


def cmd_puzzle_solve(args: argparse.Namespace) -> int:
    # reading the board and choosing the heuristic count against --timeout (decider_seconds: what is left)
    from npw.solvers.child import leave_now_if_warming  # numba still loading at the deadline: exit at once
    from npw.solvers.npuz.search import astar_path, bfs_path, default_within, idastar_path

    start, goal = _puzzle_boards(args)
    _check_reachable(start, goal, args.board if len(args.board) < 60 else "BOARD")

    heuristic = args.heuristic or default_within(math.isqrt(len(start)), goal, decider_seconds(args))
    if heuristic is None:
        print("npw: no solution found within the time limit (still loading the compiled search)", file=sys.stderr)
        return leave_now_if_warming(EXIT_FAILED, owns_process(args))
    if args.solver == "region":
        from npw.instances.npuz.region import solve_board
        from npw.solvers.npuz.search import SearchOutcome

        began = time.perf_counter()
        moves = solve_board(start, goal)
        outcome = SearchOutcome(moves, True, {"nodes": 0, "time": time.perf_counter() - began})
    elif args.solver == "bfs":
        outcome = bfs_path(start, goal, timeout=decider_seconds(args))
    elif args.solver == "astar":
        outcome = astar_path(start, goal, heuristic, timeout=decider_seconds(args))
    else:
        outcome = idastar_path(start, goal, heuristic, timeout=decider_seconds(args))
    if outcome.moves is None:
        print(f"npw: no solution found within the time limit or the memory budget "
              f"({outcome.stats.get('nodes', 0)} nodes)", file=sys.stderr)
        return leave_now_if_warming(EXIT_FAILED, owns_process(args))
    result = {"length": len(outcome.moves), "moves": outcome.moves, "nodes": outcome.stats.get("nodes", 0),
              "seconds": round(outcome.stats.get("time", 0.0), 6)}
    if args.json:
        print(json.dumps(result))
    else:
        label = args.solver if args.solver in ("bfs", "region") else f"{args.solver} ({heuristic})"
        if args.solver == "region":
            label += ": constructive, NOT optimal"
        print(f"{result['length']} moves (blank's directions), {result['nodes']} nodes, "
              f"{result['seconds']:.3f} s, {label}")
        print(outcome.moves)
    return leave_now_if_warming(EXIT_OK, owns_process(args))


def cmd_puzzle_approx(args: argparse.Namespace) -> int:
    from npw.solvers.npuz.approx import approximate

    start, goal = _puzzle_boards(args)
    _check_reachable(start, goal, args.board if len(args.board) < 60 else "BOARD")
    result = approximate(start, goal)
    out = {"length": len(result.moves), "moves": result.moves, "lower_bound": result.lower_bound,
           "ratio": round(result.ratio, 4), "seconds": round(result.stats["time"], 6),
           "manhattan": result.stats["manhattan"], "tree_cost": result.stats["tree_cost"],
           "fallback": result.stats.get("fallback", False), "method": result.stats["method"]}
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{out['length']} moves (blank's directions), Theorem 4 lower bound {out['lower_bound']} "
              f"(= (d {out['manhattan']} + MST {out['tree_cost']}) / 2), ratio {out['ratio']}, {out['seconds']:.3f} s, "
              f"{out['method']} sequence"
              + (" [region-solver fallback]" if out["fallback"] else ""))
        print(result.moves)
    return EXIT_OK


def cmd_puzzle_render(args: argparse.Namespace) -> int:
    from npw.instances.npuz.render import render_svg

    start, goal = _puzzle_boards(args)
    moves = args.moves or ""
    if args.solve:
        from npw.solvers.npuz.approx import approximate
        from npw.solvers.npuz.search import idastar_path

        _check_reachable(start, goal, "BOARD")
        if len(start) <= 16:
            moves = idastar_path(start, goal, "pdb").moves or ""
        else:
            moves = approximate(start, goal).moves
    if args.output != "-" and not args.output.removesuffix(".gz").endswith(".svg"):
        raise UsageError("puzzle render: only SVG output (-o FILE.svg, or - for standard output) is supported")
    emit(render_svg(start, moves, goal=goal), args.output)
    return EXIT_OK


def cmd_puzzle_study(args: argparse.Namespace) -> int:
    from npw.instances.npuz.render import render_scatter
    from npw.solvers.npuz.study import study

    if args.boards < 1:
        raise UsageError("puzzle study: --boards must be >= 1")
    points = study(args.boards, args.seed, args.x, args.y, args.solver)
    if args.output:
        if args.output != "-" and not args.output.removesuffix(".gz").endswith(".svg"):
            raise UsageError("puzzle study: only SVG output (-o FILE.svg, or - for standard output) is supported")
        title = f"{args.boards} random 8-puzzles (seed {args.seed}), {args.solver}: {args.x} vs {args.y}"
        emit(render_scatter([(p.x_nodes, p.y_nodes, p.length) for p in points], args.x, args.y, title),
             args.output)
    rows = [{"board": list(p.board), "length": p.length, args.x: p.x_nodes, args.y: p.y_nodes} for p in points]
    if args.json:
        print(json.dumps({"boards": args.boards, "seed": args.seed, "solver": args.solver, "points": rows}))
    else:
        below = sum(1 for p in points if p.y_nodes < p.x_nodes)
        print(f"{len(points)} boards: {args.y} expanded fewer nodes than {args.x} on {below}; "
              f"total {sum(p.x_nodes for p in points)} vs {sum(p.y_nodes for p in points)} nodes",
              file=sys.stderr if args.output == "-" else sys.stdout)  # -o -: stdout is the SVG
    return EXIT_OK


def cmd_puzzle_theorem3(args: argparse.Namespace) -> int:
    from npw.reductions import npuz

    reduction = npuz.REDUCTION  # the room's registered record: the command names no reduction id
    formula = load_file(args.input)
    if formula.problem != reduction.source:
        raise InvalidInstance(f"{'standard input' if args.input == '-' else args.input}: theorem3 takes a "
                              f"{reduction.source} instance, not {formula.problem}")
    # the options the reduction declares (unit, additive), checked by it; its room's simulation runs them
    options = reduction.option_values({"unit": args.unit, "additive": args.additive})
    report = npuz.theorem3_report(formula, simulate=args.simulate, **options)
    if args.certificate and isinstance(report.facts.get("simulation"), dict):
        if report.moves is None:
            raise UsageError("theorem3: --certificate needs a small unit (the move string is too long)")
        emit(dumps(report.moves), args.certificate)
    if args.json:
        print(json.dumps(report.facts))
    else:
        for key, value in report.facts.items():
            print(f"{key}: {value}")
    return EXIT_OK


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("puzzle", help="the sliding-tile puzzle: solve, approximate, render")
    puzzle = p.add_subparsers(dest="puzzle_command", required=True, parser_class=Parser)
    board_help = ("the board in the one-line format (n^2 numbers, 0 the blank; quote it) or a file holding it "
                  "(or an npuz JSON instance, whose goal is used); - reads standard input")
    q = puzzle.add_parser("solve", help="an optimal solution (moves name the direction the blank travels)")
    q.add_argument("board", help=board_help)
    q.add_argument("--goal", choices=("blank-first", "blank-last"), default="blank-last",
                   help="goal board: 0 1 2 ... (blank-first) or 1 2 ... 0 (blank-last, default)")
    q.add_argument("--solver", choices=("bfs", "astar", "idastar", "region"), default="idastar",
                   help="optimal searches, or region: the row-by-row constructive solver (any n, <= 18 n^3 "
                        "moves, not optimal)")
    q.add_argument("--heuristic", choices=("manhattan", "euclid", "relaxed", "linear-conflict", "pdb", "pdb78",
                                           "pdb6666"),
                   help="default: pdb for n <= 4; for n = 5 pdb6666 once its databases are built (pdb78: 7-8 "
                        "databases for 4 x 4, pdb6666: 6-6-6-6 for 5 x 5, built and cached on first use, minutes), "
                        "linear-conflict otherwise")
    q.add_argument("--timeout", type=positive_seconds, help="seconds; exit 1 if no solution in time")
    q.add_argument("--json", action="store_true", help='one object {"length", "moves", "nodes", "seconds"}')
    # the searches keep --timeout themselves; the command's guard is the backstop (npw.cli.guard)
    q.set_defaults(run=cmd_puzzle_solve,
                   time_limit=lambda args: None if args.timeout is None else backstop(args.timeout),
                   out_of_time=lambda args: ("", "puzzle solve: no solution found within the time limit", 1))

    q = puzzle.add_parser("approx", help="a fast solution within a constant factor (Section 5), with the "
                                          "Theorem 4 lower bound")
    q.add_argument("board", help=board_help)
    q.add_argument("--goal", choices=("blank-first", "blank-last"), default="blank-last")
    q.add_argument("--json", action="store_true",
                   help='one object {"length", "moves", "lower_bound", "ratio", "seconds", "manhattan", '
                        '"tree_cost", "fallback"}')
    q.set_defaults(run=cmd_puzzle_approx)

    q = puzzle.add_parser("study", help="seed 004's random 8-puzzle study: search effort of two heuristics, "
                                         "as an SVG scatter")
    q.add_argument("--boards", type=positive_int, default=500)
    q.add_argument("--seed", type=int, default=0)
    heuristics = ("manhattan", "euclid", "relaxed", "linear-conflict", "pdb")
    q.add_argument("--x", choices=heuristics, default="manhattan")
    q.add_argument("--y", choices=heuristics, default="linear-conflict")
    q.add_argument("--solver", choices=("astar", "idastar"), default="astar")
    q.add_argument("--output", "-o", type=output_path, help="SVG scatter")
    q.add_argument("--json", action="store_true")
    q.set_defaults(run=cmd_puzzle_study)

    q = puzzle.add_parser("theorem3", help="2/2/4-SAT -> nPUZ (Theorem 3): sizes, k, read-back, forward simulation")
    q.add_argument("input", help="a 224sat instance (JSON; - reads standard input)")
    q.add_argument("--unit", type=positive_int, help="the length unit l (default the paper's u + 16m + 1)")
    q.add_argument("--additive", type=count, default=0, help="Corollary 1: enlarge l and u by r")
    q.add_argument("--simulate", action="store_true", help="run the forward moves (Shift 1-4) from a satisfying "
                                                            "assignment and check they reach B2 within k")
    q.add_argument("--certificate", type=output_path, help="with --simulate on a small unit: write the move string (JSON) here")
    q.add_argument("--json", action="store_true")
    q.set_defaults(run=cmd_puzzle_theorem3)

    q = puzzle.add_parser("render", help="draw a board (and a move sequence) as SVG")
    q.add_argument("board", help=board_help)
    q.add_argument("--goal", choices=("blank-first", "blank-last"), default="blank-last")
    q.add_argument("--moves", help="a move string (U/D/L/R, the blank's directions) to draw step by step")
    q.add_argument("--solve", action="store_true", help="draw a solution (optimal for n <= 4, else approximate)")
    q.add_argument("--output", "-o", required=True, type=output_path)
    q.set_defaults(run=cmd_puzzle_render)
