"""The components of On The Rocks as data: marbles, glasses, recipes, tip and spill cards.

Recipes, tips and spills live in JSON/TOML beside this module and are validated
when loaded, so a wrong count or an unknown colour fails at import with a
message that names the card, never as a strange game later.
"""

from __future__ import annotations

import json
import tomllib
from importlib import resources
from typing import Any

# Marble kinds: the five ingredient colours, then the three special marbles.
YELLOW, BLUE, GREEN, RED, WHITE, WILD, SPILL, GOLD = range(8)
COLOURS = (YELLOW, BLUE, GREEN, RED, WHITE)
KIND_NAMES = ("yellow", "blue", "green", "red", "white", "wild", "spill", "gold")
KIND_OF = {name: i for i, name in enumerate(KIND_NAMES)}
# How many of each kind the shaker bag holds in all.
MARBLE_COUNTS = (15, 15, 15, 15, 15, 4, 4, 3)
TOTAL_MARBLES = sum(MARBLE_COUNTS)
COASTER_SPILL_SLOTS = 4
COASTER_GOLD_SLOTS = 3

# Glasses in board order; rows are counted from the bottom (row 1).
GLASS_NAMES = ("oldfashioned", "martini", "hurricane", "highball")
GLASS_TITLES = ("Old Fashioned", "Martini", "Hurricane", "Highball")
GLASS_OF = {name: i for i, name in enumerate(GLASS_NAMES)}
GLASS_ROWS = ((3, 3), (1, 2, 3), (2, 3, 3), (2, 2, 2, 2))
MAX_ROWS = max(len(r) for r in GLASS_ROWS)
RECIPES_PER_GLASS = 15
# A recipe's value grows with its number of ingredients.
VALUE_BY_SIZE = {4: 4, 5: 5, 6: 7, 7: 8, 8: 10}

BOWLS_BY_PLAYERS = {2: 4, 3: 5, 4: 5}
# Bonus coins, best first, by player count.
BONUS_COINS = {2: (3,), 3: (3, 1), 4: (5, 3, 1)}

TIP_KINDS = ("shake", "additional", "tipsy2", "tipsy3", "premium", "shots", "weak", "clumsy", "buy")
TIP_OF = {name: i for i, name in enumerate(TIP_KINDS)}
SHAKE, ADDITIONAL, TIPSY2, TIPSY3, PREMIUM, SHOTS, WEAK, CLUMSY, BUY = range(9)
TIP_USES = {"shake": "keep", "additional": "keep", "tipsy2": "keep", "tipsy3": "keep"}
TIP_USES |= {"premium": "keep", "shots": "pass", "weak": "pass", "clumsy": "pass"}
TIP_USES |= {"buy": "share"}
TIP_TOTAL = 48

SPILL_EFFECTS = ("all", "double", "top", "wild", "remove")
S_ALL, S_DOUBLE, S_TOP, S_WILD, S_REMOVE = range(5)
SPILL_TOTAL = 15


class ContentError(ValueError):
    """A content file that breaks the component rules."""


def _read(name: str) -> str:
    return (resources.files(__package__) / name).read_text(encoding="utf-8")


def _need(ok: bool, message: str) -> None:
    if not ok:
        raise ContentError(message)


def load_recipes(
    data: list[Any],
) -> tuple[
    tuple[str, ...], tuple[int, ...], tuple[int, ...], tuple[tuple[tuple[int, int], ...], ...]
]:
    """Names, glasses, values and slots ``(row, colour)`` of the 60 recipe cards."""
    _need(isinstance(data, list), "recipes.json: expected a list of recipes")
    names: list[str] = []
    glasses: list[int] = []
    values: list[int] = []
    slots: list[tuple[tuple[int, int], ...]] = []
    per_glass = [0] * len(GLASS_NAMES)
    for i, card in enumerate(data):
        where = f"recipes.json card {i + 1}"
        _need(isinstance(card, dict), f"{where}: expected an object")
        name, glass, value, rows = (
            card.get("name"),
            card.get("glass"),
            card.get("value"),
            card.get("rows"),
        )
        _need(isinstance(name, str) and bool(name), f"{where}: missing name")
        where = f"recipe {name!r}"
        _need(name not in names, f"{where}: duplicate name")
        _need(glass in GLASS_OF, f"{where}: unknown glass {glass!r}")
        g = GLASS_OF[glass]
        caps = GLASS_ROWS[g]
        _need(isinstance(rows, list) and 0 < len(rows) <= len(caps), f"{where}: rows must fit")
        cells: list[tuple[int, int]] = []
        for r, row in enumerate(rows):
            _need(isinstance(row, list) and 0 < len(row) <= caps[r], f"{where}: row {r + 1} size")
            for colour in row:
                _need(colour in KIND_OF and KIND_OF[colour] in COLOURS, f"{where}: bad {colour!r}")
                cells.append((r + 1, KIND_OF[colour]))
        _need(len(cells) in VALUE_BY_SIZE, f"{where}: {len(cells)} ingredients is no size")
        _need(
            value == VALUE_BY_SIZE[len(cells)],
            f"{where}: value must be {VALUE_BY_SIZE[len(cells)]}",
        )
        per_glass[g] += 1
        names.append(name)
        glasses.append(g)
        values.append(int(value))
        slots.append(tuple(cells))
    for g, count in enumerate(per_glass):
        _need(count == RECIPES_PER_GLASS, f"recipes.json: {count} {GLASS_NAMES[g]} recipes, not 15")
    return tuple(names), tuple(glasses), tuple(values), tuple(slots)


