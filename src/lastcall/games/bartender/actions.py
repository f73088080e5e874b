"""Every Bartender action, built once: hot paths hand out these very objects.

Canonical text: ``skip`` (no action this turn), ``advertise 1`` (to a seat's
customer), ``raid 1 kh`` (a seat's bartender), ``dig kh`` (one's own
bartender), ``bid jd`` (a market bartender), then ``play 7d`` (the card for the
chosen action); the answers ``keep 7d``, ``block 9c``, ``offer 5c`` and
``pass``; ``bank 5d``, ``discard 3s`` and ``done`` (ends the bank or discard
step). Cards are named by face, so equal faces are one action.
"""

from __future__ import annotations

from lastcall.core import Action
from lastcall.games.bartender.content import COIN, DECK, RAIDER, SHOVEL

MAX_SEATS = 5
NUM_BARTENDERS = len(DECK.bartenders)
_NAME = DECK.names
_KIND = DECK.kinds

SKIP = Action("skip")
PASS = Action("pass")
DONE = Action("done")
ADVERTISE_AT = tuple(Action("advertise", s) for s in range(MAX_SEATS))
RAID_ON = tuple(
    tuple(Action("raid", s, _NAME[b]) for b in range(NUM_BARTENDERS)) for s in range(MAX_SEATS)
)
DIG_ON = tuple(Action("dig", _NAME[b]) for b in range(NUM_BARTENDERS))
BID_ON = tuple(Action("bid", _NAME[b]) for b in range(NUM_BARTENDERS))
PLAY = tuple(Action("play", f) for f in DECK.faces)
KEEP = tuple(Action("keep", f) for f in DECK.faces)
BLOCK = tuple(Action("block", f) for f in DECK.faces)
OFFER = tuple(Action("offer", f) for f in DECK.faces)
BANK = tuple(Action("bank", f) for f in DECK.faces)
DISCARD = tuple(Action("discard", f) for f in DECK.faces)

BARTENDER_ID = {_NAME[b]: b for b in range(NUM_BARTENDERS)}
"""A bartender's card id by name (bartenders are the first cards, one of each)."""
FACE_ID = {f: i for i, f in enumerate(DECK.faces)}
"""A face's index in ``DECK.faces`` by name."""


def _faces_of(kinds: tuple[int, ...]) -> list[int]:
    """Indices of the faces of cards of these kinds, in card id order."""
    faces = dict.fromkeys(DECK.face_of[c] for c in range(len(_NAME)) if _KIND[c] in kinds)
    return list(faces)


def action_space(players: int) -> tuple[Action, ...]:
    """Every action at ``players`` seats, in the documented order (docs/rules/bartender.md)."""
    return (
        SKIP,
        PASS,
        DONE,
        *ADVERTISE_AT[:players],
        *(a for row in RAID_ON[:players] for a in row),
        *DIG_ON,
        *BID_ON,
        *(PLAY[f] for f in _faces_of((COIN, RAIDER, SHOVEL))),
        *(KEEP[f] for f in _faces_of((COIN,))),
        *(BLOCK[f] for f in _faces_of((RAIDER,))),
        *(OFFER[f] for f in _faces_of((COIN, RAIDER))),
        *(BANK[f] for f in _faces_of((COIN,))),
        *(DISCARD[f] for f in _faces_of((COIN, RAIDER, SHOVEL))),
    )


# What each action does, found with one lookup: ``CODE[action] == (op, argument)``.
OP_SKIP, OP_PASS, OP_DONE, OP_ADVERTISE, OP_RAID, OP_DIG, OP_BID = range(7)
OP_PLAY, OP_KEEP, OP_BLOCK, OP_OFFER, OP_BANK, OP_DISCARD = range(7, 13)


def _codes() -> dict[Action, tuple[int, int]]:
    """The op and argument of every action the tables hold, playable or not."""
    codes = {SKIP: (OP_SKIP, 0), PASS: (OP_PASS, 0), DONE: (OP_DONE, 0)}
    codes |= {a: (OP_ADVERTISE, s) for s, a in enumerate(ADVERTISE_AT)}
    # A raid packs its seat and bartender into one argument: seat * NUM_BARTENDERS + bartender.
    codes |= {
        a: (OP_RAID, s * NUM_BARTENDERS + b)
        for s, row in enumerate(RAID_ON)
        for b, a in enumerate(row)
    }
    codes |= {a: (OP_DIG, b) for b, a in enumerate(DIG_ON)}
    codes |= {a: (OP_BID, b) for b, a in enumerate(BID_ON)}
    for op, table in (
        (OP_PLAY, PLAY),
        (OP_KEEP, KEEP),
        (OP_BLOCK, BLOCK),
        (OP_OFFER, OFFER),
        (OP_BANK, BANK),
        (OP_DISCARD, DISCARD),
    ):
        codes |= {a: (op, face) for face, a in enumerate(table)}
    return codes


_EVERY = _codes()
CODE: dict[Action, tuple[int, int]] = {a: _EVERY[a] for a in action_space(MAX_SEATS)}
"""Exactly the actions of the game (a card's face only where it can be used)."""
