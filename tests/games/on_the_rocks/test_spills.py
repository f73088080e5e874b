"""Spill cards: each effect, who is safe, and where the card goes afterwards."""

from __future__ import annotations

from lastcall.games.on_the_rocks import content as ct
from lastcall.games.on_the_rocks import state as st
from lastcall.games.on_the_rocks.content import (
    COLOURS,
    RED,
    S_ALL,
    S_DOUBLE,
    S_REMOVE,
    S_TOP,
    S_WILD,
)
from lastcall.games.on_the_rocks.content import SPILL as SPILL_MARBLE
from lastcall.games.on_the_rocks.game import OnTheRocksState

from .otr_helpers import (
    act,
    assert_conserved,
    assert_illegal,
    clear_board,
    fill,
    give_recipe,
    marbles_on,
    new,
    recipe,
    tips_step,
)


def card(effect: int, colour: int = -1, amount: int = 0) -> int:
    return ct.SPILL_CARDS.index((effect, colour, amount))


def spilling(top: int) -> tuple[OnTheRocksState, int, int, int]:
    """Seat p ends its turn with one spill marble; two drinks half full; ``top`` on the deck."""
    s = new(2, 5)
    p = s.current
    clear_board(s, p)
    a = give_recipe(s, p, recipe("highball", 8))
    b = give_recipe(s, p, recipe("hurricane", 8))
    fill(s, p, a, 5)
    fill(s, p, b, 3)
    s.bag[SPILL_MARBLE] -= 1
    s.pending_spill = 1
    s.spill_deck = (top, *[c for c in s.spill_deck if c != top])
    tips_step(s, p)
    return s, p, a, b


def colour_in(s: OnTheRocksState, p: int, g: int) -> int:
    return marbles_on(s, p, g)[0][1]


def test_spill_all_removes_a_colour_from_one_drink_and_leaves_the_deck() -> None:
    s, p, a, _b = spilling(0)
    colour = colour_in(s, p, a)
    top = card(S_ALL, colour)
    s.spill_deck = (top, *[c for c in s.spill_deck if c != top])
    s.apply(p, act("done"))
    assert s.phase == st.Decision.DRINK
    glass = ct.GLASS_NAMES[a]
    s.apply(p, act(f"drink {glass}"))
    assert all(c != colour for _, c, _ in marbles_on(s, p, a))
    assert top in s.spill_discard and top not in s.spill_deck
    assert_conserved(s)


def test_a_card_with_nothing_to_remove_goes_to_the_bottom_face_up() -> None:
    s, p, _a, _b = spilling(0)
    clear_board(s, p)
    top = card(S_DOUBLE, COLOURS[0])
    s.spill_deck = (top, *[c for c in s.spill_deck if c != top])
    s.apply(p, act("done"))
    assert s.spill_deck[-1] == top and s.spill_known == 1
    assert s.view(None)["spill_deck_face_up"] == [ct.spill_title(top)]
    assert s.current != p


def test_wild_marble_counts_as_its_placed_colour_in_a_spill() -> None:
    s, p, a, _b = spilling(0)
    clear_board(s, p)
    a = give_recipe(s, p, recipe("highball", 8))
    fill(s, p, a, 1, wild=True)
    colour = colour_in(s, p, a)
    top = card(S_ALL, colour)
    s.spill_deck = (top, *[c for c in s.spill_deck if c != top])
    wilds = s.bag[ct.WILD]
    s.apply(p, act("done"))
    s.apply(p, act(f"drink {ct.GLASS_NAMES[a]}"))
    assert marbles_on(s, p, a) == [] and s.bag[ct.WILD] == wilds + 1


def test_make_it_a_double_removes_two_of_its_colour_anywhere() -> None:
    s, p, a, b = spilling(0)
    colours = [c for g in (a, b) for _, c, _ in marbles_on(s, p, g)]
    colour = max(COLOURS, key=colours.count)
    top = card(S_DOUBLE, colour)
    s.spill_deck = (top, *[c for c in s.spill_deck if c != top])
    s.apply(p, act("done"))
    assert s.phase == st.Decision.REMOVE
    assert all(x[3] == ct.KIND_NAMES[colour] for x in s.legal_actions(p))
    for _ in range(min(2, colours.count(colour))):
        s.apply(p, s.legal_actions(p)[0])
    after = [c for g in (a, b) for _, c, _ in marbles_on(s, p, g)]
    assert after.count(colour) == max(0, colours.count(colour) - 2)


