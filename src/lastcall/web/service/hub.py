"""The tables of one server process: moves, undo, seats handed to bots, bots, clocks, broadcast.

Each table in play is held in memory as a :class:`Live`: a :class:`Match`
rebuilt from the stored operations. Every change follows one path:

1. under the table's lock, the change is checked against the position (a
   stale ``expect`` is a conflict, an illegal move is refused) and tried on a
   copy of the match;
2. the operation is committed to the database at the next position, whose
   primary key refuses a second writer (another process got there first:
   conflict, and this process catches up);
3. only then does the copy become the match, the asker gets its answer, the
   readers of the table are woken, other processes are told through the
   broker, and bots and the clock are driven.

So nothing is acknowledged or broadcast that is not durable, and a process
killed at any point restarts from the operations that were committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import hashlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from lastcall.core import (
    Action,
    InvalidAction,
    InvalidOptions,
    LastcallError,
    Match,
    RetiredVersion,
    State,
    UnknownGame,
    game,
    game_version,
    games,
    mix_seed,
)
from lastcall.web.errors import Conflict, Forbidden, Gone, NotFound, Rejected
from lastcall.web.service.bots import LEVEL_TITLES, LEVELS, BotPool
from lastcall.web.service.payloads import TableInfo, seat_payload
from lastcall.web.service.store import Op, SeqTaken, Store, Summary

log = logging.getLogger("lastcall.web")

Send = Callable[[dict[str, Any]], Awaitable[None]]
# Bytes of randomness in a token: 24 URL-safe characters, 144 bits.
TOKEN_BYTES = 18
# A table whose bot has not moved for this long is driven by whichever process notices.
STALE_BOT_SECONDS = 10.0
# Tables kept in memory with nobody watching, before the least recently used are dropped.
MAX_IDLE_TABLES = 5000


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """Tokens are stored hashed: a copy of the database does not let anyone act."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True, slots=True)
class Access:
    """What a token opens: one seat, the spectators' view, or the host's controls."""

    table: str
    role: str
    seat: int | None


@dataclass(frozen=True, slots=True)
class SeatPlan:
    """One seat as the creator of a table asks for it."""

    kind: str
    name: str
    level: str | None


@dataclass(frozen=True, slots=True)
class TablePlan:
    """A table as its creator asks for it."""

    game: str
    players: int
    options: dict[str, Any]
    seats: tuple[SeatPlan, ...]
    clock: int = 0
    clock_bot: str = "greedy"
    public: bool = False
    seed: int | None = None


@dataclass(eq=False)
class Watcher:
    """A live reader of a table (a WebSocket): woken on every change, sent what it has not seen."""

    seat: int | None
    seen: int
    send: Send
    wake: asyncio.Event = field(default_factory=asyncio.Event)


class Live:
    """A table in play, in memory: its match and everything that drives it."""

    def __init__(
        self, info: TableInfo, seed: int, clock_bot: str, controllers: list[str | None]
    ) -> None:
        self.info = info
        self.seed = seed
        self.clock_bot = clock_bot
        self.controllers = controllers
        self.match = Match(info.game, info.players, seed, info.options, info.names)
        self.ops = 0
        self.last_at = 0.0
        self.lock = asyncio.Lock()
        self.watchers: set[Watcher] = set()
        self.bot_task: asyncio.Task[None] | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.history: list[State] | None = None
        self.touched = time.monotonic()

    @property
    def state(self) -> State:
        return self.match.state

    def summary(self) -> Summary:
        return summarize(self.state, self.controllers, self.last_at, self.info.clock)

    def deadline(self) -> float | None:
        return self.summary().deadline

    def replay(self, op: Op) -> None:
        """Apply a committed operation."""
        self.match, self.controllers = apply_op(self.match, self.controllers, op)
        self.ops = op.seq + 1
        self.last_at = op.at


def summarize(
    state: State, controllers: Sequence[str | None], last_at: float, clock: int
) -> Summary:
    """Whether the table is over, whom it waits on, and when the clock runs out."""
    if state.is_over:
        return Summary("over", "none", None)
    movers = state.to_move
    bot = any(controllers[p] is not None for p in movers)
    person = any(controllers[p] is None for p in movers)
    deadline = last_at + clock if clock and person else None
    return Summary("playing", "bot" if bot else "person", deadline)


def fork(match: Match) -> Match:
    """A copy of a match to try a change on; the original is untouched until it is committed."""
    trial = copy.copy(match)
    trial.state = match.state.clone()
    trial.moves = list(match.moves)
    return trial


