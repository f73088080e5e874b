"""``lastcall serve`` stopped by SIGTERM or SIGINT leaves no process behind.

A server with a bot worker (and so multiprocessing's resource tracker) is
stopped while a bot is thinking and a reader is connected: the server exits,
its children exit with it, and the bot's table goes on after a restart.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest
from websockets.sync.client import connect

from lastcall.web.settings import sqlite_url
from tests.web.conftest import (
    create_table,
    free_port,
    serve_process,
    wait_for,
    wait_until_up,
)


def children(pid: int) -> set[int]:
    """Every process descended from ``pid``, read from /proc."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        for child, its_parent in parents.items():
            if its_parent == parent and child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_a_stopped_server_takes_its_children_with_it(tmp_path: Path, stop: signal.Signals) -> None:
    db = sqlite_url(tmp_path / "stop.db")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "server.log"
    process = serve_process(db, port, log=log, bot_workers=1)
    try:
        wait_until_up(base, process=process)
        seats = [{"kind": "bot", "level": "ismcts-strong"}, {"kind": "bot", "level": "greedy"}]
        table = create_table(base, "bartender", seats)
        spawned = wait_for(lambda: len(children(process.pid)) >= 2 and children(process.pid))
        with connect(f"ws://127.0.0.1:{port}/ws/{table.data['spectator']}") as reader:
            reader.recv(timeout=20)
            time.sleep(0.5)  # a search is running in the worker
            process.send_signal(stop)
            assert process.wait(timeout=30) is not None
        wait_for(lambda: not any(alive(pid) for pid in spawned), seconds=15)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert "Traceback" not in log.read_text(), log.read_text()[-3000:]
    restarted = serve_process(db, port, log=log, bot_workers=1)
    try:
        wait_until_up(base, process=restarted)
        spectator = table.spectator
        before = spectator.read()["ops"]
        wait_for(lambda: spectator.read()["ops"] > before, seconds=60)
    finally:
        restarted.terminate()
        restarted.wait(timeout=30)


def test_a_server_killed_outright_leaves_no_bot_worker_behind(tmp_path: Path) -> None:
    """SIGKILL gives the server no chance to stop its children: they notice and end."""
    port = free_port()
    process = serve_process(
        sqlite_url(tmp_path / "kill.db"), port, log=tmp_path / "server.log", bot_workers=1
    )
    try:
        wait_until_up(f"http://127.0.0.1:{port}", process=process)
        spawned = wait_for(lambda: len(children(process.pid)) >= 2 and children(process.pid))
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        wait_for(lambda: not any(alive(pid) for pid in spawned), seconds=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
