"""Scenarios from the rules summary's sentences and the reference's figures."""

from __future__ import annotations

import pytest

from lastcall.core import IllegalAction
from lastcall.games.distilled.content import CONTENT
from lastcall.games.distilled.game import DistilledState
from lastcall.games.distilled.state import (
    ALCOHOL,
    DISTILLER,
    METAL,
    MONEY,
    ROUNDS,
    SOLD_ROUND,
    VP,
    VP_AWARDS,
    VP_LAST,
    Spirit,
    Step,
    W,
)

from .distilled_helpers import GAME, act, award, cards, new, recipe, upgrade


def jump(s: DistilledState, step: Step) -> None:
    """Move a built position to ``step`` and run the rules until a decision."""
    s.step = step
    s._legal = None
    s._advance()


def to_vat(s: DistilledState, pantries: dict[int, tuple[int, ...]]) -> None:
    """Jump to the sealed vat step with the given pantries."""
    for p, pantry in pantries.items():
        s.pantry[p] = pantry
    jump(s, Step.VAT)


def fill(s: DistilledState, p: int, add: tuple[str, ...]) -> None:
    """Seat ``p`` adds ``add`` to its vat and keeps the rest of its pantry out."""
    wanted = list(add)
    while s.step == Step.VAT and p in s.to_move:
        legal = s.legal_actions(p)
        choice = next((a for a in legal if a[1] == "add" and a[2] in wanted), None)
        if choice is None:
            choice = next(a for a in legal if a[1] == "keep")
        else:
            wanted.remove(str(choice[2]))
        s.apply(p, choice)


def test_one_alcohol_card_per_sugar_and_the_top_and_bottom_go_back_to_the_pantry() -> None:
    s = new()
    before = s.alcohol
    to_vat(s, {0: cards("yeast", "water", "grain", "grain", "fruit"), 1: ()})
    assert s.sealed and s.to_move == (0,)
    fill(s, 0, ("yeast", "water", "grain", "grain", "fruit"))
    # 5 cards and 3 alcohol (one per sugar): 8 shuffled, 2 back to the pantry, 6 distilled.
    assert before - s.alcohol == 3
    assert len(s.pantry[0]) == 2
    result = s.result[0] or s.made[0][4]
    assert len(result) == 6
    assert sorted((*s.pantry[0], *result)) == sorted(
        (*cards("yeast", "water", "grain", "grain", "fruit"), ALCOHOL, ALCOHOL, ALCOHOL)
    )


def test_turbo_yeast_adds_one_more_alcohol_card() -> None:
    s = new()
    before = s.alcohol
    to_vat(s, {0: cards("turbo-yeast", "water", "grain"), 1: ()})
    fill(s, 0, ("turbo-yeast", "water", "grain"))
    assert before - s.alcohol == 2


def test_a_vat_without_water_does_not_ferment_and_its_cards_stay() -> None:
    s = new()
    to_vat(s, {0: cards("yeast", "grain", "grain"), 1: ()})
    fill(s, 0, ("yeast", "grain", "grain"))
    assert s.pantry[0] == cards("yeast", "grain", "grain")
    assert not s.result[0] and not s.made[0]


def test_the_column_still_adds_two_alcohol_cards_and_the_copper_pot_still_one() -> None:
    """Twin stills no more: each upgrade has "уникальное свойство", a property of its own."""
    for still, more in (("copper-pot-still", 1), ("column-still", 2)):
        s = new()
        s.upgrades[0] = (upgrade(still),)
        before = s.alcohol
        to_vat(s, {0: cards("yeast", "water", "grain"), 1: ()})
        fill(s, 0, ("yeast", "water", "grain"))
        assert before - s.alcohol == 1 + more


def test_alcohol_in_the_pantry_serves_as_water() -> None:
    s = new()
    before = s.alcohol
    to_vat(s, {0: (*cards("yeast", "grain"), ALCOHOL), 1: ()})
    fill(s, 0, ("yeast", "grain", "alcohol"))
    assert before - s.alcohol == 1  # it fermented: one alcohol card for the sugar


def test_a_vat_stays_secret_until_every_seat_has_sealed_its_own() -> None:
    s = new()
    to_vat(s, {0: cards("yeast", "water", "grain"), 1: cards("yeast", "water", "plant")})
    seen = s.view(1)
    s.apply(0, act("vat add grain"))
    assert s.view(1) == seen
    assert "vat" in s.view(0)["seats"][0] and "vat" not in s.view(1)["seats"][0]
    world = s.determinize(1, 5)
    assert len(world.vat_in[0]) + len(world.vat_out[0]) == 1
    assert world.determinize(1, 9) == s.determinize(1, 9)


