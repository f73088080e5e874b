"""Plain text of a Bartender view (what one seat may see)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def render_view(view: Mapping[str, Any]) -> str:
    lines = [
        f"Bartender, turn {view['turn']}: P{view['current']} to play "
        f"({view['phase']}; waiting for "
        f"{', '.join(f'P{p}' for p in view['to_move']) or 'nobody'}). "
        f"Target {view['target']}."
    ]
    for seat in view["seats"]:
        bar = " ".join(
            b["card"] + (f"({b['shovel']})" if b["shovel"] else "") + ("~" if b["sideways"] else "")
            for b in seat["bartenders"]
        )
        customers = " ".join(seat["customers"])
        sideways = seat["sideways_customers"]
        lines.append(
            f"  P{seat['seat']}: bank {seat['bank']:>3}  hand {seat['hand_count']} "
            f"({seat['coins_in_hand']} coins)  happy {seat['happy']}  "
            f"bar: {bar or '-'} | {customers or '-'}"
            + (f" ({sideways} sideways)" if sideways else "")
        )
    lines.append(
        f"  market: {' '.join(view['market']) or '-'}   deck {view['deck']}  "
        f"coins {view['coin_deck']}  idle turns {view['idle_turns']}/{view['closing_after']}"
    )
    pending = view.get("pending")
    if pending:
        who = f"P{pending['by']}"
        card = f" with {pending['card']}" if pending["card"] else " (choosing the card)"
        what = {
            "advertise": f"advertises to P{pending['target']}'s customer",
            "raid": f"raids P{pending['target']}'s {pending['bartender']}",
            "dig": f"digs in {pending['bartender']}",
            "bid": f"starts a bid on {pending['bartender']}",
        }[pending["action"]]
        lines.append(f"  {who} {what}{card}")
    auction = view.get("auction")
    if auction:
        lines.append(
            f"  auction for {auction['bartender']}: P{auction['high_bidder']} "
            f"leads with {auction['high']}"
        )
    if "hand" in view:
        lines.append(f"  your hand: {' '.join(view['hand']) or '-'}")
    lines.append("  (kh~ is sideways; kh(5s) is dug in with the 5s)")
    return "\n".join(lines)
