"""Invariants over whole random games: the count of four, the 52 cards, the 20 tips."""

from __future__ import annotations

from collections import Counter

import pytest

import lastcall
from lastcall.core import Rng
from lastcall.games.barista.content import CONTENT
from lastcall.games.barista.game import BaristaState
from lastcall.games.barista.state import Step

from .conftest import all_cards


def _cards(state: BaristaState, p: int) -> int:
    return len(state.hands[p]) + sum(k >= 0 for k in state.placed[p])


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (6, 4)])
def test_every_turn_starts_with_four_cards_each_plus_the_draw(players: int, seed: int) -> None:
    state = lastcall.game("barista").new(players, seed, {"turn_limit": 300})
    assert isinstance(state, BaristaState)
    rng = Rng(seed)
    deck = Counter(CONTENT.deck)
    while not state.is_over:
        assert all_cards(state) == deck
        assert sum(state.tips) + state.jar == 20
        assert all(t >= 0 for t in state.tips) and state.jar >= 0
        if state.step == Step.SETUP:
            assert all(_cards(state, p) == 4 for p in range(players))
        if state.step == Step.PLAY:
            counts = [_cards(state, p) for p in range(players)]
            assert counts[state.current] == 5
            assert all(c == 4 for p, c in enumerate(counts) if p != state.current)
        seat = state.to_move[rng.below(len(state.to_move))]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
    assert state.turns <= 300
