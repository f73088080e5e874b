"""Distilled's components as data: every card, recipe, goal and printed number.

The TOML files beside this module hold the components; this module reads them
into frozen dataclasses and checks them on load (counts, known keys, costs in
range, references between files), so a wrong file fails at import with a
message naming the file and the entry. ``build`` takes the parsed files, so
tests can hand it broken copies.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

FILES = (
    "rules.toml",
    "market.toml",
    "recipes.toml",
    "distillers.toml",
    "upgrades.toml",
    "goals.toml",
)
REGIONS = ("americas", "europe", "asia")
SUGARS = ("grain", "plant", "fruit")
TIERS = ("base", "bronze", "silver", "gold")
BARREL_TYPES = ("metal", "clay", "wood")
INGREDIENT_KINDS = ("yeast", "water", *SUGARS)
BASIC_KINDS = (*INGREDIENT_KINDS, "clay", "wood")
BARREL_EFFECTS = (
    "return",
    "vp_per_flavour",
    "money_per_flavour",
    "first_flavour",
    "money_per_ageing",
)
ABILITIES = (
    "bottle_discount",  # amount off one premium bottle a market phase
    "round_basic",  # at the start of a round, a basic water or yeast
    "barrel_discount",  # amount off one barrel a market phase
    "whiskey_aged_money",  # the Whiskey recipe from the start; amount more money an aged sale
    "sugars_vp",  # amount more VP when selling a spirit of 3+ sugars
    "unaged_money",  # amount more money an unaged sale
    "upgrade_discount",  # amount off one upgrade a market phase
    "flavour_pick",  # ageing draws amount flavour cards and keeps the best
    "basic_discount",  # amount off one basic card a market phase
    "water_money",  # amount money per basic water bought
    "flavours_vp",  # amount more VP when selling a spirit of 3+ flavours
    "bottle_region_money",  # amount more money when the bottle's region is the spirit's
    "new_region_vp",  # amount more VP when selling from a region without a label yet
    "removed_money",  # the money of one card distillation removed
    "ingredient_discount",  # amount off one premium ingredient a market phase
    "basic_buys",  # amount more basic cards a market phase
    "round_money",  # amount money at the start of a round
    "round_reveal",  # at the start of a round, reveal amount cards of a premium deck, buy one
)
UPGRADE_EFFECTS = (
    "extra_alcohol",  # amount more alcohol cards in every vat
    "sale_vp",  # amount more VP selling a spirit that matches when
    "sale_money",  # amount more money selling a spirit that matches when
    "warehouse",  # the warehouse holds amount more spirits
    "round_money",  # amount money at the start of a round
    "basic_buys",  # amount more basic cards a market phase
    "discount",  # amount off every purchase of the kind named by when
    "end_per_label",  # amount VP at the end per label that matches when
)
WHEN = ("any", "aged", "unaged", *SUGARS, *TIERS)
DISCOUNT_ON = ("basic", "ingredient", "item", "upgrade", "recipe")
FAMILIES = ("equipment", "specialist")
AWARD_KINDS = (
    "sale_alcohol",
    "round_sales",
    "label_regions",
    "family_upgrades",
    "sale_flavours",
    "bottles",
    "sale_vp",
    "tier_sets",
    "region_labels",
    "sale_pair",
    "sale_aged",
    "round_aged",
    "recipes",
    "sale_sugars",
    "money",
    "sale_money",
    "tier_labels",
)
GOAL_KINDS = (
    "region_labels",
    "sugar_labels",
    "region_bottles",
    "tier_sets",
    "aged_labels",
    "unaged_labels",
    "barrel_labels",
    "recipes",
    "money",
    "upgrade_vp",
    "region_most",
    "variety",
)
COUNTS = {
    "distiller": 18,
    "recipe": 15,
    "flight": 8,
    "ingredient": 18,
    "bottle": 19,
    "upgrade": 30,
    "award": 23,
    "goal": 20,
}
PREMIUM_COPIES = 2
BASIC_CARDS = 88
ITEM_CARDS = 33
FLAVOUR_CARDS = 40
FLIGHT_SIZE = 7


class ContentError(ValueError):
    """A content file that breaks one of Distilled's component rules."""


@dataclass(frozen=True, slots=True)
class Basic:
    key: str
    name: str
    kind: str
    cost: int
    money: int
    vp: int
    count: int
    bonus: str


