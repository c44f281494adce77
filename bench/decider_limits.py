"""Does every decider keep to ``--timeout`` (building included) and to a memory bound?

Each problem gets a few instances far past what its deciders can finish; each decider runs on
each in its own process (the file read as ``npw solve`` reads it, then ``npw.solvers.solve``
with the timeout), under an address-space cap (a decider past it dies instead of taking the
machine). Printed per run: the wall time of the decider call against the timeout (reading the
file and starting Python are not the decider's), the process's peak resident memory, and how
it ended (an answer, UNKNOWN with ``timed_out_while``, a refusal with its reason, or a crash).
A run is an overrun when the call takes more than the timeout plus SLACK seconds.

    python bench/decider_limits.py [--timeout 3] [--cap-gib 4] [--only PROBLEM]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from npw.instances.base import dumps
from npw.instances.registry import get_problem
from npw.solvers import backends_for

SLACK = 0.5  # seconds past the timeout still counted as keeping to it (freeing memory, a last check)

DRIVER = """
import json, sys, time
from npw.cli.common import load_file
from npw.solvers import solve
instance = load_file(sys.argv[1])
began = time.perf_counter()
try:
    result = solve(instance, backend=sys.argv[2], timeout=float(sys.argv[3]))
except ValueError as error:  # InvalidInstance: this decider does not apply to the instance
    print(json.dumps({"seconds": time.perf_counter() - began, "answer": "not applicable: " + str(error)}))
    sys.exit(0)
seconds = time.perf_counter() - began
stats = {k: v for k, v in result.stats.items() if isinstance(v, (str, int, float))}
print(json.dumps({"seconds": seconds, "answer": result.answer.value, "stats": stats}))
"""

# (problem, generator, parameters): instances past every decider's reach within seconds
INSTANCES = [
    ("cnf", "random", {"num_vars": 200_000}),
    ("1in3sat", "planted", {"num_vars": 30_000}),
    ("224sat", "random", {"m": 20_000}),
    ("rel", "random", {"vertices": 30, "edges": 300, "elements": 30}),
    ("rel", "random", {"vertices": 12, "edges": 60, "elements": 12}),
    ("hampath", "random", {"num_vertices": 2000, "p": 0.004}),
    ("hampath", "grid", {"num_vertices": 400}),
    ("solochess", "random", {"width": 8, "height": 8, "num_pieces": 40}),
    ("npuz", "random", {"n": 6}),
    ("npuz", "random", {"n": 4}),
    ("torus", "random", {"rows": 6, "cols": 6}),
    ("3partition", "planted", {"m": 40, "bound": 100_000}),
    ("3partition", "planted", {"m": 4, "bound": 40_000_000_000}),
    ("bwp", "random", {"rows": 14, "cols": 14, "steps": 30}),
]


def run_one(path: Path, backend: str, timeout: float, cap: int) -> dict:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    command = [sys.executable, "-c", DRIVER, str(path), backend, str(timeout)]
    with tempfile.TemporaryFile() as out_file, tempfile.TemporaryFile() as err_file:
        process = subprocess.Popen(command, stdout=out_file, stderr=err_file, preexec_fn=limit)
        _, status, usage = os.wait4(process.pid, 0)  # this child's own peak memory
        process.returncode = os.waitstatus_to_exitcode(status)
        out_file.seek(0)
        err_file.seek(0)
        out, err = out_file.read(), err_file.read()
    seconds = None
    try:
        data = json.loads(out)
        seconds = data["seconds"]
        stats = data.get("stats", {})
        ended = data["answer"]
        if stats.get("refused"):
            ended = "refused: " + stats["refused"]
        elif stats.get("timed_out_while"):
            ended += f" ({stats['timed_out_while']})"
    except (json.JSONDecodeError, KeyError):
        last = err.decode(errors="replace").strip().splitlines()
        ended = f"exit {process.returncode}: {last[-1][:120] if last else ''}"
    return {"seconds": None if seconds is None else round(seconds, 2), "peak_mb": usage.ru_maxrss // 1024,
            "ended": ended, "overrun": seconds is None or seconds > timeout + SLACK}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=3.0)
    parser.add_argument("--cap-gib", type=float, default=4.0)
    parser.add_argument("--only")
    args = parser.parse_args()
    cap = int(args.cap_gib * 2**30)
    overruns = runs = 0
    with tempfile.TemporaryDirectory() as folder:
        for problem_id, generator, params in INSTANCES:
            if args.only and problem_id != args.only:
                continue
            instance = get_problem(problem_id).generate(generator, 1, **params)
            path = Path(folder) / f"{problem_id}.json"
            path.write_text(dumps(instance.to_dict()))
            label = f"{problem_id} {generator} " + " ".join(f"{k}={v}" for k, v in params.items())
            for backend in backends_for(problem_id):
                result = run_one(path, backend, args.timeout, cap)
                runs += 1
                overruns += result["overrun"]
                flag = "OVERRUN" if result["overrun"] else "ok"
                seconds = float("nan") if result["seconds"] is None else result["seconds"]
                print(f"{flag:7} {seconds:6.2f} s {result['peak_mb']:6} MB  {label:48} {backend:12} "
                      f"{result['ended']}", flush=True)
    print(f"{runs} runs, {overruns} past --timeout {args.timeout} + {SLACK} s or crashed (cap {args.cap_gib} GiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
