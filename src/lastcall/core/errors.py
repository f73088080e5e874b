"""The exception hierarchy: every error a caller can act on names its input."""

from __future__ import annotations


class LastcallError(Exception):
    """Base of every error raised on purpose by lastcall."""


class UnknownGame(LastcallError, KeyError):
    """No registered game has this id."""

    def __init__(self, game_id: str, known: tuple[str, ...]) -> None:
        self.game_id = game_id
        super().__init__(f"unknown game {game_id!r}; known games: {', '.join(known)}")

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class InvalidOptions(LastcallError, ValueError):
    """A player count or game option outside what the game allows."""


class InvalidAction(LastcallError, ValueError):
    """Text or JSON that is not an action of the game at all."""


class IllegalAction(LastcallError, ValueError):
    """A well-formed action the rules forbid now; the state is unchanged.

    The message says why and names the rule (rulebook section) it breaks.
    """

    def __init__(self, player: int, action: object, reason: str, rule: str) -> None:
        self.player = player
        self.action = action
        self.reason = reason
        self.rule = rule
        super().__init__(f"P{player} cannot {str(action)!r}: {reason} [{rule}]")


class RecordError(LastcallError, ValueError):
    """A match record that is malformed or does not replay to what it claims."""


class StateError(LastcallError, ValueError):
    """A saved state that is malformed or was written by another version; names the field."""


class UnavailableVersion(LastcallError, KeyError):
    """A version of a known game that this engine does not play (retired or unknown)."""

    def __init__(self, game_id: str, version: int, message: str) -> None:
        self.game_id = game_id
        self.version = version
        super().__init__(message)

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class RetiredVersion(UnavailableVersion):
    """A game version this engine no longer plays (its matches cannot be continued)."""

    def __init__(self, game_id: str, version: int, current: int, reason: str) -> None:
        super().__init__(
            game_id,
            version,
            f"{game_id} v{version} is retired ({reason}); this engine plays {game_id} v{current}",
        )


class UnknownVersion(UnavailableVersion):
    """A version number a game never had: newer than this engine, or never issued."""

    def __init__(self, game_id: str, version: int, current: int) -> None:
        what = "newer than this engine" if version > current else "not a known version"
        super().__init__(
            game_id,
            version,
            f"{game_id} v{version} is {what}; this engine plays {game_id} v{current}",
        )


class StaleState(LastcallError, ValueError):
    """A decision submitted against a position that has since moved on."""

    def __init__(self, expected: int, actual: int) -> None:
        self.expected = expected
        self.actual = actual
        super().__init__(
            f"the submission was made at revision {expected}, but the game is at revision {actual}"
        )


class UnknownSeat(LastcallError, ValueError):
    """A seat number that is not at the table."""

    def __init__(self, seat: object, players: int) -> None:
        self.seat = seat
        super().__init__(f"no seat {seat!r} at a {players}-player table (seats 0 to {players - 1})")


class UndoError(LastcallError, ValueError):
    """Decisions that may not be taken back (another seat decided, or chance or a reveal)."""
