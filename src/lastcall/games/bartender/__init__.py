"""Bartender: pair bartenders with customers, poach, raid, dig in and bid for profit."""

from lastcall.core import register
from lastcall.games.bartender.game import BartenderGame

register(BartenderGame())
