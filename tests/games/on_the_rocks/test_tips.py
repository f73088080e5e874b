"""Tip cards: Keep, Pass/Complaint and Share, played only on the owner's turn."""

from __future__ import annotations

import pytest

from lastcall.games.on_the_rocks import content as ct
from lastcall.games.on_the_rocks import state as st
from lastcall.games.on_the_rocks.content import BLUE, GOLD, RED, SPILL, TIP_OF, WILD
from lastcall.games.on_the_rocks.game import OnTheRocksState

from .otr_helpers import (
    act,
    assert_conserved,
    assert_illegal,
    at,
    clear_board,
    decision,
    empty_first_bowl,
    fill,
    give_recipe,
    give_tip,
    marbles_on,
    new,
    placing_mode,
    recipe,
    take_from_bag,
    tips_step,
)

NT = st.NT


def board_ready(players: int = 2) -> tuple[OnTheRocksState, int, int]:
    s = new(players, 3)
    p = s.current
    clear_board(s, p)
    g = give_recipe(s, p, recipe("highball", 8))
    return s, p, g


def test_tips_are_played_only_on_their_owners_turn() -> None:
    s, p, _ = board_ready()
    other = 1 - p
    give_tip(s, other, "premium")
    tips_step(s, p)
    assert act("play premium") not in s.legal_actions(p)
    assert s.legal_actions(other) == ()
    assert_illegal(s, other, "play premium", "turns")


def test_premium_takes_one_marble_of_choice_straight_onto_the_board() -> None:
    s, p, g = board_ready()
    give_tip(s, p, "premium")
    tips_step(s, p)
    s.apply(p, act("play premium"))
    assert s.picks == 1 and s.pmode == st.Placing.TIP
    pick = next(a for a in s.legal_actions(p) if a.verb == "pick")
    s.apply(p, pick)
    assert len(marbles_on(s, p, g)) == 1
    assert all(a.verb != "pick" for a in s.legal_actions(p))
    s.apply(p, act("done"))
    assert s.phase == st.Decision.TIPS and s.discards[p * NT + TIP_OF["premium"]] == 1
    assert_conserved(s)


def test_at_most_two_feeling_tipsy_cards_a_turn() -> None:
    s, p, _ = board_ready()
    give_tip(s, p, "tipsy2", 2)
    give_tip(s, p, "tipsy3", 1)
    for k in (WILD, SPILL, GOLD):  # a test position: only colours left in the bag
        s.bag[k] = 0
    tips_step(s, p)
    for card, size in (("tipsy2", 2), ("tipsy3", 3)):
        bag = sum(s.bag)
        s.apply(p, act(f"play {card}"))
        assert bag - sum(s.bag) == size == sum(s.tray)
        while s.phase != st.Decision.TIPS:
            s.apply(p, act("done"))
    assert s.tipsy_used == 2
    assert_illegal(s, p, "play tipsy2", "Feeling Tipsy")


@pytest.mark.parametrize("card", ["tipsy2", "tipsy3", "additional"])
def test_marbles_a_tip_draws_are_placed_or_returned_never_saved(card: str) -> None:
    """The Save step keeps "remaining Ingredient Marbles from the selected Jigger Bowl" only."""
    s, p, _ = board_ready()
    give_tip(s, p, card)
    s.bag[SPILL] = s.bag[GOLD] = 0  # a test position: only ingredients to draw
    tips_step(s, p)
    bag = sum(s.bag)
    s.apply(p, act(f"play {card}"))
    drawn = sum(s.tray)
    assert drawn and s.phase == st.Decision.PLACE and s.pmode == st.Placing.TIP
    s.apply(p, act("done"))
    assert decision(s) == st.Decision.TIPS
    assert sum(s.shelf[8 * p : 8 * p + 8]) == 0 and sum(s.tray) == sum(s.held) == 0
    assert sum(s.bag) == bag


def test_feeling_tipsy_can_draft_spill_and_gold() -> None:
    s, p, _ = board_ready()
    give_tip(s, p, "tipsy2")
    s.bag = [0, 0, 0, 0, 0, 0, 4, 3]  # only specials left in the bag (test position)
    tips_step(s, p)
    s.apply(p, act("play tipsy2"))
    assert s.pending_spill + s.coaster_gold == 2
    assert s.picks == 2 * s.coaster_gold


