"""Every action of The Mix, built once: hot paths hand out these very objects.

Canonical text (the action space's order, see docs/rules/the-mix.md):
``keep rosa spirit`` (setup), ``place client`` (a Main Action), ``extra buy`` (an Additional
Action), ``end`` (end the turn), ``move garnish 1`` (reserve to the glass of Bar Space 1),
``exchange cream``, ``use recall`` (a level-3 Experience Tile), ``client paloma``,
``reserve paloma``, ``take garnish reserve`` (from the Bar Supply), ``gain garnish 2``
(from the Store, free), ``buy garnish reserve`` (from the Store, $5), ``done``,
``shakers 2``, ``serve 1``, ``dice 1``, ``technique shaking``, ``slot``,
``replace shaking``, ``barspace patio``, ``from 1``, ``advance nw``,
``experience recall``, ``refill garnish``.
"""

from __future__ import annotations

from lastcall.core import Action
from lastcall.games.the_mix.content import CONTENT

_C = CONTENT
MAX_PLAYERS = _C.rules.max_players
INGREDIENTS = tuple(i.key for i in _C.ingredients)
N_ING = len(INGREDIENTS)
BARS = _C.rules.limits.bar_spaces
RESERVE = 0
"""A destination: 0 is the reserve, 1 and 2 the glasses of Bar Spaces 1 and 2."""
WHERE_NAMES: tuple[str | int, ...] = ("reserve", *range(1, BARS + 1))
MAX_SHAKERS_BOUGHT = 5
MAX_EXTRA_DICE = _C.rules.limits.extra_dice_per_roll

MAIN = (
    "client",
    "ingredients",
    "cocktail",
    "tipdie",
    "technique",
    "shaker",
    "refreshclients",
    "refreshbar",
    "barspace",
)
(
    M_CLIENT,
    M_INGREDIENTS,
    M_COCKTAIL,
    M_TIPDIE,
    M_TECHNIQUE,
    M_SHAKER,
    M_REFRESH_CLIENTS,
    M_REFRESH_BAR,
    M_BARSPACE,
) = range(len(MAIN))
EXTRA = ("buy", "ingredients", "refreshclients", "refreshbar", "shakers", "barspace", "tipdie")
(
    X_BUY,
    X_INGREDIENTS,
    X_REFRESH_CLIENTS,
    X_REFRESH_BAR,
    X_SHAKERS,
    X_BARSPACE,
    X_TIPDIE,
) = range(len(EXTRA))

ONCE_TILES = tuple(t.key for t in _C.experience if t.once)
MIXOLOGISTS = tuple(m.key for m in _C.mixologists)
STARTS = tuple(INGREDIENTS[i] for i in _C.rules.start.ingredient_choices)

KEEP = tuple(tuple(Action("keep", m, s) for s in STARTS) for m in MIXOLOGISTS)
PLACE = tuple(Action("place", m) for m in MAIN)
EXTRA_ACTIONS = tuple(Action("extra", x) for x in EXTRA)
END = Action("end")
MOVE = tuple(tuple(Action("move", i, b) for b in range(1, BARS + 1)) for i in INGREDIENTS)
EXCHANGE = tuple(Action("exchange", i) for i in INGREDIENTS)
USE = tuple(Action("use", t) for t in ONCE_TILES)
CLIENT = tuple(Action("client", c.key) for c in _C.clients)
RESERVE_CLIENT = tuple(Action("reserve", c.key) for c in _C.clients)
TAKE = tuple(tuple(Action("take", i, w) for w in WHERE_NAMES) for i in INGREDIENTS)
GAIN = tuple(tuple(Action("gain", i, w) for w in WHERE_NAMES) for i in INGREDIENTS)
BUY = tuple(tuple(Action("buy", i, w) for w in WHERE_NAMES) for i in INGREDIENTS)
DONE = Action("done")
SHAKERS = tuple(Action("shakers", n) for n in range(1, MAX_SHAKERS_BOUGHT + 1))
SERVE = tuple(Action("serve", b) for b in range(1, BARS + 1))
DICE = tuple(Action("dice", k) for k in range(MAX_EXTRA_DICE + 1))
TECHNIQUE = tuple(Action("technique", t.key) for t in _C.techniques)
SLOT = Action("slot")
REPLACE = tuple(Action("replace", t.key) for t in _C.techniques)
BARSPACE = tuple(Action("barspace", t.key) for t in _C.bar_spaces)
FROM = tuple(Action("from", q) for q in range(MAX_PLAYERS + 1))
ADVANCE = {side.key: tuple(Action("advance", s.key) for s in side.spaces) for side in _C.tiles}
EXPERIENCE = tuple(Action("experience", t.key) for t in _C.experience)
REFILL = tuple(Action("refill", i) for i in INGREDIENTS)

