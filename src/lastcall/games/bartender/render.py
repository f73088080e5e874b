"""Text of a Bartender view (what one seat may see), coloured with ``lastcall.core.markup`` tags.

Cards show their suit as a symbol and take the colour of their role, so a
table reads at a glance; the legend names each suit's role and the letter an
action uses for it (``K♥`` is typed ``kh``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lastcall.core import paint
from lastcall.games.bartender.content import (
    BARTENDER,
    COIN,
    CUSTOMER,
    DECK,
    RAIDER,
    ROLE_NAMES,
    SHOVEL,
    SUIT_SYMBOLS,
    card_face,
)

ROLE_STYLES = {
    BARTENDER: "bold magenta",
    CUSTOMER: "red",
    COIN: "yellow",
    RAIDER: "green",
    SHOVEL: "cyan",
}
_KIND_OF = {DECK.names[c]: DECK.kinds[c] for c in range(len(DECK.names))}
_SUIT_OF_ROLE = {
    DECK.kinds[c]: DECK.names[c][-1] for c in range(len(DECK.names)) if DECK.kinds[c] != BARTENDER
}
PHASE_TEXT = {
    "action": "takes one action, or skips",
    "card": "chooses the card",
    "defence": "answers",
    "auction": "bids",
    "bank": "banks coins, or is done",
    "discard": "discards, or is done",
}


def card(name: str) -> str:
    """``kh`` as a coloured ``K♥``."""
    return paint(card_face(name), ROLE_STYLES[_KIND_OF[name]])


def cards(names: Sequence[str]) -> str:
    return " ".join(card(n) for n in names)


def count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def legend() -> str:
    """One line: each suit's role and the letter actions use for it, then the bartenders."""
    parts = []
    for role in (CUSTOMER, COIN, RAIDER, SHOVEL):
        suit = _SUIT_OF_ROLE[role]
        symbol = paint(SUIT_SYMBOLS[suit], ROLE_STYLES[role])
        parts.append(f"{symbol} {suit} {ROLE_NAMES[role]}s")
    parts.append(paint("J Q K", ROLE_STYLES[BARTENDER]) + " bartenders (any suit)")
    return "  ".join(parts)


def _bar(seat: Mapping[str, Any]) -> str:
    """Bartenders (``~`` sideways, ``(5♠)`` dug in) and customers, the sideways ones last."""
    bartenders = " ".join(
        card(b["card"])
        + (f"({card(b['shovel'])})" if b["shovel"] else "")
        + ("~" if b["sideways"] else "")
        for b in seat["bartenders"]
    )
    customers = seat["customers"]
    calm = len(customers) - seat["sideways_customers"]
    people = " ".join(card(c) + ("~" if i >= calm else "") for i, c in enumerate(customers))
    return f"{bartenders or '-'} | {people or '-'}"


def _pending(pending: Mapping[str, Any]) -> str:
    """The chosen action, as in "raid P1's K♥"."""
    action = pending["action"]
    if action == "advertise":
        return f"advertise to P{pending['target']}'s customer"
    bartender = card(pending["bartender"])
    if action == "raid":
        return f"raid P{pending['target']}'s {bartender}"
    return f"dig in {bartender}" if action == "dig" else f"bid on {bartender}"


def _situation(view: Mapping[str, Any]) -> str:
    """What the table waits for now, with the action or auction under way."""
    phase = view["phase"]
    if phase == "over":
        return "The game is over."
    deciding = ", ".join(f"P{p}" for p in view["to_move"])
    pending = view.get("pending")
    if pending:
        what = _pending(pending)
        if pending["card"] is None:
            return f"P{pending['by']} chooses the card to {what}."
        answer = (
            "keep the customer with an equal or higher coin"
            if pending["action"] == "advertise"
            else "block with an equal or higher raider"
        )
        played = card(pending["card"])
        return f"P{pending['by']} plays {played} to {what}: {deciding} may {answer}, or pass."
    auction = view.get("auction")
    if auction:
        return (
            f"Auction for {card(auction['bartender'])}: P{auction['high_bidder']} leads with "
            f"{card(auction['high'])}; {deciding} bids higher or passes."
        )
    return f"{deciding} {PHASE_TEXT[phase]}."


def render_view(view: Mapping[str, Any]) -> str:
    mine = view["viewer"]
    lines = [
        f"Bartender, turn {view['turn']}: P{view['current']}'s turn. "
        f"First to bank {view['target']} wins.",
        legend(),
    ]
    for seat in view["seats"]:
        q = seat["seat"]
        name = f"{f'P{q}' + (' (you)' if q == mine else ''):<8}"
        lines.append(
            f"  {paint(name, 'bold') if q == view['current'] else name} "
            f"banked {seat['bank']:>3}  {count(seat['hand_count'], 'card')} "
            f"({count(seat['coins_in_hand'], 'coin')})  {seat['happy']} happy  "
            f"bar {_bar(seat)}"
        )
    idle = view["idle_turns"]
    market = cards(view["market"]) if view["market"] else "empty"
    lines.append(
        f"  Market: {market}. Main deck {count(view['deck'], 'card')}, "
        f"coin deck {count(view['coin_deck'], 'coin')}."
        + (
            f" {count(idle, 'turn')} without banking (the bar closes at {view['closing_after']})."
            if idle
            else ""
        )
    )
    if any(b["sideways"] or b["shovel"] for s in view["seats"] for b in s["bartenders"]) or any(
        s["sideways_customers"] for s in view["seats"]
    ):
        lines.append("  (~ is turned sideways; a card in brackets is the shovel it is dug in with)")
    if "hand" in view:
        lines.append(f"  Your hand: {cards(view['hand']) if view['hand'] else 'empty'}")
    lines.append(_situation(view))
    return "\n".join(lines)
