"""The nine steps of a turn: roll, draft, mix, select & place, save, resolve, end."""

from __future__ import annotations

from lastcall.games.on_the_rocks import content as ct
from lastcall.games.on_the_rocks import state as st
from lastcall.games.on_the_rocks.content import GOLD, RED, SPILL, WILD, YELLOW
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
    recipe,
    take_from_bag,
    tips_of,
)


def rolled(dice: list[int]) -> OnTheRocksState:
    s = new(2, 3)
    s.dice = dice
    s._legal = None
    return s


def test_dice_manipulation_pays_one_glass_marble_per_die() -> None:
    s = rolled([1, 3])
    p = s.current
    assert s.legal_actions(p) == (act("draft"),)  # nothing in a glass to pay with
    g = 0
    fill(s, p, g, 2)
    s._legal = None
    s.apply(p, act("flip 1"))
    assert s.phase == st.Decision.REMOVE
    s.apply(p, s.legal_actions(p)[0])
    assert s.dice == [6, 3] and len(marbles_on(s, p, g)) == 1
    assert act("flip 1") not in s.legal_actions(p)
    s.apply(p, act("flip 2"))
    s.apply(p, s.legal_actions(p)[0])
    assert s.dice == [6, 4]
    assert_illegal(s, p, "flip 2", "2: Roll")
    assert_conserved(s)


def test_flips_pair_the_opposite_faces() -> None:
    for face, flipped in [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1)]:
        s = rolled([face, face])
        p = s.current
        fill(s, p, 0, 1)
        s._legal = None
        s.apply(p, act("flip 2"))
        s.apply(p, s.legal_actions(p)[0])
        assert s.dice == [face, flipped]


def test_extra_ingredients_cannot_pay_for_dice_manipulation() -> None:
    s = rolled([2, 2])
    p = s.current
    s.shelf[8 * p + RED] = 3
    s.bag[RED] -= 3
    assert s.legal_actions(p) == (act("draft"),)
    assert_conserved(s)


def test_draft_draws_the_dice_total_and_the_first_player_chooses_a_start_bowl() -> None:
    s = rolled([2, 3])
    p = s.current
    before = sum(s.bag)
    s.apply(p, act("draft"))
    assert sum(s.hand) == 5 and sum(s.bag) == before - 5
    assert s.phase == st.Decision.START
    assert s.legal_actions(p) == tuple(act(f"start {b}") for b in range(1, 5))


def test_mix_places_one_marble_per_bowl_clockwise_of_the_players_choice() -> None:
    s = rolled([1, 1])
    p = s.current
    s.apply(p, act("draft"))
    s.bag = [a + b for a, b in zip(s.bag, s.hand, strict=True)]
    s.hand = [0] * 8
    take_from_bag(s, s.hand, red=2, blue=1, spill=1, gold=1)
    s.apply(p, act("start 3"))
    bowls_before = s.bowls[:]
    order = []
    while s.phase == st.Decision.MIX:
        choice = s.legal_actions(p)[-1]
        order.append(str(choice))
        s.apply(p, choice)
    added = [sum(s._bowl(b)) - sum(bowls_before[8 * b : 8 * b + 8]) for b in range(4)]
    assert added == [1, 1, 2, 1]  # 3, 4, 1, 2, 3 clockwise
    assert order[0] == "mix gold" and s._bowl(2)[GOLD] == 1
    assert s.phase == st.Decision.SELECT
    assert_conserved(s)


def test_later_players_start_at_the_bowl_the_previous_player_emptied() -> None:
    s = rolled([1, 1])
    p = s.current
    s.last_emptied = 1
    s.bag = [a + b for a, b in zip(s.bag, s._bowl(1), strict=True)]
    s.bowls[8:16] = [0] * 8
    s.bag = [0, 0, 0, 15, 0, 0, 0, 0]  # a test position: only red left to draft
    s.apply(p, act("draft"))
    assert s._bowl(1) == [0, 0, 0, 1, 0, 0, 0, 0] and sum(s._bowl(2)) == 4
    assert s.phase == st.Decision.SELECT


def test_select_takes_a_whole_bowl_and_remembers_it() -> None:
    s = new(2, 3)
    p = s.current
    at(s, st.Step.SELECT, st.Decision.SELECT, p)
    contents = s._bowl(2)
    s.apply(p, act("select 3"))
    assert s.tray == contents and sum(s._bowl(2)) == 0 and s.last_emptied == 2
    assert s.phase == st.Decision.PLACE and s.pmode == st.Placing.TURN


def placing(p_tray: dict[str, int]) -> tuple[OnTheRocksState, int, int]:
    s = new(2, 3)
    p = s.current
    clear_board(s, p)
    g = give_recipe(s, p, recipe("martini", 6))
    s.bag = [a + b for a, b in zip(s.bag, s.tray, strict=True)]
    s.tray = [0] * 8
    take_from_bag(s, s.tray, **p_tray)
    at(s, st.Step.PLACE, st.Decision.PLACE, p, pmode=st.Placing.TURN)
    return s, p, g


