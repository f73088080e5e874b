"""Random play in lastcall beside OpenSpiel and PettingZoo, timed in one process.

Two comparisons, each through one loop shared by every engine in it:

- engine: a whole random game through the engine's own API (lastcall's
  ``game(id).new(n, seed)``, ``to_move``, ``legal_actions``, ``apply``;
  OpenSpiel's ``new_initial_state``, ``legal_actions``, ``apply_action``, with
  chance nodes sampled by their probabilities and counted in the time but not
  as decisions), lastcall's games also through their OpenSpiel adapter;
- AEC: PettingZoo's ``last()`` with the action mask, a random legal action and
  ``step()``, through lastcall's adapters and PettingZoo's classic
  environments (the loop of :mod:`lastcall.envs.bench`).

Times are CPU seconds of this process. Each row's ratio is its time per
decision over the geometric mean of lastcall's own rows in the comparison
(above 1: slower than lastcall). Whatever is not installed is skipped with the
reason printed, so the script runs with lastcall alone.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import platform
import random
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from functools import partial
from typing import Any

import lastcall

# A random game played to its end; it answers the number of decisions taken.
PlayOne = Callable[[int], int]

OPENSPIEL_GAMES = (
    ("hearts", "OpenSpiel C++"),
    ("backgammon", "OpenSpiel C++"),
    ("kuhn_poker", "OpenSpiel C++"),
    ("tic_tac_toe", "OpenSpiel C++"),
    ("liars_dice", "OpenSpiel C++"),
    ("python_kuhn_poker", "OpenSpiel Python"),
    ("python_tic_tac_toe", "OpenSpiel Python"),
    ("python_liars_poker", "OpenSpiel Python"),
    ("python_block_dominoes", "OpenSpiel Python"),
)
PETTINGZOO_CLASSIC = (
    "tictactoe_v3",
    "connect_four_v3",
    "leduc_holdem_v4",
    "texas_holdem_v4",
    "texas_holdem_no_limit_v6",
    "gin_rummy_v4",
)


@dataclass(frozen=True)
class Timing:
    comparison: str
    name: str
    source: str
    players: int
    decisions: int
    games: int
    seconds: float

    @property
    def us_per_decision(self) -> float:
        return self.seconds / self.decisions * 1e6

    @property
    def us_per_game(self) -> float:
        return self.seconds / self.games * 1e6


def time_games(play_one: PlayOne, seconds: float) -> tuple[int, int, float]:
    """Whole games until ``seconds`` of CPU have passed: (decisions, games, CPU seconds)."""
    decisions = games = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        decisions += play_one(games)
        games += 1
        elapsed = time.process_time() - start
    return decisions, games, elapsed


def lastcall_game(game_id: str, players: int, pick: random.Random) -> PlayOne:
    """lastcall's engine API, as a simulation or a bot drives it."""
    game = lastcall.game(game_id)
    below = pick.randrange

    def play(seed: int) -> int:
        state = game.new(players, seed)
        decisions = 0
        while to_move := state.to_move:
            seat = to_move[0]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[below(len(actions))])
            decisions += 1
        return decisions

    return play