def test_top_shelf_removes_the_two_top_most_of_one_drink() -> None:
    s, p, a, b = spilling(card(S_TOP))
    s.apply(p, act("done"))
    s.apply(p, act(f"drink {ct.GLASS_NAMES[a]}"))
    rows = sorted(r for r, _, _ in marbles_on(s, p, a))
    top_row = rows[-1]
    assert {x[2] for x in s.legal_actions(p)} == {top_row}
    assert_illegal(s, p, f"remove {ct.GLASS_NAMES[a]} 1 yellow", "Spill Cards")
    s.apply(p, s.legal_actions(p)[0])
    s.apply(p, s.legal_actions(p)[0])
    assert sorted(r for r, _, _ in marbles_on(s, p, a)) == rows[:-2]
    assert len(marbles_on(s, p, b)) == 3
    assert s.spill_deck[-1] == card(S_TOP)


def test_wild_spill_removes_one_from_each_drink() -> None:
    s, p, a, b = spilling(card(S_WILD))
    s.apply(p, act("done"))
    s.apply(p, s.legal_actions(p)[0])
    s.apply(p, s.legal_actions(p)[0])
    assert len(marbles_on(s, p, a)) == 4 and len(marbles_on(s, p, b)) == 2
    assert s.spill_deck[-1] == card(S_WILD)


def test_remove_three_takes_three_from_one_drink() -> None:
    s, p, a, b = spilling(card(S_REMOVE, amount=3))
    s.apply(p, act("done"))
    s.apply(p, act(f"drink {ct.GLASS_NAMES[b]}"))
    for _ in range(3):
        assert all(x[1] == ct.GLASS_NAMES[b] for x in s.legal_actions(p))
        s.apply(p, s.legal_actions(p)[0])
    assert marbles_on(s, p, b) == [] and len(marbles_on(s, p, a)) == 5
    assert s.spill_deck[-1] == card(S_REMOVE, amount=3)


def test_extra_ingredients_are_safe_from_spills() -> None:
    s, p, _a, _b = spilling(card(S_WILD))
    s.shelf[8 * p + RED] = 2
    s.bag[RED] -= 2
    s.apply(p, act("done"))
    assert all(x.verb == "remove" and x[1] != "extra" for x in s.legal_actions(p))
    assert_illegal(s, p, "remove extra red", "Extra Ingredients")
    while s.current == p and s.phase == st.Decision.REMOVE:
        s.apply(p, s.legal_actions(p)[0])
    assert s.shelf[8 * p + RED] == 2
    assert_conserved(s)


def test_each_spill_marble_draws_its_own_card_and_then_rests_on_the_coaster() -> None:
    s, p, _a, _b = spilling(card(S_REMOVE, amount=1))
    s.bag[SPILL_MARBLE] -= 1
    s.pending_spill = 2
    s.apply(p, act("done"))
    while s.current == p:
        s.apply(p, s.legal_actions(p)[0])
    draws = [e.text for e in s.events(None) if "draws the spill card" in e.text]
    assert len(draws) == 2 and s.coaster_spill == 2
    assert_conserved(s)


def test_top_shelf_takes_the_drink_whose_ingredients_sit_highest() -> None:
    """The rulebook's example: Highball row 2 against Martini row 1, the Highball loses two."""
    s, p, a, b = spilling(card(S_TOP))
    clear_board(s, p)
    a = give_recipe(s, p, recipe("highball", 8))
    b = give_recipe(s, p, recipe("martini", 6))
    fill(s, p, a, 4)  # rows 1 and 2 of the Highball
    fill(s, p, b, 1)  # row 1 of the Martini
    s.apply(p, act("done"))
    assert s.legal_actions(p) == (act("drink highball"),)
    assert_illegal(s, p, "drink martini", "Top Shelf")
    s.apply(p, act("drink highball"))
    s.apply(p, s.legal_actions(p)[0])
    s.apply(p, s.legal_actions(p)[0])
    assert sorted(r for r, _, _ in marbles_on(s, p, a)) == [1, 1]
    assert len(marbles_on(s, p, b)) == 1


def test_top_shelf_lets_the_victim_choose_between_drinks_equally_high() -> None:
    s, p, a, b = spilling(card(S_TOP))
    clear_board(s, p)
    a = give_recipe(s, p, recipe("highball", 8))
    b = give_recipe(s, p, recipe("hurricane", 8))
    fill(s, p, a, 3)  # up to row 2
    fill(s, p, b, 3)  # up to row 2
    s.apply(p, act("done"))
    assert s.legal_actions(p) == (act("drink hurricane"), act("drink highball"))
