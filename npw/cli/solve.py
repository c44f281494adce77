"""``npw solve``: decide an instance file (or many, one JSON line each), print the SAT
competition's lines (``--competition``), or export an instance's encoding.

Exit statuses: the "Exit codes" table of docs/commands.md (``npw.cli.common.EXIT_*``): 0 decided, 3 UNKNOWN
(out of time), 2 bad input or a decider that refuses the size; ``--competition`` 10 / 20 / 0;
a batch the most telling of its instances' (an error 2 before an UNKNOWN 3 before 0).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any, Iterator

from npw.cli.guard import CommandLimit, backstop, owns_process
from npw.cli.common import (EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_OK, EXIT_SAT, EXIT_UNKNOWN, EXIT_UNSAT, UsageError,
                            add_format_option, decider_seconds, emit, load_file, output_path, positive_seconds)
from npw.instances.base import InvalidInstance, dumps

__all__ = ["V_LINE_WIDTH", "batch_inputs", "batch_status", "cmd_solve", "competition_lines", "register",
           "solve_out_of_time"]

V_LINE_WIDTH = 78
"""The longest ``v`` line ``--competition`` prints (the competition's checkers read any length;
terminals and log viewers do not)."""

_PRECEDENCE = (EXIT_INTERNAL, EXIT_BAD_INPUT, EXIT_UNKNOWN, EXIT_OK)


def batch_status(statuses: list[int]) -> int:
    """A batch's exit status from its instances': the first of 70 (a bug), 2 (an instance's bad
    input or refusal), 3 (UNKNOWN) that any instance had, else 0 (every one decided). A batch of
    one ends as that one command would.

    >>> batch_status([0, 3, 0]), batch_status([3, 2, 0]), batch_status([0, 0]), batch_status([])
    (3, 2, 0, 0)
    """
    for status in _PRECEDENCE:
        if status in statuses:
            return status
    return EXIT_OK


def competition_lines(answer: str, model: Any = None, width: int = V_LINE_WIDTH) -> list[str]:
    """The SAT competition's answer lines: ``s SATISFIABLE`` and the model as ``v`` lines of at
    most ``width`` characters ending in ``0``; ``s UNSATISFIABLE``; ``s UNKNOWN``.

    >>> competition_lines("YES", (True, False, True))
    ['s SATISFIABLE', 'v 1 -2 3 0']
    >>> competition_lines("NO"), competition_lines("UNKNOWN")
    (['s UNSATISFIABLE'], ['s UNKNOWN'])
    >>> competition_lines("YES", (True,) * 12, width=12)
    ['s SATISFIABLE', 'v 1 2 3 4 5', 'v 6 7 8 9 10', 'v 11 12 0']
    """
    if answer == "NO":
        return ["s UNSATISFIABLE"]
    if answer != "YES":
        return ["s UNKNOWN"]
    lines, line = ["s SATISFIABLE"], "v"
    for literal in [str(i if value else -i) for i, value in enumerate(model or (), start=1)] + ["0"]:
        if len(line) + 1 + len(literal) > width and line != "v":
            lines.append(line)
            line = "v"
        line += " " + literal
    lines.append(line)
    return lines


def batch_inputs(names: list[str]) -> Iterator[str]:
    """The instance files of a batch: each name given, a folder's regular files (sorted by name;
    hidden ones and sub-folders left out) in its place.

    >>> list(batch_inputs(["a.cnf", "b.json"]))
    ['a.cnf', 'b.json']
    """
    for name in names:
        if name != "-" and os.path.isdir(name):
            found = sorted(entry.path for entry in os.scandir(name)
                           if not entry.name.startswith(".") and entry.is_file())
            if not found:
                raise UsageError(f"solve: {name}: is a directory with no instance files in it (a folder's files "
                                 f"are solved as a batch)")
            yield from found
        else:
            yield name


def _certificate(instance: Any, result: Any) -> Any:
    from npw.solvers import Answer

    return instance.certificate_to_json(result.certificate) if result.answer is Answer.YES else None


def _single(args: argparse.Namespace, path: str) -> int:
    from npw.solvers import export, solve

    to_stdout = args.output == "-"  # the certificate (or export) is standard output's whole content
    if to_stdout and args.json and not args.emit:
        raise UsageError("solve: --json and -o - both write to standard output; give one of them")
    instance = load_file(path, args.input_format)
    if args.emit:
        emit(export(instance, args.emit), args.output)
        return EXIT_OK
    if args.proof:
        _proof_possible(args, instance)
    result = solve(instance, backend=args.backend or ("sat" if args.proof else None), timeout=decider_seconds(args))
    certificate = _certificate(instance, result)
    refused = result.stats.get("refused")
    proof = _write_proof(args, path, instance, result) if args.proof and not refused else None
    if args.json:
        stats = {k: v for k, v in result.stats.items() if v is None or isinstance(v, (int, float, str, bool))}
        print(json.dumps({"answer": result.answer.value, "backend": result.backend, "certificate": certificate,
                          "stats": stats, **({"proof": proof} if args.proof else {})}))
    elif to_stdout and not refused:  # the answer goes to stderr, so that stdout holds what -o FILE would
        print(result.answer.value, file=sys.stderr)
    elif not refused:
        print(result.answer.value)
        if certificate is not None:
            print(json.dumps(certificate))
    if not args.json and not refused and sys.stderr.isatty():
        # who answered, for the person at the terminal (--json always carries it; a pipe's
        # stderr stays empty for scripts)
        print(f"npw: decided by {result.backend}" + (f" ({result.stats['chosen_because']})"
                                                      if result.stats.get("chosen_because") else ""),
              file=sys.stderr)
    if refused:
        # a size this decider cannot take is bad input for it (exit 2), not an UNKNOWN answer:
        # no time limit would change it; --json still gets its object on stdout
        print(f"npw: error: {path}: refused by {result.backend}: {refused}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.output and certificate is not None:
        emit(dumps(certificate), args.output)
    if proof is not None and proof["status"] != EXIT_OK:
        print(f"npw: {'error: ' if proof['status'] != EXIT_UNKNOWN else ''}{path}: --proof: {proof['note']}",
              file=sys.stderr)
        return proof["status"]
    if proof is not None:
        print(f"npw: {proof['note']}", file=sys.stderr)
    return EXIT_OK if result.answer.value in ("YES", "NO") else EXIT_UNKNOWN


def _proof_possible(args: argparse.Namespace, instance: Any) -> None:
    """Refuses ``--proof`` up front where no proof can come: a decider that is not a SAT
    decider, a problem with no DIMACS export, standard output for the proof."""
    from npw.solvers import export_formats

    if args.proof == "-":
        raise UsageError("solve: --proof writes two files (the proof, and its CNF beside it as OUT.cnf); give a "
                         "file name, not -")
    if args.backend and args.backend.partition(":")[0] != "sat":
        raise UsageError(f"solve: --proof needs a SAT decider (the default, or --backend sat[:SOLVER]); "
                         f"{args.backend} gives no proof of a NO")
    if "dimacs" not in export_formats(instance.problem):
        raise UsageError(f"solve: --proof: {instance.problem} has no SAT encoding (no dimacs export), so no DRAT "
                         f"proof of its NO")


def _write_proof(args: argparse.Namespace, path: str, instance: Any, result: Any) -> dict:
    """For a NO: a DRAT proof of the instance's SAT encoding (:mod:`npw.solvers.proof`), checked
    by npw's checker, written to ``args.proof`` and its CNF to ``args.proof + ".cnf"``, each whole
    or not at all (``npw.instances.io.write_output``: ``write_atomically``, compressed for a .gz
    name). Returns what the command says: ``status`` (its exit status: 0 written; 2 the
    answer was YES; 3 UNKNOWN, or out of time making the proof; 70 the proof failed its check),
    ``note`` (one line) and the proof's figures."""
    from npw.instances.io import write_output
    from npw.solvers.proof import PROOF_SOLVER, PROOF_SOLVERS, check_drat, refute
    from npw.solvers.sat import solver_key

    answer = result.answer.value
    if answer == "YES":
        return {"status": EXIT_BAD_INPUT, "note": "the answer is YES: a proof is written only for a NO (a YES's "
                                                  "evidence is its certificate); no proof written", "file": None}
    if answer != "NO":
        return {"status": EXIT_UNKNOWN, "note": f"the answer is {answer}: no proof written", "file": None}
    named = result.backend.partition(":")[2]
    solver = named if named and solver_key(named) in {solver_key(n) for n in PROOF_SOLVERS} else PROOF_SOLVER
    refutation = refute(instance, decider_seconds(args), solver)
    if refutation.answer.value == "YES":  # the decider said NO, the encoding is satisfiable: a bug of one of them
        return {"status": EXIT_INTERNAL, "file": None,
                "note": f"{result.backend} answered NO, but {solver} finds the SAT encoding satisfiable; no proof "
                        f"written"}
    if refutation.proof is None:
        return {"status": EXIT_UNKNOWN, "note": f"no proof: {refutation.reason}", "file": None}
    check = check_drat(refutation.dimacs, refutation.proof, decider_seconds(args))
    figures = {"cnf": args.proof + ".cnf", "solver": refutation.solver, "lemmas": check.lemmas, "core": check.core,
               "check": check.verdict, "check_reason": check.reason, "seconds": round(refutation.seconds, 3),
               "check_seconds": round(check.seconds, 3)}
    if check.verdict == "REJECTED":
        return {"status": EXIT_INTERNAL, "file": None, **figures,
                "note": f"{refutation.solver}'s proof was rejected by the checker ({check.reason}); not written"}
    write_output(figures["cnf"], refutation.dimacs)  # whole or not at all (compressed where the name says)
    write_output(args.proof, refutation.proof)
    checked = "checked" if check.verified else f"NOT checked: {check.reason}"
    return {"status": EXIT_OK, "file": args.proof, **figures,
            "note": f"DRAT proof of the NO ({check.lemmas} lemmas by {refutation.solver}, {checked}) written to "
                    f"{args.proof}; the CNF it refutes (what --emit dimacs writes) to {figures['cnf']}"}


