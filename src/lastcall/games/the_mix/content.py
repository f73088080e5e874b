"""The Mix's components as data: every card, tile, board and printed number.

The TOML files beside this module are the components and the rulebook's
numbers; this module reads them into frozen dataclasses and checks every
invariant on load, so a wrong count, an unknown ingredient or a missing field
fails at import with a message naming the file and the entry, never as a
strange game later. ``build`` takes the parsed files, so tests can hand it
broken copies.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from importlib import resources
from itertools import pairwise
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

FILES = (
    "rules.toml",
    "curve.toml",
    "ingredients.toml",
    "clients.toml",
    "techniques.toml",
    "technique_tile.toml",
    "mixologists.toml",
    "bar_spaces.toml",
    "clients_track.toml",
    "experience.toml",
    "collections.toml",
    "solo.toml",
)

# The effect vocabulary: every reward printed on a component is one of these, with an amount.
# Gains any component may give:
GAIN_KINDS = (
    "money",  # gain $n
    "vp",  # gain n VP
    "shaker",  # gain n shakers
    "store",  # take n ingredients of one's choice from the Store
    "bar",  # take n different ingredients from the Bar Supply
    "tip_die",  # take n extra Tip Dice (as the Add 1 Extra Tip Die action)
    "roll_tip",  # roll n Tip Dice and gain the $ rolled
    "advance",  # move the Technique Die up to n spaces on the technique tile
    "increase",  # raise the Technique Die's value by n (at most 6)
)
# The once-per-game effects of the level-3 experience tiles:
ONCE_KINDS = ("technique_card", "cocktail", "recall", "reserve_client", "double_tips")
EFFECT_KINDS = (*GAIN_KINDS, "experience", *ONCE_KINDS)
MAX_AMOUNT = {
    "money": 10,
    "vp": 10,
    "shaker": 3,
    "store": 3,
    "bar": 2,
    "tip_die": 2,
    "roll_tip": 3,
    "advance": 3,
    "increase": 2,
    "experience": 1,
} | dict.fromkeys(ONCE_KINDS, 1)

CLIENT_INSTANT_KINDS = (*GAIN_KINDS, "experience")
BAR_SETUP_KINDS = GAIN_KINDS
TILE_KINDS = tuple(k for k in GAIN_KINDS if k != "advance")
TRACK_KINDS = (*GAIN_KINDS, "experience")
ONGOING_KINDS = GAIN_KINDS
ONCE_TILE_KINDS = (*GAIN_KINDS, *ONCE_KINDS)
SOLO_KINDS = ("vp", "money", "shaker", "increase", "store")

# What happens to a player that an ongoing reward (mixologist, experience tile) answers.
TRIGGERS = (
    "take_client",
    "take_technique",
    "complete_client",
    "store_purchase",
    "bar_setup",
    "refresh",
)
# "Level 1: Permanent effects triggered when taking a Client Card or a Technique Card.
#  Level 2: ... when completing a Client Card, making a purchase at the Store, or taking a
#  Client Card. Level 3: Unique effects (once per game)."
EXPERIENCE_TRIGGERS: dict[int, tuple[str, ...]] = {
    1: ("take_client", "take_technique"),
    2: ("complete_client", "store_purchase", "take_client"),
}
ONCE_LEVEL = 3

SOLO_MAIN = ("ingredients", "shaker", "tip_die", "technique", "refresh_clients", "refresh_bar")
SOLO_ADDITIONAL = ("ingredients", "shaker", "tip_die", "store", "refresh_clients", "refresh_bar")
COLLECTION_COUNTS = ("completed_clients", "technique_cards", "experience_tiles")
TIE_BREAKS = ("completed_clients", "completed_money", "shakers")
TILE_SIDES = ("basic", "advanced")
SOLO_SIDES = ("jerry", "ada")

_KEY = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")


class ContentError(ValueError):
    """A content file that breaks one of The Mix's component rules."""


# ---------------------------------------------------------------------------------------------
# The components


@dataclass(frozen=True, slots=True)
class Effect:
    """One printed reward: a kind from ``EFFECT_KINDS`` and how many."""

    kind: str
    amount: int

    def __str__(self) -> str:
        return f"{self.kind} {self.amount}"


Effects = tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Ingredient:
    key: str
    title: str
    colour: str
    bar_row: int
    bar_column: int


@dataclass(frozen=True, slots=True)
class ClientCard:
    """A client card; ``recipe`` holds ingredient indices (sorted), one per token."""

    key: str
    name: str
    level: int
    technique: int
    recipe: tuple[int, ...]
    money: int
    tips: int
    instant: Effects
    bar_setup: Effects
    starter: bool


@dataclass(frozen=True, slots=True)
class TechniqueCard:
    key: str
    name: str
    increase: int
    bar_setup: Effects


@dataclass(frozen=True, slots=True)
class TileSpace:
    key: str
    row: int
    column: int
    bonus: Effects


@dataclass(frozen=True, slots=True)
class TechniqueTile:
    """One side of the technique tile, with its adjacency and step distances precomputed."""

    key: str
    name: str
    spaces: tuple[TileSpace, ...]
    start: int
    neighbours: tuple[tuple[int, ...], ...]
    distance: tuple[tuple[int, ...], ...]

    def space(self, key: str) -> int:
        return _find(self.spaces, key)

    def reachable(self, origin: int, steps: int) -> tuple[int, ...]:
        """Spaces a move of up to ``steps`` may end on: 1 to ``steps`` steps away."""
        row = self.distance[origin]
        return tuple(i for i, d in enumerate(row) if 1 <= d <= steps)


