"""Database tables: a table's row holds a recent snapshot of its state; actions are the append-only log."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Float, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), default="lobby")  # lobby | playing | finished
    host_seat: Mapped[int] = mapped_column(Integer, default=0)
    invite_code: Mapped[str] = mapped_column(String(64))
    spectate_key: Mapped[str] = mapped_column(String(64))
    seed: Mapped[str] = mapped_column(String(128))  # secret until the end
    commitment: Mapped[str] = mapped_column(String(64))  # sha256(seed), public from creation
    seq: Mapped[int] = mapped_column(Integer, default=0)  # actions applied
    version: Mapped[int] = mapped_column(Integer, default=0)  # bumps on every change: the optimistic guard
    # The state as of ``snapshot_seq``, written every few actions and at the end; the state at ``seq`` is that plus
    # the actions logged after it (``play.rebuild``).
    state: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    snapshot_seq: Mapped[int] = mapped_column(Integer, default=0)
    turn_timer: Mapped[float | None] = mapped_column(Float, nullable=True)
    # live: everyone at the table at once (timers in seconds); turn-based: each moves when they can, over days
    # (``app.pace``).
    pace: Mapped[str] = mapped_column(String(16), default="live")
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, index=True)
    timer_key: Mapped[str | None] = mapped_column(String(256), nullable=True)
    bots_waiting: Mapped[bool] = mapped_column(Boolean, default=False)
    spectators: Mapped[int] = mapped_column(Integer, default=0)
    next_table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    spectator_chat: Mapped[bool] = mapped_column(Boolean, default=True)  # spectators may read the table channel
    # When the host listed this lobby publicly ("Open tables", ``app.listing``); None: not listed (the default).
    listed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, index=True)
    # A guided first game: the table page shows the game's hints (games/hints.py) to its seats. Set at creation.
    guided: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)

    # Every UPDATE carries "WHERE version = <loaded>": two workers (or two tabs) never both commit on one version.
    __mapper_args__ = {"version_id_col": version}


class SeatRow(Base):
    __tablename__ = "seats"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)  # the bot kind playing this seat
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    away: Mapped[bool] = mapped_column(Boolean, default=False)
    connections: Mapped[int] = mapped_column(Integer, default=0)
    # At a rematch table: the seat row of the finished table this seat was copied from. "Play again" finds its
    # person's seat by this link, never by number (the lobby renumbers seats when someone leaves).
    rematch_of: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # What the seat's person last saw, on any device: the log marks what happened since ("while you were away").
    seen_seq: Mapped[int] = mapped_column(Integer, default=0)
    seen_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # A turn-based table's standing answer to response windows: "respond" (wait for me) or "pass" (pass for me after
    # the public delay); None: the table's default.
    window_answer: Mapped[str | None] = mapped_column(String(16), nullable=True)
    # Taken from the public list of open tables: its person never got the invite code, and is not shown it.
    from_list: Mapped[bool] = mapped_column(Boolean, default=False)


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: a window closing by itself
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    source: Mapped[str] = mapped_column(String(16))  # seat | bot | timer | auto
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    channel: Mapped[str] = mapped_column(String(40))  # table | spectators | team:<name>
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    kind: Mapped[str | None] = mapped_column(String(16), nullable=True)  # None: a person wrote it; "rematch": we did
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatLinkRow(Base):
    """A one-time claim code for a seat link (``app.links``): the code itself is never stored, only its hash, and the
    seat's token sealed under a key only the code gives."""

    __tablename__ = "seat_links"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat_id: Mapped[int] = mapped_column(ForeignKey("seats.id", ondelete="CASCADE"), index=True)
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    sealed_token: Mapped[str] = mapped_column(String(128))
    state: Mapped[str] = mapped_column(String(16), default="open")  # open | used | replaced
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PushSubscriptionRow(Base):
    """A browser's Web Push subscription for one seat ("Notify me when it is my turn"): deleted with its seat, or when
    the push service says it is gone (404/410)."""

    __tablename__ = "push_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat_id: Mapped[int] = mapped_column(ForeignKey("seats.id", ondelete="CASCADE"), index=True)
    endpoint: Mapped[str] = mapped_column(Text)
    p256dh: Mapped[str] = mapped_column(String(128))
    auth: Mapped[str] = mapped_column(String(64))
    last_sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ServerKeyRow(Base):
    """Keys the server makes for itself at first start and keeps (the VAPID key that signs Web Push requests)."""

    __tablename__ = "server_keys"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AccountRow(Base):
    """A person's optional account: a display name and nothing else; they sign in with passkeys."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PasskeyRow(Base):
    """A WebAuthn credential of an account: its id kept only as a hash (what sign-in looks it up by), its public key
    and the authenticator's signature counter (one that goes back is a clone, refused)."""

    __tablename__ = "passkeys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    credential_hash: Mapped[str] = mapped_column(String(64), unique=True)
    public_key: Mapped[str] = mapped_column(Text)
    sign_count: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class AccountSessionRow(Base):
    """A signed-in device: the session cookie's value is never stored, only its hash."""

    __tablename__ = "account_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AccountSeatRow(Base):
    """A seat (or, with ``seat_id`` None, a spectator link) bound to an account, so every device the person signs in
    on can open it. The seat's token is kept sealed, since a device that signs in must be handed it back."""

    __tablename__ = "account_seats"
    __table_args__ = (UniqueConstraint("account_id", "table_id", name="uq_account_seats_account_table"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat_id: Mapped[int | None] = mapped_column(ForeignKey("seats.id", ondelete="CASCADE"), nullable=True, index=True)
    sealed_token: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AuthChallengeRow(Base):
    """A WebAuthn challenge handed out for one ceremony (registration or sign-in), kept as a hash and used once."""

    __tablename__ = "auth_challenges"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    challenge_hash: Mapped[str] = mapped_column(String(64), unique=True)
    purpose: Mapped[str] = mapped_column(String(16))  # register | login | add (a passkey more, signed in)
    account_id: Mapped[str | None] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class MoveLinkRow(Base):
    """"Move my tables to another device": a one-time code for every seat and spectator link of a browser, sealed
    under a key only the code gives (like a seat link); the code itself is kept as a hash."""

    __tablename__ = "move_links"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    sealed: Mapped[str] = mapped_column(Text)
    state: Mapped[str] = mapped_column(String(16), default="open")  # open | used
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class InvitationRow(Base):
    """An invitation to the lobby ``table_id``, addressed to the person holding ``seat_id`` at a table they shared
    with the inviter ("New game with these players")."""

    __tablename__ = "invitations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat_id: Mapped[int] = mapped_column(ForeignKey("seats.id", ondelete="CASCADE"), index=True)
    from_name: Mapped[str] = mapped_column(String(64))
    state: Mapped[str] = mapped_column(String(16), default="open")  # open | accepted | declined
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
