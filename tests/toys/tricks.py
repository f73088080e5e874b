"""A tiny hidden-information trick game that exercises every part of the contract bots use.

Cards are ranked 1 to 12. Each seat is dealt three; the rest is a face-down
deck. The leader plays a card, then every other seat answers out of turn (all
of them are in ``to_move`` at once), and the highest card takes the trick.
After a trick each seat draws one card, the winner first, while the deck still
holds a card for everybody. The first seat to take three tricks wins at once;
otherwise the game ends when the hands are empty, most tricks winning.

It is not registered: it serves the bot tests and the conformance suite.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lastcall.core import (
    Action,
    ActionSpace,
    Game,
    GameFacts,
    Kind,
    Observer,
    Piece,
    Rng,
    State,
)

RANKS = range(1, 13)
HAND = 3
TARGET = 3
PLAY = {c: Action("play", c) for c in RANKS}


class TricksState(State):
    """Hands, deck, the trick on the table and the tricks each seat has taken."""

    __slots__ = ("deck", "hands", "leader", "table", "tricks")

    hands: list[list[int]]
    deck: list[int]
    table: list[tuple[int, int]]
    leader: int
    tricks: list[int]

    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        return tuple(PLAY[c] for c in sorted(self.hands[player]))

    def _apply(self, player: int, action: Action) -> None:
        card = int(action[1])
        self.hands[player].remove(card)
        self.table.append((player, card))
        self.announce(Kind.MOVE, "{p:Seat} play{p:s} {card}.", player, card)
        n = self.num_players
        if len(self.table) < n:
            played = {p for p, _ in self.table}
            self.to_move = tuple(
                s for s in ((self.leader + k) % n for k in range(1, n)) if s not in played
            )
            return
        winner = max(self.table, key=lambda pc: pc[1])[0]
        self.tricks[winner] += 1
        self.table = []
        self.leader = winner
        self.announce(Kind.RULE, "{p:Seat} take{p:s} the trick.", winner)
        if self.tricks[winner] >= TARGET:
            self.to_move = ()
            self.announce(Kind.END, "{p:Seat} take{p:s} the third trick and win{p:s}.", winner)
            return
        if len(self.deck) >= n:
            for k in range(n):
                seat = (winner + k) % n
                card = self.deck.pop()
                self.hands[seat].append(card)
                self.tell(seat, Kind.CHANCE, "You draw {card}.", card)
        self.to_move = (winner,) if self.hands[winner] else ()
        if not self.to_move:
            self.announce(Kind.END, "The hands are empty: the game is over.")

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str]:
        return f"P{player} does not hold a {action[1]}", "playing a card"

    def _view(self, player: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "game": self.game.id,
            "viewer": player,
            "to_move": list(self.to_move),
            "phase": "play" if self.to_move else "over",
            "seats": [
                {"seat": p, "hand_size": len(h), "tricks": self.tricks[p]}
                for p, h in enumerate(self.hands)
            ],
            "deck": len(self.deck),
            "table": [list(pc) for pc in self.table],
            "leader": self.leader,
        }
        if player is not None:
            view["hand"] = sorted(self.hands[player])
        return view

    def clone(self) -> TricksState:
        copy = self._copy_base()
        copy.hands = [*map(list.copy, self.hands)]
        copy.deck = self.deck.copy()
        copy.table = self.table.copy()
        copy.leader = self.leader
        copy.tricks = self.tricks.copy()
        return copy

    def _resample(self, viewer: int | None, rng: Rng) -> None:
        """Re-deal the other hands and the deck from the cards ``viewer`` has not seen."""
        others = [p for p in range(self.num_players) if p != viewer and viewer is not None]
        pool = sorted([c for p in others for c in self.hands[p]] + self.deck)
        rng.shuffle(pool)
        for p in others:
            self.hands[p] = sorted(pool.pop() for _ in self.hands[p])
        self.deck = pool

    def scores(self) -> tuple[float, ...]:
        return tuple(float(t) for t in self.tricks)

    def evaluate(self, player: int) -> float:
        """Tricks taken plus each card's rough chance to take one, as a share of all seats'."""
        if self.is_over:
            return super().evaluate(player)
        power = self.num_players - 1
        expect = [
            t + sum(((c - 1) / 11) ** power for c in h)
            for t, h in zip(self.tricks, self.hands, strict=True)
        ]
        total = sum(expect)
        return expect[player] / total if total > 0 else 1.0 / self.num_players


class TricksObserver(Observer):
    def __init__(self, players: int, space: ActionSpace) -> None:
        super().__init__(
            players,
            ("play", "over"),
            [
                Piece("hand", (len(RANKS),), "the cards in this seat's hand"),
                Piece("table", (len(RANKS),), "the cards on the table"),
                Piece("tricks", (players,), "tricks each seat has taken, over three"),
            ],
            space,
        )

    def encode(self, view: Mapping[str, Any], out: list[float]) -> None:
        for card in view.get("hand", ()):
            out[self.offsets["hand"] + card - 1] = 1.0
        at = self.offsets["table"]
        for _, card in view["table"]:
            out[at + card - 1] = 1.0
        at = self.offsets["tricks"]
        for seat in view["seats"]:
            out[at + seat["seat"]] = seat["tricks"] / TARGET


class TricksGame(Game):
    """The toy game's identity and setup."""

    id = "toy-tricks"
    version = 1
    title = "Toy Tricks"
    summary = "Highest card takes the trick; three tricks win."
    min_players = 2
    max_players = 3
    facts = GameFacts(simultaneous=False, chance=True, hidden_information=True)
    state_class = TricksState

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        state = TricksState.__new__(TricksState)
        state._init_base(self, players, options, seed)
        deck = list(RANKS)
        state.rng.shuffle(deck)
        state.hands = [[deck.pop() for _ in range(HAND)] for _ in range(players)]
        state.deck = deck
        state.table = []
        state.leader = 0
        state.tricks = [0] * players
        state.to_move = (0,)
        return state

    def is_action(self, action: Action) -> bool:
        return len(action) == 2 and action[0] == "play" and action[1] in PLAY

    def _action_space(self, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        return tuple(PLAY.values())

    def _observer(self, players: int, options: Mapping[str, Any], space: ActionSpace) -> Observer:
        return TricksObserver(players, space)

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        return len(RANKS)

    def render(self, view: Mapping[str, Any]) -> str:
        return repr(dict(view))


GAME = TricksGame()


def position(
    hands: list[list[int]],
    *,
    deck: list[int] | None = None,
    tricks: list[int] | None = None,
    leader: int = 0,
    table: list[tuple[int, int]] | None = None,
) -> TricksState:
    """A constructed position; ``to_move`` follows from the leader and the table."""
    n = len(hands)
    state = GAME.new(n, seed=0)
    assert isinstance(state, TricksState)
    state.hands = [list(h) for h in hands]
    state.deck = list(deck or [])
    state.tricks = list(tricks or [0] * n)
    state.leader = leader
    state.table = list(table or [])
    played = {p for p, _ in state.table}
    if not state.table:
        state.to_move = (leader,)
    else:
        state.to_move = tuple(s for s in ((leader + k) % n for k in range(1, n)) if s not in played)
    state._legal = None
    return state
