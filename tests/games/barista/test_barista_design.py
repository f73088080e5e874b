"""Checking the design: where each seat's tips came from, and what was on offer."""

from __future__ import annotations

import json
from functools import cache

import pytest

import lastcall
from lastcall.core import Rng, State
from lastcall.games.barista.game import BaristaState

from .conftest import act, position

SOURCES = {"perfect orders", "successful challenges", "failed challenges"}


@cache
def _random_game(players: int, seed: int) -> BaristaState:
    """A game played to the end with random actions (shared by the tests, never changed)."""
    state = lastcall.game("barista").new(players, seed, {"turn_limit": 400})
    assert isinstance(state, BaristaState)
    rng = Rng(seed)
    while not state.is_over:
        seat = state.to_move[rng.below(len(state.to_move))]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_sources_of_a_whole_game_add_up_to_each_score(players: int, seed: int) -> None:
    state = _random_game(players, seed)
    public = state.events(None)
    for p in range(players):
        sources = state.score_sources(p)
        assert set(sources) == SOURCES  # the rules paid every tip: no "other"
        assert sum(sources.values()) == state.scores()[p]
        fails = sum(1 for e in public if e.text.startswith(f"P{p}'s challenge fails"))
        assert sources["failed challenges"] == -fails
        orders = sum(
            e.data["n"]
            for e in public
            if e.data.get("p") == p and e.text.startswith(f"P{p} receives")
        )
        assert sources["perfect orders"] == orders
    assert state.offers() == {}


def test_a_saved_game_keeps_its_sources() -> None:
    """The split is part of the state, which a saved state carries."""
    state = _random_game(4, 1)
    loaded = State.from_json(json.loads(json.dumps(state.to_json())))
    assert [loaded.score_sources(p) for p in range(4)] == [state.score_sources(p) for p in range(4)]
    assert any(sum(state.score_sources(p).values()) for p in range(4))


def test_a_copy_without_history_keeps_the_sources_of_a_finished_game() -> None:
    """A determinized world carries no log, and its final view shows the same score sheet."""
    state = _random_game(3, 2)
    world = state.determinize(0, 5)
    assert world.events(0) == []
    assert world.view(0)["final"] == state.view(0)["final"]
    assert [world.score_sources(p) for p in range(3)] == [state.score_sources(p) for p in range(3)]


def test_some_random_game_pays_for_a_perfect_order_and_a_challenge() -> None:
    """The games above are not all quiet: tips come from each source somewhere."""
    seen = {
        name
        for seed in (1, 2, 3)
        for p in range(3)
        for name, value in _random_game(3, seed).score_sources(p).items()
        if value
    }
    assert {"perfect orders", "successful challenges"} <= seen


def test_a_perfect_order_counts_its_two_tips() -> None:
    state = position(
        ["cappuccino vente", "triple vente soy latte"], placed=["single tall nonfat -", "- - - -"]
    )
    act(state, "place cappuccino", "discard vente")
    assert state.score_sources(0) == {
        "perfect orders": 2.0,
        "successful challenges": 0.0,
        "failed challenges": 0.0,
    }
    assert sum(state.score_sources(1).values()) == 0


def test_a_perfect_order_from_a_nearly_empty_jar_counts_what_was_paid() -> None:
    state = position(
        ["cappuccino vente", "triple vente soy latte"],
        placed=["single tall nonfat -", "- - - -"],
        tips=[0, 0],
        jar=1,
    )
    act(state, "place cappuccino", "discard vente")
    assert state.tips[0] == 1
    assert state.score_sources(0)["perfect orders"] == 1


def test_tips_the_rules_did_not_pay_are_other() -> None:
    """A position set up with a tip already held: the challenge's tip is traced, that one not."""
    state = position(
        ["mocha latte", "double grande breve mocha", "triple vente soy latte"],
        placed=["single tall nonfat -", "- - - -", "- - - -"],
        tips=[1, 0, 0],
        deck="vente soy",
    )
    act(state, "challenge", "discard mocha", "discard vente", "discard soy")
    assert state.tips[0] == 2
    assert state.score_sources(0) == {
        "perfect orders": 0.0,
        "successful challenges": 1.0,
        "failed challenges": 0.0,
        "other": 1.0,
    }


def test_a_failed_challenge_costs_one_tip() -> None:
    state = position(
        ["mocha latte breve", "breve mocha", "soy latte"],
        placed=["single tall - -", "single tall - -", "single tall - -"],
        tips=[1, 0, 0],
        deck="vente vente",
    )
    act(state, "challenge", "discard mocha", "discard vente", "discard vente")
    sources = state.score_sources(0)
    assert sources["failed challenges"] == -1 and sources["other"] == 1
    assert sum(sources.values()) == state.tips[0] == 0
