"""What is sent to a seat, built only from ``view(p)`` and ``events(p)``.

The broadcast rule of the engine: a seat receives its own view (and the game's
presentation of it), the events it saw, its own legal actions, and the table's
public set-up (seat names, who plays each seat, the clock). Action texts of
other seats, match records and ``to_json`` never appear here. Spectators
(``seat`` is ``None``) get the public view and the public events.
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
    seed_chosen: bool = False
    """The creator chose the seed, so the creator may know every hidden card."""
    commitment: str = ""
    """SHA-256 of the secret seed and salt, published before the deal."""
    kinds: tuple[str, ...] = ()
    """How each seat was set up: ``person`` (an invite link), ``open`` (anyone) or ``bot``."""


def event_json(event: Event) -> dict[str, Any]:
    return {
        "index": event.index,
        "kind": str(event.kind),
        "text": event.text,
        "private": event.private,
        "data": dict(event.data),
    }


def seats_json(info: TableInfo, controllers: Sequence[str | None]) -> list[dict[str, Any]]:
    return [
        {"seat": p, "name": info.names[p], "kind": info.kinds[p], "bot": controllers[p]}
        for p in range(info.players)
    ]


def result_json(state: State, info: TableInfo) -> dict[str, Any]:
    """Scores and places once the match is over (public at the end of every game)."""
    names = [*info.names, *state.rivals()]
    return {
        "scores": list(state.scores()),
        "ranking": [list(group) for group in state.ranking()],
        "winners": list(state.winners()),
        "names": names,
    }


def deal_json(info: TableInfo, state: State, seed: int, salt: str) -> dict[str, Any]:
    """How the cards were dealt: the commitment now, the seed and salt once the match is over."""
    over = state.is_over
    return {
        "seed_chosen": info.seed_chosen,
        "commitment": info.commitment,
        "seed": seed if over else None,
        "salt": salt if over else None,
    }


def seat_part(
    info: TableInfo,
    state: State,
    seat: int | None,
    controllers: Sequence[str | None],
    asking: bool = True,
) -> dict[str, Any]:
    """What every reader of ``seat`` is shown of the position, whatever it has read before.

    The costly part of a payload (the view, the game's presentation of it and the
    seat's choices), so that a server builds it once per position for all the
    readers of a seat, however many sockets watch it. A replay (``asking`` false)
    offers no choices. Never changed after it is built: payloads share it.
    """
    game = state.game
    mine = asking and seat is not None and seat in state.to_move and controllers[seat] is None
    legal = state.legal_actions(seat) if mine and seat is not None else ()
    view = state.view(seat)
    return {
        "decisions": state.decisions,
        "revision": state.revision,
        "view": view,
        "board": game.present(view, legal, info.names).to_json(),
        "legal": [{"action": str(a), "label": game.describe(a)} for a in legal],
        "can_undo": mine and seat is not None and state.can_undo(seat),
        "sealed": state.sealed,
        "over": state.is_over,
        "result": result_json(state, info) if state.is_over else None,
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
    deal: dict[str, Any],
    asking: bool = True,
    part: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Everything a reader of ``seat`` is sent, with the events after index ``after``.

    Events name seats as their people typed them (rivals keep their own names).
    ``board`` is the game's presentation of the seat's view and choices
    (:meth:`Game.present`), which the page draws. ``part`` is :func:`seat_part`
    of this same position when the caller keeps it.
    """
    game = state.game
    if part is None:
        part = seat_part(info, state, seat, controllers, asking)
    events = state.events(seat, after, info.names)
    return {
        "type": "update",
        "table": info.id,
        "game": game.id,
        "title": game.title,
        "options": info.options,
        "seat": seat,
        "ops": ops,
        **part,
        "events": [event_json(e) for e in events],
        "seen": events[-1].index if events else after,
        "seats": seats_json(info, controllers),
        "clock": info.clock,
        "deadline": deadline,
        "deal": deal,
    }
