"""Fair deals (a commitment to the secret seed), when seats were opened and last seen.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(
            sa.Column("seed_chosen", sa.Boolean, nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("salt", sa.String(32), nullable=False, server_default=""))
        batch.add_column(sa.Column("commitment", sa.String(64), nullable=False, server_default=""))
        batch.add_column(
            sa.Column("clock_start", sa.String(8), nullable=False, server_default="opened")
        )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("opened_at", sa.Float, nullable=True))
        batch.add_column(sa.Column("seen_at", sa.Float, nullable=True))
    # Seats of tables made before this revision count as opened: their clocks keep running.
    op.execute("UPDATE seats SET opened_at = 0 WHERE opened_at IS NULL")


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("seen_at")
        batch.drop_column("opened_at")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("clock_start")
        batch.drop_column("commitment")
        batch.drop_column("salt")
        batch.drop_column("seed_chosen")
