"""Plain text of an On The Rocks view (the table as one seat sees it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def render_view(view: Mapping[str, Any]) -> str:
    lines = [
        f"On The Rocks ({view['length']} game) - turn of P{view['turn']}, "
        f"step {view['step']}, waiting for "
        + (", ".join(f"P{p}" for p in view["to_move"]) or "nobody")
        + f" ({view['phase']})"
    ]
    if view["last_call"] >= 0:
        lines.append(f"LAST CALL by P{view['last_call']}")
    lines.append(f"Dice: {view['dice'][0]} {view['dice'][1]}   picks left: {view['picks']}")
    names = view["marbles"]
    lines.extend(f"  bowl {i + 1}: {_counts(b, names)}" for i, b in enumerate(view["bowls"]))
    lines.append(f"Bag: {_counts(view['bag'], names)}")
    lines.extend(
        f"{key.capitalize()}: {_counts(view[key], names)}"
        for key in ("drafted", "sign", "waiting")
        if any(view[key])
    )
    lines.append(
        f"Coaster: {view['coaster']['spill']} spill, {view['coaster']['gold']} gold; "
        f"spill deck {view['spill_deck']}, tip deck {view['tip_deck']}"
    )
    for pl in view["seats"]:
        lines.append(
            f"P{pl['seat']}: ${pl['score']:g}, lemons {pl['lemons']}, "
            f"completed {len(pl['completed'])}, extras {_counts(pl['extras'], names)}"
        )
        if any(pl["tips"]):
            lines.append("    tips: " + _counts(pl["tips"], view["tip_kinds"]))
        if pl["complaints"]:
            lines.append("    complaints: " + ", ".join(k for k, _ in pl["complaints"]))
        for g in pl["glasses"]:
            state = "done" if g["complete"] else " | ".join(" ".join(r) for r in g["rows"])
            lines.append(f"    {g['glass']:<12} {g['recipe']} (${g['value']}): {state}")
    lines.append("(capitals: placed; * a wild marble)")
    return "\n".join(lines)


def _counts(counts: list[int], names: list[str]) -> str:
    return ", ".join(f"{v} {k}" for k, v in zip(names, counts, strict=True) if v) or "empty"
