"""The state contract every game implements.

A game subclasses :class:`State`, declares its fields in ``__slots__`` and
writes the rules in four hooks: ``_legal_actions``, ``_apply``,
``_explain_illegal`` and ``view``, plus ``clone`` and ``determinize``. The
base class gives every game the same checked ``apply``, event filtering,
ranking, equality and JSON round trip, derived from the declared slots.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar

from lastcall.core.actions import Action
from lastcall.core.errors import IllegalAction, LastcallError
from lastcall.core.events import Audience, Event, LogCell, build_log, events_for, log_entries
from lastcall.core.rng import Rng

if TYPE_CHECKING:
    from lastcall.core.game import Game

JSON = Any
_NOT_FIELDS = frozenset({"game", "_legal", "__weakref__"})


class State(ABC):
    """A position of one game: whose decision it is, what they may do, what each seat sees.

    ``to_move`` is a tuple of the seats that may decide now: usually one,
    several for out-of-turn answers and simultaneous choices, none once the
    game is over. Seats are numbered from 0.
    """

    __slots__ = ("_legal", "game", "log", "num_players", "options", "rng", "to_move")

    _fields: ClassVar[tuple[str, ...]] = ()

    game: Game
    num_players: int
    options: dict[str, Any]
    rng: Rng
    to_move: tuple[int, ...]
    log: LogCell | None
    _legal: tuple[int, tuple[Action, ...]] | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields: list[str] = []
        for klass in reversed(cls.__mro__):
            for name in klass.__dict__.get("__slots__", ()):
                if name not in _NOT_FIELDS and name not in fields:
                    fields.append(name)
        cls._fields = tuple(fields)

    def _init_base(self, game: Game, num_players: int, options: dict[str, Any], seed: int) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.rng = Rng(seed)
        self.to_move = ()
        self.log = None
        self._legal = None

    def _copy_base(self, other: State) -> None:
        """Copy the base fields into a fresh clone (all shared or immutable)."""
        other.game = self.game
        other.num_players = self.num_players
        other.options = self.options
        other.rng = self.rng.copy()
        other.to_move = self.to_move
        other.log = self.log
        other._legal = self._legal

    # ----------------------------------------------------------------- the rules

    @abstractmethod
    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        """Every legal action of ``player`` (who is in ``to_move``)."""

    @abstractmethod
    def _apply(self, player: int, action: Action) -> None:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str]:
        """Why a well-formed action is illegal now: ``(reason, rule section)``."""

    @abstractmethod
    def view(self, player: int | None) -> dict[str, JSON]:
        """A JSON-safe dict of what ``player`` may see (``None``: a spectator).

        Hidden things are absent, never flagged.
        """

    @abstractmethod
    def clone(self) -> State:
        """A fully independent copy, cheap enough to call millions of times."""

    @abstractmethod
    def determinize(self, player: int, seed: int) -> State:
        """A copy where all that ``player`` cannot see is re-sampled, and chance re-seeded.

        Only consistent with what ``player`` has seen, so a bot may search it
        without peeking.
        """

    @abstractmethod
    def scores(self) -> tuple[float, ...]:
        """Each seat's score as the game counts it (final once the game is over)."""

    def rank_key(self, player: int) -> tuple[float, ...]:
        """Sort key of a seat's standing, larger is better; games add tie-breakers."""
        return (self.scores()[player],)

    def evaluate(self, player: int) -> float:
        """A seat's prospects in [0, 1] for bots: its share of the outcome once over."""
        if self.is_over:
            best = self.ranking()[0]
            return 1.0 / len(best) if player in best else 0.0
        scores = self.scores()
        total = sum(scores)
        n = self.num_players
        return (scores[player] + 1.0) / (total + n) if total + n > 0 else 1.0 / n

    # ----------------------------------------------------------------- the contract

    @property
    def is_over(self) -> bool:
        return not self.to_move

    def legal_actions(self, player: int) -> tuple[Action, ...]:
        """Every legal action of ``player`` now; empty when it is not theirs to decide."""
        cached = self._legal
        if cached is not None and cached[0] == player:
            return cached[1]
        actions = self._legal_actions(player) if player in self.to_move else ()
        self._legal = (player, actions)
        return actions

    def apply(self, player: int, action: Action) -> None:
        """Check and carry out ``action`` for ``player``.

        Raises :class:`IllegalAction` naming the broken rule, leaving the state
        exactly as it was.
        """
        if action not in self.legal_actions(player):
            raise self.illegal(player, action)
        self._legal = None
        self._apply(player, action)

    def illegal(self, player: int, action: object) -> IllegalAction:
        """The exception for an action ``player`` may not take now."""
        if self.is_over:
            return IllegalAction(player, action, "the game is over", "end of the game")
        if player not in self.to_move:
            waiting = ", ".join(f"P{p}" for p in self.to_move)
            return IllegalAction(
                player, action, f"it is not P{player}'s decision (waiting for {waiting})", "turns"
            )
        if not isinstance(action, Action) or not self.game.is_action(action):
            return IllegalAction(player, action, f"not an action of {self.game.title}", "actions")
        reason, rule = self._explain_illegal(player, action)
        return IllegalAction(player, action, reason, rule)

    def say(self, text: str, audience: Audience = None) -> None:
        """Append an event: public by default, or private to a seat or seats."""
        self.log = (audience, text, self.log)

    def events(self, player: int | None = None) -> list[Event]:
        """The log as ``player`` saw it (``None``: the public log)."""
        return events_for(self.log, player)

    def ranking(self) -> list[tuple[int, ...]]:
        """Seats grouped from first place down; a group holds tied seats."""
        keys = [self.rank_key(p) for p in range(self.num_players)]
        order = sorted(range(self.num_players), key=lambda p: keys[p], reverse=True)
        groups: list[list[int]] = []
        for p in order:
            if groups and keys[groups[-1][0]] == keys[p]:
                groups[-1].append(p)
            else:
                groups.append([p])
        return [tuple(g) for g in groups]

    def winners(self) -> tuple[int, ...]:
        """The seats sharing first place once the game is over, else none."""
        return self.ranking()[0] if self.is_over else ()

    # ----------------------------------------------------------------- serialisation

    def to_json(self) -> dict[str, JSON]:
        """The complete state, hidden parts included, as JSON-safe data."""
        fields: dict[str, JSON] = {}
        for name in self._fields:
            value = getattr(self, name)
            fields[name] = log_entries(value) if name == "log" else value
        return {
            "game": self.game.id,
            "game_version": self.game.version,
            "state": {k: encode(v) for k, v in fields.items()},
        }

    @staticmethod
    def from_json(data: dict[str, JSON]) -> State:
        """Rebuild a state written by :meth:`to_json`."""
        from lastcall.core.registry import game as find_game

        game = find_game(data["game"])
        if data.get("game_version") != game.version:
            raise LastcallError(
                f"state of {game.id} version {data.get('game_version')}, "
                f"but this engine has version {game.version}"
            )
        state = game.state_class.__new__(game.state_class)
        state.game = game
        state._legal = None
        for name in state._fields:
            value = decode(data["state"][name])
            if name == "log":
                value = build_log([(_audience(a), t) for a, t in value])
            setattr(state, name, value)
        return state

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, State)
        if self.game.id != other.game.id:
            return False
        return all(
            _field_equal(name, getattr(self, name), getattr(other, name)) for name in self._fields
        )

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    def __repr__(self) -> str:
        return f"<{self.game.id} state, {self.num_players} players, to move {self.to_move}>"


