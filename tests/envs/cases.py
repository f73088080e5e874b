"""The games every adapter is tested on: each registered game at each player count, and the toys.

The toys bring what no built game has yet: Toss's sealed simultaneous
choices and Pile's robot, a rival that is not a seat.
"""

from __future__ import annotations

from typing import Any

import lastcall
from lastcall.core import Game
from tests.toys.pile import PILE
from tests.toys.toss import TOSS

Case = tuple[Game, int, dict[str, Any]]

REGISTERED: list[Case] = [
    (game, players, {})
    for game in (lastcall.game(g) for g in lastcall.games())
    for players in game.player_counts
]
TOYS: list[Case] = [
    (TOSS, 2, {}),
    (TOSS, 3, {}),
    (PILE, 1, {"robot": True}),
    (PILE, 2, {"robot": True}),
    (PILE, 3, {}),
]
ALL: list[Case] = REGISTERED + TOYS


def case_id(case: Case) -> str:
    game, players, options = case
    return "-".join([game.id, f"{players}p", *(f"{k}={v}" for k, v in options.items())])
