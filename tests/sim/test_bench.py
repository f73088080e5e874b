"""The benchmark's figures that depend on what is installed and where it runs."""

from __future__ import annotations

import sys

import pytest

import lastcall.envs
from lastcall.core import LastcallError
from lastcall.sim.bench import aec_step_us, bench_game, time_fresh_process


def test_the_aec_step_is_null_without_pettingzoo(monkeypatch: pytest.MonkeyPatch) -> None:
    # An adapter imported earlier stays reachable as the package's attribute.
    monkeypatch.delattr(lastcall.envs, "pettingzoo", raising=False)
    monkeypatch.setitem(sys.modules, "lastcall.envs.pettingzoo", None)
    assert aec_step_us("barista", 2, 0.01) is None


def test_the_aec_step_is_measured_with_pettingzoo() -> None:
    pytest.importorskip("pettingzoo")
    step = aec_step_us("barista", 2, 0.01)
    assert step is not None
    assert step > 0


def test_a_game_is_measured_at_the_player_count_asked() -> None:
    result = bench_game("the-mix", 1, 0.01)
    assert (result.game, result.players) == ("the-mix", 1)
    assert result.games >= 1
    assert result.decisions >= result.games
    assert min(result.clone_us, result.view_us, result.determinize_us) > 0
    assert result.observation_us is not None  # NumPy is there with the test extras
    assert result.observation_us > 0


def test_a_failing_fresh_process_is_an_error_not_a_time() -> None:
    with pytest.raises(LastcallError, match="exited with 3"):
        time_fresh_process([sys.executable, "-c", "raise SystemExit(3)"], 1)


def test_a_fresh_process_is_timed_once_per_run() -> None:
    timing = time_fresh_process([sys.executable, "-c", "pass"], 2)
    assert timing.runs == 2
    assert timing.wall_s > 0
    assert timing.cpu_s > 0
