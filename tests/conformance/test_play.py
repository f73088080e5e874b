"""Whole random games: they end within the declared bound, replay, and repeat by seed."""

from __future__ import annotations

import pytest

import lastcall
from lastcall.core import MatchRecord, Rng

from .cases import CASES, Case, case_id, random_match

GAMES_PER_CASE = 12
SWEEP_GAMES = 300


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_games_end_within_bound_and_replay(case: Case) -> None:
    game, players, options = case
    for seed in range(GAMES_PER_CASE):
        match = random_match(game, players, seed, options)
        state = match.state
        assert state.to_move == ()
        assert state.legal_actions(0) == ()
        standings = players + len(state.rivals())
        assert len(state.scores()) == standings
        assert sorted(p for group in state.ranking() for p in group) == list(range(standings))
        assert state.winners() == state.ranking()[0]
        record = match.record()
        again = MatchRecord.loads(record.dumps())
        assert again.dumps() == record.dumps()
        assert again.replay(game=game) == state


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_same_seed_same_game(case: Case) -> None:
    game, players, options = case
    a = random_match(game, players, 77, options)
    b = random_match(game, players, 77, options)
    assert a.record().dumps() == b.record().dumps()
    assert a.state == b.state
    assert a.state.events(None) == b.state.events(None)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_sweep_of_random_games_keeps_the_basic_contract(case: Case) -> None:
    """Many more seeded games than the deep checks, with the cheap checks at every step."""
    game, players, options = case
    seats = range(players)
    for seed in range(10_000, 10_000 + SWEEP_GAMES):
        state = game.new(players, seed, options)
        bound = game.max_decisions(players, state.options)
        rng = Rng(seed)
        steps = 0
        while not state.is_over:
            to_move = state.to_move
            assert isinstance(to_move, tuple)
            assert len(set(to_move)) == len(to_move)
            assert all(p in seats for p in to_move)
            player = to_move[rng.below(len(to_move))]
            actions = state.legal_actions(player)
            assert actions, f"seed {seed}: P{player} to move with no legal action"
            state.apply(player, actions[rng.below(len(actions))])
            steps += 1
            assert state.decisions == steps
            assert steps <= bound, f"seed {seed}: no end within {bound} decisions"
        ranked = [p for group in state.ranking() for p in group]
        assert sorted(ranked) == list(range(players + len(state.rivals())))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_score_sources_add_up_and_offers_name_their_holders(case: Case) -> None:
    """A designer's figures: every seat's points by source and who took what was offered.

    A game may give no breakdown (the toys here); every game on offer gives one
    (``test_every_game_breaks_its_score_down``).
    """
    game, players, options = case
    for seed in range(GAMES_PER_CASE):
        state = random_match(game, players, seed, options).state
        before = state.clone()
        scores = state.scores()
        for p in range(players):
            sources = state.score_sources(p)
            if not sources:
                continue
            assert all(isinstance(name, str) and name for name in sources)
            assert sum(sources.values()) == pytest.approx(scores[p], abs=1e-9), (seed, p, sources)
        for name, seats in state.offers().items():
            kind, _, label = name.partition(": ")
            assert kind and label, f"{name!r} is not 'kind: name'"
            assert list(seats) == sorted(set(seats)), name
            assert all(0 <= p < players for p in seats), name
        assert state == before, "reading the figures changed the state"


@pytest.mark.parametrize("game_id", lastcall.games())
def test_every_game_breaks_its_score_down(game_id: str) -> None:
    game = lastcall.game(game_id)
    state = random_match(game, game.min_players, 3, {}).state
    assert all(state.score_sources(p) for p in range(game.min_players))
