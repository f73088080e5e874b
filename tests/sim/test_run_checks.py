"""A simulation that cannot work is refused before any game is played."""

from __future__ import annotations

import os

import pytest

from lastcall.core import LastcallError
from lastcall.sim.runner import MAX_GAMES, max_local_workers, simulate


def test_an_empty_bot_list_is_refused() -> None:
    with pytest.raises(LastcallError, match="no bots given"):
        simulate("barista", 4, 2, [], workers=1)


@pytest.mark.parametrize("games", [0, -3, MAX_GAMES + 1])
def test_game_counts_out_of_range_are_refused(games: int) -> None:
    with pytest.raises(LastcallError, match=f"games: {games} is not between 1"):
        simulate("barista", games, 2, ["random"], workers=1)


def test_workers_far_above_the_cores_are_refused() -> None:
    limit = max_local_workers()
    assert limit == 4 * (os.cpu_count() or 1)
    with pytest.raises(LastcallError, match=f"use at most {limit}"):
        simulate("barista", 4, 2, ["random"], workers=limit + 1)
    with pytest.raises(LastcallError, match="workers: 0 is not at least 1"):
        simulate("barista", 4, 2, ["random"], workers=0)


def test_a_bad_bot_parameter_is_refused_before_play() -> None:
    with pytest.raises(LastcallError, match="must be at most 1000000"):
        simulate("barista", 4, 2, ["ismcts:iters=10000000000"], workers=1)
