"""A group that stays together: a person at a finished table opens a new lobby, of any game, with the other people of
that table invited (all of them: "New game with these players", or the ones they pick: "Invite" in the list of
people they played with).

An invitation is addressed to a seat *row* of the shared table, so only whoever holds that seat's credential sees it
("Your tables" finds it by the seat's token) or answers it; it is used once. Accepting seats the person in the lobby
under their name at the shared table. The inviter's seat at that same table is what lets them invite: a token of
table A never reaches the seats of table B.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import ApiError
from app.held import Seat
from app.lobby import Lobby
from app.models import InvitationRow, SeatRow, TableRow
from app.push import Pusher, invitation_note
from app.seats import Holder, hash_token, same_secret, seat_row
from app.service import TableService
from app.shield import runs_to_end
from app.timing import aware, now

OPEN, ACCEPTED, DECLINED = "open", "accepted", "declined"
MAX_PEOPLE = 20  # the home page's list of people played with


class Invitations:
    def __init__(self, service: TableService, lobby: Lobby, pusher: Pusher, public_url: str) -> None:
        self.service = service
        self.public_url = public_url  # the server's address, for the invitees' push notes
        self.lobby = lobby
        self.pusher = pusher

    @runs_to_end
    async def open(self, table_id: str, who: Holder, game_id: str, options: Mapping[str, Any] | None,
                   turn_timer: float | None, spectator_chat: bool, pace: str,
                   seats: list[int] | None) -> tuple[TableRow, str, str, list[str]]:
        """A new lobby hosted by ``who`` (under their name at ``table_id``, a finished table) with the people of
        ``seats`` (default: every other person there; bots are never invited) invited. Returns the lobby, the host's
        token, a claim code for their seat link and the names invited."""
        table, at_table = await self.service.snapshot(table_id)
        asker = seat_row(at_table, who)
        if table.status != "finished" or table.state is None:
            raise ApiError(409, "not_finished", "You can start a new game with these players once this one has "
                                                "finished.")
        invitees = _invitees(at_table, asker, seats)
        from_name = asker.name
        stamp = now()

        async def invite(session: AsyncSession, lobby: TableRow) -> None:
            for seat in invitees:
                session.add(InvitationRow(table_id=lobby.id, seat_id=seat.id, from_name=from_name, state=OPEN,
                                          created_at=stamp))

        row, token, code = await self.lobby.create(game_id, from_name, options, turn_timer, spectator_chat, pace,
                                                   then=invite)
        title = self.service.game(row.game).title
        self.pusher.invited(table_id, [s.id for s in invitees],
                            invitation_note(from_name, title, self.public_url))
        return row, token, code, [s.name for s in invitees]

    async def _addressed(self, invitation_id: int, token: str) -> InvitationRow:
        """The invitation, if ``token`` is the credential of the seat it is addressed to. Whether an invitation
        exists is told to nobody else."""
        async with self.service.reading() as session:
            found = (await session.execute(
                select(InvitationRow, SeatRow.token_hash).join(SeatRow, SeatRow.id == InvitationRow.seat_id)
                .where(InvitationRow.id == invitation_id))).first()
        if found is None or found[1] is None or not same_secret(hash_token(token), found[1]):
            raise ApiError(404, "unknown_invitation", "There is no invitation for you with that number: it may have "
                                                      "gone with its table, or it is for another seat.")
        invitation: InvitationRow = found[0]
        if invitation.state != OPEN:
            raise _used(invitation.state)
        return invitation

    @runs_to_end
    async def accept(self, invitation_id: int, token: str) -> tuple[str, int, str, str]:
        """Take a seat in the invitation's lobby under the name of the invited seat; returns the lobby's id, the new
        seat's number, its token and a claim code for its seat link."""
        invitation = await self._addressed(invitation_id, token)
        async with self.service.reading() as session:
            name = await session.scalar(select(SeatRow.name).where(SeatRow.id == invitation.seat_id))
        assert name is not None  # ``_addressed`` found the seat

        async def use(session: AsyncSession, row: TableRow) -> None:
            # In the lobby's transaction: a lobby that is full or has started leaves the invitation open (rolled
            # back), and of two answers at once only one finds it open.
            await _settle(session, invitation_id, ACCEPTED)

        seat, new_token, code = await self.lobby.seat_person(invitation.table_id, name, use)
        return invitation.table_id, seat, new_token, code

    @runs_to_end
    async def decline(self, invitation_id: int, token: str) -> None:
        await self._addressed(invitation_id, token)
        async with self.service.writing() as session:
            await _settle(session, invitation_id, DECLINED)
            await session.commit()

    async def addressed_to(self, seats: Mapping[int, str]) -> list[dict[str, Any]]:
        """The open invitations to the seat rows ``seats`` (seat id -> its table's id) whose lobby still waits for
        players, newest first: what "Your tables" shows. ``via`` is the table whose credential answers it."""
        if not seats:
            return []
        async with self.service.reading() as session:
            found = (await session.execute(
                select(InvitationRow.id, InvitationRow.table_id, InvitationRow.seat_id, InvitationRow.from_name,
                       InvitationRow.created_at)
                .join(TableRow, TableRow.id == InvitationRow.table_id)
                .where(InvitationRow.seat_id.in_(list(seats)), InvitationRow.state == OPEN,
                       TableRow.status == "lobby")
                .order_by(InvitationRow.created_at.desc(), InvitationRow.id.desc()))).all()
        out: list[dict[str, Any]] = []
        for invitation_id, lobby_id, seat_id, from_name, created_at in found:
            try:
                lobby, lobby_seats = await self.service.snapshot(lobby_id)
            except ApiError:
                continue  # expired a moment ago
            game = self.service.game(lobby.game)
            out.append({"id": invitation_id, "table_id": lobby_id, "via": seats[seat_id], "from": from_name,
                        "game": game.id, "title": game.title, "pace": lobby.pace, "turn_timer": lobby.turn_timer,
                        "players": [s.name for s in lobby_seats], "max_players": game.max_players,
                        "created_at": aware(created_at).isoformat()})
        return out


