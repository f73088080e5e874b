"""A game's fast observation path writes exactly what the encoding of its view writes."""

from __future__ import annotations

import pytest

from lastcall.core import Rng, State

from .cases import ALL_GAMES, CASES, Case, case_id, walk

SEEDS = (3, 4)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_fast_path_equals_the_view_path_on_every_state_of_random_games(case: Case) -> None:
    game, players, options = case
    observer = game.observer(players, options)
    compared = 0

    def check(state: State, step: int, rng: Rng) -> None:
        nonlocal compared
        for p in range(players):
            assert observer.observe_fast(state, p) == observer.observe(state, p), (
                f"P{p} after {step} decisions"
            )
            compared += 1

    for seed in SEEDS:
        walk(case, seed, check)
    assert compared


def test_some_game_has_a_fast_path() -> None:
    """Otherwise the test above compares the view path with itself."""
    assert any(game.observer(game.min_players).has_fast_path for game in ALL_GAMES)
