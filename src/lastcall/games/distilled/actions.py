"""Every action of Distilled, built once: hot paths hand out these very objects.

Canonical text, in the action space's order (see docs/rules/distilled.md):
``distiller booker`` and ``drop monarch`` (the sealed setup), ``basic water`` (a basic market
card, also the card a trade or Jacqueline Booker takes), ``buy ingredient 2`` (a premium row's
slot, 0 leftmost), ``recipe gin``, ``pass``, ``peek item`` (reveal a premium deck's top),
``take 0`` (a revealed card), ``decline``, ``replace 1`` (an upgrade slot), ``trade figs``,
``skip``, ``vat add grain`` and ``vat keep grain`` (the sealed vat, one card at a time),
``make gin``, ``barrel kvevri``, ``sell 0`` (0 the new spirit, 1-3 the warehouse),
``bottle pirate``, ``bonus recipe``, ``points``, ``swap figs``, ``claim grapes``, ``done``,
``taste 4``.
"""

from __future__ import annotations

from lastcall.core import Action
from lastcall.games.distilled.content import CONTENT

_C = CONTENT
BASIC_KEYS: tuple[str, ...] = tuple(b.key for b in _C.basic)
CARD_KEYS = (
    *BASIC_KEYS[:5],
    "alcohol",
    *(i.key for i in _C.ingredients),
    *(d.ingredient for d in _C.distillers),
)
"""Pantry cards by number: 5 basic ingredients, alcohol, 18 premium, 18 signature."""
BARREL_KEYS = ("metal", "clay", "wood", *(b.key for b in _C.barrels))
BOTTLE_KEYS = ("glass", *(b.key for b in _C.bottles))
RECIPE_KEYS = (
    *(r.key for r in _C.recipes),
    *(d.key + "-signature" for d in _C.distillers),
)
ROWS: tuple[str, str, str] = ("upgrade", "ingredient", "item")
SPACES = _C.rules.label_spaces
SLOTS = _C.rules.row_size
CAPACITY_MOST = _C.rules.warehouse + sum(u.amount for u in _C.upgrades if u.effect == "warehouse")
"""The most spirits a warehouse can hold: the board's two and every warehouse upgrade."""
TASTE = _C.rules.tasting_most_vp

DISTILLER = tuple(Action("distiller", d.key) for d in _C.distillers)
DROP = tuple(Action("drop", g.key) for g in _C.goals)
BASIC = tuple(Action("basic", k) for k in BASIC_KEYS)
BUY = tuple(tuple(Action("buy", r, s) for s in range(SLOTS)) for r in ROWS)
RECIPE = tuple(Action("recipe", r.key) for r in _C.recipes)
PASS = Action("pass")
PEEK = tuple(Action("peek", r) for r in ROWS)
TAKE = tuple(Action("take", i) for i in range(2))
DECLINE = Action("decline")
REPLACE = tuple(Action("replace", s) for s in range(_C.rules.upgrade_slots))
TRADE = tuple(Action("trade", k) for k in CARD_KEYS)
SKIP = Action("skip")
VAT_ADD = tuple(Action("vat", "add", k) for k in CARD_KEYS)
VAT_KEEP = tuple(Action("vat", "keep", k) for k in CARD_KEYS)
MAKE = tuple(Action("make", k) for k in RECIPE_KEYS)
BARREL = tuple(Action("barrel", k) for k in BARREL_KEYS)
SELL = tuple(Action("sell", i) for i in range(CAPACITY_MOST + 1))
BOTTLE = tuple(Action("bottle", k) for k in BOTTLE_KEYS)
BONUS = tuple(Action("bonus", s) for s in SPACES)
POINTS = Action("points")
SWAP = tuple(Action("swap", k) for k in CARD_KEYS)
CLAIM = tuple(Action("claim", k) for k in CARD_KEYS)
DONE = Action("done")
TASTE_N = tuple(Action("taste", n) for n in range(TASTE + 1))

SPACE: tuple[Action, ...] = (
    *DISTILLER,
    *DROP,
    *BASIC,
    *(a for row in BUY for a in row),
    *RECIPE[2:],
    PASS,
    *PEEK,
    *TAKE,
    DECLINE,
    *REPLACE,
    *TRADE,
    SKIP,
    *VAT_ADD,
    *VAT_KEEP,
    *MAKE,
    *BARREL,
    *SELL,
    *BOTTLE,
    *BONUS,
    POINTS,
    *SWAP,
    *CLAIM,
    DONE,
    *TASTE_N,
)
"""The whole action space, the same at every player count."""
KNOWN = frozenset(SPACE)

ARG: dict[Action, int] = {}
"""Each action's number within its family (``basic grain`` 2, ``vat keep figs`` the card
figs, ``buy item 3`` 3): one lookup instead of a search."""
for _family in (
    DISTILLER,
    DROP,
    BASIC,
    RECIPE,
    PEEK,
    TAKE,
    REPLACE,
    TRADE,
    VAT_ADD,
    VAT_KEEP,
    MAKE,
    BARREL,
    SELL,
    BOTTLE,
    BONUS,
    SWAP,
    CLAIM,
    TASTE_N,
):
    ARG |= {_a: _i for _i, _a in enumerate(_family)}
for _row, _slots in enumerate(BUY):
    ARG |= {_a: _s for _s, _a in enumerate(_slots)}
ROW_OF = {_a: _r for _r, _slots in enumerate(BUY) for _a in _slots}
"""The row of a ``buy`` action."""