@dataclass(frozen=True, slots=True)
class Mixologist:
    key: str
    name: str
    trigger: str
    effects: Effects


@dataclass(frozen=True, slots=True)
class BarSpaceTile:
    key: str
    name: str
    bar_setup: Effects


@dataclass(frozen=True, slots=True)
class TrackBonusTile:
    key: str
    name: str
    bonus: Effects


@dataclass(frozen=True, slots=True)
class ClientsTrack:
    """The Clients Track: individual bonuses by space, the collective spaces and their tiles."""

    length: int
    individual: tuple[tuple[int, Effects], ...]
    collective_spaces: tuple[int, ...]
    tiles_in_play: int
    tiles: tuple[TrackBonusTile, ...]


@dataclass(frozen=True, slots=True)
class ExperienceTile:
    """A level-1 or -2 tile has a trigger; a level-3 tile has none and is used once."""

    key: str
    level: int
    trigger: str | None
    effects: Effects

    @property
    def once(self) -> bool:
        return self.trigger is None


@dataclass(frozen=True, slots=True)
class CollectionCard:
    """What a collection counts, and the VP for a count (by table or per element)."""

    key: str
    name: str
    counts: str
    levels: tuple[int, ...]
    techniques: tuple[int, ...]
    points: tuple[int, ...]
    per_card: int

    def score(self, count: int) -> int:
        if self.per_card:
            return count * self.per_card
        return self.points[min(count, len(self.points) - 1)]

    def counts_client(self, card: ClientCard) -> bool:
        """Whether a completed client card counts toward this collection."""
        if self.counts != "completed_clients":
            return False
        if self.levels and card.level not in self.levels:
            return False
        return not self.techniques or card.technique in self.techniques


@dataclass(frozen=True, slots=True)
class SoloSide:
    key: str
    name: str
    difficulty: str
    first_card_vp: int
    late_round_vp: int
    clients_track: tuple[Effects, ...]


@dataclass(frozen=True, slots=True)
class SoloCard:
    key: str
    main: str
    additional: str
    instant: Effects


@dataclass(frozen=True, slots=True)
class Solo:
    tip_dice: int
    technique_die: int
    cards_per_round: tuple[int, ...]
    client_rounds: int
    missing_ingredient_cost: int
    column_by_die: tuple[int, ...]
    fallback: Effects
    sides: tuple[SoloSide, ...]
    cards: tuple[SoloCard, ...]

    def cards_in_round(self, round_number: int) -> int:
        """Solo cards drawn for a round (1-based); the last printed count repeats."""
        return self.cards_per_round[min(round_number, len(self.cards_per_round)) - 1]

    def side(self, key: str) -> SoloSide:
        return self.sides[_find(self.sides, key)]


# ---------------------------------------------------------------------------------------------
# The printed numbers (rules.toml), one dataclass per section


@dataclass(frozen=True, slots=True)
class PlayerCount:
    players: int
    client_cards_per_column: int
    technique_cards_face_up: int
    bar_supply_per_type: int
    main_board_tip_dice: int
    end_orders: int


@dataclass(frozen=True, slots=True)
class Start:
    money: int
    shakers: int
    ingredients: int
    technique_die: int
    mixologists: int
    locked_mixologists: int
    unlock_at_experience: int
    tip_dice: int
    cubes: int
    mixologist_cards_dealt: int
    mixologist_cards_kept: int
    ingredient_choices: tuple[int, ...]  # "1 Alcohol or Tools ingredient token"


@dataclass(frozen=True, slots=True)
class Limits:
    reserve: int
    technique_die_max: int
    technique_slots: int
    bar_spaces: int
    extra_dice_per_roll: int
    client_columns: int
    experience_levels: int


@dataclass(frozen=True, slots=True)
class Costs:
    store_ingredient: int
    shaker: int
    prepare_shakers: int
    technique_shakers: int
    bar_space_main_shakers: int
    bar_space_extra_shakers: int
    ingredients_extra_shakers: int
    tip_die_extra_shakers: int
    refresh_extra_shakers: int
    exchange_give: int
    exchange_get: int
    bar_space_experience: int


@dataclass(frozen=True, slots=True)
class Rewards:
    take_ingredients: int
    refresh_vp: int


@dataclass(frozen=True, slots=True)
class Upkeep:
    bar_space_with_client: int
    third_technique_card: int
    third_reserve_ingredient: int
    penalty_tokens_per_item: int


@dataclass(frozen=True, slots=True)
class Scoring:
    money_per_vp: int
    shaker_vp: int
    ingredient_vp: int
    technique_pip_vp: int
    penalty_vp: int
    collections_in_play: int
    tie_breaks: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Components:
    """The box's counts ("In the Box"), checked against the data files."""

    client_cards: int
    technique_cards: int
    collection_cards: int
    experience_tiles: tuple[int, ...]
    clients_bonus_tiles: int
    bar_space_tiles: int
    mixologist_cards: int
    solo_cards: int
    ingredient_tokens: int
    tip_dice: int
    glasses: int
    mixologist_pawns: int
    cubes: int
    shakers: int
    penalty_tokens: int


@dataclass(frozen=True, slots=True)
class Rules:
    min_players: int
    max_players: int
    by_players: tuple[PlayerCount, ...]
    start: Start
    limits: Limits
    costs: Costs
    rewards: Rewards
    upkeep: Upkeep
    tip_die_faces: tuple[int, ...]
    scoring: Scoring
    components: Components

    def for_players(self, players: int) -> PlayerCount:
        return self.by_players[players - self.min_players]


