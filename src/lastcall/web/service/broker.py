"""Redis pub/sub between server processes that share one database.

A message says only that tables changed (for each, its id, its operation
count, and whether its seats changed: one opened, a link replaced); every
process rebuilds its readers' payloads from its own copy of the match, caught
up from the database. So nothing a seat may not see ever crosses Redis.

The changes a process commits while a message is on its way are sent together
in the next one (a round trip to Redis per move cost more than the commit of
the move), and a process ignores changes to tables it does not hold, unless
their seats changed (it may hold their tokens).
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
        self,
        url: str,
        on_change: Callable[[str, bool], Coroutine[Any, Any, None]],
        holds: Callable[[str], bool] = lambda table_id: True,
    ) -> None:
        self.redis = Redis.from_url(url)
        self.on_change = on_change
        self.holds = holds
        self.origin = secrets.token_hex(8)
        self._reader: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        self._handling: set[asyncio.Task[None]] = set()
        self._outbox: list[tuple[str, int, bool]] = []
        self._sender: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self.redis.ping()
        self._reader = asyncio.create_task(self._listen())
        await self._ready.wait()

    def publish(self, table_id: str, ops: int, seats: bool = False) -> None:
        """Tell the other processes that a table changed, in the next message out."""
        self._outbox.append((table_id, ops, seats))
        if self._sender is None or self._sender.done():
            self._sender = asyncio.create_task(self._send())

    async def _send(self) -> None:
        while self._outbox:
            changes, self._outbox = self._outbox, []
            message = json.dumps({"origin": self.origin, "changes": changes})
            try:
                await self.redis.publish(CHANNEL, message)
            except Exception:  # the others catch up at their next read or sweep
                log.exception("changes of %d tables could not be published", len(changes))

    async def _listen(self) -> None:
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(CHANNEL)
        self._ready.set()
        try:
            async for message in pubsub.listen():
                try:
                    data = json.loads(message["data"])
                    if data["origin"] != self.origin:
                        self._received(data["changes"])
                except Exception:
                    log.exception("a message from another process could not be handled")
        finally:
            await pubsub.aclose()  # type: ignore[no-untyped-call, unused-ignore]  # typed in newer redis

    def _received(self, changes: list[list[Any]]) -> None:
        latest: dict[str, bool] = {}
        for table_id, _ops, seats in changes:
            table = str(table_id)
            if seats or self.holds(table):
                latest[table] = latest.get(table, False) or bool(seats)
        for table, seats in latest.items():
            # each table catches up on its own: one slow table delays no other
            task: asyncio.Task[None] = asyncio.create_task(self.on_change(table, seats))
            self._handling.add(task)
            task.add_done_callback(self._handled)

    def _handled(self, task: asyncio.Task[None]) -> None:
        self._handling.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("a change from another process could not be read: %s", task.exception())

    async def close(self) -> None:
        if self._sender is not None:
            with contextlib.suppress(Exception):
                await self._sender
        for task in list(self._handling):
            task.cancel()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        await self.redis.aclose()
