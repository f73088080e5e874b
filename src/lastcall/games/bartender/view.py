"""What a Bartender seat sees: its view, and the same view as a fixed-shape observation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from mypy_extensions import trait

from lastcall.core import ActionSpace, Block, Cells, Observer, Piece, State, one_hot
from lastcall.games.bartender.actions import BARTENDER_ID, FACE_ID, NUM_BARTENDERS
from lastcall.games.bartender.content import COIN, DECK
from lastcall.games.bartender.state import (
    ADVERTISE,
    HAND_LIMIT,
    IDLE_ROUNDS,
    PENDING,
    PHASES,
    RAID,
    BartenderBase,
)

NAME: Final = DECK.names
KIND: Final = DECK.kinds
FACES: Final = DECK.faces
FACE_VALUE: Final = {NAME[c]: DECK.values[c] for c in range(len(NAME))}
# The view names a card by its face; the observation counts faces by number.
FACE_AT: Final = tuple(FACE_ID[NAME[c]] for c in range(len(NAME)))
BARTENDER_AT: Final = tuple(BARTENDER_ID.get(NAME[c], -1) for c in range(len(NAME)))
VALUE_TENTHS: Final = tuple(v / 10.0 for v in DECK.values)


@trait
class BartenderView(BartenderBase):
    """Views: every bar, the market, the piles and banks in full; hands as counts but one's own."""

    __slots__ = ()

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for s in range(self.num_players):
            bar = self.bars[s]
            hand = self.hands[s]
            seats.append(
                {
                    "seat": s,
                    "bank": self.bank[s],
                    "hand_count": len(hand),
                    "coins_in_hand": sum(1 for c in hand if KIND[c] == COIN),
                    "bartenders": [
                        {
                            "card": NAME[b],
                            "shovel": NAME[self.shovel[b]] if self.shovel[b] >= 0 else None,
                            "sideways": bool(self.sideways[b]),
                        }
                        for b in bar
                    ],
                    "customers": [NAME[c] for c in self.customers[s]],
                    "sideways_customers": self.sideways_customers[s],
                    "happy": self.happy(s),
                }
            )
        out: dict[str, Any] = {
            "game": "bartender",
            "viewer": player,
            "to_move": list(self.to_move),
            "phase": PHASES[self.phase],
            "seats": seats,
            "players": self.num_players,
            "turn": self.turn,
            "current": self.current,
            "target": self.target,
            "market": [NAME[b] for b in self.market],
            "deck": len(self.deck),
            "discard": [NAME[c] for c in self.discard],
            "coin_deck": len(self.coin_deck),
            "coin_discard": [NAME[c] for c in self.coin_discard],
            "idle_turns": max(self.idle, 0),
            "closing_after": IDLE_ROUNDS * self.num_players,
        }
        if self.pending:
            kind, target, b, card = self.pending
            out["pending"] = {
                "action": PENDING[kind],
                "by": self.current,
                "target": target if kind in (ADVERTISE, RAID) else None,
                "bartender": NAME[b] if b >= 0 else None,
                "card": NAME[card] if card >= 0 else None,
            }
        if self.auction:
            b, high, bidder, _ = self.auction
            out["auction"] = {"bartender": NAME[b], "high": NAME[high], "high_bidder": bidder}
        if player is not None:
            out["hand"] = [NAME[c] for c in self.hands[player]]
        return out


