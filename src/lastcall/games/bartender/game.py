"""The Bartender game: options, setup, decision bound and text rendering."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from lastcall.core import Action, ActionSpace, Game, GameFacts, Observer, Option, State
from lastcall.games.bartender.cards import DECK
from lastcall.games.bartender.observer import BartenderObserver
from lastcall.games.bartender.state import (
    ALL_ACTIONS,
    HAND_LIMIT,
    IDLE_ROUNDS,
    BartenderState,
    action_space,
)

_LOWEST_COIN = min(DECK.values[c] for coins in DECK.coin_sets for c in coins)
_BID_VALUES = len({DECK.values[c] for c in DECK.raiders + DECK.coin_sets[0]})


class BartenderGame(Game):
    """Run bars, poach customers, raid rivals and bank the target profit first."""

    id = "bartender"
    version = 2
    retired: ClassVar[Mapping[int, str]] = {
        1: "a sideways card was not paired before a newcomer of its kind"
    }
    title = "Bartender"
    summary = (
        "Pair bartenders with customers for coins; advertise, raid, dig in and bid "
        "in open auctions; first to bank the target wins."
    )
    min_players = 2
    max_players = 5
    facts = GameFacts(simultaneous=False, chance=True, hidden_information=True)
    options = (
        Option(
            "extra_heart_aces",
            0,
            "extra Aces of Hearts in the main deck (misprinted decks); each is a customer",
            minimum=0,
            maximum=len(DECK.extra_heart_aces),
        ),
        Option(
            "coin_sets",
            DECK.default_coin_sets,
            "sets of Diamond coins, Ace to 10 (early decks shipped with one)",
            minimum=1,
            maximum=len(DECK.coin_sets),
        ),
    )
    state_class = BartenderState

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        state = BartenderState.__new__(BartenderState)
        state._init_base(self, players, options, seed)
        state.setup(players, options)
        return state

    def is_action(self, action: Action) -> bool:
        return action in ALL_ACTIONS

    def _action_space(self, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        return action_space(players)

    def _observer(self, players: int, options: Mapping[str, Any], space: ActionSpace) -> Observer:
        return BartenderObserver(players, DECK.targets[players], space)

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        """Every coin banked adds at least the lowest coin value, a seat at the target ends
        the game, and closing time ends any run of turns without banking; each turn is a
        bounded number of decisions."""
        target = DECK.targets[players]
        banks = players * ((target - 1) // _LOWEST_COIN + 1)
        idle_run = IDLE_ROUNDS * players
        turns = banks + (banks + 1) * idle_run
        auction = _BID_VALUES + _BID_VALUES * (players - 1)
        per_turn = 2 + 1 + auction + 2 * (HAND_LIMIT + 1)
        return turns * per_turn

    def describe(self, action: Action) -> str:
        verb = action[0]
        phrases = {
            "skip": "take no action",
            "pass": "pass",
            "done": "finish this step",
            "advertise": "advertise to P{}'s customer",
            "raid": "raid P{}'s {}",
            "dig": "dig in {} with a shovel",
            "bid": "start a bid on {}",
            "play": "play {}",
            "keep": "keep the customer with {}",
            "block": "block the raid with {}",
            "offer": "bid {}",
            "bank": "bank {}",
            "discard": "discard {}",
        }
        return phrases[str(verb)].format(*action[1:])

    def render(self, view: Mapping[str, Any]) -> str:
        lines = [
            f"Bartender, turn {view['turn']}: P{view['current']} to play "
            f"({view['phase']}; waiting for "
            f"{', '.join(f'P{p}' for p in view['to_move']) or 'nobody'}). "
            f"Target {view['target']}."
        ]
        for seat in view["seats"]:
            bar = " ".join(
                b["card"]
                + (f"({b['shovel']})" if b["shovel"] else "")
                + ("~" if b["sideways"] else "")
                for b in seat["bartenders"]
            )
            customers = " ".join(seat["customers"])
            sideways = seat["sideways_customers"]
            lines.append(
                f"  P{seat['seat']}: bank {seat['bank']:>3}  hand {seat['hand_count']} "
                f"({seat['coins_in_hand']} coins)  happy {seat['happy']}  "
                f"bar: {bar or '-'} | {customers or '-'}"
                + (f" ({sideways} sideways)" if sideways else "")
            )
        lines.append(
            f"  market: {' '.join(view['market']) or '-'}   deck {view['deck']}  "
            f"coins {view['coin_deck']}  idle turns {view['idle_turns']}/{view['closing_after']}"
        )
        pending = view.get("pending")
        if pending:
            who = f"P{pending['by']}"
            card = f" with {pending['card']}" if pending["card"] else " (choosing the card)"
            what = {
                "advertise": f"advertises to P{pending['target']}'s customer",
                "raid": f"raids P{pending['target']}'s {pending['bartender']}",
                "dig": f"digs in {pending['bartender']}",
                "bid": f"starts a bid on {pending['bartender']}",
            }[pending["action"]]
            lines.append(f"  {who} {what}{card}")
        auction = view.get("auction")
        if auction:
            lines.append(
                f"  auction for {auction['bartender']}: P{auction['high_bidder']} "
                f"leads with {auction['high']}"
            )
        if "hand" in view:
            lines.append(f"  your hand: {' '.join(view['hand']) or '-'}")
        lines.append("  (kh~ is sideways; kh(5s) is dug in with the 5s)")
        return "\n".join(lines)
