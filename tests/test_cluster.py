"""forexcli/cluster: jobs on a Dask cluster (a LocalCluster here), and the default process pool.

Skipped without ``distributed`` (the optional extra ``forexcli[cluster]``).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from forexcli.cluster import ClusterUnavailable, connect, pool
from tests.cli.test_commands import ANNOTATED, TWO, run

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a one-worker local cluster (threads: fast to start)."""
    cluster = distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, protocol="tcp",
        dashboard_address=None,
    )  # fmt: skip
    try:
        yield str(cluster.scheduler_address)
    finally:
        cluster.close()


def _square(x: int) -> int:
    return x * x


def test_pool_runs_jobs_on_the_cluster(scheduler: str) -> None:
    with pool(scheduler) as executor:
        futures = [executor.submit(_square, x) for x in range(5)]
        assert [f.result() for f in futures] == [0, 1, 4, 9, 16]
    with pool(None, 1) as local:
        assert local.submit(_square, 3).result() == 9


def test_tournament_games_on_the_cluster(scheduler: str) -> None:
    from benchmarks import strength

    jobs = [("greedy", "random", 0), ("greedy", "random", 1)]
    with pool(scheduler) as executor:
        remote = strength.run_matches(executor, jobs, 1, None)
    with pool(None, 1) as executor:
        local = strength.run_matches(executor, jobs, 1, None)
    assert remote == [
        strength.Match(**{**vars(m), "seconds": r.seconds})
        for m, r in zip(local, remote, strict=True)
    ]


def test_analyse_folder_on_the_cluster(tmp_path: Path, scheduler: str) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copyfile(ANNOTATED, folder / "a.yaml")
    shutil.copyfile(TWO, folder / "b.yaml")
    args = ["analyse", str(folder), "--simulations", "5", "--from", "1", "--to", "2"]
    args += ["--format", "json"]
    remote = run([*args, "--scheduler", scheduler])
    assert remote.exit_code == 0, remote.output
    data = json.loads(remote.stdout)
    assert sorted(Path(d["file"]).name for d in data) == ["a.yaml", "b.yaml"]
    assert [len(d["moves"]) for d in data] == [2, 2]


def test_unreachable_scheduler_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("forexcli.cluster.CONNECT_SECONDS", 0.5)
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copyfile(TWO, folder / "b.yaml")
    before = (folder / "b.yaml").read_bytes()
    result = run(["analyse", str(folder), "--simulations", "5", "--write",
                  "--scheduler", "tcp://127.0.0.1:9"])  # fmt: skip
    assert result.exit_code == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.output
    assert "Traceback" not in result.output
    assert (folder / "b.yaml").read_bytes() == before
    with pytest.raises(ClusterUnavailable):
        connect("tcp://127.0.0.1:9")


def test_scheduler_needs_a_folder(tmp_path: Path) -> None:
    shutil.copyfile(TWO, tmp_path / "b.yaml")
    result = run(["analyse", str(tmp_path / "b.yaml"), "--scheduler", "tcp://127.0.0.1:9"])
    assert result.exit_code == 2
    assert "a cluster analyses the logs of a folder" in result.output
