"""Actions: canonical text, parsing that forgives case and spacing, JSON."""

from __future__ import annotations

import pytest

from lastcall.core import Action, InvalidAction


@pytest.mark.parametrize(
    "action",
    [
        Action("ready"),
        Action("place", "wild", "milk"),
        Action("take", 2),
        Action("move", -3, "x"),
        Action("change", "milk", "soy"),
    ],
)
def test_text_and_json_round_trip(action: Action) -> None:
    assert Action.parse(str(action)) == action
    assert Action.from_json(action.to_json()) == action
    assert isinstance(Action.parse(str(action)), Action)


def test_canonical_text_is_the_words_joined_by_spaces() -> None:
    assert str(Action("place", "wild", "milk")) == "place wild milk"
    assert str(Action("take", 2)) == "take 2"
    assert repr(Action("take", 2)) == "Action.parse('take 2')"
    assert Action("take", 2).to_json() == ["take", 2]


def test_parsing_forgives_case_and_whitespace() -> None:
    assert Action.parse("  Place   WILD\tMilk \n") == Action("place", "wild", "milk")


def test_numbers_become_ints_even_negative_ones() -> None:
    action = Action.parse("take 2 -5 x3")
    assert action.args == (2, -5, "x3")
    assert isinstance(action.args[0], int) and isinstance(action.args[1], int)
    assert Action.parse("go -").args == ("-",)


def test_verb_and_args() -> None:
    action = Action("change", "milk", "soy")
    assert action.verb == "change" and action.args == ("milk", "soy")
    assert Action("ready").args == ()


def test_actions_hash_and_compare_by_value() -> None:
    assert Action("take", 2) == Action.parse("take 2")
    assert len({Action("take", 2), Action.parse("TAKE 2"), Action("take", 3)}) == 2
    assert Action("take", 2) != Action("take", "2")


@pytest.mark.parametrize("text", ["", "   ", "2 take", "-x", "place! now"])
def test_text_that_is_no_action_names_the_input(text: str) -> None:
    with pytest.raises(InvalidAction) as err:
        Action.parse(text)
    assert repr(text) in str(err.value)
    assert isinstance(err.value, ValueError)


@pytest.mark.parametrize(
    "data", [[], "take 2", ["take", 2.5], [2, "take"], ["take", True], ["take", None], None]
)
def test_json_that_is_no_action_names_the_input(data: object) -> None:
    with pytest.raises(InvalidAction) as err:
        Action.from_json(data)
    assert repr(data) in str(err.value)
