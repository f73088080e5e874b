"""The domain logic of the web platform: tables, seats, moves, bots, clocks and broadcast.

Nothing here knows HTTP: the routers call :class:`~lastcall.web.service.hub.Hub`
and map its :mod:`~lastcall.web.errors` to status codes.
"""
