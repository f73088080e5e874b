"""The end of The Mix: "The player who triggers the end of the game will automatically perform
a Bar Setup on their next turn." (rulebook, End of the Game)."""

from __future__ import annotations

from lastcall.core import Rng
from lastcall.games.the_mix import automaton
from lastcall.games.the_mix.content import CONTENT
from lastcall.games.the_mix.game import MixState
from lastcall.games.the_mix.render import render_view
from lastcall.games.the_mix.state import (
    EXPERIENCE,
    FINISHED,
    PLACED,
    SETUPS,
    WORKERS,
    Step,
    W,
)

from .mix_helpers import act, client, fill_glass, get, new, put, settle, start_turn, texts

EXP_KEYS = [t.key for t in CONTENT.experience]


def _tile(level: int, key: str | None = None) -> int:
    """An experience tile of ``level`` (``key`` when given)."""
    return next(
        i
        for i, t in enumerate(CONTENT.experience)
        if t.level == level and (key is None or t.key == key)
    )


def _trigger(s: MixState) -> None:
    """Seat 0 serves the order that reaches the end (9 with two players)."""
    start_turn(s, 0)
    s.fox = 8
    fill_glass(s, 0, 0, "gin-and-tonic")
    s.apply(0, act("place cocktail"))
    settle(s, 0)
    assert s.ending and s.closer == 0


def _next_turn_of_seat_0(s: MixState) -> str:
    """Finish seat 0's turn, let the others play at random, and say how seat 0's next turn opens."""
    while 0 in s.to_move and s.step == Step.PENDING:
        s.apply(0, s.legal_actions(0)[0])
    if 0 in s.to_move:
        s.apply(0, act("end"))
    seen = len(s.events(None))
    rng = Rng(5)
    while s.current != 0 and not s.is_over:
        p = s.to_move[0]
        legal = s.legal_actions(p)
        s.apply(p, legal[rng.below(len(legal))])
    opening = [t for t in texts(s)[seen:] if t.startswith("P0")]
    return opening[0]


def test_a_fourth_mixologist_unlocked_by_the_trigger_stays_unused() -> None:
    s = new(2)
    put(s, 0, EXPERIENCE, 1)
    s.tiles_held[0] = (_tile(1),)
    _trigger(s)
    s._gain_experience(0, _tile(2))
    assert get(s, 0, WORKERS) == 4 and get(s, 0, PLACED) == 4
    setups = get(s, 0, SETUPS)
    assert _next_turn_of_seat_0(s) == "P0 performs a Bar Setup."
    while s.current == 0 and not s.is_over:
        s.apply(0, s.legal_actions(0)[0])
    assert get(s, 0, FINISHED) and get(s, 0, SETUPS) == setups + 1


def test_the_recall_tile_cannot_reopen_the_round_after_the_trigger() -> None:
    s = new(2)
    recall = _tile(3, "recall")
    s.tiles_held[0] = (_tile(1), _tile(2), recall)
    put(s, 0, EXPERIENCE, 3)
    put(s, 0, PLACED, 1)
    _trigger(s)
    assert act("use recall") not in s.legal_actions(0)
    assert _next_turn_of_seat_0(s) == "P0 performs a Bar Setup."


def test_the_recall_tile_still_works_before_the_trigger() -> None:
    s = new(2)
    s.tiles_held[0] = (_tile(1), _tile(2), _tile(3, "recall"))
    put(s, 0, EXPERIENCE, 3)
    start_turn(s, 0)
    s.apply(0, act("place ingredients"))
    settle(s, 0)
    while s.step == Step.PENDING:
        s.apply(0, s.legal_actions(0)[0])
    assert act("use recall") in s.legal_actions(0)


def test_the_trigger_message_names_the_trigger_players_bar_setup() -> None:
    s = new(2)
    _trigger(s)
    assert "9 orders completed: the end is triggered. P0's next turn is a Bar Setup; everyone " in (
        " ".join(texts(s))
    )


def test_an_automaton_that_triggers_the_end_in_its_bar_setup_has_played_its_last() -> None:
    s = new(1, opponent="ada")
    a = s.num_players
    s.fox = 8
    s.solo_active = client("gin-and-tonic")
    automaton._bar_setup(s, a)
    assert s.closer == a and s.pv[a * W + FINISHED]
    said = [t for t in texts(s) if "the end is triggered" in t]
    assert said == [
        "9 orders completed: the end is triggered. This is Ada's final Bar Setup; everyone else "
        "plays until their final Bar Setup."
    ]


def test_the_header_counts_orders_past_the_end_without_an_impossible_fraction() -> None:
    s = new(2)
    header = render_view(s.view(0)).splitlines()[0]
    assert "0 of 9 orders completed" in header
    _trigger(s)
    s.fox = 11
    header = render_view(s.view(0)).splitlines()[0]
    assert "11 orders completed" in header and "the end is triggered (at 9)" in header
    assert "of 9" not in header