def _competition(args: argparse.Namespace, path: str) -> int:
    from npw.instances.sat.cnf import CNF
    from npw.solvers import export, solve

    instance = load_file(path, args.input_format)
    comments = [f"npw solve --competition {path}: a {instance.problem} instance"]
    if instance.problem == "cnf":
        cnf = instance
    else:
        # the problem's own DIMACS encoding, the one --emit dimacs writes: the v lines are its
        # variables (the export's comment lines say what they mean where the export names them)
        cnf = CNF.from_dimacs(export(instance, "dimacs"))
        comments.append(f"its DIMACS encoding (npw solve --emit dimacs): {cnf.num_vars} variables, "
                        f"{len(cnf.clauses)} clauses; the v lines are a model of it")
    try:
        result = solve(cnf, backend=args.backend, timeout=decider_seconds(args))
    except InvalidInstance as error:
        raise InvalidInstance(f"solve --competition decides the DIMACS encoding, a cnf instance: {error}") from None
    comments.append(f"backend {result.backend}, {result.stats.get('time') or 0.0:.3f} s")
    if result.stats.get("refused"):
        comments.append(f"refused: {result.stats['refused']}")
    elif result.stats.get("timed_out_while"):
        comments.append(f"out of time while {result.stats['timed_out_while']}")
    for line in comments:
        print("c " + " ".join(line.split()))
    print("\n".join(competition_lines(result.answer.value, result.certificate)), flush=True)
    return {"YES": EXIT_SAT, "NO": EXIT_UNSAT}.get(result.answer.value, EXIT_OK)


