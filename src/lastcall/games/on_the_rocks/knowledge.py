"""What bots need of On The Rocks: re-shuffling what nobody sees, and an evaluation."""

from __future__ import annotations

from typing import Final

from mypy_extensions import trait

from lastcall.core import Rng
from lastcall.games.on_the_rocks.content import RECIPE_SLOTS, RECIPE_VALUE, TIP_VALUES
from lastcall.games.on_the_rocks.state import (
    GLASS_OFFSET,
    LEMONS,
    NT,
    SLOTS_PER_PLAYER,
    OnTheRocksBase,
)

CELL_COUNT: Final = tuple(map(len, RECIPE_SLOTS))
"""Each recipe card's number of cells."""


def _permuted(rng: Rng, cards: tuple[int, ...]) -> tuple[int, ...]:
    """Unseen cards in canonical order, then in an order drawn by ``rng``."""
    pool = sorted(cards)
    rng.permute(pool)
    return tuple(pool)


@trait
class OnTheRocksKnowledge(OnTheRocksBase):
    """Determinization and evaluation."""

    __slots__ = ()

    def _resample(self, viewer: int | None, rng: Rng) -> None:
        """Re-shuffle what nobody sees: the tip deck, the recipe stacks, the face-down spills.

        Everything else (the bag's contents, every board, every tip card in
        hand) is public, so every seat's world is drawn the same way.
        """
        self.tip_deck = _permuted(rng, self.tip_deck)
        self.recipe_decks = tuple(_permuted(rng, d) for d in self.recipe_decks)
        hidden = len(self.spill_deck) - self.spill_known
        self.spill_deck = _permuted(rng, self.spill_deck[:hidden]) + self.spill_deck[hidden:]

    def evaluate(self, player: int) -> float:
        """Share of the projected income: banked money plus the filled part of open recipes."""
        if self.is_over:
            return super().evaluate(player)
        return self.evaluate_all()[player]

    def evaluate_all(self) -> tuple[float, ...]:
        """Every seat's ``evaluate`` from one projection of each seat's income.

        One pass over each seat's glasses, tips and shelf, with the floating-point sums
        in the order :meth:`scores` and the projection have always taken, so the numbers
        (which the greedy bot's ties depend on) stay the same to the last bit.
        """
        if self.is_over:
            return super().evaluate_all()
        target = LEMONS[self.options["length"]]
        recipes, done, slots, tips, shelf = (
            self.recipes,
            self.done,
            self.slots,
            self.tips,
            self.shelf,
        )
        lemons, completed, bonus = self.lemons, self.completed, self.bonus
        n = self.num_players
        projected: list[float] = []
        for p in range(n):
            q = 4 * p
            banked = bonus[p]
            for g in range(4):
                if recipes[q + g] >= 0 and not done[q + g]:
                    banked -= 2  # an incomplete recipe costs $2 at the end
            for card in completed[p]:
                banked += RECIPE_VALUE[card]
            t = NT * p
            for k in range(NT):
                banked += TIP_VALUES[k] * tips[t + k]
            est = float(banked) + 4.0 * lemons[p] / target
            for g in range(4):
                card = recipes[q + g]
                if card >= 0 and not done[q + g]:
                    cells = CELL_COUNT[card]
                    base = p * SLOTS_PER_PLAYER + GLASS_OFFSET[g]
                    filled = 0
                    for i in range(base, base + cells):
                        if slots[i]:
                            filled += 1
                    est += (RECIPE_VALUE[card] + 2.0) * (filled / cells)
            kept = 0
            for i in range(8 * p, 8 * p + 8):
                kept += shelf[i]
            est += 0.5 * kept
            projected.append(max(est, 0.0))
        total = sum(projected) + n
        return tuple([(est + 1.0) / total for est in projected])