def openspiel_game(game: Any, pick: random.Random) -> PlayOne:
    """OpenSpiel's state API, as its own random simulations drive it."""
    below = pick.randrange
    choices = pick.choices

    def play(_seed: int) -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(choices(outcomes, chances)[0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[below(len(actions))])
                decisions += 1
        return decisions

    return play


def seats(game_id: str, wanted: int) -> int:
    """``wanted`` where the game allows it, else its smallest count."""
    game = lastcall.game(game_id)
    return wanted if wanted in game.player_counts else game.min_players


def engine_rows(players: int, seconds: float) -> Iterator[Timing]:
    """lastcall's engine, then OpenSpiel's games and lastcall's through OpenSpiel."""
    for game_id in lastcall.games():
        count = seats(game_id, players)
        play = lastcall_game(game_id, count, random.Random(12345))
        yield Timing("engine", game_id, "lastcall", count, *time_games(play, seconds))
    try:
        import pyspiel

        from lastcall.envs import openspiel as lastcall_spiel

        importlib.import_module("open_spiel.python.games")
    except ImportError as missing:
        print(f"skipped OpenSpiel: {missing}", file=sys.stderr)
        return
    known = {game.short_name for game in pyspiel.registered_games()}
    for name, source in OPENSPIEL_GAMES:
        if name not in known:
            print(f"skipped OpenSpiel {name}: not registered here", file=sys.stderr)
            continue
        game = pyspiel.load_game(name)
        play = openspiel_game(game, random.Random(12345))
        yield Timing("engine", name, source, game.num_players(), *time_games(play, seconds))
    for game_id in lastcall.games():
        count = seats(game_id, players)
        game = lastcall_spiel.load(game_id, players=count)
        play = openspiel_game(game, random.Random(12345))
        name = lastcall_spiel.short_name(lastcall.game(game_id))
        yield Timing("engine", name, "lastcall in OpenSpiel", count, *time_games(play, seconds))


def aec_rows(players: int, seconds: float) -> Iterator[Timing]:
    """lastcall's PettingZoo adapters, then PettingZoo's classic environments."""
    try:
        from lastcall.envs import pettingzoo as lastcall_zoo
        from lastcall.envs.bench import measure
    except ImportError as missing:
        print(f"skipped PettingZoo: {missing}", file=sys.stderr)
        return

    def timing(name: str, source: str, count: int, make: Callable[[], Any]) -> Timing:
        rate = measure(name, source, make, seconds)
        return Timing("AEC", name, source, count, rate.steps, rate.games, rate.seconds)

    for game_id in lastcall.games():
        count = seats(game_id, players)
        make = partial(lastcall_zoo.env, game_id, count)
        yield timing(str(make().metadata["name"]), "lastcall AEC", count, make)
    for name in PETTINGZOO_CLASSIC:
        try:
            module = importlib.import_module(f"pettingzoo.classic.{name}")
        except ImportError as missing:
            print(f"skipped PettingZoo {name}: {missing}", file=sys.stderr)
            continue
        yield timing(name, "PettingZoo classic", len(module.env().possible_agents), module.env)


def geometric_mean(values: list[float]) -> float:
    return math.exp(sum(map(math.log, values)) / len(values))


def print_table(rows: list[Timing], reference: dict[str, float]) -> None:
    print(
        f"{'comparison':10} {'game':28} {'source':22} {'seats':>5} {'us/decision':>12}"
        f" {'us/game':>12} {'decisions/game':>15} {'x lastcall':>10}"
    )
    for r in rows:
        print(
            f"{r.comparison:10} {r.name:28} {r.source:22} {r.players:5d}"
            f" {r.us_per_decision:12.2f} {r.us_per_game:12.1f} {r.decisions / r.games:15.1f}"
            f" {r.us_per_decision / reference[r.comparison]:10.2f}"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per row")
    parser.add_argument("--players", type=int, default=2, help="lastcall's seats, where allowed")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of a table")
    args = parser.parse_args(argv)
    load_start = os.getloadavg()
    rows = [
        *engine_rows(args.players, args.seconds),
        *aec_rows(args.players, args.seconds),
    ]
    reference = {
        comparison: geometric_mean(
            [r.us_per_decision for r in rows if r.comparison == comparison and r.source in own]
        )
        for comparison, own in (("engine", {"lastcall"}), ("AEC", {"lastcall AEC"}))
        if any(r.comparison == comparison for r in rows)
    }
    header = {
        "lastcall": lastcall.__version__,
        "python": platform.python_version(),
        "load_average": {"start": load_start, "end": os.getloadavg()},
        "settings": {"seconds": args.seconds, "players": args.players},
    }
    if args.json:
        timings = [
            {
                **asdict(r),
                "us_per_decision": round(r.us_per_decision, 3),
                "us_per_game": round(r.us_per_game, 1),
                "x_lastcall": round(r.us_per_decision / reference[r.comparison], 3),
            }
            for r in rows
        ]
        print(json.dumps({**header, "lastcall_us_per_decision": reference, "rows": timings}))
        return
    print(json.dumps(header))
    print_table(rows, reference)


if __name__ == "__main__":
    main()
