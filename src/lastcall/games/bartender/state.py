"""Bartender's position: its fields, the start of a game, and the cheap copy.

Every physical card is an int (see ``content.py``), so a position holds only
ints, lists and tuples. Bars are kept canonically: customers are
interchangeable (their number is ignored) and the owner may re-pair at any
time, so a bar's happy customers are ``min(bartenders, customers)``; only
shovels and sideways marks tell one bartender from another.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Final, Self

from lastcall.core import Game, State
from lastcall.games.bartender.actions import NUM_BARTENDERS
from lastcall.games.bartender.content import DECK

HAND_LIMIT: Final = 7
DEAL_SIZE: Final = 5
"""Cards dealt to each seat at setup."""
IDLE_ROUNDS: Final = 10
"""Rounds without a single coin banked after which the bar closes (the game ends)."""
NO_CARD: Final = -1

ADVERTISE: Final = 0
RAID: Final = 1
DIG: Final = 2
BID: Final = 3
PENDING: Final = ("advertise", "raid", "dig", "bid")
"""The kinds of action a turn's ``pending`` tuple resolves, by name."""


class Step(IntEnum):
    """Where a turn stands.

    The first seven are the phases a view names: a decision waits in each but
    ``OVER``. The others are automatic and never at rest between decisions.
    """

    ACTION = 0
    CARD = 1
    DEFEND = 2
    AUCTION = 3
    BANK = 4
    DISCARD = 5
    OVER = 6
    DEAL = 7
    START = 8
    END_TURN = 9


PHASES: Final = ("action", "card", "defence", "auction", "bank", "discard", "over")
"""The names of the phases, by step (the decision steps and ``OVER``)."""


class BartenderBase(State):
    """The fields of a Bartender game; rules, views and knowledge are mixed in by ``game.py``."""

    __slots__ = (
        "auction",
        "bank",
        "bars",
        "coin_deck",
        "coin_discard",
        "current",
        "customers",
        "deck",
        "discard",
        "fresh",
        "hands",
        "idle",
        "market",
        "pending",
        "phase",
        "shovel",
        "sideways",
        "sideways_customers",
        "target",
        "turn",
    )

    phase: Step
    """The step of the turn (its name is the one saved states have always used)."""
    current: int
    turn: int
    target: int
    idle: int
    """Turns since a coin was last banked (-1 while the banking turn is still running)."""
    hands: list[tuple[int, ...]]
    bars: list[tuple[int, ...]]
    """Each seat's bartenders, in order of arrival."""
    customers: list[tuple[int, ...]]
    """Each seat's customers, in order of arrival."""
    shovel: list[int]
    """Per bartender: the shovel it is dug in with, or ``NO_CARD``."""
    fresh: list[int]
    """Per bartender: 1 if it joined its bar since its owner's last step 5."""
    sideways: list[int]
    """Per bartender: 1 if it is turned sideways."""
    sideways_customers: list[int]
    """Per seat: how many of its customers are turned sideways (the latest to arrive)."""
    market: list[int]
    deck: list[int]
    discard: list[int]
    coin_deck: list[int]
    coin_discard: list[int]
    bank: list[int]
    pending: tuple[int, ...]
    """The action being resolved: ``(kind, target seat, bartender, card)``, or empty."""
    auction: tuple[int, ...]
    """The open auction: ``(bartender, high card, high bidder, passes since)``, or empty."""

    def _setup(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        """The fields of a game about to be dealt (``Step.DEAL`` shuffles and deals)."""
        self._init_base(game, players, options, seed)
        self.turn = 0
        self.target = DECK.targets[players]
        self.idle = 0
        self.hands = [()] * players
        self.bars = [()] * players
        self.customers = [()] * players
        self.shovel = [NO_CARD] * NUM_BARTENDERS
        self.fresh = [0] * NUM_BARTENDERS
        self.sideways = [0] * NUM_BARTENDERS
        self.sideways_customers = [0] * players
        self.market = []
        self.discard = []
        self.coin_discard = []
        self.bank = [0] * players
        self.pending = ()
        self.auction = ()
        self.current = 0
        self.deck = DECK.main_deck(players, int(options["extra_heart_aces"]))
        sets = 1 if options["one_coin_set"] else DECK.rule_coin_sets
        self.coin_deck = DECK.coin_deck(sets)
        self.phase = Step.DEAL

    def clone(self) -> Self:
        c = self._copy_base()
        c.phase = self.phase
        c.current = self.current
        c.turn = self.turn
        c.target = self.target
        c.idle = self.idle
        c.hands = self.hands.copy()
        c.bars = self.bars.copy()
        c.customers = self.customers.copy()
        c.shovel = self.shovel.copy()
        c.fresh = self.fresh.copy()
        c.sideways = self.sideways.copy()
        c.sideways_customers = self.sideways_customers.copy()
        c.market = self.market.copy()
        c.deck = self.deck.copy()
        c.discard = self.discard.copy()
        c.coin_deck = self.coin_deck.copy()
        c.coin_discard = self.coin_discard.copy()
        c.bank = self.bank.copy()
        c.pending = self.pending
        c.auction = self.auction
        return c

    def _advance(self) -> None:
        """Carry out automatic steps until one waits for a decision (the step is ``phase``)."""
        steps = self._steps
        while not steps[self.phase](self):
            pass

    def happy(self, p: int) -> int:
        """Happy customers at a seat's bar: every pair of a bartender and a customer."""
        return min(len(self.bars[p]), len(self.customers[p]))
