"""Gymnasium: every lastcall game as a single-agent environment against lastcall bots.

>>> import gymnasium, lastcall.envs.gymnasium
>>> env = gymnasium.make("lastcall/Bartender-v2", players=2, opponents="random")
>>> observation, info = env.reset(seed=3)

The agent plays one seat (``seat``, or a seat drawn at each reset when
``seat=None``); bots play the others (``opponents``: one bot spec such as
``"greedy"`` or ``"ismcts:iters=200"`` for every other seat, or a list with one
spec per other seat, in seat order). Observations are
``{"observation": float32 vector, "action_mask": int8 vector}`` as in the
PettingZoo environments; ``info["action_mask"]`` and ``action_masks()`` give
the mask too. A step carries out the agent's action, then the bots' decisions
until the agent is to decide again or the game ends.

The reward is zero until the end, then the agent's reward from the ranking
(see :mod:`lastcall.envs.common`). An action number that is not legal now
ends the episode at once with reward -1 and ``info["illegal_action"]``.

Importing this module registers ``lastcall/<Game>-v<version>`` for every
registered game version (``lastcall/OnTheRocks-v2``); the keyword arguments of
``gymnasium.make`` are those of :class:`LastcallEnv`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from lastcall.bots import Bot, Seat, make_bot
from lastcall.core import State, mix_seed, versions
from lastcall.core import game_version as find_version
from lastcall.core import games as game_ids
from lastcall.envs.common import Encoder, GameRef, Mask, camel_name, rank_rewards

Obs = dict[str, Any]
_BOT_TAG = 0xB07


class LastcallEnv(gymnasium.Env[Obs, np.int64]):
    """One seat of a lastcall game for a single learning agent; bots take the other seats."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium reads it from the class)

    def __init__(
        self,
        game: GameRef,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        opponents: str | Sequence[str] = "greedy",
        seat: int | None = 0,
        render_mode: str | None = None,
    ) -> None:
        table = Encoder(game, players, options)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: lastcall renders only 'ansi' text")
        if seat is not None and (type(seat) is not int or not 0 <= seat < table.players):
            raise ValueError(f"seat {seat!r}: choose 0 to {table.players - 1}, or None")
        specs = [opponents] * (table.players - 1) if isinstance(opponents, str) else opponents
        if len(specs) != table.players - 1:
            raise ValueError(f"{len(specs)} opponent spec(s) for {table.players - 1} other seat(s)")
        for spec in specs:
            make_bot(spec)  # an unknown bot or parameter fails here, not at the first reset
        self.table = table
        self.opponents = list(specs)
        self.seat_choice = seat
        self.render_mode = render_mode
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, shape=(table.size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(table.num_actions,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(table.num_actions)
        self.seat = 0 if seat is None else seat
        self._state: State | None = None
        self.bots: dict[int, Bot] = {}

    @property
    def lastcall_state(self) -> State:
        """The lastcall state behind the environment (all of it: never show it to the agent)."""
        if self._state is None:
            raise RuntimeError("call reset() before using the environment")
        return self._state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """A new game; the bots are seeded from the same generator, so a seed fixes the episode."""
        super().reset(seed=seed)
        rng = self.np_random
        game_seed = int(rng.integers(2**63))
        if self.seat_choice is None:
            self.seat = int(rng.integers(self.table.players))
        others = [p for p in range(self.table.players) if p != self.seat]
        self.bots = {
            p: make_bot(spec, mix_seed(game_seed, p, _BOT_TAG))
            for p, spec in zip(others, self.opponents, strict=True)
        }
        self._state = self.table.new(game_seed)
        self._play_bots()
        return self._observation(), self._info()

    def step(self, action: np.int64 | int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        state = self.lastcall_state
        if state.is_over:
            raise RuntimeError("the episode is over: call reset()")
        number = int(action)
        legal = self.table.legal_ids(state, self.seat)
        if number not in legal:
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), -1.0, True, False, info
        state.apply(self.seat, self.table.space[number])
        self._play_bots()
        reward = rank_rewards(state)[self.seat] if state.is_over else 0.0
        return self._observation(), reward, state.is_over, False, self._info()

    def action_masks(self) -> Mask:
        """The agent's mask now, as maskable learners ask for it."""
        return self.table.mask(self.lastcall_state, self.seat)

    def render(self) -> str | None:
        """The agent's view as the game's text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return self.table.render(self.lastcall_state, self.seat)

    def _play_bots(self) -> None:
        """The bots decide until the agent is among the seats to move, or the game ends."""
        state = self.lastcall_state
        seat = self.seat
        while state.to_move and seat not in state.to_move:
            player = state.to_move[0]
            state.apply(player, self.bots[player].choose(Seat(state, player)))

    def _observation(self) -> Obs:
        state = self.lastcall_state
        return {
            "observation": self.table.observation(state, self.seat),
            "action_mask": self.table.mask(state, self.seat),
        }

    def _info(self) -> dict[str, Any]:
        state = self.lastcall_state
        info: dict[str, Any] = {
            "seat": self.seat,
            "action_mask": self.table.mask(state, self.seat),
        }
        if state.is_over:
            info["scores"] = list(state.scores())
            info["winner"] = self.seat in state.winners()
        return info


def gym_id(game: GameRef) -> str:
    """``lastcall/OnTheRocks-v2``: the Gymnasium id of a game version."""
    found = Encoder(game).game
    return f"lastcall/{camel_name(found)}-v{found.version}"


def register_all() -> list[str]:
    """Register every registered lastcall game version with Gymnasium; returns the ids."""
    ids = []
    for game_id in game_ids():
        for version in versions(game_id):
            found = find_version(game_id, version)
            name = gym_id(found)
            if name not in gymnasium.registry:
                gymnasium.register(
                    id=name,
                    entry_point=f"{__name__}:LastcallEnv",
                    kwargs={"game": found.versioned_id},
                )
            ids.append(name)
    return ids


register_all()
