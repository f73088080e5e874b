"""The state contract every game implements.

A game subclasses :class:`State`, declares its fields in ``__slots__`` (with
annotations) and writes the rules in a few hooks: ``_legal_actions``,
``_apply``, ``_explain_illegal``, ``_view``, ``clone``, ``_resample`` and
``scores``. The base class gives every game the same checked ``apply``, the
decision counter, undo bookkeeping, event filtering, ranking, determinization,
equality and a JSON round trip derived from the declared fields.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from enum import IntEnum
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self, TypeVar

from mypy_extensions import mypyc_attr

from lastcall.core.actions import Action
from lastcall.core.errors import IllegalAction, StaleState, StateError, UnknownSeat
from lastcall.core.events import (
    CHANCE,
    CUT,
    REVEAL,
    TURN,
    Audience,
    Event,
    Kind,
    LogCell,
    events_for,
    log_to_json,
    next_index,
)
from lastcall.core.rng import Rng
from lastcall.core.typed import decode_log, decode_value, encode

if TYPE_CHECKING:
    from lastcall.core.game import Game

JSON = Any
_NOT_FIELDS: Final = frozenset({"game", "_legal", "_final", "_views", "__weakref__"})
_BARRIERS: Final = frozenset({CHANCE, REVEAL, TURN})
_DETERMINIZE_TAG: Final = 0xD37E
_RESEED_TAG: Final = 0x5EED
STATE_KEYS: Final = frozenset({"game", "game_version", "state"})

Step = Callable[[Any], bool]
_FIELD_TYPES: dict[type, dict[str, Any]] = {}
"""Each state class's field types, by :meth:`State.field_types`."""


_T = TypeVar("_T")


def replaced(items: list[_T], i: int, value: _T) -> list[_T]:
    """A copy of ``items`` with ``value`` at ``i``.

    A game's ``clone`` may share a list that changes rarely instead of copying
    it, so long as every change builds a new list this way (copy on write).
    """
    fresh = items.copy()
    fresh[i] = value
    return fresh


