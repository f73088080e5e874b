"""Completing an order, Last Call, bonus coins and the final count."""

from __future__ import annotations

import pytest

from lastcall.core import Kind, Rng, plain
from lastcall.games.on_the_rocks import content as ct
from lastcall.games.on_the_rocks import state as st
from lastcall.games.on_the_rocks.content import RECIPE_SLOTS, RECIPE_VALUE, RED, WILD
from lastcall.games.on_the_rocks.game import OnTheRocksState
from lastcall.games.on_the_rocks.state import LEMONS, ROUND_LIMIT

from .otr_helpers import (
    GAME,
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
    new,
    placing_mode,
    recipe,
    take_from_bag,
    tips_step,
)


def order_done(players: int = 2, length: str = "full") -> tuple[OnTheRocksState, int]:
    """Seat p has completed three recipes of a three-recipe order; its turn is at the tips."""
    s = new(players, 7, length)
    p = s.current
    clear_board(s, p)
    for glass in ("oldfashioned", "martini", "highball"):
        g = give_recipe(s, p, recipe(glass, 5))
        s.done[4 * p + g] = True
        s.completed = st.with_entry(s.completed, p, (*s.completed[p], s.recipes[4 * p + g]))
    tips_step(s, p)
    return s, p


def test_completing_an_order_places_a_lemon_and_takes_a_new_order() -> None:
    s, p = order_done()
    s.apply(p, act("done"))
    assert s.lemons[p] == 1 and s.phase == st.Decision.ORDER and s.to_move == (p,)
    assert s.recipes[4 * p : 4 * p + 4] == [-1] * 4
    s.apply(p, act("order without hurricane"))
    assert sum(1 for c in s.recipes[4 * p : 4 * p + 4] if c >= 0) == 3
    assert s.current != p  # nothing to place: the turn ends
    assert len(s.completed[p]) == 3


def test_extra_ingredients_must_go_on_the_new_order_first() -> None:
    s, p = order_done()
    take_from_bag(s, s.shelf[8 * p : 8 * p + 8])
    s.shelf[8 * p + WILD] = 1
    s.bag[WILD] -= 1
    s.apply(p, act("done"))
    s.apply(p, act("order all"))
    assert s.phase == st.Decision.PLACE and s.pmode == st.Placing.EXTRAS
    assert act("done") not in s.legal_actions(p)
    assert_illegal(s, p, "done", "When Completing an Order")
    s.apply(p, s.legal_actions(p)[0])
    assert s.legal_actions(p) == (act("done"),)
    s.apply(p, act("done"))
    assert s.current != p
    assert_conserved(s)


def test_leftovers_of_the_bowl_go_to_the_new_order_then_the_shelf_then_the_bag() -> None:
    s, p = order_done()
    take_from_bag(s, s.held, red=2, blue=2, yellow=2, white=2)
    s.apply(p, act("done"))
    s.apply(p, act("order all"))
    assert s.pmode == st.Placing.LEFTOVER and sum(s.tray) == 8
    while s.phase == st.Decision.PLACE and any(a.verb == "place" for a in s.legal_actions(p)):
        s.apply(p, next(a for a in s.legal_actions(p) if a.verb == "place"))
    s.apply(p, act("done"))
    if s.current == p:
        assert s.phase == st.Decision.SAVE
        while s.phase == st.Decision.SAVE and len(s.legal_actions(p)) > 1:
            s.apply(p, s.legal_actions(p)[1])
        if s.current == p:
            s.apply(p, act("done"))
    assert sum(s.shelf[8 * p : 8 * p + 8]) <= 3 and sum(s.held) == 0 and sum(s.tray) == 0
    assert_conserved(s)


def test_the_bowls_leftovers_go_back_at_the_save_step_unless_the_order_is_filled() -> None:
    """Save: "Any unused Ingredients must be returned to the Shaker Bag."; order step 5: "Add
    any remaining unused Ingredients from the selected Jigger Bowl onto your player board."."""
    s = new(2, 7)
    p = s.current
    clear_board(s, p)
    give_recipe(s, p, recipe("martini", 4))
    at(s, st.Step.SAVE, st.Decision.SAVE, p)
    take_from_bag(s, s.tray, red=1)
    bag = s.bag[RED]
    s.apply(p, act("done"))
    assert sum(s.held) == 0 and s.bag[RED] == bag + 1  # back in the bag at once
    assert_conserved(s)
    s2 = new(2, 7)
    clear_board(s2, p)
    g = give_recipe(s2, p, recipe("martini", 4))
    fill(s2, p, g)
    at(s2, st.Step.SAVE, st.Decision.SAVE, p)
    take_from_bag(s2, s2.tray, red=1)
    s2.apply(p, act("done"))
    assert s2.held[RED] == 1  # the filled order is completed at the turn's end and takes it


