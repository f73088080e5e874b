"""On The Rocks's position: its fields, the steps of a turn, setup, and the cheap copy.

A turn walks the rulebook's nine steps (``step``); whenever a person must
choose, ``phase`` names the kind of decision and ``to_move`` who makes it
(usually the current player; the giver of a Weak Drink and the guest of a Buy
a Drink answer out of turn).
Marbles are counted by kind in lists of 8 (``content.KIND_NAMES``); each
seat's glasses are one run of slots in ``slots`` (0 empty, 1 a marble of the
recipe's colour, 2 a wild placed as that colour).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Final, Self

from lastcall.core import Game, Rng, State
from lastcall.games.on_the_rocks.content import (
    BOWLS_BY_PLAYERS,
    MARBLE_COUNTS,
    RECIPE_GLASS,
    RECIPE_SLOTS,
    RECIPE_VALUE,
    SPILL_CARDS,
    TIP_COUNTS,
    TIP_KINDS,
    TIP_VALUES,
)


class Step(IntEnum):
    """Where a turn stands: setup, the rulebook's steps, a new order, the end."""

    SETUP = 0
    COMPLAINTS = 1
    ROLL = 2
    MIX = 3
    SELECT = 4
    PLACE = 5
    SAVE = 6
    RESOLVE = 7
    TIPS = 8
    END = 9
    NEW_ORDER = 10
    OVER = 11


STEP_NAMES: Final = tuple(s.name.lower().replace("_", " ") for s in Step)


class Decision(IntEnum):
    """The kind of decision awaited; its name is the view's ``phase``."""

    ORDER = 0
    ROLL = 1
    START = 2
    MIX = 3
    SELECT = 4
    SHAKE = 5
    KEEP = 6
    PLACE = 7
    SAVE = 8
    TIPS = 9
    TARGET = 10
    DRINK = 11
    REMOVE = 12
    NONE = 13


PHASE_NAMES: Final = tuple(d.name.lower() for d in Decision)


class Placing(IntEnum):
    """What a placing decision draws on, and what follows it."""

    TURN = 0
    """The selected bowl's marbles (step 5)."""
    RESOLVE = 1
    """Gold picks (step 7)."""
    TIP = 2
    """Marbles a keep card drew."""
    BUY = 3
    """The buyer's three of a Buy a Drink."""
    GIFT = 4
    """The guest's one of a Buy a Drink."""
    EXTRAS = 5
    """The shelf onto a new order (order step 4)."""
    LEFTOVER = 6
    """The bowl's unused marbles onto a new order (order step 5)."""


class Removal(IntEnum):
    """Which marbles a removal may take."""

    ANY = 0
    TOP = 1
    """The top-most row of one drink (Top Shelf)."""
    EACH = 2
    """One from each drink (the Wild spill card)."""
    BOARD = 3
    """Any marble on the board, the extra-ingredient shelf included (Weak Drink)."""


# Each recipe card's cells as the ``(glass, row, colour)`` a marble placed there fills.
CELL_TARGETS: Final = tuple(
    tuple((RECIPE_GLASS[card], r, c) for r, c in cells) for card, cells in enumerate(RECIPE_SLOTS)
)
CELL_EARLIER: Final = tuple(
    tuple(tuple(j for j in range(i) if cells[j] == cells[i]) for i in range(len(cells)))
    for cells in RECIPE_SLOTS
)
"""For each cell of each recipe card, the earlier cells wanting the same row and colour."""
OFF_TURN: Final = (Step.SETUP, Step.OVER)
"""Steps outside any player's turn."""
PLACING_NAMES: Final = ("bowl", "gold", "tip", "bought", "gift", "extras", "leftovers")
"""What a placing decision draws on, by ``Placing``, as views name it."""
SHELF_SIZE: Final = 3
NT: Final = len(TIP_KINDS)
# Each seat's board is one run of slots: Old Fashioned 6, Martini 6, Hurricane 8, Highball 8.
GLASS_OFFSET: Final = (0, 6, 12, 20)
SLOTS_PER_PLAYER: Final = 28
# A documented end condition: the bar closes after this many rounds.
ROUND_LIMIT: Final = {"full": 40, "short": 30}
LEMONS: Final = {"full": 3, "short": 2}