@dataclass(frozen=True, slots=True)
class Ingredient:
    key: str
    name: str
    kind: str
    cost: int
    money: int
    vp: int


@dataclass(frozen=True, slots=True)
class Barrel:
    key: str
    name: str
    type: str
    cost: int
    money: int
    vp: int
    copies: int
    effect: str


@dataclass(frozen=True, slots=True)
class Bottle:
    key: str
    name: str
    region: str
    cost: int
    money: int
    vp: int
    match_vp: int
    moonshine_money: int
    moonshine_vp: int
    unaged_vp: int


@dataclass(frozen=True, slots=True)
class Recipe:
    key: str
    name: str
    tier: str
    vp: int
    money: int
    sugars: tuple[str, ...]
    need: int
    forbid: tuple[str, ...]
    barrel: str
    aged: bool
    region: str


@dataclass(frozen=True, slots=True)
class Distiller:
    key: str
    name: str
    region: str
    money: int
    yeast: int
    water: int
    ability: str
    amount: int
    ingredient: str
    ingredient_name: str
    spirit: str
    spirit_vp: int
    spirit_money: int
    sugar: str
    need: int
    barrel: str
    aged: bool


@dataclass(frozen=True, slots=True)
class Upgrade:
    key: str
    name: str
    family: str
    cost: int
    effect: str
    amount: int
    when: str
    end_vp: int


@dataclass(frozen=True, slots=True)
class Award:
    key: str
    name: str
    vp: int
    kind: str
    n: int
    param: str


@dataclass(frozen=True, slots=True)
class Goal:
    key: str
    name: str
    vp: int
    kind: str
    param: str


@dataclass(frozen=True, slots=True)
class Rules:
    min_players: int
    max_players: int
    rounds: int
    distillers_dealt: int
    goals_dealt: int
    goals_kept: int
    basic_buys: int
    row_size: int
    upgrade_slots: int
    warehouse: int
    tasting_most_vp: int
    money_per_vp: int
    label_money: int
    upgrade_alternative_vp: int
    purchases_per_market: int
    ageing_bonus: tuple[int, ...]
    bottle_set_vp: tuple[int, ...]
    bottle_regions_vp: int
    bottle_regions_needed: int
    label_spaces: tuple[str, ...]
    recipe_cost: Mapping[str, int]
    alcohol_count: int
    alcohol_money: int
    alcohol_vp: int
    signature_ingredient_cost: int
    signature_money: int
    signature_vp: int
    flavours: tuple[int, ...]
    """The money of each of the 40 flavour cards, lowest first."""


@dataclass(frozen=True, slots=True)
class Content:
    rules: Rules
    basic: tuple[Basic, ...]
    ingredients: tuple[Ingredient, ...]
    barrels: tuple[Barrel, ...]
    bottles: tuple[Bottle, ...]
    recipes: tuple[Recipe, ...]
    flights: tuple[tuple[int, ...], ...]
    distillers: tuple[Distiller, ...]
    upgrades: tuple[Upgrade, ...]
    awards: tuple[Award, ...]
    goals: tuple[Goal, ...]


def _need(entry: Mapping[str, Any], name: str, kind: type, where: str) -> Any:
    if name not in entry:
        raise ContentError(f"{where}: missing {name!r}")
    value = entry[name]
    if kind is int and (type(value) is not int):
        raise ContentError(f"{where}: {name} must be an integer, not {value!r}")
    if kind is not int and not isinstance(value, kind):
        raise ContentError(f"{where}: {name} must be {kind.__name__}, not {value!r}")
    return value


def _one_of(value: str, allowed: tuple[str, ...], where: str, name: str) -> str:
    if value not in allowed:
        raise ContentError(f"{where}: {name} {value!r} is not one of {', '.join(allowed)}")
    return value


def _entries(data: Mapping[str, Any], table: str, file: str) -> list[Mapping[str, Any]]:
    found = data.get(table)
    if not isinstance(found, list):
        raise ContentError(f"{file}: no [[{table}]] entries")
    keys = [e.get("key") for e in found]
    dup = {k for k in keys if keys.count(k) > 1}
    if dup:
        raise ContentError(f"{file}: key {sorted(map(str, dup))[0]!r} is listed twice")
    want = COUNTS.get(table)
    if want is not None and len(found) != want:
        raise ContentError(f"{file}: {len(found)} [[{table}]] entries, not {want}")
    return found


