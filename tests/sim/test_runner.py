"""Simulation: seeding, seatings, summaries and intervals."""

from __future__ import annotations

import pytest

from lastcall.sim.runner import lineups, simulate
from lastcall.sim.stats import wilson


def test_lineups_cycle_bots_over_every_seat() -> None:
    assert lineups(["random"], 3) == (("random", "random", "random"),)
    seatings = lineups(["a", "b"], 2)
    assert seatings == (("a", "b"), ("b", "a"))
    assert {s[0] for s in lineups(["a", "b", "c"], 3)} == {"a", "b", "c"}


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3)
    assert high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(10, 10)[0] > 0.7


def test_same_seed_same_results_whatever_the_workers() -> None:
    one, results_one = simulate("barista", 6, 2, ["random"], seed=3, workers=1)
    two, results_two = simulate("barista", 6, 2, ["random"], seed=3, workers=2)
    assert [r.scores for r in results_one] == [r.scores for r in results_two]
    assert one.wins_by_seat == two.wins_by_seat
    assert one.errors == 0


def test_ties_split_the_win_and_totals_add_up() -> None:
    summary, results = simulate("barista", 10, 3, ["random"], seed=8, workers=1)
    assert sum(summary.wins_by_seat) == pytest.approx(10)
    assert summary.by_bot["random"]["games"] == 30
    assert all(r.error is None for r in results)