def test_a_marble_goes_on_an_empty_spot_of_its_colour_and_wild_on_any() -> None:
    s, p, g = placing({"wild": 1})
    colours = {c for _, c in ct.RECIPE_SLOTS[s.recipes[4 * p + g]]}
    wild_places = [a for a in s.legal_actions(p) if a.verb == "place" and a[1] == "wild"]
    assert {a[4] for a in wild_places} == {ct.KIND_NAMES[c] for c in colours}
    a = wild_places[0]
    s.apply(p, a)
    r, c, v = marbles_on(s, p, g)[0]
    assert (r, ct.KIND_NAMES[c], v) == (a[3], a[4], 2)
    assert_illegal(s, p, "place red oldfashioned 1", "Recipe Card Overview")


def test_wrong_colour_is_refused_by_the_recipe() -> None:
    s, p, g = placing({"red": 1})
    cells = ct.RECIPE_SLOTS[s.recipes[4 * p + g]]
    rows_without_red = [r for r in (1, 2, 3) if (r, RED) not in cells]
    if rows_without_red:
        assert_illegal(s, p, f"place red martini {rows_without_red[0]}", "Recipe Card Overview")


def test_save_up_to_three_wild_yes_rest_back_to_the_bag_at_once() -> None:
    s, p, _ = placing({"red": 2, "wild": 1, "yellow": 2})
    s.apply(p, act("done"))
    assert s.phase == st.Decision.SAVE
    assert_illegal(s, p, "save gold", "Extra Ingredients")
    s.apply(p, act("save wild"))
    s.apply(p, act("save red"))
    s.apply(p, act("save red"))
    assert s.shelf[8 * p + WILD] == 1 and s.shelf[8 * p + RED] == 2
    assert_illegal(s, p, "save yellow", "Extra Ingredients")
    bag_yellow = s.bag[YELLOW]
    s.apply(p, act("swap red yellow"))
    assert s.shelf[8 * p + YELLOW] == 1 and s.shelf[8 * p + RED] == 1
    s.apply(p, act("done"))
    assert s.bag[YELLOW] == bag_yellow + 1 and sum(s.held) == 0 and sum(s.tray) == 0
    assert s.step == st.Step.TIPS
    assert_conserved(s)


def test_gold_marble_gives_two_picks_from_the_bag_then_rests_on_the_coaster() -> None:
    s = new(2, 3)
    p = s.current
    at(s, st.Step.SELECT, st.Decision.SELECT, p)
    empty_first_bowl(s)
    take_from_bag(s, s.bowls, gold=1)
    s.apply(p, act("select 1"))
    s.apply(p, act("done"))
    assert s.phase == st.Decision.PLACE and s.pmode == st.Placing.RESOLVE and s.picks == 2
    assert s.coaster_gold == 1
    picks = [a for a in s.legal_actions(p) if a[0] == "pick"]
    assert picks and act("done") in s.legal_actions(p)
    s.apply(p, picks[0])
    s.apply(p, next(a for a in s.legal_actions(p) if a[0] == "pick"))
    assert decision(s) == st.Decision.TIPS and s.picks == 0
    assert_conserved(s)


def test_a_full_coaster_returns_its_marbles_to_the_bag() -> None:
    s = new(2, 3)
    s.bag[GOLD] -= 3
    s.coaster_gold = 2
    s.gold_wait = 1
    s.bag[SPILL] -= 4
    s.coaster_spill = 3
    s._coaster(1, 0)
    assert s.coaster_spill == 0 and s.bag[SPILL] == 4
    at(s, st.Step.SAVE, st.Decision.NONE, s.current)
    s.tray = [0] * 8
    s._advance()
    assert s.coaster_gold == 0 and s.bag[GOLD] == 3 and s.picks == 2


def test_completed_recipe_flips_returns_its_marbles_and_pays_a_tip() -> None:
    s = new(2, 3)
    p = s.current
    clear_board(s, p)
    g = give_recipe(s, p, recipe("oldfashioned", 4))
    fill(s, p, g)
    bag = sum(s.bag)
    tips = sum(tips_of(s, p).values())
    at(s, st.Step.RESOLVE, st.Decision.NONE, p)
    s._advance()
    assert s.done[4 * p + g] and s.completed[p][-1] == s.recipes[4 * p + g]
    assert sum(s.bag) == bag + 4
    assert sum(tips_of(s, p).values()) == tips + 1
    assert s.phase == st.Decision.TIPS


def test_a_recipe_completed_with_a_spill_pending_is_not_safe() -> None:
    s = new(2, 3)
    p = s.current
    clear_board(s, p)
    fresh = give_recipe(s, p, recipe("oldfashioned", 4))
    fill(s, p, fresh)
    old = give_recipe(s, p, recipe("martini", 4))
    s.done[4 * p + old] = True
    s.bag[SPILL] -= 1
    s.pending_spill = 1
    remove_one = next(i for i, c in enumerate(ct.SPILL_CARDS) if c == (ct.S_REMOVE, -1, 1))
    s.spill_deck = (remove_one, *[c for c in s.spill_deck if c != remove_one])
    at(s, st.Step.RESOLVE, st.Decision.NONE, p)
    s._advance()
    assert not s.done[4 * p + fresh]  # held until the spill is resolved
    s.apply(p, act("done"))
    assert s.phase == st.Decision.DRINK
    assert s.legal_actions(p) == (act("drink oldfashioned"),)  # the earlier drink is safe
    s.apply(p, act("drink oldfashioned"))
    s.apply(p, s.legal_actions(p)[0])
    assert not s.done[4 * p + fresh] and s.coaster_spill == 1
    assert s.current != p  # the turn ended
    assert_conserved(s)


