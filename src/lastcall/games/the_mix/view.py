"""What a seat of The Mix sees: its view, and the same view as a fixed-shape observation.

Everything on the table is public: boards, reserves, glasses, completed cards,
face-up columns. Hidden are the order of the client, technique and solo decks,
and, until every seat has chosen, the Mixologist Cards dealt to the others and
what they kept.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from operator import itemgetter
from typing import Any, Final

from mypy_extensions import trait

from lastcall.core import ActionSpace, Block, Cells, Observer, Piece, State, one_hot
from lastcall.games.the_mix import actions as act
from lastcall.games.the_mix.content import CONTENT
from lastcall.games.the_mix.flow import source_of
from lastcall.games.the_mix.state import (
    BAR_TILE,
    BARS,
    COMPLETED_MONEY,
    DIE,
    DOUBLE_TIPS,
    EXTRA_DICE,
    FINISHED,
    KIND_INDEX,
    MIXOLOGIST,
    MONEY,
    N_ING,
    PENALTIES,
    PHASE_NAMES,
    PLACED,
    POS,
    REFRESHED_BAR,
    REFRESHED_CLIENTS,
    RESERVED,
    SETUPS,
    SHAKERS,
    USED_TILES,
    VP,
    WORKERS,
    MixBase,
    Step,
    W,
)

_C: Final = CONTENT
ING: Final = act.INGREDIENTS
CLIENTS: Final = tuple(c.key for c in _C.clients)
TECHS: Final = tuple(t.key for t in _C.techniques)
MIXES: Final = tuple(m.key for m in _C.mixologists)
EXPS: Final = tuple(t.key for t in _C.experience)
BAR_TILES: Final = tuple(t.key for t in _C.bar_spaces)
TRACK_TILES: Final = tuple(t.key for t in _C.clients_track.tiles)
COLLECTIONS: Final = tuple(c.key for c in _C.collections)
SOLO_CARDS: Final = tuple(c.key for c in _C.solo.cards)
SPACES: Final = tuple(tuple(s.key for s in side.spaces) for side in _C.tiles)
PENDING_KINDS: Final = tuple(KIND_INDEX)
"""Gain kinds by their number (only store, bar, tip_die, advance and experience wait)."""
PHASES: Final = tuple(PHASE_NAMES.values())
PHASE_BY_STEP: Final = tuple(PHASE_NAMES.get(step, "action") for step in Step)
"""The phase a view names at each step (the automatic steps never wait for a view)."""
END_ORDERS: Final = (
    0,
    *(_C.rules.for_players(n).end_orders for n in range(1, _C.rules.max_players + 1)),
)
SIDES: Final = tuple(t.key for t in _C.tiles)
CLIENT_INDEX: Final = {k: i for i, k in enumerate(CLIENTS)}
TECH_INDEX: Final = {k: i for i, k in enumerate(TECHS)}
MIX_INDEX: Final = {k: i for i, k in enumerate(MIXES)}
EXP_INDEX: Final = {k: i for i, k in enumerate(EXPS)}
ING_INDEX: Final = {k: i for i, k in enumerate(ING)}
SOLO_INDEX: Final = {k: i for i, k in enumerate(SOLO_CARDS)}
ONCE: Final = act.ONCE_TILES
ONCE_INDEX: Final = {k: i for i, k in enumerate(ONCE)}


@trait
class MixView(MixBase):
    """Views: every seat's boards and the shared boards; one's own deal during setup."""

    __slots__ = ()

    def _seat_view(self, q: int, viewer: int | None) -> dict[str, Any]:
        pv = self.pv
        b = q * W
        at = q * BARS
        glass_card = self.glass_card
        glass = self.glass
        glasses = []
        for bar in range(2 if pv[b + BAR_TILE] >= 0 else 1):
            card = glass_card[at + bar]
            glasses.append(
                {
                    "client": CLIENTS[card] if card >= 0 else None,
                    "holds": [ING[i] for i in glass[at + bar]],
                }
            )
        used = pv[b + USED_TILES]
        mix = pv[b + MIXOLOGIST]
        tile = pv[b + BAR_TILE]
        reserved = pv[b + RESERVED]
        seat: dict[str, Any] = {
            "seat": q,
            "money": pv[b + MONEY],
            "shakers": pv[b + SHAKERS],
            "vp": pv[b + VP],
            "penalties": pv[b + PENALTIES],
            "technique": pv[b + DIE],
            "die_space": SPACES[self.tile_side][pv[b + POS]],
            "mixologists_placed": pv[b + PLACED],
            "mixologists": pv[b + WORKERS],
            "extra_dice": pv[b + EXTRA_DICE],
            "experience": [EXPS[t] for t in self.tiles_held[q]],
            "used_tiles": [ONCE[i] for i in range(len(ONCE)) if used >> i & 1] if used else [],
            "double_tips": pv[b + DOUBLE_TIPS] > 0,
            "refreshed_clients": pv[b + REFRESHED_CLIENTS] > 0,
            "refreshed_bar": pv[b + REFRESHED_BAR] > 0,
            "bar_space_tile": BAR_TILES[tile] if tile >= 0 else None,
            "mixologist_card": MIXES[mix] if mix >= 0 else None,
            "reserve": [ING[i] for i in self.reserve[q]],
            "glasses": glasses,
            "reserved_client": CLIENTS[reserved] if reserved >= 0 else None,
            "completed": [CLIENTS[c] for c in self.completed[q]],
            "completed_money": pv[b + COMPLETED_MONEY],
            "techniques": [TECHS[t] for t in self.techniques[q]],
            "bar_setups": pv[b + SETUPS],
            "finished": pv[b + FINISHED] > 0,
        }
        if q == viewer and self.step == Step.SETUP:
            seat["dealt"] = [MIXES[m] for m in self.dealt[q]]
            choice = self.choices[q]
            if choice >= 0:
                card, start = divmod(choice, 2)
                seat["keeps"] = [MIXES[card], act.STARTS[start]]
        return seat

    def _rival_view(self) -> dict[str, Any]:
        a = self.num_players
        pv = self.pv
        b = a * W
        side = _C.solo.sides[self.automaton]
        return {
            "name": side.name,
            "difficulty": side.difficulty,
            "vp": pv[b + VP],
            "money": pv[b + MONEY],
            "shakers": pv[b + SHAKERS],
            "technique": pv[b + DIE],
            "extra_dice": pv[b + EXTRA_DICE],
            "ingredients": [ING[i] for i in self.reserve[a]],
            "techniques": [TECHS[t] for t in self.techniques[a]],
            "completed": [CLIENTS[c] for c in self.completed[a]],
            "completed_money": pv[b + COMPLETED_MONEY],
            "active_client": CLIENTS[self.solo_active] if self.solo_active >= 0 else None,
            "round": self.solo_round,
            "revealed": [SOLO_CARDS[c] for c in self.solo_revealed],
            "solo_deck": len(self.solo_deck),
            "solo_discard": [SOLO_CARDS[c] for c in self.solo_discard],
            "bar_setups": pv[b + SETUPS],
            "finished": bool(pv[b + FINISHED]),
        }

    def _view(self, player: int | None) -> dict[str, Any]:
        step = self.step
        seat_view = self._seat_view
        pending = None
        if step == Step.PENDING and self.pending:
            q, kind, amount, detail = self.pending[0]
            pending = {
                "participant": q,
                "gain": PENDING_KINDS[kind],
                "amount": amount,
                "source": source_of(detail),
            }
        view: dict[str, Any] = {
            "game": "the-mix",
            "viewer": player,
            "to_move": list(self.to_move),
            "phase": PHASE_BY_STEP[step],
            "seats": [seat_view(q, player) for q in range(self.num_players)],
            "current": self.current,
            "turns": self.turns,
            "pending": pending,
            "main_done": self.main_done,
            "extra_done": self.extra_done,
            "columns": [[CLIENTS[c] for c in column] for column in self.columns],
            "client_decks": [len(d) for d in self.decks],
            "technique_row": [TECHS[t] for t in self.tech_row],
            "technique_deck": len(self.tech_deck),
            "bar": dict(zip(ING, self.bar)),  # noqa: B905 (nine of each, always)
            "store": dict(zip(ING, self.store)),  # noqa: B905
            "main_dice": self.main_dice,
            "fox": self.fox,
            "end_orders": END_ORDERS[self.num_players],
            "ending": self.ending,
            "track_tiles": [TRACK_TILES[t] for t in self.track_tiles],
            "collections": [COLLECTIONS[c] for c in self.collections],
            "bar_space_tiles": [BAR_TILES[t] for t in self.bar_tiles],
            "experience_left": [EXPS[t] for t in self.experience_pool],
            "tile_side": SIDES[self.tile_side],
        }
        if self.automaton >= 0:
            view["rivals"] = [self._rival_view()]
        return view


def _current_key(state: MixView, player: int) -> Hashable:
    return state.current


def _reserve_key(state: MixView, player: int) -> Hashable:
    return tuple(state.reserve)


def _cards_key(state: MixView, player: int) -> Hashable:
    return tuple(state.completed), tuple(state.techniques), tuple(state.tiles_held)


def _dealt_key(state: MixView, player: int) -> Hashable:
    return state.step == Step.SETUP and state.dealt[player]


def _market_key(state: MixView, player: int) -> Hashable:
    return tuple(state.columns), state.tech_row, tuple(state.bar), tuple(state.store)


def _rival_key(state: MixView, player: int) -> Hashable:
    a = state.num_players
    return (
        tuple(state.pv[a * W :]),
        state.solo_round,
        len(state.solo_deck),
        state.completed[a],
        state.solo_active,
        state.techniques[a],
        state.solo_revealed,
        state.solo_discard,
    )


class MixObserver(Observer):
    """The view as numbers; seats are in table order, with the viewer marked."""

    def __init__(self, players: int, side: str, space: ActionSpace) -> None:
        spaces = len(_C.tile(side).spaces)
        self.side_spaces = {
            k: i for i, k in enumerate(SPACES[[t.key for t in _C.tiles].index(side)])
        }
        self.solo = players == 1
        n_c, n_t, n_e = len(CLIENTS), len(TECHS), len(EXPS)
        pieces = [
            Piece(
                "current", (players + self.solo,), "whose turn it is, one-hot (then the automaton)"
            ),
            Piece(
                "numbers",
                (players, len(SEAT_NUMBERS)),
                "each seat's " + ", ".join(f"{k} / {d}" for k, d in SEAT_NUMBERS),
            ),
            Piece("die_space", (players, spaces), "where each seat's technique die stands"),
            Piece("mixologist_card", (players, len(MIXES)), "each seat's kept card (once shown)"),
            Piece("reserve", (players, N_ING), "each seat's reserve, per ingredient / 3"),
            Piece("glass_client", (players, BARS, n_c), "the client on each Bar Space"),
            Piece("glass_holds", (players, BARS, N_ING), "what each glass holds / 3"),
            Piece("completed", (players, n_c), "each seat's completed clients"),
            Piece("techniques", (players, n_t), "each seat's technique cards"),
            Piece("experience", (players, n_e), "each seat's experience tiles"),
            Piece("used_tiles", (players, len(ONCE_INDEX)), "level-3 tiles used"),
            Piece("reserved", (players, n_c), "each seat's reserved client"),
            Piece("dealt", (len(MIXES),), "the viewer's dealt Mixologist Cards during setup"),
            Piece("columns", (n_c,), "face-up clients"),
            Piece("technique_row", (n_t,), "face-up technique cards"),
            Piece("bar", (N_ING,), "Bar Supply per ingredient / 3"),
            Piece("store", (N_ING,), "Store per ingredient / 20"),
            Piece(
                "shared",
                (5,),
                "Main Board dice / 3, fox / 15, end triggered, client decks / 48, "
                "technique deck / 15",
            ),
            Piece("collections", (len(COLLECTIONS),), "collection cards in play"),
            Piece("track_tiles", (3, len(TRACK_TILES)), "the bonus tile on each collective space"),
            Piece("bar_space_tiles", (len(BAR_TILES),), "Bar Space tiles left"),
            Piece("experience_left", (n_e,), "experience tiles left"),
            Piece("pending", (len(PENDING_KINDS) + 1,), "the gain being resolved, its amount / 3"),
            Piece("turn", (2,), "Main Action done, Additional Action done"),
        ]
        if self.solo:
            pieces += [
                Piece(
                    "rival_numbers",
                    (len(RIVAL_NUMBERS),),
                    "the automaton's " + ", ".join(f"{k} / {d}" for k, d in RIVAL_NUMBERS),
                ),
                Piece("rival_completed", (n_c,), "the automaton's completed clients"),
                Piece("rival_active", (n_c,), "the automaton's active client"),
                Piece("rival_techniques", (n_t,), "the automaton's technique cards"),
                Piece("rival_revealed", (len(SOLO_CARDS),), "solo cards revealed this round"),
                Piece("rival_discard", (len(SOLO_CARDS),), "solo cards in the discard"),
            ]
        super().__init__(players, PHASES, pieces, space)
        self._bar_tiles = itemgetter(*(q * W + BAR_TILE for q in range(players)))
        self._marks: Callable[[list[int]], Hashable] = itemgetter(
            *(q * W + f for q in range(players) for f in (USED_TILES, RESERVED))
        )
        self.blocks = self._blocks()

    def encode(self, view: Mapping[str, Any], out: list[float]) -> None:
        at = self.offsets
        n = self.players
        n_c, n_t, n_e = len(CLIENTS), len(TECHS), len(EXPS)
        one_hot(out, at["current"], n + self.solo, view["current"])
        width = len(SEAT_NUMBERS)
        spaces = len(self.side_spaces)
        for seat in view["seats"]:
            q = seat["seat"]
            base = at["numbers"] + q * width
            for k, (key, scale) in enumerate(SEAT_NUMBERS):
                out[base + k] = float(seat[key]) / scale
            out[at["die_space"] + q * spaces + self.side_spaces[seat["die_space"]]] = 1.0
            if seat["mixologist_card"] is not None:
                out[at["mixologist_card"] + q * len(MIXES) + MIX_INDEX[seat["mixologist_card"]]] = (
                    1.0
                )
            for name in seat["reserve"]:
                out[at["reserve"] + q * N_ING + ING_INDEX[name]] += 1 / 3
            for bar, glass in enumerate(seat["glasses"]):
                if glass["client"] is not None:
                    out[
                        at["glass_client"] + (q * BARS + bar) * n_c + CLIENT_INDEX[glass["client"]]
                    ] = 1.0
                for name in glass["holds"]:
                    out[at["glass_holds"] + (q * BARS + bar) * N_ING + ING_INDEX[name]] += 1 / 3
            for key in seat["completed"]:
                out[at["completed"] + q * n_c + CLIENT_INDEX[key]] = 1.0
            for key in seat["techniques"]:
                out[at["techniques"] + q * n_t + TECH_INDEX[key]] = 1.0
            for key in seat["experience"]:
                out[at["experience"] + q * n_e + EXP_INDEX[key]] = 1.0
            for key in seat["used_tiles"]:
                out[at["used_tiles"] + q * len(ONCE_INDEX) + ONCE_INDEX[key]] = 1.0
            if seat["reserved_client"] is not None:
                out[at["reserved"] + q * n_c + CLIENT_INDEX[seat["reserved_client"]]] = 1.0
            for key in seat.get("dealt", ()):
                out[at["dealt"] + MIX_INDEX[key]] = 1.0
        for column in view["columns"]:
            for key in column:
                out[at["columns"] + CLIENT_INDEX[key]] = 1.0
        for key in view["technique_row"]:
            out[at["technique_row"] + TECH_INDEX[key]] = 1.0
        for i, name in enumerate(ING):
            out[at["bar"] + i] = view["bar"][name] / 3
            out[at["store"] + i] = view["store"][name] / 20
        shared = at["shared"]
        out[shared] = view["main_dice"] / 3
        out[shared + 1] = view["fox"] / 15
        out[shared + 2] = float(view["ending"])
        out[shared + 3] = sum(view["client_decks"]) / 48
        out[shared + 4] = view["technique_deck"] / 15
        for key in view["collections"]:
            out[at["collections"] + COLLECTIONS.index(key)] = 1.0
        for space, key in enumerate(view["track_tiles"]):
            out[at["track_tiles"] + space * len(TRACK_TILES) + TRACK_TILES.index(key)] = 1.0
        for key in view["bar_space_tiles"]:
            out[at["bar_space_tiles"] + BAR_TILES.index(key)] = 1.0
        for key in view["experience_left"]:
            out[at["experience_left"] + EXP_INDEX[key]] = 1.0
        pending = view["pending"]
        if pending is not None:
            out[at["pending"] + PENDING_KINDS.index(pending["gain"])] = 1.0
            out[at["pending"] + len(PENDING_KINDS)] = pending["amount"] / 3
        out[at["turn"]] = float(view["main_done"])
        out[at["turn"] + 1] = float(view["extra_done"])
        if self.solo:
            rival = view["rivals"][0]
            for k, (key, scale) in enumerate(RIVAL_NUMBERS):
                out[at["rival_numbers"] + k] = float(rival[key]) / scale
            for key in rival["completed"]:
                out[at["rival_completed"] + CLIENT_INDEX[key]] = 1.0
            if rival["active_client"] is not None:
                out[at["rival_active"] + CLIENT_INDEX[rival["active_client"]]] = 1.0
            for key in rival["techniques"]:
                out[at["rival_techniques"] + TECH_INDEX[key]] = 1.0
            for key in rival["revealed"]:
                out[at["rival_revealed"] + SOLO_INDEX[key]] = 1.0
            for key in rival["solo_discard"]:
                out[at["rival_discard"] + SOLO_INDEX[key]] = 1.0

    def _blocks(self) -> tuple[Block[MixView], ...]:
        """The fast path's runs of the vector, each with what it reads."""
        span = self.span
        blocks = [
            Block(*span("current", "current"), _current_key, self._write_current),
            # The seat numbers and the shared track change at most decisions:
            # comparing them would cost more than writing them, so they have no key.
            Block(*span("numbers", "mixologist_card"), None, self._write_numbers),
            Block(*span("reserve", "reserve"), _reserve_key, self._write_reserve),
            Block(*span("glass_client", "glass_holds"), self._glasses_key, self._write_glasses),
            Block(*span("completed", "experience"), _cards_key, self._write_cards),
            Block(*span("used_tiles", "reserved"), self._marks_key, self._write_marks),
            Block(*span("dealt", "dealt"), _dealt_key, self._write_dealt),
            Block(*span("columns", "store"), _market_key, self._write_market),
            Block(*span("shared", "turn"), None, self._write_shared),
        ]
        if self.solo:
            first, last = self.pieces[-6].name, self.pieces[-1].name
            blocks.append(Block(*span(first, last), _rival_key, self._write_rival))
        return tuple(blocks)

    def state_phase(self, state: State) -> str | None:
        return PHASE_BY_STEP[state.step] if isinstance(state, MixView) else None

    def _glasses_key(self, state: MixView, player: int) -> Hashable:
        """The glasses, their clients, and which seats have a second Bar Space."""
        return tuple(state.glass_card), tuple(state.glass), self._bar_tiles(state.pv)

    def _marks_key(self, state: MixView, player: int) -> Hashable:
        return self._marks(state.pv)

    def _write_current(self, state: MixView, player: int, out: Cells) -> None:
        one_hot(out, self.offsets["current"], self.players + self.solo, state.current)

    def _write_numbers(self, state: MixView, player: int, out: Cells) -> None:
        """Each seat's numbers, where its technique die stands, and its kept card.

        A plain loop over the record's places: it runs at almost every step of a
        learner, and compiled it divides natively where ``map`` called Python's
        ``float`` and ``truediv`` for every number.
        """
        at = self.offsets
        at_numbers = at["numbers"]
        at_die = at["die_space"]
        at_card = at["mixologist_card"]
        pv = state.pv
        width = SEAT_WIDTH
        spaces = len(self.side_spaces)
        side_spaces = self.side_spaces
        side = SPACES[state.tile_side]
        places = SEAT_PLACES
        scales = SEAT_SCALES
        flags = SEAT_IS_FLAG
        for q in range(self.players):
            b = q * W
            start = at_numbers + q * width
            for k in range(width):
                value = pv[b + places[k]]
                if flags[k]:
                    out[start + k] = 1.0 if value > 0 else 0.0
                else:
                    out[start + k] = value / scales[k]
            out[at_die + q * spaces + side_spaces[side[pv[b + POS]]]] = 1.0
            mix = pv[b + MIXOLOGIST]
            if mix >= 0:
                out[at_card + q * len(MIXES) + mix] = 1.0

    def _write_reserve(self, state: MixView, player: int, out: Cells) -> None:
        at_reserve = self.offsets["reserve"]
        for q in range(self.players):
            start = at_reserve + q * N_ING
            for i in state.reserve[q]:
                out[start + i] += 1 / 3

    def _write_glasses(self, state: MixView, player: int, out: Cells) -> None:
        at = self.offsets
        n_c = len(CLIENTS)
        pv = state.pv
        glass_card, glass = state.glass_card, state.glass
        for q in range(self.players):
            for bar in range(2 if pv[q * W + BAR_TILE] >= 0 else 1):
                card = glass_card[q * BARS + bar]
                if card >= 0:
                    out[at["glass_client"] + (q * BARS + bar) * n_c + card] = 1.0
                start = at["glass_holds"] + (q * BARS + bar) * N_ING
                for i in glass[q * BARS + bar]:
                    out[start + i] += 1 / 3

    def _write_cards(self, state: MixView, player: int, out: Cells) -> None:
        """Each seat's completed clients, technique cards and experience tiles."""
        at = self.offsets
        n_c, n_t, n_e = len(CLIENTS), len(TECHS), len(EXPS)
        for q in range(self.players):
            start = at["completed"] + q * n_c
            for c in state.completed[q]:
                out[start + c] = 1.0
            start = at["techniques"] + q * n_t
            for t in state.techniques[q]:
                out[start + t] = 1.0
            start = at["experience"] + q * n_e
            for t in state.tiles_held[q]:
                out[start + t] = 1.0

    def _write_marks(self, state: MixView, player: int, out: Cells) -> None:
        """Each seat's used level-3 tiles and reserved client."""
        at = self.offsets
        n_c, n_once = len(CLIENTS), len(ONCE)
        pv = state.pv
        for q in range(self.players):
            b = q * W
            used = pv[b + USED_TILES]
            if used:
                start = at["used_tiles"] + q * n_once
                for i in range(n_once):
                    if used >> i & 1:
                        out[start + i] = 1.0
            reserved = pv[b + RESERVED]
            if reserved >= 0:
                out[at["reserved"] + q * n_c + reserved] = 1.0

    def _write_dealt(self, state: MixView, player: int, out: Cells) -> None:
        if state.step == Step.SETUP:
            start = self.offsets["dealt"]
            for m in state.dealt[player]:
                out[start + m] = 1.0

    def _write_market(self, state: MixView, player: int, out: Cells) -> None:
        """The face-up clients and technique cards, the Bar Supply and the Store."""
        at = self.offsets
        start = at["columns"]
        for column in state.columns:
            for c in column:
                out[start + c] = 1.0
        start = at["technique_row"]
        for t in state.tech_row:
            out[start + t] = 1.0
        start = at["bar"]
        for i, count in enumerate(state.bar, start):
            out[i] = count / 3
        start = at["store"]
        for i, count in enumerate(state.store, start):
            out[i] = count / 20

    def _write_shared(self, state: MixView, player: int, out: Cells) -> None:
        at = self.offsets
        start = at["shared"]
        out[start] = state.main_dice / 3
        out[start + 1] = state.fox / 15
        out[start + 2] = float(state.ending)
        out[start + 3] = sum(map(len, state.decks)) / 48
        out[start + 4] = len(state.tech_deck) / 15
        start = at["collections"]
        for c in state.collections:
            out[start + c] = 1.0
        start = at["track_tiles"]
        for space, t in enumerate(state.track_tiles):
            out[start + space * len(TRACK_TILES) + t] = 1.0
        start = at["bar_space_tiles"]
        for t in state.bar_tiles:
            out[start + t] = 1.0
        start = at["experience_left"]
        for t in state.experience_pool:
            out[start + t] = 1.0
        if state.step == Step.PENDING and state.pending:
            _, kind, amount, _ = state.pending[0]
            out[at["pending"] + kind] = 1.0
            out[at["pending"] + len(PENDING_KINDS)] = amount / 3
        out[at["turn"]] = float(state.main_done)
        out[at["turn"] + 1] = float(state.extra_done)

    def _write_rival(self, state: MixView, player: int, out: Cells) -> None:
        """The automaton's pieces, as ``encode`` writes them from the view's rival."""
        at = self.offsets
        a = state.num_players
        b = a * W
        pv = state.pv
        numbers = (
            pv[b + VP],
            pv[b + MONEY],
            pv[b + SHAKERS],
            pv[b + DIE],
            pv[b + EXTRA_DICE],
            state.solo_round,
            len(state.solo_deck),
            pv[b + SETUPS],
        )
        start = at["rival_numbers"]
        for k, ((_, scale), value) in enumerate(zip(RIVAL_NUMBERS, numbers, strict=True)):
            out[start + k] = float(value) / scale
        for c in state.completed[a]:
            out[at["rival_completed"] + c] = 1.0
        if state.solo_active >= 0:
            out[at["rival_active"] + state.solo_active] = 1.0
        for t in state.techniques[a]:
            out[at["rival_techniques"] + t] = 1.0
        for c in state.solo_revealed:
            out[at["rival_revealed"] + c] = 1.0
        for c in state.solo_discard:
            out[at["rival_discard"] + c] = 1.0


