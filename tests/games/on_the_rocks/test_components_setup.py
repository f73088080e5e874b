"""Components as data, and the Prep section of the rulebook."""

from __future__ import annotations

import pytest

from lastcall.core import Kind
from lastcall.games.on_the_rocks import content
from lastcall.games.on_the_rocks import state as st

from .otr_helpers import GAME, act, assert_conserved, assert_illegal, decision, new, raw


def test_marbles_match_the_component_list() -> None:
    assert content.MARBLE_COUNTS == (15, 15, 15, 15, 15, 4, 4, 3)
    assert content.TOTAL_MARBLES == 86


def test_tip_cards_follow_the_rulebook_distribution() -> None:
    counts = dict(zip(content.TIP_KINDS, content.TIP_COUNTS, strict=True))
    assert counts == {
        "shake": 5,
        "additional": 5,
        "tipsy2": 6,
        "tipsy3": 5,
        "premium": 6,
        "shots": 5,
        "weak": 6,
        "clumsy": 5,
        "buy": 5,
    }
    values = dict(zip(content.TIP_KINDS, content.TIP_VALUES, strict=True))
    assert values == {
        "shake": 1,
        "additional": 3,
        "tipsy2": 2,
        "tipsy3": 3,
        "premium": 2,
        "shots": 2,
        "weak": 3,
        "clumsy": 1,
        "buy": 2,
    }


def test_fifteen_spill_cards_cover_every_effect() -> None:
    assert len(content.SPILL_CARDS) == 15
    effects = [e for e, _, _ in content.SPILL_CARDS]
    assert effects.count(content.S_ALL) == 5 and effects.count(content.S_DOUBLE) == 5
    assert sorted(a for e, _, a in content.SPILL_CARDS if e == content.S_REMOVE) == [1, 2, 3]


def test_sixty_recipes_fit_their_glasses_and_pay_by_size() -> None:
    assert len(content.RECIPE_NAMES) == 60
    for g in range(4):
        cards = [c for c in range(60) if content.RECIPE_GLASS[c] == g]
        assert len(cards) == 15
        for c in cards:
            cells = content.RECIPE_SLOTS[c]
            assert len(cells) <= sum(content.GLASS_ROWS[g])
            for r in range(1, len(content.GLASS_ROWS[g]) + 1):
                assert sum(1 for row, _ in cells if row == r) <= content.GLASS_ROWS[g][r - 1]
    by_size = sorted({(len(content.RECIPE_SLOTS[c]), content.RECIPE_VALUE[c]) for c in range(60)})
    values = [v for _, v in by_size]
    assert values == sorted(values) and len(set(values)) == len(values)
    assert sum(content.GLASS_ROWS[0]) == sum(content.GLASS_ROWS[1]) == 6
    assert sum(content.GLASS_ROWS[2]) == sum(content.GLASS_ROWS[3]) == 8


def test_content_is_validated_when_loaded() -> None:
    with pytest.raises(content.ContentError, match="tip cards, not 48"):
        content.load_tips(
            {
                "tip": [
                    {"kind": k, "name": k, "use": content.TIP_USES[k], "value": 1, "count": 1}
                    for k in content.TIP_KINDS
                ]
            }
        )
    with pytest.raises(content.ContentError, match="needs a colour"):
        content.load_spills({"spill": [{"effect": "all", "colour": "black"}]})
    bad = [{"name": "X", "glass": "martini", "value": 4, "rows": [["red", "red"]]}]
    with pytest.raises(content.ContentError, match="row 1 size"):
        content.load_recipes(bad)


@pytest.mark.parametrize(("players", "bowls"), [(2, 4), (3, 5), (4, 5)])
def test_jigger_bowls_by_player_count_hold_three_ordinary_marbles(players: int, bowls: int) -> None:
    for seed in range(20):
        s = raw(players, seed)
        assert len(s.bowls) == 8 * bowls
        for b in range(bowls):
            bowl = s._bowl(b)
            assert sum(bowl) == 3
            assert bowl[content.SPILL] == 0 and bowl[content.GOLD] == 0
        assert_conserved(s)


def test_first_player_is_decided_by_dice_and_logged() -> None:
    s = raw(3, 4)
    events = s.events(None)
    rolls = [e for e in events if e.text.endswith("for the first turn.")]
    assert [e.data["p"] for e in rolls[:3]] == [0, 1, 2]
    assert all(e.kind is Kind.CHANCE and 2 <= e.data["total"] <= 12 for e in rolls)
    assert rolls[-1].data["total"] == max(e.data["total"] for e in rolls[-3:])
    assert f"P{s.current} goes first." in [e.text for e in events]
    assert s.first_seat() == s.current


def test_each_seat_takes_an_order_of_three_or_four_recipes() -> None:
    s = raw(2, 1)
    assert s.to_move == (0,) and s.phase == st.Decision.ORDER
    s.apply(0, act("order without martini"))
    assert s.recipes[0:4] == [s.recipes[0], -1, s.recipes[2], s.recipes[3]]
    assert min(s.recipes[0], s.recipes[2], s.recipes[3]) >= 0
    assert s.to_move == (1,)
    s.apply(1, act("order all"))
    assert min(s.recipes[4:8]) >= 0
    assert s.to_move == (s.current,) and decision(s) == st.Decision.ROLL
    assert sum(len(d) for d in s.recipe_decks) == 60 - 7


def test_order_choice_out_of_turn_is_refused() -> None:
    s = raw(2, 1)
    assert_illegal(s, 1, "order all", "turns")
    assert_illegal(s, 0, "draft", "Drink Orders")


def test_length_option() -> None:
    assert GAME.resolve_options() == {"length": "full"}
    assert new(2, 1, "short").options["length"] == "short"
    with pytest.raises(Exception, match="short, full"):
        GAME.new(2, 1, {"length": "medium"})
