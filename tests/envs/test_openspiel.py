"""OpenSpiel: its random simulation test on every game, its MCTS and ISMCTS bots, clones."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import lastcall
from lastcall.core import versions
from lastcall.envs import openspiel as lo
from lastcall.envs.common import rank_rewards
from tests.toys.pile import PILE
from tests.toys.toss import TOSS

from .cases import ALL, REGISTERED, Case, case_id

NAMES = lo.register_all()


def _load(case: Case):
    game, players, options = case
    return lo.load(game, players, options)


def test_every_registered_game_version_is_known_to_openspiel() -> None:
    expected = {
        f"lastcall_{g.replace('-', '_')}_v{v}" for g in lastcall.games() for v in versions(g)
    }
    assert set(NAMES) == expected
    assert expected <= set(pyspiel.registered_names())


@pytest.mark.parametrize("case", ALL, ids=case_id)
def test_openspiel_random_simulation_test_passes(case: Case) -> None:
    """OpenSpiel's own checks; it cannot serialise the random state of a game it did not write
    in C++ (a Python game has no ``GetRNGState``), so its serialisation part is left out and
    the round trip is tested below."""
    pyspiel.random_sim_test(_load(case), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("case", REGISTERED[:1] + REGISTERED[-1:], ids=case_id)
def test_sizes_and_kind_come_from_the_contract(case: Case) -> None:
    game, players, options = case
    spiel = _load(case)
    info = game.info(players, options)
    kind = spiel.get_type()
    assert spiel.num_distinct_actions() == info.num_actions
    assert spiel.max_game_length() == info.max_decisions
    assert spiel.num_players() == players
    assert spiel.observation_tensor_shape() == [info.observation_size]
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert (spiel.min_utility(), spiel.max_utility()) == (-1.0, 1.0)


def test_a_game_with_rivals_is_general_sum() -> None:
    spiel = lo.load(PILE, 1, {"robot": True})
    assert spiel.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert lo.load(TOSS, 2).get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def _advance(state, steps: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("case", REGISTERED, ids=case_id)
def test_a_clone_does_not_know_the_future(case: Case) -> None:
    """Clones share the history and every seat's view, and draw unseen chance anew."""
    game, players, _ = case
    spiel = _load(case)
    diverged = 0
    for seed in range(4):
        state = spiel.new_initial_state()
        _advance(state, 5 + 7 * seed, seed)
        clone = state.clone()
        assert str(clone) == str(state) and clone.history() == state.history()
        inner, twin = state.lastcall_state, clone.lastcall_state
        assert inner != twin, "the clone kept the state's own chance"
        assert all(inner.view(p) == twin.view(p) for p in range(players))
        assert state.clone().lastcall_state == twin, "clones at one point are one sample"
        rng = np.random.default_rng(seed)
        while not state.is_terminal() and not clone.is_terminal():
            if state.legal_actions() != clone.legal_actions():
                break
            action = int(rng.choice(state.legal_actions()))
            state.apply_action(action)
            clone.apply_action(action)
            if any(
                state.lastcall_state.view(p) != clone.lastcall_state.view(p) for p in range(players)
            ):
                break
        diverged += state.lastcall_state != clone.lastcall_state
    assert diverged, f"{game.id}: no clone ever drew differently"


@pytest.mark.parametrize("case", ALL, ids=case_id)
def test_observations_are_the_seats_view(case: Case) -> None:
    game, players, options = case
    spiel = _load(case)
    observer = game.observer(players, options)
    state = spiel.new_initial_state()
    _advance(state, 9, 1)
    inner = state.lastcall_state
    for p in range(players):
        assert state.observation_tensor(p) == pytest.approx(observer.observe(inner, p))
        assert state.observation_tensor(p) == pyspiel.State.observation_tensor(state, p)
        view = inner.view(p)
        assert json.loads(state.observation_string(p)) == view
        head, _, text = state.information_state_string(p).partition(" {")
        assert head == f"decision {inner.decisions}" and json.loads("{" + text) == view


def test_only_a_seats_own_view_can_be_observed() -> None:
    spiel = lo.load("barista", 2)
    everything = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(ValueError, match="own view"):
        spiel.make_py_observer(everything)
    with pytest.raises(ValueError, match="no parameters"):
        spiel.make_py_observer(None, {"x": 1})


@pytest.mark.parametrize("case", REGISTERED[:1] + REGISTERED[-1:], ids=case_id)
def test_a_serialised_state_comes_back_whole(case: Case) -> None:
    spiel = _load(case)
    state = spiel.new_initial_state()
    _advance(state, 30, 2)
    back = spiel.deserialize_state(state.serialize())
    assert str(back) == str(state)
    assert back.lastcall_state == state.lastcall_state
    assert back.history() == state.history()


@pytest.mark.parametrize("case", ALL, ids=case_id)
def test_resampling_from_an_information_state_keeps_what_the_seat_knows(case: Case) -> None:
    spiel = _load(case)
    state = spiel.new_initial_state()
    _advance(state, 11, 3)
    if state.is_terminal():
        return
    player = state.current_player()
    numbers = iter(np.linspace(0.1, 0.9, 5))
    for _ in range(3):
        world = state.resample_from_infostate(player, lambda: float(next(numbers)))
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.current_player() == player
        assert world.legal_actions() == state.legal_actions()
        assert str(world) == str(state)


def _bots(spiel, seed: int) -> list[Any]:
    """MCTS, and ISMCTS where the game has hidden information (ISMCTS asks for it)."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    found = [
        mcts.MCTSBot(spiel, uct_c=2.0, max_simulations=6, evaluator=evaluator, random_state=rng)
    ]
    imperfect = pyspiel.GameType.Information.IMPERFECT_INFORMATION
    if spiel.get_type().information == imperfect:
        found.append(
            ismcts.ISMCTSBot(spiel, evaluator, uct_c=2.0, max_simulations=6, random_state=rng)
        )
    return found


@pytest.mark.parametrize("case", [c for c in REGISTERED if c[1] == c[0].min_players], ids=case_id)
def test_mcts_and_ismcts_choose_legal_moves_in_every_game(case: Case) -> None:
    spiel = _load(case)
    bots = _bots(spiel, 4)
    assert len(bots) == 2
    state = spiel.new_initial_state()
    for turn in range(6):
        if state.is_terminal():
            break
        action = bots[turn % 2].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


@pytest.mark.parametrize(
    "case", [(TOSS, 3, {}), (PILE, 2, {"robot": True}), (PILE, 3, {})], ids=case_id
)
def test_mcts_and_ismcts_play_whole_games(case: Case) -> None:
    spiel = _load(case)
    bots = _bots(spiel, 5)
    for first in (0, 1):
        state = spiel.new_initial_state()
        while not state.is_terminal():
            bot = bots[(state.current_player() + first) % len(bots)]
            state.apply_action(bot.step(state))
        assert state.returns() == list(rank_rewards(state.lastcall_state))
