"""Load on loopback: many tables at once, people over WebSockets, bots in the server.

The server runs in its own process (``lastcall serve``), as in production. The
benchmark keeps ``tables`` matches going: in each, one seat is a simulated
person connected by WebSocket who answers every decision at once with a random
legal move, and the other seats are bots of the server. It reports every move
committed (people and bots) per second, and the latency of the people's moves
from the moment the move is sent to the moment the broadcast of the new
position reaches the mover. It stops by itself after ``seconds``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

import lastcall

# The benchmark's own bounds: it never runs longer than this, nor opens more tables.
MAX_SECONDS = 600.0
MAX_TABLES = 1000


@dataclass
class Tally:
    """What the simulated people saw."""

    latencies: list[float] = field(default_factory=list)
    committed: int = 0
    finished: int = 0
    refused: int = 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _seats(game_id: str) -> tuple[int, list[dict[str, Any]]]:
    g = lastcall.game(game_id)
    players = 2 if g.min_players <= 2 <= g.max_players else g.min_players
    bots = [{"kind": "bot", "level": "random"} for _ in range(players - 1)]
    return players, [{"kind": "person"}, *bots]


async def _one_table(
    http: httpx.AsyncClient,
    ws_base: str,
    game_id: str,
    stop: float,
    tally: Tally,
    rng: random.Random,
    think: float,
) -> bool:
    """Play one match as its person until it ends (True) or time is up (False)."""
    players, seats = _seats(game_id)
    created = await http.post(
        "/api/tables", json={"game": game_id, "players": players, "seats": seats}
    )
    created.raise_for_status()
    token = created.json()["seats"][0]["token"]
    counted = 0
    sent_at: float | None = None
    sent_ops = -1
    async with connect(f"{ws_base}/ws/{token}", max_size=None) as ws:
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.monotonic()))
            except TimeoutError:
                return False
            payload = json.loads(raw)
            if payload["type"] == "error":
                tally.refused += 1
                sent_at = None
                continue
            ops = payload["ops"]
            tally.committed += ops - counted
            counted = ops
            if sent_at is not None and ops > sent_ops:
                tally.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if payload["over"]:
                tally.finished += 1
                return True
            if payload["legal"] and sent_at is None:
                if think > 0:
                    await asyncio.sleep(think)
                choice = rng.choice(payload["legal"])["action"]
                sent_ops = ops
                sent_at = time.perf_counter()
                await ws.send(
                    json.dumps({"type": "move", "action": choice, "expect": payload["revision"]})
                )
    return False


async def _keep_playing(
    base: str,
    game_ids: list[str],
    slot: int,
    stop: float,
    tally: Tally,
    http: httpx.AsyncClient,
    think: float,
) -> None:
    rng = random.Random(slot)
    ws_base = base.replace("http://", "ws://")
    turn = slot
    while time.monotonic() < stop:
        game_id = game_ids[turn % len(game_ids)]
        turn += 1
        if not await _one_table(http, ws_base, game_id, stop, tally, rng, think):
            return


async def _load(
    base: str, game_ids: list[str], tables: int, seconds: float, think: float
) -> dict[str, Any]:
    tally = Tally()
    limits = httpx.Limits(max_connections=tables, max_keepalive_connections=tables)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        start = time.monotonic()
        stop = start + seconds
        await asyncio.gather(
            *(
                _keep_playing(base, game_ids, slot, stop, tally, http, think)
                for slot in range(tables)
            )
        )
        elapsed = time.monotonic() - start
    return {
        "tables": tables,
        "think_ms": round(think * 1000),
        "seconds": round(elapsed, 2),
        "moves": tally.committed,
        "moves_per_sec": round(tally.committed / elapsed, 1),
        "person_moves": len(tally.latencies),
        "p50_ms": round(_percentile(tally.latencies, 0.50) * 1000, 2),
        "p99_ms": round(_percentile(tally.latencies, 0.99) * 1000, 2),
        "max_ms": round(max(tally.latencies, default=float("nan")) * 1000, 2),
        "matches_finished": tally.finished,
        "refused": tally.refused,
    }


def _wait_up(base: str, process: subprocess.Popen[bytes], seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    with httpx.Client(timeout=1.0) as http:
        while time.monotonic() < end:
            if process.poll() is not None:
                raise RuntimeError(f"the server exited with code {process.returncode}")
            with contextlib.suppress(httpx.HTTPError):
                if http.get(f"{base}/api/health").status_code == 200:
                    return
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


def run(
    db_url: str | None,
    tables: int = 100,
    seconds: float = 20.0,
    game_ids: list[str] | None = None,
    bot_workers: int = 1,
    think: float = 0.0,
) -> dict[str, Any]:
    """Start a server on loopback, load it for ``seconds``, stop it, and report.

    ``think`` is how long each simulated person waits before answering (0: at once,
    which saturates the server and measures its capacity).
    """
    if not 1 <= tables <= MAX_TABLES:
        raise ValueError(f"tables: 1 to {MAX_TABLES}")
    if not 0 <= think <= 10:
        raise ValueError("think: 0 to 10 seconds")
    if not 0 < seconds <= MAX_SECONDS:
        raise ValueError(f"seconds: more than 0, at most {MAX_SECONDS:.0f}")
    ids = game_ids or list(lastcall.games())
    with tempfile.TemporaryDirectory(prefix="lastcall-bench-") as scratch:
        url = db_url or f"sqlite:///{Path(scratch) / 'bench.db'}"
        port = _free_port()
        base = f"http://127.0.0.1:{port}"
        command = [sys.executable, "-m", "lastcall.cli", "serve", "--db", url, "--port", str(port)]
        command += ["--bot-workers", str(bot_workers)]
        env = dict(os.environ, LASTCALL_BOT_DELAY="0")
        server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
        try:
            _wait_up(base, server)
            report = asyncio.run(_load(base, ids, tables, seconds, think))
        finally:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
    report["database"] = url.split(":", 1)[0]
    report["games"] = ids
    report["bot_workers"] = bot_workers
    return report
