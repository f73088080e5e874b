"""The async engine for a database URL, and migrations run at start.

``sqlite:///file.db`` and ``postgresql://...`` are accepted as people write
them; the async drivers (aiosqlite, asyncpg) are chosen here. SQLite runs in
WAL mode; several server processes share one PostgreSQL database, and the
first to start migrates it while the others wait on an advisory lock.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

MIGRATIONS = Path(__file__).with_name("migrations")
# Any number will do, as long as nothing else in the database takes the same lock.
_MIGRATION_LOCK = 0x1A57CA11
_SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")


class DatabaseUrlError(ValueError):
    """A database URL this server cannot use."""


def async_url(url: str) -> str:
    """The URL with the async driver this server uses for its database."""
    try:
        parsed = make_url(url)
    except Exception as exc:
        raise DatabaseUrlError(f"not a database URL: {url[:80]!r}") from exc
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        return parsed.set(drivername="sqlite+aiosqlite").render_as_string(hide_password=False)
    if backend in ("postgresql", "postgres"):
        return parsed.set(drivername="postgresql+asyncpg").render_as_string(hide_password=False)
    raise DatabaseUrlError(f"database {backend!r} is not supported: use sqlite or postgresql")


def is_sqlite(engine: AsyncEngine) -> bool:
    return engine.dialect.name == "sqlite"


def make_engine(url: str, sqlite_synchronous: str = "NORMAL") -> AsyncEngine:
    """An engine for ``url``; SQLite files get WAL, a busy timeout and foreign keys."""
    full = async_url(url)
    if make_url(full).get_backend_name() != "sqlite":
        # no check before each use: the writes of operations retry once on a dropped
        # connection instead (Store), and a dropped one renews the whole pool
        return create_async_engine(full, pool_size=10, max_overflow=10)
    mode = sqlite_synchronous.upper()
    if mode not in _SYNCHRONOUS:
        raise DatabaseUrlError(
            f"sqlite synchronous mode {mode!r}: one of {', '.join(_SYNCHRONOUS)}"
        )
    engine = create_async_engine(full)

    @event.listens_for(engine.sync_engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={mode}")
        cursor.execute("PRAGMA busy_timeout=10000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


def _alembic_config(connection: Connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def _upgrade(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        # Held to the end of the transaction, not released before it: a process that
        # waited must see the first one's migrations committed, or it would run them
        # again against tables it cannot see yet and fail.
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
    command.upgrade(_alembic_config(connection), "head")


async def migrate(engine: AsyncEngine) -> None:
    """Bring the database to the newest schema (safe to run from several processes)."""
    async with engine.begin() as connection:
        await connection.run_sync(_upgrade)
