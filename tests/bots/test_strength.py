"""Constructed positions: the greedy bot takes a win in one, ISMCTS finds a deeper forced win."""

from __future__ import annotations

import json

import pytest

from lastcall.bots import IsmctsBot, Seat, make_bot
from lastcall.bots.measure import ismcts_iterations_per_second, main
from lastcall.core import Action, LastcallError, State
from tests.toys.tricks import GAME, position


def exact_value(state: State, player: int) -> float:
    """Minimax value for ``player`` of a two-seat position with nothing hidden or left to chance."""
    if not state.to_move:
        return state.evaluate(player)
    mover = state.to_move[0]
    values = []
    for action in state.legal_actions(mover):
        after = state.clone()
        after.apply(mover, action)
        values.append(exact_value(after, player))
    return max(values) if mover == player else min(values)


def winning_moves(state: State, player: int) -> list[Action]:
    wins = []
    for action in state.legal_actions(player):
        after = state.clone()
        after.apply(player, action)
        if exact_value(after, player) == 1.0:
            wins.append(action)
    return wins


@pytest.mark.parametrize("seed", range(5))
def test_greedy_takes_the_winning_trick(seed: int) -> None:
    # P1 has two tricks of three; only the 8 beats the 7 on the table.
    state = position([[3, 4], [1, 2, 8]], tricks=[1, 2], table=[(0, 7)])
    assert make_bot("greedy", seed).choose(Seat(state, 1)) == Action("play", 8)


@pytest.mark.parametrize(
    ("hands", "tricks"),
    [
        ([[2, 7, 9], [3, 5, 8]], [0, 0]),
        ([[4, 7, 12], [5, 6, 10]], [0, 0]),
        ([[1, 8, 12], [5, 6, 10]], [1, 1]),
    ],
)
@pytest.mark.parametrize("seed", range(3))
def test_ismcts_finds_the_only_forced_win(
    hands: list[list[int]], tricks: list[int], seed: int
) -> None:
    # The deck is empty, so the unseen cards are exactly P1's hand and the seat knows everything.
    state = position(hands, tricks=tricks)
    wins = winning_moves(state, 0)
    assert len(wins) == 1
    assert wins[0] != Action("play", max(hands[0]))
    assert make_bot("ismcts", seed).choose(Seat(state, 0)) == wins[0]


def test_time_budget_runs_at_least_one_iteration() -> None:
    bot = make_bot("ismcts:ms=0.001")
    assert isinstance(bot, IsmctsBot)
    state = GAME.new(2, seed=1)
    assert bot.choose(Seat(state, 0)) in state.legal_actions(0)
    assert bot.last_iterations >= 1


def test_iteration_count_is_exact() -> None:
    bot = make_bot("ismcts:iters=37")
    assert isinstance(bot, IsmctsBot)
    bot.choose(Seat(GAME.new(2, seed=1), 0))
    assert bot.last_iterations == 37


def test_measured_rate_is_positive() -> None:
    rate = ismcts_iterations_per_second(GAME, 2, seed=3, seconds=0.05, spec="ismcts:iters=20")
    assert rate > 0


def test_measure_wants_an_ismcts_spec() -> None:
    with pytest.raises(LastcallError, match="not an ismcts bot"):
        ismcts_iterations_per_second(GAME, 2, spec="greedy")


def test_rate_command_prints_each_game(capsys: pytest.CaptureFixture[str]) -> None:
    main(["barista", "--seconds", "0.05", "--spec", "ismcts:iters=10", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert report["spec"] == "ismcts:iters=10"
    assert report["games"]["barista"]["players"] == 2
    assert report["games"]["barista"]["iterations_per_sec"] > 0
