"""What a Bartender player sees: cards with their text, choices naming their targets."""

from __future__ import annotations

from lastcall.core import Rng, Table
from lastcall.games.bartender.game import BartenderState

from .bartender_positions import GAME, act, new, position

NAMES = ("Alice", "Bob", "Chen")


def table(state: BartenderState, seat: int | None) -> Table:
    actions = state.legal_actions(seat) if seat is not None and seat in state.to_move else ()
    return GAME.present(state.view(seat), actions, NAMES[: state.num_players])


def raid_position() -> BartenderState:
    return position(
        3,
        hands={0: ["7d", "9c", "5s", "7d"], 1: ["8c", "3d"], 2: []},
        bars={0: ["kh"], 1: ["qs"], 2: []},
        customers={0: ["2h"], 1: ["4h"], 2: ["6h"]},
        market=["jd"],
        shovels={"qs": "4s"},
        bank=[10, 20, 0],
    )


def test_hand_cards_carry_their_role_value_and_effect() -> None:
    shown = table(raid_position(), 0)
    hand = next(z for z in shown.zones if z.id == "hand-0")
    assert hand.name == "Your hand"
    coins = [c for c in hand.components if c.key == "card:7d"]
    assert [c.id for c in coins] == ["s0-hand-7d-1", "s0-hand-7d-2"]
    assert coins[0].name == "7 of Diamonds" and coins[0].value == 7
    assert coins[0].text.startswith("Coin worth 7. Bank it for 7 profit")
    raider = next(c for c in hand.components if c.key == "card:9c")
    assert raider.name == "9 of Clubs" and "Raider worth 9" in raider.text
    shovel = next(c for c in hand.components if c.key == "card:5s")
    assert "raider above 5" in shovel.text


def test_the_viewer_comes_first_and_rivals_follow_round_the_table() -> None:
    shown = table(raid_position(), 1)
    seats = [z.name for z in shown.zones if z.kind == "seat"]
    assert seats == ["Your bar", "Chen's bar", "Alice's bar"]


def test_a_spectator_sees_backs_with_coins_counted_apart() -> None:
    shown = table(raid_position(), None)
    hand = next(z for z in shown.zones if z.id == "hand-0")
    assert hand.name == "Alice's hand"
    assert [(c.kind, c.name, c.count) for c in hand.components] == [
        ("back", "Coins", 2),
        ("back", "Cards", 2),
    ]
    assert not any(c.key == "card:9c" for z in shown.zones for c in z.components)


def test_a_dug_in_bartender_shows_its_shovel() -> None:
    shown = table(raid_position(), 0)
    found = shown.find("s1-bar-qs")
    assert found is not None
    zone, queen = found
    assert zone.name == "Bob's bar"
    assert "Dug in with the 4 of Spades" in queen.tags
    shovel = shown.find("s1-shovel-4s")
    assert shovel is not None and shovel[1].at == "s1-bar-qs"


def test_actions_are_worded_with_their_targets() -> None:
    shown = table(raid_position(), 0)
    assert shown.prompt is not None and shown.prompt.text == "Take one action, or none"
    raid = shown.choice("raid 1 qs")
    assert raid is not None
    assert raid.label == "Raid Bob's Queen of Spades" and raid.targets == ("s1-bar-qs",)
    assert raid.cost == "a raider"
    advertise = shown.choice("advertise 2")
    assert advertise is not None and advertise.label == "Advertise to Chen's customer"
    assert advertise.targets == ("s2-customer-6h-1",)
    bid = shown.choice("bid jd")
    assert bid is not None and bid.targets == ("market-jd",)
    assert bid.label == "Start a bid on the Jack of Diamonds in the market square"
    dig = shown.choice("dig kh")
    assert dig is not None and dig.targets == ("s0-bar-kh",)


def test_the_card_choice_names_the_action_it_carries_out() -> None:
    state = raid_position()
    act(state, 0, "raid 1 qs")
    shown = table(state, 0)
    assert shown.prompt is not None and shown.prompt.text == "Choose a raider to play"
    play = shown.choice("play 9c")
    assert play is not None
    assert play.label == "Raid Bob's Queen of Spades with the 9 of Clubs"
    assert play.targets == ("s0-hand-9c-1", "s1-bar-qs")


def test_the_defender_is_told_who_attacks_with_what() -> None:
    state = raid_position()
    act(state, 0, "raid 1 qs")
    act(state, 0, "play 9c")
    shown = table(state, 1)
    assert shown.prompt is not None
    assert shown.prompt.text.startswith("Alice raids your Queen of Spades with the 9 of Clubs")
    assert shown.prompt.source == "Raiders"
    block = shown.choice("block 8c")
    assert block is None, "an 8 cannot block a 9"
    let_go = shown.choice("pass")
    assert let_go is not None
    assert let_go.label == "Let the raid through: your Queen of Spades goes to the market square"
    assert "Bob is answering an attack" in table(state, 0).status


def test_an_auction_shows_the_high_bid_and_each_offer() -> None:
    state = raid_position()
    act(state, 0, "bid jd")
    act(state, 0, "play 7d")
    shown = table(state, 1)
    market = next(z for z in shown.zones if z.id == "market")
    assert "high bid is the 7 of Diamonds (7) by Alice" in market.text
    offer = shown.choice("offer 8c")
    assert offer is not None and offer.label == "Bid the 8 of Clubs for the Jack of Diamonds"
    assert offer.targets[-1] == "market-jd"
    passing = shown.choice("pass")
    assert passing is not None and passing.label == "Pass: make no bid for the Jack of Diamonds"


def test_banking_shows_what_it_adds() -> None:
    state = raid_position()
    act(state, 0, "skip")
    shown = table(state, 0)
    bank = shown.choice("bank 7d")
    assert bank is not None and bank.gain == "+7 banked"
    assert bank.targets == ("s0-hand-7d-1", "s0-hand-7d-2")
    done = shown.choice("done")
    assert done is not None and done.label == "Stop banking"


def test_the_final_standings_add_up_by_named_source() -> None:
    state = new(2, seed=4)
    rng = Rng(9)
    while not state.is_over:
        p = state.to_move[0]
        actions = state.legal_actions(p)
        state.apply(p, actions[rng.below(len(actions))])
    shown = table(state, 0)
    assert shown.over and shown.prompt is None
    for standing in shown.standings:
        assert standing.seat is not None
        assert standing.sources == (("Banked coins", state.scores()[standing.seat]),) or (
            standing.score == 0 and not standing.sources
        )
    assert shown.standings[0].rank == 1


def test_the_glossary_explains_every_card_by_name() -> None:
    words = GAME.glossary()
    assert words["Ace of Diamonds"].startswith("Coin worth 10")
    assert "Bartender" in words["King of Clubs"]
    assert "Happy customer" in words and "Market square" in words
    assert GAME.how_to_play().startswith("# Bartender")
