"""Drop and create the PostgreSQL database a URL names, for a benchmark to start empty.

Usage: ``python benchmarks/fresh_database.py postgresql://postgres@127.0.0.1:5432/lastcall_bench``.
It connects to the server's ``postgres`` database to do so, so the named one
may be missing; it refuses names that are not plain identifiers.
"""

from __future__ import annotations

import asyncio
import re
import sys
from urllib.parse import urlsplit, urlunsplit

import asyncpg

PLAIN_NAME = re.compile(r"[a-z_][a-z0-9_]*\Z")


async def recreate(url: str) -> str:
    parts = urlsplit(url.replace("postgresql+asyncpg://", "postgresql://", 1))
    name = parts.path.lstrip("/")
    if parts.scheme != "postgresql" or not PLAIN_NAME.match(name):
        raise SystemExit(f"not a postgresql URL with a plain database name: {url}")
    admin = urlunsplit(parts._replace(path="/postgres"))
    connection = await asyncpg.connect(admin)
    try:
        await connection.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        await connection.execute(f"CREATE DATABASE {name}")
    finally:
        await connection.close()
    return name


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    print(f"database {asyncio.run(recreate(sys.argv[1]))} is empty")
