"""The event log: kinds, growing indices, texts formatted for their reader, audiences."""

from __future__ import annotations

import pytest

from lastcall.core import Action, Kind
from lastcall.core.events import event_text, log_from_rows, log_to_json, visible

from .conftest import PILE

NAMES = ("P0", "P1", "P2", "Robot")


def test_audiences() -> None:
    assert visible(None, None) and visible(None, 2)
    assert visible(1, 1) and not visible(1, 2) and not visible(1, None)
    assert visible((0, 2), 2) and not visible((0, 2), 1) and not visible((0, 2), None)
    assert not visible((), 0) and not visible((), None)


@pytest.mark.parametrize(
    ("viewer", "expected"),
    [
        (None, "P1 draws 2 cards; P1's hand is full and P1 has 1 tip."),
        (0, "P1 draws 2 cards; P1's hand is full and P1 has 1 tip."),
        (1, "You draw 2 cards; Your hand is full and you have 1 tip."),
    ],
)
def test_seats_read_as_you_for_their_own_seat(viewer: int | None, expected: str) -> None:
    template = (
        "{p:Seat} draw{p:s} {n:plural:card}; "
        "{p:Seat's} hand is full and {p:seat} {p:has} {t:plural:tip}."
    )
    assert event_text(template, {"p": 1, "n": 2, "t": 1}, viewer, NAMES) == expected


def test_rivals_are_named_after_the_seats() -> None:
    assert event_text("{r:Seat} take{r:s} one.", {"r": 3}, 0, NAMES) == "Robot takes one."
    assert event_text("{r:Seat} {r:is} here.", {"r": 7}, 0, NAMES) == "P7 is here."


def test_a_state_tells_the_right_seats_and_indexes_every_event() -> None:
    state = PILE.new(2)
    state.apply(0, Action("take", 2))
    public = state.events()
    assert [(e.index, e.kind, e.text, e.private) for e in public] == [
        (0, Kind.MOVE, "P0 takes 2.", False)
    ]
    assert public[0].data == {"p": 0, "n": 2}
    assert [(e.index, e.text, e.private) for e in state.events(0)] == [
        (0, "You take 2.", False),
        (1, "You now hold 2.", True),
    ]
    assert [e.text for e in state.events(1)] == ["P0 takes 2."]
    assert state.last_event == 1


def test_events_after_an_index_cost_only_the_walk_to_it() -> None:
    rows: list[tuple[int, int | None, str, str, tuple[int]]] = [
        (i, None if i % 2 else i % 3, Kind.RULE, "e{i}", (i,)) for i in range(3000)
    ]
    log = log_from_rows(rows)
    state = PILE.new(2)
    state.log = log
    tail = state.events(None, after=2990)
    assert [e.index for e in tail] == [2991, 2993, 2995, 2997, 2999]
    assert [e.text for e in tail][:2] == ["e2991", "e2993"]
    assert log_to_json(log)[5] == [5, None, "rule", "e{i}", [5]]
    assert tail[0].data == {"i": 2991}
    assert log_from_rows([]) is None


def test_a_clone_shares_history_but_not_the_future() -> None:
    state = PILE.new(2)
    state.apply(0, Action("take", 1))
    twin = state.clone()
    twin.apply(1, Action("take", 1))
    assert len(state.events()) == 1 and len(twin.events()) == 2
    assert twin.log is not None and twin.log[5] is not None and twin.log[5][5] is state.log


def test_rivals_act_through_logged_events_and_rank_with_the_seats() -> None:
    state = PILE.new(1, options={"robot": True, "size": 4})
    state.apply(0, Action("take", 2))
    assert [e.text for e in state.events(0)][:3] == [
        "You take 2.",
        "You now hold 2.",
        "Robot takes 1.",
    ]
    state.apply(0, Action("take", 1))
    assert state.is_over and state.scores() == (1.0, 0.0)
    assert state.ranking() == [(0,), (1,)] and state.winners() == (0,)
    assert state.events(None)[-1].kind is Kind.END
