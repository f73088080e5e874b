"""Running the application under Uvicorn, for ``lastcall serve`` and ``make run``."""

from __future__ import annotations

import logging

import uvicorn

from lastcall.web.app import create_app
from lastcall.web.settings import MAX_SOCKET_MESSAGE, Settings


def serve(settings: Settings, announce: bool = True) -> None:
    """Serve until stopped; prints the address once the server listens."""
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    host = f"[{settings.host}]" if ":" in settings.host else settings.host
    address = f"http://{host}:{settings.port}/"

    def ready() -> None:
        if announce:
            print(f"lastcall is serving on {address} (Ctrl-C stops it)", flush=True)

    config = uvicorn.Config(
        create_app(settings, on_ready=ready),
        host=settings.host,
        port=settings.port,
        access_log=False,
        ws_max_size=MAX_SOCKET_MESSAGE,
        ws_per_message_deflate=False,
        log_level="warning",
    )
    uvicorn.Server(config).run()
