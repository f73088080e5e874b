"""Playing at the terminal: people and bots around one table.

People see their own view, a numbered list of legal choices (canonical text
is accepted too) and everything that happened since they last decided. A
decision with a single legal choice is taken for them unless they asked to
confirm every move. When several people share the terminal, a hand-over
screen (which also wipes the scrollback) stands between their turns so no
one sees another's hand.

The match is saved as it goes through its :class:`Autosave`; stopping it by any
means (``quit``, Ctrl-C, Ctrl-D, a closed terminal) leaves a record that
:func:`resume_match` continues.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from time import monotonic
from types import TracebackType

from rich.console import Console
from rich.panel import Panel
from rich.status import Status
from rich.table import Table
from rich.text import Text

from lastcall.bots import Bot, Seat, make_bot, split_specs
from lastcall.cli.answers import SEPARATOR, NoChoice, parse_piece, read_answer
from lastcall.core import (
    Action,
    Game,
    LastcallError,
    Match,
    MatchRecord,
    State,
    game_version,
    mix_seed,
)
from lastcall.core.actions import shown

HUMAN = "human"
Ask = Callable[[str], str]
# Seconds a bot may think before a spinner says so.
SPINNER_DELAY = 0.3
# Clear the screen, move home, and erase the scrollback (xterm's ED 3).
CLEAR_ALL = "\x1b[H\x1b[2J\x1b[3J"


class QuitGame(Exception):
    """A player typed ``quit``; the match is saved and can be resumed."""


class Autosave:
    """Saves a match as it goes: a person's move at once, bots' moves at least every second.

    A bot-only stretch of thousands of moves would otherwise rewrite the file
    thousands of times; instead the file is brought up to date before any
    person is asked anything (``flush``), so nothing anyone saw or did is lost.
    """

    def __init__(
        self, rec: Match, save: Callable[[MatchRecord], None], interval: float = 1.0
    ) -> None:
        self.rec = rec
        self.save = save
        self.interval = interval
        self.saved_moves = -1
        self.saved_at = monotonic()

    def after_move(self, by_person: bool) -> None:
        if by_person or monotonic() - self.saved_at >= self.interval:
            self.flush()

    def flush(self) -> None:
        if len(self.rec.moves) != self.saved_moves:
            self.save(self.rec.record())
            self.saved_moves = len(self.rec.moves)
            self.saved_at = monotonic()


def seat_specs(text: str | None, players: int) -> tuple[str, ...]:
    """``human,random`` -> one spec per seat, each checked.

    With no text, seat 0 is a person and the rest are random bots. A list that
    does not fill every seat is an error saying how many seats are needed.
    """
    if text is None:
        return (HUMAN, *["random"] * (players - 1))
    given = split_specs(text)
    if len(given) != players:
        raise LastcallError(
            f"{players} players need {players} seats; --seats names {len(given)}: {shown(text)}"
        )
    for spec in given:
        if spec.lower() != HUMAN:
            make_bot(spec)  # an unknown bot or parameter is refused before play
    return tuple(HUMAN if spec.lower() == HUMAN else spec for spec in given)


@dataclass
class Session:
    """One match in progress at this terminal: the match, its seats and its people."""

    rec: Match
    seats: tuple[str, ...]
    console: Console
    ask: Ask
    saver: Autosave | None = None
    confirm_all: bool = False
    bots: dict[int, Bot] = field(default_factory=dict)
    # Per seat: the index of the last event it had seen when it last decided.
    seen: list[int] = field(default_factory=list)
    # Per seat: moves taken for it while another person held the terminal.
    notes: dict[int, list[str]] = field(default_factory=dict)
    last_person: int | None = None

    @property
    def game(self) -> Game:
        return self.rec.game

    @property
    def people(self) -> list[int]:
        return [p for p, name in enumerate(self.seats) if name == HUMAN]

    @property
    def shared(self) -> bool:
        return len(self.people) > 1

    def apply(self, player: int, action: Action, by_person: bool) -> None:
        self.rec.apply(player, action)
        if self.saver is not None:
            self.saver.after_move(by_person)

    def flush(self) -> None:
        """Bring the saved record up to date (before anyone is asked anything)."""
        if self.saver is not None:
            self.saver.flush()


def seat_bots(seats: Sequence[str], seed: int, moves_done: int) -> dict[int, Bot]:
    """The bots of a match; a resumed one re-seeds them from the moves already made."""
    bots: dict[int, Bot] = {}
    for p, name in enumerate(seats):
        if name != HUMAN:
            bot_seed = mix_seed(seed, p, 1) if moves_done == 0 else mix_seed(seed, p, 1, moves_done)
            bots[p] = make_bot(name, bot_seed)
    return bots


def new_table(
    game: Game,
    players: int,
    seats: Sequence[str],
    seed: int,
    options: dict[str, object] | None,
    console: Console,
    ask: Ask,
    confirm_all: bool = False,
) -> Session:
    """A match at its first decision (saving is attached by the caller)."""
    rec = Match(game, players, seed, options, seats=tuple(seats))
    return Session(
        rec,
        tuple(seats),
        console,
        ask,
        confirm_all=confirm_all,
        bots=seat_bots(seats, seed, 0),
        seen=[-1] * players,
    )


def resume_match(
    record: MatchRecord, console: Console, ask: Ask, confirm_all: bool = False
) -> Session:
    """A table at the point a saved record stopped: its moves replayed with its seed,
    seats and options. Each person's news starts where they last decided."""
    if record.scores is not None:
        raise LastcallError("that match is finished; `lastcall replay` shows how it went")
    if len(record.seats) != record.players:
        raise LastcallError(
            f"the record names {len(record.seats)} seats for {record.players} players"
        )
    game = game_version(record.game, record.game_version)
    rec = Match(game, record.players, record.seed, record.options, seats=record.seats)
    seen = [-1] * record.players
    last_move = {player: index for index, (player, _) in enumerate(record.moves)}
    for index, (player, text) in enumerate(record.moves):
        action = parse_piece(game, text)
        if action is None or action not in rec.state.legal_actions(player):
            raise LastcallError(f"move {index} ({player}: {shown(text)}) does not replay")
        if last_move.get(player) == index and record.seats[player] == HUMAN:
            seen[player] = rec.state.last_event
        rec.apply(player, action)
    if rec.state.is_over:
        raise LastcallError("that match is already over; `lastcall replay` shows how it went")
    return Session(
        rec,
        record.seats,
        console,
        ask,
        confirm_all=confirm_all,
        bots=seat_bots(record.seats, record.seed, len(record.moves)),
        seen=seen,
    )


