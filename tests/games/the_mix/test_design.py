"""The design figures read at the end: VP by source and who holds what was on offer."""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

import pytest

from lastcall.core import compiled
from lastcall.games.the_mix import flow
from lastcall.games.the_mix.content import CONTENT
from lastcall.games.the_mix.design import END_SOURCES, PLAY_SOURCES
from lastcall.games.the_mix.game import MixState
from lastcall.games.the_mix.state import K_VP, MIXOLOGIST, VP, Step
from tests.conformance.cases import random_match

from .mix_helpers import GAME, act, get, new, start_turn

SEAT_SOURCES = [*PLAY_SOURCES, *END_SOURCES]
CALLER_SOURCE = {
    "_step_bar_setup": "bar_setups",
    "_take_client": "instant_bonuses",
    "_resolve_pending": "technique_tile",
    "_track": "clients_track",
    "_trigger": "rewards",
    "_use_tile": "rewards",
}
"""The rule that pays a VP gain, by the function that asked for it."""


def play_out(players: int, seed: int, **options: Any) -> MixState:
    """A whole game of random choices, as the conformance suite plays them."""
    s = random_match(GAME, players, seed, options).state
    assert isinstance(s, MixState)
    return s


GAMES = [
    (1, 1, {}),
    (1, 2, {"opponent": "ada", "side": "advanced"}),
    (2, 3, {}),
    (2, 4, {"side": "advanced"}),
    (3, 5, {}),
    (4, 6, {}),
    (4, 7, {"side": "advanced", "bonus_tiles": False}),
]


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_the_sources_add_up_to_every_score(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    s = play_out(players, seed, **options)
    scores = s.scores()
    for p in range(players):
        sources = s.score_sources(p)
        assert list(sources) == SEAT_SOURCES
        assert sum(sources.values()) == scores[p]
        assert sources["penalties"] <= 0
    for rival in range(players, s.participants):
        assert sum(s.score_sources(rival).values()) == scores[rival]
    assert any(scores[:players]), "a game where nobody scores checks nothing"


@pytest.mark.skipif(
    compiled(),
    reason="it patches the rules' methods and reads their frames: the source has both, "
    "the compiled build (the same code, checked by the golden records) has neither",
)
@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_each_vp_gained_in_play_is_counted_under_the_rule_that_paid_it(
    monkeypatch: pytest.MonkeyPatch, players: int, seed: int, options: dict[str, Any]
) -> None:
    """The sources traced back from the log agree with VP recorded as they are gained."""
    paid: Counter[tuple[int, str]] = Counter()
    gain = flow.MixFlow._gain

    def recording_gain(
        self: flow.MixFlow, p: int, kind: int, amount: int, asked_by: int = 0
    ) -> None:
        if kind == K_VP and p < self.num_players:
            frame = sys._getframe(1)
            while frame.f_code.co_name in ("_gain", "_gains"):
                frame = frame.f_back  # type: ignore[assignment]
            caller = frame.f_code.co_name
            source = CALLER_SOURCE[caller]
            if caller == "_trigger" and frame.f_back.f_code.co_name == "_step_upkeep":  # type: ignore[union-attr]
                source = "bar_setups"
            paid[p, source] += amount
        gain(self, p, kind, amount, asked_by)

    def refreshing(method: Any) -> Any:
        def refresh(self: flow.MixFlow, p: int) -> None:
            if p < self.num_players:
                paid[p, "refreshes"] += flow.REFRESH_VP
            method(self, p)

        return refresh

    monkeypatch.setattr(flow.MixFlow, "_gain", recording_gain)
    monkeypatch.setattr(flow.MixFlow, "_refresh_clients", refreshing(flow.MixFlow._refresh_clients))
    monkeypatch.setattr(flow.MixFlow, "_refresh_bar", refreshing(flow.MixFlow._refresh_bar))
    s = play_out(players, seed, **options)
    for p in range(players):
        sources = s.score_sources(p)
        assert {k: sources[k] for k in PLAY_SOURCES} == {k: paid[p, k] for k in PLAY_SOURCES}
        assert sum(sources[k] for k in PLAY_SOURCES) == get(s, p, VP)
    assert sum(paid.values()), "a game where nobody gains VP in play checks nothing"


def test_a_refresh_is_five_vp_under_refreshes() -> None:
    s = new(2)
    start_turn(s, 0)
    before = s.score_sources(0)
    s.apply(0, act("place refreshclients"))
    after = s.score_sources(0)
    assert after["refreshes"] == before["refreshes"] + 5
    assert after["rewards"] == before["rewards"] == 0


def test_the_columns_are_on_offer_and_the_unseen_deck_is_not() -> None:
    s = new(3)
    offers = s.offers()
    clients = {k for k in offers if k.startswith("client: ")}
    assert clients == {f"client: {CONTENT.clients[c].name}" for col in s.columns for c in col}
    techniques = {k for k in offers if k.startswith("technique: ")}
    assert techniques == {f"technique: {CONTENT.techniques[t].name}" for t in s.tech_row}
    assert all(offers[k] == () for k in clients | techniques)
    assert sum(k.startswith("experience: ") for k in offers) == len(CONTENT.experience)
    assert sum(k.startswith("bar space: ") for k in offers) == len(CONTENT.bar_spaces)
    assert not any(k.startswith("mixologist: ") for k in offers)


def test_a_client_refreshed_under_its_deck_stays_on_offer() -> None:
    s = new(2)
    start_turn(s, 0)
    bottoms = [c[0] for c in s.columns]
    s.apply(0, act("place refreshclients"))
    offers = s.offers()
    for card in bottoms:
        assert offers[f"client: {CONTENT.clients[card].name}"] == ()
    for level, column in enumerate(s.columns):
        for card in column:
            assert f"client: {CONTENT.clients[card].name}" in offers
        top = s.decks[level][-1]
        assert f"client: {CONTENT.clients[top].name}" not in offers


def test_a_taken_client_and_technique_show_their_seat() -> None:
    s = new(2)
    start_turn(s, 0)
    s.apply(0, act("place client"))
    assert s.step == Step.CLIENT
    s.apply(0, s.legal_actions(0)[0])
    (card,) = [c for c in s.glass_card[:2] if c >= 0]
    assert s.offers()[f"client: {CONTENT.clients[card].name}"] == (0,)
    s = new(2)
    start_turn(s, 1)
    s.apply(1, act("place technique"))
    s.apply(1, s.legal_actions(1)[0])
    if 1 in s.to_move and s.step == Step.SLOT:
        s.apply(1, s.legal_actions(1)[0])
    (t,) = s.techniques[1]
    offers = s.offers()
    assert offers[f"technique: {CONTENT.techniques[t].name}"] == (1,)
    assert f"technique: {CONTENT.techniques[s.tech_row[-1]].name}" in offers


def test_a_reserved_client_is_held() -> None:
    s = new(2)
    c = s.columns[2][0]
    s._reserve_client(1, c)
    assert s.offers()[f"client: {CONTENT.clients[c].name}"] == (1,)


def test_mixologists_are_offered_when_all_were_dealt() -> None:
    s = new(4)
    offers = s.offers()
    kept = {
        f"mixologist: {CONTENT.mixologists[get(s, p, MIXOLOGIST)].name}": (p,) for p in range(4)
    }
    mixologists = {k: v for k, v in offers.items() if k.startswith("mixologist: ")}
    assert len(mixologists) == len(CONTENT.mixologists)
    assert {k: v for k, v in mixologists.items() if v} == kept


@pytest.mark.parametrize("opponent", ["jerry", "ada"])
def test_solo_offers_name_only_the_seat(opponent: str) -> None:
    s = play_out(1, 11, opponent=opponent)
    offers = s.offers()
    assert all(seats in ((), (0,)) for seats in offers.values())
    held = {f"client: {CONTENT.clients[c].name}" for c in s.completed[0]}
    assert all(offers[k] == (0,) for k in held)
    rival = {f"client: {CONTENT.clients[c].name}" for c in s.completed[1]}
    assert all(offers[k] == () for k in rival)
