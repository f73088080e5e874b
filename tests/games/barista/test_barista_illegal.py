"""Illegal moves name the action and the rule, and leave the state untouched."""

from __future__ import annotations

import re

import pytest

import lastcall
from lastcall.core import Action, IllegalAction, Rng, State
from lastcall.games.barista.actions import CODE

from .conftest import position

RULES = {
    "To Begin 6-7",
    "How to Play 2",
    "How to Play 2: Drink Card",
    "The Cards: Action Cards",
    "Barista Challenge",
    "turns",
    "end of the game",
    "actions",
}
EVERY_ACTION = sorted(CODE, key=str)


def _check_refused(state: State, seat: int, action: Action) -> None:
    before = state.clone()
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, action)
    assert isinstance(err.value, ValueError)
    message = str(err.value)
    assert f"P{seat} cannot '{action}'" in message
    rule = re.search(r"\[([^\]]+)\]$", message)
    assert rule is not None and rule.group(1) in RULES, message
    assert state == before
    assert state.legal_actions(seat) == before.legal_actions(seat)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_illegal_action_along_random_games_is_refused_cleanly(seed: int) -> None:
    state = lastcall.game("barista").new(3, seed)
    rng = Rng(seed * 7)
    for _ in range(150):
        if state.is_over:
            break
        seat = state.to_move[rng.below(len(state.to_move))]
        legal = set(state.legal_actions(seat))
        for _ in range(6):
            action = EVERY_ACTION[rng.below(len(EVERY_ACTION))]
            if action not in legal:
                _check_refused(state, seat, action)
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])


def test_a_move_out_of_turn_is_refused() -> None:
    state = position(["single grande breve mocha latte", "triple vente soy double"])
    _check_refused(state, 1, Action("discard", "triple"))
    with pytest.raises(IllegalAction, match=r"not P1's decision \(waiting for P0\) \[turns\]"):
        state.apply(1, Action("discard", "triple"))


def test_an_action_of_another_game_is_refused() -> None:
    state = position(["single grande breve mocha latte", "triple vente soy double"])
    _check_refused(state, 0, Action("pour", "beer"))
    with pytest.raises(IllegalAction, match=r"not an action of Barista \[actions\]"):
        state.apply(0, Action("pour", "beer"))
