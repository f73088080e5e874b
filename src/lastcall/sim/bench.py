"""The benchmark behind ``lastcall bench``: one core, random play, per game.

- ``us_per_decision``: to_move + legal_actions + a random choice + apply,
  averaged over whole random games (new games included in the time);
- ``games_per_sec``: complete random games per second;
- ``clone_us`` and ``view_us``: on positions sampled along random games.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass

from lastcall.core import Rng, State
from lastcall.core import game as find_game


@dataclass(frozen=True)
class BenchResult:
    game: str
    players: int
    us_per_decision: float
    games_per_sec: float
    clone_us: float
    view_us: float
    games: int
    decisions: int

    def to_json(self) -> dict[str, float | int | str]:
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


def _per_call_us(states: list[State], repeat: int, call: str) -> float:
    start = time.perf_counter()
    if call == "clone":
        for _ in range(repeat):
            for s in states:
                s.clone()
    else:
        for _ in range(repeat):
            for s in states:
                s.view(0)
    return (time.perf_counter() - start) / (repeat * len(states)) * 1e6


def bench_game(game_id: str, players: int | None = None, seconds: float = 2.0) -> BenchResult:
    game = find_game(game_id)
    n = players or min(game.max_players, max(game.min_players, 3))
    games, decisions, elapsed = _random_games(game.id, n, seconds)
    states = _sample_states(game.id, n, 400)
    return BenchResult(
        game=game.id,
        players=n,
        us_per_decision=elapsed / decisions * 1e6,
        games_per_sec=games / elapsed,
        clone_us=_per_call_us(states, 20, "clone"),
        view_us=_per_call_us(states, 3, "view"),
        games=games,
        decisions=decisions,
    )


@dataclass(frozen=True)
class ScalingResult:
    game: str
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
    n = players or min(game.max_players, max(game.min_players, 3))
    one, _ = simulate(game.id, games, n, ["random"], seed=1, workers=1)
    two, _ = simulate(game.id, games, n, ["random"], seed=1, workers=2)
    return ScalingResult(game.id, games, one.seconds, two.seconds)
