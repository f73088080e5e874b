"""The seeded random number generator every state carries.

A state's whole future chance lives in one 64-bit integer (SplitMix64), so a
copy of the state copies its chance for free and a JSON dump captures it
exactly. ``random.Random`` would cost ~20 microseconds per clone.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def mix_seed(*parts: int) -> int:
    """Combine integers into one well-spread 64-bit seed."""
    state = 0
    for part in parts:
        state = Rng(state ^ (part & _MASK)).next64()
    return state


class Rng:
    """SplitMix64: tiny, fast in pure Python, and statistically sound for games."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def copy(self) -> Rng:
        return Rng(self.state)

    def next64(self) -> int:
        s = (self.state + _GAMMA) & _MASK
        self.state = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) for n < 2**32 (bias under 2**-32)."""
        s = (self.state + _GAMMA) & _MASK
        self.state = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place, drawing exactly as ``below(i + 1)`` would.

        The generator is written out in the loop (literal constants, the state
        in a local) because a method call per card was a third of a deck's cost.
        """
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = s

    def permute(self, items: MutableSequence[T], last: int | None = None) -> None:
        """A uniformly random order in place, for re-sampling what a seat has not seen.

        With ``last``, only the last ``last`` places are drawn (each uniformly
        from the places not yet drawn), which is all a deal from the end needs:
        those cards are a uniform sample in a uniform order, at the cost of
        ``last`` draws rather than a whole deck's.

        One generator step serves several places: ``x * (i + 1)`` gives the
        index in its high 64 bits and a fresh fraction in its low ones, as long
        as the product of the ranges drawn from one step stays under ``2**32``
        (then the bias is that of :meth:`below`). The draws differ from
        :meth:`shuffle`'s, which the rules keep so that recorded games replay.
        """
        s = self.state
        i = len(items) - 1
        stop = 0 if last is None else max(0, i - last)
        while i > stop:
            s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            x = z ^ (z >> 31)
            span = i + 1
            while True:
                x *= i + 1
                j = x >> 64
                x &= 0xFFFFFFFFFFFFFFFF
                items[i], items[j] = items[j], items[i]
                i -= 1
                if i <= stop:
                    break
                span *= i + 1
                if span > 0xFFFFFFFF:
                    break
        self.state = s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
