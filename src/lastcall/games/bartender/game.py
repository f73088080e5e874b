"""Bartender as a registered game: its facts, options, action space and the state class."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from lastcall.core import Action, ActionSpace, Game, GameFacts, Observer, Option, Table, register
from lastcall.games.bartender import LISTING
from lastcall.games.bartender.actions import CODE, MAX_SEATS, action_space
from lastcall.games.bartender.content import DECK
from lastcall.games.bartender.flow import BartenderFlow
from lastcall.games.bartender.knowledge import BartenderKnowledge
from lastcall.games.bartender.presentation import glossary, present_table
from lastcall.games.bartender.render import render_view
from lastcall.games.bartender.state import HAND_LIMIT, IDLE_ROUNDS
from lastcall.games.bartender.view import BartenderObserver, BartenderView

_LOWEST_COIN: Final = min(DECK.values[c] for coins in DECK.coin_sets for c in coins)
_BID_VALUES: Final = len({DECK.values[c] for c in DECK.raiders + DECK.coin_sets[0]})


class BartenderState(BartenderFlow, BartenderView, BartenderKnowledge):
    """A Bartender game in progress: fields (state.py), rules (flow.py), views (view.py)
    and what bots need (knowledge.py)."""

    __slots__ = ()


class BartenderGame(Game):
    """Run bars, poach customers, raid rivals and bank the target profit first."""

    id = LISTING.id
    version = LISTING.version
    retired: ClassVar[Mapping[int, str]] = {
        1: "a sideways card was not paired before a newcomer of its kind",
        2: "coin_sets=1 was an ordinary option, contradicting the rulebook's 20 coin cards",
    }
    title = LISTING.title
    summary = LISTING.summary
    min_players = 2
    max_players = MAX_SEATS
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
            "one_coin_set",
            False,
            "play with one set of ten coins, as early decks shipped, instead of the "
            "rulebook's twenty",
            house_rule=True,
        ),
    )
    state_class = BartenderState

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> BartenderState:
        state = BartenderState.__new__(BartenderState)
        state._setup(self, players, seed, options)
        state._advance()
        return state

    def is_action(self, action: Action) -> bool:
        return action in CODE

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
        return render_view(view)

    def _present(
        self, view: Mapping[str, Any], actions: tuple[Action, ...], names: tuple[str, ...]
    ) -> Table:
        return present_table(self, view, actions, names)

    def glossary(self) -> dict[str, str]:
        return glossary()


GAME: Final = register(BartenderGame())
