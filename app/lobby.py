"""Lobby changes: creating and joining tables, bots, seats, starting, handing a seat to a bot and back, and the
host's chat setting. Each is one version-guarded transaction through the table service (``TableService.change``).
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from pydantic import ValidationError
from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from app import fairness
from app.errors import ApiError
from app.handover import replace_row
from app.held import Facts
from app.links import issue
from app.models import ChatRow, PushSubscriptionRow, SeatLinkRow, SeatRow, TableRow
from app.names import NAME_MAX, check_person_name, clean_text, unique_name
from app.pace import LIVE
from app.pace import check as check_pace
from app.play import settle
from app.seats import Holder, hash_token, require_host, same_secret, seat_row
from app.service import TableService
from app.shield import runs_to_end
from app.timing import now
from games.bots import kinds
from games.protocol import Game
from games.rng import seed_from_text

LEFT = "left"  # the chat line's kind when someone leaves a game in play
BOT_NAMES = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Radia", "Tim"]


def _names(seats: list[SeatRow]) -> list[str]:
    return [s.name for s in seats]


class Lobby:
    """The changes people make to a table around play."""

    def __init__(self, service: TableService) -> None:
        self.service = service

    @runs_to_end
    async def create(self, game_id: str, name: str, options: Mapping[str, Any] | None,
                     turn_timer: float | None, spectator_chat: bool = True, pace: str = LIVE,
                     then: Callable[[AsyncSession, TableRow], Awaitable[None]] | None = None,
                     guided: bool = False) -> tuple[TableRow, str, str]:
        """A new table in the lobby; returns it, the creator's token and a claim code for their seat link. ``then``
        adds rows of its own (invitations) in the same transaction: they are written with the table or not at all.
        ``guided``: a guided first game, whose page shows the game's hints to its seats."""
        game = self.service.game(game_id)
        name = check_person_name(clean_text(name, NAME_MAX, "name"))
        try:
            parsed = game.parse_options(options)
        except ValidationError as exc:
            details = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'options'}: {e['msg']}" for e in exc.errors()[:5])
            raise ApiError(422, "invalid_options", f"Those options are not valid for {game.title}: {details}") from exc
        except ValueError as exc:
            raise ApiError(422, "invalid_options", f"Those options are not valid for {game.title}: {exc}") from exc
        turn_timer = check_pace(pace, turn_timer)
        seed = fairness.new_seed()
        token = secrets.token_urlsafe(24)
        stamp = now()
        row = TableRow(
            id=secrets.token_urlsafe(9), game=game.id, options=parsed.model_dump(mode="json"), status="lobby",
            host_seat=0, invite_code=secrets.token_urlsafe(9), spectate_key=secrets.token_urlsafe(12), seed=seed,
            commitment=fairness.commitment(seed), seq=0, state=None, turn_timer=turn_timer, pace=pace,
            bots_waiting=False, spectators=0, spectator_chat=spectator_chat, guided=guided, created_at=stamp,
            updated_at=stamp,
        )
        async with self.service.writing() as session:
            session.add(row)
            await session.flush()
            seat = SeatRow(table_id=row.id, seat=0, name=name, token_hash=hash_token(token), away=False, connections=0)
            session.add(seat)
            await session.flush()
            code, _ = await issue(session, row.id, seat.id, token)
            if then is not None:
                await then(session, row)
            await session.commit()
        return row, token, code

    @runs_to_end
    async def join(self, table_id: str, name: str, invite: str) -> tuple[int, str, str]:
        """The next free seat; returns its number, its token and a claim code for its seat link."""

        async def check(session: AsyncSession, row: TableRow) -> None:
            if not same_secret(invite, row.invite_code):
                raise ApiError(403, "bad_invite", "That invite code is not valid for this table.")

        return await self.seat_person(table_id, name, check)

    @runs_to_end
    async def seat_person(self, table_id: str, name: str, check: Callable[[AsyncSession, TableRow], Awaitable[None]],
                          from_list: bool = False) -> tuple[int, str, str]:
        """The next free seat for ``name``, once ``check`` (run first, in the same transaction: an invite code, an
        invitation used up, the table still listed) lets them in; returns its number, its token and a claim code for
        its seat link. ``from_list``: taken from the open tables, so never shown the invite code."""
        name = check_person_name(clean_text(name, NAME_MAX, "name"))
        token = secrets.token_urlsafe(24)

        async def change(session: AsyncSession, row: TableRow, seats: list[SeatRow]) -> tuple[int, str]:
            await check(session, row)
            if row.status != "lobby":
                raise ApiError(409, "already_started", "This game has already started; you can watch instead.")
            game = self.service.game(row.game)
            if len(seats) >= game.max_players:
                raise ApiError(409, "table_full", f"The table is full ({game.max_players} seats).")
            new = SeatRow(table_id=table_id, seat=len(seats), name=unique_name(name, _names(seats)),
                          token_hash=hash_token(token), away=False, connections=0, from_list=from_list)
            session.add(new)
            await session.flush()
            code, _ = await issue(session, table_id, new.id, token)
            return new.seat, code

        seat, code = await self.service.change(table_id, change)
        return seat, token, code

    @staticmethod
    def _bot_kind(game: Game[Any], kind: str | None) -> str:
        """The bot asked for, or the game's default: its strongest level (games/bots.py)."""
        levels = kinds(game)
        if kind is None:
            return levels[0]
        if kind not in levels:
            raise ApiError(422, "unknown_bot", f"No bot {kind[:40]!r}. Bots for this game: {', '.join(levels)}.")
        return kind

    def _require_lobby(self, row: TableRow) -> None:
        if row.status != "lobby":
            raise ApiError(409, "already_started", "That can only be done before the game starts.")

    @runs_to_end
    async def add_bots(self, table_id: str, who: Holder, count: int, kind: str | None) -> None:
        def change(session: AsyncSession, row: TableRow, seats: list[SeatRow]) -> None:
            require_host(row.host_seat, seats, who)
            self._require_lobby(row)
            game = self.service.game(row.game)
            bot_kind = self._bot_kind(game, kind)
            if not 1 <= count <= game.max_players:
                raise ApiError(422, "bad_request", f"Add between 1 and {game.max_players} bots.")
            if len(seats) + count > game.max_players:
                free = game.max_players - len(seats)
                raise ApiError(409, "table_full", f"Only {free} seat(s) are free at this table.")
            for _ in range(count):
                taken = {s.name for s in seats}
                base = next((f"Bot {n}" for n in BOT_NAMES if f"Bot {n}" not in taken), "Bot")
                new = SeatRow(table_id=table_id, seat=len(seats), name=unique_name(base, _names(seats)),
                              bot=bot_kind, token_hash=None, away=False, connections=0)
                session.add(new)
                seats.append(new)

        await self.service.change(table_id, change)

    @runs_to_end
    async def remove_seat(self, table_id: str, who: Holder, target: int) -> None:
        async def change(session: AsyncSession, row: TableRow, seats: list[SeatRow]) -> None:
            require_host(row.host_seat, seats, who)
            self._require_lobby(row)
            if target == row.host_seat:
                raise ApiError(422, "bad_request", "The host cannot remove their own seat; leave the table instead.")
            await self._drop_seat(session, row, seats, target)

        await self.service.change(table_id, change)

    @runs_to_end
    async def leave(self, table_id: str, who: Holder) -> None:
        """Leave a lobby (the seat is freed) or a game in play: there the seat cannot go, so a bot of the game's
        default level plays it from now on, the person's credentials stop (a new row, as at a hand-over) and a public
        line says so. A finished game has nothing to leave."""

        async def change(session: AsyncSession, row: TableRow, seats: list[SeatRow]) -> int | None:
            mine = seat_row(seats, who)
            if row.status == "playing":
                game = self.service.game(row.game)
                await replace_row(session, seats, mine, token_hash=None, bot=self._bot_kind(game, None))
                if mine.seat == row.host_seat:  # the host's controls pass to someone still playing, if anyone is
                    humans = [s for s in seats if s.bot is None]
                    row.host_seat = humans[0].seat if humans else row.host_seat
                settle(game, row, seats)
                notice = ChatRow(table_id=table_id, channel="table", seat=mine.seat, name=mine.name,
                                 text="left the game; a bot plays their seat from now on.", kind=LEFT,
                                 created_at=now())
                session.add(notice)
                await session.flush()
                return notice.id
            self._require_lobby(row)
            await self._drop_seat(session, row, seats, mine.seat)
            return None

        notice_id = await self.service.change(table_id, change)
        if notice_id is not None:
            await self.service.announce(table_id, {"kind": "chat", "id": notice_id})
            await self.service.acted(table_id)  # the bot takes the seat's turn if it is due

    async def _drop_seat(self, session: AsyncSession, row: TableRow, seats: list[SeatRow], target: int) -> None:
        victim = next((s for s in seats if s.seat == target), None)
        if victim is None:
            raise ApiError(404, "unknown_seat", f"There is no seat {target} at this table.")
        # Its seat links and push subscriptions go with it (explicit: not every database enforces the cascade).
        await session.execute(delete(SeatLinkRow).where(SeatLinkRow.seat_id == victim.id))
        await session.execute(delete(PushSubscriptionRow).where(PushSubscriptionRow.seat_id == victim.id))
        await session.delete(victim)
        await session.flush()
        # Seats stay numbered 0..n-1: later seats move down one, and the host moves with them.
        for s in seats:
            if s.seat > target:
                s.seat -= 1
        if target == row.host_seat:
            humans = [s for s in seats if s is not victim and s.bot is None]
            row.host_seat = humans[0].seat if humans else 0
            if not humans:
                row.status = "finished"  # nobody is left to start it
        elif row.host_seat > target:
            row.host_seat -= 1
        row.updated_at = now()

    @runs_to_end
    async def start(self, table_id: str, who: Holder) -> None:
        def change(session: AsyncSession, row: TableRow, seats: list[SeatRow]) -> Facts:
            require_host(row.host_seat, seats, who)
            self._require_lobby(row)
            game = self.service.game(row.game)
            if len(seats) < game.min_players:
                raise ApiError(409, "not_enough_players",
                               f"{game.title} needs at least {game.min_players} players; {len(seats)} are seated.")
            state = game.new_state(len(seats), row.options, seed_from_text(row.seed))
            row.state = state
            row.snapshot_seq = row.seq = 0
            row.status = "playing"
            row.listed_at = None  # a game under way leaves the open tables for good (app/listing.py)
            return settle(game, row, seats)

        await self.service.change(table_id, change)
        await self.service.acted(table_id)

    @runs_to_end
    async def set_bot(self, table_id: str, who: Holder, target: int, kind: str | None) -> None:
        """The host hands a departed player's seat to a bot; the player may reclaim it later."""

        async def change(session: AsyncSession, row: TableRow, seats: list[SeatRow]) -> Facts:
            require_host(row.host_seat, seats, who)
            if row.status != "playing":
                raise ApiError(409, "not_playing", "Seats can be handed to bots only while the game is on.")
            game = self.service.game(row.game)
            bot_kind = self._bot_kind(game, kind)
            victim = next((s for s in seats if s.seat == target), None)
            if victim is None:
                raise ApiError(404, "unknown_seat", f"There is no seat {target} at this table.")
            if victim.bot is not None:
                raise ApiError(409, "already_bot", "A bot already plays that seat.")
            if victim.connections > 0 and not victim.away:
                raise ApiError(409, "still_playing", f"{victim.name} is still connected and playing; a seat goes to a "
                                                     "bot only once its player has left or stopped answering.")
            victim.bot = bot_kind
            return settle(game, row, seats)

        await self.service.change(table_id, change)
        await self.service.acted(table_id)

    @runs_to_end
    async def reclaim(self, table_id: str, who: Holder) -> None:
        async def change(session: AsyncSession, row: TableRow, seats: list[SeatRow]) -> Facts | None:
            mine = seat_row(seats, who)
            if mine.bot is None:
                raise ApiError(409, "not_bot", "Your seat is already yours.")
            mine.bot = None
            mine.away = False
            return settle(self.service.game(row.game), row, seats) if row.status == "playing" else None

        await self.service.change(table_id, change)

    @runs_to_end
    async def set_spectator_chat(self, table_id: str, who: Holder, readable: bool) -> None:
        """The host decides, at any time, whether spectators may read the players' table chat."""
        def change(session: AsyncSession, row: TableRow, seats: list[SeatRow]) -> None:
            require_host(row.host_seat, seats, who)
            row.spectator_chat = readable

        await self.service.change(table_id, change)

