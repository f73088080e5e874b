"""What a person sees of Distilled: cards with their text, choices in words, the end explained."""

from __future__ import annotations

import pytest

from lastcall.core import Rng, Table
from lastcall.games.distilled.content import CONTENT
from lastcall.games.distilled.game import DistilledState
from lastcall.games.distilled.state import DISTILLER, METAL, MONEY, Step, W

from .distilled_helpers import GAME, act, cards, new, recipe, upgrade

NAMES = ("Alice", "Bob", "Chen")


def table(s: DistilledState, seat: int | None) -> Table:
    actions = s.legal_actions(seat) if seat is not None and seat in s.to_move else ()
    return GAME.present(s.view(seat), actions, NAMES[: s.num_players])


def jump(s: DistilledState, step: Step) -> None:
    s.step = step
    s._legal = None
    s._advance()


def distiller(ability: str) -> int:
    return [d.ability for d in CONTENT.distillers].index(ability)


def text_of(t: Table, component_id: str) -> str:
    found = t.find(component_id)
    assert found is not None, component_id
    return found[1].text


def test_market_cards_show_their_cost_and_effect_and_buying_names_the_card() -> None:
    s = new()
    p = s.to_move[0]
    t = table(s, p)
    row = next(z for z in t.zones if z.id == "row-upgrade")
    assert row.kind == "market" and len(row.components) == len(s.rows[0])
    for u in (CONTENT.upgrades[c] for c in s.rows[0]):
        shown = text_of(t, f"row-upgrade-{u.key}")
        assert f"Cost ${u.cost}." in shown
        assert u.family.capitalize() in shown
    for choice in t.choices:
        if choice.action.startswith("buy upgrade"):
            slot = int(choice.action.split()[2])
            u = CONTENT.upgrades[s.rows[0][slot]]
            assert choice.label == f"Buy {u.name} for ${u.cost}"
            assert choice.targets == (f"row-upgrade-{u.key}",)
    basic = t.choice("basic grain")
    assert basic is not None and basic.label == "Buy Mixed grains for $0"
    assert basic.targets == ("basic-grain",)


def _paid(s: DistilledState, p: int, action: str) -> int:
    """What an action costs the seat when the rules carry it out."""
    after = s.clone()
    before = after.pv[p * W + MONEY]
    after.apply(p, act(action))
    refund = 1 if action == "basic yeast" else 0
    return before - after.pv[p * W + MONEY] + refund


@pytest.mark.parametrize(
    ("ability", "upgrades", "purchase"),
    [
        ("upgrade_discount", ("architect",), "buy upgrade"),
        ("basic_discount", ("importer", "scholar"), "basic fruit"),
        ("barrel_discount", ("cooper",), "basic wood"),
        ("bottle_discount", ("cooper", "grain-broker"), "buy item"),
        ("ingredient_discount", ("grain-broker", "architect"), "buy ingredient"),
    ],
)
def test_the_price_in_a_label_is_what_the_purchase_costs_with_every_discount(
    ability: str, upgrades: tuple[str, ...], purchase: str
) -> None:
    """A distiller's discount counts on the first purchase of its kind in a market phase,
    an upgrade's on every one: each label says what is paid, before and after the
    distiller's discount is used."""
    s = new()
    p = s.current
    s.pv[p * W + DISTILLER] = distiller(ability)
    s.upgrades[p] = tuple(upgrade(u) for u in upgrades)
    s.pv[p * W + MONEY] = 40
    jump(s, Step.MARKET)
    for _ in range(2):
        assert s.to_move == (p,)
        t = table(s, p)
        priced = [c for c in t.choices if c.cost]
        assert priced
        for choice in priced:
            assert choice.cost == f"${_paid(s, p, choice.action)}", choice.label
            assert choice.label.endswith(f"for {choice.cost}")
        s.apply(p, act(next(c.action for c in priced if c.action.startswith(purchase))))
        while s.step in (Step.REPLACE, Step.PEEK, Step.PEEKED):
            s.apply(p, s.legal_actions(p)[0])
        other = s.to_move[0]
        if other != p:
            s.apply(other, act("pass"))


