"""The HTTP API: tables for every game played to the end, and every refusal with its status."""

from __future__ import annotations

import gc
import random
import time
from pathlib import Path

import pytest

import lastcall
from lastcall.web.settings import MAX_BODY_BYTES, sqlite_url
from tests.web.conftest import HTTP, ServerThread, create_table, persons, settings_for, table_size
from tests.web.play import play_to_end


def test_catalog_lists_every_game_and_the_bot_levels(server: ServerThread) -> None:
    data = HTTP.get(f"{server.base}/api/games").json()
    assert [g["id"] for g in data["games"]] == list(lastcall.games())
    assert {"random", "greedy"} <= {level["level"] for level in data["levels"]}


@pytest.mark.parametrize("game_id", lastcall.games())
def test_a_person_plays_bots_to_the_end_in_every_game(server: ServerThread, game_id: str) -> None:
    n = table_size(game_id)
    seats = [{"kind": "person", "name": "Ann"}] + [
        {"kind": "bot", "level": "random"} for _ in range(n - 1)
    ]
    table = create_table(server.base, game_id, seats, seed=11)
    final = play_to_end([table.seat(0)], random.Random(3))
    assert final["over"] and final["result"] is not None
    assert table.seat(0).read()["events"][-1]["kind"] == "end"
    assert final["seats"][0]["name"] == "Ann"
    assert len(final["result"]["scores"]) >= n
    spectator = table.spectator.read()
    assert spectator["over"] and spectator["seat"] is None and spectator["legal"] == []


def test_what_start_up_made_is_out_of_the_collectors_sight(tmp_path: Path) -> None:
    """Every game is loaded and the heap frozen as the server starts, so a full collection
    walks only what the tables made (its pauses set the latency of waiting moves)."""
    gc.unfreeze()
    with ServerThread(settings_for(sqlite_url(tmp_path / "heap.db"))):
        frozen = gc.get_freeze_count()
    assert frozen > 50_000, frozen


def test_the_lobby_and_the_table_pages_open(server: ServerThread) -> None:
    table = create_table(server.base, "barista", persons(2))
    assert "Start a table" in HTTP.get(f"{server.base}/").text
    page = HTTP.get(f"{server.base}/play/{table.token(0)}")
    assert page.status_code == 200 and page.headers["referrer-policy"] == "no-referrer"
    assert HTTP.get(f"{server.base}/play/not-a-token-at-all-here").status_code == 404
    assert HTTP.get(f"{server.base}/static/common.js").status_code == 200


def test_tokens_are_long_distinct_and_never_in_another_seats_payload(
    server: ServerThread,
) -> None:
    table = create_table(server.base, "bartender", persons(3))
    tokens = [table.token(p) for p in range(3)] + [table.data["spectator"], table.data["host"]]
    assert len(set(tokens)) == 5 and all(len(t) >= 24 for t in tokens)
    for p in range(3):
        text = table.seat(p).get().text
        assert not any(t in text for t in tokens)


def test_stale_and_illegal_moves_are_refused_and_change_nothing(server: ServerThread) -> None:
    table = create_table(server.base, "barista", persons(2), seed=5)
    mover = next(p for p in range(2) if table.seat(p).read()["legal"])
    other = 1 - mover
    before = table.seat(mover).read()
    legal = before["legal"][0]["action"]
    stale = table.seat(mover).move(legal, before["revision"] + 1)
    assert stale.status_code == 409 and "revision" in stale.json()["detail"]
    not_theirs = table.seat(other).move(legal, before["revision"])
    assert not_theirs.status_code == 422
    unknown = table.seat(mover).move("fly away", before["revision"])
    assert unknown.status_code == 422 and "not an action" in unknown.json()["detail"]
    assert table.seat(mover).read()["ops"] == before["ops"]
    assert table.seat(mover).move(legal, before["revision"]).status_code == 200
    again = table.seat(mover).move(legal, before["revision"])
    assert again.status_code == 409


