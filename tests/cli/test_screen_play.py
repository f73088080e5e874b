"""Whole games at an 80x24 terminal, read from the screen as a person reads it.

At every decision the prompt and every numbered choice are on the screen at
once; ``info`` shows a card's full text; the end shows each seat's and
rival's score by source; the arrow keys edit the line and never reach the
answer.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from lastcall.cli.screen import ordered_choices, short
from lastcall.core import MatchRecord, State
from lastcall.core.present import Table, default_names
from tests.cli.terminal import Terminal

COLUMNS, LINES = 80, 24
PROMPT = r"your choice \(number or text, \? for help\): "
MORE = r"-- (more \(\d+/\d+\)|the table and your choices follow), press Enter --"
END = r"Final standings:"


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    started: list[Terminal] = []
    yield started
    for terminal in started:
        terminal.close()


def start(terminals: list[Terminal], tmp_path: Path, *args: str) -> Terminal:
    records = tmp_path / "records"
    terminal = Terminal(
        ["play", *args, "--records", str(records)], str(tmp_path), columns=COLUMNS, lines=LINES
    )
    terminals.append(terminal)
    return terminal


def saved_state(tmp_path: Path) -> State:
    """The match as saved: the record is brought up to date before every question."""
    (path,) = (tmp_path / "records").glob("*.json")
    return MatchRecord.load(path).replay()


def table_now(state: State, player: int, names: tuple[str, ...] = ()) -> Table:
    actions = state.legal_actions(player) if player in state.to_move else ()
    return state.game.present(
        state.view(player), actions, names or default_names(state.num_players)
    )


def assert_decision_on_screen(terminal: Terminal, table: Table) -> None:
    """The prompt on the last line, the question and every numbered choice above it."""
    terminal.settle()
    shown = terminal.display
    written = [line for line in shown if line.strip()]
    assert re.search(PROMPT.rstrip(": "), written[-1]), "\n".join(shown)
    screen = "\n".join(shown)
    if table.prompt is not None:
        assert table.prompt.text[:30] in screen, screen
    for number, choice in enumerate(ordered_choices(table.choices), 1):
        entry = re.compile(rf"(^|\s){number} {re.escape(choice.label[:8])}", re.MULTILINE)
        assert entry.search(screen), f"choice {number} ({choice.label}) is not on:\n{screen}"


def play_on(
    terminal: Terminal,
    tmp_path: Path,
    rng: random.Random,
    until: Callable[[State], bool],
    names: tuple[str, ...] = (),
    decisions: int = 1000,
) -> State:
    """Answer every decision with a random number until ``until`` holds or the game ends."""
    for _ in range(decisions):
        found = terminal.expect(f"{PROMPT}|{MORE}|{END}")
        if found.group(0).startswith("--"):
            terminal.sendline("")
            continue
        if re.match(END, found.group(0)):
            return saved_state(tmp_path)
        state = saved_state(tmp_path)
        if until(state):
            return state
        table = table_now(state, 0, names)
        assert_decision_on_screen(terminal, table)
        terminal.sendline(str(rng.randrange(len(table.choices)) + 1))
    raise AssertionError("the game did not end")


def thing_to_look_up(table: Table) -> tuple[str, str]:
    """What ``info`` is asked about: a card with its own text (a client, a recipe) where the
    table shows one, else its first component; with the text ``info`` must show."""
    components = [c for zone in table.zones for c in zone.components]
    cards = [c for c in components if c.kind == "card" and c.text and c.text != c.name]
    chosen = (cards or components)[0]
    return chosen.name, chosen.text or short(chosen)


def test_a_solo_game_of_the_mix_against_ada_at_80_by_24(tmp_path: Path, terminals) -> None:
    terminal = start(terminals, tmp_path, "the-mix", "--players", "1", "--seats", "human",
                     "--seed", "5", "-o", "opponent=ada", "--names", "Ann")  # fmt: skip
    rng = random.Random(5)
    state = play_on(terminal, tmp_path, rng, lambda state: state.decisions >= 6, ("Ann",))
    name, text = thing_to_look_up(table_now(state, 0, ("Ann",)))
    terminal.sendline(f"info {name.lower()[:-1]}")  # in part, in any case
    terminal.expect(re.escape(" ".join(text.split())[:20]))
    terminal.expect(PROMPT)
    terminal.sendline("1")
    state = play_on(terminal, tmp_path, rng, lambda state: False, ("Ann",))
    assert state.is_over
    terminal.expect(r"Match record saved")
    assert terminal.wait() == 0
    end = terminal.text[terminal.text.index("Final standings:") :]
    final = json.loads(json.dumps(state.view(None)["final"]))
    assert final["rivals"] == ["Ada"]
    for who, sources in enumerate(final["sources"]):
        called = ["Ann", "Ada"][who]
        assert re.search(rf"\d\. {called}: {final['scores'][who]:g}", end), end
        assert sum(1 for points in sources.values() if points) >= 1
    assert end.count(",") >= 2  # points by source, for the seat and for Ada


def test_three_rounds_of_distilled_at_80_by_24(tmp_path: Path, terminals) -> None:
    terminal = start(terminals, tmp_path, "distilled", "--players", "2", "--seats",
                     "human,greedy", "--seed", "2")  # fmt: skip
    rng = random.Random(2)
    state = play_on(terminal, tmp_path, rng, lambda state: state.view(0)["round"] > 3)
    assert state.view(0)["round"] == 4
    name, text = thing_to_look_up(table_now(state, 0))
    terminal.sendline(f"info {name}")
    terminal.expect(re.escape(" ".join(text.split())[:20]))
    terminal.expect(PROMPT)
    terminal.sendline("quit")
    terminal.expect(r"Match saved to")
    assert terminal.wait() == 0


def test_arrow_keys_edit_the_line_and_bring_back_answers(tmp_path: Path, terminals) -> None:
    terminal = start(terminals, tmp_path, "barista", "--seats", "human,random", "--seed", "1")
    terminal.expect(PROMPT)
    terminal.sendline("lgo")
    terminal.expect(r"No choice 'lgo'.*Did you mean 'log'\?")
    terminal.expect(PROMPT)
    terminal.send("\x1b[A")  # Up: the last answer comes back
    terminal.send("\x1b[D\x1b[D")  # Left twice, to after the l
    terminal.send("\x7f")  # Backspace: "go"
    terminal.send("\x1b[C\x1b[C")  # Right twice, to the end
    terminal.sendline("")
    terminal.expect(r"No choice 'go'")
    terminal.expect(PROMPT)
    terminal.send("lo\t")  # Tab completes the command
    terminal.sendline("")
    terminal.expect(r"The whole log as P0 saw it")
    terminal.expect(PROMPT)
    terminal.sendline("quit")
    terminal.expect(r"Match saved to")
    assert terminal.wait() == 0
