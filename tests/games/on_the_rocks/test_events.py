"""Events as the table reads them, their kinds, and taking back decisions within a turn."""

from __future__ import annotations

from lastcall.core import Kind, Match, Rng
from lastcall.games.on_the_rocks import state as st
from lastcall.games.on_the_rocks.game import OnTheRocksState

from .otr_helpers import GAME, act, decision, give_tip


def fields(state: object) -> dict[str, object]:
    assert isinstance(state, OnTheRocksState)
    data: dict[str, object] = state.to_json()["state"]
    return data | {"log": None, "revision": None}  # an undo adds an event and a revision


def playing(seed: int, until: st.Decision, verb: str) -> Match:
    """A random match stopped where the current player faces ``until`` offering ``verb``."""
    match = Match(GAME, 2, seed)
    rng = Rng(seed)
    while True:
        state = match.state
        assert isinstance(state, OnTheRocksState) and not state.is_over
        p = state.to_move[0]
        actions = state.legal_actions(p)
        if state.phase == until and p == state.current and any(a.verb == verb for a in actions):
            return match
        match.apply(p, actions[rng.below(len(actions))])


def test_a_game_reads_as_turns_of_moves_chance_and_rules_and_ends_with_end() -> None:
    state = GAME.new(3, 8)
    rng = Rng(8)
    while not state.is_over:
        p = state.to_move[0]
        actions = state.legal_actions(p)
        state.apply(p, actions[rng.below(len(actions))])
    assert isinstance(state, OnTheRocksState)
    events = state.events(None)
    kinds = {e.kind for e in events}
    assert kinds <= {Kind.MOVE, Kind.CHANCE, Kind.RULE, Kind.TURN, Kind.END}
    assert events[-1].kind is Kind.END
    assert [e for e in events if e.kind is Kind.END] == [events[-1]]
    turns = [e for e in events if e.kind is Kind.TURN]
    assert len(turns) == state.length()["turns"] == state.turns
    assert turns[0].data == {"round": 1, "p": state.first_seat()}
    assert all(e.data["p"] == (state.first_seat() + i) % 3 for i, e in enumerate(turns))
    rolls = [e for e in events if e.text.endswith(".") and " rolls " in e.text]
    assert rolls and all(e.kind is Kind.CHANCE for e in rolls)
    mine = [e.text for e in state.events(state.first_seat()) if e.kind is Kind.TURN]
    assert mine[0] == "Round 1: your turn."


def test_placements_within_a_turn_are_taken_back_one_by_one() -> None:
    match = playing(4, st.Decision.PLACE, "place")
    state = match.state
    p = state.to_move[0]
    positions = [fields(state)]
    for _ in range(2):
        place = next((a for a in match.state.legal_actions(p) if a.verb == "place"), None)
        if place is None:
            break
        match.apply(p, place)
        assert match.state.events(None)[-1].kind is Kind.MOVE
        positions.append(fields(match.state))
    assert len(positions) >= 2
    while len(positions) > 1:
        assert match.can_undo(p)
        positions.pop()
        match.undo(p)
        assert fields(match.state) == positions[-1]
        assert match.state.events(None)[-1].kind is Kind.UNDO


def test_a_turn_is_taken_back_to_its_draft_and_never_past_it() -> None:
    match = playing(6, st.Decision.SAVE, "save")
    p = match.state.to_move[0]
    match.apply(p, next(a for a in match.state.legal_actions(p) if a.verb == "save"))
    undone = 0
    while match.can_undo(p):
        match.undo(p)
        undone += 1
    assert undone >= 2  # the save, the selection and every mixing choice before it
    public = [e for e in match.state.events(None) if e.kind is not Kind.UNDO]
    assert public[-1].kind is Kind.CHANCE and " drafts " in public[-1].text
    state = match.state
    assert isinstance(state, OnTheRocksState)
    assert state.phase in (st.Decision.START, st.Decision.MIX, st.Decision.SELECT)


def test_nothing_is_taken_back_past_a_roll_a_draw_or_a_new_turn() -> None:
    match = Match(GAME, 2, 3)
    for p in (0, 1):
        match.apply(p, act("order all"))
    state = match.state
    assert isinstance(state, OnTheRocksState)
    p = state.current
    assert state.to_move == (p,) and not match.can_undo(p)  # the dice were just rolled
    give_tip(state, p, "tipsy2")
    match.apply(p, act("draft"))
    assert not match.can_undo(p)
    while decision(match.state) != st.Decision.TIPS:
        actions = match.state.legal_actions(p)
        match.apply(p, act("done") if act("done") in actions else actions[0])
    match.apply(p, act("play tipsy2"))
    assert not match.can_undo(p)
    while match.state.to_move == (p,):
        match.apply(p, match.state.legal_actions(p)[0])
    q = match.state.to_move[0]
    assert q != p and not match.can_undo(p) and not match.can_undo(q)