def test_shake_it_up_redrafts_the_bowl_including_its_spill() -> None:
    s = new(2, 3)
    p = s.current
    give_tip(s, p, "shake")
    at(s, st.Step.SELECT, st.Decision.SELECT, p)
    empty_first_bowl(s)
    take_from_bag(s, s.bowls, spill=1, red=2)
    s.apply(p, act("select 1"))
    assert s.phase == st.Decision.SHAKE
    s.apply(p, act("play shake"))
    assert sum(s.tray) + s.pending_spill + s.gold_wait == 3
    assert s.discards[p * st.NT + ct.SHAKE] == 1
    assert s.phase in (st.Decision.PLACE, st.Decision.KEEP)
    assert_conserved(s)


def test_turn_passes_clockwise() -> None:
    s = new(3, 3)
    p = s.current
    at(s, st.Step.TIPS, st.Decision.TIPS, p)
    s.apply(p, act("done"))
    assert s.current == (p + 1) % 3 and s.phase == st.Decision.ROLL


def test_gold_picks_may_wait_until_the_tip_step() -> None:
    """Gold's two ingredients go on the board "anytime during your turn": after the tips too."""
    s = new(2, 3)
    p = s.current
    clear_board(s, p)
    g = give_recipe(s, p, recipe("highball", 8))
    give_tip(s, p, "tipsy2")
    at(s, st.Step.SELECT, st.Decision.SELECT, p)
    empty_first_bowl(s)
    take_from_bag(s, s.bowls, gold=1)
    s.apply(p, act("select 1"))
    s.apply(p, act("done"))
    assert s.pmode == st.Placing.RESOLVE and s.picks == 2
    s.apply(p, act("done"))  # keep both picks for later
    assert s.phase == st.Decision.TIPS and s.picks == 2
    s.apply(p, act("play tipsy2"))
    while s.phase != st.Decision.TIPS:
        s.apply(p, act("done"))
    assert s.picks == 2
    for _ in range(2):
        s.apply(p, next(a for a in s.legal_actions(p) if a.verb == "pick"))
    assert s.picks == 0 and all(a.verb != "pick" for a in s.legal_actions(p))
    assert len(marbles_on(s, p, g)) >= 2
    assert_conserved(s)


def test_unused_picks_end_with_the_turn_and_never_reach_a_guest() -> None:
    s = new(2, 3)
    p = s.current
    q = 1 - p
    clear_board(s, q)
    give_recipe(s, q, recipe("oldfashioned", 6))
    give_tip(s, p, "premium")
    give_tip(s, p, "buy")
    at(s, st.Step.TIPS, st.Decision.TIPS, p)
    s.apply(p, act("play premium"))
    s.apply(p, act("done"))
    assert s.picks == 1
    s.apply(p, act("play buy"))
    s.apply(p, act(f"target {q}"))
    s.apply(p, act("done"))
    assert s.to_move == (q,) and all(a.verb != "pick" for a in s.legal_actions(q))
    s.apply(q, act("done"))
    s.apply(p, act("done"))
    assert s.current == q and s.picks == 0


def test_two_gold_marbles_give_four_picks_of_colours_only() -> None:
    """Two per gold marble; a pick never takes a gold (nor a wild) from the bag."""
    s = new(2, 3)
    p = s.current
    at(s, st.Step.SELECT, st.Decision.SELECT, p)
    empty_first_bowl(s)
    take_from_bag(s, s.bowls, gold=2, red=1)
    s.apply(p, act("select 1"))
    while s.phase != st.Decision.PLACE or s.pmode != st.Placing.RESOLVE:
        s.apply(p, act("done"))
    assert s.picks == 4 and s.coaster_gold == 2
    picks = [a for a in s.legal_actions(p) if a.verb == "pick"]
    assert picks and {a[3] for a in picks} <= {ct.KIND_NAMES[c] for c in ct.COLOURS}
    assert_conserved(s)


def test_an_extra_ingredient_can_be_placed_from_the_shelf_during_the_turn() -> None:
    s, p, g = placing({})
    colour = ct.RECIPE_SLOTS[s.recipes[4 * p + g]][0][1]
    s.shelf[8 * p + colour] = 1
    s.bag[colour] -= 1
    s._legal = None
    s.apply(p, act(f"place {ct.KIND_NAMES[colour]} martini 1"))
    assert s.shelf[8 * p + colour] == 0 and len(marbles_on(s, p, g)) == 1
    assert_conserved(s)
