"""Step 2 and the out-of-turn answers: advertising, raiding, digging in and open auctions."""

from __future__ import annotations

from lastcall.games.bartender.state import Step

from .bartender_positions import act, ids, legal, names, position, refused


def test_one_action_choices_and_skip() -> None:
    state = position(
        3,
        hands={0: ["5d", "7c", "6s"]},
        bars={0: ["kh"], 1: ["qh"], 2: []},
        customers={1: ["2h"], 2: ["4h"]},
        market=["jd"],
    )
    assert legal(state, 0) == [
        "skip",
        "advertise 1",
        "raid 1 qh",
        "advertise 2",
        "bid jd",
        "dig kh",
    ]
    act(state, 0, "skip")
    assert state.phase == Step.BANK and state.to_move == (0,)


def test_actions_need_their_cards() -> None:
    state = position(3, hands={0: ["6s"]}, bars={1: ["qh"]}, customers={1: ["2h"]}, market=["jd"])
    refused(state, 0, "advertise 1", "Coins and Advertising")
    refused(state, 0, "raid 1 qh", "Raiders")
    refused(state, 0, "bid jd", "Bidding")
    refused(state, 0, "dig qh", "Shovels and Digging In")
    refused(state, 0, "keep 5d", "Taking a Turn")


def test_advertise_owner_keeps_with_an_equal_coin_both_coins_discarded() -> None:
    state = position(3, hands={0: ["7d", "2s"], 1: ["7d", "3d"]}, customers={1: ["2h"]})
    act(state, 0, "advertise 1")
    assert legal(state, 0) == ["play 7d"]
    act(state, 0, "play 7d")
    assert state.phase == Step.DEFEND and state.to_move == (1,)
    assert legal(state, 1) == ["pass", "keep 7d"]
    refused(state, 1, "keep 3d", "Coins and Advertising")
    refused(state, 0, "pass", "turns")
    act(state, 1, "keep 7d")
    assert names(state.customers[1]) == ["2h"]
    assert names(state.coin_discard) == ["7d", "7d"]
    assert names(state.hands[1]) == ["3d"]
    assert state.to_move == (0,)


def test_advertise_succeeds_customer_moves_to_the_advertiser() -> None:
    state = position(3, hands={0: ["ad"], 1: ["9d"]}, bars={0: ["kh"]}, customers={1: ["2h"]})
    act(state, 0, "advertise 1")
    act(state, 0, "play ad")
    assert legal(state, 1) == ["pass"]  # a 9 cannot keep against an Ace (10)
    act(state, 1, "pass")
    assert state.customers[1] == () and names(state.customers[0]) == ["2h"]
    assert names(state.coin_discard) == ["ad"]
    assert names(state.hands[1]) == ["9d"]


def test_advertising_takes_a_sideways_customer_first() -> None:
    state = position(2, hands={0: ["5d"]}, bars={1: ["kh"]}, customers={1: ["2h", "4h"]})
    state.sideways_customers[1] = 1
    act(state, 0, "advertise 1")
    act(state, 0, "play 5d")
    act(state, 1, "pass")
    assert state.sideways_customers[1] == 0 and len(state.customers[1]) == 1


def test_raid_blocked_by_an_equal_raider_all_raiders_discarded() -> None:
    state = position(3, hands={0: ["6c", "2s"], 1: ["ac", "2c"]}, bars={1: ["qh"]})
    act(state, 0, "raid 1 qh")
    act(state, 0, "play 6c")
    assert state.to_move == (1,)
    assert legal(state, 1) == ["pass", "block ac"]
    refused(state, 1, "block 2c", "Raiders")
    act(state, 1, "block ac")
    assert names(state.bars[1]) == ["qh"]
    assert names(state.discard) == ["6c", "ac"]


def test_a_raid_with_a_ten_is_blocked_by_an_ace() -> None:
    """Equal values block, and an Ace is worth 10."""
    state = position(3, hands={0: ["10c", "2s"], 1: ["ac", "9c"]}, bars={1: ["qh"]})
    act(state, 0, "raid 1 qh")
    act(state, 0, "play 10c")
    assert legal(state, 1) == ["pass", "block ac"]
    refused(state, 1, "block 9c", "Raiders")
    act(state, 1, "block ac")
    assert names(state.bars[1]) == ["qh"]
    assert names(state.discard) == ["10c", "ac"]


def test_raid_succeeds_bartender_goes_to_the_market() -> None:
    state = position(
        3, hands={0: ["9c", "2s"]}, bars={1: ["qh", "kh"]}, customers={1: ["2h", "4h"]}
    )
    act(state, 0, "raid 1 kh")
    act(state, 0, "play 9c")
    act(state, 1, "pass")
    assert names(state.bars[1]) == ["qh"] and names(state.market) == ["kh"]
    assert state.view(None)["seats"][1]["happy"] == 1
    assert names(state.discard) == ["9c"]


def test_raid_on_a_dug_in_bartender_must_beat_the_shovel() -> None:
    state = position(3, hands={0: ["5c", "2s"], 1: ["ac"]}, bars={1: ["qh"]}, shovels={"qh": "5s"})
    act(state, 0, "raid 1 qh")
    act(state, 0, "play 5c")
    assert state.to_move == (0,) and state.phase == Step.BANK
    assert names(state.bars[1]) == ["qh"]
    assert names(state.discard) == ["5c"]
    assert state.shovel[ids("qh")[0]] >= 0
    assert any("the raid fails" in e.text for e in state.events(None))


