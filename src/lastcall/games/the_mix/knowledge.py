"""What bots need of The Mix: re-drawing what a seat cannot see, and an evaluation."""

from __future__ import annotations

from math import exp
from typing import Final

from mypy_extensions import trait

from lastcall.core import Rng
from lastcall.games.the_mix.content import CONTENT
from lastcall.games.the_mix.state import (
    BAR_TILE,
    BARS,
    FINISHED,
    MIXOLOGIST,
    MONEY,
    MONEY_PER_VP,
    ROUND_LIMIT,
    SETUPS,
    Gains,
    MixBase,
    Step,
    W,
    gains,
)

_C: Final = CONTENT
RECIPE_SIZE: Final = tuple(len(c.recipe) for c in _C.clients)
TIP_MEAN: Final = sum(_C.rules.tip_die_faces) / len(_C.rules.tip_die_faces)
# What one unit of each gain is worth in VP to a bot, in the kinds' order (money, vp,
# shaker, store, bar, tip_die, roll_tip, advance, increase, experience).
GAIN_VP: Final = (0.5, 1.0, 1.0, 1.6, 1.5, 0.6, 0.5 * TIP_MEAN, 0.8, 1.0, 3.0)
ORDERS_PER_ROUND: Final = 0.8
"""Orders a participant completes in a round, about: how fast the end comes."""
AUTOMATON_ROUND: Final = 4.0
"""VP the automaton gains in a round, about."""
TEMPERATURE: Final = 15.0
"""VP of lead that multiply a seat's odds against a rival by e: spreads the evaluation so
that a search tells a good action from an ordinary one (a share of the total, as before,
moved by about 0.01 for 5 VP, far under the search's exploration term)."""
SETTLED: Final = frozenset((Step.SETUP, Step.ACTION, Step.OVER))
"""Where no action is under way: the turn's menu, the sealed setup, the end."""


def worth(effects: Gains) -> float:
    return sum(GAIN_VP[kind] * amount for kind, amount in effects)


SETUP_WORTH: Final = tuple(worth(gains(c.bar_setup)) for c in _C.clients)
PAYOFF: Final = tuple((c.money + TIP_MEAN * c.tips) / 2 for c in _C.clients)
"""VP a completed card pays at once: its $ and its tip dice, at $2 a VP."""
TECH_WORTH: Final = tuple(worth(gains(t.bar_setup)) for t in _C.techniques)
BAR_TILE_WORTH: Final = tuple(worth(gains(t.bar_setup)) for t in _C.bar_spaces)
MIX_SETUP_WORTH: Final = tuple(
    worth(gains(m.effects)) if m.trigger == "bar_setup" else 0.0 for m in _C.mixologists
)


