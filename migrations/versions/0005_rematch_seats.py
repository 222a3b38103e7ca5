"""A rematch seat names the seat row it was copied from (``seats.rematch_of``): "Play again" finds a person's new
seat by that link, never by a seat number, which the rematch lobby may have renumbered.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("rematch_of", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("rematch_of")
