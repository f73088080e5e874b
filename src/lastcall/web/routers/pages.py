"""Server-rendered pages: the lobby, a table, and the replay of a finished match.

A page carries no game data: its script fetches the token's payload (or opens
the WebSocket), so what a page shows is exactly what the API sends that seat.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi import Path as PathParam
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.templating import Jinja2Templates
from markupsafe import Markup

from lastcall.core import __version__
from lastcall.web.deps import HubDep
from lastcall.web.service.hub import bot_levels, catalog

HERE = Path(__file__).resolve().parent.parent
templates = Jinja2Templates(directory=HERE / "templates")
router = APIRouter(include_in_schema=False)
Token = Annotated[str, PathParam(min_length=1, max_length=100)]


def script_json(data: Any) -> Markup:
    """JSON to place inside a ``<script>`` element: no ``<``, ``>`` or ``&`` can end it early."""
    text = json.dumps(data).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text)


def _page(request: Request, name: str, **context: Any) -> HTMLResponse:
    context.setdefault("version", __version__)
    return templates.TemplateResponse(request, name, context)


@router.get("/favicon.ico")
async def favicon() -> FileResponse:
    """Browsers ask for this address on every page; the icon is drawn as SVG."""
    return FileResponse(HERE / "static" / "icon.svg", media_type="image/svg+xml")


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request) -> HTMLResponse:
    catalog_json = script_json({"games": catalog(), "levels": bot_levels()})
    return _page(request, "lobby.html", catalog_json=catalog_json)


@router.get("/play/{token}", response_class=HTMLResponse)
async def table_page(request: Request, token: Token, hub: HubDep) -> HTMLResponse:
    access = await hub.access(token)
    return _page(request, "table.html", token=token, role=access.role)


@router.get("/replay/{token}", response_class=HTMLResponse)
async def replay_page(request: Request, token: Token, hub: HubDep) -> HTMLResponse:
    await hub.access(token)
    return _page(request, "replay.html", token=token)