def test_bad_requests_get_clear_4xx_answers(server: ServerThread) -> None:
    base = server.base
    table = create_table(server.base, "barista", persons(2))
    token = table.token(0)
    cases = [
        (
            HTTP.post(
                f"{base}/api/tables", content=b"{", headers={"content-type": "application/json"}
            ),
            400,
        ),
        (
            HTTP.post(
                f"{base}/api/tables", json={"game": "chess", "players": 2, "seats": persons(2)}
            ),
            422,
        ),
        (
            HTTP.post(
                f"{base}/api/tables", json={"game": "barista", "players": 3, "seats": persons(2)}
            ),
            422,
        ),
        (
            HTTP.post(
                f"{base}/api/tables",
                json={
                    "game": "barista",
                    "players": 2,
                    "seats": [{"kind": "bot", "level": "genius"}] * 2,
                },
            ),
            422,
        ),
        (
            HTTP.post(
                f"{base}/api/tables",
                json={"game": "barista", "players": 2, "seats": [{"kind": "open"}] * 2},
            ),
            422,
        ),
        (
            HTTP.post(
                f"{base}/api/tables",
                json={
                    "game": "barista",
                    "players": 2,
                    "seats": persons(2),
                    "options": {"turn_limit": 1},
                },
            ),
            422,
        ),
        (
            HTTP.post(
                f"{base}/api/tables",
                json={"game": "barista", "players": 2, "seats": persons(2), "colour": 1},
            ),
            422,
        ),
        (HTTP.post(f"{base}/api/play/{token}/move", json={"action": "x" * 500, "expect": 0}), 422),
        (HTTP.post(f"{base}/api/play/{token}/move", json={"action": "ready"}), 422),
        (HTTP.post(f"{base}/api/play/{token}/move", content=b"x" * (MAX_BODY_BYTES + 1)), 413),
        (HTTP.get(f"{base}/api/play/{'A' * 24}"), 404),
        (HTTP.get(f"{base}/api/play/{token}", params={"after": "soon"}), 422),
        (HTTP.post(f"{base}/api/tables/nosuchtable/join"), 404),
        (HTTP.get(f"{base}/api/play/{token}/replay"), 409),
    ]
    for answer, status in cases:
        assert answer.status_code == status, (answer.request.url, answer.text)
        assert answer.json()["detail"]
    assert table.seat(0).read()["ops"] == 0


def test_spectators_and_hosts_act_for_no_seat(server: ServerThread) -> None:
    table = create_table(server.base, "barista", persons(2), seed=2)
    payload = table.seat(0).read()
    for reader in (table.spectator, table.host):
        answer = reader.move("ready", payload["revision"])
        assert answer.status_code == 403
        assert reader.undo(payload["revision"]).status_code == 403
    assert table.spectator.control(0, "random").status_code == 403
    assert table.seat(1).control(0, "random").status_code == 403
    assert table.seat(0).read()["ops"] == 0


def test_a_seat_handed_to_a_bot_is_played_and_can_be_taken_back(tmp_path: Path) -> None:
    settings = settings_for(sqlite_url(tmp_path / "handed.db"), away_seconds=0.3)
    with ServerThread(settings) as server:
        short = {"length": "short"}
        table = create_table(server.base, "on-the-rocks", persons(2), seed=8, options=short)
        time.sleep(0.4)  # seat 1's person never came: away long enough for the host
        answer = table.host.control(1, "random")
        assert answer.status_code == 200 and answer.json()["seats"][1]["bot"] == "random"
        seat = table.seat(0)
        assert seat.control(0, "random").status_code == 200
        final = seat.read()
        end = time.monotonic() + 60
        while not final["over"] and time.monotonic() < end:
            time.sleep(0.05)
            final = seat.read()
        assert final["over"]
        assert seat.control(0, None).status_code == 409


