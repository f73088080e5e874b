"""The table as text: suits as symbols with a legend, counts in words, nothing stale."""

from __future__ import annotations

import re

from lastcall.core import Rng, plain
from lastcall.games.bartender.game import BartenderState

from .bartender_positions import GAME, act, new, position

LEGEND = "♥ h customers  ♦ d coins  ♣ c raiders  ♠ s shovels  J Q K bartenders (any suit)"


def shown(state: BartenderState, viewer: int | None) -> str:
    return plain(GAME.render(state.view(viewer)))


def test_cards_show_their_suit_and_the_legend_says_what_each_suit_does() -> None:
    state = position(
        3,
        hands={0: ["5d", "10c", "as"], 1: ["7d"]},
        bars={0: ["kh", "qs"], 1: ["jd"]},
        customers={0: ["2h"], 1: ["ah", "4h"]},
        market=["kc"],
        shovels={"kh": "5s"},
    )
    state.sideways[state.bars[0][1]] = 1
    state.sideways_customers[1] = 1
    text = shown(state, 0)
    lines = text.splitlines()
    assert lines[1] == LEGEND
    assert "Your hand: 5♦ 10♣ A♠" in text
    assert "bar K♥(5♠) Q♠~ | 2♥" in text
    assert "bar J♦ | A♥ 4♥~" in text  # the sideways customer is the latest to arrive
    assert "Market: K♣." in text
    assert "(~ is turned sideways; a card in brackets is the shovel it is dug in with)" in text
    assert lines[-1] == "P0 takes one action, or skips."
    coloured = GAME.render(state.view(0))
    assert "[red]2♥[/]" in coloured and "[yellow]5♦[/]" in coloured
    assert "[bold magenta]K♥[/]([cyan]5♠[/])" in coloured
    assert "Your hand" not in shown(state, None)


def test_counts_read_as_words_one_card_one_coin() -> None:
    state = position(2, hands={0: ["5d"], 1: ["7c", "8c"]}, deck=["2c"], coins=["3d"])
    text = shown(state, 1)
    assert "P0       banked   0  1 card (1 coin)" in text
    assert "P1 (you) banked   0  2 cards (0 coins)" in text
    assert "Main deck 1 card, coin deck 1 coin." in text


def test_no_count_anywhere_is_a_wrong_plural() -> None:
    wrong = re.compile(r"(?<![\d.])1 (cards|coins|turns)\b")
    for seed in range(4):
        state = new(2 + seed, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            for viewer in (None, *range(state.num_players)):
                assert not wrong.search(shown(state, viewer))
            p = state.to_move[0]
            actions = state.legal_actions(p)
            state.apply(p, actions[rng.below(len(actions))])


def test_the_pending_action_is_shown_while_it_waits_and_never_after() -> None:
    state = position(3, hands={0: ["3d", "9c", "6d", "2s"], 1: ["5c"], 2: []}, market=["jd"])
    act(state, 0, "bid jd")
    assert shown(state, 1).splitlines()[-1] == "P0 chooses the card to bid on J♦."
    act(state, 0, "play 3d")
    last = shown(state, 1).splitlines()[-1]
    assert last == "Auction for J♦: P0 leads with 3♦; P1 bids higher or passes."
    act(state, 1, "offer 5c")
    act(state, 2, "pass")
    act(state, 0, "pass")
    text = shown(state, 0)
    assert "bar J♦ | -" in text
    assert "Auction" not in text and "bid on" not in text
    assert text.splitlines()[-1] == "P0 banks coins, or is done."


def test_an_answer_awaited_names_the_card_and_who_answers() -> None:
    state = position(3, hands={0: ["7d", "2s"], 1: ["7d"]}, customers={1: ["2h"]})
    act(state, 0, "advertise 1")
    act(state, 0, "play 7d")
    last = shown(state, 1).splitlines()[-1]
    assert last == (
        "P0 plays 7♦ to advertise to P1's customer: "
        "P1 may keep the customer with an equal or higher coin, or pass."
    )
    act(state, 1, "keep 7d")
    assert "plays 7♦" not in shown(state, 0)
