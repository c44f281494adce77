"""The verifier: report fields, executors, warnings, shrinking."""

from concurrent.futures import ProcessPoolExecutor

from npw.instances import get_problem
from npw.reductions import get_reduction
from npw.verify import exhaustive, planted_stream, random_stream, verify_reduction
from npw.verify.cases import derive_seed

REDUCTION = get_reduction("1in3sat-to-224sat")
PROBLEM = get_problem("1in3sat")


def test_process_pool_gives_the_same_totals_as_a_serial_run():
    serial = verify_reduction(REDUCTION, random_stream(PROBLEM, 400, seed=7)).to_json()
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = verify_reduction(REDUCTION, random_stream(PROBLEM, 400, seed=7), executor=pool).to_json()
    for key in ("cases", "source_yes", "source_no", "confusion", "mismatches", "certificate_failures"):
        assert serial[key] == parallel[key]
    assert serial["cases"] == 400


def test_random_stream_has_enough_no_cases_and_is_reproducible():
    report = verify_reduction(REDUCTION, random_stream(PROBLEM, 500, seed=1)).to_json()
    assert report["source_no"] >= 0.2 * report["cases"]
    assert report["warnings"] == []
    assert derive_seed(1, 2) == derive_seed(1, 2) != derive_seed(2, 1)


def test_planted_stream_only_yes_and_warns():
    report = verify_reduction(REDUCTION, planted_stream(PROBLEM, 50, seed=3)).to_json()
    assert report["source_yes"] == 50 and report["source_no"] == 0
    assert any("no-direction is untested" in w for w in report["warnings"])


def test_required_json_fields():
    report = verify_reduction(REDUCTION, exhaustive(PROBLEM, 1)).to_json()
    for key in ("reduction", "cases", "source_yes", "source_no", "mismatches", "certificate_failures",
                "timeouts", "counterexample"):
        assert key in report
    assert report["cases"] == 5 and report["counterexample"] is None


def test_broken_backward_map_is_a_certificate_failure():
    import dataclasses

    broken = dataclasses.replace(REDUCTION, backward=lambda src, tgt, cert: (False,) * src.num_vars)
    report = verify_reduction(broken, exhaustive(PROBLEM, 1)).to_json()
    assert report["certificate_failures"] > 0 and not report["passed"]
    assert report["counterexample"]["kinds"] == ["backward-certificate"]


def test_certified_no_stream_is_all_no_and_passes():
    from npw.verify import certified_no_stream

    report = verify_reduction(REDUCTION, certified_no_stream(PROBLEM, 60, seed=2)).to_json()
    assert report["source_no"] == 60 and report["target_no"] == 60 and report["passed"]