@dataclass(frozen=True, slots=True)
class ClientCurve:
    level: int
    cards: int
    technique: tuple[int, ...]
    recipe: int
    max_pairs: int
    money: tuple[int, ...]
    tips: tuple[int, ...]
    bar_setups: int
    value: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Curve:
    """The designer's value scale (dollars per unit of each effect) and its bands."""

    values: tuple[int, ...]  # in GAIN_KINDS order, then experience
    clients: tuple[ClientCurve, ...]
    starters: int
    technique: tuple[int, ...]
    bar_space: tuple[int, ...]

    def value(self, effects: Iterable[Effect]) -> int:
        return sum(self.values[_VALUED.index(e.kind)] * e.amount for e in effects)

    def client_value(self, card: ClientCard) -> int:
        """Money, tip dice, instant bonus and the expected Bar Setup payments of a card."""
        level = self.clients[card.level - 1]
        tip = self.values[_VALUED.index("roll_tip")]
        return (
            card.money
            + tip * card.tips
            + self.value(card.instant)
            + level.bar_setups * self.value(card.bar_setup)
        )


_VALUED = (*GAIN_KINDS, "experience")


@dataclass(frozen=True, slots=True)
class Content:
    """Everything in the box, validated."""

    rules: Rules
    curve: Curve
    ingredients: tuple[Ingredient, ...]
    clients: tuple[ClientCard, ...]
    techniques: tuple[TechniqueCard, ...]
    tiles: tuple[TechniqueTile, ...]
    mixologists: tuple[Mixologist, ...]
    bar_spaces: tuple[BarSpaceTile, ...]
    clients_track: ClientsTrack
    experience: tuple[ExperienceTile, ...]
    collections: tuple[CollectionCard, ...]
    solo: Solo
    # Ingredient indices "from right to left, then from bottom to top" in the Bar Supply: the
    # order in which the solo automaton refills and takes ingredients.
    bar_priority: tuple[int, ...]

    def ingredient(self, key: str) -> int:
        return _find(self.ingredients, key)

    def client(self, key: str) -> ClientCard:
        return self.clients[_find(self.clients, key)]

    def tile(self, side: str) -> TechniqueTile:
        return self.tiles[_find(self.tiles, side)]

    def experience_of_level(self, level: int) -> tuple[ExperienceTile, ...]:
        return tuple(t for t in self.experience if t.level == level)


def _find(items: Sequence[Any], key: str) -> int:
    for i, item in enumerate(items):
        if item.key == key:
            return i
    raise KeyError(key)


# ---------------------------------------------------------------------------------------------
# Reading tables with errors that name the file and the entry

T = TypeVar("T", bound="DataclassInstance")


class _Entry:
    """One table of a content file; every getter fails naming the file and the entry."""

    __slots__ = ("data", "file", "label")

    def __init__(self, file: str, label: str, data: object) -> None:
        self.file = file
        self.label = label
        if not isinstance(data, Mapping):
            raise self.error("expected a table")
        self.data: Mapping[str, Any] = data

    def error(self, message: str) -> ContentError:
        where = f"{self.file}: {self.label}" if self.label else self.file
        return ContentError(f"{where}: {message}")

    def need(self, ok: bool, message: str) -> None:
        if not ok:
            raise self.error(message)

    def only(self, *keys: str) -> None:
        unknown = sorted(set(self.data) - set(keys))
        if unknown:
            raise self.error(f"unknown field {unknown[0]!r}")

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise self.error(f"missing field {key!r}")
        return self.data[key]

    def integer(self, key: str, low: int, high: int, default: int | None = None) -> int:
        value = self.data.get(key, default) if default is not None else self.get(key)
        ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
        self.need(ok, f"{key} must be a whole number from {low} to {high}, not {value!r}")
        return int(value)

    def text(self, key: str) -> str:
        value = self.get(key)
        self.need(isinstance(value, str) and bool(value.strip()), f"{key} must be a text")
        return str(value)

    def key(self) -> str:
        value = self.text("key")
        self.need(bool(_KEY.match(value)), f"key {value!r}: lower-case words joined by '-'")
        return value

    def flag(self, key: str) -> bool:
        value = self.data.get(key, False)
        self.need(isinstance(value, bool), f"{key} must be true or false")
        return bool(value)

    def integers(
        self, key: str, low: int, high: int, default: Sequence[int] | None = None
    ) -> tuple[int, ...]:
        value = self.data.get(key, default) if default is not None else self.get(key)
        ok = isinstance(value, list | tuple) and all(
            isinstance(v, int) and not isinstance(v, bool) and low <= v <= high for v in value
        )
        self.need(ok, f"{key} must be a list of whole numbers from {low} to {high}")
        return tuple(value)

    def texts(self, key: str) -> tuple[str, ...]:
        value = self.get(key)
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
        self.need(ok, f"{key} must be a list of texts")
        return tuple(value)

    def choice(self, key: str, options: Sequence[str]) -> str:
        value = self.text(key)
        self.need(value in options, f"{key} {value!r} is not one of {', '.join(options)}")
        return value

    def effects(self, key: str, allowed: Sequence[str], *, optional: bool = False) -> Effects:
        if optional and key not in self.data:
            return ()
        return self.effect_list(key, self.get(key), allowed)

    def effect_list(self, key: str, value: object, allowed: Sequence[str]) -> Effects:
        if not (isinstance(value, list) and value and all(isinstance(v, str) for v in value)):
            raise self.error(f'{key} must be a non-empty list of effects like "money 2"')
        effects = tuple(self.effect(key, text, allowed) for text in value)
        twice = sorted(k for k, n in Counter(e.kind for e in effects).items() if n > 1)
        if twice:
            raise self.error(f"{key}: {twice[0]} twice (add the amounts)")
        return effects

    def effect(self, key: str, text: str, allowed: Sequence[str]) -> Effect:
        parts = text.split()
        ok = len(parts) == 2 and parts[1].isdigit()
        self.need(ok, f'{key}: {text!r} is not an effect like "money 2"')
        kind, amount = parts[0], int(parts[1])
        self.need(kind in EFFECT_KINDS, f"{key}: unknown effect {kind!r}")
        self.need(kind in allowed, f"{key}: {kind} is not allowed here")
        top = MAX_AMOUNT[kind]
        self.need(1 <= amount <= top, f"{key}: {kind} amount must be from 1 to {top}")
        return Effect(kind, amount)

    def table(self, key: str) -> _Entry:
        return _Entry(self.file, f"[{key}]", self.get(key))

    def tables(self, key: str, noun: str) -> list[_Entry]:
        """An array of tables, each labelled by its key (or its position)."""
        value = self.get(key)
        self.need(isinstance(value, list), f"expected [[{key}]] tables")
        entries = []
        for i, item in enumerate(value):
            name = item.get("key") if isinstance(item, Mapping) else None
            label = f"{noun} {name!r}" if isinstance(name, str) else f"{noun} #{i + 1}"
            if self.label:
                label = f"{self.label}, {label}"
            entries.append(_Entry(self.file, label, item))
        return entries

    def numbers(self, cls: type[T], low: int, high: int, **given: Any) -> T:
        """A dataclass with one field per key: ``given`` ones as passed, the rest whole numbers."""
        names = [f.name for f in fields(cls)]
        self.only(*names)
        values = {n: given[n] if n in given else self.integer(n, low, high) for n in names}
        return cls(**values)