@trait
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
        decks = []  # a new list: the state this world was copied from shares the old one
        for level, deck in enumerate(self.decks):
            known = self.deck_known[level]
            hidden = sorted(deck[known:])
            rng.permute(hidden)
            decks.append((*deck[:known], *hidden))
        self.decks = decks
        known = self.tech_known
        hidden = sorted(self.tech_deck[known:])
        rng.permute(hidden)
        self.tech_deck = (*self.tech_deck[:known], *hidden)
        solo = sorted(self.solo_deck)
        rng.permute(solo)
        self.solo_deck = tuple(solo)
        if viewer is None or self.step != Step.SETUP:
            return
        mine = self.dealt[viewer]
        pool = [m for m in range(len(_C.mixologists)) if m not in mine]
        rng.permute(pool, sum(len(self.dealt[q]) for q in range(self.num_players) if q != viewer))
        dealt, choices = self.dealt.copy(), self.choices.copy()
        for q in range(self.num_players):
            if q == viewer:
                continue
            size = len(dealt[q])
            pair = tuple(sorted(pool[-size:]))
            del pool[-size:]
            dealt[q] = pair
            if choices[q] >= 0:
                choices[q] = pair[rng.below(len(pair))] * 2 + rng.below(2)
        self.dealt, self.choices = dealt, choices

    def evaluate(self, player: int) -> float:
        """The seat's odds of leading, from every participant's worth (``_worth``) once the
        action under way is done: a softmax of the worths at ``TEMPERATURE``.

        A position in the middle of a compound action (a choice of client, of ingredient,
        of a bonus, a Bar Setup) is worth what it comes to once each choice left is made
        the way that looks best to the one making it (``_settled``), and never more: a
        search then gains nothing by stopping short of finishing an action.
        """
        if self.is_over:
            return super().evaluate(player)
        return self.evaluate_all()[player]

    def evaluate_all(self) -> tuple[float, ...]:
        """Every seat's ``evaluate`` from one settled copy and one set of worths."""
        if self.is_over:
            return super().evaluate_all()
        state = self._settled()
        if state.is_over:
            return state.evaluate_all()
        worths = [state._worth(q) for q in range(state.participants)]
        top = max(worths)
        odds = [exp((w - top) / TEMPERATURE) for w in worths]
        total = sum(odds)
        return tuple([odds[p] / total for p in range(self.num_players)])

    def _settled(self) -> MixKnowledge:
        """This position, or a copy played on to the next turn menu by one-step choices."""
        if self.step in SETTLED:
            return self
        world = self.clone()
        while world.step not in SETTLED:
            mover = world.to_move[0]
            actions = world.legal_actions(mover)
            choice = actions[0]
            if len(actions) > 1:
                best = float("-inf")
                for action in actions:
                    after = world.clone()
                    after.apply(mover, action)
                    value = after._worth(mover)
                    if value > best:
                        best, choice = value, action
            world.apply(mover, choice)
        return world

    def _worth(self, p: int) -> float:
        """VP ``p`` has and should still gain: scoring now (money at its rate), the engine
        times the Bar Setups left, glasses by how full they are, gains waiting for a choice."""
        pv = self.pv
        b = p * W
        score = float(self.final_score(p))
        if p < self.num_players:
            score += (pv[b + MONEY] % MONEY_PER_VP) / MONEY_PER_VP
        return score + self._prospects(p)

    def _rounds_left(self, p: int) -> float:
        """Bar Setups ``p`` may still expect: orders left over the pace of the table."""
        pv = self.pv
        b = p * W
        if pv[b + FINISHED]:
            return 0.0
        if self.ending:
            return 1.0
        left = _C.rules.for_players(self.num_players).end_orders - self.fox
        pace = ORDERS_PER_ROUND * self.participants
        return max(1.0, min(left / pace, ROUND_LIMIT - pv[b + SETUPS]))

    def _prospects(self, p: int) -> float:
        """VP the engine should still pay, and the net worth of glasses by how full they are."""
        pv = self.pv
        b = p * W
        rounds = self._rounds_left(p)
        if p >= self.num_players:
            return rounds * AUTOMATON_ROUND
        income = sum((SETUP_WORTH[c] for c in self.completed[p]), 0.0)
        income += sum((TECH_WORTH[t] for t in self.techniques[p]), 0.0)
        tile = pv[b + BAR_TILE]
        if tile >= 0:
            income += BAR_TILE_WORTH[tile]
        card = pv[b + MIXOLOGIST]
        if card >= 0:
            income += MIX_SETUP_WORTH[card]
        total = income * rounds
        at = p * BARS
        later = max(0.0, rounds - 0.5)
        for bar in range(BARS):
            c = self.glass_card[at + bar]
            if c >= 0:
                fill = len(self.glass[at + bar]) / RECIPE_SIZE[c]
                total += self._card_net(c, later) * (0.25 + 0.75 * fill * fill)
        for q, kind, amount, _ in self.pending:
            if q == p:
                total += GAIN_VP[kind] * amount
        return total

    def _card_net(self, c: int, later: float) -> float:
        """What completing client ``c`` adds, net of the ingredients and shaker it uses."""
        return max(0.0, PAYOFF[c] + SETUP_WORTH[c] * later - RECIPE_SIZE[c] - 1)
