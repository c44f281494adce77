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
    EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_OK, EXIT_UNKNOWN, Parser, UsageError, count, emit, load_file, output_path, positive_int, positive_seconds,
    read_input, decider_seconds,
)
from npw.instances.base import InvalidInstance, dumps

__all__ = ["cmd_puzzle_approx", "cmd_puzzle_render", "cmd_puzzle_solve", "cmd_puzzle_study", "cmd_puzzle_theorem3",
           "register"]


def _puzzle_boards(args: argparse.Namespace) -> tuple[Any, Any]:
    """(B1, B2) from BOARD (one-line text or a file holding it, or an npuz JSON file) and --goal."""
    return _boards_of(args.board, args.goal)


def _boards_of(board: str, goal_name: str, name: str = "BOARD") -> tuple[Any, Any]:
    import os

    from npw.instances.npuz.board import goal_board, parse_board, side_of

    text = board
    if board == "-" or (os.path.exists(board) and not board.strip().replace(" ", "").replace(",", "").isdigit()):
        from npw.instances.io import display_name, parse_instance

        text, name = read_input(board), display_name(board)
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
        raise InvalidInstance(f"{board}: no such file (BOARD is the board's n^2 numbers, quoted, or a file "
                              f"holding them)")
    try:
        start = parse_board(text, name)
        return start, goal_board(side_of(len(start)), goal_name)
    except InvalidInstance as error:
        message = str(error)
        raise InvalidInstance(message if message.startswith(name) else f"{name}: {message}") from None


def _check_reachable(start: Any, goal: Any, where: str) -> None:
    from npw.instances.npuz.reach import reachable

    if not reachable(start, goal):
        raise InvalidInstance(f"{where}: the goal is not reachable from this board (Theorem 1: once the blank is "
                              f"home, the permutation has an odd number of even cycles)")


def _search(args: argparse.Namespace, start: Any, goal: Any, timeout: float | None) -> tuple[Any, str | None]:
    """(the search's outcome, the heuristic) for one board; (None, None) when the default heuristic
    could not be chosen in time (its compiled search still loading)."""
    from npw.solvers.npuz.search import astar_path, bfs_path, default_within, idastar_path

    heuristic = args.heuristic or default_within(math.isqrt(len(start)), goal, timeout)
    if heuristic is None:
        return None, None
    if args.solver == "region":
        from npw.instances.npuz.region import solve_board
        from npw.solvers.npuz.search import SearchOutcome

        began = time.perf_counter()
        moves = solve_board(start, goal)
        return SearchOutcome(moves, True, {"nodes": 0, "time": time.perf_counter() - began}), heuristic
    if args.solver == "bfs":
        return bfs_path(start, goal, timeout=timeout), heuristic
    if args.solver == "astar":
        return astar_path(start, goal, heuristic, timeout=timeout), heuristic
    return idastar_path(start, goal, heuristic, timeout=timeout), heuristic


def cmd_puzzle_solve(args: argparse.Namespace) -> int:
    # reading the board and choosing the heuristic count against --timeout (decider_seconds: what is left)
    from npw.solvers.child import leave_now_if_warming  # numba still loading at the deadline: exit at once

    if _is_batch(args):
        return leave_now_if_warming(_solve_batch(args), owns_process(args))
    args.board = args.board[0]
    start, goal = _puzzle_boards(args)
    _check_reachable(start, goal, args.board if len(args.board) < 60 else "BOARD")
    outcome, heuristic = _search(args, start, goal, decider_seconds(args))
    if outcome is None:
        print("npw: no solution found within the time limit (still loading the compiled search)", file=sys.stderr)
        return leave_now_if_warming(EXIT_UNKNOWN, owns_process(args))
    if outcome.moves is None:
        print(f"npw: no solution found within the time limit or the memory budget "
              f"({outcome.stats.get('nodes', 0)} nodes)", file=sys.stderr)
        return leave_now_if_warming(EXIT_UNKNOWN, owns_process(args))
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


def _is_batch(args: argparse.Namespace) -> bool:
    # a batch's guard has no time limit of its own: each board gets a backstop (CommandGuard.restart)
    return args.boards is not None or len(args.board) != 1 or args.batch


def _batch_boards(args: argparse.Namespace) -> list[tuple[str, str]]:
    """(name, board) of every board of a batch: the BOARD arguments, then --boards FILE's lines
    (blank lines and lines starting with # left out; named FILE:LINE)."""
    boards = [(board if len(board) < 60 else f"BOARD {i + 1}", board) for i, board in enumerate(args.board)]
    if args.boards is not None:
        from npw.instances.io import display_name

        name = display_name(args.boards)
        for number, line in enumerate(read_input(args.boards).splitlines(), start=1):
            if line.strip() and not line.lstrip().startswith("#"):
                boards.append((f"{name}:{number}", line.strip()))
    if not boards:
        raise UsageError("puzzle solve: no boards (give BOARD arguments or --boards FILE with one board a line)")
    return boards