def test_open_seats_are_listed_and_joined_once(server: ServerThread) -> None:
    seats = [{"kind": "person"}, {"kind": "open", "name": "Guest"}]
    table = create_table(server.base, "barista", seats, public=True)
    listed = HTTP.get(f"{server.base}/api/tables").json()
    assert [t["table"] for t in listed] == [table.id] and listed[0]["open_seats"] == 1
    joined = HTTP.post(f"{server.base}/api/tables/{table.id}/join")
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    guest = joined.json()["token"]
    assert HTTP.get(f"{server.base}/api/play/{guest}").json()["seat"] == 1
    assert HTTP.post(f"{server.base}/api/tables/{table.id}/join").status_code == 404
    assert HTTP.get(f"{server.base}/api/tables").json() == []


def test_undo_takes_back_a_decision_within_the_turn(server: ServerThread) -> None:
    rng = random.Random(1)
    for seed in range(40):
        table = create_table(server.base, "barista", persons(2), seed=seed)
        for _ in range(60):
            mover = next((table.seat(p) for p in range(2) if table.seat(p).read()["legal"]), None)
            if mover is None:
                break
            payload = mover.read()
            if payload["can_undo"]:
                undone = mover.undo(payload["revision"])
                assert undone.status_code == 200, undone.text
                after = undone.json()
                assert after["decisions"] == payload["decisions"] - 1
                undo_event = after["events"][-1]
                assert undo_event["kind"] == "undo"
                assert undo_event["index"] > payload["seen"]
                assert mover.undo(payload["revision"]).status_code == 409
                return
            choice = rng.choice(payload["legal"])["action"]
            assert mover.move(choice, payload["revision"]).status_code == 200
    pytest.fail("no position allowed an undo")


def test_a_finished_match_replays_step_by_step(server: ServerThread) -> None:
    table = create_table(
        server.base, "barista", [{"kind": "person"}, {"kind": "bot", "level": "random"}], seed=4
    )
    final = play_to_end([table.seat(0)], random.Random(2))
    first = table.seat(0).replay(0).json()
    assert first["step"] == 0 and first["steps"] == final["ops"] + 1
    last = table.seat(0).replay(final["ops"]).json()
    assert last["over"] and last["view"] == final["view"]
    assert table.seat(0).replay(final["ops"] + 1).status_code == 404
    watched = table.spectator.replay(final["ops"]).json()
    assert watched["seat"] is None and "'hand'" not in str(watched["view"])


def test_the_board_is_the_games_presentation_of_the_seats_view(server: ServerThread) -> None:
    table = create_table(
        server.base, "barista", [{"kind": "person", "name": "Ann"}, {"kind": "person"}], seed=3
    )
    for seat in range(2):
        data = table.seat(seat).read()
        board = data["board"]
        assert board["game"] == "barista" and board["viewer"] == seat
        assert board["names"][0] == "Ann"
        assert sorted(c["action"] for c in board["choices"]) == sorted(
            legal["action"] for legal in data["legal"]
        )
    watched = table.spectator.read()["board"]
    assert watched["viewer"] is None and watched["choices"] == []


def test_a_replay_step_offers_no_choices_on_its_board(server: ServerThread) -> None:
    table = create_table(
        server.base, "barista", [{"kind": "person"}, {"kind": "bot", "level": "random"}], seed=4
    )
    final = play_to_end([table.seat(0)], random.Random(2))
    for step in range(min(final["ops"], 6)):
        shown = table.seat(0).replay(step).json()
        assert shown["legal"] == [] and shown["board"]["choices"] == []


@pytest.mark.parametrize("game_id", lastcall.games())
def test_every_game_has_help_for_its_tables(server: ServerThread, game_id: str) -> None:
    data = HTTP.get(f"{server.base}/api/games/{game_id}/help").json()
    g = lastcall.game(game_id)
    assert data["title"] == g.title and data["how_to_play"] == g.how_to_play()
    assert data["glossary"] == g.glossary()


def test_help_for_an_unknown_game_is_a_404_and_the_favicon_is_served(
    server: ServerThread,
) -> None:
    assert HTTP.get(f"{server.base}/api/games/chess/help").status_code == 404
    icon = HTTP.get(f"{server.base}/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.text.startswith("<svg")
