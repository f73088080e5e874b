"""The contract every registered game must keep, at every allowed player count.

Seeded random games are played to the end; at each step the state is checked
against the engine contract. A new game gets these tests by registering.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

import lastcall
from lastcall.core import Action, IllegalAction, MatchRecord, Recorder, Rng, State


def _variants(game: lastcall.Game) -> list[dict[str, object]]:
    """The defaults, then each option's other notable values one at a time.

    Choices and booleans are tried in full; an integer option with a small
    range is tried at both ends.
    """
    variants: list[dict[str, object]] = [{}]
    for opt in game.options:
        values: list[object] = []
        if opt.choices is not None:
            values = list(opt.choices)
        elif isinstance(opt.default, bool):
            values = [True, False]
        elif (
            opt.minimum is not None and opt.maximum is not None and opt.maximum - opt.minimum <= 10
        ):
            values = [opt.minimum, opt.maximum]
        variants += [{opt.name: v} for v in values if v != opt.default]
    return variants


CASES = [
    (game_id, players, options)
    for game_id in lastcall.games()
    for options in _variants(lastcall.game(game_id))
    for players in lastcall.game(game_id).player_counts
]
Case = tuple[str, int, dict[str, object]]


def _ids(case: Case) -> str:
    game_id, players, options = case
    return "-".join([game_id, f"{players}p", *(f"{k}={v}" for k, v in options.items())])


Check = Callable[[State, int, Rng], None]
Options = dict[str, object]
GAMES_PER_CASE = 12
DEEP_CHECK_EVERY = 7


def _random_game(game_id: str, players: int, seed: int, options: Options) -> Recorder:
    game = lastcall.game(game_id)
    rec = Recorder(game, players, seed, options)
    rng = Rng(seed ^ 0x5EED)
    bound = game.max_decisions(players, rec.state.options)
    while not rec.state.is_over:
        assert len(rec.moves) < bound, f"{game_id} exceeded its bound of {bound} decisions"
        state = rec.state
        player = state.to_move[rng.below(len(state.to_move))]
        actions = state.legal_actions(player)
        rec.apply(player, actions[rng.below(len(actions))])
    return rec


def _sample_illegal(state: State, player: int, rng: Rng, pool: list[Action]) -> list[Action]:
    legal = set(state.legal_actions(player))
    return [a for a in (pool[rng.below(len(pool))] for _ in range(4)) if a not in legal]


def _walk(case: Case, seed: int, check: Check) -> None:
    game_id, players, options = case
    game = lastcall.game(game_id)
    state = game.new(players, seed, options)
    rng = Rng(seed)
    step = 0
    while not state.is_over:
        check(state, step, rng)
        player = state.to_move[rng.below(len(state.to_move))]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.below(len(actions))])
        step += 1
    check(state, step, rng)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_random_games_end_within_bound_and_replay(case: Case) -> None:
    game_id, players, options = case
    for seed in range(GAMES_PER_CASE):
        rec = _random_game(game_id, players, seed, options)
        state = rec.state
        assert state.to_move == ()
        assert state.legal_actions(0) == ()
        assert len(state.scores()) == players
        ranking = state.ranking()
        assert sorted(p for group in ranking for p in group) == list(range(players))
        record = rec.record()
        again = MatchRecord.loads(record.dumps())
        assert again.dumps() == record.dumps()
        assert again.replay() == state


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_every_step_keeps_the_contract(case: Case) -> None:
    game_id, players, _ = case
    game = lastcall.game(game_id)
    seen: list[Action] = []

    def check(state: State, step: int, rng: Rng) -> None:
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
            seen.extend(actions)
        for p in range(players):
            if p not in state.to_move:
                assert state.legal_actions(p) == ()
        if step % DEEP_CHECK_EVERY:
            return
        before = state.clone()
        mover = state.to_move[0]
        for bad in _sample_illegal(state, mover, rng, seen):
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
        # Every legal action applies (on copies).
        for a in state.legal_actions(mover):
            state.clone().apply(mover, a)
        assert state == before, "applying to a clone changed the original"

    for seed in range(3):
        _walk(case, 1000 + seed, check)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_clones_are_independent_and_json_round_trips(case: Case) -> None:
    def check(state: State, step: int, rng: Rng) -> None:
        if step % DEEP_CHECK_EVERY:
            return
        data = state.to_json()
        text = json.dumps(data, sort_keys=True)
        again = State.from_json(json.loads(text))
        assert again == state
        assert json.dumps(again.to_json(), sort_keys=True) == text
        if state.is_over:
            return
        twin = state.clone()
        assert twin == state
        snapshot = json.dumps(state.to_json(), sort_keys=True)
        while not twin.is_over and twin == state:
            p = twin.to_move[0]
            acts = twin.legal_actions(p)
            twin.apply(p, acts[rng.below(len(acts))])
        assert json.dumps(state.to_json(), sort_keys=True) == snapshot

    for seed in range(3):
        _walk(case, 2000 + seed, check)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_views_hide_what_determinize_resamples(case: Case) -> None:
    """A seat's view is the same in every world consistent with what it saw.

    If a view leaked a hidden card, re-sampling the hidden cards would change it.
    """
    _, players, _ = case

    def check(state: State, step: int, rng: Rng) -> None:
        if step % DEEP_CHECK_EVERY:
            return
        spectator = json.dumps(state.view(None), sort_keys=True)
        for p in range(players):
            mine = json.dumps(state.view(p), sort_keys=True)
            json.loads(mine)  # JSON-safe
            for seed in (1, 2):
                world = state.determinize(p, seed + step)
                assert world is not state
                assert json.dumps(world.view(p), sort_keys=True) == mine
                assert json.dumps(world.view(None), sort_keys=True) == spectator
                assert world.to_move == state.to_move
                for mover in world.to_move:
                    if mover == p:
                        assert world.legal_actions(p) == state.legal_actions(p)
                if not world.is_over:
                    mover = world.to_move[0]
                    acts = world.legal_actions(mover)
                    world.apply(mover, acts[0])
        assert json.dumps(state.view(None), sort_keys=True) == spectator

    for seed in range(2):
        _walk(case, 3000 + seed, check)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_same_seed_same_game(case: Case) -> None:
    game_id, players, options = case
    a = _random_game(game_id, players, 77, options)
    b = _random_game(game_id, players, 77, options)
    assert a.record().dumps() == b.record().dumps()
    assert a.state == b.state
    assert [e.text for e in a.state.events(None)] == [e.text for e in b.state.events(None)]


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_events_are_filtered_per_seat(case: Case) -> None:
    game_id, players, options = case
    state = _random_game(game_id, players, 5, options).state
    public = [e.text for e in state.events(None)]
    assert public, "a finished game has a public log"
    for p in range(players):
        mine = state.events(p)
        assert [e.seq for e in mine] == list(range(len(mine)))
        texts = [e.text for e in mine]
        assert [t for t, e in zip(texts, mine, strict=True) if not e.private] == public


@pytest.mark.parametrize("game_id", lastcall.games())
def test_game_metadata(game_id: str) -> None:
    game = lastcall.game(game_id)
    assert game.id == game_id
    assert lastcall.game(game.versioned_id) is game
    assert game.title and game.summary
    assert 1 <= game.min_players <= game.max_players
    assert game.rules_text().strip()
    defaults = game.resolve_options()
    assert set(defaults) == {o.name for o in game.options}
    with pytest.raises(lastcall.InvalidOptions):
        game.new(game.max_players + 1)
    with pytest.raises(lastcall.InvalidOptions):
        game.new(game.min_players, options={"no_such_option": 1})
    view = game.new(game.min_players, seed=3).view(0)
    assert game.render(view).strip()


SWEEP_GAMES = 300


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_a_sweep_of_random_games_keeps_the_basic_contract(case: Case) -> None:
    """Many more seeded games than the deep checks, with the cheap checks at every step."""
    game_id, players, options = case
    game = lastcall.game(game_id)
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
            assert steps <= bound, f"seed {seed}: no end within {bound} decisions"
        ranked = [p for group in state.ranking() for p in group]
        assert sorted(ranked) == list(seats)
        assert len(state.scores()) == players
