"""bench/solochess_queen_gadgets.py, the exact search for a queen ladder (Theorem 3.11, T = queen):
the model finds the bishop ladder we use (so an INFEASIBLE from it means something), a single queen
gadget alone, and proves the small periodic queen ladders impossible; its independent checker
rejects a broken gadget."""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import replace
from pathlib import Path

import pytest

pytest.importorskip("ortools")

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def gadgets():
    spec = importlib.util.spec_from_file_location("solochess_queen_gadgets", ROOT / "bench" / "solochess_queen_gadgets.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_model_finds_a_bishop_ladder(gadgets):
    status, found = gadgets.search((2, 12), villain="bishop", limit=120)
    assert status == "FEASIBLE"
    assert gadgets.check(found, (2, 12), villain="bishop") is None
    assert all(len(found.groups[side]) == 2 for side in ("left", "right"))


def test_one_queen_gadget_alone_exists_and_a_broken_one_is_rejected(gadgets):
    status, found = gadgets.search((3, 5), copies=0, limit=120)
    assert status == "FEASIBLE"
    assert gadgets.check(found, (3, 5), gadgets=1) is None
    # the same gadget repeated along its own displacement is no ladder
    assert gadgets.check(found, (3, 5)) is not None
    # groups claimed on the wrong paths
    swapped = replace(found, groups={"left": found.groups["right"], "right": found.groups["left"]})
    assert "is not on the left path" in gadgets.check(swapped, (3, 5), gadgets=1)


@pytest.mark.parametrize("displacement", [(3, 5), (2, 7), (4, 6)])
def test_small_periodic_queen_ladders_are_impossible(gadgets, displacement):
    status, found = gadgets.search(displacement, groups=(2, 1), limit=120)
    assert (status, found) == ("INFEASIBLE", None)
