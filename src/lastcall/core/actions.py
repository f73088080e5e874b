"""Actions: small immutable value objects with a canonical text form.

An action is a verb followed by a few arguments (names or integers), e.g.
``place wild milk`` or ``take 2``. ``str(action)`` is its canonical text,
``Action.parse`` reads it back, and ``to_json`` gives a JSON list. Being a
tuple, an action hashes and compares by value and costs nothing to copy.
"""

from __future__ import annotations

from typing import Any

from lastcall.core.errors import InvalidAction

Arg = str | int


def _token(text: str) -> Arg:
    body = text[1:] if text[:1] == "-" else text
    return int(text) if body.isdigit() else text


class Action(tuple[Arg, ...]):
    """A verb and its arguments, e.g. ``Action("place", "wild", "milk")``."""

    __slots__ = ()

    def __new__(cls, verb: str, *args: Arg) -> Action:
        return tuple.__new__(cls, (verb, *args))

    @property
    def verb(self) -> str:
        return str(self[0])

    @property
    def args(self) -> tuple[Arg, ...]:
        return self[1:]

    def __str__(self) -> str:
        return " ".join(map(str, self))

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    def to_json(self) -> list[Arg]:
        return list(self)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read canonical text (whitespace and case are forgiven)."""
        tokens = text.strip().lower().split()
        if not tokens or not tokens[0].isidentifier():
            raise InvalidAction(f"not an action: {text!r} (expected a verb, then arguments)")
        return cls(tokens[0], *map(_token, tokens[1:]))

    @classmethod
    def from_json(cls, data: Any) -> Action:
        if (
            not isinstance(data, list)
            or not data
            or not isinstance(data[0], str)
            or not all(isinstance(x, str | int) and not isinstance(x, bool) for x in data)
        ):
            raise InvalidAction(f"not an action: {data!r} (expected [verb, args...])")
        return cls(*data)
