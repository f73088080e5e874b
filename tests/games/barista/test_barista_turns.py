"""How to Play: draw one, play one; stale placed cards after the order changes."""

from __future__ import annotations

import pytest

from lastcall.core import IllegalAction
from lastcall.games.barista.state import Step

from .conftest import act, all_cards, hand_names, kinds, legal, position, slots


def test_a_turn_begins_by_drawing_one_card_from_the_draw_pile() -> None:
    state = position(["double grande mocha wild soy", "triple vente breve latte"], deck="soy roll")
    act(state, "place wild shots", "discard soy")
    assert state.current == 1 and state.step == Step.PLAY
    assert hand_names(state, 1) == ["breve", "latte", "soy", "triple", "vente"]
    assert state.deck == kinds("roll")


def test_placing_a_matching_card_puts_it_face_down_then_one_card_is_discarded() -> None:
    state = position(["single grande breve mocha latte", "triple vente soy double"])
    act(state, "place single")
    assert state.placed[0] == slots("single - - -")
    assert state.step == Step.FOLLOW and state.to_move == (0,)
    assert legal(state) == {"discard grande", "discard breve", "discard mocha", "discard latte"}
    act(state, "discard mocha")
    assert hand_names(state, 0) == ["breve", "grande", "latte"]
    assert state.discard == kinds("mocha")
    assert state.current == 1 and state.to_move == (1,)


def test_after_a_drink_card_the_discard_must_come_from_the_hand() -> None:
    state = position(["single grande breve mocha latte", "triple vente soy double"])
    act(state, "place single")
    before = state.clone()
    with pytest.raises(IllegalAction) as err:
        act(state, "discard single")
    assert "[How to Play 2: Drink Card]" in str(err.value)
    assert state == before


def test_discarding_is_only_allowed_when_there_is_no_play() -> None:
    state = position(["single grande breve mocha latte", "triple vente soy double"])
    assert "discard mocha" not in legal(state)
    before = state.clone()
    with pytest.raises(IllegalAction) as err:
        act(state, "discard mocha")
    message = str(err.value)
    assert "'discard mocha'" in message
    assert "only discard when you have no play" in message
    assert "[How to Play 2]" in message
    assert state == before


def test_an_action_card_in_hand_is_a_play_so_no_discard() -> None:
    state = position(["double grande breve mocha spill", "triple vente soy double"])
    assert legal(state) == {"play spill"}


def test_with_no_play_any_hand_card_may_be_discarded_once_per_kind() -> None:
    state = position(["double double breve mocha latte", "triple vente soy double"])
    assert legal(state) == {"discard double", "discard breve", "discard mocha", "discard latte"}
    act(state, "discard double")
    assert hand_names(state, 0) == ["breve", "double", "latte", "mocha"]
    assert state.current == 1


def test_a_filled_slot_takes_no_second_card() -> None:
    state = position(
        ["single wild mocha latte", "triple vente soy double"], placed=["single - - -", "- - - -"]
    )
    assert "place single" not in legal(state)
    assert "place wild shots" not in legal(state)
    assert {"place wild size", "place wild milk", "place wild drink"} <= legal(state)


def test_a_card_that_does_not_match_its_die_cannot_be_placed() -> None:
    state = position(["double wild mocha latte grande", "triple vente soy double"])
    before = state.clone()
    with pytest.raises(IllegalAction) as err:
        act(state, "place double")
    assert "[How to Play 2: Drink Card]" in str(err.value)
    assert state == before


STALE = {"dice": "double tall nonfat cappuccino", "placed": ["single - - -", "- - - -"]}


def test_a_placed_card_whose_die_changed_is_stale_and_shown_so() -> None:
    state = position(
        ["breve mocha latte vente", "triple vente soy double"],
        placed_as=["single - - -", "- - - -"],
        **STALE,  # type: ignore[arg-type]
    )
    assert state.view(0)["seats"][0]["stale_slots"] == ["shots"]
    assert state.view(0)["seats"][0]["placed"] == {"shots": "single"}


def test_a_matching_card_replaces_a_stale_one_and_the_stale_card_is_the_discard() -> None:
    state = position(
        ["double breve mocha latte", "triple vente soy grande"],
        placed_as=["single - - -", "- - - -"],
        **STALE,  # type: ignore[arg-type]
    )
    assert "place double" in legal(state)
    act(state, "place double")
    assert state.placed[0] == slots("double - - -")
    assert state.discard == kinds("single")
    assert hand_names(state, 0) == ["breve", "latte", "mocha"]
    assert state.current == 1 and state.step == Step.PLAY  # the replacement was the discard
    assert len(state.hands[0]) + sum(k >= 0 for k in state.placed[0]) == 4


def test_with_no_play_a_stale_placed_card_may_be_discarded() -> None:
    state = position(
        ["breve mocha latte vente", "triple vente soy grande"],
        placed_as=["single - - -", "- - - -"],
        **STALE,  # type: ignore[arg-type]
    )
    assert legal(state) == {
        "discard breve",
        "discard mocha",
        "discard latte",
        "discard vente",
        "discard placed shots",
    }
    act(state, "discard placed shots")
    assert state.placed[0] == slots("- - - -")
    assert state.placed_as[0] == [-1, -1, -1, -1]
    assert state.discard == kinds("single")
    assert len(state.hands[0]) == 4 and state.current == 1


def test_a_matching_placed_card_cannot_be_discarded() -> None:
    state = position(
        ["breve mocha latte vente", "triple vente soy grande"], placed=["single - - -", "- - - -"]
    )
    before = state.clone()
    with pytest.raises(IllegalAction):
        act(state, "discard placed shots")
    assert state == before


def test_a_wild_never_goes_stale() -> None:
    state = position(
        ["breve mocha latte vente", "triple vente soy grande"],
        dice="double tall nonfat cappuccino",
        placed=["wild - - -", "- - - -"],
        placed_as=["single - - -", "- - - -"],
    )
    assert state.view(0)["seats"][0]["stale_slots"] == []
    assert "discard placed shots" not in legal(state)


def test_a_draw_from_an_empty_pile_reshuffles_the_discard_pile() -> None:
    state = position(
        ["double breve mocha latte grande", "triple vente soy grande"],
        deck="",
        discard="single single tall",
    )
    total = all_cards(state)
    act(state, "discard mocha")
    assert state.current == 1 and len(state.hands[1]) == 5
    assert state.discard == []
    assert len(state.deck) == 3  # single, single, tall and the mocha, less P1's draw
    assert all_cards(state) == total
    public = [e.text for e in state.events(None)]
    assert public[-2:] == ["The discard pile is shuffled into a new draw pile.", "P1 draws a card."]


def test_after_placing_a_drink_card_a_stale_placed_card_is_not_the_discard() -> None:
    # docs/rules/barista.md: "place <card> ... then discard <card> from hand";
    # a stale placed card may be discarded only "when you have no play".
    state = position(
        ["tall breve mocha latte", "triple vente soy grande"],
        placed_as=["single - - -", "- - - -"],
        **STALE,  # type: ignore[arg-type]
    )
    act(state, "place tall")
    assert legal(state) == {"discard breve", "discard mocha", "discard latte"}
