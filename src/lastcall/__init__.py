"""lastcall: bar-themed tabletop games for people, bots and simulations.

>>> import lastcall
>>> "barista" in lastcall.games()
True
>>> state = lastcall.game("barista").new(players=3, seed=7)
"""

import importlib as _importlib

from lastcall.core import (
    Action,
    Game,
    IllegalAction,
    InvalidAction,
    InvalidOptions,
    Kind,
    LastcallError,
    Match,
    MatchRecord,
    RecordError,
    RetiredVersion,
    StaleState,
    State,
    StateError,
    UnavailableVersion,
    UndoError,
    UnknownGame,
    UnknownSeat,
    UnknownVersion,
    __version__,
    game,
)
from lastcall.core import games as _registered_games

# The games live in the subpackage ``lastcall.games``; importing it first and
# binding the public function afterwards lets ``lastcall.games()`` be the call.
_importlib.import_module("lastcall.games")
games = _registered_games

__all__ = [
    "Action",
    "Game",
    "IllegalAction",
    "InvalidAction",
    "InvalidOptions",
    "Kind",
    "LastcallError",
    "Match",
    "MatchRecord",
    "RecordError",
    "RetiredVersion",
    "StaleState",
    "State",
    "StateError",
    "UnavailableVersion",
    "UndoError",
    "UnknownGame",
    "UnknownSeat",
    "UnknownVersion",
    "__version__",
    "game",
    "games",
]
