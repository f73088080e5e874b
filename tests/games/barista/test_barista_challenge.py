"""Barista Challenge: a tip at stake, one final turn each, then the hands are revealed."""

from __future__ import annotations

import pytest

from lastcall.core import IllegalAction
from lastcall.games.barista.game import BaristaState

from .conftest import act, legal, position


def _challenge(
    placed: list[str], hands: list[str], tips: list[int] | None = None, deck: str = "vente vente"
) -> BaristaState:
    return position(hands, placed=placed, tips=tips or [1, 0, 0], deck=deck)


def _public(state: BaristaState) -> list[str]:
    return [e.text for e in state.events(None)]


def test_a_challenge_needs_a_tip_token() -> None:
    state = position(["mocha latte", "double grande breve mocha", "triple vente soy latte"])
    assert "challenge" not in legal(state)
    before = state.clone()
    with pytest.raises(IllegalAction) as err:
        act(state, "challenge")
    message = str(err.value)
    assert "'challenge'" in message and "holding a tip token" in message
    assert "[Barista Challenge]" in message
    assert state == before


def test_a_challenge_is_called_before_the_card_is_played_and_the_turn_goes_on() -> None:
    state = _challenge(
        ["single tall nonfat -", "- - - -", "- - - -"],
        ["mocha latte", "double grande breve mocha", "triple vente soy latte"],
    )
    assert legal(state) == {"discard mocha", "discard latte", "challenge"}
    act(state, "challenge")
    assert state.challenger == 0 and state.final_left == 2
    assert state.to_move == (0,) and state.current == 0
    assert legal(state) == {"discard mocha", "discard latte"}
    assert "P0 calls a Barista Challenge! Every other barista has one final turn." in _public(state)
    act(state, "discard mocha")
    assert state.final_left == 2  # the challenger's own turn is not a final turn
    assert state.current == 1


def test_no_challenge_once_the_card_is_played() -> None:
    state = _challenge(
        ["single tall - -", "- - - -", "- - - -"],
        ["nonfat latte mocha", "double grande breve mocha", "triple vente soy latte"],
    )
    act(state, "place nonfat")
    before = state.clone()
    with pytest.raises(IllegalAction):
        act(state, "challenge")
    assert state == before


def test_only_one_challenge_at_a_time() -> None:
    state = _challenge(
        ["single tall nonfat -", "- - - -", "- - - -"],
        ["mocha latte", "double grande breve mocha", "triple vente soy latte"],
        tips=[1, 1, 0],
    )
    act(state, "challenge", "discard mocha")
    assert "challenge" not in legal(state)
    before = state.clone()
    with pytest.raises(IllegalAction) as err:
        act(state, "challenge")
    assert "already under way" in str(err.value) and "[Barista Challenge]" in str(err.value)
    assert state == before


def test_every_other_player_has_one_final_turn_then_a_success_pays_one_tip() -> None:
    state = _challenge(
        ["single tall nonfat -", "- - - -", "- - - -"],
        ["mocha latte", "double grande breve mocha", "triple vente soy latte"],
        deck="vente soy",
    )
    act(state, "challenge", "discard mocha")
    act(state, "discard vente")
    assert state.current == 2 and state.final_left == 1 and state.round_no == 1
    act(state, "discard soy")
    assert state.tips == [2, 0, 0] and state.jar == 18
    assert state.round_no == 2 and state.challenger == -1
    public = _public(state)
    assert "P0 reveals Latte, Single, Tall, Nonfat: 3 of the 4 dice matched." in public
    assert "P1 reveals Double, Grande, Breve, Mocha: 0 of the 4 dice matched." in public
    assert "P0's challenge succeeds: 1 tip token." in public


def test_beating_one_player_is_enough() -> None:
    state = _challenge(
        ["single tall - -", "single tall nonfat -", "- - - -"],
        ["mocha latte breve", "breve mocha", "triple vente soy latte"],
        deck="vente soy",
    )
    act(state, "challenge", "discard mocha", "discard vente")
    assert [state.progress(p) for p in range(3)] == [2, 3, 0]
    act(state, "discard soy")
    assert state.tips == [2, 0, 0]  # behind P1, but ahead of P2


