"""Building On The Rocks positions directly, for scenario tests."""

from __future__ import annotations

from typing import Any

import pytest

import lastcall
from lastcall.core import Action, IllegalAction, State
from lastcall.games.on_the_rocks import state as st
from lastcall.games.on_the_rocks.content import (
    GLASS_OF,
    KIND_OF,
    RECIPE_GLASS,
    RECIPE_NAMES,
    RECIPE_SLOTS,
    TIP_OF,
    TOTAL_MARBLES,
)
from lastcall.games.on_the_rocks.game import OnTheRocksState
from lastcall.games.on_the_rocks.state import NT

GAME = lastcall.game("on-the-rocks")


def act(text: str) -> Action:
    return GAME.parse_action(text)


def raw(players: int = 2, seed: int = 1) -> OnTheRocksState:
    """A game right after Prep, before the seats choose their orders."""
    s = GAME.new(players, seed)
    assert isinstance(s, OnTheRocksState)
    return s


def new(players: int = 2, seed: int = 1, length: str = "full") -> OnTheRocksState:
    """A game past setup: every seat took a full order; the first player is about to roll."""
    s = GAME.new(players, seed, {"length": length})
    assert isinstance(s, OnTheRocksState)
    for p in range(players):
        s.apply(p, act("order all"))
    return s


def recipe(glass: str, size: int | None = None) -> int:
    """The first recipe card of a glass (of a given size)."""
    g = GLASS_OF[glass]
    return next(
        c
        for c in range(len(RECIPE_NAMES))
        if RECIPE_GLASS[c] == g and (size is None or len(RECIPE_SLOTS[c]) == size)
    )


def clear_board(s: OnTheRocksState, p: int) -> None:
    """Empty seat ``p``'s glasses (marbles back to the bag) and its recipes."""
    for g in range(4):
        if s.recipes[4 * p + g] >= 0:
            base, cells = s._cells(p, g)
            for i, cell in enumerate(cells):
                v = s.slots[base + i]
                if v:
                    s.bag[KIND_OF["wild"] if v == 2 else cell[1]] += 1
                    s.slots[base + i] = 0
        s.recipes[4 * p + g] = -1
        s.done[4 * p + g] = False


def give_recipe(s: OnTheRocksState, p: int, card: int) -> int:
    g = RECIPE_GLASS[card]
    s.recipes[4 * p + g] = card
    s.done[4 * p + g] = False
    return g


def fill(s: OnTheRocksState, p: int, g: int, count: int | None = None, wild: bool = False) -> None:
    """Put marbles from the bag on the first ``count`` empty slots of a glass."""
    base, cells = s._cells(p, g)
    todo = len(cells) if count is None else count
    for i, cell in enumerate(cells):
        if todo and not s.slots[base + i]:
            kind = KIND_OF["wild"] if wild else cell[1]
            s.bag[kind] -= 1
            s.slots[base + i] = 2 if wild else 1
            todo -= 1


def marbles_on(s: OnTheRocksState, p: int, g: int) -> list[tuple[int, int, int]]:
    """The placed marbles of a glass as ``(row, colour, 1 real or 2 wild)``."""
    base, cells = s._cells(p, g)
    return [(r, c, s.slots[base + i]) for i, (r, c) in enumerate(cells) if s.slots[base + i]]


def empty_first_bowl(s: OnTheRocksState) -> None:
    """Return the first bowl's marbles to the bag, so a test can fill it as it likes."""
    s.bag = [a + b for a, b in zip(s.bag, s._bowl(0), strict=True)]
    s.bowls[0:8] = [0] * 8


def take_from_bag(s: OnTheRocksState, into: list[int], **kinds: int) -> None:
    for name, n in kinds.items():
        s.bag[KIND_OF[name]] -= n
        into[KIND_OF[name]] += n


def give_tip(s: OnTheRocksState, p: int, kind: str, n: int = 1) -> None:
    s.tips[p * NT + TIP_OF[kind]] += n


def tips_of(s: OnTheRocksState, p: int) -> dict[str, int]:
    return {k: s.tips[p * NT + i] for k, i in TIP_OF.items() if s.tips[p * NT + i]}


def at(
    s: OnTheRocksState, step: st.Step, phase: st.Decision, p: int, **fields: Any
) -> OnTheRocksState:
    """Put the game at a decision of seat ``p`` during its own turn."""
    s.current = p
    s.step = step
    for name, value in fields.items():
        setattr(s, name, value)
    s._ask(phase, p)
    s._legal = None
    return s


def decision(s: State) -> st.Decision:
    """The decision awaited now (a call, so a type checker does not keep an earlier answer)."""
    assert isinstance(s, OnTheRocksState)
    return s.phase


def placing_mode(s: OnTheRocksState) -> st.Placing:
    return s.pmode


def tips_step(s: OnTheRocksState, p: int) -> OnTheRocksState:
    s.tray = [0] * 8
    return at(s, st.Step.TIPS, st.Decision.TIPS, p)


def total_marbles(s: OnTheRocksState) -> int:
    t = sum(s.bag) + sum(s.bowls) + sum(s.hand) + sum(s.tray) + sum(s.held) + sum(s.aside)
    t += sum(s.shelf) + s.coaster_spill + s.coaster_gold + s.pending_spill + s.gold_wait
    return t + sum(1 for x in s.slots if x)


def assert_conserved(s: OnTheRocksState) -> None:
    assert total_marbles(s) == TOTAL_MARBLES


def assert_illegal(s: OnTheRocksState, p: int, text: str, rule: str) -> None:
    """The action is refused, names the rule, and leaves the state as it was."""
    before = s.clone()
    with pytest.raises(IllegalAction) as info:
        s.apply(p, act(text))
    assert rule in str(info.value)
    assert s == before
