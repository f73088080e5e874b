"""Every bot plays legal moves only, is a function of its seed and sees only its seat."""

from __future__ import annotations

from typing import Any

import pytest

from lastcall.bots import Bot, Seat, make_bot
from lastcall.core import Action, State
from tests.toys.tricks import GAME, position

SPECS = ("random", "greedy", "greedy:samples=1", "ismcts:iters=40", "ismcts:ms=1,depth=0")


def play(specs: list[str], seed: int, *, last_first: bool = False) -> list[Action]:
    """One game of the toy; with ``last_first`` out-of-turn answers are asked in reverse."""
    state = GAME.new(len(specs), seed)
    bots = [make_bot(spec, seed * 7 + i) for i, spec in enumerate(specs)]
    moves: list[Action] = []
    while state.to_move:
        player = state.to_move[-1] if last_first else state.to_move[0]
        legal = state.legal_actions(player)
        action = bots[player].choose(Seat(state, player))
        assert action in legal
        state.apply(player, action)
        moves.append(action)
    return moves


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("players", [2, 3])
def test_only_legal_actions(spec: str, players: int) -> None:
    for seed in range(6):
        play([spec] * players, seed, last_first=seed % 2 == 1)


@pytest.mark.parametrize("spec", ["random", "greedy", "ismcts:iters=30"])
def test_same_seed_same_choices(spec: str) -> None:
    runs = [[play([spec, spec, "random"], seed) for seed in range(4)] for _ in range(2)]
    assert runs[0] == runs[1]


@pytest.mark.parametrize("spec", ["random", "ismcts:iters=30"])
def test_the_seed_steers_the_choices(spec: str) -> None:
    state = GAME.new(2, seed=11)
    games = {
        tuple(play_from(state, [make_bot(spec, seed), make_bot(spec, seed)])) for seed in range(6)
    }
    assert len(games) > 1


def play_from(state: State, bots: list[Bot]) -> list[Action]:
    state = state.clone()
    moves = []
    while state.to_move:
        player = state.to_move[0]
        action = bots[player].choose(Seat(state, player))
        state.apply(player, action)
        moves.append(action)
    return moves


class _Sealed:
    """Stands where a seat's true state would be; any touch is a failure."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"a bot reached into the true state ({name})")


class SealedSeat(Seat):
    """A seat that answers only through the public window, holding the state out of reach."""

    __slots__ = ("_hidden",)

    def __init__(self, state: State, player: int) -> None:
        super().__init__(_Sealed(), player)  # type: ignore[arg-type]
        self._hidden = (state,)

    @property
    def game(self) -> Any:
        return self._hidden[0].game

    @property
    def num_players(self) -> int:
        return self._hidden[0].num_players

    def view(self) -> dict[str, Any]:
        return self._hidden[0].view(self.player)

    def legal_actions(self) -> tuple[Action, ...]:
        return self._hidden[0].legal_actions(self.player)

    def determinize(self, seed: int) -> State:
        return self._hidden[0].determinize(self.player, seed)


@pytest.mark.parametrize("spec", SPECS)
def test_bots_need_only_the_window(spec: str) -> None:
    state = GAME.new(3, seed=4)
    bot = make_bot(spec, 1)
    while state.to_move:
        player = state.to_move[0]
        state.apply(player, bot.choose(SealedSeat(state, player)))


@pytest.mark.parametrize("spec", SPECS[:4])
def test_choice_depends_only_on_what_the_seat_sees(spec: str) -> None:
    """Two positions that differ only in hidden cards get the same answer."""
    first = position([[2, 7, 11], [1, 5, 9]], deck=[3, 4, 6, 8, 10, 12])
    second = position([[2, 7, 11], [4, 8, 12]], deck=[1, 3, 5, 6, 9, 10])
    assert first.view(0) == second.view(0)
    assert first != second
    answers = [make_bot(spec, 3).choose(Seat(s, 0)) for s in (first, second)]
    assert answers[0] == answers[1]


def _bots(spec: str) -> list[Bot]:
    return [make_bot(spec, seed) for seed in range(3)]


@pytest.mark.parametrize("spec", ["greedy", "ismcts:iters=30"])
def test_out_of_turn_answer_for_a_seat_not_asked_first(spec: str) -> None:
    """With several seats in to_move, a bot may be asked for any of them."""
    state = position([[2], [3, 11], [5, 9]], leader=0, table=[(0, 10)])
    assert state.to_move == (1, 2)
    for bot in _bots(spec):
        assert bot.choose(Seat(state, 2)) in state.legal_actions(2)
