"""Building positions of The Mix directly, for scenario tests."""

from __future__ import annotations

from typing import Any

import lastcall
from lastcall.core import Action
from lastcall.games.the_mix.content import CONTENT
from lastcall.games.the_mix.game import MixState
from lastcall.games.the_mix.state import BARS, Step, W

GAME = lastcall.game("the-mix")


def act(text: str) -> Action:
    return GAME.parse_action(text)


def new(players: int = 2, seed: int = 1, **options: Any) -> MixState:
    """A game past the sealed setup: every seat kept its first dealt card and a spirit."""
    s = GAME.new(players, seed, options)
    assert isinstance(s, MixState)
    for p in range(players):
        s.apply(p, s.legal_actions(p)[0])
    return s


def client(key: str) -> int:
    return [c.key for c in CONTENT.clients].index(key)


def technique(key: str) -> int:
    return [t.key for t in CONTENT.techniques].index(key)


def ingredient(key: str) -> int:
    return CONTENT.ingredient(key)


def get(s: MixState, p: int, field: int) -> int:
    return s.pv[p * W + field]


def put(s: MixState, p: int, field: int, value: int) -> None:
    s.pv[p * W + field] = value
    fresh(s)


def fresh(s: MixState) -> None:
    """Forget the legal actions listed before a test changed the position by hand."""
    s._legal = None


def fill_glass(s: MixState, p: int, bar: int, key: str) -> None:
    """Seat ``p``'s glass on Bar Space ``bar`` (0-based) holds the whole recipe of ``key``."""
    c = client(key)
    s.glass_card[p * BARS + bar] = c
    s.glass[p * BARS + bar] = tuple(sorted(CONTENT.clients[c].recipe))
    fresh(s)


def start_turn(s: MixState, p: int) -> None:
    """Make it seat ``p``'s turn from its start (nothing pending)."""
    s.current = p
    s.pending = []
    s.step = Step.TURN_START
    s._legal = None
    s._advance()


class FixedDice:
    """Stands in for the generator where a test fixes the tip dice: ``below`` returns the
    face indices given, in order."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def below(self, n: int) -> int:
        return self.faces.pop(0)

    def copy(self) -> FixedDice:
        return FixedDice(self.faces)


def texts(s: MixState, p: int | None = None) -> list[str]:
    return [e.text for e in s.events(p)]


def settle(s: MixState, p: int) -> None:
    """Take every choice of seat ``p`` that has a single option (as the terminal does)."""
    while p in s.to_move and len(s.legal_actions(p)) == 1:
        s.apply(p, s.legal_actions(p)[0])
