"""The design figures read at the end: VP by source and who holds what was on offer."""

from __future__ import annotations

import pytest

from lastcall.games.distilled.content import CONTENT
from lastcall.games.distilled.game import DistilledState
from lastcall.games.distilled.state import (
    MONEY,
    N_ITEM_BARRELS,
    ROW_ITEM,
    ROW_UPGRADE,
    SOURCES,
    VP,
    VP_TASTING,
    Step,
    W,
)
from tests.conformance.cases import random_match

from .distilled_helpers import GAME, act, new

UPGRADES = [u.name for u in CONTENT.upgrades]


def play_out(players: int, seed: int) -> DistilledState:
    """A whole game of random choices, as the conformance suite plays them."""
    s = random_match(GAME, players, seed, {}).state
    assert isinstance(s, DistilledState)
    return s


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 7), (3, 2), (4, 3), (5, 4), (5, 9)])
def test_the_sources_add_up_to_every_score(players: int, seed: int) -> None:
    s = play_out(players, seed)
    scores = s.scores()
    for p in range(players):
        sources = s.score_sources(p)
        assert list(sources) == [name for name, _ in SOURCES]
        assert sum(sources.values()) == scores[p]
    assert any(scores), "a game where nobody scores checks nothing"


@pytest.mark.parametrize("seed", [3, 5, 8])
def test_the_tasting_source_is_what_the_tastings_gave_up(seed: int) -> None:
    s = play_out(3, seed)
    given = [0, 0, 0]
    for e in s.events():
        if "holds a tasting" in e.text or "hold a tasting" in e.text:
            given[e.data["p"]] += e.data["n"]
    assert [-s.score_sources(p)["tasting"] for p in range(3)] == given
    assert [s.pv[p * W + VP_TASTING] for p in range(3)] == [-n for n in given]


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (4, 12)])
def test_offers_are_the_seen_components_and_who_holds_them(players: int, seed: int) -> None:
    s = play_out(players, seed)
    offers = s.offers()
    for seats in offers.values():
        assert list(seats) == sorted(set(seats))
        assert all(0 <= p < players for p in seats)
    held = {f"upgrade: {UPGRADES[u]}" for p in range(players) for u in s.upgrades[p]}
    assert held <= set(offers)
    for u in s.decks[ROW_UPGRADE]:
        assert f"upgrade: {UPGRADES[u]}" not in offers
    for u in s.rows[ROW_UPGRADE]:
        assert f"upgrade: {UPGRADES[u]}" in offers
    recipes = {k for k in offers if k.startswith("recipe: ")}
    assert len(recipes) == len(s.flight)
    goals = {k for k in offers if k.startswith("goal: ")}
    assert len(goals) == 3 * players
    assert sum(len(offers[k]) for k in goals) == 2 * players


def test_the_row_is_on_offer_and_the_deck_is_not() -> None:
    s = new(2, 1)
    offers = s.offers()
    row = [f"upgrade: {UPGRADES[u]}" for u in s.rows[ROW_UPGRADE]]
    assert all(offers[k] == () for k in row)
    assert not any(f"upgrade: {UPGRADES[u]}" in offers for u in s.decks[ROW_UPGRADE])
    upgrades = [k for k in offers if k.startswith("upgrade: ")]
    assert sorted(upgrades) == sorted(row)


def test_a_bought_upgrade_shows_its_seat_and_the_next_card_comes_on_offer() -> None:
    s = new(2, 1)
    assert s.step == Step.MARKET
    p = s.to_move[0]
    s.pv[p * W + MONEY] = 50
    s._legal = None
    bought = s.rows[ROW_UPGRADE][0]
    coming = s.decks[ROW_UPGRADE][-1]
    s.apply(p, act("buy upgrade 0"))
    offers = s.offers()
    assert s.upgrades[p] == (bought,)
    assert offers[f"upgrade: {UPGRADES[bought]}"] == (p,)
    assert offers[f"upgrade: {UPGRADES[coming]}"] == ()


def test_the_kept_goals_are_held_and_the_dropped_one_is_not() -> None:
    s = new(3, 2)
    offers = s.offers()
    for p in range(3):
        (dropped,) = set(s.dealt_goals[p]) - set(s.goals[p])
        assert offers[f"goal: {CONTENT.goals[dropped].name}"] == ()
        for g in s.goals[p]:
            assert offers[f"goal: {CONTENT.goals[g].name}"] == (p,)


def test_once_a_deck_ran_out_every_card_of_its_row_was_on_offer() -> None:
    s = new(2, 1)
    r = ROW_UPGRADE
    every = {f"upgrade: {n}" for n in UPGRADES}
    while s.decks[r]:
        s.discards[r] = tuple(sorted((*s.discards[r], s._draw(r))))
    assert {k for k in s.offers() if k.startswith("upgrade: ")} == every
    s._draw(r)
    assert len(s.decks[r]) == len(UPGRADES) - len(s.rows[r]) - 1
    assert {k for k in s.offers() if k.startswith("upgrade: ")} == every


def test_a_premium_bottle_in_hand_or_on_the_shelf_is_held() -> None:
    s = new(2, 1)
    row = [c for c in s.rows[ROW_ITEM] if c >= N_ITEM_BARRELS]
    assert row
    offers = s.offers()
    names = [f"bottle: {CONTENT.bottles[c - N_ITEM_BARRELS].name}" for c in row]
    assert sorted(k for k in offers if k.startswith("bottle: ")) == sorted(names)
    assert all(offers[k] == () for k in names)
    s.shelf[1] = (1 + row[0] - N_ITEM_BARRELS,)
    assert s.offers()[names[0]] == (1,)
    s.bottles[0] = (*s.bottles[0], *s.shelf[1])
    assert s.offers()[names[0]] == (0, 1)


def test_scores_are_the_vp_field() -> None:
    s = play_out(2, 21)
    for p in range(2):
        assert s.scores()[p] == s.pv[p * W + VP] == sum(s.score_sources(p).values())
