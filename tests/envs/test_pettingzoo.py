"""PettingZoo: its own API and seed tests on every game, whole games, and sealed choices kept."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import lastcall
from lastcall.core import Rng, markup
from lastcall.envs import pettingzoo as lz
from lastcall.envs.common import rank_rewards
from tests.toys.toss import TOSS

from .cases import ALL, Case, case_id


@pytest.mark.parametrize("case", ALL, ids=case_id)
def test_pettingzoo_api_and_seed_tests_pass(case: Case) -> None:
    game, players, options = case
    with warnings.catch_warnings():
        # The library warns that a dict observation is not a plain array, as it
        # does for its own classic games with action masks.
        warnings.simplefilter("ignore", UserWarning)
        api_test(lz.env(game, players, options), num_cycles=1000)
        seed_test(lambda: lz.env(game, players, options), num_cycles=200)


def _play_out(env: lz.LastcallAEC, seed: int) -> dict[str, float]:
    """Random legal actions to the end; every agent's final reward, as ``last`` gave it."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        assert not truncated
        if terminated:
            final[agent] = reward
            env.step(None)
            continue
        assert reward == 0.0
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
    return final


@pytest.mark.parametrize("case", ALL, ids=case_id)
def test_a_whole_game_ends_with_every_agent_rewarded_by_the_ranking(case: Case) -> None:
    game, players, options = case
    env = lz.env(game, players, options)
    final = _play_out(env, seed=11)
    state = env.lastcall_state
    assert state.is_over
    expected = rank_rewards(state)
    assert final == {f"player_{p}": expected[p] for p in range(players)}
    assert env.agents == []
    if not state.rivals():
        assert sum(final.values()) == pytest.approx(0.0)


def test_the_agent_selected_is_the_first_seat_to_move() -> None:
    env = lz.env("barista", 4)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    several = 0
    for _ in range(300):
        state = env.lastcall_state
        if state.is_over:
            break
        several += len(state.to_move) > 1
        assert env.agent_selection == f"player_{state.to_move[0]}"
        observation = env.observe(env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert several, "no position with several seats to move was reached"


def _sealed_cases() -> list[Case]:
    """Games that seal choices, at two seats or more: alone, nobody else can be waiting."""
    found = [case for case in ALL if case[0].facts.simultaneous and case[1] > 1]
    assert any(game is TOSS for game, _, _ in found)
    return found


@pytest.mark.parametrize("case", _sealed_cases(), ids=case_id)
def test_a_sealed_choice_changes_no_other_agent_observation_but_who_is_to_move(
    case: Case,
) -> None:
    """Every agent still to choose sees the same before and after another agent's choice."""
    game, players, options = case
    env = lz.env(game, players, options)
    observer = game.observer(players, options)
    checked = 0
    for seed in range(3):
        env.reset(seed=seed)
        rng = Rng(seed)
        while env.agents:
            agent = env.agent_selection
            observation, _, terminated, _, _ = env.last()
            if terminated:
                env.step(None)
                continue
            state = env.lastcall_state
            waiting = [f"player_{p}" for p in state.to_move if f"player_{p}" != agent]
            sealed = state.sealed
            before = {other: env.observe(other) for other in waiting}
            infos = {other: dict(env.infos[other]) for other in waiting}
            env.step(int(rng.choice(list(np.flatnonzero(observation["action_mask"])))))
            if not sealed or not env.lastcall_state.sealed:
                continue
            for other in waiting:
                if other not in [f"player_{p}" for p in env.lastcall_state.to_move]:
                    continue
                after = env.observe(other)
                old = observer.split(before[other]["observation"].tolist())
                new = observer.split(after["observation"].tolist())
                assert {k: v for k, v in old.items() if k != "to_move"} == {
                    k: v for k, v in new.items() if k != "to_move"
                }
                assert np.array_equal(before[other]["action_mask"], after["action_mask"])
                assert env.infos[other] == infos[other]
                assert env.rewards[other] == 0.0
                checked += 1
    assert checked, "no sealed choice was followed by another seat's"


def test_render_is_the_selected_agents_view_as_plain_text() -> None:
    game = lastcall.game("barista")
    env = lz.env(game, 3, render_mode="ansi")
    env.reset(seed=4)
    text = env.render()
    assert text is not None
    seat = int(env.agent_selection.split("_")[1])
    view_text = markup.plain(game.render(env.lastcall_state.view(seat)))
    assert text.endswith(view_text)
    assert text.startswith(f"{env.agent_selection} to decide")
    assert markup.plain(text) == text
    assert lz.env(game, 3).render() is None


def test_names_spaces_and_errors() -> None:
    game = lastcall.game("bartender")
    env = lz.env("bartender", 3)
    assert env.metadata["name"] == f"bartender_v{game.version}"
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    info = game.info(3)
    assert env.observation_spaces["player_1"]["observation"].shape == (info.observation_size,)
    assert env.action_spaces["player_1"].n == info.num_actions
    with pytest.raises(RuntimeError, match="reset"):
        env.observe("player_0")
    with pytest.raises(ValueError, match="ansi"):
        lz.env("bartender", 3, render_mode="human")
    with pytest.raises(lastcall.InvalidOptions):
        lz.env("bartender", 9)
    env.reset(seed=1)
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    with pytest.raises(lastcall.IllegalAction):
        env.step(illegal)
    with pytest.raises(ValueError, match="None"):
        env.step(None)


def test_a_versioned_id_pins_the_game_version() -> None:
    game = lastcall.game("barista")
    env = lz.env(game.versioned_id, 2)
    assert env.table.game is game
