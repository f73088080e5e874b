"""What the three adapters share: games by name, rewards from rankings, arrays for learners.

Rewards come from the final ranking, rivals included. A seat's reward is the
number of standings (seats and rivals) it finished strictly ahead of, minus
the number that finished strictly ahead of it, over the number of other
standings: +1 for a lone winner, -1 for a lone last place, 0 for everyone in
a game where all tie. Over all standings the rewards sum to zero, so a game
without rivals is zero-sum for its seats.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from functools import partial
from struct import Struct
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from lastcall.core import Action, Game, Observer, State, plain
from lastcall.core import game as find_game

GameRef = str | Game
# Sets of legal actions recur: their masks are kept, up to this many.
MASKS_KEPT: Final = 4096
Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]
_UNSEEN: Final = object()  # the key of a block not written yet: equal to no key


def resolve(game: GameRef) -> Game:
    """A game from its id (``barista``), its versioned id (``barista-v2``) or itself."""
    return game if isinstance(game, Game) else find_game(game)


def snake_name(game: Game) -> str:
    """``on_the_rocks_v2``: the id and version as one identifier."""
    return f"{game.id.replace('-', '_')}_v{game.version}"


def camel_name(game: Game) -> str:
    """``OnTheRocks``: the title as one capitalised word, for Gymnasium ids."""
    return "".join(word[:1].upper() + word[1:] for word in game.title.split())


def rank_rewards(state: State) -> tuple[float, ...]:
    """Each seat's reward from the ranking of a finished game (see the module's docstring)."""
    ranking = state.ranking()
    standings = sum(len(group) for group in ranking)
    rewards = [0.0] * state.num_players
    if standings < 2:
        return tuple(rewards)
    ahead = 0
    for group in ranking:
        behind = standings - ahead - len(group)
        for p in group:
            if p < state.num_players:
                rewards[p] = (behind - ahead) / (standings - 1)
        ahead += len(group)
    return tuple(rewards)


class KeptObservation:
    """One seat's observation kept between calls, its blocks rewritten only when their key changes.

    The vector lives in one float32 buffer, seen by NumPy as ``array`` and by
    the blocks' writers as ``memoryview`` cells: a changed block is zeroed and
    its non-zero entries written straight into the buffer (the store rounds to
    float32 as NumPy does), so no list of Python floats is packed afterwards.
    The header (viewer, seats to move, phase) is rewritten on every call: it is
    a handful of entries. A game without blocks is encoded whole each time.
    """

    __slots__ = ("_cells", "_header", "_keys", "_pack_all", "_plan", "array", "observer", "player")

    def __init__(self, observer: Observer, player: int) -> None:
        self.observer = observer
        self.player = player
        size = observer.size
        raw = bytearray(4 * size)
        self.array: Observation = np.frombuffer(raw, dtype=np.float32)
        self._cells: memoryview[float] = memoryview(raw).cast("f")
        self._pack_all = partial(Struct(f"{size}f").pack_into, raw, 0)
        header = observer.header_size
        self._header = (header, _zeros(header))
        self._plan = tuple(
            (i, block.key, block.write, block.start, block.stop, _zeros(block.stop - block.start))
            for i, block in enumerate(observer.blocks)
        )
        self._keys: list[Hashable] = [_UNSEEN] * len(observer.blocks)

    def update(self, state: State) -> Observation:
        """The seat's observation of ``state``: the kept array, changed in place."""
        observer = self.observer
        player = self.player
        cells = self._cells
        keys = self._keys
        phase = observer.state_phase(state)
        if phase is None:
            self._pack_all(*observer.observe(state, player))
            keys[:] = [_UNSEEN] * len(keys)
            return self.array
        header, zeros = self._header
        cells[:header] = zeros
        observer.encode_header(player, state.to_move, phase, cells)
        for i, key_of, write, start, stop, zeros in self._plan:
            if key_of is not None:
                key = key_of(state, player)
                if key == keys[i]:
                    continue
                keys[i] = key
            cells[start:stop] = zeros
            write(state, player, cells)
        return self.array


def _zeros(size: int) -> memoryview[float]:
    """``size`` float32 zeros, to clear a run of a kept buffer in one copy."""
    return memoryview(bytes(4 * size)).cast("f")


class Encoder:
    """One game at one player count and options, as NumPy observations and masks."""

    __slots__ = (
        "_ids",
        "_kept",
        "_masks",
        "game",
        "num_actions",
        "observer",
        "options",
        "players",
        "size",
        "space",
    )

    def __init__(
        self, game: GameRef, players: int | None = None, options: Mapping[str, object] | None = None
    ) -> None:
        self.game = resolve(game)
        self.players = self.game.check_players(
            self.game.min_players if players is None else players
        )
        self.options: dict[str, Any] = self.game.resolve_options(options, self.players)
        self.space = self.game.action_space(self.players, self.options)
        self.observer = self.game.observer(self.players, self.options)
        self.size = self.observer.size
        self._kept = [KeptObservation(self.observer, p) for p in range(self.players)]
        self.num_actions = len(self.space)
        self._ids = {action: i for i, action in enumerate(self.space)}
        self._masks: dict[tuple[Action, ...], Mask] = {}

    def new(self, seed: int) -> State:
        return self.game.new(self.players, seed, self.options)

    def observation(self, state: State, player: int) -> Observation:
        """The seat's observation vector (what its view shows), as a new float32 array.

        Each seat's vector is kept in a float32 buffer and only its changed
        blocks are rewritten (see :class:`KeptObservation`); the caller gets a
        copy, which later calls never change.
        """
        return self._kept[player].update(state).copy()

    def mask(self, state: State, player: int) -> Mask:
        """1 for each action number the seat may take now, as int8 (a new array each call)."""
        legal = state.legal_actions(player)
        masks = self._masks
        found = masks.get(legal)
        if found is None:
            if len(masks) >= MASKS_KEPT:
                masks.clear()
            found = masks[legal] = np.zeros(self.num_actions, dtype=np.int8)
            if legal:
                ids = self._ids
                found[[ids[a] for a in legal]] = 1
        return found.copy()

    def legal_ids(self, state: State, player: int) -> list[int]:
        """The numbers of the seat's legal actions, ascending."""
        ids = self._ids
        return sorted(ids[a] for a in state.legal_actions(player))

    def render(self, state: State, player: int | None) -> str:
        """The game's text of a seat's view (``None``: a spectator's), without colour tags."""
        return plain(self.game.render(state.view(player)))
