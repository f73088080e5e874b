"""OpenSpiel: every lastcall game registered with ``pyspiel``, for its algorithms and bots.

>>> import pyspiel, lastcall.envs.openspiel
>>> game = pyspiel.load_game("lastcall_bartender_v2", {"players": 3})
>>> state = game.new_initial_state()

Importing this module registers ``lastcall_<id>_v<version>`` for every
registered game version (``lastcall_on_the_rocks_v2``), with the parameters
``players`` (the smallest count by default), ``seed`` (where the deals of new
initial states come from) and each of the game's options.

How a lastcall game looks to OpenSpiel:

- sequential turns: when several seats may decide at once (sealed choices,
  out-of-turn answers), the current player is the first of ``to_move``, the
  others follow; a sealed choice changes nothing another seat observes;
- imperfect information and sampled chance: chance happens inside the state,
  never as chance nodes; ``num_distinct_actions`` is the size of the fixed
  action space and ``max_game_length`` the game's bound on decisions;
- a clone does not know the future: ``clone()`` re-draws what no seat has
  seen (deck orders, the generator) from a seed made of the state's fork seed
  and its decision count, never from its generator, so a search such as MCTS
  samples chance instead of reading it. Clones made at one point are one
  sample (a search tree over them stays consistent); the original differs
  from them where nobody has looked. ``str(state)`` is therefore the history
  of decisions, which a state and its clones share;
- observations: the tensor is the game's observer of the seat's view; the
  observation string is that view as JSON, and the information state string
  is the same view with the decision count (a view holds what the rules let
  a seat know, not a transcript of every event it saw);
- ``resample_from_infostate`` is ``state.determinize(player, seed)``, as
  OpenSpiel's ISMCTS asks;
- terminal rewards only, from the ranking with rivals included (see
  :mod:`lastcall.envs.common`): zero-sum unless the game has rivals.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

import numpy as np
import pyspiel

from lastcall.core import Game, Rng, State, mix_seed, versions
from lastcall.core import game_version as find_version
from lastcall.core import games as game_ids
from lastcall.envs.common import Encoder, camel_name, rank_rewards, snake_name

_REGISTERED: dict[str, Game] = {}
_CLONE_TAG = 0xC10E
_RESAMPLE_TAG = 0x15C7
# A move of the history: its text and the move before (None at the start).
Moves = tuple[str, "Moves"] | None


def short_name(game: Game) -> str:
    """``lastcall_on_the_rocks_v2``: the name ``pyspiel.load_game`` knows a game version by."""
    return f"lastcall_{snake_name(game)}"


@cache
def _table(name: str, players: int, options: tuple[tuple[str, Any], ...]) -> Encoder:
    return Encoder(_REGISTERED[name], players, dict(options))


class _World:
    """The lastcall state inside an OpenSpiel state, dealt on first use.

    A deep copy (what OpenSpiel's ``clone`` makes) is the state re-drawn
    wherever no seat has looked, from a seed made of this world's fork seed
    and the decision count, never from the state's own generator: a search
    does not read what truly comes next. Every copy made at one point of the
    game is the same sample, so a search tree built over copies stays
    consistent; the sample changes as the game moves on.
    """

    __slots__ = ("_fork", "_state", "_text", "deals", "fork_seed", "moves", "name", "table")

    def __init__(
        self,
        name: str,
        table: Encoder,
        state: State | None,
        fork_seed: int,
        moves: Moves,
        deals: Rng | None = None,
    ) -> None:
        self.name = name
        self.table = table
        self._state = state
        self.fork_seed = fork_seed
        self.moves = moves
        self.deals = deals
        self._fork: tuple[int, State] | None = None
        self._text: tuple[Moves, str] | None = None

    @property
    def state(self) -> State:
        found = self._state
        if found is None:
            if self.deals is None:
                raise RuntimeError("a world without a state or a source of deals")
            found = self._state = self.table.new(self.deals.next64())
            self.fork_seed = self.deals.next64()
        return found

    def move_texts(self) -> list[str]:
        """The decisions so far, oldest first, as ``P<seat> <action>``."""
        texts = []
        node = self.moves
        while node is not None:
            texts.append(node[0])
            node = node[1]
        texts.reverse()
        return texts

    def history_text(self) -> str:
        """The game and its decisions as one line, extended from the last one made."""
        moves = self.moves
        cached = self._text
        if cached is not None and cached[0] is moves:
            return cached[1]
        if moves is not None and cached is not None and cached[0] is moves[1]:
            text = f"{cached[1]} {moves[0]};"
        else:
            table = self.table
            head = f"{table.game.versioned_id}, {table.players} players; decisions:"
            text = " ".join([head, *(f"{move};" for move in self.move_texts())])
        self._text = (moves, text)
        return text

    def __deepcopy__(self, memo: dict[int, Any]) -> _World:
        state = self.state
        fork = self._fork
        if fork is None or fork[0] != state.decisions:
            seed = mix_seed(self.fork_seed, state.decisions, _CLONE_TAG)
            fork = self._fork = (state.decisions, state.reseed(seed))
        copy = _World(self.name, self.table, fork[1].clone(), self.fork_seed, self.moves)
        copy._text = self._text
        return copy

    def __reduce__(self) -> tuple[Callable[..., _World], tuple[Any, ...]]:
        table = self.table
        key = (self.name, table.players, tuple(sorted(table.options.items())))
        data = self.state.to_json()
        return _restore, (key, self.fork_seed, data, self.move_texts())


def _restore(
    key: tuple[str, int, tuple[tuple[str, Any], ...]],
    fork_seed: int,
    data: dict[str, Any],
    texts: list[str],
) -> _World:
    """A world written by ``_World.__reduce__`` (OpenSpiel's serialisation pickles it)."""
    table = _table(*key)
    moves: Moves = None
    for text in texts:
        moves = (text, moves)
    return _World(key[0], table, State.from_json(data, table.game), fork_seed, moves)


class LastcallSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A lastcall game at one player count and options, as a ``pyspiel.Game``."""

    short_name: str = ""
    game_type: Any = None

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        name = self.short_name
        game = _REGISTERED[name]
        params = params or {}
        players = int(params["players"])
        options = {opt.name: params[opt.name] for opt in game.options}
        table = _table(name, players, tuple(sorted(game.resolve_options(options).items())))
        info = game.info(players, table.options)
        zero_sum = not game.facts.rivals
        super().__init__(
            self.game_type,
            pyspiel.GameInfo(
                num_distinct_actions=info.num_actions,
                max_chance_outcomes=0,
                num_players=players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0 if zero_sum else None,
                max_game_length=info.max_decisions,
            ),
            dict(params),
        )
        self.name = name
        self.table = table
        self.deals = Rng(int(params["seed"]))

    def new_initial_state(self) -> LastcallSpielState:
        """A new deal, from this game's seed parameter and the deals before it."""
        return LastcallSpielState(self, _World(self.name, self.table, None, 0, None, self.deals))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> LastcallSpielObserver:
        """A seat's view as a tensor and a string; only a seat's own view can be observed."""
        if not isinstance(iig_obs_type, pyspiel.IIGObservationType):
            params, iig_obs_type = iig_obs_type or params, None
        if params:
            raise ValueError(f"lastcall observers take no parameters, got {sorted(params)}")
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ValueError("a lastcall seat observes its own view: public and its private info")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return LastcallSpielObserver(self.table, with_decisions=recall)


class LastcallSpielState(pyspiel.State):  # type: ignore[misc]
    """A lastcall state as a ``pyspiel.State`` (see the module's docstring for clones)."""

    def __init__(self, game: LastcallSpielGame, world: _World) -> None:
        super().__init__(game)
        self._world = world

    @property
    def lastcall_state(self) -> State:
        """The lastcall state inside (all of it: never show it to a seat)."""
        return self._world.state

    def current_player(self) -> int:
        to_move = self._world.state.to_move
        return to_move[0] if to_move else int(pyspiel.PlayerId.TERMINAL)

    def _legal_actions(self, player: int) -> list[int]:
        return self._world.table.legal_ids(self._world.state, player)

    def _apply_action(self, action: int) -> None:
        world = self._world
        state = world.state
        player = state.to_move[0]
        chosen = world.table.space.action_from_id(int(action))
        state.apply(player, chosen)
        world.moves = (f"P{player} {chosen}", world.moves)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._world.table.space.action_from_id(int(action)))

    def is_terminal(self) -> bool:
        return self._world.state.is_over

    def returns(self) -> list[float]:
        state = self._world.state
        if state.is_over:
            return list(rank_rewards(state))
        return [0.0] * state.num_players

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The seat's observation, as OpenSpiel's own path gives it (float32 values).

        OpenSpiel's bridge for Python games deals a new game to learn the
        tensor's shape at every call; this answers Python callers directly.
        """
        seat = self.current_player() if player is None else player
        world = self._world
        vector = world.table.observation(world.state, seat)
        return [float(x) for x in vector]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> LastcallSpielState:
        """A copy in which all the seat cannot see is drawn anew, as ISMCTS asks."""
        seed = mix_seed(int(probability_sampler() * 2**53), _RESAMPLE_TAG)
        world = self._world
        copy: LastcallSpielState = self.clone()
        copy._world = _World(
            world.name,
            world.table,
            world.state.determinize(player_id, seed),
            mix_seed(seed, _CLONE_TAG),
            world.moves,
        )
        return copy

    def __str__(self) -> str:
        return self._world.history_text()


class LastcallSpielObserver:
    """What OpenSpiel reads a seat's observation from: ``tensor``, ``dict`` and strings."""

    def __init__(self, table: Encoder, with_decisions: bool) -> None:
        self.table = table
        self.with_decisions = with_decisions
        self.tensor = np.zeros(table.size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: LastcallSpielState, player: int) -> None:
        self.tensor[:] = self.table.observation(state.lastcall_state, player)

    def string_from(self, state: LastcallSpielState, player: int) -> str:
        inner = state.lastcall_state
        text = json.dumps(inner.view(player), sort_keys=True, separators=(",", ":"))
        return f"decision {inner.decisions} {text}" if self.with_decisions else text


def game_type(game: Game) -> Any:
    """The ``pyspiel.GameType`` of a lastcall game version."""
    facts = game.facts
    kinds = pyspiel.GameType
    parameters: dict[str, Any] = {"players": game.min_players, "seed": 0}
    parameters.update((opt.name, opt.default) for opt in game.options)
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"lastcall {game.title} v{game.version}",
        dynamics=kinds.Dynamics.SEQUENTIAL,
        chance_mode=kinds.ChanceMode.SAMPLED_STOCHASTIC
        if facts.chance
        else kinds.ChanceMode.DETERMINISTIC,
        information=kinds.Information.IMPERFECT_INFORMATION
        if facts.hidden_information or facts.simultaneous
        else kinds.Information.PERFECT_INFORMATION,
        utility=kinds.Utility.GENERAL_SUM if facts.rivals else kinds.Utility.ZERO_SUM,
        reward_model=kinds.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def register(game: Game) -> str:
    """Register one lastcall game version with OpenSpiel (once); returns its short name."""
    name = short_name(game)
    if name not in _REGISTERED:
        kind = game_type(game)
        _REGISTERED[name] = game
        # OpenSpiel keeps the creator until the process ends; a class (unlike a
        # closure) outlives the interpreter's shutdown, so none is freed too late.
        creator = type(
            f"{camel_name(game)}SpielGame",
            (LastcallSpielGame,),
            {"short_name": name, "game_type": kind, "__module__": __name__},
        )
        pyspiel.register_game(kind, creator)
    return name


def register_all() -> list[str]:
    """Register every registered lastcall game version; returns the short names."""
    return [
        register(find_version(game_id, version))
        for game_id in game_ids()
        for version in versions(game_id)
    ]


def load(
    game: str | Game, players: int | None = None, options: Mapping[str, object] | None = None
) -> Any:
    """``pyspiel.load_game`` for a lastcall game, by id, versioned id or ``Game``."""
    found = Encoder(game, players, options)
    name = register(found.game)
    params: dict[str, Any] = {"players": found.players, **found.options}
    return pyspiel.load_game(name, params)


register_all()
