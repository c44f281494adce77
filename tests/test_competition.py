"""``npw solve --competition`` as a SAT competition's scripts use a solver: a shell script runs it
on CNFgen's families (pigeonhole, ordering principle, Tseitin parity, random k-CNF; the small
generators below, or CNFgen itself where it is installed) and on a problem that is not CNF (a
3-colouring target, decided through its DIMACS encoding); every answer is compared with
CaDiCaL 1.5.3 called directly through python-sat, every ``v`` model checked on the formula.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pysat.solvers import Cadical153

ROOT = Path(__file__).resolve().parent.parent

RUNNER = r"""#!/bin/sh
# npw as the SAT solver of a competition-style runner: one line per file, NAME STATUS S-LINE;
# the solver's whole output kept in NAME.out (the v lines read back by the test)
for f in "$@"; do
  npw solve --competition --timeout 120 "$f" > "$f.out" 2> "$f.err"
  status=$?
  sline=$(grep '^s ' "$f.out")
  echo "$(basename "$f") $status $sline"
done
"""


def dimacs(num_vars: int, clauses: list[list[int]]) -> str:
    return f"p cnf {num_vars} {len(clauses)}\n" + "".join(" ".join(map(str, c)) + " 0\n" for c in clauses)


def pigeonhole(pigeons: int, holes: int) -> tuple[int, list[list[int]]]:
    var = lambda i, j: i * holes + j + 1  # noqa: E731
    clauses = [[var(i, j) for j in range(holes)] for i in range(pigeons)]
    clauses += [[-var(a, j), -var(b, j)] for j in range(holes) for a in range(pigeons) for b in range(a + 1, pigeons)]
    return pigeons * holes, clauses


def ordering_principle(n: int) -> tuple[int, list[list[int]]]:
    """CNFgen's OP(n): a strict order on n elements in which every element has a smaller one (unsatisfiable)."""
    index = {pair: k + 1 for k, pair in enumerate(p for p in itertools.product(range(n), repeat=2) if p[0] != p[1])}
    x = lambda i, j: index[i, j]  # noqa: E731  x(i, j): i < j
    clauses = [[-x(i, j), -x(j, i)] for i in range(n) for j in range(i + 1, n)]
    clauses += [[-x(i, j), -x(j, k), x(i, k)] for i, j, k in itertools.permutations(range(n), 3)]
    clauses += [[x(i, j) for i in range(n) if i != j] for j in range(n)]
    return len(index), clauses


def tseitin_torus(side: int, odd: bool) -> tuple[int, list[list[int]]]:
    """Tseitin's parity formula on the side x side torus grid: charge 1 on vertex 0 only when
    ``odd`` (unsatisfiable: the charges' sum is odd), else all 0 (satisfiable)."""
    edges: dict[frozenset, int] = {}
    for r, c in itertools.product(range(side), repeat=2):
        for dr, dc in ((0, 1), (1, 0)):
            edges.setdefault(frozenset({(r, c), ((r + dr) % side, (c + dc) % side)}), len(edges) + 1)
    clauses = []
    for vertex in itertools.product(range(side), repeat=2):
        incident = [v for e, v in edges.items() if vertex in e]
        charge = 1 if odd and vertex == (0, 0) else 0
        for signs in itertools.product((1, -1), repeat=len(incident)):
            # forbid every assignment of the wrong parity: the clause false exactly on it
            true_count = sum(1 for s in signs if s == -1)
            if true_count % 2 != charge:
                clauses.append([s * v for s, v in zip(signs, incident)])
    return len(edges), clauses


def random_kcnf(k: int, n: int, m: int, seed: int) -> tuple[int, list[list[int]]]:
    rng = random.Random(seed)
    return n, [[v * rng.choice((1, -1)) for v in rng.sample(range(1, n + 1), k)] for _ in range(m)]


def formulas() -> dict[str, tuple[int, list[list[int]]]]:
    found = {f"php-{p}-{h}.cnf": pigeonhole(p, h) for p, h in ((4, 3), (5, 4), (6, 5), (5, 5), (7, 7))}
    found.update({f"op-{n}.cnf": ordering_principle(n) for n in (4, 6, 8)})
    found.update({f"tseitin-{s}-{'odd' if odd else 'even'}.cnf": tseitin_torus(s, odd) for s in (3, 4) for odd in (0, 1)})
    found.update({f"rand3-{seed}.cnf": random_kcnf(3, 60, 256, seed) for seed in range(1, 7)})  # ratio 4.27
    found.update({f"rand4-{seed}.cnf": random_kcnf(4, 30, 300, seed) for seed in range(1, 4)})  # ratio 10
    return found


