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
KINDS: Final = len(_C.kind_names)
INGREDIENT: Final = tuple(
    tuple(_C.ingredient(c, v) for v in range(len(_C.values[c]))) for c in range(SLOTS)
)
"""The ingredient card of each die's value, by die and value index."""


def _remove(pool: list[int], card: int) -> None:
    """Take the first ``card`` out of ``pool``, as ``list.remove`` would.

    Compiled, this loop compares native integers, where ``list.remove`` goes
    through the generic comparison for every card it passes.
    """
    for i in range(len(pool)):
        if pool[i] == card:
            pool.pop(i)
            return
    raise ValueError(f"card {card} is not in the pool")


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
        hands = self.hands
        placed = self.placed
        others = [q for q in range(self.num_players) if q != viewer]
        pool = self.deck.copy()
        sizes = [0] * self.num_players
        for q in others:
            pool.extend(hands[q])
            sizes[q] = len(hands[q])
            hands[q] = []
            for k in placed[q]:
                if k != EMPTY:
                    pool.append(k)
        pool.sort()
        rng.permute(pool)
        for holder, knower, kind in self.known:
            if knower == viewer and holder != viewer:
                _remove(pool, kind)
                hands[holder].append(kind)
        self._fill_slots(others, pool, rng)
        for q in others:
            hand = hands[q]
            need = sizes[q] - len(hand)
            if need:
                hand.extend(pool[-need:])
                del pool[-need:]
        self.deck = pool
        # What a third seat knows of another's hand is hidden from the viewer.
        self.known = [e for e in self.known if e[0] == viewer or e[1] == viewer]

    def _fill_slots(self, others: list[int], pool: list[int], rng: Rng) -> None:
        """Give each of the others' face-down slots a fitting card from ``pool``.

        ``short`` counts the slots of all kinds that the pool's cards of their
        kind cannot fill, which the wilds must: it is kept up to date as slots
        are filled rather than summed again for each.
        """
        wanted: list[tuple[int, int, int]] = []
        need = [0] * KINDS
        placed = self.placed
        for q in others:
            row = placed[q]
            row_as = self.placed_as[q]
            filled = False
            for c in range(SLOTS):
                if row[c] != EMPTY:
                    kind = INGREDIENT[c][row_as[c]]
                    wanted.append((q, c, kind))
                    need[kind] += 1
                    filled = True
            if filled:  # a row of its own: copies of the state share the old one
                placed[q] = row.copy()
        if not wanted:
            return
        # Cards of one value fit only slots asking for it; wilds fit any slot.
        have = [0] * KINDS
        for k in pool:
            have[k] += 1
        wilds = have[WILD]
        short = 0
        for kind in range(WILD):
            if need[kind] > have[kind]:
                short += need[kind] - have[kind]
        for q, c, kind in wanted:
            need[kind] -= 1
            if need[kind] >= have[kind]:
                short -= 1
            # Using a card of this kind or a wild must leave the rest fillable.
            can_kind = have[kind] > 0 and short + (1 if need[kind] >= have[kind] else 0) <= wilds
            can_wild = wilds > 0 and short <= wilds - 1
            pick_wild = can_wild and (not can_kind or rng.below(have[kind] + wilds) >= have[kind])
            if pick_wild:
                wilds -= 1
                _remove(pool, WILD)
                card = WILD
            else:
                if need[kind] >= have[kind]:
                    short += 1
                have[kind] -= 1
                _remove(pool, kind)
                card = kind
            placed[q][c] = card

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
