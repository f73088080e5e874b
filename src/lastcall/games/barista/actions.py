"""Every Barista action, built once: hot paths hand out these very objects.

Canonical text:
``place mocha`` / ``place wild milk`` (a card onto the order, at setup or in a turn),
``ready`` (setup placements done), ``play take`` (an action card), ``roll milk``,
``change milk soy``, ``take 2`` / ``spill 2`` (a target seat),
``discard mocha`` / ``discard placed milk`` (a hand card, or a placed card the
order no longer wants), ``challenge`` (call a Barista Challenge).
"""

from __future__ import annotations

from lastcall.core import Action
from lastcall.games.barista.content import CONTENT, SLOTS

MAX_PLAYERS = 6
_C = CONTENT
_INGREDIENTS = range(_C.wild)

READY = Action("ready")
CHALLENGE = Action("challenge")
PLACE = tuple(Action("place", name) for name in _C.kind_names[: _C.wild])
PLACE_WILD = tuple(Action("place", "wild", _C.categories[c]) for c in range(SLOTS))
PLAY = {k: Action("play", _C.kind_names[k]) for k in (_C.roll, _C.change, _C.take, _C.spill)}
DISCARD = tuple(Action("discard", name) for name in _C.kind_names)
DISCARD_PLACED = tuple(Action("discard", "placed", _C.categories[c]) for c in range(SLOTS))
ROLL = tuple(Action("roll", _C.categories[c]) for c in range(SLOTS))
CHANGE = tuple(
    tuple(Action("change", _C.categories[c], value) for value in _C.values[c]) for c in range(SLOTS)
)
TAKE = tuple(Action("take", p) for p in range(MAX_PLAYERS))
SPILL = tuple(Action("spill", p) for p in range(MAX_PLAYERS))

# What each action does, found with one lookup: ``CODE[action] == (op, argument)``.
OP_READY, OP_CHALLENGE, OP_PLACE, OP_PLACE_WILD, OP_PLAY = range(5)
OP_DISCARD, OP_DISCARD_PLACED, OP_ROLL, OP_CHANGE, OP_TARGET = range(5, 10)

CODE: dict[Action, tuple[int, int]] = {READY: (OP_READY, 0), CHALLENGE: (OP_CHALLENGE, 0)}
CODE |= {a: (OP_PLACE, k) for k, a in enumerate(PLACE)}
CODE |= {a: (OP_PLACE_WILD, c) for c, a in enumerate(PLACE_WILD)}
CODE |= {a: (OP_PLAY, k) for k, a in PLAY.items()}
CODE |= {a: (OP_DISCARD, k) for k, a in enumerate(DISCARD)}
CODE |= {a: (OP_DISCARD_PLACED, c) for c, a in enumerate(DISCARD_PLACED)}
CODE |= {a: (OP_ROLL, c) for c, a in enumerate(ROLL)}
# A change packs its die and new value into one argument: die * VALUE_RADIX + value.
VALUE_RADIX = 8
CODE |= {
    a: (OP_CHANGE, c * VALUE_RADIX + v) for c, row in enumerate(CHANGE) for v, a in enumerate(row)
}
CODE |= {a: (OP_TARGET, p) for p, a in enumerate(TAKE)}
CODE |= {a: (OP_TARGET, p) for p, a in enumerate(SPILL)}


def action_space(players: int) -> tuple[Action, ...]:
    """Every action at ``players`` seats, in the documented order (see docs/rules/barista.md)."""
    return (
        READY,
        CHALLENGE,
        *PLACE,
        *PLACE_WILD,
        *PLAY.values(),
        *DISCARD,
        *DISCARD_PLACED,
        *ROLL,
        *(a for row in CHANGE for a in row),
        *TAKE[:players],
        *SPILL[:players],
    )
