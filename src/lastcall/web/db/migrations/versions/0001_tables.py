"""Tables, seats and the operations of each match.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("game_version", sa.Integer, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("public", sa.Boolean, nullable=False),
        sa.Column("clock", sa.Integer, nullable=False),
        sa.Column("clock_bot", sa.String(24), nullable=False),
        sa.Column("spectator_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("host_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.Column("ops", sa.Integer, nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("waiting", sa.String(10), nullable=False),
        sa.Column("deadline", sa.Float, nullable=True),
    )
    op.create_index("ix_tables_status_waiting", "tables", ["status", "waiting", "updated_at"])
    op.create_index("ix_tables_deadline", "tables", ["deadline"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(24), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("claimed", sa.Boolean, nullable=False),
    )
    op.create_table(
        "ops",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.String(120), nullable=False),
        sa.Column("by", sa.String(8), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ops")
    op.drop_table("seats")
    op.drop_index("ix_tables_deadline", "tables")
    op.drop_index("ix_tables_status_waiting", "tables")
    op.drop_table("tables")
