"""Bot parameters arrive as text from specs (``ismcts:iters=400``); these read them strictly."""

from __future__ import annotations

from math import isfinite

from lastcall.core import LastcallError


def int_param(bot: str, name: str, value: int | str, minimum: int) -> int:
    """``value`` as an integer of at least ``minimum``, or an error naming the parameter."""
    if isinstance(value, bool):
        raise LastcallError(f"bot {bot}: parameter {name}={value!r} is not an integer")
    if isinstance(value, str):
        text = value.strip()
        try:
            value = int(text)
        except ValueError:
            raise LastcallError(f"bot {bot}: parameter {name}={text!r} is not an integer") from None
    if value < minimum:
        raise LastcallError(f"bot {bot}: parameter {name}={value} must be at least {minimum}")
    return value


def float_param(bot: str, name: str, value: float | str, minimum: float) -> float:
    """``value`` as a finite number of at least ``minimum``, or an error naming the parameter."""
    if isinstance(value, bool):
        raise LastcallError(f"bot {bot}: parameter {name}={value!r} is not a number")
    if isinstance(value, str):
        text = value.strip()
        try:
            number = float(text)
        except ValueError:
            raise LastcallError(f"bot {bot}: parameter {name}={text!r} is not a number") from None
    else:
        number = float(value)
    if not isfinite(number):
        raise LastcallError(f"bot {bot}: parameter {name}={value!r} must be finite")
    if number < minimum:
        raise LastcallError(f"bot {bot}: parameter {name}={number} must be at least {minimum}")
    return number
