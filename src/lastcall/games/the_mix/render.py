"""Terminal text of a view of The Mix: your board first, then the others, then the shared boards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lastcall.core.markup import paint
from lastcall.games.the_mix.content import CONTENT
from lastcall.games.the_mix.presentation import score_now

_C = CONTENT
# The ingredients' colours as terminal styles (the data names plain colours).
STYLE = {"orange": "dark_orange", "pink": "hot_pink", "brown": "orange4", "grey": "grey50"}
COLOUR = {i.key: STYLE.get(i.colour, i.colour) for i in _C.ingredients}
CLIENT = {c.key: c for c in _C.clients}
TECH = {t.key: t for t in _C.techniques}
MIX = {m.key: m for m in _C.mixologists}
TRACK = {t.key: t for t in _C.clients_track.tiles}
COLLECTION = {c.key: c for c in _C.collections}
BAR_TILE = {t.key: t for t in _C.bar_spaces}
PROMPTS = {
    "setup": "Keep one of your two Mixologist Cards, and choose your starting ingredient.",
    "action": "Choose a Main Action (place), an Additional Action (extra), a free step, or end.",
    "client": "Choose the client card to take.",
    "serve": "Choose the glass to serve.",
    "dice": "How many extra tip dice to add to the roll?",
    "technique": "Choose the technique card.",
    "slot": "Place it in a free slot, or replace one of your cards.",
    "barspace": "Choose the Bar Space tile.",
    "buy": "Buy an ingredient ($5), or done.",
    "shakers": "How many shakers ($5 each)?",
    "reserve": "Choose the client card to reserve.",
    "bonus": "Choose how to take the bonus.",
    "refill": "Choose the ingredient type to refill in the Bar Supply.",
}


def ingredient(key: str) -> str:
    return paint(key, COLOUR[key])


def ingredients(keys: list[str]) -> str:
    return " ".join(ingredient(k) for k in keys) or "-"


def effects(items: tuple[Any, ...]) -> str:
    return ", ".join(str(e) for e in items) or "-"


def client(key: str) -> str:
    card = CLIENT[key]
    recipe = ingredients([_C.ingredients[i].key for i in card.recipe])
    return (
        f"{paint(card.name, 'bold')} (tech {card.technique}) {recipe} "
        f"${card.money}+{card.tips}d, now: {effects(card.instant)}, "
        f"setup: {effects(card.bar_setup)}"
    )


def seat_lines(seat: Mapping[str, Any], viewer: int | None, view: Mapping[str, Any]) -> list[str]:
    q = seat["seat"]
    name = "You" if q == viewer else f"P{q}"
    marks = []
    if q == view["current"] and view["phase"] not in ("setup", "over"):
        marks.append("to play")
    if seat["finished"]:
        marks.append("finished")
    tag = f" ({', '.join(marks)})" if marks else ""
    lines = [
        paint(f"{name}{tag}", "bold cyan")
        + f": {seat['vp']} VP, ${seat['money']}, {seat['shakers']} shakers, "
        f"technique {seat['technique']} on {seat['die_space']}, "
        f"mixologists {seat['mixologists_placed']}/{seat['mixologists']}, "
        f"extra dice {seat['extra_dice']}, penalties {seat['penalties']}, "
        f"score now {score_now(seat, view['collections'])}"
    ]
    card = seat["mixologist_card"]
    if card:
        mix = MIX[card]
        lines.append(f"    mixologist: {mix.name} ({mix.trigger}: {effects(mix.effects)})")
    if "dealt" in seat:
        lines.append(f"    dealt: {', '.join(MIX[m].name + ' (' + m + ')' for m in seat['dealt'])}")
    for bar, glass in enumerate(seat["glasses"], start=1):
        held = ingredients(glass["holds"])
        if glass["client"]:
            lines.append(f"    bar space {bar}: {client(glass['client'])}; glass: {held}")
        else:
            lines.append(f"    bar space {bar}: empty")
    lines.append(f"    reserve: {ingredients(seat['reserve'])}")
    if seat["reserved_client"]:
        lines.append(f"    reserved: {client(seat['reserved_client'])}")
    done = [CLIENT[k].name for k in seat["completed"]]
    lines.append(
        f"    completed ({len(done)}, ${seat['completed_money']}): {', '.join(done) or '-'}"
    )
    techs = [f"{TECH[k].name} ({effects(TECH[k].bar_setup)})" for k in seat["techniques"]]
    lines.append(f"    techniques: {', '.join(techs) or '-'}")
    tiles = [f"{k}{' (used)' if k in seat['used_tiles'] else ''}" for k in seat["experience"]]
    extra = f", bar space tile {seat['bar_space_tile']}" if seat["bar_space_tile"] else ""
    lines.append(f"    experience: {', '.join(tiles) or '-'}{extra}")
    return lines


def render_view(view: Mapping[str, Any]) -> str:
    viewer = view["viewer"]
    if view["ending"]:
        orders = f"{view['fox']} orders completed, " + paint(
            f"the end is triggered (at {view['end_orders']})", "bold red"
        )
    else:
        orders = f"{view['fox']} of {view['end_orders']} orders completed"
    lines = [paint("The Mix", "bold") + f", turn {view['turns']}: {orders}"]
    seats = sorted(view["seats"], key=lambda s: s["seat"] != viewer)
    for seat in seats:
        lines += seat_lines(seat, viewer, view)
    for rival in view.get("rivals", ()):
        lines.append(
            paint(f"{rival['name']} ({rival['difficulty']})", "bold magenta")
            + f": {rival['vp']} VP, ${rival['money']}, {rival['shakers']} shakers, "
            f"technique {rival['technique']}, round {rival['round']}, "
            f"extra dice {rival['extra_dice']}, "
            f"score now {score_now(rival, view['collections'])}"
        )
        active = rival["active_client"]
        lines.append(f"    active client: {client(active) if active else '-'}")
        lines.append(f"    ingredients: {ingredients(rival['ingredients'])}")
        lines.append(
            f"    revealed this round: {', '.join(rival['revealed']) or '-'}; "
            f"completed: {', '.join(CLIENT[k].name for k in rival['completed']) or '-'}"
        )
    lines.append(paint("Clients", "bold yellow"))
    for level, column in enumerate(view["columns"], start=1):
        lines.append(f"  level {level} ({view['client_decks'][level - 1]} in the deck):")
        lines += [f"    {client(k)}" for k in column]
    row = [f"{TECH[k].name} ({effects(TECH[k].bar_setup)})" for k in view["technique_row"]]
    lines.append(paint("Techniques", "bold yellow") + f": {', '.join(row) or '-'}")
    bar = " ".join(f"{ingredient(k)} {n}" for k, n in view["bar"].items())
    lines.append(paint("Bar Supply", "bold yellow") + f": {bar}")
    store = " ".join(f"{ingredient(k)} {n}" for k, n in view["store"].items())
    lines.append(paint("Store", "bold yellow") + f": {store}")
    track = ", ".join(TRACK[k].name for k in view["track_tiles"]) or "none"
    collections = ", ".join(COLLECTION[k].name for k in view["collections"])
    tiles = ", ".join(BAR_TILE[k].name for k in view["bar_space_tiles"]) or "none"
    lines.append(
        f"Tip dice on the Main Board: {view['main_dice']}; collective bonuses: {track}; "
        f"collections: {collections}; Bar Space tiles: {tiles}"
    )
    if view["phase"] == "over":
        lines.append(paint("The game is over.", "bold"))
    elif viewer is not None and viewer in view["to_move"]:
        lines.append(paint(PROMPTS[view["phase"]], "bold green"))
    return "\n".join(lines)
