"""The game contract: identity, versions, facts, options, action space and observer."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from lastcall.core.actions import Action
from lastcall.core.errors import InvalidAction, InvalidOptions
from lastcall.core.observe import Observer
from lastcall.core.present import Table, default_names, generic_table
from lastcall.core.space import ActionSpace
from lastcall.core.state import State

OptionValue = bool | int | str


@dataclass(frozen=True, slots=True)
class Option:
    """A variant switch: its name, default, and the values it accepts."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    players: tuple[int, ...] | None = None
    """Player counts at which a value other than the default is allowed (None: all)."""
    house_rule: bool = False
    """A variant the rulebook does not have: off by default and listed as such."""

    def validate(self, value: object) -> OptionValue:
        """Return ``value`` in the option's type, or raise :class:`InvalidOptions`."""
        value = self._coerce(value)
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise InvalidOptions(f"option {self.name}={value!r}: choose one of {allowed}")
        if isinstance(value, int) and not isinstance(value, bool):
            if self.minimum is not None and value < self.minimum:
                raise InvalidOptions(f"option {self.name}={value}: at least {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise InvalidOptions(f"option {self.name}={value}: at most {self.maximum}")
        return value

    def _coerce(self, value: object) -> OptionValue:
        kind = type(self.default)
        if isinstance(value, kind) and (kind is bool or not isinstance(value, bool)):
            return value
        if isinstance(value, str):  # from the command line
            text = value.strip().lower()
            if kind is bool and text in ("true", "yes", "on", "1", "false", "no", "off", "0"):
                return text in ("true", "yes", "on", "1")
            if kind is int and text.lstrip("-").isdigit():
                return int(text)
        raise InvalidOptions(
            f"option {self.name}={value!r}: expected {kind.__name__}, like {self.default!r}"
        )


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What kind of game it is, in the spirit of OpenSpiel's game type."""

    simultaneous: bool
    """Some decisions are sealed choices made by several seats at once."""
    chance: bool
    """Shuffles, rolls or draws decide part of the game."""
    hidden_information: bool
    """Some seats see what others do not."""
    rivals: bool = False
    """Automata that are not seats may take part (their turns are chance for the seats)."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """The sizes of one game at one player count and options, as learning libraries ask."""

    players: int
    rivals: int
    num_actions: int
    max_decisions: int
    observation_size: int


class Game(ABC):
    """One game's identity and entry points; subclasses are registered singletons.

    ``version`` changes whenever the game's behaviour, options or action space
    change (refactors and speed-ups keep it); ``retired`` names the older
    versions this engine no longer plays, each with the reason.
    """

    id: ClassVar[str]
    version: ClassVar[int]
    retired: ClassVar[Mapping[int, str]] = {}
    title: ClassVar[str]
    summary: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    facts: ClassVar[GameFacts]
    options: ClassVar[tuple[Option, ...]] = ()
    state_class: ClassVar[type[State]]

    def __init__(self) -> None:
        self._spaces: dict[tuple[int, tuple[tuple[str, Any], ...]], ActionSpace] = {}
        self._observers: dict[tuple[int, tuple[tuple[str, Any], ...]], Observer] = {}

    @property
    def versioned_id(self) -> str:
        """``barista-v1``: the id and the rules version records are bound to."""
        return f"{self.id}-v{self.version}"

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def check_players(self, players: object) -> int:
        if type(players) is not int or players not in self.player_counts:
            raise InvalidOptions(
                f"{self.title} takes {self.min_players} to {self.max_players} players, "
                f"not {players!r}"
            )
        return players

    def resolve_options(
        self, options: Mapping[str, object] | None = None, players: int | None = None
    ) -> dict[str, Any]:
        """Defaults filled in and every value validated (against the player count if given)."""
        given = dict(options or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(map(str, set(given) - set(known)))
        if unknown:
            names = ", ".join(known) or "none"
            raise InvalidOptions(f"{self.id} has no option {unknown[0]!r} (options: {names})")
        resolved = {
            name: opt.validate(given[name]) if name in given else opt.default
            for name, opt in known.items()
        }
        if players is not None:
            for opt in self.options:
                value = resolved[opt.name]
                if opt.players is not None and value != opt.default and players not in opt.players:
                    counts = ", ".join(map(str, opt.players))
                    raise InvalidOptions(
                        f"option {opt.name}={value!r} is for {counts} player(s), not {players}"
                    )
        return resolved

    def new(
        self, players: int, seed: int = 0, options: Mapping[str, object] | None = None
    ) -> State:
        """A new game for ``players`` seats; all its chance follows from ``seed``."""
        self.check_players(players)
        return self._new(players, seed, self.resolve_options(options, players))

    @staticmethod
    def _key(
        players: int, options: Mapping[str, Any] | None
    ) -> tuple[int, tuple[tuple[str, Any], ...]]:
        return players, tuple(sorted((options or {}).items()))

    def action_space(
        self, players: int, options: Mapping[str, object] | None = None
    ) -> ActionSpace:
        """Every action the game can ever offer at this player count and options, numbered."""
        resolved = self.resolve_options(options, self.check_players(players))
        key = self._key(players, resolved)
        space = self._spaces.get(key)
        if space is None:
            label = f"{self.versioned_id} at {players} players"
            space = self._spaces[key] = ActionSpace(self._action_space(players, resolved), label)
        return space

    def observer(self, players: int, options: Mapping[str, object] | None = None) -> Observer:
        """The observer turning a seat's view into a fixed-shape vector."""
        resolved = self.resolve_options(options, self.check_players(players))
        key = self._key(players, resolved)
        found = self._observers.get(key)
        if found is None:
            found = self._observers[key] = self._observer(
                players, resolved, self.action_space(players, resolved)
            )
        return found

    def info(self, players: int, options: Mapping[str, object] | None = None) -> GameInfo:
        """Sizes at this player count and options."""
        resolved = self.resolve_options(options, self.check_players(players))
        return GameInfo(
            players=players,
            rivals=self.rivals(players, resolved),
            num_actions=len(self.action_space(players, resolved)),
            max_decisions=self.max_decisions(players, resolved),
            observation_size=self.observer(players, resolved).size,
        )

    def rivals(self, players: int, options: Mapping[str, Any]) -> int:
        """How many rivals that are not seats take part at this count and options."""
        return 0

    @abstractmethod
    def _action_space(self, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        """Every action the game can offer, in a fixed documented order."""

    @abstractmethod
    def _observer(self, players: int, options: Mapping[str, Any], space: ActionSpace) -> Observer:
        """The game's observer for this player count and options."""

    @abstractmethod
    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        """Deal, shuffle and roll: the game's setup."""

    @abstractmethod
    def is_action(self, action: Action) -> bool:
        """Whether ``action`` is well formed for this game (legal or not)."""

    @abstractmethod
    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        """A bound on decisions in one game, which its rules guarantee."""

    @abstractmethod
    def render(self, view: Mapping[str, Any]) -> str:
        """Text of a view for terminals, with colour as tags (see ``lastcall.core.markup``)."""

    def describe(self, action: Action) -> str:
        """A human phrase for an action; its canonical text by default."""
        return str(action)

    def present(
        self,
        view: Mapping[str, Any],
        actions: Sequence[Action] = (),
        names: Sequence[str] | None = None,
    ) -> Table:
        """The table as a person sees it from ``view``, with ``actions`` as choices in words.

        ``view`` is one seat's ``view(p)`` (or a spectator's), ``actions`` that seat's
        own ``legal_actions(p)`` (empty when it is not asked), ``names`` what the
        seats are called. Nothing else is read, so nothing hidden can show.
        """
        seats = len(view.get("seats", ()))
        chosen = tuple(names) if names else default_names(seats)
        return self._present(view, tuple(actions), chosen)

    def _present(
        self, view: Mapping[str, Any], actions: tuple[Action, ...], names: tuple[str, ...]
    ) -> Table:
        """The game's own presentation (``presentation.py`` in its package)."""
        return generic_table(self, view, actions, names)

    def glossary(self) -> dict[str, str]:
        """Every term a table or a rule text uses, with its meaning (cards by name)."""
        return {}

    def how_to_play(self) -> str:
        """The rules told to a new player (``howto.md`` in the game's package)."""
        from importlib import resources  # costs more at start-up than most commands need

        package = type(self).__module__.rsplit(".", 1)[0]
        found = resources.files(package) / "howto.md"
        return found.read_text(encoding="utf-8") if found.is_file() else self.summary

    def parse_action(self, text: str) -> Action:
        """Canonical text back to an action, or :class:`InvalidAction`."""
        action = Action.parse(text)
        if not self.is_action(action):
            raise InvalidAction(f"{text!r} is not an action of {self.title}")
        return action

    def action_from_json(self, data: Any) -> Action:
        action = Action.from_json(data)
        if not self.is_action(action):
            raise InvalidAction(f"{data!r} is not an action of {self.title}")
        return action

    def rules_text(self) -> str:
        """The rules as implemented (``docs/rules/<id>.md``)."""
        from importlib import resources

        name = f"{self.id.replace('_', '-')}.md"
        packaged = resources.files("lastcall") / "_rules" / name
        if packaged.is_file():
            return packaged.read_text(encoding="utf-8")
        source_tree = Path(__file__).resolve().parents[3] / "docs" / "rules" / name
        return source_tree.read_text(encoding="utf-8")

    def __repr__(self) -> str:
        return f"<game {self.versioned_id}: {self.title}>"
