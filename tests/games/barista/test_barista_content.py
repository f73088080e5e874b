"""The Contents and The Cards: 52 cards, four dice, checked when the data loads."""

from __future__ import annotations

import copy
import tomllib
from collections import Counter
from importlib import resources
from typing import Any

import pytest

from lastcall.games.barista.content import CONTENT, ContentError, parse_content

COFFEE = [
    "single",
    "double",
    "triple",
    "tall",
    "grande",
    "vente",
    "nonfat",
    "breve",
    "soy",
    "cappuccino",
    "mocha",
    "latte",
]


def _data() -> dict[str, Any]:
    text = resources.files("lastcall.games.barista").joinpath("cards.toml").read_text("utf-8")
    return tomllib.loads(text)


def test_the_deck_holds_52_cards() -> None:
    assert len(CONTENT.deck) == 52


def test_the_designed_split_three_of_each_value_four_wilds_three_of_each_action() -> None:
    counts = Counter(CONTENT.kind_names[k] for k in CONTENT.deck)
    assert {name: counts[name] for name in COFFEE} == dict.fromkeys(COFFEE, 3)
    assert counts["wild"] == 4
    assert {a: counts[a] for a in ("roll", "change", "take", "spill")} == dict.fromkeys(
        ("roll", "change", "take", "spill"), 3
    )
    assert sum(counts.values()) == 36 + 4 + 12


def test_dice_are_shots_size_milk_drink_in_that_order() -> None:
    assert CONTENT.categories == ("shots", "size", "milk", "drink")
    assert CONTENT.values == (
        ("single", "double", "triple"),
        ("tall", "grande", "vente"),
        ("nonfat", "breve", "soy"),
        ("cappuccino", "mocha", "latte"),
    )


def test_each_die_has_six_faces_every_value_on_two() -> None:
    for faces in CONTENT.die_faces:
        assert len(faces) == 6
        assert Counter(faces) == {0: 2, 1: 2, 2: 2}


def test_coffee_cards_know_their_die_and_value() -> None:
    assert CONTENT.kind_category[CONTENT.kind("grande")] == 1
    assert CONTENT.kind_value[CONTENT.kind("grande")] == 1
    assert CONTENT.ingredient(3, 2) == CONTENT.kind("latte")
    for name in ("wild", "roll", "change", "take", "spill"):
        assert CONTENT.kind_category[CONTENT.kind(name)] == -1


def test_the_shipped_data_parses_to_the_loaded_content() -> None:
    assert parse_content(_data()) == CONTENT


def _broken(edit: str) -> dict[str, Any]:
    data = copy.deepcopy(_data())
    cats = data["category"]
    if edit == "three categories":
        del cats[3]
    elif edit == "repeated value":
        cats[0]["values"] = ["single", "single", "triple"]
    elif edit == "one value":
        cats[0]["values"] = ["single"]
    elif edit == "five faces":
        cats[1]["die"] = cats[1]["die"][:5]
    elif edit == "foreign face":
        cats[2]["die"][0] = "oat"
    elif edit == "no copies":
        cats[3]["copies"] = 0
    elif edit == "copies as text":
        cats[3]["copies"] = "3"
    elif edit == "no wild":
        del data["special"]["wild"]
    elif edit == "no spill":
        data["special"]["spill"] = 0
    elif edit == "name clash":
        cats[3]["values"] = ["cappuccino", "mocha", "wild"]
        cats[3]["die"] = ["cappuccino", "mocha", "wild"] * 2
    elif edit == "53 cards":
        data["special"]["wild"] = 5
    return data


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        ("three categories", "expected 4 [[category]]"),
        ("repeated value", "'shots' needs two or more distinct values"),
        ("one value", "'shots' needs two or more distinct values"),
        ("five faces", "die 'size' needs six faces"),
        ("foreign face", "die 'milk' needs six faces"),
        ("no copies", "'drink' needs copies >= 1"),
        ("copies as text", "'drink' needs copies >= 1"),
        ("no wild", "needs wild >= 1"),
        ("no spill", "needs spill >= 1"),
        ("name clash", "card names must be unique"),
        ("53 cards", "the deck holds 53 cards, not 52"),
    ],
)
def test_bad_card_data_is_refused_with_a_clear_error(edit: str, message: str) -> None:
    with pytest.raises(ContentError) as err:
        parse_content(_broken(edit))
    assert message in str(err.value)
    assert str(err.value).startswith("barista cards.toml: ")
    assert isinstance(err.value, ValueError)
