"""Simulation: seeding, seatings, summaries and intervals."""

from __future__ import annotations

import pytest

from lastcall.sim.runner import GameResult, GameSpec, lineups, simulate, summarise
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


def test_the_first_player_is_the_one_the_game_chose_and_rivals_are_counted_apart() -> None:
    spec = GameSpec("barista", 1, {}, seed=0, lineups=(("a",),))

    def result(index: int, first: int, winners: tuple[int, ...]) -> GameResult:
        return GameResult(
            index=index, seed=index, seats=("a",), scores=(1.0, 2.0), winners=winners,
            decisions=10, seconds=0.1, first_seat=first, length={"rounds": 2 + index},
            rivals=("Jerry",),
        )  # fmt: skip

    results = [result(0, 0, (0,)), result(1, 0, (1,)), result(2, 0, (0, 1))]
    summary = summarise(spec, ["a"], results, 1.0)
    assert summary.wins_by_seat == [1.5]
    assert summary.rival_wins == {"Jerry": 1.5}
    assert summary.first_seat_win_rate == pytest.approx(0.5)
    assert summary.mean_length == {"rounds": 3.0}


def test_results_carry_the_game_s_length_and_first_seat() -> None:
    summary, results = simulate("barista", 4, 2, ["random"], seed=5, workers=1)
    assert all(set(r.length) == {"rounds", "turns"} for r in results)
    assert all(r.first_seat == 0 and r.rivals == () for r in results)
    assert summary.mean_length["turns"] == pytest.approx(
        sum(r.length["turns"] for r in results) / 4
    )
