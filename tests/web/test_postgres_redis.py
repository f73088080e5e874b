"""PostgreSQL and Redis: real servers at 127.0.0.1, two server processes sharing them.

These skip, with the reason, when no server answers; under ``CI=true`` they fail instead.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from websockets.sync.client import connect

from tests.web.conftest import (
    HTTP,
    ServerThread,
    create_table,
    free_port,
    persons,
    race,
    serve_process,
    settings_for,
    wait_until_up,
)
from tests.web.play import play_to_end


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
