"""Seats that belong to a person: optional accounts with passkeys (``accounts``, ``passkeys``, ``account_sessions``,
``account_seats``, ``auth_challenges``), "Move my tables to another device" (``move_links``), invitations to a new
game with the same players (``invitations``), and per seat what it last saw and its standing answer to response
windows at turn-based tables.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def _when(name: str, nullable: bool = False) -> sa.Column[sa.DateTime]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("seen_seq", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(_when("seen_at", nullable=True))
        batch.add_column(sa.Column("window_answer", sa.String(16), nullable=True))
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        _when("created_at"),
    )
    op.create_table(
        "passkeys",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("credential_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("public_key", sa.Text(), nullable=False),
        sa.Column("sign_count", sa.Integer(), nullable=False, server_default="0"),
        _when("created_at"),
        _when("last_used_at", nullable=True),
    )
    op.create_table(
        "account_sessions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        _when("created_at"),
        _when("expires_at"),
    )
    op.create_table(
        "account_seats",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("seat_id", sa.Integer(), sa.ForeignKey("seats.id", ondelete="CASCADE"), nullable=True, index=True),
        sa.Column("sealed_token", sa.Text(), nullable=True),
        _when("created_at"),
        sa.UniqueConstraint("account_id", "table_id", name="uq_account_seats_account_table"),
    )
    op.create_table(
        "auth_challenges",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("challenge_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        _when("expires_at"),
        _when("created_at"),
    )
    op.create_table(
        "move_links",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("code_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("sealed", sa.Text(), nullable=False),
        sa.Column("state", sa.String(16), nullable=False, server_default="open"),
        _when("expires_at"),
        _when("created_at"),
    )
    op.create_table(
        "invitations",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("seat_id", sa.Integer(), sa.ForeignKey("seats.id", ondelete="CASCADE"), nullable=False, index=True),
        sa.Column("from_name", sa.String(64), nullable=False),
        sa.Column("state", sa.String(16), nullable=False, server_default="open"),
        _when("created_at"),
    )


def downgrade() -> None:
    for name in ("invitations", "move_links", "auth_challenges", "account_seats", "account_sessions", "passkeys",
                 "accounts"):
        op.drop_table(name)
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("window_answer")
        batch.drop_column("seen_at")
        batch.drop_column("seen_seq")
