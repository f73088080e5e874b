"""Bots searching in worker processes, and the clock that makes a bot move for a late person."""

from __future__ import annotations

import random
from pathlib import Path

from lastcall.web.settings import sqlite_url
from tests.web.conftest import ServerThread, create_table, persons, settings_for, wait_for
from tests.web.play import play_to_end


def test_searching_bots_play_in_a_worker_process(tmp_path: Path) -> None:
    settings = settings_for(sqlite_url(tmp_path / "bots.db"), bot_workers=1)
    with ServerThread(settings) as server:
        seats = [{"kind": "person"}, {"kind": "bot", "level": "greedy"}]
        table = create_table(server.base, "bartender", seats, seed=12)
        final = play_to_end([table.seat(0)], random.Random(4))
        assert final["over"] and final["seats"][1]["bot"] == "greedy"


def test_when_the_clock_runs_out_a_bot_moves_for_the_person(server: ServerThread) -> None:
    table = create_table(server.base, "bartender", persons(2), seed=3, clock=1, clock_bot="random")
    mover = next(p for p in (0, 1) if table.seat(p).read()["legal"])
    before = table.seat(mover).read()
    assert before["clock"] == 1 and before["deadline"] is not None
    after = wait_for(lambda: (p := table.seat(mover).read())["ops"] > before["ops"] and p)
    assert after["decisions"] > before["decisions"]
    assert after["seats"][mover]["bot"] is None, "the seat stays the person's"


def test_a_table_without_a_clock_has_no_deadline(server: ServerThread) -> None:
    table = create_table(server.base, "bartender", persons(2), seed=3)
    assert all(table.seat(p).read()["deadline"] is None for p in (0, 1))
