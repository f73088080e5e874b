"""Measuring bots: how fast ISMCTS searches a game.

``ismcts_iterations_per_second(game, players, seed, seconds, spec)`` walks
random games of ``game`` from ``seed`` and, at every decision with a real
choice, lets the ISMCTS bot built from ``spec`` (``"ismcts"`` by default, e.g.
``"ismcts:iters=100,depth=10"``) search it. It returns the iterations done per
second of search, once at least ``seconds`` of search have been timed. Time is
the process's CPU time, so a busy machine slows the run but not the number.
Positions come from the whole game, opening to end, so the number is the
game's typical rate rather than its fastest.

From a shell, ``python -m lastcall.bots.measure [GAME ...] [--seconds S]
[--spec SPEC] [--json]`` prints the rate for each game (all registered games
by default) at its smallest player count, on one core.
"""

from __future__ import annotations

import argparse
import json
from time import process_time

from lastcall.bots import make_bot
from lastcall.bots.base import Seat
from lastcall.bots.ismcts import IsmctsBot
from lastcall.core import Game, LastcallError, Rng, mix_seed
from lastcall.core import game as find_game
from lastcall.core import games as game_ids


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
                start = process_time()
                bot.choose(Seat(state, player))
                elapsed += process_time() - start
                iterations += bot.last_iterations
            state.apply(player, walk.choice(actions))
    return iterations / elapsed


def main(argv: list[str] | None = None) -> None:
    """Print ISMCTS iterations per second for each game at its smallest player count."""
    parser = argparse.ArgumentParser(
        prog="python -m lastcall.bots.measure", description=main.__doc__
    )
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=5.0, help="search time per game")
    parser.add_argument("--spec", default="ismcts", help="the ismcts bot spec to time")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    rates: dict[str, dict[str, float | int]] = {}
    for game_id in args.games or game_ids():
        found = find_game(game_id)
        players = found.min_players
        rate = ismcts_iterations_per_second(found, players, args.seed, args.seconds, args.spec)
        rates[found.id] = {"players": players, "iterations_per_sec": rate}
    if args.json:
        print(json.dumps({"spec": args.spec, "seconds": args.seconds, "games": rates}))
        return
    for game_id, row in rates.items():
        print(f"{game_id:14} {row['players']} players  {row['iterations_per_sec']:9.0f} it/s")


if __name__ == "__main__":
    main()
