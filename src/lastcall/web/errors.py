"""Domain errors of the web service; the routers alone turn them into HTTP answers."""

from __future__ import annotations


class ServiceError(Exception):
    """A request the service refuses; the message is safe to show to the asker."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(ServiceError):
    """No table, seat or token of that name (a wrong token is reported the same way)."""

    status = 404


class Forbidden(ServiceError):
    """The token is real but may not do this (a spectator moving, a seat acting for another)."""

    status = 403


class Conflict(ServiceError):
    """The position moved on since the asker saw it; nothing was changed."""

    status = 409


class Gone(ServiceError):
    """A table of a game version this engine no longer plays."""

    status = 410


class Rejected(ServiceError):
    """Well-formed input the rules or the set-up refuse (an illegal move, a bad option)."""

    status = 422


class TooMany(ServiceError):
    """One client address asked for more than its share (tables, sockets, bots)."""

    status = 429


class Busy(ServiceError):
    """This process holds as much as it may (tables, sockets, bots); try again later."""

    status = 503