def test_the_recipe_choice_is_among_owned_recipes_the_result_meets() -> None:
    s = new()
    s.cursor = 0
    s.first = 0
    s.result[0] = cards("grain", "grain", "alcohol")
    s.recipes[0] |= 1 << recipe("soju")
    jump(s, Step.MAKE)
    assert s.to_move == (0,)
    legal = {str(a) for a in s.legal_actions(0)}
    assert {"make vodka", "make soju"} <= legal
    assert "make moonshine" not in legal  # sugar remains
    with pytest.raises(IllegalAction, match="Distillation phase"):
        s.apply(0, act("make gin"))


def _spirit(r: str, barrel: int, keys: tuple[str, ...], flavours: tuple[int, ...] = ()) -> Spirit:
    return (recipe(r), barrel, 1, len(flavours), cards(*keys), flavours)


def plain_seat(s: DistilledState, p: int = 0) -> None:
    """Seat ``p`` becomes Sakai Sōtarō (whose ability pays at the start of a round, never on
    a sale) with no upgrades, so a sale's figures are the printed ones."""
    s.pv[p * W + DISTILLER] = [d.ability for d in CONTENT.distillers].index("round_money")
    s.upgrades[p] = ()


def test_sale_money_and_vp_of_a_worked_spirit() -> None:
    """Gin of Juniper ($2, 3 VP), mixed fruits ($1, 1 VP) and two alcohol ($1 each) in the
    metal barrel and the glass bottle: $5, and 3 + 1 + 7 (the recipe) = 11 VP."""
    s = new()
    plain_seat(s)
    spirit = _spirit("gin", METAL, ("juniper", "fruit", "alcohol", "alcohol"))
    assert s.sale_value(0, spirit, 0) == (5, 11)


def test_a_regional_bottle_scores_more_with_a_spirit_of_its_region() -> None:
    """The same Gin (Europe) in the Etched Crystal bottle (Europe, 2 VP, 4 VP matched)."""
    s = new()
    plain_seat(s)
    spirit = _spirit("gin", METAL, ("juniper", "fruit", "alcohol", "alcohol"))
    crystal = 1 + [b.key for b in CONTENT.bottles].index("etched-crystal")
    pirate = 1 + [b.key for b in CONTENT.bottles].index("pirate")
    assert s.sale_value(0, spirit, crystal) == (5, 15)
    assert s.sale_value(0, spirit, pirate) == (5, 13)


def test_vodka_and_moonshine_pay_the_recipe_money() -> None:
    s = new()
    plain_seat(s)
    vodka = _spirit("vodka", METAL, ("grain", "alcohol"))
    moonshine = _spirit("moonshine", METAL, ("yeast", "alcohol"))
    # Vodka: grain $0 + alcohol $1 + recipe $1, 2 VP; moonshine: alcohol $1 + recipe $2, 1 VP.
    assert s.sale_value(0, vodka, 0) == (2, 2)
    assert s.sale_value(0, moonshine, 0) == (3, 1)


def test_a_signature_spirit_pays_no_recipe_money_unless_the_option_says_so() -> None:
    """The sale pays "деньги с рецепта (только для водки и самогона)": the recipe's money,
    for vodka and moonshine only. The option ``signature_money`` pays the distiller card's."""
    d = [x.ability for x in CONTENT.distillers].index("round_money")
    signature = len(CONTENT.recipes) + d
    printed = CONTENT.distillers[d].spirit_money
    assert printed > 0
    spirit: Spirit = (signature, METAL, 1, 0, cards("alcohol"), ())
    by_default = new()
    plain_seat(by_default)
    other = GAME.new(2, 1, {"signature_money": True})
    assert isinstance(other, DistilledState)
    plain_seat(other)
    money, vp = by_default.sale_value(0, spirit, 0)
    assert other.sale_value(0, spirit, 0) == (money + printed, vp)
    assert money == 1  # the alcohol card's $1, and nothing from the recipe


