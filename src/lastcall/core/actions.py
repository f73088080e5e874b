"""Actions: small immutable value objects with a canonical text form.

An action is a verb followed by a few arguments (names or integers), e.g.
``place wild milk`` or ``take 2``. ``str(action)`` is its canonical text,
``Action.parse`` reads it back, and ``to_json`` gives a JSON list. Being a
tuple, an action hashes and compares by value and costs nothing to copy.
"""

from __future__ import annotations

import reprlib
from typing import Any

from lastcall.core.errors import InvalidAction

Arg = str | int

# Canonical texts are a few words; anything longer is refused before it is read,
# so a huge input costs nothing and no message repeats it whole.
MAX_ACTION_TEXT = 100
# Digits of one integer argument; seats, rows and counts need one or two.
MAX_NUMBER_DIGITS = 9


def shown(value: object, limit: int = 60) -> str:
    """A value for a message: texts cut to ``limit`` characters, other data abridged.

    ``reprlib`` bounds depth and length, so deeply nested or huge data is safe to show.
    """
    if isinstance(value, str):
        text = repr(value[:limit])
        cut = len(value) > limit
        if len(text) > 2 * limit:  # escapes (\x1f, \U0002ebe1) lengthen a repr tenfold
            text, cut = text[: 2 * limit], True
        return text + f"... ({len(value)} chars)" if cut else text
    text = reprlib.repr(value)
    return text if len(text) <= 2 * limit else text[: 2 * limit] + "..."


def _token(text: str) -> Arg:
    """An integer, or the word itself.

    ``isdecimal`` is exactly what ``int`` reads (``２`` is 2), while ``isdigit``
    also admits ``²`` and ``①``, on which ``int`` raises.
    """
    body = text[1:] if text[:1] == "-" else text
    if body.isdecimal() and len(body) <= MAX_NUMBER_DIGITS:
        return int(text)
    return text


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
        if not isinstance(text, str):
            raise InvalidAction(f"not an action: {shown(text)} (expected text)")
        if len(text) > MAX_ACTION_TEXT:
            raise InvalidAction(
                f"not an action: {shown(text)} (longer than {MAX_ACTION_TEXT} characters)"
            )
        tokens = text.strip().lower().split()
        if not tokens or not tokens[0].isidentifier():
            raise InvalidAction(f"not an action: {shown(text)} (expected a verb, then arguments)")
        return cls(tokens[0], *map(_token, tokens[1:]))

    @classmethod
    def from_json(cls, data: Any) -> Action:
        if (
            not isinstance(data, list)
            or not data
            or not isinstance(data[0], str)
            or not all(isinstance(x, str | int) and not isinstance(x, bool) for x in data)
        ):
            raise InvalidAction(f"not an action: {shown(data)} (expected [verb, args...])")
        return cls(*data)
