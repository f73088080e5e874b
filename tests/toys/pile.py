"""Pile: take one or two counters in turn; whoever takes the last one wins.

At one or two seats a robot may join as a rival that is not a seat: it takes
one counter after every seat's turn, carried out by the rules and logged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from lastcall.core import (
    Action,
    ActionSpace,
    Game,
    GameFacts,
    Kind,
    Observer,
    Option,
    Piece,
    Rng,
    State,
)

TAKE = (Action("take", 1), Action("take", 2))
ROBOT = "Robot"


class PileState(State):
    """The pile, what each seat (and the robot) took, and who took the last one."""

    __slots__ = ("last", "pile", "taken")

    last: int
    pile: int
    taken: list[int]

    def rivals(self) -> tuple[str, ...]:
        return (ROBOT,) if self.options["robot"] else ()

    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        return TAKE[: min(2, self.pile)]

    def _apply(self, player: int, action: Action) -> None:
        amount = int(action.args[0])
        self._take(player, amount)
        self.tell(player, Kind.RULE, "You now hold {held}.", self.taken[player])
        if self.pile and self.options["robot"]:
            self._take(self.num_players, 1)
        if self.pile == 0:
            self.to_move = ()
            self.announce(Kind.END, "{p:Seat} took the last counter.", self.last)
        else:
            self.to_move = ((player + 1) % self.num_players,)

    def _take(self, who: int, amount: int) -> None:
        self.pile -= amount
        self.taken[who] += amount
        self.last = who
        kind = Kind.MOVE if who < self.num_players else Kind.RULE
        self.announce(kind, "{p:Seat} take{p:s} {n}.", who, amount)

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str]:
        return "take one or two, no more than the pile", "Taking"

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = [{"seat": p, "taken": self.taken[p]} for p in range(self.num_players)]
        view: dict[str, Any] = {
            "game": self.game.id,
            "viewer": player,
            "to_move": list(self.to_move),
            "phase": "take" if self.to_move else "over",
            "seats": seats,
            "pile": self.pile,
        }
        if self.options["robot"]:
            view["rivals"] = [{"name": ROBOT, "taken": self.taken[-1]}]
        return view

    def clone(self) -> PileState:
        c = self._copy_base()
        c.last = self.last
        c.pile = self.pile
        c.taken = self.taken.copy()
        return c

    def _resample(self, viewer: int | None, rng: Rng) -> None:
        """Nothing is hidden in Pile."""

    def scores(self) -> tuple[float, ...]:
        """The last taker wins (or, misère, everyone else does)."""
        count = len(self.taken)
        if not self.is_over:
            return (0.0,) * count
        misere = bool(self.options["misere"])
        return tuple(float((p == self.last) != misere) for p in range(count))


class PileObserver(Observer):
    def __init__(self, players: int, size: int, space: ActionSpace) -> None:
        super().__init__(
            players,
            ("take", "over"),
            [
                Piece("pile", (size + 1,), "counters left, one-hot"),
                Piece("taken", (players,), "counters each seat took, as a share of the start"),
            ],
            space,
        )
        self.start = size

    def encode(self, view: Mapping[str, Any], out: list[float]) -> None:
        out[self.offsets["pile"] + view["pile"]] = 1.0
        at = self.offsets["taken"]
        for seat in view["seats"]:
            out[at + seat["seat"]] = seat["taken"] / self.start


class Pile(Game):
    id = "pile"
    version = 3
    retired: ClassVar[Mapping[int, str]] = {
        1: "take 3 was allowed",
        2: "the robot could take two",
    }
    title = "Pile"
    summary = "Take one or two; the last counter wins."
    min_players = 1
    max_players = 4
    facts = GameFacts(simultaneous=False, chance=False, hidden_information=False, rivals=True)
    options = (
        Option("size", 7, "counters at the start", minimum=1, maximum=50),
        Option("misere", False, "whoever takes the last counter loses"),
        Option("colour", "red", "the counters' colour", choices=("red", "blue")),
        Option("robot", False, "a robot rival takes one after each turn", players=(1, 2)),
    )
    state_class = PileState

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> PileState:
        state = PileState.__new__(PileState)
        state._init_base(self, players, options, seed)
        state.pile = int(options["size"])
        state.taken = [0] * (players + (1 if options["robot"] else 0))
        state.last = -1
        state.to_move = (0,)
        return state

    def rivals(self, players: int, options: Mapping[str, Any]) -> int:
        return 1 if options["robot"] else 0

    def is_action(self, action: Action) -> bool:
        return action in TAKE

    def _action_space(self, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        return TAKE

    def _observer(self, players: int, options: Mapping[str, Any], space: ActionSpace) -> Observer:
        return PileObserver(players, int(options["size"]), space)

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        return int(options["size"])

    def render(self, view: Mapping[str, Any]) -> str:
        return f"{view['pile']} left"


PILE = Pile()
