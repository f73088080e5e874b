"""The tables of the web platform.

A match is stored as its set-up (``tables`` and ``seats``) and an append-only
list of operations (``ops``): moves, undos and hand-overs of a seat between a
person and a bot. Replaying the operations through :class:`lastcall.Match`
rebuilds the match exactly, event indices included. The primary key
``(table_id, seq)`` of an operation is what serialises concurrent submissions:
of two writers that saw the same position, one inserts ``seq`` and the other
is refused.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

TOKEN_HASH = 64


class Base(DeclarativeBase):
    """The declarative base of every model."""


class TableRow(Base):
    """One match: its game and set-up, and a summary the lobby and the sweeper read."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    game_version: Mapped[int] = mapped_column(Integer)
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    public: Mapped[bool] = mapped_column(Boolean, default=False)
    clock: Mapped[int] = mapped_column(Integer, default=0)
    clock_bot: Mapped[str] = mapped_column(String(24), default="greedy")
    spectator_hash: Mapped[str] = mapped_column(String(TOKEN_HASH), unique=True)
    host_hash: Mapped[str] = mapped_column(String(TOKEN_HASH), unique=True)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)
    ops: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(10), default="playing")
    waiting: Mapped[str] = mapped_column(String(10), default="person")
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    seed_chosen: Mapped[bool] = mapped_column(Boolean, default=False)
    """The creator chose the seed (a table of their own seats and bots): the deal is not secret."""
    salt: Mapped[str] = mapped_column(String(32), default="")
    commitment: Mapped[str] = mapped_column(String(64), default="")
    """SHA-256 of the seed and salt, published at the start; both are revealed at the end."""
    clock_start: Mapped[str] = mapped_column(String(8), default="opened")
    """When a seat's clock starts: once the seat is first opened, or once every seat is."""

    __table_args__ = (
        Index("ix_tables_status_waiting", "status", "waiting", "updated_at"),
        Index("ix_tables_deadline", "deadline"),
    )


class SeatRow(Base):
    """A seat: who it was set up for, and the hash of the token that acts for it."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(24), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(TOKEN_HASH), unique=True, nullable=True)
    claimed: Mapped[bool] = mapped_column(Boolean, default=False)
    opened_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    """When the seat's link was first used (bots' seats: when the table was made)."""
    seen_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    """The last time the seat's person was connected or read the table."""


class OpRow(Base):
    """One operation on a match, in order: a move, an undo, or a seat handed over."""

    __tablename__ = "ops"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(120))
    by: Mapped[str] = mapped_column(String(8))
    at: Mapped[float] = mapped_column(Float)
