"""Scenario tests of The Mix from the rulebook's sentences and worked examples."""

from __future__ import annotations

import pytest

from lastcall.core import IllegalAction, Rng
from lastcall.games.the_mix import automaton
from lastcall.games.the_mix.content import CONTENT
from lastcall.games.the_mix.game import MixState
from lastcall.games.the_mix.state import (
    BAR_TILE,
    BARS,
    COMPLETED,
    DIE,
    EXPERIENCE,
    EXTRA_DICE,
    FINISHED,
    K_EXPERIENCE,
    MONEY,
    PENALTIES,
    PLACED,
    REFRESHED_CLIENTS,
    SETUPS,
    SHAKERS,
    VP,
    WORKERS,
    Step,
    W,
)

from .mix_helpers import (
    act,
    client,
    fill_glass,
    fixed_dice,
    fresh,
    get,
    ingredient,
    new,
    put,
    settle,
    start_turn,
    technique,
    texts,
)


def test_setup_follows_the_rulebook_at_two_and_four_players() -> None:
    two, four = new(2), new(4)
    assert [len(c) for c in two.columns] == [2, 2, 2] and [len(c) for c in four.columns] == [3] * 3
    assert len(two.tech_row) == 2
    assert len(four.tech_row) == 3
    assert two.bar == [2] * 9 and four.bar == [3] * 9
    assert two.main_dice == 2 and four.main_dice == 3
    for p in range(4):
        assert get(four, p, MONEY) == 16 and get(four, p, SHAKERS) == 1
        assert get(four, p, WORKERS) == 3 and get(four, p, DIE) == 1
        assert four.reserve[p] == (ingredient("spirit"),)
    assert len(four.collections) == 3 and len(four.track_tiles) == 3


def test_setup_is_sealed_until_everyone_has_kept_a_card() -> None:
    from .mix_helpers import GAME

    s = GAME.new(3, 5)
    assert s.sealed
    assert list(s.to_move) == [0, 1, 2]
    s.apply(1, s.legal_actions(1)[-1])
    assert list(s.to_move) == [0, 2]
    assert s.view(0)["seats"][1]["mixologist_card"] is None
    assert "dealt" in s.view(1)["seats"][1] and "dealt" not in s.view(0)["seats"][1]
    s.apply(0, s.legal_actions(0)[0])
    s.apply(2, s.legal_actions(2)[0])
    assert not s.sealed
    assert s.view(0)["seats"][1]["mixologist_card"] is not None
    assert s.reserve[1] == (ingredient("tool"),)


def test_tip_roll_example_five_dollars_two_dice_one_extra_is_eleven() -> None:
    """Sasha: a $5 card with 2 Tip Dice and her 1 extra die; she rolls $1, $2 and $3: $11."""
    s = new(2)
    start_turn(s, 0)
    fill_glass(s, 0, 0, "negroni")
    assert CONTENT.clients[client("negroni")].money == 5
    put(s, 0, EXTRA_DICE, 1)
    before = get(s, 0, MONEY)
    dice_on_board = s.main_dice
    s.rng = fixed_dice([0, 2, 4])
    s.apply(0, act("place cocktail"))
    settle(s, 0)
    assert s.step == Step.DICE
    s.apply(0, act("dice 1"))
    assert get(s, 0, MONEY) - before == 11
    assert get(s, 0, EXTRA_DICE) == 0 and s.main_dice == dice_on_board + 1
    assert s.completed[0] == (client("negroni"),) and s.glass_card[0] < 0
    assert any("tips of 1, 2, 3" in t for t in texts(s))


def test_prepare_needs_a_shaker_and_returns_the_ingredients_to_the_store() -> None:
    s = new(2)
    start_turn(s, 0)
    fill_glass(s, 0, 0, "gin-and-tonic")
    put(s, 0, SHAKERS, 0)
    with pytest.raises(IllegalAction, match="complete glass and 1 shaker"):
        s.apply(0, act("place cocktail"))
    put(s, 0, SHAKERS, 1)
    store = s.store[:]
    s.apply(0, act("place cocktail"))
    settle(s, 0)
    for i in CONTENT.clients[client("gin-and-tonic")].recipe:
        assert s.store[i] == store[i] + 1
    assert get(s, 0, SHAKERS) == 0 and get(s, 0, COMPLETED) == 1 and s.fox == 1


