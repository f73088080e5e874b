"""The WebSocket of a table: live payloads out, moves and undos in.

The client connects to ``/ws/{token}?after=N`` and receives at once what its
seat sees, with the events after index ``N``, then a new payload after every
change. It may send ``{"type": "move", "action": ..., "expect": ...}`` or
``{"type": "undo", "expect": ...}``; a refusal comes back as
``{"type": "error", "status": 409, "detail": ...}`` and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from lastcall.web.errors import ServiceError
from lastcall.web.schemas import MoveRequest, UndoRequest
from lastcall.web.service.hub import Access, Hub
from lastcall.web.settings import MAX_SOCKET_MESSAGE

router = APIRouter()
# Close codes: 4404 no such token, 4400 a bad query.
CLOSE_UNKNOWN = 4404
CLOSE_BAD = 4400


@router.websocket("/ws/{token}")
async def table_socket(websocket: WebSocket, token: str) -> None:
    hub: Hub = websocket.app.state.hub
    try:
        access = await hub.access(token)
        after = int(websocket.query_params.get("after", "-1"))
    except ServiceError:
        await websocket.close(CLOSE_UNKNOWN)
        return
    except ValueError:
        await websocket.close(CLOSE_BAD)
        return
    await websocket.accept()

    async def send(payload: dict[str, Any]) -> None:
        await websocket.send_text(json.dumps(payload))

    watching = asyncio.create_task(hub.watch(access, max(-1, after), send))
    try:
        while True:
            text = await websocket.receive_text()
            reply = await _handle(hub, access, text)
            if reply is not None:
                await websocket.send_text(json.dumps(reply))
    except WebSocketDisconnect:
        pass
    finally:
        watching.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await watching


async def _handle(hub: Hub, access: Access, text: str) -> dict[str, Any] | None:
    """Carry out one message; ``None`` when the broadcast is the whole answer."""
    if len(text) > MAX_SOCKET_MESSAGE:
        return {"type": "error", "status": 413, "detail": "message too long"}
    try:
        message = json.loads(text)
        kind = message.pop("type") if isinstance(message, dict) else None
        if kind == "move":
            move = MoveRequest.model_validate(message)
            await hub.move(access, move.action, move.expect)
        elif kind == "undo":
            undo = UndoRequest.model_validate(message)
            await hub.undo(access, undo.expect)
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
