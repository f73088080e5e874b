"""Play many seeded games with bots, in worker processes, and summarise them.

Game ``i`` of a run with seed ``S`` uses seed ``mix_seed(S, i)`` and a seat
lineup fixed by ``i``, so its result does not depend on how many workers play,
or in which order they finish.
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, TypedDict

from lastcall.bots import Seat, make_bot
from lastcall.core import LastcallError, mix_seed
from lastcall.core import game as find_game
from lastcall.sim.backends import make_backend
from lastcall.sim.stats import wilson

# Ten million games is days of play; past it a typo is likelier than a plan.
MAX_GAMES = 10_000_000
# Local workers beyond this many per core only add memory and switching.
WORKERS_PER_CORE = 4


def max_local_workers() -> int:
    """The most worker processes a local run may start on this machine."""
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


def check_run(games: int, bots: Sequence[str], workers: int, backend: str) -> None:
    """Refuse a run that cannot work, before any game is played."""
    if not 1 <= games <= MAX_GAMES:
        raise LastcallError(f"games: {games} is not between 1 and {MAX_GAMES:,}")
    if not bots:
        raise LastcallError("no bots given: name at least one, e.g. --bots greedy,random")
    if workers < 1:
        raise LastcallError(f"workers: {workers} is not at least 1")
    limit = max_local_workers()
    if backend == "local" and workers > limit:
        cores = os.cpu_count() or 1
        raise LastcallError(
            f"workers: {workers} is far above this machine's {cores} core(s); use at most {limit}"
        )


@dataclass(frozen=True)
class GameResult:
    """One finished (or failed) game.

    ``scores`` and ``winners`` cover the seats, then the rivals that are not
    seats (numbered from ``len(seats)``); ``first_seat`` is the seat the game
    chose to take the first turn; ``length`` is the game's length in the units
    its rulebook counts (rounds, turns).
    """

    index: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    decisions: int
    seconds: float
    error: str | None = None
    first_seat: int = 0
    length: Mapping[str, int] = field(default_factory=dict)
    rivals: tuple[str, ...] = ()
    sources: tuple[Mapping[str, float], ...] = ()
    """Each seat's points by source at the end (empty where the game gives none)."""
    offers: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """What was on offer, each with the seats holding it at the end."""


@dataclass(frozen=True)
class GameSpec:
    game: str
    players: int
    options: Mapping[str, Any]
    seed: int
    lineups: tuple[tuple[str, ...], ...]

    def lineup(self, index: int) -> tuple[str, ...]:
        return self.lineups[index % len(self.lineups)]


def lineups(bots: Sequence[str], players: int) -> tuple[tuple[str, ...], ...]:
    """Every distinct seating of the bots (cycled to fill the seats), in a fixed order.

    Game ``i`` takes seating ``i mod k``, so over a run no bot keeps one seat.
    """
    base = [bots[s % len(bots)] for s in range(players)]
    return tuple(sorted(set(itertools.permutations(base))))


def play_game(spec: GameSpec, index: int) -> GameResult:
    """Play game ``index`` of a run to the end; errors are reported, not raised."""
    seed = mix_seed(spec.seed, index)
    seats = spec.lineup(index)
    start = time.perf_counter()
    decisions = 0
    try:
        game = find_game(spec.game)
        state = game.new(spec.players, seed, spec.options)
        bots = [make_bot(name, mix_seed(seed, seat, 1)) for seat, name in enumerate(seats)]
        bound = game.max_decisions(spec.players, state.options)
        while state.to_move:
            player = state.to_move[0]
            state.apply(player, bots[player].choose(Seat(state, player)))
            decisions += 1
            if decisions > bound:
                raise RuntimeError(f"no end after {bound} decisions")
        return GameResult(
            index=index,
            seed=seed,
            seats=seats,
            scores=tuple(state.scores()),
            winners=state.winners(),
            decisions=decisions,
            seconds=time.perf_counter() - start,
            first_seat=state.first_seat(),
            length=state.length(),
            rivals=state.rivals(),
            sources=tuple(state.score_sources(p) for p in range(spec.players)),
            offers=state.offers(),
        )
    except Exception as exc:  # a failed game is counted and reported, the run goes on
        return GameResult(
            index=index,
            seed=seed,
            seats=seats,
            scores=(),
            winners=(),
            decisions=decisions,
            seconds=time.perf_counter() - start,
            error=f"{type(exc).__name__}: {exc}",
        )


