"""What a person sees of a Barista table: cards with their text, choices in words, the score."""

from __future__ import annotations

import lastcall
from lastcall.core import Component, Rng, Table
from lastcall.games.barista.content import CONTENT
from lastcall.games.barista.game import BaristaState
from lastcall.games.barista.state import Step

from .conftest import act, kind, position

NAMES = ("Alice", "Bob", "Chen")
GAME = lastcall.game("barista")


def _table(state: BaristaState, seat: int | None) -> Table:
    actions = state.legal_actions(seat) if seat is not None and seat in state.to_move else ()
    return GAME.present(state.view(seat), actions, NAMES[: state.num_players])


def _component(table: Table, component_id: str) -> Component:
    found = table.find(component_id)
    assert found is not None, component_id
    return found[1]


def _zone_names(table: Table, zone_id: str) -> list[str]:
    return [c.name for z in table.zones if z.id == zone_id for c in z.components]


def test_a_card_in_hand_shows_which_slot_it_fills_and_how_many_the_deck_holds() -> None:
    state = position(["mocha wild roll single", "double grande breve mocha"])
    table = _table(state, 0)
    mocha = _component(table, "s0-hand-mocha-1")
    assert mocha.name == "Mocha" and mocha.key == "card:mocha"
    assert "Drink slot" in mocha.text and "Drink die shows Mocha" in mocha.text
    assert "3 in the deck" in mocha.text
    roll = _component(table, "s0-hand-roll-1")
    assert roll.text.startswith("Action card.") and "re-roll one order die" in roll.text
    assert "any open slot" in _component(table, "s0-hand-wild-1").text


def test_choices_name_the_card_and_the_slot_and_point_at_both() -> None:
    state = position(
        ["mocha wild roll single", "double grande breve mocha"],
        dice="single tall nonfat mocha",
    )
    table = _table(state, 0)
    place = table.choice("place mocha")
    assert place is not None
    assert place.label == "Place Mocha on the Drink slot"
    assert place.targets == ("s0-hand-mocha-1", "s0-slot-drink")
    wild = table.choice("place wild milk")
    assert wild is not None and wild.label == "Place Wild on the Milk slot (as Nonfat)"
    roll = table.choice("play roll")
    assert roll is not None and roll.label.startswith("Play Roll: re-roll one order die")
    assert roll.group == "Play an action card"
    assert table.prompt is not None and table.prompt.source == "Your turn"


def test_a_placed_card_the_dice_left_behind_is_marked_and_its_replacement_says_so() -> None:
    state = position(
        ["mocha latte nonfat", "double grande breve mocha"],
        dice="single tall nonfat mocha",
        placed=["- - - latte", "- - - -"],
        placed_as=["- - - latte", "- - - -"],
    )
    table = _table(state, 0)
    latte = _component(table, "s0-slot-drink")
    assert latte.name == "Latte" and latte.tags == ("no longer matching",)
    assert "does not count" in latte.text
    replace = table.choice("place mocha")
    assert replace is not None
    assert replace.label == "Place Mocha on the Drink slot, replacing Latte"


def test_others_placed_cards_and_hands_are_backs_and_a_spectator_sees_no_card_of_theirs() -> None:
    state = position(
        ["mocha latte nonfat", "double grande breve"],
        placed=["single - - -", "- tall - -"],
    )
    mine = _table(state, 0)
    assert _component(mine, "s0-slot-shots").name == "Single"
    theirs = _component(mine, "s1-slot-size")
    assert theirs.kind == "back" and "Tall" not in theirs.name + theirs.text
    hand = _component(mine, "s1-hand")
    assert hand.kind == "back" and hand.count == 3
    spectator = _table(state, None)
    assert spectator.choices == () and spectator.prompt is None
    assert [z.kind for z in spectator.zones].count("hand") == 0
    for seat in (0, 1):
        assert _component(spectator, f"s{seat}-hand").kind == "back"
    assert _component(spectator, "s0-slot-shots").kind == "back"


def test_the_viewers_own_seat_and_hand_come_first_with_names_for_the_others() -> None:
    state = position(["mocha", "double grande breve", "soy latte wild"], turn=1)
    table = _table(state, 1)
    assert [z.id for z in table.zones][:4] == ["order", "seat-1", "hand-1", "seat-0"]
    assert [z.name for z in table.zones if z.kind == "seat"] == ["You", "Alice", "Chen"]
    assert table.status == "Round 1 · Turn 1 · Your turn"
    assert _zone_names(table, "order") == ["Shots die", "Size die", "Milk die", "Drink die"]
    assert _component(table, "die-milk").value == "Nonfat"


