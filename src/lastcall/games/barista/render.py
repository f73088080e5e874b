"""A Barista view as a table for the terminal: the order dice, tips as cups, cards in colour."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lastcall.core import paint

SLOT_ORDER = ("shots", "size", "milk", "drink")
SLOT_STYLE = {"shots": "yellow", "size": "cyan", "milk": "bright_white", "drink": "magenta"}
ACTION_CARDS = ("roll", "change", "take", "spill")
TIPS_TO_WIN = 5
CATEGORY_OF = {
    **dict.fromkeys(("single", "double", "triple"), "shots"),
    **dict.fromkeys(("tall", "grande", "vente"), "size"),
    **dict.fromkeys(("nonfat", "breve", "soy"), "milk"),
    **dict.fromkeys(("cappuccino", "mocha", "latte"), "drink"),
}
PHASE_TEXT = {
    "setup": "setup: place matching cards face down, then say ready",
    "play": "play a card",
    "discard": "discard a card from your hand",
    "target": "choose the opponent",
    "die": "choose the die",
    "over": "the game is over",
}


def card(name: str) -> str:
    """A card name in the colour of its kind: coffee by die, wild green, actions red."""
    if name == "wild":
        return paint(name, "bold green")
    if name in ACTION_CARDS:
        return paint(name, "bold red")
    return paint(name, SLOT_STYLE[CATEGORY_OF[name]])


def cups(tips: int) -> str:
    """Tips as filled cups out of the five that win."""
    filled = min(tips, TIPS_TO_WIN)
    return paint("●" * filled, "bold yellow") + "○" * (TIPS_TO_WIN - filled)


def render_view(view: Mapping[str, Any]) -> str:
    order = view["order"]
    dice = "  ".join(paint(f"[ {order[slot]} ]", f"bold {SLOT_STYLE[slot]}") for slot in SLOT_ORDER)
    lines = [
        f"Barista · round {view['round']} · turn {view['turns']} "
        f"(the game ends after {view['turn_limit']})",
        f"Order   {dice}",
        f"Draw pile {view['draw_pile']} · tip jar {view['tip_jar']} · discard top: "
        + (card(view["discard_pile"][-1]) if view["discard_pile"] else "none"),
    ]
    challenge = view["challenge"]
    if challenge:
        left = challenge["final_turns_left"]
        lines.append(
            paint(
                f"Barista Challenge by P{challenge['challenger']}: "
                f"{left} final turn{'s' if left != 1 else ''} left",
                "bold red",
            )
        )
    for seat in view["seats"]:
        q = seat["seat"]
        marks = []
        if q == view["dealer"]:
            marks.append("dealer")
        if view["phase"] == "setup" and q in view["to_move"]:
            marks.append("placing")
        elif q == view["current"] and view["phase"] != "over":
            marks.append("to play")
        who = "You" if q == view["viewer"] else f"P{q}"
        tag = f"{who} ({', '.join(marks)})" if marks else who
        tag = f"{tag:<18}"
        head = f"{paint(tag, 'bold') if q == view['viewer'] else tag} {cups(seat['tips'])}"
        if "placed" in seat:
            slots = "  ".join(_slot(slot, seat) for slot in SLOT_ORDER)
            lines.append(f"{head}  order: {slots}")
            hand = ", ".join(card(name) for name in seat["hand"]) or "(empty)"
            lines.append(f"    hand: {hand}")
        else:
            filled = ", ".join(seat["placed_slots"]) or "nothing"
            lines.append(f"{head}  {seat['hand_size']} in hand · face down on: {filled}")
    if view["pending"]:
        lines.append(f"Resolving {card(view['pending'])}")
    lines.append(f"Now: {PHASE_TEXT[view['phase']]}.")
    lines.append("(a placed card marked ! no longer matches its die)")
    return "\n".join(lines)


def _slot(slot: str, seat: Mapping[str, Any]) -> str:
    placed = seat["placed"].get(slot)
    if placed is None:
        return f"{slot}:-"
    stale = "!" if slot in seat["stale_slots"] else ""
    return f"{slot}:{card(placed)}{stale}"