def test_additional_ingredients_rolls_one_die_without_manipulation() -> None:
    s, p, _ = board_ready()
    give_tip(s, p, "additional")
    tips_step(s, p)
    bag = sum(s.bag)
    s.apply(p, act("play additional"))
    roll = next(e.text for e in reversed(s.events(None)) if "Additional Ingredients" in e.text)
    count = int(roll.split("rolls ")[1].split()[0])
    assert 1 <= count <= 6
    assert bag - sum(s.bag) == count
    assert all(a.verb != "flip" for a in s.legal_actions(p))


def test_pass_card_becomes_a_complaint_for_the_chosen_player() -> None:
    s, p, _ = board_ready(3)
    give_tip(s, p, "clumsy")
    tips_step(s, p)
    s.apply(p, act("play clumsy"))
    assert s.phase == st.Decision.TARGET
    assert s.legal_actions(p) == tuple(act(f"target {q}") for q in range(3) if q != p)
    assert_illegal(s, p, f"target {p}", "Tip Card Overview")
    q = (p + 2) % 3
    s.apply(p, act(f"target {q}"))
    assert s.complaints[q] == ((TIP_OF["clumsy"], p),)
    assert decision(s) == st.Decision.TIPS


def test_clumsy_bartender_spills_at_the_start_of_the_receivers_turn() -> None:
    s, p, _ = board_ready()
    q = 1 - p
    clear_board(s, q)
    g = give_recipe(s, q, recipe("hurricane", 8))
    fill(s, q, g, 4)
    s.complaints = tuple(((TIP_OF["clumsy"], p),) if x == q else () for x in range(2))
    remove_two = next(i for i, c in enumerate(ct.SPILL_CARDS) if c == (ct.S_REMOVE, -1, 2))
    s.spill_deck = (remove_two, *[c for c in s.spill_deck if c != remove_two])
    tips_step(s, p)
    s.apply(p, act("done"))
    assert s.current == q and s.phase == st.Decision.DRINK and s.to_move == (q,)
    s.apply(q, act("drink hurricane"))
    s.apply(q, s.legal_actions(q)[0])
    s.apply(q, s.legal_actions(q)[0])
    assert len(marbles_on(s, q, g)) == 2
    assert decision(s) == st.Decision.ROLL and s.complaints[q] == ()
    assert s.discards[p * NT + TIP_OF["clumsy"]] == 1  # back to the giver, face down


def test_shots_shots_keeps_only_two_ingredients_from_the_bowl() -> None:
    s, p, _ = board_ready()
    s.shots = True
    at(s, st.Step.SELECT, st.Decision.SELECT, p)
    empty_first_bowl(s)
    take_from_bag(s, s.bowls, red=2, blue=2, gold=1)
    s.apply(p, act("select 1"))
    assert s.phase == st.Decision.KEEP
    s.apply(p, act("keep red"))
    s.apply(p, act("keep blue"))
    assert s.tray[RED] == 1 and s.tray[BLUE] == 1 and sum(s.tray) == 2
    assert s.gold_wait == 1  # a special marble is no ingredient: it still resolves
    assert decision(s) == st.Decision.PLACE
    assert_conserved(s)


def weak_drink_due(shelf_red: int) -> tuple[OnTheRocksState, int, int, int]:
    """Seat q received a Weak Drink from p: five marbles in a Highball, red extras on the shelf."""
    s, p, _ = board_ready()
    q = 1 - p
    clear_board(s, q)
    g = give_recipe(s, q, recipe("highball", 8))
    fill(s, q, g, 5)
    s.shelf[8 * q + RED] = shelf_red
    s.bag[RED] -= shelf_red
    s.complaints = tuple(((TIP_OF["weak"], p),) if x == q else () for x in range(2))
    tips_step(s, p)
    s.apply(p, act("done"))
    return s, p, q, g


def test_weak_drink_lets_the_giver_remove_three_ingredients_out_of_turn() -> None:
    s, p, q, g = weak_drink_due(2)
    assert s.current == q and s.to_move == (p,) and s.phase == st.Decision.REMOVE
    for _ in range(3):
        assert all(a.verb == "remove" for a in s.legal_actions(p))
        s.apply(p, next(a for a in s.legal_actions(p) if a[1] != "extra"))
    assert len(marbles_on(s, q, g)) == 2
    assert s.shelf[8 * q + RED] == 2  # the giver chose the glass each time
    assert s.to_move == (q,) and decision(s) == st.Decision.ROLL
    assert s.discards[p * NT + TIP_OF["weak"]] == 1
    assert_conserved(s)


