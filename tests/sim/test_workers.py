"""Worker processes: the same results as one worker, and none outlives its run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from lastcall.sim.backends import start_method
from lastcall.sim.runner import simulate

TIMING = ("seconds", "decisions_per_sec")


def _untimed(summary: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in summary.items() if key not in TIMING}


def test_two_workers_give_exactly_the_one_worker_run() -> None:
    one, results_one = simulate("barista", 60, 3, ["greedy", "random"], seed=11, workers=1)
    two, results_two = simulate("barista", 60, 3, ["greedy", "random"], seed=11, workers=2)
    assert _untimed(one.to_json()) == _untimed(two.to_json())
    assert [(r.index, r.scores, r.winners, r.offers) for r in results_one] == [
        (r.index, r.scores, r.winners, r.offers) for r in results_two
    ]


def test_workers_fork_where_the_platform_allows() -> None:
    expected = "fork" if sys.platform.startswith("linux") else start_method()
    assert start_method() == expected


def _children(pid: int) -> list[int]:
    """Live processes whose parent is ``pid``, read from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state, parent = stat.rpartition(")")[2].split()[:2]
        if int(parent) == pid and state != "Z":
            found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
@pytest.mark.parametrize(
    ("workers_seen", "settle"),
    [(1, 0.0), (2, 0.5)],
    ids=["while-the-pool-starts", "while-playing"],
)
def test_sigterm_ends_a_simulation_and_its_workers(workers_seen: int, settle: float) -> None:
    """SIGTERM as the first worker forks (the pool still starting) or once both play."""
    args = ["simulate", "barista", "-n", "1000000", "--workers", "2", "--json"]
    run = subprocess.Popen(
        [sys.executable, "-m", "lastcall.cli", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    try:
        deadline = time.monotonic() + 120
        workers = _children(run.pid)
        while len(workers) < workers_seen and time.monotonic() < deadline:
            workers = _children(run.pid)  # each look reads /proc: no sleep, to catch the fork
        assert len(workers) >= workers_seen
        time.sleep(settle)
        run.send_signal(signal.SIGTERM)
        assert run.wait(timeout=60) == 128 + signal.SIGTERM
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    deadline = time.monotonic() + 10
    while any(map(_alive, workers)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(map(_alive, workers))
