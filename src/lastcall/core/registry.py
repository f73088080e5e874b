"""The one registry of games, keyed by id and version.

Each game package lists itself on import with a :class:`Listing` (id,
version, title, summary, player counts and the module holding its rules), so
the ids and the menu cost no rules: a game's rules module is imported the
first time the game itself is asked for, and registers the game then.
Discovery imports every package under ``lastcall.games`` and every
``lastcall.games`` entry point, so core never names a game and a new game
needs no edit here. A game may keep an older version registered beside the
current one, so that stored matches of that version can still be finished;
versions it has retired give a clear error.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass

from lastcall.core.errors import RetiredVersion, UnknownGame, UnknownVersion
from lastcall.core.game import Game

_GAMES: dict[str, dict[int, Game]] = {}
_LISTED: dict[str, Listing] = {}
_discovered = False


@dataclass(frozen=True, slots=True)
class Listing:
    """What a menu shows of a game, declared without importing its rules.

    ``rules`` names the module that registers the game when imported; the
    listing must agree with the registered game, which :func:`register` checks.
    """

    id: str
    version: int
    title: str
    summary: str
    min_players: int
    max_players: int
    rules: str

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)


def list_game(listing: Listing) -> Listing:
    """Announce a game by its listing; its rules load on first use."""
    existing = _LISTED.get(listing.id)
    if existing is not None and existing != listing:
        raise ValueError(f"{listing.id} is already listed as {existing!r}")
    _LISTED[listing.id] = listing
    return listing


def register(game: Game) -> Game:
    """Add a game version; an id and version pair belongs to one class."""
    versions = _GAMES.get(game.id, {})
    existing = versions.get(game.version)
    if existing is not None and type(existing) is not type(game):
        raise ValueError(f"{game.versioned_id} is already registered by {existing!r}")
    listed = _LISTED.get(game.id)
    if listed is not None and listed.version == game.version and listed != _listing_of(game):
        raise ValueError(f"{game.versioned_id} differs from its listing {listed!r}")
    _GAMES[game.id] = {**versions, game.version: game}
    return game


def _listing_of(game: Game) -> Listing:
    rules = _LISTED[game.id].rules if game.id in _LISTED else type(game).__module__
    return Listing(
        game.id,
        game.version,
        game.title,
        game.summary,
        game.min_players,
        game.max_players,
        rules,
    )


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    package = importlib.import_module("lastcall.games")
    for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        importlib.import_module(info.name)
    # importlib.metadata costs more to import than the listings themselves.
    from importlib.metadata import entry_points

    for entry in entry_points(group="lastcall.games"):
        entry.load()


def _load(game_id: str) -> dict[int, Game] | None:
    """The registered versions of a game, importing its rules on first use."""
    listed = _LISTED.get(game_id)
    if listed is not None and listed.version not in _GAMES.get(game_id, {}):
        importlib.import_module(listed.rules)
        if listed.version not in _GAMES.get(game_id, {}):
            raise ValueError(f"{listed.rules} did not register {game_id}-v{listed.version}")
    return _GAMES.get(game_id)


def games() -> tuple[str, ...]:
    """The ids of every registered game, sorted."""
    _discover()
    return tuple(sorted(_LISTED.keys() | _GAMES.keys()))


def listings() -> tuple[Listing, ...]:
    """Every game's listing, sorted by id, with no game's rules imported."""
    _discover()
    found = dict(_LISTED)
    for game_id, versions in _GAMES.items():
        if game_id not in found:
            found[game_id] = _listing_of(versions[max(versions)])
    return tuple(found[game_id] for game_id in sorted(found))


def versions(game_id: str) -> tuple[int, ...]:
    """The versions of a game this engine can play, oldest first."""
    _discover()
    return tuple(sorted(_load(game_id) or {}))


def game(game_id: str) -> Game:
    """The current version of a game; a versioned id such as ``barista-v1`` names one version."""
    _discover()
    name = game_id.replace("_", "-")
    found = _load(name)
    if found is not None:
        return found[max(found)]
    base, sep, version = name.rpartition("-v")
    if sep and version.isdigit() and base in games():
        return game_version(base, int(version))
    raise UnknownGame(game_id[:80], games())


def game_version(game_id: str, version: int) -> Game:
    """One version of a game, or :class:`RetiredVersion` / :class:`UnknownVersion` /
    :class:`UnknownGame`."""
    _discover()
    found = _load(game_id.replace("_", "-"))
    if found is None:
        raise UnknownGame(game_id[:80], games())
    exact = found.get(version)
    if exact is not None:
        return exact
    current = found[max(found)]
    reason = current.retired.get(version)
    if reason is None:
        raise UnknownVersion(current.id, version, current.version)
    raise RetiredVersion(current.id, version, current.version, reason)