def test_weak_drink_may_take_extra_ingredients_from_the_shelf() -> None:
    """ "Removes any 3 ingredients from that player's board": the shelf is part of the board."""
    s, p, q, g = weak_drink_due(2)
    assert act("remove extra red") in s.legal_actions(p)
    assert act("remove extra blue") not in s.legal_actions(p)
    bag = s.bag[RED]
    s.apply(p, act("remove extra red"))
    s.apply(p, act("remove extra red"))
    assert act("remove extra red") not in s.legal_actions(p)
    s.apply(p, s.legal_actions(p)[0])
    assert s.shelf[8 * q + RED] == 0 and s.bag[RED] >= bag + 2
    assert len(marbles_on(s, q, g)) == 4
    assert s.to_move == (q,) and decision(s) == st.Decision.ROLL
    assert_conserved(s)


def test_weak_drink_takes_extras_even_when_the_glasses_are_empty() -> None:
    s, p, _ = board_ready()
    q = 1 - p
    clear_board(s, q)
    give_recipe(s, q, recipe("highball", 8))
    s.shelf[8 * q + WILD] = 1
    s.bag[WILD] -= 1
    s.complaints = tuple(((TIP_OF["weak"], p),) if x == q else () for x in range(2))
    tips_step(s, p)
    s.apply(p, act("done"))
    assert s.to_move == (p,) and s.legal_actions(p) == (act("remove extra wild"),)
    s.apply(p, act("remove extra wild"))
    assert s.shelf[8 * q + WILD] == 0 and s.to_move == (q,)
    assert_conserved(s)


def test_buy_a_drink_three_for_the_buyer_then_one_for_the_guest() -> None:
    s, p, _ = board_ready()
    q = 1 - p
    clear_board(s, q)
    give_recipe(s, q, recipe("oldfashioned", 6))
    give_tip(s, p, "buy")
    tips_step(s, p)
    bag = sum(s.bag)
    s.apply(p, act("play buy"))
    s.apply(p, act(f"target {q}"))
    assert bag - sum(s.bag) == 4 and sum(s.tray) == 3 and sum(s.aside) == 1
    assert s.to_move == (p,) and s.pmode == st.Placing.BUY
    assert all(a.verb != "save" for a in s.legal_actions(p))
    s.apply(p, act("done"))
    assert s.to_move == (q,) and placing_mode(s) == st.Placing.GIFT and sum(s.tray) == 1
    s.apply(q, act("done"))
    assert s.to_move == (p,) and s.phase == st.Decision.TIPS
    assert sum(s.bag) == bag  # unused ingredients go back to the bag
    assert s.discards[p * NT + TIP_OF["buy"]] == 1
    assert_conserved(s)


def test_a_tip_collected_this_turn_can_be_used_this_turn() -> None:
    s, p, g = board_ready()
    clear_board(s, p)
    g = give_recipe(s, p, recipe("martini", 4))
    fill(s, p, g)
    s.tip_deck = (*s.tip_deck, TIP_OF["premium"])
    at(s, st.Step.RESOLVE, st.Decision.NONE, p)
    s._advance()
    assert act("play premium") in s.legal_actions(p)


def test_feeling_tipsy_after_the_save_step_can_draw_the_bowls_unused_ingredients() -> None:
    """Save: "Any unused Ingredients must be returned to the Shaker Bag." They are in the bag
    again when a Feeling Tipsy card draws later in the turn."""
    s, p, _ = board_ready()
    give_tip(s, p, "tipsy2")
    at(s, st.Step.SAVE, st.Decision.SAVE, p)
    s.tray = [0] * 8
    take_from_bag(s, s.tray, yellow=2)
    for k in range(8):  # a test position: the rest of the bag sits in the second bowl
        s.bowls[8 + k] += s.bag[k]
        s.bag[k] = 0
    s.apply(p, act("done"))  # nothing saved
    assert decision(s) == st.Decision.TIPS and s.bag[ct.YELLOW] == 2 and sum(s.bag) == 2
    s.apply(p, act("play tipsy2"))
    assert s.tray[ct.YELLOW] == 2 and sum(s.bag) == 0
    assert_conserved(s)
