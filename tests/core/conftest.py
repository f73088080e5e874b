"""A tiny game for testing the engine contract without any real game's rules.

It is deliberately not registered, so the registry and the conformance suite
never see it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lastcall.core import Action, Game, Option, State

TAKE = (Action("take", 1), Action("take", 2))


class PileState(State):
    """Seats take one or two counters in turn; whoever takes the last one wins."""

    __slots__ = ("last", "pile", "taken")

    last: int
    pile: int
    taken: list[int]

    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        return TAKE[: min(2, self.pile)]

    def _apply(self, player: int, action: Action) -> None:
        amount = int(action.args[0])
        self.pile -= amount
        self.taken[player] += amount
        self.say(f"P{player} takes {amount}.")
        self.say(f"You now hold {self.taken[player]}.", player)
        if self.pile == 0:
            self.last = player
            self.to_move = ()
        else:
            self.to_move = ((player + 1) % self.num_players,)

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str]:
        return "take one or two, no more than the pile", "Taking"

    def view(self, player: int | None) -> dict[str, Any]:
        return {"pile": self.pile}

    def clone(self) -> PileState:
        c = PileState.__new__(PileState)
        self._copy_base(c)
        c.last = self.last
        c.pile = self.pile
        c.taken = self.taken[:]
        return c

    def determinize(self, player: int, seed: int) -> PileState:
        return self.clone()

    def scores(self) -> tuple[float, ...]:
        """The last taker wins (or, misère, everyone else does)."""
        if not self.is_over:
            return (0.0,) * self.num_players
        misere = bool(self.options["misere"])
        return tuple(float((p == self.last) != misere) for p in range(self.num_players))


class Pile(Game):
    id = "pile"
    version = 3
    title = "Pile"
    summary = "Take one or two; the last counter wins."
    min_players = 2
    max_players = 4
    options = (
        Option("size", 7, "counters at the start", minimum=1, maximum=50),
        Option("misere", False, "whoever takes the last counter loses"),
        Option("colour", "red", "the counters' colour", choices=("red", "blue")),
    )
    state_class = PileState

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> PileState:
        state = PileState.__new__(PileState)
        state._init_base(self, players, options, seed)
        state.pile = int(options["size"])
        state.taken = [0] * players
        state.last = -1
        state.to_move = (0,)
        return state

    def is_action(self, action: Action) -> bool:
        return action in TAKE

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        return int(options["size"])

    def render(self, view: Mapping[str, Any]) -> str:
        return f"{view['pile']} left"


PILE = Pile()
