"""Distilled: market, secret distillation, sales and ageing over seven rounds, 2 to 5 players."""

from lastcall.core import Listing, list_game

LISTING = list_game(
    Listing(
        id="distilled",
        version=4,
        title="Distilled",
        summary=(
            "Seven rounds of buying ingredients, distilling in secret, ageing and selling spirits "
            "to restore the family distillery."
        ),
        min_players=2,
        max_players=5,
        rules="lastcall.games.distilled.game",
    )
)
