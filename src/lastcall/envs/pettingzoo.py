"""PettingZoo: every lastcall game as an AEC environment, one seat an agent.

>>> from lastcall.envs import pettingzoo as lz
>>> env = lz.env("barista", players=3)
>>> env.reset(seed=7)
>>> observation, reward, terminated, truncated, info = env.last()
>>> sorted(observation)
['action_mask', 'observation']

Agents are ``player_0`` ... ``player_<n-1>``, the game's seats in order. An
observation is ``{"observation": float32 vector, "action_mask": int8 vector}``:
the game's observer applied to the seat's view, and one 0/1 per action of its
fixed action space. Actions are those numbers.

AEC steps one agent at a time while a lastcall state may wait for several
seats at once (sealed choices, out-of-turn answers). The agent selected is the
first seat of ``to_move``, in the order the game lists them; the others follow
as they remain. Each seat's observation is built from its own view only, so a
sealed choice made by one agent is never in another agent's observation; the
rules reveal it when the last seat has chosen.

Rewards are zero until the game ends; then every agent gets its reward from
the ranking (see :mod:`lastcall.envs.common`). Game options are fixed when the
environment is made, because the spaces depend on them; ``reset`` takes a seed
and ignores its ``options``.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from lastcall.core import Rng, State, mix_seed
from lastcall.envs.common import Encoder, GameRef, rank_rewards, snake_name

Obs = dict[str, Any]
_UNSEEDED_TAG = 0xAEC


class LastcallAEC(AECEnv):  # type: ignore[misc]
    """One lastcall game at one player count and options, as a PettingZoo AEC environment."""

    def __init__(
        self,
        game: GameRef,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        table = Encoder(game, players, options)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: lastcall renders only 'ansi' text")
        self.table = table
        self.render_mode = render_mode
        self.metadata = {
            "name": snake_name(table.game),
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{p}" for p in range(table.players)]
        self._seat = {agent: p for p, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        -np.inf, np.inf, shape=(table.size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, shape=(table.num_actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(table.num_actions) for agent in self.possible_agents
        }
        self._seeds = Rng(secrets.randbits(63))
        self._state: State | None = None
        self.agents: list[str] = []

    @property
    def lastcall_state(self) -> State:
        """The lastcall state behind the environment (all of it: never show it to an agent)."""
        if self._state is None:
            raise RuntimeError("call reset() before using the environment")
        return self._state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; the same seed deals the same game."""
        if seed is not None:
            self._seeds = Rng(mix_seed(seed, _UNSEEDED_TAG))
            game_seed = seed
        else:
            game_seed = self._seeds.next64()
        state = self._state = self.table.new(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[state.to_move[0]]

    def observe(self, agent: str) -> Obs:
        state = self.lastcall_state
        seat = self._seat[agent]
        table = self.table
        return {
            "observation": table.observation(state, seat),
            "action_mask": table.mask(state, seat),
        }

    def step(self, action: int | None) -> None:
        """Carry out the selected agent's action number (``None`` once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is still playing: give an action number, not None")
        state = self.lastcall_state
        seat = self._seat[agent]
        state.apply(seat, self.table.space.action_from_id(int(action)))
        self._cumulative_rewards[agent] = 0.0
        if state.is_over:
            for agent_name, reward in zip(self.possible_agents, rank_rewards(state), strict=True):
                self.rewards[agent_name] = reward
                self.terminations[agent_name] = True
            self._accumulate_rewards()
        else:  # rewards stay zero until the end: nothing to add up
            self.agent_selection = self.possible_agents[state.to_move[0]]

    def render(self) -> str | None:
        """The selected agent's view as the game's text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        state = self.lastcall_state
        if state.is_over:
            return f"Game over.\n{self.table.render(state, None)}"
        seat = self._seat[self.agent_selection]
        return f"{self.agent_selection} to decide; their view:\n{self.table.render(state, seat)}"

    def close(self) -> None:
        """Nothing to release: the environment holds no window, file or process."""


def env(
    game: GameRef,
    players: int | None = None,
    options: Mapping[str, object] | None = None,
    render_mode: str | None = None,
) -> LastcallAEC:
    """The AEC environment of ``game`` (an id, a versioned id or a ``Game``)."""
    return LastcallAEC(game, players, options, render_mode)
