"""A table's state column becomes a snapshot taken every few actions; ``snapshot_seq`` says which seq it holds.

The state at any later seq is the snapshot plus the action log after it. Rows written before this revision hold the
state at their own seq.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("snapshot_seq", sa.Integer(), nullable=False, server_default="0"))
    op.execute("UPDATE tables SET snapshot_seq = seq")


def downgrade() -> None:
    # Older code reads the state column as the state at seq: only safe once every table's snapshot is current.
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("snapshot_seq")