def _unique(entries: Sequence[_Entry], keys: Sequence[str], what: str) -> None:
    seen: set[str] = set()
    for entry, key in zip(entries, keys, strict=True):
        entry.need(key not in seen, f"{what} {key!r} appears twice")
        seen.add(key)


def _count(where: _Entry, found: int, wanted: int, what: str) -> None:
    where.need(found == wanted, f"{found} {what}, the box holds {wanted}")


def _band(entry: _Entry, value: int, band: Sequence[int], what: str) -> None:
    low, high = band
    entry.need(low <= value <= high, f"{what} is {value}, outside the curve's {low}..{high}")


def _pair(entry: _Entry, key: str, low: int, high: int) -> tuple[int, ...]:
    pair = entry.integers(key, low, high)
    entry.need(len(pair) == 2 and pair[0] <= pair[1], f"{key} must be [low, high]")
    return pair


# ---------------------------------------------------------------------------------------------
# The files, one reader each


def _rules(top: _Entry, ingredient_keys: Sequence[str]) -> Rules:
    top.only(
        "players",
        "by_players",
        "start",
        "limits",
        "costs",
        "rewards",
        "upkeep",
        "tip_die",
        "scoring",
        "components",
    )
    players = top.table("players")
    players.only("min", "max")
    low, high = players.integer("min", 1, 8), players.integer("max", 1, 8)
    players.need(low <= high, "min must not exceed max")
    counts = [e.numbers(PlayerCount, 1, 99) for e in top.tables("by_players", "players")]
    wanted = list(range(low, high + 1))
    top.need([c.players for c in counts] == wanted, f"by_players must list players {wanted}")

    start_table = top.table("start")
    choices = start_table.texts("ingredient_choices")
    for name in choices:
        start_table.need(name in ingredient_keys, f"ingredient_choices: unknown {name!r}")
    start_table.need(bool(choices), "ingredient_choices must name at least one ingredient")
    start = start_table.numbers(
        Start, 0, 99, ingredient_choices=tuple(ingredient_keys.index(n) for n in choices)
    )
    limits = top.table("limits").numbers(Limits, 1, 99)

    die = top.table("tip_die")
    die.only("faces")
    faces = die.integers("faces", 1, 6)
    die.need(len(faces) == 6 and set(faces) == {1, 2, 3}, "faces: six faces showing $1, $2, $3")

    scoring_table = top.table("scoring")
    breaks = scoring_table.texts("tie_breaks")
    for name in breaks:
        scoring_table.need(name in TIE_BREAKS, f"tie_breaks: unknown tie-break {name!r}")

    box_table = top.table("components")
    experience_tiles = box_table.integers("experience_tiles", 1, 99)
    box_table.need(
        len(experience_tiles) == limits.experience_levels,
        "experience_tiles: one count per experience level",
    )
    rules = Rules(
        min_players=low,
        max_players=high,
        by_players=tuple(counts),
        start=start,
        limits=limits,
        costs=top.table("costs").numbers(Costs, 0, 99),
        rewards=top.table("rewards").numbers(Rewards, 1, 99),
        upkeep=top.table("upkeep").numbers(Upkeep, 0, 99),
        tip_die_faces=faces,
        scoring=scoring_table.numbers(Scoring, 1, 99, tie_breaks=breaks),
        components=box_table.numbers(Components, 1, 999, experience_tiles=experience_tiles),
    )
    _check_rules(top, rules, len(ingredient_keys))
    return rules


