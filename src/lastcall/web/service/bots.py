"""Bots that play seats inside the server, off the event loop.

A bot never gets the true state: it gets a world determinized for its seat
(:meth:`State.determinize`), which holds only what the seat knows and carries
no history; a search on it equals a search on the true state, because
determinizing again gives the same worlds. The world travels to a worker
process as JSON, so a search never blocks the server's event loop.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from lastcall.bots import make_bot
from lastcall.bots.base import Seat
from lastcall.core import State, game, game_version, games

# What a table offers as bot levels, and the spec each plays with.
LEVELS: dict[str, str] = {
    "random": "random",
    "greedy": "greedy",
    "ismcts": "ismcts:iters=300",
    "ismcts-strong": "ismcts:ms=1500",
}
LEVEL_TITLES: dict[str, str] = {
    "random": "Random (plays any legal move)",
    "greedy": "Greedy (one move of look-ahead)",
    "ismcts": "Search (300 iterations)",
    "ismcts-strong": "Strong search (1.5 s a move)",
}


def choose(
    game_id: str, version: int, world: dict[str, Any], seat: int, level: str, seed: int
) -> str:
    """The text of the action a bot of ``level`` picks for ``seat`` in ``world``."""
    game = game_version(game_id, version)
    state = State.from_json(world, game)
    bot = make_bot(LEVELS[level], seed)
    return str(bot.choose(Seat(state, seat)))


SEARCHING = frozenset({"ismcts", "ismcts-strong"})
# How fast a table's past use of the workers is forgotten, in seconds (a half-life).
FAIR_HALF_LIFE = 30.0


class _Request:
    __slots__ = ("args", "future", "table")

    def __init__(self, table: str, args: tuple[Any, ...], future: asyncio.Future[str]) -> None:
        self.table = table
        self.args = args
        self.future = future


class _Lane:
    """Workers for one kind of bot, shared fairly between tables.

    Each table waits on one decision at a time, so a queue in arrival order
    would let tables of slow bots take turns on every worker while another
    table waits behind all of them. Instead, when a worker is free, the request
    of the table that has used the lane least lately goes next (use decays
    with a half-life of ``FAIR_HALF_LIFE`` seconds).
    """

    def __init__(self, executor: Executor, capacity: int) -> None:
        self.executor = executor
        self.capacity = capacity
        self.running = 0
        self.waiting: list[_Request] = []
        self._used: dict[str, tuple[float, float]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.closed = False

    def submit(self, request: _Request) -> None:
        self.waiting.append(request)
        self._start_next()

    def used(self, table: str, now: float) -> float:
        """Worker seconds the table used lately, decayed."""
        value, at = self._used.get(table, (0.0, now))
        return float(value * 0.5 ** ((now - at) / FAIR_HALF_LIFE))

    def _start_next(self) -> None:
        while not self.closed and self.running < self.capacity and self.waiting:
            now = time.monotonic()
            self.waiting = [r for r in self.waiting if not r.future.done()]
            if not self.waiting:
                return
            request = min(self.waiting, key=lambda r: self.used(r.table, now))
            self.waiting.remove(request)
            self.running += 1
            task = asyncio.ensure_future(self._run(request))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _run(self, request: _Request) -> None:
        loop = asyncio.get_running_loop()
        started = time.monotonic()
        try:
            text = await loop.run_in_executor(self.executor, choose, *request.args)
        except BaseException as exc:
            if not request.future.done():
                request.future.set_exception(exc)
            if isinstance(exc, asyncio.CancelledError):
                raise
        else:
            if not request.future.done():
                request.future.set_result(text)
        finally:
            self.running -= 1
            now = time.monotonic()
            self._used[request.table] = (self.used(request.table, now) + now - started, now)
            if len(self._used) > 10_000:
                self._used = {k: v for k, v in self._used.items() if v[1] > now - FAIR_HALF_LIFE}
            self._start_next()

    def close(self, wait: bool) -> None:
        self.closed = True
        for request in self.waiting:
            if not request.future.done():
                request.future.cancel()
        self.waiting.clear()
        self.executor.shutdown(wait=wait, cancel_futures=True)


def warm() -> int:
    """Run once in each worker as the server starts: the worker loads the games then."""
    return len([game(game_id) for game_id in games()])


# How often a bot worker checks that the server that started it is still there.
PARENT_CHECK_SECONDS = 1.0


def _follow_parent(parent: int) -> None:
    """Run in each bot worker as it starts: the worker ends once its server is gone.

    A server stopped by SIGTERM or SIGINT ends its workers itself; one killed
    outright (SIGKILL, the out-of-memory killer) cannot, and its workers would
    otherwise wait for work forever.
    """

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="lastcall-parent-watch", daemon=True).start()


def _executor(workers: int, name: str) -> Executor:
    if workers > 0:
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(
            max_workers=workers,
            mp_context=context,
            initializer=_follow_parent,
            initargs=(os.getpid(),),
        )
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"lastcall-{name}")


class BotPool:
    """Runs bot decisions off the event loop, in two lanes that never wait on each other.

    Searching bots (``ismcts`` levels) share ``workers`` processes; the quick
    ``greedy`` bot has a process of its own, so a table of quick bots never
    waits behind the searches of other tables. With ``workers`` 0, each lane
    is one thread of the server (for tests). Within a lane, tables share the
    workers fairly (see :class:`_Lane`).
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.search = _Lane(_executor(workers, "search"), max(1, workers))
        self.quick = _Lane(_executor(1 if workers > 0 else 0, "quick"), 1)

    def warm(self) -> None:
        """Start every worker now (each loads the games), not at a bot's first decision."""
        for lane in (self.search, self.quick):
            for _ in range(lane.capacity):
                lane.executor.submit(warm)

    async def decide(self, state: State, seat: int, level: str, seed: int, table: str = "") -> str:
        """A bot's action for ``seat``, computed from what the seat alone knows.

        A random pick is no search (one draw among the legal actions), so it is
        made here; every other level runs in its lane, in its table's turn.
        """
        if level == "random":
            bot = make_bot(LEVELS[level], seed)
            return str(bot.choose(Seat(state, seat)))
        lane = self.search if level in SEARCHING else self.quick
        if lane.closed:
            raise RuntimeError("the bot pool is closed")
        world = state.determinize(seat, seed).to_json()
        game = state.game
        future: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        lane.submit(_Request(table, (game.id, game.version, world, seat, level, seed), future))
        return await future

    def close(self, wait: bool = True) -> None:
        """Stop: decisions not started are dropped; with ``wait``, the workers are joined."""
        for lane in (self.search, self.quick):
            lane.close(wait)
