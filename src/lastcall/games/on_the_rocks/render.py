"""The table as one seat sees it, in words and colour tags (``lastcall.core.markup``).

Marbles are painted in their colours; in a glass, a placed marble is in
capitals (a wild placed as a colour carries a star) and a wanted one is dim,
so the text reads the same without colour. Nothing shows before it means
something: no dice before the roll, no debt for unfinished recipes before the
night is over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lastcall.core import paint
from lastcall.games.on_the_rocks.content import GLASS_NAMES, GLASS_TITLES, TIP_KINDS, TIP_TITLES

MARBLE_STYLE = {
    "yellow": "bold yellow",
    "blue": "bold bright_blue",
    "green": "bold green",
    "red": "bold red",
    "white": "bold white",
    "wild": "bold bright_cyan",
    "spill": "black on white",
    "gold": "black on yellow",
}
GLASS_STYLE = dict(
    zip(GLASS_NAMES, ("bold orange3", "bold magenta", "bold cyan", "bold chartreuse3"), strict=True)
)
GLASS_TITLE = dict(zip(GLASS_NAMES, GLASS_TITLES, strict=True))
TIP_TITLE = dict(zip(TIP_KINDS, TIP_TITLES, strict=True))
TITLE_WIDTH = max(map(len, GLASS_TITLES))

LEGEND = "Glasses fill from the bottom row; CAPITALS are placed, a star marks a wild."
ASKED = {
    "order": "take an order (3 or 4 recipes)",
    "roll": "turn a die (paying a marble) or draft",
    "start": "choose the bowl where mixing starts",
    "mix": "choose the next marble to mix",
    "select": "select a jigger bowl",
    "shake": "play Shake it Up or take the bowl",
    "keep": "keep 2 ingredients (Shots! Shots!)",
    "save": "save extra ingredients (3 on the shelf at most)",
    "tips": "play tip cards, take picks, or end the turn",
    "target": "choose the player who gets the card",
    "drink": "choose the drink the spill falls on",
    "remove": "choose the marbles to remove",
}
PLACING = {
    "bowl": "place the bowl's ingredients",
    "gold": "place the gold marble's picks",
    "tip": "place what the tip card drew",
    "bought": "place the marbles Buy a Drink drew",
    "gift": "place the marble Buy a Drink gave them",
    "extras": "place the extra ingredients on the new order",
    "leftovers": "place the bowl's leftovers on the new order",
}


def render_view(view: Mapping[str, Any]) -> str:
    names: Sequence[str] = view["marbles"]
    over = view["phase"] == "over" or not view["to_move"]
    lines = [_heading(view, over)]
    if view["last_call"] >= 0 and not over:
        lines.append(
            paint("LAST CALL", "bold red")
            + f" by P{view['last_call']}: everyone else has one final turn"
        )
    lines.append("")
    lines.extend(_turn(view, names))
    for b, bowl in enumerate(view["bowls"]):
        lines.append(f"Bowl {b + 1}: {_marbles(bowl, names)}")
    if any(view["sign"]):
        lines.append(f"On the sign: {_marbles(view['sign'], names)}")
    if any(view["waiting"]):
        lines.append(f"Left over from the bowl: {_marbles(view['waiting'], names)}")
    if view["picks"]:
        lines.append(f"Picks from the bag left: {view['picks']}")
    if view["pending_spills"]:
        lines.append(f"Spills to resolve at the end of the turn: {view['pending_spills']}")
    lines.append(f"Bag: {_counted(view['bag'], names)}")
    lines.append(_decks(view))
    for seat in view["seats"]:
        lines.append("")
        lines.extend(_seat(view, seat, names, over))
    if any(seat["glasses"] for seat in view["seats"]):
        lines.append("")
        lines.append(paint(LEGEND, "dim"))
    return "\n".join(lines)


def _heading(view: Mapping[str, Any], over: bool) -> str:
    title = paint("On The Rocks", "bold") + f", {view['length']} game"
    if over:
        seats = view["seats"]
        best = max((s["score"], len(s["completed"])) for s in seats)
        first = [f"P{s['seat']}" for s in seats if (s["score"], len(s["completed"])) == best]
        won = f"{first[0]} wins" if len(first) == 1 else f"{' and '.join(first)} share the win"
        return f"{title}: the night is over, {won}"
    if view["step"] == "setup":
        return f"{title}, before the first turn"
    round_no = f"round {view['round']} (the bar closes after round {view['round_limit']})"
    return f"{title}, {round_no}: P{view['turn']}'s turn"


def _turn(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """Who decides what now, and what the current step has in hand."""
    if not view["to_move"]:
        return []
    phase = view["phase"]
    who = ", ".join(f"P{p}" for p in view["to_move"])
    if phase == "place":
        asked = PLACING[view["placing"]]
    elif phase == "remove" and view["removals_left"]:
        asked = f"remove {_plural(view['removals_left'], 'marble')}"
        if view["to_move"] != [view["turn"]]:
            asked += f" from P{view['turn']}'s board (Weak Drink)"
    elif phase == "target" and view["tip_to_give"]:
        asked = f"choose who gets {TIP_TITLE[view['tip_to_give']]}"
    else:
        asked = ASKED[phase]
    lines = [paint(f"{who} to {asked}", "bold")]
    if phase == "roll":
        a, b = view["dice"]
        lines.append(f"Dice: {a} and {b}, so {a + b} marbles to draft")
    if any(view["drafted"]):
        where = f"; the next goes into bowl {view['next_bowl']}" if view["next_bowl"] else ""
        lines.append(f"To mix: {_marbles(view['drafted'], names)}{where}")
    return lines


def _decks(view: Mapping[str, Any]) -> str:
    coaster = view["coaster"]
    face_up = view["spill_deck_face_up"]
    spills = f"spill deck {view['spill_deck']}"
    if face_up:
        spills += f" ({len(face_up)} face up at the bottom: {', '.join(face_up)})"
    return (
        f"Coaster: {coaster['spill']} spill, {coaster['gold']} gold; {spills}; "
        f"tip deck {view['tip_deck']}"
    )


def _seat(
    view: Mapping[str, Any], seat: Mapping[str, Any], names: Sequence[str], over: bool
) -> list[str]:
    q = seat["seat"]
    tags = []
    if q == view["viewer"]:
        tags.append("you")
    if q == view["turn"] and not over and view["step"] != "setup":
        tags.append("to play")
    name = paint(f"P{q}", "bold") + (f" ({', '.join(tags)})" if tags else "")
    # Unfinished recipes cost $2 each only when the night is over.
    open_recipes = sum(1 for g in seat["glasses"] if not g["complete"])
    money = f"final ${seat['score']:g}" if over else f"${seat['score'] + 2 * open_recipes:g}"
    facts = [money, f"lemons {seat['lemons']}"]
    if seat["completed"]:
        facts.append(f"{_plural(len(seat['completed']), 'recipe')} completed")
    if seat["bonus"]:
        facts.append(f"bonus ${seat['bonus']}")
    lines = [f"{name}: " + ", ".join(facts)]
    if any(seat["extras"]):
        lines.append(f"  Extras: {_marbles(seat['extras'], names)}")
    held = [
        f"{TIP_TITLE[kind]}" + (f" x{count}" if count > 1 else "")
        for kind, count in zip(view["tip_kinds"], seat["tips"], strict=True)
        if count
    ]
    if held:
        lines.append(f"  Tips: {', '.join(held)}")
    if seat["complaints"]:
        lines.append(
            "  Complaints: "
            + ", ".join(f"{TIP_TITLE[kind]} from P{giver}" for kind, giver in seat["complaints"])
        )
    for glass in seat["glasses"]:
        title = paint(f"{GLASS_TITLE[glass['glass']]:<{TITLE_WIDTH}}", GLASS_STYLE[glass["glass"]])
        recipe = f"{glass['recipe']} (${glass['value']})"
        if glass["complete"]:
            lines.append(f"  {title} {recipe}: completed")
        else:
            rows = " | ".join(" ".join(map(_cell, row)) for row in glass["rows"])
            lines.append(f"  {title} {recipe}: {rows}")
    return lines


def _cell(cell: str) -> str:
    """A recipe spot: dim while wanted, in its colour once placed."""
    if cell.islower():
        return paint(cell, "dim")
    return paint(cell, MARBLE_STYLE[cell.rstrip("*").lower()])


def _marbles(counts: Sequence[int], names: Sequence[str]) -> str:
    """A few marbles, each kind in its colour: ``2 red, blue`` (or ``empty``)."""
    painted = [
        (f"{count} " if count > 1 else "") + paint(name, MARBLE_STYLE[name])
        for name, count in zip(names, counts, strict=True)
        if count
    ]
    return ", ".join(painted) or "empty"


def _counted(counts: Sequence[int], names: Sequence[str]) -> str:
    """Marbles by number, each kind in its colour: ``15 yellow, 13 blue``."""
    return ", ".join(
        f"{count} {paint(name, MARBLE_STYLE[name])}"
        for name, count in zip(names, counts, strict=True)
        if count
    )


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
