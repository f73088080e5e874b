"""Environment steps per second: lastcall beside PettingZoo's classic environments.

``python -m lastcall.envs.bench`` plays random legal actions through each
environment for a few seconds on one core and reports microseconds per step.
A step is what a learner pays for one move: ``last()`` (the observation with
its action mask), a random legal action read from the mask, and ``step()``;
new games (``reset``) and the agents' final steps are included. PettingZoo's
classic environments run through the very same loop, in the same process, when
they are installed (``pip install 'lastcall[rl-bench]'``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from functools import partial
from typing import Any

import numpy as np

from lastcall.core import game as find_game
from lastcall.core import games as game_ids
from lastcall.envs import pettingzoo as lz

CLASSIC = (
    "rps_v2",
    "tictactoe_v3",
    "connect_four_v3",
    "leduc_holdem_v4",
    "texas_holdem_v4",
    "texas_holdem_no_limit_v6",
    "gin_rummy_v4",
    "hanabi_v5",
    "chess_v6",
    "go_v5",
)


@dataclass(frozen=True)
class StepRate:
    env: str
    source: str
    steps: int
    games: int
    seconds: float

    @property
    def us_per_step(self) -> float:
        return self.seconds / self.steps * 1e6

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "us_per_step": round(self.us_per_step, 2)}


def measure(name: str, source: str, make: Callable[[], Any], seconds: float) -> StepRate:
    """Random legal actions through ``make()``'s environment for about ``seconds``."""
    env = make()
    pick = random.Random(12345).choice
    steps = games = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        env.reset(seed=games)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
            elif isinstance(observation, dict) and "action_mask" in observation:
                env.step(int(pick(np.flatnonzero(observation["action_mask"]))))
            elif "action_mask" in info:
                env.step(int(pick(np.flatnonzero(info["action_mask"]))))
            else:  # every action is always legal (rock, paper, scissors)
                env.step(pick(range(env.action_space(agent).n)))
            steps += 1
        games += 1
        elapsed = time.process_time() - start
    env.close()
    return StepRate(name, source, steps, games, elapsed)


def classic_makers() -> dict[str, Callable[[], Any]]:
    """PettingZoo's classic environments that import here (each needs its own packages)."""
    found: dict[str, Callable[[], Any]] = {}
    for name in CLASSIC:
        try:
            module = importlib.import_module(f"pettingzoo.classic.{name}")
        except ImportError:
            continue
        found[name] = module.env
    return found


def run(seconds: float, players: int | None, classic: bool) -> Iterator[StepRate]:
    """Every registered game (at ``players`` where it allows), then the classic environments."""
    for game_id in game_ids():
        game = find_game(game_id)
        count = players if players in game.player_counts else game.min_players
        name = f"{lz.env(game, count).metadata['name']} ({count}p)"
        yield measure(name, "lastcall", partial(lz.env, game, count), seconds)
    if classic:
        for name, make in classic_makers().items():
            yield measure(name, "pettingzoo classic", make, seconds)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per environment")
    parser.add_argument("--players", type=int, default=2, help="seats, where a game allows")
    parser.add_argument("--no-classic", action="store_true", help="lastcall only")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    args = parser.parse_args(argv)
    for r in run(args.seconds, args.players, not args.no_classic):
        if args.json:
            print(json.dumps(r.to_json()))
        else:
            print(
                f"{r.env:32} {r.source:18} {r.us_per_step:8.1f} us/step  ({r.steps} steps)",
                flush=True,
            )


if __name__ == "__main__":
    main()