def load_tips(data: dict[str, Any]) -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
    """Titles, values and counts of the nine tip kinds, in ``TIP_KINDS`` order."""
    tips = data.get("tip")
    if not isinstance(tips, list):
        raise ContentError("tips.toml: expected [[tip]] tables")
    by_kind: dict[str, dict[str, Any]] = {}
    for t in tips:
        kind = t.get("kind")
        _need(kind in TIP_OF, f"tips.toml: unknown tip kind {kind!r}")
        _need(kind not in by_kind, f"tips.toml: tip kind {kind!r} twice")
        _need(t.get("use") == TIP_USES[kind], f"tips.toml: {kind} must be {TIP_USES[kind]}")
        for key in ("value", "count"):
            _need(isinstance(t.get(key), int) and 0 < t[key] <= 10, f"tips.toml: {kind} {key}")
        _need(isinstance(t.get("name"), str), f"tips.toml: {kind} needs a name")
        by_kind[kind] = t
    _need(set(by_kind) == set(TIP_KINDS), "tips.toml: every tip kind must appear")
    counts = tuple(by_kind[k]["count"] for k in TIP_KINDS)
    _need(sum(counts) == TIP_TOTAL, f"tips.toml: {sum(counts)} tip cards, not {TIP_TOTAL}")
    titles = tuple(str(by_kind[k]["name"]) for k in TIP_KINDS)
    return titles, tuple(by_kind[k]["value"] for k in TIP_KINDS), counts


def load_spills(data: dict[str, Any]) -> tuple[tuple[int, int, int], ...]:
    """Each spill card as ``(effect, colour or -1, amount)``."""
    spills = data.get("spill")
    if not isinstance(spills, list):
        raise ContentError("spills.toml: expected [[spill]] tables")
    cards: list[tuple[int, int, int]] = []
    for i, s in enumerate(spills):
        where = f"spills.toml card {i + 1}"
        effect = s.get("effect")
        _need(effect in SPILL_EFFECTS, f"{where}: unknown effect {effect!r}")
        e = SPILL_EFFECTS.index(effect)
        colour, amount = -1, 0
        if e in (S_ALL, S_DOUBLE):
            name = s.get("colour")
            _need(name in KIND_OF and KIND_OF[name] in COLOURS, f"{where}: needs a colour")
            colour = KIND_OF[name]
        if e == S_REMOVE:
            amount = s.get("amount", 0)
            _need(amount in (1, 2, 3), f"{where}: remove needs amount 1, 2 or 3")
        cards.append((e, colour, amount))
    _need(len(cards) == SPILL_TOTAL, f"spills.toml: {len(cards)} spill cards, not {SPILL_TOTAL}")
    _need(len({e for e, _, _ in cards}) == len(SPILL_EFFECTS), "spills.toml: every effect needed")
    return tuple(cards)


RECIPE_NAMES, RECIPE_GLASS, RECIPE_VALUE, RECIPE_SLOTS = load_recipes(
    json.loads(_read("recipes.json"))
)
TIP_TITLES, TIP_VALUES, TIP_COUNTS = load_tips(tomllib.loads(_read("tips.toml")))
SPILL_CARDS = load_spills(tomllib.loads(_read("spills.toml")))


def spill_title(card: int) -> str:
    """A spill card's face, e.g. ``Spill All (red)`` or ``Remove Two``."""
    effect, colour, amount = SPILL_CARDS[card]
    if effect == S_ALL:
        return f"Spill All ({KIND_NAMES[colour]})"
    if effect == S_DOUBLE:
        return f"Make it a Double ({KIND_NAMES[colour]})"
    if effect == S_TOP:
        return "Top Shelf"
    if effect == S_WILD:
        return "Wild"
    return f"Remove {('One', 'Two', 'Three')[amount - 1]}"
