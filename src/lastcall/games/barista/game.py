"""Barista as a registered game: its facts, options, action space and the state class."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from lastcall.core import Action, ActionSpace, Game, GameFacts, Observer, Option, Table, register
from lastcall.games.barista import LISTING
from lastcall.games.barista.actions import CODE, MAX_PLAYERS, action_space
from lastcall.games.barista.flow import BaristaFlow
from lastcall.games.barista.knowledge import BaristaKnowledge
from lastcall.games.barista.presentation import glossary, present_table
from lastcall.games.barista.render import render_view
from lastcall.games.barista.state import HAND_SIZE
from lastcall.games.barista.view import BaristaObserver, BaristaView


class BaristaState(BaristaFlow, BaristaView, BaristaKnowledge):
    """A Barista game in progress: fields (state.py), rules (flow.py), views (view.py)
    and what bots need (knowledge.py)."""

    __slots__ = ()


class Barista(Game):
    id = LISTING.id
    version = LISTING.version
    retired: ClassVar[Mapping[int, str]] = {
        1: "setup did not ask seats with nothing to place, and a challenger always paid when "
        "another player completed the order in the final turns"
    }
    title = LISTING.title
    summary = LISTING.summary
    min_players = 2
    max_players = MAX_PLAYERS
    facts = GameFacts(simultaneous=False, chance=True, hidden_information=True)
    options = (
        Option(
            "turn_limit",
            5000,
            "turns after which an unfinished game ends, ranked by tips",
            minimum=10,
            maximum=100_000,
        ),
    )
    state_class = BaristaState

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> BaristaState:
        state = BaristaState.__new__(BaristaState)
        state._setup(self, players, seed, options)
        state._advance()
        return state

    def is_action(self, action: Action) -> bool:
        return action in CODE

    def _action_space(self, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        return action_space(players)

    def _observer(self, players: int, options: Mapping[str, Any], space: ActionSpace) -> Observer:
        return BaristaObserver(players, space)

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        # A turn is at most: challenge, play, die or target, discard (4 decisions).
        # Each round opens with at most 5 setup decisions a seat, and every round
        # but those ending at setup takes a turn; setup-only rounds pay two tips.
        turns = int(options["turn_limit"])
        rounds = turns + 3 * players
        return 4 * turns + rounds * (HAND_SIZE + 1) * players

    def render(self, view: Mapping[str, Any]) -> str:
        return render_view(view)

    def _present(
        self, view: Mapping[str, Any], actions: tuple[Action, ...], names: tuple[str, ...]
    ) -> Table:
        return present_table(self, view, actions, names)

    def glossary(self) -> dict[str, str]:
        return glossary()


GAME: Final = register(Barista())