SEAT_NUMBERS: Final = (
    ("money", 50),
    ("shakers", 10),
    ("vp", 100),
    ("penalties", 5),
    ("technique", 6),
    ("mixologists_placed", 4),
    ("mixologists", 4),
    ("extra_dice", 4),
    ("double_tips", 1),
    ("refreshed_clients", 1),
    ("refreshed_bar", 1),
    ("completed_money", 50),
    ("bar_setups", 15),
    ("finished", 1),
)
RIVAL_NUMBERS: Final = (
    ("vp", 100),
    ("money", 50),
    ("shakers", 10),
    ("technique", 6),
    ("extra_dice", 4),
    ("round", 15),
    ("solo_deck", 22),
    ("bar_setups", 15),
)
SEAT_FIELD: Final = {
    "money": MONEY,
    "shakers": SHAKERS,
    "vp": VP,
    "penalties": PENALTIES,
    "technique": DIE,
    "mixologists_placed": PLACED,
    "mixologists": WORKERS,
    "extra_dice": EXTRA_DICE,
    "double_tips": DOUBLE_TIPS,
    "refreshed_clients": REFRESHED_CLIENTS,
    "refreshed_bar": REFRESHED_BAR,
    "completed_money": COMPLETED_MONEY,
    "bar_setups": SETUPS,
    "finished": FINISHED,
}
"""Where each seat number lies in a participant's record in ``pv``."""
SEAT_WIDTH: Final = len(SEAT_NUMBERS)
SEAT_PLACES: Final = tuple(SEAT_FIELD[key] for key, _ in SEAT_NUMBERS)
"""Where each seat number lies in a participant's record in ``pv``, in their order."""
SEAT_SCALES: Final = tuple(float(scale) for _, scale in SEAT_NUMBERS)
SEAT_IS_FLAG: Final = tuple(
    key in ("double_tips", "refreshed_clients", "refreshed_bar", "finished")
    for key, _ in SEAT_NUMBERS
)
"""Seat numbers the view shows as yes or no (the record holds a count)."""
