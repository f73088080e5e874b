"""The Ray backend gives the local backend's results for the same seed."""

from __future__ import annotations

import pytest
import ray

from lastcall.core import LastcallError
from lastcall.sim.backends import make_backend
from lastcall.sim.runner import simulate


def test_unknown_backend_and_misplaced_address() -> None:
    with pytest.raises(LastcallError, match="unknown backend 'spark'"):
        make_backend("spark", 1)
    with pytest.raises(LastcallError, match="--address goes with --backend ray"):
        make_backend("local", 1, "10.0.0.1:6379")


def test_ray_matches_local() -> None:
    try:
        local, local_rows = simulate("barista", 10, 3, ["random"], seed=21, workers=1)
        remote, remote_rows = simulate(
            "barista", 10, 3, ["random"], seed=21, workers=2, backend="ray"
        )
    finally:
        ray.shutdown()
    assert [r.scores for r in remote_rows] == [r.scores for r in local_rows]
    assert remote.wins_by_seat == local.wins_by_seat
    assert remote.mean_decisions == local.mean_decisions
