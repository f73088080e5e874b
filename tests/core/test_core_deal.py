"""Dealing a world: ``Rng.permute`` and the games' re-sampling put every hidden card anywhere
with equal odds, checked by a chi-square count over fixed seeds."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from itertools import permutations
from typing import Any

import pytest

import lastcall
from lastcall.core import Rng, State
from lastcall.games.distilled.content import CONTENT as DISTILLED
from lastcall.games.the_mix.content import CONTENT as THE_MIX

SAMPLES = 3000


def _assert_uniform(
    drawn: Iterable[Hashable], cells: Sequence[Hashable], per_sample: int = 1
) -> None:
    """Chi-square of the counts against equal odds for every cell, at p = 0.0005.

    The critical value is the Wilson-Hilferty approximation of the chi-square quantile.
    """
    counts = Counter(drawn)
    assert set(counts) <= set(cells), f"drawn outside the cells: {set(counts) - set(cells)}"
    total = sum(counts.values())
    assert total == SAMPLES * per_sample
    expected = total / len(cells)
    statistic = sum((counts[c] - expected) ** 2 / expected for c in cells)
    df = len(cells) - 1
    z = 3.29
    critical = df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3
    assert statistic < critical, f"chi-square {statistic:.1f} over {df} degrees >= {critical:.1f}"


def test_permute_draws_every_order_alike() -> None:
    rng = Rng(31)
    drawn = []
    for _ in range(SAMPLES):
        items = [0, 1, 2, 3]
        rng.permute(items)
        drawn.append(tuple(items))
    _assert_uniform(drawn, list(permutations(range(4))))


def test_permute_of_the_last_places_deals_a_uniform_ordered_sample() -> None:
    rng = Rng(32)
    drawn = []
    for _ in range(SAMPLES):
        items = list(range(7))
        rng.permute(items, 2)
        assert sorted(items) == list(range(7))
        drawn.append(tuple(items[-2:]))
    _assert_uniform(drawn, list(permutations(range(7), 2)))


def test_permute_of_a_long_deck_reaches_every_place() -> None:
    """Places far down a deck are drawn from steps shared with others: each card still
    lands on the bottom place and on the top one with equal odds."""
    rng = Rng(33)
    tops, bottoms = [], []
    for _ in range(SAMPLES):
        deck = list(range(60))
        rng.permute(deck)
        tops.append(deck[-1])
        bottoms.append(deck[0])
    _assert_uniform(tops, list(range(60)))
    _assert_uniform(bottoms, list(range(60)))


def test_permute_of_nothing_and_of_no_places() -> None:
    rng = Rng(34)
    empty: list[int] = []
    rng.permute(empty)
    items = [3, 1, 2]
    rng.permute(items, 0)
    assert empty == [] and items == [3, 1, 2] and rng == Rng(34)


def _played(game_id: str, players: int, decisions: int, seed: int = 5) -> State:
    state = lastcall.game(game_id).new(players, seed)
    rng = Rng(seed)
    for _ in range(decisions):
        seat = state.to_move[rng.below(len(state.to_move))]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
    return state


def _field(state: State, name: str) -> Any:
    return getattr(state, name)


def test_distilled_deals_the_others_goals_from_every_unseen_goal_alike() -> None:
    state = _played("distilled", 3, 40)
    assert state.view(0)["phase"] != "setup"
    seen = set(_field(state, "dealt_goals")[0])
    unseen = [g for g in range(len(DISTILLED.goals)) if g not in seen]
    per_world = len(_field(state, "dealt_goals")[1])
    drawn = []
    for seed in range(SAMPLES):
        drawn.extend(_field(state.determinize(0, seed), "dealt_goals")[1])
    _assert_uniform(drawn, unseen, per_world)


@pytest.mark.parametrize("players", [2, 3])
def test_the_mix_deals_hidden_clients_and_the_setup_cards_alike(players: int) -> None:
    state = _played("the-mix", players, 0)
    assert state.view(0)["phase"] == "setup"
    mine = set(_field(state, "dealt")[0])
    unseen = [m for m in range(len(THE_MIX.mixologists)) if m not in mine]
    known = _field(state, "deck_known")[0]
    hidden = sorted(_field(state, "decks")[0][known:])
    per_world = len(_field(state, "dealt")[1])
    tops, dealt = [], []
    for seed in range(SAMPLES):
        world = state.determinize(0, seed)
        tops.append(_field(world, "decks")[0][known])
        dealt.extend(_field(world, "dealt")[1])
    assert len(set(hidden)) == len(hidden)
    _assert_uniform(tops, hidden)
    _assert_uniform(dealt, unseen, per_world)
