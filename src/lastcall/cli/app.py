"""``lastcall``: play, simulate, replay and benchmark from the terminal.

Thin commands: each checks its options before any work, calls the library,
and renders the result. Bad input of any kind becomes one red line and exit
code 2; a match in play is saved after every move and survives any way of
stopping it.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from functools import partial
from math import isfinite
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
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
from lastcall.cli.asking import read_line
from lastcall.cli.play import (
    HUMAN,
    Autosave,
    QuitGame,
    Session,
    new_table,
    play_match,
    record_names,
    resume_match,
    seat_names,
    seat_specs,
    show_result,
)
from lastcall.cli.records import (
    MatchRecordFile,
    RecordFile,
    check_output_dir,
    read_record,
    shown_path,
    unfinished_records,
)
from lastcall.cli.screen import suggestions, wrap
from lastcall.core import Game, LastcallError, Option, __version__, game, games
from lastcall.core.actions import shown
from lastcall.core.present import default_names

if TYPE_CHECKING:
    from lastcall.sim.runner import SimulationSummary

# An option given with -o is a short name=value; longer text is a mistake.
MAX_OPTION_TEXT = 200
# Timed benchmark phases are seconds to minutes; ten minutes is the ceiling.
MAX_BENCH_SECONDS = 600.0
MAX_SCALING_GAMES = 100_000
# A short run by default: enough to start the workers and see them share the games.
DEFAULT_SCALING_GAMES = 400
MAX_STARTUP_RUNS = 50
RECORDS = Path("records")


class RateColumn(ProgressColumn):
    """Games finished per second so far."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:,.1f} games/s")


class TerminalClosed(Exception):
    """The terminal went away (SIGHUP) in the middle of a match."""


app = typer.Typer(
    help="lastcall: bar-themed tabletop games for people, bots and simulations.",
    no_args_is_help=False,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
err = Console(stderr=True)

GAME_IDS = ", ".join(games())
GameArgument = Annotated[
    str, typer.Argument(metavar="GAME", help=f"The game: one of {GAME_IDS}.", show_default=False)
]
OptionList = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as name=value (repeatable)."),
]
PlayersOption = Annotated[
    int | None,
    typer.Option("--players", "-p", help="Number of players (default: the game's smallest)."),
]


def _fail(message: str) -> typer.Exit:
    err.print(Text.assemble(("error: ", "red"), message), soft_wrap=True)
    return typer.Exit(2)


def _game(game_id: str) -> Game:
    if len(game_id) > MAX_OPTION_TEXT:
        raise _fail(f"unknown game {shown(game_id)}; known games: {GAME_IDS}")
    try:
        return game(game_id)
    except LastcallError as exc:
        raise _fail(str(exc)) from exc


def _options(pairs: list[str] | None) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs or []:
        name, eq, value = pair.partition("=")
        if not eq or len(pair) > MAX_OPTION_TEXT:
            raise _fail(f"option {shown(pair)} is not a short name=value")
        if name.strip() in options:
            raise _fail(f"option {shown(name.strip())} is given twice; give each option once")
        options[name.strip()] = value.strip()
    return options


def _players(g: Game, players: int) -> int:
    if players not in g.player_counts:
        raise _fail(f"{g.title} takes {g.min_players} to {g.max_players} players, not {players}")
    return players


def _seconds(value: float, option: str, minimum: float) -> float:
    if not (isfinite(value) and minimum <= value <= MAX_BENCH_SECONDS):
        raise _fail(f"{option} {value}: give seconds from {minimum:g} to {MAX_BENCH_SECONDS:g}")
    return value


def _ask(prompt: str) -> str:
    return read_line(f"{prompt}: ")


def _version(value: bool) -> None:
    if value:
        console.print(f"lastcall {__version__}", markup=False)
        raise typer.Exit()


# ----------------------------------------------------------------- the menu


def _menu_pick(prompt: str, default: str, valid: dict[str, str], hint: str) -> str:
    """Ask until the answer is one of ``valid`` (lower-cased keys); returns its value."""
    while True:
        answer = _ask(f"{prompt} [{default}]").strip() or default
        picked = valid.get(answer.lower())
        if picked is not None:
            return picked
        console.print(Text(f"No choice {shown(answer)}: {hint}.", style="red"))


