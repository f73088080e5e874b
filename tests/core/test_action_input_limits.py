"""Action text from people and files: odd digits and huge inputs are refused cleanly."""

from __future__ import annotations

import pytest

from lastcall.core import Action, InvalidAction
from lastcall.core.actions import MAX_ACTION_TEXT, shown


@pytest.mark.parametrize("text", ["take ²", "take ①", "take -²", "take ⅷ"])
def test_superscripts_and_circled_digits_are_words_not_numbers(text: str) -> None:
    action = Action.parse(text)
    assert all(isinstance(arg, str) for arg in action.args)


def test_decimal_digits_of_any_script_read_as_integers() -> None:
    assert Action.parse("take 2") == Action("take", 2)
    assert Action.parse("move -3") == Action("move", -3)
    assert Action.parse("take ２") == Action("take", 2)
    assert Action.parse("take ٣") == Action("take", 3)


def test_an_overlong_number_stays_text_instead_of_costing_a_huge_int() -> None:
    assert Action.parse("take " + "9" * 50).args == ("9" * 50,)


def test_text_past_the_limit_is_refused_without_being_echoed() -> None:
    text = "x" * 50_000_000
    with pytest.raises(InvalidAction) as caught:
        Action.parse(text)
    message = str(caught.value)
    assert f"longer than {MAX_ACTION_TEXT} characters" in message
    assert len(message) < 200


def test_text_at_the_limit_is_read() -> None:
    text = "wait " + "a" * (MAX_ACTION_TEXT - 5)
    assert Action.parse(text).verb == "wait"


def test_non_text_is_invalid_not_a_crash() -> None:
    with pytest.raises(InvalidAction):
        Action.parse(12)  # type: ignore[arg-type]


def test_shown_bounds_nested_and_long_values() -> None:
    nested: list[object] = []
    for _ in range(10_000):
        nested = [nested]
    assert len(shown(nested)) < 100
    assert len(shown("y" * 10_000)) < 100
    assert shown("short") == "'short'"


def test_shown_bounds_wide_data_too() -> None:
    wide = {f"key{i}" * 9: {f"inner{j}" * 9: [f"v{k}" * 20 for k in range(9)] for j in range(9)}
            for i in range(9)}  # fmt: skip
    assert len(shown(wide)) <= 123
