"""What a bot is given and what it must answer.

A bot never holds the true state. It gets a :class:`Seat`: the seat's view,
its legal actions, the game's evaluation and ``determinize``, which re-samples
everything hidden from the seat. So a bot can search without peeking.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from lastcall.core import Action, Game, State


class Seat:
    """A seat's window on the game, the only thing a bot may look through."""

    __slots__ = ("_state", "player")

    def __init__(self, state: State, player: int) -> None:
        self._state = state
        self.player = player

    @property
    def game(self) -> Game:
        return self._state.game

    @property
    def num_players(self) -> int:
        return self._state.num_players

    def view(self) -> dict[str, Any]:
        return self._state.view(self.player)

    def legal_actions(self) -> tuple[Action, ...]:
        return self._state.legal_actions(self.player)

    def determinize(self, seed: int) -> State:
        """A full state consistent with this seat's knowledge, hidden parts re-sampled."""
        return self._state.determinize(self.player, seed)


class Bot(ABC):
    """A player program; one instance plays one seat of one game at a time."""

    name: str = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    @abstractmethod
    def choose(self, seat: Seat) -> Action:
        """Pick one of ``seat.legal_actions()``."""

    def __repr__(self) -> str:
        return f"<bot {self.name}>"
