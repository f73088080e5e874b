"""Searching sealed simultaneous choices: no seat's statistics may see another's secret."""

from __future__ import annotations

from lastcall.bots import IsmctsBot, Seat
from lastcall.bots.search import Node
from tests.toys.toss import TOSS


def _mean(node: Node, seat: int) -> float:
    kids = list(node.children.values())
    return sum(k.reward[seat] for k in kids) / sum(k.visits for k in kids)


def test_a_seat_deciding_after_another_in_a_sealed_stage_does_not_see_its_choice() -> None:
    """Rock, paper, scissors: if the second seat's node hung below the first seat's sign,
    the search would let it answer that sign and win nearly every round."""
    state = TOSS.new(2, seed=1)
    bot = IsmctsBot(seed=3, iters=4000, depth=50)
    root = bot._search(Seat(state, 0))
    assert root.seats is not None and set(root.seats) == {0, 1}
    first = _mean(root.seats[0], 0)
    second = _mean(root.seats[1], 1)
    assert abs(first - second) < 0.06, (first, second)
    assert not root.children, "sealed decisions never hang from the stage node itself"


def test_the_bot_answers_its_own_sealed_choice() -> None:
    state = TOSS.new(3, seed=2)
    action = IsmctsBot(seed=1, iters=300).choose(Seat(state, 1))
    assert action in state.legal_actions(1)
