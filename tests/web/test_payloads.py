"""A seat's shown position is built once per operation, whoever reads it, and never stale."""

from __future__ import annotations

import lastcall
from lastcall.web.service.payloads import TableInfo, seat_part, seat_payload
from lastcall.web.service.store import Op
from lastcall.web.service.tables import Live


def a_live_table(game_id: str = "bartender", players: int = 2) -> Live:
    game = lastcall.game(game_id)
    names = tuple(f"P{p}" for p in range(players))
    info = TableInfo("t", game, players, {}, names, 0, kinds=("person",) * players)
    rows = [{"kind": "person", "bot": None, "opened_at": 0.0} for _ in range(players)]
    return Live(info, 5, "salt", "random", rows, 0.0)


def test_every_reader_of_a_seat_shares_one_part_until_the_next_operation() -> None:
    live = a_live_table()
    seat = live.state.to_move[0]
    first = live.part(seat)
    assert live.part(seat) is first
    assert live.part(None) is not first  # a spectator's is its own
    assert first == seat_part(live.info, live.state, seat, live.controllers)

    action = live.state.legal_actions(seat)[0]
    live.replay(Op(live.ops, "move", seat, str(action), "person", 1.0))
    after = live.part(seat)
    assert after is not first
    assert after["revision"] == live.state.revision != first["revision"]
    assert after == seat_part(live.info, live.state, seat, live.controllers)


def test_a_seat_handed_to_a_bot_is_shown_without_its_choices_at_once() -> None:
    live = a_live_table()
    seat = live.state.to_move[0]
    assert live.part(seat)["legal"]
    live.replay(Op(live.ops, "control", seat, "random", "person", 1.0))
    assert live.part(seat)["legal"] == []
    assert live.part(seat)["board"]["choices"] == []


def test_payloads_built_from_a_kept_part_equal_payloads_built_afresh() -> None:
    live = a_live_table("the-mix", 3)
    for _ in range(5):
        seat = live.state.to_move[0]
        for reader in (seat, None, (seat + 1) % 3):
            kept = seat_payload(
                live.info,
                live.state,
                reader,
                -1,
                ops=live.ops,
                controllers=live.controllers,
                deadline=None,
                deal={},
                part=live.part(reader),
            )
            fresh = seat_payload(
                live.info,
                live.state,
                reader,
                -1,
                ops=live.ops,
                controllers=live.controllers,
                deadline=None,
                deal={},
            )
            assert kept == fresh
        action = live.state.legal_actions(seat)[0]
        live.replay(Op(live.ops, "move", seat, str(action), "person", 1.0))
