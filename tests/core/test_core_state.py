"""States: the contract's checks, equality, and exact JSON round trips."""

from __future__ import annotations

import json
from enum import IntEnum
from typing import Any

import pytest

import lastcall
from lastcall.core import Action, IllegalAction, Kind, Rng, StaleState, State, StateError
from lastcall.core.typed import decode_value, encode

from .conftest import PILE


@pytest.mark.parametrize(
    "value",
    [
        None,
        True,
        3,
        -2.5,
        "text",
        [1, [2, 3]],
        (1, (2, "x")),
        [(0, 1, 2), (3, 4, 5)],
        {"a": 1, 2: [3], (1, 2): (3,)},
        {1, 2, 3},
        frozenset({"x", "y"}),
        Rng(99),
        Action("place", "wild", "milk"),
        [Action("take", 2), None, {"k": Rng(1)}],
    ],
)
def test_encode_then_decode_gives_the_value_back(value: object) -> None:
    data = json.loads(json.dumps(encode(value)))
    back = decode_value(data, Any, "x")
    assert back == value and type(back) is type(value)


def test_tuples_stay_tuples_inside_lists_and_dicts() -> None:
    back = decode_value(json.loads(json.dumps(encode({"t": [(1, 2)]}))), Any, "x")
    assert isinstance(back["t"][0], tuple)


def test_an_action_decodes_as_an_action() -> None:
    back = decode_value(encode([Action("take", 2)]), list[Action], "x")
    assert isinstance(back[0], Action)


class Shade(IntEnum):
    LIGHT = 0
    DARK = 1


@pytest.mark.parametrize(
    ("data", "hint", "message"),
    [
        ("3", int, "field f: expected an integer, got '3'"),
        (True, int, "expected an integer, got True"),
        ([1, "a"], list[int], r"field f\[1\]: expected an integer"),
        ({"tuple": [1]}, tuple[int, int], "expected a tuple of 2"),
        ([1, 2], tuple[int, ...], "expected {'tuple': ...}"),
        ({"dict": [[1]]}, dict[int, int], "a list of \\[key, value\\] pairs"),
        (2, Shade, "expected a Shade"),
        ({"rng": -1}, Rng, "64-bit generator state"),
        ({"action": []}, Action, "not an action"),
        ("x", int | None, "expected int or None"),
        ({"blob": 1}, Any, "unknown encoded kind 'blob'"),
    ],
)
def test_decoding_names_the_field_and_what_was_expected(
    data: object, hint: object, message: str
) -> None:
    with pytest.raises(StateError, match=message):
        decode_value(data, hint, "f")


def test_enums_come_back_as_their_members() -> None:
    assert decode_value(1, Shade, "f") is Shade.DARK
    assert encode(Shade.DARK) == 1


def test_objects_of_other_classes_cannot_be_encoded() -> None:
    with pytest.raises(TypeError, match="cannot encode object"):
        encode(object())


def _barista_midgame() -> State:
    state = lastcall.game("barista").new(4, 21)
    rng = Rng(21)
    for _ in range(80):
        seat = state.to_move[rng.below(len(state.to_move))]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
    return state


def test_a_state_round_trips_through_json_and_plays_on_alike() -> None:
    state = _barista_midgame()
    back = State.from_json(json.loads(json.dumps(state.to_json())))
    assert back == state and back is not state
    assert back.events(1) == state.events(1)
    seat = state.to_move[0]
    action = state.legal_actions(seat)[-1]
    state.apply(seat, action)
    back.apply(seat, action)
    assert back == state


def test_a_state_of_another_rules_version_is_refused() -> None:
    data = _barista_midgame().to_json()
    data["game_version"] = 99
    with pytest.raises(lastcall.UnknownVersion, match="barista v99 is newer than this engine"):
        State.from_json(data)


def test_a_state_from_another_version_fails_on_the_field_that_differs() -> None:
    data = json.loads(json.dumps(_barista_midgame().to_json()))
    data["state"]["dice"] = {"tuple": data["state"]["dice"]}
    with pytest.raises(StateError, match="state field dice: expected a list"):
        State.from_json(data)
    del data["state"]["dice"]
    with pytest.raises(StateError, match="barista state field 'dice' is missing"):
        State.from_json(data)


def test_equality_covers_every_field() -> None:
    a, b = PILE.new(2), PILE.new(2)
    assert a == b
    b.rng.next64()
    assert a != b
    c = PILE.new(2)
    c.announce(Kind.RULE, "hello")
    assert a != c
    assert a != "a state"


def test_a_stale_submission_is_refused_and_changes_nothing() -> None:
    state = PILE.new(2)
    state.apply(0, Action("take", 1), expect=0)
    before = state.clone()
    with pytest.raises(StaleState, match="made at revision 0, but the game is at revision 1"):
        state.apply(1, Action("take", 1), expect=0)
    assert state == before and state.decisions == 1


def test_a_determinized_world_starts_its_log_after_a_marker() -> None:
    state = _barista_midgame()
    world = state.determinize(1, 5)
    assert world.events(1) == [] and world.last_event == state.last_event
    mover = world.to_move[0]
    world.apply(mover, world.legal_actions(mover)[0])
    assert world.events(None) and min(e.index for e in world.events(None)) > state.last_event


def test_an_illegal_action_names_the_rule_and_changes_nothing() -> None:
    state = PILE.new(2, options={"size": 1})
    before = state.clone()
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Action("take", 2))
    assert str(err.value) == "P0 cannot 'take 2': take one or two, no more than the pile [Taking]"
    assert (err.value.player, err.value.reason, err.value.rule) == (
        0,
        "take one or two, no more than the pile",
        "Taking",
    )
    assert state == before


def test_out_of_turn_and_after_the_end() -> None:
    state = PILE.new(2, options={"size": 1})
    assert state.legal_actions(1) == ()
    with pytest.raises(IllegalAction, match=r"waiting for P0\) \[turns\]"):
        state.apply(1, Action("take", 1))
    with pytest.raises(IllegalAction, match=r"not an action of Pile \[actions\]"):
        state.apply(0, Action("take", 3))
    state.apply(0, Action("take", 1))
    assert state.is_over
    with pytest.raises(IllegalAction, match=r"the game is over \[end of the game\]"):
        state.apply(1, Action("take", 1))


def test_ranking_groups_ties_and_evaluate_shares_the_win() -> None:
    plain = PILE.new(3, options={"size": 2})
    plain.apply(0, Action("take", 2))
    assert plain.scores() == (1.0, 0.0, 0.0) and plain.winners() == (0,)
    state = PILE.new(3, options={"size": 2, "misere": True})
    state.apply(0, Action("take", 2))
    assert state.scores() == (0.0, 1.0, 1.0)
    assert state.ranking() == [(1, 2), (0,)]
    assert state.winners() == (1, 2)
    assert state.evaluate(1) == 0.5 and state.evaluate(0) == 0.0
    assert PILE.new(3).winners() == ()
