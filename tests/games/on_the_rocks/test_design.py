"""Checking the design: the final count line by line, and which glasses seats order."""

from __future__ import annotations

from functools import cache

import pytest

from lastcall.core import Rng
from lastcall.games.on_the_rocks import state as st
from lastcall.games.on_the_rocks.content import GLASS_TITLES, RECIPE_GLASS, RECIPE_NAMES
from lastcall.games.on_the_rocks.game import OnTheRocksState

from .otr_helpers import GAME, act, give_recipe, give_tip, new, raw, recipe

SOURCES = ("completed recipes", "unused tips", "bonus coins", "incomplete recipes")
GLASS_OF_NAME = {name: RECIPE_GLASS[card] for card, name in enumerate(RECIPE_NAMES)}


@cache
def _played(players: int, seed: int, length: str) -> OnTheRocksState:
    """A game played to the end with random actions (shared by the tests, never changed)."""
    state = GAME.new(players, seed, {"length": length})
    assert isinstance(state, OnTheRocksState)
    rng = Rng(seed)
    while not state.is_over:
        p = state.to_move[0]
        actions = state.legal_actions(p)
        state.apply(p, actions[rng.below(len(actions))])
    return state


GAMES = [(2, 1, "short"), (2, 2, "full"), (3, 1, "short"), (3, 2, "full"), (4, 1, "short")]


@pytest.mark.parametrize(("players", "seed", "length"), GAMES)
def test_the_sources_of_a_whole_game_add_up_to_each_score(
    players: int, seed: int, length: str
) -> None:
    state = _played(players, seed, length)
    public = state.events(None)
    for p in range(players):
        sources = state.score_sources(p)
        assert tuple(sources) == SOURCES
        assert sum(sources.values()) == state.scores()[p]
        coins = sum(e.data["coin"] for e in public if "bonus coins" in e.text and e.data["p"] == p)
        assert sources["bonus coins"] == coins
        assert sources["incomplete recipes"] <= 0 <= sources["unused tips"]


def test_some_random_game_scores_from_every_source() -> None:
    seen = {
        name
        for game in GAMES
        for p in range(game[0])
        for name, value in _played(*game).score_sources(p).items()
        if value
    }
    assert seen == set(SOURCES)


@pytest.mark.parametrize(("players", "seed", "length"), GAMES)
def test_a_glass_is_held_by_the_seats_whose_orders_took_it(
    players: int, seed: int, length: str
) -> None:
    state = _played(players, seed, length)
    took: dict[int, set[int]] = {g: set() for g in range(len(GLASS_TITLES))}
    for e in state.events(None):
        if " an order: " in e.text:
            for name in e.data["recipes"]:
                took[GLASS_OF_NAME[name]].add(e.data["p"])
    assert state.offers() == {
        f"glass: {title}": tuple(sorted(took[g])) for g, title in enumerate(GLASS_TITLES)
    }


def test_a_glass_left_out_of_every_order_is_offered_but_held_by_nobody() -> None:
    state = raw(2)
    for p in range(2):
        state.apply(p, act("order without hurricane"))
    assert state.offers() == {
        "glass: Old Fashioned": (0, 1),
        "glass: Martini": (0, 1),
        "glass: Hurricane": (),
        "glass: Highball": (0, 1),
    }
    state = raw(2)
    state.apply(0, act("order all"))
    state.apply(1, act("order without martini"))
    assert state.offers()["glass: Martini"] == (0,)
    assert state.offers()["glass: Hurricane"] == (0, 1)


def test_each_line_of_the_count_reads_its_own_fields() -> None:
    state = new(2)
    p = 0
    give_tip(state, p, "weak", 2)  # $3 each
    give_tip(state, p, "shake")  # $1
    card = recipe("martini", 5)
    g = give_recipe(state, p, card)
    state.done[4 * p + g] = True
    state.completed = st.with_entry(state.completed, p, (card,))
    state.bonus = (5, 0)
    assert state.score_sources(p) == {
        "completed recipes": 5.0,
        "unused tips": 7.0,
        "bonus coins": 5.0,
        "incomplete recipes": -6.0,  # the other three recipes of the order are face up
    }
    assert sum(state.score_sources(p).values()) == state.scores()[p]
    assert state.score_sources(1) == {
        "completed recipes": 0.0,
        "unused tips": 0.0,
        "bonus coins": 0.0,
        "incomplete recipes": -8.0,
    }
