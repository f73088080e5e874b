"""Distilled: market, secret distillation, sales and ageing over seven rounds, 2 to 5 players."""

from lastcall.core import register
from lastcall.games.distilled.game import Distilled

DISTILLED = register(Distilled())

__all__ = ["DISTILLED", "Distilled"]