class OnTheRocksBase(State):
    """The fields of an On The Rocks game; rules, views and knowledge are mixed in by game.py."""

    __slots__ = (
        "aside",
        "bag",
        "bonus",
        "bowls",
        "coaster_gold",
        "coaster_spill",
        "complaints",
        "completed",
        "current",
        "cursor",
        "dice",
        "discards",
        "done",
        "finishers",
        "flip_die",
        "flipped",
        "gift_to",
        "gold_wait",
        "hand",
        "held",
        "last_call",
        "last_emptied",
        "lemons",
        "pending_spill",
        "phase",
        "picks",
        "pmode",
        "recipe_decks",
        "recipes",
        "rm_colour",
        "rm_glass",
        "rm_left",
        "rm_mask",
        "rm_mode",
        "shelf",
        "shots",
        "slots",
        "spill_card",
        "spill_deck",
        "spill_discard",
        "spill_known",
        "step",
        "target_tip",
        "tip_deck",
        "tips",
        "tipsy_used",
        "tray",
        "turns",
    )

    step: Step
    phase: Decision
    current: int
    turns: int
    """Turns finished; the current player is the first player plus ``turns``, round the table."""
    bag: list[int]
    bowls: list[int]
    """Marbles by kind, bowl after bowl (8 counts a bowl)."""
    cursor: int
    """The bowl the next mixed marble goes into."""
    last_emptied: int
    """The bowl the previous player selected (-1 before the first selection)."""
    hand: list[int]
    """Drafted marbles still to be mixed."""
    tray: list[int]
    """The On The Rocks sign: marbles to place now."""
    held: list[int]
    """The bowl's unused marbles waiting for a new order."""
    aside: list[int]
    """Marbles kept apart: Shots! Shots! choices, a Buy a Drink guest's draw."""
    dice: list[int]
    flipped: list[bool]
    flip_die: int
    """The die being turned while its price is paid (-1 if none)."""
    recipes: list[int]
    """The recipe card on each seat's glass (4 a seat; -1 if none)."""
    done: list[bool]
    """Whether that recipe is completed (face down)."""
    slots: list[int]
    shelf: list[int]
    """Extra ingredients by kind (8 a seat)."""
    tips: list[int]
    """Tip cards held by kind (9 a seat)."""
    discards: list[int]
    """Tip cards used, by kind (9 a seat)."""
    complaints: tuple[tuple[tuple[int, int], ...], ...]
    """Each seat's complaints waiting, ``(tip kind, giver)``, oldest first."""
    completed: tuple[tuple[int, ...], ...]
    lemons: tuple[int, ...]
    bonus: tuple[int, ...]
    finishers: tuple[int, ...]
    """Seats that placed their last lemon, in order."""
    last_call: int
    coaster_spill: int
    coaster_gold: int
    picks: int
    """Marbles of choice the current player may still take from the bag."""
    pmode: Placing
    pending_spill: int
    """Spill marbles waiting for the end of the turn."""
    gold_wait: int
    """Gold marbles of the selected bowl, resolved at step 7."""
    shots: bool
    tipsy_used: int
    gift_to: int
    target_tip: int
    """The pass or share card waiting for a target (-1 if none)."""
    spill_card: int
    rm_left: int
    rm_glass: int
    rm_colour: int
    rm_mode: Removal
    rm_mask: int
    """Drinks a Wild spill has already taken from, one bit a glass."""
    tip_deck: tuple[int, ...]
    spill_deck: tuple[int, ...]
    spill_known: int
    """How many cards at the spill deck's bottom lie face up."""
    spill_discard: tuple[int, ...]
    recipe_decks: tuple[tuple[int, ...], ...]

    def _setup(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        """Prep: the bag, bowls of 3 ordinary marbles, the decks (flow.py opens the game)."""
        self._init_base(game, players, options, seed)
        n = players
        self.bag = list(MARBLE_COUNTS)
        nb = BOWLS_BY_PLAYERS[n]
        self.bowls = [0] * (8 * nb)
        for b in range(nb):
            for _ in range(3):
                self.bowls[8 * b + self._draw_ordinary()] += 1
        self.tip_deck = shuffled(
            self.rng, [k for k, count in enumerate(TIP_COUNTS) for _ in range(count)]
        )
        self.spill_deck = shuffled(self.rng, list(range(len(SPILL_CARDS))))
        self.spill_known = 0
        self.spill_discard = ()
        self.recipe_decks = tuple(
            shuffled(self.rng, [c for c in range(len(RECIPE_GLASS)) if RECIPE_GLASS[c] == g])
            for g in range(4)
        )
        self.recipes = [-1] * (4 * n)
        self.done = [False] * (4 * n)
        self.slots = [0] * (SLOTS_PER_PLAYER * n)
        self.shelf = [0] * (8 * n)
        self.tips = [0] * (NT * n)
        self.discards = [0] * (NT * n)
        self.complaints = ((),) * n
        self.completed = ((),) * n
        self.lemons = (0,) * n
        self.bonus = (0,) * n
        self.finishers = ()
        self.last_call = -1
        self.last_emptied = -1
        self.coaster_spill = 0
        self.coaster_gold = 0
        self.hand = [0] * 8
        self.tray = [0] * 8
        self.held = [0] * 8
        self.aside = [0] * 8
        self.dice = [0, 0]
        self.flipped = [False, False]
        self.flip_die = -1
        self.cursor = 0
        self.picks = 0
        self.pmode = Placing.TURN
        self.pending_spill = 0
        self.gold_wait = 0
        self.shots = False
        self.tipsy_used = 0
        self.gift_to = -1
        self.target_tip = -1
        self.spill_card = -1
        self.rm_left = self.rm_glass = self.rm_colour = self.rm_mask = 0
        self.rm_mode = Removal.ANY
        self.turns = 0
        self.current = 0
        self.step = Step.SETUP
        self.phase = Decision.ORDER

    def _draw_ordinary(self) -> int:
        """Setup draws: a spill or gold drawn goes straight back, so draw among the rest."""
        bag = self.bag
        r = self.rng.below(sum(bag[:6]))
        for k in range(6):
            r -= bag[k]
            if r < 0:
                bag[k] -= 1
                return k
        raise AssertionError("empty bag")

    def clone(self) -> Self:
        # Dice, recipes, tips and discards change a few times a turn, always
        # as a new list (``replaced``), so copies share them; the marble
        # counts change with nearly every decision and are copied.
        c = self._copy_base()
        c.aside = self.aside.copy()
        c.bag = self.bag.copy()
        c.bonus = self.bonus
        c.bowls = self.bowls.copy()
        c.coaster_gold = self.coaster_gold
        c.coaster_spill = self.coaster_spill
        c.complaints = self.complaints
        c.completed = self.completed
        c.current = self.current
        c.cursor = self.cursor
        c.dice = self.dice
        c.discards = self.discards
        c.done = self.done
        c.finishers = self.finishers
        c.flip_die = self.flip_die
        c.flipped = self.flipped
        c.gift_to = self.gift_to
        c.gold_wait = self.gold_wait
        c.hand = self.hand.copy()
        c.held = self.held.copy()
        c.last_call = self.last_call
        c.last_emptied = self.last_emptied
        c.lemons = self.lemons
        c.pending_spill = self.pending_spill
        c.phase = self.phase
        c.picks = self.picks
        c.pmode = self.pmode
        c.recipe_decks = self.recipe_decks
        c.recipes = self.recipes
        c.rm_colour = self.rm_colour
        c.rm_glass = self.rm_glass
        c.rm_left = self.rm_left
        c.rm_mask = self.rm_mask
        c.rm_mode = self.rm_mode
        c.shelf = self.shelf.copy()
        c.shots = self.shots
        c.slots = self.slots.copy()
        c.spill_card = self.spill_card
        c.spill_deck = self.spill_deck
        c.spill_discard = self.spill_discard
        c.spill_known = self.spill_known
        c.step = self.step
        c.target_tip = self.target_tip
        c.tip_deck = self.tip_deck
        c.tips = self.tips
        c.tipsy_used = self.tipsy_used
        c.tray = self.tray.copy()
        c.turns = self.turns
        return c

    # Facts about the board that every part of the rules reads.

    def _turns_begun(self) -> int:
        """Turns begun so far: the finished ones and the one being played."""
        return self.turns + (self.step not in OFF_TURN)

    def _bowl(self, b: int) -> list[int]:
        return self.bowls[8 * b : 8 * b + 8]

    def _cells(self, p: int, g: int) -> tuple[int, tuple[tuple[int, int], ...]]:
        """Where a glass's slots start in ``slots``, and its recipe's ``(row, colour)`` cells."""
        return p * SLOTS_PER_PLAYER + GLASS_OFFSET[g], RECIPE_SLOTS[self.recipes[p * 4 + g]]

    def _filled(self, p: int, g: int) -> int:
        base, cells = self._cells(p, g)
        return len(cells) - self.slots[base : base + len(cells)].count(0)

    def _full(self, p: int, g: int) -> bool:
        base, cells = self._cells(p, g)
        return 0 not in self.slots[base : base + len(cells)]

    def _active(self, p: int, g: int) -> bool:
        """A face-up recipe lies on this glass."""
        return self.recipes[p * 4 + g] >= 0 and not self.done[p * 4 + g]

    def _order_filled(self, p: int) -> bool:
        """Every recipe of the order is face down or has all its marbles."""
        recipes, done = self.recipes, self.done
        q = 4 * p
        return any(recipes[q + g] >= 0 for g in range(4)) and all(
            recipes[q + g] < 0 or done[q + g] or self._full(p, g) for g in range(4)
        )

    def _open_targets(self, p: int) -> list[tuple[int, int, int]]:
        """Distinct empty slots ``(glass, row, colour)`` on ``p``'s face-up recipes, in order.

        A target is listed at its first empty slot; a slot whose target an earlier empty
        slot of the card already gave is skipped (``CELL_EARLIER``), with no set to keep.
        """
        out: list[tuple[int, int, int]] = []
        recipes, done, slots = self.recipes, self.done, self.slots
        q = 4 * p
        for g in range(4):
            card = recipes[q + g]
            if card < 0 or done[q + g]:
                continue
            base = p * SLOTS_PER_PLAYER + GLASS_OFFSET[g]
            targets = CELL_TARGETS[card]
            earlier = CELL_EARLIER[card]
            for i in range(len(targets)):
                if slots[base + i]:
                    continue
                given = False
                for j in earlier[i]:
                    if not slots[base + j]:
                        given = True
                        break
                if not given:
                    out.append(targets[i])
        return out


def seat_score(completed: tuple[int, ...], tips: list[int], bonus: int, face_up: int) -> float:
    """Completed recipes + unused tips + bonus coins - $2 per incomplete (face-up) recipe."""
    total = bonus - 2 * face_up
    for card in completed:
        total += RECIPE_VALUE[card]
    for k, count in enumerate(tips):
        if count:
            total += TIP_VALUES[k] * count
    return float(total)


def with_entry(rows: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """A copy of a shared tuple with entry ``i`` replaced (copy on write keeps clones cheap)."""
    return (*rows[:i], value, *rows[i + 1 :])


def shuffled(rng: Rng, items: list[int]) -> tuple[int, ...]:
    rng.shuffle(items)
    return tuple(items)
