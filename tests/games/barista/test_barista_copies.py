"""Copies share the lists the rules replace whole: no copy's play may reach its original."""

from __future__ import annotations

import json

import pytest

import lastcall
from lastcall.core import Rng
from lastcall.games.barista.game import BaristaState


def _text(state: BaristaState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13), (6, 14)])
def test_playing_on_clones_and_worlds_leaves_the_original_as_it_was(
    players: int, seed: int
) -> None:
    state = lastcall.game("barista").new(players, seed, {"turn_limit": 120})
    assert isinstance(state, BaristaState)
    rng = Rng(seed)
    while not state.is_over:
        before = _text(state)
        mover = state.to_move[0]
        actions = state.legal_actions(mover)
        copies = [state.clone() for _ in actions]
        for copy, action in zip(copies, actions, strict=True):
            copy.apply(mover, action)
            while copy.to_move:  # play each copy on a little, through chance and rounds
                seat = copy.to_move[0]
                options = copy.legal_actions(seat)
                copy.apply(seat, options[rng.below(len(options))])
                if rng.below(8) == 0:
                    break
        for viewer in range(players):
            world = state.determinize(viewer, rng.next64())
            for _ in range(6):
                if not world.to_move:
                    break
                seat = world.to_move[0]
                options = world.legal_actions(seat)
                world.apply(seat, options[rng.below(len(options))])
        assert _text(state) == before
        state.apply(mover, actions[rng.below(len(actions))])
