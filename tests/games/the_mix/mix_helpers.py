"""Building positions of The Mix directly, for scenario tests."""

from __future__ import annotations

import itertools
from typing import Any

import lastcall
from lastcall.core import Action, Rng
from lastcall.games.the_mix.content import CONTENT
from lastcall.games.the_mix.flow import FACES
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


def fixed_dice(faces: list[int]) -> Rng:
    """A generator whose next Tip Dice roll the face indices given, in order.

    Seeds are tried until one does (a few hundred for three dice): the state's
    generator is a real ``Rng``, which a stand-in class cannot be where the engine
    is compiled.
    """
    sides = len(FACES)
    for seed in itertools.count():
        probe = Rng(seed)
        if all(probe.below(sides) == face for face in faces):
            return Rng(seed)
    raise AssertionError("unreachable")


def texts(s: MixState, p: int | None = None) -> list[str]:
    return [e.text for e in s.events(p)]


def settle(s: MixState, p: int) -> None:
    """Take every choice of seat ``p`` that has a single option (as the terminal does)."""
    while p in s.to_move and len(s.legal_actions(p)) == 1:
        s.apply(p, s.legal_actions(p)[0])
