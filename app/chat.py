"""Table chat: who may post on which channel, who may read it, rate limits, and the stored messages.

Channels are ``table`` (the seated players), ``team:<name>`` (one public team's seats, once the game has started)
and ``spectators``. A posted message is one database row; the hub announces ``{kind: chat, id}`` and each worker
hands it to those of its viewers allowed to read that channel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select

from app.errors import ApiError
from app.held import Seat, Table
from app.limits import RateLimiter
from app.messages import public_teams
from app.models import ChatRow, SeatRow, TableRow
from app.names import NAME_MAX, check_person_name, clean_text, skeleton
from app.seats import Holder, seat_of
from app.service import TableService
from app.settings import Settings
from app.shield import runs_to_end
from app.timing import now
from games.protocol import Viewer

SPECTATOR = "Spectator"  # the name of a spectator who has not chosen one
SPECTATOR_CHAT_SHARE = 4  # all of a table's spectators together may chat as much as this many people


def spectator_name(name: Any, seats: Sequence[Seat | SeatRow]) -> str:
    """A spectator's chosen name, held to the rules of a seat's (one alphabet, no "Bot…") and never the name of
    anyone seated here, nor one that looks like it (the same folding that numbers a second "Ada" at a table)."""
    if name in (None, ""):
        return SPECTATOR
    chosen = check_person_name(clean_text(name, NAME_MAX, "name"))
    if skeleton(chosen) in {skeleton(s.name) for s in seats}:
        raise ApiError(422, "bad_name", f"A player here is called {chosen!r} (or something that looks like it); "
                                        "please choose another name to chat as a spectator.")
    return chosen


class Chat:
    """A table's chat, posted and read through the table service's database and hub."""

    def __init__(self, service: TableService, settings: Settings) -> None:
        self.service = service
        self.settings = settings
        count, per = self.settings.chat_rate
        self._senders = RateLimiter(count, per, "chat")
        self._spectators = RateLimiter(count * SPECTATOR_CHAT_SHARE, per, "spectator_chat")  # one budget per table

    def _teams(self, row: Table | TableRow) -> dict[int, str]:
        return public_teams(self.service.game(row.game), row) or {}

    def channel(self, row: Table | TableRow, viewer: Viewer, wanted: str | None) -> str:
        """The channel a message goes to: ``wanted`` checked against who is posting."""
        if viewer is None:
            return "spectators"
        if wanted in (None, "", "table"):
            return "table"
        if wanted == "team":
            team = self._teams(row).get(viewer)
            if team is None:
                raise ApiError(422, "no_team", "You have no team chat in this game.")
            return f"team:{team}"
        raise ApiError(422, "bad_channel", "Chat channels are 'table' and 'team'.")

    def can_read(self, row: Table | TableRow, viewer: Viewer, channel: str) -> bool:
        if channel == "spectators":
            return viewer is None
        if channel == "table":
            return viewer is not None or row.spectator_chat
        if channel.startswith("team:") and viewer is not None:
            return self._teams(row).get(viewer) == channel[5:]
        return False

    @runs_to_end
    async def post(self, table_id: str, holder: Holder | None, text: Any, wanted: str | None,
                   sender: str | None = None, name: Any = None) -> None:
        """``sender`` names who is rate-limited: a seat by default, one connection for a spectator. A table's
        spectators also share a budget of a few people's worth, so reconnecting does not get round the limit.
        ``name`` is a spectator's chosen name (a seat always speaks under its own)."""
        text = clean_text(text, self.settings.chat_max_len, "message")
        if holder is None:  # refused before it costs the sender any of their rate; checked again as it is written
            spectator_name(name, (await self.service.snapshot(table_id))[1])
        count, per = self.settings.chat_rate
        if not self._senders.allow(sender or f"{table_id}:{holder}"):
            raise ApiError(429, "chat_rate", f"Slow down: at most {count} messages every {per:g} seconds.")
        if holder is None and not self._spectators.allow(table_id):
            raise ApiError(429, "chat_rate", f"The spectators' chat is busy: at most {count * SPECTATOR_CHAT_SHARE} "
                                             f"messages every {per:g} seconds between you all.")
        async with self.service.writing() as session:
            row, seats = await self.service.load(session, table_id)
            viewer = seat_of(seats, holder)
            channel = self.channel(row, viewer, wanted)
            name = seats[viewer].name if viewer is not None else spectator_name(name, seats)
            chat = ChatRow(table_id=table_id, channel=channel, seat=viewer, name=name, text=text, created_at=now())
            session.add(chat)
            await session.commit()
            chat_id = chat.id
        await self.service.announce(table_id, {"kind": "chat", "id": chat_id})

    @runs_to_end
    async def row(self, table_id: str, chat_id: int) -> ChatRow | None:
        """One message of this table, or None (gone, or another table's)."""
        async with self.service.reading() as session:
            chat = await session.get(ChatRow, chat_id)
        return chat if chat is not None and chat.table_id == table_id else None

    @runs_to_end
    async def rows(self, table_id: str, after_id: int = 0, limit: int = 100) -> list[ChatRow]:
        """The table's latest messages (at most ``limit``, after ``after_id``), oldest first."""
        async with self.service.reading() as session:
            rows = (await session.scalars(
                select(ChatRow).where(ChatRow.table_id == table_id, ChatRow.id > after_id)
                .order_by(ChatRow.id.desc()).limit(limit))).all()
        return list(reversed(rows))
