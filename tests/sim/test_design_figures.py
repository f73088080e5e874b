"""Score sources and take rates: summed over a run, and shown in the report and at the terminal."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lastcall.cli.app import app
from lastcall.sim.report import MIN_OFFERS, design_sections, write_report
from lastcall.sim.runner import GameResult, mean_sources, offer_rates, simulate


def result(
    index: int,
    sources: tuple[dict[str, float], ...],
    offers: dict[str, tuple[int, ...]],
    winners: tuple[int, ...] = (0,),
) -> GameResult:
    scores = tuple(sum(s.values()) for s in sources)
    return GameResult(
        index=index,
        seed=index,
        seats=("random",) * len(sources),
        scores=scores,
        winners=winners,
        decisions=10,
        seconds=0.01,
        sources=sources,
        offers=offers,
    )


def test_mean_sources_count_a_missing_source_as_zero_and_keep_the_games_order() -> None:
    results = [
        result(0, ({"sales": 10.0, "goals": 2.0}, {"sales": 4.0}), {}),
        result(1, ({"sales": 6.0}, {"sales": 0.0, "money": 4.0}), {}),
    ]
    assert list(mean_sources(results)) == ["sales", "goals", "money"]
    assert mean_sources(results) == {"sales": 5.0, "goals": 0.5, "money": 1.0}
    assert mean_sources([result(0, ({}, {}), {})]) == {}


def test_offer_rates_count_games_offered_taken_and_holders() -> None:
    results = [
        result(0, ({}, {}), {"upgrade: Still": (0, 1), "upgrade: Silo": ()}, winners=(0, 1)),
        result(1, ({}, {}), {"upgrade: Still": (1,)}, winners=(1,)),
        result(2, ({}, {}), {"upgrade: Still": (), "upgrade: Silo": ()}),
    ]
    rates = offer_rates(results)
    # Held 3 times: a shared win (half each, two holders) and a whole one.
    assert rates["upgrade: Still"] == {
        "games": 3,
        "taken": 2,
        "rate": 2 / 3,
        "holders": 1.0,
        "holder_wins": (0.5 + 0.5 + 1.0) / 3,
    }
    assert rates["upgrade: Silo"] == {
        "games": 2,
        "taken": 0,
        "rate": 0.0,
        "holders": 0.0,
        "holder_wins": 0.0,
    }
    assert list(rates) == ["upgrade: Silo", "upgrade: Still"]


def test_the_report_flags_only_components_offered_often_enough() -> None:
    many = [
        result(i, ({"sales": 1.0},), {"upgrade: Never": (), "upgrade: Always": (0,)})
        for i in range(MIN_OFFERS)
    ]
    few = [result(MIN_OFFERS + i, ({"sales": 1.0},), {"upgrade: Rare": ()}) for i in range(3)]
    summary, _ = simulate("barista", 1, 2, ["random"], seed=1, workers=1)
    summary.score_sources = mean_sources(many + few)
    summary.offers = offer_rates(many + few)
    text = "\n".join(design_sections(summary))
    assert "| sales | 1.00 | 100.0% |" in text
    # No component is held by two seats at once here, so no holders column repeats the rate.
    assert "seats holding it" not in text
    assert re.search(r"\| upgrade: Never \| 10 \| 0 \| 0\.00 \| 0\.00 \| never taken \|", text)
    assert re.search(r"\| upgrade: Always \| 10 \| 10 \| 1\.00 \| 1\.00 \| always taken \|", text)
    assert re.search(r"\| upgrade: Rare \| 3 \| 0 \| 0\.00 \| 0\.00 \|  \|", text)


def test_a_game_without_a_breakdown_adds_no_sections(tmp_path: Path) -> None:
    summary, results = simulate("barista", 2, 2, ["random"], seed=1, workers=1)
    summary.score_sources, summary.offers = {}, {}
    assert design_sections(summary) == []
    assert "## What seats take" not in write_report(tmp_path, summary, results).read_text()


def test_simulate_prints_the_sources_and_the_flagged_components(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["simulate", "distilled", "-n", "4", "--players", "2", "--bots", "random"]
    result = CliRunner().invoke(app, [*args, "--workers", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "points by source (mean per seat): sales " in text
    assert re.search(r"\d+ components on offer; offered in 10\+ games, never taken: ", text)
    report = (out / "report.md").read_text()
    assert "## Where the points come from" in report
    assert re.search(r"\| upgrade: [^|]+ \| [1-4] \| [0-4] \|", report)
    summary = json.loads((out / "summary.json").read_text())
    assert sum(summary["score_sources"].values()) == pytest.approx(sum(summary["mean_scores"]) / 2)
