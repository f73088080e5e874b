"""Kept observations: rewriting only the changed blocks gives the view's encoding, every time."""

from __future__ import annotations

import numpy as np
import pytest

from lastcall.core import Rng, State
from lastcall.envs.common import Encoder
from tests.conformance.cases import CASES, Case, case_id, walk

SEEDS = (5, 6)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_kept_observations_equal_the_views_encoding_through_random_games(case: Case) -> None:
    """Each seat is asked at irregular intervals, so several changes pile up between
    calls, and the same encoder carries on into a second game."""
    game, players, options = case
    table = Encoder(game, players, options)
    compared = 0

    def check(state: State, step: int, rng: Rng) -> None:
        nonlocal compared
        for p in range(players):
            if rng.below(3) and not state.is_over:
                continue
            expected = np.array(table.observer.observe(state, p), dtype=np.float32)
            found = table.observation(state, p)
            assert found.tobytes() == expected.tobytes(), (
                f"P{p} after {step} decisions: entries "
                f"{np.flatnonzero(found != expected).tolist()} differ"
            )
            compared += 1

    for seed in SEEDS:
        walk(case, seed, check)
    assert compared


@pytest.mark.parametrize("case", CASES[:: max(1, len(CASES) // 12)], ids=case_id)
def test_an_observation_handed_out_never_changes_later(case: Case) -> None:
    game, players, options = case
    table = Encoder(game, players, options)
    state = table.new(11)
    first = table.observation(state, 0)
    kept = first.copy()
    rng = Rng(11)
    while not state.is_over:
        player = state.to_move[rng.below(len(state.to_move))]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.below(len(actions))])
        table.observation(state, 0)
    assert not np.array_equal(table.observation(state, 0), kept)
    assert np.array_equal(first, kept)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_blocks_lie_in_order_after_the_header_without_overlapping(case: Case) -> None:
    game, players, options = case
    observer = game.observer(players, options)
    at = observer.header_size
    for block in observer.blocks:
        assert at <= block.start < block.stop <= observer.size
        at = block.stop
