"""Completing a round, Additional Orders, Scoring and Winning the Game."""

from __future__ import annotations

import pytest

import lastcall
from lastcall.core import IllegalAction, InvalidOptions
from lastcall.games.barista.state import Step

from .conftest import act, finish_setup, position

ALMOST = "single tall nonfat -"  # three matching cards placed; the drink is missing
JUNK = "double grande breve mocha"


def test_a_perfect_order_ends_the_round_with_two_tips() -> None:
    state = position(
        ["cappuccino vente", "triple vente soy latte", "triple vente soy latte"],
        placed=[ALMOST, "- - - -", "- - - -"],
    )
    act(state, "place cappuccino", "discard vente")
    assert state.tips == [2, 0, 0] and state.jar == 18
    assert state.round_no == 2
    public = [e.text for e in state.events(None)]
    assert "P0 completes the perfect order, Single Tall Nonfat Cappuccino!" in public
    assert "P0 receives 2 tip tokens." in public


def test_the_new_round_is_dealt_afresh_by_the_player_to_the_left_who_plays_first() -> None:
    state = position(
        ["cappuccino vente", "triple vente soy latte", "triple vente soy latte"],
        placed=[ALMOST, "- - - -", "- - - -"],
    )
    act(state, "place cappuccino", "discard vente")
    assert state.dealer == 2  # seats run counterclockwise; the dealer's left is seat - 1
    assert state.round_no == 2 and state.discard == [] and state.challenger == -1
    finish_setup(state)
    assert state.current == 2 and state.to_move == (2,)
    placed = sum(k >= 0 for row in state.placed for k in row)
    assert sum(map(len, state.hands)) + placed + len(state.deck) == 52


def test_the_dealer_wraps_round_from_seat_zero_to_the_last_seat() -> None:
    state = position(
        ["cappuccino vente", "triple vente soy latte"], placed=[ALMOST, "- - - -"], dealer=1
    )
    act(state, "place cappuccino", "discard vente")
    assert state.dealer == 0
    state = position(["cappuccino vente", "triple vente soy latte"], placed=[ALMOST, "- - - -"])
    act(state, "place cappuccino", "discard vente")
    assert state.dealer == 1


def test_replacing_a_stale_card_can_complete_the_order() -> None:
    state = position(
        ["cappuccino", "triple vente soy latte"],
        placed=["single tall nonfat mocha", "- - - -"],
        placed_as=["single tall nonfat mocha", "- - - -"],
    )
    act(state, "place cappuccino")
    assert state.tips == [2, 0]


def test_a_die_change_can_complete_another_players_order() -> None:
    state = position(
        [JUNK + " change", "", "triple vente soy latte"],
        placed=["- - - -", "single tall nonfat mocha", "- - - -"],
        placed_as=["- - - -", "single tall nonfat mocha", "- - - -"],
    )
    act(state, "play change", "change drink mocha")
    assert state.tips == [0, 2, 0]


def test_when_a_change_completes_two_orders_the_first_in_turn_order_from_the_player_wins() -> None:
    stale = "single tall nonfat mocha"
    state = position(
        ["", "triple vente soy latte", "", JUNK + " change"],
        placed=[stale, "- - - -", stale, "- - - -"],
        placed_as=[stale, "- - - -", stale, "- - - -"],
        turn=3,
    )
    # P3 plays; P0 and P2 both hold a stale mocha order: P0 is next after P3.
    act(state, "play change", "change drink mocha")
    assert state.tips == [2, 0, 0, 0]


def test_the_player_whose_turn_it_is_is_checked_first() -> None:
    stale = "single tall nonfat mocha"
    state = position(
        ["change", "triple vente soy latte", ""],
        placed=[stale, "- - - -", stale],
        placed_as=[stale, "- - - -", stale],
    )
    act(state, "play change", "change drink mocha")
    assert state.tips == [2, 0, 0]


def test_the_tip_jar_running_low_pays_what_is_left() -> None:
    state = position(
        ["cappuccino vente", "triple vente soy latte"],
        placed=[ALMOST, "- - - -"],
        tips=[1, 2],
        jar=1,
    )
    act(state, "place cappuccino", "discard vente")
    assert state.tips == [2, 2] and state.jar == 0
    assert "P0 receives 1 tip token." in [e.text for e in state.events(None)]


def test_five_tips_win_the_game_at_once() -> None:
    state = position(
        ["cappuccino vente", "triple vente soy latte"], placed=[ALMOST, "- - - -"], tips=[3, 4]
    )
    act(state, "place cappuccino", "discard vente")
    assert state.tips == [5, 4]
    assert state.is_over and state.step == Step.OVER and state.to_move == ()
    assert state.winners() == (0,)
    assert state.scores() == (5.0, 4.0)
    assert state.evaluate(0) == 1.0 and state.evaluate(1) == 0.0
    assert state.legal_actions(0) == ()
    before = state.clone()
    with pytest.raises(IllegalAction) as err:
        state.apply(1, state.game.parse_action("ready"))
    assert "the game is over" in str(err.value)
    assert state == before


def test_four_tips_do_not_win() -> None:
    state = position(
        ["cappuccino vente", "triple vente soy latte"], placed=[ALMOST, "- - - -"], tips=[2, 0]
    )
    act(state, "place cappuccino", "discard vente")
    assert state.tips == [4, 0] and not state.is_over


def test_the_turn_limit_ends_the_game_ranked_by_tips() -> None:
    state = position(
        [JUNK + " latte", "triple vente soy latte", "triple vente soy"],
        tips=[1, 0, 1],
        options={"turn_limit": 10},
        turns=9,
    )
    act(state, "discard mocha")
    assert state.is_over and state.turns == 10
    assert state.ranking() == [(0, 2), (1,)]
    assert state.winners() == (0, 2)
    assert "The turn limit (10) is reached: the game ends." in [e.text for e in state.events()]


def test_the_turn_limit_is_not_reached_one_turn_early() -> None:
    state = position(
        [JUNK + " latte", "triple vente soy latte"], options={"turn_limit": 10}, turns=8
    )
    act(state, "discard mocha")
    assert not state.is_over and state.current == 1


def test_the_turn_limit_option_is_checked() -> None:
    game = lastcall.game("barista")
    with pytest.raises(InvalidOptions, match="turn_limit=5: at least 10"):
        game.new(2, 0, {"turn_limit": 5})
    assert game.new(2, 0, {"turn_limit": "40"}).options == {"turn_limit": 40}


def test_max_decisions_grows_with_the_turn_limit() -> None:
    game = lastcall.game("barista")
    small = game.max_decisions(3, {"turn_limit": 10})
    assert small >= 4 * 10
    assert game.max_decisions(3, {"turn_limit": 100}) > small
