"""The uniform random bot: the baseline every other bot must beat."""

from __future__ import annotations

from lastcall.bots.base import Bot, Seat
from lastcall.core import Action, Rng


class RandomBot(Bot):
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = Rng(seed)

    def choose(self, seat: Seat) -> Action:
        return self.rng.choice(seat.legal_actions())
