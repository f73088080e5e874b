"""The Mix: worker placement and engine building behind the bar, for 1 to 4 players."""

from lastcall.core import Listing, list_game

LISTING = list_game(
    Listing(
        id="the-mix",
        version=3,
        title="The Mix",
        summary=(
            "Worker placement behind the bar: take clients, gather ingredients, serve cocktails and"
            " build your engine; solo against Jerry or Ada."
        ),
        min_players=1,
        max_players=4,
        rules="lastcall.games.the_mix.game",
    )
)
