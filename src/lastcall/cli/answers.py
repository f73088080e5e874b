"""What a person types at the prompt, read into actions or into one "No choice" line.

An answer is a number from the list shown, or an action's text; several may
be given at once, separated by ``;``, and are applied in order while each is
legal. Seats may be written as the table shows them (``spill P1`` is
``spill 1``). Nothing a person types can end the match: anything that is not
a choice comes back as a message and the prompt asks again.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass

from lastcall.core import Action, Game, InvalidAction, State
from lastcall.core.actions import shown

# One line at a prompt; a paste far longer than this is a mistake.
MAX_ANSWER = 2000
# A list position has at most this many digits (lists are a few dozen long).
MAX_INDEX_DIGITS = 6
SEPARATOR = ";"
COMMANDS = ("table", "info", "log", "help", "quit")
"""Words the prompt serves itself rather than taking as actions."""
_SEAT = re.compile(r"(?<![\w])p(\d{1,2})(?![\w])", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class NoChoice:
    """Why an answer is not a choice, as one line for the person."""

    message: str


def seats_as_numbers(text: str) -> str:
    """``spill P1`` -> ``spill 1``: seats named as the table shows them."""
    return _SEAT.sub(r"\1", text)


def parse_piece(game: Game, text: str) -> Action | None:
    """One action's text, with seats written either way; ``None`` if it is no action."""
    for candidate in dict.fromkeys((text, seats_as_numbers(text))):
        try:
            return game.parse_action(candidate)
        except InvalidAction:
            continue
    return None


def _hint(count: int) -> str:
    return f"type a number from 1 to {count}, or an action's text (? for help)"


def did_you_mean(text: str, known: Sequence[str]) -> str:
    """`` Did you mean 'place shaker'?`` for a near miss, else nothing."""
    close = difflib.get_close_matches(text.lower(), list(dict.fromkeys(known)), n=2, cutoff=0.6)
    if not close:
        return ""
    return f" Did you mean {' or '.join(repr(word) for word in close)}?"


def read_answer(
    text: str,
    state: State,
    player: int,
    shown_actions: tuple[Action, ...],
    commands: Sequence[str] = (),
) -> list[Action] | NoChoice:
    """The actions an answer names, in order, or why it names none.

    The first piece may be a number from ``shown_actions`` (the list on screen)
    and must be legal now; later pieces are action texts, checked for legality
    only when their turn comes, since each earlier one changes the table.
    """
    game = state.game
    answer = text.strip()
    count = len(shown_actions)
    if not answer:
        return NoChoice(f"No choice given: {_hint(count)}.")
    if len(answer) > MAX_ANSWER:
        return NoChoice(f"No choice: the answer is {len(answer)} characters long; {_hint(count)}.")
    pieces = [p.strip() for p in answer.split(SEPARATOR)]
    pieces = [p for p in pieces if p]
    if not pieces:
        return NoChoice(f"No choice {shown(answer)}: {_hint(count)}.")
    actions: list[Action] = []
    for position, piece in enumerate(pieces):
        if piece.isdecimal():
            if position > 0:
                return NoChoice(
                    f"No choice {shown(piece)} after '{SEPARATOR}': the list changes after each "
                    "action, so name later actions by their text."
                )
            index = int(piece) - 1 if len(piece) <= MAX_INDEX_DIGITS else -1
            if not 0 <= index < count:
                return NoChoice(f"No choice {shown(piece)}: pick 1 to {count}.")
            actions.append(shown_actions[index])
            continue
        parsed = parse_piece(game, piece)
        if parsed is None:
            if not any(c.isalpha() for c in piece):
                return NoChoice(f"No choice {shown(piece)}: {_hint(count)}.")
            known = [*map(str, shown_actions), *commands]
            return NoChoice(
                f"No choice {shown(piece)}: not an action of {game.title}; {_hint(count)}."
                + did_you_mean(piece, known)
            )
        if position == 0 and parsed not in shown_actions:
            return NoChoice(f"No choice {shown(piece)}: {state.illegal(player, parsed)}")
        actions.append(parsed)
    return actions
