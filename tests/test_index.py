"""One record per problem and per reduction: the index is the code's own, and a new problem needs
no edit of any shared file.

* the three ``_index.json`` files are what ``npw index`` writes now (stale: run ``npw index``);
* a toy problem with a decider, a generator and a drawing, and one reduction into it from an
  existing problem, added to a copy of the tree as new files only (no line elsewhere, not even
  the index), is listed, solved, drawn and verified by ``npw`` run from that copy.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from tree_copy import copy_source

from npw.catalogue import stale_indexes

ROOT = Path(__file__).resolve().parents[1]


def test_the_index_is_current():
    assert stale_indexes() == [], "the index is stale: run npw index"


TOY_PROBLEM = '''
"""EXACT SUM (a toy problem for tests/test_index.py): pick numbers summing exactly to the target."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any, ClassVar

from npw.instances.base import InvalidInstance, Problem, check_header


@dataclass(frozen=True)
class ExactSum:
    problem: ClassVar[str] = "exactsum"
    numbers: tuple[int, ...]
    target: int

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        if any(not isinstance(n, int) or n < 0 for n in self.numbers) or self.target < 0:
            raise InvalidInstance("numbers and target are non-negative integers")

    def verify(self, certificate: Any) -> bool:
        chosen = list(certificate)
        return (len(set(chosen)) == len(chosen) and all(0 <= i < len(self.numbers) for i in chosen)
                and sum(self.numbers[i] for i in chosen) == self.target)

    def size(self) -> dict[str, int]:
        return {"numbers": len(self.numbers)}

    def to_dict(self) -> dict:
        return {"problem": self.problem, "version": 1, "numbers": list(self.numbers), "target": self.target}

    @classmethod
    def from_dict(cls, data: Any) -> "ExactSum":
        check_header(data, cls.problem)
        return cls(tuple(data["numbers"]), data["target"])

    @staticmethod
    def certificate_to_json(certificate: Any) -> list:
        return list(certificate)

    @staticmethod
    def certificate_from_json(obj: Any) -> tuple:
        return tuple(obj)


def random_instance(seed: int, size: int = 5) -> ExactSum:
    rng = random.Random(seed)
    numbers = tuple(rng.randint(0, 9) for _ in range(size))
    return ExactSum(numbers, rng.randint(0, sum(numbers)))


def enumerate_instances(total: int):
    for size in range(total + 1):
        for numbers in itertools.product(range(total + 1), repeat=size):
            for target in range(sum(numbers) + 1):
                yield ExactSum(numbers, target)


def render_svg(instance: ExactSum, certificate: Any = None) -> str:
    bars = "".join(f'<rect data-el="number:{i}" x="{20 * i}" y="0" width="15" height="{5 * n}"/>'
                   for i, n in enumerate(instance.numbers))
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60">{bars}</svg>'


def elements(instance: ExactSum) -> list[str]:
    return [f"number:{i}" for i in range(len(instance.numbers))]


PROBLEM = Problem(
    id="exactsum",
    title="EXACT SUM (toy): numbers summing exactly to the target",
    instance_type=ExactSum,
    certificate_doc="the indices of the chosen numbers",
    generators={"random": random_instance},
    default_generator="random",
    enumerate=enumerate_instances,
    sample=lambda seed: random_instance(seed, 4),
    verify_deciders=("brute",),
    deciders=("brute",),
    renderer="npw.instances.toy.exactsum:render_svg",
    elements=elements,
)
'''

TOY_DECIDER = '''
"""The brute-force decider of the toy problem EXACT SUM."""

from __future__ import annotations

import itertools

from npw.solvers.registry import Decider
from npw.solvers.result import Answer, Result


def solve(instance, timeout=None, **options) -> Result:
    indices = range(len(instance.numbers))
    for count in range(len(instance.numbers) + 1):
        for chosen in itertools.combinations(indices, count):
            if sum(instance.numbers[i] for i in chosen) == instance.target:
                return Result(Answer.YES, chosen, "brute", {})
    return Result(Answer.NO, None, "brute", {})


DECIDERS = (Decider("exactsum", "brute", solve),)
'''

TOY_REDUCTION = '''
"""PARTITION -> EXACT SUM (toy): the same numbers, half their total as the target."""

from __future__ import annotations

from npw.instances.toy.exactsum import ExactSum
from npw.reductions.base import Reduction


def reduce(source) -> ExactSum:
    total = sum(source.numbers)
    # an odd total has no partition: a target no subset of these numbers reaches
    return ExactSum(tuple(source.numbers), total // 2 if total % 2 == 0 else total + 1)


def forward(source, side):
    return tuple(side)


def backward(source, target, chosen):
    return tuple(chosen)


def size(source) -> dict[str, int]:
    return {"numbers": len(source.numbers)}


def provenance(source, target) -> dict[str, list[str]]:
    return {f"number:{i}": [f"number:{i}"] for i in range(len(source.numbers))}


REDUCTION = Reduction(id="partition-to-exactsum", source="partition", target="exactsum",
                      reference="a toy reduction (tests/test_index.py)", reduce=reduce, forward=forward,
                      backward=backward, size=size, provenance=provenance)
'''


def _npw(tree: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-c", "import sys; from npw.cli import main; sys.exit(main())", *argv],
                          cwd=tree, env=env, capture_output=True, text=True, timeout=300)


def test_a_toy_problem_and_reduction_need_new_files_only(tmp_path):
    tree = copy_source(tmp_path / "tree")
    before = {p.relative_to(tree): p.read_bytes() for p in tree.rglob("*") if p.is_file()}
    for folder, name, text in (("instances/toy", "exactsum.py", TOY_PROBLEM), ("solvers/toy", "exactsum.py", TOY_DECIDER),
                               ("reductions/toy", "partition_to_exactsum.py", TOY_REDUCTION)):
        (tree / folder).mkdir()
        (tree / folder / "__init__.py").write_text('"""A toy room."""\n')
        (tree / folder / name).write_text(textwrap.dedent(text).lstrip())
    after = {p.relative_to(tree): p.read_bytes() for p in tree.rglob("*") if p.is_file()}
    assert all(after[p] == data for p, data in before.items()), "an existing file was edited"

    done = _npw(tree, "list")
    assert done.returncode == 0 and "exactsum" in done.stdout and "partition-to-exactsum" in done.stdout, done.stderr
    instance = tmp_path / "toy.json"
    assert _npw(tree, "generate", "exactsum", "--seed", "3", "-o", str(instance)).returncode == 0
    solved = _npw(tree, "solve", str(instance), "--json")
    assert solved.returncode == 0 and json.loads(solved.stdout)["answer"] in ("YES", "NO"), solved.stderr
    drawn = _npw(tree, "render", str(instance), "-o", "-")
    assert drawn.returncode == 0 and drawn.stdout.count('data-el="number:') == 5, drawn.stderr
    verified = _npw(tree, "verify", "partition-to-exactsum", "--exhaustive", "6", "--random", "50", "--json")
    report = json.loads(verified.stdout)
    assert verified.returncode == 0 and report["cases"] >= 60 and report["mismatches"] == 0, verified.stderr
    assert report["source_yes"] > 0 and report["source_no"] > 0
