"""The event log: what happened, each entry visible to everyone or to some seats.

The log is a persistent linked list of ``(audience, text, previous)`` cells, so a
clone shares the whole history and appending is one tuple. ``audience`` is
``None`` for public events, a seat for a private one, or a tuple of seats.
"""

from __future__ import annotations

from typing import NamedTuple

Audience = int | tuple[int, ...] | None
LogCell = tuple[Audience, str, "LogCell | None"]


class Event(NamedTuple):
    """One entry of a player's (or a spectator's) log."""

    seq: int
    text: str
    private: bool


def log_entries(log: LogCell | None) -> list[tuple[Audience, str]]:
    """All entries oldest first, without recursion (logs run to thousands)."""
    out: list[tuple[Audience, str]] = []
    cell = log
    while cell is not None:
        out.append((cell[0], cell[1]))
        cell = cell[2]
    out.reverse()
    return out


def build_log(entries: list[tuple[Audience, str]]) -> LogCell | None:
    log: LogCell | None = None
    for audience, text in entries:
        log = (audience, text, log)
    return log


def visible(audience: Audience, player: int | None) -> bool:
    if audience is None:
        return True
    if player is None:
        return False
    if isinstance(audience, int):
        return audience == player
    return player in audience


def events_for(log: LogCell | None, player: int | None) -> list[Event]:
    """The entries ``player`` may see (``None``: a spectator sees public ones)."""
    seen = [(a, text) for a, text in log_entries(log) if visible(a, player)]
    return [Event(i, text, a is not None) for i, (a, text) in enumerate(seen)]