def _menu_players(g: Game) -> int:
    counts = {str(n): str(n) for n in g.player_counts}
    hint = f"type a number from {g.min_players} to {g.max_players}"
    return int(_menu_pick("Players", str(g.min_players), counts, hint))


def _menu_seats(g: Game, players: int) -> tuple[str, ...]:
    default = ",".join([HUMAN] + ["random"] * (players - 1))
    console.print(
        Text(f"Seats are {HUMAN} or a bot ({', '.join(bot_kinds())}), one per player, e.g. ")
        + Text(default, style="bold")
    )
    while True:
        answer = _ask(f"Seats [{default}]").strip() or default
        named = len(split_specs(answer))
        if named != players:
            console.print(
                Text(f"No choice: {players} players need {players} seats, not {named}", style="red")
            )
            continue
        try:
            return seat_specs(answer, players)
        except LastcallError as exc:
            console.print(Text(f"No choice: {exc}", style="red"))


def _menu_names(players: int) -> tuple[str, ...]:
    default = ",".join(default_names(players))
    while True:
        answer = _ask(f"Names, one per seat [{default}]").strip() or default
        try:
            return seat_names(answer, players)
        except LastcallError as exc:
            console.print(Text(f"No choice: {exc}", style="red"))


def _option_values(option: Option) -> str:
    """The answers an option takes, in words."""
    if option.choices is not None:
        return " or ".join(map(str, option.choices))
    if isinstance(option.default, bool):
        return "yes or no"
    if isinstance(option.default, int):
        low = "" if option.minimum is None else f"from {option.minimum} "
        high = "" if option.maximum is None else f"to {option.maximum}"
        return f"a number {low}{high}".strip()
    return "a word"


def _menu_options(g: Game, players: int) -> dict[str, Any]:
    """Every option of the game that applies at this player count, each with its help."""
    chosen: dict[str, Any] = {}
    usable = [o for o in g.options if o.players is None or players in o.players]
    if not usable:
        return chosen
    console.print(Text("Options (Enter keeps the value in brackets):"))
    for option in usable:
        default = option.default
        shown_default = ("yes" if default else "no") if isinstance(default, bool) else str(default)
        house = " (a house rule, not in the rulebook)" if option.house_rule else ""
        console.print(Text(f"  {option.name}: {option.help}{house}"), soft_wrap=True)
        while True:
            answer = _ask(f"  {option.name} [{shown_default}]").strip()
            if not answer:
                break
            try:
                value = option.validate(answer)
                g.resolve_options({**chosen, option.name: value}, players)
            except LastcallError:
                console.print(
                    Text(f"No choice {shown(answer)}: type {_option_values(option)}.", style="red")
                )
                continue
            chosen[option.name] = value
            break
    return chosen


def _menu_resume(entries: list[MatchRecordFile]) -> Path:
    console.print("Unfinished matches, newest first:")
    shown_entries = entries[:9]
    for i, entry in enumerate(shown_entries, 1):
        record = entry.record
        seats = ", ".join(record.seats)
        console.print(
            Text(f"  {i}. {entry.path.name}: {record.game}, {len(record.moves)} moves ({seats})")
        )
    valid = {str(i): str(i) for i in range(1, len(shown_entries) + 1)}
    pick = _menu_pick("Match", "1", valid, f"type a number from 1 to {len(shown_entries)}")
    path: Path = shown_entries[int(pick) - 1].path
    return path


