"""The greedy bot: one step of look-ahead on the game's own evaluation of its seat.

For each legal action it applies the action to a few determinizations of what
its seat knows (the same worlds for every action, so the comparison is fair)
and scores the result with ``state.evaluate(seat)``. The best average wins;
ties are broken by its own seeded generator.
"""

from __future__ import annotations

from lastcall.bots.base import Bot, Seat
from lastcall.bots.params import int_param
from lastcall.core import Action, LastcallError, Rng

# Averages closer than this are ties: float sums of equal scores may differ in the last bits.
_TIE = 1e-9
# Each sample is a determinized copy per legal action; past this a decision takes minutes.
MAX_SAMPLES = 1000


class GreedyBot(Bot):
    """Picks the action whose immediate result the game rates best for its seat."""

    name = "greedy"

    def __init__(self, seed: int = 0, samples: int | str = 3) -> None:
        super().__init__(seed)
        self.samples = int_param(self.name, "samples", samples, 1, MAX_SAMPLES)
        self.rng = Rng(seed)

    def choose(self, seat: Seat) -> Action:
        actions = seat.legal_actions()
        if not actions:
            raise LastcallError(f"greedy bot asked to move for P{seat.player}, who has no choice")
        if len(actions) == 1:
            return actions[0]
        player = seat.player
        next64 = self.rng.next64
        worlds = [seat.determinize(next64()) for _ in range(self.samples)]
        best: list[Action] = []
        best_total = float("-inf")
        for action in actions:
            total = 0.0
            for world in worlds:
                after = world.clone()
                after.apply(player, action)
                total += after.evaluate(player)
            if total > best_total + _TIE:
                best = [action]
                best_total = total
            elif total >= best_total - _TIE:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)