class Thinking:
    """A spinner while a bot thinks, shown only if it thinks longer than a moment.

    A random bot answers in microseconds; starting a spinner for each of its
    moves would only flicker, so the spinner waits ``SPINNER_DELAY`` first.
    """

    def __init__(self, console: Console, label: str) -> None:
        self.console = console
        self.label = label
        self.lock = threading.Lock()
        self.finished = False
        self.status: Status | None = None
        self.timer: threading.Timer | None = None

    def _start(self) -> None:
        with self.lock:
            if not self.finished:
                self.status = self.console.status(self.label)
                self.status.start()

    def __enter__(self) -> Thinking:
        if self.console.is_terminal:
            self.timer = threading.Timer(SPINNER_DELAY, self._start)
            self.timer.daemon = True
            self.timer.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        with self.lock:
            self.finished = True
            if self.timer is not None:
                self.timer.cancel()
            if self.status is not None:
                self.status.stop()


def choices_grid(match: Session, player: int) -> Table:
    grid = Table(show_header=False, box=None, pad_edge=False)
    for i, action in enumerate(match.rec.state.legal_actions(player), 1):
        described = match.game.describe(action)
        grid.add_row(
            Text(f"{i:>3}", style="bold"),
            Text(str(action)),
            Text("" if described == str(action) else described),
        )
    return grid


def show_turn(match: Session, player: int) -> None:
    """Everything since the seat last decided, the table, and the numbered choices."""
    state = match.rec.state
    console = match.console
    news = [e.text for e in state.events(player, after=match.seen[player])]
    news.extend(match.notes.pop(player, []))
    if news:
        console.print(Panel(Text("\n".join(news)), title="Since your last turn"))
    view = Text.from_markup(match.game.render(state.view(player)))
    console.print(Panel(view, title=f"{match.game.title}: you are P{player}"))
    console.print(choices_grid(match, player))


def show_log(match: Session, player: int) -> None:
    """The seat's whole log, through the pager when it is longer than the screen."""
    console = match.console
    lines = [f"{i:>5}  {e.text}" for i, e in enumerate(match.rec.state.events(player), 1)]
    body = Text("\n".join(lines) or "Nothing has happened yet.")
    title = f"The whole log as P{player} saw it ({len(lines)} events)"
    if console.is_terminal and len(lines) > console.height - 4:
        with console.pager():
            console.print(Panel(body, title=title))
    else:
        console.print(Panel(body, title=title))


