"""A game's evaluation of every seat at once agrees with its evaluation of each seat.

Search asks ``evaluate_all`` after every simulation, and the greedy bot asks
``evaluate(p)``: a game that computes the two apart must give the very same
numbers, or the bots would judge one position two ways.
"""

from __future__ import annotations

import pytest

from lastcall.core import Rng, State

from .cases import CASES, Case, case_id

GAMES_PER_CASE = 2


def _check(state: State) -> None:
    before = state.clone()
    together = state.evaluate_all()
    apart = tuple(state.evaluate(p) for p in range(state.num_players))
    assert together == apart
    assert all(0.0 <= value <= 1.0 for value in together)
    assert state == before, "evaluating a position changed it"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_evaluate_all_equals_each_seat_evaluated_apart(case: Case) -> None:
    game, players, options = case
    for seed in range(GAMES_PER_CASE):
        state = game.new(players, seed, options)
        rng = Rng(seed ^ 0xE7A1)
        while not state.is_over:
            _check(state)
            player = state.to_move[rng.below(len(state.to_move))]
            _check(state.determinize(player, rng.next64()))
            actions = state.legal_actions(player)
            state.apply(player, actions[rng.below(len(actions))])
        _check(state)
