"""The one registry of games, keyed by id and version.

Games register themselves on import. Discovery imports every package under
``lastcall.games`` and every ``lastcall.games`` entry point, so core never
names a game and a new game needs no edit here. A game may keep an older
version registered beside the current one, so that stored matches of that
version can still be finished; versions it has retired give a clear error.
"""

from __future__ import annotations

import importlib
import pkgutil
from importlib.metadata import entry_points

from lastcall.core.errors import RetiredVersion, UnknownGame
from lastcall.core.game import Game

_GAMES: dict[str, dict[int, Game]] = {}
_discovered = False


def register(game: Game) -> Game:
    """Add a game version; an id and version pair belongs to one class."""
    versions = _GAMES.setdefault(game.id, {})
    existing = versions.get(game.version)
    if existing is not None and type(existing) is not type(game):
        raise ValueError(f"{game.versioned_id} is already registered by {existing!r}")
    versions[game.version] = game
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


def versions(game_id: str) -> tuple[int, ...]:
    """The versions of a game this engine can play, oldest first."""
    _discover()
    return tuple(sorted(_GAMES.get(game_id, {})))


def game(game_id: str) -> Game:
    """The current version of a game; a versioned id such as ``barista-v1`` names one version."""
    _discover()
    name = game_id.replace("_", "-")
    found = _GAMES.get(name)
    if found is not None:
        return found[max(found)]
    base, sep, version = name.rpartition("-v")
    if sep and version.isdigit() and base in _GAMES:
        return game_version(base, int(version))
    raise UnknownGame(game_id[:80], tuple(sorted(_GAMES)))


def game_version(game_id: str, version: int) -> Game:
    """One version of a game, or :class:`RetiredVersion` / :class:`UnknownGame`."""
    _discover()
    found = _GAMES.get(game_id.replace("_", "-"))
    if found is None:
        raise UnknownGame(game_id[:80], tuple(sorted(_GAMES)))
    exact = found.get(version)
    if exact is not None:
        return exact
    current = found[max(found)]
    reason = current.retired.get(version)
    if reason is None:
        reason = "newer than this engine" if version > current.version else "not a known version"
    raise RetiredVersion(current.id, version, current.version, reason)
