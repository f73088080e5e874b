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
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from lastcall.bots import make_bot
from lastcall.bots.base import Seat
from lastcall.core import State, game_version

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


class BotPool:
    """Runs bot decisions in worker processes (or one thread when ``workers`` is 0)."""

    def __init__(self, workers: int) -> None:
        self.executor: Executor
        if workers > 0:
            context = multiprocessing.get_context("spawn")
            self.executor = ProcessPoolExecutor(max_workers=workers, mp_context=context)
        else:
            self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lastcall-bot")

    async def decide(self, state: State, seat: int, level: str, seed: int) -> str:
        """A bot's action for ``seat``, computed from what the seat alone knows.

        A random pick is no search (one draw among the legal actions), so it is
        made here; every other level searches in a worker.
        """
        if level == "random":
            bot = make_bot(LEVELS[level], seed)
            return str(bot.choose(Seat(state, seat)))
        world = state.determinize(seat, seed).to_json()
        game = state.game
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.executor, choose, game.id, game.version, world, seat, level, seed
        )

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
