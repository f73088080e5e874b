"""Rewards from rankings, names, and the arrays every adapter hands to learners."""

from __future__ import annotations

import numpy as np
import pytest

import lastcall
from lastcall.core import Rng
from lastcall.envs.common import Encoder, camel_name, rank_rewards, snake_name
from tests.toys.pile import PILE

from .cases import ALL, Case, case_id


def _finished_pile(players: int, options: dict[str, object], seed: int):
    state = PILE.new(players, seed, options)
    rng = Rng(seed)
    while state.to_move:
        p = state.to_move[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    return state


def test_a_lone_winner_gets_one_and_the_last_minus_one() -> None:
    state = _finished_pile(3, {}, 1)
    rewards = rank_rewards(state)
    winner = state.winners()[0]
    assert rewards[winner] == 1.0
    assert sorted(rewards) == [-0.5, -0.5, 1.0]  # the two others tie for second place
    assert sum(rewards) == 0.0


def test_a_rival_counts_in_the_ranking_but_gets_no_reward() -> None:
    for seed in range(20):
        state = _finished_pile(1, {"robot": True}, seed)
        (reward,) = rank_rewards(state)
        robot_won = state.winners() == (1,)
        assert reward == (-1.0 if robot_won else 1.0)


def test_nobody_is_rewarded_for_a_game_not_over() -> None:
    state = PILE.new(2, 0)
    assert rank_rewards(state) == (0.0, 0.0)


def test_names_carry_the_version() -> None:
    rocks = lastcall.game("on-the-rocks")
    assert snake_name(rocks) == f"on_the_rocks_v{rocks.version}"
    assert camel_name(rocks) == "OnTheRocks"


@pytest.mark.parametrize("case", ALL, ids=case_id)
def test_arrays_are_the_observer_and_the_legal_actions(case: Case) -> None:
    game, players, options = case
    table = Encoder(game, players, options)
    state = table.new(5)
    rng = Rng(5)
    for _ in range(40):
        if not state.to_move:
            break
        for p in range(players):
            vector = table.observation(state, p)
            assert vector.dtype == np.float32 and vector.shape == (table.size,)
            assert vector.tolist() == pytest.approx(table.observer.observe(state, p))
            mask = table.mask(state, p)
            assert mask.dtype == np.int8
            legal = [table.space.action_id(a) for a in state.legal_actions(p)]
            assert np.flatnonzero(mask).tolist() == sorted(legal) == table.legal_ids(state, p)
        p = state.to_move[rng.below(len(state.to_move))]
        state.apply(p, rng.choice(state.legal_actions(p)))
