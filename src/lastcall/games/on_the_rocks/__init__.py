"""On The Rocks: marble drafting with tips, complaints and spills."""

from lastcall.core import register
from lastcall.games.on_the_rocks.game import OnTheRocks, OnTheRocksState

GAME = register(OnTheRocks())

__all__ = ["GAME", "OnTheRocks", "OnTheRocksState"]
