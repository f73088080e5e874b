"""Bot parameters arrive as text from specs (``ismcts:iters=400``); these read them strictly.

Every parameter has a ceiling as well as a floor: a budget such as
``iters=10000000000`` would never finish a decision, so it is refused with a
message naming the limit instead of hanging the table or the simulation.
"""

from __future__ import annotations

from math import isfinite

from lastcall.core import LastcallError

# Parameter text longer than this is not a number anyone meant; it is refused unread.
MAX_PARAM_TEXT = 40


def _shown(text: str) -> str:
    """The parameter's text for a message, cut short so no message echoes a huge input."""
    return repr(text if len(text) <= MAX_PARAM_TEXT else text[:MAX_PARAM_TEXT] + "...")


def _text(bot: str, name: str, value: str, kind: str) -> str:
    text = value.strip()
    if len(text) > MAX_PARAM_TEXT:
        raise LastcallError(f"bot {bot}: parameter {name}={_shown(text)} is not {kind}")
    return text


def int_param(bot: str, name: str, value: int | str, minimum: int, maximum: int) -> int:
    """``value`` as an integer in ``[minimum, maximum]``, or an error naming the parameter."""
    if isinstance(value, bool):
        raise LastcallError(f"bot {bot}: parameter {name}={value!r} is not an integer")
    if isinstance(value, str):
        text = _text(bot, name, value, "an integer")
        digits = text[1:] if text[:1] in ("+", "-") else text
        if not (digits.isascii() and digits.isdigit()):
            raise LastcallError(f"bot {bot}: parameter {name}={_shown(text)} is not an integer")
        value = int(text)
    if value < minimum:
        raise LastcallError(f"bot {bot}: parameter {name}={value} must be at least {minimum}")
    if value > maximum:
        raise LastcallError(f"bot {bot}: parameter {name}={value} must be at most {maximum}")
    return value


def float_param(bot: str, name: str, value: float | str, minimum: float, maximum: float) -> float:
    """``value`` as a finite number in ``[minimum, maximum]``, or an error naming the parameter."""
    if isinstance(value, bool):
        raise LastcallError(f"bot {bot}: parameter {name}={value!r} is not a number")
    if isinstance(value, str):
        text = _text(bot, name, value, "a number")
        try:
            number = float(text)
        except ValueError:
            raise LastcallError(
                f"bot {bot}: parameter {name}={_shown(text)} is not a number"
            ) from None
    else:
        number = float(value)
    if not isfinite(number):
        raise LastcallError(f"bot {bot}: parameter {name}={value!r} must be finite")
    if number < minimum:
        raise LastcallError(f"bot {bot}: parameter {name}={number} must be at least {minimum}")
    if number > maximum:
        raise LastcallError(f"bot {bot}: parameter {name}={number} must be at most {maximum}")
    return number
