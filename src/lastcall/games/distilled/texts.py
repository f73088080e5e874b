"""Distilled's components in words: every card's full text and the glossary, built once.

The texts are made from the content files, so a changed number shows at once in the
table, the glossary and the log; nothing here reads a position.
"""

from __future__ import annotations

from lastcall.games.distilled import actions as act
from lastcall.games.distilled.content import (
    CONTENT,
    Award,
    Barrel,
    Basic,
    Bottle,
    Distiller,
    Goal,
    Ingredient,
    Recipe,
    Upgrade,
)

_C = CONTENT
RULES = _C.rules

REGION_WORDS = {"americas": "the Americas", "europe": "Europe", "asia": "Asia"}
SPACE_WORDS = {
    "money": f"+${RULES.label_money}",
    "signature": "the signature ingredient to the pantry",
    "swap": "swap a pantry card for a premium ingredient of the discard pile",
    "ingredient": "a free premium ingredient from the row",
    "recipe": "a free recipe of the tasting flight",
    "item": "a free barrel or bottle from the item row",
    "upgrade": f"a free upgrade from the row, or {RULES.upgrade_alternative_vp} VP",
}
"""What each label bonus space of a distillery board gives."""
SPACE_NAMES = {
    "money": "Money space",
    "signature": "Signature space",
    "swap": "Swap space",
    "ingredient": "Ingredient space",
    "recipe": "Recipe space",
    "item": "Item space",
    "upgrade": "Upgrade space",
}
SOURCE_WORDS = {
    "sales": "Sales",
    "awards": "Spirit awards",
    "tasting": "Tastings",
    "last_round": "Spirits of the last round",
    "label_bonus": "Label bonus VP",
    "warehouse": "Warehouse at the end",
    "bottles": "Bottle sets",
    "upgrades": "Upgrades",
    "goals": "Distillery goals",
    "money": "Money left",
}
"""The score sheet's words for the rules' score sources."""


def money_vp(money: int, vp: int) -> str:
    """``$2 and 1 VP`` as a card prints what it adds to a sale."""
    return f"${money} and {vp} VP"


