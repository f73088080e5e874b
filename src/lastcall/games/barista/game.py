"""Barista as a registered game: identity, options and entry points."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lastcall.core import Action, Game, Option
from lastcall.games.barista.actions import CODE, MAX_PLAYERS
from lastcall.games.barista.render import render_view
from lastcall.games.barista.state import HAND_SIZE, BaristaState


class Barista(Game):
    id = "barista"
    version = 1
    title = "Barista"
    summary = "Match four coffee cards to the order dice before the other baristas; five tips win."
    min_players = 2
    max_players = MAX_PLAYERS
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
        return BaristaState.start(self, players, seed, options)

    def is_action(self, action: Action) -> bool:
        return action in CODE

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        # A turn is at most: challenge, play, die or target, discard (4 decisions).
        # Each round opens with at most 5 setup decisions a seat, and every round
        # but those ending at setup takes a turn; setup-only rounds pay two tips.
        turns = int(options["turn_limit"])
        rounds = turns + 3 * players
        return 4 * turns + rounds * (HAND_SIZE + 1) * players

    def render(self, view: Mapping[str, Any]) -> str:
        return render_view(view)