def test_an_order_that_gold_completes_after_the_save_step_finds_no_leftovers() -> None:
    """The Save step returns the unused ingredients before the gold marble's picks."""
    s = new(2, 7)
    p = s.current
    clear_board(s, p)
    card = recipe("martini", 4)
    g = give_recipe(s, p, card)
    fill(s, p, g, 2)  # two spots to go: the gold marble's two picks will fill them
    at(s, st.Step.SELECT, st.Decision.SELECT, p)
    empty_first_bowl(s)
    take_from_bag(s, s.bowls, gold=1, yellow=1, blue=1, green=1, red=1, white=1)
    for cell in range(2, 4):
        _row, colour = RECIPE_SLOTS[card][cell]
        s.bowls[colour] -= 1  # the bowl holds nothing the two empty spots want
        s.bag[colour] += 1
    unused = sum(s.bowls[0:5])
    s.apply(p, act("select 1"))
    s.apply(p, act("done"))  # nothing placed
    bag = sum(s.bag)
    s.apply(p, act("done"))  # nothing saved: every unused ingredient goes back
    assert sum(s.held) == 0 and s.pmode == st.Placing.RESOLVE and s.picks == 2
    assert sum(s.bag) == bag + unused
    for _ in range(2):
        s.apply(p, next(a for a in s.legal_actions(p) if a.verb == "pick"))
    assert s.done[4 * p + g] and decision(s) == st.Decision.TIPS
    s.apply(p, act("done"))
    assert decision(s) == st.Decision.ORDER and s.lemons[p] == 1
    s.apply(p, act("order all"))
    assert sum(s.tray) == 0 and placing_mode(s) != st.Placing.LEFTOVER
    assert_conserved(s)


@pytest.mark.parametrize(("length", "lemons"), [("full", 3), ("short", 2)])
def test_last_call_then_one_final_turn_for_everyone_else(length: str, lemons: int) -> None:
    s, p = order_done(3, length)
    s.lemons = st.with_entry(s.lemons, p, lemons - 1)
    s.apply(p, act("done"))
    assert s.last_call == p and s.lemons[p] == lemons
    assert s.recipes[4 * p : 4 * p + 4] == [-1] * 4  # no new order after the last lemon
    seen = []
    while not s.is_over:
        if s.phase == st.Decision.ROLL and s.current not in seen:
            seen.append(s.current)
            tips_step(s, s.current)
        mover = s.to_move[0]
        s.apply(mover, s.legal_actions(mover)[0])
    assert seen == [(p + 1) % 3, (p + 2) % 3]


@pytest.mark.parametrize("length", ["full", "short"])
def test_last_call_in_the_last_round_still_gives_everyone_a_final_turn(length: str) -> None:
    """ "Once triggered, all other players will have one final turn": the round limit waits."""
    s, p = order_done(3, length)
    s.lemons = st.with_entry(s.lemons, p, LEMONS[length] - 1)
    s.turns = ROUND_LIMIT[length] * 3 - 1  # this is the last turn the limit allows
    s.apply(p, act("done"))
    assert s.last_call == p and not s.is_over
    seen = []
    while not s.is_over:
        if s.phase == st.Decision.ROLL and s.current not in seen:
            seen.append(s.current)
            tips_step(s, s.current)
        mover = s.to_move[0]
        s.apply(mover, s.legal_actions(mover)[0])
    assert seen == [(p + 1) % 3, (p + 2) % 3]
    assert not any("round limit" in e.text for e in s.events(None))
    assert s.bonus[p] == 3


def test_no_new_order_during_the_final_turns() -> None:
    s, p = order_done(2)
    s.last_call = 1 - p
    s.apply(p, act("done"))
    assert s.lemons[p] == 1 and s.is_over


@pytest.mark.parametrize(("players", "coins"), [(2, [3, 0]), (3, [3, 1, 0]), (4, [5, 3, 1, 0])])
def test_bonus_coins_by_player_count(players: int, coins: list[int]) -> None:
    s = new(players, 2)
    order = list(range(players))
    s.finishers = (order[0],)
    for rank, p in enumerate(order[1:]):
        s.completed = st.with_entry(s.completed, p, tuple(range(10 - rank)))
    s._finish()
    assert [s.bonus[p] for p in order] == coins


def test_second_finisher_takes_the_second_coin_and_ties_share_a_coin() -> None:
    s = new(4, 2)
    s.finishers = (2, 0)
    s.completed = ((), (1, 2), (), (3, 4))
    s._finish()
    assert s.bonus == (3, 1, 5, 1)


