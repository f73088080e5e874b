"""Distilled as a registered game: its facts, action space, observer and the state class."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from lastcall.core import Action, ActionSpace, Game, GameFacts, Observer, Option, Table, register
from lastcall.games.distilled import LISTING
from lastcall.games.distilled import actions as act
from lastcall.games.distilled.content import CONTENT
from lastcall.games.distilled.flow import DistilledFlow
from lastcall.games.distilled.knowledge import DistilledKnowledge
from lastcall.games.distilled.presentation import present_table
from lastcall.games.distilled.render import render_view
from lastcall.games.distilled.state import ROUNDS
from lastcall.games.distilled.texts import glossary
from lastcall.games.distilled.view import DistilledObserver, DistilledView

_C: Final = CONTENT


class DistilledState(DistilledFlow, DistilledView, DistilledKnowledge):
    """A game of Distilled in progress: fields (state.py), rules (flow.py), views (view.py)
    and what bots need (knowledge.py)."""

    __slots__ = ()


class Distilled(Game):
    id = LISTING.id
    version = LISTING.version
    retired: ClassVar[Mapping[int, str]] = {
        1: "six distillery upgrades had their first numbers, before their take rates were "
        "measured (Delivery Truck, Storage Silo, Copper Condenser, Cellar Master, Grain "
        "Broker, Architect)",
        2: "signature spirits' sales paid recipe money, which the rulebook gives only to vodka "
        "and moonshine; basic sugars sold for as much as some premium ones; six pairs of "
        "upgrades shared one ability; views listed a water peek's taken card during the "
        "replace step",
    }
    title = LISTING.title
    summary = LISTING.summary
    min_players = _C.rules.min_players
    max_players = _C.rules.max_players
    facts = GameFacts(simultaneous=True, chance=True, hidden_information=True)
    options = (
        Option(
            "signature_money",
            False,
            "a signature spirit's sale also pays the money printed on its distiller card "
            "(the rulebook pays recipe money only for vodka and moonshine)",
        ),
    )
    state_class = DistilledState

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> DistilledState:
        state = DistilledState.__new__(DistilledState)
        state._setup(self, players, seed, options)
        state._advance()
        return state

    def is_action(self, action: Action) -> bool:
        return action in act.KNOWN

    def _action_space(self, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        return act.SPACE

    def _observer(self, players: int, options: Mapping[str, Any], space: ActionSpace) -> Observer:
        return DistilledObserver(players, space)

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        # Setup: 2 decisions a seat. A round, per seat: 1 ability; at most PURCHASES market
        # purchases of at most 4 decisions each (the card, a water's peek and take, an
        # upgrade's replacement) and a pass; a trade of 2; one vat decision per pantry card
        # (at most PANTRY_MOST); a recipe and a barrel; at most CAPACITY_MOST + 1 sales of at
        # most 5 decisions each (spirit, bottle, space, pick, replacement or claim) and done;
        # a tasting. See docs/rules/distilled.md, "How long a game can be".
        purchases = _C.rules.purchases_per_market
        sales = (act.CAPACITY_MOST + 1) * 5 + 1
        per_round = 1 + purchases * 4 + 1 + 2 + PANTRY_MOST + 2 + sales + 1
        return players * (2 + ROUNDS * per_round)

    def render(self, view: Mapping[str, Any]) -> str:
        return render_view(view)

    def _present(
        self, view: Mapping[str, Any], actions: tuple[Action, ...], names: tuple[str, ...]
    ) -> Table:
        return present_table(self, view, actions, names)

    def glossary(self) -> dict[str, str]:
        return glossary()


PANTRY_MOST: Final = 4 + ROUNDS * (_C.rules.purchases_per_market + 6)
"""A pantry's most cards: the start, then a round's purchases and at most 6 other arrivals
(Booker's card, a trade's, two removed by distillation, a spring water's, a label bonus)."""


GAME: Final = register(Distilled())