def run_menu(records: Path) -> None:
    """Pick a game, the players and the seats, or a saved match, then play."""
    ids = games()
    console.print(Text.assemble(("lastcall", "bold"), f" {__version__}: choose a game"))
    valid: dict[str, str] = {}
    for i, game_id in enumerate(ids, 1):
        g = game(game_id)
        console.print(
            Text(f"  {i}. {g.title} ({g.min_players}-{g.max_players} players): {g.summary}")
        )
        valid[str(i)] = valid[game_id] = game_id
    unfinished = unfinished_records(records)
    if unfinished:
        console.print(Text(f"  r. Resume an unfinished match ({len(unfinished)} saved)"))
        valid["r"] = "r"
    console.print("  q. Quit")
    valid["q"] = "q"
    letters = "r or q" if unfinished else "q"
    pick = _menu_pick("Game", "1", valid, f"type 1 to {len(ids)}, a game id, or {letters}")
    if pick == "q":
        return
    if pick == "r":
        _run(*_resumed(_menu_resume(unfinished), confirm_all=False))
        return
    g = game(pick)
    players = _menu_players(g)
    seats = _menu_seats(g, players)
    options = _menu_options(g, players)
    names = _menu_names(players)
    seed = secrets.randbelow(2**31)
    _run(*_started(g, players, seats, seed, options, records, confirm_all=False, names=names))


