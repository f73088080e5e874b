"""Load on loopback: many tables at once, people over WebSockets, bots in the server.

The servers run in their own processes (``lastcall serve``), as in production:
one, or several sharing a database and Redis. The benchmark keeps ``tables``
matches going, spread over the servers: in each, one seat is a simulated
person connected by WebSocket who answers every decision with a random legal
move (after ``think`` seconds, in the newest position shown), and the other
seats are bots of the server. It reports every move committed (people and
bots) per second, the latency of the people's moves from the moment the move
is sent to the moment the broadcast of the new position reaches the mover, and
the CPU time the servers (with their bot workers) spent per move, which a
loaded machine disturbs far less than wall-clock figures. The simulated people
may run in several client processes. It stops by itself after ``seconds``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect

import lastcall
from lastcall.sim.backends import sigterm_exits

# The benchmark's own bounds: it never runs longer than this, nor opens more tables.
MAX_SECONDS = 600.0
MAX_TABLES = 1000
MAX_PROCESSES = 8
# Tables are created and seated before the timing, this many at once, each within this
# many seconds (a starved server of a thousand tables takes a while).
SETUP_AT_ONCE = 32
SETUP_TIMEOUT = 120.0
# A benchmark's simulated people all come from one address and move without pause:
# the servers it starts lift the limits meant for strangers.
UNLIMITED = {
    "LASTCALL_BOT_DELAY": "0",
    "LASTCALL_TABLE_BURST": "1000000",
    "LASTCALL_SOCKET_BURST": "1000000",
    "LASTCALL_SOCKET_RATE": "1000000",
    "LASTCALL_SOCKETS_PER_ADDRESS": "1000000",
    "LASTCALL_MAX_SOCKETS": "1000000",
    "LASTCALL_MAX_LIVE_TABLES": "1000000",
}


@dataclass
class Tally:
    """What the simulated people saw."""

    latencies: list[float] = field(default_factory=list)
    committed: int = 0
    finished: int = 0
    refused: int = 0
    # Tables opened after the timing started, to replace matches that ended in it.
    replaced: int = 0
    # CPU seconds the simulated people spent while the timer ran (they share the machine).
    cpu: float = 0.0

    def add(self, other: Tally) -> None:
        self.latencies += other.latencies
        self.committed += other.committed
        self.finished += other.finished
        self.refused += other.refused
        self.replaced += other.replaced
        self.cpu += other.cpu


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


@dataclass
class _Seated:
    """A table whose person is connected and has the match's first decision (or its end)."""

    socket: ClientConnection
    payload: dict[str, Any]


async def _sit(http: httpx.AsyncClient, ws_base: str, game_id: str) -> _Seated:
    """Create a table and join its person's seat, up to the person's first decision: the
    bots' opening moves happen here, not in the timing."""
    players, seats = _seats(game_id)
    created = await http.post(
        "/api/tables", json={"game": game_id, "players": players, "seats": seats}
    )
    created.raise_for_status()
    token = created.json()["seats"][0]["token"]
    ws = await connect(f"{ws_base}/ws/{token}", max_size=None, open_timeout=SETUP_TIMEOUT)
    try:
        async with asyncio.timeout(SETUP_TIMEOUT):  # a server that never deals ends the run
            payload = orjson.loads(await ws.recv())
            while not (payload["legal"] or payload["over"]):
                payload = orjson.loads(await ws.recv())
    except BaseException:
        await ws.close()
        raise
    return _Seated(ws, payload)


async def _read_into(ws: ClientConnection, inbox: asyncio.Queue[dict[str, Any] | None]) -> None:
    """Queue every message as it arrives (as a page draws each); ``None`` once it closes.

    Parsed with orjson: the simulated people share the machine with the servers, and
    on payloads of tens of kilobytes it saved about a tenth of their CPU."""
    try:
        async for message in ws:
            inbox.put_nowait(orjson.loads(message))
    finally:
        inbox.put_nowait(None)


async def _play_table(
    seated: _Seated, stop: float, tally: Tally, rng: random.Random, think: float
) -> bool:
    """Play one match as its person until it ends (True) or time is up (False).

    The person answers the newest position they were shown: what arrived while
    they were thinking is drawn before they move, as on a page.
    """
    ws = seated.socket
    inbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
    inbox.put_nowait(seated.payload)
    reader = asyncio.create_task(_read_into(ws, inbox))
    counted = seated.payload["ops"]
    sent_at: float | None = None
    sent_ops = -1

    def shown(payload: dict[str, Any]) -> None:
        nonlocal counted, sent_at
        if payload["type"] == "error":
            tally.refused += 1
            sent_at = None
            return
        tally.committed += payload["ops"] - counted
        counted = payload["ops"]
        if sent_at is not None and payload["ops"] > sent_ops:
            tally.latencies.append(time.perf_counter() - sent_at)
            sent_at = None

    try:
        while True:
            left = stop - time.monotonic()
            if left <= 0:
                return False
            try:
                payload = await asyncio.wait_for(inbox.get(), timeout=left)
            except TimeoutError:
                return False
            if payload is None:
                return False
            shown(payload)
            if payload["type"] == "error" or sent_at is not None:
                continue
            if think > 0 and payload["legal"]:
                await asyncio.sleep(think)
                while not inbox.empty():
                    newer = inbox.get_nowait()
                    if newer is None:
                        return False
                    shown(newer)
                    if newer["type"] != "error":
                        payload = newer
            if payload["over"]:
                tally.finished += 1
                return True
            if not payload["legal"]:
                continue
            choice = rng.choice(payload["legal"])["action"]
            sent_ops = payload["ops"]
            sent_at = time.perf_counter()
            move = {"type": "move", "action": choice, "expect": payload["revision"]}
            await ws.send(json.dumps(move))
    finally:
        reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await reader
        await ws.close()