def apply_op(
    match: Match, controllers: list[str | None], op: Op, action: Action | None = None
) -> tuple[Match, list[str | None]]:
    """The match and seat controllers after ``op`` (the inputs are left as they were).

    ``action`` is the move's action when the caller has already read it.
    """
    if op.kind == "control":
        changed = list(controllers)
        changed[op.seat] = op.action or None
        return match, changed
    trial = fork(match)
    if op.kind == "move":
        trial.apply(op.seat, action or match.game.parse_action(op.action))
    elif op.kind == "undo":
        trial.undo(op.seat)
    else:
        raise ValueError(f"unknown operation {op.kind!r}")
    return trial, controllers


def catalog() -> list[dict[str, Any]]:
    """Every registered game with its player counts and options, for the lobby."""
    out = []
    for gid in games():
        g = game(gid)
        out.append(
            {
                "id": g.id,
                "version": g.version,
                "title": g.title,
                "summary": g.summary,
                "min_players": g.min_players,
                "max_players": g.max_players,
                "options": [
                    {
                        "name": o.name,
                        "default": o.default,
                        "help": o.help,
                        "choices": None if o.choices is None else list(o.choices),
                        "minimum": o.minimum,
                        "maximum": o.maximum,
                        "players": None if o.players is None else list(o.players),
                        "house_rule": o.house_rule,
                    }
                    for o in g.options
                ],
            }
        )
    return out


def bot_levels() -> list[dict[str, str]]:
    return [{"level": k, "title": LEVEL_TITLES[k]} for k in LEVELS]


