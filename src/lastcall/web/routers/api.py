"""The JSON API: games, tables, and what a token may read and do."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query
from fastapi import Path as PathParam

from lastcall.web.deps import AccessDep, HubDep, known_query_only
from lastcall.web.schemas import (
    Catalog,
    ControlRequest,
    CreatedTable,
    CreateTable,
    Joined,
    MoveRequest,
    OpenTable,
    Payload,
    Problem,
    UndoRequest,
)
from lastcall.web.service.hub import SeatPlan, TablePlan, bot_levels, catalog

PROBLEMS: dict[int | str, dict[str, Any]] = {
    status: {"model": Problem} for status in (400, 403, 404, 409, 410, 413, 422)
}
router = APIRouter(prefix="/api", responses=PROBLEMS, dependencies=[Depends(known_query_only)])
TableId = Annotated[str, PathParam(min_length=1, max_length=24)]
SeatNumber = Annotated[int, PathParam(ge=0, le=11)]


@router.get("/games", response_model=Catalog)
async def list_games() -> dict[str, Any]:
    """Every game this server plays, with its options, and the bot levels."""
    return {"games": catalog(), "levels": bot_levels()}


@router.post("/tables", response_model=CreatedTable, status_code=201)
async def create_table(body: CreateTable, hub: HubDep) -> dict[str, Any]:
    """Start a table; the answer holds each seat's invite token, the spectators' and the host's."""
    plan = TablePlan(
        game=body.game,
        players=body.players,
        options=dict(body.options),
        seats=tuple(SeatPlan(s.kind, s.name, s.level) for s in body.seats),
        clock=body.clock,
        clock_bot=body.clock_bot,
        public=body.public,
        seed=body.seed,
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
