"""Measuring bots: how fast ISMCTS searches a game.

``ismcts_iterations_per_second(game, players, seed, seconds, spec)`` walks
random games of ``game`` from ``seed`` and, at every decision with a real
choice, lets the ISMCTS bot built from ``spec`` (``"ismcts"`` by default, e.g.
``"ismcts:iters=100,depth=10"``) search it. It returns the iterations done per
second of search time, once at least ``seconds`` of search have been timed.
Positions come from the whole game, opening to end, so the number is the
game's typical rate rather than its fastest.
"""

from __future__ import annotations

from time import perf_counter

from lastcall.bots import make_bot
from lastcall.bots.base import Seat
from lastcall.bots.ismcts import IsmctsBot
from lastcall.core import Game, LastcallError, Rng, mix_seed


def ismcts_iterations_per_second(
    game: Game, players: int, seed: int = 0, seconds: float = 2.0, spec: str = "ismcts"
) -> float:
    """ISMCTS iterations per second of search over positions of random games."""
    bot = make_bot(spec, seed)
    if not isinstance(bot, IsmctsBot):
        raise LastcallError(f"bot spec {spec!r} is not an ismcts bot")
    walk = Rng(mix_seed(seed, 1))
    iterations = 0
    elapsed = 0.0
    match = 0
    while elapsed < seconds:
        state = game.new(players, mix_seed(seed, 2, match))
        match += 1
        while state.to_move and elapsed < seconds:
            player = state.to_move[0]
            actions = state.legal_actions(player)
            if len(actions) > 1:
                start = perf_counter()
                bot.choose(Seat(state, player))
                elapsed += perf_counter() - start
                iterations += bot.last_iterations
            state.apply(player, walk.choice(actions))
    return iterations / elapsed
