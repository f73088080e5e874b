"""The Mix: worker placement and engine building behind the bar, for 1 to 4 players."""

from lastcall.core import register
from lastcall.games.the_mix.game import TheMix

THE_MIX = register(TheMix())

__all__ = ["THE_MIX", "TheMix"]
