"""The one registry of games.

Games register themselves on import. Discovery imports every package under
``lastcall.games`` and every ``lastcall.games`` entry point, so core never
names a game and a new game needs no edit here.
"""

from __future__ import annotations

import importlib
import pkgutil
from importlib.metadata import entry_points

from lastcall.core.errors import UnknownGame
from lastcall.core.game import Game

_GAMES: dict[str, Game] = {}
_discovered = False


def register(game: Game) -> Game:
    """Add a game; its id must be new."""
    existing = _GAMES.get(game.id)
    if existing is not None and type(existing) is not type(game):
        raise ValueError(f"game id {game.id!r} is already registered by {existing!r}")
    _GAMES[game.id] = game
    return game


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    package = importlib.import_module("lastcall.games")
    for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        importlib.import_module(info.name)
    for entry in entry_points(group="lastcall.games"):
        entry.load()


def games() -> tuple[str, ...]:
    """The ids of every registered game, sorted."""
    _discover()
    return tuple(sorted(_GAMES))


def game(game_id: str) -> Game:
    """The game with this id (a versioned id such as ``barista-v1`` works too)."""
    _discover()
    game_id = game_id.replace("_", "-")
    found = _GAMES.get(game_id)
    if found is None:
        base, _, version = game_id.rpartition("-v")
        found = _GAMES.get(base)
        if found is None or str(found.version) != version:
            raise UnknownGame(game_id, tuple(sorted(_GAMES)))
    return found
