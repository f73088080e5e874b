"""``lastcall play`` on a pseudo-terminal, for every registered game, as a person plays it.

Typos never end a match, a match stopped by Ctrl-C, Ctrl-D or a closed
terminal is saved and resumes where it stopped, and a decision with a single
legal choice is taken for the person and shown.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import lastcall
from lastcall.core import MatchRecord
from tests.cli.terminal import Terminal

PROMPT = r"your choice \(number or text, \? for help\): "
SAVED = r"Match saved to (\S+) after (\d+) moves\. Continue it with: lastcall play --resume (\S+)"
ONLY_CHOICE = r"P0: (.+) \(the only choice, taken for you\)"
# Answers that are not choices: Unicode digits int() cannot read, nothing, garbage, too far.
BAD_ANSWERS = ["²", "①", "", "garbage", "999999", ";", "1; 1"]


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    started: list[Terminal] = []
    yield started
    for terminal in started:
        terminal.close()


def start(terminals: list[Terminal], tmp_path: Path, *args: str) -> Terminal:
    terminal = Terminal(["play", *args, "--records", str(tmp_path / "records")], str(tmp_path))
    terminals.append(terminal)
    return terminal


def new_match(terminals: list[Terminal], tmp_path: Path, game_id: str) -> Terminal:
    g = lastcall.game(game_id)
    seats = ",".join(["human"] + ["random"] * (g.min_players - 1))
    return start(terminals, tmp_path, game_id, "--players", str(g.min_players), "--seats", seats,
                 "--seed", "1")  # fmt: skip


@pytest.mark.parametrize("game_id", lastcall.games())
def test_bad_answers_never_end_the_match(game_id: str, tmp_path: Path, terminals) -> None:
    terminal = new_match(terminals, tmp_path, game_id)
    terminal.expect(PROMPT)
    for answer in BAD_ANSWERS:
        terminal.sendline(answer)
        terminal.expect(r"No choice")
        terminal.expect(PROMPT)
    terminal.sendline("log")
    terminal.expect(r"The whole log as P0 saw it \(\d+ events\)")
    terminal.expect(PROMPT)
    terminal.sendline("quit")
    path = Path(terminal.expect(SAVED).group(1))
    assert terminal.wait() == 0
    record = MatchRecord.load(tmp_path / path)
    assert record.scores is None
    assert record.game == game_id


@pytest.mark.parametrize("game_id", lastcall.games())
def test_a_single_choice_is_taken_and_shown(game_id: str, tmp_path: Path, terminals) -> None:
    terminal = new_match(terminals, tmp_path, game_id)
    for _ in range(200):
        terminal.expect(PROMPT + r"|Final standings")
        if re.search(ONLY_CHOICE, terminal.text):
            break
        terminal.sendline("1")
    else:
        pytest.fail("no decision with a single choice in 200 answers")
    action = re.search(ONLY_CHOICE, terminal.text)
    assert action is not None
    terminal.sendline("quit")
    path = tmp_path / terminal.expect(SAVED).group(1)
    moves = MatchRecord.load(path).moves
    assert (0, action.group(1)) in moves


@pytest.mark.parametrize("game_id", lastcall.games())
def test_ctrl_c_saves_and_resume_continues(game_id: str, tmp_path: Path, terminals) -> None:
    terminal = new_match(terminals, tmp_path, game_id)
    for _ in range(3):
        terminal.expect(PROMPT)
        terminal.sendline("1")
    terminal.expect(PROMPT)
    table_before = terminal.text[terminal.text.rfind("you are P0") :]
    terminal.send("\x03")
    saved = terminal.expect(SAVED)
    assert terminal.wait() == 130
    path, moves = tmp_path / saved.group(1), int(saved.group(2))
    assert saved.group(1) == saved.group(3)
    record = MatchRecord.load(path)
    assert len(record.moves) == moves >= 3
    assert record.scores is None

    again = start(terminals, tmp_path, "--resume", str(path))
    again.expect(rf"Resuming \S+: {re.escape(lastcall.game(game_id).title)}, {moves} moves made")
    again.expect(PROMPT)
    table_after = again.text[again.text.rfind("you are P0") :]
    assert table_after == table_before
    again.sendline("1")
    again.expect(PROMPT + r"|Final standings")
    again.send("\x04")  # Ctrl-D ends the input: saved again, one move further
    assert again.expect(SAVED).group(1) == saved.group(1)
    assert again.wait() == 1
    assert len(MatchRecord.load(path).moves) > moves


def test_a_closed_terminal_leaves_a_resumable_record(tmp_path: Path, terminals) -> None:
    terminal = new_match(terminals, tmp_path, "barista")
    terminal.expect(PROMPT)
    terminal.sendline("1")
    terminal.expect(PROMPT)
    (path,) = (tmp_path / "records").glob("*.json")
    terminal.hang_up()
    assert terminal.wait() != 0
    record = MatchRecord.load(path)
    assert record.scores is None
    assert len(record.moves) >= 1
    resumed = start(terminals, tmp_path, "--resume")
    resumed.expect(rf"Resuming \S+{re.escape(path.name)}: Barista, {len(record.moves)} moves")
    resumed.expect(PROMPT)
    resumed.sendline("quit")
    resumed.expect(SAVED)
    assert resumed.wait() == 0
