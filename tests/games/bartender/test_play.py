"""Whole games: card conservation, views, determinize, evaluation and pinned counts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from lastcall.core import Rng, plain
from lastcall.games.bartender.content import COIN, DECK, RAIDER, SHOVEL
from lastcall.games.bartender.game import BartenderState

from .bartender_positions import GAME, act, names, new, position


def every_card(state: BartenderState) -> list[int]:
    zones = [
        state.deck,
        state.discard,
        state.coin_deck,
        state.coin_discard,
        state.market,
        *state.hands,
        *state.bars,
        *state.customers,
        [c for c in state.shovel if c >= 0],
        [c for c in state.pending[3:] if c >= 0],  # a coin or raider awaiting an answer
    ]
    return sorted(c for zone in zones for c in zone)


def random_game(
    players: int, seed: int, options: dict[str, object] | None = None
) -> Iterator[BartenderState]:
    state = new(players, seed=seed, options=options)
    rng = Rng(seed)
    yield state
    while not state.is_over:
        p = state.to_move[0]
        actions = state.legal_actions(p)
        state.apply(p, actions[rng.below(len(actions))])
        yield state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", [{}, {"extra_heart_aces": 2, "one_coin_set": True}])
def test_cards_are_never_lost_or_made(players: int, options: dict[str, object]) -> None:
    for seed in range(3):
        start = None
        for state in random_game(players, seed, options):
            cards = every_card(state)
            start = start or cards
            assert cards == start
            assert len(set(cards)) == len(cards)
            for p in range(players):
                assert len(state.hands[p]) <= 7
        assert state.is_over
        assert state.bank[state.winners()[0]] >= state.target or state.idle >= 10 * players


def test_a_game_with_two_heart_aces_plays_both_as_customers() -> None:
    seen: Counter[int] = Counter()
    for seed in range(6):
        for state in random_game(4, seed, {"extra_heart_aces": 1}):
            for p in range(4):
                for c in state.customers[p]:
                    if DECK.names[c] == "ah":
                        seen[c] += 1
    assert len(seen) == 2


def test_views_show_own_hand_only_and_other_hands_as_counts() -> None:
    state = position(3, hands={0: ["5d", "7c"], 1: ["9s"]}, bars={1: ["kh"]}, customers={1: ["2h"]})
    mine = state.view(0)
    assert mine["hand"] == ["5d", "7c"]
    assert mine["seats"][1]["hand_count"] == 1 and mine["seats"][0]["coins_in_hand"] == 1
    assert "9s" not in str(mine)
    spectator = state.view(None)
    assert "hand" not in spectator
    assert "7c" not in str(spectator) and "9s" not in str(spectator)
    assert spectator["seats"][1]["happy"] == 1
    text = plain(GAME.render(mine))
    assert "Your hand: 5♦ 7♣" in text and "P1 " in text


def test_determinize_keeps_what_the_seat_knows() -> None:
    for state in random_game(4, 9):
        if state.turn >= 6:
            break
    world = state.determinize(0, 123)
    assert world.hands[0] == state.hands[0]
    assert world.bars == state.bars and world.market == state.market
    assert world.discard == state.discard and world.coin_discard == state.coin_discard
    for p in range(1, 4):
        assert len(world.hands[p]) == len(state.hands[p])
        assert [DECK.kinds[c] == COIN for c in world.hands[p]] == [
            DECK.kinds[c] == COIN for c in state.hands[p]
        ]
        assert all(DECK.kinds[c] in (COIN, RAIDER, SHOVEL) for c in world.hands[p])
    assert every_card(world) == every_card(state)


def test_determinized_raider_still_holds_a_raider() -> None:
    """Choosing to raid shows a raider in hand; every re-dealt world keeps one."""
    state = position(
        3,
        current=1,
        hands={1: ["ac", "2s"], 2: ["4s", "6s"]},
        bars={0: ["kh"]},
        deck=["5s", "7s", "8s", "9s", "10s", "as", "3s"],
    )
    act(state, 1, "raid 0 kh")
    for seed in range(30):
        world = state.determinize(0, seed)
        assert [str(a) for a in world.legal_actions(1)] == ["play ac"], seed
        assert any(DECK.kinds[c] == RAIDER for c in world.hands[1])
        assert every_card(world) == every_card(state)


def test_evaluate_is_a_real_heuristic_in_range() -> None:
    ahead = position(2, hands={0: ["ad"]}, bars={0: ["kh"]}, customers={0: ["2h"]}, bank=[150, 20])
    assert ahead.evaluate(0) > ahead.evaluate(1)
    for state in random_game(3, 2):
        for p in range(3):
            assert 0.0 <= state.evaluate(p) <= 1.0
    assert state.evaluate(state.winners()[0]) == 1.0


def test_describe_reads_like_a_sentence() -> None:
    assert GAME.describe(GAME.parse_action("raid 2 kh")) == "raid P2's kh"
    assert GAME.describe(GAME.parse_action("keep 7d")) == "keep the customer with 7d"


def test_pinned_counts_along_a_fixed_playout() -> None:
    """Perft-style: the legal-action counts along a seeded playout are pinned."""
    total = 0
    decisions = 0
    for state in random_game(3, 2024):
        if not state.is_over:
            total += len(state.legal_actions(state.to_move[0]))
            decisions += 1
    assert (decisions, total) == PINNED_PLAYOUT
    assert names(state.market) == PINNED_MARKET


def test_pinned_distinct_sequences_to_depth_six() -> None:
    def count(state: BartenderState, depth: int) -> int:
        if depth == 0 or state.is_over:
            return 1
        p = state.to_move[0]
        total = 0
        for a in state.legal_actions(p):
            child = state.clone()
            child.apply(p, a)
            total += count(child, depth - 1)
        return total

    start = new(4, seed=31)
    assert count(start, 6) == PINNED_PERFT


PINNED_PLAYOUT = (510, 2179)
PINNED_MARKET = ["kh", "kd"]
PINNED_PERFT = 1239
