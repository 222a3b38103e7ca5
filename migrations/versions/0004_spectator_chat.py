"""Spectators may read the players' table chat unless the host turns it off (``tables.spectator_chat``); chat lines
the platform writes itself (a rematch opening) are marked by ``chat.kind``.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("spectator_chat", sa.Boolean(), nullable=False, server_default=sa.true()))
    with op.batch_alter_table("chat") as batch:
        batch.add_column(sa.Column("kind", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("chat") as batch:
        batch.drop_column("kind")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("spectator_chat")
