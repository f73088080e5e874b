"""Toss: rock, paper, scissors for any number of seats, as sealed simultaneous choices.

Every round all seats choose at once and in secret; when the last one has
chosen, the choices are revealed and each seat scores a point for every other
seat its sign beats. Three rounds make a game.
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
    one_hot,
)

SIGNS = ("rock", "paper", "scissors")
SHOW = tuple(Action("show", s) for s in SIGNS)
SIGN_OF = {a: i for i, a in enumerate(SHOW)}
ROUNDS = 3
NONE = -1


def beats(a: int, b: int) -> bool:
    return (a - b) % 3 == 1


class TossState(State):
    """Choices of the round (``NONE`` until made), points, and the last round's reveal."""

    __slots__ = ("chosen", "points", "revealed", "round_no")

    chosen: list[int]
    points: list[int]
    revealed: tuple[int, ...]
    round_no: int

    @property
    def sealed(self) -> bool:
        return bool(self.to_move)

    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        return SHOW

    def _apply(self, player: int, action: Action) -> None:
        self.chosen[player] = SIGN_OF[action]
        self.tell(player, Kind.MOVE, "You show {sign}.", SIGNS[SIGN_OF[action]])
        self.to_move = tuple(p for p in self.to_move if p != player)
        if not self.to_move:
            self._reveal()

    def _reveal(self) -> None:
        chosen = self.chosen
        n = self.num_players
        self.announce(Kind.REVEAL, "Round {r}: {signs}.", self.round_no, [SIGNS[c] for c in chosen])
        for p in range(n):
            self.points[p] += sum(1 for q in range(n) if beats(chosen[p], chosen[q]))
        self.revealed = tuple(chosen)
        self.chosen = [NONE] * n
        self.round_no += 1
        if self.round_no <= ROUNDS:
            self.to_move = tuple(range(n))
            self.announce(Kind.TURN, "Round {r}: everyone chooses.", self.round_no)
        else:
            self.announce(Kind.END, "The game is over.")

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str]:
        return "show rock, paper or scissors", "Showing"

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for p in range(self.num_players):
            seat: dict[str, Any] = {"seat": p, "points": self.points[p]}
            if p == player and self.chosen[p] != NONE:
                seat["chosen"] = SIGNS[self.chosen[p]]
            seats.append(seat)
        return {
            "game": self.game.id,
            "viewer": player,
            "to_move": list(self.to_move),
            "phase": "choose" if self.to_move else "over",
            "seats": seats,
            "round": self.round_no,
            "revealed": [SIGNS[c] for c in self.revealed],
        }

    def clone(self) -> TossState:
        c = self._copy_base()
        c.chosen = self.chosen.copy()
        c.points = self.points.copy()
        c.revealed = self.revealed
        c.round_no = self.round_no
        return c

    def _resample(self, viewer: int | None, rng: Rng) -> None:
        """Others' committed signs are unknown to ``viewer``: draw them anew, seat by seat."""
        if viewer is None:
            return
        for p in range(self.num_players):
            if p != viewer and self.chosen[p] != NONE:
                self.chosen[p] = rng.below(3)

    def scores(self) -> tuple[float, ...]:
        return tuple(float(x) for x in self.points)


class TossObserver(Observer):
    def __init__(self, players: int, space: ActionSpace) -> None:
        super().__init__(
            players,
            ("choose", "over"),
            [
                Piece("chosen", (3,), "the sign this seat has chosen this round, one-hot"),
                Piece("revealed", (players, 3), "each seat's sign last round, one-hot"),
                Piece("points", (players,), "points of each seat, over the most possible"),
            ],
            space,
        )
        self.most = float(ROUNDS * (players - 1)) or 1.0

    def encode(self, view: Mapping[str, Any], out: list[float]) -> None:
        me = view["seats"][view["viewer"]]
        if "chosen" in me:
            out[self.offsets["chosen"] + SIGNS.index(me["chosen"])] = 1.0
        at = self.offsets["revealed"]
        for p, sign in enumerate(view["revealed"]):
            one_hot(out, at + 3 * p, 3, SIGNS.index(sign))
        at = self.offsets["points"]
        for seat in view["seats"]:
            out[at + seat["seat"]] = seat["points"] / self.most


class Toss(Game):
    id = "toss"
    version = 1
    title = "Toss"
    summary = "Rock, paper, scissors, everyone at once, three rounds."
    min_players = 2
    max_players = 4
    facts = GameFacts(simultaneous=True, chance=False, hidden_information=True)
    state_class = TossState

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> TossState:
        state = TossState.__new__(TossState)
        state._init_base(self, players, options, seed)
        state.chosen = [NONE] * players
        state.points = [0] * players
        state.revealed = ()
        state.round_no = 1
        state.to_move = tuple(range(players))
        return state

    def is_action(self, action: Action) -> bool:
        return action in SIGN_OF

    def _action_space(self, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        return SHOW

    def _observer(self, players: int, options: Mapping[str, Any], space: ActionSpace) -> Observer:
        return TossObserver(players, space)

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        return ROUNDS * players

    def render(self, view: Mapping[str, Any]) -> str:
        return f"round {view['round']}"


TOSS = Toss()
