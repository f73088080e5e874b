"""Bartender: pair bartenders with customers, poach, raid, dig in and bid for profit."""

from lastcall.core import Listing, list_game

LISTING = list_game(
    Listing(
        id="bartender",
        version=3,
        title="Bartender",
        summary=(
            "Pair bartenders with customers for coins; advertise, raid, dig in and bid in open "
            "auctions; first to bank the target wins."
        ),
        min_players=2,
        max_players=5,
        rules="lastcall.games.bartender.game",
    )
)
