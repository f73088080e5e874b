"""Pinned counts of the move tree: any change to what is legal shows up here."""

from __future__ import annotations

import lastcall
from lastcall.core import Rng, State


def _perft(state: State, depth: int) -> int:
    """Distinct (seat, action) sequences of ``depth`` decisions.

    At setup several seats may decide; each seat's each action is a branch.
    """
    if depth == 0 or state.is_over:
        return 1
    total = 0
    for seat in state.to_move:
        for action in state.legal_actions(seat):
            child = state.clone()
            child.apply(seat, action)
            total += _perft(child, depth - 1)
    return total


def test_perft_from_seed_11_with_three_players() -> None:
    # Counted once with _perft on new(3, seed=11) under version 2 and pinned:
    # depth 1 is P0's three setup choices plus P1's four plus P2's three (10);
    # depth 3 reaches 562 sequences and depth 4, with the first turns, 3094
    # (every seat now answers setup with ``ready``, even with nothing left to place).
    state = lastcall.game("barista").new(3, seed=11)
    assert [_perft(state, d) for d in (1, 2, 3, 4)] == [10, 83, 562, 3094]


def test_legal_action_counts_along_a_seeded_random_playout() -> None:
    # Up to 400 decisions of a random game (seat and action chosen with Rng(2024));
    # the game ends after 90 under version 2. The sum of the legal-action counts met
    # on the way was computed once and pinned.
    state = lastcall.game("barista").new(3, seed=11)
    rng = Rng(2024)
    counts: list[int] = []
    while not state.is_over and len(counts) < 400:
        seat = state.to_move[rng.below(len(state.to_move))]
        actions = state.legal_actions(seat)
        counts.append(len(actions))
        state.apply(seat, actions[rng.below(len(actions))])
    assert counts[:12] == [4, 3, 3, 2, 3, 2, 2, 4, 3, 3, 2, 5]
    assert (len(counts), sum(counts)) == (90, 257)
