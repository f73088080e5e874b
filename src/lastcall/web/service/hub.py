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
killed at any point restarts from the operations that were committed. Every
path that brings a process's copy of a table forward (its own commits, catching
up before a read or a change, a notice from another process) wakes the
table's readers, so no reader is left behind a position it was never sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from lastcall.core import (
    Action,
    InvalidAction,
    InvalidOptions,
    LastcallError,
    Match,
    UnavailableVersion,
    UnknownGame,
    game,
    game_version,
    games,
    mix_seed,
    seed_commitment,
)
from lastcall.web.errors import Busy, Conflict, Forbidden, Gone, NotFound, Rejected, TooMany
from lastcall.web.service.bots import LEVEL_TITLES, LEVELS, SEARCHING, BotPool
from lastcall.web.service.payloads import TableInfo, deal_json, seat_payload
from lastcall.web.service.store import Op, SeqTaken, Store
from lastcall.web.service.tables import (
    CLOCK_STARTS,
    Live,
    Replay,
    Send,
    Watcher,
    apply_op,
    summarize,
)
from lastcall.web.settings import Settings

log = logging.getLogger("lastcall.web")

Publish = Callable[[str, int, bool], None]
# Bytes of randomness in a token: 24 URL-safe characters, 144 bits.
TOKEN_BYTES = 18
# A table whose bot has not moved for this long is driven by whichever process notices.
STALE_BOT_SECONDS = 10.0
# Replays of this many tables are kept in memory, the least recently read let go first.
REPLAY_TABLES = 32
# Seconds a closing server waits for bot decisions already running to finish and be stored.
CLOSE_GRACE = 5.0


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
    digest: str = ""
    """The token's hash: a reader whose link was replaced is let go."""


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
    clock_start: str = "opened"
    """A seat's clock starts when its link is first opened, or (``all``) once every seat's is."""
    address: str = ""
    """The creator's client address, for the limits of one address."""


_T = TypeVar("_T")
_MOVED_ON = "another decision was made first; the match has moved on"


class _Behind(Conflict):
    """The table's copy in this process was behind the database: the change was refused
    by the operation's unique position, and the copy has caught up since."""


class LinkReplaced(NotFound):
    """The token a reader connected with was replaced (rotated by its holder, or revoked)."""


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


