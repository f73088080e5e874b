"""The event log: what happened, each entry for everyone or for some seats only.

An event has a global ``index`` that only grows, a ``kind`` (a seat's move, a
chance outcome, a reveal, an automatic rule, a new turn, the end), a text
template and its JSON-safe arguments, given in the order their names first
appear in the template; ``data`` pairs the names with the arguments. Nothing
is formatted or paired until someone reads the event, and then for that reader:
``{p:Seat} draw{p:s} a card`` reads "P1 draws a card" to the others and "You
draw a card" to seat 1. Seat forms: ``Seat``/``seat``
("P1" or "You"/"you"), ``Seat's``/``seat's``, and the verb endings ``s``, ``es``,
``is``, ``has``, ``was``, ``does``; ``{n:plural:tip}`` reads "1 tip" or "3 tips";
a list reads as its items joined by commas ("nothing" when empty).

The log is a persistent linked list of cells ``(index, audience, kind,
template, arguments, previous)``: a clone shares the whole history, appending is one
tuple, and what came after an index is found by walking back from the newest
entry only as far as that index. ``audience`` is ``None`` for a public event, a
seat, or a tuple of seats (the empty tuple: nobody, which marks where a
determinized world's history was cut).
"""

from __future__ import annotations

import functools
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

Audience = int | tuple[int, ...] | None
EventData = Mapping[str, Any]
# The last element is the previous cell (a LogCell) or None. It is typed Any
# because a recursive alias sends mypyc's compiler into an endless recursion.
LogCell = tuple[int, Audience, str, str, tuple[Any, ...], Any]


class Kind(StrEnum):
    """What an event records; clients and undo tell events apart by it."""

    MOVE = "move"
    """A seat's decision, as the table sees it."""
    CHANCE = "chance"
    """A shuffle, roll or draw: nothing before it can be taken back."""
    REVEAL = "reveal"
    """Hidden information shown to seats that had not seen it."""
    RULE = "rule"
    """An automatic consequence of the rules (scoring, refills, an automaton's turn)."""
    TURN = "turn"
    """A new turn, round or phase begins."""
    END = "end"
    """The game is over."""
    UNDO = "undo"
    """A seat took back decisions; ``data`` names the event indices taken back."""
    CUT = "cut"
    """Invisible marker: history before it is not carried by this copy."""


MOVE: Final = Kind.MOVE
CHANCE: Final = Kind.CHANCE
REVEAL: Final = Kind.REVEAL
RULE: Final = Kind.RULE
TURN: Final = Kind.TURN
END: Final = Kind.END
UNDO: Final = Kind.UNDO
CUT: Final = Kind.CUT


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the log as one reader sees it."""

    index: int
    kind: Kind
    text: str
    private: bool
    data: EventData


# Forms a seat takes in a template: {p:Seat} -> "P1" or "You", {p:s} -> "s" or "".
_THIRD_SECOND: Final = {
    "s": ("s", ""),
    "es": ("es", ""),
    "is": ("is", "are"),
    "has": ("has", "have"),
    "was": ("was", "were"),
    "does": ("does", "do"),
}
_NAME_FORMS: Final = {
    "Seat": ("{}", "You"),
    "seat": ("{}", "you"),
    "Seat's": ("{}'s", "Your"),
    "seat's": ("{}'s", "your"),
}


class _EventFormatter(string.Formatter):
    """Formats templates for one reader: the reader's own seat becomes "you"."""

    def __init__(self, viewer: int | None, names: Sequence[str]) -> None:
        super().__init__()
        self.viewer = viewer
        self.names = names

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("plural:"):
            noun = format_spec[7:]
            return f"{value} {noun}" if value == 1 else f"{value} {noun}s"
        forms = _NAME_FORMS.get(format_spec)
        if forms is not None:
            if value == self.viewer:
                return forms[1]
            return forms[0].format(self.seat_name(value))
        verb = _THIRD_SECOND.get(format_spec)
        if verb is not None:
            return verb[1] if value == self.viewer else verb[0]
        if isinstance(value, list) and not format_spec:
            return ", ".join(map(str, value)) or "nothing"
        return str(super().format_field(value, format_spec))

    def seat_name(self, seat: int) -> str:
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return f"P{seat}"


@functools.cache
def template_fields(template: str) -> tuple[str, ...]:
    """The names a template uses, in the order they first appear."""
    found: list[str] = []
    for _, name, _, _ in string.Formatter().parse(template):
        if name is not None and name not in found:
            found.append(name)
    return tuple(found)


def event_data(template: str, args: Sequence[Any]) -> dict[str, Any]:
    """The arguments of an event by name (they follow the template's first mentions)."""
    return dict(zip(template_fields(template), args, strict=True))


def event_text(template: str, data: EventData, viewer: int | None, names: Sequence[str]) -> str:
    """The template filled in for ``viewer`` (``names`` names seats, then rivals)."""
    return _EventFormatter(viewer, names).vformat(template, (), data)


def visible(audience: Audience, player: int | None) -> bool:
    if audience is None:
        return True
    if player is None:
        return False
    if isinstance(audience, int):
        return audience == player
    return player in audience


def cells_after(log: LogCell | None, after: int) -> list[LogCell]:
    """The cells with an index above ``after``, oldest first; walks only that far back."""
    out: list[LogCell] = []
    cell = log
    while cell is not None and cell[0] > after:
        out.append(cell)
        cell = cell[5]
    out.reverse()
    return out


def events_for(
    log: LogCell | None, player: int | None, names: Sequence[str], after: int = -1
) -> list[Event]:
    """What ``player`` may see (``None``: a spectator sees public events) after an index."""
    out = []
    for index, audience, kind, template, args, _ in cells_after(log, after):
        if visible(audience, player):
            data = event_data(template, args)
            text = event_text(template, data, player, names)
            out.append(Event(index, Kind(kind), text, audience is not None, data))
    return out


def log_to_json(log: LogCell | None) -> list[list[Any]]:
    """The whole log, oldest first, as JSON-safe rows."""
    return [
        [c[0], list(c[1]) if isinstance(c[1], tuple) else c[1], c[2], c[3], list(c[4])]
        for c in cells_after(log, -1)
    ]


def log_from_rows(
    rows: Sequence[tuple[int, Audience, str, str, Sequence[Any]]],
) -> LogCell | None:
    log: LogCell | None = None
    for index, audience, kind, template, args in rows:
        log = (index, audience, kind, template, tuple(args), log)
    return log


def next_index(log: LogCell | None) -> int:
    return 0 if log is None else log[0] + 1
