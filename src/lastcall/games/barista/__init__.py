"""Barista: build the drink the order dice call for, one card a turn."""

from lastcall.core import Listing, list_game

LISTING = list_game(
    Listing(
        id="barista",
        version=2,
        title="Barista",
        summary=(
            "Match four coffee cards to the order dice before the other baristas; five tips win."
        ),
        min_players=2,
        max_players=6,
        rules="lastcall.games.barista.game",
    )
)
