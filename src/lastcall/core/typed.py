"""Plain data to JSON and back, checked against the declared type of each state field.

A state's fields hold plain data: ints, floats, strings, booleans, ``None``,
lists, tuples, dicts, sets, :class:`Rng`, :class:`Action` and enums. Encoding
tags what JSON cannot tell apart (tuples, sets, dicts with non-text keys);
decoding checks every value against the field's annotation, so a saved state
from another version fails on the field that differs, with its name.
"""

from __future__ import annotations

import types
import typing
from enum import Enum
from typing import Any

from lastcall.core.actions import Action
from lastcall.core.errors import InvalidAction, StateError
from lastcall.core.events import Audience, Kind, LogCell, log_from_rows
from lastcall.core.rng import Rng

JSON = Any
_MAX_DEPTH = 40


def encode(value: Any) -> JSON:
    """Encode plain data, keeping tuples, dicts with any keys, sets and RNGs exact."""
    if value is None or isinstance(value, bool | int | float | str):
        return value.value if isinstance(value, Enum) else value
    if isinstance(value, Action):
        return {"action": value.to_json()}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, tuple):
        return {"tuple": [encode(v) for v in value]}
    if isinstance(value, dict):
        return {"dict": [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, frozenset | set):
        kind = "frozenset" if isinstance(value, frozenset) else "set"
        return {kind: sorted((encode(v) for v in value), key=repr)}
    if isinstance(value, Rng):
        return {"rng": value.state}
    raise TypeError(f"cannot encode {type(value).__name__} in a state")


def _fail(path: str, expected: str, data: Any) -> StateError:
    shown = repr(data)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return StateError(f"state field {path}: expected {expected}, got {shown}")


def _tagged(data: Any, tag: str, path: str) -> Any:
    if not isinstance(data, dict) or len(data) != 1 or tag not in data:
        raise _fail(path, f"{{{tag!r}: ...}}", data)
    return data[tag]


def decode_value(data: Any, hint: Any, path: str, depth: int = 0) -> Any:
    """Decode ``data`` as a value of type ``hint``, or raise :class:`StateError` at ``path``."""
    if depth > _MAX_DEPTH:
        raise StateError(f"state field {path}: nested too deeply")
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return _decode_untyped(data, path, depth)
    if hint is None or hint is type(None):
        if data is not None:
            raise _fail(path, "null", data)
        return None
    if origin in (types.UnionType, typing.Union):
        for option in args:
            try:
                return decode_value(data, option, path, depth + 1)
            except StateError:
                continue
        raise _fail(path, " or ".join(getattr(a, "__name__", str(a)) for a in args), data)
    if isinstance(hint, type):
        if issubclass(hint, Enum):
            base = int if issubclass(hint, int) else str
            try:
                if type(data) is not base:
                    raise ValueError(data)
                return hint(data)
            except ValueError:
                raise _fail(path, f"a {hint.__name__}", data) from None
        if hint is bool:
            if type(data) is not bool:
                raise _fail(path, "true or false", data)
            return data
        if hint is int:
            if type(data) is not int:
                raise _fail(path, "an integer", data)
            return data
        if hint is float:
            if type(data) not in (int, float):
                raise _fail(path, "a number", data)
            return float(data)
        if hint is str:
            if type(data) is not str:
                raise _fail(path, "a text", data)
            return data
        if hint is Rng:
            body = _tagged(data, "rng", path)
            if type(body) is not int or not 0 <= body < 1 << 64:
                raise _fail(path, "a 64-bit generator state", body)
            return Rng(body)
        if hint is Action:
            try:
                return Action.from_json(_tagged(data, "action", path))
            except InvalidAction as exc:
                raise StateError(f"state field {path}: {exc}") from None
    if origin is list:
        if not isinstance(data, list):
            raise _fail(path, "a list", data)
        (item,) = args or (Any,)
        return [decode_value(v, item, f"{path}[{i}]", depth + 1) for i, v in enumerate(data)]
    if origin is tuple:
        body = _tagged(data, "tuple", path)
        if not isinstance(body, list):
            raise _fail(path, "a tuple", body)
        if len(args) == 2 and args[1] is Ellipsis:
            item = args[0]
            return tuple(
                decode_value(v, item, f"{path}[{i}]", depth + 1) for i, v in enumerate(body)
            )
        if args == ((),):
            args = ()
        if len(body) != len(args):
            raise _fail(path, f"a tuple of {len(args)}", body)
        return tuple(
            decode_value(v, t, f"{path}[{i}]", depth + 1)
            for i, (v, t) in enumerate(zip(body, args, strict=True))
        )
    if origin is dict:
        body = _tagged(data, "dict", path)
        key_t, value_t = args or (Any, Any)
        if not isinstance(body, list) or not all(isinstance(p, list) and len(p) == 2 for p in body):
            raise _fail(path, "a list of [key, value] pairs", body)
        out = {}
        for i, (k, v) in enumerate(body):
            key = decode_value(k, key_t, f"{path}.key[{i}]", depth + 1)
            out[key] = decode_value(v, value_t, f"{path}[{key!r}]", depth + 1)
        return out
    if origin in (set, frozenset):
        tag = "frozenset" if origin is frozenset else "set"
        body = _tagged(data, tag, path)
        if not isinstance(body, list):
            raise _fail(path, f"a {tag}", body)
        (item,) = args or (Any,)
        items = [decode_value(v, item, f"{path}[{i}]", depth + 1) for i, v in enumerate(body)]
        return frozenset(items) if origin is frozenset else set(items)
    raise StateError(f"state field {path}: no decoder for declared type {hint!r}")


def _decode_untyped(data: Any, path: str, depth: int) -> Any:
    """Decode data whose field is declared ``Any``: the tags alone say what it is."""
    if depth > _MAX_DEPTH:
        raise StateError(f"state field {path}: nested too deeply")
    if data is None or isinstance(data, bool | int | float | str):
        return data
    if isinstance(data, list):
        return [_decode_untyped(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(data)]
    if not isinstance(data, dict) or len(data) != 1:
        raise _fail(path, "a tagged value", data)
    (kind,) = data
    hint = {
        "tuple": tuple[Any, ...],
        "dict": dict[Any, Any],
        "set": set[Any],
        "frozenset": frozenset[Any],
        "rng": Rng,
        "action": Action,
    }.get(kind)
    if hint is None:
        raise StateError(f"state field {path}: unknown encoded kind {kind!r}")
    value = decode_value(data, hint, path, depth + 1)
    if isinstance(value, dict):
        return {_hashable(k): v for k, v in value.items()}
    return value


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def decode_log(data: Any, path: str) -> LogCell | None:
    """Rebuild the event log from its rows, checking each one."""
    if not isinstance(data, list):
        raise _fail(path, "a list of events", data)
    rows: list[tuple[int, Audience, str, str, list[Any]]] = []
    last = -1
    for i, row in enumerate(data):
        where = f"{path}[{i}]"
        if not isinstance(row, list) or len(row) != 5:
            raise _fail(where, "[index, audience, kind, template, data]", row)
        index, audience, kind, template, body = row
        if type(index) is not int or index <= last:
            raise _fail(where, "an index above the one before", index)
        last = index
        if isinstance(audience, list):
            if not all(type(a) is int for a in audience):
                raise _fail(where, "a list of seats", audience)
            audience = tuple(audience)
        elif audience is not None and type(audience) is not int:
            raise _fail(where, "a seat, a list of seats or null", audience)
        try:
            kind = Kind(kind)
        except ValueError:
            raise _fail(where, "an event kind", kind) from None
        if not isinstance(template, str) or not isinstance(body, list):
            raise _fail(where, "a text template and a list of arguments", row)
        rows.append((index, audience, kind, template, body))
    return log_from_rows(rows)
