"""Setup, the draw step, sideways cards, reshuffles, banking and closing time."""

from __future__ import annotations

from lastcall.core import Kind, Rng
from lastcall.games.bartender.content import BARTENDER, CUSTOMER, DECK
from lastcall.games.bartender.flow import NAME_OF_SHOWN
from lastcall.games.bartender.game import BartenderState
from lastcall.games.bartender.state import IDLE_ROUNDS, Step

from .bartender_positions import GAME, act, ids, legal, names, new, position, refused

FULL = ["2s", "3s", "4s", "6s", "7s", "8s", "9s"]
"""A full hand: its holder draws nothing from the main deck."""


def cuts(state: BartenderState) -> list[tuple[int, str]]:
    """Each seat's card cut for the first turn, in order, from the public log (``K♥`` there
    is ``kh`` here)."""
    return [
        (e.data["p"], NAME_OF_SHOWN[e.data["card"]])
        for e in state.events(None)
        if e.kind is Kind.CHANCE and "cuts the main deck" in e.text
    ]


def end_turn_quietly(state: BartenderState, player: int) -> None:
    """Take no action, bank nothing, discard nothing."""
    act(state, player, "skip")
    while state.to_move == (player,) and state.phase in (Step.BANK, Step.DISCARD):
        act(state, player, "done")


# ----------------------------------------------------------------- setup


def test_deal_five_and_bar_cards_go_straight_to_the_bar() -> None:
    for seed in range(20):
        state = new(4, seed=seed)
        assert isinstance(state, BartenderState)
        for p in range(4):
            assert all(DECK.kinds[c] not in (BARTENDER, CUSTOMER) for c in state.hands[p])
            assert all(DECK.kinds[c] == BARTENDER for c in state.bars[p])
            assert all(DECK.kinds[c] == CUSTOMER for c in state.customers[p])
            if p != state.current:  # the first player has drawn already
                dealt = len(state.hands[p]) + len(state.bars[p]) + len(state.customers[p])
                assert dealt == 5


def test_fewest_happy_customers_goes_first() -> None:
    state = position(3, bars={0: ["kh"], 1: ["qh"], 2: []}, customers={0: ["2h"], 1: ["4h"]})
    assert state._first_player() == 2


def test_tie_on_happy_broken_by_fewest_customers() -> None:
    state = position(3, bars={2: ["kh"]}, customers={0: ["2h", "4h"], 1: ["5h"]})
    assert state._first_player() == 2
    state = position(3, customers={0: ["2h", "4h"], 1: ["5h"], 2: ["6h", "7h"]})
    assert state._first_player() == 1


def test_still_tied_players_cut_lowest_goes_first_and_cards_go_back() -> None:
    state = position(3, bars={1: ["kh"]}, customers={1: ["2h"]}, deck=["jd", "4c"])
    deck_before = sorted(state.deck)
    first = state._first_player()
    revealed = dict(cuts(state))
    assert set(revealed) == {0, 2}
    assert revealed[first] == "4c"
    assert sorted(state.deck) == deck_before
    assert state.events(None)[-1].text == f"P{first} goes first."


def test_cut_order_ace_counts_ten_faces_rank_above_numbers() -> None:
    rank = {DECK.names[c]: DECK.cut_ranks[c] for c in range(len(DECK.names))}
    assert rank["as"] == rank["10c"] == rank["ah"] == 10
    assert rank["2s"] < rank["10c"] < rank["jd"] < rank["qd"] < rank["kd"]


def test_a_tied_cut_is_cut_again() -> None:
    recuts = 0
    for seed in range(12):
        state = position(2, deck=["as", "10c", "2s"])
        state.rng = Rng(seed)
        first = state._first_player()
        seen = cuts(state)
        rounds = [seen[i : i + 2] for i in range(0, len(seen), 2)]
        recuts += len(rounds) > 1
        for both in rounds[:-1]:
            assert "2s" not in dict(both).values()  # only a tie (Ace against 10) cuts again
        assert (first, "2s") in rounds[-1]
    assert recuts


# ----------------------------------------------------------------- draw step


