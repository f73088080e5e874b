"""The JSON API: games, tables, and what a token may read and do."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi import Path as PathParam

from lastcall.web.deps import AccessDep, HubDep, known_query_only
from lastcall.web.schemas import (
    Catalog,
    ControlRequest,
    CreatedTable,
    CreateTable,
    Help,
    Joined,
    MoveRequest,
    NewLink,
    OpenTable,
    Payload,
    Problem,
    UndoRequest,
)
from lastcall.web.service.hub import SeatPlan, TablePlan, bot_levels, catalog, game_help

PROBLEMS: dict[int | str, dict[str, Any]] = {
    status: {"model": Problem} for status in (400, 403, 404, 409, 410, 413, 422, 429, 503)
}
router = APIRouter(prefix="/api", responses=PROBLEMS, dependencies=[Depends(known_query_only)])
TableId = Annotated[str, PathParam(min_length=1, max_length=24)]
SeatNumber = Annotated[int, PathParam(ge=0, le=11)]
GameId = Annotated[str, PathParam(min_length=1, max_length=40)]


@router.get("/games", response_model=Catalog)
async def list_games() -> dict[str, Any]:
    """Every game this server plays, with its options, and the bot levels."""
    return {"games": catalog(), "levels": bot_levels()}


@router.get("/games/{game_id}/help", response_model=Help)
async def help_for(game_id: GameId) -> dict[str, Any]:
    """How to play a game and its glossary, for the help panel of its tables."""
    return game_help(game_id)


@router.post("/tables", response_model=CreatedTable, status_code=201)
async def create_table(body: CreateTable, hub: HubDep, request: Request) -> dict[str, Any]:
    """Start a table; the answer holds each person's invite token, the spectators' and the host's.

    Bots' seats have no token: the server alone plays them.
    """
    plan = TablePlan(
        game=body.game,
        players=body.players,
        options=dict(body.options),
        seats=tuple(SeatPlan(s.kind, s.name, s.level) for s in body.seats),
        clock=body.clock,
        clock_bot=body.clock_bot,
        public=body.public,
        seed=body.seed,
        clock_start=body.clock_start,
        address=request.client.host if request.client else "",
    )
    return await hub.create(plan)


@router.get("/tables", response_model=list[OpenTable])
async def open_tables(hub: HubDep) -> list[dict[str, Any]]:
    """Public tables with a seat open to anyone."""
    return await hub.open_tables(limit=50)


@router.post("/tables/{table_id}/join", response_model=Joined)
async def join_table(table_id: TableId, hub: HubDep) -> dict[str, Any]:
    """Take an open seat of a public table; the answer is that seat's new token."""
    return await hub.join(table_id)


@router.get("/play/{token}", response_model=Payload)
async def read(
    access: AccessDep, hub: HubDep, after: Annotated[int, Query(ge=-1, le=10**9)] = -1
) -> dict[str, Any]:
    """The token's view of the table, with the events after index ``after``."""
    return await hub.snapshot(access, after)


@router.post("/play/{token}/move", response_model=Payload)
async def move(body: MoveRequest, access: AccessDep, hub: HubDep) -> dict[str, Any]:
    """Make a move for the token's seat at decision ``expect`` (a stale one is a 409)."""
    return await hub.move(access, body.action, body.expect)


@router.post("/play/{token}/undo", response_model=Payload)
async def undo(body: UndoRequest, access: AccessDep, hub: HubDep) -> dict[str, Any]:
    """Take back the seat's last decision within its own turn."""
    return await hub.undo(access, body.expect)


@router.post("/play/{token}/seats/{seat}/bot", response_model=Payload)
async def control(
    seat: SeatNumber, body: ControlRequest, access: AccessDep, hub: HubDep
) -> dict[str, Any]:
    """Hand a seat to a bot (a level) or back to its person (null): its own token, or the host."""
    return await hub.control(access, seat, body.level)


@router.post("/play/{token}/rotate", response_model=NewLink)
async def rotate(access: AccessDep, hub: HubDep) -> dict[str, Any]:
    """Replace the seat's link with a new one; the old link (which the host had) stops working."""
    return await hub.rotate(access)


@router.post("/play/{token}/seats/{seat}/revoke", response_model=NewLink)
async def revoke(seat: SeatNumber, access: AccessDep, hub: HubDep) -> dict[str, Any]:
    """The host replaces the link of a person's seat that nobody has opened yet."""
    return await hub.revoke(access, seat)


@router.get("/play/{token}/record")
async def record(access: AccessDep, hub: HubDep) -> dict[str, Any]:
    """A finished match's record, with the seed and the commitment published before the deal.

    ``lastcall replay`` checks it.
    """
    return await hub.record(access)


@router.get("/play/{token}/replay", response_model=Payload)
async def replay(
    access: AccessDep, hub: HubDep, step: Annotated[int, Query(ge=0, le=10**6)] = 0
) -> dict[str, Any]:
    """The token's view after ``step`` operations of a finished match."""
    return await hub.replay(access, step)


@router.get("/health")
async def health() -> dict[str, str]:
    """The server is up and its database was migrated."""
    return {"status": "ok"}
