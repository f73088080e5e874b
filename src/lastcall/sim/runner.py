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


def chunk_size(games: int) -> int:
    """Games a worker plays per job: fixed by the run's length alone, never by its workers,
    so that the chunks' sums add up to the same bits however many workers play them."""
    return max(1, min(50, games // 64))


def _chunks(n: int, size: int) -> Iterator[range]:
    for start in range(0, n, size):
        yield range(start, min(n, start + size))


Job = tuple[GameSpec, range, bool]
Chunk = tuple[int, "Tally", list[GameResult]]


def _play_chunk(job: Job) -> Chunk:
    """Play one chunk: its first game's index, the sums of its games, and (when asked for)
    its rows. Only the sums cross back to the run when no rows are wanted."""
    spec, indices, rows = job
    tally = Tally(spec.players)
    kept: list[GameResult] = []
    for i in indices:
        result = play_game(spec, i)
        tally.add(result)
        if rows:
            kept.append(result)
    return indices.start, tally, kept


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


def _add_counts(into: dict[str, Any], other: Mapping[str, Any]) -> None:
    for name, value in other.items():
        into[name] = into.get(name, 0) + value


ERROR_SAMPLES = 5
"""Failed games a summary quotes, the first by index."""


class Tally:
    """The sums a summary is made of, over some games of a run.

    Workers send these back instead of every game's result, so the run's own
    process does little more than add them up. Tallies merged in the order of
    their games give the same sums as one tally of all of them in that order of
    chunks; names keep the order in which the games first give them.
    """

    __slots__ = (
        "bot_games",
        "bot_wins",
        "decisions",
        "error_samples",
        "errors",
        "first_wins",
        "games",
        "lengths",
        "offer_games",
        "offer_holders",
        "offer_taken",
        "offer_wins",
        "ok",
        "play_seconds",
        "rival_wins",
        "source_seats",
        "sources",
        "totals",
        "wins",
    )

    def __init__(self, players: int) -> None:
        self.games = 0
        self.ok = 0
        self.errors = 0
        self.decisions = 0
        self.play_seconds = 0.0
        self.wins = [0.0] * players
        self.totals = [0.0] * players
        self.first_wins = 0.0
        self.lengths: dict[str, float] = {}
        self.rival_wins: dict[str, float] = {}
        self.bot_games: dict[str, int] = {}
        self.bot_wins: dict[str, float] = {}
        self.source_seats = 0
        self.sources: dict[str, float] = {}
        self.offer_games: dict[str, int] = {}
        self.offer_taken: dict[str, int] = {}
        self.offer_holders: dict[str, int] = {}
        self.offer_wins: dict[str, float] = {}
        self.error_samples: list[str] = []

    @classmethod
    def of(cls, players: int, results: Sequence[GameResult]) -> Tally:
        tally = cls(players)
        for r in results:
            tally.add(r)
        return tally

    def add(self, r: GameResult) -> None:
        """Count one game's result."""
        self.games += 1
        self.decisions += r.decisions
        self.play_seconds += r.seconds
        if r.error is not None:
            self.errors += 1
            if len(self.error_samples) < ERROR_SAMPLES:
                self.error_samples.append(f"game {r.index} (seed {r.seed}): {r.error}")
            return
        self.ok += 1
        winners = r.winners
        share = 1.0 / len(winners) if winners else 0.0
        if r.first_seat in winners:
            self.first_wins += share
        lengths = self.lengths
        for unit, value in r.length.items():
            lengths[unit] = lengths.get(unit, 0.0) + value
        players = len(self.wins)
        rival_wins = self.rival_wins
        for k, name in enumerate(r.rivals):
            rival_wins[name] = rival_wins.get(name, 0.0) + (
                share if players + k in winners else 0.0
            )
        bot_games = self.bot_games
        bot_wins = self.bot_wins
        for seat, name in enumerate(r.seats):
            bot_games[name] = bot_games.get(name, 0) + 1
            bot_wins.setdefault(name, 0.0)
            self.totals[seat] += r.scores[seat]
            if seat in winners:
                self.wins[seat] += share
                bot_wins[name] += share
        sources = self.sources
        for seat_sources in r.sources:
            self.source_seats += 1
            for name, points in seat_sources.items():
                sources[name] = sources.get(name, 0.0) + points
        offer_games = self.offer_games
        offer_taken = self.offer_taken
        offer_holders = self.offer_holders
        offer_wins = self.offer_wins
        for name, seats in r.offers.items():
            offer_games[name] = offer_games.get(name, 0) + 1
            offer_taken[name] = offer_taken.get(name, 0) + (1 if seats else 0)
            offer_holders[name] = offer_holders.get(name, 0) + len(seats)
            offer_wins[name] = offer_wins.get(name, 0.0) + share * sum(p in winners for p in seats)

    def merge(self, other: Tally) -> None:
        """Add the sums of games that come after this tally's."""
        self.games += other.games
        self.ok += other.ok
        self.errors += other.errors
        self.decisions += other.decisions
        self.play_seconds += other.play_seconds
        for seat, wins in enumerate(other.wins):
            self.wins[seat] += wins
            self.totals[seat] += other.totals[seat]
        self.first_wins += other.first_wins
        self.source_seats += other.source_seats
        for mine, theirs in (
            (self.lengths, other.lengths),
            (self.rival_wins, other.rival_wins),
            (self.bot_games, other.bot_games),
            (self.bot_wins, other.bot_wins),
            (self.sources, other.sources),
            (self.offer_games, other.offer_games),
            (self.offer_taken, other.offer_taken),
            (self.offer_holders, other.offer_holders),
            (self.offer_wins, other.offer_wins),
        ):
            _add_counts(mine, theirs)
        room = ERROR_SAMPLES - len(self.error_samples)
        self.error_samples.extend(other.error_samples[:room])

    def mean_sources(self) -> dict[str, float]:
        seats = self.source_seats
        return {name: total / seats for name, total in self.sources.items()} if seats else {}

    def offer_rates(self) -> dict[str, Offer]:
        games = self.offer_games
        taken = self.offer_taken
        holders = self.offer_holders
        return {
            name: Offer(
                games=games[name],
                taken=taken[name],
                rate=taken[name] / games[name],
                holders=holders[name] / games[name],
                holder_wins=self.offer_wins[name] / holders[name] if holders[name] else 0.0,
            )
            for name in sorted(games)
        }

    def summary(self, spec: GameSpec, bots: Sequence[str], seconds: float) -> SimulationSummary:
        n_ok = self.ok
        by_bot = {
            name: {
                "games": self.bot_games[name],
                "wins": self.bot_wins[name],
                "win_rate": self.bot_wins[name] / self.bot_games[name],
                "ci95": list(wilson(self.bot_wins[name], self.bot_games[name])),
            }
            for name in sorted(self.bot_games)
        }
        return SimulationSummary(
            game=spec.game,
            games=self.games,
            players=spec.players,
            bots=list(bots),
            seed=spec.seed,
            options=options_in_play(spec.game, spec.players, spec.options),
            wins_by_seat=list(self.wins),
            mean_scores=[t / n_ok if n_ok else 0.0 for t in self.totals],
            mean_decisions=self.decisions / self.games if self.games else 0.0,
            errors=self.errors,
            seconds=seconds,
            decisions_per_sec=self.decisions / self.play_seconds if self.play_seconds > 0 else 0.0,
            by_bot=by_bot,
            first_seat_win_rate=self.first_wins / n_ok if n_ok else 0.0,
            first_seat_ci95=wilson(self.first_wins, n_ok),
            mean_length={unit: total / n_ok for unit, total in self.lengths.items()},
            rival_wins=dict(self.rival_wins),
            score_sources=self.mean_sources(),
            offers=self.offer_rates(),
            error_samples=list(self.error_samples),
        )


def mean_sources(results: Sequence[GameResult]) -> dict[str, float]:
    """Mean points per seat from each source, over every seat of every game.

    Sources keep the order in which the games name them; a source a seat
    did not score from counts as 0 for it.
    """
    players = max((len(r.seats) for r in results), default=0)
    return Tally.of(players, results).mean_sources()


def offer_rates(results: Sequence[GameResult]) -> dict[str, Offer]:
    """For each component: games it was offered in, games some seat held it at the end."""
    players = max((len(r.seats) for r in results), default=0)
    return Tally.of(players, results).offer_rates()


def summarise(
    spec: GameSpec, bots: Sequence[str], results: Sequence[GameResult], seconds: float
) -> SimulationSummary:
    """The summary of these results, in this order."""
    return Tally.of(spec.players, results).summary(spec, bots, seconds)


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
    rows: bool = True,
) -> tuple[SimulationSummary, list[GameResult]]:
    """Play ``games`` games and summarise them; ``progress(k)`` reports k more done.

    ``backend`` is ``local`` (``workers`` processes) or ``ray`` (a cluster at
    ``address``, or a local Ray instance); the results are the same. The second
    value is every game's result in order, or nothing with ``rows=False``: then
    the workers send back only the sums of their games, which is what a long
    run on several workers should do when it wants the summary alone.
    """
    check_run(games, bots, workers, backend)
    game = find_game(game_id)
    resolved = game.new(players, 0, options).options  # validates players and options
    for name in set(bots):
        make_bot(name)  # fail fast on a bad spec
    spec = GameSpec(game.id, players, resolved, seed, lineups(bots, players))
    start = time.perf_counter()
    jobs = [(spec, r, rows) for r in _chunks(games, chunk_size(games))]
    runner = make_backend(backend, workers, address)
    done: dict[int, tuple[Tally, list[GameResult]]] = {}
    for first, tally, chunk_rows in runner.run(_play_chunk, jobs):
        done[first] = (tally, chunk_rows)
        if progress:
            progress(tally.games)
    total = Tally(players)
    results: list[GameResult] = []
    for first in sorted(done):
        tally, chunk_rows = done[first]
        total.merge(tally)
        results.extend(chunk_rows)
    summary = total.summary(spec, bots, time.perf_counter() - start)
    return summary, results
