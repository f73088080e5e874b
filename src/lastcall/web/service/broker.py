"""Redis pub/sub between server processes that share one database.

A message says only that a table changed (its id, its operation count, and
whether its seats changed: one opened, a link replaced); every
process rebuilds its readers' payloads from its own copy of the match, caught
up from the database. So nothing a seat may not see ever crosses Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Callable, Coroutine
from typing import Any

from redis.asyncio import Redis

log = logging.getLogger("lastcall.web")
CHANNEL = "lastcall:tables"


class Broker:
    """Publishes this process's commits and hands other processes' to ``on_change``."""

    def __init__(
        self, url: str, on_change: Callable[[str, bool], Coroutine[Any, Any, None]]
    ) -> None:
        self.redis = Redis.from_url(url)
        self.on_change = on_change
        self.origin = secrets.token_hex(8)
        self._reader: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        self._handling: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        await self.redis.ping()
        self._reader = asyncio.create_task(self._listen())
        await self._ready.wait()

    async def publish(self, table_id: str, ops: int, seats: bool = False) -> None:
        message = json.dumps({"table": table_id, "ops": ops, "seats": seats, "origin": self.origin})
        await self.redis.publish(CHANNEL, message)

    async def _listen(self) -> None:
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(CHANNEL)
        self._ready.set()
        try:
            async for message in pubsub.listen():
                try:
                    data = json.loads(message["data"])
                    if data["origin"] != self.origin:
                        # each table catches up on its own: one slow table delays no other
                        task: asyncio.Task[None] = asyncio.create_task(
                            self.on_change(str(data["table"]), bool(data.get("seats")))
                        )
                        self._handling.add(task)
                        task.add_done_callback(self._handled)
                except Exception:
                    log.exception("a message from another process could not be handled")
        finally:
            await pubsub.aclose()  # type: ignore[no-untyped-call]

    def _handled(self, task: asyncio.Task[None]) -> None:
        self._handling.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("a change from another process could not be read: %s", task.exception())

    async def close(self) -> None:
        for task in list(self._handling):
            task.cancel()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        await self.redis.aclose()