class BartenderObserver(Observer):
    """Seats in table order with the viewer marked; cards by face."""

    def __init__(self, players: int, target: int, space: ActionSpace) -> None:
        faces = len(FACES)
        bartenders = NUM_BARTENDERS
        super().__init__(
            players,
            PHASES,
            [
                Piece("current", (players,), "the seat whose turn it is, one-hot"),
                Piece("hand", (faces,), "copies of each face in this seat's hand"),
                Piece("bank", (players,), "each seat's banked coins, over the target"),
                Piece("hand_count", (players,), "cards in each seat's hand, over 7"),
                Piece("coins_in_hand", (players,), "coins in each seat's hand, over 7"),
                Piece("bars", (players, bartenders), "bartenders on each seat's bar"),
                Piece(
                    "shovels", (bartenders,), "the value of the shovel on each bartender, over 10"
                ),
                Piece("sideways", (bartenders,), "bartenders turned sideways"),
                Piece("customers", (players,), "customers at each seat's bar, over 7"),
                Piece("sideways_customers", (players,), "sideways customers at each bar, over 7"),
                Piece("happy", (players,), "happy customers at each bar, over 7"),
                Piece("market", (bartenders,), "bartenders in the market square"),
                Piece("decks", (2,), "cards left in the main deck and the coin deck, over 60"),
                Piece("discards", (faces,), "copies of each face in both discard piles"),
                Piece("pending_action", (len(PENDING),), "the action being resolved"),
                Piece("pending_target", (players,), "its target seat"),
                Piece("pending_bartender", (bartenders,), "its bartender"),
                Piece("pending_card", (faces,), "the card played for it"),
                Piece("auction_bartender", (bartenders,), "the bartender up for auction"),
                Piece("auction_high", (1,), "the value of the highest bid, over 10"),
                Piece("auction_bidder", (players,), "the highest bidder"),
                Piece("idle", (1,), "turns without a coin banked, over the closing limit"),
            ],
            space,
        )
        self.target = float(target)
        self.blocks = (Block(*self.span("current", "idle"), None, self._write_all),)

    def encode(self, view: Mapping[str, Any], out: list[float]) -> None:
        at = self.offsets
        n = self.players
        bartenders = NUM_BARTENDERS
        one_hot(out, at["current"], n, view["current"])
        for face in view.get("hand", ()):
            out[at["hand"] + FACE_ID[face]] += 1.0
        for seat in view["seats"]:
            q = seat["seat"]
            out[at["bank"] + q] = seat["bank"] / self.target
            out[at["hand_count"] + q] = seat["hand_count"] / HAND_LIMIT
            out[at["coins_in_hand"] + q] = seat["coins_in_hand"] / HAND_LIMIT
            for b in seat["bartenders"]:
                i = BARTENDER_ID[b["card"]]
                out[at["bars"] + q * bartenders + i] = 1.0
                if b["shovel"]:
                    out[at["shovels"] + i] = FACE_VALUE[b["shovel"]] / 10.0
                if b["sideways"]:
                    out[at["sideways"] + i] = 1.0
            out[at["customers"] + q] = len(seat["customers"]) / HAND_LIMIT
            out[at["sideways_customers"] + q] = seat["sideways_customers"] / HAND_LIMIT
            out[at["happy"] + q] = seat["happy"] / HAND_LIMIT
        for name in view["market"]:
            out[at["market"] + BARTENDER_ID[name]] = 1.0
        out[at["decks"]] = view["deck"] / 60.0
        out[at["decks"] + 1] = view["coin_deck"] / 60.0
        for face in (*view["discard"], *view["coin_discard"]):
            out[at["discards"] + FACE_ID[face]] += 1.0
        pending = view.get("pending")
        if pending:
            out[at["pending_action"] + PENDING.index(pending["action"])] = 1.0
            if pending["target"] is not None:
                one_hot(out, at["pending_target"], n, pending["target"])
            if pending["bartender"]:
                out[at["pending_bartender"] + BARTENDER_ID[pending["bartender"]]] = 1.0
            if pending["card"]:
                out[at["pending_card"] + FACE_ID[pending["card"]]] = 1.0
        auction = view.get("auction")
        if auction:
            out[at["auction_bartender"] + BARTENDER_ID[auction["bartender"]]] = 1.0
            out[at["auction_high"]] = FACE_VALUE[auction["high"]] / 10.0
            one_hot(out, at["auction_bidder"], n, auction["high_bidder"])
        out[at["idle"]] = view["idle_turns"] / view["closing_after"]

    def state_phase(self, state: State) -> str | None:
        return PHASES[state.phase] if isinstance(state, BartenderView) else None

    def _write_all(self, state: BartenderView, player: int, out: Cells) -> None:
        """Every piece: most change at each decision, and they are few (no key pays)."""
        at = self.offsets
        n = self.players
        bartenders = NUM_BARTENDERS
        face_at = FACE_AT
        limit = HAND_LIMIT
        one_hot(out, at["current"], n, state.current)
        start = at["hand"]
        for c in state.hands[player]:
            out[start + face_at[c]] += 1.0
        bank, count, coins = at["bank"], at["hand_count"], at["coins_in_hand"]
        bars, shovels, sideways = at["bars"], at["shovels"], at["sideways"]
        customers, turned, happy = at["customers"], at["sideways_customers"], at["happy"]
        for q in range(n):
            hand = state.hands[q]
            out[bank + q] = state.bank[q] / self.target
            out[count + q] = len(hand) / limit
            out[coins + q] = sum(1 for c in hand if KIND[c] == COIN) / limit
            for b in state.bars[q]:
                i = BARTENDER_AT[b]
                out[bars + q * bartenders + i] = 1.0
                shovel = state.shovel[b]
                if shovel >= 0:
                    out[shovels + i] = VALUE_TENTHS[shovel]
                if state.sideways[b]:
                    out[sideways + i] = 1.0
            out[customers + q] = len(state.customers[q]) / limit
            out[turned + q] = state.sideways_customers[q] / limit
            out[happy + q] = state.happy(q) / limit
        start = at["market"]
        for b in state.market:
            out[start + BARTENDER_AT[b]] = 1.0
        out[at["decks"]] = len(state.deck) / 60.0
        out[at["decks"] + 1] = len(state.coin_deck) / 60.0
        start = at["discards"]
        for c in state.discard:
            out[start + face_at[c]] += 1.0
        for c in state.coin_discard:
            out[start + face_at[c]] += 1.0
        if state.pending:
            kind, target, b, card = state.pending
            out[at["pending_action"] + kind] = 1.0
            if kind in (ADVERTISE, RAID):
                one_hot(out, at["pending_target"], n, target)
            if b >= 0:
                out[at["pending_bartender"] + BARTENDER_AT[b]] = 1.0
            if card >= 0:
                out[at["pending_card"] + face_at[card]] = 1.0
        if state.auction:
            b, high, bidder, _ = state.auction
            out[at["auction_bartender"] + BARTENDER_AT[b]] = 1.0
            out[at["auction_high"]] = VALUE_TENTHS[high]
            one_hot(out, at["auction_bidder"], n, bidder)
        out[at["idle"]] = max(state.idle, 0) / (IDLE_ROUNDS * n)
