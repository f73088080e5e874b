"""On The Rocks: marble drafting with tips, complaints and spills."""

from lastcall.core import Listing, list_game

LISTING = list_game(
    Listing(
        id="on-the-rocks",
        version=4,
        title="On The Rocks",
        summary=(
            "Draft marbles through jigger bowls to fill cocktail recipes; tips help, spills hurt."
        ),
        min_players=2,
        max_players=4,
        rules="lastcall.games.on_the_rocks.game",
    )
)