def _check_rules(top: _Entry, rules: Rules, kinds: int) -> None:
    """The printed numbers agree with one another and with the box."""
    start, limits, box = rules.start, rules.limits, rules.components
    most = rules.for_players(rules.max_players)
    top.need(
        box.tip_dice == rules.max_players * start.tip_dice + most.main_board_tip_dice,
        "components: tip_dice must be each player's own dice plus the Main Board's",
    )
    top.need(
        box.glasses == rules.max_players * limits.bar_spaces,
        "components: glasses must be one per Bar Space of every player",
    )
    top.need(
        box.mixologist_pawns == rules.max_players * (start.mixologists + start.locked_mixologists),
        "components: mixologist_pawns must be every player's pawns",
    )
    top.need(box.cubes == rules.max_players * start.cubes, "components: cubes per player")
    top.need(box.ingredient_tokens % kinds == 0, "components: ingredient tokens split evenly")
    top.need(
        1 <= start.technique_die <= limits.technique_die_max,
        "start: technique_die must be a value of the die",
    )
    top.need(
        limits.experience_levels == ONCE_LEVEL,
        "limits: experience_levels must be 3 (levels 1 and 2 triggered, level 3 once)",
    )
    top.need(
        start.unlock_at_experience <= limits.experience_levels,
        "start: unlock_at_experience must be a reachable experience level",
    )
    top.need(
        start.ingredients <= limits.reserve and start.mixologist_cards_kept >= 1,
        "start: the starting ingredients fit the reserve and a Mixologist Card is kept",
    )
    top.need(
        start.mixologist_cards_kept <= start.mixologist_cards_dealt,
        "start: cannot keep more Mixologist Cards than dealt",
    )
    top.need(
        start.tip_dice >= limits.extra_dice_per_roll,
        "limits: the permanent dice must cover a card's largest tip count",
    )
    for count in rules.by_players:
        per_type = box.ingredient_tokens // kinds
        top.need(
            count.bar_supply_per_type <= per_type,
            f"by_players {count.players}: more Bar Supply tokens than the box holds",
        )


def _curve(top: _Entry, rules: Rules) -> Curve:
    top.only("value", "client", "first_game", "technique", "bar_space")
    values_table = top.table("value")
    values_table.only(*_VALUED)
    values = tuple(values_table.integer(kind, 1, 50) for kind in _VALUED)
    levels = []
    for i, entry in enumerate(top.tables("client", "level")):
        entry.only(
            "level",
            "cards",
            "technique",
            "recipe",
            "max_pairs",
            "money",
            "tips",
            "bar_setups",
            "value",
        )
        curve = ClientCurve(
            level=entry.integer("level", i + 1, i + 1),
            cards=entry.integer("cards", 1, 99),
            technique=_pair(entry, "technique", 1, rules.limits.technique_die_max),
            recipe=entry.integer("recipe", 1, 9),
            max_pairs=entry.integer("max_pairs", 0, 4),
            money=_pair(entry, "money", 0, 99),
            tips=_pair(entry, "tips", 0, rules.start.tip_dice),
            bar_setups=entry.integer("bar_setups", 0, 20),
            value=_pair(entry, "value", 0, 999),
        )
        levels.append(curve)
    top.need(len(levels) == rules.limits.client_columns, "one [[client]] per client level")
    top.need(
        sum(c.cards for c in levels) == rules.components.client_cards,
        f"the levels must hold the box's {rules.components.client_cards} client cards",
    )
    for lower, upper in pairwise(levels):
        top.need(
            lower.value[1] < upper.value[0] and lower.technique[1] < upper.technique[0],
            f"level {upper.level} must ask more technique and pay more than level {lower.level}",
        )
    first = top.table("first_game")
    first.only("starters")
    starters = first.integer("starters", 1, 99)
    most = max(c.client_cards_per_column for c in rules.by_players)
    first.need(starters >= most, "starters must fill a first game's level-1 column")
    for name in ("technique", "bar_space"):
        top.table(name).only("value")
    return Curve(
        values=values,
        clients=tuple(levels),
        starters=starters,
        technique=_pair(top.table("technique"), "value", 0, 99),
        bar_space=_pair(top.table("bar_space"), "value", 0, 99),
    )


def _ingredients(top: _Entry) -> tuple[Ingredient, ...]:
    top.only("ingredient")
    entries = top.tables("ingredient", "ingredient")
    found = []
    for entry in entries:
        entry.only("key", "title", "colour", "bar")
        row, column = _position(entry, "bar")
        found.append(
            Ingredient(entry.key(), entry.text("title"), entry.text("colour"), row, column)
        )
    top.need(len(found) == 9, f"{len(found)} ingredient types, the rulebook has 9")
    _unique(entries, [i.key for i in found], "ingredient")
    _unique(entries, [f"{i.bar_row},{i.bar_column}" for i in found], "Bar Supply space")
    return tuple(found)


def _position(entry: _Entry, key: str) -> tuple[int, int]:
    pair = entry.integers(key, 0, 9)
    entry.need(len(pair) == 2, f"{key} must be [row, column]")
    return pair[0], pair[1]


