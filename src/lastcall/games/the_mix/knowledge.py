"""What bots need of The Mix: re-drawing what a seat cannot see, and an evaluation."""

from __future__ import annotations

from lastcall.core import Rng
from lastcall.games.the_mix.content import CONTENT
from lastcall.games.the_mix.state import BARS, MixBase, Step

_C = CONTENT
CARD_MONEY = tuple(c.money for c in _C.clients)
CARD_TIPS = tuple(c.tips for c in _C.clients)
RECIPE_SIZE = tuple(len(c.recipe) for c in _C.clients)
TIP_MEAN = sum(_C.rules.tip_die_faces) / len(_C.rules.tip_die_faces)


class MixKnowledge(MixBase):
    """Determinization and evaluation."""

    __slots__ = ()

    def _resample(self, viewer: int | None, rng: Rng) -> None:
        """Re-shuffle the unseen part of every deck; re-deal others' setup cards and choices.

        Cards put under a deck face up stay where everyone saw them go; only the
        part above them is unknown. During the sealed setup a seat knows its own
        two Mixologist Cards only: the others' are dealt again from the rest,
        and a choice already made is drawn again among the new pair.
        """
        for level, deck in enumerate(self.decks):
            known = self.deck_known[level]
            hidden = sorted(deck[known:])
            rng.shuffle(hidden)
            self.decks[level] = (*deck[:known], *hidden)
        known = self.tech_known
        hidden = sorted(self.tech_deck[known:])
        rng.shuffle(hidden)
        self.tech_deck = (*self.tech_deck[:known], *hidden)
        solo = sorted(self.solo_deck)
        rng.shuffle(solo)
        self.solo_deck = tuple(solo)
        if viewer is None or self.step != Step.SETUP:
            return
        mine = self.dealt[viewer]
        pool = [m for m in range(len(_C.mixologists)) if m not in mine]
        rng.shuffle(pool)
        for q in range(self.num_players):
            if q == viewer:
                continue
            size = len(self.dealt[q])
            pair = tuple(sorted(pool[-size:]))
            del pool[-size:]
            self.dealt[q] = pair
            if self.choices[q] >= 0:
                self.choices[q] = pair[rng.below(len(pair))] * 2 + rng.below(2)

    def evaluate(self, player: int) -> float:
        """Score as if the game ended now, plus the worth of glasses under way; a share."""
        if self.is_over:
            return super().evaluate(player)
        strength = [max(1.0, self.final_score(q) + self._prospects(q)) for q in range(self.participants)]
        return strength[player] / sum(strength)

    def _prospects(self, p: int) -> float:
        """Half of what each glass would pay, in VP, by how full it is."""
        total = 0.0
        at = p * BARS
        for bar in range(BARS):
            card = self.glass_card[at + bar]
            if card >= 0:
                fill = len(self.glass[at + bar]) / RECIPE_SIZE[card]
                worth = (CARD_MONEY[card] + TIP_MEAN * CARD_TIPS[card]) / 2 + 2
                total += 0.5 * worth * (0.5 + fill)
        return total