def test_the_sommelier_and_the_marketer_pay_on_their_own_tier_only() -> None:
    """The Sommelier adds 2 VP to a silver spirit's sale, the Marketer $2 to a bronze one's;
    neither touches the other tier, so they are no longer twins of Cellar Master and Bottling
    Line."""
    gin = _spirit("gin", METAL, ("juniper", "fruit", "alcohol", "alcohol"))  # silver
    soju = _spirit("soju", METAL, ("rice", "alcohol"))  # bronze
    s = new()
    plain_seat(s)
    gin_plain, soju_plain = s.sale_value(0, gin, 0), s.sale_value(0, soju, 0)
    s.upgrades[0] = (upgrade("sommelier"),)
    assert s.sale_value(0, gin, 0) == (gin_plain[0], gin_plain[1] + 2)
    assert s.sale_value(0, soju, 0) == soju_plain
    s.upgrades[0] = (upgrade("marketer"),)
    assert s.sale_value(0, gin, 0) == gin_plain
    assert s.sale_value(0, soju, 0) == (soju_plain[0] + 2, soju_plain[1])


@pytest.mark.parametrize(("flavours", "bonus"), [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 15)])
def test_the_ageing_bonus_by_flavour_cards(flavours: int, bonus: int) -> None:
    s = new()
    plain_seat(s)
    plain = _spirit("shochu", 1, ("grain", "alcohol"))
    aged = _spirit("shochu", 1, ("grain", "alcohol"), (0,) * flavours)
    assert s.sale_value(0, aged, 0)[1] - s.sale_value(0, plain, 0)[1] == bonus


def _sales(s: DistilledState, p: int) -> None:
    for q in range(s.num_players):
        s.pv[q * W + SOLD_ROUND] = 0
    s.current = p
    jump(s, Step.SALES)


def test_the_warehouse_holds_two_spirits_a_third_needs_a_sale_first() -> None:
    s = new()
    plain_seat(s)
    s.warehouse[0] = (
        _spirit("shochu", 1, ("grain", "alcohol"), (1,)),
        _spirit("shochu", 1, ("grain", "alcohol"), (2,)),
    )
    s.made[0] = _spirit("grappa", 1, ("fruit", "alcohol"))
    s.made[1] = ()
    s.warehouse[1] = ()
    _sales(s, 0)
    assert s.to_move == (0,)
    legal = [str(a) for a in s.legal_actions(0)]
    assert legal == ["sell 1", "sell 2"]
    with pytest.raises(IllegalAction, match="warehouse"):
        s.apply(0, act("done"))
    s.apply(0, act("sell 1"))
    while s.to_move == (0,) and s.step != Step.SALES:
        s.apply(0, s.legal_actions(0)[0])
    # Now the new Grappa has room: after the ageing it is stored with one flavour card.
    while not s.is_over and s.step in (Step.SALES, Step.BONUS, Step.BONUS_PICK, Step.BOTTLE):
        p = s.to_move[0]
        done = act("done")
        s.apply(p, done if done in s.legal_actions(p) else s.legal_actions(p)[0])
    assert [sp[0] for sp in s.warehouse[0]] == [recipe("shochu"), recipe("grappa")]
    assert all(len(sp[5]) >= 1 for sp in s.warehouse[0])


def test_an_unaged_spirit_must_be_sold() -> None:
    s = new()
    s.made[0] = _spirit("vodka", METAL, ("grain", "alcohol"))
    _sales(s, 0)
    assert [str(a) for a in s.legal_actions(0)] == ["sell 0"]
    with pytest.raises(IllegalAction, match="unaged spirit must be sold"):
        s.apply(0, act("done"))


def test_a_spirit_made_in_the_last_round_that_needs_ageing_scores_its_cards_and_recipe() -> None:
    s = new()
    s.round = ROUNDS
    s.made[0] = _spirit("grappa", 1, ("grapes", "fruit", "alcohol"))
    s.made[1] = ()
    jump(s, Step.AGEING)
    # Grappa 9 VP, Grapes 4 VP, mixed fruits 1 VP, alcohol 0 VP.
    assert s.pv[VP_LAST] == 14
    assert not s.made[0] and not s.warehouse[0]


def test_a_shared_award_gives_each_half_its_vp_rounded_up() -> None:
    s = new()
    a = award("collector")  # 7 VP: 4 bottles displayed
    s.awards = (a,)
    s.shelf[0] = (1, 2, 3, 4)
    s.shelf[1] = (5, 6, 7, 8)
    before = (s.pv[VP_AWARDS], s.pv[W + VP_AWARDS])
    jump(s, Step.ROUND_END)
    assert (s.pv[VP_AWARDS] - before[0], s.pv[W + VP_AWARDS] - before[1]) == (4, 4)
    assert not s.awards


