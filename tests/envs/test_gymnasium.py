"""Gymnasium: its environment checker on every registered id, whole episodes against bots."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import lastcall
from lastcall.core import markup
from lastcall.core.registry import versions
from lastcall.envs import gymnasium as lg
from lastcall.envs.common import camel_name, rank_rewards

from .cases import ALL, Case, case_id

IDS = lg.register_all()


def test_every_registered_game_version_has_a_gymnasium_id() -> None:
    expected = {
        f"lastcall/{camel_name(lastcall.game(f'{g}-v{v}'))}-v{v}"
        for g in lastcall.games()
        for v in versions(g)
    }
    assert set(IDS) == expected
    assert all(name in gymnasium.registry for name in IDS)


@pytest.mark.parametrize("name", IDS)
@pytest.mark.parametrize("opponents", ["greedy", "random"])
def test_gymnasium_env_checker_passes(name: str, opponents: str) -> None:
    env = gymnasium.make(name, opponents=opponents)
    with warnings.catch_warnings():
        # The observation box is unbounded (observers promise no range) and a
        # text rendering has no frame rate: the checker warns about both.
        warnings.simplefilter("ignore", UserWarning)
        check_env(env.unwrapped)


def _episode(env: lg.LastcallEnv, seed: int) -> tuple[float, dict[str, object]]:
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    reward, terminated = 0.0, False
    while not terminated:
        assert np.array_equal(observation["action_mask"], info["action_mask"])
        assert np.array_equal(observation["action_mask"], env.action_masks())
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        if not terminated:
            assert reward == 0.0
            assert env.seat in env.lastcall_state.to_move
    return reward, info


@pytest.mark.parametrize("case", ALL, ids=case_id)
def test_a_whole_episode_ends_with_the_seats_ranking_reward(case: Case) -> None:
    game, players, options = case
    env = lg.LastcallEnv(game, players, options, opponents="random", seat=players - 1)
    reward, info = _episode(env, seed=3)
    state = env.lastcall_state
    assert state.is_over
    assert reward == rank_rewards(state)[players - 1]
    assert info["winner"] == (players - 1 in state.winners())
    assert info["scores"] == list(state.scores())


def test_a_seed_fixes_the_episode_bots_included() -> None:
    first = lg.LastcallEnv("bartender", 3, opponents="greedy")
    second = lg.LastcallEnv("bartender", 3, opponents="greedy")
    _episode(first, seed=8)
    _episode(second, seed=8)
    assert first.lastcall_state == second.lastcall_state


def test_one_spec_per_other_seat_and_a_seat_drawn_at_each_reset() -> None:
    env = lg.LastcallEnv("barista", 3, opponents=["random", "greedy:samples=2"], seat=None)
    seats = set()
    for seed in range(12):
        env.reset(seed=seed)
        seats.add(env.seat)
        bots = [type(bot).__name__ for _, bot in sorted(env.bots.items())]
        assert bots == ["RandomBot", "GreedyBot"]
    assert seats == {0, 1, 2}


def test_an_illegal_action_ends_the_episode_as_a_loss() -> None:
    env = lg.LastcallEnv("on-the-rocks", 2, opponents="random")
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)


def test_bad_arguments_are_refused_when_the_environment_is_made() -> None:
    with pytest.raises(ValueError, match="opponent"):
        lg.LastcallEnv("barista", 3, opponents=["random"])
    with pytest.raises(lastcall.LastcallError, match="unknown bot"):
        lg.LastcallEnv("barista", 2, opponents="oracle")
    with pytest.raises(ValueError, match="seat"):
        lg.LastcallEnv("barista", 2, seat=2)
    with pytest.raises(ValueError, match="ansi"):
        lg.LastcallEnv("barista", 2, render_mode="rgb_array")
    with pytest.raises(RuntimeError, match="reset"):
        lg.LastcallEnv("barista", 2).step(0)


def test_render_is_the_agents_own_view() -> None:
    game = lastcall.game("barista")
    env = gymnasium.make(lg.gym_id(game), players=2, opponents="random", render_mode="ansi")
    env.reset(seed=6)
    text = env.render()
    inner = env.unwrapped
    assert isinstance(inner, lg.LastcallEnv) and isinstance(text, str)
    assert text == markup.plain(game.render(inner.lastcall_state.view(inner.seat)))
