"""What each seat may know: views, determinized worlds, observations, sealed choices, events."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from lastcall.core import Kind, Rng, State

from .cases import CASES, Case, case_id, random_match, walk

DEEP_CHECK_EVERY = 7
LAYOUT = ("game", "viewer", "to_move", "phase", "seats")


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_views_and_observations_hide_what_determinize_resamples(case: Case) -> None:
    """A seat's view and observation are the same in every world consistent with what it saw.

    If either leaked a hidden card, re-sampling the hidden cards would change it.
    """
    game, players, options = case
    observer = game.observer(players, options)

    def check(state: State, step: int, rng: Rng) -> None:
        if step % DEEP_CHECK_EVERY:
            return
        spectator = _dump(state.view(None))
        for p in range(players):
            view = state.view(p)
            for key in LAYOUT:
                assert key in view, f"view lacks {key!r}"
            assert view["viewer"] == p and view["to_move"] == list(state.to_move)
            assert [s["seat"] for s in view["seats"]] == list(range(players))
            if state.rivals():
                assert len(view["rivals"]) == len(state.rivals())
            mine = _dump(view)
            seen = observer.observe(state, p)
            assert len(seen) == observer.size
            assert all(math.isfinite(x) for x in seen)
            mask = observer.action_mask(state, p)
            assert sum(mask) == len(state.legal_actions(p))
            for seed in (1, 2):
                world = state.determinize(p, seed + step)
                assert world is not state
                assert _dump(world.view(p)) == mine
                assert _dump(world.view(None)) == spectator
                assert observer.observe(world, p) == seen
                assert world.to_move == state.to_move
                assert world.events(p) == [], "a determinized world carries history"
                if p in world.to_move:
                    assert world.legal_actions(p) == state.legal_actions(p)
                if not world.is_over:
                    mover = world.to_move[0]
                    world.apply(mover, world.legal_actions(mover)[0])
        assert _dump(state.view(None)) == spectator

    for seed in range(2):
        walk(case, 3000 + seed, check)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_determinize_and_reseed_depend_only_on_what_is_known(case: Case) -> None:
    """Re-sampling an already re-sampled world gives the same world: nothing of the truth stays."""
    _, players, _ = case

    def check(state: State, step: int, rng: Rng) -> None:
        if step % DEEP_CHECK_EVERY:
            return
        for p in range(players):
            world = state.determinize(p, 11)
            assert world == state.determinize(p, 11)
            assert world == state.determinize(p, 12).determinize(p, 11)
        assert state.reseed(21) == state.reseed(22).reseed(21)
        kept = state.reseed(21)
        for p in range(players):
            assert _dump(kept.view(p)) == _dump(state.view(p))

    for seed in range(2):
        walk(case, 4000 + seed, check)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_sealed_choices_are_private_and_order_free(case: Case) -> None:
    """While sealed, a seat's decision changes nothing others see but ``to_move``, and the
    order of commitments does not matter; another seat's commitment never reaches a world."""
    game, players, _ = case

    def public(state: State, q: int, since: int) -> tuple[str, tuple[Any, ...], list[Any]]:
        """What ``q`` sees: the view but ``to_move``, its choices, and the events after
        ``since`` (the log before it is shared by every state that follows it)."""
        view = dict(state.view(q))  # the state's view is shared: change a copy
        del view["to_move"]
        events = [(e.kind, e.text, e.private, e.data) for e in state.events(q, since)]
        return _dump(view), state.legal_actions(q) if q in state.to_move else (), events

    def check(state: State, step: int, rng: Rng) -> None:
        if not state.sealed:
            return
        assert game.facts.simultaneous, "a sealed state in a game not declared simultaneous"
        movers = state.to_move
        since = state.last_event
        seen = [public(state, q, since) for q in range(players)]
        for p in movers:
            if len(movers) == 1:
                break  # the last commitment of a stage may reveal them all
            for a in state.legal_actions(p)[:3]:
                after = state.clone()
                after.apply(p, a)
                for q in range(players):
                    if q != p:
                        assert public(after, q, since) == seen[q], f"P{p}'s {a} reached P{q}"
            options = state.legal_actions(p)
            if len(options) > 1:
                one, two = state.clone(), state.clone()
                one.apply(p, options[0])
                two.apply(p, options[-1])
                for q in range(players):
                    if q != p and one.sealed:
                        assert one.determinize(q, 3) == two.determinize(q, 3)
        if len(movers) > 1:
            picks = {}
            for p in movers:
                legal = state.legal_actions(p)
                picks[p] = legal[rng.below(len(legal))]
            forward, backward = state.clone(), state.clone()
            for p in movers:
                forward.apply(p, picks[p])
            for p in reversed(movers):
                backward.apply(p, picks[p])
            ignored = ("log", "undo_seat", "undo_floor")
            ahead = {k: v for k, v in forward.to_json()["state"].items() if k not in ignored}
            behind = {k: v for k, v in backward.to_json()["state"].items() if k not in ignored}
            assert ahead == behind, "the order of sealed commitments changed the game"
            for q in range(players):
                assert public(forward, q, since)[2] == public(backward, q, since)[2]

    for seed in range(3):
        walk(case, 5000 + seed, check)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_public_consequences_never_depend_on_hidden_cards(case: Case) -> None:
    """The same decision in a world re-sampled for another seat leaves that seat's view and
    ``to_move`` as in the truth, unless chance or a reveal intervened."""
    _, players, _ = case

    def check(state: State, step: int, rng: Rng) -> None:
        if state.is_over or step % 3:
            return
        mover = state.to_move[0]
        action = state.legal_actions(mover)[rng.below(len(state.legal_actions(mover)))]
        truth = state.clone()
        truth.apply(mover, action)
        since = state.last_event
        if any(e.kind in (Kind.CHANCE, Kind.REVEAL) for e in truth.events(None, since)):
            return
        for p in range(players):
            if p == mover:
                continue
            world = state.determinize(p, step)
            if action not in world.legal_actions(mover):
                continue
            mark = world.last_event
            world.apply(mover, action)
            hidden = [e for e in world.events(None, mark) if e.kind in (Kind.CHANCE, Kind.REVEAL)]
            if hidden or any(e.kind in (Kind.CHANCE, Kind.REVEAL) for e in truth.events(p, since)):
                continue
            assert world.to_move == truth.to_move, f"to_move after {action} reveals hidden cards"
            assert _dump(world.view(p)) == _dump(truth.view(p))

    for seed in range(2):
        walk(case, 6000 + seed, check)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_events_are_filtered_per_seat_and_indexed(case: Case) -> None:
    game, players, options = case
    state = random_match(game, players, 5, options).state
    public = state.events(None)
    assert public, "a finished game has a public log"
    indices = [e.index for e in state.events(0)]
    assert indices == sorted(set(indices))
    assert state.last_event >= max(e.index for e in public)
    for p in (None, *range(players)):
        mine = state.events(p)
        shared = [(e.index, e.kind, e.data) for e in mine if not e.private]
        assert shared == [(e.index, e.kind, e.data) for e in public]
        for e in mine:
            assert isinstance(e.kind, Kind)
            assert json.loads(json.dumps(e.data)) == e.data, f"event data not JSON: {e.data}"
            assert e.text.strip() and "{" not in e.text
        middle = mine[len(mine) // 2].index if mine else -1
        assert state.events(p, after=middle) == [e for e in mine if e.index > middle]
    assert public[-1].kind is Kind.END, "the last public event of a finished game is its end"
