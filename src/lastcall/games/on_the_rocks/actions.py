"""Every action of On The Rocks, built once at import so hot paths only index tables.

Rows and seats are written as in the rulebook and the CLI: rows count from 1
at the bottom of a glass, bowls from 1 clockwise, seats from 0 (``target 2``
names P2). ``CODE[action]`` gives what an action does as small integers, so
``apply`` never reads its text.
"""

from __future__ import annotations

from lastcall.core import Action
from lastcall.games.on_the_rocks.content import (
    COLOURS,
    GLASS_NAMES,
    GLASS_ROWS,
    KIND_NAMES,
    MAX_ROWS,
    TIP_KINDS,
    WILD,
)

MAX_BOWLS = 5
MAX_SEATS = 4
INGREDIENTS = (*COLOURS, WILD)

DONE = Action("done")
TAKE = Action("take")
DRAFT = Action("draft")
ORDER_ALL = Action("order", "all")
ORDER_WITHOUT = tuple(Action("order", "without", g) for g in GLASS_NAMES)
FLIP = (Action("flip", 1), Action("flip", 2))
START = tuple(Action("start", b + 1) for b in range(MAX_BOWLS))
SELECT = tuple(Action("select", b + 1) for b in range(MAX_BOWLS))
MIX = tuple(Action("mix", k) for k in KIND_NAMES)
KEEP = tuple(Action("keep", k) for k in KIND_NAMES)
SAVE = tuple(Action("save", k) for k in KIND_NAMES)
SWAP = tuple(tuple(Action("swap", a, b) for b in KIND_NAMES) for a in KIND_NAMES)
PLAY = tuple(Action("play", t) for t in TIP_KINDS)
TARGET = tuple(Action("target", q) for q in range(MAX_SEATS))
DRINK = tuple(
    Action("drink", g) for g in GLASS_NAMES
)  # REMOVE_EXTRA[kind]: take an extra ingredient off a shelf (Weak Drink).
REMOVE_EXTRA = tuple(Action("remove", "extra", KIND_NAMES[k]) for k in INGREDIENTS)

_ROWS = range(MAX_ROWS + 1)
# PLACE[colour][glass][row]: a colour marble into the matching slot.
PLACE = tuple(
    tuple(tuple(Action("place", KIND_NAMES[c], g, r) for r in _ROWS) for g in GLASS_NAMES)
    for c in COLOURS
)
# PLACE_WILD[glass][row][colour]: a wild marble placed as that colour.
PLACE_WILD = tuple(
    tuple(tuple(Action("place", "wild", g, r, KIND_NAMES[c]) for c in COLOURS) for r in _ROWS)
    for g in GLASS_NAMES
)
# PICK[glass][row][colour]: a marble of choice from the bag, straight onto the board.
PICK = tuple(
    tuple(tuple(Action("pick", g, r, KIND_NAMES[c]) for c in COLOURS) for r in _ROWS)
    for g in GLASS_NAMES
)
# REMOVE[glass][row][colour]: take a placed marble off the board.
REMOVE = tuple(
    tuple(tuple(Action("remove", g, r, KIND_NAMES[c]) for c in COLOURS) for r in _ROWS)
    for g in GLASS_NAMES
)


# What each action does: ``CODE[action] == (op, *arguments)``, glasses, bowls and
# dice counted from 0, marble kinds as in ``content.KIND_NAMES``.
OP_DONE, OP_TAKE, OP_DRAFT, OP_ORDER, OP_FLIP, OP_START, OP_SELECT, OP_PLAY = range(8)
OP_TARGET, OP_DRINK, OP_MIX, OP_KEEP, OP_SAVE, OP_SWAP, OP_PLACE, OP_PICK, OP_REMOVE = range(8, 17)
OP_REMOVE_EXTRA = 17

_CODES: dict[Action, tuple[int, ...]] = {
    DONE: (OP_DONE,),
    TAKE: (OP_TAKE,),
    DRAFT: (OP_DRAFT,),
    ORDER_ALL: (OP_ORDER, -1),
}
_CODES |= {a: (OP_ORDER, g) for g, a in enumerate(ORDER_WITHOUT)}
_CODES |= {a: (OP_FLIP, d) for d, a in enumerate(FLIP)}
_CODES |= {a: (OP_START, b) for b, a in enumerate(START)}
_CODES |= {a: (OP_SELECT, b) for b, a in enumerate(SELECT)}
_CODES |= {a: (OP_PLAY, t) for t, a in enumerate(PLAY)}
_CODES |= {a: (OP_TARGET, q) for q, a in enumerate(TARGET)}
_CODES |= {a: (OP_DRINK, g) for g, a in enumerate(DRINK)}
_CODES |= {a: (OP_MIX, k) for k, a in enumerate(MIX)}
_CODES |= {a: (OP_KEEP, k) for k, a in enumerate(KEEP)}
_CODES |= {a: (OP_SAVE, k) for k, a in enumerate(SAVE)}
_CODES |= {a: (OP_SWAP, x, y) for x, row in enumerate(SWAP) for y, a in enumerate(row)}
_CODES |= {a: (OP_REMOVE_EXTRA, k) for k, a in zip(INGREDIENTS, REMOVE_EXTRA, strict=True)}
for _g in range(len(GLASS_NAMES)):
    for _r in _ROWS:
        for _c in COLOURS:
            _CODES[PLACE[_c][_g][_r]] = (OP_PLACE, _c, _g, _r, _c)
            _CODES[PLACE_WILD[_g][_r][_c]] = (OP_PLACE, WILD, _g, _r, _c)
            _CODES[PICK[_g][_r][_c]] = (OP_PICK, _g, _r, _c)
            _CODES[REMOVE[_g][_r][_c]] = (OP_REMOVE, _g, _r, _c)


def action_space(players: int) -> tuple[Action, ...]:
    """Every action at ``players`` seats, in the documented order (docs/rules/on-the-rocks.md)."""
    marbles: list[Action] = []
    for g, rows in enumerate(GLASS_ROWS):
        for r in range(1, len(rows) + 1):
            for c in COLOURS:
                marbles += [PLACE[c][g][r], PLACE_WILD[g][r][c], PICK[g][r][c], REMOVE[g][r][c]]
    return (
        DONE,
        TAKE,
        DRAFT,
        ORDER_ALL,
        *ORDER_WITHOUT,
        *FLIP,
        *START,
        *SELECT,
        *PLAY,
        *TARGET[:players],
        *DRINK,
        *MIX,
        *(KEEP[k] for k in INGREDIENTS),
        *SAVE,
        *(SWAP[a][b] for a in INGREDIENTS for b in INGREDIENTS),
        *marbles,
        *REMOVE_EXTRA,
    )


CODE = {a: _CODES[a] for a in action_space(MAX_SEATS)}
"""Every action of the game (the space at the most seats) and what it does."""