def show_help(match: Session, player: int) -> None:
    actions = match.rec.state.legal_actions(player)
    example = str(actions[0]) if actions else "done"
    match.console.print(
        Text.assemble(
            "Type a number from the list, or an action's text (e.g. ",
            (example, "bold"),
            "). Seats may be written as on the table: ",
            ("P1", "bold"),
            " or ",
            ("1", "bold"),
            f". Several actions at once: separate them with '{SEPARATOR}' (e.g. ",
            (f"{example}{SEPARATOR} done", "bold"),
            "); they are applied in order while each is legal.\n",
            ("log", "bold"),
            " shows the whole log, ",
            ("table", "bold"),
            " shows the table again, ",
            ("quit", "bold"),
            " saves the match and leaves (continue it with ",
            ("lastcall play --resume", "bold"),
            ").",
        )
    )


def ask_choice(match: Session, player: int) -> list[Action]:
    """Ask until the answer names at least one action; commands are served on the way.

    Nothing typed here ends the match except ``quit``.
    """
    state = match.rec.state
    shown_actions = state.legal_actions(player)
    while True:
        raw = match.ask(f"P{player}, your choice (number or text, ? for help)")
        command = raw.strip().lower()
        if command in ("?", "help"):
            show_help(match, player)
            continue
        if command in ("quit", "exit"):
            raise QuitGame
        if command == "log":
            show_log(match, player)
            continue
        if command == "table":
            show_turn(match, player)
            continue
        answer = read_answer(raw, state, player, shown_actions)
        if isinstance(answer, NoChoice):
            match.console.print(Text(answer.message, style="red"))
            continue
        return answer


def take_actions(match: Session, player: int, actions: list[Action]) -> None:
    """Apply a person's actions in order while each is legal; say where a list stopped."""
    console = match.console
    for position, action in enumerate(actions):
        state = match.rec.state
        if position > 0:
            if player not in state.to_move:
                rest = " ".join(f"'{a}'" for a in actions[position:])
                console.print(
                    Text(f"Stopped before {rest}: it is no longer your decision.", style="yellow")
                )
                return
            if action not in state.legal_actions(player):
                reason = state.illegal(player, action)
                console.print(Text(f"Stopped at '{action}': {reason}", style="yellow"))
                return
        if len(actions) > 1:
            console.print(Text(f"P{player}: {action}", style="dim"))
        match.apply(player, action, by_person=True)


def take_only_choice(match: Session, player: int, action: Action) -> None:
    """A decision with one legal choice, made for the person and shown to them."""
    line = f"P{player}: {action} (the only choice, taken for you)"
    match.apply(player, action, by_person=True)
    if match.shared and match.last_person != player:
        match.notes.setdefault(player, []).append(line)
    else:
        match.console.print(Text(line, style="dim"))


def hand_over(match: Session, player: int) -> None:
    """A blank screen between two people's turns; the scrollback is wiped too."""
    console = match.console
    if console.is_terminal:
        console.file.write(CLEAR_ALL)
        console.file.flush()
    match.ask(f"Pass the terminal to P{player}, then press Enter")
    if console.is_terminal:
        console.file.write(CLEAR_ALL)
        console.file.flush()


def play_match(match: Session) -> State:
    """Play on to the end; returns the final state.

    ``QuitGame``, ``KeyboardInterrupt`` and ``EOFError`` pass through to the
    caller, which saves the record; every move made so far is already saved.
    """
    rec = match.rec
    while not rec.state.is_over:
        state = rec.state
        player = state.to_move[0]
        bot = match.bots.get(player)
        if bot is not None:
            with Thinking(match.console, f"P{player} ({match.seats[player]}) is thinking..."):
                action = bot.choose(Seat(state, player))
            match.apply(player, action, by_person=False)
            continue
        actions = state.legal_actions(player)
        if len(actions) == 1 and not match.confirm_all:
            take_only_choice(match, player, actions[0])
            continue
        match.flush()
        if match.shared and player != match.last_person:
            hand_over(match, player)
        match.last_person = player
        show_turn(match, player)
        match.seen[player] = state.last_event
        take_actions(match, player, ask_choice(match, player))
    return rec.state


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
            name = seats[p] if p < len(seats) else "?"
            standings.add_row(str(place), f"P{p}", Text(name), f"{scores[p]:g}")
        place += len(group)
    console.print(standings)
