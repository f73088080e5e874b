"""Nothing acknowledged is lost: a server killed with SIGKILL in the middle of many matches.

A server process plays many matches (a person seat driven from here, bots in
the server); every move it acknowledged is noted. The process is killed
without warning and started again on the same database file: every match
holds every acknowledged move, its bots move again, its person can move again,
and the shortest matches are played to their end.
"""

from __future__ import annotations

import random
import signal
import sqlite3
import threading
from pathlib import Path
from typing import Any

import httpx

from lastcall.web.settings import sqlite_url
from tests.web.conftest import (
    SeatClient,
    create_table,
    free_port,
    serve_process,
    wait_for,
    wait_until_up,
)
from tests.web.play import play_to_end

TABLES = 12
GAMES = ("barista", "bartender", "on-the-rocks")


def _ready(seat: SeatClient) -> dict[str, Any] | None:
    """The seat's payload once it has a decision to make or the match is over."""
    payload = seat.read(10**9)
    return payload if payload["over"] or payload["legal"] else None


def test_a_killed_server_loses_no_acknowledged_move(tmp_path: Path) -> None:
    db = sqlite_url(tmp_path / "kill.db")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "server.log"
    process = serve_process(db, port, log=log)
    acknowledged: dict[str, int] = {}
    moves: dict[str, list[tuple[int, str]]] = {}
    seats: dict[str, SeatClient] = {}
    try:
        wait_until_up(base, process=process)
        for number in range(TABLES):
            game_id = GAMES[number % len(GAMES)]
            seats_spec = [{"kind": "person"}, {"kind": "bot", "level": "random"}]
            table = create_table(base, game_id, seats_spec, seed=number)
            seats[table.id] = table.seat(0)
            acknowledged[table.id] = 0
            moves[table.id] = []
        stop = threading.Event()

        def drive(table_id: str, seat: SeatClient, rng: random.Random) -> None:
            while not stop.is_set():
                try:
                    payload = seat.read(10**9)
                    if payload["over"]:
                        return
                    if not payload["legal"]:
                        continue
                    choice = rng.choice(payload["legal"])["action"]
                    answer = seat.move(choice, payload["revision"])
                except httpx.HTTPError:
                    return  # the server is gone
                if answer.status_code == 200:
                    ops = answer.json()["ops"]
                    acknowledged[table_id] = max(acknowledged[table_id], ops)
                    moves[table_id].append((ops - 1, choice))

        threads = [
            threading.Thread(target=drive, args=(tid, seat, random.Random(i)), daemon=True)
            for i, (tid, seat) in enumerate(seats.items())
        ]
        for thread in threads:
            thread.start()
        wait_for(lambda: sum(acknowledged.values()) > 100, seconds=120)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    restarted = serve_process(db, port, log=log)
    try:
        wait_until_up(base, process=restarted)
        for table_id, seat in seats.items():
            payload = seat.read(10**9)
            assert payload["ops"] >= acknowledged[table_id], (table_id, payload["ops"])
        with sqlite3.connect(tmp_path / "kill.db") as connection:
            for table_id, made in moves.items():
                stored = dict(
                    connection.execute(
                        "SELECT seq, action FROM ops WHERE table_id = ? AND seat = 0", (table_id,)
                    ).fetchall()
                )
                assert all(stored.get(seq) == action for seq, action in made), table_id
        rng = random.Random(100)
        for number, seat in enumerate(seats.values()):
            payload = wait_for(lambda seat=seat: _ready(seat))
            if payload["over"]:
                continue
            choice = rng.choice(payload["legal"])["action"]
            assert seat.move(choice, payload["revision"]).status_code == 200
            if GAMES[number % len(GAMES)] == "bartender":
                assert play_to_end([seat], rng)["over"]
    finally:
        restarted.terminate()
        restarted.wait(timeout=30)