def either(words: list[str], joiner: str = "or") -> str:
    """``grain``, ``grain or plant``, ``grain, plant or fruit``."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {joiner} {words[-1]}"


# ----------------------------------------------------------------- cards of the market

BASIC_NAMES = {b.key: b.name for b in _C.basic}
INGREDIENTS = {i.key: i for i in _C.ingredients}
BARRELS = {b.key: b for b in _C.barrels}
BOTTLES = {b.key: b for b in _C.bottles}
UPGRADES = {u.key: u for u in _C.upgrades}
RECIPES = {r.key: r for r in _C.recipes}
DISTILLERS = {d.key: d for d in _C.distillers}
SIGNATURES = {d.key + "-signature": d for d in _C.distillers}
GOALS = {g.key: g for g in _C.goals}
AWARDS = {a.key: a for a in _C.awards}


def _basic_text(b: Basic) -> str:
    if b.kind in ("clay", "wood"):
        return (
            f"Basic {b.kind} barrel. Cost ${b.cost}. Holds a spirit whose recipe asks for a "
            f"{b.kind} barrel; adds {money_vp(b.money, b.vp)} to its sale, then goes back "
            "to the basic market."
        )
    text = f"Basic {b.kind}. Cost ${b.cost}. In a spirit: {money_vp(b.money, b.vp)}."
    if b.bonus == "money":
        text += " Bought from the basic market: +$1 at once."
    elif b.bonus == "peek":
        text += (
            " Bought from the basic market: reveal the top card of a premium deck and buy "
            "it if you wish."
        )
    return text


def _ingredient_text(i: Ingredient) -> str:
    text = f"Premium {i.kind}. Cost ${i.cost}. In a spirit: {money_vp(i.money, i.vp)}."
    if i.key == "turbo-yeast":
        text += " In the vat it adds 1 more alcohol card."
    elif i.key == "spring-water":
        text += " Removed by distillation (heads or tails), it brings a basic water to the pantry."
    return text


_BARREL_EFFECTS = {
    "return": "Comes back to your back room after the sale.",
    "vp_per_flavour": "+1 VP per flavour card on the sale.",
    "money_per_flavour": "+$1 per flavour card on the sale.",
    "first_flavour": "Takes 2 flavour cards on its first ageing.",
    "money_per_ageing": "+$1 per round spent in the warehouse, on the sale.",
}


def _barrel_text(b: Barrel) -> str:
    return (
        f"Premium {b.type} barrel. Cost ${b.cost}. Adds {money_vp(b.money, b.vp)} to the "
        f"sale. {_BARREL_EFFECTS[b.effect]}"
    )


def _bottle_text(b: Bottle) -> str:
    if b.region in REGION_WORDS:
        where = f"Premium bottle of {REGION_WORDS[b.region]}"
    elif b.region == "home":
        where = "Premium bottle of your distiller's region"
    else:
        where = "Premium bottle of no region"
    parts = [f"{where}. Cost ${b.cost}. Adds {money_vp(b.money, b.vp)} to the sale"]
    if b.match_vp != b.vp:
        parts.append(f"{b.match_vp} VP with a spirit of its region")
    if b.moonshine_money != b.money or b.moonshine_vp != b.vp:
        parts.append(f"{money_vp(b.moonshine_money, b.moonshine_vp)} with moonshine")
    if b.unaged_vp != b.vp:
        parts.append(f"{b.unaged_vp} VP with a spirit that was not aged")
    text = "; ".join(parts) + "."
    if b.region:
        text += " Kept on your shelf after the sale: it counts for bottle sets at the end."
    else:
        text += " Kept on your shelf after the sale."
    return text


GLASS_TEXT = "Your starting bottle: adds nothing to a sale and comes back after it."
METAL_TEXT = (
    "Your starting metal barrel: holds a spirit whose recipe asks for a metal barrel and "
    "comes back after the sale."
)
ALCOHOL_TEXT = (
    f"Alcohol card: ${RULES.alcohol_money} and {RULES.alcohol_vp} VP in a spirit. Distilling "
    "adds one per sugar in the vat; one back in the pantry stands for a water or a yeast."
)


def need_text(sugars: tuple[str, ...], need: int, forbid: tuple[str, ...]) -> str:
    """What a result must hold to make a recipe, in words."""
    if not sugars:
        return "no sugar at all and at least 1 alcohol card"
    text = f"at least {need} {either(list(sugars))} and 1 alcohol card"
    if forbid:
        text += f", and no {either(list(forbid))}"
    return text


def _ageing(barrel: str, aged: bool) -> str:
    if aged:
        return (
            f"{barrel.capitalize()} barrel; ages in the warehouse at least one round "
            "before it is sold"
        )
    return f"{barrel.capitalize()} barrel; sold in the round it is made"


def _recipe_text(r: Recipe) -> str:
    if r.tier == "base":
        head = "Base recipe, known to everyone, with two labels per player"
    else:
        head = f"{r.tier.capitalize()} recipe, learnt with a ${RULES.recipe_cost[r.tier]} cube"
    region = (
        "your distiller's region" if r.region == "home" else REGION_WORDS.get(r.region, r.region)
    )
    paid = f"{r.vp} VP and ${r.money}" if r.money else f"{r.vp} VP"
    return (
        f"{head}; of {region}. Needs {need_text(r.sugars, r.need, r.forbid)}. "
        f"{_ageing(r.barrel, r.aged)}. Its sale adds {paid}."
    )


def _signature_text(d: Distiller) -> str:
    return (
        f"Signature spirit of {d.name}, of {REGION_WORDS[d.region]}. Needs "
        f"{need_text((d.sugar,), d.need, ())}. {_ageing(d.barrel, d.aged)}. Its sale adds "
        f"{d.spirit_vp} VP and ${d.spirit_money}. Its label is taken once a game and counts "
        "for no spirit award."
    )


def _signature_ingredient_text(d: Distiller) -> str:
    return (
        f"Signature {d.sugar} of {d.name}: "
        f"{money_vp(RULES.signature_money, RULES.signature_vp)} in a spirit. It waits on the "
        "distiller card until the signature label space brings it to the pantry, comes back "
        "to the card after each sale, and cannot be traded."
    )


def _ability_text(d: Distiller) -> str:
    n = d.amount
    texts = {
        "bottle_discount": f"${n} off the first premium bottle you buy each market phase",
        "round_basic": "at the start of each round, take a basic yeast or water for free",
        "barrel_discount": f"${n} off the first barrel you buy each market phase",
        "whiskey_aged_money": f"knows Whiskey from the start; +${n} on every aged sale",
        "sugars_vp": f"+{n} VP selling a spirit of 3 or more sugars",
        "unaged_money": f"+${n} on every sale of a spirit that was not aged",
        "upgrade_discount": f"${n} off the first upgrade you buy each market phase",
        "flavour_pick": (
            f"each ageing draws {n} flavour cards for a spirit and keeps the richest, unseen"
        ),
        "basic_discount": f"${n} off the first basic card you buy each market phase",
        "water_money": f"+${n} for every basic water you buy",
        "flavours_vp": f"+{n} VP selling a spirit of 3 or more flavour cards",
        "bottle_region_money": f"+${n} selling a spirit in a bottle of its own region",
        "new_region_vp": f"+{n} VP selling a spirit of a region you hold no label of yet",
        "removed_money": "gain the money of the richer card distillation removes",
        "ingredient_discount": f"${n} off the first premium ingredient you buy each market phase",
        "basic_buys": f"buy {n} more basic card each market phase",
        "round_money": f"+${n} at the start of each round",
        "round_reveal": (
            f"at the start of each round, reveal the top {n} cards of a premium deck and "
            "buy one if you wish"
        ),
    }
    return texts[d.ability]


def _distiller_text(d: Distiller) -> str:
    start = [f"${d.money}"]
    if d.yeast:
        start.append(f"{d.yeast} yeast")
    if d.water:
        start.append(f"{d.water} water")
    ability = _ability_text(d)
    return (
        f"Distiller of {REGION_WORDS[d.region]}. Starts with {either(start, 'and')}. "
        f"Ability: {ability[:1].upper()}{ability[1:]}. Signature spirit: {d.spirit} "
        f"(at least {d.need} {d.sugar}, {d.barrel} barrel"
        f"{', aged' if d.aged else ''}; {d.spirit_vp} VP and ${d.spirit_money}). "
        f"Signature ingredient: {d.ingredient_name}."
    )


_WHEN = {
    "any": "every sale",
    "aged": "every sale of an aged spirit",
    "unaged": "every sale of a spirit that was not aged",
    "grain": "every sale of a spirit holding grain",
    "plant": "every sale of a spirit holding plant",
    "fruit": "every sale of a spirit holding fruit",
    "base": "every sale of moonshine or vodka",
    "bronze": "every sale of a bronze spirit",
    "silver": "every sale of a silver spirit",
    "gold": "every sale of a gold spirit",
}
_LABEL_WHEN = {
    "any": "label",
    "aged": "label of an aged spirit",
    "unaged": "label of a spirit that was not aged",
    "grain": "label of a grain spirit",
    "plant": "label of a plant spirit",
    "fruit": "label of a fruit spirit",
    "base": "label of moonshine or vodka",
    "bronze": "bronze label",
    "silver": "silver label",
    "gold": "gold label",
}
_DISCOUNT_ON = {
    "basic": "basic card",
    "ingredient": "premium ingredient",
    "item": "premium barrel or bottle",
    "upgrade": "upgrade",
    "recipe": "recipe cube",
}


def _cards(n: int) -> str:
    return "card" if n == 1 else "cards"


def _upgrade_effect(u: Upgrade) -> str:
    n = u.amount
    if u.effect == "extra_alcohol":
        return f"Every vat you distil gets {n} more alcohol {_cards(n)}."
    if u.effect == "sale_vp":
        return f"+{n} VP on {_WHEN[u.when]}."
    if u.effect == "sale_money":
        return f"+${n} on {_WHEN[u.when]}."
    if u.effect == "warehouse":
        return f"Your warehouse holds {n} more {'spirit' if n == 1 else 'spirits'}."
    if u.effect == "round_money":
        return f"+${n} at the start of each round."
    if u.effect == "basic_buys":
        return f"Buy {n} more basic {_cards(n)} each market phase."
    if u.effect == "discount":
        return f"${n} off every {_DISCOUNT_ON[u.when]} you buy."
    return f"At the end, +{n} VP per {_LABEL_WHEN[u.when]}."


def _upgrade_text(u: Upgrade) -> str:
    text = f"{u.family.capitalize()}. Cost ${u.cost}. {_upgrade_effect(u)}"
    if u.end_vp:
        text += f" At the end: {u.end_vp} VP."
    return text


def _award_goal(a: Award) -> str:
    n, param = a.n, a.param
    texts = {
        "sale_alcohol": f"Sell a spirit of at least {n} alcohol cards",
        "round_sales": f"Sell {n} spirits in one round",
        "label_regions": f"Hold labels of {n} regions",
        "family_upgrades": f"Hold {n} {param} upgrades",
        "sale_flavours": f"Sell a spirit of at least {n} flavour cards",
        "bottles": f"Have {n} premium bottles on your shelf",
        "sale_vp": f"Sell a spirit for at least {n} VP",
        "tier_sets": f"Hold {n} set of a bronze, a silver and a gold label",
        "region_labels": f"Hold {n} labels of {REGION_WORDS.get(param, param)}",
        "sale_pair": "Sell a spirit (not vodka) in a bottle of its own region",
        "sale_aged": "Sell an aged spirit",
        "round_aged": f"Age {n} spirits in one round",
        "recipes": f"Know {n} recipes besides moonshine and vodka",
        "sale_sugars": f"Sell a spirit of at least {n} sugars",
        "money": f"Hold ${n}",
        "sale_money": f"Sell a spirit for at least ${n}",
        "tier_labels": f"Hold {n} {param} labels",
    }
    return texts[a.kind]


def _award_text(a: Award) -> str:
    return (
        f"Spirit award: {_award_goal(a)}. {a.vp} VP to whoever reaches it first, checked "
        "between rounds; players reaching it in the same round share it, half each rounded "
        "up. Signature labels do not count."
    )


def _goal_counts(g: Goal) -> str:
    param = g.param
    texts = {
        "region_labels": f"labels of {REGION_WORDS.get(param, param)}",
        "sugar_labels": f"labels of spirits made with {param} (vodka aside)",
        "region_bottles": f"bottles of {REGION_WORDS.get(param, param)} on your shelf",
        "tier_sets": "sets of a bronze, a silver and a gold label",
        "aged_labels": "labels of aged spirits",
        "unaged_labels": "labels of spirits that were not aged",
        "barrel_labels": f"labels of spirits made in a {param} barrel",
        "recipes": "recipes learnt",
        "money": "money left",
        "upgrade_vp": f"VP from {param} upgrades at the end",
        "region_most": "labels of one region",
        "variety": "different labels",
    }
    return texts[g.kind]


def _goal_text(g: Goal) -> str:
    return (
        f"Distillery goal, secret until the end: {g.vp} VP for the most "
        f"{_goal_counts(g)} (at least 1; tied players all score)."
    )


BASIC_TEXT = {b.key: _basic_text(b) for b in _C.basic}
INGREDIENT_TEXT = {i.key: _ingredient_text(i) for i in _C.ingredients}
BARREL_TEXT = {b.key: _barrel_text(b) for b in _C.barrels}
BOTTLE_TEXT = {b.key: _bottle_text(b) for b in _C.bottles}
RECIPE_TEXT = {r.key: _recipe_text(r) for r in _C.recipes} | {
    d.key + "-signature": _signature_text(d) for d in _C.distillers
}
DISTILLER_TEXT = {d.key: _distiller_text(d) for d in _C.distillers}
SIGNATURE_INGREDIENT_TEXT = {d.ingredient: _signature_ingredient_text(d) for d in _C.distillers}
UPGRADE_TEXT = {u.key: _upgrade_text(u) for u in _C.upgrades}
AWARD_TEXT = {a.key: _award_text(a) for a in _C.awards}
AWARD_GOAL = {a.key: _award_goal(a) for a in _C.awards}
"""What an award asks, in a few words."""
ABILITY_TEXT = {d.key: _ability_text(d) for d in _C.distillers}
GOAL_TEXT = {g.key: _goal_text(g) for g in _C.goals}

CARD_NAME = {
    **{k: BASIC_NAMES[k] for k in act.BASIC_KEYS[:5]},
    "alcohol": "Alcohol",
    **{i.key: i.name for i in _C.ingredients},
    **{d.ingredient: d.ingredient_name for d in _C.distillers},
}
"""A pantry card's printed name by key."""
CARD_TEXT = {
    **{k: BASIC_TEXT[k] for k in act.BASIC_KEYS[:5]},
    "alcohol": ALCOHOL_TEXT,
    **INGREDIENT_TEXT,
    **SIGNATURE_INGREDIENT_TEXT,
}
BARREL_NAME = {
    "metal": "Metal barrel",
    "clay": "Clay barrel",
    "wood": "Wood barrel",
    **{b.key: b.name for b in _C.barrels},
}
BARREL_FULL_TEXT = {
    "metal": METAL_TEXT,
    "clay": BASIC_TEXT["clay"],
    "wood": BASIC_TEXT["wood"],
    **BARREL_TEXT,
}
BOTTLE_NAME = {"glass": "Glass bottle", **{b.key: b.name for b in _C.bottles}}
_VESSELS = ("Hogshead", "Jar", "Jug", "Decanter", "Liter", "Canister", "Carton")
"""Last words of names that already say what the barrel or bottle is."""


