"""What bots need of Barista: re-dealing what a seat cannot see, and an evaluation."""

from __future__ import annotations

from typing import Final

from mypy_extensions import trait

from lastcall.core import Rng
from lastcall.games.barista.content import CONTENT, SLOTS
from lastcall.games.barista.state import EMPTY, BaristaBase

_C: Final = CONTENT
WILD: Final = _C.wild
CAT: Final = _C.kind_category
VAL: Final = _C.kind_value


@trait
class BaristaKnowledge(BaristaBase):
    """Determinization and evaluation."""

    __slots__ = ()

    def _resample(self, viewer: int | None, rng: Rng) -> None:
        """Re-deal the cards ``viewer`` has not seen: the deck, and the others' cards.

        Every hidden card goes into one pool, sorted, then shuffled. Cards the
        viewer knows a seat holds (it took them from the viewer) stay there.
        Then others' face-down slots are filled: a slot placed when its die
        showed value ``v`` takes a card of that value or a wild, drawn at
        random among the pool's fitting cards, never one that would leave a
        later slot without a fitting card (the true deal shows one always
        exists). The other hands are dealt from what is left.
        """
        if viewer is None:
            self.deck.sort()
            rng.permute(self.deck)
            return
        others = [q for q in range(self.num_players) if q != viewer]
        pool = list(self.deck)
        for q in others:
            pool.extend(self.hands[q])
            pool.extend(k for k in self.placed[q] if k != EMPTY)
        pool.sort()
        rng.permute(pool)
        sizes = {q: len(self.hands[q]) for q in others}
        for q in others:
            self.hands[q] = []
        for holder, knower, kind in self.known:
            if knower == viewer and holder != viewer:
                pool.remove(kind)
                self.hands[holder].append(kind)
        self._fill_slots(others, pool, rng)
        for q in others:
            hand = self.hands[q]
            need = sizes[q] - len(hand)
            if need:
                hand.extend(pool[-need:])
                del pool[-need:]
        self.deck = pool
        # What a third seat knows of another's hand is hidden from the viewer.
        self.known = [e for e in self.known if viewer in (e[0], e[1])]

    def _fill_slots(self, others: list[int], pool: list[int], rng: Rng) -> None:
        """Give each of the others' face-down slots a fitting card from ``pool``."""
        wanted = [
            (q, c, self.placed_as[q][c])
            for q in others
            for c in range(SLOTS)
            if self.placed[q][c] != EMPTY
        ]
        # Cards of one value fit only slots asking for it; wilds fit any slot.
        need: dict[int, int] = {}
        for _, c, v in wanted:
            kind = _C.ingredient(c, v)
            need[kind] = need.get(kind, 0) + 1
        have = {kind: pool.count(kind) for kind in need}
        wilds = pool.count(WILD)
        for q, c, v in wanted:
            kind = _C.ingredient(c, v)
            need[kind] -= 1
            # Using a card of this kind or a wild must leave the rest fillable.
            short = sum(max(0, need[k] - have[k]) for k in need)
            can_kind = (
                have[kind] > 0
                and short - max(0, need[kind] - have[kind]) + max(0, need[kind] - (have[kind] - 1))
                <= wilds
            )
            can_wild = wilds > 0 and short <= wilds - 1
            pick_wild = can_wild and (not can_kind or rng.below(have[kind] + wilds) >= have[kind])
            card = WILD if pick_wild else kind
            if pick_wild:
                wilds -= 1
            else:
                have[kind] -= 1
            pool.remove(card)
            self.placed[q][c] = card

    def evaluate(self, player: int) -> float:
        """Tips, plus the order's progress valued at a share of the two-tip prize."""
        if self.is_over:
            return super().evaluate(player)
        return self.evaluate_all()[player]

    def evaluate_all(self) -> tuple[float, ...]:
        """Every seat's ``evaluate`` from one pass over the seats' strengths."""
        if self.is_over:
            return super().evaluate_all()
        strength = [t + 0.45 * self.progress(q) + 0.5 for q, t in enumerate(self.tips)]
        total = sum(strength)
        return tuple([s / total for s in strength])
