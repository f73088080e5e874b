"""Whole random games at every player count and both lengths, and a pinned playout."""

from __future__ import annotations

import json

import pytest

from lastcall.core import Match, MatchRecord, Rng, State
from lastcall.games.on_the_rocks.game import OnTheRocksState

from .otr_helpers import GAME, assert_conserved


@pytest.mark.parametrize("length", ["short", "full"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_finish_conserve_marbles_and_replay(players: int, length: str) -> None:
    options = {"length": length}
    bound = GAME.max_decisions(players, options)
    for seed in range(4):
        rec = Match(GAME, players, seed, options)
        rng = Rng(seed)
        while not rec.state.is_over:
            assert len(rec.moves) < bound
            state = rec.state
            assert isinstance(state, OnTheRocksState)
            if len(rec.moves) % 50 == 0:
                assert_conserved(state)
                assert State.from_json(json.loads(json.dumps(state.to_json()))) == state
            p = state.to_move[0]
            actions = state.legal_actions(p)
            rec.apply(p, actions[rng.below(len(actions))])
        final = rec.state
        assert isinstance(final, OnTheRocksState)
        assert_conserved(final)
        assert MatchRecord.loads(rec.record().dumps()).replay() == final
        target = 3 if length == "full" else 2
        if final.last_call >= 0:
            assert final.lemons[final.last_call] == target
        assert max(final.lemons) <= target


def test_determinize_keeps_every_view_and_reshuffles_hidden_decks() -> None:
    s = GAME.new(3, 11)
    rng = Rng(3)
    for _ in range(200):
        p = s.to_move[0]
        acts = s.legal_actions(p)
        s.apply(p, acts[rng.below(len(acts))])
    assert isinstance(s, OnTheRocksState)
    world = s.determinize(0, 99)
    assert isinstance(world, OnTheRocksState)
    assert world.view(0) == s.view(0)
    assert sorted(world.tip_deck) == sorted(s.tip_deck)
    assert world.tip_deck != s.tip_deck
    known = s.spill_known
    assert (
        world.spill_deck[len(world.spill_deck) - known :]
        == s.spill_deck[len(s.spill_deck) - known :]
    )
    assert "tip_deck" in s.view(0) and isinstance(s.view(0)["tip_deck"], int)


def test_pinned_playout_legal_action_counts() -> None:
    """The number of legal actions along a fixed seeded playout (a perft-style pin)."""
    s = GAME.new(3, 2024, {"length": "short"})
    rng = Rng(7)
    total = decisions = 0
    while not s.is_over:
        p = s.to_move[0]
        acts = s.legal_actions(p)
        total += len(acts)
        decisions += 1
        s.apply(p, acts[rng.below(len(acts))])
    assert (decisions, total, s.scores()) == PINNED


PINNED: tuple[int, int, tuple[float, ...]] = (1141, 4845, (15.0, 53.0, 26.0))