def _in_text(name: str, noun: str) -> str:
    """A barrel's or bottle's name as a sentence uses it: ``Pirate bottle``, ``Kvevri``."""
    if " " not in name and noun == "barrel":
        return name
    return name if name.rsplit(" ", 1)[-1] in _VESSELS else f"{name} {noun}"


BARREL_IN_TEXT = {
    "metal": "metal barrel",
    "clay": "clay barrel",
    "wood": "wood barrel",
    **{b.key: _in_text(b.name, "barrel") for b in _C.barrels},
}
"""A barrel as a sentence names it: ``the metal barrel``, ``the Ex-Bourbon Hogshead``."""
BOTTLE_IN_TEXT = {
    "glass": "glass bottle",
    **{b.key: _in_text(b.name, "bottle") for b in _C.bottles},
}
BOTTLE_FULL_TEXT = {"glass": GLASS_TEXT, **BOTTLE_TEXT}
ITEM_NAME = {**{b.key: b.name for b in _C.barrels}, **{b.key: b.name for b in _C.bottles}}
ITEM_TEXT = {**BARREL_TEXT, **BOTTLE_TEXT}
RECIPE_NAME = {r.key: r.name for r in _C.recipes} | {
    d.key + "-signature": d.spirit for d in _C.distillers
}