def _play_chunk(args: tuple[GameSpec, range]) -> list[GameResult]:
    spec, indices = args
    return [play_game(spec, i) for i in indices]


def _chunks(n: int, size: int) -> Iterator[range]:
    for start in range(0, n, size):
        yield range(start, min(n, start + size))


class Offer(TypedDict):
    """One component over a run: offered in ``games``, held by a seat at the end in ``taken``."""

    games: int
    taken: int
    rate: float
    holders: float
    """Seats holding it at the end, on average over the games it was offered in."""
    holder_wins: float
    """Of the seats that held it at the end, the share that won (a tie shares the win)."""


@dataclass
class SimulationSummary:
    game: str
    games: int
    players: int
    bots: list[str]
    seed: int
    options: dict[str, Any]
    wins_by_seat: list[float]
    mean_scores: list[float]
    mean_decisions: float
    errors: int
    seconds: float
    decisions_per_sec: float
    by_bot: dict[str, dict[str, Any]]
    first_seat_win_rate: float
    """Win rate of the seat that took the first turn (as the game chose it, not P0)."""
    first_seat_ci95: tuple[float, float]
    mean_length: dict[str, float] = field(default_factory=dict)
    """Mean game length in each unit the rulebook counts (rounds, turns)."""
    rival_wins: dict[str, float] = field(default_factory=dict)
    """Games won by each rival that is not a seat (a share when tied)."""
    score_sources: dict[str, float] = field(default_factory=dict)
    """Mean points a seat took from each source, in the game's order of sources."""
    offers: dict[str, Offer] = field(default_factory=dict)
    """Each component that was on offer: in how many games, and how often it was taken."""
    error_samples: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["first_seat_ci95"] = list(self.first_seat_ci95)
        return data


def mean_sources(results: Sequence[GameResult]) -> dict[str, float]:
    """Mean points per seat from each source, over every seat of every game.

    Sources keep the order in which the games name them; a source a seat
    did not score from counts as 0 for it.
    """
    totals: dict[str, float] = {}
    seats = 0
    for r in results:
        for sources in r.sources:
            seats += 1
            for name, points in sources.items():
                totals[name] = totals.get(name, 0.0) + points
    return {name: total / seats for name, total in totals.items()} if seats else {}


def offer_rates(results: Sequence[GameResult]) -> dict[str, Offer]:
    """For each component: games it was offered in, games some seat held it at the end."""
    games: dict[str, int] = {}
    taken: dict[str, int] = {}
    holders: dict[str, int] = {}
    wins: dict[str, float] = {}
    for r in results:
        share = 1.0 / len(r.winners) if r.winners else 0.0
        for name, seats in r.offers.items():
            games[name] = games.get(name, 0) + 1
            taken[name] = taken.get(name, 0) + (1 if seats else 0)
            holders[name] = holders.get(name, 0) + len(seats)
            wins[name] = wins.get(name, 0.0) + share * sum(p in r.winners for p in seats)
    return {
        name: Offer(
            games=games[name],
            taken=taken[name],
            rate=taken[name] / games[name],
            holders=holders[name] / games[name],
            holder_wins=wins[name] / holders[name] if holders[name] else 0.0,
        )
        for name in sorted(games)
    }


