"""``lastcall bench-web`` seats every table before its timer starts, then reports the servers'
CPU time per move beside moves/s and latency."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

from lastcall.web.bench import _load
from lastcall.web.settings import sqlite_url
from tests.web.conftest import REDIS, ServerThread, require_service, settings_for, wait_for
from tests.web.test_shutdown import alive, children


def bench(*args: str) -> dict[str, object]:
    command = [sys.executable, "-m", "lastcall.cli", "bench-web", "--game", "bartender", *args]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    report: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return report


def test_every_table_is_created_and_seated_before_the_timer_starts(tmp_path: Path) -> None:
    unpaced = {"socket_burst": 1_000_000, "socket_rate": 1_000_000.0}
    with ServerThread(settings_for(sqlite_url(tmp_path / "bench.db"), **unpaced)) as server:
        at_start: list[tuple[int, int]] = []

        async def timer_starts() -> None:
            hub = server.hub
            at_start.append((len(hub.live), sum(len(live.watchers) for live in hub.live.values())))

        tally = asyncio.run(
            _load([server.base], ["bartender"], list(range(4)), 1.0, 0.0, timer_starts)
        )
    assert at_start == [(4, 4)], "four tables, each with its person's socket open"
    assert tally.committed > 0 and tally.latencies and tally.cpu > 0


def test_bench_web_reports_cpu_per_move() -> None:
    report = bench("--tables", "3", "--seconds", "3", "--json")
    assert isinstance(report["moves"], int) and report["moves"] > 0
    assert isinstance(report["cpu_ms_per_move"], float) and report["cpu_ms_per_move"] > 0
    assert isinstance(report["setup_seconds"], float) and report["setup_seconds"] > 0
    assert isinstance(report["client_cpu_s"], float) and report["client_cpu_s"] > 0
    assert report["processes"] == 1 and len(report["load_average"]) == 6  # type: ignore[arg-type]


def test_bench_web_spreads_tables_over_processes_and_clients() -> None:
    require_service(6379, "Redis")
    args = ["--tables", "4", "--seconds", "3", "--processes", "2", "--clients", "2"]
    report = bench(*args, "--redis", REDIS, "--json")
    assert report["processes"] == 2 and report["clients"] == 2
    assert isinstance(report["moves"], int) and report["moves"] > 0


def test_several_processes_need_redis() -> None:
    command = [sys.executable, "-m", "lastcall.cli", "bench-web", "--processes", "2"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2 and "--redis" in done.stderr


def test_a_bench_stopped_by_sigterm_leaves_no_server_or_client_behind() -> None:
    command = [sys.executable, "-m", "lastcall.cli", "bench-web", "--game", "bartender"]
    command += ["--tables", "4", "--seconds", "60", "--clients", "2", "--json"]
    bench_process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        # the server (with its bot worker) and the two client processes are running
        spawned = wait_for(
            lambda: len(children(bench_process.pid)) >= 4 and children(bench_process.pid),
            seconds=120,
        )
        time.sleep(1.0)
        bench_process.send_signal(signal.SIGTERM)
        assert bench_process.wait(timeout=60) != 0
        wait_for(lambda: not any(alive(pid) for pid in spawned), seconds=30)
    finally:
        if bench_process.poll() is None:
            bench_process.kill()
            bench_process.wait()
