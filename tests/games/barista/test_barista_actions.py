"""The Cards: Roll, Change, Take and Spill."""

from __future__ import annotations

import pytest

from lastcall.core import IllegalAction
from lastcall.games.barista.content import CONTENT
from lastcall.games.barista.state import Step

from .conftest import act, all_cards, hand_names, kinds, legal, position, slots

JUNK = "double grande breve mocha"  # matches nothing of single tall nonfat cappuccino


def test_roll_rerolls_the_chosen_die_only() -> None:
    state = position([JUNK + " roll", "triple vente soy latte"])
    act(state, "play roll")
    assert state.step == Step.DIE and state.discard == kinds("roll")
    assert legal(state) == {"roll shots", "roll size", "roll milk", "roll drink"}
    chance = state.rng.copy()
    expected = CONTENT.die_faces[2][chance.below(6)]
    act(state, "roll milk")
    assert state.dice == [0, 0, expected, 0]
    assert state.current == 1
    assert hand_names(state, 0) == sorted(JUNK.split())


def test_roll_outcomes_cover_every_face_over_seeds() -> None:
    seen = set()
    for seed in range(30):
        state = position([JUNK + " roll", "triple vente soy latte"], seed=seed)
        state.rng = type(state.rng)(seed)
        act(state, "play roll", "roll drink")
        seen.add(state.dice[3])
    assert seen == {0, 1, 2}


def test_change_sets_a_die_to_a_different_value() -> None:
    state = position([JUNK + " change", "triple vente soy latte"])
    act(state, "play change")
    assert state.step == Step.DIE
    assert legal(state) == {
        f"change {cat} {value}"
        for c, cat in enumerate(CONTENT.categories)
        for value in CONTENT.values[c][1:]
    }
    act(state, "change drink mocha")
    assert state.dice == [0, 0, 0, 1]
    assert state.current == 1


def test_change_to_the_same_value_is_refused() -> None:
    state = position([JUNK + " change", "triple vente soy latte"])
    act(state, "play change")
    before = state.clone()
    with pytest.raises(IllegalAction) as err:
        act(state, "change drink cappuccino")
    assert "'change drink cappuccino'" in str(err.value)
    assert "different value" in str(err.value)
    assert "[The Cards: Action Cards]" in str(err.value)
    assert state == before


def test_take_moves_a_blind_card_and_the_victim_draws_a_replacement() -> None:
    state = position([JUNK + " take", "triple vente soy latte", "single tall"], deck="spill roll")
    act(state, "play take")
    assert state.step == Step.TARGET
    assert legal(state) == {"take 1", "take 2"}
    victim_hand = list(state.hands[1])
    chance = state.rng.copy()
    taken = victim_hand[chance.below(4)]
    total = all_cards(state)
    act(state, "take 1")
    assert state.view(0)["phase"] == "discard" and state.to_move == (0,)
    assert sorted(state.hands[0]) == sorted([*kinds(JUNK), taken])
    rest = list(victim_hand)
    rest.remove(taken)
    assert sorted(state.hands[1]) == sorted([*rest, *kinds("spill")])
    assert state.deck == kinds("roll")
    assert state.known == [(0, 1, taken)]
    assert all_cards(state) == total
    name = CONTENT.kind_names[taken]
    act(state, f"discard {name}")  # the taker discards back down to four
    assert len(state.hands[0]) == 4 and state.current == 1


def test_take_skips_opponents_with_no_hand() -> None:
    state = position(
        [JUNK + " take", "triple vente soy latte", ""],
        placed=["- - - -", "- - - -", "double grande breve mocha"],
        placed_as=["- - - -", "- - - -", "double grande breve mocha"],
    )
    act(state, "play take")
    assert legal(state) == {"take 1"}
    before = state.clone()
    with pytest.raises(IllegalAction) as err:
        act(state, "take 2")
    assert "[The Cards: Action Cards]" in str(err.value)
    assert state == before


def test_take_cannot_be_played_when_no_opponent_holds_a_card() -> None:
    state = position(
        [JUNK + " take", ""],
        placed=["- - - -", "double grande breve mocha"],
        placed_as=["- - - -", "double grande breve mocha"],
    )
    assert "play take" not in legal(state)
    assert legal(state) == {f"discard {n}" for n in (*JUNK.split(), "take")}
    before = state.clone()
    with pytest.raises(IllegalAction) as err:
        act(state, "play take")
    assert "[The Cards: Action Cards]" in str(err.value)
    assert state == before


def test_spill_discards_the_victims_hand_and_placed_cards_and_redraws_four() -> None:
    state = position(
        [JUNK + " spill", "triple vente", "soy latte latte"],
        placed=["- - - -", "single tall - -", "- - - -"],
        deck="breve soy wild single roll",
        known=[(1, 0, kinds("vente")[0]), (2, 0, kinds("soy")[0])],
    )
    act(state, "play spill")
    assert state.step == Step.TARGET
    assert legal(state) == {"spill 1", "spill 2"}
    total = all_cards(state)
    act(state, "spill 1")
    assert sorted(state.discard) == sorted(kinds("spill triple vente single tall"))
    assert state.placed[1] == slots("- - - -")
    assert state.placed_as[1] == [-1, -1, -1, -1]
    assert state.known == [(2, 0, kinds("soy")[0])]
    mine = [e.text for e in state.events(1) if e.private]
    assert mine[-2:] == ["You draw Breve, Soy, Wild, Single.", "You draw Roll."]
    assert state.current == 1  # the spill ended the turn; P1 then draws for its own
    assert hand_names(state, 1) == ["breve", "roll", "single", "soy", "wild"]
    assert all_cards(state) == total


def test_spill_may_target_a_player_with_no_hand() -> None:
    state = position(
        [JUNK + " spill", ""],
        placed=["- - - -", "double grande breve mocha"],
        placed_as=["- - - -", "double grande breve mocha"],
    )
    act(state, "play spill")
    assert legal(state) == {"spill 1"}


def test_an_action_cannot_target_its_player() -> None:
    state = position([JUNK + " spill", "triple vente soy latte"])
    act(state, "play spill")
    before = state.clone()
    with pytest.raises(IllegalAction) as err:
        act(state, "spill 0")
    assert "'spill 0'" in str(err.value) and "[The Cards: Action Cards]" in str(err.value)
    assert state == before


def test_an_action_card_not_in_hand_cannot_be_played() -> None:
    state = position([JUNK + " spill", "triple vente soy latte"])
    before = state.clone()
    with pytest.raises(IllegalAction) as err:
        act(state, "play roll")
    assert "[The Cards: Action Cards]" in str(err.value)
    assert state == before
    assert state.step == Step.PLAY
