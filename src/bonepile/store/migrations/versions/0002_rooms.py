"""Rooms (online play) and the turn timer: the rooms table; games gain their room, clock and version.

Revision ID: 0002
Revises: 0001
Create Date: 2025-02-14
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("room_id", sa.String(32), nullable=True))
        games.add_column(sa.Column("turn_time_limit", sa.Float(), nullable=True))
        games.add_column(sa.Column("turn_started_at", sa.DateTime(timezone=True), nullable=True))
        games.add_column(sa.Column("timeouts", sa.JSON(), nullable=True))
        games.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default="0"))
        games.create_index("ix_games_room_id", ["room_id"])
    op.create_table(
        "rooms",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("preset", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("turn_time_limit", sa.Float(), nullable=True),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("host_token_hash", sa.String(64), nullable=False),
        sa.Column("host_seat", sa.Integer(), nullable=True),
        sa.Column("join_code", sa.String(64), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("games", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rooms")
    with op.batch_alter_table("games") as games:
        games.drop_index("ix_games_room_id")
        games.drop_column("version")
        games.drop_column("timeouts")
        games.drop_column("turn_started_at")
        games.drop_column("turn_time_limit")
        games.drop_column("room_id")