def test_one_coin_per_happy_customer_up_to_a_hand_of_seven() -> None:
    state = position(
        2,
        hands={1: ["2c", "3c", "4c", "5c", "6c"]},
        bars={1: ["kh", "qh", "jh"]},
        customers={1: ["2h", "4h", "5h"]},
        coins=["2d", "3d", "4d"],
        deck=["7c"],
    )
    end_turn_quietly(state, 0)
    assert state.to_move == (1,) and state.phase == Step.ACTION
    assert names(state.hands[1]) == ["2c", "3c", "4c", "5c", "6c", "2d", "3d"]
    assert names(state.deck) == ["7c"]
    assert names(state.coin_deck) == ["4d"]


def test_main_draw_stops_when_hand_plus_bar_cards_drawn_reach_seven() -> None:
    state = position(
        2, hands={1: ["2c", "3c"]}, deck=["kh", "5c", "2h", "6s", "7c", "8c"], coins=["5d"]
    )
    end_turn_quietly(state, 0)
    assert names(state.hands[1]) == ["2c", "3c", "5c", "6s", "7c"]
    assert names(state.bars[1]) == ["kh"]
    assert names(state.customers[1]) == ["2h"]
    assert names(state.deck) == ["8c"]
    assert names(state.coin_deck) == ["5d"]  # coins come first, when kh was not yet drawn


def test_main_deck_reshuffles_its_discard_pile() -> None:
    state = position(2)
    state.discard = ids("5c", "6c", "7s")
    end_turn_quietly(state, 0)
    assert sorted(names(state.hands[1])) == ["5c", "6c", "7s"]
    assert state.discard == [] and state.deck == []
    assert any("shuffled into a new deck" in e.text for e in state.events(None))


def test_coin_deck_reshuffles_its_discard_pile() -> None:
    state = position(2, bars={1: ["kh"]}, customers={1: ["2h"]}, deck=["5c"])
    state.coin_discard = ids("9d")
    end_turn_quietly(state, 0)
    assert names(state.hands[1]) == ["9d", "5c"]
    assert any("new coin deck" in e.text for e in state.events(None))


def test_drawing_from_exhausted_piles_just_stops() -> None:
    state = position(2, hands={1: ["5c"]}, bars={1: ["kh"]}, customers={1: ["2h"]})
    end_turn_quietly(state, 0)
    assert names(state.hands[1]) == ["5c"] and state.to_move == (1,)


# ----------------------------------------------------------------- sideways


def test_unpaired_bartender_turns_sideways_then_goes_to_market() -> None:
    state = position(2, bars={0: ["kh", "qh"]}, customers={0: ["2h"]})
    end_turn_quietly(state, 0)
    assert [state.sideways[b] for b in state.bars[0]] == [0, 1]  # the latest arrival
    end_turn_quietly(state, 1)
    assert names(state.bars[0]) == ["kh"]
    assert names(state.market) == ["qh"]
    assert not any(state.sideways)


def test_undug_bartender_turns_sideways_before_a_dug_in_one() -> None:
    state = position(2, bars={0: ["kh", "qh", "jh"]}, customers={0: ["2h"]}, shovels={"qh": "5s"})
    end_turn_quietly(state, 0)
    sideways = [DECK.names[b] for b in state.bars[0] if state.sideways[b]]
    assert sorted(sideways) == ["jh", "kh"]


def test_sideways_dug_in_bartender_leaves_with_its_shovel_discarded() -> None:
    state = position(2, bars={0: ["kh"]}, shovels={"kh": "5s"})
    end_turn_quietly(state, 0)
    end_turn_quietly(state, 1)
    assert names(state.market) == ["kh"]
    assert names(state.discard) == ["5s"]
    assert state.shovel[ids("kh")[0]] == -1


def test_sideways_bartender_paired_by_the_next_draw_stays() -> None:
    state = position(2, hands={1: FULL}, bars={0: ["kh", "qh"]}, customers={0: ["2h"]}, deck=["4h"])
    end_turn_quietly(state, 0)
    end_turn_quietly(state, 1)
    assert names(state.bars[0]) == ["kh", "qh"] and state.market == []
    assert not any(state.sideways)


