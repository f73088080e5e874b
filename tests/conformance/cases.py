"""The cases the conformance suite runs: every game, option variant and player count.

Registered games come from the registry; the toy games (a sealed simultaneous
game, a game with a rival that is not a seat, a trick-taking game) join them
so that every part of the contract is exercised even before a real game needs it.
"""

from __future__ import annotations

from collections.abc import Callable

import lastcall
from lastcall.core import Game, Match, Rng, State
from tests.toys.pile import PILE
from tests.toys.toss import TOSS
from tests.toys.tricks import GAME as TRICKS

TOYS: tuple[Game, ...] = (PILE, TOSS, TRICKS)
ALL_GAMES: tuple[Game, ...] = (*(lastcall.game(g) for g in lastcall.games()), *TOYS)

Options = dict[str, object]
Case = tuple[Game, int, Options]
Check = Callable[[State, int, Rng], None]


def variants(game: Game) -> list[Options]:
    """The defaults, then each option's other notable values one at a time.

    Choices and booleans are tried in full; an integer option with a small
    range is tried at both ends.
    """
    found: list[Options] = [{}]
    for opt in game.options:
        values: list[object] = []
        if opt.choices is not None:
            values = list(opt.choices)
        elif isinstance(opt.default, bool):
            values = [True, False]
        elif (
            opt.minimum is not None and opt.maximum is not None and opt.maximum - opt.minimum <= 10
        ):
            values = [opt.minimum, opt.maximum]
        found += [{opt.name: v} for v in values if v != opt.default]
    return found


def _allowed(game: Game, players: int, options: Options) -> bool:
    return all(
        opt.players is None or players in opt.players
        for opt in game.options
        if opt.name in options and options[opt.name] != opt.default
    )


CASES: list[Case] = [
    (game, players, options)
    for game in ALL_GAMES
    for options in variants(game)
    for players in game.player_counts
    if _allowed(game, players, options)
]


def case_id(case: Case) -> str:
    game, players, options = case
    return "-".join([game.id, f"{players}p", *(f"{k}={v}" for k, v in options.items())])


def random_match(game: Game, players: int, seed: int, options: Options) -> Match:
    """A seeded random game to the end, held to the game's decision bound."""
    match = Match(game, players, seed, options)
    rng = Rng(seed ^ 0x5EED)
    bound = game.max_decisions(players, match.state.options)
    while not match.state.is_over:
        assert len(match.moves) < bound, f"{game.id} exceeded its bound of {bound} decisions"
        state = match.state
        player = state.to_move[rng.below(len(state.to_move))]
        actions = state.legal_actions(player)
        match.apply(player, actions[rng.below(len(actions))])
    return match


def walk(case: Case, seed: int, check: Check) -> None:
    """Play a seeded random game, calling ``check`` before every decision and at the end."""
    game, players, options = case
    state = game.new(players, seed, options)
    rng = Rng(seed)
    step = 0
    while not state.is_over:
        check(state, step, rng)
        player = state.to_move[rng.below(len(state.to_move))]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.below(len(actions))])
        step += 1
    check(state, step, rng)
