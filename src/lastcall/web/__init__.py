"""lastcall in the browser: tables, invite links, live play with people and bots.

Install with the ``web`` extra. ``create_app(Settings(...))`` builds the
FastAPI application; ``lastcall serve`` runs it with Uvicorn.
"""

from lastcall.web.app import create_app
from lastcall.web.settings import Settings

__all__ = ["Settings", "create_app"]
