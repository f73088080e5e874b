"""No payload to a seat holds anything the engine hides from that seat.

Whole games of every registered game are played through the server by people
at every seat (moves over HTTP and over the WebSocket), with every seat and a
spectator connected. Each payload is then checked against the engine, replayed
from the stored operations to the same point: its view is exactly ``view(p)``,
its events exactly those ``events(p)`` holds, its legal actions the seat's
own; no text that appears only in other seats' views reaches it, and no other
seat's token appears in it.
"""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection

import lastcall
import lastcall.core
from lastcall.core import Match, State
from lastcall.web.service.payloads import event_json
from lastcall.web.settings import sqlite_url
from tests.web.conftest import ServerThread, Table, create_table, persons, settings_for, table_size
from tests.web.test_ws import receive, socket

Received = list[tuple[int | None, dict[str, Any]]]


def leaves(value: Any) -> set[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        out = set(map(str, value))
        for item in value.values():
            out |= leaves(item)
        return out
    if isinstance(value, list):
        out = set()
        for item in value:
            out |= leaves(item)
        return out
    return set()


def states_by_ops(db: Path, table_id: str) -> list[State]:
    """The engine's state after each stored operation (moves and undos; no seat changes here)."""
    with sqlite3.connect(db) as connection:
        gid, version, players, seed, options = connection.execute(
            "SELECT game, game_version, players, seed, options FROM tables WHERE id = ?",
            (table_id,),
        ).fetchone()
        ops = connection.execute(
            "SELECT kind, seat, action FROM ops WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
    game = lastcall.core.game_version(gid, version)
    match = Match(game, players, seed, json.loads(options))
    states = [match.state.clone()]
    for kind, seat, action in ops:
        if kind == "move":
            match.apply(seat, game.parse_action(action))
        else:
            assert kind == "undo"
            match.undo(seat)
        states.append(match.state.clone())
    return states


def play_everywhere(server: ServerThread, game_id: str, seed: int) -> tuple[Any, Received]:
    n = table_size(game_id)
    table = create_table(server.base, game_id, persons(n), seed=seed)
    rng = random.Random(seed)
    received: Received = []
    readers = [table.token(p) for p in range(n)] + [table.data["spectator"]]
    seats: list[int | None] = [*range(n), None]
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(socket(server, token)) for token in readers]
        _drive(table, n, rng, seats, sockets, received)
    return table, received


def _drive(
    table: Table,
    n: int,
    rng: random.Random,
    seats: list[int | None],
    sockets: list[ClientConnection],
    received: Received,
) -> None:
    """Move at random for the seats until the end, collecting every payload each reader gets."""
    for seat, ws in zip(seats, sockets, strict=True):
        received.append((seat, receive(ws)))
    ops = 0
    seen = dict.fromkeys(range(n), -1)
    while True:
        payloads = {}
        for p in range(n):
            payload = table.seat(p).read(seen[p])
            seen[p] = payload["seen"]
            received.append((p, payload))
            payloads[p] = payload
        if payloads[0]["over"]:
            break
        movers = [p for p in range(n) if payloads[p]["legal"]]
        mover = rng.choice(movers)
        payload = payloads[mover]
        if payload["can_undo"] and rng.random() < 0.1:
            answer = table.seat(mover).undo(payload["revision"])
            assert answer.status_code == 200, answer.text
            received.append((mover, answer.json()))
        elif rng.random() < 0.5:
            choice = rng.choice(payload["legal"])["action"]
            answer = table.seat(mover).move(choice, payload["revision"])
            assert answer.status_code == 200, answer.text
            received.append((mover, answer.json()))
        else:
            choice = rng.choice(payload["legal"])["action"]
            message = {"type": "move", "action": choice, "expect": payload["revision"]}
            sockets[mover].send(json.dumps(message))
        ops += 1
        for seat, ws in zip(seats, sockets, strict=True):
            while True:
                data = receive(ws)
                assert data["type"] == "update", data
                received.append((seat, data))
                if data["ops"] >= ops:
                    break


def check(states: list[State], received: Received, tokens: dict[int | None, str]) -> int:
    """Check every payload against the engine; how many had hidden strings to keep out."""
    n = states[0].num_players
    by_ops: dict[int, list[tuple[int | None, dict[str, Any]]]] = {}
    for seat, payload in received:
        by_ops.setdefault(payload["ops"], []).append((seat, payload))
    heard: dict[int, set[str]] = {p: set() for p in range(n)}  # every event text a seat saw
    last = -1
    hidden_checked = 0
    for ops, state in enumerate(states):
        for p in range(n):
            heard[p] |= leaves([event_json(e) for e in state.events(p, last)])
        last = state.last_event
        views = {q: state.view(q) for q in range(n)}
        for seat, payload in by_ops.get(ops, []):
            assert payload["seat"] == seat
            assert payload["view"] == state.view(seat)
            events = payload["events"]
            if events:
                expected = state.events(seat, events[0]["index"] - 1)
                assert events == [event_json(e) for e in expected]
            assert state.events(seat, payload["seen"]) == []
            legal = state.legal_actions(seat) if seat is not None else ()
            assert [a["action"] for a in payload["legal"]] == [str(a) for a in legal]
            text = json.dumps(payload)
            assert not any(token in text for reader, token in tokens.items() if reader != seat)
            if seat is None:
                continue
            own = leaves(views[seat]) | heard[seat] | leaves(payload["legal"])
            others = set().union(*(leaves(views[q]) for q in range(n) if q != seat))
            hidden = others - own
            hidden_checked += bool(hidden)
            assert not (leaves(payload) & hidden), (seat, sorted(leaves(payload) & hidden)[:5])
    return hidden_checked


@pytest.mark.parametrize("game_id", lastcall.games())
def test_no_payload_holds_what_the_engine_hides_from_its_reader(
    tmp_path: Path, game_id: str
) -> None:
    db = tmp_path / "leak.db"
    with ServerThread(
        settings_for(sqlite_url(db), socket_burst=1000, socket_rate=1000.0)
    ) as server:
        table, received = play_everywhere(server, game_id, seed=17)
    states = states_by_ops(db, table.id)
    assert states[-1].is_over
    tokens: dict[int | None, str] = {p: table.token(p) for p in range(states[0].num_players)}
    tokens[None] = table.data["spectator"]
    check(states, received, tokens)


def test_the_check_finds_a_card_of_another_seat(tmp_path: Path) -> None:
    """The check has teeth: one payload carrying another seat's hidden card fails it."""
    db = tmp_path / "teeth.db"
    with ServerThread(
        settings_for(sqlite_url(db), socket_burst=1000, socket_rate=1000.0)
    ) as server:
        table = create_table(server.base, "barista", persons(2), seed=17)
        payload = table.seat(0).read()
    states = states_by_ops(db, table.id)
    tokens: dict[int | None, str] = {0: table.token(0), 1: table.token(1)}
    assert check(states, [(0, payload)], tokens) == 1
    theirs = set(states[0].view(1)["seats"][1]["hand"]) - set(payload["view"]["seats"][0]["hand"])
    assert theirs, "seat 1 holds a card seat 0 does not"
    leaked = json.loads(json.dumps(payload))
    leaked["seats"][1]["name"] = sorted(theirs)[0]  # a field no other check compares
    with pytest.raises(AssertionError, match=sorted(theirs)[0]):
        check(states, [(0, leaked)], tokens)