def _terms() -> dict[str, str]:
    """The game's words, as the table and the rules use them."""
    ageing = ", ".join(f"{n} → {vp}" for n, vp in enumerate(RULES.ageing_bonus) if n)
    sets = ", ".join(f"{n} → {vp}" for n, vp in enumerate(RULES.bottle_set_vp) if vp)
    return {
        "Pantry": "Your ingredients waiting for the vat: yeast, water, sugars and alcohol cards.",
        "Back room": "Where your empty barrels wait for a spirit.",
        "Vat": (
            "Each round every player secretly chooses, card by card, which pantry cards go "
            "in; a vat needs a sugar, a yeast and a water (an alcohol card stands for a "
            "yeast or a water) to ferment."
        ),
        "Heads and tails": (
            "The top and bottom cards of the shuffled vat, which go back to the pantry; "
            "the rest is the result."
        ),
        "Result": "The cards left after distilling: if they meet a recipe you know, a spirit.",
        "Alcohol card": ALCOHOL_TEXT,
        "Sugar": "Grain, plant or fruit: each one in the vat adds an alcohol card.",
        "Recipe": "What a spirit needs: sugars, forbidden sugars, a barrel and ageing.",
        "Recipe cube": (
            "Bought in the market (bronze $"
            f"{RULES.recipe_cost['bronze']}, silver ${RULES.recipe_cost['silver']}, gold "
            f"${RULES.recipe_cost['gold']}) to learn one recipe of the tasting flight."
        ),
        "Tasting flight": (
            "The seven recipes that can be learnt this game, besides moonshine and vodka."
        ),
        "Label": (
            "Taken when you make a spirit, while the recipe has labels left; on the sale it "
            "goes on a free label bonus space of your board."
        ),
        "Label bonus space": (
            "Seven spaces on your board, each used once a game: "
            + "; ".join(f"{SPACE_NAMES[s]}, {SPACE_WORDS[s]}" for s in RULES.label_spaces)
            + "."
        ),
        "Signature spirit": (
            "The recipe printed on your distiller card: always known, with its own VP and "
            "money; its label is taken once a game."
        ),
        "Signature ingredient": (
            "A sugar printed on your distiller card "
            f"({money_vp(RULES.signature_money, RULES.signature_vp)} in a spirit); the "
            "signature label space brings it to your pantry."
        ),
        "Distiller": "Your character: region, starting money and cards, ability and signature.",
        "Warehouse": (
            f"Where spirits age: {RULES.warehouse} places (more with upgrades). Each ageing "
            "phase puts a face-down flavour card under every spirit there."
        ),
        "Flavour card": (
            "Money a spirit gains by ageing, seen by nobody until the sale: "
            + ", ".join(f"${m}" for m in sorted(set(RULES.flavours)))
            + "."
        ),
        "Ageing bonus": f"VP on a sale by the number of flavour cards: {ageing}.",
        "Shelf": "Premium bottles kept after their sale, scored in sets at the end.",
        "Bottle set": (
            f"At the end, bottles of one region score {sets} VP; bottles of "
            f"{RULES.bottle_regions_needed} regions add {RULES.bottle_regions_vp} VP."
        ),
        "Upgrade": (
            f"Equipment or specialist in one of {RULES.upgrade_slots} slots of your board; "
            "a fourth replaces one."
        ),
        "Spirit award": "A public goal: the first to reach it scores it between rounds.",
        "Distillery goal": (
            f"You keep {RULES.goals_kept} of {RULES.goals_dealt} dealt at the start, secret "
            "until the end, when the player with the most of what it counts scores it."
        ),
        "Tasting": (
            f"A player who sold nothing in a round may spend up to {RULES.tasting_most_vp} VP "
            "for $1 each."
        ),
        "Basic market": (
            f"Yeast, water, sugars and barrels; at most {RULES.basic_buys} a market phase."
        ),
        "Premium market": (
            f"Three rows of {RULES.row_size}: upgrades, ingredients and items (barrels and "
            "bottles). The rightmost leaves at the end of each market phase."
        ),
        "First player": "Buys, trades, makes and sells first this round; passes on each round.",
        "Money": f"Coins; {RULES.money_per_vp} left at the end are worth 1 VP.",
        "VP": "Victory points: the most at the end of round seven wins.",
    }


