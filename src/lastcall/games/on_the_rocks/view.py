"""What an On The Rocks seat sees: its view, and the same view as a fixed-shape observation.

Everything on the table is public: the bag's contents (all that leaves it is
seen), the bowls, every board, shelf and tip card in hand. Only the order of
the decks is hidden, so every seat's view is the same but for ``viewer``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from itertools import compress
from operator import getitem, itemgetter
from typing import Any, Final

from mypy_extensions import trait

from lastcall.core import ActionSpace, Block, Cells, Observer, Piece, State, one_hot
from lastcall.games.on_the_rocks.content import (
    BOWLS_BY_PLAYERS,
    COLOURS,
    GLASS_NAMES,
    KIND_NAMES,
    MAX_ROWS,
    RECIPE_NAMES,
    RECIPE_SLOTS,
    RECIPE_VALUE,
    SPILL_CARDS,
    TIP_KINDS,
    spill_title,
)
from lastcall.games.on_the_rocks.state import (
    GLASS_OFFSET,
    NT,
    OFF_TURN,
    PHASE_NAMES,
    PLACING_NAMES,
    ROUND_LIMIT,
    SLOTS_PER_PLAYER,
    STEP_NAMES,
    Decision,
    OnTheRocksBase,
    Removal,
    seat_score,
)

KINDS: Final = len(KIND_NAMES)
SPILL_TITLE: Final = tuple(spill_title(c) for c in range(len(SPILL_CARDS)))
SPILL_TITLES: Final = tuple(sorted(set(SPILL_TITLE)))
SPILL_TITLE_OF: Final = SPILL_TITLE.__getitem__
MIX: Final = Decision.MIX
PLACE: Final = Decision.PLACE
REMOVE: Final = Decision.REMOVE
DRINK: Final = Decision.DRINK
RECIPE_NAME: Final = RECIPE_NAMES.__getitem__
COLOUR_NAMES: Final = tuple(KIND_NAMES[c] for c in COLOURS)
SPILL_AT: Final = tuple(SPILL_TITLES.index(title) for title in SPILL_TITLE)
"""Each spill card's place among the distinct titles the observation counts."""
GLASS_CELLS: Final = MAX_ROWS * len(COLOURS) * 2
"""Numbers per glass in the observation's ``glass`` piece."""
PLACED_AT: Final = tuple(
    tuple(((r - 1) * len(COLOURS) + COLOURS.index(c)) * 2 + 1 for r, c in cells)
    for cells in RECIPE_SLOTS
)
"""Each recipe card's cells as the place of their placed count within the glass's numbers."""


def _wanted(card: int) -> tuple[tuple[int, float], ...]:
    """A face-up glass's numbers with nothing placed, summed in the order the view lists cells,
    as its non-zero entries: ``(place within the glass, number)``."""
    block = [0.0] * GLASS_CELLS
    for placed in PLACED_AT[card]:
        block[placed - 1] += 1.0 / 3.0
    return tuple((i, x) for i, x in enumerate(block) if x)


WANTED: Final = tuple(map(_wanted, range(len(RECIPE_SLOTS))))


def _rows_of(cells: tuple[tuple[int, int], ...]) -> Callable[[list[str]], tuple[list[str], ...]]:
    """Cuts a recipe's cells (listed row by row) into its rows, bottom first, in one call."""
    rows = [
        slice(
            min(i for i, (r, _) in enumerate(cells) if r == row),
            max(i for i, (r, _) in enumerate(cells) if r == row) + 1,
        )
        for row in range(1, max(r for r, _ in cells) + 1)
    ]
    if len(rows) == 1:
        only = rows[0]
        return lambda named: (named[only],)
    return itemgetter(*rows)


# How a view shows each recipe card: its name and value; each cell's colour by
# slot value, wanted (lower case), placed (capitals), a wild placed as that colour
# (a star); and how its cells fall into rows.
CARD_VIEW: Final = tuple(
    (
        RECIPE_NAMES[card],
        RECIPE_VALUE[card],
        tuple(
            (KIND_NAMES[c], KIND_NAMES[c].upper(), KIND_NAMES[c].upper() + "*") for _, c in cells
        ),
        _rows_of(cells),
    )
    for card, cells in enumerate(RECIPE_SLOTS)
)


