"""The benchmark behind ``lastcall bench``: one core, random play, per game and player count.

- ``us_per_decision``: to_move + legal_actions + a random choice + apply,
  averaged over whole random games (new games included in the time);
- ``games_per_sec``: complete random games per second;
- ``clone_us``, ``view_us``, ``determinize_us`` and ``observation_us``: on
  positions sampled along random games (the view and observation of seat 0,
  determinized for the seat to move); the view is built each time, never
  taken from the state's cache of views; the observation is the float32 array
  the learning adapters hand out, from one encoder asked at every position in
  turn (``None`` without NumPy);
- ``aec_step_us``: a step of the PettingZoo environment (see
  :mod:`lastcall.envs.bench`), where PettingZoo is installed;
- start-up: fresh interpreters answering ``lastcall --version`` and building a
  game's first state, timed from outside;
- worker scaling: the same ``simulate`` run on one worker, then two.

:func:`report` gathers all of them into the JSON document that
``lastcall bench --json`` prints; docs/bench.md describes its keys.
"""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from functools import partial
from operator import methodcaller
from pathlib import Path
from typing import Any

from lastcall.core import Game, LastcallError, Rng, State, __version__, compiled
from lastcall.core import game as find_game

# Bumped whenever a key of the JSON report is renamed, removed or changes meaning.
SCHEMA = 1
SAMPLED_POSITIONS = 400


@dataclass(frozen=True)
class BenchResult:
    game: str
    version: int
    players: int
    us_per_decision: float
    games_per_sec: float
    clone_us: float
    view_us: float
    determinize_us: float
    observation_us: float | None
    games: int
    decisions: int

    def to_json(self) -> dict[str, float | int | str | None]:
        return asdict(self)


def _random_games(game_id: str, players: int, seconds: float) -> tuple[int, int, float]:
    game = find_game(game_id)
    rng = Rng(12345)
    below = rng.below
    games = decisions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        state = game.new(players, games)
        while True:
            to_move = state.to_move
            if not to_move:
                break
            player = to_move[0]
            actions = state.legal_actions(player)
            state.apply(player, actions[below(len(actions))])
            decisions += 1
        games += 1
        elapsed = time.perf_counter() - start
    return games, decisions, elapsed


def _sample_states(game_id: str, players: int, count: int) -> list[State]:
    game = find_game(game_id)
    rng = Rng(999)
    samples: list[State] = []
    seed = 0
    while len(samples) < count:
        state = game.new(players, seed)
        seed += 1
        step = 0
        while state.to_move and len(samples) < count:
            if step % 5 == 0:
                samples.append(state.clone())
            player = state.to_move[0]
            actions = state.legal_actions(player)
            state.apply(player, actions[rng.below(len(actions))])
            step += 1
    return samples


def _per_call_us(states: list[State], repeat: int, call: Callable[[State], object]) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        for s in states:
            call(s)
    return (time.perf_counter() - start) / (repeat * len(states)) * 1e6


def _observation_us(game: Game, players: int, states: list[State]) -> float | None:
    """Seat 0's observation as learners get it: one encoder, asked at each position in turn."""
    try:
        from lastcall.envs.common import Encoder
    except ImportError:
        return None
    observation = Encoder(game, players).observation
    return _per_call_us(states, 3, partial(observation, player=0))


def _determinize_for_mover(state: State) -> State:
    return state.determinize(state.to_move[0] if state.to_move else 0, 7)


def default_players(game_id: str) -> int:
    """The player count a one-count benchmark uses: three where the game allows."""
    game = find_game(game_id)
    return min(game.max_players, max(game.min_players, 3))


def bench_game(game_id: str, players: int | None = None, seconds: float = 2.0) -> BenchResult:
    game = find_game(game_id)
    n = players or default_players(game.id)
    games, decisions, elapsed = _random_games(game.id, n, seconds)
    states = _sample_states(game.id, n, SAMPLED_POSITIONS)
    return BenchResult(
        game=game.id,
        version=game.version,
        players=n,
        us_per_decision=elapsed / decisions * 1e6,
        games_per_sec=games / elapsed,
        clone_us=_per_call_us(states, 20, methodcaller("clone")),
        view_us=_per_call_us(states, 3, methodcaller("build_view", 0)),
        determinize_us=_per_call_us(states, 3, _determinize_for_mover),
        observation_us=_observation_us(game, n, states),
        games=games,
        decisions=decisions,
    )


def aec_step_us(game_id: str, players: int, seconds: float) -> float | None:
    """Microseconds of CPU per PettingZoo AEC step; ``None`` without PettingZoo."""
    try:
        from lastcall.envs import pettingzoo as lz
        from lastcall.envs.bench import measure
    except ImportError:
        return None
    game = find_game(game_id)
    return measure(game.id, "lastcall", partial(lz.env, game, players), seconds).us_per_step


@dataclass(frozen=True)
class ScalingResult:
    game: str
    players: int
    games: int
    seconds_one_worker: float
    seconds_two_workers: float

    @property
    def speedup(self) -> float:
        return self.seconds_one_worker / self.seconds_two_workers