def _range(value: int, low: int, high: int, where: str, name: str) -> int:
    if not low <= value <= high:
        raise ContentError(f"{where}: {name} {value} is outside {low}..{high}")
    return value


def _rules(data: Mapping[str, Any]) -> Rules:
    w = "rules.toml"
    ints = {
        n: _need(data, n, int, w)
        for n in (
            "min_players",
            "max_players",
            "rounds",
            "distillers_dealt",
            "goals_dealt",
            "goals_kept",
            "basic_buys",
            "row_size",
            "upgrade_slots",
            "warehouse",
            "tasting_most_vp",
            "money_per_vp",
            "label_money",
            "upgrade_alternative_vp",
            "purchases_per_market",
            "bottle_regions_vp",
            "bottle_regions_needed",
        )
    }
    if ints["goals_kept"] >= ints["goals_dealt"]:
        raise ContentError(f"{w}: goals_kept must be fewer than goals_dealt")
    spaces = tuple(_need(data, "label_spaces", list, w))
    if spaces != ("money", "signature", "swap", "ingredient", "recipe", "item", "upgrade"):
        raise ContentError(f"{w}: label_spaces must name the seven bonus spaces in board order")
    cost = _need(data, "recipe_cost", dict, w)
    if sorted(cost) != sorted(TIERS[1:]):
        raise ContentError(f"{w}: recipe_cost names bronze, silver and gold")
    alcohol = _need(data, "alcohol", dict, w)
    signature = _need(data, "signature_ingredient", dict, w)
    flavours: list[int] = []
    for f in _need(data, "flavours", list, w):
        flavours += [_need(f, "money", int, w)] * _need(f, "count", int, w)
    if len(flavours) != FLAVOUR_CARDS:
        raise ContentError(f"{w}: {len(flavours)} flavour cards, not {FLAVOUR_CARDS}")
    ageing = tuple(_need(data, "ageing_bonus", list, w))
    if ageing[:1] != (0,) or list(ageing) != sorted(ageing):
        raise ContentError(f"{w}: ageing_bonus starts at 0 and never falls")
    sets = tuple(_need(data, "bottle_set_vp", list, w))
    return Rules(
        **ints,
        ageing_bonus=ageing,
        bottle_set_vp=sets,
        label_spaces=spaces,
        recipe_cost=dict(cost),
        alcohol_count=_need(alcohol, "count", int, w),
        alcohol_money=_need(alcohol, "money", int, w),
        alcohol_vp=_need(alcohol, "vp", int, w),
        signature_ingredient_cost=_need(signature, "cost", int, w),
        signature_money=_need(signature, "money", int, w),
        signature_vp=_need(signature, "vp", int, w),
        flavours=tuple(sorted(flavours)),
    )


def _premium_worth_more(basic: list[Basic], ingredients: list[Ingredient], w: str) -> None:
    """The rulebook: premium ingredients bring more VP and more money when sold. Each is worth
    at least the basic card of its kind in both, and more in one."""
    by_kind = {b.kind: b for b in basic}
    for i in ingredients:
        b = by_kind[i.kind]
        if i.money < b.money or i.vp < b.vp or (i.money, i.vp) == (b.money, b.vp):
            raise ContentError(
                f"{w} ingredient {i.key}: ${i.money} and {i.vp} VP is not worth more than the "
                f"basic {b.name} (${b.money} and {b.vp} VP)"
            )