# What each action does, found with one lookup: ``CODE[action] == (op, first, second)``.
(
    OP_KEEP,
    OP_PLACE,
    OP_EXTRA,
    OP_END,
    OP_MOVE,
    OP_EXCHANGE,
    OP_USE,
    OP_CLIENT,
    OP_RESERVE,
    OP_TAKE,
    OP_GAIN,
    OP_BUY,
    OP_DONE,
    OP_SHAKERS,
    OP_SERVE,
    OP_DICE,
    OP_TECHNIQUE,
    OP_SLOT,
    OP_REPLACE,
    OP_BARSPACE,
    OP_FROM,
    OP_ADVANCE,
    OP_EXPERIENCE,
    OP_REFILL,
) = range(24)

CODE: dict[Action, tuple[int, int, int]] = {END: (OP_END, 0, 0), DONE: (OP_DONE, 0, 0)}
CODE[SLOT] = (OP_SLOT, 0, 0)
CODE |= {a: (OP_KEEP, m, s) for m, row in enumerate(KEEP) for s, a in enumerate(row)}
CODE |= {a: (OP_PLACE, m, 0) for m, a in enumerate(PLACE)}
CODE |= {a: (OP_EXTRA, x, 0) for x, a in enumerate(EXTRA_ACTIONS)}
CODE |= {a: (OP_MOVE, i, b + 1) for i, row in enumerate(MOVE) for b, a in enumerate(row)}
CODE |= {a: (OP_EXCHANGE, i, 0) for i, a in enumerate(EXCHANGE)}
CODE |= {a: (OP_USE, t, 0) for t, a in enumerate(USE)}
CODE |= {a: (OP_CLIENT, c, 0) for c, a in enumerate(CLIENT)}
CODE |= {a: (OP_RESERVE, c, 0) for c, a in enumerate(RESERVE_CLIENT)}
for _op, _table in ((OP_TAKE, TAKE), (OP_GAIN, GAIN), (OP_BUY, BUY)):
    CODE |= {a: (_op, i, w) for i, row in enumerate(_table) for w, a in enumerate(row)}
CODE |= {a: (OP_SHAKERS, n + 1, 0) for n, a in enumerate(SHAKERS)}
CODE |= {a: (OP_SERVE, b + 1, 0) for b, a in enumerate(SERVE)}
CODE |= {a: (OP_DICE, k, 0) for k, a in enumerate(DICE)}
CODE |= {a: (OP_TECHNIQUE, t, 0) for t, a in enumerate(TECHNIQUE)}
CODE |= {a: (OP_REPLACE, t, 0) for t, a in enumerate(REPLACE)}
CODE |= {a: (OP_BARSPACE, t, 0) for t, a in enumerate(BARSPACE)}
CODE |= {a: (OP_FROM, q, 0) for q, a in enumerate(FROM)}
# Both sides of the technique tile name their spaces alike (``nw``), so an advance's space
# is found in the table of the game's side.
ADVANCE_AT = {side: {a: s for s, a in enumerate(row)} for side, row in ADVANCE.items()}
for _row in ADVANCE.values():
    CODE |= dict.fromkeys(_row, (OP_ADVANCE, 0, 0))
CODE |= {a: (OP_EXPERIENCE, t, 0) for t, a in enumerate(EXPERIENCE)}
CODE |= {a: (OP_REFILL, i, 0) for i, a in enumerate(REFILL)}


def action_space(players: int, rivals: int, side: str) -> tuple[Action, ...]:
    """Every action at ``players`` seats, in the documented order (see docs/rules/the-mix.md)."""
    return (
        *(a for row in KEEP for a in row),
        *PLACE,
        *EXTRA_ACTIONS,
        END,
        *(a for row in MOVE for a in row),
        *EXCHANGE,
        *USE,
        *CLIENT,
        *RESERVE_CLIENT,
        *(a for row in TAKE for a in row),
        *(a for row in GAIN for a in row),
        *(a for row in BUY for a in row),
        DONE,
        *SHAKERS,
        *SERVE,
        *DICE,
        *TECHNIQUE,
        SLOT,
        *REPLACE,
        *BARSPACE,
        *FROM[: players + rivals],
        *ADVANCE[side],
        *EXPERIENCE,
        *REFILL,
    )
