"""Distilled's position: its fields, the tables the rules read, the setup and the cheap copy.

Cards are small integers. A pantry card is a number in ``CARD_KEYS`` order (five basic
ingredients, alcohol, the 18 premium ingredients, the 18 signature ingredients); copies of
a card are alike, so a pantry is a sorted tuple of numbers. Barrels, bottles, upgrades,
recipes (the 15 shared ones, then each distiller's signature recipe) and goals are numbered
in their files' order. Per-seat numbers live in one flat list ``pv`` (field ``f`` of seat
``p`` at ``p * W + f``), so a copy is a handful of slices.

A spirit is a tuple ``(recipe, barrel, label, stored, cards, flavours)``: ``label`` is 1
when it carries a label, ``stored`` counts the ageing phases it spent in the warehouse and
``flavours`` holds the money of its flavour cards, which nobody sees until it is sold.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Final, Self

from lastcall.core import Game, Kind, State
from lastcall.games.distilled.content import CONTENT, REGIONS, SUGARS, TIERS

_C: Final = CONTENT
RULES: Final = _C.rules
NONE: Final = -1
ROUNDS: Final = RULES.rounds

# Pantry cards.
YEAST: Final = 0
WATER: Final = 1
GRAIN: Final = 2
PLANT: Final = 3
FRUIT: Final = 4
ALCOHOL: Final = 5
PREMIUM0: Final = 6
SIGNATURE0: Final = PREMIUM0 + len(_C.ingredients)
N_CARDS: Final = SIGNATURE0 + len(_C.distillers)
KIND_YEAST: Final = 0
KIND_WATER: Final = 1
KIND_GRAIN: Final = 2
KIND_PLANT: Final = 3
KIND_FRUIT: Final = 4
KIND_ALCOHOL: Final = 5
_KINDS: Final = ("yeast", "water", *SUGARS)
CARD_KIND: Final = (
    0,
    1,
    2,
    3,
    4,
    KIND_ALCOHOL,
    *(_KINDS.index(i.kind) for i in _C.ingredients),
    *(2 + SUGARS.index(d.sugar) for d in _C.distillers),
)
"""0 yeast, 1 water, 2-4 a sugar (grain, plant, fruit), 5 alcohol."""
CARD_MONEY: Final = (
    *(b.money for b in _C.basic[:5]),
    RULES.alcohol_money,
    *(i.money for i in _C.ingredients),
    *(RULES.signature_money for _ in _C.distillers),
)
CARD_VP: Final = (
    *(b.vp for b in _C.basic[:5]),
    RULES.alcohol_vp,
    *(i.vp for i in _C.ingredients),
    *(RULES.signature_vp for _ in _C.distillers),
)
CARD_COST: Final = (
    *(b.cost for b in _C.basic[:5]),
    0,
    *(i.cost for i in _C.ingredients),
    *(RULES.signature_ingredient_cost for _ in _C.distillers),
)
TURBO: Final = PREMIUM0 + [i.key for i in _C.ingredients].index("turbo-yeast")
SPRING: Final = PREMIUM0 + [i.key for i in _C.ingredients].index("spring-water")
BASIC_COST: Final = tuple(b.cost for b in _C.basic)
BASIC_COUNT: Final = tuple(b.count for b in _C.basic)
B_CLAY: Final = 5
B_WOOD: Final = 6

# Barrels in a back room: the starting metal barrel, the basic clay and wood, the premium.
METAL: Final = 0
CLAY_BARREL: Final = 1
WOOD_BARREL: Final = 2
PREMIUM_BARREL0: Final = 3
BARREL_TYPE: Final = (0, 1, 2, *(("metal", "clay", "wood").index(b.type) for b in _C.barrels))
BARREL_MONEY: Final = (
    0,
    _C.basic[B_CLAY].money,
    _C.basic[B_WOOD].money,
    *(b.money for b in _C.barrels),
)
BARREL_VP: Final = (0, _C.basic[B_CLAY].vp, _C.basic[B_WOOD].vp, *(b.vp for b in _C.barrels))
BARREL_EFFECT: Final = ("", "", "", *(b.effect for b in _C.barrels))
# Bottles: 0 the starting glass bottle, then the premium ones.
GLASS: Final = 0
N_BOTTLES: Final = 1 + len(_C.bottles)
BOTTLE_REGION: Final = (
    NONE,
    *(
        REGIONS.index(b.region) if b.region in REGIONS else (-2 if b.region == "home" else NONE)
        for b in _C.bottles
    ),
)
"""A bottle's region number, -2 for the owner's home region, -1 for none."""
BOTTLE_SET_VP: Final = RULES.bottle_set_vp

# Premium decks and rows.
ROW_UPGRADE: Final = 0
ROW_INGREDIENT: Final = 1
ROW_ITEM: Final = 2
N_ITEM_BARRELS: Final = len(_C.barrels)
ITEM_COST: Final = (*(b.cost for b in _C.barrels), *(b.cost for b in _C.bottles))
"""An item card: 0-4 the premium barrels, then the bottles."""
UPGRADE_COST: Final = tuple(u.cost for u in _C.upgrades)


def card_cost(row: int, card: int) -> int:
    """The printed cost of a premium card of a row."""
    if row == ROW_UPGRADE:
        return UPGRADE_COST[card]
    if row == ROW_INGREDIENT:
        return CARD_COST[card]
    return ITEM_COST[card]


# Recipes: 0-14 shared, 15 + d the signature recipe of distiller d.
N_SHARED: Final = len(_C.recipes)
N_RECIPES: Final = N_SHARED + len(_C.distillers)
MOONSHINE: Final = 0
VODKA: Final = 1
SIGNATURE_TIER: Final = len(TIERS)
RECIPE_TIER: Final = (
    *(TIERS.index(r.tier) for r in _C.recipes),
    *(SIGNATURE_TIER for _ in _C.distillers),
)
RECIPE_VP: Final = (*(r.vp for r in _C.recipes), *(d.spirit_vp for d in _C.distillers))
RECIPE_MONEY: Final = (*(r.money for r in _C.recipes), *(d.spirit_money for d in _C.distillers))
RECIPE_BARREL: Final = (
    *(("metal", "clay", "wood").index(r.barrel) for r in _C.recipes),
    *(("metal", "clay", "wood").index(d.barrel) for d in _C.distillers),
)
RECIPE_AGED: Final = (*(r.aged for r in _C.recipes), *(d.aged for d in _C.distillers))
HOME: Final = NONE
RECIPE_REGION: Final = (
    *(REGIONS.index(r.region) if r.region != "home" else HOME for r in _C.recipes),
    *(REGIONS.index(d.region) for d in _C.distillers),
)
RECIPE_SUGARS: Final = (
    *(tuple(SUGARS.index(s) for s in r.sugars) for r in _C.recipes),
    *((SUGARS.index(d.sugar),) for d in _C.distillers),
)
RECIPE_NEED: Final = (*(r.need for r in _C.recipes), *(d.need for d in _C.distillers))
RECIPE_FORBID: Final = (
    *(tuple(SUGARS.index(s) for s in r.forbid) for r in _C.recipes),
    *(() for _ in _C.distillers),
)
RECIPE_PRICE: Final = tuple(
    RULES.recipe_cost.get(TIERS[t], 0) if t < SIGNATURE_TIER else 0 for t in RECIPE_TIER
)
WHISKEY: Final = [r.key for r in _C.recipes].index("whiskey")

DISTILLER_ABILITY: Final = tuple(d.ability for d in _C.distillers)
DISTILLER_AMOUNT: Final = tuple(d.amount for d in _C.distillers)
DISTILLER_REGION: Final = tuple(REGIONS.index(d.region) for d in _C.distillers)

# The per-seat record in ``pv``.
DISTILLER: Final = 0
MONEY: Final = 1
VP: Final = 2
BASIC_BOUGHT: Final = 3
PURCHASES: Final = 4
PASSED: Final = 5
DONE: Final = 6
DISCOUNTS: Final = 7
SOLD_ROUND: Final = 8
AGED_ROUND: Final = 9
SPACES_USED: Final = 10
SIG_HOME: Final = 11
SIG_LABEL: Final = 12
ACHIEVED: Final = 13
TRADED: Final = 14
CUBES: Final = 15
SOLD: Final = 16
VP_SALES: Final = 17
VP_AWARDS: Final = 18
VP_TASTING: Final = 19
VP_LAST: Final = 20
VP_BONUS: Final = 21
END_WAREHOUSE: Final = 22
END_BOTTLES: Final = 23
END_UPGRADES: Final = 24
END_GOALS: Final = 25
END_MONEY: Final = 26
W: Final = END_MONEY + 1
SOURCES: Final = (
    ("sales", VP_SALES),
    ("awards", VP_AWARDS),
    ("tasting", VP_TASTING),
    ("last_round", VP_LAST),
    ("label_bonus", VP_BONUS),
    ("warehouse", END_WAREHOUSE),
    ("bottles", END_BOTTLES),
    ("upgrades", END_UPGRADES),
    ("goals", END_GOALS),
    ("money", END_MONEY),
)
"""Where a seat's VP came from, for the record and the balance figures."""
# Discounts of the distillers, one use each a market phase: bits of ``DISCOUNTS``.
DISCOUNT_BIT: Final = 1

