"""CPU seconds of one ``npw`` command run from two checkouts, interleaved (noise hits both alike).

    python bench/compare_checkouts.py OLD_CHECKOUT NEW_CHECKOUT [--repeat 7] -- list
    python bench/compare_checkouts.py /tmp/oldmain . -- verify 1in3sat-to-224sat --random 3000 --quiet

Each call is ``python -c "from npw.cli import main ..."`` with the checkout as its working
folder, so the checkout's own ``npw`` package is imported first (a checkout from before the
one import root imports its top-level ``instances`` etc. the same way). Prints the best CPU
time (user + sys of the child) of each and the ratio new / old.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys

CODE = "import sys; from npw.cli import main; sys.exit(main(sys.argv[1:]))"


def cpu_seconds(folder: str, args: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", CODE, *args], cwd=folder, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--repeat", type=int, default=7)
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:split])
    command = argv[split + 1:] or ["list"]  # the npw arguments, after --
    best = {args.old: float("inf"), args.new: float("inf")}
    for _ in range(args.repeat):
        for folder in (args.old, args.new):
            best[folder] = min(best[folder], cpu_seconds(folder, command))
    print(f"npw {' '.join(command)}: old {best[args.old]:.3f} s, new {best[args.new]:.3f} s, "
          f"new / old {best[args.new] / best[args.old]:.2f} (best of {args.repeat}, CPU)")


if __name__ == "__main__":
    main()