def glossary() -> dict[str, str]:
    """Every component by name with its full text, and every game term."""
    out = _terms()
    for b in _C.basic:
        out[f"{b.name} (basic)"] = BASIC_TEXT[b.key]
    for i in _C.ingredients:
        out[i.name] = INGREDIENT_TEXT[i.key]
    for barrel in _C.barrels:
        out[barrel.name] = BARREL_TEXT[barrel.key]
    out["Metal barrel"] = METAL_TEXT
    for bt in _C.bottles:
        out[f"{bt.name} bottle"] = BOTTLE_TEXT[bt.key]
    out["Glass bottle"] = GLASS_TEXT
    for r in _C.recipes:
        out[r.name] = RECIPE_TEXT[r.key]
    for d in _C.distillers:
        out[d.name] = DISTILLER_TEXT[d.key]
        out[d.spirit] = RECIPE_TEXT[d.key + "-signature"]
        out[d.ingredient_name] = SIGNATURE_INGREDIENT_TEXT[d.ingredient]
    for u in _C.upgrades:
        out[u.name] = UPGRADE_TEXT[u.key]
    for a in _C.awards:
        out[a.name] = AWARD_TEXT[a.key]
    for g in _C.goals:
        out[g.name] = GOAL_TEXT[g.key]
    return out
