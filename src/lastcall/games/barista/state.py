"""Barista's position: its fields, the start of a game, and the cheap copy.

Seats are numbered in the order of play (counterclockwise round the table), so
the next player is seat + 1 and the next dealer, to the dealer's left, is
seat - 1. Cards are small integers (see ``content.py``); a hand is a list of them.
"""

from __future__ import annotations

from enum import IntEnum
from itertools import product
from typing import Any, Final, Self

from lastcall.core import Game, State
from lastcall.games.barista.content import CONTENT

HAND_SIZE: Final = 4
TIPS_TO_WIN: Final = 5
TIP_JAR: Final = 20
PERFECT_TIPS: Final = 2
EMPTY: Final = -1
"""An open slot, or no card."""
PERFECT_ORDERS: Final = 0
SUCCESSFUL_CHALLENGES: Final = 1
FAILED_CHALLENGES: Final = 2
"""Where a seat's tips came from: the indices of ``earned``."""

ORDER_NAMES: Final = {
    dice: " ".join(CONTENT.values[c][v].capitalize() for c, v in enumerate(dice))
    for dice in product(*(range(len(values)) for values in CONTENT.values))
}
"""Every order's name by the value index of each die: a few hundred at most, looked up
on every roll and every view rather than joined again."""


class Step(IntEnum):
    """Where a round stands; the decision steps are the phases a view names."""

    DEAL = 0
    SETUP = 1
    DRAW = 2
    PLAY = 3
    FOLLOW = 4
    TARGET = 5
    DIE = 6
    END_TURN = 7
    OVER = 8


PHASE_NAMES: Final = {
    Step.SETUP: "setup",
    Step.PLAY: "play",
    Step.FOLLOW: "discard",
    Step.TARGET: "target",
    Step.DIE: "die",
    Step.OVER: "over",
}


class BaristaBase(State):
    """The fields of a Barista game; rules, views and knowledge are mixed in by ``game.py``."""

    __slots__ = (
        "challenger",
        "current",
        "dealer",
        "deck",
        "dice",
        "discard",
        "earned",
        "final_left",
        "hands",
        "jar",
        "known",
        "pending",
        "placed",
        "placed_as",
        "ready",
        "round_no",
        "step",
        "tips",
        "turn_limit",
        "turns",
    )

    step: Step
    current: int
    dealer: int
    dice: list[int]
    """The value index each die shows, Shots, Size, Milk, Drink."""
    hands: list[list[int]]
    placed: list[list[int]]
    """Each seat's face-down card per slot (``EMPTY`` if open)."""
    placed_as: list[list[int]]
    """The die value a placed card was placed against: public, and all that others know of it."""
    deck: list[int]
    discard: list[int]
    tips: list[int]
    earned: list[list[int]]
    """Each seat's tips by source: perfect orders, successful challenges, and (negative)
    those paid back for failed ones; public, and kept so a copy without history has it."""
    jar: int
    known: list[tuple[int, int, int]]
    """``(holder, knower, kind)``: the knower saw the holder get this card (a take), and
    nothing it has seen since could have been that card leaving the hand."""
    ready: list[bool]
    challenger: int
    final_left: int
    pending: int
    """The action card being resolved (its kind), or ``EMPTY``."""
    turns: int
    turn_limit: int
    round_no: int

    def _setup(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        self._init_base(game, players, options, seed)
        self.tips = [0] * players
        self.earned = [[0, 0, 0] for _ in range(players)]
        self.jar = TIP_JAR
        self.turns = 0
        self.turn_limit = int(options["turn_limit"])
        self.round_no = 0
        self.dealer = 0
        self.current = 0
        self.step = Step.DEAL

    def clone(self) -> Self:
        """A copy that shares what the rules never write into: the rows of ``placed``,
        ``placed_as`` and ``earned``, and the lists ``dice``, ``tips``, ``earned``,
        ``known`` and ``ready``, which a change replaces whole (a few changes a round,
        against a copy at every search iteration). Hands, the deck and the discard pile
        change at every turn, and are copied."""
        c = self._copy_base()
        c.step = self.step
        c.current = self.current
        c.dealer = self.dealer
        c.dice = self.dice
        c.hands = [hand.copy() for hand in self.hands]
        c.placed = self.placed.copy()
        c.placed_as = self.placed_as.copy()
        c.deck = self.deck.copy()
        c.discard = self.discard.copy()
        c.tips = self.tips
        c.earned = self.earned
        c.jar = self.jar
        c.known = self.known
        c.ready = self.ready
        c.challenger = self.challenger
        c.final_left = self.final_left
        c.pending = self.pending
        c.turns = self.turns
        c.turn_limit = self.turn_limit
        c.round_no = self.round_no
        return c

    # Facts every part of the rules reads.

    def stale(self, p: int, c: int) -> bool:
        """A placed card the order no longer wants (its die changed after placing)."""
        k = self.placed[p][c]
        return k != EMPTY and k != CONTENT.wild and CONTENT.kind_value[k] != self.dice[c]

    def progress(self, p: int) -> int:
        """How many elements of the order this seat's four cards can fill together."""
        dice = self.dice
        wild = CONTENT.wild
        cat = CONTENT.kind_category
        val = CONTENT.kind_value
        matched = 0
        wilds = 0
        for k in (*self.hands[p], *self.placed[p]):
            if k == wild:
                wilds += 1
            elif 0 <= k < wild and val[k] == dice[cat[k]]:
                matched |= 1 << cat[k]
        return min(len(dice), matched.bit_count() + wilds)

    def order_name(self) -> str:
        return ORDER_NAMES[tuple(self.dice)]