def step_table(steps: type[IntEnum], handlers: Mapping[IntEnum, Step]) -> tuple[Step, ...]:
    """The handlers of a game's steps as a tuple indexed by step, checked complete.

    Every game walks its turn with :meth:`State._advance`: the handler of the
    current step carries out what is automatic and returns ``True`` once it
    waits for a decision (having set ``to_move``), or ``False`` after moving
    ``self.step`` on.
    """
    missing = [s.name for s in steps if s not in handlers]
    if missing:
        raise TypeError(f"no handler for step(s) {', '.join(missing)}")
    return tuple(handlers[s] for s in steps)


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """A position of one game: whose decision it is, what they may do, what each seat sees.

    ``to_move`` is a tuple of the seats that may decide now: usually one,
    several for out-of-turn answers and simultaneous choices, none once the
    game is over. Seats are numbered from 0. ``decisions`` counts the decisions
    applied so far: a server refuses a submission made against another count.
    """

    __slots__ = (
        "_final",
        "_legal",
        "_views",
        "decisions",
        "game",
        "log",
        "num_players",
        "options",
        "revision",
        "rng",
        "to_move",
        "undo_floor",
        "undo_seat",
    )

    _fields: ClassVar[tuple[str, ...]] = ()
    _steps: ClassVar[tuple[Step, ...]] = ()

    game: Game
    num_players: int
    options: dict[str, Any]
    rng: Rng
    to_move: tuple[int, ...]
    log: LogCell | None
    decisions: int
    revision: int
    undo_seat: int
    undo_floor: int
    _legal: tuple[int, tuple[Action, ...]] | None
    _final: dict[str, JSON]
    _views: tuple[int, LogCell | None, dict[int | None, dict[str, JSON]]]
    """Views built at one revision and log: ``(revision, log, views by viewer)``.
    Unset in a fresh state: clones, determinized and loaded copies build their own."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields: list[str] = []
        for klass in reversed(cls.__mro__):
            names = klass.__dict__.get("__slots__")
            if names is None:
                # A class compiled by mypyc has no __slots__ but lists its attributes
                # (inherited and internal ones too) in declaration order; sorted, they
                # follow the order of the __slots__ of the same class left uncompiled.
                names = sorted(klass.__dict__.get("__mypyc_attrs__", ()))
            for name in names:
                if name not in _NOT_FIELDS and name not in fields and name[:2] != "__":
                    fields.append(name)
        cls._fields = tuple(fields)

    def _init_base(self, game: Game, num_players: int, options: dict[str, Any], seed: int) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.rng = Rng(seed)
        self.to_move = ()
        self.log = None
        self.decisions = 0
        self.revision = 0
        self.undo_seat = -1
        self.undo_floor = 0
        self._legal = None

    def _copy_base(self) -> Self:
        """A new state of this class holding the base fields, for a game's ``clone`` to fill.

        All base fields are shared or immutable but the generator, which gets a twin.
        """
        cls = type(self)
        other = cls.__new__(cls)
        other.rng = self.rng.copy()
        other.game = self.game
        other.num_players = self.num_players
        other.options = self.options
        other.to_move = self.to_move
        other.log = self.log
        other.decisions = self.decisions
        other.revision = self.revision
        other.undo_seat = self.undo_seat
        other.undo_floor = self.undo_floor
        other._legal = self._legal
        return other

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
    def _view(self, player: int | None) -> dict[str, JSON]:
        """What ``player`` may see; see :meth:`view`."""

    @abstractmethod
    def clone(self) -> Self:
        """A fully independent copy, cheap enough to call millions of times."""

    @abstractmethod
    def _resample(self, viewer: int | None, rng: Rng) -> None:
        """Re-sample in place all that ``viewer`` has not seen (``None``: no seat has).

        Hidden pools are put in a canonical order before ``rng`` shuffles them,
        so the result depends only on what ``viewer`` knows; sealed choices of
        other seats are re-drawn among those consistent with it. Never keep a
        hidden card because it is where it truly is.
        """

    @abstractmethod
    def scores(self) -> tuple[float, ...]:
        """Each seat's score, then each rival's, as the game counts it."""

    def _advance(self) -> None:
        """Carry out automatic steps until one waits for a decision (see :func:`step_table`)."""
        steps = self._steps
        while not steps[self.step](self):  # type: ignore[attr-defined]
            pass

    def rivals(self) -> tuple[str, ...]:
        """Names of the rivals that are not seats (automata the rules play), if any."""
        return ()

    @property
    def sealed(self) -> bool:
        """Whether the seats in ``to_move`` now choose secretly and simultaneously.

        While sealed, a seat's decision changes nothing any other seat can see
        (apart from leaving ``to_move``), and the order of commitments does not matter.
        """
        return False

    def first_seat(self) -> int:
        """The seat that took the game's first turn, as the rules decided it."""
        return 0

    def length(self) -> dict[str, int]:
        """How long the game has run, in the units its rulebook counts (rounds, turns)."""
        return {}

    def score_sources(self, player: int) -> dict[str, float]:
        """Where a seat's points came from (name -> points), for checking a design.

        Once the game is over the values add up to the seat's score. Before then a
        game may count what some seats cannot see yet, so it is never shown to a seat.
        The default, empty, means the game does not break its score down.
        """
        return {}

    def offers(self) -> dict[str, tuple[int, ...]]:
        """What was on offer this game and who holds it now, for checking a design.

        Keys name a designed component as ``"kind: name"`` (``"upgrade: Cooper"``);
        a key is present when the component came within some seat's reach, and its
        seats (ascending) are those holding it. Read at the end, it tells which
        components seats always or never take. Like :meth:`score_sources` it may
        count hidden things, so it is never shown to a seat. Empty by default.
        """
        return {}

    def rank_key(self, player: int) -> tuple[float, ...]:
        """Sort key of a standing (seat or rival), larger is better; games add tie-breakers."""
        return (self.scores()[player],)

    def evaluate(self, player: int) -> float:
        """A seat's prospects in [0, 1] for bots: its share of the outcome once over."""
        if self.is_over:
            best = self.ranking()[0]
            return 1.0 / len(best) if player in best else 0.0
        scores = self.scores()
        total = sum(scores)
        n = len(scores)
        return (scores[player] + 1.0) / (total + n) if total + n > 0 else 1.0 / n

    def evaluate_all(self) -> tuple[float, ...]:
        """Every seat's ``evaluate``, in seat order.

        A search asks for every seat after each simulation, and most evaluations
        weigh each seat against all the others: a game whose evaluation shares that
        work overrides this to do it once instead of once per seat.
        """
        return tuple([self.evaluate(p) for p in range(self.num_players)])

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

    def apply(self, player: int, action: Action, expect: int | None = None) -> None:
        """Check and carry out ``action`` for ``player``.

        ``expect``, when given, is the revision the submission was made
        against: another revision raises :class:`StaleState`. An illegal action
        raises :class:`IllegalAction` naming the broken rule. Either way the
        state is left exactly as it was.
        """
        if expect is not None and expect != self.revision:
            raise StaleState(expect, self.revision)
        if action not in self.legal_actions(player):
            raise self.illegal(player, action)
        self._legal = None
        if player != self.undo_seat:
            self.undo_seat = player
            self.undo_floor = self.decisions
        self.decisions += 1
        self.revision += 1
        self._apply(player, action)

    def can_undo(self, player: int) -> bool:
        """Whether ``player`` may take back its last decision.

        Only decisions of the seat's current run, with no other seat deciding
        since, no chance, no reveal and no new turn in between.
        """
        return (
            player == self.undo_seat and self.decisions > self.undo_floor and player in self.to_move
        )

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

    def view(self, player: object) -> dict[str, JSON]:
        """A JSON-safe dict of what ``player`` (or ``None``, a spectator) may see.

        Hidden things are absent, never flagged. Every game's view has the same
        top: ``game``, ``viewer``, ``to_move``, ``phase`` and ``seats`` (one
        dict of public facts per seat, in seat order), ``rivals`` when there are any,
        and ``final`` (see :meth:`final`) once the game is over.

        A seat asking again at the same revision (and log) gets the view already
        built: the server, the terminal and the learning step all ask for it. The
        view is shared, so callers read it and never change it.

        ``player`` is typed ``object`` because it is checked here: compiled code
        would turn ``True`` into seat 1 at the call, before any check could refuse it.
        """
        seat = self._seat_or_spectator(player)
        revision = self.revision
        log = self.log
        cache = getattr(self, "_views", None)
        if cache is None or cache[0] != revision or cache[1] is not log:
            cache = self._views = (revision, log, {})
        views = cache[2]
        view = views.get(seat)
        if view is None:
            view = views[seat] = self.build_view(seat)
        return view

    def build_view(self, player: object) -> dict[str, JSON]:
        """The view of ``player`` built afresh, never from the cache (see :meth:`view`)."""
        view = self._view(self._seat_or_spectator(player))
        if not self.to_move:
            view["final"] = self.final()
        return view

    def _seat_or_spectator(self, player: object) -> int | None:
        """``player`` if it is a seat at this table or ``None``; :class:`UnknownSeat` if not."""
        if player is None:
            return None
        if type(player) is not int or not 0 <= player < self.num_players:
            raise UnknownSeat(player, self.num_players)
        return player

    def final(self) -> dict[str, JSON]:
        """The end as everyone may see it: scores, ranking and each score by source.

        Seats come first, then rivals (named in ``rivals``); at the end every hidden
        thing that scores has been revealed, so the breakdown is public. A game may
        read its breakdown from the log, which a determinized copy does not carry, so
        such a copy of a finished game is handed the breakdown (``_final``).
        """
        known: dict[str, JSON] | None = getattr(self, "_final", None)
        if known is not None:
            return known
        standings = self.num_players + len(self.rivals())
        return {
            "scores": list(self.scores()),
            "ranking": [list(tied) for tied in self.ranking()],
            "rivals": list(self.rivals()),
            "sources": [self.score_sources(who) for who in range(standings)],
        }

    # ----------------------------------------------------------------- events

    def announce(self, kind: Kind, template: str, *args: Any) -> None:
        """Log a public event: ``args`` fill the template's names in order of first mention.

        Nothing is formatted now; the text is made for each reader (see ``events``).
        """
        log = self.log
        self.log = (log[0] + 1 if log else 0, None, kind, template, args, log)
        if kind in _BARRIERS:
            self.undo_floor = self.decisions

    def tell(self, audience: int | tuple[int, ...], kind: Kind, template: str, *args: Any) -> None:
        """Log an event that only ``audience`` (a seat or seats) sees."""
        log = self.log
        self.log = (log[0] + 1 if log else 0, audience, kind, template, args, log)
        if kind in _BARRIERS or audience != self.undo_seat:
            self.undo_floor = self.decisions

    def events(
        self, player: int | None = None, after: int = -1, names: Sequence[str] = ()
    ) -> list[Event]:
        """The log as ``player`` saw it (``None``: the public log), after an event index.

        ``names`` calls the seats as their people chose (``P0``, ``P1``... otherwise);
        rivals keep their own names. The cost grows with the number of events after
        ``after``, not with the length of the game.
        """
        called = (*names, *self.seat_names()[len(names) :]) if names else self.seat_names()
        return events_for(self.log, player, called, after)

    def public_after(self, index: int) -> bool:
        """Whether any public event came after event ``index`` (cheap: nothing is formatted)."""
        cell = self.log
        while cell is not None and cell[0] > index:
            if cell[1] is None:
                return True
            cell = cell[5]
        return False

    @property
    def last_event(self) -> int:
        """The index of the newest event, seen by anyone (-1 before the first)."""
        return next_index(self.log) - 1

    def seat_names(self) -> tuple[str, ...]:
        """How events name seats, then rivals."""
        return (*(f"P{p}" for p in range(self.num_players)), *self.rivals())

    # ----------------------------------------------------------------- chance and knowledge

    def determinize(self, player: int, seed: int) -> Self:
        """A copy where all that ``player`` cannot see is re-sampled and chance re-seeded.

        The copy depends only on what ``player`` knows and on ``seed``; it
        carries none of the history (its log restarts after a marker), so a
        bot may search it without peeking.
        """
        world = self.clone()
        rng = Rng.mixed(seed, player, _DETERMINIZE_TAG)
        world._resample(player, rng)
        world.rng = rng
        if not self.to_move:
            world._final = self.final()
        world.log = (self.last_event, (), CUT, "", (), None)
        world._legal = None
        return world

    def reseed(self, seed: int) -> Self:
        """A copy whose chance is re-seeded and whose unseen cards are re-shuffled.

        What any seat has seen stays; what no seat has seen (deck orders, the
        generator) is drawn anew, so the copy does not know what comes next.
        """
        world = self.clone()
        rng = Rng.mixed(seed, _RESEED_TAG)
        world._resample(None, rng)
        world.rng = rng
        world._legal = None
        return world

    # ----------------------------------------------------------------- results

    def ranking(self) -> list[tuple[int, ...]]:
        """Seats and rivals grouped from first place down; a group holds the tied ones.

        Rivals are numbered after the seats (the first rival is ``num_players``).
        """
        count = self.num_players + len(self.rivals())
        keys = [self.rank_key(p) for p in range(count)]
        order = sorted(range(count), key=lambda p: keys[p], reverse=True)
        groups: list[list[int]] = []
        for p in order:
            if groups and keys[groups[-1][0]] == keys[p]:
                groups[-1].append(p)
            else:
                groups.append([p])
        return [tuple(g) for g in groups]

    def winners(self) -> tuple[int, ...]:
        """Who shares first place once the game is over (rivals included), else nobody."""
        return self.ranking()[0] if self.is_over else ()

    # ----------------------------------------------------------------- serialisation

    def to_json(self) -> dict[str, JSON]:
        """The complete state, hidden parts included, as JSON-safe data.

        It is for storage and debugging only: it never goes to a seat.
        """
        fields: dict[str, JSON] = {}
        for name in self._fields:
            value = getattr(self, name)
            fields[name] = log_to_json(value) if name == "log" else encode(value)
        return {"game": self.game.id, "game_version": self.game.version, "state": fields}

    @staticmethod
    def from_json(data: Any, game: Game | None = None) -> State:
        """Rebuild a state written by :meth:`to_json`, checking every field.

        Missing, unknown or mistyped fields raise :class:`StateError` naming the
        field. The game is found in the registry, or given (it must match).
        """
        from lastcall.core.registry import game_version

        if not isinstance(data, dict):
            raise StateError(f"a state is a JSON object, not {type(data).__name__}")
        keys = set(data)
        if keys != STATE_KEYS:
            extra = sorted(map(str, keys - STATE_KEYS))
            missing = sorted(STATE_KEYS - keys)
            raise StateError(
                f"state field {(missing or extra)[0]!r} is "
                + ("missing" if missing else "not a field of a saved state")
            )
        game_id, version, body = data["game"], data["game_version"], data["state"]
        if not isinstance(game_id, str) or type(version) is not int:
            raise StateError("state fields 'game' and 'game_version' are a text and an integer")
        if game is None:
            game = game_version(game_id, version)
        elif (game.id, game.version) != (game_id, version):
            raise StateError(f"a state of {game_id} v{version}, not of {game.versioned_id}")
        cls = game.state_class
        if not isinstance(body, dict):
            raise StateError(f"state field 'state' is an object, not {type(body).__name__}")
        unknown = sorted(map(str, set(body) - set(cls._fields)))
        if unknown:
            raise StateError(f"{game.id} v{version} has no state field {unknown[0]!r}")
        hints = cls.field_types()
        state = cls.__new__(cls)
        state.game = game
        state._legal = None
        for name in cls._fields:
            if name not in body:
                raise StateError(f"{game.id} state field {name!r} is missing")
            raw = body[name]
            value = decode_log(raw, name) if name == "log" else decode_value(raw, hints[name], name)
            setattr(state, name, value)
        state._check_base()
        return state

    @classmethod
    def field_types(cls) -> dict[str, Any]:
        """The declared type of every field, for checking saved states (worked out once)."""
        known = _FIELD_TYPES.get(cls)
        if known is not None:
            return known
        import typing

        from lastcall.core.game import Game

        hints: dict[str, Any] = {}
        for klass in reversed(cls.__mro__):
            if "__mypyc_attrs__" in klass.__dict__:
                klass = _annotated_twin(klass)
            hints.update(typing.get_type_hints(klass, localns={"Game": Game}))
        missing = [name for name in cls._fields if name not in hints]
        if missing:
            raise TypeError(f"{cls.__name__} declares no type for field(s) {', '.join(missing)}")
        known = _FIELD_TYPES[cls] = {name: hints[name] for name in cls._fields}
        return known

    def _check_base(self) -> None:
        """The base fields of a loaded state agree with its game."""
        game = self.game
        if self.num_players not in game.player_counts:
            raise StateError(f"state field 'num_players' is {self.num_players}, out of range")
        try:
            options = game.resolve_options(self.options, self.num_players)
        except Exception as exc:
            raise StateError(f"state field 'options': {exc}") from exc
        if options != self.options:
            raise StateError("state field 'options' does not list every option of the game")
        if any(not 0 <= p < self.num_players for p in self.to_move):
            raise StateError("state field 'to_move' names a seat that is not at the table")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, State)
        if self.game is not other.game:
            return False
        return all(
            _field_equal(name, getattr(self, name), getattr(other, name)) for name in self._fields
        )

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    def __repr__(self) -> str:
        return (
            f"<{self.game.versioned_id} state, {self.num_players} players, to move {self.to_move}>"
        )