def test_a_tie_is_not_a_win_and_the_failed_challenger_pays_a_tip() -> None:
    state = _challenge(
        ["single tall - -", "single tall - -", "single tall - -"],
        ["mocha latte breve", "breve mocha", "soy latte"],
        deck="vente vente",
    )
    act(state, "challenge", "discard mocha", "discard vente", "discard vente")
    assert state.tips == [0, 0, 0] and state.jar == 20
    assert "P0's challenge fails: P0 pays a tip token back." in _public(state)


def test_a_perfect_order_in_a_final_turn_still_lets_the_challenger_beat_a_third_player() -> None:
    """The rulebook's "beat at least one player": P1's completed order is full progress and beats
    P0, but P0's two of four still beat P2's none, so the challenge succeeds."""
    state = _challenge(
        ["single tall - -", "single tall nonfat -", "- - - -"],
        ["mocha latte breve", "cappuccino", "triple vente soy latte"],
        deck="soy vente",
    )
    act(state, "challenge", "discard mocha", "place cappuccino", "discard soy")
    assert state.tips == [2, 2, 0] and state.jar == 16
    assert state.round_no == 2 and state.challenger == -1
    public = _public(state)
    assert "P1 completes the perfect order, Single Tall Nonfat Cappuccino!" in public
    assert "P1 reveals Single, Tall, Nonfat, Cappuccino: 4 of the 4 dice matched." in public
    assert "P0's challenge succeeds: 1 tip token." in public


def test_a_perfect_order_in_a_final_turn_beats_a_challenger_with_nobody_behind() -> None:
    state = _challenge(
        ["single tall - -", "single tall nonfat -", "- - - -"],
        ["mocha latte breve", "cappuccino", "wild wild soy latte"],
        deck="soy vente",
    )
    act(state, "challenge", "discard mocha", "place cappuccino", "discard soy")
    assert state.tips == [0, 2, 0] and state.jar == 18
    assert "P0's challenge fails: P0 pays a tip token back." in _public(state)


def test_a_challenger_who_completes_the_order_on_the_calling_turn_just_wins_the_round() -> None:
    state = _challenge(
        ["single tall nonfat -", "- - - -", "- - - -"],
        ["cappuccino mocha", "double grande breve mocha", "triple vente soy latte"],
    )
    act(state, "challenge", "place cappuccino", "discard mocha")
    assert state.tips == [3, 0, 0] and state.jar == 17
    assert not any("challenge fails" in t or "challenge succeeds" in t for t in _public(state))


def test_with_two_players_the_one_final_turn_resolves_the_challenge() -> None:
    state = position(
        ["mocha latte", "double grande breve mocha"],
        placed=["single tall nonfat -", "- - - -"],
        tips=[1, 0],
        deck="vente",
    )
    act(state, "challenge", "discard mocha")
    assert state.final_left == 1
    act(state, "discard vente")
    assert state.tips == [2, 0] and state.round_no == 2


def test_a_successful_challenge_can_bring_the_fifth_tip_and_win_the_game() -> None:
    state = _challenge(
        ["single tall nonfat -", "- - - -", "- - - -"],
        ["mocha latte", "double grande breve mocha", "triple vente soy latte"],
        tips=[4, 0, 0],
        deck="vente soy",
    )
    act(state, "challenge", "discard mocha", "discard vente", "discard soy")
    assert state.tips == [5, 0, 0]
    assert state.is_over and state.winners() == (0,)


def test_after_a_challenge_the_next_round_is_dealt_by_the_player_to_the_left() -> None:
    state = _challenge(
        ["single tall nonfat -", "- - - -", "- - - -"],
        ["mocha latte", "double grande breve mocha", "triple vente soy latte"],
        deck="vente soy",
    )
    act(state, "challenge", "discard mocha", "discard vente", "discard soy")
    assert state.round_no == 2 and state.dealer == 2
    assert state.final_left == 0 and state.view(None)["challenge"] is None
