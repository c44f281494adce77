"""The Section 5 approximation against the Theorem 4 lower bound, per board side, before and
after issue 20 in one run, and against the greedy row-by-row reference.

    python bench/npuz_approx.py [--sides 32,50,64,100] [--boards 5] [--seed 1]
    python bench/npuz_approx.py --big 1000 --cycles 1000 [--boards 1]
    python bench/npuz_approx.py --stages --sides 16,32 --boards 3

For each side n: ``--boards`` seeded pairs (B1 uniformly random, B2 a uniformly random
board reachable from it, blanks anywhere). On each pair, interleaved:

* before -- the first version: ``approximate(method="section5", tree="nearest", local=False)``;
* section5 -- the Section 5 sequence of today (Section 5.3 item 1, the gathering point
  chosen per 3-cycle), before local improvement (``stats["section5_length"]``);
* greedy -- the plain greedy row-by-row reference (``greedy_moves(guided=False)``);
* after -- ``approximate(engine="python")`` (``approximate()`` before issue 36): the shorter of
  Section 5 and the guided greedy solver, then the local improvement.

Every move string is replayed by the instance checker (npw.instances.npuz.board.apply_moves).
Prints, per n, mean and max of length / Theorem 4 bound for each, and after / greedy.

``--big N --cycles K``: N x N boards where B2 is B1 with K random 3-cycles of tiles (a
uniformly random N x N board would need about 8/3 N^3 moves: 2.7e9 at N = 1000); prints
length, ratio, seconds and the peak resident memory of the process.

``--issue36 [--new-sides 100,300,1000] [--old-sides 100,300] [--jobs 2]``: one uniformly random
pair per side (B1 random, B2 random and reachable), each run in a fresh child process (so that
its peak resident memory is its own): "new" is ``approximate()`` as a user gets it (the
compiled engine), "old" is ``approximate(engine="python")`` (the reference, the code the issue
measured); each child then replays the moves by a checker (the compiled one for new, the
instance checker for old) and prints CPU seconds (user + sys of the child), moves, ratio to
Theorem 4's bound and peak RSS. ``--jobs 2`` runs the children two at a time (same load for both).

``--kernel-ab FILE --sides 200,300``: the compiled kernel of another version (FILE, e.g. from
``git show COMMIT:solvers/npuz/approx_kernel.py``) against this tree's, same run, same boards.

``--stages``: what each stage of the local improvement removes, from the guided greedy
sequence and from the Section 5 sequence.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from npw.instances.npuz.board import apply_moves, goal_board, random_board, random_reachable_board  # noqa: E402
from npw.solvers.npuz.approx import approximate  # noqa: E402
from npw.solvers.npuz.bounds import theorem4_lower_bound  # noqa: E402
from npw.solvers.npuz.greedy import greedy_moves  # noqa: E402


def _stat(values: list[float]) -> str:
    return f"{statistics.mean(values):.2f} / {max(values):.2f}"


def random_sides(args: argparse.Namespace) -> None:
    print("| n | boards | mean bound | before | section5 | greedy | after | after / greedy | after s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for n in map(int, args.sides.split(",")):
        rng = random.Random(args.seed * 1000 + n)
        rows: dict[str, list[float]] = {k: [] for k in ("bound", "before", "section5", "greedy", "after", "vs", "s")}
        for _ in range(args.boards):
            b1 = random_board(n, rng)
            b2 = random_reachable_board(n, rng, b1)
            bound = theorem4_lower_bound(b1, b2).bound
            before = approximate(b1, b2, method="section5", tree="nearest", local=False)
            assert apply_moves(b1, before.moves) == b2, "moves do not reach B2"
            greedy = greedy_moves(b1, b2, guided=False)
            assert apply_moves(b1, greedy) == b2, "moves do not reach B2"
            start = time.perf_counter()
            after = approximate(b1, b2, engine="python")  # the Issue 20 tables: the Python reference
            rows["s"].append(time.perf_counter() - start)
            assert apply_moves(b1, after.moves) == b2, "moves do not reach B2"
            rows["bound"].append(bound)
            rows["before"].append(len(before.moves) / bound)
            rows["section5"].append(after.stats["section5_length"] / bound)
            rows["greedy"].append(len(greedy) / bound)
            rows["after"].append(len(after.moves) / bound)
            rows["vs"].append(len(after.moves) / len(greedy))
        print(f"| {n} | {args.boards} | {statistics.mean(rows['bound']):,.0f} | {_stat(rows['before'])} | "
              f"{_stat(rows['section5'])} | {_stat(rows['greedy'])} | {_stat(rows['after'])} | "
              f"{_stat(rows['vs'])} | {statistics.mean(rows['s']):.1f} |", flush=True)


def big_boards(args: argparse.Namespace) -> None:
    n = args.big
    print("| n | 3-cycles | bound | length | ratio | method | approximate s | replay s | peak RSS MiB |")
    print("|---|---|---|---|---|---|---|---|---|")
    for k in range(args.boards):
        rng = random.Random(args.seed * 1000 + k)
        b1 = list(goal_board(n))
        b2 = list(b1)
        cells = rng.sample(range(n * n - 1), 3 * args.cycles)
        for i in range(args.cycles):
            a, b, c = cells[3 * i:3 * i + 3]
            b2[a], b2[b], b2[c] = b2[b], b2[c], b2[a]
        t1, t2 = tuple(b1), tuple(b2)
        start = time.perf_counter()
        result = approximate(t1, t2)
        seconds = time.perf_counter() - start
        start = time.perf_counter()
        assert apply_moves(t1, result.moves) == t2, "moves do not reach B2"  # the instance checker
        replay = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"| {n} | {args.cycles} | {result.lower_bound:,.0f} | {result.length:,} | {result.ratio:.2f} | "
              f"{result.stats['method']} | {seconds:.1f} | {replay:.1f} | {peak:,.0f} |", flush=True)


def improvement_stages(args: argparse.Namespace) -> None:
    """Per n: what each local-improvement stage removes from the guided greedy sequence
    and from the Section 5 sequence (moves removed, summed over the boards)."""
    from npw.solvers.npuz.improve import cancel_inverse_pairs, remove_repeated_states, resolve_windows

    print("| n | boards | sequence | length | inverse pairs | repeated states | windows of 8 | removed % | s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for n in map(int, args.sides.split(",")):
        rng = random.Random(args.seed * 1000 + n)
        pairs = [(b1, random_reachable_board(n, rng, b1)) for b1 in (random_board(n, rng) for _ in range(args.boards))]
        for name in ("greedy", "section5"):
            totals = [0, 0, 0, 0]
            seconds = 0.0
            for b1, b2 in pairs:
                moves = greedy_moves(b1, b2) if name == "greedy" else \
                    approximate(b1, b2, method="section5", local=False).moves
                start = time.perf_counter()
                a = cancel_inverse_pairs(moves)
                b = remove_repeated_states(b1, a)
                c = resolve_windows(b1, b, 8)
                seconds += time.perf_counter() - start
                assert apply_moves(b1, c) == b2, "moves do not reach B2"
                for i, (x, y) in enumerate(((moves, moves), (moves, a), (a, b), (b, c))):
                    totals[i] += len(moves) if i == 0 else len(x) - len(y)
            print(f"| {n} | {args.boards} | {name} | {totals[0]:,} | {totals[1]:,} | {totals[2]:,} | {totals[3]:,} | "
                  f"{100 * sum(totals[1:]) / totals[0]:.2f} | {seconds:.1f} |", flush=True)


def issue36_child(engine: str, n: int, seed: int) -> None:
    """One board, one engine, in this (fresh) process: prints one JSON line."""
    import json

    rng = random.Random(seed * 1000 + n)
    b1 = random_board(n, rng)
    b2 = random_reachable_board(n, rng, b1)
    t0 = time.process_time()
    result = approximate(b1, b2, engine="python" if engine == "old" else "auto")
    t1 = time.process_time()
    if engine == "old":
        ok = apply_moves(b1, result.moves) == b2
    else:
        from npw.solvers.npuz.approx_kernel import replay_ok

        ok = result.packed is not None and replay_ok(b1, result.packed, b2)
    t2 = time.process_time()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"engine": engine, "n": n, "moves": result.length, "bound": result.lower_bound,
                      "ratio": result.ratio, "approximate_cpu": t1 - t0, "replay_cpu": t2 - t1, "ok": ok,
                      "peak_mib": peak, "method": result.stats.get("method"), "stats_engine": result.stats.get("engine")}))


def issue36(args: argparse.Namespace) -> None:
    """The parent: children (one per engine and side), CPU of each from os.wait4."""
    import json
    import subprocess

    runs = [("new", int(n)) for n in args.new_sides.split(",") if n] + \
        [("old", int(n)) for n in args.old_sides.split(",") if n]
    print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average {os.getloadavg()}", flush=True)
    print("| engine | n | moves | bound | ratio | approximate CPU s | replay CPU s | child CPU s | us per move | "
          "peak RSS MiB | replayed | method |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|", flush=True)
    pending = list(runs)
    running: dict[int, tuple[subprocess.Popen, tuple[str, int]]] = {}
    while pending or running:
        while pending and len(running) < args.jobs:
            engine, n = pending.pop(0)
            child = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--child", engine, "--big", str(n),
                                      "--seed", str(args.seed)], stdout=subprocess.PIPE, text=True)
            running[child.pid] = (child, (engine, n))
        pid, status, usage = os.wait4(-1, 0)
        if pid not in running:
            continue
        child, (engine, n) = running.pop(pid)
        out = child.stdout.read()
        if status != 0 or not out.strip():
            print(f"| {engine} | {n} | failed (status {status}) | | | | | | | | | |", flush=True)
            continue
        r = json.loads(out.strip().splitlines()[-1])
        cpu = usage.ru_utime + usage.ru_stime
        print(f"| {engine} | {n} | {r['moves']:,} | {r['bound']:,.0f} | {r['ratio']:.3f} | {r['approximate_cpu']:.1f} | "
              f"{r['replay_cpu']:.1f} | {cpu:.1f} | {1e6 * r['approximate_cpu'] / max(1, r['moves']):.3f} | "
              f"{usage.ru_maxrss / 1024:,.0f} | {r['ok']} | {r['method']} ({r['stats_engine']}) |", flush=True)


def kernel_ab(args: argparse.Namespace) -> None:
    """Same-run A/B of the compiled greedy kernel: another version's file (e.g.
    ``git show 5d7b63c:solvers/npuz/approx_kernel.py > /tmp/old_kernel.py``) against this tree's,
    alternated old, new, old, new on one board per side; the moves must be identical."""
    import importlib.util

    import npw.solvers.npuz.approx_kernel as new

    spec = importlib.util.spec_from_file_location("approx_kernel_other", args.kernel_ab)
    old = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(old)
    print("| n | moves | other ns a move | this tree ns a move |")
    print("|---|---|---|---|")
    for n in map(int, args.sides.split(",")):
        rng = random.Random(1000 + n)
        b1 = random_board(n, rng)
        b2 = random_reachable_board(n, rng, b1)
        times: dict[str, list[float]] = {"old": [], "new": []}
        moves = set()
        for name, module in (("old", old), ("new", new), ("old", old), ("new", new)):
            start = time.process_time()
            packed = module.greedy_packed(b1, b2)
            times[name].append(1e9 * (time.process_time() - start) / max(1, len(packed)))
            moves.add(packed.to_str() if n <= 50 else (len(packed), bytes(packed.buf[:(len(packed) + 3) // 4])))
        assert len(moves) == 1, "the two kernels made different moves"
        print(f"| {n} | {len(packed):,} | {', '.join(f'{t:.0f}' for t in times['old'])} | "
              f"{', '.join(f'{t:.0f}' for t in times['new'])} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sides", default="32,50,64,100")
    parser.add_argument("--boards", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--big", type=int, default=0, help="side of the sparse big boards (0: random boards)")
    parser.add_argument("--cycles", type=int, default=1000)
    parser.add_argument("--stages", action="store_true", help="what each local-improvement stage removes")
    parser.add_argument("--issue36", action="store_true", help="compiled vs reference on uniformly random boards")
    parser.add_argument("--new-sides", default="100,300,1000")
    parser.add_argument("--old-sides", default="100,300")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--kernel-ab", default="", help="another approx_kernel.py to time against this tree's")
    parser.add_argument("--child", choices=("old", "new"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.kernel_ab:
        kernel_ab(args)
    elif args.child:
        issue36_child(args.child, args.big, args.seed)
    elif args.issue36:
        issue36(args)
    elif args.stages:
        improvement_stages(args)
    elif args.big:
        big_boards(args)
    else:
        random_sides(args)


if __name__ == "__main__":
    main()
