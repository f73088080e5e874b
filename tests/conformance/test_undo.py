"""Undo: a seat takes back decisions of its own run, and the match stays as if they never were."""

from __future__ import annotations

import pytest

from lastcall.core import Kind, Match, Rng, UndoError

from .cases import CASES, Case, case_id


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_undo_takes_back_exactly_the_last_decision(case: Case) -> None:
    game, players, options = case
    for seed in range(3):
        match = Match(game, players, seed, options)
        rng = Rng(seed)
        undone = 0
        while not match.state.is_over and len(match.moves) < 400:
            state = match.state
            mover = state.to_move[rng.below(len(state.to_move))]
            if match.can_undo(mover) and rng.below(3) == 0:
                top = state.last_event
                kept = match.moves[:-1]
                match.undo(mover)
                undone += 1
                assert match.moves == kept
                replayed = match.record().replay(game=game)
                served = {"log": None, "revision": None}
                assert replayed.to_json()["state"] | served == (
                    match.state.to_json()["state"] | served
                )
                assert match.state.revision > replayed.revision
                last = match.state.events(None)[-1]
                assert last.kind is Kind.UNDO and last.index == top + 1
                assert last.data["last"] == top
                continue
            for other in range(players):
                if other != mover and not match.can_undo(other):
                    with pytest.raises(UndoError):
                        match.undo(other)
            actions = state.legal_actions(mover)
            match.apply(mover, actions[rng.below(len(actions))])