def test_collection_example_scores_nineteen() -> None:
    """Sasha: 3 technique cards, 5 completed clients (2 of technique 1, 1 of 2, 2 of 5) and 2
    experience tiles; in play: completed clients, technique 1-3 and experience tiles."""
    s = new(2)
    keys = [c.key for c in CONTENT.collections]
    s.collections = (keys.index("clients"), keys.index("technique-1-3"), keys.index("experience"))
    s.completed[0] = tuple(
        client(k) for k in ("gin-and-tonic", "screwdriver", "irish-coffee", "zombie", "sazerac")
    )
    assert [CONTENT.clients[c].technique for c in s.completed[0]] == [1, 1, 2, 5, 5]
    s.techniques[0] = (0, 1, 2)
    s.tiles_held[0] = (0, 4)
    assert s.collection_points(0) == 8 + 4 + 2 + 5 == 19


def _bar_setup_seat(money: int) -> MixState:
    s = new(2)
    p = 0
    s.pv[p * W + BAR_TILE] = [t.key for t in CONTENT.bar_spaces].index("lounge")
    s.glass_card[p * BARS] = client("gin-and-tonic")
    s.glass_card[p * BARS + 1] = client("screwdriver")
    s.techniques[p] = tuple(technique(k) for k in ("layering", "flaming", "fat-washing"))
    s.reserve[p] = tuple(sorted(ingredient(k) for k in ("spirit", "cream", "tool")))
    put(s, p, MONEY, money)
    put(s, p, PLACED, get(s, p, WORKERS))
    start_turn(s, p)
    return s


def test_upkeep_with_money_pays_every_item() -> None:
    """$2 per Bar Space holding a client (here 2), $2 for a 3rd technique, $2 for a 3rd
    reserve ingredient; the Bar Space tile paid $1 first."""
    s = _bar_setup_seat(9)
    assert get(s, 0, MONEY) == 9 + 1 - 8 and get(s, 0, PENALTIES) == 0


def test_upkeep_without_money_takes_a_penalty_token_per_unpaid_item() -> None:
    s = _bar_setup_seat(2)
    assert get(s, 0, MONEY) == 1 and get(s, 0, PENALTIES) == 3


def test_bar_setup_turn_runs_its_steps_in_order() -> None:
    """Completed cards, Bar Space, techniques, upkeep, mixologists back, then one refill."""
    s = new(2)
    p = 0
    s.completed[p] = (client("screwdriver"),)  # Bar Setup: 2 VP
    s.techniques[p] = (technique("layering"),)  # Bar Setup: 1 VP
    s.bar[ingredient("cream")] = 0
    s.bar[ingredient("garnish")] = 1
    put(s, p, PLACED, 3)
    put(s, p, REFRESHED_CLIENTS, 1)
    vp = get(s, p, VP)
    start_turn(s, p)
    assert s.step == Step.REFILL and s.to_move == (p,)
    assert get(s, p, VP) == vp + 3
    assert get(s, p, PLACED) == 0 and get(s, p, REFRESHED_CLIENTS) == 0
    assert set(map(str, s.legal_actions(p))) == {"refill cream", "refill garnish"}
    s.apply(p, act("refill cream"))
    assert s.bar[ingredient("cream")] == 2 and get(s, p, SETUPS) == 1
    assert s.current == 1 and s.to_move == (1,)
    assert "P0 performs a Bar Setup." in texts(s)


def test_the_round_ends_when_every_mixologist_is_placed() -> None:
    """Three turns place the three Mixologists; the fourth turn is the Bar Setup."""
    s = new(2)
    for _ in range(3):
        start_turn(s, 0)
        s.apply(0, act("place shaker"))
        if 0 in s.to_move:
            s.apply(0, act("end"))
    assert get(s, 0, PLACED) == 3
    start_turn(s, 0)
    assert texts(s).count("P0 performs a Bar Setup.") == 1


def test_the_second_experience_tile_unlocks_the_fourth_mixologist() -> None:
    s = new(2)
    start_turn(s, 0)
    s._gain_experience(0, 0)
    assert get(s, 0, WORKERS) == 3
    s._gain_experience(0, 4)
    assert get(s, 0, WORKERS) == 4 and get(s, 0, EXPERIENCE) == 2
    assert any("fourth mixologist" in t for t in texts(s))


