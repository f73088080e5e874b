"""The Mix's position: its fields, the start of a game, and the cheap copy.

Seats are numbered in the order of play. In solo play the automaton (Jerry or
Ada) is participant 1, after the one seat: it keeps its money, VP and dice in
the same per-participant record as a seat, so scoring and ranking read both
alike. Cards, tiles and ingredients are small integers (their index in
``content.py``). Per-participant numbers live in one flat list ``pv`` (field
``f`` of participant ``p`` at ``p * W + f``) and collections in lists of tuples,
so a copy is a handful of slices.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Final, Self

from lastcall.core import Game, State
from lastcall.games.the_mix.content import CONTENT, Effects

_C: Final = CONTENT
NONE: Final = -1
"""No card, no tile, no choice."""
BARS: Final = _C.rules.limits.bar_spaces
N_ING: Final = len(_C.ingredients)
ROUND_LIMIT: Final = 15
"""Bar Setups after which a participant's play ends although nobody finished the game
(the rulebook has no such end; see docs/rules/the-mix.md, "When nobody can finish")."""

# The fields of one participant's record in ``pv``.
MONEY: Final = 0
SHAKERS: Final = 1
VP: Final = 2
PENALTIES: Final = 3
DIE: Final = 4
POS: Final = 5
PLACED: Final = 6
WORKERS: Final = 7
EXTRA_DICE: Final = 8
EXPERIENCE: Final = 9
REFRESHED_CLIENTS: Final = 10
REFRESHED_BAR: Final = 11
BAR_TILE: Final = 12
MIXOLOGIST: Final = 13
COMPLETED: Final = 14
COMPLETED_MONEY: Final = 15
DOUBLE_TIPS: Final = 16
RESERVED: Final = 17
SETUPS: Final = 18
FINISHED: Final = 19
USED_TILES: Final = 20
SETUP_VP: Final = 21
REFRESHES: Final = 22
TILE_VP: Final = 23
W: Final = TILE_VP + 1
"""``SETUP_VP``, ``REFRESHES`` and ``TILE_VP`` tally what Bar Setups, refreshes and the
technique tile paid, so the final scoring can be explained from the fields alone (a
determinized copy carries no log)."""

# Effect kinds as integers, in content's vocabulary order.
K_MONEY: Final = 0
K_VP: Final = 1
K_SHAKER: Final = 2
K_STORE: Final = 3
K_BAR: Final = 4
K_TIP_DIE: Final = 5
K_ROLL_TIP: Final = 6
K_ADVANCE: Final = 7
K_INCREASE: Final = 8
K_EXPERIENCE: Final = 9
KIND_INDEX: Final = {
    name: k
    for k, name in enumerate(
        (
            "money",
            "vp",
            "shaker",
            "store",
            "bar",
            "tip_die",
            "roll_tip",
            "advance",
            "increase",
            "experience",
        )
    )
}
Gains = tuple[tuple[int, int], ...]


def gains(effects: Effects) -> Gains:
    """Printed effects as ``(kind, amount)`` pairs (the once-per-game kinds are not gains)."""
    return tuple((KIND_INDEX[e.kind], e.amount) for e in effects if e.kind in KIND_INDEX)


class Step(IntEnum):
    """Where a turn stands; the decision steps are the phases a view names."""

    SETUP = 0
    TURN_START = 1
    ACTION = 2
    CLIENT = 3
    SERVE = 4
    DICE = 5
    TECHNIQUE = 6
    SLOT = 7
    BARSPACE = 8
    BUY = 9
    SHAKERS = 10
    RESERVE = 11
    PENDING = 12
    BAR_SETUP = 13
    UPKEEP = 14
    RETURN = 15
    REFILL = 16
    END_TURN = 17
    AUTOMATON = 18
    OVER = 19


PHASE_NAMES: Final = {
    Step.SETUP: "setup",
    Step.ACTION: "action",
    Step.CLIENT: "client",
    Step.SERVE: "serve",
    Step.DICE: "dice",
    Step.TECHNIQUE: "technique",
    Step.SLOT: "slot",
    Step.BARSPACE: "barspace",
    Step.BUY: "buy",
    Step.SHAKERS: "shakers",
    Step.RESERVE: "reserve",
    Step.PENDING: "bonus",
    Step.REFILL: "refill",
    Step.OVER: "over",
}


class MixBase(State):
    """The fields of a game of The Mix; rules, views and knowledge are mixed in by ``game.py``."""

    __slots__ = (
        "after",
        "automaton",
        "bar",
        "bar_tiles",
        "buying",
        "choices",
        "closer",
        "collections",
        "columns",
        "completed",
        "current",
        "dealt",
        "deck_known",
        "decks",
        "experience_pool",
        "extra_done",
        "fox",
        "glass",
        "glass_card",
        "main_dice",
        "main_done",
        "pending",
        "pv",
        "reserve",
        "serving",
        "solo_active",
        "solo_deck",
        "solo_discard",
        "solo_revealed",
        "solo_round",
        "step",
        "store",
        "tech_deck",
        "tech_known",
        "tech_row",
        "techniques",
        "tile_side",
        "tiles_held",
        "track_tiles",
        "turns",
    )

    step: Step
    current: int
    """The participant whose turn it is (in solo play, 1 is the automaton)."""
    turns: int
    pv: list[int]
    reserve: list[tuple[int, ...]]
    """Each participant's reserve (the automaton's ingredients), ingredient indices sorted."""
    glass_card: list[int]
    """The client card on Bar Space ``b`` of seat ``p`` at ``p * BARS + b`` (``NONE``: empty)."""
    glass: list[tuple[int, ...]]
    """What that glass holds, sorted."""
    completed: list[tuple[int, ...]]
    techniques: list[tuple[int, ...]]
    tiles_held: list[tuple[int, ...]]
    """Experience tiles in the order gained (the automaton holds none)."""
    dealt: list[tuple[int, ...]]
    """Mixologist cards dealt at setup (emptied once everyone has kept one)."""
    choices: list[int]
    """Each seat's sealed setup choice, ``card * 2 + start`` (``NONE``: not yet chosen)."""
    columns: list[tuple[int, ...]]
    """Face-up client cards of each level, bottom first."""
    decks: list[tuple[int, ...]]
    """Client decks, bottom first (the top is the end)."""
    deck_known: list[int]
    """How many cards at the bottom of each client deck are known (put there face up)."""
    tech_row: tuple[int, ...]
    tech_deck: tuple[int, ...]
    tech_known: int
    bar: list[int]
    """Tokens of each ingredient in the Bar Supply."""
    store: list[int]
    main_dice: int
    fox: int
    track_tiles: tuple[int, ...]
    """The bonus tiles on the collective spaces, in space order (empty without the option)."""
    collections: tuple[int, ...]
    bar_tiles: tuple[int, ...]
    experience_pool: tuple[int, ...]
    tile_side: int
    closer: int
    """The participant whose order triggered the end (``NONE`` before): their next turn is
    their Bar Setup, whatever Mixologists they have left."""
    pending: list[tuple[int, int, int, int]]
    """Gains waiting for a choice: ``(participant, kind, amount, detail)``, oldest first."""
    after: Step
    """The step to go on with once ``pending`` is empty."""
    main_done: bool
    extra_done: bool
    buying: int
    serving: int
    """The Bar Space (0-based) being served, or the technique card being placed."""
    automaton: int
    """The solo side (0 Jerry, 1 Ada), or ``NONE`` with seats only."""
    solo_deck: tuple[int, ...]
    solo_discard: tuple[int, ...]
    solo_revealed: tuple[int, ...]
    solo_round: int
    solo_active: int

    def _setup(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        self._init_base(game, players, options, seed)
        rng = self.rng
        rules = _C.rules
        counts = rules.for_players(players)
        start = rules.start
        solo = players == 1
        self.automaton = [s.key for s in _C.solo.sides].index(options["opponent"]) if solo else NONE
        everyone = players + (1 if solo else 0)
        self.step = Step.SETUP
        self.current = 0
        self.turns = 0
        self.closer = NONE
        self.pending = []
        self.after = Step.ACTION
        self.main_done = self.extra_done = False
        self.buying = 0
        self.serving = NONE
        self.tile_side = [t.key for t in _C.tiles].index(options["side"])
        # Clients: three decks by level, each shuffled, face-up columns dealt.
        per_column = counts.client_cards_per_column
        self.decks = []
        self.columns = []
        for level in range(1, rules.limits.client_columns + 1):
            cards = [i for i, c in enumerate(_C.clients) if c.level == level]
            column: list[int] = []
            if level == 1 and options["first_game"]:
                starters = [i for i in cards if _C.clients[i].starter]
                rng.shuffle(starters)
                column = starters[:per_column]
                cards = [i for i in cards if i not in column]
            rng.shuffle(cards)
            while len(column) < per_column:
                column.append(cards.pop())
            self.decks.append(tuple(cards))
            self.columns.append(tuple(column))
        self.deck_known = [0] * len(self.decks)
        techs = list(range(len(_C.techniques)))
        rng.shuffle(techs)
        face_up = counts.technique_cards_face_up
        self.tech_row = tuple(techs[-face_up:])
        self.tech_deck = tuple(techs[:-face_up])
        self.tech_known = 0
        per_type = counts.bar_supply_per_type
        total = rules.components.ingredient_tokens // N_ING
        self.bar = [per_type] * N_ING
        self.store = [total - per_type] * N_ING
        self.main_dice = counts.main_board_tip_dice
        self.fox = 0
        if options["bonus_tiles"]:
            tiles = list(range(len(_C.clients_track.tiles)))
            rng.shuffle(tiles)
            self.track_tiles = tuple(tiles[: _C.clients_track.tiles_in_play])
        else:
            self.track_tiles = ()
        collections = list(range(len(_C.collections)))
        rng.shuffle(collections)
        self.collections = tuple(collections[: rules.scoring.collections_in_play])
        self.bar_tiles = tuple(range(len(_C.bar_spaces)))
        self.experience_pool = tuple(range(len(_C.experience)))
        # Every participant's record.
        pv = [0] * (W * everyone)
        for p in range(everyone):
            b = p * W
            pv[b + MONEY] = start.money
            pv[b + SHAKERS] = start.shakers
            pv[b + DIE] = start.technique_die
            pv[b + POS] = _C.tiles[self.tile_side].start
            pv[b + WORKERS] = start.mixologists
            pv[b + BAR_TILE] = NONE
            pv[b + MIXOLOGIST] = NONE
            pv[b + RESERVED] = NONE
        self.pv = pv
        self.reserve = [()] * everyone
        self.glass_card = [NONE] * (BARS * everyone)
        self.glass = [()] * (BARS * everyone)
        self.completed = [()] * everyone
        self.techniques = [()] * everyone
        self.tiles_held = [()] * everyone
        mixologists = list(range(len(_C.mixologists)))
        rng.shuffle(mixologists)
        dealt = start.mixologist_cards_dealt
        self.dealt = [
            tuple(sorted(mixologists[p * dealt : (p + 1) * dealt])) for p in range(players)
        ]
        self.choices = [NONE] * players
        self.solo_deck = ()
        self.solo_discard = ()
        self.solo_revealed = ()
        self.solo_round = 0
        self.solo_active = NONE
        if solo:
            solo_rules = _C.solo
            b = players * W
            pv[b + MONEY] = 0
            pv[b + SHAKERS] = 0
            pv[b + DIE] = solo_rules.technique_die
            deck = list(range(len(solo_rules.cards)))
            rng.shuffle(deck)
            self.solo_deck = tuple(deck)

    def clone(self) -> Self:
        c = self._copy_base()
        c.step = self.step
        c.current = self.current
        c.turns = self.turns
        c.pv = self.pv.copy()
        c.reserve = self.reserve.copy()
        c.glass = self.glass.copy()
        # Lists that change a few times a round, always as a new list
        # (``replaced``): copies share them.
        c.glass_card = self.glass_card
        c.completed = self.completed
        c.techniques = self.techniques
        c.tiles_held = self.tiles_held
        c.dealt = self.dealt
        c.choices = self.choices
        c.columns = self.columns
        c.decks = self.decks
        c.deck_known = self.deck_known
        c.tech_row = self.tech_row
        c.tech_deck = self.tech_deck
        c.tech_known = self.tech_known
        c.bar = self.bar.copy()
        c.store = self.store.copy()
        c.main_dice = self.main_dice
        c.fox = self.fox
        c.track_tiles = self.track_tiles
        c.collections = self.collections
        c.bar_tiles = self.bar_tiles
        c.experience_pool = self.experience_pool
        c.tile_side = self.tile_side
        c.closer = self.closer
        c.pending = self.pending.copy()
        c.after = self.after
        c.main_done = self.main_done
        c.extra_done = self.extra_done
        c.buying = self.buying
        c.serving = self.serving
        c.automaton = self.automaton
        c.solo_deck = self.solo_deck
        c.solo_discard = self.solo_discard
        c.solo_revealed = self.solo_revealed
        c.solo_round = self.solo_round
        c.solo_active = self.solo_active
        return c

    # Facts every part of the rules reads.

    @property
    def ending(self) -> bool:
        """Whether the end of the game is triggered."""
        return self.closer != NONE

    @property
    def participants(self) -> int:
        """Seats, and the automaton in solo play."""
        return self.num_players + (self.automaton >= 0)

    def ready(self, p: int, bar: int) -> bool:
        """Whether the glass on Bar Space ``bar`` holds its card's whole recipe."""
        at = p * BARS + bar
        card = self.glass_card[at]
        return card >= 0 and len(self.glass[at]) == len(_C.clients[card].recipe)

    def bar_spaces(self, p: int) -> int:
        """Bar Spaces seat ``p`` has: the Player Board's, and the tile once added."""
        return 2 if self.pv[p * W + BAR_TILE] >= 0 else 1

    def ingredients_held(self, p: int) -> int:
        at = p * BARS
        glass = self.glass
        return len(self.reserve[p]) + len(glass[at]) + len(glass[at + 1])

    def collection_points(self, p: int) -> int:
        """VP the Collection Cards in play give participant ``p`` now."""
        total = 0
        for k in self.collections:
            counts = COLLECTION_COUNTS[k]
            if counts == COUNT_CLIENTS:
                wanted = COLLECTION_CLIENTS[k]
                count = 0
                for c in self.completed[p]:
                    count += wanted[c]
            elif counts == COUNT_TECHNIQUES:
                count = len(self.techniques[p])
            else:
                count = len(self.tiles_held[p])
            total += COLLECTION_SCORE[k](count)
        return total

    def final_score(self, p: int) -> int:
        """VP track plus final scoring, as if the game ended now."""
        pv = self.pv
        b = p * W
        money = 0 if p >= self.num_players else pv[b + MONEY] // MONEY_PER_VP
        return (
            pv[b + VP]
            + money
            + pv[b + SHAKERS] * SHAKER_VP
            + self.ingredients_held(p) * INGREDIENT_VP
            + pv[b + DIE] * PIP_VP
            + self.collection_points(p)
            - pv[b + PENALTIES] * PENALTY_VP
        )


_SCORING: Final = _C.rules.scoring
MONEY_PER_VP: Final = _SCORING.money_per_vp
SHAKER_VP: Final = _SCORING.shaker_vp
INGREDIENT_VP: Final = _SCORING.ingredient_vp
PIP_VP: Final = _SCORING.technique_pip_vp
PENALTY_VP: Final = _SCORING.penalty_vp
COUNT_CLIENTS: Final = 0
COUNT_TECHNIQUES: Final = 1
COUNT_TILES: Final = 2
COLLECTION_COUNTS: Final = tuple(
    ("completed_clients", "technique_cards", "experience_tiles").index(k.counts)
    for k in _C.collections
)
COLLECTION_CLIENTS: Final = tuple(
    tuple(int(k.counts_client(c)) for c in _C.clients) for k in _C.collections
)
"""Whether each client card counts for each collection (1 or 0)."""
COLLECTION_SCORE: Final = tuple(k.score for k in _C.collections)
RECIPE_COUNT: Final = tuple(
    tuple(card.recipe.count(i) for i in range(N_ING)) for card in _C.clients
)
"""How many of each ingredient a client card's recipe asks for."""
