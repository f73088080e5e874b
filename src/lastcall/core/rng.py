"""The seeded random number generator every state carries.

A state's whole future chance lives in one 64-bit integer (SplitMix64), so a
copy of the state copies its chance for free and a JSON dump captures it
exactly. ``random.Random`` would cost ~20 microseconds per clone.

Compiled by mypyc, the generator runs on native 64-bit integers: there ``i64``
arithmetic wraps as the generator's does modulo ``2**64``, while Python's
integers grow past 64 bits and mypyc handles such values slowly (a deck's
shuffle took twice as long compiled as interpreted). The module checks which it
is (:data:`NATIVE`) and each method takes the path written for it; both give the
same numbers, bit for bit, which the suite holds on both builds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15


def _wraps() -> bool:
    """Whether ``i64`` arithmetic wraps modulo ``2**64``: only where mypyc compiled this."""
    probe: i64 = 1 << 62
    return probe * 4 == 0


NATIVE: Final = _wraps()
"""True where this module runs compiled, on native 64-bit integers."""

# The generator's constants as signed 64-bit integers, for the native path.
_GAMMA_I64: Final[i64] = -7046029254386353131
_MIX1_I64: Final[i64] = -4658895280553007687
_MIX2_I64: Final[i64] = -7723592293110705685
_SMALL: Final = 0x7FFFFFFF
"""Ranges up to this are drawn on the native path (see :func:`_high`)."""


def _mixed(s: i64) -> i64:
    """SplitMix64's output for state ``s``, on wrapping ``i64`` (shifts made logical)."""
    z = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MIX1_I64
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MIX2_I64
    return z ^ ((z >> 31) & 0x1FFFFFFFF)


def _high(x: i64, m: i64) -> i64:
    """The high 64 bits of ``x * m``, with ``x`` read as unsigned and ``0 <= m < 2**31``.

    Each half of ``x`` times ``m`` stays under ``2**63``, and so does their sum.
    """
    low = (x & 0xFFFFFFFF) * m
    return (((x >> 32) & 0xFFFFFFFF) * m + (low >> 32)) >> 32


def _signed(value: int) -> int:
    """``value`` (from 0 to ``2**64 - 1``) as the signed 64-bit integer of the same bits."""
    return value - (1 << 64) if value >> 63 else value


def mix_seed(*parts: int) -> int:
    """Combine integers into one well-spread 64-bit seed."""
    if NATIVE:
        return int(_mix_native(parts)) & _MASK
    state = 0
    for part in parts:
        state = Rng(state ^ (part & _MASK)).next64()
    return state


def _mix_native(parts: tuple[int, ...]) -> i64:
    """:func:`mix_seed` on native integers, as the signed twin of the seed.

    A part under ``2**62`` (every seat, tag and most seeds) converts straight to ``i64``.
    """
    t: i64 = 0
    for part in parts:
        bits: i64 = part if part >> 62 == 0 else _signed(part & _MASK)
        t = _mixed((t ^ bits) + _GAMMA_I64)
    return t


class Rng:
    """SplitMix64: tiny, fast in pure Python and compiled, and statistically sound for games."""

    __slots__ = ("_s",)

    _s: i64
    """The state: its signed twin on the native path, the plain value otherwise."""

    def __init__(self, seed: int) -> None:
        seed &= _MASK
        self._s = _signed(seed) if NATIVE else seed

    @property
    def state(self) -> int:
        """The state, from 0 to ``2**64 - 1``, whichever path runs."""
        return int(self._s) & _MASK

    def __reduce__(self) -> tuple[type[Rng], tuple[int]]:
        return Rng, (self.state,)

    @staticmethod
    def mixed(*parts: int) -> Rng:
        """``Rng(mix_seed(*parts))``, the seed never leaving native integers where compiled."""
        if NATIVE:
            rng = Rng(0)
            rng._s = _mix_native(parts)
            return rng
        return Rng(mix_seed(*parts))

    def copy(self) -> Rng:
        twin = Rng(0)
        twin._s = self._s
        return twin

    def next64(self) -> int:
        if NATIVE:
            s = self._s + _GAMMA_I64
            self._s = s
            return int(_mixed(s)) & _MASK
        u: int = self._s
        u = (u + _GAMMA) & _MASK
        self._s = u
        z = ((u ^ (u >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) for n < 2**32 (bias under 2**-32)."""
        if NATIVE:
            s = self._s + _GAMMA_I64
            self._s = s
            if 0 <= n <= _SMALL:
                return _high(_mixed(s), n)
            return ((int(_mixed(s)) & _MASK) * n) >> 64
        u: int = self._s
        u = (u + _GAMMA) & _MASK
        self._s = u
        z = ((u ^ (u >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates in place, drawing exactly as ``below(i + 1)`` would.

        The generator is written out in the loop (literal constants, the state
        in a local) because a method call per card was a third of a deck's cost.
        """
        if NATIVE:
            t = self._s
            k: i64 = len(items) - 1
            while k > 0:
                t += _GAMMA_I64
                j = _high(_mixed(t), k + 1)
                items[k], items[j] = items[j], items[k]
                k -= 1
            self._s = t
            return
        s: int = self._s
        for i in range(len(items) - 1, 0, -1):
            s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self._s = s

    def permute(self, items: list[T], last: int | None = None) -> None:
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
        if NATIVE:
            self._permute_native(items, len(items) - 1 if last is None else last)
            return
        s: int = self._s
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
        self._s = s

    def _permute_native(self, items: list[T], last: int) -> None:
        """:meth:`permute` on native integers: ``x * (i + 1)`` wraps to its low 64 bits."""
        t = self._s
        i: i64 = len(items) - 1
        stop: i64 = max(0, i - last)
        while i > stop:
            t += _GAMMA_I64
            x = _mixed(t)
            span: i64 = i + 1
            while True:
                j = _high(x, i + 1)
                x *= i + 1
                items[i], items[j] = items[j], items[i]
                i -= 1
                if i <= stop:
                    break
                span *= i + 1
                if span > 0xFFFFFFFF:
                    break
        self._s = t

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