def test_experience_tiles_come_one_level_at_a_time() -> None:
    s = new(2)
    start_turn(s, 0)
    s._gain(0, K_EXPERIENCE, 1)
    s.step = Step.PENDING
    s.after = Step.ACTION
    s._advance()
    assert {a.verb for a in s.legal_actions(0)} == {"experience"}
    keys = [t.key for t in CONTENT.experience]
    levels = {CONTENT.experience[keys.index(str(a.args[0]))].level for a in s.legal_actions(0)}
    assert levels == {1}


def _end_trigger(players: int, orders: int) -> None:
    s = new(players)
    start_turn(s, 0)
    s.fox = orders - 1
    fill_glass(s, 0, 0, "gin-and-tonic")
    s.apply(0, act("place cocktail"))
    settle(s, 0)
    assert s.ending and s.fox == orders
    assert get(s, 0, PLACED) >= get(s, 0, WORKERS)
    while 0 in s.to_move and s.step == Step.PENDING:
        s.apply(0, s.legal_actions(0)[0])
    if 0 in s.to_move:
        s.apply(0, act("end"))
    # Everyone plays on until their own final Bar Setup; the trigger player's is next.
    rng = Rng(7)
    setups = {p: get(s, p, SETUPS) for p in range(players)}
    while not s.is_over:
        p = s.to_move[0]
        legal = s.legal_actions(p)
        s.apply(p, legal[rng.below(len(legal))])
    for p in range(players):
        assert get(s, p, FINISHED) and get(s, p, SETUPS) == setups[p] + 1
    assert s.events(None)[-1].kind.value == "end"


def test_the_end_is_triggered_by_the_ninth_order_with_two_players() -> None:
    _end_trigger(2, 9)


def test_the_end_is_triggered_by_the_fifteenth_order_with_three_players() -> None:
    _end_trigger(3, 15)


def test_the_fifteenth_order_with_four_players() -> None:
    _end_trigger(4, 15)


def test_no_end_before_the_ninth_order_with_two_players() -> None:
    s = new(2)
    start_turn(s, 0)
    s.fox = 7
    fill_glass(s, 0, 0, "gin-and-tonic")
    s.apply(0, act("place cocktail"))
    settle(s, 0)
    assert not s.ending


def test_taking_a_client_needs_an_empty_bar_space_and_the_technique() -> None:
    s = new(2)
    start_turn(s, 0)
    fill_glass(s, 0, 0, "gin-and-tonic")
    with pytest.raises(IllegalAction, match="empty Bar Space"):
        s.apply(0, act("place client"))
    s.glass_card[0] = -1
    s.glass[0] = ()
    fresh(s)
    s.apply(0, act("place client"))
    offered = {str(a.args[0]) for a in s.legal_actions(0)} if s.step == Step.CLIENT else set()
    for key in offered:
        assert CONTENT.clients[client(key)].technique <= 1


def test_refreshing_clients_is_once_a_round_and_gains_five_vp() -> None:
    s = new(2)
    start_turn(s, 0)
    vp = get(s, 0, VP)
    bottoms = [c[0] for c in s.columns]
    s.apply(0, act("place refreshclients"))
    assert get(s, 0, VP) == vp + 5
    for level, card in enumerate(bottoms):
        assert card not in s.columns[level] and s.decks[level][0] == card
    put(s, 0, SHAKERS, 3)
    with pytest.raises(IllegalAction, match="once per round"):
        s.apply(0, act("extra refreshclients"))


def test_a_bar_space_needs_experience_level_one() -> None:
    s = new(2)
    start_turn(s, 0)
    put(s, 0, SHAKERS, 3)
    with pytest.raises(IllegalAction, match="experience level 1"):
        s.apply(0, act("place barspace"))
    put(s, 0, EXPERIENCE, 1)
    s.apply(0, act("place barspace"))
    s.apply(0, s.legal_actions(0)[0])
    assert get(s, 0, BAR_TILE) >= 0 and get(s, 0, SHAKERS) == 2


def test_the_reserve_holds_three_ingredients_and_glasses_never_give_back() -> None:
    s = new(2)
    start_turn(s, 0)
    s.reserve[0] = tuple(sorted(ingredient(k) for k in ("spirit", "cream", "tool")))
    s.glass_card[0] = client("gin-and-tonic")
    fresh(s)
    s.apply(0, act("place ingredients"))
    for a in s.legal_actions(0):
        assert a.args[1] != "reserve"
        assert CONTENT.clients[client("gin-and-tonic")].recipe.count(ingredient(str(a.args[0])))


