"""Taking back decisions: within one's own turn, never past a draw or another seat's answer."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from lastcall.core import Match, Rng, State, UndoError
from lastcall.games.bartender.game import BartenderState
from lastcall.games.bartender.state import Step

from .bartender_positions import GAME


def fields(state: State) -> dict[str, Any]:
    """The whole position but its log and revision (an undo adds an event and a revision)."""
    out = dict(state.to_json()["state"])
    del out["log"], out["revision"]
    return out


def verbs(match: Match, player: int) -> list[str]:
    return [a.verb for a in match.state.legal_actions(player)]


def bartender(match: Match) -> BartenderState:
    state = match.state
    assert isinstance(state, BartenderState)
    return state


def test_dig_in_and_bank_are_taken_back_to_the_start_of_the_turn() -> None:
    """Choosing the action, its card and banking a coin involve no chance and no other seat."""
    match = next(
        m
        for m in (Match(GAME, 2, seed) for seed in range(200))
        if "dig" in verbs(m, m.state.to_move[0])
        and any(name.endswith("d") for name in m.state.view(m.state.to_move[0])["hand"])
    )
    p = match.state.to_move[0]
    start = fields(match.state)
    assert not match.can_undo(p)  # the turn began with a draw
    with_dig = next(a for a in match.state.legal_actions(p) if a.verb == "dig")
    match.apply(p, with_dig)
    assert match.can_undo(p)
    match.apply(p, match.state.legal_actions(p)[0])
    assert bartender(match).phase == Step.BANK and match.can_undo(p)
    coin = next(a for a in match.state.legal_actions(p) if a.verb == "bank")
    match.apply(p, coin)
    assert match.can_undo(p)
    for _ in range(3):
        match.undo(p)
    assert fields(match.state) == start
    assert not match.can_undo(p)
    with pytest.raises(UndoError):
        match.undo(1 - p)


def test_a_seat_takes_back_its_own_decisions_only_until_chance_or_an_answer() -> None:
    """After each decision a seat may take it back exactly when it still decides in the
    same turn; taking back all it can returns to where its run began: after the draw, or
    after another seat's answer (a defence, a bid)."""
    undoable: Counter[str] = Counter()
    for seed in range(16):
        match = Match(GAME, 3, seed)
        rng = Rng(seed)
        run_start = fields(match.state)
        while not match.state.is_over and len(match.moves) < 500:
            state = bartender(match)
            p = state.to_move[0]
            if not match.can_undo(p):
                run_start = fields(state)
            actions = state.legal_actions(p)
            action = actions[rng.below(len(actions))]
            turn = state.turn
            match.apply(p, action)
            after = bartender(match)
            still_mine = after.to_move == (p,) and after.turn == turn
            assert match.can_undo(p) == still_mine, (seed, len(match.moves), str(action))
            if still_mine:
                undoable[action.verb] += 1
                if rng.below(5) == 0:
                    while match.can_undo(p):
                        match.undo(p)
                    assert fields(match.state) == run_start
    for verb in ("skip", "advertise", "raid", "dig", "bid", "play", "bank", "discard", "done"):
        assert undoable[verb], f"no {verb} was ever taken back"