def build(parsed: Mapping[str, Mapping[str, Any]]) -> Content:
    """Components from parsed files (by file name), every rule checked."""
    rules = _rules(parsed["rules.toml"])
    market = parsed["market.toml"]
    w = "market.toml"
    basic = []
    for e in _entries(market, "basic", w):
        at = f"{w} basic {e.get('key')}"
        basic.append(
            Basic(
                _need(e, "key", str, at),
                _need(e, "name", str, at),
                _one_of(_need(e, "kind", str, at), BASIC_KINDS, at, "kind"),
                _range(_need(e, "cost", int, at), 0, 4, at, "cost"),
                _need(e, "money", int, at),
                _need(e, "vp", int, at),
                _need(e, "count", int, at),
                e.get("bonus", ""),
            )
        )
    if tuple(b.kind for b in basic) != BASIC_KINDS:
        raise ContentError(f"{w}: basic cards are {', '.join(BASIC_KINDS)}, in that order")
    if sum(b.count for b in basic) != BASIC_CARDS:
        raise ContentError(f"{w}: {sum(b.count for b in basic)} basic cards, not {BASIC_CARDS}")
    ingredients = []
    for e in _entries(market, "ingredient", w):
        at = f"{w} ingredient {e.get('key')}"
        ingredients.append(
            Ingredient(
                _need(e, "key", str, at),
                _need(e, "name", str, at),
                _one_of(_need(e, "kind", str, at), INGREDIENT_KINDS, at, "kind"),
                _range(_need(e, "cost", int, at), 1, 7, at, "cost"),
                _need(e, "money", int, at),
                _need(e, "vp", int, at),
            )
        )
    _premium_worth_more(basic, ingredients, w)
    barrels = []
    for e in _entries(market, "barrel", w):
        at = f"{w} barrel {e.get('key')}"
        barrels.append(
            Barrel(
                _need(e, "key", str, at),
                _need(e, "name", str, at),
                _one_of(_need(e, "type", str, at), BARREL_TYPES, at, "type"),
                _range(_need(e, "cost", int, at), 1, 7, at, "cost"),
                _need(e, "money", int, at),
                _need(e, "vp", int, at),
                _range(_need(e, "copies", int, at), 1, 4, at, "copies"),
                _one_of(_need(e, "effect", str, at), BARREL_EFFECTS, at, "effect"),
            )
        )
    bottles = []
    for e in _entries(market, "bottle", w):
        at = f"{w} bottle {e.get('key')}"
        vp = _need(e, "vp", int, at)
        money = _need(e, "money", int, at)
        bottles.append(
            Bottle(
                _need(e, "key", str, at),
                _need(e, "name", str, at),
                _one_of(e.get("region", ""), ("", "home", *REGIONS), at, "region"),
                _range(_need(e, "cost", int, at), 1, 7, at, "cost"),
                money,
                vp,
                e.get("match_vp", vp),
                e.get("moonshine_money", money),
                e.get("moonshine_vp", vp),
                e.get("unaged_vp", vp),
            )
        )
    if sum(b.copies for b in barrels) + len(bottles) != ITEM_CARDS:
        raise ContentError(f"{w}: premium barrels and bottles make {ITEM_CARDS} cards")
    data = parsed["recipes.toml"]
    w = "recipes.toml"
    recipes = []
    for e in _entries(data, "recipe", w):
        at = f"{w} recipe {e.get('key')}"
        sugars = tuple(_one_of(s, SUGARS, at, "sugar") for s in _need(e, "sugars", list, at))
        forbid = tuple(_one_of(s, SUGARS, at, "forbid") for s in _need(e, "forbid", list, at))
        if set(sugars) & set(forbid):
            raise ContentError(f"{at}: a sugar both needed and forbidden")
        recipes.append(
            Recipe(
                _need(e, "key", str, at),
                _need(e, "name", str, at),
                _one_of(_need(e, "tier", str, at), TIERS, at, "tier"),
                _need(e, "vp", int, at),
                _need(e, "money", int, at),
                sugars,
                _range(_need(e, "need", int, at), 0, 3, at, "need"),
                forbid,
                _one_of(_need(e, "barrel", str, at), BARREL_TYPES, at, "barrel"),
                _need(e, "aged", bool, at),
                _one_of(_need(e, "region", str, at), ("home", *REGIONS), at, "region"),
            )
        )
    if [r.key for r in recipes[:2]] != ["moonshine", "vodka"] or any(
        r.tier == "base" for r in recipes[2:]
    ):
        raise ContentError(f"{w}: moonshine and vodka come first and are the only base recipes")
    index = {r.key: i for i, r in enumerate(recipes)}
    flights = []
    for e in _entries(data, "flight", w):
        at = f"{w} flight {e.get('key')}"
        names = _need(e, "recipes", list, at)
        if len(set(names)) != FLIGHT_SIZE or any(index.get(n, 0) < 2 for n in names):
            raise ContentError(f"{at}: a flight is {FLIGHT_SIZE} different non-base recipes")
        flights.append(tuple(sorted(index[n] for n in names)))
    data = parsed["distillers.toml"]
    w = "distillers.toml"
    distillers = []
    for e in _entries(data, "distiller", w):
        at = f"{w} distiller {e.get('key')}"
        distillers.append(
            Distiller(
                _need(e, "key", str, at),
                _need(e, "name", str, at),
                _one_of(_need(e, "region", str, at), REGIONS, at, "region"),
                _range(_need(e, "money", int, at), 0, 10, at, "money"),
                _range(_need(e, "yeast", int, at), 0, 2, at, "yeast"),
                _range(_need(e, "water", int, at), 0, 2, at, "water"),
                _one_of(_need(e, "ability", str, at), ABILITIES, at, "ability"),
                _range(_need(e, "amount", int, at), 1, 3, at, "amount"),
                _need(e, "ingredient", str, at),
                _need(e, "ingredient_name", str, at),
                _need(e, "spirit", str, at),
                _need(e, "spirit_vp", int, at),
                _need(e, "spirit_money", int, at),
                _one_of(_need(e, "sugar", str, at), SUGARS, at, "sugar"),
                _range(_need(e, "need", int, at), 1, 3, at, "need"),
                _one_of(_need(e, "barrel", str, at), BARREL_TYPES, at, "barrel"),
                _need(e, "aged", bool, at),
            )
        )
    if sorted(d.ability for d in distillers) != sorted(ABILITIES):
        raise ContentError(f"{w}: every ability belongs to exactly one distiller")
    w = "upgrades.toml"
    upgrades = []
    for e in _entries(parsed[w], "upgrade", w):
        at = f"{w} upgrade {e.get('key')}"
        effect = _one_of(_need(e, "effect", str, at), UPGRADE_EFFECTS, at, "effect")
        allowed = DISCOUNT_ON if effect == "discount" else WHEN
        upgrades.append(
            Upgrade(
                _need(e, "key", str, at),
                _need(e, "name", str, at),
                _one_of(_need(e, "family", str, at), FAMILIES, at, "family"),
                _range(_need(e, "cost", int, at), 3, 7, at, "cost"),
                effect,
                _range(_need(e, "amount", int, at), 1, 3, at, "amount"),
                _one_of(_need(e, "when", str, at), allowed, at, "when"),
                _range(_need(e, "end_vp", int, at), 0, 3, at, "end_vp"),
            )
        )
    abilities: dict[tuple[str, int, str], str] = {}
    for u in upgrades:
        # «каждое из них обладает уникальным свойством»: each upgrade has an ability of its own.
        twin = abilities.setdefault((u.effect, u.amount, u.when), u.key)
        if twin != u.key:
            raise ContentError(
                f"{w} upgrade {u.key}: {u.effect} {u.amount} ({u.when}) is {twin}'s ability"
            )
    for family in FAMILIES:
        if sum(u.family == family for u in upgrades) != COUNTS["upgrade"] // 2:
            raise ContentError(f"{w}: half the upgrades are {family}")
    w = "goals.toml"
    awards = []
    for e in _entries(parsed[w], "award", w):
        at = f"{w} award {e.get('key')}"
        awards.append(
            Award(
                _need(e, "key", str, at),
                _need(e, "name", str, at),
                _range(_need(e, "vp", int, at), 1, 10, at, "vp"),
                _one_of(_need(e, "kind", str, at), AWARD_KINDS, at, "kind"),
                _range(_need(e, "n", int, at), 1, 25, at, "n"),
                _need(e, "param", str, at),
            )
        )
    goals = []
    for e in _entries(parsed[w], "goal", w):
        at = f"{w} goal {e.get('key')}"
        goals.append(
            Goal(
                _need(e, "key", str, at),
                _need(e, "name", str, at),
                _range(_need(e, "vp", int, at), 1, 10, at, "vp"),
                _one_of(_need(e, "kind", str, at), GOAL_KINDS, at, "kind"),
                _need(e, "param", str, at),
            )
        )
    return Content(
        rules,
        tuple(basic),
        tuple(ingredients),
        tuple(barrels),
        tuple(bottles),
        tuple(recipes),
        tuple(flights),
        tuple(distillers),
        tuple(upgrades),
        tuple(awards),
        tuple(goals),
    )


def load() -> Content:
    here = resources.files(__package__)
    return build({name: tomllib.loads((here / name).read_text("utf-8")) for name in FILES})


CONTENT = load()
