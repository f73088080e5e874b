"""An error nobody planned for (a bug) still leaves every move on disk and one line on screen."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import lastcall.bots
from lastcall.bots import Bot, Seat
from lastcall.cli import app as app_module
from lastcall.cli.records import read_record
from lastcall.core import Action

MOVES_BEFORE_THE_BUG = 25


class BuggyBot(Bot):
    """Plays the first legal action, then fails as a bug would."""

    name = "buggy"
    moves = 0

    def choose(self, seat: Seat) -> Action:
        BuggyBot.moves += 1
        if BuggyBot.moves > MOVES_BEFORE_THE_BUG:
            raise RuntimeError("a bug in a bot")
        return seat.legal_actions()[0]


@pytest.fixture
def buggy_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    BuggyBot.moves = 0
    monkeypatch.setitem(lastcall.bots._KINDS, "buggy", BuggyBot)


ARGS = ["play", "barista", "--seats", "buggy,buggy", "--seed", "1", "--records"]


@pytest.mark.usefixtures("buggy_bot")
def test_the_moves_before_a_bug_are_saved(tmp_path: Path) -> None:
    result = CliRunner().invoke(app_module.app, [*ARGS, str(tmp_path)])
    assert isinstance(result.exception, RuntimeError)
    (path,) = tmp_path.glob("*.json")
    record = read_record(path)
    assert len(record.moves) == MOVES_BEFORE_THE_BUG
    assert record.scores is None


@pytest.mark.usefixtures("buggy_bot")
def test_the_command_reports_a_bug_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("LASTCALL_DEBUG", raising=False)
    monkeypatch.setattr(sys, "argv", ["lastcall", *ARGS, str(tmp_path)])
    with pytest.raises(SystemExit) as stopped:
        app_module.main()
    assert stopped.value.code == 3
    err = capsys.readouterr().err.strip()
    assert err.startswith("internal error: RuntimeError: 'a bug in a bot'")
    assert "\n" not in err
    assert "Traceback" not in err
