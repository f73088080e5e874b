"""What bots need of Distilled: re-drawing what a seat cannot see, and an evaluation."""

from __future__ import annotations

import math
from typing import Final

from mypy_extensions import trait

from lastcall.core import Rng, replaced
from lastcall.games.distilled.content import CONTENT, TIERS
from lastcall.games.distilled.state import (
    ALCOHOL,
    BARREL_TYPE,
    CARD_KIND,
    CARD_MONEY,
    CARD_VP,
    MONEY,
    N_SHARED,
    RECIPE_AGED,
    RECIPE_BARREL,
    RECIPE_MONEY,
    RECIPE_TIER,
    RECIPE_VP,
    ROUNDS,
    RULES,
    UPGRADE_AMOUNT,
    UPGRADE_EFFECT,
    UPGRADE_WHEN,
    VP,
    DistilledBase,
    Step,
    W,
)

_C: Final = CONTENT
AGEING: Final = RULES.ageing_bonus
CARD_WORTH: Final = tuple(
    0.3 if kind in (0, 1, 5) else 0.4 + 0.6 * CARD_VP[c] + 0.3 * CARD_MONEY[c]
    for c, kind in enumerate(CARD_KIND)
)
"""What a pantry card is worth to a bot, in VP: sugars carry a spirit, the rest help."""
TIER_WORTH: Final = (0.0, 2.0, 3.5, 5.0, 0.0)
"""What knowing a recipe of each tier is worth, with several rounds left to use it."""

SCALE: Final = 4.0
"""VP of lead that makes a seat's evaluation about 0.73: a few VP matter in a close game."""
MONEY_WORTH: Final = 0.3
"""VP a coin is worth while rounds remain to spend it (it scores 1/6 VP at the end)."""
FLAVOUR_MEAN: Final = sum(RULES.flavours) / len(RULES.flavours)


RESULT_BONUS: Final = 0.5
"""A distilled result that makes a spirit is worth its spirit and a little: it is sure."""
FIT: Final = {"any": 1.0, "unaged": 0.7, "aged": 0.4, "grain": 0.5, "plant": 0.4, "fruit": 0.4}
"""How often a sale, or a label, is of a kind (about): what a conditional ability is worth."""
TIER_FIT: Final = (0.95, 0.9, 0.45, 0.05)
"""How often a seat that owns a recipe of a tier (base, bronze, silver, gold), with a barrel
of its type, makes that tier's spirit (greedy seats at 3 and 4 players: 0.98, 0.92, 0.46,
0.05): the sugars a round brings do not always meet a silver recipe, and gold spirits must
age, which the bots seldom do."""
UNREADY_TIER_FIT: Final = 0.4
"""A recipe without its barrel counts this much of a ready one, as in the recipes' worth."""
UNOWNED_TIER_FIT: Final = 0.05
"""A tier the seat owns no recipe of pays only once it buys one, so seldom."""
PER_ROUND: Final = {
    "extra_alcohol": 1.0,
    "sale_vp": 1.0,
    "sale_money": MONEY_WORTH,
    "round_money": MONEY_WORTH,
    "basic_buys": 0.4,
    "discount": MONEY_WORTH,
    "warehouse": 0.2,
}
"""VP an ability of each kind brings a round, at amount 1 and a sale a round."""


def upgrade_worth(u: int, left: int, fit: float) -> float:
    """What an upgrade's ability should still bring in the rounds left, where ``fit`` is how
    often a sale or a label is of the kind it applies to (its end VP so far count apart)."""
    effect = UPGRADE_EFFECT[u]
    amount = UPGRADE_AMOUNT[u]
    if effect == "end_per_label":
        return amount * fit * left
    if effect == "discount":
        fit = 1.0
    return PER_ROUND[effect] * amount * fit * left


def _parts(cards: tuple[int, ...]) -> tuple[int, int, int, float]:
    """Yeast-like, water-like and alcohol cards, and the worth of the sugars."""
    yeast = water = alcohol = 0
    sugars = 0.0
    for c in cards:
        kind = CARD_KIND[c]
        if kind == 0:
            yeast += 1
        elif kind == 1:
            water += 1
        elif kind == ALCOHOL:
            alcohol += 1
        else:
            sugars += CARD_WORTH[c]
    return yeast, water, alcohol, sugars


def spirit_worth(recipe: int, cards: tuple[int, ...]) -> float:
    """A spirit's VP and its money at a coin's worth, as its sale will pay them (about)."""
    money = RECIPE_MONEY[recipe] + sum(CARD_MONEY[c] for c in cards)
    return RECIPE_VP[recipe] + sum(CARD_VP[c] for c in cards) + MONEY_WORTH * money


