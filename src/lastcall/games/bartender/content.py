"""Bartender's cards, loaded from ``cards.toml``, validated, and laid out as flat tables.

Every physical card is an int, so a state holds only lists of ints and a
second Ace of Hearts or a second set of coins is a distinct card with the same
face. The tables below (kind, value, face name) are indexed by that int and
built once at import, which keeps the hot paths to list lookups.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

BARTENDER, CUSTOMER, RAIDER, SHOVEL, COIN = range(5)
ROLE_NAMES = ("bartender", "customer", "raider", "shovel", "coin")
_NUMBER_ROLES = {"customer": CUSTOMER, "raider": RAIDER, "shovel": SHOVEL, "coin": COIN}
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def card_face(name: str) -> str:
    """A card as the table prints it: ``kh`` is ``K♥``, ``10d`` is ``10♦``."""
    return name[:-1].upper() + SUIT_SYMBOLS[name[-1]]


class CardDataError(ValueError):
    """``cards.toml`` does not describe a playable Bartender deck."""


@dataclass(frozen=True, slots=True)
class Deck:
    """All cards any game may use, by id, and which ids make up each part of a game."""

    names: tuple[str, ...]
    kinds: tuple[int, ...]
    values: tuple[int, ...]
    cut_ranks: tuple[int, ...]
    faces: tuple[str, ...]
    face_of: tuple[int, ...]
    bartenders: tuple[int, ...]
    customers: tuple[int, ...]
    extra_heart_aces: tuple[int, ...]
    raiders: tuple[int, ...]
    shovels: tuple[int, ...]
    coin_sets: tuple[tuple[int, ...], ...]
    """The Diamonds Ace to 10, set by set: the coin deck the rulebook asks for."""
    three_player_removed: frozenset[int]
    targets: dict[int, int]

    def main_deck(self, players: int, extra_heart_aces: int) -> list[int]:
        """The main deck for a game, in id order (shuffled by the caller)."""
        cards = [
            *self.bartenders,
            *self.customers,
            *self.extra_heart_aces[:extra_heart_aces],
            *self.raiders,
            *self.shovels,
        ]
        if players == 3:
            cards = [c for c in cards if c not in self.three_player_removed]
        return cards

    def coin_deck(self, sets: int) -> list[int]:
        """The first ``sets`` coin sets, in id order (shuffled by the caller)."""
        return [c for coins in self.coin_sets[:sets] for c in coins]

    @property
    def rule_coin_sets(self) -> int:
        """How many coin sets the rulebook's game uses."""
        return len(self.coin_sets)


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise CardDataError(f"cards.toml: {message}")


def _str_list(data: dict[str, Any], key: str) -> list[str]:
    value = data.get(key)
    _need(
        isinstance(value, list) and all(isinstance(v, str) and v for v in value),
        f"{key} must be a list of names",
    )
    assert isinstance(value, list)
    _need(len(set(value)) == len(value), f"{key} has duplicates")
    return value


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    _need(
        isinstance(value, int) and not isinstance(value, bool) and low <= value <= high,
        f"{key} must be an integer from {low} to {high}, not {value!r}",
    )
    assert isinstance(value, int)
    return value