async def _keep_playing(
    seated: _Seated,
    http: httpx.AsyncClient,
    ws_base: str,
    game_ids: list[str],
    slot: int,
    stop: float,
    tally: Tally,
    think: float,
) -> None:
    """Play the slot's table, and a new one whenever a match ends before ``stop``."""
    rng = random.Random(slot)
    turn = slot + 1
    while await _play_table(seated, stop, tally, rng, think) and time.monotonic() < stop:
        seated = await _sit(http, ws_base, game_ids[turn % len(game_ids)])
        tally.replaced += 1
        turn += 1


async def _load(
    bases: list[str],
    game_ids: list[str],
    slots: list[int],
    seconds: float,
    think: float,
    started: Callable[[], Awaitable[None]],
) -> Tally:
    """Seat the tables of ``slots`` (slot ``i`` on server ``i`` modulo servers), await
    ``started`` (the start of the timing), then play them for ``seconds``."""
    tally = Tally()
    size = max(1, len(slots))
    limits = httpx.Limits(max_connections=size, max_keepalive_connections=size)
    clients = [httpx.AsyncClient(base_url=b, timeout=SETUP_TIMEOUT, limits=limits) for b in bases]
    ws_bases = [b.replace("http://", "ws://") for b in bases]
    seated: dict[int, _Seated] = {}
    gate = asyncio.Semaphore(SETUP_AT_ONCE)

    async def sit(slot: int) -> None:
        server = slot % len(bases)
        async with gate:
            seated[slot] = await _sit(
                clients[server], ws_bases[server], game_ids[slot % len(game_ids)]
            )

    try:
        await asyncio.gather(*(sit(slot) for slot in slots))
        await started()
        stop = time.monotonic() + seconds
        cpu_before = time.process_time()
        await asyncio.gather(
            *(
                _keep_playing(
                    seated[slot],
                    clients[slot % len(bases)],
                    ws_bases[slot % len(bases)],
                    game_ids,
                    slot,
                    stop,
                    tally,
                    think,
                )
                for slot in slots
            )
        )
        tally.cpu = time.process_time() - cpu_before
    finally:
        for table in seated.values():
            await table.socket.close()
        for client in clients:
            await client.aclose()
    return tally


_START: Any = None


def _ready(start: Any) -> None:
    global _START
    _START = start


def _client(args: tuple[list[str], list[str], list[int], float, float]) -> Tally:
    """One client process's share of the simulated people: it seats its tables, then waits
    for every other client (and the timer) at the start line."""
    bases, game_ids, slots, seconds, think = args

    async def at_start_line() -> None:
        await asyncio.get_running_loop().run_in_executor(None, _START.wait)

    try:
        return asyncio.run(_load(bases, game_ids, slots, seconds, think, at_start_line))
    except BaseException:
        _START.abort()  # the others stop waiting for a client that will never come
        raise


