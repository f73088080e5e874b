"""The WebSocket of a table: live payloads out, moves and undos in.

The client connects to ``/ws/{token}?after=N`` and receives at once what its
seat sees, with the events after index ``N``, then a new payload after every
change. It may send ``{"type": "move", "action": ..., "expect": ...}`` or
``{"type": "undo", "expect": ...}``; a refusal comes back as
``{"type": "error", "status": 409, "detail": ...}`` and changes nothing, and
the socket stays open.

Each socket may send ``socket_burst`` messages at once and ``socket_rate`` a
second after that; a message over that pace is refused with a 429 answer (every
one: a page waits for the answer to its move), and a socket that keeps sending
past its pace is closed. The handler yields to the
other connections after every message, so one socket's backlog never holds
up the rest of the server.

Close codes: 4404 no table opens with this token (or its link was replaced),
4400 a bad query, 4429 too many messages or connections from one address,
1013 the server holds as many connections as it can.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket
from pydantic import ValidationError

from lastcall.web.errors import Busy, ServiceError, TooMany
from lastcall.web.schemas import MoveRequest, UndoRequest
from lastcall.web.service.hub import Access, Hub, LinkReplaced
from lastcall.web.settings import MAX_SOCKET_MESSAGE, Settings

router = APIRouter()
log = logging.getLogger("lastcall.web")
CLOSE_UNKNOWN = 4404
CLOSE_BAD = 4400
CLOSE_FLOOD = 4429
CLOSE_FULL = 1013
# Refused messages a socket may send past its pace before it is closed.
FLOOD_STRIKES = 40


class Pace:
    """A token bucket: ``burst`` messages at once, then ``rate`` a second."""

    def __init__(self, burst: int, rate: float) -> None:
        self.burst = float(burst)
        self.rate = rate
        self.tokens = float(burst)
        self.at = time.monotonic()
        self.strikes = 0

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.strikes += 1
        return False


def client_address(websocket: WebSocket) -> str:
    return websocket.client.host if websocket.client else ""


@router.websocket("/ws/{token}")
async def table_socket(websocket: WebSocket, token: str) -> None:
    hub: Hub = websocket.app.state.hub
    settings: Settings = websocket.app.state.settings
    await websocket.accept()
    try:
        access = await hub.access(token)
        after = int(websocket.query_params.get("after", "-1"))
    except ServiceError:
        await _close(websocket, CLOSE_UNKNOWN, "no table opens with this token")
        return
    except ValueError:
        await _close(websocket, CLOSE_BAD, "after is an event index")
        return
    address = client_address(websocket)
    try:
        hub.socket_opened(address)
    except TooMany as exc:
        await _close(websocket, CLOSE_FLOOD, exc.message)
        return
    except Busy as exc:
        await _close(websocket, CLOSE_FULL, exc.message)
        return
    try:
        await _serve(
            websocket,
            hub,
            access,
            max(-1, after),
            Pace(settings.socket_burst, settings.socket_rate),
        )
    finally:
        hub.socket_closed(address)


async def _serve(websocket: WebSocket, hub: Hub, access: Access, after: int, pace: Pace) -> None:
    async def send(payload: dict[str, Any]) -> None:
        await websocket.send_text(_encode(payload))

    watching = asyncio.create_task(hub.watch(access, after, send))
    reading = asyncio.create_task(_read(websocket, hub, access, pace))
    try:
        done, _ = await asyncio.wait({watching, reading}, return_when=asyncio.FIRST_COMPLETED)
        if watching in done and isinstance(watching.exception(), LinkReplaced):
            await _close(websocket, CLOSE_UNKNOWN, "this link was replaced by a new one")
        elif reading in done and reading.exception() is None and reading.result():
            await _close(websocket, CLOSE_FLOOD, "too many messages")
    finally:
        for task in (watching, reading):
            task.cancel()
        for task in (watching, reading):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


async def _read(websocket: WebSocket, hub: Hub, access: Access, pace: Pace) -> bool:
    """Answer the socket's messages until it closes (False) or floods (True)."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return False
        reply: dict[str, Any] | None
        if not pace.allow():
            if pace.strikes > FLOOD_STRIKES:
                return True
            # answered every time (a page waits for the answer to its move), and at most
            # FLOOD_STRIKES times before the socket is closed
            reply = {"type": "error", "status": 429, "detail": "too many messages; slow down"}
        elif message.get("text") is None:
            reply = {"type": "error", "status": 400, "detail": "send JSON text, not binary"}
        else:
            reply = await _handle(hub, access, message["text"])
        if reply is not None:
            await websocket.send_text(_encode(reply))
        await asyncio.sleep(0)  # let every other connection have its turn


def _encode(message: dict[str, Any]) -> str:
    """JSON text of a message; orjson, since payloads of tens of kilobytes go out on every move
    and the standard encoder took a fifth of the server's time."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


async def _close(websocket: WebSocket, code: int, reason: str) -> None:
    with contextlib.suppress(Exception):
        await websocket.close(code, reason)


async def _handle(hub: Hub, access: Access, text: str) -> dict[str, Any] | None:
    """Carry out one message; ``None`` when the broadcast is the whole answer."""
    if len(text) > MAX_SOCKET_MESSAGE:
        return {"type": "error", "status": 413, "detail": "message too long"}
    try:
        message = json.loads(text)
        kind = message.pop("type", None) if isinstance(message, dict) else None
        if kind == "move":
            move = MoveRequest.model_validate(message)
            await hub.submit(access, move.action, move.expect)
        elif kind == "undo":
            undo = UndoRequest.model_validate(message)
            await hub.submit_undo(access, undo.expect)
        else:
            return {"type": "error", "status": 400, "detail": "type is move or undo"}
    except ValidationError as exc:  # before ValueError, which it is
        return {"type": "error", "status": 422, "detail": _first_error(exc)}
    except (ValueError, RecursionError):
        return {"type": "error", "status": 400, "detail": "not a JSON message of this table"}
    except ServiceError as exc:
        return {"type": "error", "status": exc.status, "detail": exc.message}
    return None


def _first_error(exc: ValidationError) -> str:
    error = exc.errors()[0]
    where = ".".join(map(str, error["loc"])) or "message"
    return f"{where}: {error['msg']}"
