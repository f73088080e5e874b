"""Distilled's rules: the sealed setup, then seven rounds of market, distillation, sales and
ageing, the awards between rounds, and the final scoring.

A round is a loop of steps (see :class:`Step`): ``_advance`` runs the automatic ones until a
decision step names who decides. The sequential phases go round the table in turn order
from the first player; the setup's choices and the vats are sealed, every seat deciding at
once and in secret, revealed when the last seat has committed. A compound turn (a purchase
and its water bonus, a sale, its bottle and its label bonus) is a run of small decisions.
See docs/rules/distilled.md for every reading made here.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import trait

from lastcall.core import Action, Kind, replaced, step_table
from lastcall.core.events import CHANCE, END, MOVE, REVEAL, RULE, TURN
from lastcall.games.distilled import actions as act
from lastcall.games.distilled.content import CONTENT, REGIONS, SUGARS, TIERS
from lastcall.games.distilled.state import (
    ACHIEVED,
    AGED_ROUND,
    ALCOHOL,
    BARREL_EFFECT,
    BARREL_MONEY,
    BARREL_TYPE,
    BARREL_VP,
    BASIC_BOUGHT,
    BASIC_COST,
    BOTTLE_REGION,
    CARD_COST,
    CARD_KIND,
    CARD_MONEY,
    CARD_VP,
    CLAY_BARREL,
    CUBES,
    DISCOUNT_BIT,
    DISCOUNTS,
    DISTILLER,
    DISTILLER_AMOUNT,
    DISTILLER_REGION,
    DONE,
    END_BOTTLES,
    END_GOALS,
    END_MONEY,
    END_UPGRADES,
    END_WAREHOUSE,
    GLASS,
    ITEM_COST,
    KIND_ALCOHOL,
    KIND_WATER,
    KIND_YEAST,
    METAL,
    MONEY,
    MOONSHINE,
    N_ITEM_BARRELS,
    N_SHARED,
    NONE,
    PASSED,
    PREMIUM0,
    PREMIUM_BARREL0,
    PURCHASES,
    R_FLAVOURS,
    RECIPE_AGED,
    RECIPE_BARREL,
    RECIPE_MONEY,
    RECIPE_PRICE,
    RECIPE_REGION,
    RECIPE_SUGARS,
    RECIPE_TIER,
    RECIPE_VP,
    ROUNDS,
    ROW_INGREDIENT,
    ROW_ITEM,
    ROW_UPGRADE,
    RULES,
    SIG_HOME,
    SIG_LABEL,
    SIGNATURE0,
    SOLD,
    SOLD_ROUND,
    SOURCES,
    SPACES_USED,
    SPRING,
    TRADED,
    TURBO,
    UPGRADE_AMOUNT,
    UPGRADE_COST,
    UPGRADE_EFFECT,
    UPGRADE_FAMILY,
    UPGRADE_WHEN,
    VODKA,
    VP,
    VP_AWARDS,
    VP_BONUS,
    VP_LAST,
    VP_SALES,
    VP_TASTING,
    WATER,
    WHISKEY,
    WOOD_BARREL,
    YEAST,
    DistilledBase,
    Spirit,
    Step,
    W,
    card_cost,
)
from lastcall.games.distilled.texts import (
    BARREL_IN_TEXT,
    BASIC_NAMES,
    BOTTLE_IN_TEXT,
    CARD_NAME,
    REGION_WORDS,
    SPACE_WORDS,
    either,
)
from lastcall.games.distilled.texts import SPACE_NAMES as LABEL_SPACE_NAMES

_C: Final = CONTENT
CARD: Final = act.CARD_KEYS
RECIPE_NAMES: Final = (*(r.name for r in _C.recipes), *(d.spirit for d in _C.distillers))
UPGRADE_NAMES: Final = tuple(u.name for u in _C.upgrades)
ITEM_NAMES: Final = (*(b.name for b in _C.barrels), *(b.name for b in _C.bottles))
BARREL_NAMES: Final = ("Metal barrel", "Clay barrel", "Wood barrel", *(b.name for b in _C.barrels))
BOTTLE_NAMES: Final = ("Glass bottle", *(b.name for b in _C.bottles))
SPACE_NAMES: Final = RULES.label_spaces
DISCOUNT_KIND: Final = {"basic": 0, "upgrade": 1, "ingredient": 2, "item": 3, "recipe": 4}
"""Where an upgrade's discount counts in ``_market_options``' list: the basic market, then
the three rows in row order (``1 + row``), then recipes."""
ROW_COST: Final = (UPGRADE_COST, CARD_COST, ITEM_COST)
OWN_DISCOUNT: Final = tuple(
    {
        "basic_discount": 0,
        "upgrade_discount": 1,
        "ingredient_discount": 2,
        "barrel_discount": 5,
        "bottle_discount": 6,
    }.get(d.ability, -1)
    for d in _C.distillers
)
RESHUFFLED: Final = "The {row} discard pile is shuffled into a new deck."
"""The template ``_draw`` logs when a premium deck runs out (event templates are literal)."""
ROW_CARDS: Final = (
    range(len(UPGRADE_COST)),
    range(PREMIUM0, PREMIUM0 + len(_C.ingredients)),
    range(len(ITEM_COST)),
)
"""Every card a premium row's deck holds (an ingredient is numbered as a pantry card)."""
S_MONEY: Final = 0
S_SIGNATURE: Final = 1
S_SWAP: Final = 2
S_INGREDIENT: Final = 3
S_RECIPE: Final = 4
S_ITEM: Final = 5
S_UPGRADE: Final = 6
AWARD_KIND: Final = tuple(a.kind for a in _C.awards)
AWARD_N: Final = tuple(a.n for a in _C.awards)
AWARD_PARAM: Final = tuple(a.param for a in _C.awards)
AWARD_VP: Final = tuple(a.vp for a in _C.awards)
GOAL_KIND: Final = tuple(g.kind for g in _C.goals)
GOAL_PARAM: Final = tuple(g.param for g in _C.goals)
GOAL_VP: Final = tuple(g.vp for g in _C.goals)
AGEING_BONUS: Final = RULES.ageing_bonus
BRONZE: Final = TIERS.index("bronze")
SILVER: Final = TIERS.index("silver")
GOLD: Final = TIERS.index("gold")

RULE_SETUP: Final = "Setup"
RULE_MARKET: Final = "Market phase"
RULE_DISTILL: Final = "Distillation phase"
RULE_SALES: Final = "Sales phase"
RULE_BETWEEN: Final = "Between rounds"


