"""The same sweep on a local Dask cluster (through its concurrent.futures executor) and on a
process pool gives the same results."""

from concurrent.futures import ProcessPoolExecutor

import pytest

from npw.instances import get_problem
from npw.reductions import get_reduction
from npw.verify import random_stream, verify_reduction

distributed = pytest.importorskip("dask.distributed")

COMPARED = ("cases", "confusion", "mismatches", "certificate_failures", "timeouts", "max_target_size", "passed")


def test_dask_cluster_equals_process_pool():
    reduction = get_reduction("1in3sat-to-224sat")
    cases = list(random_stream(get_problem(reduction.source), 600, 11))
    with ProcessPoolExecutor(max_workers=2) as pool:
        local = verify_reduction(reduction, cases, executor=pool).to_json()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_dask = verify_reduction(reduction, cases, executor=client.get_executor()).to_json()
    assert {k: on_dask[k] for k in COMPARED} == {k: local[k] for k in COMPARED}
    assert local["cases"] == 600 and local["passed"]


def test_cli_reports_an_unreachable_scheduler_in_one_line(capsys):
    from npw.cli import main

    code = main(["verify", "1in3sat-to-224sat", "--random", "5", "--dask", "tcp://127.0.0.1:9", "--quiet"])
    assert code == 2
    assert capsys.readouterr().err.count("\n") == 1
