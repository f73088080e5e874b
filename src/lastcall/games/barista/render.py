"""Plain-text rendering of a Barista view (what one seat may see)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SLOT_ORDER = ("shots", "size", "milk", "drink")


def render_view(view: Mapping[str, Any]) -> str:
    lines = [
        f"Barista, round {view['round']} (turn {view['turns']} of at most {view['turn_limit']})",
        f"Order: {view['order_name']}   "
        + "  ".join(f"{slot}={view['order'][slot]}" for slot in SLOT_ORDER),
        f"Draw pile {view['draw_pile']}   tip jar {view['tip_jar']}   "
        f"discard top: {view['discard_pile'][-1] if view['discard_pile'] else '-'}",
    ]
    challenge = view["challenge"]
    if challenge:
        lines.append(
            f"Barista Challenge by P{challenge['challenger']}: "
            f"{challenge['final_turns_left']} final turn(s) left"
        )
    for seat in view["seats"]:
        q = seat["seat"]
        marks = []
        if q == view["dealer"]:
            marks.append("dealer")
        if q == view["current"] and view["phase"] != "setup":
            marks.append("to play")
        tag = f" ({', '.join(marks)})" if marks else ""
        if "placed" in seat:
            slots = "  ".join(
                f"{slot}:{seat['placed'].get(slot, '-')}"
                + ("!" if slot in seat["stale_slots"] else "")
                for slot in SLOT_ORDER
            )
            lines.append(f"P{q}{tag}: {seat['tips']} tips | order {slots}")
            lines.append(f"    hand: {', '.join(seat['hand']) or '(empty)'}")
        else:
            filled = ", ".join(seat["placed_slots"]) or "none"
            lines.append(
                f"P{q}{tag}: {seat['tips']} tips | {seat['hand_size']} in hand, "
                f"face down on: {filled}"
            )
    if view["pending"]:
        lines.append(f"Resolving: {view['pending']}")
    if view["phase"] == "over":
        lines.append("The game is over.")
    return "\n".join(lines)