def _clients(
    top: _Entry, rules: Rules, curve: Curve, ingredient_keys: Sequence[str]
) -> tuple[ClientCard, ...]:
    top.only("client")
    entries = top.tables("client", "client")
    cards: list[ClientCard] = []
    for entry in entries:
        entry.only(
            "key",
            "name",
            "level",
            "technique",
            "recipe",
            "money",
            "tips",
            "instant",
            "bar_setup",
            "starter",
        )
        level = entry.integer("level", 1, len(curve.clients))
        spec = curve.clients[level - 1]
        recipe_names = entry.texts("recipe")
        for name in recipe_names:
            entry.need(name in ingredient_keys, f"recipe: unknown ingredient {name!r}")
        copies = Counter(recipe_names)
        entry.need(len(recipe_names) == spec.recipe, f"recipe must hold {spec.recipe} ingredients")
        entry.need(max(copies.values()) <= 2, "recipe: at most 2 tokens of one type")
        pairs = sum(1 for n in copies.values() if n == 2)
        entry.need(pairs <= spec.max_pairs, f"recipe: at most {spec.max_pairs} doubled types")
        card = ClientCard(
            key=entry.key(),
            name=entry.text("name"),
            level=level,
            technique=entry.integer("technique", *spec.technique),
            recipe=tuple(sorted(ingredient_keys.index(n) for n in recipe_names)),
            money=entry.integer("money", *spec.money),
            tips=entry.integer("tips", *spec.tips),
            instant=entry.effects("instant", CLIENT_INSTANT_KINDS),
            bar_setup=entry.effects("bar_setup", BAR_SETUP_KINDS),
            starter=entry.flag("starter"),
        )
        _band(entry, curve.client_value(card), spec.value, "value")
        entry.need(
            card.technique < rules.limits.technique_die_max
            or all(e.kind != "increase" for e in card.instant),
            "instant: an increase is lost on a card that needs the highest Technique Die",
        )
        entry.need(
            not card.starter or (card.level == 1 and card.technique == rules.start.technique_die),
            "starter cards are level-1 cards a new player can take",
        )
        cards.append(card)
    _unique(entries, [c.key for c in cards], "client")
    _unique(entries, [c.name for c in cards], "cocktail name")
    _count(top, len(cards), rules.components.client_cards, "client cards")
    for spec in curve.clients:
        level_cards = [c for c in cards if c.level == spec.level]
        _count(top, len(level_cards), spec.cards, f"level-{spec.level} client cards")
        used = {i for c in level_cards for i in c.recipe}
        missing = [ingredient_keys[i] for i in range(len(ingredient_keys)) if i not in used]
        top.need(not missing, f"level {spec.level}: no recipe uses {missing[:1]}")
        techniques = {c.technique for c in level_cards}
        top.need(
            techniques == set(range(spec.technique[0], spec.technique[1] + 1)),
            f"level {spec.level}: every technique level of the curve needs cards",
        )
    starters = sum(c.starter for c in cards)
    top.need(
        starters == curve.starters, f"{starters} starter cards, the curve wants {curve.starters}"
    )
    return tuple(cards)


def _techniques(top: _Entry, rules: Rules, curve: Curve) -> tuple[TechniqueCard, ...]:
    top.only("technique")
    entries = top.tables("technique", "technique")
    cards = []
    for entry in entries:
        entry.only("key", "name", "increase", "bar_setup")
        card = TechniqueCard(
            key=entry.key(),
            name=entry.text("name"),
            increase=entry.integer("increase", 1, 2),
            bar_setup=entry.effects("bar_setup", BAR_SETUP_KINDS),
        )
        _band(entry, curve.value(card.bar_setup), curve.technique, "Bar Setup value")
        cards.append(card)
    _unique(entries, [c.key for c in cards], "technique")
    _count(top, len(cards), rules.components.technique_cards, "technique cards")
    most = max(c.technique_cards_face_up for c in rules.by_players)
    top.need(len(cards) >= most, "too few technique cards to fill the column")
    return tuple(cards)


def _tiles(top: _Entry) -> tuple[TechniqueTile, ...]:
    top.only("side")
    sides = top.tables("side", "side")
    tiles = []
    for entry in sides:
        entry.only("key", "name", "space")
        spaces_entries = entry.tables("space", "space")
        spaces = []
        starts = []
        for i, space in enumerate(spaces_entries):
            space.only("key", "at", "bonus", "start")
            row, column = _position(space, "at")
            is_start = space.flag("start")
            bonus = space.effects("bonus", TILE_KINDS, optional=is_start)
            space.need(not (is_start and bonus), "the start space has no bonus")
            space.need(is_start or bool(bonus), "missing field 'bonus'")
            if is_start:
                starts.append(i)
            spaces.append(TileSpace(space.key(), row, column, bonus))
        _unique(spaces_entries, [s.key for s in spaces], "space")
        _unique(spaces_entries, [f"{s.row},{s.column}" for s in spaces], "grid position")
        entry.need(len(starts) == 1, "exactly one space must be the start")
        start = starts[0]
        rows = [s.row for s in spaces]
        columns = [s.column for s in spaces]
        centre = ((min(rows) + max(rows)) / 2, (min(columns) + max(columns)) / 2)
        entry.need(
            (spaces[start].row, spaces[start].column) == centre,
            "the start must be the central space",
        )
        where = {(s.row, s.column): i for i, s in enumerate(spaces)}
        neighbours = tuple(
            tuple(
                where[(s.row + dr, s.column + dc)]
                for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
                if (s.row + dr, s.column + dc) in where
            )
            for s in spaces
        )
        distance = tuple(_steps(neighbours, i) for i in range(len(spaces)))
        entry.need(all(d >= 0 for d in distance[start]), "every space must be reachable")
        tiles.append(
            TechniqueTile(
                entry.key(), entry.text("name"), tuple(spaces), start, neighbours, distance
            )
        )
    top.need([t.key for t in tiles] == list(TILE_SIDES), "sides must be basic, then advanced")
    return tuple(tiles)