Spirit = tuple[Any, ...]
R_RECIPE: Final = 0
R_BARREL: Final = 1
R_LABEL: Final = 2
R_STORED: Final = 3
R_CARDS: Final = 4
R_FLAVOURS: Final = 5


class Step(IntEnum):
    """Where the game stands; the decision steps are the phases a view names."""

    SETUP = 0
    ROUND_START = 1
    ABILITY = 2
    MARKET = 3
    PEEK = 4
    PEEKED = 5
    REPLACE = 6
    MARKET_END = 7
    TRADE = 8
    TRADE_FOR = 9
    VAT = 10
    DISTILL = 11
    MAKE = 12
    BARREL = 13
    SALES = 14
    BOTTLE = 15
    BONUS = 16
    BONUS_PICK = 17
    CLAIM = 18
    AGEING = 19
    ROUND_END = 20
    TASTING = 21
    OVER = 22


PHASE_NAMES: Final = {
    Step.SETUP: "setup",
    Step.ABILITY: "ability",
    Step.MARKET: "market",
    Step.PEEK: "peek",
    Step.PEEKED: "peeked",
    Step.REPLACE: "replace",
    Step.TRADE: "trade",
    Step.TRADE_FOR: "trade_for",
    Step.VAT: "vat",
    Step.MAKE: "make",
    Step.BARREL: "barrel",
    Step.SALES: "sales",
    Step.BOTTLE: "bottle",
    Step.BONUS: "bonus",
    Step.BONUS_PICK: "bonus_pick",
    Step.CLAIM: "claim",
    Step.TASTING: "tasting",
    Step.OVER: "over",
}