def test_raider_beating_the_shovel_discards_it_and_the_owner_may_still_block() -> None:
    state = position(3, hands={0: ["6c", "2s"], 1: ["7c"]}, bars={1: ["qh"]}, shovels={"qh": "5s"})
    act(state, 0, "raid 1 qh")
    act(state, 0, "play 6c")
    assert state.to_move == (1,) and state.phase == Step.DEFEND
    assert state.shovel[ids("qh")[0]] == -1
    assert names(state.discard) == ["5s"]
    act(state, 1, "block 7c")
    assert names(state.bars[1]) == ["qh"]
    assert names(state.discard) == ["5s", "6c", "7c"]


def test_dig_in_and_replace_only_with_a_higher_shovel() -> None:
    state = position(3, hands={0: ["4s", "9s", "as"]}, bars={0: ["kh"]}, shovels={"kh": "5s"})
    act(state, 0, "dig kh")
    assert legal(state, 0) == ["play 9s", "play as"]
    refused(state, 0, "play 4s", "Shovels and Digging In")
    act(state, 0, "play 9s")
    assert names([state.shovel[ids("kh")[0]]]) == ["9s"]
    assert names(state.discard) == ["5s"]
    state = position(3, hands={0: ["4s"]}, bars={0: ["kh"]}, shovels={"kh": "5s"})
    assert "dig kh" not in legal(state, 0)
    refused(state, 0, "dig kh", "Shovels and Digging In")
    refused(state, 0, "dig qh", "Shovels and Digging In")


def test_an_ace_and_a_ten_are_equal_against_a_shovel() -> None:
    """An Ace is worth 10: a 10 neither replaces an Ace shovel nor beats it as a raider."""
    state = position(3, hands={0: ["10s", "10c"]}, bars={0: ["kh"]}, shovels={"kh": "as"})
    assert "dig kh" not in legal(state, 0)
    refused(state, 0, "dig kh", "Shovels and Digging In")
    state = position(3, hands={0: ["10c", "2s"]}, bars={1: ["qh"]}, shovels={"qh": "as"})
    act(state, 0, "raid 1 qh")
    act(state, 0, "play 10c")
    assert names(state.bars[1]) == ["qh"] and names(state.discard) == ["10c"]
    assert state.to_move == (0,) and state.phase == Step.BANK


def test_auction_goes_around_each_bid_higher_ends_when_all_pass() -> None:
    state = position(
        3,
        hands={0: ["3d", "9c", "2s"], 1: ["5c", "3c"], 2: ["6d", "ad"]},
        market=["jd", "kd"],
    )
    act(state, 0, "bid kd")
    assert legal(state, 0) == ["play 3d", "play 9c"]
    act(state, 0, "play 3d")
    assert state.view(None)["phase"] == "auction" and state.to_move == (1,)
    assert legal(state, 1) == ["pass", "offer 5c"]  # 3c does not beat 3d
    refused(state, 1, "offer 3c", "Bidding")
    act(state, 1, "offer 5c")
    assert state.to_move == (2,)
    act(state, 2, "pass")
    assert state.to_move == (0,)
    act(state, 0, "offer 9c")
    assert state.to_move == (1,)
    act(state, 1, "pass")
    assert state.to_move == (2,)  # a seat that passed may come back in
    assert legal(state, 2) == ["pass", "offer ad"]
    act(state, 2, "offer ad")
    act(state, 0, "pass")
    act(state, 1, "pass")
    assert names(state.bars[2]) == ["kd"] and names(state.market) == ["jd"]
    assert sorted(names(state.coin_discard)) == ["3d", "ad"]
    assert sorted(names(state.discard)) == ["5c", "9c"]
    assert state.to_move == (0,) and state.phase == Step.BANK


def test_auction_starter_wins_when_everyone_passes() -> None:
    state = position(4, hands={0: ["2c", "2s"], 1: ["ad"], 2: [], 3: ["9d"]}, market=["jd"])
    act(state, 0, "bid jd")
    act(state, 0, "play 2c")
    for seat in (1, 2, 3):
        assert state.to_move == (seat,)
        act(state, seat, "pass")
    assert names(state.bars[0]) == ["jd"]
    assert names(state.hands[1]) == ["ad"]
    assert names(state.discard) == ["2c"]


def test_won_bartender_arrives_upright_and_undug() -> None:
    state = position(2, hands={0: ["4c", "2s"]}, market=["jd"])
    act(state, 0, "bid jd")
    act(state, 0, "play 4c")
    act(state, 1, "pass")
    b = ids("jd")[0]
    assert state.shovel[b] == -1 and state.sideways[b] == 0


def test_answers_out_of_place_name_the_rule_being_answered() -> None:
    state = position(3, hands={0: ["6c", "2s"], 1: ["7c", "5d"]}, bars={1: ["qh"]})
    act(state, 0, "raid 1 qh")
    act(state, 0, "play 6c")
    refused(state, 1, "keep 5d", "Raiders")
    refused(state, 1, "discard 7c", "Taking a Turn")
    state = position(3, hands={0: ["6d", "2s"], 1: ["7c", "5d"]}, customers={1: ["2h"]})
    act(state, 0, "advertise 1")
    act(state, 0, "play 6d")
    refused(state, 1, "block 7c", "Coins and Advertising")
    refused(state, 1, "keep 5d", "Coins and Advertising")