def _field_equal(name: str, a: Any, b: Any) -> bool:
    if name == "log":
        return a is b or log_entries(a) == log_entries(b)
    return bool(a == b)


def _audience(value: Any) -> Audience:
    return tuple(value) if isinstance(value, list) else value


def encode(value: Any) -> JSON:
    """Encode plain data, keeping tuples, dicts with any keys, sets and RNGs exact."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Action):
        return {"action": value.to_json()}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, tuple):
        return {"tuple": [encode(v) for v in value]}
    if isinstance(value, dict):
        return {"dict": [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, frozenset | set):
        kind = "frozenset" if isinstance(value, frozenset) else "set"
        return {kind: sorted((encode(v) for v in value), key=repr)}
    if isinstance(value, Rng):
        return {"rng": value.state}
    raise TypeError(f"cannot encode {type(value).__name__} in a state")


def decode(data: JSON) -> Any:
    if isinstance(data, list):
        return [decode(v) for v in data]
    if not isinstance(data, dict):
        return data
    ((kind, body),) = data.items()
    if kind == "tuple":
        return tuple(decode(v) for v in body)
    if kind == "dict":
        return {_hashable(decode(k)): decode(v) for k, v in body}
    if kind == "set":
        return {decode(v) for v in body}
    if kind == "frozenset":
        return frozenset(decode(v) for v in body)
    if kind == "rng":
        return Rng(body)
    if kind == "action":
        return Action.from_json(body)
    raise ValueError(f"unknown encoded kind {kind!r}")


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value