def test_the_vat_is_asked_card_by_card_and_another_seat_sees_none_of_it() -> None:
    s = new()
    s.pantry[0] = cards("yeast", "water", "grain", "grain")
    s.pantry[1] = cards("yeast", "water", "fruit")
    jump(s, Step.VAT)
    s.apply(0, act("vat add grain"))
    mine = table(s, 0)
    assert mine.prompt is not None
    assert mine.prompt.text == "Seal your vat: add or keep each pantry card"
    add = mine.choice("vat add grain")
    keep = mine.choice("vat keep water")
    assert add is not None and add.label == "Put Mixed grains in the vat"
    assert add.targets == ("s0-pantry-grain",)
    assert keep is not None and keep.label == "Keep Water out of the vat"
    assert text_of(mine, "s0-vat-grain").startswith("Basic grain.")
    theirs = table(s, 1)
    assert theirs.find("s0-vat-grain") is None
    assert theirs.find("s0-pantry-grain") is not None
    spectator = table(s, None)
    assert spectator.choices == () and spectator.prompt is None
    assert spectator.find("s0-vat-grain") is None


def test_goals_are_backs_to_others_and_words_to_their_owner() -> None:
    s = new()
    own = table(s, 0)
    for g in s.goals[0]:
        goal = CONTENT.goals[g]
        shown = text_of(own, f"s0-goal-{goal.key}")
        assert f"{goal.vp} VP for the most" in shown
        assert "_" not in shown
    other = table(s, 1).find("s0-goals")
    assert other is not None
    zone, back = other
    assert back.kind == "back" and back.count == 2
    assert zone.name == "Alice's goals"


def test_the_sealed_setup_shows_the_viewer_its_deal_and_a_spectator_only_backs() -> None:
    s = GAME.new(2, 3)
    assert isinstance(s, DistilledState)
    mine = table(s, 0)
    assert mine.prompt is not None and mine.prompt.source == "Setup"
    for choice in mine.choices:
        key = choice.action.split()[1]
        assert choice.label == f"Keep {next(d.name for d in CONTENT.distillers if d.key == key)}"
        assert choice.targets == (f"s0-dealt-{key}",)
        assert "Signature spirit" in text_of(mine, f"s0-dealt-{key}")
    spectator = table(s, None)
    backs = [c for z in spectator.zones if z.kind == "hand" for c in z.components]
    assert {(c.name, c.count) for c in backs} == {
        ("Distillers dealt", 2),
        ("Distillery goals dealt", 3),
    }
    assert all(c.kind == "back" for c in backs)


def test_a_goal_and_an_award_read_as_words() -> None:
    glossary = GAME.glossary()
    assert glossary["Photosynthesis"] == (
        "Distillery goal, secret until the end: 7 VP for the most labels of spirits made "
        "with plant (vodka aside) (at least 1; tied players all score)."
    )
    assert glossary["High Class"].startswith("Spirit award: Sell a spirit for at least 12 VP.")
    assert "Needs at least 3 grain" in glossary["Canadian Rye"]


def test_the_glossary_holds_every_component_with_its_text() -> None:
    glossary = GAME.glossary()
    names = [
        *(i.name for i in CONTENT.ingredients),
        *(b.name for b in CONTENT.barrels),
        *(f"{b.name} bottle" for b in CONTENT.bottles),
        *(r.name for r in CONTENT.recipes),
        *(d.name for d in CONTENT.distillers),
        *(d.spirit for d in CONTENT.distillers),
        *(d.ingredient_name for d in CONTENT.distillers),
        *(u.name for u in CONTENT.upgrades),
        *(a.name for a in CONTENT.awards),
        *(g.name for g in CONTENT.goals),
        *(f"{b.name} (basic)" for b in CONTENT.basic),
        "Signature spirit",
        "Vat",
        "Label bonus space",
    ]
    missing = [name for name in names if name not in glossary]
    assert not missing
    for u in CONTENT.upgrades:
        assert f"Cost ${u.cost}." in glossary[u.name]
        if u.end_vp:
            assert f"At the end: {u.end_vp} VP." in glossary[u.name]


def test_how_to_play_is_short_and_speaks_to_players() -> None:
    text = GAME.how_to_play()
    assert text.startswith("# Distilled")
    assert len(text.splitlines()) < 150
    for words in ("seven rounds", "heads and tails", "label bonus space", "6 left = 1 VP"):
        assert words in text


