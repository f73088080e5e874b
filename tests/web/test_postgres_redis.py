"""PostgreSQL and Redis: real servers at 127.0.0.1, two server processes sharing them.

These skip, with the reason, when no server answers; under ``CI=true`` they fail instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import threading
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from lastcall.web.service.broker import Broker
from tests.web.conftest import (
    HTTP,
    ServerThread,
    Table,
    admin_sql,
    create_table,
    free_port,
    persons,
    race,
    serve_process,
    settings_for,
    wait_until_up,
)
from tests.web.play import play_to_end

# How long a notice may take to reach a socket on the other process. A lost one never
# arrives; a loaded machine only delays it, so the bound is generous.
DELIVERY_SECONDS = 60.0


def test_a_match_is_played_to_the_end_on_postgresql(postgres_url: str) -> None:
    with ServerThread(settings_for(postgres_url)) as server:
        seats = [{"kind": "person"}, {"kind": "bot", "level": "greedy"}]
        table = create_table(server.base, "bartender", seats, seed=3)
        final = play_to_end([table.seat(0)], random.Random(1))
        assert final["over"]
        assert table.seat(0).replay(final["ops"]).json()["over"]


def test_a_move_through_one_process_reaches_a_reader_of_the_other(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    ports = [free_port(), free_port()]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    processes = [
        serve_process(postgres_url, port, redis_url, log=tmp_path / f"server{i}.log")
        for i, port in enumerate(ports)
    ]
    try:
        for base, process in zip(bases, processes, strict=True):
            wait_until_up(base, process=process)
        table = create_table(bases[0], "barista", persons(2), seed=6)
        first = table.seat(0).read()
        mover = 0 if first["legal"] else 1
        watcher = 1 - mover
        with connect(f"ws://127.0.0.1:{ports[1]}/ws/{table.token(watcher)}") as ws:
            before = json.loads(ws.recv(timeout=20))
            payload = table.seat(mover).read()
            action = payload["legal"][0]["action"]
            answer = HTTP.post(
                f"{bases[0]}/api/play/{table.token(mover)}/move",
                json={"action": action, "expect": payload["revision"]},
            )
            assert answer.status_code == 200, answer.text
            after = json.loads(ws.recv(timeout=20))
            assert after["ops"] == before["ops"] + 1
            assert after["decisions"] == payload["decisions"] + 1

        # the same submission to both processes at once: one wins, one is refused
        payload = HTTP.get(f"{bases[1]}/api/play/{table.token(mover)}").json()
        if not payload["legal"]:
            mover = watcher
            payload = HTTP.get(f"{bases[1]}/api/play/{table.token(mover)}").json()
        body = {"action": payload["legal"][0]["action"], "expect": payload["revision"]}
        answers = race([(f"{base}/api/play/{table.token(mover)}/move", body) for base in bases])
        assert sorted(a.status_code for a in answers) == [200, 409]
        views = [HTTP.get(f"{base}/api/play/{table.token(mover)}").json() for base in bases]
        assert views[0]["ops"] == views[1]["ops"] == payload["ops"] + 1
        assert views[0]["view"] == views[1]["view"]
    finally:
        for process in processes:
            process.terminate()
            process.wait(timeout=30)


def test_every_socket_on_one_process_receives_every_move_made_on_the_other(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    """Moves committed on A while B's own reads race the Redis notice: no socket on B is left
    behind (the seat on turn always gets its turn, a spectator gets every move)."""
    ports = [free_port(), free_port()]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    processes = [
        serve_process(postgres_url, port, redis_url, log=tmp_path / f"server{i}.log")
        for i, port in enumerate(ports)
    ]
    tables_count, moves_each = 8, 10
    try:
        for base, process in zip(bases, processes, strict=True):
            wait_until_up(base, process=process)
        tables = [create_table(bases[0], "bartender", persons(2)) for _ in range(tables_count)]
        stop = threading.Event()
        failures: list[str] = []
        spectated: dict[str, list[dict[str, Any]]] = {t.id: [] for t in tables}

        def race_reads() -> None:  # B reads every table as fast as it can
            while not stop.is_set():
                for table in tables:
                    HTTP.get(f"{bases[1]}/api/play/{table.data['spectator']}")

        def spectate(table: Table, ws: Any) -> None:
            while not stop.is_set():
                try:
                    spectated[table.id].append(json.loads(ws.recv(timeout=0.5)))
                except TimeoutError:
                    continue
                except Exception:
                    return

        def play(table: Table) -> None:
            with contextlib.ExitStack() as opened:
                sockets = [
                    opened.enter_context(connect(f"ws://127.0.0.1:{ports[1]}/ws/{table.token(p)}"))
                    for p in (0, 1)
                ]
                play_with(table, sockets)

        def play_with(table: Table, sockets: list[Any]) -> None:
            for _ in range(moves_each):
                truth = HTTP.get(f"{bases[0]}/api/play/{table.data['spectator']}").json()
                if truth["over"]:
                    return
                mover = truth["view"]["to_move"][0]
                deadline = time.monotonic() + DELIVERY_SECONDS
                payload: dict[str, Any] = {}
                while payload.get("revision") != truth["revision"] or not payload["legal"]:
                    try:
                        left = max(0.001, deadline - time.monotonic())
                        payload = json.loads(sockets[mover].recv(timeout=left))
                    except TimeoutError:
                        failures.append(f"{table.id}: P{mover} never got its turn")
                        return
                answer = HTTP.post(
                    f"{bases[0]}/api/play/{table.token(mover)}/move",
                    json={"action": payload["legal"][0]["action"], "expect": truth["revision"]},
                )
                if answer.status_code != 200:
                    failures.append(f"{table.id}: a move from the shown position got {answer}")
                    return

        spectating = contextlib.ExitStack()
        spectators = [
            spectating.enter_context(connect(f"ws://127.0.0.1:{ports[1]}/ws/{t.data['spectator']}"))
            for t in tables
        ]
        threads = [threading.Thread(target=race_reads) for _ in range(2)]
        threads += [
            threading.Thread(target=spectate, args=(t, ws))
            for t, ws in zip(tables, spectators, strict=True)
        ]
        for thread in threads:
            thread.start()
        players = [threading.Thread(target=play, args=(t,)) for t in tables]
        for thread in players:
            thread.start()
        for thread in players:
            thread.join()
        final = {
            t.id: HTTP.get(f"{bases[0]}/api/play/{t.data['spectator']}").json() for t in tables
        }
        deadline = time.monotonic() + DELIVERY_SECONDS  # the last broadcasts reach the spectators
        while time.monotonic() < deadline and not all(
            spectated[t.id] and spectated[t.id][-1]["ops"] == final[t.id]["ops"] for t in tables
        ):
            time.sleep(0.05)
        stop.set()
        for thread in threads:
            thread.join()
        spectating.close()
        assert not failures, failures
        for table in tables:
            full = HTTP.get(f"{bases[1]}/api/play/{table.data['spectator']}").json()
            received = spectated[table.id]
            assert received and received[-1]["ops"] == full["ops"], table.id
            indices = [e["index"] for p in received for e in p["events"]]
            assert indices == [e["index"] for e in full["events"]], table.id
    finally:
        for process in processes:
            process.terminate()
            process.wait(timeout=30)


def test_a_move_is_stored_after_the_database_dropped_every_pooled_connection(
    postgres_url: str,
) -> None:
    """Pooled connections are not checked before each use: a write on one the database
    dropped (a restart, an administrator) fails once, renews the pool and is made again."""
    with ServerThread(settings_for(postgres_url)) as server:
        table = create_table(server.base, "bartender", persons(2), seed=4)
        reader = table.seat(0)
        for _ in range(3):  # the pool now holds connections that have written
            mover = next(p for p in (0, 1) if table.seat(p).read()["legal"])
            payload = table.seat(mover).read()
            table.seat(mover).move(payload["legal"][0]["action"], payload["revision"])
        name = postgres_url.rsplit("/", 1)[1]
        asyncio.run(
            admin_sql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                f"WHERE datname = '{name}' AND pid <> pg_backend_pid()"
            )
        )
        mover = next(p for p in (0, 1) if table.seat(p).read()["legal"])
        payload = table.seat(mover).read()
        answer = table.seat(mover).move(payload["legal"][0]["action"], payload["revision"])
        assert answer.status_code == 200, answer.text
        assert answer.json()["ops"] == 4 and reader.read()["ops"] == 4


def test_changes_travel_together_and_only_to_processes_that_hold_the_table(
    redis_url: str,
) -> None:
    """A burst of changes from one process reaches the other as one call per table it holds
    (or whose seats changed: it may hold their tokens), never back to the sender."""

    async def scenario() -> list[tuple[str, str, bool]]:
        heard: list[tuple[str, str, bool]] = []
        arrived = asyncio.Event()

        def listener(name: str) -> Callable[[str, bool], Coroutine[Any, Any, None]]:
            async def on_change(table_id: str, seats: bool) -> None:
                heard.append((name, table_id, seats))
                if table_id == "last":
                    arrived.set()

            return on_change

        one = Broker(redis_url, listener("one"))
        two = Broker(redis_url, listener("two"), holds=lambda t: t in {"held", "last"})
        await one.start()
        await two.start()
        try:
            for ops in range(1, 6):
                one.publish("held", ops)
            one.publish("elsewhere", 1)
            one.publish("elsewhere-seats", 1, seats=True)
            one.publish("last", 1)
            await asyncio.wait_for(arrived.wait(), timeout=DELIVERY_SECONDS)
            await asyncio.sleep(0.2)  # anything else that was coming
        finally:
            await one.close()
            await two.close()
        return heard

    heard = asyncio.run(scenario())
    assert sorted(heard) == [
        ("two", "elsewhere-seats", True),
        ("two", "held", False),
        ("two", "last", False),
    ]


def test_servers_starting_together_on_a_new_database_all_migrate_it(postgres_url: str) -> None:
    """Each waits for the first's migrations to be committed, then finds nothing to do."""
    from sqlalchemy import text

    from lastcall.web.db.engine import make_engine, migrate

    async def scenario() -> list[str]:
        engines = [make_engine(postgres_url) for _ in range(6)]
        try:
            await asyncio.gather(*(migrate(engine) for engine in engines))
            async with engines[0].connect() as connection:
                rows = await connection.execute(text("SELECT version_num FROM alembic_version"))
                return [row[0] for row in rows]
        finally:
            for engine in engines:
                await engine.dispose()

    versions = asyncio.run(scenario())
    assert len(versions) == 1
