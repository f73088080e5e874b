"""A Bartender seat's view as a fixed-shape observation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lastcall.core import ActionSpace, Observer, Piece, one_hot
from lastcall.games.bartender.state import (
    BARTENDER_ID,
    FACE_ID,
    FACES,
    HAND_LIMIT,
    NAME,
    NUM_BARTENDERS,
    PENDING,
    PHASES,
    VALUE,
)

FACE_VALUE = {NAME[c]: VALUE[c] for c in range(len(NAME))}


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
