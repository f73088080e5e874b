"""Every command answers bad input with one clear line and exit code 2, never a traceback;
the menu asks again; every option is described."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

import lastcall
from lastcall.cli import app as app_module
from lastcall.cli.app import app
from lastcall.core import MatchRecord

runner = CliRunner()

BAD = [
    (["play", "barista", "--players", "0"], "Barista takes 2 to 6 players, not 0"),
    (["play", "barista", "--players", "-2"], "Barista takes 2 to 6 players, not -2"),
    (["play", "barista", "--players", "3", "--seats", "human,random"],
     "3 players need 3 seats; --seats names 2: 'human,random'"),
    (["play", "barista", "--seats", ""], "--seats names no seats"),
    (["play", "barista", "--seats", "human,genius"], "unknown bot 'genius'"),
    (["play", "barista", "--seats", "human,ismcts:iters=10000000000"],
     "parameter iters=10000000000 must be at most 1000000"),
    (["play", "barista", "--seats", "human,greedy:depth=2"],
     "bot greedy has no parameter 'depth'; its parameters: samples"),
    (["play", "barista", "-o", "nothing"], "option 'nothing' is not a short name=value"),
    (["play", "barista", "-o", "x=" + "y" * 10_000], "is not a short name=value"),
    (["play", "barista", "-o", "turn_limit=many"], "option turn_limit='many'"),
    (["play", "x" * 10_000], "unknown game 'xxxxxxxx"),
    (["play"], "name a game"),
    (["play", "barista", "--resume", "--players", "3", "--seed", "1"],
     "--resume continues the match as it was saved; drop --players, --seed"),
    (["play", "barista", "--resume"], "no unfinished match of barista in records to resume"),
    (["simulate", "barista", "--bots", ""], "no bots given"),
    (["simulate", "barista", "--bots", ",,"], "no bots given"),
    (["simulate", "barista", "--bots", "ismcts:iters=10000000000"], "must be at most 1000000"),
    (["simulate", "barista", "--bots", "random:speed=3"], "bot random has no parameter 'speed'"),
    (["simulate", "barista", "--players", "0"], "Barista takes 2 to 6 players, not 0"),
    (["simulate", "barista", "--workers", "100000"], "far above this machine's"),
    (["simulate", "barista", "-n", "100000000000"], "is not between 1 and 10,000,000"),
    (["simulate", "barista", "--backend", "cloud"], "unknown backend 'cloud'"),
    (["bench", "barista", "--players", "0"], "Barista takes 2 to 6 players, not 0"),
    (["bench", "barista", "--seconds", "1e9"], "--seconds 1000000000.0: give seconds"),
    (["bench", "barista", "--seconds", "nan"], "--seconds nan: give seconds"),
    (["bench", "barista", "--scaling", "-1"], "--scaling -1: give 0 to 100,000 games"),
    (["bench", "barista", "--startup-runs", "51"], "--startup-runs 51: give 0 to 50 runs"),
    (["rules", "[/red]"], "unknown game '[/red]'"),
]  # fmt: skip


@pytest.mark.parametrize(("args", "message"), BAD)
def test_bad_options_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, args, input="")
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("error: ")
    assert message in lines[0]
    assert len(lines[0]) < 300


def test_an_unwritable_records_path_is_refused_before_play(tmp_path: Path) -> None:
    taken = tmp_path / "passwd"
    taken.write_text("root:x:0:0\n")
    args = ["play", "barista", "--seats", "human,random", "--records", str(taken)]
    result = runner.invoke(app, args, input="1\n" * 50)
    assert result.exit_code == 2
    assert result.output.strip() == f"error: --records {taken}: is a file, not a directory"
    assert taken.read_text() == "root:x:0:0\n"


def test_an_unwritable_out_path_is_refused_before_the_run(tmp_path: Path) -> None:
    taken = tmp_path / "file"
    taken.write_text("")
    result = runner.invoke(app, ["simulate", "barista", "-n", "2", "--out", str(taken / "x")])
    assert result.exit_code == 2
    assert "cannot write there" in result.output


@pytest.mark.parametrize(
    "content",
    [b"null", b"3", b"[]", b"\xff\xfe\x00", b"[" * 50_000 + b"]" * 50_000, b'{"a": "' + b"x" * 100],
)
def test_replay_of_a_bad_file_is_one_line(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    (line,) = result.output.strip().splitlines()
    assert line.startswith(f"error: {path}: ")


def test_replay_of_a_huge_action_string_is_quick_and_short(tmp_path: Path) -> None:
    args = ["play", "barista", "--seats", "random,random", "--seed", "2", "--records"]
    assert runner.invoke(app, [*args, str(tmp_path)]).exit_code == 0
    (path,) = tmp_path.glob("*.json")
    data = MatchRecord.load(path).to_json()
    data["moves"][0][1] = "x" * 50_000_000
    path.write_text(__import__("json").dumps(data))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "is larger than 16 MiB" in result.output
    data["moves"][0][1] = "x" * 1_000_000
    path.write_text(__import__("json").dumps(data))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "move 0 must be [seat, action text]" in result.output
    assert len(result.output) < 300


def test_resume_without_a_saved_match_says_so(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "--resume", "--records", str(tmp_path)])
    assert result.exit_code == 2
    assert f"no unfinished match in {tmp_path} to resume" in result.output


def test_resume_of_a_finished_match_points_to_replay(tmp_path: Path) -> None:
    args = ["play", "barista", "--seats", "random,random", "--seed", "2", "--records"]
    assert runner.invoke(app, [*args, str(tmp_path)]).exit_code == 0
    (path,) = tmp_path.glob("*.json")
    result = runner.invoke(app, ["play", "--resume", str(path)])
    assert result.exit_code == 2
    assert "that match is finished; `lastcall replay` shows how it went" in result.output
    assert result.output.startswith(f"error: {path}: ")


def test_resume_of_a_finished_match_of_a_retired_version_says_both(tmp_path: Path) -> None:
    args = ["play", "barista", "--seats", "random,random", "--seed", "2", "--records"]
    assert runner.invoke(app, [*args, str(tmp_path)]).exit_code == 0
    (path,) = tmp_path.glob("*.json")
    data = MatchRecord.load(path).to_json()
    data["game_version"] = 1
    path.write_text(__import__("json").dumps(data))
    result = runner.invoke(app, ["play", "--resume", str(path)])
    assert result.exit_code == 2
    said = " ".join(result.output.split())
    assert "that match is finished, and barista v1 is retired (" in said


# ----------------------------------------------------------------- the menu


def test_the_menu_asks_again_after_bad_answers(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    typed = ["9", "chess", "²", "barista", "0", "seven", "3", "human", "random,random,x"]
    options = ["random,random,random", "many", "5", "20"]
    names = ["Ann", "Ann,Bo,ann", "Ann,Bo,Cy"]
    answers = "\n".join([*typed, *options, *names]) + "\n"
    result = runner.invoke(app, [], input=answers)
    assert result.exit_code == 0, result.output[-2000:]
    output = result.output
    games = len(lastcall.games())
    assert f"No choice '9': type 1 to {games}, a game id, or q." in output
    assert "No choice 'chess'" in output
    assert "No choice '²'" in output
    assert "No choice '0': type a number from 2 to 6." in output
    assert "No choice: 3 players need 3 seats, not 1" in output
    assert "No choice: unknown bot 'x'" in output
    assert "turns after which an unfinished game ends" in output  # each option's help
    assert "No choice 'many': type a number from 10 to 100000." in output
    assert "No choice '5': type a number from 10 to 100000." in output
    assert "No choice: 3 players need 3 names separated by commas: 'Ann'" in output
    assert "No choice: every seat needs its own name: 'Ann,Bo,ann'" in output
    assert "--" not in output.split("choose a game", 1)[1].split("Final standings")[0]
    assert "Final standings" in output
    assert re.search(r"\d\. Cy: \d+", output)


def test_the_menu_resumes_a_saved_match(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    args = ["play", "barista", "--seats", "human,random", "--seed", "3"]
    assert runner.invoke(app, args, input="1\n1\nquit\n").exit_code == 0
    (path,) = (tmp_path / "records").glob("*.json")
    moves = len(MatchRecord.load(path).moves)
    result = runner.invoke(app, [], input="r\nx\n1\nquit\n")
    assert result.exit_code == 0, result.output[-2000:]
    assert "r. Resume an unfinished match (1 saved)" in result.output
    assert f"1. {path.name}: barista, {moves} moves (human, random)" in result.output
    assert "No choice 'x': type a number from 1 to 1." in result.output
    assert f"Resuming records/{path.name}: Barista, {moves} moves made so far." in result.output


def test_the_menu_ends_quietly_on_end_of_input() -> None:
    result = runner.invoke(app, [], input="")
    assert result.exit_code == 0
    assert "Traceback" not in result.output


# ----------------------------------------------------------------- help


def all_commands() -> list[tuple[str, Any]]:
    group = typer.main.get_command(app)
    subcommands: dict[str, Any] = getattr(group, "commands")  # noqa: B009
    return [("lastcall", group), *subcommands.items()]


@pytest.mark.parametrize(("name", "command"), all_commands())
def test_every_option_and_argument_is_described(name: str, command: Any) -> None:
    assert command.help, f"{name} has no description"
    for param in command.params:
        described = getattr(param, "help", None)
        assert described, f"{name}: {param.name} has no description"


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"lastcall {lastcall.__version__}"


def test_play_help_lists_the_game_ids() -> None:
    result = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for game_id in lastcall.games():
        assert game_id in result.output
    for option in ("--resume", "--confirm-all", "--records", "--seats"):
        assert option in result.output


@pytest.mark.parametrize("game_id", lastcall.games())
def test_rules_name_no_path_of_the_machine_that_built_them(game_id: str) -> None:
    result = runner.invoke(app, ["rules", game_id], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    absolute = re.findall(r"(?:^|[\s`(\"'])(/[\w.-]+/[\w./-]*)", result.output)
    assert absolute == []
    assert "rulebook" in result.output.lower()


COMMAND_LINE_MISTAKES = [
    (["play", "barista", "--seed", "notanumber"], "Invalid value for '--seed'", "play"),
    (["simulate", "the-mix", "-n", "0"], "Invalid value for '-n' / '--games'", "simulate"),
    (["rules"], "Missing argument 'GAME'", "rules"),
    (["dance"], "No such command 'dance'", ""),
]


@pytest.mark.parametrize(("args", "message", "command"), COMMAND_LINE_MISTAKES)
def test_command_line_mistakes_are_one_error_line(
    args: list[str],
    message: str,
    command: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(sys, "argv", ["lastcall", *args])
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit) as stopped:
        app_module.main()
    assert stopped.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    (line,) = err.strip().splitlines()
    assert line.startswith(f"error: {message}")
    assert line.endswith(f"(see: {' '.join(['lastcall', command]).strip()} --help)")


def test_an_option_given_twice_is_refused() -> None:
    args = ["play", "the-mix", "-o", "side=advanced", "-o", "side=basic"]
    result = runner.invoke(app, args, input="")
    assert result.exit_code == 2
    assert result.output.strip() == "error: option 'side' is given twice; give each option once"
