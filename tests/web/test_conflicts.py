"""Two submissions for one position: one wins, the other is a clear 409, the match stays whole."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from lastcall.web.db.engine import make_engine, migrate
from lastcall.web.errors import Conflict
from lastcall.web.service.bots import BotPool
from lastcall.web.service.hub import Hub, SeatPlan, TablePlan
from lastcall.web.service.store import Store
from lastcall.web.settings import sqlite_url
from tests.web.conftest import ServerThread, create_table, persons, race


def test_simultaneous_submissions_one_wins_one_conflicts(server: ServerThread) -> None:
    for seed in range(5):
        table = create_table(server.base, "bartender", persons(2), seed=seed)
        mover = next(p for p in (0, 1) if table.seat(p).read()["legal"])
        payload = table.seat(mover).read()
        actions = [a["action"] for a in payload["legal"]]
        url = f"{server.base}/api/play/{table.token(mover)}/move"
        answers = race(
            [(url, {"action": actions[i], "expect": payload["revision"]}) for i in (0, -1)]
        )
        assert sorted(a.status_code for a in answers) == [200, 409]
        refused = next(a for a in answers if a.status_code == 409)
        assert "revision" in refused.json()["detail"]
        assert table.seat(mover).read()["ops"] == 1


@asynccontextmanager
async def two_processes(path: Path, shared: bool) -> AsyncIterator[tuple[Hub, Hub]]:
    """Two hubs on one database file, each with its own engine, as two server processes."""
    url = sqlite_url(path)
    engines = [make_engine(url), make_engine(url)]
    await migrate(engines[0])
    bots = BotPool(0)
    first, second = (Hub(Store(e), bots, shared=shared) for e in engines)
    try:
        yield first, second
    finally:
        for hub in (first, second):
            await hub.close()
        bots.close()
        for engine in engines:
            await engine.dispose()


def test_the_database_refuses_a_second_writer_at_the_same_position(tmp_path: Path) -> None:
    """Two hubs on one database, as two processes: the stale one is refused by the database."""

    async def scenario(first: Hub, second: Hub) -> None:
        seats = (SeatPlan("person", "", None), SeatPlan("person", "", None))
        created = await first.create(TablePlan("barista", 2, {}, seats, seed=1))
        tokens = [s["token"] for s in created["seats"]]
        accesses = [await first.access(t) for t in tokens]
        live = await second.table(created["table"])  # the second process has it in memory
        state = live.state
        mover = state.to_move[0]
        legal = [str(a) for a in state.legal_actions(mover)]
        await first.move(accesses[mover], legal[0], state.revision)
        try:
            await second.move(accesses[mover], legal[-1], state.revision)
        except Conflict as refused:
            assert "first" in refused.message
        else:
            raise AssertionError("the second writer was not refused")
        assert (await second.table(created["table"])).ops == 1
        snapshot = await second.snapshot(accesses[mover])
        assert snapshot["decisions"] == state.decisions + 1

    async def run() -> None:
        async with two_processes(tmp_path / "two.db", shared=False) as (first, second):
            await scenario(first, second)

    asyncio.run(run())


def test_a_shared_copy_that_is_behind_catches_up_instead_of_refusing(tmp_path: Path) -> None:
    """Shared processes try a change on their copy without reading first: a copy that is
    behind neither refuses a move that is right by the database, nor lets a stale one in."""

    async def scenario(first: Hub, second: Hub) -> None:
        seats = (SeatPlan("person", "", None), SeatPlan("person", "", None))
        created = await first.create(TablePlan("bartender", 2, {}, seats, seed=3))
        table_id = created["table"]
        accesses = [await first.access(s["token"]) for s in created["seats"]]
        behind = await second.table(table_id)  # no broker: this copy hears of nothing
        for _ in range(3):  # moves on the first process that the second never heard of
            state = (await first.table(table_id)).state
            mover = state.to_move[0]
            action = str(state.legal_actions(mover)[0])
            await first.move(accesses[mover], action, state.revision)
        assert behind.ops == 0
        # right by the database though not by the copy: carried out after catching up
        state = (await first.table(table_id)).state
        mover = state.to_move[0]
        await second.move(accesses[mover], str(state.legal_actions(mover)[0]), state.revision)
        assert behind.ops == 4
        # the first copy is behind now: a move right by that copy is refused, by the database
        stale = (await first.table(table_id)).state
        mover = stale.to_move[0]
        try:
            await first.move(accesses[mover], str(stale.legal_actions(mover)[0]), stale.revision)
        except Conflict as refused:
            assert "revision" in refused.message
        else:
            raise AssertionError("a move made on a stale copy was let in")
        assert (await first.table(table_id)).ops == 4
        assert [op.seq for op in await first.store.ops(table_id)] == [0, 1, 2, 3]

    async def run() -> None:
        async with two_processes(tmp_path / "shared.db", shared=True) as (first, second):
            await scenario(first, second)

    asyncio.run(run())