@app.callback(invoke_without_command=True)
def main_menu(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """With no command: a menu to pick a game, the players and the seats, then play."""
    if ctx.invoked_subcommand is not None:
        return
    try:
        run_menu(RECORDS)
    except (EOFError, KeyboardInterrupt):
        console.print()
    except LastcallError as exc:
        raise _fail(str(exc)) from exc


# ----------------------------------------------------------------- listing and rules


@app.command("games")
def list_games() -> None:
    """List the games with their player counts and options."""
    width = min(console.width, 100)
    for game_id in games():
        g = game(game_id)
        console.print(
            Text.assemble(
                (g.title, "bold"),
                f" ({g.id}, version {g.version}), {g.min_players}-{g.max_players} players",
            ),
            soft_wrap=True,
        )
        for line in wrap(g.summary, width - 2, "  "):
            console.print(Text(f"  {line}"), soft_wrap=True)
        for o in g.options:
            house = ", a house rule" if o.house_rule else ""
            text = f"option {o.name}={o.default} ({_option_values(o)}{house}): {o.help}"
            for line in wrap(text, width - 2, "    "):
                console.print(Text(f"  {line}"), soft_wrap=True)
    console.print(Text("Play one with: lastcall play GAME (options: -o name=value)"))


@app.command()
def rules(
    game_id: GameArgument,
    term: Annotated[
        str | None,
        typer.Argument(help="A card or term to explain (close spellings are found)."),
    ] = None,
    glossary: Annotated[
        bool,
        typer.Option("--glossary", help="Every card and term with its full text."),
    ] = False,
    full: Annotated[
        bool,
        typer.Option("--full", help="The whole document of the rules as this program plays them."),
    ] = False,
) -> None:
    """How to play a game, and what its cards and terms mean (--full: every rule in detail).

    The how-to is followed by the names the glossary explains; one name, or
    ``--glossary`` for all of them, gives their full text.
    """
    g = _game(game_id)
    entries = g.glossary()
    header = f"# {g.title} (version {g.version} of its rules here)"
    if term is not None:
        text = _glossary_entry(g, entries, term)
    elif full:
        text = f"{header}\n\n{_without_title(g.rules_text())}"
    elif glossary:
        listed = "\n".join(f"- **{name}**: {meaning}" for name, meaning in entries.items())
        text = f"{header}\n\n## Glossary\n\n{listed}"
    else:
        parts = [header, _without_title(g.how_to_play())]
        if entries:
            parts.append(
                "## Glossary\n\n"
                + ", ".join(entries)
                + f".\n\nOne of them explained: `lastcall rules {g.id} NAME`; all of them: "
                f"`lastcall rules {g.id} --glossary`; at the table, `info NAME`."
            )
        parts.append(
            "Every rule in detail, as this program plays it, with the rulebook's references: "
            f"`lastcall rules {g.id} --full`."
        )
        text = "\n\n".join(parts)
    from rich.markdown import Markdown  # a fifth of start-up; only this command needs it

    document = Markdown(text)
    if console.is_terminal and term is None:
        with console.pager(styles=True):
            console.print(document)
    else:
        console.print(document)


def _glossary_entry(g: Game, entries: dict[str, str], term: str) -> str:
    """The entry named ``term`` (or spelled close to it), or a one-line error."""
    by_lower = {name.lower(): name for name in entries}
    found = by_lower.get(term.strip().lower())
    if found is None:
        close = [by_lower[c] for c in suggestions(term, by_lower)]
        starting = [name for low, name in by_lower.items() if term.strip().lower() in low]
        choices = list(dict.fromkeys([*close, *starting]))
        if len(choices) != 1:
            hint = f"; did you mean {', '.join(choices[:5])}?" if choices else ""
            raise _fail(f"{g.title} has no card or term {term!r}{hint}")
        found = choices[0]
    return f"**{found}**: {entries[found]}"


def _without_title(text: str) -> str:
    """A document less its own first heading, which the header replaces."""
    lines = text.strip().splitlines()
    if lines and lines[0].startswith("# "):
        lines = lines[1:]
    return "\n".join(lines).strip()


# ----------------------------------------------------------------- play


def _hangup(signum: int, frame: FrameType | None) -> None:
    raise TerminalClosed


@contextmanager
def _hangup_ends_the_match() -> Iterator[None]:
    """A closed terminal raises :class:`TerminalClosed` so the match is saved on the way out."""
    if not hasattr(signal, "SIGHUP"):
        yield
        return
    previous = signal.signal(signal.SIGHUP, _hangup)
    try:
        yield
    finally:
        signal.signal(signal.SIGHUP, previous)


def _say(message: Text | str) -> None:
    """Print if the terminal is still there (after a hang-up it is not)."""
    with suppress(OSError):
        console.print(message, soft_wrap=True)


def _started(
    g: Game,
    players: int,
    seats: tuple[str, ...],
    seed: int,
    options: dict[str, Any],
    records: Path,
    confirm_all: bool,
    names: tuple[str, ...] = (),
) -> tuple[Session, RecordFile]:
    try:
        g.new(players, seed, options)  # options are checked before a file is made
        file = RecordFile.reserve(records, g.id, seed)
        match = new_table(g, players, seats, seed, options, console, _ask, confirm_all, names)
        match.saver = Autosave(match.rec, file.save, names=names)
        match.saver.flush()
    except LastcallError as exc:
        raise _fail(str(exc)) from exc
    return match, file


def _resumed(path: Path, confirm_all: bool) -> tuple[Session, RecordFile]:
    try:
        record = read_record(path)
        check_output_dir(path.parent, "the record's folder")
    except LastcallError as exc:  # the message names the file or its folder already
        raise _fail(str(exc)) from exc
    try:
        match = resume_match(record, console, _ask, confirm_all)
    except LastcallError as exc:
        raise _fail(f"{shown_path(path)}: {exc}") from exc
    file = RecordFile(path)
    match.saver = Autosave(match.rec, file.save, names=match.names)
    match.saver.saved_moves = len(match.rec.moves)
    console.print(
        Text(
            f"Resuming {shown_path(path)}: {match.game.title}, "
            f"{len(match.rec.moves)} moves made so far."
        ),
        soft_wrap=True,
    )
    return match, file


def _run(match: Session, file: RecordFile) -> None:
    """Play to the end; however the match stops, it is saved and the way back is shown."""
    code = 0
    state = None
    try:
        with _hangup_ends_the_match():
            state = play_match(match)
    except QuitGame:
        pass
    except KeyboardInterrupt:
        code = 130
    except (EOFError, TerminalClosed):
        code = 1
    except LastcallError as exc:
        raise _fail(str(exc)) from exc
    finally:  # even an error nobody planned for leaves every move made on disk
        with suppress(LastcallError):
            match.flush()
    path = shown_path(file.path)
    if state is None:
        _say("")
        _say(
            Text(
                f"Match saved to {path} after {len(match.rec.moves)} moves. Continue it with: "
                f"lastcall play --resume {path}"
            )
        )
        if code:
            raise typer.Exit(code)
        return
    show_result(state, match.names, console)
    console.print(
        Text(f"Match record saved to {path} (replay it with: lastcall replay {path})"),
        soft_wrap=True,
    )


def _resume_target(target: str | None, records: Path) -> Path:
    """The record ``--resume`` continues: a file, or the newest unfinished match (of a game)."""
    if target is not None and (
        target.endswith(".json") or os.sep in target or Path(target).is_file()
    ):
        return Path(target)
    game_id = None if target is None else _game(target).id
    entries = unfinished_records(records, game_id)
    if not entries:
        of = "" if game_id is None else f" of {game_id}"
        raise _fail(f"no unfinished match{of} in {shown_path(records)} to resume")
    path: Path = entries[0].path
    return path


@app.command()
def play(
    game_id: Annotated[
        str | None,
        typer.Argument(
            metavar="[GAME]",
            help=f"The game: one of {GAME_IDS}. With --resume: a game id or a record file.",
            show_default=False,
        ),
    ] = None,
    players: PlayersOption = None,
    seats: Annotated[
        str | None,
        typer.Option(
            help="One per player: human or a bot spec, e.g. human,random "
            "(default: you, then random bots)."
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of all chance (random if absent).")] = None,
    option: OptionList = None,
    names: Annotated[
        str | None,
        typer.Option(
            help="What to call the seats, one per player, e.g. Ann,Bo (default P0, P1...)."
        ),
    ] = None,
    records: Annotated[
        Path, typer.Option(help="Folder the match is saved to as it goes.")
    ] = RECORDS,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Continue an unfinished match: the newest in --records, the newest of GAME, "
            "or the record file given as GAME.",
        ),
    ] = False,
    confirm_all: Annotated[
        bool,
        typer.Option("--confirm-all", help="Ask even when a decision has a single legal choice."),
    ] = False,
) -> None:
    """Play a game at this terminal, people and bots together; saved after every move."""
    if resume:
        given = [
            name
            for name, value in (
                ("--players", players),
                ("--seats", seats),
                ("--seed", seed),
                ("--names", names),
            )
            if value is not None
        ] + (["--option"] if option else [])
        if given:
            raise _fail(f"--resume continues the match as it was saved; drop {', '.join(given)}")
        _run(*_resumed(_resume_target(game_id, records), confirm_all))
        return
    if game_id is None:
        raise _fail(f"name a game ({GAME_IDS}), or continue a saved match with --resume")
    g = _game(game_id)
    if seats is not None and not split_specs(seats):
        raise _fail("--seats names no seats: give one per player, e.g. human,random")
    n = players if players is not None else (len(split_specs(seats)) if seats else g.min_players)
    _players(g, n)
    try:
        specs = seat_specs(seats, n)
        called = default_names(n) if names is None else seat_names(names, n)
    except LastcallError as exc:
        raise _fail(str(exc)) from exc
    real_seed = seed if seed is not None else secrets.randbelow(2**31)
    _run(*_started(g, n, specs, real_seed, _options(option), records, confirm_all, called))


# ----------------------------------------------------------------- simulate


@app.command()
def simulate(
    game_id: GameArgument,
    n: Annotated[int, typer.Option("-n", "--games", min=1, help="Games to play.")] = 100,
    players: PlayersOption = None,
    bots: Annotated[
        str, typer.Option(help="Bot specs, seated over all permutations, e.g. greedy,random.")
    ] = "random",
    seed: Annotated[
        int, typer.Option(help="Seed of the run; game i uses a seed mixed from it.")
    ] = 0,
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
    from lastcall.sim.report import write_report
    from lastcall.sim.runner import simulate as run_simulation

    g = _game(game_id)
    n_players = _players(g, players if players is not None else g.min_players)
    specs = split_specs(bots)
    k = workers or os.cpu_count() or 1
    show_bar = not as_json and err.is_terminal
    try:
        if out is not None:
            check_output_dir(out, "--out")
        run = partial(
            run_simulation, g.id, n, n_players, specs, seed, k, _options(option),
            backend=backend, address=address, rows=out is not None,
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
        err.print(Text(f"Report written to {report}"))
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
                Text(name), str(row["games"]), f"{row['win_rate']:.1%}", f"{low:.1%}-{high:.1%}"
            )
        console.print(bot_table)
    _print_design(summary)
    console.print(
        f"mean decisions per game {summary.mean_decisions:.1f}; "
        f"{summary.decisions_per_sec:,.0f} decisions/s; errors {summary.errors}; "
        f"{summary.seconds:.1f} s with {k} worker(s)"
    )
    for line in summary.error_samples:
        err.print(Text(line, style="red"))


def _print_design(summary: SimulationSummary) -> None:
    """Points by source and components never or always taken, where the game reports them."""
    from lastcall.sim.report import MIN_OFFERS, flagged_offers

    if summary.score_sources:
        parts = ", ".join(f"{name} {points:.2f}" for name, points in summary.score_sources.items())
        console.print(Text(f"points by source (mean per seat): {parts}"), soft_wrap=True)
    if summary.offers:
        never, always = flagged_offers(summary)
        console.print(
            Text(
                f"{len(summary.offers)} components on offer; offered in {MIN_OFFERS}+ games, "
                f"never taken: {', '.join(never) or 'none'}; "
                f"always taken: {', '.join(always) or 'none'} (--out DIR has every rate)"
            ),
            soft_wrap=True,
        )


# ----------------------------------------------------------------- replay


@app.command()
def replay(
    path: Annotated[
        Path, typer.Argument(metavar="FILE", help="A match record saved by lastcall play.")
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object instead of tables.")
    ] = False,
) -> None:
    """Replay a match record, check every move, and print the final standings."""
    try:
        record = read_record(path)
    except LastcallError as exc:  # the message names the file already
        raise _fail(str(exc)) from exc
    try:
        dealt_fairly = record.deal_checked()
        state = record.replay()
        names = record_names(record)
    except LastcallError as exc:
        raise _fail(f"{shown_path(path)}: {exc}") from exc
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
                    "deal_checked": dealt_fairly,
                },
                sort_keys=True,
            )
        )
        return
    console.print(
        Text(
            f"{shown_path(path)}: {len(record.moves)} moves of {record.game} replayed and checked."
        )
    )
    if dealt_fairly:
        console.print(
            Text(
                "The seed matches the commitment published when the table started: "
                "the deal was fixed before anyone played."
            ),
            soft_wrap=True,
        )
    if not state.is_over:
        console.print(
            Text(f"The match was not finished; continue it with: lastcall play --resume {path}"),
            soft_wrap=True,
        )
    show_result(state, names, console)


