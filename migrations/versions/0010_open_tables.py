"""Open tables: a lobby its host lists publicly (``tables.listed_at``: when, so the list reads newest first; null:
not listed), and which seats were taken from that list (``seats.from_list``: they are not shown the invite code).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("listed_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_tables_listed_at", "tables", ["listed_at"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("from_list", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("from_list")
    op.drop_index("ix_tables_listed_at", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("listed_at")