def cnfgen_formulas() -> dict[str, str]:
    """The same families from CNFgen itself, where it is installed (not a dependency)."""
    try:
        import cnfgen
    except ImportError:
        return {}
    return {"cnfgen-php-6-5.cnf": cnfgen.PigeonholePrinciple(6, 5).to_dimacs(),
            "cnfgen-op-7.cnf": cnfgen.OrderingPrinciple(7).to_dimacs(),
            "cnfgen-rand3.cnf": cnfgen.RandomKCNF(3, 40, 170, seed=5).to_dimacs()}


def parse_dimacs(text: str) -> tuple[int, list[list[int]]]:
    num_vars, clauses, current = 0, [], []
    for line in text.splitlines():
        words = line.split()
        if not words or words[0] in ("c", "%"):
            continue
        if words[0] == "p":
            num_vars = int(words[2])
            continue
        for word in map(int, words):
            if word == 0:
                clauses.append(current)
                current = []
            else:
                current.append(word)
    return num_vars, clauses


def cadical(clauses: list[list[int]]) -> bool:
    with Cadical153(bootstrap_with=clauses) as solver:
        return solver.solve()


def model_of(output: str) -> set[int]:
    literals = [int(word) for line in output.splitlines() if line.startswith("v ") for word in line.split()[1:]]
    assert literals and literals[-1] == 0 and literals.count(0) == 1, "the v lines end in one 0"
    return set(literals[:-1])


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> tuple[Path, dict[str, tuple[int, str]]]:
    where = tmp_path_factory.mktemp("competition")
    bin_dir = where / "bin"
    bin_dir.mkdir()
    (bin_dir / "npw").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m npw "$@"\n')
    (bin_dir / "npw").chmod(0o755)
    (where / "run.sh").write_text(RUNNER)
    files = []
    for name, (num_vars, clauses) in formulas().items():
        (where / name).write_text(dimacs(num_vars, clauses))
        files.append(name)
    for name, text in cnfgen_formulas().items():
        (where / name).write_text(text)
        files.append(name)
    env = dict(os.environ, PYTHONPATH=str(ROOT), PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    for argv in (["generate", "3sat", "-p", "num_vars=12", "-p", "ratio=4.0", "--seed", "3", "-o", "small.json"],
                 ["reduce", "3sat-to-3col", "small.json", "-o", "col.json"],
                 ["solve", "col.json", "--emit", "dimacs", "-o", "col.cnf-export"]):
        subprocess.run(["npw", *argv], cwd=where, env=env, check=True, capture_output=True, timeout=120)
    files.append("col.json")
    done = subprocess.run(["sh", "run.sh", *files], cwd=where, env=env, capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stderr
    results = {}
    for line in done.stdout.splitlines():
        name, status, *sline = line.split(maxsplit=2)
        results[name] = (int(status), " ".join(sline))
    assert sorted(results) == sorted(files), done.stdout
    return where, results


def test_answers_match_cadical_and_models_satisfy(runs):
    where, results = runs
    answers = {True: 0, False: 0}
    for name, (status, sline) in results.items():
        text = (where / ("col.cnf-export" if name == "col.json" else name)).read_text()
        num_vars, clauses = parse_dimacs(text)
        expected = cadical(clauses)
        answers[expected] += 1
        assert (status, sline) == ((10, "s SATISFIABLE") if expected else (20, "s UNSATISFIABLE")), \
            f"{name}: npw said {sline!r} (exit {status}), CaDiCaL {'SAT' if expected else 'UNSAT'}\n" \
            + (where / f"{name}.err").read_text()
        output = (where / f"{name}.out").read_text()
        assert all(line[:2] in ("c ", "s ", "v ") for line in output.splitlines()), output[:500]
        assert all(len(line) <= 78 for line in output.splitlines() if line.startswith("v ")), name
        if expected:
            model = model_of(output)
            assert all(abs(literal) <= num_vars and -literal not in model for literal in model), name
            assert len(model) == num_vars, f"{name}: {len(model)} of {num_vars} variables in the v lines"
            unsatisfied = [c for c in clauses if not any(literal in model for literal in c)]
            assert not unsatisfied, f"{name}: the v model leaves {unsatisfied[:3]} false"
        else:
            assert not [line for line in output.splitlines() if line.startswith("v")], name
    assert answers[True] >= 5 and answers[False] >= 5, answers  # both answers exercised


def test_the_non_cnf_problem_says_what_the_v_lines_are(runs):
    where, results = runs
    output = (where / "col.json.out").read_text()
    assert "a coloring instance" in output and "DIMACS encoding" in output, output[:400]


def test_out_of_time_is_s_unknown_exit_0(tmp_path):
    num_vars, clauses = pigeonhole(12, 11)
    (tmp_path / "php.cnf").write_text(dimacs(num_vars, clauses))
    done = subprocess.run([sys.executable, "-m", "npw", "solve", "--competition", "php.cnf", "--backend", "sat:g4",
                           "--timeout", "1"], cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "s UNKNOWN", done.stdout + done.stderr
    assert not [line for line in done.stdout.splitlines() if line[:2] not in ("c ", "s ")]