def _steps(neighbours: Sequence[Sequence[int]], origin: int) -> tuple[int, ...]:
    """Orthogonal steps from ``origin`` to every space (-1 when out of reach)."""
    distance = [-1] * len(neighbours)
    distance[origin] = 0
    frontier = [origin]
    while frontier:
        following = []
        for here in frontier:
            for there in neighbours[here]:
                if distance[there] < 0:
                    distance[there] = distance[here] + 1
                    following.append(there)
        frontier = following
    return tuple(distance)


def _mixologists(top: _Entry, rules: Rules) -> tuple[Mixologist, ...]:
    top.only("mixologist")
    entries = top.tables("mixologist", "mixologist")
    cards = []
    for entry in entries:
        entry.only("key", "name", "trigger", "effects")
        cards.append(
            Mixologist(
                key=entry.key(),
                name=entry.text("name"),
                trigger=entry.choice("trigger", TRIGGERS),
                effects=entry.effects("effects", ONGOING_KINDS),
            )
        )
    _unique(entries, [c.key for c in cards], "mixologist")
    _count(top, len(cards), rules.components.mixologist_cards, "mixologist cards")
    dealt = rules.max_players * rules.start.mixologist_cards_dealt
    top.need(dealt <= len(cards), "too few mixologist cards to deal every player")
    return tuple(cards)


def _bar_spaces(top: _Entry, rules: Rules, curve: Curve) -> tuple[BarSpaceTile, ...]:
    top.only("bar_space")
    entries = top.tables("bar_space", "bar space")
    tiles = []
    for entry in entries:
        entry.only("key", "name", "bar_setup")
        tile = BarSpaceTile(
            entry.key(), entry.text("name"), entry.effects("bar_setup", BAR_SETUP_KINDS)
        )
        _band(entry, curve.value(tile.bar_setup), curve.bar_space, "Bar Setup value")
        tiles.append(tile)
    _unique(entries, [t.key for t in tiles], "bar space")
    _count(top, len(tiles), rules.components.bar_space_tiles, "bar space tiles")
    top.need(len(tiles) >= rules.max_players, "every player must be able to add a Bar Space")
    return tuple(tiles)


def _clients_track(top: _Entry, rules: Rules) -> ClientsTrack:
    top.only("length", "collective_spaces", "tiles_in_play", "individual", "tile")
    length = top.integer("length", 1, 99)
    longest = max(c.end_orders for c in rules.by_players)
    top.need(length >= longest, "length must reach the end of the game")
    collective = top.integers("collective_spaces", 1, length)
    in_play = top.integer("tiles_in_play", 0, 99)
    top.need(len(collective) == in_play, "one collective space per tile in play")
    individual_entries = top.tables("individual", "individual space")
    individual = []
    for entry in individual_entries:
        entry.only("space", "bonus")
        individual.append((entry.integer("space", 1, length), entry.effects("bonus", TRACK_KINDS)))
    spaces = [s for s, _ in individual] + list(collective)
    top.need(len(set(spaces)) == len(spaces), "a track space holds at most one bonus")
    tile_entries = top.tables("tile", "tile")
    tiles = []
    for entry in tile_entries:
        entry.only("key", "name", "bonus")
        tiles.append(
            TrackBonusTile(entry.key(), entry.text("name"), entry.effects("bonus", TRACK_KINDS))
        )
    _unique(tile_entries, [t.key for t in tiles], "tile")
    _count(top, len(tiles), rules.components.clients_bonus_tiles, "clients bonus tiles")
    top.need(in_play <= len(tiles), "more tiles in play than in the box")
    return ClientsTrack(
        length=length,
        individual=tuple(sorted(individual, key=lambda pair: pair[0])),
        collective_spaces=tuple(sorted(collective)),
        tiles_in_play=in_play,
        tiles=tuple(tiles),
    )


def _experience(top: _Entry, rules: Rules) -> tuple[ExperienceTile, ...]:
    top.only("tile")
    entries = top.tables("tile", "experience tile")
    tiles = []
    for entry in entries:
        entry.only("key", "level", "trigger", "effects")
        level = entry.integer("level", 1, rules.limits.experience_levels)
        if level == ONCE_LEVEL:
            entry.need("trigger" not in entry.data, "level-3 tiles are used once, not triggered")
            effects = entry.effects("effects", ONCE_TILE_KINDS)
            entry.need(len(effects) == 1, "a level-3 tile has one effect")
            trigger = None
        else:
            trigger = entry.choice("trigger", EXPERIENCE_TRIGGERS[level])
            effects = entry.effects("effects", ONGOING_KINDS)
        tiles.append(ExperienceTile(entry.key(), level, trigger, effects))
    _unique(entries, [t.key for t in tiles], "experience tile")
    for level, wanted in enumerate(rules.components.experience_tiles, start=1):
        found = sum(1 for t in tiles if t.level == level)
        _count(top, found, wanted, f"level-{level} experience tiles")
    return tuple(tiles)


