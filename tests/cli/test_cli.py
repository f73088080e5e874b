"""The command line, driven as a person or a script would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from lastcall.cli.app import app
from lastcall.core import MatchRecord

runner = CliRunner()


def test_games_lists_barista() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "barista" in result.output


def test_games_marks_house_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("lastcall.cli.app.console", Console(width=250))
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "one_coin_set=False (house rule)" in result.output
    assert "extra_heart_aces=0," in result.output


def test_rules_prints_the_document() -> None:
    result = runner.invoke(app, ["rules", "barista"])
    assert result.exit_code == 0
    assert "Barista Challenge" in result.output


def test_unknown_game_is_a_clear_error() -> None:
    result = runner.invoke(app, ["rules", "chess"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output


def test_simulate_json_has_the_promised_fields() -> None:
    args = ["simulate", "barista", "-n", "6", "--players", "3", "--seed", "4", "--workers", "1"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    for key in ("game", "games", "players", "wins_by_seat", "mean_scores", "mean_decisions"):
        assert key in data
    assert data["errors"] == 0
    assert data["games"] == 6
    assert sum(data["wins_by_seat"]) == 6
    assert data["seconds"] > 0


def test_simulate_is_independent_of_workers() -> None:
    base = ["simulate", "barista", "-n", "8", "--players", "2", "--seed", "9", "--json"]
    one = json.loads(runner.invoke(app, [*base, "--workers", "1"]).output)
    two = json.loads(runner.invoke(app, [*base, "--workers", "2"]).output)
    for key in ("wins_by_seat", "mean_scores", "mean_decisions", "by_bot"):
        assert one[key] == two[key]


def test_simulate_rejects_a_bad_bot() -> None:
    result = runner.invoke(app, ["simulate", "barista", "-n", "2", "--bots", "nobody", "--json"])
    assert result.exit_code == 2
    assert "unknown bot 'nobody'" in result.output


def test_play_a_human_game_then_replay_it(tmp_path: Path) -> None:
    # One person against a bot; the person always answers "1" (the first choice).
    args = ["play", "barista", "--players", "2", "--seats", "human,random", "--seed", "3"]
    result = runner.invoke(app, [*args, "--records", str(tmp_path)], input="1\n" * 5000)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Final standings" in result.output
    (path,) = tmp_path.glob("barista-*.json")
    record = MatchRecord.load(path)
    assert record.seats == ("human", "random")
    assert record.scores is not None
    replayed = runner.invoke(app, ["replay", str(path), "--json"])
    assert replayed.exit_code == 0
    data = json.loads(replayed.output)
    assert data["over"] is True
    assert data["scores"] == list(record.scores)


def test_play_rejects_illegal_text_and_explains(tmp_path: Path) -> None:
    args = ["play", "barista", "--players", "2", "--seats", "human,random", "--seed", "3"]
    answers = "spill 1\nquit\n"
    result = runner.invoke(app, [*args, "--records", str(tmp_path)], input=answers)
    assert result.exit_code == 0
    assert "No choice 'spill 1': P0 cannot 'spill 1'" in result.output
    (path,) = tmp_path.glob("*.json")
    assert f"Match saved to {path} after" in result.output
    assert f"Continue it with: lastcall play --resume {path}" in result.output
    assert MatchRecord.load(path).scores is None


def test_two_people_get_a_hand_over_screen(tmp_path: Path) -> None:
    args = ["play", "barista", "--players", "2", "--seats", "human,human", "--seed", "3"]
    result = runner.invoke(app, [*args, "--records", str(tmp_path)], input="\n1\n" * 20 + "quit\n")
    assert "Pass the terminal to P" in result.output


def test_replay_reports_a_tampered_record(tmp_path: Path) -> None:
    args = ["play", "barista", "--players", "2", "--seats", "random,random", "--seed", "5"]
    assert runner.invoke(app, [*args, "--records", str(tmp_path)]).exit_code == 0
    (path,) = tmp_path.glob("*.json")
    data = json.loads(path.read_text())
    data["moves"][3][1] = "spill 5"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "move 3" in result.output


def test_bench_json() -> None:
    args = ["bench", "barista", "--seconds", "0.2", "--ismcts-seconds", "0.2", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0
    data = json.loads(result.output)["barista"]
    assert set(data) >= {"us_per_decision", "games_per_sec", "clone_us", "view_us"}
    assert data["ismcts_iters_per_sec"] > 0
    assert all(v > 0 for v in data.values())


def test_menu_starts_a_game(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    answers = "barista\n2\nrandom,random\n"
    result = runner.invoke(app, [], input=answers)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Final standings" in result.output
    assert list((tmp_path / "records").glob("barista-*.json"))


def test_bench_scaling_reports_the_two_worker_speedup() -> None:
    args = ["bench", "barista", "--seconds", "0.1", "--scaling", "6", "--ismcts-seconds", "0"]
    args.append("--json")
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["barista"]["workers_speedup"] > 0


def test_simulate_tournament_with_parameterised_bots() -> None:
    bots = "ismcts:iters=4,depth=2,random"
    args = ["simulate", "barista", "-n", "4", "--players", "2", "--bots", bots, "--workers", "1"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data["by_bot"]) == {"ismcts:iters=4,depth=2", "random"}
    assert data["by_bot"]["random"]["games"] == 4
    low, high = data["first_seat_ci95"]
    assert 0 <= low <= data["first_seat_win_rate"] <= high <= 1
