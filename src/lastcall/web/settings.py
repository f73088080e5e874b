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
        )
        given = {k: v for k, v in overrides.items() if v is not None}
        return replace(settings, **given)  # type: ignore[arg-type]


def sqlite_url(path: str | Path) -> str:
    """The database URL of a SQLite file."""
    return f"sqlite:///{Path(path)}"