def test_signature_labels_do_not_count_for_awards() -> None:
    s = new()
    a = award("land-grab")  # labels from 2 regions
    s.awards = (a,)
    d = s.pv[DISTILLER]
    s.labels[0] = (recipe("aquavit"), 15 + d)
    assert s._award_count(0, a) == 1


def test_a_tasting_spends_at_most_four_vp() -> None:
    s = new()
    s.pv[VP] = 10
    s.pv[SOLD_ROUND] = 0
    s.cursor = 0
    s.first = 0
    jump(s, Step.TASTING)
    assert s.to_move == (0,)
    assert [str(a) for a in s.legal_actions(0)] == [f"taste {n}" for n in range(5)]
    money = s.pv[MONEY]
    s.apply(0, act("taste 4"))
    assert (s.pv[VP], s.pv[MONEY] - money) == (6, 4)


def test_a_tasting_never_spends_more_vp_than_held() -> None:
    s = new()
    s.pv[VP] = 2
    s.cursor = 0
    s.first = 0
    jump(s, Step.TASTING)
    assert [str(a) for a in s.legal_actions(0)] == ["taste 0", "taste 1", "taste 2"]
    with pytest.raises(IllegalAction, match="at most 4 VP"):
        s.apply(0, act("taste 3"))


def test_money_left_scores_one_vp_per_six() -> None:
    s = new()
    for p in range(2):
        s.pv[p * W + MONEY] = 17
        s.goals[p] = ()
    s.pv[VP] = 0
    s._final_scoring()
    assert s.is_over
    from lastcall.games.distilled.state import END_MONEY

    assert s.pv[END_MONEY] == 2


def test_at_most_two_basic_cards_a_market_phase() -> None:
    s = new()
    while s.step != Step.MARKET:
        p = s.to_move[0]
        s.apply(p, s.legal_actions(p)[0])
    p = s.current
    plain_seat(s, p)
    s.pv[p * W + MONEY] = 20
    s.pv[p * W + 3] = 2  # BASIC_BOUGHT
    s._legal = None
    with pytest.raises(IllegalAction, match="at most 2 basic-market cards"):
        s.apply(p, act("basic grain"))


def test_determinize_redraws_the_flavour_cards_under_a_seats_own_spirits() -> None:
    s = new()
    s.warehouse[0] = (_spirit("shochu", 1, ("grain", "alcohol"), (3, 3)),)
    pool = sorted((*s.flavour_deck, 3, 3))
    seen = set()
    for seed in range(20):
        world = s.determinize(0, seed)
        under = world.warehouse[0][0][5]
        assert len(under) == 2
        assert sorted((*world.flavour_deck, *under)) == pool
        seen.add(under)
    assert len(seen) > 1
    assert "flavours" in s.view(0)["seats"][0]["warehouse"][0]
    assert s.view(0)["seats"][0]["warehouse"][0]["flavours"] == 2


def test_determinize_redraws_the_other_seats_goals_from_those_unseen() -> None:
    s = new(3)
    mine = set(s.dealt_goals[0])
    drawn = set()
    for seed in range(10):
        world = s.determinize(0, seed)
        assert world.goals[0] == s.goals[0]
        for q in (1, 2):
            assert len(world.goals[q]) == 2
            assert not mine & set(world.goals[q])
            drawn.add(world.goals[q])
    assert "goals" not in s.view(0)["seats"][1]
    assert len(drawn) > 2


def test_after_a_water_peek_the_taken_card_is_no_longer_listed_as_peeked() -> None:
    """Buying basic water reveals the top card of a deck to buy; once the card is taken (here
    an upgrade that must replace one), no view lists it among the revealed cards."""
    s = new()
    while s.step != Step.MARKET:
        p = s.to_move[0]
        s.apply(p, s.legal_actions(p)[0])
    p = s.current
    plain_seat(s, p)
    s.upgrades[p] = tuple(range(CONTENT.rules.upgrade_slots))
    s.pv[p * W + MONEY] = 50
    s._legal = None
    s.apply(p, act("basic water"))
    s.apply(p, act("peek upgrade"))
    assert s.view(p)["peeked"]
    taken = next(a for a in s.legal_actions(p) if a.verb == "take")
    s.apply(p, taken)
    assert s.legal_actions(p)[0] == act("replace 0")  # the upgrade waits for a slot
    for viewer in (p, 1 - p, None):
        assert s.view(viewer)["peeked"] == [] and s.view(viewer)["peek_row"] is None
