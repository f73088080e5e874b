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
    UnavailableVersion,
    UndoError,
    UnknownGame,
    UnknownSeat,
    UnknownVersion,
)
from lastcall.core.events import Event, Kind
from lastcall.core.game import Game, GameFacts, GameInfo, Option
from lastcall.core.markup import escape, paint, plain
from lastcall.core.observe import Block, Cells, Observer, Piece, one_hot
from lastcall.core.present import Choice, Component, Prompt, Standing, Table, Zone
from lastcall.core.record import Match, MatchRecord, seed_commitment
from lastcall.core.registry import (
    Listing,
    game,
    game_version,
    games,
    list_game,
    listings,
    register,
    versions,
)
from lastcall.core.rng import Rng, mix_seed
from lastcall.core.space import ActionSpace
from lastcall.core.state import State, compiled, replaced, step_table
from lastcall.core.version import __version__

__all__ = [
    "Action",
    "ActionSpace",
    "Block",
    "Cells",
    "Choice",
    "Component",
    "Event",
    "Game",
    "GameFacts",
    "GameInfo",
    "IllegalAction",
    "InvalidAction",
    "InvalidOptions",
    "Kind",
    "LastcallError",
    "Listing",
    "Match",
    "MatchRecord",
    "Observer",
    "Option",
    "Piece",
    "Prompt",
    "RecordError",
    "RetiredVersion",
    "Rng",
    "StaleState",
    "Standing",
    "State",
    "StateError",
    "Table",
    "UnavailableVersion",
    "UndoError",
    "UnknownGame",
    "UnknownSeat",
    "UnknownVersion",
    "Zone",
    "__version__",
    "compiled",
    "escape",
    "game",
    "game_version",
    "games",
    "list_game",
    "listings",
    "mix_seed",
    "one_hot",
    "paint",
    "plain",
    "register",
    "replaced",
    "seed_commitment",
    "step_table",
    "versions",
]
