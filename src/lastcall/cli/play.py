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
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.status import Status
from rich.text import Text

from lastcall.bots import Bot, Seat, make_bot, split_specs
from lastcall.cli.answers import COMMANDS, SEPARATOR, NoChoice, parse_piece, read_answer
from lastcall.cli.asking import completing
from lastcall.cli.screen import (
    decision_screen,
    entries,
    entry_lines,
    full_table,
    look_up,
    ordered_choices,
    pages,
    standing_lines,
)
from lastcall.core import (
    Action,
    Game,
    LastcallError,
    Match,
    MatchRecord,
    State,
    UnavailableVersion,
    game_version,
    mix_seed,
)
from lastcall.core.actions import shown
from lastcall.core.present import Table as PresentedTable
from lastcall.core.present import default_names

HUMAN = "human"
Ask = Callable[[str], str]
# Seconds a bot may think before a spinner says so.
SPINNER_DELAY = 0.3
# Clear the screen, move home, and erase the scrollback (xterm's ED 3).
CLEAR_ALL = "\x1b[H\x1b[2J\x1b[3J"
# A seat's name fits a line of the table beside its numbers.
MAX_NAME = 20
# A terminal shorter than this is drawn as if it had this many lines.
MIN_HEIGHT = 12


class QuitGame(Exception):
    """A player typed ``quit``; the match is saved and can be resumed."""


class Autosave:
    """Saves a match as it goes: a person's move at once, bots' moves at least every second.

    A bot-only stretch of thousands of moves would otherwise rewrite the file
    thousands of times; instead the file is brought up to date before any
    person is asked anything (``flush``), so nothing anyone saw or did is lost.
    """

    def __init__(
        self,
        rec: Match,
        save: Callable[[MatchRecord], None],
        interval: float = 1.0,
        names: Sequence[str] = (),
    ) -> None:
        self.rec = rec
        self.save = save
        self.interval = interval
        self.meta: dict[str, Any] = {"names": list(names)} if names else {}
        self.saved_moves = -1
        self.saved_at = monotonic()

    def after_move(self, by_person: bool) -> None:
        if by_person or monotonic() - self.saved_at >= self.interval:
            self.flush()

    def flush(self) -> None:
        if len(self.rec.moves) != self.saved_moves:
            self.save(self.rec.record(**self.meta))
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


def seat_names(text: str, players: int) -> tuple[str, ...]:
    """``Ann, Bo`` -> one short name per seat, each different."""
    given = tuple(name.strip() for name in text.split(","))
    if len(given) != players or not all(given):
        raise LastcallError(
            f"{players} players need {players} names separated by commas: {shown(text)}"
        )
    return checked_names(given, players, text)


def checked_names(given: Sequence[str], players: int, said: str = "") -> tuple[str, ...]:
    """Names typed at the table (``said``) or read back from a record: short, printable,
    each different."""
    if len(given) != players or not all(isinstance(n, str) and n.strip() for n in given):
        raise LastcallError(f"{players} players need {players} names")
    given = tuple(name.strip() for name in given)
    if not all(name.isprintable() for name in given):
        raise LastcallError(f"a name holds a control character: {shown(given)}")
    too_long = [name for name in given if len(name) > MAX_NAME]
    if too_long:
        raise LastcallError(f"a name has at most {MAX_NAME} characters: {shown(too_long[0])}")
    if len({name.lower() for name in given}) != players:
        raise LastcallError(f"every seat needs its own name: {shown(said or ', '.join(given))}")
    return given


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
    names: tuple[str, ...] = ()
    """What the table calls each seat (``--names``); ``P0``, ``P1``... if none were given."""
    # Per seat: the actions of a ``;`` chain still to take, each once it is legal.
    pending: dict[int, list[Action]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.names) != len(self.seats):
            self.names = default_names(len(self.seats))

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
    names: Sequence[str] = (),
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
        names=tuple(names),
    )


def resume_match(
    record: MatchRecord,
    console: Console,
    ask: Ask,
    confirm_all: bool = False,
    names: Sequence[str] = (),
) -> Session:
    """A table at the point a saved record stopped: its moves replayed with its seed,
    seats, options and the names it was saved with (``names`` overrides them). Each
    person's news starts where they last decided."""
    if record.scores is not None:
        try:
            game_version(record.game, record.game_version)
        except UnavailableVersion as exc:
            raise LastcallError(f"that match is finished, and {exc}") from exc
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
        names=tuple(names) or record_names(record),
    )


def record_names(record: MatchRecord) -> tuple[str, ...]:
    """The names a record was saved with, or the default ``P0``, ``P1``... if it has none."""
    saved = record.meta.get("names")
    if saved is None:
        return default_names(record.players)
    if not isinstance(saved, list):
        raise LastcallError("the record's names must be a list of texts")
    return checked_names(saved, record.players)


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