def _invitees(seats: list[Seat], asker: Seat, chosen: list[int] | None) -> list[Seat]:
    others = [s for s in seats if s.bot is None and s.id != asker.id]
    if chosen is None:
        if not others:
            raise ApiError(409, "nobody_to_invite", "Nobody else played at this table: start a table from the home "
                                                    "page and share its invite link instead.")
        return others
    if not chosen or len(set(chosen)) != len(chosen):
        raise ApiError(422, "bad_invitee", "Name each seat to invite once.")
    by_number = {s.seat: s for s in others}
    unknown = [n for n in chosen if n not in by_number]
    if unknown:
        raise ApiError(422, "bad_invitee", f"Seat {unknown[0]} is not another person at this table: you can invite "
                                           "the people you played with, not bots or yourself.")
    return [by_number[n] for n in chosen]


async def _settle(session: AsyncSession, invitation_id: int, state: str) -> None:
    """Answer the invitation, if it is still open; else refuse (an answer is given once)."""
    done = await session.execute(
        update(InvitationRow).where(InvitationRow.id == invitation_id, InvitationRow.state == OPEN)
        .values(state=state).execution_options(synchronize_session=False))
    if not getattr(done, "rowcount", 0):
        current = await session.scalar(select(InvitationRow.state).where(InvitationRow.id == invitation_id))
        raise _used(current or DECLINED)


def _used(state: str) -> ApiError:
    said = "accepted" if state == ACCEPTED else "declined"
    return ApiError(409, "invitation_used", f"That invitation was already {said}: each invitation is answered once.")


def recent_people(tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The people the caller played with at the finished tables of ``tables`` ("Your tables" entries, where the
    caller holds a seat), each once: a name met at several tables is listed with the most recent of them, where an
    invitation to that person's seat can be made. Newest first."""
    people: dict[str, dict[str, Any]] = {}
    for table in tables:
        if table["status"] != "finished" or table["seat"] is None:
            continue
        for player in table["players"]:
            if player["bot"] or player["seat"] == table["seat"]:
                continue
            key = player["name"].casefold()
            known = people.get(key)
            if known is None or _when(known["played_at"]) < _when(table["updated_at"]):
                people[key] = {"name": player["name"], "table_id": table["table_id"], "seat": player["seat"],
                               "game": table["game"], "title": table["title"], "played_at": table["updated_at"]}
    newest = sorted(people.values(), key=lambda p: _when(p["played_at"]), reverse=True)
    return newest[:MAX_PEOPLE]


def _when(iso: str) -> datetime:
    return datetime.fromisoformat(iso)
