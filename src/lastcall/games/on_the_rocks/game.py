"""On The Rocks as a registered game: its facts, options, action space and the state class."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from lastcall.core import Action, ActionSpace, Game, GameFacts, Observer, Option, Table, register
from lastcall.games.on_the_rocks import LISTING
from lastcall.games.on_the_rocks.actions import CODE, action_space
from lastcall.games.on_the_rocks.flow import OnTheRocksFlow
from lastcall.games.on_the_rocks.knowledge import OnTheRocksKnowledge
from lastcall.games.on_the_rocks.presentation import glossary, present_table
from lastcall.games.on_the_rocks.render import render_view
from lastcall.games.on_the_rocks.state import ROUND_LIMIT
from lastcall.games.on_the_rocks.view import OnTheRocksObserver, OnTheRocksView

# Decisions one turn can take at most: every choice but a handful of fixed ones
# moves a marble, spends a pick or a card, and a turn sees a bounded number of each.
DECISIONS_PER_TURN: Final = 1000


class OnTheRocksState(OnTheRocksFlow, OnTheRocksView, OnTheRocksKnowledge):
    """An On The Rocks game in progress: fields (state.py), rules (flow.py), views
    (view.py) and what bots need (knowledge.py)."""

    __slots__ = ()


class OnTheRocks(Game):
    """Marble drafting for 2 to 4 mixologists, with tips, complaints and spills."""

    id = LISTING.id
    version = LISTING.version
    retired: ClassVar[Mapping[int, str]] = {
        1: "Top Shelf, the first bonus coin and the timing of gold and Premium picks were fixed",
        2: "the round limit cut Last Call's final turns short; Weak Drink could not take extra "
        "ingredients; marbles drawn by tips could be saved; the bowl's unused ingredients were "
        "lost to an order completed after the Save step",
        3: "the bowl's unused ingredients stayed out of the bag until the turn's end, so tips "
        "played after the Save step could not draw them",
    }
    title = LISTING.title
    summary = LISTING.summary
    min_players = 2
    max_players = 4
    facts = GameFacts(simultaneous=False, chance=True, hidden_information=True)
    options = (
        Option(
            "length", "full", "short game (2 orders) or full game (3 orders)", ("short", "full")
        ),
    )
    state_class = OnTheRocksState

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> OnTheRocksState:
        state = OnTheRocksState.__new__(OnTheRocksState)
        state._setup(self, players, seed, options)
        state._start()
        return state

    def is_action(self, action: Action) -> bool:
        return action in CODE

    def _action_space(self, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        return action_space(players)

    def _observer(self, players: int, options: Mapping[str, Any], space: ActionSpace) -> Observer:
        return OnTheRocksObserver(players, space)

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        # The orders at setup, then the turns: the round limit's, and the final
        # turns of a Last Call called in the last of them.
        length = str(options.get("length", "full"))
        turns = ROUND_LIMIT[length] * players + players - 1
        return players + turns * DECISIONS_PER_TURN

    def render(self, view: Mapping[str, Any]) -> str:
        return render_view(view)

    def _present(
        self, view: Mapping[str, Any], actions: tuple[Action, ...], names: tuple[str, ...]
    ) -> Table:
        return present_table(self, view, actions, names)

    def glossary(self) -> dict[str, str]:
        return glossary()


GAME: Final = register(OnTheRocks())
