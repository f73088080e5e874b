"""The engine contract shared by every game; nothing game-specific lives here."""

from lastcall.core.actions import Action
from lastcall.core.errors import (
    IllegalAction,
    InvalidAction,
    InvalidOptions,
    LastcallError,
    RecordError,
    RetiredVersion,
    StaleState,
    StateError,
    UndoError,
    UnknownGame,
    UnknownSeat,
)
from lastcall.core.events import Event, Kind
from lastcall.core.game import Game, GameFacts, GameInfo, Option
from lastcall.core.markup import escape, paint, plain
from lastcall.core.observe import Observer, Piece, one_hot
from lastcall.core.record import Match, MatchRecord
from lastcall.core.registry import game, game_version, games, register, versions
from lastcall.core.rng import Rng, mix_seed
from lastcall.core.space import ActionSpace
from lastcall.core.state import State, step_table
from lastcall.core.version import __version__

__all__ = [
    "Action",
    "ActionSpace",
    "Event",
    "Game",
    "GameFacts",
    "GameInfo",
    "IllegalAction",
    "InvalidAction",
    "InvalidOptions",
    "Kind",
    "LastcallError",
    "Match",
    "MatchRecord",
    "Observer",
    "Option",
    "Piece",
    "RecordError",
    "RetiredVersion",
    "Rng",
    "StaleState",
    "State",
    "StateError",
    "UndoError",
    "UnknownGame",
    "UnknownSeat",
    "__version__",
    "escape",
    "game",
    "game_version",
    "games",
    "mix_seed",
    "one_hot",
    "paint",
    "plain",
    "register",
    "step_table",
    "versions",
]