def test_sideways_customer_still_unpaired_is_discarded() -> None:
    state = position(2, hands={1: FULL}, customers={0: ["2h", "4h"]}, deck=["kh"])
    state.to_move = (1,)
    state.current = 1
    end_turn_quietly(state, 1)  # P0 draws kh before it turned anything sideways
    assert names(state.bars[0]) == ["kh"]
    end_turn_quietly(state, 0)
    assert state.sideways_customers[0] == 1
    end_turn_quietly(state, 1)
    assert len(state.customers[0]) == 1
    assert len(state.discard) == 1 and DECK.kinds[state.discard[0]] == CUSTOMER


def test_a_new_customer_does_not_save_a_sideways_customer() -> None:
    state = position(2, hands={1: FULL}, bars={0: ["kh"]}, customers={0: ["2h", "4h"]}, deck=["5h"])
    end_turn_quietly(state, 0)
    assert state.sideways_customers[0] == 1
    end_turn_quietly(state, 1)
    assert len(state.customers[0]) == 2 and len(state.discard) == 1


def test_a_new_bartender_saves_a_sideways_customer() -> None:
    state = position(2, hands={1: FULL}, bars={0: ["kh"]}, customers={0: ["2h", "4h"]}, deck=["qh"])
    end_turn_quietly(state, 0)
    end_turn_quietly(state, 1)
    assert len(state.customers[0]) == 2 and state.discard == []


def test_re_pairing_cannot_rotate_the_risk_away() -> None:
    """Two bartenders and one customer: the sideways one leaves, however they re-pair."""
    state = position(2, bars={0: ["kh", "qh"]}, customers={0: ["2h"]})
    end_turn_quietly(state, 0)
    end_turn_quietly(state, 1)
    assert names(state.bars[0]) == ["kh"] and names(state.market) == ["qh"]
    end_turn_quietly(state, 0)
    assert not any(state.sideways)


def test_a_departure_frees_a_partner_for_a_sideways_bartender() -> None:
    state = position(
        2, hands={1: ["9c"]}, bars={0: ["kh", "qh", "jh"]}, customers={0: ["2h", "4h"]}
    )
    end_turn_quietly(state, 0)
    assert [DECK.names[b] for b in state.bars[0] if state.sideways[b]] == ["jh"]
    act(state, 1, "raid 0 kh")
    act(state, 1, "play 9c")
    act(state, 0, "pass")
    while state.to_move == (1,):
        act(state, 1, "done")
    assert names(state.bars[0]) == ["qh", "jh"] and names(state.market) == ["kh"]


# ----------------------------------------------------------------- bank, discard, end


def test_bank_chosen_coins_and_keep_the_rest() -> None:
    state = position(2, hands={0: ["ad", "5d", "3c"]})
    act(state, 0, "skip")
    assert legal(state, 0) == ["done", "bank ad", "bank 5d"]
    act(state, 0, "bank 5d")
    assert state.bank[0] == 5 and names(state.coin_discard) == ["5d"]
    act(state, 0, "done")
    assert state.phase == Step.DISCARD
    assert names(state.hands[0]) == ["ad", "3c"]


def test_reaching_the_target_wins_at_once() -> None:
    state = position(4, hands={0: ["ad", "5d"]}, bank=[91, 99, 0, 0])
    act(state, 0, "skip")
    act(state, 0, "bank ad")
    assert state.is_over and state.to_move == ()
    assert state.winners() == (0,)
    assert state.scores() == (101.0, 99.0, 0.0, 0.0)
    refused(state, 0, "bank 5d", "end of the game")


def test_voluntary_discard_only_in_step_four() -> None:
    state = position(2, hands={0: ["5c", "7d"], 1: FULL})
    refused(state, 0, "discard 5c", "Taking a Turn")
    act(state, 0, "skip")
    refused(state, 0, "discard 5c", "Taking a Turn")
    act(state, 0, "done")
    assert legal(state, 0) == ["done", "discard 5c", "discard 7d"]
    act(state, 0, "discard 7d")
    assert names(state.coin_discard) == ["7d"]
    act(state, 0, "discard 5c")
    assert names(state.discard) == ["5c"]
    assert state.to_move == (1,)  # an empty hand ends the step