@trait
class OnTheRocksView(OnTheRocksBase):
    """Views: the table, every board, the decks' sizes.

    Marble counts are lists of 8 in the order the view names in ``marbles``
    (yellow, blue, green, red, white, wild, spill, gold), tip cards lists of 9
    in the order of ``tip_kinds``: views are built after every decision, and
    lists cost a third of named counts.
    """

    __slots__ = ()

    def _view(self, player: int | None) -> dict[str, Any]:
        n = self.num_players
        recipes, done, slots = self.recipes, self.done, self.slots
        tips, discards, shelf = self.tips, self.discards, self.shelf
        lemons, complaints, completed, bonus = (
            self.lemons,
            self.complaints,
            self.completed,
            self.bonus,
        )
        seats = []
        for p in range(n):
            glasses = []
            face_up = 0
            for g in range(4):
                card = recipes[4 * p + g]
                if card < 0:
                    continue
                recipe, value, names, rows_of = CARD_VIEW[card]
                complete = done[4 * p + g]
                if complete:  # flipped face down: nothing of it shows but its name
                    rows = []
                else:
                    face_up += 1
                    base = p * SLOTS_PER_PLAYER + GLASS_OFFSET[g]
                    cells = list(map(getitem, names, slots[base : base + len(names)]))
                    rows = list(rows_of(cells))
                glasses.append(
                    {
                        "glass": GLASS_NAMES[g],
                        "recipe": recipe,
                        "value": value,
                        "complete": complete,
                        "rows": rows,
                    }
                )
            waiting = complaints[p]
            held = tips[NT * p : NT * p + NT]
            seats.append(
                {
                    "seat": p,
                    "lemons": lemons[p],
                    "glasses": glasses,
                    "extras": shelf[8 * p : 8 * p + 8],
                    "tips": held,
                    "discarded_tips": sum(discards[NT * p : NT * p + NT]),
                    "complaints": [[TIP_KINDS[k], q] for k, q in waiting] if waiting else [],
                    "completed": list(map(RECIPE_NAME, completed[p])),
                    "bonus": bonus[p],
                    "score": seat_score(completed[p], held, bonus[p], face_up),
                }
            )
        bowls = self.bowls
        spill_deck = self.spill_deck
        phase = self.phase
        length = self.options["length"]
        return {
            "game": self.game.id,
            "viewer": player,
            "to_move": list(self.to_move),
            "phase": PHASE_NAMES[phase],
            "seats": seats,
            "length": length,
            "turn": self.current,
            "step": STEP_NAMES[self.step],
            "dice": self.dice[:],
            "marbles": list(KIND_NAMES),
            "tip_kinds": list(TIP_KINDS),
            "bowls": [bowls[b : b + 8] for b in range(0, len(bowls), 8)],
            "bag": self.bag[:],
            "drafted": self.hand[:],
            "sign": self.tray[:],
            "waiting": self.held[:],
            "picks": self.picks,
            "pending_spills": self.pending_spill,
            "coaster": {"spill": self.coaster_spill, "gold": self.coaster_gold},
            "tip_deck": len(self.tip_deck),
            "recipe_decks": dict(zip(GLASS_NAMES, map(len, self.recipe_decks), strict=True)),
            "spill_deck": len(spill_deck),
            "spill_deck_face_up": list(
                map(SPILL_TITLE_OF, spill_deck[len(spill_deck) - self.spill_known :])
            ),
            "spill_discard": list(map(SPILL_TITLE_OF, self.spill_discard)),
            "last_call": self.last_call,
            "round": max(1, -(-(self.turns + (self.step not in OFF_TURN)) // n)),
            "round_limit": ROUND_LIMIT[length],
            "next_bowl": self.cursor + 1 if phase == MIX else None,
            "placing": PLACING_NAMES[self.pmode] if phase == PLACE else None,
            "removals_left": self.rm_left if phase == REMOVE else None,
            "tip_to_give": TIP_KINDS[self.target_tip] if self.target_tip >= 0 else None,
            "removing_for": self._removal_cause() if phase in (DRINK, REMOVE) else None,
        }

    def _removal_cause(self) -> str:
        """What a removal pays for or suffers: a turned die, a Weak Drink, or a spill card."""
        if self.flip_die >= 0:
            return f"die {self.flip_die + 1}"
        if self.rm_mode == Removal.BOARD:
            return "Weak Drink"
        return SPILL_TITLE[self.spill_card]


class OnTheRocksObserver(Observer):
    """Seats in table order with the viewer marked; marbles as counts by kind."""

    def __init__(self, players: int, space: ActionSpace) -> None:
        n = players
        bowls = max(BOWLS_BY_PLAYERS.values())
        super().__init__(
            n,
            PHASE_NAMES,
            [
                Piece("step", (len(STEP_NAMES),), "the step of the turn"),
                Piece("turn", (n,), "the seat whose turn it is, one-hot"),
                Piece("dice", (2, 6), "the two dice, one-hot (all zero before the roll)"),
                Piece("bowls", (bowls, KINDS), "marbles of each kind in each jigger bowl, over 10"),
                Piece("bag", (KINDS,), "marbles of each kind in the bag, over 15"),
                Piece("drafted", (KINDS,), "drafted marbles to mix, over 5"),
                Piece("sign", (KINDS,), "marbles selected and waiting to be placed, over 5"),
                Piece(
                    "waiting", (KINDS,), "the bowl's unused ingredients until the turn ends, over 5"
                ),
                Piece("picks", (1,), "picks from the bag left, over 4"),
                Piece("pending_spills", (1,), "spill marbles to resolve at the turn's end"),
                Piece("coaster", (2,), "spill and gold marbles on the coaster, over 4 and 3"),
                Piece(
                    "decks",
                    (6,),
                    "tip deck over 48, the four recipe decks and the spill deck over 15",
                ),
                Piece(
                    "spills_face_up",
                    (len(SPILL_TITLES),),
                    "face-up spill cards at the deck's bottom",
                ),
                Piece("spill_discard", (len(SPILL_TITLES),), "spill cards discarded"),
                Piece("last_call", (n,), "who called Last Call, one-hot"),
                Piece("lemons", (n,), "lemons of each seat, over 3"),
                Piece("extras", (n, KINDS), "extra ingredients on each seat's shelf"),
                Piece("tips", (n, NT), "tip cards each seat holds"),
                Piece("discarded_tips", (n,), "tip cards each seat has used, over 10"),
                Piece("complaints", (n, NT), "complaints waiting for each seat"),
                Piece("completed", (n,), "recipes each seat has completed, over 12"),
                Piece("bonus", (n,), "bonus coins, over 5"),
                Piece("score", (n,), "each seat's score so far, over 100"),
                Piece("recipe", (n, 4, 2), "per glass: a recipe is on it, and its value over 10"),
                Piece(
                    "glass",
                    (n, 4, MAX_ROWS, len(COLOURS), 2),
                    "per glass, row and colour: marbles wanted, and placed, over 3",
                ),
            ],
            space,
        )
        self.blocks = self._blocks()
        self.bowls = bowls

    def encode(self, view: Mapping[str, Any], out: list[float]) -> None:
        at = self.offsets
        n = self.players
        colours = len(COLOURS)
        one_hot(out, at["step"], len(STEP_NAMES), STEP_NAMES.index(view["step"]))
        one_hot(out, at["turn"], n, view["turn"])
        for d, value in enumerate(view["dice"]):
            one_hot(out, at["dice"] + 6 * d, 6, value - 1)
        for b, bowl in enumerate(view["bowls"]):
            for k, count in enumerate(bowl):
                out[at["bowls"] + b * KINDS + k] = count / 10.0
        for key, scale in (("bag", 15.0), ("drafted", 5.0), ("sign", 5.0), ("waiting", 5.0)):
            for k, count in enumerate(view[key]):
                out[at[key] + k] = count / scale
        out[at["picks"]] = view["picks"] / 4.0
        out[at["pending_spills"]] = float(view["pending_spills"])
        out[at["coaster"]] = view["coaster"]["spill"] / 4.0
        out[at["coaster"] + 1] = view["coaster"]["gold"] / 3.0
        out[at["decks"]] = view["tip_deck"] / 48.0
        for g, glass_name in enumerate(GLASS_NAMES):
            out[at["decks"] + 1 + g] = view["recipe_decks"][glass_name] / 15.0
        out[at["decks"] + 5] = view["spill_deck"] / 15.0
        for title in view["spill_deck_face_up"]:
            out[at["spills_face_up"] + SPILL_TITLES.index(title)] += 1.0
        for title in view["spill_discard"]:
            out[at["spill_discard"] + SPILL_TITLES.index(title)] += 1.0
        one_hot(out, at["last_call"], n, view["last_call"])
        for seat in view["seats"]:
            q = seat["seat"]
            out[at["lemons"] + q] = seat["lemons"] / 3.0
            for k, count in enumerate(seat["extras"]):
                out[at["extras"] + q * KINDS + k] = float(count)
            for k, count in enumerate(seat["tips"]):
                out[at["tips"] + q * NT + k] = float(count)
            out[at["discarded_tips"] + q] = seat["discarded_tips"] / 10.0
            for kind, _ in seat["complaints"]:
                out[at["complaints"] + q * NT + TIP_KINDS.index(kind)] += 1.0
            out[at["completed"] + q] = len(seat["completed"]) / 12.0
            out[at["bonus"] + q] = seat["bonus"] / 5.0
            out[at["score"] + q] = seat["score"] / 100.0
            for glass in seat["glasses"]:
                g = GLASS_NAMES.index(glass["glass"])
                if glass["complete"]:
                    continue
                base = at["recipe"] + (q * 4 + g) * 2
                out[base] = 1.0
                out[base + 1] = glass["value"] / 10.0
                for r, row in enumerate(glass["rows"]):
                    for marble in row:
                        c = COLOUR_NAMES.index(marble.rstrip("*").lower())
                        cell = at["glass"] + (((q * 4 + g) * MAX_ROWS + r) * colours + c) * 2
                        out[cell] += 1.0 / 3.0
                        if marble[0].isupper():
                            out[cell + 1] += 1.0 / 3.0

    def _blocks(self) -> tuple[Block[OnTheRocksView], ...]:
        """The fast path's runs of the vector, each with what it reads; a glass per seat."""
        span = self.span
        glasses_at = self.offsets["glass"]
        seat_glasses = 4 * GLASS_CELLS
        return (
            # The step, the dice and the marbles in play change at most
            # decisions: this block has no key, as comparing costs more than writing.
            Block(*span("step", "waiting"), None, self._write_turn),
            Block(*span("picks", "last_call"), _table_key, self._write_table),
            # A seat's shelf changes at about a third of a seat's observations,
            # its tips, recipes and score at a tenth: apart, each is rewritten alone.
            Block(*span("lemons", "lemons"), _lemons_key, self._write_lemons),
            Block(*span("extras", "extras"), _shelf_key, self._write_extras),
            Block(*span("tips", "score"), _tally_key, self._write_tally),
            Block(*span("recipe", "recipe"), _recipes_key, self._write_recipes),
            *(
                Block(
                    glasses_at + q * seat_glasses,
                    glasses_at + (q + 1) * seat_glasses,
                    _glasses_key(q),
                    self._glasses_writer(q),
                )
                for q in range(self.players)
            ),
        )

    def state_phase(self, state: State) -> str | None:
        return PHASE_NAMES[state.phase] if isinstance(state, OnTheRocksView) else None

    def _write_turn(self, state: OnTheRocksView, player: int, out: Cells) -> None:
        at = self.offsets
        one_hot(out, at["step"], len(STEP_NAMES), state.step)
        one_hot(out, at["turn"], self.players, state.current)
        start = at["dice"]
        for d, value in enumerate(state.dice):
            one_hot(out, start + 6 * d, 6, value - 1)
        start = at["bowls"]
        for i, count in enumerate(state.bowls):
            if count:
                out[start + i] = count / 10.0
        for counts, start, scale in (
            (state.bag, at["bag"], 15.0),
            (state.hand, at["drafted"], 5.0),
            (state.tray, at["sign"], 5.0),
            (state.held, at["waiting"], 5.0),
        ):
            for k, count in enumerate(counts):
                if count:
                    out[start + k] = count / scale

    def _write_table(self, state: OnTheRocksView, player: int, out: Cells) -> None:
        at = self.offsets
        out[at["picks"]] = state.picks / 4.0
        out[at["pending_spills"]] = float(state.pending_spill)
        out[at["coaster"]] = state.coaster_spill / 4.0
        out[at["coaster"] + 1] = state.coaster_gold / 3.0
        start = at["decks"]
        out[start] = len(state.tip_deck) / 48.0
        for g, deck in enumerate(state.recipe_decks):
            out[start + 1 + g] = len(deck) / 15.0
        spill_deck = state.spill_deck
        out[start + 5] = len(spill_deck) / 15.0
        start = at["spills_face_up"]
        for card in spill_deck[len(spill_deck) - state.spill_known :]:
            out[start + SPILL_AT[card]] += 1.0
        start = at["spill_discard"]
        for card in state.spill_discard:
            out[start + SPILL_AT[card]] += 1.0
        one_hot(out, at["last_call"], self.players, state.last_call)

    def _write_lemons(self, state: OnTheRocksView, player: int, out: Cells) -> None:
        start = self.offsets["lemons"]
        for q, count in enumerate(state.lemons):
            if count:
                out[start + q] = count / 3.0

    def _write_extras(self, state: OnTheRocksView, player: int, out: Cells) -> None:
        # Entry by entry, skipping zeros (the block starts zeroed): slices and
        # maps per seat cost more than the few non-zero counts they carry.
        start = self.offsets["extras"]
        for i, count in enumerate(state.shelf):
            if count:
                out[start + i] = float(count)

    def _write_tally(self, state: OnTheRocksView, player: int, out: Cells) -> None:
        at = self.offsets
        recipes, done = state.recipes, state.done
        tips, discards = state.tips, state.discards
        completed, bonus = state.completed, state.bonus
        tips_at, complaints_at = at["tips"], at["complaints"]
        discarded_at = at["discarded_tips"]
        completed_at, bonus_at, score_at = at["completed"], at["bonus"], at["score"]
        for q in range(self.players):
            start, first = tips_at + q * NT, NT * q
            spent = 0
            for k in range(NT):
                count = tips[first + k]
                if count:
                    out[start + k] = float(count)
                spent += discards[first + k]
            if spent:
                out[discarded_at + q] = spent / 10.0
            start = complaints_at + q * NT
            for kind, _ in state.complaints[q]:
                out[start + kind] += 1.0
            if completed[q]:
                out[completed_at + q] = len(completed[q]) / 12.0
            if bonus[q]:
                out[bonus_at + q] = bonus[q] / 5.0
            face_up = 0
            for i in range(4 * q, 4 * q + 4):
                if recipes[i] >= 0 and not done[i]:
                    face_up += 1
            held = tips[first : first + NT]
            out[score_at + q] = seat_score(completed[q], held, bonus[q], face_up) / 100.0

    def _write_recipes(self, state: OnTheRocksView, player: int, out: Cells) -> None:
        recipe_at = self.offsets["recipe"]
        recipes, done = state.recipes, state.done
        for i, card in enumerate(recipes):
            if card >= 0 and not done[i]:
                out[recipe_at + 2 * i] = 1.0
                out[recipe_at + 2 * i + 1] = RECIPE_VALUE[card] / 10.0

    def _glasses_writer(self, q: int) -> Callable[[OnTheRocksView, int, Cells], None]:
        """What writes seat ``q``'s four glasses: the cells each recipe wants, and its marbles."""
        glass_at = self.offsets["glass"]

        def write(state: OnTheRocksView, player: int, out: Cells) -> None:
            recipes, done, slots = state.recipes, state.done, state.slots
            for g in range(4):
                card = recipes[4 * q + g]
                if card < 0 or done[4 * q + g]:
                    continue
                start = glass_at + (q * 4 + g) * GLASS_CELLS
                for i, wanted in WANTED[card]:
                    out[start + i] = wanted
                cells = PLACED_AT[card]
                first = q * SLOTS_PER_PLAYER + GLASS_OFFSET[g]
                for placed in compress(cells, slots[first : first + len(cells)]):
                    out[start + placed] += 1.0 / 3.0

        return write


def _glasses_key(q: int) -> Callable[[OnTheRocksView, int], Hashable]:
    """Seat ``q``'s recipes, which of them are done, and its marbles placed."""
    cards = slice(4 * q, 4 * q + 4)
    placed = slice(q * SLOTS_PER_PLAYER, (q + 1) * SLOTS_PER_PLAYER)

    def key(state: OnTheRocksView, player: int) -> Hashable:
        return state.recipes[cards], state.done[cards], state.slots[placed]

    return key


def _table_key(state: OnTheRocksView, player: int) -> Hashable:
    return (
        state.picks,
        state.pending_spill,
        state.coaster_spill,
        state.coaster_gold,
        len(state.tip_deck),
        state.recipe_decks,
        state.spill_deck,
        state.spill_known,
        state.spill_discard,
        state.last_call,
    )


def _lemons_key(state: OnTheRocksView, player: int) -> Hashable:
    return state.lemons


def _shelf_key(state: OnTheRocksView, player: int) -> Hashable:
    return tuple(state.shelf)


def _tally_key(state: OnTheRocksView, player: int) -> Hashable:
    """Everything a seat's tips, complaints, recipes, coins and score are written from."""
    return (
        tuple(state.tips),
        tuple(state.discards),
        state.complaints,
        state.completed,
        state.bonus,
        tuple(state.recipes),
        tuple(state.done),
    )


def _recipes_key(state: OnTheRocksView, player: int) -> Hashable:
    return tuple(state.recipes), tuple(state.done)
