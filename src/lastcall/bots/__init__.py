"""Bots, named with parameters: ``random``, ``greedy``, ``ismcts:iters=400``.

``make_bot(spec, seed)`` builds one from its spec; ``register_bot`` adds a kind.
Parameters follow the name after a colon and are separated by commas or
colons: ``ismcts:iters=400,c=0.5`` or ``ismcts:iters=400:c=0.5``, the second
form being safe inside a comma-separated list of seats. ``split_specs`` reads
such a list, giving a ``key=value`` piece to the spec before it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

from lastcall.bots.base import Bot, Seat
from lastcall.bots.greedy import GreedyBot
from lastcall.bots.ismcts import IsmctsBot
from lastcall.bots.random_bot import RandomBot
from lastcall.core import LastcallError

BotFactory = Callable[..., Bot]
_KINDS: dict[str, BotFactory] = {}
# No real spec comes near this; a longer one is refused before it is read.
MAX_SPEC_TEXT = 200


def _shown(text: str, limit: int = 60) -> str:
    """A spec for a message, cut short so no message echoes a huge input."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


def register_bot(name: str, factory: BotFactory) -> None:
    _KINDS[name] = factory


def bot_kinds() -> tuple[str, ...]:
    return tuple(sorted(_KINDS))


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iters=400,c=0.7"`` -> ``("ismcts", {"iters": "400", "c": "0.7"})``."""
    if len(spec) > MAX_SPEC_TEXT:
        raise LastcallError(f"bot spec {_shown(spec)} is longer than {MAX_SPEC_TEXT} characters")
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for part in filter(None, rest.replace(":", ",").split(",")):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise LastcallError(
                f"bot spec {_shown(spec)}: parameters are key=value, got {_shown(part)}"
            )
        params[key.strip()] = value.strip()
    return name.strip().lower(), params


def bot_parameters(name: str) -> tuple[str, ...]:
    """The parameters a bot kind accepts in its spec (its seed comes from the table)."""
    factory = _KINDS[name]
    accepted = inspect.signature(factory).parameters.values()
    keyword = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return tuple(p.name for p in accepted if p.kind in keyword and p.name != "seed")


def split_specs(text: str) -> list[str]:
    """``"ismcts:iters=50,depth=4,greedy"`` -> ``["ismcts:iters=50,depth=4", "greedy"]``.

    A piece holding ``=`` but no bot name (no ``:``) is a parameter of the spec before it.
    """
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and ":" not in piece and specs:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def make_bot(spec: str, seed: int = 0) -> Bot:
    """Build a bot from its spec; unknown kinds and parameters are errors that name them."""
    name, params = parse_spec(spec)
    factory = _KINDS.get(name)
    if factory is None:
        raise LastcallError(f"unknown bot {_shown(name)}; bots: {', '.join(bot_kinds())}")
    if params:  # a server makes a bot per decision: most specs have nothing to check
        accepted = bot_parameters(name)
        for key in params:
            if key not in accepted:
                takes = f"its parameters: {', '.join(accepted)}" if accepted else "it takes none"
                raise LastcallError(f"bot {name} has no parameter {_shown(key)}; {takes}")
    return factory(seed=seed, **params)


register_bot("random", RandomBot)
register_bot("greedy", GreedyBot)
register_bot("ismcts", IsmctsBot)

__all__ = [
    "Bot",
    "GreedyBot",
    "IsmctsBot",
    "RandomBot",
    "Seat",
    "bot_kinds",
    "bot_parameters",
    "make_bot",
    "parse_spec",
    "register_bot",
    "split_specs",
]
