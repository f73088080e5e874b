"""Barista: build the drink the order dice call for, one card a turn."""

from lastcall.core import register
from lastcall.games.barista.game import Barista

BARISTA = register(Barista())

__all__ = ["BARISTA", "Barista"]