def _field_equal(name: str, a: Any, b: Any) -> bool:
    if name == "log":
        return a is b or log_to_json(a) == log_to_json(b)
    return bool(a == b)


def compiled() -> bool:
    """Whether the engine runs from the compiled build (``tools/compile.py``), not the source."""
    return not __file__.endswith(".py")


def _annotated_twin(klass: type) -> type:
    """A plain class with the annotations that mypyc dropped from the compiled ``klass``.

    A compiled class keeps no ``__annotations__``, so they are read from the
    class's source, which sits beside the compiled module, and resolved in the
    compiled module's namespace as if the class were interpreted.
    """
    import ast
    import sys
    from pathlib import Path

    module = sys.modules[klass.__module__]
    source = Path(str(module.__file__)).with_name(klass.__module__.rpartition(".")[2] + ".py")
    tree = ast.parse(source.read_text(encoding="utf-8"))
    body = next(
        node.body
        for node in tree.body
        if isinstance(node, ast.ClassDef) and node.name == klass.__name__
    )
    annotations = {
        node.target.id: ast.unparse(node.annotation)
        for node in body
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }
    return type(
        klass.__name__, (), {"__annotations__": annotations, "__module__": klass.__module__}
    )


__all__ = ["JSON", "STATE_KEYS", "Audience", "State", "compiled", "step_table"]
