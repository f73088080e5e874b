"""A table in play, in memory: its match, its seats, and the operations that change it.

A match is stored as operations (moves, undos, seats handed to a bot or back);
:func:`apply_op` turns one into the next position, the same way in every
process and in a replay. A seat changing hands, and a move the clock made,
are noted in the log for everyone. :class:`Replay` steps through a finished
match keeping only a few positions.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from lastcall.core import Action, Match, State
from lastcall.web.service.payloads import TableInfo, seat_part
from lastcall.web.service.store import Op, Summary

Send = Callable[[dict[str, Any]], Awaitable[None]]
# A finished match's replay keeps one position in this many; the others are replayed from it.
REPLAY_STRIDE = 64
CLOCK_STARTS = ("opened", "all")


@dataclass(eq=False)
class Watcher:
    """A live reader of a table (a WebSocket): woken on every change, sent what it has not seen."""

    seat: int | None
    seen: int
    send: Send
    digest: str = ""
    replaced: bool = False
    wake: asyncio.Event = field(default_factory=asyncio.Event)


class Live:
    """A table in play, in memory: its match and everything that drives it."""

    def __init__(
        self,
        info: TableInfo,
        seed: int,
        salt: str,
        clock_bot: str,
        seats: Sequence[dict[str, Any]],
        created_at: float,
        clock_start: str = "opened",
    ) -> None:
        self.info = info
        self.seed = seed
        self.salt = salt
        self.clock_bot = clock_bot
        self.kinds = tuple(s["kind"] for s in seats)
        self.controllers: list[str | None] = [
            s["bot"] if s["kind"] == "bot" else None for s in seats
        ]
        self.opened: list[float | None] = [s.get("opened_at") for s in seats]
        self.created_at = created_at
        self.clock_start = clock_start
        self.match = Match(info.game, info.players, seed, info.options, info.names)
        self.ops = 0
        self.last_at = created_at
        self.person_at = [0.0] * info.players
        """When each seat's person last moved or took a decision back."""
        self.timed_out = [False] * info.players
        """Whether each seat's last decision was made by the clock's bot."""
        self.creator = ""
        self.lock = asyncio.Lock()
        self.watchers: set[Watcher] = set()
        self.bot_task: asyncio.Task[None] | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.touched = time.monotonic()
        self.parts: dict[int | None, tuple[tuple[int, tuple[str | None, ...]], dict[str, Any]]] = {}
        """Each seat's :func:`seat_part`, with the operation count and controllers of its build."""

    @property
    def state(self) -> State:
        return self.match.state

    def clock_starts(self) -> list[float | None]:
        """When each seat's clock may start running (``None``: not yet)."""
        if self.clock_start == "all":
            people = [self.opened[p] for p in range(self.info.players) if self.kinds[p] != "bot"]
            start = None if None in people else max((t or 0.0 for t in people), default=0.0)
            return [start] * self.info.players
        return list(self.opened)

    def summary(self) -> Summary:
        return summarize(
            self.state, self.controllers, self.last_at, self.info.clock, self.clock_starts()
        )

    def deadline(self) -> float | None:
        return self.summary().deadline

    def advance(self, match: Match, controllers: list[str | None], op: Op) -> None:
        """Make a committed operation the table's position."""
        self.match, self.controllers = match, controllers
        self.ops = op.seq + 1
        self.last_at = op.at
        if op.kind in ("move", "undo"):
            self.timed_out[op.seat] = op.by == "clock"
            if op.by == "person":
                self.person_at[op.seat] = op.at

    def replay(self, op: Op) -> None:
        """Apply a committed operation."""
        match, controllers = apply_op(self.match, self.controllers, op)
        self.advance(match, controllers, op)

    def present(self, seat: int) -> bool:
        return any(w.seat == seat for w in self.watchers)

    def part(self, seat: int | None) -> dict[str, Any]:
        """What every reader of ``seat`` is shown now, built once per operation."""
        stamp = (self.ops, tuple(self.controllers))
        kept = self.parts.get(seat)
        if kept is not None and kept[0] == stamp:
            return kept[1]
        part = seat_part(self.info, self.state, seat, self.controllers)
        self.parts[seat] = (stamp, part)
        return part


def summarize(
    state: State,
    controllers: Sequence[str | None],
    last_at: float,
    clock: int,
    starts: Sequence[float | None],
) -> Summary:
    """Whether the table is over, whom it waits on, and when the first clock runs out.

    A seat's clock runs from the last change or from when it started
    (``starts``), whichever is later; a seat whose clock has not started has none.
    """
    if state.is_over:
        return Summary("over", "none", None)
    movers = state.to_move
    bot = any(controllers[p] is not None for p in movers)
    deadline = None
    if clock:
        for p in movers:
            start = starts[p]
            if controllers[p] is None and start is not None:
                due = max(last_at, start) + clock
                deadline = due if deadline is None else min(deadline, due)
    return Summary("playing", "bot" if bot else "person", deadline)


def apply_op(
    match: Match, controllers: list[str | None], op: Op, action: Action | None = None
) -> tuple[Match, list[str | None]]:
    """The match and seat controllers after ``op`` (the inputs are left as they were).

    ``action`` is the move's action when the caller has already read it. A seat
    changing hands, and a move the clock made, are noted in the log for
    everyone, and nothing before them can be taken back.
    """
    trial = match.copy()
    if op.kind == "control":
        changed = list(controllers)
        changed[op.seat] = op.action or None
        if op.action and op.by == "host":
            trial.note("The host hands {seat:seat's} seat to a {level} bot.", op.seat, op.action)
        elif op.action:
            trial.note("{seat:Seat} hand{seat:s} the seat to a {level} bot.", op.seat, op.action)
        elif op.by == "host":
            trial.note("The host gives {seat:seat's} seat back to its person.", op.seat)
        else:
            trial.note("{seat:Seat} take{seat:s} the seat back from the bot.", op.seat)
        return trial, changed
    if op.kind == "move":
        chosen = action or match.game.parse_action(op.action)
        if op.by == "clock":
            trial.note("{seat:Seat's} time ran out: a bot moves for {seat:seat}.", op.seat)
            trial.apply(op.seat, chosen)
            trial.settle()
        else:
            trial.apply(op.seat, chosen)
    elif op.kind == "undo":
        trial.undo(op.seat)
    else:
        raise ValueError(f"unknown operation {op.kind!r}")
    return trial, controllers


class Replay:
    """A finished match's positions for stepping through, kept small.

    One match in ``REPLAY_STRIDE`` is kept; a step between them is replayed
    from the one before it, so a long match costs a few dozen positions, not
    one per operation.
    """

    def __init__(self, start: Match, controllers: list[str | None], ops: Sequence[Op]) -> None:
        self.ops = tuple(ops)
        self.marks: list[tuple[Match, list[str | None]]] = []
        match = start
        for seq, op in enumerate(self.ops):
            if seq % REPLAY_STRIDE == 0:
                self.marks.append((match, controllers))
            match, controllers = apply_op(match, controllers, op)
        if len(self.ops) % REPLAY_STRIDE == 0:
            self.marks.append((match, controllers))

    @property
    def steps(self) -> int:
        return len(self.ops) + 1

    def at(self, step: int) -> tuple[State, list[str | None]]:
        """The position and the seats' controllers after ``step`` operations."""
        match, controllers = self.marks[step // REPLAY_STRIDE]
        for op in self.ops[step - step % REPLAY_STRIDE : step]:
            match, controllers = apply_op(match, controllers, op)
        return match.state, controllers
