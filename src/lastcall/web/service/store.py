"""Every read and write of the database the service makes, in SQLAlchemy Core.

Writes of operations are the hot path: the INSERT of the operation and the
UPDATE of the table's summary are committed together, in one transaction
with the operations of other tables that arrived meanwhile (group commit). The primary key of the
operation refuses a second writer at the same position (:class:`SeqTaken`).
SQLite allows one writer at a time, so writes to it queue on a lock in the
process instead of spinning on a busy database.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Table, and_, bindparam, func, or_, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from lastcall.web.db.engine import is_sqlite
from lastcall.web.db.models import OpRow, SeatRow, TableRow

TABLES: Table = TableRow.__table__  # type: ignore[assignment]
SEATS: Table = SeatRow.__table__  # type: ignore[assignment]
OPS: Table = OpRow.__table__  # type: ignore[assignment]


_SUMMARY = (
    update(TABLES)
    .where(TABLES.c.id == bindparam("table"))
    .values(
        ops=bindparam("new_ops"),
        updated_at=bindparam("new_at"),
        status=bindparam("new_status"),
        waiting=bindparam("new_waiting"),
        deadline=bindparam("new_deadline"),
    )
)


class SeqTaken(Exception):
    """Another writer already stored the operation at this position."""


@dataclass(frozen=True, slots=True)
class Op:
    """One stored operation: a move, an undo, or a seat handed to a bot or back."""

    seq: int
    kind: str
    seat: int
    action: str
    by: str
    at: float


@dataclass(frozen=True, slots=True)
class Summary:
    """What the lobby and the sweeper read of a table without replaying it."""

    status: str
    waiting: str
    deadline: float | None


_Pending = tuple[str, Op, Summary, "asyncio.Future[None]"]


class Store:
    """The database behind the service."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._write_lock = asyncio.Lock() if is_sqlite(engine) else None
        self._pending: list[_Pending] = []
        self._writer: asyncio.Task[None] | None = None

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[AsyncConnection]:
        if self._write_lock is None:
            async with self.engine.begin() as connection:
                yield connection
            return
        async with self._write_lock, self.engine.begin() as connection:
            yield connection

    async def create_table(self, table: dict[str, Any], seats: Sequence[dict[str, Any]]) -> None:
        async with self._writing() as connection:
            await connection.execute(TABLES.insert().values(**table))
            await connection.execute(SEATS.insert(), list(seats))

    async def append(self, table_id: str, op: Op, summary: Summary) -> None:
        """Store ``op`` at its position and the table's new summary, or raise :class:`SeqTaken`.

        Appends from many tables are committed together (one transaction, one
        sync to disk); each caller returns once its own operation is durable.
        """
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((table_id, op, summary, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_batches())
        await future

    async def _write_batches(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await self._write_once_more(batch)
            except IntegrityError:
                for item in batch:  # a position was taken: find which, one by one
                    try:
                        await self._write([item])
                    except IntegrityError:
                        item[3].set_exception(SeqTaken(f"operation {item[1].seq} is taken"))
                    except Exception as exc:
                        item[3].set_exception(exc)
                    else:
                        item[3].set_result(None)
                continue
            except Exception as exc:
                for item in batch:
                    item[3].set_exception(exc)
                continue
            for item in batch:
                item[3].set_result(None)

    async def _write_once_more(self, batch: list[_Pending]) -> None:
        """Write ``batch``, twice if its pooled connection was dropped by the database.

        Connections are not checked before each use (on PostgreSQL that check cost
        as much as the write); after a database restart the first use of a pooled
        connection fails instead, the pool is renewed, and the batch is written again.
        """
        try:
            await self._write(batch)
        except DBAPIError as exc:
            if not exc.connection_invalidated:
                raise
            await self._write(batch)

    async def _write(self, batch: list[_Pending]) -> None:
        async with self._writing() as connection:
            await connection.execute(
                OPS.insert(),
                [
                    {
                        "table_id": table_id,
                        "seq": op.seq,
                        "kind": op.kind,
                        "seat": op.seat,
                        "action": op.action,
                        "by": op.by,
                        "at": op.at,
                    }
                    for table_id, op, _, _ in batch
                ],
            )
            await connection.execute(
                _SUMMARY,
                [
                    {
                        "table": table_id,
                        "new_ops": op.seq + 1,
                        "new_at": op.at,
                        "new_status": summary.status,
                        "new_waiting": summary.waiting,
                        "new_deadline": summary.deadline,
                    }
                    for table_id, op, summary, _ in batch
                ],
            )

    async def table(self, table_id: str) -> dict[str, Any] | None:
        async with self.engine.connect() as connection:
            row = (await connection.execute(select(TABLES).where(TABLES.c.id == table_id))).first()
        return None if row is None else dict(row._mapping)

    async def seats(self, table_id: str) -> list[dict[str, Any]]:
        query = select(SEATS).where(SEATS.c.table_id == table_id).order_by(SEATS.c.seat)
        async with self.engine.connect() as connection:
            rows = (await connection.execute(query)).all()
        return [dict(r._mapping) for r in rows]

    async def ops(self, table_id: str, start: int = 0) -> list[Op]:
        query = (
            select(OPS.c.seq, OPS.c.kind, OPS.c.seat, OPS.c.action, OPS.c.by, OPS.c.at)
            .where(and_(OPS.c.table_id == table_id, OPS.c.seq >= start))
            .order_by(OPS.c.seq)
        )
        async with self.engine.connect() as connection:
            rows = (await connection.execute(query)).all()
        return [Op(*r) for r in rows]

    async def find_token(self, token_hash: str) -> tuple[str, str, int | None] | None:
        """``(table id, role, seat)`` of a token's hash: a seat, the spectators or the host."""
        async with self.engine.connect() as connection:
            seat = (
                await connection.execute(
                    select(SEATS.c.table_id, SEATS.c.seat).where(SEATS.c.token_hash == token_hash)
                )
            ).first()
            if seat is not None:
                return seat[0], "seat", seat[1]
            table = (
                await connection.execute(
                    select(TABLES.c.id, TABLES.c.spectator_hash).where(
                        or_(TABLES.c.spectator_hash == token_hash, TABLES.c.host_hash == token_hash)
                    )
                )
            ).first()
        if table is None:
            return None
        return table[0], ("spectator" if table[1] == token_hash else "host"), None

    async def claim_open_seat(self, table_id: str, token_hash: str) -> int | None:
        """Give the first unclaimed open seat of a public table to a new token."""
        async with self._writing() as connection:
            query = (
                select(SEATS.c.seat)
                .join(TABLES, TABLES.c.id == SEATS.c.table_id)
                .where(
                    SEATS.c.table_id == table_id,
                    SEATS.c.kind == "open",
                    SEATS.c.claimed.is_(False),
                    TABLES.c.public.is_(True),
                    TABLES.c.status == "playing",
                )
                .order_by(SEATS.c.seat)
                .limit(1)
            )
            seat = (await connection.execute(query)).scalar()
            if seat is None:
                return None
            claimed = await connection.execute(
                update(SEATS)
                .where(
                    SEATS.c.table_id == table_id,
                    SEATS.c.seat == seat,
                    SEATS.c.claimed.is_(False),
                )
                .values(claimed=True, token_hash=token_hash)
            )
            return seat if claimed.rowcount == 1 else None

    async def mark_opened(self, table_id: str, seat: int, at: float) -> bool:
        """Note the first time a seat's link was used; whether this was that first time."""
        async with self._writing() as connection:
            done = await connection.execute(
                update(SEATS)
                .where(SEATS.c.table_id == table_id, SEATS.c.seat == seat)
                .where(SEATS.c.opened_at.is_(None))
                .values(opened_at=at, seen_at=at)
            )
        return bool(done.rowcount)

    async def touch_seats(self, seats: Sequence[tuple[str, int]], at: float) -> None:
        """Note that the people of these seats are here now (connected, or reading)."""
        if not seats:
            return
        query = (
            update(SEATS)
            .where(SEATS.c.table_id == bindparam("t"), SEATS.c.seat == bindparam("s"))
            .values(seen_at=bindparam("at"))
        )
        async with self._writing() as connection:
            await connection.execute(query, [{"t": t, "s": s, "at": at} for t, s in seats])

    async def set_deadline(self, table_id: str, deadline: float | None) -> None:
        async with self._writing() as connection:
            await connection.execute(
                update(TABLES).where(TABLES.c.id == table_id).values(deadline=deadline)
            )

    async def replace_token(
        self, table_id: str, seat: int, new_hash: str, *, old_hash: str | None, unopened: bool
    ) -> bool:
        """Give a person's seat a new token; whether it was done.

        ``old_hash`` names the token being replaced (its holder rotates it);
        ``unopened`` lets it happen only while nobody has used the seat's link.
        """
        query = update(SEATS).where(
            SEATS.c.table_id == table_id, SEATS.c.seat == seat, SEATS.c.kind == "person"
        )
        if old_hash is not None:
            query = query.where(SEATS.c.token_hash == old_hash)
        if unopened:
            query = query.where(SEATS.c.opened_at.is_(None))
        async with self._writing() as connection:
            done = await connection.execute(query.values(token_hash=new_hash))
        return bool(done.rowcount)

    async def open_tables(self, limit: int) -> list[dict[str, Any]]:
        """Public tables still playing that have an open seat nobody has claimed."""
        open_seats = (
            select(SEATS.c.table_id, func.count().label("open"))
            .where(SEATS.c.kind == "open", SEATS.c.claimed.is_(False))
            .group_by(SEATS.c.table_id)
            .subquery()
        )
        query = (
            select(
                TABLES.c.id, TABLES.c.game, TABLES.c.players, TABLES.c.created_at, open_seats.c.open
            )
            .join(open_seats, open_seats.c.table_id == TABLES.c.id)
            .where(TABLES.c.public.is_(True), TABLES.c.status == "playing")
            .order_by(TABLES.c.created_at.desc())
            .limit(limit)
        )
        async with self.engine.connect() as connection:
            rows = (await connection.execute(query)).all()
        return [dict(r._mapping) for r in rows]

    async def due_tables(self, bot_idle_before: float, deadline_before: float) -> list[str]:
        """Tables waiting on a bot since before a time, or whose clock ran out."""
        query = select(TABLES.c.id).where(
            TABLES.c.status == "playing",
            or_(
                and_(TABLES.c.waiting == "bot", TABLES.c.updated_at <= bot_idle_before),
                TABLES.c.deadline <= deadline_before,
            ),
        )
        async with self.engine.connect() as connection:
            return list((await connection.execute(query)).scalars())
