"""The command line, driven as a person or a script would."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import lastcall
from lastcall.cli.app import app
from lastcall.core import MatchRecord, compiled, game

runner = CliRunner()


def test_games_lists_barista() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "barista" in result.output


def test_games_marks_house_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("lastcall.cli.app.console", Console(width=250))
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "option one_coin_set=False (yes or no, a house rule)" in result.output
    assert "option extra_heart_aces=0 (a number from 0 to 3)" in result.output


def test_games_cut_nothing_at_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("lastcall.cli.app.console", Console(width=80))
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert max(map(len, result.output.splitlines())) <= 80
    words = result.output.split()
    for game_id in lastcall.games():
        g = lastcall.game(game_id)
        for option in g.options:
            assert f"{option.name}={option.default}" in words
            for word in option.help.split():
                assert word in words, (option.name, word)


@pytest.mark.parametrize("game_id", lastcall.games())
def test_rules_tell_how_to_play_with_the_current_version(game_id: str) -> None:
    g = lastcall.game(game_id)
    result = runner.invoke(app, ["rules", game_id], env={"COLUMNS": "100"})
    assert result.exit_code == 0
    assert f"{g.title} (version {g.version} of its rules here)" in result.output
    # The how-to's last line is there, read as rendered words (no Markdown marks).
    last_line = g.how_to_play().strip().splitlines()[-1]
    words = [w.strip("-*`#_") for w in last_line.split()]
    assert " ".join(w for w in words[:4] if w) in " ".join(result.output.split())
    flat = " ".join(result.output.split())
    for term in g.glossary():
        assert term in flat, "the how-to is followed by every name the glossary explains"
    assert f"lastcall rules {game_id} --full" in result.output


def test_the_rules_of_the_mix_are_short_and_name_no_module_or_file() -> None:
    result = runner.invoke(app, ["rules", "the-mix"], env={"COLUMNS": "100"})
    assert result.exit_code == 0
    assert len(result.output.splitlines()) < 300
    assert not re.search(r"lastcall\.|\w+\.(py|toml|json)\b|src/", result.output)


def test_rules_full_prints_the_document() -> None:
    result = runner.invoke(app, ["rules", "barista", "--full"])
    assert result.exit_code == 0
    assert "Barista Challenge" in result.output
    assert "(version 2 of its rules here)" in result.output


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
    (line,) = result.output.strip().splitlines()
    assert line.startswith(f"error: {path}: ")
    assert "move 3" in line
    result = runner.invoke(app, ["play", "--resume", str(path)])
    assert result.exit_code == 2
    assert result.output.startswith(f"error: {path}: ")


BENCH_ROW_KEYS = {
    "game",
    "version",
    "players",
    "games",
    "decisions",
    "us_per_decision",
    "games_per_sec",
    "clone_us",
    "view_us",
    "determinize_us",
    "observation_us",
    "aec_step_us",
    "ismcts_iters_per_sec",
}


def test_bench_json_has_every_key_of_its_schema() -> None:
    args = ["bench", "barista", "--players", "2", "--seconds", "0.01", "--ismcts-seconds", "0.01"]
    args += ["--scaling", "2", "--startup-runs", "1", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {
        "schema",
        "lastcall",
        "commit",
        "commit_dirty",
        "python",
        "compiled",
        "platform",
        "cpus",
        "load_average",
        "settings",
        "startup",
        "games",
        "workers",
    }
    assert data["schema"] == 1
    assert data["compiled"] is compiled()
    assert set(data["load_average"]) == {"start", "end"}
    assert set(data["settings"]) == {"seconds", "ismcts_seconds", "scaling_games", "startup_runs"}
    startup = data["startup"]
    assert set(startup) == {"version", "first_state"}
    assert set(startup["first_state"]) == {"barista"}
    for timing in (startup["version"], startup["first_state"]["barista"]):
        assert set(timing) == {"wall_s", "cpu_s", "runs"}
        assert timing["runs"] == 1
        assert timing["wall_s"] > 0
    [row] = data["games"]
    assert set(row) == BENCH_ROW_KEYS
    assert (row["game"], row["players"]) == ("barista", 2)
    assert all(row[key] > 0 for key in BENCH_ROW_KEYS - {"game"})
    workers = data["workers"]["barista"]
    assert set(workers) == {
        "players",
        "games",
        "seconds_one_worker",
        "seconds_two_workers",
        "speedup",
    }
    assert workers["games"] == 2
    assert workers["speedup"] > 0


def test_bench_json_without_the_optional_figures_keeps_their_keys_as_null() -> None:
    args = ["bench", "bartender", "--seconds", "0.01", "--ismcts-seconds", "0"]
    args += ["--scaling", "0", "--startup-runs", "0", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["startup"] is None
    assert data["workers"] is None
    counts = [row["players"] for row in data["games"]]
    assert counts == list(game("bartender").player_counts)
    for row in data["games"]:
        assert set(row) == BENCH_ROW_KEYS
        assert row["ismcts_iters_per_sec"] is None


def test_bench_table_shows_every_section() -> None:
    args = ["bench", "barista", "-p", "2", "--seconds", "0.01", "--ismcts-seconds", "0.01"]
    result = runner.invoke(app, [*args, "--scaling", "2", "--startup-runs", "1"])
    assert result.exit_code == 0, result.output
    for title in ("start-up", "lastcall --version", "determinize", "speed-up", "load average"):
        assert title in result.output


def test_menu_starts_a_game(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    answers = "barista\n2\nrandom,random\n\n\n"
    result = runner.invoke(app, [], input=answers)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Final standings" in result.output
    assert list((tmp_path / "records").glob("barista-*.json"))


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


def test_rules_explain_one_card_by_a_close_name_and_every_card_on_request() -> None:
    g = lastcall.game("the-mix")
    name, meaning = next(iter(g.glossary().items()))
    one = runner.invoke(app, ["rules", "the-mix", name.lower()], env={"COLUMNS": "200"})
    assert one.exit_code == 0
    assert " ".join(one.output.split()) == f"{name}: {' '.join(meaning.split())}"
    unknown = runner.invoke(app, ["rules", "the-mix", "no such card"])
    assert unknown.exit_code == 2 and "no card or term 'no such card'" in unknown.output
    every = runner.invoke(app, ["rules", "distilled", "--glossary"], env={"COLUMNS": "100"})
    assert every.exit_code == 0
    flat = " ".join(every.output.split())
    for term, text in lastcall.game("distilled").glossary().items():
        assert f"{term}: {' '.join(text.split())}" in flat
