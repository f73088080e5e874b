"""What a seat sees: views, the event log and determinized copies."""

from __future__ import annotations

import json
from collections import Counter

import lastcall
from lastcall.core import plain
from lastcall.games.barista.content import CONTENT
from lastcall.games.barista.flow import WILD
from lastcall.games.barista.game import BaristaState
from lastcall.games.barista.state import EMPTY

from .conftest import act, all_cards, kinds, position

JUNK = "double grande breve mocha"


def _table() -> BaristaState:
    return position(
        ["spill vente wild", "triple soy latte", "change change change"],
        dice="double grande soy mocha",
        placed=["double grande - -", "- - wild -", "- - - -"],
        discard="roll",
    )


def test_a_seat_sees_its_own_hand_and_placed_cards_only() -> None:
    view = _table().view(1)
    mine, other = view["seats"][1], view["seats"][0]
    assert mine["hand"] == ["latte", "soy", "triple"]
    assert mine["placed"] == {"milk": "wild"}
    assert set(other) == {"seat", "tips", "hand_size", "placed_slots"}
    assert other["hand_size"] == 3
    assert other["placed_slots"] == ["shots", "size"]
    assert "spill" not in json.dumps(view) and "vente" not in json.dumps(view)


def test_the_spectator_sees_public_things_only() -> None:
    state = _table()
    view = state.view(None)
    for seat in view["seats"]:
        assert set(seat) == {"seat", "tips", "hand_size", "placed_slots"}
    assert [s["hand_size"] for s in view["seats"]] == [3, 3, 3]
    assert view["draw_pile"] == len(state.deck)
    assert view["discard_pile"] == ["roll"]
    assert view["tip_jar"] == 20
    assert "deck" not in view
    text = json.dumps(view)
    for name in ("spill", "vente", "wild", "triple", "change", "latte"):
        assert name not in text
    assert state.game.render(view)


def test_views_are_json_safe_at_every_step_of_a_game() -> None:
    state = lastcall.game("barista").new(3, 4)
    for _ in range(60):
        for seat in (None, 0, 1, 2):
            assert json.loads(json.dumps(state.view(seat))) == state.view(seat)
        p = state.to_move[0]
        state.apply(p, state.legal_actions(p)[0])


def test_a_draw_is_private_and_its_announcement_public() -> None:
    state = position([JUNK + " latte", "triple vente soy latte", "soy soy latte"], deck="wild")
    act(state, "discard mocha")
    assert [e.text for e in state.events(1)][-2:] == ["You draw a card.", "You draw Wild."]
    assert state.events(1)[-1].private
    for seat in (None, 0, 2):
        texts = [e.text for e in state.events(seat)]
        assert texts[-1] == "P1 draws a card." and "You draw Wild." not in texts


def test_a_taken_card_is_named_to_the_taker_and_victim_only() -> None:
    state = position([JUNK + " take", "latte latte latte", "soy soy soy"], deck="wild")
    act(state, "play take", "take 1")
    public = "P0 takes a card from P1, and P1 draws a replacement."
    assert [e.text for e in state.events(0)][-2:] == [
        "You take a card from P1, and P1 draws a replacement.",
        "You take Latte from P1.",
    ]
    assert [e.text for e in state.events(1)][-3:] == [
        "P0 takes a card from you, and you draw a replacement.",
        "P0 takes Latte from you.",
        "You draw Wild to replace it.",
    ]
    assert [e.private for e in state.events(1)][-3:] == [False, True, True]
    named = "P0 takes Latte from P1."
    for seat in (None, 2):
        texts = [e.text for e in state.events(seat)]
        assert public in texts and named not in texts


def test_a_placement_is_public_but_the_card_is_not() -> None:
    state = position(["single grande breve mocha latte", "triple vente soy double"])
    before = len(state.events(1))
    act(state, "place single")
    assert state.events(None)[-1].text == "P0 places a card face down on the Shots slot."
    assert state.events(0)[-1].text == "You place Single on your Shots slot."
    assert all("Single" not in e.text for e in state.events(1)[before:])


def _consistent(original: BaristaState, copy: BaristaState, seat: int) -> None:
    assert all_cards(copy) == all_cards(original)
    assert copy.hands[seat] == original.hands[seat]
    assert copy.placed[seat] == original.placed[seat]
    assert copy.view(seat) == original.view(seat)
    for q in range(original.num_players):
        for c in range(4):
            k = copy.placed[q][c]
            if k != EMPTY and q != seat:
                assert k == WILD or (
                    CONTENT.kind_category[k] == c
                    and CONTENT.kind_value[k] == original.placed_as[q][c]
                )


def test_determinize_redeals_hidden_cards_consistently() -> None:
    state = _table()
    seen = set()
    for seed in range(20):
        copy = state.determinize(0, seed)
        _consistent(state, copy, 0)
        seen.add(tuple(sorted(copy.hands[1])))
    assert len(seen) > 1  # the hidden hands really are re-dealt


def test_determinize_keeps_a_taken_card_with_the_taker_from_the_victims_side() -> None:
    state = position([JUNK + " take", "latte latte latte", "soy soy soy"])
    act(state, "play take", "take 1")
    latte = kinds("latte")[0]
    assert state.known == [(0, 1, latte)]
    for seed in range(20):
        copy = state.determinize(1, seed)
        _consistent(state, copy, 1)
        assert latte in copy.hands[0]
    takers_hand_elsewhere = Counter(
        latte in state.determinize(2, seed).hands[0] for seed in range(40)
    )
    assert takers_hand_elsewhere[False] > 0  # P2 did not see what was taken


def test_a_taken_card_is_forgotten_once_the_taker_discards_it() -> None:
    state = position([JUNK + " take", "latte latte latte", "soy soy soy"], deck="wild")
    act(state, "play take", "take 1", "discard latte")
    assert state.known == []


def test_determinize_reseeds_chance() -> None:
    state = _table()
    assert state.determinize(0, 1).rng != state.determinize(0, 2).rng
    assert state.determinize(0, 1) == state.determinize(0, 1)


def test_the_table_shows_the_order_the_tips_and_only_the_viewer_s_cards() -> None:
    state = position(
        ["single mocha roll", "double grande breve latte"],
        placed=["- tall - -", "- - - -"],
        tips=[2, 0],
    )
    text = plain(state.game.render(state.view(0)))
    lines = text.splitlines()
    assert lines[1] == "Order   [ single ]  [ tall ]  [ nonfat ]  [ cappuccino ]"
    assert "You (dealer, to play)" in text and "●●○○○" in text
    assert "order: shots:-  size:tall  milk:-  drink:-" in text
    assert "hand: mocha, roll, single" in text
    assert "P1                 ○○○○○  4 in hand · face down on: nothing" in text
    assert "Resolving" not in text and "double" not in text
    assert text.splitlines()[-2] == "Now: play a card."
    act(state, "play roll")
    assert "Resolving roll" in plain(state.game.render(state.view(1)))