class Hub:
    """The service: every table this process holds, and the ways to change them."""

    def __init__(
        self,
        store: Store,
        bots: BotPool,
        *,
        shared: bool = False,
        bot_delay: float = 0.0,
        publish: Callable[[str, int], Awaitable[None]] | None = None,
    ) -> None:
        self.store = store
        self.bots = bots
        self.shared = shared
        """Other processes write to the same tables: catch up before every change."""
        self.bot_delay = bot_delay
        self.publish = publish
        self.live: dict[str, Live] = {}
        self._loading: dict[str, asyncio.Future[Live]] = {}
        self._tokens: dict[str, Access] = {}
        self._tasks: set[asyncio.Task[Any]] = set()

    # ----------------------------------------------------------------- tables

    async def create(self, plan: TablePlan) -> dict[str, Any]:
        """Store a new table and start it; answer with every link's token (shown once)."""
        try:
            g = game(plan.game)
            players = g.check_players(plan.players)
            options = g.resolve_options(plan.options, players)
        except (UnknownGame, InvalidOptions) as exc:
            raise Rejected(str(exc)) from exc
        if len(plan.seats) != players:
            raise Rejected(f"a {players}-player table needs {players} seats, not {len(plan.seats)}")
        if plan.clock_bot not in LEVELS:
            raise Rejected(f"no bot level {plan.clock_bot!r}; levels: {', '.join(LEVELS)}")
        for number, seat in enumerate(plan.seats):
            if seat.kind == "bot" and seat.level not in LEVELS:
                raise Rejected(
                    f"seat {number}: no bot level {seat.level!r}; levels: {', '.join(LEVELS)}"
                )
            if seat.kind == "open" and not plan.public:
                raise Rejected(f"seat {number} is open to anyone, so the table must be public")
        table_id = secrets.token_urlsafe(9)
        spectator, host = new_token(), new_token()
        now = time.time()
        seed = secrets.randbits(62) if plan.seed is None else plan.seed
        names = tuple(
            seat.name.strip() or (f"P{p} ({seat.level})" if seat.kind == "bot" else f"P{p}")
            for p, seat in enumerate(plan.seats)
        )
        controllers = [seat.level if seat.kind == "bot" else None for seat in plan.seats]
        tokens = [None if seat.kind == "open" else new_token() for seat in plan.seats]
        info = TableInfo(table_id, g, players, options, names, plan.clock)
        live = Live(info, seed, plan.clock_bot, controllers)
        live.last_at = now
        summary = live.summary()
        await self.store.create_table(
            {
                "id": table_id,
                "game": g.id,
                "game_version": g.version,
                "players": players,
                "seed": seed,
                "options": options,
                "public": plan.public,
                "clock": plan.clock,
                "clock_bot": plan.clock_bot,
                "spectator_hash": token_hash(spectator),
                "host_hash": token_hash(host),
                "created_at": now,
                "updated_at": now,
                "ops": 0,
                "status": summary.status,
                "waiting": summary.waiting,
                "deadline": summary.deadline,
            },
            [
                {
                    "table_id": table_id,
                    "seat": p,
                    "name": names[p],
                    "kind": seat.kind,
                    "bot": seat.level if seat.kind == "bot" else None,
                    "token_hash": None if tokens[p] is None else token_hash(tokens[p] or ""),
                    "claimed": False,
                }
                for p, seat in enumerate(plan.seats)
            ],
        )
        self.live[table_id] = live
        self._drive(live)
        return {
            "table": table_id,
            "game": g.id,
            "host": host,
            "spectator": spectator,
            "seats": [
                {"seat": p, "name": names[p], "kind": plan.seats[p].kind, "token": tokens[p]}
                for p in range(players)
            ],
        }

    async def join(self, table_id: str) -> dict[str, Any]:
        """Take the first open seat of a public table: a new token is made for it."""
        token = new_token()
        seat = await self.store.claim_open_seat(table_id, token_hash(token))
        if seat is None:
            raise NotFound("no public table with an open seat by that id")
        return {"table": table_id, "seat": seat, "token": token}

    async def open_tables(self, limit: int) -> list[dict[str, Any]]:
        rows = await self.store.open_tables(limit)
        titles = {g: game(g).title for g in games()}
        return [
            {
                "table": r["id"],
                "game": r["game"],
                "title": titles.get(r["game"], r["game"]),
                "players": r["players"],
                "open_seats": r["open"],
                "created_at": r["created_at"],
            }
            for r in rows
        ]

    async def access(self, token: str) -> Access:
        """What a token opens; an unknown token is not found, whatever it looks like."""
        if not 16 <= len(token) <= 64:
            raise NotFound("no table opens with this token")
        digest = token_hash(token)
        found = self._tokens.get(digest)
        if found is not None:
            return found
        row = await self.store.find_token(digest)
        if row is None:
            raise NotFound("no table opens with this token")
        found = Access(*row)
        if len(self._tokens) > 100_000:
            self._tokens.clear()
        self._tokens[digest] = found
        return found

    async def table(self, table_id: str) -> Live:
        """The table in memory, loaded and replayed from the database when needed."""
        live = self.live.get(table_id)
        if live is not None:
            live.touched = time.monotonic()
            return live
        pending = self._loading.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Live] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            live = await self._load(table_id)
            self._forget_idle()
            self.live[table_id] = live
            future.set_result(live)
            return live
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # nobody else may be waiting: mark it retrieved
            raise
        finally:
            del self._loading[table_id]

    async def _load(self, table_id: str) -> Live:
        row = await self.store.table(table_id)
        if row is None:
            raise NotFound("no table by that id")
        try:
            g = game_version(row["game"], row["game_version"])
        except RetiredVersion as exc:
            raise Gone(str(exc)) from exc
        except UnknownGame as exc:
            raise Gone(f"this server does not have the game {row['game']!r}") from exc
        seats = await self.store.seats(table_id)
        names = tuple(s["name"] for s in seats)
        info = TableInfo(table_id, g, row["players"], dict(row["options"]), names, row["clock"])
        controllers = [s["bot"] if s["kind"] == "bot" else None for s in seats]
        live = Live(info, row["seed"], row["clock_bot"], controllers)
        live.last_at = row["created_at"]
        for op in await self.store.ops(table_id):
            live.replay(op)
        return live

    def _forget_idle(self) -> None:
        """Drop the least recently used tables that nothing holds, past a bound."""
        if len(self.live) < MAX_IDLE_TABLES:
            return
        idle = sorted(
            (live.touched, key)
            for key, live in self.live.items()
            if not live.watchers and live.bot_task is None and live.timer is None
        )
        for _, key in idle[: len(idle) // 2]:
            del self.live[key]

    async def _catch_up(self, live: Live) -> bool:
        """Apply what other processes committed; whether anything changed."""
        ops = await self.store.ops(live.info.id, live.ops)
        for op in ops:
            live.replay(op)
        if ops:
            live.history = None
        return bool(ops)

    async def _fresh(self, access: Access) -> Live:
        live = await self.table(access.table)
        if self.shared:
            async with live.lock:
                await self._catch_up(live)
        return live

    # ----------------------------------------------------------------- reading

    def payload(self, live: Live, seat: int | None, after: int) -> dict[str, Any]:
        return seat_payload(
            live.info,
            live.state,
            seat,
            after,
            ops=live.ops,
            controllers=live.controllers,
            deadline=live.deadline(),
        )

    async def snapshot(self, access: Access, after: int = -1) -> dict[str, Any]:
        """What the token's reader sees now, with the events after ``after``."""
        live = await self._fresh(access)
        return self.payload(live, access.seat, after)

    async def replay(self, access: Access, step: int) -> dict[str, Any]:
        """The reader's view after ``step`` operations of a finished match."""
        live = await self._fresh(access)
        if not live.state.is_over:
            raise Conflict("the replay opens once the match is over")
        history = live.history
        if history is None:
            history = live.history = await self._history(live)
        if not 0 <= step < len(history):
            raise NotFound(f"the match has steps 0 to {len(history) - 1}")
        state = history[step]
        payload = seat_payload(
            live.info,
            state,
            access.seat,
            -1,
            ops=step,
            controllers=live.controllers,
            deadline=None,
        )
        payload["type"] = "replay"
        payload["legal"] = []
        payload["can_undo"] = False
        payload["step"] = step
        payload["steps"] = len(history)
        return payload

    async def _history(self, live: Live) -> list[State]:
        match = Match(live.info.game, live.info.players, live.seed, live.info.options)
        controllers: list[str | None] = list(live.controllers)
        states = [match.state.clone()]
        for op in await self.store.ops(live.info.id):
            match, controllers = apply_op(match, controllers, op)
            states.append(match.state.clone())
        return states

    # ----------------------------------------------------------------- changing

    async def move(
        self, access: Access, text: str, expect: int, by: str = "person"
    ) -> dict[str, Any]:
        """Carry out a seat's move once it is durable; answer with the seat's new payload.

        The answer's events are those that followed the move (the reader has the rest).
        """
        seat = self._acting_seat(access)
        live = await self.table(access.table)
        async with live.lock:
            if self.shared:
                await self._catch_up(live)
            if live.controllers[seat] is not None:
                raise Conflict(f"P{seat} is played by a bot now; take the seat back first")
            before = live.state.last_event
            await self._commit_move(live, seat, text, expect, by)
            return self.payload(live, seat, before)

    async def _commit_move(self, live: Live, seat: int, text: str, expect: int, by: str) -> None:
        state = live.state
        try:
            action = state.game.parse_action(text)
        except InvalidAction as exc:
            raise Rejected(str(exc)) from exc
        if expect != state.revision:
            raise Conflict(
                f"the move was made at revision {expect}, "
                f"but the match is at revision {state.revision}"
            )
        if action not in state.legal_actions(seat):
            raise Rejected(str(state.illegal(seat, action)))
        op = Op(live.ops, "move", seat, str(action), by, time.time())
        await self._commit(live, op, action)

    async def undo(self, access: Access, expect: int) -> dict[str, Any]:
        """Take back the seat's last decision, where the engine allows it."""
        seat = self._acting_seat(access)
        live = await self.table(access.table)
        async with live.lock:
            if self.shared:
                await self._catch_up(live)
            state = live.state
            if expect != state.revision:
                raise Conflict(
                    f"the undo was asked at revision {expect}, "
                    f"but the match is at revision {state.revision}"
                )
            if live.controllers[seat] is not None or not state.can_undo(seat):
                raise Rejected(f"P{seat} has no decision to take back now")
            before = state.last_event
            await self._commit(live, Op(live.ops, "undo", seat, "", "person", time.time()))
            return self.payload(live, seat, before)

    async def control(self, access: Access, seat: int, level: str | None) -> dict[str, Any]:
        """Hand a seat to a bot of ``level``, or back to its person (``None``).

        A seat's own token may do it for its seat; the host's token for any seat.
        """
        if access.role == "seat":
            if seat != access.seat:
                raise Forbidden("a seat's token acts for that seat only")
        elif access.role != "host":
            raise Forbidden("spectators act for no seat")
        if level is not None and level not in LEVELS:
            raise Rejected(f"no bot level {level!r}; levels: {', '.join(LEVELS)}")
        live = await self.table(access.table)
        if not 0 <= seat < live.info.players:
            raise NotFound(f"no seat {seat} at this table")
        async with live.lock:
            if self.shared:
                await self._catch_up(live)
            if live.state.is_over:
                raise Conflict("the match is over")
            before = live.state.last_event
            if live.controllers[seat] != level:
                op = Op(live.ops, "control", seat, level or "", access.role, time.time())
                await self._commit(live, op)
            return self.payload(live, access.seat, before)

    def _acting_seat(self, access: Access) -> int:
        if access.role != "seat" or access.seat is None:
            raise Forbidden("spectators and hosts act for no seat")
        return access.seat

    async def _commit(self, live: Live, op: Op, action: Action | None = None) -> None:
        """Store ``op`` at the table's next position, then make it the table's state.

        Called under the table's lock with ``op`` already checked.
        """
        match, controllers = apply_op(live.match, live.controllers, op, action)
        summary = summarize(match.state, controllers, op.at, live.info.clock)
        try:
            await self.store.append(live.info.id, op, summary)
        except SeqTaken:
            await self._catch_up(live)
            self._changed(live, drive=False)
            raise Conflict("another decision was made first; the match has moved on") from None
        live.match, live.controllers = match, controllers
        live.ops = op.seq + 1
        live.last_at = op.at
        live.history = None
        self._changed(live)
        if self.publish is not None:
            self._spawn(self.publish(live.info.id, live.ops))

    def _changed(self, live: Live, drive: bool = True) -> None:
        for watcher in live.watchers:
            watcher.wake.set()
        if drive:
            self._drive(live)

    async def remote_change(self, table_id: str) -> None:
        """Another process committed to a table: readers here catch up."""
        live = self.live.get(table_id)
        if live is None:
            return
        async with live.lock:
            changed = await self._catch_up(live)
        if changed:
            self._changed(live, drive=False)

    # ----------------------------------------------------------------- bots and clocks

    def _drive(self, live: Live) -> None:
        """Start the bots if one is to move; set the clock if a person is."""
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        summary = live.summary()
        if summary.status == "over":
            return
        if summary.waiting == "bot" and (live.bot_task is None or live.bot_task.done()):
            live.bot_task = self._spawn(self._play_bots(live))
        if summary.deadline is not None:
            delay = max(0.0, summary.deadline - time.time()) + 0.01
            live.timer = asyncio.get_running_loop().call_later(delay, self._expired, live)

    def _expired(self, live: Live) -> None:
        live.timer = None
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = self._spawn(self._play_bots(live))

    def _bot_turn(self, live: Live) -> tuple[int, str, str] | None:
        """The seat a bot moves for now, its level and who is moving (a bot or the clock)."""
        state = live.state
        if state.is_over:
            return None
        overdue = live.info.clock > 0 and time.time() >= live.last_at + live.info.clock
        for seat in state.to_move:
            level = live.controllers[seat]
            if level is not None:
                return seat, level, "bot"
            if overdue:
                return seat, live.clock_bot, "clock"
        return None

    async def _play_bots(self, live: Live) -> None:
        """Move for bot seats (and for persons whose clock ran out) until a person is to move."""
        try:
            while True:
                if self.bot_delay > 0:
                    await asyncio.sleep(self.bot_delay)
                async with live.lock:
                    if self.shared:
                        await self._catch_up(live)
                    turn = self._bot_turn(live)
                    if turn is None:
                        return
                    seat, level, by = turn
                    ops = live.ops
                    revision = live.state.revision
                    seed = mix_seed(live.seed, ops, seat)
                    state = live.state
                text = await self.bots.decide(state, seat, level, seed)
                async with live.lock:
                    if live.ops != ops:
                        continue
                    try:
                        await self._commit_move(live, seat, text, revision, by)
                    except Conflict:
                        continue
        except (LastcallError, Rejected) as exc:
            log.error("bot at table %s stopped: %s", live.info.id, exc)
        except Exception:  # a worker died, say: the sweep starts the bot again later
            log.exception("bot at table %s failed", live.info.id)
        finally:
            live.bot_task = None

    async def sweep(self, bot_idle: float = STALE_BOT_SECONDS) -> int:
        """Drive tables whose bot or clock no process is driving (after a restart, say)."""
        now = time.time()
        count = 0
        for table_id in await self.store.due_tables(now - bot_idle, now):
            try:
                live = await self.table(table_id)
            except (NotFound, Gone) as exc:
                log.warning("table %s cannot be resumed: %s", table_id, exc)
                continue
            async with live.lock:
                await self._catch_up(live)
            if live.bot_task is None and live.timer is None:
                self._drive(live)
                count += 1
        return count

    # ----------------------------------------------------------------- readers

    async def watch(self, access: Access, after: int, send: Send) -> None:
        """Send a reader its payload now and after every change, until cancelled."""
        live = await self._fresh(access)
        watcher = Watcher(access.seat, after, send)
        live.watchers.add(watcher)
        watcher.wake.set()
        try:
            while True:
                await watcher.wake.wait()
                watcher.wake.clear()
                payload = self.payload(live, watcher.seat, watcher.seen)
                watcher.seen = payload["seen"]
                await send(payload)
        finally:
            live.watchers.discard(watcher)

    # ----------------------------------------------------------------- life

    def _spawn(self, work: Awaitable[Any]) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def close(self) -> None:
        for live in self.live.values():
            if live.timer is not None:
                live.timer.cancel()
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


__all__ = [
    "Access",
    "Hub",
    "SeatPlan",
    "TablePlan",
    "bot_levels",
    "catalog",
    "new_token",
    "token_hash",
]