def summarise(
    spec: GameSpec, bots: Sequence[str], results: Sequence[GameResult], seconds: float
) -> SimulationSummary:
    players = spec.players
    ok = [r for r in results if r.error is None]
    wins = [0.0] * players
    totals = [0.0] * players
    bot_games: dict[str, int] = {}
    bot_wins: dict[str, float] = {}
    first_wins = 0.0
    lengths: dict[str, float] = {}
    rival_wins: dict[str, float] = {}
    for r in ok:
        share = 1.0 / len(r.winners) if r.winners else 0.0
        if r.first_seat in r.winners:
            first_wins += share
        for unit, value in r.length.items():
            lengths[unit] = lengths.get(unit, 0.0) + value
        for k, name in enumerate(r.rivals):
            rival_wins[name] = rival_wins.get(name, 0.0) + (
                share if players + k in r.winners else 0.0
            )
        for seat, name in enumerate(r.seats):
            bot_games[name] = bot_games.get(name, 0) + 1
            bot_wins.setdefault(name, 0.0)
            totals[seat] += r.scores[seat]
            if seat in r.winners:
                wins[seat] += share
                bot_wins[name] += share
    n_ok = len(ok)
    decisions = sum(r.decisions for r in results)
    play_seconds = sum(r.seconds for r in results)
    by_bot = {
        name: {
            "games": bot_games[name],
            "wins": bot_wins[name],
            "win_rate": bot_wins[name] / bot_games[name],
            "ci95": list(wilson(bot_wins[name], bot_games[name])),
        }
        for name in sorted(bot_games)
    }
    return SimulationSummary(
        game=spec.game,
        games=len(results),
        players=players,
        bots=list(bots),
        seed=spec.seed,
        options=options_in_play(spec.game, players, spec.options),
        wins_by_seat=wins,
        mean_scores=[t / n_ok if n_ok else 0.0 for t in totals],
        mean_decisions=decisions / len(results) if results else 0.0,
        errors=len(results) - n_ok,
        seconds=seconds,
        decisions_per_sec=decisions / play_seconds if play_seconds > 0 else 0.0,
        by_bot=by_bot,
        first_seat_win_rate=first_wins / n_ok if n_ok else 0.0,
        first_seat_ci95=wilson(first_wins, n_ok),
        mean_length={unit: total / n_ok for unit, total in lengths.items()},
        rival_wins=rival_wins,
        score_sources=mean_sources(ok),
        offers=offer_rates(ok),
        error_samples=[f"game {r.index} (seed {r.seed}): {r.error}" for r in results if r.error][
            :5
        ],
    )


def options_in_play(game_id: str, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options less those that do nothing at this player count (a solo opponent in a
    game of three), as a summary reports them."""
    applies = {
        option.name
        for option in find_game(game_id).options
        if option.players is None or players in option.players
    }
    return {name: value for name, value in options.items() if name in applies}


def simulate(
    game_id: str,
    games: int,
    players: int,
    bots: Sequence[str] = ("random",),
    seed: int = 0,
    workers: int = 1,
    options: Mapping[str, object] | None = None,
    progress: Callable[[int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> tuple[SimulationSummary, list[GameResult]]:
    """Play ``games`` games and summarise them; ``progress(k)`` reports k more done.

    ``backend`` is ``local`` (``workers`` processes) or ``ray`` (a cluster at
    ``address``, or a local Ray instance); the results are the same.
    """
    check_run(games, bots, workers, backend)
    game = find_game(game_id)
    resolved = game.new(players, 0, options).options  # validates players and options
    for name in set(bots):
        make_bot(name)  # fail fast on a bad spec
    spec = GameSpec(game.id, players, resolved, seed, lineups(bots, players))
    start = time.perf_counter()
    results: list[GameResult] = []
    chunk = max(1, min(50, games // (workers * 8) or 1))
    jobs = [(spec, r) for r in _chunks(games, chunk)]
    runner = make_backend(backend, workers, address)
    for done in runner.run(_play_chunk, jobs):
        results.extend(done)
        if progress:
            progress(len(done))
    results.sort(key=lambda r: r.index)
    summary = summarise(spec, bots, results, time.perf_counter() - start)
    return summary, results