def _solve_batch(args: argparse.Namespace) -> int:
    """One JSON line per board; --timeout is each board's; a bad board's line says why and the
    others go on; the exit status is the batch's (npw.cli.solve.batch_status)."""
    from npw.cli.guard import CommandLimit
    from npw.cli.solve import batch_status

    statuses: list[int] = []
    args.batch_statuses = statuses
    for name, board in _batch_boards(args):
        if args.timeout is not None and getattr(args, "guard", None) is not None:
            args.guard.restart(backstop(args.timeout))  # each board its own backstop, not counting start-up
            # nor the others: never the batch's sum
        began = time.perf_counter()
        line: dict[str, Any] = {"input": name, "length": None, "moves": None, "nodes": None, "seconds": None,
                                "heuristic": None, "error": None}
        args.batch_current = line
        status = EXIT_OK
        try:
            start, goal = _boards_of(board, args.goal, name)
            _check_reachable(start, goal, name)
            timeout = None if args.timeout is None else max(0.01, args.timeout - (time.perf_counter() - began))
            outcome, heuristic = _search(args, start, goal, timeout)
            line["heuristic"] = heuristic if args.solver in ("astar", "idastar") else None
            if outcome is None or outcome.moves is None:
                line["error"] = "no solution found within the time limit or the memory budget"
                line["nodes"] = outcome.stats.get("nodes", 0) if outcome is not None else 0
                status = EXIT_UNKNOWN
            else:
                line.update(length=len(outcome.moves), moves=outcome.moves, nodes=outcome.stats.get("nodes", 0))
        except (InvalidInstance, UsageError) as error:
            line["error"] = str(error)
            status = EXIT_BAD_INPUT
        except CommandLimit as stop:
            if stop.kind != "time":
                raise  # the memory limit is the process's: the batch ends
            args.guard.restart(None)  # withdrawn at once: the guard would otherwise end the process 0.3 s on
            line["error"] = "no solution found within the time limit (stopped by the board's time backstop)"
            status = EXIT_UNKNOWN
        except Exception as error:  # a bug shown on this board; the others still run
            line["error"] = f"internal error: {type(error).__name__}: {error}"
            status = EXIT_INTERNAL
        line["seconds"] = round(time.perf_counter() - began, 6)
        statuses.append(status)
        print(json.dumps(line), flush=True)
    args.batch_current = None
    return batch_status(statuses)


def _solve_out_of_time(args: argparse.Namespace) -> tuple[str, str, int]:
    current = getattr(args, "batch_current", None)
    if current is not None:  # the board's line, and the batch's status with this board's UNKNOWN
        from npw.cli.solve import batch_status

        line = dict(current, error="no solution found within the time limit (stopped by the board's time backstop)")
        return json.dumps(line) + "\n", "", batch_status(getattr(args, "batch_statuses", []) + [EXIT_UNKNOWN])
    return "", "puzzle solve: no solution found within the time limit", EXIT_UNKNOWN


def cmd_puzzle_approx(args: argparse.Namespace) -> int:
    from npw.solvers.npuz.approx import approximate

    start, goal = _puzzle_boards(args)
    _check_reachable(start, goal, args.board if len(args.board) < 60 else "BOARD")
    result = approximate(start, goal)
    # the moves are written in chunks, never as one string: a random 1000 x 1000 board takes
    # 2.4e9 moves (0.6 GB packed in the result; the letters would be 2.4 GB more)
    out = {"length": result.length, "lower_bound": result.lower_bound,
           "ratio": round(result.ratio, 4), "seconds": round(result.stats["time"], 6),
           "manhattan": result.stats["manhattan"], "tree_cost": result.stats["tree_cost"],
           "fallback": result.stats.get("fallback", False), "method": result.stats["method"]}
    if args.json:
        sys.stdout.write(json.dumps(out)[:-1] + ', "moves": "')
        _write_moves(result)
        sys.stdout.write('"}\n')
    else:
        print(f"{out['length']} moves (blank's directions), Theorem 4 lower bound {out['lower_bound']} "
              f"(= (d {out['manhattan']} + MST {out['tree_cost']}) / 2), ratio {out['ratio']}, {out['seconds']:.3f} s, "
              f"{out['method']} sequence"
              + (" [region-solver fallback]" if out["fallback"] else ""))
        _write_moves(result)
        sys.stdout.write("\n")
    sys.stdout.flush()
    return EXIT_OK


def _write_moves(result) -> None:
    if result.packed is not None:
        result.packed.write(sys.stdout)
    else:
        sys.stdout.write(result.moves)


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
    q = puzzle.add_parser("solve", help="an optimal solution (moves name the direction the blank travels); many "
                                         "boards: one JSON line each")
    q.add_argument("board", nargs="*", help=board_help + "; several: a batch, one JSON line per board")
    q.add_argument("--boards", metavar="FILE",
                   help="a batch: a file of boards, one a line (blank lines and # comments skipped; - standard "
                        "input); one JSON line per board {\"input\", \"length\", \"moves\", \"nodes\", "
                        "\"seconds\", \"heuristic\", \"error\"}")
    q.add_argument("--batch", action="store_true", help="one JSON line per board even for one BOARD")
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
    q.add_argument("--timeout", type=positive_seconds,
                   help="seconds (per board in a batch); no solution in time: exit status 3")
    q.add_argument("--json", action="store_true", help='one object {"length", "moves", "nodes", "seconds"}')
    # the searches keep --timeout themselves; the command's guard is the backstop (npw.cli.guard)
    q.set_defaults(run=cmd_puzzle_solve,
                   time_limit=lambda args: None if args.timeout is None or _is_batch(args) else backstop(args.timeout),
                   out_of_time=_solve_out_of_time)

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
