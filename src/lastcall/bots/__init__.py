"""Bots, named with parameters: ``random``, ``greedy``, ``ismcts:iters=400``.

``make_bot(spec, seed)`` builds one from its spec; ``register_bot`` adds a kind.
"""

from __future__ import annotations

from collections.abc import Callable

from lastcall.bots.base import Bot, Seat
from lastcall.bots.random_bot import RandomBot
from lastcall.core import LastcallError

BotFactory = Callable[..., Bot]
_KINDS: dict[str, BotFactory] = {}


def register_bot(name: str, factory: BotFactory) -> None:
    _KINDS[name] = factory


def bot_kinds() -> tuple[str, ...]:
    return tuple(sorted(_KINDS))


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iters=400,c=0.7"`` -> ``("ismcts", {"iters": "400", "c": "0.7"})``."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for part in filter(None, rest.split(",")):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise LastcallError(f"bot spec {spec!r}: parameters are key=value, got {part!r}")
        params[key.strip()] = value.strip()
    return name.strip().lower(), params


def make_bot(spec: str, seed: int = 0) -> Bot:
    """Build a bot from its spec; unknown kinds and parameters are errors that name them."""
    name, params = parse_spec(spec)
    factory = _KINDS.get(name)
    if factory is None:
        raise LastcallError(f"unknown bot {name!r}; bots: {', '.join(bot_kinds())}")
    try:
        return factory(seed=seed, **params)
    except TypeError as exc:
        raise LastcallError(f"bot spec {spec!r}: {exc}") from exc


register_bot("random", RandomBot)

__all__ = ["Bot", "RandomBot", "Seat", "bot_kinds", "make_bot", "parse_spec", "register_bot"]
