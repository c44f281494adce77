"""npw profile (verify/profile.py, verify/profile_plot.py): counts against an independent
decider, the plot files, and bad input."""

import json

import pytest

from npw.instances.base import derive_seed
from npw.instances.registry import get_problem
from npw.cli import main
from npw.solvers import solve


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


PROFILE = ["profile", "1in3sat", "-g", "positive", "-p", "num_vars=12", "--param", "ratio",
           "--values", "0.3,0.7,1.2", "--count", "8", "--seed", "3", "--quiet"]


def test_profile_counts_agree_with_the_brute_force_decider(capsys):
    code, out, err = run(capsys, *PROFILE, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert [p["value"] for p in data["points"]] == [0.3, 0.7, 1.2]
    problem = get_problem("1in3sat")
    for point in data["points"]:
        expected = sum(solve(problem.generate("positive", derive_seed(3, i), num_vars=12, ratio=point["value"]),
                             backend="brute").answer.value == "YES" for i in range(8))
        assert point["yes"] == expected and point["yes"] + point["no"] + point["unknown"] == 8
        assert point["fraction_yes"] == pytest.approx(expected / 8)
        assert point["median_conflicts"] is not None and point["median_seconds"] > 0
        assert all(d.startswith("sat") for d in point["deciders"])
    # positive 1-in-3-SAT: few clauses are satisfiable, many are not
    assert data["points"][0]["fraction_yes"] > data["points"][-1]["fraction_yes"]


def test_profile_writes_svg_and_png(capsys, tmp_path):
    svg, png = tmp_path / "p.svg", tmp_path / "p.png"
    assert run(capsys, *PROFILE, "-o", svg)[0] == 0
    text = svg.read_text()
    assert text.startswith("<?xml") and "<svg" in text and "fraction yes" in text and "ratio" in text
    assert run(capsys, *PROFILE, "-o", png)[0] == 0
    from PIL import Image

    import numpy as np

    pixels = np.asarray(Image.open(png).convert("L"))
    assert pixels.shape[1] > 300 and len(np.unique(pixels)) > 10  # not a blank canvas
    assert "<dc:date>" not in text  # no timestamp: reruns differ only by the measured times


def test_profile_backend_without_conflicts_and_a_timeout(capsys):
    code, out, _ = run(capsys, "profile", "hampath", "-g", "random", "--param", "num_vertices", "--values", "6,9",
                       "--count", "3", "--backend", "dp", "--timeout", "30", "--json", "--quiet")
    assert code == 0
    points = json.loads(out)["points"]
    assert all(p["median_conflicts"] is None and p["deciders"] == ["dp"] for p in points)


def test_profile_bad_input(capsys, tmp_path, monkeypatch):
    bad = [
        PROFILE + ["-o", tmp_path / "p.pdf"],
        PROFILE,  # neither -o nor --json
        ["profile", "1in3sat", "--param", "ratio", "--values", ",", "--json"],
        ["profile", "1in3sat", "--param", "bogus", "--values", "1", "--json"],
        ["profile", "1in3sat", "--param", "ratio", "--values", "0.5", "--count", "0", "--json"],
        ["profile", "1in3sat", "--param", "ratio", "--values", "0.5", "-p", "ratio=1", "--json"],
    ]
    for argv in bad:
        code, out, err = run(capsys, *argv)
        assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, (argv, err)
    import npw.verify.profile_plot

    monkeypatch.setattr(npw.verify.profile_plot, "plot_available", lambda: False)
    code, _, err = run(capsys, *PROFILE, "-o", tmp_path / "p.svg")
    assert code == 2 and "matplotlib" in err and not (tmp_path / "p.svg").exists()