def test_a_change_names_the_die_its_old_and_new_value_and_the_card_that_asks() -> None:
    state = position(
        ["mocha latte nonfat", "double grande breve mocha"],
        dice="single tall nonfat mocha",
        step=Step.DIE,
        pending=kind("change"),
    )
    table = _table(state, 0)
    assert table.prompt is not None
    assert table.prompt.text == "Choose a die to change and its new value"
    assert table.prompt.source == "Change card"
    change = table.choice("change milk soy")
    assert change is not None
    assert change.label == "Change the Milk die from Nonfat to Soy"
    assert change.targets == ("die-milk",) and change.group == "Change a die"


def test_take_and_spill_name_the_barista_and_point_at_their_hand() -> None:
    state = position(
        ["take spill mocha", "double grande breve mocha", "soy latte wild vente"],
        step=Step.TARGET,
        pending=kind("take"),
    )
    table = _table(state, 0)
    assert table.prompt is not None and table.prompt.source == "Take card"
    take = table.choice("take 2")
    assert take is not None
    assert take.label == "Take a card at random from Chen's hand"
    assert take.targets == ("s2-hand",)
    state = position(
        ["take spill mocha", "double grande breve mocha", "soy latte wild vente"],
        step=Step.TARGET,
        pending=kind("spill"),
    )
    spill = _table(state, 0).choice("spill 1")
    assert spill is not None and spill.label.startswith("Spill Bob's drink")


def test_a_challenge_shows_on_the_challengers_seat_and_in_the_status() -> None:
    state = position(
        ["mocha latte", "double grande breve mocha", "triple vente soy latte"],
        placed=["single tall nonfat -", "- - - -", "- - - -"],
        tips=[1, 0, 0],
        deck="vente vente",
    )
    offer = _table(state, 0).choice("challenge")
    assert offer is not None
    assert (offer.cost, offer.gain) == ("1 tip if it fails", "+1 tip if it succeeds")
    act(state, "challenge", "discard mocha")
    table = _table(state, 2)
    assert "Barista Challenge by Alice: 2 final turns left" in table.status
    token = _component(table, "challenge")
    assert token.value == 2
    assert any(c.id == "challenge" for z in table.zones if z.id == "seat-0" for c in z.components)


def test_hand_ids_stay_put_while_the_cards_stay_in_hand() -> None:
    state = position(
        ["mocha mocha nonfat roll", "double grande breve mocha"],
        dice="single tall nonfat latte",
    )
    before = {c.id for z in _table(state, 0).zones if z.id == "hand-0" for c in z.components}
    assert {"s0-hand-mocha-1", "s0-hand-mocha-2"} <= before
    act(state, "place nonfat")
    after = {c.id for z in _table(state, 0).zones if z.id == "hand-0" for c in z.components}
    assert before - after == {"s0-hand-nonfat-1"}


def test_the_final_standings_add_up_by_named_source() -> None:
    state = GAME.new(3, 4, {"turn_limit": 600})
    assert isinstance(state, BaristaState)
    rng = Rng(4)
    while not state.is_over:
        seat = state.to_move[rng.below(len(state.to_move))]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
    table = _table(state, None)
    winner = NAMES[state.scores().index(max(state.scores()))]
    assert table.over and table.status.endswith(f"The game is over · {winner} wins")
    assert [s.name for s in sorted(table.standings, key=lambda s: s.seat or 0)] == list(NAMES)
    labels = {"Perfect orders", "Successful challenges", "Failed challenges"}
    for standing in table.standings:
        assert standing.seat is not None and standing.rank is not None
        assert standing.score == state.scores()[standing.seat]
        assert {name for name, _ in standing.sources} <= labels
        assert sum(points for _, points in standing.sources) == standing.score
    assert table.standings[0].rank == 1 and table.standings[0].score == max(state.scores())
    assert any(name == "Perfect orders" for s in table.standings for name, _ in s.sources)


def test_the_glossary_explains_every_card_and_the_words_the_table_uses() -> None:
    glossary = GAME.glossary()
    for name in CONTENT.kind_names:
        assert name.capitalize() in glossary
    for term in ("Barista Challenge", "Perfect order", "Tip jar", "Progress", "Milk die"):
        assert term in glossary
    howto = GAME.how_to_play()
    assert howto.startswith("# Barista") and "five tips" in howto
