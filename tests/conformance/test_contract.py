"""Every position keeps the contract: legal actions, checked apply, copies and saved states."""

from __future__ import annotations

import json

import pytest

from lastcall.core import (
    Action,
    IllegalAction,
    Rng,
    StaleState,
    State,
    StateError,
    UnknownSeat,
)

from .cases import CASES, Case, case_id, walk

DEEP_CHECK_EVERY = 7


def _sample_illegal(state: State, player: int, pool: list[Action], pick: int) -> list[Action]:
    legal = set(state.legal_actions(player))
    return [a for a in (pool[(pick * 7919 + i) % len(pool)] for i in range(4)) if a not in legal]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_step_keeps_the_contract(case: Case) -> None:
    game, players, options = case
    space = game.action_space(players, options)
    pool = list(space)

    def check(state: State, step: int, rng: object) -> None:
        if state.is_over:
            return
        assert state.to_move, "to_move is empty before the game is over"
        assert len(set(state.to_move)) == len(state.to_move)
        for p in state.to_move:
            actions = state.legal_actions(p)
            assert actions, f"P{p} is to move but has no legal action"
            assert len(set(actions)) == len(actions), "duplicate legal actions"
            for a in actions:
                assert game.parse_action(str(a)) == a
                assert game.action_from_json(json.loads(json.dumps(a.to_json()))) == a
                assert hash(a) == hash(game.parse_action(str(a)))
                assert a in space, f"legal {a} is not in the action space"
                assert space.action_from_id(space.action_id(a)) == a
        for p in range(players):
            if p not in state.to_move:
                assert state.legal_actions(p) == ()
        if step % DEEP_CHECK_EVERY:
            return
        before = state.clone()
        mover = state.to_move[0]
        for bad in _sample_illegal(state, mover, pool, step):
            with pytest.raises(IllegalAction) as info:
                state.apply(mover, bad)
            assert isinstance(info.value, ValueError)
            assert str(bad) in str(info.value)
            assert state == before, f"illegal {bad} changed the state"
        outsider = next((p for p in range(players) if p not in state.to_move), None)
        if outsider is not None:
            with pytest.raises(IllegalAction):
                state.apply(outsider, state.legal_actions(mover)[0])
            assert state == before
        with pytest.raises(StaleState):
            state.apply(mover, state.legal_actions(mover)[0], expect=state.revision + 1)
        assert state == before
        for a in state.legal_actions(mover):
            twin = state.clone()
            twin.apply(mover, a, expect=state.revision)
            assert twin.decisions == state.decisions + 1
        assert state == before, "applying to a clone changed the original"

    for seed in range(3):
        walk(case, 1000 + seed, check)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_clones_are_independent_and_json_round_trips(case: Case) -> None:
    def check(state: State, step: int, rng: object) -> None:
        if step % DEEP_CHECK_EVERY:
            return
        text = json.dumps(state.to_json(), sort_keys=True)
        again = State.from_json(json.loads(text), game=state.game)
        assert again == state
        assert json.dumps(again.to_json(), sort_keys=True) == text
        if state.is_over:
            return
        twin = state.clone()
        assert twin == state
        p = twin.to_move[0]
        twin.apply(p, twin.legal_actions(p)[-1])
        assert json.dumps(state.to_json(), sort_keys=True) == text

    for seed in range(3):
        walk(case, 2000 + seed, check)


def _play_on(state: State, rng: Rng, decisions: int) -> None:
    for _ in range(decisions):
        if not state.to_move:
            return
        seat = state.to_move[rng.below(len(state.to_move))]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_copies_played_on_never_move_their_source_nor_it_them(case: Case) -> None:
    """Clones and worlds may share what the rules replace whole, never what they write into."""

    def check(state: State, step: int, rng: Rng) -> None:
        if step % DEEP_CHECK_EVERY or state.is_over:
            return
        text = json.dumps(state.to_json(), sort_keys=True)
        copies = [state.clone()] + [
            state.determinize(p, rng.next64()) for p in range(state.num_players)
        ]
        for copy in copies:
            _play_on(copy, rng, 12)
        assert json.dumps(state.to_json(), sort_keys=True) == text, "a copy moved its source"
        source = state.clone()
        kept = [source.clone(), source.determinize(step % state.num_players, step)]
        texts = [json.dumps(k.to_json(), sort_keys=True) for k in kept]
        _play_on(source, rng, 12)
        for k, before in zip(kept, texts, strict=True):
            assert json.dumps(k.to_json(), sort_keys=True) == before, "a source moved its copy"

    walk(case, 2500, check)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_saved_states_with_missing_unknown_or_mistyped_fields_are_refused(case: Case) -> None:
    game, players, options = case
    state = game.new(players, 5, options)
    data = json.loads(json.dumps(state.to_json()))
    for name in list(data["state"]):
        broken = json.loads(json.dumps(data))
        del broken["state"][name]
        with pytest.raises(StateError, match=repr(name)):
            State.from_json(broken, game=game)
        broken = json.loads(json.dumps(data))
        broken["state"][name] = {"no such": "tag"} if name != "log" else "nothing"
        with pytest.raises(StateError, match=name):
            State.from_json(broken, game=game)
    broken = json.loads(json.dumps(data))
    broken["state"]["an_unknown_field"] = 1
    with pytest.raises(StateError, match="an_unknown_field"):
        State.from_json(broken, game=game)
    junk: object
    for junk in (None, 3, [], "state", {"game": game.id}):
        with pytest.raises(StateError):
            State.from_json(junk, game=game)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_views_are_only_for_seats_at_the_table(case: Case) -> None:
    game, players, options = case
    state = game.new(players, 1, options)
    for seat in (-1, players, players + 5, True, "0"):
        with pytest.raises(UnknownSeat):
            state.view(seat)
