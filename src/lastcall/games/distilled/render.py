"""Terminal text of a view of Distilled: your distillery first, the others, then the market."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lastcall.core.markup import paint
from lastcall.games.distilled.content import CONTENT
from lastcall.games.distilled.texts import (
    ABILITY_TEXT,
    AWARD_GOAL,
    GOAL_TEXT,
    ITEM_TEXT,
    REGION_WORDS,
    UPGRADE_TEXT,
)

_C = CONTENT
DISTILLER = {d.key: d for d in _C.distillers}
RECIPE = {r.key: r for r in _C.recipes}
SIGNATURE = {d.key + "-signature": d for d in _C.distillers}
UPGRADE = {u.key: u for u in _C.upgrades}
GOAL = {g.key: g for g in _C.goals}
AWARD = {a.key: a for a in _C.awards}
INGREDIENT = {i.key: i for i in _C.ingredients}
BARREL = {b.key: b for b in _C.barrels}
BOTTLE = {b.key: b for b in _C.bottles}
SUGAR_STYLE = {"grain": "yellow", "plant": "green", "fruit": "magenta"}
PROMPTS = {
    "setup": "Keep one distiller (distiller ...), then discard one goal (drop ...).",
    "ability": "Take a free basic yeast or water.",
    "market": "Buy one card (basic, buy, recipe), or pass for the rest of the phase.",
    "peek": "Reveal the top card of a premium deck (peek ...), or decline.",
    "peeked": "Buy a revealed card (take ...), or decline.",
    "replace": "Your three upgrade slots are full: choose the one to replace.",
    "trade": "Trade one pantry card for a basic card of equal or lower cost, or skip.",
    "trade_for": "Choose the basic card to take.",
    "vat": "Fill your vat in secret: vat add <card> or vat keep <card>, for every pantry card.",
    "make": "Choose the recipe the result makes.",
    "barrel": "Choose the barrel.",
    "sales": "Sell one spirit (sell 0 is the new one, 1+ the warehouse), or done.",
    "bottle": "Choose the bottle.",
    "bonus": "Place the label on a bonus space.",
    "bonus_pick": "Choose the bonus.",
    "claim": "Take a premium ingredient from the discard pile.",
    "tasting": "You sold nothing this round: spend VP for money (taste n), or taste 0.",
}


def card(key: str) -> str:
    spec = INGREDIENT.get(key)
    kind = spec.kind if spec else key
    for d in _C.distillers:
        if d.ingredient == key:
            kind = d.sugar
            return paint(f"{d.ingredient_name}*", SUGAR_STYLE[kind])
    style = SUGAR_STYLE.get(kind, "cyan" if kind in ("yeast", "water") else "bold white")
    return paint(spec.name if spec else key, style)


def cards(keys: list[str]) -> str:
    return " ".join(card(k) for k in keys) or "-"


def recipe(key: str) -> str:
    if key in SIGNATURE:
        d = SIGNATURE[key]
        return f"{d.spirit} (signature {d.spirit_vp} VP)"
    r = RECIPE[key]
    need = "no sugar" if r.key == "moonshine" else f"{r.need}+ {'/'.join(r.sugars)}"
    forbid = f", no {'/'.join(r.forbid)}" if r.forbid and r.key != "moonshine" else ""
    aged = ", aged" if r.aged else ""
    return f"{r.name} [{r.tier}, {r.vp} VP, {need}{forbid}, {r.barrel}{aged}, {r.region}]"


def spirit(s: Mapping[str, Any]) -> str:
    name = SIGNATURE[s["recipe"]].spirit if s["recipe"] in SIGNATURE else RECIPE[s["recipe"]].name
    label = "" if s["label"] else ", no label"
    return (
        f"{name} in {s['barrel']}: {cards(s['cards'])}; "
        f"{s['flavours']} flavour card(s), stored {s['stored']}{label}"
    )


def seat_lines(seat: Mapping[str, Any], viewer: int | None, view: Mapping[str, Any]) -> list[str]:
    q = seat["seat"]
    name = "You" if q == viewer else f"P{q}"
    marks = []
    if q == view["first"]:
        marks.append("first player")
    if seat["passed"] and view["phase"] == "market":
        marks.append("passed")
    tag = f" ({', '.join(marks)})" if marks else ""
    d = DISTILLER.get(seat["distiller"] or "")
    who = (
        f"{d.name} of {REGION_WORDS[d.region]}: {ABILITY_TEXT[d.key]}" if d else "distiller hidden"
    )
    lines = [paint(f"{name}{tag}", "bold cyan") + f": {seat['vp']} VP, ${seat['money']}; {who}"]
    lines.append(f"    pantry: {cards(seat['pantry'])}")
    lines.append(
        f"    barrels: {', '.join(seat['barrels']) or '-'}; bottles: "
        f"{', '.join(seat['bottles'])}; shelf: {', '.join(seat['shelf']) or '-'}"
    )
    lines.append(f"    recipes: {', '.join(seat['recipes'])} (+ signature)")
    lines.append(
        f"    labels: {', '.join(seat['labels']) or '-'}; bonus spaces used: "
        f"{', '.join(seat['spaces']) or '-'}"
    )
    ups = [f"{UPGRADE[u].name} ({UPGRADE_TEXT[u]})" for u in seat["upgrades"]]
    lines.append(f"    upgrades: {'; '.join(ups) or '-'}")
    lines.append(f"    warehouse ({len(seat['warehouse'])}/{seat['capacity']}):")
    lines += [f"      {spirit(s)}" for s in seat["warehouse"]]
    if seat["result"]:
        lines.append(f"    distilled: {cards(seat['result'])}")
    if seat["made"]:
        lines.append(f"    new spirit: {spirit(seat['made'])}")
    if "goals" in seat:
        goals = [f"{GOAL[g].name}: {GOAL_TEXT[g]}" for g in seat["goals"]]
        lines.append(f"    goals: {' '.join(goals) or '-'}")
    if "dealt" in seat:
        lines.append(f"    dealt distillers: {', '.join(seat['dealt'])}; kept: {seat['kept']}")
        lines.append(
            f"    dealt goals: {', '.join(seat['dealt_goals'])}; dropped: {seat['dropped']}"
        )
    if "vat" in seat:
        lines.append(f"    vat: {cards(seat['vat'])}; kept out: {cards(seat['kept_out'])}")
    if "sources" in seat:
        lines.append("    score: " + ", ".join(f"{k} {v}" for k, v in seat["sources"].items()))
    return lines


def render_view(view: Mapping[str, Any]) -> str:
    viewer = view["viewer"]
    lines = [paint("Distilled", "bold") + f", round {view['round']} of 7, phase {view['phase']}"]
    seats = sorted(view["seats"], key=lambda s: s["seat"] != viewer)
    for seat in seats:
        lines += seat_lines(seat, viewer, view)
    lines.append(paint("Recipes on offer", "bold yellow"))
    for key in ("moonshine", "vodka", *view["flight"]):
        lines.append(f"  {recipe(key)}: {view['labels_left'][key]} labels left")
    basic = ", ".join(f"{k} {n}" for k, n in view["basic"].items())
    lines.append(paint("Basic market", "bold yellow") + f": {basic}; alcohol {view['alcohol']}")
    for name, row in view["rows"].items():
        shown = []
        for i, key in enumerate(row):
            if name == "upgrade":
                shown.append(f"{i}: {UPGRADE[key].name} ({UPGRADE_TEXT[key]})")
            elif name == "ingredient":
                ing = INGREDIENT[key]
                shown.append(f"{i}: {ing.name} ${ing.cost} ({ing.kind}, ${ing.money}/{ing.vp} VP)")
            else:
                item = BARREL[key].name if key in BARREL else BOTTLE[key].name
                shown.append(f"{i}: {item} ({ITEM_TEXT[key]})")
        lines.append(
            paint(f"{name} row", "bold yellow")
            + f" ({view['decks'][name]} in the deck): {'; '.join(shown) or '-'}"
        )
    if view["peeked"]:
        lines.append(f"Revealed from the {view['peek_row']} deck: {', '.join(view['peeked'])}")
    awards = "; ".join(
        f"{AWARD[a].name} ({AWARD[a].vp} VP: {AWARD_GOAL[a]})" for a in view["awards"]
    )
    lines.append(paint("Spirit awards open", "bold yellow") + f": {awards or '-'}")
    lines.append(f"Flavour deck: {view['flavour_deck']} cards")
    if view["phase"] == "over":
        lines.append(paint("The game is over.", "bold"))
    elif viewer is not None and viewer in view["to_move"]:
        lines.append(paint(PROMPTS[view["phase"]], "bold green"))
    return "\n".join(lines)
