"""The On The Rocks game object: identity, options, the decision bound and text rendering."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from lastcall.core import Action, ActionSpace, Game, GameFacts, Observer, Option, State
from lastcall.games.on_the_rocks.actions import ALL_ACTIONS, action_space
from lastcall.games.on_the_rocks.observer import OnTheRocksObserver
from lastcall.games.on_the_rocks.state import ROUND_LIMIT, OnTheRocksState

# Decisions one turn can take at most: every choice but a handful of fixed ones
# moves a marble, spends a pick or a card, and a turn sees a bounded number of each.
DECISIONS_PER_TURN = 1000


class OnTheRocks(Game):
    """Marble drafting for 2 to 4 mixologists, with tips, complaints and spills."""

    id: ClassVar[str] = "on-the-rocks"
    version: ClassVar[int] = 2
    retired: ClassVar[Mapping[int, str]] = {
        1: "Top Shelf, the first bonus coin and the timing of gold and Premium picks were fixed"
    }
    title: ClassVar[str] = "On The Rocks"
    summary: ClassVar[str] = (
        "Draft marbles through jigger bowls to fill cocktail recipes; tips help, spills hurt."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    facts: ClassVar[GameFacts] = GameFacts(simultaneous=False, chance=True, hidden_information=True)
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "length", "full", "short game (2 orders) or full game (3 orders)", ("short", "full")
        ),
    )
    state_class: ClassVar[type[State]] = OnTheRocksState

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        state = OnTheRocksState.__new__(OnTheRocksState)
        state.setup(self, players, seed, options)
        return state

    def is_action(self, action: Action) -> bool:
        return action in ALL_ACTIONS

    def _action_space(self, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        return action_space(players)

    def _observer(self, players: int, options: Mapping[str, Any], space: ActionSpace) -> Observer:
        return OnTheRocksObserver(players, space)

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        length = str(options.get("length", "full"))
        turns = ROUND_LIMIT[length] * players
        return players + turns * DECISIONS_PER_TURN

    def render(self, view: Mapping[str, Any]) -> str:
        lines = [
            f"On The Rocks ({view['length']} game) - turn of P{view['turn']}, "
            f"step {view['step']}, waiting for "
            + (", ".join(f"P{p}" for p in view["to_move"]) or "nobody")
            + f" ({view['phase']})"
        ]
        if view["last_call"] >= 0:
            lines.append(f"LAST CALL by P{view['last_call']}")
        lines.append(f"Dice: {view['dice'][0]} {view['dice'][1]}   picks left: {view['picks']}")
        lines.extend(f"  bowl {i + 1}: {_counts(b)}" for i, b in enumerate(view["bowls"]))
        lines.append(f"Bag: {_counts(view['bag'])}")
        lines.extend(
            f"{key.capitalize()}: {_counts(view[key])}"
            for key in ("drafted", "sign", "waiting")
            if view[key]
        )
        lines.append(
            f"Coaster: {view['coaster']['spill']} spill, {view['coaster']['gold']} gold; "
            f"spill deck {view['spill_deck']}, tip deck {view['tip_deck']}"
        )
        for pl in view["seats"]:
            lines.append(
                f"P{pl['seat']}: ${pl['score']:g}, lemons {pl['lemons']}, "
                f"completed {len(pl['completed'])}, extras {_counts(pl['extras'])}"
            )
            if pl["tips"]:
                lines.append("    tips: " + ", ".join(f"{k} x{v}" for k, v in pl["tips"].items()))
            if pl["complaints"]:
                lines.append("    complaints: " + ", ".join(k for k, _ in pl["complaints"]))
            for g in pl["glasses"]:
                state = "done" if g["complete"] else " | ".join(" ".join(r) for r in g["rows"])
                lines.append(f"    {g['glass']:<12} {g['recipe']} (${g['value']}): {state}")
        lines.append("(capitals: placed; * a wild marble)")
        return "\n".join(lines)


def _counts(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{v} {k}" for k, v in counts.items()) or "empty"
