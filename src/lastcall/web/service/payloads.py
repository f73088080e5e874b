"""What is sent to a seat, built only from ``view(p)`` and ``events(p)``.

The broadcast rule of the engine: a seat receives its own view, the events it
saw, its own legal actions, and the table's public set-up (seat names, who
plays each seat, the clock). Action texts of other seats, match records and
``to_json`` never appear here. Spectators (``seat`` is ``None``) get the
public view and the public events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from lastcall.core import Event, Game, State


@dataclass(frozen=True, slots=True)
class TableInfo:
    """The public set-up of a table, the same for every reader."""

    id: str
    game: Game
    players: int
    options: dict[str, Any]
    names: tuple[str, ...]
    clock: int


def event_json(event: Event) -> dict[str, Any]:
    return {
        "index": event.index,
        "kind": str(event.kind),
        "text": event.text,
        "private": event.private,
        "data": dict(event.data),
    }


def seats_json(info: TableInfo, controllers: Sequence[str | None]) -> list[dict[str, Any]]:
    return [{"seat": p, "name": info.names[p], "bot": controllers[p]} for p in range(info.players)]


def result_json(state: State, info: TableInfo) -> dict[str, Any]:
    """Scores and places once the match is over (public at the end of every game)."""
    names = [*info.names, *state.rivals()]
    return {
        "scores": list(state.scores()),
        "ranking": [list(group) for group in state.ranking()],
        "winners": list(state.winners()),
        "names": names,
    }


def seat_payload(
    info: TableInfo,
    state: State,
    seat: int | None,
    after: int,
    *,
    ops: int,
    controllers: Sequence[str | None],
    deadline: float | None,
) -> dict[str, Any]:
    """Everything a reader of ``seat`` is sent, with the events after index ``after``."""
    game = state.game
    events = state.events(seat, after)
    mine = seat is not None and seat in state.to_move and controllers[seat] is None
    legal = state.legal_actions(seat) if mine and seat is not None else ()
    return {
        "type": "update",
        "table": info.id,
        "game": game.id,
        "title": game.title,
        "options": info.options,
        "seat": seat,
        "ops": ops,
        "decisions": state.decisions,
        "revision": state.revision,
        "view": state.view(seat),
        "events": [event_json(e) for e in events],
        "seen": events[-1].index if events else after,
        "legal": [{"action": str(a), "label": game.describe(a)} for a in legal],
        "can_undo": mine and seat is not None and state.can_undo(seat),
        "sealed": state.sealed,
        "over": state.is_over,
        "result": result_json(state, info) if state.is_over else None,
        "seats": seats_json(info, controllers),
        "clock": info.clock,
        "deadline": deadline,
    }