def game_help(game_id: str) -> dict[str, Any]:
    """How to play a registered game and its glossary, for the help panel of a table."""
    if game_id not in games():
        raise NotFound("no game by that id")
    g = game(game_id)
    return {
        "game": g.id,
        "title": g.title,
        "how_to_play": g.how_to_play(),
        "glossary": dict(g.glossary()),
    }


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
        publish: Publish | None = None,
        settings: Settings | None = None,
    ) -> None:
        self.store = store
        self.bots = bots
        self.shared = shared
        """Other processes write to the same tables: catch up before every change."""
        self.bot_delay = bot_delay
        self.publish = publish
        self.settings = settings or Settings()
        self.live: dict[str, Live] = {}
        self._loading: dict[str, asyncio.Future[Live]] = {}
        self._tokens: dict[str, Access] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._buckets: dict[str, tuple[float, float]] = {}
        self._sockets: dict[str, int] = {}
        self._touched: dict[tuple[str, int], float] = {}
        self._replays: OrderedDict[str, Replay] = OrderedDict()
        self.closing = False

    # ----------------------------------------------------------------- limits

    def _take_table(self, address: str) -> None:
        """Spend one of the address's tables (a bucket of ``table_burst`` refilled by the hour)."""
        burst = self.settings.table_burst
        rate = self.settings.tables_per_hour / 3600.0
        now = time.monotonic()
        tokens, at = self._buckets.get(address, (float(burst), now))
        tokens = min(float(burst), tokens + (now - at) * rate)
        if tokens < 1.0:
            wait = (1.0 - tokens) / rate if rate > 0 else float("inf")
            raise TooMany(f"too many new tables from this address; try again in {wait:.0f} s")
        if len(self._buckets) > 100_000:
            self._buckets.clear()
        self._buckets[address] = (tokens - 1.0, now)

    def _searching(self, address: str | None = None) -> int:
        """Searching bot seats in unfinished tables held here (started by ``address``)."""
        return sum(
            sum(level in SEARCHING for level in live.controllers)
            for live in self.live.values()
            if not live.state.is_over and (address is None or live.creator == address)
        )

    def _check_searching(self, adding: int, address: str | None) -> None:
        if adding <= 0:
            return
        if address is not None:
            mine = self._searching(address) + adding
            if mine > self.settings.searching_bots_per_address:
                raise TooMany(
                    f"at most {self.settings.searching_bots_per_address} searching bots "
                    "in unfinished tables from one address"
                )
        if self._searching() + adding > self.settings.max_searching_bots:
            raise Busy("this server runs as many searching bots as it can; try a greedy bot")

    def socket_opened(self, address: str) -> None:
        """Count a WebSocket of ``address``, or refuse it over the limits."""
        if sum(self._sockets.values()) >= self.settings.max_sockets:
            raise Busy("this server holds as many connections as it can")
        held = self._sockets.get(address, 0)
        if held >= self.settings.sockets_per_address:
            raise TooMany("too many connections from this address")
        self._sockets[address] = held + 1

    def socket_closed(self, address: str) -> None:
        held = self._sockets.get(address, 0) - 1
        if held > 0:
            self._sockets[address] = held
        else:
            self._sockets.pop(address, None)

    # ----------------------------------------------------------------- tables

    async def create(self, plan: TablePlan) -> dict[str, Any]:
        """Store a new table and start it; answer with every link's token (shown once).

        Seats of people get a token each; bots' seats get none (the server alone
        plays them) and open seats get theirs when someone joins. Chance comes
        from the server's own secret seed, published as a commitment; a seed
        the creator chooses is only for a table of their own seats and bots,
        and the table says so to everyone who reads it.
        """
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
        if plan.clock_start not in CLOCK_STARTS:
            raise Rejected(f"clock_start is one of {', '.join(CLOCK_STARTS)}")
        for number, seat in enumerate(plan.seats):
            if seat.kind == "bot" and seat.level not in LEVELS:
                raise Rejected(
                    f"seat {number}: no bot level {seat.level!r}; levels: {', '.join(LEVELS)}"
                )
            if seat.kind == "open" and not plan.public:
                raise Rejected(f"seat {number} is open to anyone, so the table must be public")
        chosen = plan.seed is not None
        if chosen and (plan.public or any(seat.kind == "open" for seat in plan.seats)):
            raise Rejected(
                "a chosen seed tells its chooser every hidden card: it is only for a table "
                "that is not public and has no open seats"
            )
        self._check_searching(
            sum(seat.kind == "bot" and seat.level in SEARCHING for seat in plan.seats), plan.address
        )
        self._take_table(plan.address)
        if len(self.live) >= self.settings.max_live_tables:
            self._forget_idle(force=True)
            if len(self.live) >= self.settings.max_live_tables:
                raise Busy("this server holds as many tables as it can; try again later")
        table_id = secrets.token_urlsafe(9)
        spectator, host = new_token(), new_token()
        now = time.time()
        seed = secrets.randbits(62) if plan.seed is None else plan.seed
        salt = secrets.token_hex(16)
        commitment = seed_commitment(seed, salt)
        names = tuple(
            seat.name.strip() or (f"P{p} ({seat.level})" if seat.kind == "bot" else f"P{p}")
            for p, seat in enumerate(plan.seats)
        )
        tokens = [new_token() if seat.kind == "person" else None for seat in plan.seats]
        rows = [
            {
                "table_id": table_id,
                "seat": p,
                "name": names[p],
                "kind": seat.kind,
                "bot": seat.level if seat.kind == "bot" else None,
                "token_hash": None if tokens[p] is None else token_hash(tokens[p] or ""),
                "claimed": False,
                "opened_at": now if seat.kind == "bot" else None,
                "seen_at": None,
            }
            for p, seat in enumerate(plan.seats)
        ]
        kinds = tuple(seat.kind for seat in plan.seats)
        info = TableInfo(
            table_id, g, players, options, names, plan.clock, chosen, commitment, kinds
        )
        live = Live(info, seed, salt, plan.clock_bot, rows, now, plan.clock_start)
        live.creator = plan.address
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
                "seed_chosen": chosen,
                "salt": salt,
                "commitment": commitment,
                "clock_start": plan.clock_start,
            },
            rows,
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
            "deal": {"seed_chosen": chosen, "commitment": commitment},
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
        found = Access(*row, digest=digest)
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
            if len(self.live) >= self.settings.max_live_tables:
                self._forget_idle(force=True)
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
        except UnavailableVersion as exc:
            raise Gone(str(exc)) from exc
        except UnknownGame as exc:
            raise Gone(f"this server does not have the game {row['game']!r}") from exc
        seats = await self.store.seats(table_id)
        names = tuple(s["name"] for s in seats)
        info = TableInfo(
            table_id,
            g,
            row["players"],
            dict(row["options"]),
            names,
            row["clock"],
            bool(row["seed_chosen"]),
            row["commitment"],
            tuple(s["kind"] for s in seats),
        )
        live = Live(
            info,
            row["seed"],
            row["salt"],
            row["clock_bot"],
            seats,
            row["created_at"],
            row["clock_start"],
        )
        for op in await self.store.ops(table_id):
            live.replay(op)
        return live

    def _forget_idle(self, force: bool = False) -> int:
        """Let go of tables nothing holds: idle past ``idle_seconds`` (with ``force``, the
        least recently used half of the idle ones too). They stay in the database."""
        now = time.monotonic()
        idle = sorted(
            (live.touched, key)
            for key, live in self.live.items()
            if not live.watchers
            and (live.bot_task is None or live.bot_task.done())
            and not live.lock.locked()
        )
        old = [key for touched, key in idle if now - touched >= self.settings.idle_seconds]
        if force and len(old) < len(idle) // 2:
            old = [key for _, key in idle[: len(idle) // 2]]
        for key in old:
            live = self.live.pop(key)
            if live.timer is not None:  # the sweep drives its clock when it runs out
                live.timer.cancel()
                live.timer = None
            self._replays.pop(key, None)
        return len(old)

    def evict_idle(self) -> int:
        """Let go of tables idle past ``idle_seconds``; how many."""
        return self._forget_idle()

    async def _catch_up(self, live: Live) -> bool:
        """Apply what other processes committed and wake the readers; whether anything changed."""
        ops = await self.store.ops(live.info.id, live.ops)
        for op in ops:
            live.replay(op)
        if ops:
            self._replays.pop(live.info.id, None)
            self._wake(live)
        return bool(ops)

    async def _fresh(self, access: Access) -> Live:
        live = await self.table(access.table)
        if self.shared:
            async with live.lock:
                await self._catch_up(live)
        return live

    # ----------------------------------------------------------------- seats: opened, present

    async def _opened(self, live: Live, access: Access) -> None:
        """The first read through a seat's link opens the seat: its clock may start."""
        seat = access.seat
        if access.role != "seat" or seat is None:
            return
        if live.opened[seat] is not None:
            self._touch(live, seat)
            return
        now = time.time()
        self._touched[live.info.id, seat] = time.monotonic()  # opening notes the presence too
        first = await self.store.mark_opened(live.info.id, seat, now)
        if not first:  # opened through another process
            await self._reload_seats(live)
            return
        live.opened[seat] = now
        if not live.info.clock:
            return
        await self.store.set_deadline(live.info.id, live.deadline())
        self._wake(live)  # readers see the clock that started
        self._drive(live)
        if self.publish is not None:
            self.publish(live.info.id, live.ops, True)

    def _touch(self, live: Live, seat: int) -> None:
        """Note (at most every few seconds) that a seat's person reads the table."""
        key = (live.info.id, seat)
        now = time.monotonic()
        if now - self._touched.get(key, -1e9) < self.presence_every:
            return
        if len(self._touched) > 100_000:
            self._touched.clear()
        self._touched[key] = now
        self._spawn(self.store.touch_seats([key], time.time()))

    @property
    def presence_every(self) -> float:
        """How often the presence of connected people is written down."""
        return max(0.2, min(30.0, self.settings.away_seconds / 4))

    async def heartbeat(self) -> None:
        """Write down that the people of every connected seat are here."""
        present = {
            (live.info.id, w.seat)
            for live in self.live.values()
            for w in live.watchers
            if w.seat is not None
        }
        await self.store.touch_seats(sorted(present), time.time())

    async def _away_since(self, live: Live, seat: int) -> float | None:
        """Since when a seat's person has been gone (``None``: here now)."""
        if live.present(seat):
            return None
        rows = await self.store.seats(live.info.id)
        row = rows[seat]
        times = [live.created_at, live.person_at[seat], row["seen_at"] or 0.0]
        return max(times)

    async def _reload_seats(self, live: Live) -> None:
        """Read again when seats were opened and which tokens open them (another process
        changed them): readers whose link was replaced are let go."""
        rows = await self.store.seats(live.info.id)
        live.opened = [r["opened_at"] for r in rows]
        current = {r["token_hash"] for r in rows}
        for digest in [d for d, a in self._tokens.items() if a.table == live.info.id]:
            if self._tokens[digest].role == "seat" and digest not in current:
                del self._tokens[digest]
        for watcher in live.watchers:
            if watcher.seat is not None and watcher.digest and watcher.digest not in current:
                watcher.replaced = True
        self._wake(live)
        if live.timer is None and (live.bot_task is None or live.bot_task.done()):
            self._drive(live)

    # ----------------------------------------------------------------- links

    async def rotate(self, access: Access) -> dict[str, Any]:
        """A seat's holder replaces its link: the old one (the host had it too) stops working."""
        if access.role != "seat" or access.seat is None:
            raise Forbidden("only a seat's own link can be replaced by its holder")
        token = new_token()
        done = await self.store.replace_token(
            access.table, access.seat, token_hash(token), old_hash=access.digest, unopened=False
        )
        if not done:
            raise NotFound("no table opens with this token")
        await self._links_changed(access.table)
        return {"table": access.table, "seat": access.seat, "token": token}

    async def revoke(self, access: Access, seat: int) -> dict[str, Any]:
        """The host replaces the link of a person's seat nobody has opened yet."""
        if access.role != "host":
            raise Forbidden("only the host revokes a seat's link")
        live = await self.table(access.table)
        if not 0 <= seat < live.info.players:
            raise NotFound(f"no seat {seat} at this table")
        if live.kinds[seat] != "person":
            raise Conflict(f"seat {seat} has no invite link (it is a bot's or open to anyone)")
        token = new_token()
        done = await self.store.replace_token(
            access.table, seat, token_hash(token), old_hash=None, unopened=True
        )
        if not done:
            raise Conflict("the seat's link has been opened: only its holder can replace it now")
        await self._links_changed(access.table)
        return {"table": access.table, "seat": seat, "token": token}

    async def _links_changed(self, table_id: str) -> None:
        live = self.live.get(table_id)
        if live is not None:
            await self._reload_seats(live)
        else:
            for digest in [d for d, a in self._tokens.items() if a.table == table_id]:
                del self._tokens[digest]
        if self.publish is not None:
            self.publish(table_id, live.ops if live else 0, True)

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
            deal=deal_json(live.info, live.state, live.seed, live.salt),
            part=live.part(seat),
        )

    async def snapshot(self, access: Access, after: int = -1) -> dict[str, Any]:
        """What the token's reader sees now, with the events after ``after``."""
        live = await self._fresh(access)
        await self._opened(live, access)
        return self.payload(live, access.seat, after)

    async def replay(self, access: Access, step: int) -> dict[str, Any]:
        """The reader's view after ``step`` operations of a finished match."""
        live = await self._fresh(access)
        if not live.state.is_over:
            raise Conflict("the replay opens once the match is over")
        history = await self._replay_of(live)
        if not 0 <= step < history.steps:
            raise NotFound(f"the match has steps 0 to {history.steps - 1}")
        state, controllers = history.at(step)
        payload = seat_payload(
            live.info,
            state,
            access.seat,
            -1,
            ops=step,
            controllers=controllers,
            deadline=None,
            deal=deal_json(live.info, live.state, live.seed, live.salt),
            asking=False,
        )
        payload["type"] = "replay"
        payload["step"] = step
        payload["steps"] = history.steps
        return payload

    async def _replay_of(self, live: Live) -> Replay:
        key = live.info.id
        history = self._replays.get(key)
        if history is None or history.steps != live.ops + 1:
            start = Match(live.info.game, live.info.players, live.seed, live.info.options)
            rows = await self.store.seats(key)
            controllers: list[str | None] = [r["bot"] for r in rows]
            history = Replay(start, controllers, await self.store.ops(key))
            self._replays[key] = history
            while len(self._replays) > REPLAY_TABLES:
                self._replays.popitem(last=False)
        self._replays.move_to_end(key)
        return history

    async def record(self, access: Access) -> dict[str, Any]:
        """A finished match's record, with its seed and the commitment made before the deal.

        ``lastcall replay`` checks that the seed matches the commitment and
        replays every move. Nothing in it was hidden once the match ended but
        what seats chose face down; the record is offered only then.
        """
        live = await self._fresh(access)
        if not live.state.is_over:
            raise Conflict("the record opens once the match is over")
        record = live.match.record(
            table=live.info.id,
            commitment=live.info.commitment,
            salt=live.salt,
            seed_chosen=live.info.seed_chosen,
        )
        return record.to_json()

    # ----------------------------------------------------------------- changing

    async def move(
        self, access: Access, text: str, expect: int, by: str = "person"
    ) -> dict[str, Any]:
        """Carry out a seat's move once it is durable; answer with the seat's new payload.

        The answer's events are those that followed the move (the reader has the rest).
        """
        answer = await self._move(access, text, expect, by, answer=True)
        assert answer is not None
        return answer

    async def submit(self, access: Access, text: str, expect: int) -> None:
        """Carry out a seat's move sent on its socket, where the broadcast is the answer
        (so no payload is built for it)."""
        await self._move(access, text, expect, "person", answer=False)

    async def _move(
        self, access: Access, text: str, expect: int, by: str, *, answer: bool
    ) -> dict[str, Any] | None:
        seat = self._acting_seat(access)
        live = await self.table(access.table)

        async def change() -> dict[str, Any] | None:
            if live.controllers[seat] is not None:
                raise Conflict(f"P{seat} is played by a bot now; take the seat back first")
            before = live.state.last_event
            await self._commit_move(live, seat, text, expect, by)
            return self.payload(live, seat, before) if answer else None

        return await self._change(live, change)

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
        answer = await self._undo(access, expect, answer=True)
        assert answer is not None
        return answer

    async def submit_undo(self, access: Access, expect: int) -> None:
        """An undo sent on the seat's socket: the broadcast is the answer."""
        await self._undo(access, expect, answer=False)

    async def _undo(self, access: Access, expect: int, *, answer: bool) -> dict[str, Any] | None:
        seat = self._acting_seat(access)
        live = await self.table(access.table)

        async def change() -> dict[str, Any] | None:
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
            return self.payload(live, seat, before) if answer else None

        return await self._change(live, change)

    async def control(self, access: Access, seat: int, level: str | None) -> dict[str, Any]:
        """Hand a seat to a bot of ``level``, or back to its person (``None``).

        A seat's own token may do it for its seat. The host may hand a person's
        seat to a bot only once the person has been away (no connection, no
        move) for ``away_seconds``, or their clock ran out; the host may give
        a seat back at any time. A seat set up for a bot has no person to give
        it back to. Every change is noted in the log for everyone.
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
        if live.kinds[seat] == "bot" and level is None:
            raise Conflict(f"seat {seat} was set up for a bot: no person holds it")

        async def change() -> dict[str, Any]:
            if live.state.is_over:
                raise Conflict("the match is over")
            before = live.state.last_event
            current = live.controllers[seat]
            if current != level:
                if level in SEARCHING and current not in SEARCHING:
                    self._check_searching(1, None)
                if access.role == "host" and current is None and level is not None:
                    await self._check_away(live, seat)
                op = Op(live.ops, "control", seat, level or "", access.role, time.time())
                await self._commit(live, op)
            return self.payload(live, access.seat, before)

        return await self._change(live, change)

    async def _check_away(self, live: Live, seat: int) -> None:
        if live.timed_out[seat]:
            return
        since = await self._away_since(live, seat)
        if since is None:
            raise Conflict(
                f"{live.info.names[seat]} is connected: only they can hand the seat over"
            )
        waited = time.time() - since
        need = self.settings.away_seconds
        if waited < need:
            raise Conflict(
                f"{live.info.names[seat]} was here {waited:.0f} s ago: the host may hand the "
                f"seat to a bot after {need:.0f} s away, or once their clock runs out"
            )

    def _acting_seat(self, access: Access) -> int:
        if access.role != "seat" or access.seat is None:
            raise Forbidden("spectators and hosts act for no seat")
        return access.seat

    async def _change(self, live: Live, change: Callable[[], Awaitable[_T]]) -> _T:
        """Run ``change`` (its checks, then its commit) under the table's lock.

        Alone, a process's copy of a table is the truth. Shared, the copy may be
        behind what another process committed; rather than reading the database
        before every change, the change is tried on the copy. If the copy was
        behind, the operation's unique position refuses the commit; and no
        refusal is given on a copy that may be behind. Either way the copy
        catches up and the change is checked once more.
        """
        async with live.lock:
            if not self.shared:
                return await change()
            try:
                return await change()
            except _Behind:
                pass
            except (Conflict, Rejected):
                if not await self._catch_up(live):
                    raise
            try:
                return await change()
            except _Behind:
                raise Conflict(_MOVED_ON) from None

    async def _commit(self, live: Live, op: Op, action: Action | None = None) -> None:
        """Store ``op`` at the table's next position, then make it the table's state.

        Called under the table's lock with ``op`` already checked against the
        table's copy; if the copy was behind the database, raises :class:`_Behind`
        once it has caught up.
        """
        match, controllers = apply_op(live.match, live.controllers, op, action)
        starts = live.clock_starts()
        summary = summarize(match.state, controllers, op.at, live.info.clock, starts)
        try:
            await self.store.append(live.info.id, op, summary)
        except SeqTaken:
            await self._catch_up(live)
            raise _Behind(_MOVED_ON) from None
        live.advance(match, controllers, op)
        self._replays.pop(live.info.id, None)
        self._wake(live)
        self._drive(live)
        if self.publish is not None:
            self.publish(live.info.id, live.ops, False)

    def _wake(self, live: Live) -> None:
        for watcher in live.watchers:
            watcher.wake.set()

    def holds(self, table_id: str) -> bool:
        """Whether this process has the table in memory (another's change matters to it)."""
        return table_id in self.live

    async def remote_change(self, table_id: str, seats: bool = False) -> None:
        """Another process changed a table: readers here catch up (and see changed seats)."""
        live = self.live.get(table_id)
        if live is None:
            if seats:
                for digest in [d for d, a in self._tokens.items() if a.table == table_id]:
                    del self._tokens[digest]
            return
        async with live.lock:
            await self._catch_up(live)
            if seats:
                await self._reload_seats(live)

    # ----------------------------------------------------------------- bots and clocks

    def _drive(self, live: Live) -> None:
        """Start the bots if one is to move; set the clock if a person is."""
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        if self.closing:
            return
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
        if not self.closing and (live.bot_task is None or live.bot_task.done()):
            live.bot_task = self._spawn(self._play_bots(live))

    def _bot_turn(self, live: Live) -> tuple[int, str, str] | None:
        """The seat a bot moves for now, its level and who is moving (a bot or the clock)."""
        state = live.state
        if state.is_over:
            return None
        clock = live.info.clock
        now = time.time()
        starts = live.clock_starts()
        for seat in state.to_move:
            level = live.controllers[seat]
            if level is not None:
                return seat, level, "bot"
            start = starts[seat]
            if clock and start is not None and now >= max(live.last_at, start) + clock:
                return seat, live.clock_bot, "clock"
        return None

    async def _play_bots(self, live: Live) -> None:
        """Move for bot seats (and for persons whose clock ran out) until a person is to move."""
        try:
            while not self.closing:
                if self.bot_delay > 0:
                    await asyncio.sleep(self.bot_delay)
                async with live.lock:
                    # shared, a copy that is behind is caught up when the commit is refused
                    turn = self._bot_turn(live)
                    if turn is None:
                        return
                    seat, level, by = turn
                    ops = live.ops
                    revision = live.state.revision
                    seed = mix_seed(live.seed, ops, seat)
                    state = live.state
                text = await self.bots.decide(state, seat, level, seed, live.info.id)
                async with live.lock:
                    if live.ops != ops:
                        continue
                    try:
                        await self._commit_move(live, seat, text, revision, by)
                    except Conflict:
                        continue
        except (LastcallError, Rejected) as exc:
            log.error("bot at table %s stopped: %s", live.info.id, exc)
        except asyncio.CancelledError:
            raise
        except Exception:  # a worker died, say: the sweep starts the bot again later
            if not self.closing:
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
            if (live.bot_task is None or live.bot_task.done()) and live.timer is None:
                self._drive(live)
                count += 1
        return count

    # ----------------------------------------------------------------- readers

    async def watch(self, access: Access, after: int, send: Send) -> None:
        """Send a reader its payload now and after every change, until cancelled.

        Raises :class:`LinkReplaced` once the reader's link no longer opens the seat.
        """
        live = await self._fresh(access)
        await self._opened(live, access)
        watcher = Watcher(access.seat, after, send, access.digest)
        live.watchers.add(watcher)
        watcher.wake.set()
        try:
            while True:
                await watcher.wake.wait()
                watcher.wake.clear()
                if watcher.replaced:
                    raise LinkReplaced("this link was replaced by a new one")
                payload = self.payload(live, watcher.seat, watcher.seen)
                watcher.seen = payload["seen"]
                await send(payload)
        finally:
            live.watchers.discard(watcher)
            if access.seat is not None and access.role == "seat":
                self._touched.pop((live.info.id, access.seat), None)
                self._touch(live, access.seat)

    # ----------------------------------------------------------------- life

    def _spawn(self, work: Awaitable[Any]) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None and not self.closing:
            log.warning("a background task failed: %s", task.exception())

    async def close(self, grace: float = CLOSE_GRACE) -> None:
        """Stop driving tables: bot decisions already running finish and are stored (for up
        to ``grace`` seconds); the rest is left to the next process, which resumes it."""
        self.closing = True
        for live in self.live.values():
            if live.timer is not None:
                live.timer.cancel()
                live.timer = None
        bots = [live.bot_task for live in self.live.values() if live.bot_task is not None]
        if bots:
            await asyncio.wait(bots, timeout=grace)
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


__all__ = [
    "Access",
    "Hub",
    "LinkReplaced",
    "SeatPlan",
    "TablePlan",
    "bot_levels",
    "catalog",
    "new_token",
    "token_hash",
]
