"""Playing at the terminal: people and bots around one table.

Humans see their own view, a numbered list of legal choices (canonical text
is accepted too) and what happened since their last decision. When several
people share the terminal, a hand-over screen stands between their turns so
no one sees another's hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from lastcall.bots import Bot, Seat, make_bot, split_specs
from lastcall.core import (
    Action,
    Game,
    IllegalAction,
    InvalidAction,
    Match,
    MatchRecord,
    State,
    mix_seed,
)

HUMAN = "human"
Ask = Callable[[str], str]


class QuitGame(Exception):
    """A player asked to leave; the match is abandoned."""


@dataclass
class Seating:
    """Who sits where, and how to reach the people."""

    seats: tuple[str, ...]
    bots: dict[int, Bot] = field(default_factory=dict)

    @property
    def humans(self) -> list[int]:
        return [p for p, name in enumerate(self.seats) if name == HUMAN]


def seat_specs(text: str | None, players: int) -> tuple[str, ...]:
    """``human,random`` -> one spec per seat; missing seats are random bots.

    With no text, seat 0 is a person and the rest are random bots.
    """
    given = split_specs(text) if text else [HUMAN]
    if len(given) > players:
        raise ValueError(f"{len(given)} seats given for {players} players: {text!r}")
    return tuple(given + ["random"] * (players - len(given)))


def choose_action(state: State, player: int, game: Game, ask: Ask, console: Console) -> Action:
    """Ask a person until they name a legal action (by number or by text)."""
    actions = state.legal_actions(player)
    while True:
        answer = ask(f"P{player}, your choice (number or text, ? for help)").strip()
        if answer in ("?", "help"):
            console.print(
                "Type a number from the list, or the action's text (e.g. "
                f"[bold]{actions[0]}[/bold]). [bold]quit[/bold] leaves the game."
            )
            continue
        if answer in ("quit", "exit"):
            raise QuitGame
        if answer.isdigit():
            index = int(answer) - 1
            if 0 <= index < len(actions):
                return actions[index]
            console.print(f"[red]No choice {answer}: pick 1 to {len(actions)}.[/red]")
            continue
        try:
            action = game.parse_action(answer)
            if action not in actions:
                raise state.illegal(player, action)
            return action
        except (InvalidAction, IllegalAction) as exc:
            console.print(Text(str(exc), style="red"))


def show_turn(state: State, player: int, game: Game, seen: int, console: Console) -> int:
    """Print the news after event ``seen``, the table and the choices; returns the new mark."""
    news = state.events(player, after=seen)
    if news:
        text = Text("\n".join(e.text for e in news[-12:]))
        console.print(Panel(text, title="Since your last turn"))
    table = Text(game.render(state.view(player)))
    console.print(Panel(table, title=f"{game.title}: you are P{player}"))
    grid = Table(show_header=False, box=None, pad_edge=False)
    for i, action in enumerate(state.legal_actions(player), 1):
        described = game.describe(action)
        grid.add_row(
            Text(f"{i:>3}", style="bold"),
            Text(str(action)),
            Text("" if described == str(action) else described),
        )
    console.print(grid)
    return state.last_event


def hand_over(player: int, ask: Ask, console: Console) -> None:
    console.clear()
    ask(f"Pass the terminal to P{player}, then press Enter")
    console.clear()


def play_match(
    game: Game,
    players: int,
    seats: Sequence[str],
    seed: int,
    options: dict[str, object] | None = None,
    ask: Ask | None = None,
    console: Console | None = None,
) -> Match:
    """Run a match to the end; returns the recorder holding the final state and moves."""
    console = console or Console()
    ask = ask or (lambda prompt: console.input(f"{prompt}: "))
    table = Seating(tuple(seats))
    for p, name in enumerate(table.seats):
        if name != HUMAN:
            table.bots[p] = make_bot(name, mix_seed(seed, p, 1))
    rec = Match(game, players, seed, options, seats=table.seats)
    seen = [-1] * players
    shared = len(table.humans) > 1
    last_human: int | None = None
    while not rec.state.is_over:
        state = rec.state
        player = state.to_move[0]
        bot = table.bots.get(player)
        if bot is not None:
            rec.apply(player, bot.choose(Seat(state, player)))
            continue
        if shared and player != last_human:
            hand_over(player, ask, console)
        last_human = player
        seen[player] = show_turn(state, player, game, seen[player], console)
        rec.apply(player, choose_action(state, player, game, ask, console))
    return rec


def show_result(state: State, seats: Sequence[str], console: Console) -> None:
    """The final log lines and standings."""
    tail = [e.text for e in state.events(None)[-6:]]
    console.print(Panel(Text("\n".join(tail)), title="Last events"))
    standings = Table(title="Final standings")
    standings.add_column("place")
    standings.add_column("seat")
    standings.add_column("player")
    standings.add_column("score", justify="right")
    scores = state.scores()
    place = 1
    for group in state.ranking():
        for p in group:
            standings.add_row(str(place), f"P{p}", seats[p], f"{scores[p]:g}")
        place += len(group)
    console.print(standings)


def save_record(record: MatchRecord, directory: Path) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return record.save(directory / f"{record.game}-{stamp}-seed{record.seed}.json")
