"""The game contract: identity, player counts, options, and how to start a state."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

from lastcall.core.actions import Action
from lastcall.core.errors import InvalidAction, InvalidOptions
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


class Game(ABC):
    """One game's identity and entry points; subclasses are registered singletons."""

    id: ClassVar[str]
    version: ClassVar[int]
    title: ClassVar[str]
    summary: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    state_class: ClassVar[type[State]]

    @property
    def versioned_id(self) -> str:
        """``barista-v1``: the id and the rules version records are bound to."""
        return f"{self.id}-v{self.version}"

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def resolve_options(self, options: Mapping[str, object] | None = None) -> dict[str, Any]:
        """Defaults filled in and every value validated."""
        given = dict(options or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            names = ", ".join(known) or "none"
            raise InvalidOptions(f"{self.id} has no option {unknown[0]!r} (options: {names})")
        return {
            name: opt.validate(given[name]) if name in given else opt.default
            for name, opt in known.items()
        }

    def new(
        self, players: int, seed: int = 0, options: Mapping[str, object] | None = None
    ) -> State:
        """A new game for ``players`` seats; all its chance follows from ``seed``."""
        if not isinstance(players, int) or players not in self.player_counts:
            raise InvalidOptions(
                f"{self.title} takes {self.min_players} to {self.max_players} players, "
                f"not {players!r}"
            )
        return self._new(players, seed, self.resolve_options(options))

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
        """Plain text of a view, for terminals and logs."""

    def describe(self, action: Action) -> str:
        """A human phrase for an action; its canonical text by default."""
        return str(action)

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
        name = f"{self.id.replace('_', '-')}.md"
        packaged = resources.files("lastcall") / "_rules" / name
        if packaged.is_file():
            return packaged.read_text(encoding="utf-8")
        source_tree = Path(__file__).resolve().parents[3] / "docs" / "rules" / name
        return source_tree.read_text(encoding="utf-8")

    def __repr__(self) -> str:
        return f"<game {self.versioned_id}: {self.title}>"