# ----------------------------------------------------------------- bench


@app.command()
def bench(
    game_id: Annotated[
        str | None,
        typer.Argument(
            metavar="[GAME]",
            help=f"One game ({GAME_IDS}); all of them if absent.",
            show_default=False,
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="One player count (default: every count allowed)."),
    ] = None,
    seconds: Annotated[
        float, typer.Option(help="Random play time, and AEC stepping time, per row.")
    ] = 2.0,
    scaling: Annotated[
        int,
        typer.Option(help="Games simulated on 1 and 2 workers for the speed-up (0: skip)."),
    ] = DEFAULT_SCALING_GAMES,
    ismcts_seconds: Annotated[
        float, typer.Option("--ismcts-seconds", help="Search time for the ISMCTS rate (0: skip).")
    ] = 1.0,
    startup_runs: Annotated[
        int,
        typer.Option("--startup-runs", help="Fresh processes timed per start-up figure (0: skip)."),
    ] = 3,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object (docs/bench.md) instead.")
    ] = False,
) -> None:
    """Measure speed on one core: start-up, per decision, clone, view, determinize,
    observation, AEC step, ISMCTS, and the two-worker speed-up."""
    from lastcall.sim.bench import report

    ids = [_game(game_id).id] if game_id else list(games())
    _seconds(seconds, "--seconds", 0.01)
    _seconds(ismcts_seconds, "--ismcts-seconds", 0.0)
    if not 0 <= scaling <= MAX_SCALING_GAMES:
        raise _fail(f"--scaling {scaling}: give 0 to {MAX_SCALING_GAMES:,} games")
    if not 0 <= startup_runs <= MAX_STARTUP_RUNS:
        raise _fail(f"--startup-runs {startup_runs}: give 0 to {MAX_STARTUP_RUNS} runs")
    if players is not None:
        for gid in ids:
            _players(game(gid), players)
    try:
        data = report(ids, players, seconds, ismcts_seconds, scaling, startup_runs)
    except LastcallError as exc:
        raise _fail(str(exc)) from exc
    if as_json:
        print(json.dumps(data, sort_keys=True))
        return
    _show_bench(data)


