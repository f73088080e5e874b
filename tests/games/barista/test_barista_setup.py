"""To Begin: the deal, the order dice and the setup placements."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import lastcall
from lastcall.core import IllegalAction
from lastcall.games.barista.content import CONTENT
from lastcall.games.barista.flow import WILD
from lastcall.games.barista.game import BaristaState
from lastcall.games.barista.state import Step

from .conftest import act, finish_setup, hand_names, kind, legal, position, set_fields, slots


def _new(players: int, seed: int) -> BaristaState:
    state = lastcall.game("barista").new(players, seed)
    assert isinstance(state, BaristaState)
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_each_player_is_dealt_four_cards_and_the_rest_is_the_draw_pile(players: int) -> None:
    state = _new(players, 5)
    assert [len(h) for h in state.hands] == [4] * players
    assert len(state.deck) == 52 - 4 * players
    assert state.discard == []
    assert Counter(state.deck) + Counter(k for h in state.hands for k in h) == Counter(CONTENT.deck)


def test_the_first_dealer_is_p0_and_rolls_four_dice() -> None:
    state = _new(3, 5)
    assert state.dealer == 0 and state.round_no == 1
    assert len(state.dice) == 4
    assert state.tips == [0, 0, 0] and state.jar == 20


def test_the_dice_are_arranged_shots_size_milk_drink() -> None:
    state = set_fields(_new(2, 1), dice=[2, 0, 1, 1])
    view = state.view(0)
    assert list(view["order"]) == ["shots", "size", "milk", "drink"]
    assert view["order"] == {"shots": "triple", "size": "tall", "milk": "breve", "drink": "mocha"}
    assert view["order_name"] == "Triple Tall Breve Mocha"


def test_every_value_of_every_die_comes_up() -> None:
    rolled = [set() for _ in range(4)]  # type: list[set[int]]
    for seed in range(40):
        for c, v in enumerate(_new(2, seed).dice):
            rolled[c].add(v)
    assert rolled == [{0, 1, 2}] * 4


def test_the_same_seed_deals_the_same_game() -> None:
    assert _new(4, 99) == _new(4, 99)
    assert _new(4, 99).hands != _new(4, 100).hands


def _placeable(state: BaristaState, p: int) -> bool:
    return any(
        k == WILD or (k < WILD and CONTENT.kind_value[k] == state.dice[CONTENT.kind_category[k]])
        for k in state.hands[p]
    )


def test_every_player_is_asked_at_the_deal_even_with_nothing_to_place() -> None:
    """Placing is optional at a real table, so nobody can tell who holds a matching card:
    every seat answers, with its placements or ``ready``."""
    nothing_seen = False
    for seed in range(60):
        state = _new(4, seed)
        assert state.to_move == (0, 1, 2, 3)
        for p in range(4):
            if not _placeable(state, p):
                nothing_seen = True
                assert legal(state, p) == {"ready"}
        assert state.view(None)["ready"] == [False] * 4
    assert nothing_seen


def _setup(
    hands: list[str], dice: str = "single tall nonfat cappuccino", **kw: Any
) -> BaristaState:
    ready = [False] * len(hands)
    return position(hands, dice=dice, step=Step.SETUP, ready=ready, **kw)


def test_only_matching_cards_can_be_placed_at_setup() -> None:
    state = _setup(["single double tall mocha", "breve soy latte vente"])
    assert legal(state, 0) == {"place single", "place tall", "ready"}


def test_of_duplicate_cards_only_one_is_placed() -> None:
    state = _setup(["single single mocha wild", "breve soy latte vente"])
    assert {a for a in legal(state, 0) if "wild" not in a} == {"place single", "ready"}
    state.apply(0, state.game.parse_action("place single"))
    assert state.placed[0] == slots("single - - -")
    assert hand_names(state, 0) == ["mocha", "single", "wild"]
    assert "place single" not in legal(state, 0)
    assert legal(state, 0) == {"place wild size", "place wild milk", "place wild drink", "ready"}


def test_wilds_may_be_placed_on_any_open_die() -> None:
    state = _setup(["wild wild single mocha", "breve soy latte vente"])
    assert legal(state, 0) == {
        "place wild shots",
        "place wild size",
        "place wild milk",
        "place wild drink",
        "place single",
        "ready",
    }
    state.apply(0, state.game.parse_action("place wild shots"))
    assert legal(state, 0) == {"place wild size", "place wild milk", "place wild drink", "ready"}
    state.apply(0, state.game.parse_action("place wild milk"))
    assert state.placed[0] == slots("wild - wild -")
    assert state.placed_as[0] == [0, -1, 0, -1]
    assert hand_names(state, 0) == ["mocha", "single"]


def test_setup_placements_are_simultaneous_and_end_with_the_dealer_drawing() -> None:
    state = _setup(["single mocha mocha latte", "tall nonfat soy vente"], dealer=1)
    assert list(state.to_move) == [1, 0]  # in turn order from the dealer
    state.apply(1, state.game.parse_action("place tall"))
    assert list(state.to_move) == [1, 0]
    state.apply(1, state.game.parse_action("ready"))
    assert list(state.to_move) == [0]
    state.apply(0, state.game.parse_action("ready"))
    assert state.step == Step.PLAY
    assert state.current == 1 and list(state.to_move) == [1]
    assert len(state.hands[1]) == 4  # three in hand, then the turn's draw
    assert len(state.hands[0]) == 4


def test_a_player_who_placed_everything_placeable_is_still_asked_until_ready() -> None:
    state = _setup(["single mocha mocha latte", "tall breve soy vente"], dealer=1)
    state.apply(0, state.game.parse_action("place single"))
    assert state.ready[0] is False
    assert list(state.to_move) == [1, 0]
    assert legal(state, 0) == {"ready"}
    state.apply(0, state.game.parse_action("ready"))
    assert list(state.to_move) == [1]


def test_a_dealt_perfect_hand_wins_the_round_at_setup() -> None:
    state = _setup(
        ["breve soy latte vente", "single tall nonfat cappuccino", "mocha mocha soy soy"]
    )
    set_fields(state, ready=[True, False, True], to_move=(1,))
    state.current = state.dealer = 0
    act(state, "place single", "place tall", "place nonfat", "place cappuccino", "ready")
    assert state.tips == [0, 2, 0]
    assert state.jar == 18
    assert state.round_no == 2
    assert state.dealer == 2  # the player to the dealer's left, seat - 1


def test_two_perfect_hands_at_setup_go_to_the_first_in_turn_order_from_the_dealer() -> None:
    perfect = "single wild nonfat cappuccino"
    state = _setup(["mocha mocha soy soy", perfect, "wild tall wild nonfat"], dealer=2)
    set_fields(state, ready=[True, False, False], to_move=(1, 2))
    for text in ("place single", "place wild size", "place nonfat", "place cappuccino", "ready"):
        state.apply(1, state.game.parse_action(text))
    assert state.to_move == (2,)
    for text in ("place wild shots", "place tall", "place nonfat", "place wild drink", "ready"):
        state.apply(2, state.game.parse_action(text))
    assert state.tips == [0, 0, 2]


def test_setup_refuses_an_unmatched_card_and_other_moves() -> None:
    state = _setup(["single double tall mocha", "breve soy latte vente"])
    before = state.clone()
    for text, rule in (("place mocha", "To Begin 6-7"), ("discard mocha", "To Begin 6-7")):
        with pytest.raises(IllegalAction) as err:
            state.apply(0, state.game.parse_action(text))
        assert f"'{text}'" in str(err.value) and f"[{rule}]" in str(err.value)
        assert state == before


def test_after_setup_the_first_turn_draws_one_card() -> None:
    state = _new(3, 11)
    deck = len(state.deck)
    finish_setup(state)
    assert state.step == Step.PLAY and state.current == 0
    assert len(state.hands[0]) == 5 and len(state.deck) == deck - 1
    assert kind("wild") == WILD
