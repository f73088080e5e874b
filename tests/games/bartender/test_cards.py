"""The Cards and Setup sections: roles by suit, Ace values, deck variants, the 3-player deck."""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from lastcall.core import InvalidOptions
from lastcall.games.bartender.content import (
    BARTENDER,
    COIN,
    CUSTOMER,
    DECK,
    RAIDER,
    SHOVEL,
    CardDataError,
    build_deck,
)

from .bartender_positions import GAME, names, new


def raw() -> dict[str, Any]:
    text = (resources.files("lastcall.games.bartender") / "cards.toml").read_text("utf-8")
    return tomllib.loads(text)


def kinds_of(cards: list[int]) -> Counter[int]:
    return Counter(DECK.kinds[c] for c in cards)


def test_faces_of_every_suit_are_bartenders_and_suits_give_roles() -> None:
    deck = DECK.main_deck(4, 0)
    assert len(deck) == 42
    assert kinds_of(deck) == {BARTENDER: 12, CUSTOMER: 10, RAIDER: 10, SHOVEL: 10}
    bartenders = sorted(names(c for c in deck if DECK.kinds[c] == BARTENDER))
    assert bartenders == sorted(f"{r}{s}" for r in "jqk" for s in "cdhs")
    assert {n[-1] for n in names(c for c in deck if DECK.kinds[c] == CUSTOMER)} == {"h"}
    assert {n[-1] for n in names(c for c in deck if DECK.kinds[c] == RAIDER)} == {"c"}
    assert {n[-1] for n in names(c for c in deck if DECK.kinds[c] == SHOVEL)} == {"s"}


def test_an_ace_is_worth_ten_wherever_value_matters() -> None:
    value = {DECK.names[c]: DECK.values[c] for c in range(len(DECK.names))}
    assert value["ac"] == value["as"] == value["ad"] == 10
    assert value["2c"] == 2 and value["10s"] == 10 and value["7d"] == 7


def test_the_coin_deck_is_the_rulebooks_twenty_coins() -> None:
    """The rulebook: "You also need at least 20 coin cards -- two sets of 1 through 10."."""
    two = DECK.coin_deck(2)
    assert len(two) == 20 and set(kinds_of(two)) == {COIN}
    assert Counter(names(two)) == {f"{r}d": 2 for r in ["a", *map(str, range(2, 11))]}
    assert DECK.rule_coin_sets == 2
    for players in (2, 3, 4, 5):
        state = new(players, seed=players)
        coins = len(state.coin_deck) + sum(
            1 for h in state.hands for c in h if DECK.kinds[c] == COIN
        )
        assert coins == 20
    with pytest.raises(InvalidOptions, match="no option 'coin_sets'"):
        new(2, options={"coin_sets": 1})


def test_one_coin_set_is_a_house_rule_off_by_default() -> None:
    option = next(o for o in GAME.options if o.name == "one_coin_set")
    assert option.house_rule and option.default is False
    assert all(not o.house_rule for o in GAME.options if o is not option)
    assert sorted(DECK.values[c] for c in DECK.coin_deck(1)) == [2, 3, 4, 5, 6, 7, 8, 9, 10, 10]
    state = new(2, seed=1, options={"one_coin_set": True})
    total = len(state.coin_deck) + sum(1 for h in state.hands for c in h if DECK.kinds[c] == COIN)
    assert total == 10


def test_three_players_remove_one_king_queen_jack_and_two_hearts() -> None:
    full = DECK.main_deck(4, 0)
    small = DECK.main_deck(3, 0)
    gone = sorted(names(set(full) - set(small)))
    assert gone == ["2h", "3h", "jc", "kc", "qc"]
    assert kinds_of(small) == {BARTENDER: 9, CUSTOMER: 8, RAIDER: 10, SHOVEL: 10}
    state = new(3, seed=4)
    everywhere = state.deck + [
        c for zone in state.hands + state.bars + state.customers for c in zone
    ]
    assert sorted(everywhere) == sorted(small)
    for players in (2, 4, 5):
        assert len(DECK.main_deck(players, 0)) == 42


def test_extra_heart_aces_are_extra_customers_with_their_own_identity() -> None:
    deck = DECK.main_deck(4, 1)
    aces = [c for c in deck if DECK.names[c] == "ah"]
    assert len(aces) == 2 and aces[0] != aces[1]
    assert all(DECK.kinds[c] == CUSTOMER for c in aces)
    assert kinds_of(deck)[CUSTOMER] == 11
    state = new(3, seed=2, options={"extra_heart_aces": 3})
    everywhere = state.deck + [
        c for zone in state.hands + state.bars + state.customers for c in zone
    ]
    assert Counter(names(everywhere))["ah"] == 4
    assert len(set(everywhere)) == len(everywhere) == 37 + 3


def test_options_are_range_checked() -> None:
    with pytest.raises(InvalidOptions):
        new(3, options={"extra_heart_aces": 4})
    with pytest.raises(InvalidOptions):
        new(3, options={"one_coin_set": 2})


def test_targets_by_player_count() -> None:
    assert {n: new(n, seed=0).target for n in range(2, 6)} == {
        5: 80,
        4: 100,
        3: 120,
        2: 200,
    }


@pytest.mark.parametrize(
    ("edit", "complaint"),
    [
        (lambda d: d["number_roles"].pop("h"), "every suit"),
        (lambda d: d["number_roles"].update(h="coin"), "exactly one suit"),
        (lambda d: d.update(ace_value=11), "ace_value"),
        (lambda d: d["three_players"].update(remove=["kc", "kd", "jc", "2h", "3h"]), "one King"),
        (lambda d: d["three_players"].update(remove=["kc", "qc", "jc", "2h"]), "two Hearts"),
        (lambda d: d["three_players"].update(remove=["kc", "qc", "jc", "2h", "zz"]), "unknown"),
        (lambda d: d["targets"].pop("5"), "targets"),
        (lambda d: d.pop("coins"), "coins table"),
        (lambda d: d["coins"].update(sets=0), "sets must be an integer from 1"),
        (lambda d: d.update(number_ranks=["a", "2", "3"]), "Ace then 2 to 10"),
    ],
)
def test_broken_card_data_is_refused_clearly(
    edit: Callable[[dict[str, Any]], object], complaint: str
) -> None:
    data = raw()
    edit(data)
    with pytest.raises(CardDataError, match=complaint):
        build_deck(data)
