"""The cache of views: a view asked again at a revision is the one built, never a stale one."""

from __future__ import annotations

import pytest

import lastcall
from lastcall.core import IllegalAction, Match, Rng, State


def _viewers(state: State) -> list[int | None]:
    return [None, *range(state.num_players)]


def _check(state: State) -> None:
    """Every viewer's cached view equals one built afresh, and asking again hits the cache."""
    for viewer in _viewers(state):
        cached = state.view(viewer)
        assert cached == state.build_view(viewer)
        assert state.view(viewer) is cached


@pytest.mark.parametrize("game_id", lastcall.games())
def test_a_cached_view_follows_every_decision_undo_and_note(game_id: str) -> None:
    game = lastcall.game(game_id)
    players = min(game.max_players, max(game.min_players, 3))
    match = Match(game, players, 11)
    rng = Rng(11)
    _check(match.state)
    for step in range(120):
        state = match.state
        if state.is_over:
            break
        seat = state.to_move[rng.below(len(state.to_move))]
        if step % 7 == 3 and match.can_undo(seat):
            match.undo(seat)
        elif step % 11 == 5:
            match.note("A note from the table.")
        else:
            actions = state.legal_actions(seat)
            match.apply(seat, actions[rng.below(len(actions))])
        _check(match.state)


@pytest.mark.parametrize("game_id", lastcall.games())
def test_copies_build_their_own_views(game_id: str) -> None:
    game = lastcall.game(game_id)
    players = min(game.max_players, max(game.min_players, 3))
    state = game.new(players, 4)
    rng = Rng(4)
    for _ in range(30):
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
    seat = state.to_move[0]
    views = {viewer: state.view(viewer) for viewer in _viewers(state)}
    twin = state.clone()
    assert all(twin.view(v) == views[v] and twin.view(v) is not views[v] for v in views)
    # The clone moving on leaves the original's views as they were, and its own follow it.
    action = twin.legal_actions(seat)[0]
    twin.apply(seat, action)
    _check(twin)
    assert all(state.view(v) is views[v] for v in views)
    for world in (state.determinize(seat, 9), state.reseed(9)):
        _check(world)
        assert all(world.view(v) is not views[v] for v in views)
    state.apply(seat, action)
    assert state.view(seat) == twin.view(seat)
    _check(state)


def test_an_illegal_action_keeps_the_views() -> None:
    state = lastcall.game("barista").new(3, 2)
    seat = state.to_move[0]
    before = state.view(seat)
    with pytest.raises(IllegalAction):
        state.apply(seat, lastcall.Action("no-such-action"))
    assert state.view(seat) is before


def test_an_announcement_without_a_decision_builds_anew() -> None:
    state = lastcall.game("barista").new(3, 2)
    before = state.view(None)
    state.announce(lastcall.Kind.RULE, "The table is noted.")
    assert state.view(None) is not before and state.view(None) == state.build_view(None)