def mash_worth(cards: tuple[int, ...]) -> float:
    """A pantry's worth: sugars count fully once a yeast and a water stand beside them."""
    yeast, water, alcohol, sugars = _parts(cards)
    has_yeast = yeast + alcohol >= 1
    has_water = water + alcohol >= 1 and yeast + water + alcohol >= 2
    helpers = 0.3 * (yeast + water + alcohol)
    if not sugars:
        return helpers + 0.8 * has_yeast + 0.8 * has_water
    return helpers + sugars * (0.5 + 0.25 * (has_yeast + has_water)) + 1.5 * (has_yeast + has_water)


def vat_worth(cards: tuple[int, ...]) -> float:
    """A vat being filled: a little for each sugar, more once it will ferment."""
    yeast, water, alcohol, sugars = _parts(cards)
    has_yeast = yeast + alcohol >= 1
    has_water = water + alcohol >= 1 and yeast + water + alcohol >= 2
    if sugars and has_yeast and has_water:
        return 0.5 + 0.2 * sugars
    return 0.1 * sugars + 0.2 * (has_yeast + has_water)


@trait
class DistilledKnowledge(DistilledBase):
    """Determinization and evaluation."""

    __slots__ = ()

    def _resample(self, viewer: int | None, rng: Rng) -> None:
        """Shuffle every deck; re-deal the flavour cards under every stored spirit; re-deal
        what other seats hold in secret (their goals, their deal during the setup, their vats).

        Each hidden pool is sorted before it is shuffled, so the world depends only on
        what ``viewer`` knows. The flavour cards under a seat's own spirits are unknown to
        it too, so they join the pool whoever the viewer is. A seat's secret progress keeps
        its size (how many choices it made), never its content. Where only some cards of
        a pool are dealt, only those places are drawn (``Rng.permute`` with ``last``).
        """
        for r in range(3):
            deck = sorted(self.decks[r])
            rng.permute(deck)
            self.decks[r] = tuple(deck)
        pool = list(self.flavour_deck)
        for held in self.warehouse:
            for spirit in held:
                pool += spirit[5]
        pool.sort()
        rng.permute(pool)
        for p, held in enumerate(self.warehouse):
            if not held:
                continue
            fresh = []
            for spirit in held:
                k = len(spirit[5])
                got = tuple(sorted(pool[len(pool) - k :])) if k else ()
                del pool[len(pool) - k :]
                fresh.append((*spirit[:5], got))
            self.warehouse = replaced(self.warehouse, p, tuple(fresh))
        self.flavour_deck = tuple(pool)
        if viewer is None or self.step == Step.OVER:
            return
        others = [q for q in range(self.num_players) if q != viewer]
        # The lists written below are shared with the state this one was cloned from.
        self.dealt_goals = self.dealt_goals.copy()
        self.drop = self.drop.copy()
        if self.step == Step.SETUP:
            self.dealt = self.dealt.copy()
            self.choice = self.choice.copy()
            k = RULES.distillers_dealt
            mine = self.dealt[viewer]
            unseen = [d for d in range(len(_C.distillers)) if d not in mine]
            rng.permute(unseen, len(others) * k)
            for i, q in enumerate(others):
                end = len(unseen) - i * k
                self.dealt[q] = tuple(sorted(unseen[end - k : end]))
                if self.choice[q] >= 0:
                    self.choice[q] = self.dealt[q][rng.below(k)]
            g = RULES.goals_dealt
            seen = self.dealt_goals[viewer]
            goals = [x for x in range(len(_C.goals)) if x not in seen]
            rng.permute(goals, len(others) * g)
            for i, q in enumerate(others):
                end = len(goals) - i * g
                self.dealt_goals[q] = tuple(sorted(goals[end - g : end]))
                if self.drop[q] >= 0:
                    self.drop[q] = self.dealt_goals[q][rng.below(g)]
            return
        self.goals = self.goals.copy()
        g = RULES.goals_dealt
        seen = self.dealt_goals[viewer]
        goals = [x for x in range(len(_C.goals)) if x not in seen]
        rng.permute(goals, len(others) * g)
        for i, q in enumerate(others):
            end = len(goals) - i * g
            dealt = goals[end - g : end]
            self.drop[q] = dealt[-1]
            self.dealt_goals[q] = tuple(sorted(dealt))
            self.goals[q] = tuple(sorted(dealt[:-1]))
        if self.step == Step.VAT:
            self.vat_in = self.vat_in.copy()
            self.vat_out = self.vat_out.copy()
            for q in others:
                decided = len(self.vat_in[q]) + len(self.vat_out[q])
                cards = list(self.pantry[q])
                rng.permute(cards, decided)
                vat_in: list[int] = []
                vat_out: list[int] = []
                for c in cards[len(cards) - decided :]:
                    (vat_in if rng.below(2) else vat_out).append(c)
                self.vat_in[q] = tuple(sorted(vat_in))
                self.vat_out[q] = tuple(sorted(vat_out))

    def tier_fits(self, p: int) -> tuple[float, ...]:
        """How often ``p``'s coming sales should be of each tier, from the recipes it owns."""
        types = {BARREL_TYPE[x] for x in self.barrels[p]}
        fits = [UNOWNED_TIER_FIT] * len(TIER_FIT)
        owned = self.recipes[p]
        for r in range(N_SHARED):
            if owned >> r & 1:
                t = RECIPE_TIER[r]
                ready = 1.0 if RECIPE_BARREL[r] in types else UNREADY_TIER_FIT
                fits[t] = max(fits[t], TIER_FIT[t] * ready)
        return tuple(fits)

    def evaluate(self, player: int) -> float:
        """The seat's estimated worth against the best other seat, squashed into [0, 1]."""
        if self.is_over:
            return super().evaluate(player)
        return self.evaluate_all()[player]

    def evaluate_all(self) -> tuple[float, ...]:
        """Every seat's ``evaluate`` from one estimate of each seat."""
        if self.is_over:
            return super().evaluate_all()
        worth = [self.estimate(p) for p in range(self.num_players)]
        values = []
        for player, mine in enumerate(worth):
            best = max(w for p, w in enumerate(worth) if p != player)
            values.append(1.0 / (1.0 + math.exp(-(mine - best) / SCALE)))
        return tuple(values)

    def estimate(self, p: int) -> float:
        """VP now, plus what money, cards, recipes, spirits and upgrades should bring."""
        pv = self.pv
        b = p * W
        left = ROUNDS - self.round + (0 if self.step >= Step.AGEING else 1)
        use = min(1.0, left / 3.0)
        total = float(pv[b + VP]) + pv[b + MONEY] * (MONEY_WORTH * use + (1 - use) / 6)
        total += use * mash_worth(self.pantry[p])
        result = self.result[p]
        if result:
            options = self.makeable(p)
            if options:
                best = max(options, key=RECIPE_VP.__getitem__)
                total += spirit_worth(best, result) + RESULT_BONUS
            else:
                total += 0.5 * sum(CARD_WORTH[c] for c in result)
        if self.step == Step.VAT:
            # The cards not yet decided are counted in: the vat is judged by what it can
            # still become, so only a card kept out changes its worth.
            undecided = list(self.pantry[p])
            for c in self.vat_out[p]:
                undecided.remove(c)
            total += vat_worth(tuple(undecided))
        owned = self.recipes[p]
        types = {BARREL_TYPE[x] for x in self.barrels[p]}
        for r in range(N_SHARED):
            if owned >> r & 1:
                ready = 1.0 if RECIPE_BARREL[r] in types else 0.4
                total += TIER_WORTH[RECIPE_TIER[r]] * use * ready
        made = self.made[p]
        if made:
            total += spirit_worth(made[0], made[4])
            if RECIPE_AGED[made[0]] and left:
                total += 2.0
        for spirit in self.warehouse[p]:
            flavours = len(spirit[5]) + (1 if left else 0)
            total += RECIPE_VP[spirit[0]] + sum(CARD_VP[c] for c in spirit[4])
            total += AGEING[min(flavours, len(AGEING) - 1)] + FLAVOUR_MEAN * flavours / 3
        upgrades = self.upgrades[p]
        if upgrades:
            # The VP the upgrades score now, exactly, and what they should still bring.
            total += self.upgrade_vp(p)
            tier_fit: tuple[float, ...] = ()
            for u in upgrades:
                when = UPGRADE_WHEN[u]
                fit = FIT.get(when)
                if fit is None:
                    if not tier_fit:
                        tier_fit = self.tier_fits(p)
                    fit = tier_fit[TIERS.index(when)] if when in TIERS else 1.0
                total += upgrade_worth(u, left, fit)
        total += float(self.bottle_vp(p)) + 0.5 * len(self.bottles[p])
        total += 0.3 * len(self.barrels[p]) * use
        return total