def _figure(value: float | None) -> str:
    return "-" if value is None else f"{value:,.2f}"


def _show_bench(data: dict[str, Any]) -> None:
    """The benchmark's figures as tables: start-up, per game and player count, workers."""
    started = data["startup"]
    if started is not None:
        table = Table(title="start-up (fresh process, median)")
        for column in ("to", "wall s", "cpu s"):
            table.add_column(column, justify="right")
        rows = {"lastcall --version": started["version"]}
        rows.update({f"{gid} first state": t for gid, t in started["first_state"].items()})
        for name, t in rows.items():
            table.add_row(name, f"{t['wall_s']:.3f}", f"{t['cpu_s']:.3f}")
        console.print(table)
    play = {
        "decision": "us_per_decision",
        "games/s": "games_per_sec",
        "clone": "clone_us",
        "view": "view_us",
        "determinize": "determinize_us",
    }
    learn = {
        "observe": "observation_us",
        "aec step": "aec_step_us",
        "ismcts it/s": "ismcts_iters_per_sec",
    }
    titles = {
        "random play on one core (times in us)": play,
        "learning and search on one core (times in us)": learn,
    }
    for title, columns in titles.items():
        table = Table(title=title)
        for column in ("game", "seats", *columns):
            table.add_column(column, justify="right")
        for row in data["games"]:
            figures = (_figure(row[key]) for key in columns.values())
            table.add_row(row["game"], str(row["players"]), *figures)
        console.print(table)
    if data["workers"] is not None:
        table = Table(title="simulate: one worker against two (wall time)")
        for column in ("game", "players", "games", "1 worker s", "2 workers s", "speed-up"):
            table.add_column(column, justify="right")
        for gid, w in data["workers"].items():
            table.add_row(
                gid,
                str(w["players"]),
                f"{w['games']:,}",
                f"{w['seconds_one_worker']:.2f}",
                f"{w['seconds_two_workers']:.2f}",
                f"{w['speedup']:.2f}",
            )
        console.print(table)
    build = "the compiled build" if data["compiled"] else "pure Python"
    console.print(f"ran on {build}, Python {data['python']}")
    load = data["load_average"]["start"]
    if load:
        console.print(f"load average at the start: {', '.join(map(str, load))}")


