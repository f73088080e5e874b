"""The Mix as a registered game: its facts, options, action space and the state class."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from lastcall.core import Action, ActionSpace, Game, GameFacts, Observer, Option, Table, register
from lastcall.games.the_mix import LISTING
from lastcall.games.the_mix.actions import CODE, action_space
from lastcall.games.the_mix.content import CONTENT
from lastcall.games.the_mix.design import MixDesign
from lastcall.games.the_mix.flow import MixFlow
from lastcall.games.the_mix.knowledge import MixKnowledge
from lastcall.games.the_mix.presentation import glossary, present_table
from lastcall.games.the_mix.render import render_view
from lastcall.games.the_mix.state import ROUND_LIMIT
from lastcall.games.the_mix.view import MixObserver, MixView

_C: Final = CONTENT


class MixState(MixFlow, MixView, MixKnowledge, MixDesign):
    """A game of The Mix in progress: fields (state.py), rules (flow.py, automaton.py),
    views (view.py), what bots need (knowledge.py) and the design figures (design.py)."""

    __slots__ = ()

    def rivals(self) -> tuple[str, ...]:
        if self.automaton < 0:
            return ()
        return (_C.solo.sides[self.automaton].name,)


class TheMix(Game):
    id = LISTING.id
    version = LISTING.version
    retired: ClassVar[Mapping[int, str]] = {
        1: "Jungle Bird's Instant Bonus raised the Technique Die, already at 6 to take the card",
        2: "the player who triggered the end could take another action turn before their Bar "
        "Setup, after unlocking a fourth Mixologist or with the recall tile",
    }
    title = LISTING.title
    summary = LISTING.summary
    min_players = _C.rules.min_players
    max_players = _C.rules.max_players
    facts = GameFacts(simultaneous=True, chance=True, hidden_information=True, rivals=True)
    options = (
        Option(
            "side", "basic", "the technique tile's side, for all players", ("basic", "advanced")
        ),
        Option("first_game", False, "the level-1 column starts with the starter clients"),
        Option("bonus_tiles", True, "3 random Clients Track bonus tiles on the collective spaces"),
        Option(
            "opponent",
            "jerry",
            "the solo automaton: jerry (easy) or ada (hard)",
            ("jerry", "ada"),
            players=(1,),
        ),
    )
    state_class = MixState

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> MixState:
        state = MixState.__new__(MixState)
        state._setup(self, players, seed, options)
        state._advance()
        return state

    def rivals(self, players: int, options: Mapping[str, Any]) -> int:
        return 1 if players == 1 else 0

    def is_action(self, action: Action) -> bool:
        return action in CODE

    def _action_space(self, players: int, options: Mapping[str, Any]) -> Sequence[Action]:
        return action_space(players, self.rivals(players, options), str(options["side"]))

    def _observer(self, players: int, options: Mapping[str, Any], space: ActionSpace) -> Observer:
        return MixObserver(players, str(options["side"]), space)

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        # Each seat plays at most ROUND_LIMIT rounds; a round is at most 5 action turns (4
        # mixologists and one taken back by the recall tile) and a Bar Setup. An action turn
        # is at most PER_TURN decisions and a Bar Setup at most PER_SETUP (see
        # docs/rules/the-mix.md, "How long a game can be"); collective bonuses add at most 2
        # decisions a seat at each of the 3 collective spaces, and setup 1 a seat.
        per_round = 5 * PER_TURN + PER_SETUP
        return players * (ROUND_LIMIT * per_round + 3 * 2 + 1)

    def render(self, view: Mapping[str, Any]) -> str:
        return render_view(view)

    def _present(
        self, view: Mapping[str, Any], actions: tuple[Action, ...], names: tuple[str, ...]
    ) -> Table:
        return present_table(self, view, actions, names)

    def glossary(self) -> dict[str, str]:
        return glossary()


PER_TURN: Final = 200
PER_SETUP: Final = 120


GAME: Final = register(TheMix())