def _batch_line(args: argparse.Namespace, path: str) -> tuple[dict, int]:
    """One instance of a batch: its JSON line and its exit status (its errors are its own)."""
    from npw.instances.io import display_name
    from npw.solvers import solve
    from npw.solvers.result import Refused

    began = time.perf_counter()
    line: dict[str, Any] = {"input": display_name(path), "answer": None, "backend": None, "certificate": None,
                            "seconds": None, "error": None}
    args.batch_current = line  # what the guard's out_of_time prints if this one overruns its backstop
    status = EXIT_OK
    try:
        instance = load_file(path, args.input_format)
        timeout = None if args.timeout is None else max(0.01, args.timeout - (time.perf_counter() - began))
        result = solve(instance, backend=args.backend, timeout=timeout)
        line.update(answer=result.answer.value, backend=result.backend, certificate=_certificate(instance, result))
        if result.stats.get("refused"):
            line["error"] = f"refused by {result.backend}: {result.stats['refused']}"
            status = EXIT_BAD_INPUT
        elif result.answer.value == "UNKNOWN":
            status = EXIT_UNKNOWN
    except (InvalidInstance, Refused, UsageError) as error:
        line["error"] = str(error)
        status = EXIT_BAD_INPUT
    except OSError as error:
        line["error"] = f"{error.filename}: {error.strerror}" if error.filename else str(error)
        status = EXIT_BAD_INPUT
    except CommandLimit as stop:
        if stop.kind != "time":
            raise  # the memory limit is the process's: the batch ends
        args.guard.restart(None)  # withdrawn at once: the guard would otherwise end the process 0.3 s on
        line.update(answer="UNKNOWN", backend=line["backend"] or args.backend)
        line["stopped_by"] = "the instance's time backstop"
        status = EXIT_UNKNOWN
    except Exception as error:  # a bug shown on this instance; the others still run
        line["error"] = f"internal error: {type(error).__name__}: {error}"
        status = EXIT_INTERNAL
    line["seconds"] = round(time.perf_counter() - began, 6)
    return line, status


