"""The WebSocket: live updates to every reader, moves in, refusals back, resuming after an index."""

from __future__ import annotations

import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.web.conftest import ServerThread, create_table, persons

TIMEOUT = 20.0


def socket(server: ServerThread, token: str, after: int = -1) -> ClientConnection:
    return connect(f"ws://127.0.0.1:{server.settings.port}/ws/{token}?after={after}")


def receive(ws: ClientConnection) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ws.recv(timeout=TIMEOUT))
    return data


def until(ws: ClientConnection, ops: int) -> dict[str, Any]:
    """Read payloads until one shows at least ``ops`` operations."""
    while True:
        data = receive(ws)
        if data["type"] == "update" and data["ops"] >= ops:
            return data


def test_a_move_reaches_every_reader_live(server: ServerThread) -> None:
    table = create_table(server.base, "barista", persons(2), seed=3)
    with (
        socket(server, table.token(0)) as first,
        socket(server, table.token(1)) as second,
        socket(server, table.data["spectator"]) as watcher,
    ):
        views = [receive(first), receive(second), receive(watcher)]
        mover = next(p for p in (0, 1) if views[p]["legal"])
        sockets = (first, second)
        action = views[mover]["legal"][0]["action"]
        sockets[mover].send(
            json.dumps({"type": "move", "action": action, "expect": views[mover]["revision"]})
        )
        after = [until(ws, 1) for ws in (first, second, watcher)]
        for before, now in zip(views, after, strict=True):
            assert now["decisions"] == before["decisions"] + 1
            assert all(e["index"] > before["seen"] for e in now["events"])
        assert after[2]["seat"] is None and after[2]["legal"] == []


def test_refusals_come_back_on_the_socket_and_change_nothing(server: ServerThread) -> None:
    table = create_table(server.base, "barista", persons(2), seed=3)
    with socket(server, table.token(0)) as ws, socket(server, table.data["spectator"]) as spy:
        payload = receive(ws)
        receive(spy)
        messages = [
            ("not json", 400),
            (json.dumps([1, 2]), 400),
            (json.dumps({"type": "dance"}), 400),
            (json.dumps({"type": "move", "action": "ready"}), 422),
            (json.dumps({"type": "move", "action": "fly", "expect": payload["revision"]}), 422),
            (json.dumps({"type": "move", "action": "ready", "expect": 999}), 409),
            (json.dumps({"type": "undo", "expect": payload["revision"]}), 422),
            ("x" * 20000, None),
        ]
        for text, status in messages:
            ws.send(text)
            if status is None:
                continue
            reply = receive(ws)
            assert reply["type"] == "error" and reply["status"] == status, (text[:40], reply)
        spy.send(json.dumps({"type": "move", "action": "ready", "expect": payload["revision"]}))
        assert receive(spy)["status"] == 403
    assert table.seat(0).read()["ops"] == 0


def test_reconnecting_after_an_index_sends_only_what_came_after(server: ServerThread) -> None:
    table = create_table(server.base, "bartender", persons(2), seed=9)
    with socket(server, table.token(0)) as ws:
        first = receive(ws)
    seen = first["seen"]
    for _ in range(6):
        for p in (0, 1):
            payload = table.seat(p).read()
            if payload["legal"]:
                table.seat(p).move(payload["legal"][-1]["action"], payload["revision"])
    full = table.seat(0).read()["events"]
    with socket(server, table.token(0), after=seen) as ws:
        resumed = receive(ws)
    assert resumed["events"] == [e for e in full if e["index"] > seen]
    assert resumed["events"], "the moves made while away produced events"


def test_an_unknown_token_is_closed_with_4404(server: ServerThread) -> None:
    with socket(server, "B" * 24) as ws, pytest.raises(ConnectionClosed) as closed:
        ws.recv(timeout=TIMEOUT)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404