@pytest.mark.parametrize(("players", "coins"), [(2, [0, 0]), (3, [1, 0, 0]), (4, [3, 1, 0, 0])])
def test_without_last_call_nobody_takes_the_first_coin(players: int, coins: list[int]) -> None:
    """The first coin goes to whoever completes every order and calls Last Call."""
    s = new(players, 2)
    for p in range(players):
        s.completed = st.with_entry(s.completed, p, tuple(range(10 - p)))
    s._finish()
    assert list(s.bonus) == coins


def test_the_rulebook_example_95_becomes_93() -> None:
    s = new(2, 2)
    p = 0
    clear_board(s, p)
    big = [c for c in range(60) if RECIPE_VALUE[c] == 10][:6]
    small = [c for c in range(60) if RECIPE_VALUE[c] == 5][:5]
    s.completed = st.with_entry(s.completed, p, (*big, *small))
    s.tips[p * st.NT : p * st.NT + st.NT] = [0] * st.NT
    give_tip(s, p, "premium", 5)
    assert s.scores()[p] == 95
    martini = next(c for c in range(60) if RECIPE_VALUE[c] == 5 and ct.RECIPE_GLASS[c] == 1)
    g = give_recipe(s, p, martini)
    fill(s, p, g, len(RECIPE_SLOTS[martini]) - 1)  # one ingredient away
    assert s.scores()[p] == 93


def test_discarded_tips_do_not_count_and_ties_go_to_more_recipes() -> None:
    s = new(2, 2)
    for p in (0, 1):
        clear_board(s, p)
        s.tips[p * st.NT : p * st.NT + st.NT] = [0] * st.NT
    five = [c for c in range(60) if RECIPE_VALUE[c] == 5]
    ten = [c for c in range(60) if RECIPE_VALUE[c] == 10]
    s.completed = ((five[0], five[1]), (ten[0],))
    s.discards[0] = 4
    assert s.scores() == (10.0, 10.0)
    assert s.rank_key(0) > s.rank_key(1)
    s._finish()
    assert s.winners() == (0,)


def test_the_bar_closes_at_the_round_limit() -> None:
    s = new(2, 2, "short")
    s.turns = st.ROUND_LIMIT["short"] * 2 - 1
    tips_step(s, s.current)
    s.apply(s.current, act("done"))
    assert s.is_over
    events = s.events(None)
    closing = next(e for e in events if "round limit" in e.text)
    assert closing.text == "The bar closes: the round limit of 30 rounds is reached."
    assert events[-1].kind is Kind.END and events[-1].text.startswith("The night is over: ")
    assert s.bonus == (0, 0)  # the only coin is for calling Last Call
    assert "the night is over" in plain(GAME.render(s.view(0)))


def test_evaluate_prefers_money_in_the_bank_and_filled_glasses() -> None:
    s = new(2, 2)
    for p in (0, 1):
        clear_board(s, p)
    s.tips = [0] * len(s.tips)
    a = give_recipe(s, 0, recipe("highball", 8))
    give_recipe(s, 1, recipe("highball", 8))
    even = s.evaluate(0)
    assert even == pytest.approx(0.5)
    fill(s, 0, a, 6)
    ahead = s.evaluate(0)
    assert 0.5 < ahead < 1.0
    s.completed = st.with_entry(s.completed, 1, tuple(range(6)))
    assert s.evaluate(0) < ahead
    assert 0.0 <= s.evaluate(1) <= 1.0


def projected_shares(s: OnTheRocksState) -> tuple[float, ...]:
    """The bots' evaluation read off the count: the final count now, the lemons' worth, the
    filled part of each open recipe at its value plus $2, half a dollar a shelved marble."""
    target = LEMONS[s.options["length"]]
    scores = s.scores()
    projected = []
    for p in range(s.num_players):
        est = scores[p] + 4.0 * s.lemons[p] / target
        for g in range(4):
            card = s.recipes[4 * p + g]
            if card >= 0 and not s.done[4 * p + g]:
                est += (RECIPE_VALUE[card] + 2.0) * (s._filled(p, g) / len(RECIPE_SLOTS[card]))
        est += 0.5 * sum(s.shelf[8 * p : 8 * p + 8])
        projected.append(max(est, 0.0))
    total = sum(projected) + s.num_players
    return tuple((est + 1.0) / total for est in projected)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_evaluation_is_the_projected_count_to_the_last_bit(players: int) -> None:
    """The one-pass evaluation adds in the same order as the count it projects, so greedy
    bots, which break ties on it, choose the same at every position of random games."""
    rng = Rng(players)
    seen = 0
    for seed in range(3):
        s = new(players, seed)
        while s.to_move:
            assert s.evaluate_all() == projected_shares(s)
            seen += 1
            p = s.to_move[0]
            s.apply(p, rng.choice(s.legal_actions(p)))
    assert seen > 300
