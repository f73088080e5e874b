"""The Mix's evaluation for bots: an action under way is worth its finish, never more."""

from __future__ import annotations

import pytest

from lastcall.core import Rng
from lastcall.games.the_mix.game import MixState
from lastcall.games.the_mix.knowledge import SETTLED
from tests.games.the_mix.mix_helpers import GAME


def positions_under_way(players: int, seed: int, count: int) -> list[MixState]:
    """Positions of a random game where a seat is in the middle of an action."""
    state = GAME.new(players, seed)
    assert isinstance(state, MixState)
    rng = Rng(seed)
    found: list[MixState] = []
    while state.to_move and len(found) < count:
        if state.step not in SETTLED:
            found.append(state.clone())
        mover = state.to_move[0]
        actions = state.legal_actions(mover)
        state.apply(mover, actions[rng.below(len(actions))])
    return found


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 1), (2, 2), (3, 4)])
def test_an_action_under_way_is_worth_one_of_its_next_choices(players: int, seed: int) -> None:
    # Worth no more than the best next choice, so a search never gains by stopping inside an
    # action; and exactly one of them, the one the evaluation plays on with.
    positions = positions_under_way(players, seed, 40)
    assert len(positions) == 40
    for state in positions:
        mover = state.to_move[0]
        value = state.evaluate(mover)
        after = []
        for action in state.legal_actions(mover):
            child = state.clone()
            child.apply(mover, action)
            after.append(child.evaluate(mover))
        assert value <= max(after) + 1e-12
        assert min(abs(value - v) for v in after) < 1e-12


def test_evaluating_leaves_the_position_as_it_was() -> None:
    for state in positions_under_way(2, 5, 20):
        before = state.clone()
        values = [state.evaluate(p) for p in range(2)]
        assert state == before
        assert sum(values) == pytest.approx(1.0)
        assert all(0.0 < v < 1.0 for v in values)
