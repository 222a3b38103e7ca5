"""A table's pace: ``live`` (everyone at once, timers in seconds; every table so far) or ``turn-based`` (each moves
when they can, a time per move of hours or days).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("pace", sa.String(16), nullable=False, server_default="live"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("pace")
