"""Barista's cards and dice, loaded from ``cards.toml`` and checked on load.

Cards are small integers ("kinds"): the ingredient cards first, category by
category in the dice order, then the wild, then the four action cards. Copies
of a kind are indistinguishable, so a hand is a list of kinds.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

DECK_SIZE = 52
ACTION_NAMES = ("roll", "change", "take", "spill")
SLOTS = 4


class ContentError(ValueError):
    """The card data breaks one of Barista's invariants."""


@dataclass(frozen=True)
class Content:
    categories: tuple[str, ...]
    values: tuple[tuple[str, ...], ...]
    die_faces: tuple[tuple[int, ...], ...]
    kind_names: tuple[str, ...]
    kind_category: tuple[int, ...]  # -1 for wild and actions
    kind_value: tuple[int, ...]  # -1 for wild and actions
    wild: int
    roll: int
    change: int
    take: int
    spill: int
    deck: tuple[int, ...]

    def kind(self, name: str) -> int:
        return self.kind_names.index(name)

    def ingredient(self, category: int, value: int) -> int:
        return self.kind_names.index(self.values[category][value])


def _fail(message: str) -> ContentError:
    return ContentError(f"barista cards.toml: {message}")


def parse_content(data: dict[str, Any]) -> Content:
    cats = data.get("category")
    if not isinstance(cats, list) or len(cats) != SLOTS:
        raise _fail(f"expected {SLOTS} [[category]] tables (Shots, Size, Milk, Drink)")
    names: list[str] = []
    kind_category: list[int] = []
    kind_value: list[int] = []
    values: list[tuple[str, ...]] = []
    faces: list[tuple[int, ...]] = []
    deck: list[int] = []
    for c, cat in enumerate(cats):
        vals = tuple(cat.get("values", ()))
        if len(vals) < 2 or len(set(vals)) != len(vals):
            raise _fail(f"category {cat.get('name')!r} needs two or more distinct values")
        die = cat.get("die", ())
        if len(die) != 6 or any(face not in vals for face in die):
            raise _fail(f"die {cat.get('name')!r} needs six faces drawn from {vals}")
        copies = cat.get("copies")
        if not isinstance(copies, int) or copies < 1:
            raise _fail(f"category {cat.get('name')!r} needs copies >= 1")
        values.append(vals)
        faces.append(tuple(vals.index(face) for face in die))
        for v, name in enumerate(vals):
            names.append(name)
            kind_category.append(c)
            kind_value.append(v)
            deck.extend([len(names) - 1] * copies)
    special = data.get("special", {})
    for name in ("wild", *ACTION_NAMES):
        count = special.get(name)
        if not isinstance(count, int) or count < 1:
            raise _fail(f"[special] needs {name} >= 1")
        names.append(name)
        kind_category.append(-1)
        kind_value.append(-1)
        deck.extend([len(names) - 1] * count)
    if len(set(names)) != len(names):
        raise _fail("card names must be unique")
    if len(deck) != DECK_SIZE:
        raise _fail(f"the deck holds {len(deck)} cards, not {DECK_SIZE}")
    return Content(
        categories=tuple(str(cat["name"]) for cat in cats),
        values=tuple(values),
        die_faces=tuple(faces),
        kind_names=tuple(names),
        kind_category=tuple(kind_category),
        kind_value=tuple(kind_value),
        wild=names.index("wild"),
        roll=names.index("roll"),
        change=names.index("change"),
        take=names.index("take"),
        spill=names.index("spill"),
        deck=tuple(deck),
    )


def load_content() -> Content:
    text = resources.files(__package__).joinpath("cards.toml").read_text(encoding="utf-8")
    return parse_content(tomllib.loads(text))


CONTENT = load_content()