def _add(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """A sorted tuple with one more card."""
    for i, c in enumerate(cards):
        if c >= card:
            return (*cards[:i], card, *cards[i:])
    return (*cards, card)


def _remove(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _minus(cards: tuple[int, ...], taken: tuple[int, ...]) -> list[int]:
    """The cards of a sorted multiset not in another sorted multiset (a sub-multiset)."""
    out = list(cards)
    for c in taken:
        out.remove(c)
    return out


def _lacking(sugar: int, yeast: int, water: int, alcohol: int) -> str:
    """What a vat that does not ferment lacks, in words (an alcohol card stands for a
    yeast or a water, but not for both)."""
    missing = []
    if not sugar:
        missing.append("a sugar")
    if not yeast + alcohol:
        missing.append("a yeast")
    if not water + alcohol:
        missing.append("a water")
    if yeast + water + alcohol < 2 and yeast + alcohol and water + alcohol:
        missing.append("a yeast or a water beside its one alcohol card")
    return either(missing, "and")


def _distinct(cards: tuple[int, ...] | list[int]) -> list[int]:
    out: list[int] = []
    for c in cards:
        if not out or out[-1] != c:
            out.append(c)
    return out


@trait
class DistilledFlow(DistilledBase):
    """The rules of play, as steps and decisions."""

    __slots__ = ()

    @property
    def sealed(self) -> bool:
        """The setup's keeps and the vats are chosen secretly and simultaneously."""
        return self.step == Step.SETUP or self.step == Step.VAT

    # ----------------------------------------------------------------- steps

    def _step_setup(self) -> bool:
        movers = tuple(p for p in range(self.num_players) if self.drop[p] < 0)
        if movers:
            self.to_move = movers
            return True
        self._reveal_setup()
        self.step = Step.ROUND_START
        return False

    def _step_round_start(self) -> bool:
        self.announce(
            TURN,
            "Round {round} begins: {p:seat} {p:has} the first-player token.",
            self.round,
            self.first,
        )
        pv = self.pv
        for p in self.order():
            gain = self.upgrade_total(p, "round_money")
            sources = [
                UPGRADE_NAMES[u] for u in self.upgrades[p] if UPGRADE_EFFECT[u] == "round_money"
            ]
            if self.ability(p) == "round_money":
                gain += DISTILLER_AMOUNT[pv[p * W + DISTILLER]]
                sources.append(_C.distillers[pv[p * W + DISTILLER]].name)
            if gain:
                pv[p * W + MONEY] += gain
                self.announce(
                    RULE,
                    "{p:Seat} gain{p:s} ${n} at the start of the round ({sources}).",
                    p,
                    gain,
                    sources,
                )
        self.cursor = 0
        self.step = Step.ABILITY
        return False

    def _step_ability(self) -> bool:
        """Start-of-round abilities in turn order: a free basic card, or a premium reveal."""
        order = self.order()
        while self.cursor < self.num_players:
            p = order[self.cursor]
            ability = self.ability(p)
            if ability == "round_basic" and (self.basic[YEAST] or self.basic[WATER]):
                self.current = p
                self.to_move = (p,)
                return True
            if ability == "round_reveal" and self._peekable():
                self.current = p
                self.ret = Step.ABILITY
                self.step = Step.PEEK
                return False
            self.cursor += 1
        self.current = self.first
        self.step = Step.MARKET
        return False

    def _step_market(self) -> bool:
        p = self.current
        actions = self._market_options(p)
        if actions == (act.PASS,):
            self._pass(p)
            return False
        self.to_move = (p,)
        self._legal = (p, actions)
        return True

    def _step_decide(self) -> bool:
        """A decision of the current seat."""
        self.to_move = (self.current,)
        return True

    def _step_peek(self) -> bool:
        if not self._peekable():
            self._resume()
            return False
        self.to_move = (self.current,)
        return True

    def _step_market_end(self) -> bool:
        """The rightmost card of each row leaves, the rest shift right, a new card comes in;
        twice with two players."""
        times = 2 if self.num_players == 2 else 1
        for r in range(3):
            for _ in range(times):
                row = self.rows[r]
                if row:
                    self.discards[r] = _add(self.discards[r], row[-1])
                    self.rows[r] = row[:-1]
                self._fill_row(r)
        self.announce(RULE, "The market closes; the premium rows move on.")
        self.cursor = 0
        self.step = Step.TRADE
        return False

    def _step_trade(self) -> bool:
        order = self.order()
        while self.cursor < self.num_players:
            p = order[self.cursor]
            if self._tradeable(p):
                self.current = p
                self.to_move = (p,)
                return True
            self.cursor += 1
        self.step = Step.VAT
        return False

    def _step_vat(self) -> bool:
        pantry, vin, vout = self.pantry, self.vat_in, self.vat_out
        movers = tuple(
            p for p in range(self.num_players) if len(pantry[p]) > len(vin[p]) + len(vout[p])
        )
        if movers:
            self.to_move = movers
            return True
        self.step = Step.DISTILL
        return False

    def _step_distill(self) -> bool:
        for p in range(self.num_players):
            self._distil(p)
        self.cursor = 0
        self.step = Step.MAKE
        return False

    def _step_make(self) -> bool:
        order = self.order()
        while self.cursor < self.num_players:
            p = order[self.cursor]
            if self.result[p]:
                if self.makeable(p):
                    self.current = p
                    self.to_move = (p,)
                    return True
                self.announce(
                    RULE, "{p:Seat} can make no spirit of the result; it is poured away.", p
                )
                self._pour(p)
            self.cursor += 1
        self.current = self.first
        self.step = Step.SALES
        return False

    def _step_sales(self) -> bool:
        n = self.num_players
        pv = self.pv
        for i in range(n):
            p = (self.current + i) % n
            if pv[p * W + DONE]:
                continue
            actions = self._sales_options(p)
            if actions == (act.DONE,):
                pv[p * W + DONE] = 1
                continue
            self.current = p
            self.to_move = (p,)
            self._legal = (p, actions)
            return True
        self.step = Step.AGEING
        return False

    def _step_ageing(self) -> bool:
        for p in self.order():
            self._age(p)
        self.step = Step.ROUND_END
        return False

    def _step_round_end(self) -> bool:
        self._check_awards()
        self.cursor = 0
        self.step = Step.TASTING
        return False

    def _step_tasting(self) -> bool:
        order = self.order()
        pv = self.pv
        while self.cursor < self.num_players:
            p = order[self.cursor]
            if not pv[p * W + SOLD_ROUND] and pv[p * W + VP] > 0:
                self.current = p
                self.to_move = (p,)
                return True
            self.cursor += 1
        for p in range(self.num_players):
            b = p * W
            for f in (BASIC_BOUGHT, PURCHASES, PASSED, DONE, DISCOUNTS, SOLD_ROUND, AGED_ROUND):
                pv[b + f] = 0
            pv[b + TRADED] = 0
        self.round += 1
        self.first = (self.first + 1) % self.num_players
        if self.round > ROUNDS:
            self.round = ROUNDS
            self._final_scoring()
            self.step = Step.OVER
        else:
            self.step = Step.ROUND_START
        return False

    def _step_over(self) -> bool:
        self.to_move = ()
        return True

    # ----------------------------------------------------------------- what is legal

    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        step = self.step
        p = player
        if step == Step.VAT:
            undecided = _minus(self.pantry[p], self.vat_in[p])
            for c in self.vat_out[p]:
                undecided.remove(c)
            out: list[Action] = []
            for c in _distinct(undecided):
                out.append(act.VAT_ADD[c])
                out.append(act.VAT_KEEP[c])
            return tuple(out)
        if step == Step.MARKET:
            return self._market_options(p)
        if step == Step.SALES:
            return self._sales_options(p)
        if step == Step.SETUP:
            if self.choice[p] < 0:
                return tuple(act.DISTILLER[d] for d in self.dealt[p])
            return tuple(act.DROP[g] for g in self.dealt_goals[p])
        if step == Step.ABILITY:
            return tuple(act.BASIC[k] for k in (YEAST, WATER) if self.basic[k])
        if step == Step.PEEK:
            rows = tuple(act.PEEK[r] for r in range(3) if self.decks[r] or self.discards[r])
            return (*rows, act.DECLINE)
        if step == Step.PEEKED:
            money = self.pv[p * W + MONEY]
            r = self.peek_row
            takes = tuple(
                act.TAKE[i]
                for i, card in enumerate(self.peeked)
                if self._price(p, r, card)[0] <= money
            )
            return (*takes, act.DECLINE)
        if step == Step.REPLACE:
            return act.REPLACE[: len(self.upgrades[p])]
        if step == Step.TRADE:
            return (*(act.TRADE[c] for c in self._tradeable(p)), act.SKIP)
        if step == Step.TRADE_FOR:
            return tuple(act.BASIC[k] for k in self._trade_targets(self.pending))
        if step == Step.MAKE:
            return tuple(act.MAKE[r] for r in self.makeable(p))
        if step == Step.BARREL:
            wanted = RECIPE_BARREL[self.pending]
            return tuple(
                act.BARREL[b] for b in _distinct(self.barrels[p]) if BARREL_TYPE[b] == wanted
            )
        if step == Step.BOTTLE:
            return tuple(act.BOTTLE[b] for b in _distinct(self.bottles[p]))
        if step == Step.BONUS:
            return tuple(act.BONUS[s] for s in self._bonus_spaces(p))
        if step == Step.BONUS_PICK:
            return self._bonus_options(p)
        if step == Step.CLAIM:
            return tuple(act.CLAIM[c] for c in _distinct(self.discards[ROW_INGREDIENT]))
        if step == Step.TASTING:
            most = min(RULES.tasting_most_vp, self.pv[p * W + VP])
            return act.TASTE_N[: most + 1]
        return ()

    def _basic_limit(self, p: int) -> int:
        extra = self.upgrade_total(p, "basic_buys")
        if self.ability(p) == "basic_buys":
            extra += DISTILLER_AMOUNT[self.pv[p * W + DISTILLER]]
        return RULES.basic_buys + extra

    def _own_discount(self, p: int, kind: str) -> int:
        """The distiller's once-a-market discount on ``kind``, if not yet used."""
        if self.pv[p * W + DISCOUNTS] & DISCOUNT_BIT:
            return 0
        ability = self.ability(p)
        if ability == kind:
            return DISTILLER_AMOUNT[self.pv[p * W + DISTILLER]]
        return 0

    def _basic_price(self, p: int, k: int) -> tuple[int, bool]:
        cost = BASIC_COST[k] - self.upgrade_total(p, "discount", "basic")
        own = self._own_discount(p, "basic_discount")
        if k >= 5:
            own = max(own, self._own_discount(p, "barrel_discount"))
        return max(0, cost - own), own > 0 and cost > 0

    def _price(self, p: int, row: int, card: int) -> tuple[int, bool]:
        """A premium card's price for ``p`` now, and whether the distiller's discount is used."""
        cost = card_cost(row, card)
        if row == ROW_UPGRADE:
            cost -= self.upgrade_total(p, "discount", "upgrade")
            own = self._own_discount(p, "upgrade_discount")
        elif row == ROW_INGREDIENT:
            cost -= self.upgrade_total(p, "discount", "ingredient")
            own = self._own_discount(p, "ingredient_discount")
        else:
            cost -= self.upgrade_total(p, "discount", "item")
            kind = "barrel_discount" if card < N_ITEM_BARRELS else "bottle_discount"
            own = self._own_discount(p, kind)
        return max(0, cost - own), own > 0 and cost > 0

    def _recipe_price(self, p: int, r: int) -> int:
        return max(0, RECIPE_PRICE[r] - self.upgrade_total(p, "discount", "recipe"))

    def _market_options(self, p: int) -> tuple[Action, ...]:
        pv = self.pv
        b = p * W
        if pv[b + PURCHASES] >= RULES.purchases_per_market:
            return (act.PASS,)
        money = pv[b + MONEY]
        # The discounts, gathered once: the upgrades' on every purchase of a kind, the
        # distiller's on the first of its kind (basic, ingredient, upgrade, barrel, bottle).
        off = [0, 0, 0, 0, 0, 0]
        for u in self.upgrades[p]:
            if UPGRADE_EFFECT[u] == "discount":
                off[DISCOUNT_KIND[UPGRADE_WHEN[u]]] += UPGRADE_AMOUNT[u]
        own_kind = -1
        own = 0
        d = pv[b + DISTILLER]
        if d >= 0 and not pv[b + DISCOUNTS] & DISCOUNT_BIT:
            own_kind = OWN_DISCOUNT[d]
            own = DISTILLER_AMOUNT[d]
        out: list[Action] = []
        if pv[b + BASIC_BOUGHT] < self._basic_limit(p):
            basic = self.basic
            cut = off[0]
            for k in range(len(basic)):
                if not basic[k]:
                    continue
                price = BASIC_COST[k] - cut
                if own_kind == 0 or (own_kind == 5 and k >= 5):
                    price -= own
                if price <= money:
                    out.append(act.BASIC[k])
        for r in range(3):
            buy = act.BUY[r]
            costs = ROW_COST[r]
            cut = off[r + 1]
            for s, card in enumerate(self.rows[r]):
                price = costs[card] - cut
                if (own_kind >= 0 and own_kind == r + 1) or (
                    r == ROW_ITEM and own_kind == (5 if card < N_ITEM_BARRELS else 6)
                ):
                    price -= own
                if price <= money:
                    out.append(buy[s])
        owned = self.recipes[p]
        cut = off[4]
        out.extend(
            act.RECIPE[r]
            for r in self.flight
            if not owned >> r & 1 and RECIPE_PRICE[r] - cut <= money
        )
        out.append(act.PASS)
        return tuple(out)

    def _peekable(self) -> bool:
        decks, discards = self.decks, self.discards
        return any(decks[r] or discards[r] for r in range(3))

    def _trade_targets(self, card: int) -> list[int]:
        cost = CARD_COST[card]
        return [k for k in range(5) if k != card and self.basic[k] and BASIC_COST[k] <= cost]

    def _tradeable(self, p: int) -> list[int]:
        """Pantry cards ``p`` may trade (not yeast, alcohol or a signature ingredient)."""
        out = []
        for c in _distinct(self.pantry[p]):
            kind = CARD_KIND[c]
            if kind in (KIND_YEAST, KIND_ALCOHOL) or c >= SIGNATURE0:
                continue
            if self._trade_targets(c):
                out.append(c)
        return out

    def _done_allowed(self, p: int) -> bool:
        made = self.made[p]
        if not made:
            return True
        if not RECIPE_AGED[made[0]]:
            return False
        return self.round == ROUNDS or len(self.warehouse[p]) < self.capacity(p)

    def _sales_options(self, p: int) -> tuple[Action, ...]:
        out: list[Action] = []
        made = self.made[p]
        if made and not RECIPE_AGED[made[0]]:
            out.append(act.SELL[0])
        for i, spirit in enumerate(self.warehouse[p]):
            if spirit[R_FLAVOURS]:
                out.append(act.SELL[i + 1])
        if self._done_allowed(p):
            out.append(act.DONE)
        return tuple(out)

    def _bonus_spaces(self, p: int) -> list[int]:
        used = self.pv[p * W + SPACES_USED]
        out = []
        for s in range(len(SPACE_NAMES)):
            if used >> s & 1:
                continue
            if s == S_SIGNATURE and not self.pv[p * W + SIG_HOME]:
                continue
            if s == S_SWAP and not (self.pantry[p] and self.discards[ROW_INGREDIENT]):
                continue
            if s == S_INGREDIENT and not self.rows[ROW_INGREDIENT]:
                continue
            if s == S_RECIPE and not self._unowned(p):
                continue
            if s == S_ITEM and not self.rows[ROW_ITEM]:
                continue
            out.append(s)
        return out

    def _unowned(self, p: int) -> list[int]:
        owned = self.recipes[p]
        return [r for r in self.flight if not owned >> r & 1]

    def _bonus_options(self, p: int) -> tuple[Action, ...]:
        space = self.pending
        if space == S_INGREDIENT:
            return act.BUY[ROW_INGREDIENT][: len(self.rows[ROW_INGREDIENT])]
        if space == S_ITEM:
            return act.BUY[ROW_ITEM][: len(self.rows[ROW_ITEM])]
        if space == S_UPGRADE:
            return (*act.BUY[ROW_UPGRADE][: len(self.rows[ROW_UPGRADE])], act.POINTS)
        if space == S_RECIPE:
            return tuple(act.RECIPE[r] for r in self._unowned(p))
        return tuple(act.SWAP[c] for c in _distinct(self.pantry[p]))

    # ----------------------------------------------------------------- carrying out

    def _apply(self, player: int, action: Action) -> None:
        step = self.step
        p = player
        verb = action[0]
        if step == Step.VAT:
            c = act.ARG[action]
            if action[1] == "add":
                self.vat_in = replaced(self.vat_in, p, _add(self.vat_in[p], c))
            else:
                self.vat_out = replaced(self.vat_out, p, _add(self.vat_out[p], c))
        elif step == Step.SETUP:
            if verb == "distiller":
                self.choice = replaced(self.choice, p, act.ARG[action])
            else:
                self.drop = replaced(self.drop, p, act.ARG[action])
        elif step == Step.MARKET:
            self._market(p, action)
        elif step == Step.ABILITY:
            k = act.ARG[action]
            self.basic[k] -= 1
            self.pantry[p] = _add(self.pantry[p], k)
            self.announce(
                MOVE,
                "{p:Seat} take{p:s} {card} from the basic market for free: the ability of "
                "{distiller}.",
                p,
                CARD_NAME[CARD[k]],
                _C.distillers[self.distiller(p)].name,
            )
            self.cursor += 1
        elif step == Step.PEEK:
            if action == act.DECLINE:
                self._resume()
            else:
                self._peek(p, act.ARG[action])
        elif step == Step.PEEKED:
            self._peeked(p, action)
        elif step == Step.REPLACE:
            self._replace(p, act.ARG[action])
        elif step == Step.TRADE:
            if action == act.SKIP:
                self.cursor += 1
            else:
                self.pending = act.ARG[action]
                self.step = Step.TRADE_FOR
        elif step == Step.TRADE_FOR:
            self._trade(p, self.pending, act.ARG[action])
        elif step == Step.MAKE:
            self._choose_recipe(p, act.ARG[action])
        elif step == Step.BARREL:
            self._make(p, self.pending, act.ARG[action])
        elif step == Step.SALES:
            if action == act.DONE:
                self.pv[p * W + DONE] = 1
                self.announce(MOVE, "{p:Seat} sell{p:s} nothing more this round.", p)
                self.current = (p + 1) % self.num_players
            else:
                self._choose_spirit(p, act.ARG[action])
        elif step == Step.BOTTLE:
            self._sell(p, self.pending, act.ARG[action])
        elif step == Step.BONUS:
            self._bonus(p, act.ARG[action])
        elif step == Step.BONUS_PICK:
            self._bonus_pick(p, action)
        elif step == Step.CLAIM:
            c = act.ARG[action]
            self.discards[ROW_INGREDIENT] = _remove(self.discards[ROW_INGREDIENT], c)
            self.pantry[p] = _add(self.pantry[p], c)
            self.announce(
                MOVE, "{p:Seat} take{p:s} {card} from the discard pile.", p, CARD_NAME[CARD[c]]
            )
            self._after_sale()
        elif step == Step.TASTING:
            n = act.ARG[action]
            b = p * W
            self.pv[b + VP] -= n
            self.pv[b + VP_TASTING] -= n
            self.pv[b + MONEY] += n
            self.announce(MOVE, "{p:Seat} hold{p:s} a tasting: {n} VP for ${n}.", p, n)
            self.cursor += 1
        self._advance()

    def _resume(self) -> None:
        """Back to the step a peek, a replacement or a label bonus interrupted."""
        self.peeked = ()
        self.peek_row = NONE
        ret = self.ret
        if ret == Step.ABILITY:
            self.cursor += 1
            self.step = Step.ABILITY
        elif ret == Step.SALES:
            self._after_sale()
        else:
            self._next_market()

    # The market.

    def _market(self, p: int, action: Action) -> None:
        pv = self.pv
        b = p * W
        verb = action[0]
        if verb == "pass":
            self._pass(p)
            return
        pv[b + PURCHASES] += 1
        self.ret = Step.MARKET
        if verb == "basic":
            k = act.ARG[action]
            price, own = self._basic_price(p, k)
            self._pay(p, price, own)
            pv[b + BASIC_BOUGHT] += 1
            self.basic[k] -= 1
            name = BASIC_NAMES[act.BASIC_KEYS[k]]
            if k == YEAST:
                self.announce(
                    MOVE,
                    "{p:Seat} buy{p:s} {card} from the basic market for ${price} and take{p:s} "
                    "its bonus: +$1.",
                    p,
                    name,
                    price,
                )
            else:
                self.announce(
                    MOVE,
                    "{p:Seat} buy{p:s} {card} from the basic market for ${price}.",
                    p,
                    name,
                    price,
                )
            if k >= 5:
                barrel = CLAY_BARREL if k == 5 else WOOD_BARREL
                self.barrels = replaced(self.barrels, p, _add(self.barrels[p], barrel))
            else:
                self.pantry[p] = _add(self.pantry[p], k)
            if k == YEAST:
                pv[b + MONEY] += 1
            elif k == WATER:
                if self.ability(p) == "water_money":
                    pv[b + MONEY] += DISTILLER_AMOUNT[pv[b + DISTILLER]]
                    self.announce(
                        RULE,
                        "{p:Seat} gain{p:s} ${n} for the water: the ability of {distiller}.",
                        p,
                        DISTILLER_AMOUNT[pv[b + DISTILLER]],
                        _C.distillers[pv[b + DISTILLER]].name,
                    )
                self.step = Step.PEEK
                return
            self._next_market()
        elif verb == "buy":
            r = act.ROW_OF[action]
            card = self._take_from_row(r, act.ARG[action])
            price, own = self._price(p, r, card)
            self._pay(p, price, own)
            self._gain(p, r, card, price)
        else:
            r = act.ARG[action]
            price = self._recipe_price(p, r)
            self._pay(p, price, False)
            self.recipes = replaced(self.recipes, p, self.recipes[p] | 1 << r)
            pv[b + CUBES] += 1
            self.announce(
                MOVE, "{p:Seat} learn{p:s} {recipe} for ${price}.", p, RECIPE_NAMES[r], price
            )
            self._next_market()

    def _pay(self, p: int, price: int, own: bool) -> None:
        b = p * W
        self.pv[b + MONEY] -= price
        if own:
            self.pv[b + DISCOUNTS] |= DISCOUNT_BIT

    def _pass(self, p: int) -> None:
        self.pv[p * W + PASSED] = 1
        self.announce(MOVE, "{p:Seat} pass{p:es}.", p)
        self._next_market()

    def _next_market(self) -> None:
        n = self.num_players
        pv = self.pv
        for i in range(1, n + 1):
            q = (self.current + i) % n
            if not pv[q * W + PASSED]:
                self.current = q
                self.step = Step.MARKET
                return
        self.step = Step.MARKET_END

    def _draw(self, r: int) -> int:
        """The top card of a premium deck, its discard shuffled in when it runs out."""
        deck = self.decks[r]
        if not deck:
            pile = list(self.discards[r])
            if not pile:
                return NONE
            self.rng.shuffle(pile)
            self.discards[r] = ()
            deck = tuple(pile)
            self.announce(
                CHANCE, "The {row} discard pile is shuffled into a new deck.", act.ROWS[r]
            )
        self.decks[r] = deck[:-1]
        return deck[-1]

    def _fill_row(self, r: int) -> None:
        row = self.rows[r]
        while len(row) < act.SLOTS:
            card = self._draw(r)
            if card < 0:
                break
            row = (card, *row)
            self.announce(
                REVEAL, "{card} comes into the {row} row.", self._card_name(r, card), act.ROWS[r]
            )
        self.rows[r] = row

    def _take_from_row(self, r: int, slot: int) -> int:
        row = self.rows[r]
        card = row[slot]
        self.rows[r] = row[:slot] + row[slot + 1 :]
        self._fill_row(r)
        return card

    @staticmethod
    def _card_name(r: int, card: int) -> str:
        if r == ROW_UPGRADE:
            return UPGRADE_NAMES[card]
        if r == ROW_INGREDIENT:
            return _C.ingredients[card - PREMIUM0].name
        return ITEM_NAMES[card]

    def _gain(self, p: int, r: int, card: int, price: int) -> None:
        """``p`` takes a premium card; then the turn goes on (unless an upgrade must replace)."""
        if self.step == Step.BONUS_PICK:
            self.announce(
                MOVE,
                "{p:Seat} take{p:s} {card} for free with the label bonus.",
                p,
                self._card_name(r, card),
            )
        else:
            self.announce(
                MOVE, "{p:Seat} buy{p:s} {card} for ${price}.", p, self._card_name(r, card), price
            )
        if r == ROW_UPGRADE:
            if len(self.upgrades[p]) >= RULES.upgrade_slots:
                self.pending = card
                self.step = Step.REPLACE
                return
            self.upgrades = replaced(self.upgrades, p, (*self.upgrades[p], card))
        elif r == ROW_INGREDIENT:
            self.pantry[p] = _add(self.pantry[p], card)
        elif card < N_ITEM_BARRELS:
            self.barrels = replaced(self.barrels, p, _add(self.barrels[p], PREMIUM_BARREL0 + card))
        else:
            bottle = 1 + card - N_ITEM_BARRELS
            self.bottles = replaced(self.bottles, p, _add(self.bottles[p], bottle))
        self._resume()

    def _replace(self, p: int, slot: int) -> None:
        held = self.upgrades[p]
        old = held[slot]
        self.discards[ROW_UPGRADE] = _add(self.discards[ROW_UPGRADE], old)
        self.upgrades = replaced(self.upgrades, p, (*held[:slot], self.pending, *held[slot + 1 :]))
        self.announce(
            MOVE,
            "{p:Seat} replace{p:s} {old} with {new}.",
            p,
            UPGRADE_NAMES[old],
            UPGRADE_NAMES[self.pending],
        )
        self._resume()

    def _peek(self, p: int, r: int) -> None:
        count = 2 if self.ret == Step.ABILITY else 1
        cards = []
        for _ in range(count):
            card = self._draw(r)
            if card >= 0:
                cards.append(card)
        self.peeked = tuple(cards)
        self.peek_row = r
        names = [self._card_name(r, c) for c in cards]
        self.announce(
            REVEAL, "{p:Seat} reveal{p:s} {cards} from the {row} deck.", p, names, act.ROWS[r]
        )
        self.step = Step.PEEKED

    def _peeked(self, p: int, action: Action) -> None:
        r = self.peek_row
        cards = list(self.peeked)
        taken = NONE
        if action != act.DECLINE:
            taken = cards.pop(act.ARG[action])
        for c in cards:
            self.discards[r] = _add(self.discards[r], c)
        # The revealed cards have all gone (taken or discarded): no view lists them any more.
        self.peeked = ()
        self.peek_row = NONE
        if taken < 0:
            self.announce(
                MOVE,
                "{p:Seat} let{p:s} {cards} go to the discard pile.",
                p,
                [self._card_name(r, c) for c in cards],
            )
            self._resume()
            return
        price, own = self._price(p, r, taken)
        self._pay(p, price, own)
        self.pv[p * W + PURCHASES] += 1
        self._gain(p, r, taken, price)

    # The distillation.

    def _trade(self, p: int, card: int, k: int) -> None:
        self.pantry[p] = _add(_remove(self.pantry[p], card), k)
        self.basic[k] -= 1
        self._return_cards(p, (card,))
        self.pv[p * W + TRADED] = 1
        self.announce(
            MOVE,
            "{p:Seat} trade{p:s} {card} for {basic} from the basic market.",
            p,
            CARD_NAME[CARD[card]],
            CARD_NAME[CARD[k]],
        )
        self.cursor += 1
        self.step = Step.TRADE

    def _distil(self, p: int) -> None:
        cards = list(self.vat_in[p])
        self.vat_in = replaced(self.vat_in, p, ())
        self.vat_out = replaced(self.vat_out, p, ())
        if not cards:
            return
        yeast = water = alcohol = sugar = 0
        for c in cards:
            kind = CARD_KIND[c]
            if kind == KIND_YEAST:
                yeast += 1
            elif kind == KIND_WATER:
                water += 1
            elif kind == KIND_ALCOHOL:
                alcohol += 1
            else:
                sugar += 1
        names = [CARD_NAME[CARD[c]] for c in cards]
        if not sugar or not yeast + alcohol or not water + alcohol or yeast + water + alcohol < 2:
            self.announce(
                REVEAL,
                "{p:Seat's} vat holds {cards}: it lacks {missing}, so it does not ferment "
                "and the cards go back to the pantry.",
                p,
                names,
                _lacking(sugar, yeast, water, alcohol),
            )
            return
        pantry = list(self.pantry[p])
        for c in cards:
            pantry.remove(c)
        extra = sugar + cards.count(TURBO) + self.upgrade_total(p, "extra_alcohol")
        added = min(extra, self.alcohol)
        self.alcohol -= added
        cards += [ALCOHOL] * added
        cards.sort()
        self.rng.shuffle(cards)
        removed = (cards[0], cards[-1])
        result = tuple(sorted(cards[1:-1]))
        pantry += removed
        waters = removed.count(SPRING)
        while waters and self.basic[WATER]:
            self.basic[WATER] -= 1
            pantry.append(WATER)
            waters -= 1
        self.pantry[p] = tuple(sorted(pantry))
        self.result[p] = result
        self.announce(
            REVEAL,
            "{p:Seat} distil{p:s} {cards} and {n:plural:alcohol card}: the heads and tails "
            "({removed}) go back to the pantry, and the result is {result}.",
            p,
            names,
            added,
            [CARD_NAME[CARD[c]] for c in removed],
            [CARD_NAME[CARD[c]] for c in result],
        )
        if self.ability(p) == "removed_money":
            gain = max(CARD_MONEY[c] for c in removed)
            if gain:
                self.pv[p * W + MONEY] += gain
                self.announce(
                    RULE,
                    "{p:Seat} gain{p:s} ${n} from the heads and tails: the ability of {distiller}.",
                    p,
                    gain,
                    _C.distillers[self.distiller(p)].name,
                )

    def _return_cards(self, p: int, cards: tuple[int, ...]) -> None:
        """Cards leave a spirit or a pantry: basic to the market, alcohol to its pile,
        premium to the discard, a signature ingredient back to its distiller card."""
        basic = self.basic
        for c in cards:
            if c < ALCOHOL:
                basic[c] += 1
            elif c == ALCOHOL:
                self.alcohol += 1
            elif c < SIGNATURE0:
                self.discards[ROW_INGREDIENT] = _add(self.discards[ROW_INGREDIENT], c)
            else:
                self.pv[p * W + SIG_HOME] = 1

    def _pour(self, p: int) -> None:
        self._return_cards(p, self.result[p])
        self.result[p] = ()

    def _choose_recipe(self, p: int, r: int) -> None:
        wanted = RECIPE_BARREL[r]
        kinds = [b for b in _distinct(self.barrels[p]) if BARREL_TYPE[b] == wanted]
        if len(kinds) == 1:
            self._make(p, r, kinds[0])
        else:
            self.pending = r
            self.step = Step.BARREL

    def _make(self, p: int, r: int, barrel: int) -> None:
        self.barrels = replaced(self.barrels, p, _remove(self.barrels[p], barrel))
        label = 0
        if r < N_SHARED:
            if self.labels_left[r]:
                self.labels_left = replaced(self.labels_left, r, self.labels_left[r] - 1)
                label = 1
        elif not self.pv[p * W + SIG_LABEL]:
            self.pv[p * W + SIG_LABEL] = 1
            label = 1
        if label:
            self.labels = replaced(self.labels, p, (*self.labels[p], r))
        self.made[p] = (r, barrel, label, 0, self.result[p], ())
        self.result[p] = ()
        if label:
            self.announce(
                MOVE,
                "{p:Seat} make{p:s} {spirit} in the {barrel} and take{p:s} its label.",
                p,
                RECIPE_NAMES[r],
                BARREL_IN_TEXT[act.BARREL_KEYS[barrel]],
            )
        else:
            self.announce(
                MOVE,
                "{p:Seat} make{p:s} {spirit} in the {barrel}; no label is left to take.",
                p,
                RECIPE_NAMES[r],
                BARREL_IN_TEXT[act.BARREL_KEYS[barrel]],
            )
        self.cursor += 1
        self.step = Step.MAKE

    # The sales.

    def _choose_spirit(self, p: int, which: int) -> None:
        kinds = _distinct(self.bottles[p])
        if len(kinds) == 1:
            self._sell(p, which, kinds[0])
        else:
            self.pending = which
            self.step = Step.BOTTLE

    def sale_value(self, p: int, spirit: Spirit, bottle: int) -> tuple[int, int]:
        """The money and VP ``p`` gains selling ``spirit`` in ``bottle``."""
        r, barrel, _, stored, cards, flavours = spirit
        aged = RECIPE_AGED[r]
        region = self.region_of(p, r)
        nf = len(flavours)
        money = sum(flavours) + BARREL_MONEY[barrel]
        if r < N_SHARED or self.options["signature_money"]:
            money += RECIPE_MONEY[r]
        vp = RECIPE_VP[r] + BARREL_VP[barrel] + AGEING_BONUS[min(nf, len(AGEING_BONUS) - 1)]
        sugars = 0
        kinds = 0
        for c in cards:
            money += CARD_MONEY[c]
            vp += CARD_VP[c]
            kind = CARD_KIND[c]
            if 2 <= kind <= 4:
                sugars += 1
                kinds |= 1 << (kind - 2)
        effect = BARREL_EFFECT[barrel]
        if effect == "vp_per_flavour":
            vp += nf
        elif effect == "money_per_flavour":
            money += nf
        elif effect == "money_per_ageing":
            money += stored
        if bottle != GLASS:
            spec = _C.bottles[bottle - 1]
            bm, bv = spec.money, spec.vp
            home = BOTTLE_REGION[bottle]
            if home == -2:
                home = DISTILLER_REGION[self.pv[p * W + DISTILLER]]
            if home >= 0 and home == region:
                bv = spec.match_vp
            if r == MOONSHINE:
                bm, bv = spec.moonshine_money, spec.moonshine_vp
            if not aged and spec.unaged_vp != spec.vp:
                bv = spec.unaged_vp
            money += bm
            vp += bv
            if home >= 0 and home == region and self.ability(p) == "bottle_region_money":
                money += DISTILLER_AMOUNT[self.pv[p * W + DISTILLER]]
        ability = self.ability(p)
        amount = DISTILLER_AMOUNT[self.pv[p * W + DISTILLER]] if ability else 0
        if (ability == "whiskey_aged_money" and aged) or (ability == "unaged_money" and not aged):
            money += amount
        elif (ability == "sugars_vp" and sugars >= 3) or (ability == "flavours_vp" and nf >= 3):
            vp += amount
        elif ability == "new_region_vp":
            others = sum(1 for lab in self.labels[p] if self.region_of(p, lab) == region)
            if others - (1 if spirit[2] else 0) <= 0:
                vp += amount
        for u in self.upgrades[p]:
            effect = UPGRADE_EFFECT[u]
            if effect != "sale_vp" and effect != "sale_money":
                continue
            when = UPGRADE_WHEN[u]
            if when == "any":
                fits = True
            elif when == "aged":
                fits = aged
            elif when == "unaged":
                fits = not aged
            elif when in SUGARS:
                fits = bool(kinds >> SUGARS.index(when) & 1)
            else:
                fits = RECIPE_TIER[r] == TIERS.index(when)
            if fits:
                if effect == "sale_vp":
                    vp += UPGRADE_AMOUNT[u]
                else:
                    money += UPGRADE_AMOUNT[u]
        return money, vp

    def _sell(self, p: int, which: int, bottle: int) -> None:
        if which == 0:
            spirit = self.made[p]
            self.made[p] = ()
        else:
            held = self.warehouse[p]
            spirit = held[which - 1]
            self.warehouse = replaced(self.warehouse, p, held[: which - 1] + held[which:])
        money, vp = self.sale_value(p, spirit, bottle)
        r, barrel, label, _, cards, flavours = spirit
        pv = self.pv
        b = p * W
        pv[b + MONEY] += money
        pv[b + VP] += vp
        pv[b + VP_SALES] += vp
        pv[b + SOLD_ROUND] += 1
        pv[b + SOLD] += 1
        self._sale_awards(p, spirit, bottle, money, vp)
        self._return_cards(p, cards)
        for f in flavours:
            self.flavour_discard = _add(self.flavour_discard, f)
        self._return_barrel(p, barrel)
        if bottle != GLASS:
            self.bottles = replaced(self.bottles, p, _remove(self.bottles[p], bottle))
            self.shelf = replaced(self.shelf, p, _add(self.shelf[p], bottle))
        if flavours:
            self.announce(
                REVEAL,
                "{p:Seat} sell{p:s} {spirit} in the {bottle} for ${money} and {vp} VP; its "
                "flavour cards were {flavours}.",
                p,
                RECIPE_NAMES[r],
                BOTTLE_IN_TEXT[act.BOTTLE_KEYS[bottle]],
                money,
                vp,
                [f"${f}" for f in flavours],
            )
        else:
            self.announce(
                REVEAL,
                "{p:Seat} sell{p:s} {spirit} in the {bottle} for ${money} and {vp} VP.",
                p,
                RECIPE_NAMES[r],
                BOTTLE_IN_TEXT[act.BOTTLE_KEYS[bottle]],
                money,
                vp,
            )
        if label and self._bonus_spaces(p):
            self.ret = Step.SALES
            self.step = Step.BONUS
        else:
            self._after_sale()

    def _return_barrel(self, p: int, barrel: int) -> None:
        if barrel == METAL or BARREL_EFFECT[barrel] == "return":
            self.barrels = replaced(self.barrels, p, _add(self.barrels[p], barrel))
        elif barrel == CLAY_BARREL:
            self.basic[5] += 1
        elif barrel == WOOD_BARREL:
            self.basic[6] += 1
        else:
            self.discards[ROW_ITEM] = _add(self.discards[ROW_ITEM], barrel - PREMIUM_BARREL0)

    def _sale_awards(self, p: int, spirit: Spirit, bottle: int, money: int, vp: int) -> None:
        """Mark the awards a sale reaches; they are scored between rounds."""
        r, _, _, _, cards, flavours = spirit
        alcohol = sum(1 for c in cards if c == ALCOHOL)
        sugars = sum(1 for c in cards if 2 <= CARD_KIND[c] <= 4)
        region = self.region_of(p, r)
        home = BOTTLE_REGION[bottle]
        if home == -2:
            home = DISTILLER_REGION[self.pv[p * W + DISTILLER]]
        facts = {
            "sale_alcohol": alcohol,
            "sale_flavours": len(flavours),
            "sale_vp": vp,
            "sale_money": money,
            "sale_sugars": sugars,
            "sale_aged": int(RECIPE_AGED[r]),
            "sale_pair": int(r != VODKA and home >= 0 and home == region),
        }
        b = p * W
        for a in self.awards:
            kind = AWARD_KIND[a]
            if kind in facts and facts[kind] >= AWARD_N[a]:
                self.pv[b + ACHIEVED] |= 1 << a

    def _after_sale(self) -> None:
        self.current = (self.current + 1) % self.num_players
        self.step = Step.SALES

    def _bonus(self, p: int, space: int) -> None:
        b = p * W
        pv = self.pv
        pv[b + SPACES_USED] |= 1 << space
        key = SPACE_NAMES[space]
        self.announce(
            MOVE,
            "{p:Seat} place{p:s} the label on the {space}: {bonus}.",
            p,
            LABEL_SPACE_NAMES[key],
            SPACE_WORDS[key],
        )
        if space == S_MONEY:
            pv[b + MONEY] += RULES.label_money
            self._after_sale()
        elif space == S_SIGNATURE:
            pv[b + SIG_HOME] = 0
            self.pantry[p] = _add(self.pantry[p], SIGNATURE0 + pv[b + DISTILLER])
            self._after_sale()
        else:
            self.pending = space
            self.step = Step.BONUS_PICK

    def _bonus_pick(self, p: int, action: Action) -> None:
        verb = action[0]
        if verb == "buy":
            r = act.ROW_OF[action]
            card = self._take_from_row(r, act.ARG[action])
            self._gain(p, r, card, 0)
        elif verb == "points":
            b = p * W
            self.pv[b + VP] += RULES.upgrade_alternative_vp
            self.pv[b + VP_BONUS] += RULES.upgrade_alternative_vp
            self.announce(
                MOVE,
                "{p:Seat} take{p:s} {n} VP instead of an upgrade.",
                p,
                RULES.upgrade_alternative_vp,
            )
            self._after_sale()
        elif verb == "recipe":
            r = act.ARG[action]
            self.recipes = replaced(self.recipes, p, self.recipes[p] | 1 << r)
            self.pv[p * W + CUBES] += 1
            self.announce(
                MOVE,
                "{p:Seat} learn{p:s} {recipe} for free with the label bonus.",
                p,
                RECIPE_NAMES[r],
            )
            self._after_sale()
        else:
            c = act.ARG[action]
            self.pantry[p] = _remove(self.pantry[p], c)
            self._return_cards(p, (c,))
            self.announce(
                MOVE, "{p:Seat} give{p:s} up {card} from the pantry.", p, CARD_NAME[CARD[c]]
            )
            self.step = Step.CLAIM

    # Ageing, awards, the end.

    def _flavour(self, p: int) -> int:
        deck = self.flavour_deck
        if not deck:
            pile = list(self.flavour_discard)
            self.rng.shuffle(pile)
            self.flavour_discard = ()
            deck = tuple(pile)
            self.announce(CHANCE, "The flavour discard pile is shuffled into a new deck.")
        if not deck:
            return 0
        if self.ability(p) == "flavour_pick" and len(deck) > 1:
            count = min(DISTILLER_AMOUNT[self.pv[p * W + DISTILLER]], len(deck))
            drawn = list(deck[-count:])
            best = max(drawn)
            drawn.remove(best)
            self.flavour_deck = (*drawn, *deck[:-count])
            return best
        self.flavour_deck = deck[:-1]
        return deck[-1]

    def _age(self, p: int) -> None:
        made = self.made[p]
        b = p * W
        pv = self.pv
        if made:
            self.made[p] = ()
            r, barrel, label, _, cards, _ = made
            if self.round == ROUNDS:
                vp = RECIPE_VP[r] + sum(CARD_VP[c] for c in cards)
                pv[b + VP] += vp
                pv[b + VP_LAST] += vp
                self._return_cards(p, cards)
                self._return_barrel(p, barrel)
                self.announce(
                    RULE,
                    "{p:Seat} score{p:s} {vp} VP for {spirit}, which has no time left to age.",
                    p,
                    vp,
                    RECIPE_NAMES[r],
                )
            else:
                self.warehouse = replaced(self.warehouse, p, (*self.warehouse[p], made))
        aged = []
        for spirit in self.warehouse[p]:
            r, barrel, label, stored, cards, flavours = spirit
            draws = 1 + (BARREL_EFFECT[barrel] == "first_flavour" and stored == 0)
            got = [*flavours, *(self._flavour(p) for _ in range(draws))]
            aged.append((r, barrel, label, stored + 1, cards, tuple(sorted(got))))
        self.warehouse = replaced(self.warehouse, p, tuple(aged))
        pv[b + AGED_ROUND] = len(aged)
        if aged:
            self.announce(
                CHANCE,
                "{p:Seat's} warehouse ages {spirits}: a flavour card goes under each, unseen.",
                p,
                [RECIPE_NAMES[s[0]] for s in aged],
            )

    def _award_count(self, p: int, a: int) -> int:
        kind = AWARD_KIND[a]
        b = p * W
        pv = self.pv
        if kind.startswith("sale_"):
            return AWARD_N[a] if pv[b + ACHIEVED] >> a & 1 else 0
        if kind == "round_sales":
            return pv[b + SOLD_ROUND]
        if kind == "round_aged":
            return pv[b + AGED_ROUND]
        if kind == "family_upgrades":
            return sum(1 for u in self.upgrades[p] if UPGRADE_FAMILY[u] == AWARD_PARAM[a])
        if kind == "bottles":
            return len(self.shelf[p])
        if kind == "recipes":
            return bin(self.recipes[p]).count("1") - 2
        if kind == "money":
            return pv[b + MONEY]
        labels = [r for r in self.labels[p] if r < N_SHARED]
        if kind == "label_regions":
            return len({RECIPE_REGION[r] for r in labels if RECIPE_REGION[r] >= 0})
        if kind == "region_labels":
            want = REGIONS.index(AWARD_PARAM[a])
            return sum(1 for r in labels if RECIPE_REGION[r] == want)
        if kind == "tier_labels":
            want = TIERS.index(AWARD_PARAM[a])
            return sum(1 for r in labels if RECIPE_TIER[r] == want)
        tiers = [RECIPE_TIER[r] for r in labels]
        return min(tiers.count(BRONZE), tiers.count(SILVER), tiers.count(GOLD))

    def _check_awards(self) -> None:
        """Between rounds: each award reached is scored (shared: half each, rounded up)."""
        left = []
        for a in self.awards:
            claimants = [
                p for p in range(self.num_players) if self._award_count(p, a) >= AWARD_N[a]
            ]
            if not claimants:
                left.append(a)
                continue
            vp = AWARD_VP[a]
            share = vp if len(claimants) == 1 else (vp + 1) // 2
            for p in claimants:
                self.pv[p * W + VP] += share
                self.pv[p * W + VP_AWARDS] += share
                self.claimed = (*self.claimed, (a, p, share))
                self.announce(
                    RULE,
                    "{p:Seat} score{p:s} the {award} award: {vp} VP.",
                    p,
                    _C.awards[a].name,
                    share,
                )
        self.awards = tuple(left)

    def warehouse_vp(self, p: int) -> int:
        return sum(RECIPE_VP[s[0]] + sum(CARD_VP[c] for c in s[4]) for s in self.warehouse[p])

    def goal_count(self, p: int, g: int) -> int:
        """How far ``p`` has gone towards distillery goal ``g``."""
        kind = GOAL_KIND[g]
        param = GOAL_PARAM[g]
        labels = self.labels[p]
        if kind == "region_labels":
            want = REGIONS.index(param)
            return sum(1 for r in labels if self.region_of(p, r) == want)
        if kind == "sugar_labels":
            want = SUGARS.index(param)
            return sum(1 for r in labels if r != VODKA and want in RECIPE_SUGARS[r])
        if kind == "region_bottles":
            want = REGIONS.index(param)
            home = DISTILLER_REGION[self.pv[p * W + DISTILLER]]
            return sum(
                1
                for bottle in self.shelf[p]
                if BOTTLE_REGION[bottle] == want or (BOTTLE_REGION[bottle] == -2 and home == want)
            )
        if kind == "tier_sets":
            tiers = [RECIPE_TIER[r] for r in labels]
            return min(tiers.count(BRONZE), tiers.count(SILVER), tiers.count(GOLD))
        if kind == "aged_labels":
            return sum(1 for r in labels if RECIPE_AGED[r])
        if kind == "unaged_labels":
            return sum(1 for r in labels if not RECIPE_AGED[r])
        if kind == "barrel_labels":
            want = ("metal", "clay", "wood").index(param)
            return sum(1 for r in labels if RECIPE_BARREL[r] == want)
        if kind == "recipes":
            return bin(self.recipes[p]).count("1") - 2
        if kind == "money":
            return self.pv[p * W + MONEY]
        if kind == "upgrade_vp":
            return self.upgrade_vp(p, param)
        regions = [self.region_of(p, r) for r in labels]
        if kind == "region_most":
            return max(regions.count(x) for x in range(len(REGIONS)))
        return len(set(labels))

    def _final_scoring(self) -> None:
        n = self.num_players
        pv = self.pv
        goal_vp = [0] * n
        for p in range(n):
            for g in self.goals[p]:
                mine = self.goal_count(p, g)
                if mine > 0 and all(self.goal_count(q, g) <= mine for q in range(n) if q != p):
                    goal_vp[p] += GOAL_VP[g]
        for p in range(n):
            b = p * W
            parts = (
                (END_WAREHOUSE, self.warehouse_vp(p)),
                (END_BOTTLES, self.bottle_vp(p)),
                (END_UPGRADES, self.upgrade_vp(p)),
                (END_GOALS, goal_vp[p]),
                (END_MONEY, pv[b + MONEY] // RULES.money_per_vp),
            )
            for field, vp in parts:
                pv[b + field] = vp
                pv[b + VP] += vp
            self.announce(
                REVEAL,
                "{p:Seat} score{p:s} {w} VP for the warehouse, {bottles} for bottles, {u} for "
                "upgrades, {g} for goals ({goals}) and {m} for money: {total} VP.",
                p,
                parts[0][1],
                parts[1][1],
                parts[2][1],
                parts[3][1],
                [_C.goals[g].name for g in self.goals[p]],
                parts[4][1],
                pv[b + VP],
            )
        best = self.ranking()[0]
        for p in best[1:]:
            self.announce(RULE, "{p:Seat} share{p:s} the win.", p)
        self.announce(END, "The game is over: {p:seat} win{p:s}.", best[0])
        self.to_move = ()

    # ----------------------------------------------------------------- illegal actions

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str]:
        step = self.step
        verb = action[0]
        p = player
        if step == Step.SETUP:
            if verb == "distiller" and self.choice[p] < 0:
                return "keep one of the two distillers dealt to you", RULE_SETUP
            if verb == "drop" and self.choice[p] >= 0:
                return "discard one of the three goals dealt to you", RULE_SETUP
            return "first keep a distiller, then discard one of your three goals", RULE_SETUP
        if step == Step.VAT:
            if verb == "vat":
                return "each card of the vat comes from your pantry, once", RULE_DISTILL
            return "now every player fills a vat in secret: vat add or vat keep", RULE_DISTILL
        if step == Step.MARKET:
            b = p * W
            if verb == "basic":
                k = act.ARG[action]
                if self.pv[b + BASIC_BOUGHT] >= self._basic_limit(p):
                    return (
                        f"at most {self._basic_limit(p)} basic-market cards a market phase",
                        RULE_MARKET,
                    )
                if not self.basic[k]:
                    return "the basic market has none of that card left", RULE_MARKET
                return "you cannot afford that card", RULE_MARKET
            if verb == "buy":
                r = act.ROW_OF[action]
                if act.ARG[action] >= len(self.rows[r]):
                    return "that slot of the row is empty", RULE_MARKET
                return "you cannot afford that card", RULE_MARKET
            if verb == "recipe":
                r = act.ARG[action]
                if r not in self.flight:
                    return "that recipe is not in this game's tasting flight", RULE_MARKET
                if self.recipes[p] >> r & 1:
                    return "you already know that recipe", RULE_MARKET
                return "you cannot afford that recipe cube", RULE_MARKET
            if self.pv[b + PURCHASES] >= RULES.purchases_per_market:
                return "no more purchases this market phase", RULE_MARKET
            return "in the market a turn is one purchase, or pass", RULE_MARKET
        if step == Step.SALES:
            if verb == "done":
                made = self.made[p]
                if made and not RECIPE_AGED[made[0]]:
                    return "an unaged spirit must be sold in the round it is made", RULE_SALES
                return "the warehouse holds only so many spirits: sell one first", RULE_SALES
            if verb == "sell":
                return (
                    "only a spirit that needs no ageing, or one aged a round, is sold",
                    RULE_SALES,
                )
            return "in the sales phase a turn is one sale, or done", RULE_SALES
        if step == Step.TRADE or step == Step.TRADE_FOR:
            return (
                "trade one pantry card (not yeast, alcohol or your signature ingredient) for a "
                "basic card of equal or lower cost",
                RULE_DISTILL,
            )
        if step == Step.MAKE or step == Step.BARREL:
            return (
                "make a recipe you own that the result meets, in a barrel of its type",
                RULE_DISTILL,
            )
        if step == Step.TASTING:
            return (
                f"a tasting spends at most {RULES.tasting_most_vp} VP, and no more than you have",
                RULE_BETWEEN,
            )
        if step in (Step.BONUS, Step.BONUS_PICK, Step.CLAIM, Step.BOTTLE):
            return "choose among the bonus spaces, bottles and cards offered", RULE_SALES
        return "that is not one of the choices now", RULE_MARKET

    # ----------------------------------------------------------------- results

    def scores(self) -> tuple[float, ...]:
        pv = self.pv
        return tuple(float(pv[p * W + VP]) for p in range(self.num_players))

    def score_sources(self, player: int) -> dict[str, float]:
        """The seat's VP by source: every change of VP is also tallied in one source field
        (a tasting's loss in ``tasting``), so they add up to the score."""
        b = player * W
        return {name: float(self.pv[b + f]) for name, f in SOURCES}

    def offers(self) -> dict[str, tuple[int, ...]]:
        """Who holds the components the seats chose among, at the end.

        - ``upgrade``: offered once it came into the face-up row or was revealed by a peek;
          held while in a seat's upgrade slots (a replaced one is no longer held).
        - ``bottle``: a premium bottle offered the same way from the item row; held in hand
          or on the shelf after a sale.
        - ``goal``: dealt to a seat; held if the seat kept it rather than discard it.
        - ``recipe``: the tasting flight's recipes are on offer to every seat all game;
          held by the seats that own one (Whiskey comes free with one distiller).

        Distillers are left out: the two dealt to a seat are not kept past the setup, so
        the end state cannot tell a distiller turned down from one never dealt.
        """
        out: dict[str, tuple[int, ...]] = {}
        seats = range(self.num_players)
        for u in self._offered(ROW_UPGRADE):
            out[f"upgrade: {UPGRADE_NAMES[u]}"] = tuple(p for p in seats if u in self.upgrades[p])
        for item in self._offered(ROW_ITEM):
            if item < N_ITEM_BARRELS:
                continue
            bottle = 1 + item - N_ITEM_BARRELS
            out[f"bottle: {BOTTLE_NAMES[bottle]}"] = tuple(
                p for p in seats if bottle in self.bottles[p] or bottle in self.shelf[p]
            )
        for p in seats:
            for g in self.dealt_goals[p]:
                out[f"goal: {_C.goals[g].name}"] = (p,) if g in self.goals[p] else ()
        for r in self.flight:
            out[f"recipe: {RECIPE_NAMES[r]}"] = tuple(p for p in seats if self.recipes[p] >> r & 1)
        return out

    def _offered(self, r: int) -> list[int]:
        """The cards of a premium row that came within reach, in number order.

        A card leaves its deck only to come into the row or be revealed by a peek, so this
        is every card not in the deck, unless the deck ran out: its discards shuffled back
        had all been seen, and so had every card of the first deck. The log tells whether
        it ran out, so this holds for a played game, not for a determinized copy."""
        cell = self.log
        reshuffled = False
        while cell is not None and not reshuffled:
            reshuffled = cell[3] == RESHUFFLED and cell[4][0] == act.ROWS[r]
            cell = cell[5]
        unseen = () if reshuffled else self.decks[r]
        return [c for c in ROW_CARDS[r] if c not in unseen]

    def rank_key(self, player: int) -> tuple[float, ...]:
        """VP, then the money left, then the labels taken."""
        b = player * W
        return (
            float(self.pv[b + VP]),
            float(self.pv[b + MONEY]),
            float(len(self.labels[player])),
        )

    def length(self) -> dict[str, int]:
        return {"rounds": self.round}

    def first_seat(self) -> int:
        return 0

    # ----------------------------------------------------------------- setup reveal

    def _reveal_setup(self) -> None:
        pv = self.pv
        for p in range(self.num_players):
            d = self.choice[p]
            spec = _C.distillers[d]
            b = p * W
            pv[b + DISTILLER] = d
            pv[b + MONEY] = spec.money
            pv[b + SIG_HOME] = 1
            pantry = list(self.pantry[p])
            for k, count in ((YEAST, spec.yeast), (WATER, spec.water)):
                for _ in range(count):
                    self.basic[k] -= 1
                    pantry.append(k)
            self.pantry[p] = tuple(sorted(pantry))
            if spec.ability == "whiskey_aged_money":
                self.recipes = replaced(self.recipes, p, self.recipes[p] | 1 << WHISKEY)
            dropped = self.drop[p]
            self.goals = replaced(
                self.goals, p, tuple(g for g in self.dealt_goals[p] if g != dropped)
            )
            self.announce(
                REVEAL,
                "{p:Seat} keep{p:s} {distiller}, of {region}.",
                p,
                spec.name,
                REGION_WORDS[spec.region],
            )
            self.tell(
                p,
                Kind.RULE,
                "Your distillery goals: {goals}.",
                [_C.goals[g].name for g in self.goals[p]],
            )
        self.dealt = [()] * self.num_players


DistilledFlow._steps = step_table(
    Step,
    {
        Step.SETUP: DistilledFlow._step_setup,
        Step.ROUND_START: DistilledFlow._step_round_start,
        Step.ABILITY: DistilledFlow._step_ability,
        Step.MARKET: DistilledFlow._step_market,
        Step.PEEK: DistilledFlow._step_peek,
        Step.PEEKED: DistilledFlow._step_decide,
        Step.REPLACE: DistilledFlow._step_decide,
        Step.MARKET_END: DistilledFlow._step_market_end,
        Step.TRADE: DistilledFlow._step_trade,
        Step.TRADE_FOR: DistilledFlow._step_decide,
        Step.VAT: DistilledFlow._step_vat,
        Step.DISTILL: DistilledFlow._step_distill,
        Step.MAKE: DistilledFlow._step_make,
        Step.BARREL: DistilledFlow._step_decide,
        Step.SALES: DistilledFlow._step_sales,
        Step.BOTTLE: DistilledFlow._step_decide,
        Step.BONUS: DistilledFlow._step_decide,
        Step.BONUS_PICK: DistilledFlow._step_decide,
        Step.CLAIM: DistilledFlow._step_decide,
        Step.AGEING: DistilledFlow._step_ageing,
        Step.ROUND_END: DistilledFlow._step_round_end,
        Step.TASTING: DistilledFlow._step_tasting,
        Step.OVER: DistilledFlow._step_over,
    },
)
