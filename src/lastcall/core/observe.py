"""Observations of fixed shape: a seat's view as numbers, for learning agents.

An :class:`Observer` belongs to one game at one player count and options. It
names the pieces of a flat vector of floats (``hand``, ``dice``, ...), each
with a shape and a meaning, and fills them from ``view(p)``: what a seat may
see is all it can encode. The first three pieces are the same in every game,
from the shared top of every view: ``viewer``, ``to_move`` and ``phase``.
``action_mask`` comes from the game's fixed action space. The pieces' table is
documented in each game's rules.

The view is the reference. For speed, a game may also write the same numbers
straight from its state's fields, as :class:`Block` s: runs of the vector, each
with a cheap key of the fields it reads. ``observe_fast`` writes every block;
a learning adapter keeps each seat's vector between calls and rewrites only
the blocks whose key changed. The conformance suite holds both to the view's
encoding on every game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from math import prod
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    from lastcall.core.space import ActionSpace
    from lastcall.core.state import State


@dataclass(frozen=True, slots=True)
class Piece:
    """A named part of the observation vector."""

    name: str
    shape: tuple[int, ...]
    meaning: str

    @property
    def size(self) -> int:
        return prod(self.shape)


StateT = TypeVar("StateT", bound="State")


class Cells(Protocol):
    """What blocks write into: a list of floats, or a seat's kept float32 buffer.

    A block reads back only what it wrote itself (``+=``), so a learning
    adapter can hand it the buffer it returns, as a ``memoryview`` of floats,
    and skip packing a Python list into float32 afterwards.
    """

    def __getitem__(self, index: int, /) -> float: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


class Block(Generic[StateT]):
    """Entries ``start`` to ``stop`` (excluded), written from the state's fields.

    ``key(state, player)`` names, by value, everything ``write`` reads: equal
    keys mean equal entries, so a kept vector skips the block. Keys are made of
    immutable values (tuples, numbers), never of a list the state may change in
    place. A block without a key is rewritten every time: for one whose inputs
    change at nearly every decision, or cost as much to compare as to write.
    ``write`` adds the block's entries to ``out`` (zeros there on entry) and
    touches nothing outside the block. (A plain class rather than a dataclass:
    the compiled build cannot compile a generic frozen one.)
    """

    __slots__ = ("key", "start", "stop", "write")

    def __init__(
        self,
        start: int,
        stop: int,
        key: Callable[[StateT, int], Hashable] | None,
        write: Callable[[StateT, int, Cells], None],
    ) -> None:
        self.start = start
        self.stop = stop
        self.key = key
        self.write = write

    def __repr__(self) -> str:
        return f"Block({self.start}, {self.stop})"


@mypyc_attr(allow_interpreted_subclasses=True)
class Observer(ABC):
    """Encodes one seat's view of a game into a vector whose shape never changes."""

    def __init__(
        self, players: int, phases: Sequence[str], pieces: Sequence[Piece], space: ActionSpace
    ) -> None:
        self.players = players
        self.phases = tuple(phases)
        self.pieces = (
            Piece("viewer", (players,), "which seat this is, one-hot"),
            Piece("to_move", (players,), "the seats deciding now"),
            Piece("phase", (len(self.phases),), "the phase: " + ", ".join(self.phases)),
            *pieces,
        )
        self.space = space
        offsets: dict[str, int] = {}
        at = 0
        for piece in self.pieces:
            if piece.name in offsets:
                raise ValueError(f"observation piece {piece.name!r} is listed twice")
            offsets[piece.name] = at
            at += piece.size
        self.offsets = offsets
        self.size = at
        self._phase_at = {name: 2 * players + i for i, name in enumerate(self.phases)}
        self.blocks: tuple[Block[Any], ...] = ()

    def span(self, first: str, last: str) -> tuple[int, int]:
        """Where the pieces ``first`` to ``last`` (included) lie, as start and stop."""
        end = self.offsets[last] + prod(next(p.shape for p in self.pieces if p.name == last))
        return self.offsets[first], end

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    @abstractmethod
    def encode(self, view: Mapping[str, Any], out: list[float]) -> None:
        """Write the game's own pieces of ``view`` into ``out`` (zeros on entry)."""

    def observe(self, state: State, player: int) -> list[float]:
        """The observation of ``player``: its view, encoded."""
        out = [0.0] * self.size
        view = state.view(player)
        n = self.players
        out[view["viewer"]] = 1.0
        for p in view["to_move"]:
            out[n + p] = 1.0
        out[2 * n + self.phases.index(view["phase"])] = 1.0
        self.encode(view, out)
        return out

    def state_phase(self, state: State) -> str | None:
        """The phase's name read from ``state``; ``None`` where :attr:`blocks` cannot read it.

        The default, ``None``, is for a game without blocks.
        """
        return None

    def encode_state(self, state: State, player: int, out: Cells) -> str | None:
        """Write the game's own pieces from ``state`` by its blocks; the phase's name, or ``None``.

        The numbers are exactly those ``encode`` writes from ``view(player)``.
        """
        phase = self.state_phase(state)
        if phase is not None:
            for block in self.blocks:
                block.write(state, player, out)
        return phase

    @property
    def header_size(self) -> int:
        """How many entries ``viewer``, ``to_move`` and ``phase`` take, at the start."""
        return self._phase_at[self.phases[0]] + len(self.phases)

    def encode_header(self, player: int, to_move: Sequence[int], phase: str, out: Cells) -> None:
        """Write ``viewer``, ``to_move`` and ``phase`` (zeros there on entry)."""
        n = self.players
        out[player] = 1.0
        for p in to_move:
            out[n + p] = 1.0
        out[self._phase_at[phase]] = 1.0

    @property
    def has_fast_path(self) -> bool:
        return bool(self.blocks)

    def observe_fast(self, state: State, player: int) -> list[float]:
        """The same vector as :meth:`observe`, from the state's fields where the game can.

        A list of Python floats, equal to :meth:`observe`'s to the last bit: the
        check of the blocks. Learning adapters write the blocks into each
        seat's float32 buffer instead (``lastcall.envs.common``).
        """
        out = [0.0] * self.size
        phase = self.encode_state(state, player, out)
        if phase is None:
            return self.observe(state, player)
        self.encode_header(player, state.to_move, phase, out)
        return out

    def action_mask(self, state: State, player: int) -> list[int]:
        """1 for each action of the fixed space that ``player`` may take now."""
        return self.space.mask(state.legal_actions(player))

    def split(self, vector: Sequence[float]) -> dict[str, list[float]]:
        """A vector cut into its named pieces (flat), for reading and tests."""
        return {
            p.name: list(vector[self.offsets[p.name] : self.offsets[p.name] + p.size])
            for p in self.pieces
        }

    def table(self) -> str:
        """The index table as Markdown, as the rules documents print it."""
        rows = ["| indices | piece | shape | meaning |", "|---|---|---|---|"]
        for p in self.pieces:
            start = self.offsets[p.name]
            span = f"{start}" if p.size == 1 else f"{start}-{start + p.size - 1}"
            shape = " x ".join(map(str, p.shape))
            rows.append(f"| {span} | `{p.name}` | {shape} | {p.meaning} |")
        return "\n".join(rows)


def one_hot(out: Cells, at: int, size: int, index: int) -> None:
    """Set ``out[at + index]`` for ``0 <= index < size``; anything else leaves zeros."""
    if 0 <= index < size:
        out[at + index] = 1.0