def build_deck(data: dict[str, Any]) -> Deck:
    """Validate the raw TOML and lay out the card tables."""
    suits = _str_list(data, "suits")
    numbers = _str_list(data, "number_ranks")
    faces_ranks = _str_list(data, "face_ranks")
    _need(len(suits) == 4, "a deck has four suits")
    _need(len(numbers) == 10 and numbers[0] == "a", "number ranks are the Ace then 2 to 10")
    _need(
        all(r.isdigit() and int(r) == i + 2 for i, r in enumerate(numbers[1:])),
        "number ranks after the Ace are 2 to 10 in order",
    )
    _need(len(faces_ranks) == 3, "three face ranks (Jack, Queen, King)")
    ace_value = _int(data, "ace_value", 1, 10)

    roles = data.get("number_roles")
    _need(isinstance(roles, dict), "number_roles table missing")
    assert isinstance(roles, dict)
    _need(set(roles) == set(suits), "number_roles must give a role to every suit")
    _need(
        sorted(map(str, roles.values())) == sorted(_NUMBER_ROLES),
        "each of customer, raider, shovel and coin is the role of exactly one suit",
    )
    suit_of = {role: suit for suit, role in roles.items()}

    cut = data.get("cut_order")
    _need(isinstance(cut, dict) and set(cut) == set(faces_ranks), "cut_order ranks every face")
    assert isinstance(cut, dict)
    for rank in faces_ranks:
        _int(cut, rank, 11, 99)

    variants = data.get("variants")
    _need(isinstance(variants, dict), "variants table missing")
    assert isinstance(variants, dict)
    max_aces = _int(variants, "max_extra_heart_aces", 0, 10)
    coins = data.get("coins")
    _need(isinstance(coins, dict), "coins table missing")
    assert isinstance(coins, dict)
    sets = _int(coins, "sets", 1, 4)

    raw_targets = data.get("targets")
    _need(isinstance(raw_targets, dict), "targets table missing")
    assert isinstance(raw_targets, dict)
    _need(sorted(raw_targets) == ["2", "3", "4", "5"], "targets for 2, 3, 4 and 5 players")
    targets = {int(k): _int(raw_targets, k, 1, 10_000) for k in raw_targets}

    names: list[str] = []
    kinds: list[int] = []
    values: list[int] = []
    cuts: list[int] = []

    def add(rank: str, suit: str, kind: int) -> int:
        names.append(rank + suit)
        kinds.append(kind)
        value = ace_value if rank == "a" else (int(rank) if rank.isdigit() else 0)
        values.append(value)
        cuts.append(value if kind != BARTENDER else int(cut[rank]))
        return len(names) - 1

    bartenders = tuple(add(r, s, BARTENDER) for s in suits for r in faces_ranks)
    customers = tuple(add(r, suit_of["customer"], CUSTOMER) for r in numbers)
    extra = tuple(add("a", suit_of["customer"], CUSTOMER) for _ in range(max_aces))
    raiders = tuple(add(r, suit_of["raider"], RAIDER) for r in numbers)
    shovels = tuple(add(r, suit_of["shovel"], SHOVEL) for r in numbers)
    coin_sets = tuple(tuple(add(r, suit_of["coin"], COIN) for r in numbers) for _ in range(sets))

    three = data.get("three_players")
    _need(isinstance(three, dict), "three_players table missing")
    assert isinstance(three, dict)
    removed_names = _str_list(three, "remove")
    first_id: dict[str, int] = {}
    for card, name in enumerate(names):
        first_id.setdefault(name, card)
    unknown = [n for n in removed_names if n not in first_id]
    _need(not unknown, f"three_players.remove names unknown cards {unknown}")
    removed = frozenset(first_id[n] for n in removed_names)
    removed_faces = sorted(n[:-1] for n in removed_names if kinds[first_id[n]] == BARTENDER)
    _need(
        removed_faces == sorted(faces_ranks),
        "three_players.remove holds one King, one Queen and one Jack",
    )
    removed_customers = [c for c in removed if kinds[c] == CUSTOMER and c in customers]
    _need(
        len(removed_customers) == 2 and len(removed) == 5,
        "three_players.remove holds exactly two Hearts besides the faces",
    )

    faces = tuple(dict.fromkeys(names))
    face_index = {f: i for i, f in enumerate(faces)}
    return Deck(
        names=tuple(names),
        kinds=tuple(kinds),
        values=tuple(values),
        cut_ranks=tuple(cuts),
        faces=faces,
        face_of=tuple(face_index[n] for n in names),
        bartenders=bartenders,
        customers=customers,
        extra_heart_aces=extra,
        raiders=raiders,
        shovels=shovels,
        coin_sets=coin_sets,
        three_player_removed=removed,
        targets=targets,
    )


def load_deck() -> Deck:
    text = resources.files(__package__).joinpath("cards.toml").read_text(encoding="utf-8")
    return build_deck(tomllib.loads(text))


DECK = load_deck()
