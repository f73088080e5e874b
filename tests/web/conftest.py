"""A real server for the web tests: Uvicorn in a thread (or a process), SQLite in a temp folder.

PostgreSQL and Redis tests use the servers at 127.0.0.1 (5432 and 6379): they
skip, saying why, when nothing answers, except under ``CI=true``, where a
missing server fails the test.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import pytest
import uvicorn

import lastcall
from lastcall.web import Settings, create_app
from lastcall.web.settings import MAX_SOCKET_MESSAGE, sqlite_url

# One client for all tests: a new client per request costs tens of milliseconds.
HTTP = httpx.Client(timeout=30.0)
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/test"
REDIS = "redis://127.0.0.1:6379/0"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_up(
    base: str, seconds: float = 30.0, process: subprocess.Popen[bytes] | None = None
) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        try:
            if HTTP.get(f"{base}/api/health", timeout=1.0).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    raise RuntimeError(f"no server answered at {base}")


class ServerThread:
    """Uvicorn serving the app in a thread of the test process."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.base = f"http://127.0.0.1:{settings.port}"
        self.app = create_app(settings)
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=settings.port,
            log_level="warning",
            ws_max_size=MAX_SOCKET_MESSAGE,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> ServerThread:
        self.thread.start()
        wait_until_up(self.base)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)

    @property
    def hub(self) -> Any:
        """The server's hub (read it only: it lives on the server's thread)."""
        return self.app.state.hub


def settings_for(db_url: str, **more: Any) -> Settings:
    values: dict[str, Any] = {
        "db_url": db_url,
        "port": free_port(),
        "bot_workers": 0,
        "bot_delay": 0.0,
        "sweep_seconds": 1.0,
        "table_burst": 100_000,
        "searching_bots_per_address": 1000,
        "max_searching_bots": 1000,
    }
    values.update(more)
    return Settings(**values)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    with ServerThread(settings_for(sqlite_url(tmp_path / "web.db"))) as running:
        yield running


def serve_process(
    db_url: str,
    port: int,
    redis_url: str | None = None,
    log: Path | None = None,
    bot_workers: int | None = None,
    **env_more: str,
) -> subprocess.Popen[bytes]:
    """``lastcall serve`` in its own process (for killing it, or for two of them)."""
    command = [sys.executable, "-m", "lastcall.cli", "serve", "--db", db_url, "--port", str(port)]
    if redis_url:
        command += ["--redis", redis_url]
    if bot_workers is not None:
        command += ["--bot-workers", str(bot_workers)]
    env = dict(os.environ, LASTCALL_BOT_DELAY="0", LASTCALL_TABLE_BURST="100000", **env_more)
    out = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115 (the process owns it)
    return subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)


def reachable(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1.0):
            return True
    except OSError:
        return False


def require_service(port: int, name: str) -> None:
    """Skip (saying why) when the service is not there; under CI that is a failure."""
    if reachable(port):
        return
    message = f"no {name} server answers at 127.0.0.1:{port}"
    if os.environ.get("CI") == "true":
        pytest.fail(f"{message}, and CI must run the {name} tests")
    pytest.skip(message)


async def admin_sql(sql: str) -> None:
    connection = await asyncpg.connect(PG_ADMIN)
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL database for one test, dropped afterwards."""
    require_service(5432, "PostgreSQL")
    name = fresh_name()
    asyncio.run(admin_sql(f"CREATE DATABASE {name}"))
    try:
        yield f"postgresql://postgres@127.0.0.1:5432/{name}"
    finally:
        asyncio.run(admin_sql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))


@pytest.fixture
def redis_url() -> str:
    require_service(6379, "Redis")
    return REDIS


# ----------------------------------------------------------------- clients


@dataclass
class Table:
    """A created table, as its creator got it back."""

    base: str
    data: dict[str, Any]

    @property
    def id(self) -> str:
        return str(self.data["table"])

    def token(self, seat: int) -> str:
        token = self.data["seats"][seat]["token"]
        assert token is not None
        return str(token)

    def seat(self, seat: int) -> SeatClient:
        return SeatClient(self.base, self.token(seat))

    @property
    def spectator(self) -> SeatClient:
        return SeatClient(self.base, self.data["spectator"])

    @property
    def host(self) -> SeatClient:
        return SeatClient(self.base, self.data["host"])


@dataclass
class SeatClient:
    """What one token can do over HTTP."""

    base: str
    token: str

    def get(self, after: int = -1) -> httpx.Response:
        return HTTP.get(f"{self.base}/api/play/{self.token}", params={"after": after}, timeout=30)

    def read(self, after: int = -1) -> dict[str, Any]:
        answer = self.get(after)
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        return data

    def move(self, action: str, expect: int) -> httpx.Response:
        return HTTP.post(
            f"{self.base}/api/play/{self.token}/move",
            json={"action": action, "expect": expect},
        )

    def undo(self, expect: int) -> httpx.Response:
        return HTTP.post(f"{self.base}/api/play/{self.token}/undo", json={"expect": expect})

    def control(self, seat: int, level: str | None) -> httpx.Response:
        return HTTP.post(
            f"{self.base}/api/play/{self.token}/seats/{seat}/bot", json={"level": level}
        )

    def replay(self, step: int) -> httpx.Response:
        return HTTP.get(f"{self.base}/api/play/{self.token}/replay", params={"step": step})

    def record(self) -> httpx.Response:
        return HTTP.get(f"{self.base}/api/play/{self.token}/record")

    def rotate(self) -> httpx.Response:
        return HTTP.post(f"{self.base}/api/play/{self.token}/rotate")

    def revoke(self, seat: int) -> httpx.Response:
        return HTTP.post(f"{self.base}/api/play/{self.token}/seats/{seat}/revoke")


def create_table(
    base: str,
    game: str,
    seats: list[dict[str, Any]],
    *,
    players: int | None = None,
    **more: Any,
) -> Table:
    body = {"game": game, "players": players or len(seats), "seats": seats, **more}
    answer = HTTP.post(f"{base}/api/tables", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    return Table(base, answer.json())


def persons(n: int) -> list[dict[str, Any]]:
    return [{"kind": "person"} for _ in range(n)]


def table_size(game_id: str) -> int:
    """Two seats where the game allows it (the smallest table otherwise)."""
    g = lastcall.game(game_id)
    return 2 if g.min_players <= 2 <= g.max_players else g.min_players


def wait_for(check: Any, seconds: float = 30.0, every: float = 0.05) -> Any:
    end = time.monotonic() + seconds
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError("timed out waiting")
        time.sleep(every)


def fresh_name() -> str:
    return "lastcall_" + secrets.token_hex(6)


def race(posts: list[tuple[str, dict[str, Any]]]) -> list[httpx.Response]:
    """Send the POSTs at the same moment, one thread each; the answers in order."""
    barrier = threading.Barrier(len(posts))
    answers: list[httpx.Response | None] = [None] * len(posts)

    def send(index: int, url: str, body: dict[str, Any]) -> None:
        barrier.wait()
        answers[index] = HTTP.post(url, json=body)

    threads = [
        threading.Thread(target=send, args=(i, url, body)) for i, (url, body) in enumerate(posts)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [a for a in answers if a is not None]
