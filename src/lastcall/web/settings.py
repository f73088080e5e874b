"""Settings of a web server, read from the command line or ``LASTCALL_*`` variables.

A small frozen dataclass: the server is configured once at start, and tests
build their own instance instead of patching globals.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

DEFAULT_DB = "sqlite:///lastcall-web.db"
# A move, an undo or a new table is a few hundred bytes; a megabyte is already absurd.
MAX_BODY_BYTES = 64 * 1024
# A WebSocket message from a browser is one move.
MAX_SOCKET_MESSAGE = 16 * 1024


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything that differs between one deployment and another."""

    db_url: str = DEFAULT_DB
    redis_url: str | None = None
    host: str = "127.0.0.1"
    port: int = 8000
    bot_workers: int = 1
    """Processes that run bot searches; 0 runs them in a thread of the server."""
    bot_delay: float = 0.4
    """Seconds a bot waits before moving, so people can follow; 0 in tests and benchmarks."""
    sqlite_synchronous: str = "NORMAL"
    """NORMAL survives a killed process (WAL); FULL also survives a power cut, more slowly."""
    sweep_seconds: float = 5.0
    """How often a server looks for tables whose bot or clock nobody is driving."""
    max_body: int = MAX_BODY_BYTES
    away_seconds: float = 120.0
    """How long a seat's person must be gone (no connection, no move) before the host may
    hand the seat to a bot."""
    table_burst: int = 20
    """Tables one client address may start at once, before ``tables_per_hour`` paces it."""
    tables_per_hour: float = 120.0
    sockets_per_address: int = 40
    """WebSockets one client address may hold open on this process."""
    max_sockets: int = 5000
    """WebSockets this process holds open at most."""
    searching_bots_per_address: int = 8
    """Searching bot seats (``ismcts`` levels) in unfinished tables one address started here."""
    max_searching_bots: int = 64
    """Searching bot seats in unfinished tables this process holds."""
    max_live_tables: int = 5000
    """Tables this process keeps in memory; idle ones are let go first (they stay stored)."""
    idle_seconds: float = 600.0
    """A table nobody has read, watched or moved in for this long leaves memory."""
    socket_burst: int = 20
    """Messages a WebSocket may send at once, before ``socket_rate`` paces it."""
    socket_rate: float = 10.0
    """Messages a second a WebSocket may send, sustained; a socket that keeps flooding is closed."""
    forwarded_allow_ips: str | None = None
    """Proxies trusted to name the client's address (``X-Forwarded-For``), as Uvicorn takes them."""

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        """Defaults, then ``LASTCALL_DB``, ``LASTCALL_REDIS`` and friends, then ``overrides``."""
        env = os.environ
        settings = cls(
            db_url=env.get("LASTCALL_DB", DEFAULT_DB),
            redis_url=env.get("LASTCALL_REDIS") or None,
            host=env.get("LASTCALL_HOST", "127.0.0.1"),
            port=int(env.get("LASTCALL_PORT", "8000")),
            bot_workers=int(env.get("LASTCALL_BOT_WORKERS", "1")),
            bot_delay=float(env.get("LASTCALL_BOT_DELAY", "0.4")),
            away_seconds=float(env.get("LASTCALL_AWAY_SECONDS", "120")),
            table_burst=int(env.get("LASTCALL_TABLE_BURST", "20")),
            tables_per_hour=float(env.get("LASTCALL_TABLES_PER_HOUR", "120")),
            sockets_per_address=int(env.get("LASTCALL_SOCKETS_PER_ADDRESS", "40")),
            max_sockets=int(env.get("LASTCALL_MAX_SOCKETS", "5000")),
            searching_bots_per_address=int(env.get("LASTCALL_SEARCHING_BOTS_PER_ADDRESS", "8")),
            max_searching_bots=int(env.get("LASTCALL_MAX_SEARCHING_BOTS", "64")),
            max_live_tables=int(env.get("LASTCALL_MAX_LIVE_TABLES", "5000")),
            idle_seconds=float(env.get("LASTCALL_IDLE_SECONDS", "600")),
            socket_burst=int(env.get("LASTCALL_SOCKET_BURST", "20")),
            socket_rate=float(env.get("LASTCALL_SOCKET_RATE", "10")),
            forwarded_allow_ips=env.get("LASTCALL_FORWARDED_ALLOW_IPS") or None,
        )
        given = {k: v for k, v in overrides.items() if v is not None}
        return replace(settings, **given)  # type: ignore[arg-type]


def sqlite_url(path: str | Path) -> str:
    """The database URL of a SQLite file."""
    return f"sqlite:///{Path(path)}"