def test_a_reveal_names_its_source_and_the_revealed_cards_leave_the_table_after() -> None:
    """Fang Xin reveals two cards at the start of a round; a basic water reveals one."""
    s = new()
    s.pv[0 * W + DISTILLER] = distiller("round_reveal")
    s.first = 0
    jump(s, Step.ROUND_START)
    assert s.step == Step.PEEK and s.to_move == (0,)
    t = table(s, 0)
    assert t.prompt is not None and t.prompt.source == "Ability of Fang Xin"
    peek = t.choice("peek ingredient")
    assert peek is not None and peek.label == "Reveal the top 2 cards of the ingredient deck"
    assert peek.targets == ("deck-ingredient",)
    s.apply(0, act("peek ingredient"))
    t = table(s, 0)
    revealed = [c for z in t.zones if z.id == "revealed" for c in z.components]
    assert len(revealed) == 2
    take = t.choice("take 0")
    assert take is not None and take.targets == (revealed[0].id,)
    assert take.label.startswith(f"Buy the revealed {revealed[0].name} for $")
    s.apply(0, act("decline"))
    assert all(z.id != "revealed" for z in table(s, 0).zones)


def test_a_label_bonus_prompt_names_its_space() -> None:
    s = new()
    s.pv[0 * W + DISTILLER] = distiller("round_money")
    s.made[0] = (recipe("vodka"), METAL, 1, 0, cards("grain", "alcohol"), ())
    s.made[1] = ()
    s.current = 0
    jump(s, Step.SALES)
    t = table(s, 0)
    sell = t.choice("sell 0")
    assert sell is not None and sell.label == "Sell the new Vodka"
    assert sell.targets == ("s0-new-spirit",)
    s.apply(0, act("sell 0"))
    t = table(s, 0)
    assert t.prompt is not None and t.prompt.text == "Place the label on a free bonus space"
    money = t.choice("bonus money")
    assert money is not None and money.label == "Place the label on the Money space: +$5"
    assert money.targets == ("s0-space-money",)
    s.apply(0, act("bonus recipe"))
    t = table(s, 0)
    assert t.prompt is not None and t.prompt.source == "Label bonus: Recipe space"
    assert all(c.label.startswith("Learn ") and c.label.endswith(" for free") for c in t.choices)


def test_the_log_reads_as_sentences() -> None:
    s = new()
    s.pantry[0] = cards("yeast", "grain")
    s.pantry[1] = cards("alcohol", "fruit")
    jump(s, Step.VAT)
    for p in (0, 1):
        while s.step == Step.VAT and p in s.to_move:
            s.apply(p, next(a for a in s.legal_actions(p) if a[1] == "add"))
    texts = [e.text for e in s.events(0)]
    assert "Round 1 begins: you have the first-player token." in texts
    assert (
        "Your vat holds Yeast, Mixed grains: it lacks a water, so it does not ferment and the "
        "cards go back to the pantry."
    ) in texts
    assert (
        "P1's vat holds Mixed fruits, Alcohol: it lacks a yeast or a water beside its one "
        "alcohol card, so it does not ferment and the cards go back to the pantry."
    ) in texts


def test_a_spirit_is_made_in_the_barrel_named_as_a_sentence_names_it() -> None:
    s = new(3)
    s.first = 0
    s.cursor = 0
    bourbon = 3 + [b.key for b in CONTENT.barrels].index("ex-bourbon")
    s.barrels[1] = (bourbon,)
    s.recipes[1] |= 1 << recipe("whiskey")
    s.result[1] = cards("grain", "grain", "alcohol")
    jump(s, Step.MAKE)
    s.apply(1, act("make whiskey"))
    texts = [e.text for e in s.events(None)]
    assert "P1 makes Whiskey in the Ex-Bourbon Hogshead and takes its label." in texts


def test_the_end_shows_every_score_by_source() -> None:
    s = GAME.new(3, 11)
    assert isinstance(s, DistilledState)
    rng = Rng(2)
    while not s.is_over:
        p = s.to_move[0]
        legal = s.legal_actions(p)
        s.apply(p, legal[rng.below(len(legal))])
    t = table(s, None)
    assert t.over and t.status == "The game is over"
    assert [st.rank for st in t.standings] == sorted(st.rank or 0 for st in t.standings)
    for standing in t.standings:
        assert standing.seat is not None
        assert standing.name == NAMES[standing.seat]
        assert sum(points for _, points in standing.sources) == standing.score
        assert all(name[:1].isupper() and "_" not in name for name, _ in standing.sources)
    words = {name for st in t.standings for name, _ in st.sources}
    assert "Sales" in words or "Money left" in words
    for q in range(3):
        for g in s.goals[q]:
            assert t.find(f"s{q}-goal-{CONTENT.goals[g].key}") is not None
    assert [e.text for e in s.events(None)][-1].startswith("The game is over: ")
