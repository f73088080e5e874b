"""A game's fixed action space: every action it can ever offer, numbered in a stable order.

Learning libraries need actions as integers and a mask of the legal ones. The
order is part of the game's version: it is built from the game's own tables
(never from a set, whose order changes with ``PYTHONHASHSEED``), and its
digest is pinned by the golden tests.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Sequence

from lastcall.core.actions import Action
from lastcall.core.errors import InvalidAction


class ActionSpace(Sequence[Action]):
    """Actions numbered ``0 .. n-1``; ``action_id`` and ``action_from_id`` map both ways."""

    __slots__ = ("_actions", "_ids", "label")

    def __init__(self, actions: Iterable[Action], label: str = "") -> None:
        self._actions = tuple(actions)
        self._ids = {a: i for i, a in enumerate(self._actions)}
        self.label = label
        if len(self._ids) != len(self._actions):
            seen: set[Action] = set()
            for action in self._actions:
                if action in seen:
                    raise ValueError(f"action space {label}: {action} is listed twice")
                seen.add(action)

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, index: int) -> Action:  # type: ignore[override]
        return self._actions[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __contains__(self, action: object) -> bool:
        return action in self._ids

    def action_id(self, action: Action) -> int:
        """The number of ``action``, or :class:`InvalidAction` if the game never offers it."""
        found = self._ids.get(action)
        if found is None:
            raise InvalidAction(f"{str(action)[:80]!r} is not in the action space of {self.label}")
        return found

    def action_from_id(self, number: int) -> Action:
        """The action numbered ``number``, or :class:`InvalidAction`."""
        if type(number) is not int or not 0 <= number < len(self._actions):
            raise InvalidAction(
                f"no action number {number!r} in {self.label} (0 to {len(self._actions) - 1})"
            )
        return self._actions[number]

    def ids(self, actions: Iterable[Action]) -> list[int]:
        ids = self._ids
        return [ids[a] for a in actions]

    def mask(self, actions: Iterable[Action]) -> list[int]:
        """1 for each legal action's number, 0 elsewhere."""
        out = [0] * len(self._actions)
        ids = self._ids
        for a in actions:
            out[ids[a]] = 1
        return out

    def digest(self) -> str:
        """SHA-256 of the canonical texts in order: changes whenever the space does."""
        text = "\n".join(str(a) for a in self._actions)
        return hashlib.sha256(text.encode()).hexdigest()

    def __repr__(self) -> str:
        return f"<action space {self.label}: {len(self)} actions>"
