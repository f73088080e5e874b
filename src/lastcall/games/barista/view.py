"""What a Barista seat sees: its view, and the same view as a fixed-shape observation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from mypy_extensions import trait

from lastcall.core import ActionSpace, Block, Cells, Observer, Piece, State, one_hot
from lastcall.games.barista.content import CONTENT, SLOTS
from lastcall.games.barista.state import (
    EMPTY,
    HAND_SIZE,
    ORDER_NAMES,
    PHASE_NAMES,
    TIP_JAR,
    BaristaBase,
    Step,
)

_C: Final = CONTENT
NAMES: Final = _C.kind_names
SLOT_NAMES: Final = _C.categories
PHASES: Final = tuple(PHASE_NAMES.values())
MAX_VALUES: Final = max(len(v) for v in _C.values)
KIND_INDEX: Final = {name: k for k, name in enumerate(NAMES)}
ACTION_CARDS: Final = ("roll", "change", "take", "spill")
# What the view's names come back to when encoded, by the state's own numbers.
ORDER_AT: Final = tuple(
    tuple(_C.values[c].index(value) for value in _C.values[c]) for c in range(SLOTS)
)
KIND_AT: Final = tuple(KIND_INDEX[name] for name in NAMES)
PENDING_AT: Final = {
    k: ACTION_CARDS.index(name) for k, name in enumerate(NAMES) if name in ACTION_CARDS
}
ORDER_VALUES: Final = {
    dice: tuple((SLOT_NAMES[c], _C.values[c][v]) for c, v in enumerate(dice))
    for dice in ORDER_NAMES
}
"""Each order's value per slot by its dice, ready to become the view's ``order``."""


@trait
class BaristaView(BaristaBase):
    """Views: every seat's tips, hand size and filled slots; one's own cards."""

    __slots__ = ()

    def _view(self, player: int | None) -> dict[str, Any]:
        dice = tuple(self.dice)
        seats = []
        for q in range(self.num_players):
            seat: dict[str, Any] = {
                "seat": q,
                "tips": self.tips[q],
                "hand_size": len(self.hands[q]),
                "placed_slots": [SLOT_NAMES[c] for c in range(SLOTS) if self.placed[q][c] != EMPTY],
            }
            if q == player:
                seat["hand"] = sorted(NAMES[k] for k in self.hands[q])
                seat["placed"] = {
                    SLOT_NAMES[c]: NAMES[k] for c, k in enumerate(self.placed[q]) if k != EMPTY
                }
                seat["stale_slots"] = [SLOT_NAMES[c] for c in range(SLOTS) if self.stale(q, c)]
            seats.append(seat)
        view: dict[str, Any] = {
            "game": "barista",
            "viewer": player,
            "to_move": list(self.to_move),
            "phase": PHASE_NAMES[self.step],
            "seats": seats,
            "round": self.round_no,
            "turns": self.turns,
            "turn_limit": self.turn_limit,
            "dealer": self.dealer,
            "current": self.current,
            "order": dict(ORDER_VALUES[dice]),
            "order_name": ORDER_NAMES[dice],
            "draw_pile": len(self.deck),
            "discard_pile": [*map(NAMES.__getitem__, self.discard)],
            "tip_jar": self.jar,
            "challenge": None
            if self.challenger < 0
            else {"challenger": self.challenger, "final_turns_left": self.final_left},
            "pending": None if self.pending < 0 else NAMES[self.pending],
        }
        if self.step == Step.SETUP:
            view["ready"] = list(self.ready)
        return view


class BaristaObserver(Observer):
    """The view as numbers; seats are in table order, with the viewer marked."""

    def __init__(self, players: int, space: ActionSpace) -> None:
        kinds = len(NAMES)
        super().__init__(
            players,
            PHASES,
            [
                Piece("order", (SLOTS, MAX_VALUES), "each order die's value, one-hot"),
                Piece("hand", (kinds,), "copies of each card kind in this seat's hand"),
                Piece("placed", (SLOTS, kinds), "this seat's placed card on each slot, one-hot"),
                Piece("stale", (SLOTS,), "this seat's placed cards the order no longer wants"),
                Piece("filled", (players, SLOTS), "slots each seat has filled"),
                Piece("hand_sizes", (players,), "cards in each seat's hand, over 5"),
                Piece("tips", (players,), "each seat's tip tokens, over 5"),
                Piece("jar", (1,), "tokens left in the tip jar, over 20"),
                Piece("dealer", (players,), "the dealer, one-hot"),
                Piece("current", (players,), "the seat whose turn it is, one-hot"),
                Piece("pending", (len(ACTION_CARDS),), "the action card being resolved"),
                Piece("challenger", (players,), "who called a Barista Challenge, one-hot"),
                Piece("final_turns", (1,), "final turns left in a challenge, over the seats"),
                Piece("ready", (players,), "seats done placing at setup"),
                Piece("discards", (kinds,), "copies of each kind in the discard pile, over 4"),
                Piece("draw_pile", (1,), "cards in the draw pile, over 52"),
            ],
            space,
        )
        self.blocks = (Block(*self.span("order", "draw_pile"), None, self._write_all),)

    def encode(self, view: Mapping[str, Any], out: list[float]) -> None:
        at = self.offsets
        n = self.players
        kinds = len(NAMES)
        for c, slot in enumerate(SLOT_NAMES):
            value = _C.values[c].index(view["order"][slot])
            out[at["order"] + c * MAX_VALUES + value] = 1.0
        me = view["seats"][view["viewer"]]
        for name in me["hand"]:
            out[at["hand"] + KIND_INDEX[name]] += 1.0
        for slot, name in me["placed"].items():
            out[at["placed"] + SLOT_NAMES.index(slot) * kinds + KIND_INDEX[name]] = 1.0
        for slot in me["stale_slots"]:
            out[at["stale"] + SLOT_NAMES.index(slot)] = 1.0
        for seat in view["seats"]:
            q = seat["seat"]
            for slot in seat["placed_slots"]:
                out[at["filled"] + q * SLOTS + SLOT_NAMES.index(slot)] = 1.0
            out[at["hand_sizes"] + q] = seat["hand_size"] / (HAND_SIZE + 1)
            out[at["tips"] + q] = seat["tips"] / 5.0
        out[at["jar"]] = view["tip_jar"] / TIP_JAR
        one_hot(out, at["dealer"], n, view["dealer"])
        one_hot(out, at["current"], n, view["current"])
        if view["pending"] is not None:
            out[at["pending"] + ACTION_CARDS.index(view["pending"])] = 1.0
        challenge = view["challenge"]
        if challenge is not None:
            one_hot(out, at["challenger"], n, challenge["challenger"])
            out[at["final_turns"]] = challenge["final_turns_left"] / n
        for q, done in enumerate(view.get("ready", ())):
            out[at["ready"] + q] = float(done)
        for name in view["discard_pile"]:
            out[at["discards"] + KIND_INDEX[name]] += 0.25
        out[at["draw_pile"]] = view["draw_pile"] / len(_C.deck)

    def state_phase(self, state: State) -> str | None:
        return PHASE_NAMES[state.step] if isinstance(state, BaristaView) else None

    def _write_all(self, state: BaristaView, player: int, out: Cells) -> None:
        """Every piece: they are few, and most change at each decision (no key pays)."""
        at = self.offsets
        n = self.players
        kinds = len(NAMES)
        kind_at = KIND_AT
        start = at["order"]
        for c, d in enumerate(state.dice):
            out[start + c * MAX_VALUES + ORDER_AT[c][d]] = 1.0
        start = at["hand"]
        for k in state.hands[player]:
            out[start + kind_at[k]] += 1.0
        start = at["placed"]
        stale = at["stale"]
        for c, k in enumerate(state.placed[player]):
            if k != EMPTY:
                out[start + c * kinds + kind_at[k]] = 1.0
                if state.stale(player, c):
                    out[stale + c] = 1.0
        filled, sizes, tips = at["filled"], at["hand_sizes"], at["tips"]
        for q in range(n):
            for c, k in enumerate(state.placed[q]):
                if k != EMPTY:
                    out[filled + q * SLOTS + c] = 1.0
            out[sizes + q] = len(state.hands[q]) / (HAND_SIZE + 1)
            out[tips + q] = state.tips[q] / 5.0
        out[at["jar"]] = state.jar / TIP_JAR
        one_hot(out, at["dealer"], n, state.dealer)
        one_hot(out, at["current"], n, state.current)
        if state.pending >= 0:
            out[at["pending"] + PENDING_AT[state.pending]] = 1.0
        if state.challenger >= 0:
            one_hot(out, at["challenger"], n, state.challenger)
            out[at["final_turns"]] = state.final_left / n
        if state.step == Step.SETUP:
            start = at["ready"]
            for q, done in enumerate(state.ready):
                out[start + q] = float(done)
        start = at["discards"]
        for k in state.discard:
            out[start + kind_at[k]] += 0.25
        out[at["draw_pile"]] = len(state.deck) / len(_C.deck)
