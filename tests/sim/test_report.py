"""Reports written by ``simulate --out``."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from lastcall.sim.report import write_report
from lastcall.sim.runner import simulate


def test_report_files_charts_and_markdown(tmp_path: Path) -> None:
    summary, results = simulate("barista", 12, 2, ["random", "random"], seed=2, workers=1)
    report = write_report(tmp_path, summary, results)
    rows = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert [r["index"] for r in rows] == list(range(12))
    with (tmp_path / "games.csv").open() as f:
        table = list(csv.DictReader(f))
    assert len(table) == 12
    assert table[0]["seat0"] == "random"
    assert json.loads((tmp_path / "summary.json").read_text())["games"] == 12
    text = report.read_text()
    assert "First-player advantage: the player who took the first turn" in text
    assert "Rounds per game (as the rulebook counts them): mean" in text
    assert "Turns per game (as the rulebook counts them): mean" in text
    for chart in ("win_rate_by_seat.png", "scores.png", "length.png"):
        assert (tmp_path / chart).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f"({chart})" in text


def test_scores_are_charted_by_bot_as_well_as_by_seat(tmp_path: Path) -> None:
    summary, results = simulate("barista", 8, 2, ["random", "greedy"], seed=2, workers=1)
    text = write_report(tmp_path, summary, results).read_text()
    assert (tmp_path / "scores_by_bot.png").read_bytes()[:4] == b"\x89PNG"
    assert "(scores_by_bot.png)" in text


def test_the_mix_at_three_lists_only_options_in_play_and_units_in_words(tmp_path: Path) -> None:
    summary, results = simulate("the-mix", 2, 3, ["random"], seed=1, workers=1)
    text = write_report(tmp_path, summary, results).read_text()
    options = text.split("options ", 1)[1].split(";", 1)[0]
    assert "side" in options
    assert "opponent" not in options
    assert "opponent" not in summary.to_json()["options"]
    assert "Bar setups per game" in text or "bar_setups" not in summary.mean_length
    assert "_" not in " ".join(line for line in text.splitlines() if "per game (as" in line)
    # Each component is held by one seat at most: the holders would only repeat the rate.
    assert "seats holding it" not in text
