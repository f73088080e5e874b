"""What bots need of Bartender: re-dealing what a seat cannot see, and an evaluation."""

from __future__ import annotations

from typing import Final

from mypy_extensions import trait

from lastcall.core import Rng
from lastcall.games.bartender.content import COIN, DECK, RAIDER, SHOVEL
from lastcall.games.bartender.state import ADVERTISE, BID, DIG, BartenderBase, Step

KIND: Final = DECK.kinds
VALUE: Final = DECK.values


@trait
class BartenderKnowledge(BartenderBase):
    """Determinization and evaluation."""

    __slots__ = ()

    def _resample(self, viewer: int | None, rng: Rng) -> None:
        """Re-deal the other hands and both decks.

        Public: every bar, the market, both discard piles, and how many coins
        and main cards each hand holds. A hidden main card in a hand is a
        raider or a shovel (bar cards are played at once), so those are dealt
        from the raiders and shovels not in sight. Pools are sorted before
        they are shuffled, so the result depends only on what ``viewer`` knows.
        """
        if viewer is None:
            self.deck.sort()
            rng.permute(self.deck)
            self.coin_deck.sort()
            rng.permute(self.coin_deck)
            return
        others = [s for s in range(self.num_players) if s != viewer]
        loose = [x for x in self.deck if KIND[x] in (RAIDER, SHOVEL)]
        fixed = [x for x in self.deck if KIND[x] not in (RAIDER, SHOVEL)]
        coins = list(self.coin_deck)
        for s in others:
            for x in self.hands[s]:
                (coins if KIND[x] == COIN else loose).append(x)
        loose.sort()
        coins.sort()
        rng.permute(loose)
        rng.permute(coins)
        for s in others:
            kinds = sorted(KIND[x] == COIN for x in self.hands[s])
            self.hands[s] = tuple(sorted(coins.pop() if coin else loose.pop() for coin in kinds))
        self.deck = sorted(fixed + loose)
        rng.permute(self.deck)
        self.coin_deck = coins
        if self.phase == Step.CARD and self.current != viewer:
            self._ensure_playable(viewer, rng)

    def _ensure_playable(self, viewer: int, rng: Rng) -> None:
        """The actor who chose raid, dig in or bid showed it holds a fitting card.

        If the re-dealt hand lacks one, a fitting hidden card is swapped in for
        one of its raiders or shovels (a coin always fits where a coin may be used).
        """
        actor = self.current
        kind, _, b, _ = self.pending
        if kind == DIG:
            sh = self.shovel[b]
            floor = VALUE[sh] if sh >= 0 else 0
            wanted: tuple[int, ...] = (SHOVEL,)
        else:
            floor = 0
            wanted = (COIN,) if kind == ADVERTISE else (RAIDER, COIN) if kind == BID else (RAIDER,)
        if any(KIND[x] in wanted and VALUE[x] > floor for x in self.hands[actor]):
            return
        hand = list(self.hands[actor])
        mains = [i for i, x in enumerate(hand) if KIND[x] != COIN]
        i = mains[rng.below(len(mains))]
        donors = [-1] + [s for s in range(self.num_players) if s not in (actor, viewer)]
        for s in donors:
            zone = self.deck if s < 0 else list(self.hands[s])
            for j, x in enumerate(zone):
                if KIND[x] in wanted and KIND[x] != COIN and VALUE[x] > floor:
                    zone[j], hand[i] = hand[i], x
                    self.hands[actor] = tuple(hand)
                    if s >= 0:
                        self.hands[s] = tuple(zone)
                    return

    def evaluate(self, player: int) -> float:
        """Banked profit plus what the seat's hand and happy customers promise, against the
        field; a finished game gives the win share."""
        if self.is_over:
            return super().evaluate(player)
        return self.evaluate_all()[player]

    def evaluate_all(self) -> tuple[float, ...]:
        """Every seat's ``evaluate`` from one pass over the seats' worths."""
        if self.is_over:
            return super().evaluate_all()
        worth = []
        for s in range(self.num_players):
            coins = sum(VALUE[c] for c in self.hands[s] if KIND[c] == COIN)
            worth.append(self.bank[s] + 0.7 * coins + 6.0 * self.happy(s))
        target = self.target
        field = sum(worth) + self.num_players
        return tuple(
            [0.5 * min(1.0, mine / target) + 0.5 * ((mine + 1.0) / field) for mine in worth]
        )