class DistilledBase(State):
    """The fields of a game of Distilled; rules, views and knowledge are mixed in by game.py."""

    __slots__ = (
        "alcohol",
        "awards",
        "barrels",
        "basic",
        "bottles",
        "choice",
        "claimed",
        "current",
        "cursor",
        "dealt",
        "dealt_goals",
        "decks",
        "discards",
        "drop",
        "first",
        "flavour_deck",
        "flavour_discard",
        "flight",
        "goals",
        "labels",
        "labels_left",
        "made",
        "pantry",
        "peek_row",
        "peeked",
        "pending",
        "pv",
        "recipes",
        "result",
        "ret",
        "round",
        "rows",
        "shelf",
        "step",
        "upgrades",
        "vat_in",
        "vat_out",
        "warehouse",
    )

    step: Step
    round: int
    first: int
    """The seat holding the first-player token this round."""
    cursor: int
    """How far the turn order of a sequential step has gone."""
    current: int
    """The seat deciding in a sequential step."""
    ret: Step
    """The step a peek, a replacement or a label bonus goes back to."""
    pending: int
    """What the current sequential decision is about: the trade's card, the spirit being
    sold (0 new, 1-4 the warehouse), the label bonus space, the recipe being made."""
    pv: list[int]
    pantry: list[tuple[int, ...]]
    barrels: list[tuple[int, ...]]
    bottles: list[tuple[int, ...]]
    """Bottles in hand (the glass bottle always among them)."""
    shelf: list[tuple[int, ...]]
    """Premium bottles displayed after sales."""
    upgrades: list[tuple[int, ...]]
    recipes: list[int]
    """Bits of the shared recipes each seat may make (moonshine and vodka always)."""
    labels: list[tuple[int, ...]]
    goals: list[tuple[int, ...]]
    dealt_goals: list[tuple[int, ...]]
    dealt: list[tuple[int, ...]]
    choice: list[int]
    drop: list[int]
    vat_in: list[tuple[int, ...]]
    vat_out: list[tuple[int, ...]]
    result: list[tuple[int, ...]]
    made: list[Spirit]
    warehouse: list[tuple[Spirit, ...]]
    awards: tuple[int, ...]
    claimed: tuple[tuple[int, int, int], ...]
    """``(award, seat, vp)`` for every award scored."""
    flight: tuple[int, ...]
    labels_left: list[int]
    basic: list[int]
    alcohol: int
    decks: list[tuple[int, ...]]
    """The three premium decks (upgrades, ingredients, items), top last."""
    rows: list[tuple[int, ...]]
    """The face-up rows, leftmost first."""
    discards: list[tuple[int, ...]]
    flavour_deck: tuple[int, ...]
    flavour_discard: tuple[int, ...]
    peeked: tuple[int, ...]
    peek_row: int

    def _setup(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        self._init_base(game, players, options, seed)
        rng = self.rng
        n = players
        self.step = Step.SETUP
        self.round = 1
        self.first = 0
        self.cursor = 0
        self.current = 0
        self.ret = Step.MARKET
        self.pending = NONE
        pv = [0] * (W * n)
        for p in range(n):
            pv[p * W + DISTILLER] = NONE
        self.pv = pv
        self.pantry = [()] * n
        self.barrels = [(METAL,)] * n
        self.bottles = [(GLASS,)] * n
        self.shelf = [()] * n
        self.upgrades = [()] * n
        self.recipes = [1 << MOONSHINE | 1 << VODKA] * n
        self.labels = [()] * n
        self.vat_in = [()] * n
        self.vat_out = [()] * n
        self.result = [()] * n
        self.made = [()] * n
        self.warehouse = [()] * n
        self.claimed = ()
        self.basic = list(BASIC_COUNT)
        self.alcohol = RULES.alcohol_count
        self.peeked = ()
        self.peek_row = NONE
        self.flight = _C.flights[rng.below(len(_C.flights))]
        self.labels_left = [n * (2 if t == 0 else 1) for t in RECIPE_TIER[:N_SHARED]]
        awards = list(range(len(_C.awards)))
        rng.shuffle(awards)
        self.awards = tuple(sorted(awards[: n + 1]))
        distillers = list(range(len(_C.distillers)))
        rng.shuffle(distillers)
        k = RULES.distillers_dealt
        self.dealt = [tuple(sorted(distillers[p * k : (p + 1) * k])) for p in range(n)]
        goals = list(range(len(_C.goals)))
        rng.shuffle(goals)
        g = RULES.goals_dealt
        self.dealt_goals = [tuple(sorted(goals[p * g : (p + 1) * g])) for p in range(n)]
        self.goals = [()] * n
        self.choice = [NONE] * n
        self.drop = [NONE] * n
        upgrades = list(range(len(_C.upgrades)))
        ingredients = [PREMIUM0 + i for i in range(len(_C.ingredients)) for _ in range(2)]
        items = [i for i, b in enumerate(_C.barrels) for _ in range(b.copies)] + [
            N_ITEM_BARRELS + i for i in range(len(_C.bottles))
        ]
        self.decks = []
        self.rows = []
        self.discards = [(), (), ()]
        for deck in (upgrades, ingredients, items):
            rng.shuffle(deck)
            size = RULES.row_size
            self.rows.append(tuple(deck[-size:][::-1]))
            self.decks.append(tuple(deck[:-size]))
        flavours = list(RULES.flavours)
        rng.shuffle(flavours)
        self.flavour_deck = tuple(flavours)
        self.flavour_discard = ()
        recipes = [_C.recipes[r].name for r in self.flight]
        self.announce(Kind.CHANCE, "The tasting flight offers {recipes}.", recipes)
        self.announce(
            Kind.CHANCE,
            "The spirit awards are {awards}.",
            [_C.awards[a].name for a in self.awards],
        )

    def clone(self) -> Self:
        """A copy sharing the tuples and the lists no rule writes into."""
        c = self._copy_base()
        c.step = self.step
        c.round = self.round
        c.first = self.first
        c.cursor = self.cursor
        c.current = self.current
        c.ret = self.ret
        c.pending = self.pending
        c.pv = self.pv.copy()
        c.pantry = self.pantry.copy()
        c.result = self.result.copy()
        c.made = self.made.copy()
        # What a seat holds (containers, upgrades, recipes, labels, spirits) and its
        # secrets change a few times a round, and every change replaces the list
        # whole (``replaced``), so a copy shares them.
        c.barrels = self.barrels
        c.bottles = self.bottles
        c.shelf = self.shelf
        c.upgrades = self.upgrades
        c.recipes = self.recipes
        c.labels = self.labels
        c.warehouse = self.warehouse
        c.goals = self.goals
        c.dealt_goals = self.dealt_goals
        c.dealt = self.dealt
        c.choice = self.choice
        c.drop = self.drop
        c.vat_in = self.vat_in
        c.vat_out = self.vat_out
        c.awards = self.awards
        c.claimed = self.claimed
        c.flight = self.flight
        c.labels_left = self.labels_left  # replaced whole, like the holdings
        c.basic = self.basic.copy()
        c.alcohol = self.alcohol
        c.decks = self.decks.copy()
        c.rows = self.rows.copy()
        c.discards = self.discards.copy()
        c.flavour_deck = self.flavour_deck
        c.flavour_discard = self.flavour_discard
        c.peeked = self.peeked
        c.peek_row = self.peek_row
        return c

    # ----------------------------------------------------------------- shared facts

    def order(self) -> tuple[int, ...]:
        """The turn order of this round, from the first player."""
        n = self.num_players
        return tuple((self.first + i) % n for i in range(n))

    def distiller(self, p: int) -> int:
        return self.pv[p * W + DISTILLER]

    def ability(self, p: int) -> str:
        d = self.pv[p * W + DISTILLER]
        return DISTILLER_ABILITY[d] if d >= 0 else ""

    def region_of(self, p: int, recipe: int) -> int:
        """A recipe's region for seat ``p``: a house recipe takes the distiller's region."""
        region = RECIPE_REGION[recipe]
        return DISTILLER_REGION[self.pv[p * W + DISTILLER]] if region == HOME else region

    def capacity(self, p: int) -> int:
        """How many spirits the seat's warehouse holds."""
        extra = 0
        for u in self.upgrades[p]:
            if UPGRADE_EFFECT[u] == "warehouse":
                extra += UPGRADE_AMOUNT[u]
        return RULES.warehouse + extra

    def makeable(self, p: int) -> list[int]:
        """The recipes ``p`` owns that the result meets, with a barrel of their type."""
        cards = self.result[p]
        counts = [0, 0, 0]
        alcohol = 0
        for c in cards:
            kind = CARD_KIND[c]
            if kind >= 2 and kind != KIND_ALCOHOL:
                counts[kind - 2] += 1
            elif kind == KIND_ALCOHOL:
                alcohol += 1
        if not alcohol:
            return []
        types = {BARREL_TYPE[b] for b in self.barrels[p]}
        owned = self.recipes[p]
        d = self.pv[p * W + DISTILLER]
        out = []
        for r in (*range(N_SHARED), N_SHARED + d):
            if r < N_SHARED and not owned >> r & 1:
                continue
            if RECIPE_BARREL[r] not in types:
                continue
            if any(counts[t] for t in RECIPE_FORBID[r]):
                continue
            if r == MOONSHINE:
                if not any(counts):
                    out.append(r)
                continue
            if sum(counts[t] for t in RECIPE_SUGARS[r]) >= RECIPE_NEED[r]:
                out.append(r)
        return out

    def upgrade_total(self, p: int, effect: str, when: str = "any") -> int:
        total = 0
        for u in self.upgrades[p]:
            if UPGRADE_EFFECT[u] == effect and UPGRADE_WHEN[u] == when:
                total += UPGRADE_AMOUNT[u]
        return total

    def upgrade_vp(self, p: int, family: str = "") -> int:
        """The VP ``p``'s upgrades score at the end (of one family, or all)."""
        total = 0
        for u in self.upgrades[p]:
            if family and UPGRADE_FAMILY[u] != family:
                continue
            total += UPGRADE_END_VP[u]
            if UPGRADE_EFFECT[u] == "end_per_label":
                when = UPGRADE_WHEN[u]
                for r in self.labels[p]:
                    if (
                        when == "any"
                        or (when == "aged" and RECIPE_AGED[r])
                        or (when in TIERS and RECIPE_TIER[r] == TIERS.index(when))
                    ):
                        total += UPGRADE_AMOUNT[u]
        return total

    def bottle_vp(self, p: int) -> int:
        counts = [0, 0, 0]
        home = DISTILLER_REGION[self.pv[p * W + DISTILLER]]
        for bottle in self.shelf[p]:
            region = BOTTLE_REGION[bottle]
            if region == -2:
                region = home
            if region >= 0:
                counts[region] += 1
        top = len(BOTTLE_SET_VP) - 1
        total = sum(BOTTLE_SET_VP[min(c, top)] for c in counts)
        if sum(1 for c in counts if c) >= RULES.bottle_regions_needed:
            total += RULES.bottle_regions_vp
        return total


UPGRADE_EFFECT: Final = tuple(u.effect for u in _C.upgrades)
UPGRADE_AMOUNT: Final = tuple(u.amount for u in _C.upgrades)
UPGRADE_WHEN: Final = tuple(u.when for u in _C.upgrades)
UPGRADE_FAMILY: Final = tuple(u.family for u in _C.upgrades)
UPGRADE_END_VP: Final = tuple(u.end_vp for u in _C.upgrades)