def seat_name(match: Session, seat: int) -> str:
    """What the table calls a seat: the name given with ``--names``, else ``P0``..."""
    return match.names[seat] if seat < len(match.names) else f"P{seat}"


def table_of(match: Session, player: int, asked: bool = True) -> PresentedTable:
    """The seat's table as the game presents it, with its choices if it is asked."""
    state = match.rec.state
    actions = state.legal_actions(player) if asked and player in state.to_move else ()
    return match.game.present(state.view(player), actions, match.names)


def screen_size(console: Console) -> tuple[int, int]:
    return max(20, console.width), max(MIN_HEIGHT, console.height)


def show_turn(match: Session, player: int, news: Sequence[str] = ()) -> list[Action]:
    """The news since the seat last decided, a compact table, the prompt and the numbered
    choices, all on one screen (long news are paged first at a terminal).

    Returns the seat's actions in the order they are numbered on screen.
    """
    console = match.console
    table = table_of(match, player)
    width, height = screen_size(console)
    laid = decision_screen(table, news, width, height)
    if laid.news:
        page_height = height - 1 if console.is_terminal else len(laid.news)
        chunks = pages(laid.news, page_height)
        for number, chunk in enumerate(chunks, 1):
            console.print(Text("\n".join(chunk)), soft_wrap=True)
            if console.is_terminal and number < len(chunks):
                match.ask(f"-- more ({number}/{len(chunks)}), press Enter --")
        if console.is_terminal:
            match.ask("-- the table and your choices follow, press Enter --")
    console.print(Text("\n".join(laid.body)), soft_wrap=True)
    by_text = {str(a): a for a in match.rec.state.legal_actions(player)}
    return [by_text[c.action] for c in ordered_choices(table.choices) if c.action in by_text]


def show_full_table(match: Session, player: int) -> None:
    """Every zone and component with its full text, through the pager if it is long."""
    width, height = screen_size(match.console)
    page(match.console, full_table(table_of(match, player), width), height)


def show_info(match: Session, player: int, query: str) -> None:
    """The full text of the components or glossary terms ``query`` names."""
    console = match.console
    width, height = screen_size(console)
    known = entries(table_of(match, player), match.game.glossary())
    found = look_up(query, known)
    if not query.strip():
        names = ", ".join(dict.fromkeys(e.name for e in known))
        console.print(Text(f"info NAME shows the full text of one of: {names}"), soft_wrap=True)
        return
    if not found:
        console.print(Text(f"Nothing on the table or in the glossary is called {shown(query)}."))
        return
    lines: list[str] = []
    for entry in found:
        lines.extend(entry_lines(entry, width))
    page(console, lines, height)


def page(console: Console, lines: Sequence[str], height: int) -> None:
    """Print ``lines``, through the pager when they are taller than the terminal."""
    body = Text("\n".join(lines))
    if console.is_terminal and len(lines) > height - 2:
        with console.pager():
            console.print(body, soft_wrap=True)
    else:
        console.print(body, soft_wrap=True)


def show_log(match: Session, player: int) -> None:
    """The seat's whole log, through the pager when it is longer than the screen."""
    console = match.console
    events = match.rec.state.events(player, names=match.names)
    lines = [f"{i:>5}  {e.text}" for i, e in enumerate(events, 1)]
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
            "); Tab completes it, Up and Down bring back earlier answers. Seats may be "
            "written as on the table: ",
            ("P1", "bold"),
            " or ",
            ("1", "bold"),
            f". Several actions at once: separate them with '{SEPARATOR}' (e.g. ",
            (f"{example}{SEPARATOR} done", "bold"),
            "); each is taken when it is legal, through choices that would be taken for you "
            "anyway and other seats' turns.\n",
            ("table", "bold"),
            " shows the whole table with every card's text, ",
            ("info NAME", "bold"),
            " the full text of a card, piece or rule term, ",
            ("log", "bold"),
            " the whole log, ",
            ("quit", "bold"),
            " saves the match and leaves (continue it with ",
            ("lastcall play --resume", "bold"),
            ").",
        ),
        soft_wrap=True,
    )