# ----------------------------------------------------------------- web


@app.command()
def serve(
    db: Annotated[
        str, typer.Option(help="Database URL: sqlite:///file.db or postgresql://host/db.")
    ] = "sqlite:///lastcall-web.db",
    redis: Annotated[
        str | None, typer.Option(help="Redis URL, for several processes sharing the tables.")
    ] = None,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    bot_workers: Annotated[
        int | None,
        typer.Option(min=0, max=64, help="Processes for bot searches (0: a thread; default 1)."),
    ] = None,
) -> None:
    """Serve the games in the browser (needs lastcall's web extra)."""
    try:
        from lastcall.web import Settings
        from lastcall.web.db.engine import DatabaseUrlError, async_url
        from lastcall.web.server import serve as run_server
    except ImportError as exc:
        raise _fail(f"the web server needs the web extra ({exc.name} is missing)") from exc
    try:
        async_url(db)
    except DatabaseUrlError as exc:
        raise _fail(str(exc)) from exc
    settings = Settings.from_env(
        db_url=db, redis_url=redis, host=host, port=port, bot_workers=bot_workers
    )
    run_server(settings)


@app.command("bench-web")
def bench_web(
    db: Annotated[
        str | None, typer.Option(help="Database URL (default: a temporary SQLite file).")
    ] = None,
    tables: Annotated[int, typer.Option(min=1, max=1000, help="Matches played at once.")] = 100,
    seconds: Annotated[float, typer.Option(min=1, max=600, help="How long to load it.")] = 20.0,
    game_id: Annotated[
        str | None, typer.Option("--game", help="One game (default: every game in turn).")
    ] = None,
    bot_workers: Annotated[int, typer.Option(min=0, max=64, help="Bot processes.")] = 1,
    think: Annotated[
        float, typer.Option(min=0, max=10, help="Seconds a simulated person waits to answer.")
    ] = 0.0,
    processes: Annotated[
        int, typer.Option(min=1, max=8, help="Server processes sharing the tables (needs --redis).")
    ] = 1,
    redis: Annotated[
        str | None, typer.Option(help="Redis URL, for several server processes.")
    ] = None,
    clients: Annotated[
        int, typer.Option(min=1, max=8, help="Processes running the simulated people.")
    ] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Load web servers on loopback: moves per second, latency from move to broadcast, and
    the servers' CPU time per move."""
    try:
        from lastcall.web.bench import run as run_bench
    except ImportError as exc:
        raise _fail(f"the web benchmark needs the web extra ({exc.name} is missing)") from exc
    ids = [_game(game_id).id] if game_id else None
    if processes > 1 and redis is None:
        raise _fail("--processes above 1 share the tables through Redis: give --redis")
    report = run_bench(db, tables, seconds, ids, bot_workers, think, processes, redis, clients)
    if as_json:
        print(json.dumps(report, sort_keys=True))
        return
    title = (
        f"lastcall bench-web ({report['database']}, {tables} tables, "
        f"{processes} server process{'es' if processes > 1 else ''})"
    )
    table = Table(title=title)
    columns = (
        "moves/s",
        "CPU ms/move",
        "p50 ms",
        "p99 ms",
        "max ms",
        "moves",
        "matches",
        "people's CPU s",
    )
    for column in columns:
        table.add_column(column, justify="right")
    table.add_row(
        f"{report['moves_per_sec']:,.1f}",
        f"{report['cpu_ms_per_move']:.3f}",
        f"{report['p50_ms']:.1f}",
        f"{report['p99_ms']:.1f}",
        f"{report['max_ms']:.1f}",
        f"{report['moves']:,}",
        str(report["matches_finished"]),
        f"{report['client_cpu_s']:.1f}",
    )
    console.print(table)
    load = ", ".join(f"{x:.2f}" for x in report["load_average"][:3])
    console.print(Text(f"load average before: {load}"))


def main() -> None:
    """The ``lastcall`` command: a person never sees a traceback.

    An error nobody planned for is a bug; it is reported in one line (set
    ``LASTCALL_DEBUG=1`` for the traceback) and exits with code 3.
    """
    try:
        code = app(prog_name="lastcall", standalone_mode=False)
    except Exception as exc:
        if _is_a(exc, "Abort"):  # Ctrl-C or Ctrl-D at a prompt of the command line
            sys.exit(130)
        if _is_a(exc, "ClickException"):  # a value the command line cannot take
            err.print(Text.assemble(("error: ", "red"), _usage_message(exc)), soft_wrap=True)
            sys.exit(getattr(exc, "exit_code", 2))
        if os.environ.get("LASTCALL_DEBUG"):
            raise
        err.print(
            Text.assemble(
                ("internal error: ", "red"),
                f"{type(exc).__name__}: {shown(str(exc), 200)} "
                "(please report it; LASTCALL_DEBUG=1 shows the traceback)",
            ),
            soft_wrap=True,
        )
        sys.exit(3)
    sys.exit(code if isinstance(code, int) else 0)


def _is_a(exc: Exception, kind: str) -> bool:
    """Whether ``exc`` is the command-line parser's ``kind`` of error.

    Typer raises either click's exceptions or those of its own copy of click,
    depending on its version; both share the class names.
    """
    return any(cls.__name__ == kind for cls in type(exc).__mro__)


def _usage_message(exc: Exception) -> str:
    """A command-line mistake in one line, with where to read what it takes."""
    message = " ".join(str(getattr(exc, "format_message", exc.__str__)()).split())
    ctx = getattr(exc, "ctx", None)
    path = getattr(ctx, "command_path", "")
    return f"{message} (see: {path} --help)" if path else message
