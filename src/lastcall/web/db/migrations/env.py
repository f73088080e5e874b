"""Alembic's entry point: runs migrations on the connection the server hands over."""

from __future__ import annotations

from alembic import context

from lastcall.web.db.models import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("migrations run through lastcall.web.db.engine.migrate")
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