def worker_scaling(game_id: str, players: int | None = None, games: int = 2000) -> ScalingResult:
    """Wall time of the same random simulation with one worker, then two."""
    from lastcall.sim.runner import simulate

    game = find_game(game_id)
    n = players or default_players(game.id)
    one, _ = simulate(game.id, games, n, ["random"], seed=1, workers=1, rows=False)
    two, _ = simulate(game.id, games, n, ["random"], seed=1, workers=2, rows=False)
    return ScalingResult(game.id, n, games, one.seconds, two.seconds)


@dataclass(frozen=True)
class StartupTime:
    """A fresh interpreter's run, as medians over ``runs``: wall seconds and CPU (user + sys)."""

    wall_s: float
    cpu_s: float
    runs: int

    def to_json(self) -> dict[str, float | int]:
        return {"wall_s": round(self.wall_s, 4), "cpu_s": round(self.cpu_s, 4), "runs": self.runs}


def time_fresh_process(args: list[str], runs: int) -> StartupTime:
    """Run ``args`` ``runs`` times; a child's CPU is read from the rusage of waited children.

    A child that fails raises :class:`LastcallError`: its time would not be a start-up's.
    """
    import resource

    walls: list[float] = []
    cpus: list[float] = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(args, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        if done.returncode:
            raise LastcallError(f"start-up: {' '.join(args)} exited with {done.returncode}")
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return StartupTime(statistics.median(walls), statistics.median(cpus), runs)


def startup(game_ids: Iterable[str], runs: int) -> dict[str, Any]:
    """``lastcall --version``, then each game's first state, in fresh interpreters."""
    python = sys.executable
    first_states: dict[str, Any] = {}
    for game_id in game_ids:
        game = find_game(game_id)
        code = f"from lastcall.core import game; game({game.id!r}).new({game.min_players})"
        first_states[game.id] = time_fresh_process([python, "-c", code], runs).to_json()
    version = time_fresh_process([python, "-m", "lastcall.cli", "--version"], runs)
    return {"version": version.to_json(), "first_state": first_states}


def source_commit() -> tuple[str | None, bool | None]:
    """The git commit of the running source, and whether tracked files differ from it."""
    where = str(Path(__file__).resolve().parent)
    try:
        head = subprocess.run(
            ["git", "-C", where, "rev-parse", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        changes = subprocess.run(
            ["git", "-C", where, "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None, None
    return head, bool(changes)


def _load() -> list[float]:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []


def _rounded(value: float | None, digits: int) -> float | None:
    return None if value is None else round(value, digits)


def report(
    game_ids: list[str],
    players: int | None,
    seconds: float,
    ismcts_seconds: float,
    scaling: int,
    startup_runs: int,
) -> dict[str, Any]:
    """The whole benchmark as one JSON-ready document (schema in docs/bench.md).

    ``players`` ``None`` measures every player count each game allows; a
    figure that is skipped (``ismcts_seconds`` 0, ``scaling`` 0,
    ``startup_runs`` 0, or PettingZoo not installed) is ``null``.
    """
    from lastcall.bots.measure import ismcts_iterations_per_second

    commit, dirty = source_commit()
    load_start = _load()
    started = startup(game_ids, startup_runs) if startup_runs else None
    rows: list[dict[str, Any]] = []
    for game_id in game_ids:
        game = find_game(game_id)
        counts = [players] if players is not None else list(game.player_counts)
        for count in counts:
            r = bench_game(game.id, count, seconds)
            rate = (
                ismcts_iterations_per_second(game, count, 0, ismcts_seconds)
                if ismcts_seconds > 0
                else None
            )
            rows.append(
                {
                    "game": r.game,
                    "version": r.version,
                    "players": r.players,
                    "games": r.games,
                    "decisions": r.decisions,
                    "us_per_decision": round(r.us_per_decision, 3),
                    "games_per_sec": round(r.games_per_sec, 2),
                    "clone_us": round(r.clone_us, 3),
                    "view_us": round(r.view_us, 3),
                    "determinize_us": round(r.determinize_us, 3),
                    "observation_us": _rounded(r.observation_us, 3),
                    "aec_step_us": _rounded(aec_step_us(game.id, count, seconds), 3),
                    "ismcts_iters_per_sec": _rounded(rate, 1),
                }
            )
    workers: dict[str, Any] | None = None
    if scaling:
        workers = {}
        for game_id in game_ids:
            s = worker_scaling(game_id, players, scaling)
            workers[s.game] = {
                "players": s.players,
                "games": s.games,
                "seconds_one_worker": round(s.seconds_one_worker, 3),
                "seconds_two_workers": round(s.seconds_two_workers, 3),
                "speedup": round(s.speedup, 3),
            }
    return {
        "schema": SCHEMA,
        "lastcall": __version__,
        "commit": commit,
        "commit_dirty": dirty,
        "python": platform.python_version(),
        "compiled": compiled(),
        "platform": sys.platform,
        "cpus": os.cpu_count(),
        "load_average": {"start": load_start, "end": _load()},
        "settings": {
            "seconds": seconds,
            "ismcts_seconds": ismcts_seconds,
            "scaling_games": scaling,
            "startup_runs": startup_runs,
        },
        "startup": started,
        "games": rows,
        "workers": workers,
    }
