"""The component files: the reference's counts and numbers, and broken copies refused."""

from __future__ import annotations

import copy
import tomllib
from importlib import resources
from typing import Any

import pytest

from lastcall.games.distilled.content import CONTENT, FILES, ContentError, build


def parsed() -> dict[str, Any]:
    here = resources.files("lastcall.games.distilled")
    return {name: tomllib.loads((here / name).read_text("utf-8")) for name in FILES}


def test_the_reference_counts() -> None:
    assert len(CONTENT.distillers) == 18
    assert len(CONTENT.recipes) == 15
    assert len(CONTENT.flights) == 8
    assert len(CONTENT.ingredients) * 2 == 36
    assert sum(b.copies for b in CONTENT.barrels) + len(CONTENT.bottles) == 33
    assert len(CONTENT.upgrades) == 30
    assert len(CONTENT.awards) == 23
    assert len(CONTENT.goals) == 20
    assert len(CONTENT.rules.flavours) == 40
    assert sum(b.count for b in CONTENT.basic) == 88
    assert CONTENT.rules.ageing_bonus == (0, 1, 3, 6, 10, 15)
    assert CONTENT.rules.money_per_vp == 6
    assert dict(CONTENT.rules.recipe_cost) == {"bronze": 2, "silver": 4, "gold": 6}


def test_the_flavour_deck() -> None:
    flavours = CONTENT.rules.flavours
    assert [flavours.count(m) for m in range(4)] == [5, 15, 15, 5]


def test_upgrades_cost_3_to_7() -> None:
    assert {u.cost for u in CONTENT.upgrades} <= set(range(3, 8))


@pytest.mark.parametrize(
    ("file", "table", "field", "value", "message"),
    [
        ("distillers.toml", "distiller", "ability", "fly", "ability 'fly'"),
        ("recipes.toml", "recipe", "barrel", "glass", "barrel 'glass'"),
        ("upgrades.toml", "upgrade", "cost", 9, "cost 9"),
        ("market.toml", "basic", "count", 21, "basic cards, not 88"),
        ("goals.toml", "award", "kind", "luck", "kind 'luck'"),
    ],
)
def test_a_broken_file_is_refused_naming_the_entry(
    file: str, table: str, field: str, value: object, message: str
) -> None:
    data = copy.deepcopy(parsed())
    data[file][table][0][field] = value
    with pytest.raises(ContentError, match=message):
        build(data)


def test_a_missing_distiller_is_refused() -> None:
    data = copy.deepcopy(parsed())
    data["distillers.toml"]["distiller"].pop()
    with pytest.raises(ContentError, match="17"):
        build(data)


def test_every_premium_ingredient_is_worth_more_than_the_basic_card_of_its_kind() -> None:
    """«Использование элитных ингредиентов в своём напитке приносит больше победных очков и
    больше денег за его продажу»: premium ingredients bring more VP and more money."""
    basic = {b.kind: b for b in CONTENT.basic}
    for i in CONTENT.ingredients:
        b = basic[i.kind]
        assert i.money >= b.money and i.vp >= b.vp and (i.money, i.vp) != (b.money, b.vp)


def test_a_premium_ingredient_worth_no_more_than_its_basic_card_is_refused() -> None:
    data = copy.deepcopy(parsed())
    apples = next(e for e in data["market.toml"]["ingredient"] if e["key"] == "apples")
    fruit = next(e for e in data["market.toml"]["basic"] if e["key"] == "fruit")
    apples["money"], apples["vp"] = fruit["money"], fruit["vp"]
    with pytest.raises(ContentError, match=r"ingredient apples: .* is not worth more than"):
        build(data)


def test_no_two_upgrades_share_an_ability() -> None:
    """«каждое из них обладает уникальным свойством»: each upgrade has a property of its own."""
    abilities = {(u.effect, u.amount, u.when) for u in CONTENT.upgrades}
    assert len(abilities) == len(CONTENT.upgrades)


def test_an_upgrade_with_another_upgrades_ability_is_refused() -> None:
    data = copy.deepcopy(parsed())
    entries = {e["key"]: e for e in data["upgrades.toml"]["upgrade"]}
    twin, original = entries["apprentice"], entries["delivery-truck"]
    twin["effect"], twin["amount"], twin["when"] = (
        original["effect"],
        original["amount"],
        original["when"],
    )
    with pytest.raises(ContentError, match=r"upgrade apprentice: .* is delivery-truck's ability"):
        build(data)


def test_upgrades_differing_only_in_end_vp_are_twins() -> None:
    data = copy.deepcopy(parsed())
    entries = {e["key"]: e for e in data["upgrades.toml"]["upgrade"]}
    entries["column-still"]["amount"] = entries["copper-pot-still"]["amount"]
    entries["column-still"]["end_vp"] = 3
    with pytest.raises(ContentError, match=r"column-still: .* is copper-pot-still's ability"):
        build(data)