def _batch(args: argparse.Namespace) -> int:
    if args.emit or args.output or args.competition:
        raise UsageError("solve: many inputs (or --batch) print one JSON line each; --emit, --output and "
                         "--competition take one input")
    statuses: list[int] = []
    args.batch_statuses = statuses
    guard = getattr(args, "guard", None)
    for path in batch_inputs(args.input):
        if guard is not None and args.timeout is not None:
            guard.restart(backstop(args.timeout))  # each instance its own backstop, not counting start-up
            # nor the others: never the batch's sum
        line, status = _batch_line(args, path)
        statuses.append(status)
        print(json.dumps(line), flush=True)
    args.batch_current = None
    return batch_status(statuses)


def cmd_solve(args: argparse.Namespace) -> int:
    from npw.solvers.child import leave_now_if_warming  # a decider's loading still under way: exit at once

    if args.proof and (args.competition or args.emit or _is_batch(args)):
        raise UsageError("solve: --proof takes one input, and not with --emit or --competition")
    if args.competition and (args.json or args.emit or args.output):
        raise UsageError("solve: --competition prints the SAT competition's lines; not with --json, --emit or "
                         "--output")
    if _is_batch(args):
        code = _batch(args)
    elif args.competition:
        code = _competition(args, args.input[0])
    else:
        code = _single(args, args.input[0])
    return leave_now_if_warming(code, owns_process(args))


def _is_batch(args: argparse.Namespace) -> bool:
    return args.batch or len(args.input) > 1 or (args.input[0] != "-" and os.path.isdir(args.input[0]))


def solve_out_of_time(args: argparse.Namespace) -> tuple[str, str, int]:
    """What ``npw solve`` says when its guard stops a decider that overran ``--timeout``: the
    answer UNKNOWN, as a decider out of time gives it (exit 3; ``--competition``: ``s UNKNOWN``,
    exit 0; in a batch the instance's JSON line, the batch's status with it)."""
    current = getattr(args, "batch_current", None)
    if current is not None:
        line = dict(current, answer="UNKNOWN", stopped_by="the instance's time backstop")
        return json.dumps(line) + "\n", "", batch_status(getattr(args, "batch_statuses", []) + [EXIT_UNKNOWN])
    if args.competition:
        return "c out of time (the command's time guard)\ns UNKNOWN\n", "", EXIT_OK
    if args.json:
        stats = {"stopped_by": "the command's time guard", "timeout": args.timeout}
        return json.dumps({"answer": "UNKNOWN", "backend": args.backend, "certificate": None, "stats": stats}) + "\n", \
            "", EXIT_UNKNOWN
    if args.output == "-":
        return "", "", EXIT_UNKNOWN  # stdout holds only what -o FILE would; the answer goes to stderr below
    return "UNKNOWN\n", "", EXIT_UNKNOWN


def _time_limit(args: argparse.Namespace) -> float | None:
    # the deciders keep --timeout themselves; the guard is the backstop behind them (npw.cli.guard);
    # a batch restarts it for every instance (CommandGuard.restart) and has none before the first
    return None if args.timeout is None or args.emit or _is_batch(args) else backstop(args.timeout)


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser("solve", help="decide an instance file (or many: one JSON line each)")
    p.add_argument("input", nargs="+",
                   help="the instance file; - reads standard input (see --format); several files or a folder: a "
                        "batch, one JSON line per instance")
    add_format_option(p)
    p.add_argument("--backend", "-b", help="decider (npw list shows them); sat:NAME picks a python-sat solver")
    p.add_argument("--timeout", type=positive_seconds,
                   help="seconds (per instance in a batch); out of time answers UNKNOWN, exit status 3")
    p.add_argument("--emit", metavar="FORMAT", help="instead of solving, export the instance or its encoding (npw show PROBLEM lists the formats: dimacs, smt2, a graph problem's edge, graphml, ...)")
    p.add_argument("--output", "-o", type=output_path,
                   help="write the certificate (or the export) to this file (- for standard output, the answer "
                        "then going to stderr; .gz/.xz/.bz2 compressed)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--batch", action="store_true",
                   help='one JSON line per instance {"input", "answer", "backend", "certificate", "seconds", '
                        '"error"} even for one input (several inputs or a folder always are)')
    p.add_argument("--competition", action="store_true",
                   help="the SAT competition's output: s SATISFIABLE with v lines (a model of the instance's "
                        "DIMACS encoding) / s UNSATISFIABLE / s UNKNOWN, c comment lines; exit status 10 / 20 / 0")
    p.add_argument("--proof", metavar="OUT", type=output_path,
                   help="for a NO (of the SAT decider, the default with --proof): write a DRAT proof to OUT and the "
                        "CNF it refutes (the --emit dimacs encoding) to OUT.cnf, checked before it is written "
                        "(docs/proofs.md); a YES gets no proof (exit 2)")
    p.set_defaults(run=cmd_solve, out_of_time=solve_out_of_time, time_limit=_time_limit)
