"""Building positions of Distilled directly, for scenario tests."""

from __future__ import annotations

import lastcall
from lastcall.core import Action
from lastcall.games.distilled import actions as acts
from lastcall.games.distilled.content import CONTENT
from lastcall.games.distilled.game import DistilledState

GAME = lastcall.game("distilled")


def act(text: str) -> Action:
    return GAME.parse_action(text)


def new(players: int = 2, seed: int = 1) -> DistilledState:
    """A game past the sealed setup: every seat kept its first distiller and first goals."""
    s = GAME.new(players, seed)
    assert isinstance(s, DistilledState)
    for p in range(players):
        s.apply(p, s.legal_actions(p)[0])
        s.apply(p, s.legal_actions(p)[0])
    return s


def card(key: str) -> int:
    return acts.CARD_KEYS.index(key)


def cards(*keys: str) -> tuple[int, ...]:
    return tuple(sorted(card(k) for k in keys))


def recipe(key: str) -> int:
    return acts.RECIPE_KEYS.index(key)


def award(key: str) -> int:
    return [a.key for a in CONTENT.awards].index(key)


def upgrade(key: str) -> int:
    return [u.key for u in CONTENT.upgrades].index(key)