def _cpu_seconds(pid: int) -> float:
    """CPU time (user and system) of a process and every process below it, from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        times[int(entry)] = (int(fields[11]) + int(fields[12])) / tick
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        total += times.get(current, 0.0)
        todo += [child for child, parent in parents.items() if parent == current]
    return total


@dataclass
class _Timed:
    """What the simulated people saw while the timer ran, and what the servers spent."""

    tally: Tally
    setup: float
    elapsed: float
    cpu: float


def _report(timed: _Timed, tables: int, think: float) -> dict[str, Any]:
    tally = timed.tally
    return {
        "tables": tables,
        "think_ms": round(think * 1000),
        "setup_seconds": round(timed.setup, 2),
        "seconds": round(timed.elapsed, 2),
        "moves": tally.committed,
        "moves_per_sec": round(tally.committed / timed.elapsed, 1),
        "person_moves": len(tally.latencies),
        "p50_ms": round(_percentile(tally.latencies, 0.50) * 1000, 2),
        "p99_ms": round(_percentile(tally.latencies, 0.99) * 1000, 2),
        "max_ms": round(max(tally.latencies, default=float("nan")) * 1000, 2),
        "matches_finished": tally.finished,
        "tables_replaced": tally.replaced,
        "refused": tally.refused,
        "server_cpu_s": round(timed.cpu, 2),
        "cpu_ms_per_move": round(1000 * timed.cpu / max(1, tally.committed), 3),
        "client_cpu_s": round(tally.cpu, 2),
    }


def _play(
    bases: list[str],
    game_ids: list[str],
    tables: int,
    seconds: float,
    think: float,
    clients: int,
    cpu: Callable[[], float],
) -> _Timed:
    """The simulated people, here or in ``clients`` processes. Every table is created and
    its person seated first; the timer (wall time and the growth of ``cpu()``) starts
    once all are seated."""
    began = time.monotonic()
    if clients <= 1:
        marks: list[float] = []

        async def timer_starts() -> None:
            marks.extend((time.monotonic(), cpu()))

        tally = asyncio.run(
            _load(bases, game_ids, list(range(tables)), seconds, think, timer_starts)
        )
        start, before = marks
        return _Timed(tally, start - began, time.monotonic() - start, cpu() - before)
    context = multiprocessing.get_context("spawn")
    start_line = context.Barrier(clients + 1)
    shares = [
        (bases, game_ids, list(range(i, tables, clients)), seconds, think) for i in range(clients)
    ]
    with context.Pool(clients, initializer=_ready, initargs=(start_line,)) as pool:
        parts = pool.map_async(_client, shares)
        try:
            start_line.wait()  # every client has seated its tables: the clock starts now
        except threading.BrokenBarrierError:
            parts.get()  # a client failed: its error, raised here
            raise
        start, before = time.monotonic(), cpu()
        tallies = parts.get()
        elapsed, spent = time.monotonic() - start, cpu() - before
    tally = Tally()
    for part in tallies:
        tally.add(part)
    return _Timed(tally, start - began, elapsed, spent)


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


def _warm(base: str, game_ids: list[str]) -> None:
    """One table of every game read once, so first-use costs fall outside the timing."""
    with httpx.Client(base_url=base, timeout=120) as http:
        for game_id in game_ids:
            players, seats = _seats(game_id)
            body = {"game": game_id, "players": players, "seats": seats}
            created = http.post("/api/tables", json=body)
            created.raise_for_status()
            http.get(f"/api/play/{created.json()['seats'][0]['token']}").raise_for_status()


def run(
    db_url: str | None,
    tables: int = 100,
    seconds: float = 20.0,
    game_ids: list[str] | None = None,
    bot_workers: int = 1,
    think: float = 0.0,
    processes: int = 1,
    redis_url: str | None = None,
    clients: int = 1,
) -> dict[str, Any]:
    """Start ``processes`` servers on loopback, load them for ``seconds``, stop them, and report.

    ``think`` is how long each simulated person waits before answering (0: at once,
    which saturates the servers and measures their capacity). Several servers share
    the database and need ``redis_url``.
    """
    if not 1 <= tables <= MAX_TABLES:
        raise ValueError(f"tables: 1 to {MAX_TABLES}")
    if not 0 <= think <= 10:
        raise ValueError("think: 0 to 10 seconds")
    if not 0 < seconds <= MAX_SECONDS:
        raise ValueError(f"seconds: more than 0, at most {MAX_SECONDS:.0f}")
    if not 1 <= processes <= MAX_PROCESSES or not 1 <= clients <= MAX_PROCESSES:
        raise ValueError(f"processes and clients: 1 to {MAX_PROCESSES}")
    if processes > 1 and not redis_url:
        raise ValueError("several server processes share their tables through Redis: give redis")
    ids = game_ids or list(lastcall.games())
    # a bench stopped by SIGTERM still stops its servers and client processes
    with sigterm_exits(), tempfile.TemporaryDirectory(prefix="lastcall-bench-") as scratch:
        url = db_url or f"sqlite:///{Path(scratch) / 'bench.db'}"
        env = dict(os.environ, **UNLIMITED)
        servers: list[subprocess.Popen[bytes]] = []
        bases: list[str] = []
        try:
            for _ in range(processes):  # one at a time: the first migrates the database
                port = _free_port()
                command = [sys.executable, "-m", "lastcall.cli", "serve", "--db", url]
                command += ["--port", str(port), "--bot-workers", str(bot_workers)]
                if redis_url:
                    command += ["--redis", redis_url]
                server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
                servers.append(server)
                bases.append(f"http://127.0.0.1:{port}")
                _wait_up(bases[-1], server)
                _warm(bases[-1], ids)
            load_before = os.getloadavg()
            timed = _play(
                bases,
                ids,
                tables,
                seconds,
                think,
                clients,
                lambda: sum(_cpu_seconds(s.pid) for s in servers),
            )
            load_after = os.getloadavg()
        finally:
            for server in servers:
                server.terminate()
            for server in servers:
                try:
                    server.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    server.kill()
    report = _report(timed, tables, think)
    report["load_average"] = [round(x, 2) for x in (*load_before, *load_after)]
    report["database"] = url.split(":", 1)[0]
    report["processes"] = processes
    report["clients"] = clients
    report["games"] = ids
    report["bot_workers"] = bot_workers
    return report
