"""Checking the design: where each seat's profit came from, and which bartenders were on offer."""

from __future__ import annotations

import json
from functools import cache

import pytest

from lastcall.core import State
from lastcall.games.bartender.flow import NAME_OF_SHOWN
from lastcall.games.bartender.game import BartenderState

from .bartender_positions import act, names, position
from .test_play import random_game


@cache
def _played(players: int, seed: int) -> BartenderState:
    """A game played to the end with random actions (shared by the tests, never changed)."""
    *_, state = random_game(players, seed)
    assert state.is_over
    return state


GAMES = [(players, seed) for players in (2, 3, 4, 5) for seed in (1, 2)]


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_the_sources_of_a_whole_game_add_up_to_each_score(players: int, seed: int) -> None:
    state = _played(players, seed)
    for p in range(players):
        sources = state.score_sources(p)
        assert sources == {"banked coins": state.bank[p]}
        assert sum(sources.values()) == state.scores()[p]


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_the_offers_are_the_bartenders_that_reached_the_market(players: int, seed: int) -> None:
    state = _played(players, seed)
    offers = state.offers()
    sent = {
        NAME_OF_SHOWN[e.data["card"]]
        for e in state.events(None)
        if e.text.endswith("goes to the market square.") or " wins " in e.text
    }
    assert {key.removeprefix("bartender: ") for key in offers} == sent | set(names(state.market))
    for key, seats in offers.items():
        assert key.startswith("bartender: ")
        name = key.removeprefix("bartender: ")
        assert seats == tuple(p for p in range(players) if name in names(state.bars[p]))
        assert name not in names(state.market) or seats == ()


def test_some_random_game_sends_bartenders_to_the_market_and_someone_takes_one() -> None:
    held = [seats for players, seed in GAMES for seats in _played(players, seed).offers().values()]
    assert held and any(held)


def test_a_saved_game_keeps_its_offers() -> None:
    """Bartenders that left the market are read from the log, which a saved state carries."""
    state = _played(4, 1)
    loaded = State.from_json(json.loads(json.dumps(state.to_json())))
    assert loaded.offers() == state.offers() != {}


def test_a_raided_bartender_is_on_offer_and_held_by_nobody() -> None:
    state = position(
        3, hands={0: ["9c", "2s"]}, bars={1: ["qh", "kh"]}, customers={1: ["2h", "4h"]}
    )
    assert state.offers() == {}
    act(state, 0, "raid 1 kh")
    act(state, 0, "play 9c")
    act(state, 1, "pass")
    assert state.offers() == {"bartender: kh": ()}


def test_a_bartender_won_at_auction_shows_its_new_owner() -> None:
    state = position(4, hands={0: ["2c", "2s"], 1: ["ad"], 2: [], 3: ["9d"]}, market=["jd", "kd"])
    assert state.offers() == {"bartender: jd": (), "bartender: kd": ()}
    act(state, 0, "bid jd")
    act(state, 0, "play 2c")
    for seat in (1, 2, 3):
        act(state, seat, "pass")
    assert state.offers() == {"bartender: jd": (0,), "bartender: kd": ()}


def test_banking_a_coin_adds_its_value_to_the_one_source() -> None:
    state = position(2, hands={0: ["7d", "2s"]}, bank=[10, 4])
    act(state, 0, "skip")
    act(state, 0, "bank 7d")
    assert state.score_sources(0) == {"banked coins": 17.0}
    assert state.score_sources(1) == {"banked coins": 4.0}
