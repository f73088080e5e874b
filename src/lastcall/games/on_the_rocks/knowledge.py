"""What bots need of On The Rocks: re-shuffling what nobody sees, and an evaluation."""

from __future__ import annotations

from mypy_extensions import trait

from lastcall.core import Rng
from lastcall.games.on_the_rocks.content import RECIPE_SLOTS, RECIPE_VALUE
from lastcall.games.on_the_rocks.state import LEMONS, OnTheRocksBase


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
        """Every seat's ``evaluate`` from one projection of each seat's income."""
        if self.is_over:
            return super().evaluate_all()
        target = LEMONS[self.options["length"]]
        projected = []
        scores = self.scores()
        for p in range(self.num_players):
            est = scores[p] + 4.0 * self.lemons[p] / target
            for g in range(4):
                card = self.recipes[p * 4 + g]
                if card >= 0 and not self.done[p * 4 + g]:
                    share = self._filled(p, g) / len(RECIPE_SLOTS[card])
                    est += (RECIPE_VALUE[card] + 2.0) * share
            est += 0.5 * sum(self.shelf[8 * p : 8 * p + 8])
            projected.append(max(est, 0.0))
        total = sum(projected) + self.num_players
        return tuple([(est + 1.0) / total for est in projected])