def test_closing_time_ends_a_game_nobody_banks_in() -> None:
    state = position(2, bank=[12, 30])
    state.idle = IDLE_ROUNDS * 2 - 1
    end_turn_quietly(state, 0)
    assert state.is_over
    assert state.winners() == (1,)
    assert any("Closing time" in e.text for e in state.events(None))


def test_banking_resets_the_closing_clock() -> None:
    state = position(2, hands={0: ["2d"]})
    state.idle = IDLE_ROUNDS * 2 - 1
    act(state, 0, "skip")
    act(state, 0, "bank 2d")
    assert not state.is_over and state.idle == 0 and state.to_move == (1,)


def test_a_hand_stuck_game_closes_within_the_bound() -> None:
    """Nobody ever banks: the game still ends, inside the declared bound."""
    state = new(3, seed=5)
    decisions = 0
    while not state.is_over:
        p = state.to_move[0]
        options = state.legal_actions(p)
        choice = next((a for a in options if str(a) in ("skip", "pass", "done")), options[0])
        state.apply(p, choice)
        decisions += 1
    assert state.scores() == (0.0, 0.0, 0.0)
    assert state.winners() == (0, 1, 2)
    assert decisions <= GAME.max_decisions(3, state.options)
    assert state.turn == IDLE_ROUNDS * 3


def test_a_new_customer_saves_a_sideways_bartender_before_a_new_bartender() -> None:
    """Sideways qh, then jh and 4h are drawn together: 4h pairs with qh, which stays;
    jh, unpaired, turns sideways at the end of the turn and leaves a turn later."""
    state = position(
        2,
        hands={0: ["4c", "5c", "6c", "7c", "8c"], 1: FULL},
        bars={0: ["kh", "qh"]},
        customers={0: ["2h"]},
        deck=["jh", "4h"],
    )
    end_turn_quietly(state, 0)
    end_turn_quietly(state, 1)
    assert names(state.bars[0]) == ["kh", "qh", "jh"] and state.market == []
    end_turn_quietly(state, 0)
    assert [DECK.names[b] for b in state.bars[0] if state.sideways[b]] == ["jh"]
    end_turn_quietly(state, 1)
    assert names(state.bars[0]) == ["kh", "qh"] and names(state.market) == ["jh"]


def test_a_bartender_won_at_auction_does_not_push_out_a_sideways_one() -> None:
    state = position(
        2,
        hands={0: ["3c", "4c", "5c", "6c", "7c"], 1: ["2c", *FULL[:6]]},
        bars={0: ["kh", "qh"]},
        customers={0: ["2h"]},
        market=["jd"],
        deck=["4h"],
        coins=["5d"],
    )
    end_turn_quietly(state, 0)
    act(state, 1, "bid jd")
    act(state, 1, "play 2c")
    act(state, 0, "offer 3c")
    act(state, 1, "pass")
    while state.to_move == (1,):
        act(state, 1, "done")
    assert names(state.bars[0]) == ["kh", "qh", "jd"] and state.market == []


def test_a_new_bartender_and_customer_leave_a_sideways_customer_paired() -> None:
    state = position(
        2,
        hands={0: ["4c", "5c", "6c", "7c"], 1: FULL},
        bars={0: ["kh"]},
        customers={0: ["2h", "4h"]},
        deck=["qh", "5h"],
        coins=["5d"],
    )
    end_turn_quietly(state, 0)
    assert state.sideways_customers[0] == 1
    end_turn_quietly(state, 1)
    assert len(state.customers[0]) == 3 and state.discard == []


def test_length_counts_turns_and_rounds_begun_and_the_first_seat_is_remembered() -> None:
    for players in (2, 3, 5):
        state = new(players, seed=players)
        first = state.current
        turns = [e.data for e in state.events(None) if e.kind is Kind.TURN]
        assert turns == [{"n": 1, "p": first}]
        assert state.first_seat() == first
        assert state.length() == {"turns": 1, "rounds": 1}
        for _ in range(players):
            end_turn_quietly(state, state.current)
        assert state.first_seat() == first
        assert state.length() == {"turns": players + 1, "rounds": 2}
        assert state.current == first