def test_exchange_two_identical_for_one_from_the_store() -> None:
    s = new(2)
    start_turn(s, 0)
    s.reserve[0] = (ingredient("cream"), ingredient("cream"))
    fresh(s)
    s.apply(0, act("exchange cream"))
    assert s.step == Step.PENDING
    s.apply(0, act("gain tool reserve"))
    assert s.reserve[0] == (ingredient("tool"),)


def test_a_technique_card_raises_the_die_by_one_never_above_six() -> None:
    s = new(2)
    start_turn(s, 0)
    put(s, 0, DIE, 6)
    s.apply(0, act("place technique"))
    s.apply(0, s.legal_actions(0)[0])
    if 0 in s.to_move and s.step == Step.SLOT:
        s.apply(0, s.legal_actions(0)[0])
    assert get(s, 0, DIE) == 6 and len(s.techniques[0]) == 1


def test_illegal_actions_name_the_rule() -> None:
    s = new(2)
    start_turn(s, 0)
    with pytest.raises(IllegalAction) as caught:
        s.apply(0, act("end"))
    assert "Main Action" in str(caught.value)


def test_solo_jerry_plays_first_and_is_a_rival_not_a_seat() -> None:
    s = new(1)
    assert s.rivals() == ("Jerry",)
    assert s.to_move == (0,)
    assert len(s.scores()) == 2 and len(s.ranking()) >= 1
    assert s.solo_round == 1 and len(s.solo_revealed) == 1
    assert s.view(0)["rivals"][0]["name"] == "Jerry"


def test_solo_round_five_rule_jerry_one_vp_ada_two_instead_of_a_client() -> None:
    for opponent, bonus in (("jerry", 1), ("ada", 2)):
        s = new(1, opponent=opponent)
        s.solo_round = 5
        s.solo_active = -1
        a = s.num_players
        vp = s.pv[a * W + VP]
        columns = [c[:] for c in s.columns]
        automaton.automaton_round_start(s)
        assert s.solo_round == 6 and s.solo_active == -1
        assert s.pv[a * W + VP] == vp + bonus and s.columns == columns
        s2 = new(1, opponent=opponent)
        s2.solo_round = 4
        s2.solo_active = -1
        automaton.automaton_round_start(s2)
        assert s2.solo_round == 5 and s2.solo_active >= 0


def test_ada_gains_two_vp_on_each_first_card_jerry_nothing() -> None:
    for opponent, bonus in (("jerry", 0), ("ada", 2)):
        s = new(1, seed=3, opponent=opponent)
        a = s.num_players
        first = s.solo_revealed[0]
        instant = sum(e.amount for e in CONTENT.solo.cards[first].instant if e.kind == "vp")
        main = CONTENT.solo.cards[first].main
        refresh = 5 if main.startswith("refresh") and s.pv[a * W + VP] >= 5 else 0
        assert s.pv[a * W + VP] == bonus + instant + refresh


def test_the_automaton_completes_its_card_with_ingredients_then_shakers_then_money() -> None:
    s = new(1, seed=2)
    a = s.num_players
    s.solo_active = client("gin-and-tonic")
    s.reserve[a] = (ingredient("cream"),)
    s.pv[a * W + SHAKERS] = 1
    s.pv[a * W + MONEY] = 7
    s.pv[a * W + EXTRA_DICE] = 0
    s.rng = fixed_dice([0])
    vp = s.pv[a * W + VP]
    automaton._complete(s, a, client("gin-and-tonic"))
    # 1 ingredient, 1 shaker, $5 for the last; then the card's $6 and a $1 tip: 7 - 5 + 7.
    assert CONTENT.clients[client("gin-and-tonic")].money == 6
    assert s.reserve[a] == () and s.pv[a * W + SHAKERS] == 0
    assert s.pv[a * W + MONEY] == 9 and s.pv[a * W + VP] == vp


def test_solo_game_reaches_its_end_and_ranks_the_automaton() -> None:
    rng = Rng(3)
    s = new(1, seed=4, opponent="ada")
    while not s.is_over:
        p = s.to_move[0]
        legal = s.legal_actions(p)
        s.apply(p, legal[rng.below(len(legal))])
    ranked = [q for group in s.ranking() for q in group]
    assert sorted(ranked) == [0, 1]
    assert s.view(0)["rivals"][0]["finished"]
