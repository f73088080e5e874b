"""FastAPI dependencies: the process's hub, and what a token in the path opens."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Path, Request
from fastapi.routing import APIRoute

from lastcall.web.errors import Rejected
from lastcall.web.service.hub import Access, Hub


def get_hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


HubDep = Annotated[Hub, Depends(get_hub)]
TokenPath = Annotated[
    str, Path(min_length=1, max_length=100, description="a seat, spectator or host token")
]


async def token_access(token: TokenPath, hub: HubDep) -> Access:
    return await hub.access(token)


AccessDep = Annotated[Access, Depends(token_access)]


def known_query_only(request: Request) -> None:
    """Refuse query parameters the route does not take, rather than ignore them silently."""
    route = request.scope.get("route")
    if not isinstance(route, APIRoute):
        return
    known = {param.alias for param in route.dependant.query_params}
    for name in request.query_params:
        if name not in known:
            raise Rejected(f"unknown query parameter {name[:40]!r}")