def ask_choice(match: Session, player: int, shown_actions: Sequence[Action]) -> list[Action]:
    """Ask until the answer names at least one action; commands are served on the way.

    Nothing typed here ends the match except ``quit``.
    """
    state = match.rec.state
    numbered = tuple(shown_actions)
    words = [*map(str, numbered), *COMMANDS]
    while True:
        with completing(words, lambda: info_names(match, player)):
            raw = match.ask(f"{seat_name(match, player)}, your choice (number or text, ? for help)")
        command, _, rest = raw.strip().partition(" ")
        command = command.lower()
        if command in ("?", "help") and not rest:
            show_help(match, player)
            continue
        if command in ("quit", "exit") and not rest:
            raise QuitGame
        if command == "log" and not rest:
            show_log(match, player)
            continue
        if command == "table" and not rest:
            show_full_table(match, player)
            continue
        if command == "info":
            show_info(match, player, rest)
            continue
        answer = read_answer(raw, state, player, numbered, COMMANDS)
        if isinstance(answer, NoChoice):
            match.console.print(Text(answer.message, style="red"), soft_wrap=True)
            continue
        return answer


def info_names(match: Session, player: int) -> list[str]:
    """What ``info`` can be asked about now, for completion."""
    known = entries(table_of(match, player), match.game.glossary())
    return [entry.name for entry in known]


def take_actions(match: Session, player: int, actions: list[Action]) -> None:
    """Apply a person's first action now and keep the rest for when they are legal."""
    if len(actions) > 1:
        match.console.print(Text(f"{seat_name(match, player)}: {actions[0]}", style="dim"))
    match.apply(player, actions[0], by_person=True)
    if len(actions) > 1:
        match.pending[player] = list(actions[1:])


def take_pending(match: Session, player: int) -> bool:
    """Take the seat's next chained action if it is legal now; True if one was taken.

    A decision with a single legal choice that the chain does not name is taken
    for the person, as it would be without a chain; otherwise a chained action
    that is not legal ends the chain, and the person is told why.
    """
    waiting = match.pending.get(player)
    if not waiting:
        return False
    state = match.rec.state
    action = waiting[0]
    actions = state.legal_actions(player)
    if action in actions:
        waiting.pop(0)
        match.console.print(Text(f"{seat_name(match, player)}: {action}", style="dim"))
        match.apply(player, action, by_person=True)
        return True
    if len(actions) == 1 and not match.confirm_all:
        take_only_choice(match, player, actions[0])
        return True
    match.pending.pop(player)
    reason = state.illegal(player, action)
    rest = " ".join(f"'{a}'" for a in waiting[1:])
    later = f" (and dropped {rest})" if rest else ""
    match.console.print(Text(f"Stopped at '{action}': {reason}{later}", style="yellow"))
    return False


def take_only_choice(match: Session, player: int, action: Action) -> None:
    """A decision with one legal choice, made for the person and shown to them."""
    line = f"{seat_name(match, player)}: {action} (the only choice, taken for you)"
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
    match.ask(f"Pass the terminal to {seat_name(match, player)}, then press Enter")
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
            label = f"{seat_name(match, player)} ({match.seats[player]}) is thinking..."
            with Thinking(match.console, label):
                action = bot.choose(Seat(state, player))
            match.apply(player, action, by_person=False)
            continue
        if take_pending(match, player):
            continue
        actions = state.legal_actions(player)
        if len(actions) == 1 and not match.confirm_all:
            take_only_choice(match, player, actions[0])
            continue
        match.flush()
        if match.shared and player != match.last_person:
            hand_over(match, player)
        match.last_person = player
        news = [e.text for e in state.events(player, match.seen[player], match.names)]
        news.extend(match.notes.pop(player, []))
        numbered = show_turn(match, player, news)
        match.seen[player] = state.last_event
        take_actions(match, player, ask_choice(match, player, numbered))
    match.pending.clear()
    return rec.state


def final_table(state: State, names: Sequence[str], viewer: int | None = None) -> PresentedTable:
    """The finished table as ``viewer`` (or a spectator) sees it, with the standings."""
    return state.game.present(state.view(viewer), (), names)


def show_result(
    state: State, names: Sequence[str], console: Console, viewer: int | None = None
) -> None:
    """The last events, then every seat's and rival's place and score by source."""
    width = max(20, console.width)
    tail = [e.text for e in state.events(viewer, names=names)[-6:]]
    console.print(Text("Last events:\n" + "\n".join(tail)), soft_wrap=True)
    table = final_table(state, names, viewer)
    title = "Final standings" if state.is_over else "Standings so far"
    standings = standing_lines(table.standings, width) if table.standings else []
    if not standings:
        called = [*names, *state.rivals()]
        scores = state.scores()
        place = 1
        for group in state.ranking():
            for who in group:
                name = called[who] if who < len(called) else f"P{who}"
                standings.append(f"{place:>3}. {name}: {scores[who]:g}")
            place += len(group)
    console.print(Text("\n".join([f"{title}:", *standings])), soft_wrap=True)
