"""The action log may hold seatless entries: a self-closing window's expiry is the platform's move, nobody's.

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
    with op.batch_alter_table("actions") as batch:
        batch.alter_column("seat", existing_type=sa.Integer(), nullable=True)


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.alter_column("seat", existing_type=sa.Integer(), nullable=False)
