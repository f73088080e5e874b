"""``lastcall``: play, simulate, replay and benchmark from the terminal.

Thin commands: each parses its options, calls the library, and renders the
result; domain errors become one red line and exit code 2.
"""

from __future__ import annotations

import json
import os
import secrets
import sys
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.progress import (
    BarColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from lastcall.bots import bot_kinds, split_specs
from lastcall.bots.measure import ismcts_iterations_per_second
from lastcall.cli.play import HUMAN, QuitGame, play_match, save_record, seat_specs, show_result
from lastcall.core import Game, LastcallError, MatchRecord, __version__, game, games
from lastcall.sim.bench import bench_game, worker_scaling
from lastcall.sim.report import write_report
from lastcall.sim.runner import simulate as run_simulation


class RateColumn(ProgressColumn):
    """Games finished per second so far."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:,.1f} games/s")


app = typer.Typer(
    help="lastcall: bar-themed tabletop games for people, bots and simulations.",
    no_args_is_help=False,
    add_completion=False,
)
console = Console()
err = Console(stderr=True)

OptionList = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as name=value (repeatable)."),
]


def _fail(message: str) -> typer.Exit:
    err.print(f"[red]error:[/red] {message}")
    return typer.Exit(2)


def _game(game_id: str) -> Game:
    try:
        return game(game_id)
    except LastcallError as exc:
        raise _fail(str(exc)) from exc


def _options(pairs: list[str] | None) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs or []:
        name, eq, value = pair.partition("=")
        if not eq:
            raise _fail(f"option {pair!r} is not name=value")
        options[name.strip()] = value.strip()
    return options


@app.callback(invoke_without_command=True)
def main_menu(ctx: typer.Context) -> None:
    """With no command: a menu to pick a game, the players and the seats, then play."""
    if ctx.invoked_subcommand is not None:
        return
    ids = games()
    console.print(f"[bold]lastcall[/bold] {__version__}: choose a game")
    for i, game_id in enumerate(ids, 1):
        g = game(game_id)
        console.print(f"  {i}. {g.title} ({g.min_players}-{g.max_players} players): {g.summary}")
    pick = typer.prompt("Game", default="1")
    chosen = ids[int(pick) - 1] if pick.isdigit() and 0 < int(pick) <= len(ids) else pick
    g = _game(chosen)
    players = typer.prompt(
        f"Players ({g.min_players}-{g.max_players})", default=str(g.min_players), type=int
    )
    default_seats = ",".join([HUMAN] + ["random"] * (players - 1))
    console.print(f"Seats are human or a bot ({', '.join(bot_kinds())}), e.g. {default_seats}")
    seats = typer.prompt("Seats", default=default_seats)
    play(g.id, players=players, seats=seats, seed=None, option=None, records=Path("records"))


@app.command("games")
def list_games() -> None:
    """List the games."""
    table = Table(title="Games")
    for column in ("id", "title", "players", "options", "about"):
        table.add_column(column)
    for game_id in games():
        g = game(game_id)
        opts = ", ".join(f"{o.name}={o.default}" for o in g.options) or "-"
        table.add_row(g.id, g.title, f"{g.min_players}-{g.max_players}", opts, g.summary)
    console.print(table)


@app.command()
def rules(game_id: Annotated[str, typer.Argument(metavar="GAME")]) -> None:
    """Print a game's rules as implemented."""
    console.print(Markdown(_game(game_id).rules_text()))


@app.command()
def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    seats: Annotated[
        str | None, typer.Option(help="Per seat: human or a bot spec, e.g. human,random.")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of all chance (random if absent).")] = None,
    option: OptionList = None,
    records: Annotated[Path, typer.Option(help="Where to save the match record.")] = Path(
        "records"
    ),
) -> None:
    """Play a game at this terminal, people and bots together."""
    g = _game(game_id)
    n = players or (len(split_specs(seats)) if seats else g.min_players)
    real_seed = seed if seed is not None else secrets.randbelow(2**31)
    try:
        specs = seat_specs(seats, n)
        rec = play_match(g, n, specs, real_seed, _options(option), console=console)
    except QuitGame:
        console.print("Game abandoned; no record saved.")
        return
    except (LastcallError, ValueError) as exc:
        raise _fail(str(exc)) from exc
    show_result(rec.state, specs, console)
    path = save_record(rec.record(), records)
    console.print(f"Match record saved to {path} (replay it with: lastcall replay {path})")


@app.command()
def simulate(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    n: Annotated[int, typer.Option("-n", "--games", min=1, help="Games to play.")] = 100,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    bots: Annotated[
        str, typer.Option(help="Bot specs, seated over all permutations, e.g. greedy,random.")
    ] = "random",
    seed: Annotated[int, typer.Option()] = 0,
    workers: Annotated[
        int | None, typer.Option(min=1, help="Worker processes (default: all cores).")
    ] = None,
    option: OptionList = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    out: Annotated[
        Path | None,
        typer.Option(help="Write per-game rows (JSONL, CSV), charts and report.md here."),
    ] = None,
    backend: Annotated[str, typer.Option(help="local (worker processes) or ray.")] = "local",
    address: Annotated[
        str | None, typer.Option(help="Ray cluster address to join (with --backend ray).")
    ] = None,
) -> None:
    """Play many games between bots and report win rates, scores and speed."""
    g = _game(game_id)
    n_players = players or g.min_players
    specs = split_specs(bots)
    k = workers or os.cpu_count() or 1
    show_bar = not as_json and err.is_terminal
    try:
        run = partial(
            run_simulation, g.id, n, n_players, specs, seed, k, _options(option),
            backend=backend, address=address,
        )  # fmt: skip
        if show_bar:
            columns = (
                TextColumn("[bold]{task.description}"),
                BarColumn(),
                TextColumn("{task.completed}/{task.total}"),
                RateColumn(),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
            )
            with Progress(*columns, console=err) as bar:
                task = bar.add_task(g.title, total=n)
                summary, results = run(progress=lambda done: bar.advance(task, done))
        else:
            summary, results = run()
        report = write_report(out, summary, results) if out is not None else None
    except LastcallError as exc:
        raise _fail(str(exc)) from exc
    if report is not None:
        err.print(f"Report written to {report}")
    if as_json:
        print(json.dumps(summary.to_json(), sort_keys=True))
        return
    table = Table(title=f"{g.title}: {summary.games} games, {n_players} players")
    for column in ("seat", "wins", "win rate", "mean score"):
        table.add_column(column, justify="right")
    for p in range(n_players):
        wins = summary.wins_by_seat[p]
        rate = wins / max(1, summary.games - summary.errors)
        table.add_row(f"P{p}", f"{wins:g}", f"{rate:.1%}", f"{summary.mean_scores[p]:.2f}")
    console.print(table)
    if len(summary.by_bot) > 1:
        bot_table = Table(title="By bot")
        for column in ("bot", "seats played", "win rate", "95% interval"):
            bot_table.add_column(column, justify="right")
        for name, row in summary.by_bot.items():
            low, high = row["ci95"]
            bot_table.add_row(
                name, str(row["games"]), f"{row['win_rate']:.1%}", f"{low:.1%}-{high:.1%}"
            )
        console.print(bot_table)
    console.print(
        f"mean decisions per game {summary.mean_decisions:.1f}; "
        f"{summary.decisions_per_sec:,.0f} decisions/s; errors {summary.errors}; "
        f"{summary.seconds:.1f} s with {k} worker(s)"
    )
    for line in summary.error_samples:
        err.print(f"[red]{line}[/red]")


@app.command()
def replay(
    path: Annotated[Path, typer.Argument(metavar="FILE", exists=True, dir_okay=False)],
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Replay a match record, check every move, and print the final standings."""
    try:
        record = MatchRecord.load(path)
        state = record.replay()
    except LastcallError as exc:
        raise _fail(str(exc)) from exc
    if as_json:
        print(
            json.dumps(
                {
                    "game": record.game,
                    "players": record.players,
                    "seed": record.seed,
                    "moves": len(record.moves),
                    "over": state.is_over,
                    "scores": list(state.scores()),
                    "ranking": [list(g) for g in state.ranking()],
                },
                sort_keys=True,
            )
        )
        return
    console.print(f"{path}: {len(record.moves)} moves of {record.game} replayed and checked.")
    if not state.is_over:
        console.print("The match was not finished.")
    show_result(state, record.seats or tuple(f"P{p}" for p in range(record.players)), console)


@app.command()
def bench(
    game_id: Annotated[str | None, typer.Argument(metavar="[GAME]")] = None,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    seconds: Annotated[float, typer.Option(help="Random play time per game.")] = 2.0,
    scaling: Annotated[
        int, typer.Option(help="Also time a simulation of this many games on 1 and 2 workers.")
    ] = 0,
    ismcts_seconds: Annotated[
        float, typer.Option("--ismcts-seconds", help="Search time for the ISMCTS rate (0: skip).")
    ] = 1.0,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Measure speed on one core: per decision, per game, per clone, per view, ISMCTS."""
    ids = [_game(game_id).id] if game_id else list(games())
    rows: dict[str, dict[str, float | int]] = {}
    for gid in ids:
        r = bench_game(gid, players, seconds)
        row: dict[str, float | int] = {
            "players": r.players,
            "us_per_decision": round(r.us_per_decision, 3),
            "games_per_sec": round(r.games_per_sec, 2),
            "clone_us": round(r.clone_us, 3),
            "view_us": round(r.view_us, 3),
        }
        if ismcts_seconds > 0:
            rate = ismcts_iterations_per_second(game(gid), r.players, 0, ismcts_seconds)
            row["ismcts_iters_per_sec"] = round(rate, 1)
        if scaling:
            s = worker_scaling(gid, players, scaling)
            row["workers_speedup"] = round(s.speedup, 3)
        rows[gid] = row
    if as_json:
        print(json.dumps(rows, sort_keys=True))
        return
    columns = ["us/dec", "games/s", "clone us", "view us"]
    keys = ["us_per_decision", "games_per_sec", "clone_us", "view_us"]
    if ismcts_seconds > 0:
        columns.append("ismcts it/s")
        keys.append("ismcts_iters_per_sec")
    if scaling:
        columns.append("2 workers")
        keys.append("workers_speedup")
    table = Table(title="lastcall bench (one core, random play)")
    for column in ("game", "players", *columns):
        table.add_column(column, justify="right")
    for gid, row in rows.items():
        table.add_row(gid, str(row["players"]), *(f"{row[k]:,.2f}" for k in keys))
    console.print(table)


def main() -> None:
    app(prog_name="lastcall")
    sys.exit(0)