def _collections(top: _Entry, rules: Rules) -> tuple[CollectionCard, ...]:
    top.only("collection")
    entries = top.tables("collection", "collection")
    cards = []
    for entry in entries:
        entry.only("key", "name", "counts", "levels", "techniques", "points", "per_card")
        counts = entry.choice("counts", COLLECTION_COUNTS)
        levels = entry.integers("levels", 1, rules.limits.client_columns, default=())
        techniques = entry.integers("techniques", 1, rules.limits.technique_die_max, default=())
        entry.need(
            counts == "completed_clients" or not (levels or techniques),
            "levels and techniques only filter completed client cards",
        )
        has_points, has_per_card = "points" in entry.data, "per_card" in entry.data
        entry.need(has_points != has_per_card, "give either points or per_card")
        points = entry.integers("points", 0, 99) if has_points else ()
        per_card = entry.integer("per_card", 1, 99) if has_per_card else 0
        entry.need(
            not has_points
            or (len(points) >= 2 and points[0] == 0 and list(points) == sorted(points)),
            "points must start at 0 and never fall",
        )
        cards.append(
            CollectionCard(
                entry.key(), entry.text("name"), counts, levels, techniques, points, per_card
            )
        )
    _unique(entries, [c.key for c in cards], "collection")
    _count(top, len(cards), rules.components.collection_cards, "collection cards")
    top.need(rules.scoring.collections_in_play <= len(cards), "more collections in play than cards")
    return tuple(cards)


def _solo(top: _Entry, rules: Rules) -> Solo:
    top.only("board", "side", "card")
    board = top.table("board")
    board.only(
        "tip_dice",
        "technique_die",
        "cards_per_round",
        "client_rounds",
        "missing_ingredient_cost",
        "column_by_die",
        "fallback",
    )
    die_max = rules.limits.technique_die_max
    cards_per_round = board.integers("cards_per_round", 1, 9)
    board.need(bool(cards_per_round), "cards_per_round must not be empty")
    column_by_die = board.integers("column_by_die", 1, rules.limits.client_columns)
    board.need(
        len(column_by_die) == die_max and list(column_by_die) == sorted(column_by_die),
        "column_by_die: one column per die value, never falling",
    )
    client_rounds = board.integer("client_rounds", 1, 99)
    side_entries = top.tables("side", "side")
    sides = []
    for entry in side_entries:
        entry.only("key", "name", "difficulty", "first_card_vp", "late_round_vp", "clients_track")
        track_value = entry.get("clients_track")
        entry.need(
            isinstance(track_value, list) and len(track_value) == client_rounds,
            f"clients_track must give one bonus per client round ({client_rounds})",
        )
        track = tuple(entry.effect_list("clients_track", b, SOLO_KINDS) for b in track_value)
        sides.append(
            SoloSide(
                key=entry.key(),
                name=entry.text("name"),
                difficulty=entry.choice("difficulty", ("easy", "hard")),
                first_card_vp=entry.integer("first_card_vp", 0, 10),
                late_round_vp=entry.integer("late_round_vp", 0, 10),
                clients_track=track,
            )
        )
    top.need([s.key for s in sides] == list(SOLO_SIDES), "sides must be jerry, then ada")
    card_entries = top.tables("card", "solo card")
    cards = []
    for entry in card_entries:
        entry.only("key", "main", "additional", "instant")
        cards.append(
            SoloCard(
                key=entry.key(),
                main=entry.choice("main", SOLO_MAIN),
                additional=entry.choice("additional", SOLO_ADDITIONAL),
                instant=entry.effects("instant", SOLO_KINDS),
            )
        )
    _unique(card_entries, [c.key for c in cards], "solo card")
    _count(top, len(cards), rules.components.solo_cards, "solo cards")
    unused = sorted(set(SOLO_MAIN) - {c.main for c in cards})
    top.need(not unused, f"no solo card has the main action {unused[:1]}")
    return Solo(
        tip_dice=board.integer("tip_dice", 0, rules.start.tip_dice),
        technique_die=board.integer("technique_die", 1, die_max),
        cards_per_round=cards_per_round,
        client_rounds=client_rounds,
        missing_ingredient_cost=board.integer("missing_ingredient_cost", 0, 99),
        column_by_die=column_by_die,
        fallback=board.effects("fallback", SOLO_KINDS),
        sides=tuple(sides),
        cards=tuple(cards),
    )


# ---------------------------------------------------------------------------------------------
# Loading


def read_raw() -> dict[str, dict[str, Any]]:
    """The content files, parsed but not yet checked."""
    package = resources.files(__package__)
    raw = {}
    for name in FILES:
        try:
            raw[name] = tomllib.loads((package / name).read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise ContentError(f"{name}: not valid TOML ({error})") from error
    return raw


def build(raw: Mapping[str, Mapping[str, Any]]) -> Content:
    """Every component from the parsed files, or a ``ContentError`` naming file and entry."""

    def top(name: str) -> _Entry:
        if name not in raw:
            raise ContentError(f"{name}: file missing")
        return _Entry(name, "", raw[name])

    ingredients = _ingredients(top("ingredients.toml"))
    keys = [i.key for i in ingredients]
    priority = sorted(
        range(len(ingredients)), key=lambda i: (-ingredients[i].bar_row, -ingredients[i].bar_column)
    )
    rules = _rules(top("rules.toml"), keys)
    curve = _curve(top("curve.toml"), rules)
    return Content(
        rules=rules,
        curve=curve,
        ingredients=ingredients,
        clients=_clients(top("clients.toml"), rules, curve, keys),
        techniques=_techniques(top("techniques.toml"), rules, curve),
        tiles=_tiles(top("technique_tile.toml")),
        mixologists=_mixologists(top("mixologists.toml"), rules),
        bar_spaces=_bar_spaces(top("bar_spaces.toml"), rules, curve),
        clients_track=_clients_track(top("clients_track.toml"), rules),
        experience=_experience(top("experience.toml"), rules),
        collections=_collections(top("collections.toml"), rules),
        solo=_solo(top("solo.toml"), rules),
        bar_priority=tuple(priority),
    )


CONTENT = build(read_raw())
