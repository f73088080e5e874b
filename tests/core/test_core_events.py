"""The event log: public entries for all, private ones for their audience only."""

from __future__ import annotations

from lastcall.core.events import Audience, Event, build_log, events_for, log_entries, visible

from .conftest import PILE


def test_audiences() -> None:
    assert visible(None, None) and visible(None, 2)
    assert visible(1, 1) and not visible(1, 2) and not visible(1, None)
    assert visible((0, 2), 2) and not visible((0, 2), 1) and not visible((0, 2), None)


def test_each_seat_sees_public_events_and_its_own() -> None:
    log = build_log([(None, "all"), (0, "zero"), ((1, 2), "one and two"), (2, "two")])
    assert events_for(log, None) == [Event(0, "all", False)]
    assert events_for(log, 0) == [Event(0, "all", False), Event(1, "zero", True)]
    assert [e.text for e in events_for(log, 1)] == ["all", "one and two"]
    assert [e.text for e in events_for(log, 2)] == ["all", "one and two", "two"]
    assert [e.seq for e in events_for(log, 2)] == [0, 1, 2]


def test_the_log_round_trips_in_order() -> None:
    entries: list[tuple[Audience, str]] = [
        (None, str(i)) if i % 2 else (i % 3, str(i)) for i in range(3000)
    ]
    assert log_entries(build_log(entries)) == entries
    assert log_entries(None) == [] and build_log([]) is None


def test_a_state_says_things_to_the_right_seats() -> None:
    state = PILE.new(2)
    state.apply(0, PILE.parse_action("take 2"))
    assert [e.text for e in state.events()] == ["P0 takes 2."]
    assert [(e.text, e.private) for e in state.events(0)] == [
        ("P0 takes 2.", False),
        ("You now hold 2.", True),
    ]
    assert [e.text for e in state.events(1)] == ["P0 takes 2."]


def test_a_clone_shares_history_but_not_the_future() -> None:
    state = PILE.new(2)
    state.apply(0, PILE.parse_action("take 1"))
    twin = state.clone()
    twin.apply(1, PILE.parse_action("take 1"))
    assert len(state.events()) == 1 and len(twin.events()) == 2
