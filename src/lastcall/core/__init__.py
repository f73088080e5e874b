"""The engine contract shared by every game; nothing game-specific lives here."""

from lastcall.core.actions import Action
from lastcall.core.errors import (
    IllegalAction,
    InvalidAction,
    InvalidOptions,
    LastcallError,
    RecordError,
    UnknownGame,
)
from lastcall.core.events import Event
from lastcall.core.game import Game, Option
from lastcall.core.record import MatchRecord, Recorder
from lastcall.core.registry import game, games, register
from lastcall.core.rng import Rng, mix_seed
from lastcall.core.state import State
from lastcall.core.version import __version__

__all__ = [
    "Action",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidAction",
    "InvalidOptions",
    "LastcallError",
    "MatchRecord",
    "Option",
    "RecordError",
    "Recorder",
    "Rng",
    "State",
    "UnknownGame",
    "__version__",
    "game",
    "games",
    "mix_seed",
    "register",
]
