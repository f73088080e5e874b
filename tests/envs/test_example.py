"""The training example runs: one short update, then a few games against random."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_policy.py"


def test_the_training_example_trains_and_reports_win_rates(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spec = importlib.util.spec_from_file_location("train_policy", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "train_policy", module)  # dataclasses look it up there
    spec.loader.exec_module(module)
    result = module.main(
        ["--minutes", "0", "--parallel", "2", "--episodes-per-update", "1", "--eval-games", "3"]
    )
    assert result["updates"] == 1 and result["episodes"] >= 1
    assert result["games"] == 3
    low, high = result["win_rate_95"]
    assert 0.0 <= low <= high <= 1.0 and low - 1e-9 <= result["win_rate"] <= high + 1e-9
