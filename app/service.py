"""The table service: every change to a table goes through here, one transaction per change.

Lobby changes and game actions alike load the table row, change it, and commit guarded by the row's version
(optimistic concurrency, see ``models.TableRow``). After a commit the hub announces ``{table_id, seq}``; each worker
then builds its own viewers' messages, so no secret ever crosses the bus.

Here too: the tables as last committed, held in memory for reading (``snapshot``), the state messages and public
facts built from them, the audit, and the sweeps of due and expired tables. The service holds the tables' chat
(``app.chat``, as ``service.chat``) and their presence counts (``app.presence``, as ``service.presence``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from datetime import datetime, timedelta
from typing import Any

from pydantic import ValidationError
from sqlalchemy import and_, delete, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import defer
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.exc import StaleDataError

from app import fairness
from app.chat import Chat
from app.commits import Committer, Move
from app.errors import ApiError, not_found
from app.hub import Hub
from app.links import SeatLinks, issue
from app.messages import state_message, table_facts
from app.models import ActionRow, ChatRow, SeatLinkRow, SeatRow, TableRow
from app.names import NAME_MAX, check_person_name, clean_text, unique_name
from app.play import copy_row, copy_seat, due_snapshot, play, rebuild, settle
from app.presence import Presence
from app.seats import Actor, Holder, Viewing, hash_token, rematch_token, same_secret, seat_row
from app.settings import Settings
from app.shield import runs_to_end
from app.timing import aware, now
from games.bots import kinds
from games.protocol import Game, IllegalAction, Viewer
from games.rng import seed_from_text

log = logging.getLogger(__name__)
RETRIES = 8
BOT_NAMES = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Radia", "Tim"]


def announcement(row: TableRow) -> dict[str, Any]:
    """The announcement of a committed change: enough for every worker to know the table moved on and when it next
    needs looking at (the schedule), and nothing any seat may not see."""
    deadline = aware(row.deadline)
    return {"kind": "state", "seq": row.seq, "version": row.version,
            "deadline": deadline.isoformat() if deadline is not None else None, "bots": row.bots_waiting}


class Conflict(Exception):
    """A strict action (bot or timer) lost a race: the table moved on, so the action is dropped."""


class TableService:
    def __init__(self, settings: Settings, sessions: async_sessionmaker[AsyncSession],
                 games: Mapping[str, Game[Any]], hub: Hub) -> None:
        self.settings = settings
        self.sessions = sessions
        self.games = games
        self.hub = hub
        # Weak: a table's lock lives while someone holds or awaits it, so idle tables cost nothing here.
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._write_lock = asyncio.Lock() if settings.database_url.startswith("sqlite") else None
        self.committer = Committer(self.writing)
        # Called after every committed game action: the bot runner hooks in here.
        self.after_action: Callable[[str], Awaitable[None]] | None = None
        # Tables as last committed, most recently used last: fan-out, bots and REST read these, not the database.
        # Every commit made here replaces its table's entry; an announcement of anyone else's change drops it.
        self._tables: OrderedDict[str, tuple[TableRow, list[SeatRow]]] = OrderedDict()
        # Rows of tables dropped from ``_tables`` because they changed elsewhere: their states are built on.
        self._bases: OrderedDict[str, TableRow] = OrderedDict()
        self.presence = Presence(self)  # open connections per seat and spectators per table
        self.chat = Chat(self)
        self.links = SeatLinks(self)  # seat links: one-time claim codes for a seat's token
        hub.tap(self._heard)

    # ----------------------------------------------------------------- helpers

    def game(self, game_id: str) -> Game[Any]:
        game = self.games.get(game_id)
        if game is None:
            known = ", ".join(sorted(self.games))
            raise ApiError(404, "unknown_game", f"There is no game '{game_id}'. Games here: {known}.")
        return game

    @contextlib.asynccontextmanager
    async def writing(self) -> AsyncIterator[AsyncSession]:
        """A session for a write. On SQLite, writers queue here, one at a time: far cheaper than SQLite's own
        busy-wait sleeps when several connections fight over its single write lock."""
        async with self._write_lock if self._write_lock else contextlib.nullcontext():
            async with self.sessions() as session:
                yield session

    def lock(self, table_id: str) -> asyncio.Lock:
        # Serialises changes to one table inside this process; the version guard covers other processes.
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    async def load(self, session: AsyncSession, table_id: str) -> tuple[TableRow, list[SeatRow]]:
        """The table and its seats, read afresh in ``session``, with the presence counts on them and its state at its
        seq (a snapshot, or a state held here, plus the actions logged after it)."""
        for _ in range(RETRIES):
            # The state is read separately, and only when no state held here is close enough to build on.
            row = await session.get(TableRow, table_id, populate_existing=True, options=[defer(TableRow.state)])
            if row is None:
                raise not_found()
            read, state = await self._state_at(session, row)
            if read:
                break
        else:
            raise ApiError(503, "busy", "The table is very busy; try again.")
        set_committed_value(row, "state", state)
        await self.presence.ensure(table_id)
        seats = list((await session.scalars(
            select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
        )).all())
        self.presence.count_in(row, seats)
        return row, seats

    async def _state_at(self, session: AsyncSession, row: TableRow) -> tuple[bool, dict[str, Any] | None]:
        """The state at ``row.seq``, built on the nearest of a state held here and the stored snapshot. (False, None)
        when the snapshot turned out newer than ``row`` (PostgreSQL reads each statement afresh): read both again."""
        if row.status == "lobby":
            return True, None
        base = self._base(row)
        if base is not None:
            state, since = base
        else:
            state, since = (await session.execute(
                select(TableRow.state, TableRow.snapshot_seq).where(TableRow.id == row.id))).one()
            if since > row.seq:
                return False, None
        if state is not None and since < row.seq:
            entries = (await session.execute(
                select(ActionRow.seq, ActionRow.seat, ActionRow.action)
                .where(ActionRow.table_id == row.id, ActionRow.seq > since, ActionRow.seq <= row.seq)
                .order_by(ActionRow.seq))).all()
            if [seq for seq, _, _ in entries] != list(range(since + 1, row.seq + 1)):
                raise RuntimeError(f"table {row.id}: the action log does not run from {since} to {row.seq}")
            state = rebuild(self.game(row.game), state, [(seat, action) for _, seat, action in entries])
        return True, state

    def _base(self, row: TableRow) -> tuple[dict[str, Any], int] | None:
        """A state held here that ``row``'s state can be built on with no more actions than the stored snapshot:
        how a worker follows the log of a table another worker changed, without reading its snapshot."""
        held = self._tables.get(row.id)
        candidates = [held[0] if held is not None else None, self._bases.get(row.id)]
        best: TableRow | None = None
        for old in candidates:
            if old is None or old.state is None or not row.snapshot_seq <= old.seq <= row.seq:
                continue
            if best is None or old.seq > best.seq:
                best = old
        return (best.state, best.seq) if best is not None and best.state is not None else None

    async def _mutate(self, table_id: str, change: Callable[[AsyncSession, TableRow, list[SeatRow]], Any]) -> Any:
        """Run a lobby change in one version-guarded transaction, retrying if another writer got there first."""
        async with self.lock(table_id):
            for _ in range(RETRIES):
                async with self.writing() as session:
                    row, seats = await self.load(session, table_id)
                    try:  # a flush inside the change can meet another writer's commit, as the commit can
                        out = change(session, row, seats)
                        if asyncio.iscoroutine(out):
                            out = await out
                        row.updated_at = now()  # always dirties the row, so its version guards seat changes too
                        await session.commit()
                    except (StaleDataError, IntegrityError):
                        await session.rollback()
                        continue
                self.forget(table_id)  # seats may have come and gone: the next read loads them afresh
                await self.hub.publish(table_id, announcement(row))
                return out
        raise ApiError(503, "busy", "The table is very busy; try again.")

    def _names(self, seats: list[SeatRow]) -> list[str]:
        return [s.name for s in seats]

    # ----------------------------------------------------------------- who is asking

    async def viewer(self, table_id: str, token: str | None, spectate: str | None) -> Viewing:
        """Who a credential names, checked against the table in memory (a token not found there is looked up once
        more in the database: the seat may have been taken a moment ago through another worker)."""
        row, seats = await self.snapshot(table_id)
        if token:
            hashed = hash_token(token)
            for fresh in (False, True):
                if fresh:
                    row, seats = await self.snapshot(table_id, fresh=True)
                seat = next((s for s in seats if s.token_hash is not None and same_secret(hashed, s.token_hash)), None)
                if seat is not None:
                    return Viewing(table_id, Holder(seat.id))
            raise ApiError(401, "bad_token", "That seat token is not valid for this table.")
        if spectate:
            if not same_secret(spectate, row.spectate_key):
                raise ApiError(401, "bad_spectate_key", "That spectator link is not valid for this table.")
            return Viewing(table_id, None)
        raise ApiError(401, "no_credentials", "Send your seat token (Authorization: Bearer …) or a spectator key.")

    @runs_to_end
    async def holder(self, table_id: str, token: str | None) -> Holder:
        if not token:
            raise ApiError(401, "no_credentials", "This needs your seat token: Authorization: Bearer <token>.")
        viewing = await self.viewer(table_id, token, None)
        assert viewing.holder is not None
        return viewing.holder

    # ----------------------------------------------------------------- lobby

    @runs_to_end
    async def create(self, game_id: str, name: str, options: Mapping[str, Any] | None,
                     turn_timer: float | None, spectator_chat: bool = True) -> tuple[TableRow, str, str]:
        """A new table in the lobby; returns it, the creator's token and a claim code for their seat link."""
        game = self.game(game_id)
        name = check_person_name(clean_text(name, NAME_MAX, "name"))
        try:
            parsed = game.parse_options(options)
        except ValidationError as exc:
            details = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'options'}: {e['msg']}" for e in exc.errors()[:5])
            raise ApiError(422, "invalid_options", f"Those options are not valid for {game.title}: {details}") from exc
        except ValueError as exc:
            raise ApiError(422, "invalid_options", f"Those options are not valid for {game.title}: {exc}") from exc
        if turn_timer is not None and not 5 <= turn_timer <= 3600:
            raise ApiError(422, "invalid_options", "The turn timer must be between 5 and 3600 seconds, or none.")
        seed = fairness.new_seed()
        token = secrets.token_urlsafe(24)
        stamp = now()
        row = TableRow(
            id=secrets.token_urlsafe(9), game=game.id, options=parsed.model_dump(mode="json"), status="lobby",
            host_seat=0, invite_code=secrets.token_urlsafe(9), spectate_key=secrets.token_urlsafe(12), seed=seed,
            commitment=fairness.commitment(seed), seq=0, state=None, turn_timer=turn_timer, bots_waiting=False,
            spectators=0, spectator_chat=spectator_chat, created_at=stamp, updated_at=stamp,
        )
        async with self.writing() as session:
            session.add(row)
            await session.flush()
            seat = SeatRow(table_id=row.id, seat=0, name=name, token_hash=hash_token(token), away=False, connections=0)
            session.add(seat)
            await session.flush()
            code, _ = await issue(session, row.id, seat.id, token)
            await session.commit()
        return row, token, code

    @runs_to_end
    async def join(self, table_id: str, name: str, invite: str) -> tuple[int, str, str]:
        """The next free seat; returns its number, its token and a claim code for its seat link."""
        name = check_person_name(clean_text(name, NAME_MAX, "name"))
        token = secrets.token_urlsafe(24)

        async def change(session: AsyncSession, row: TableRow, seats: list[SeatRow]) -> tuple[int, str]:
            if not same_secret(invite, row.invite_code):
                raise ApiError(403, "bad_invite", "That invite code is not valid for this table.")
            if row.status != "lobby":
                raise ApiError(409, "already_started", "This game has already started; you can watch instead.")
            game = self.game(row.game)
            if len(seats) >= game.max_players:
                raise ApiError(409, "table_full", f"The table is full ({game.max_players} seats).")
            new = SeatRow(table_id=table_id, seat=len(seats), name=unique_name(name, self._names(seats)),
                          token_hash=hash_token(token), away=False, connections=0)
            session.add(new)
            await session.flush()
            code, _ = await issue(session, table_id, new.id, token)
            return new.seat, code

        seat, code = await self._mutate(table_id, change)
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

    def _require_host(self, row: TableRow, seats: list[SeatRow], who: Holder) -> None:
        if seat_row(seats, who).seat != row.host_seat:
            raise ApiError(403, "not_host", "Only the host can do that.")

    def _require_lobby(self, row: TableRow) -> None:
        if row.status != "lobby":
            raise ApiError(409, "already_started", "That can only be done before the game starts.")

    @runs_to_end
    async def add_bots(self, table_id: str, who: Holder, count: int, kind: str | None) -> None:
        def change(session: AsyncSession, row: TableRow, seats: list[SeatRow]) -> None:
            self._require_host(row, seats, who)
            self._require_lobby(row)
            game = self.game(row.game)
            bot_kind = self._bot_kind(game, kind)
            if not 1 <= count <= game.max_players:
                raise ApiError(422, "bad_request", f"Add between 1 and {game.max_players} bots.")
            if len(seats) + count > game.max_players:
                free = game.max_players - len(seats)
                raise ApiError(409, "table_full", f"Only {free} seat(s) are free at this table.")
            for _ in range(count):
                taken = {s.name for s in seats}
                base = next((f"Bot {n}" for n in BOT_NAMES if f"Bot {n}" not in taken), "Bot")
                new = SeatRow(table_id=table_id, seat=len(seats), name=unique_name(base, self._names(seats)),
                              bot=bot_kind, token_hash=None, away=False, connections=0)
                session.add(new)
                seats.append(new)

        await self._mutate(table_id, change)

    @runs_to_end
    async def remove_seat(self, table_id: str, who: Holder, target: int) -> None:
        async def change(session: AsyncSession, row: TableRow, seats: list[SeatRow]) -> None:
            self._require_host(row, seats, who)
            self._require_lobby(row)
            if target == row.host_seat:
                raise ApiError(422, "bad_request", "The host cannot remove their own seat; leave the table instead.")
            await self._drop_seat(session, row, seats, target)

        await self._mutate(table_id, change)

    @runs_to_end
    async def leave(self, table_id: str, who: Holder) -> None:
        async def change(session: AsyncSession, row: TableRow, seats: list[SeatRow]) -> None:
            self._require_lobby(row)
            await self._drop_seat(session, row, seats, seat_row(seats, who).seat)

        await self._mutate(table_id, change)

    async def _drop_seat(self, session: AsyncSession, row: TableRow, seats: list[SeatRow], target: int) -> None:
        victim = next((s for s in seats if s.seat == target), None)
        if victim is None:
            raise ApiError(404, "unknown_seat", f"There is no seat {target} at this table.")
        # Its seat links go with it (explicit: not every database enforces the cascade).
        await session.execute(delete(SeatLinkRow).where(SeatLinkRow.seat_id == victim.id))
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
        def change(session: AsyncSession, row: TableRow, seats: list[SeatRow]) -> None:
            self._require_host(row, seats, who)
            self._require_lobby(row)
            game = self.game(row.game)
            if len(seats) < game.min_players:
                raise ApiError(409, "not_enough_players",
                               f"{game.title} needs at least {game.min_players} players; {len(seats)} are seated.")
            state = game.new_state(len(seats), row.options, seed_from_text(row.seed))
            row.state = state
            row.snapshot_seq = row.seq = 0
            row.status = "playing"
            settle(game, row, seats)

        await self._mutate(table_id, change)
        if self.after_action:
            await self.after_action(table_id)

    # ----------------------------------------------------------------- play

    @runs_to_end
    async def act(self, table_id: str, who: Actor | None, action: Any, expect_seq: int | None = None, *,
                  source: str = "seat", strict: bool = False) -> int:
        """Apply one action in one seq-guarded transaction; returns the new seq. ``who`` None is the platform
        closing a self-closing window at its deadline (``action`` is then ``EXPIRE``).

        A legal action is applied even when ``expect_seq`` is old (ten simultaneous votes must not bounce); an
        illegal one on an old view is a 409 (refresh), on a current view a 422. ``strict`` (bots, timers) drops the
        action with ``Conflict`` if the table has moved past ``expect_seq``.
        """
        if expect_seq is not None and (not isinstance(expect_seq, int) or isinstance(expect_seq, bool)):
            raise ApiError(422, "bad_request", "expect_seq must be a whole number.")
        async with self.lock(table_id):
            for attempt in range(RETRIES):
                # The table as last committed, from memory; after a lost race, from the database.
                held, held_seats = await self.snapshot(table_id, fresh=attempt > 0)
                if strict and expect_seq != held.seq:
                    # Before the status: a bot or deadline whose table moved on (perhaps to its end) just stops.
                    raise Conflict()
                if held.status == "lobby":
                    raise ApiError(409, "not_started", "The game has not started yet.")
                if held.status == "finished":
                    raise ApiError(409, "game_over", "The game is over; no more actions are taken.")
                game = self.game(held.game)
                row, seats = copy_row(held), [copy_seat(s) for s in held_seats]
                try:
                    seat = play(game, row, seats, who, action, source)
                except IllegalAction as exc:
                    if expect_seq is not None and expect_seq < held.seq:
                        raise ApiError(409, "stale_seq", f"The table has moved on (you saw {expect_seq}, it is "
                                       f"now {held.seq}) and that action is no longer allowed: "
                                       f"{exc.message}") from exc
                    raise ApiError(422, exc.code, exc.message) from exc
                changed = [new for new, old in zip(seats, held_seats, strict=True) if new.away != old.away]
                snapshot = due_snapshot(row, self.settings.snapshot_every)
                if snapshot:
                    row.snapshot_seq = row.seq
                move = Move(row, held.version, changed, seat, action, source, now(), snapshot)
                try:
                    committed = await self.committer.commit(move)
                except Exception:  # the whole batch failed: nothing of it is acknowledged; look again
                    log.warning("a commit failed; table %s reloads and retries", table_id, exc_info=True)
                    committed = False
                if not committed:  # another worker changed the table first
                    self.forget(table_id)
                    if strict:
                        raise Conflict()
                    continue
                row.version = held.version + 1
                self._remember(row, seats)
                seq = row.seq
                break
            else:
                raise ApiError(503, "busy", "The table is very busy; try again.")
        await self.hub.publish(table_id, announcement(row))
        if self.after_action:
            await self.after_action(table_id)
        return seq

    @runs_to_end
    async def set_bot(self, table_id: str, who: Holder, target: int, kind: str | None) -> None:
        """The host hands a departed player's seat to a bot; the player may reclaim it later."""

        async def change(session: AsyncSession, row: TableRow, seats: list[SeatRow]) -> None:
            self._require_host(row, seats, who)
            if row.status != "playing":
                raise ApiError(409, "not_playing", "Seats can be handed to bots only while the game is on.")
            game = self.game(row.game)
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
            settle(game, row, seats)

        await self._mutate(table_id, change)
        if self.after_action:
            await self.after_action(table_id)

    @runs_to_end
    async def reclaim(self, table_id: str, who: Holder) -> None:
        async def change(session: AsyncSession, row: TableRow, seats: list[SeatRow]) -> None:
            mine = seat_row(seats, who)
            if mine.bot is None:
                raise ApiError(409, "not_bot", "Your seat is already yours.")
            mine.bot = None
            mine.away = False
            if row.status == "playing":
                settle(self.game(row.game), row, seats)

        await self._mutate(table_id, change)

    @runs_to_end
    async def set_spectator_chat(self, table_id: str, who: Holder, readable: bool) -> None:
        """The host decides, at any time, whether spectators may read the players' table chat."""
        def change(session: AsyncSession, row: TableRow, seats: list[SeatRow]) -> None:
            self._require_host(row, seats, who)
            row.spectator_chat = readable

        await self._mutate(table_id, change)

    @runs_to_end
    async def again(self, table_id: str, who: Holder, token: str) -> tuple[str, int, str, str]:
        """Play again: the first asker opens a new lobby with the same people. Each asker gets a token for the seat
        copied from their own (``SeatRow.rematch_of``), whatever number the lobby has given it since, and a claim code
        for that seat's link; asking twice gives the same token (``rematch_token``: derived from ``token``, their
        credential here), so nothing that already holds it stops working. Someone whose rematch seat is gone (left,
        removed) is refused. Two asking at once (even on two workers) meet at one new table: the loser of the race
        looks again."""

        async def change(session: AsyncSession, row: TableRow,
                         seats: list[SeatRow]) -> tuple[str, int, str, int | None, str]:
            asker = seat_row(seats, who)
            if row.status != "finished" or row.state is None:
                raise ApiError(409, "not_finished", "A rematch can be opened once the game has finished.")
            new_id, notice = row.next_table_id, None
            if new_id is not None and await session.scalar(select(TableRow.id).where(TableRow.id == new_id)) is None:
                # The rematch lobby expired (a lobby lasts a day, a finished table a month; no foreign key ties
                # them): open a fresh one rather than refuse everyone for good.
                new_id = None
            if new_id is None:
                new_row = self._rematch(row)
                session.add(new_row)
                await session.flush()
                for s in seats:
                    session.add(SeatRow(table_id=new_row.id, seat=s.seat, name=s.name, bot=s.bot, token_hash=None,
                                        away=False, connections=0, rematch_of=s.id))
                row.next_table_id = new_id = new_row.id
                # Everyone at the old table hears who opened it, in the chat as well as on the result screen.
                notice = ChatRow(table_id=row.id, channel="table", seat=asker.seat, name=asker.name,
                                 text="started a rematch.", kind="rematch", created_at=now())
                session.add(notice)
                await session.flush()
            mine = await session.scalar(
                select(SeatRow).where(SeatRow.table_id == new_id, SeatRow.rematch_of == asker.id))
            if mine is None:
                raise ApiError(403, "rematch_seat_gone", "You no longer have a seat at the rematch: you left it or "
                                                         "its host removed you. Ask the players for its invite link.")
            new_token = rematch_token(token, new_id)
            mine.token_hash = hash_token(new_token)
            code, _ = await issue(session, new_id, mine.id, new_token)
            return new_id, mine.seat, new_token, None if notice is None else notice.id, code

        new_id, seat, new_token, notice_id, code = await self._mutate(table_id, change)
        if notice_id is not None:
            await self.hub.publish(table_id, {"kind": "chat", "id": notice_id})
        return new_id, seat, new_token, code

    def _rematch(self, old: TableRow) -> TableRow:
        seed = fairness.new_seed()
        stamp = now()
        return TableRow(
            id=secrets.token_urlsafe(9), game=old.game, options=old.options, status="lobby", host_seat=old.host_seat,
            invite_code=secrets.token_urlsafe(9), spectate_key=secrets.token_urlsafe(12), seed=seed,
            commitment=fairness.commitment(seed), seq=0, state=None, turn_timer=old.turn_timer,
            bots_waiting=False, spectators=0, spectator_chat=old.spectator_chat, created_at=stamp, updated_at=stamp,
        )

    # ----------------------------------------------------------------- reading

    async def snapshot(self, table_id: str, *, fresh: bool = False) -> tuple[TableRow, list[SeatRow]]:
        """The table as last committed: from memory, or (``fresh``, or not held) from the database. Callers must
        treat what they get as read-only: it is shared."""
        cached = None if fresh else self._tables.get(table_id)
        if cached is not None:
            self._tables.move_to_end(table_id)
            return cached
        row, seats = await self._load_committed(table_id)
        self._remember(row, seats)
        return row, seats

    @runs_to_end
    async def _load_committed(self, table_id: str) -> tuple[TableRow, list[SeatRow]]:
        async with self.sessions() as session:
            return await self.load(session, table_id)

    def _remember(self, row: TableRow, seats: list[SeatRow]) -> None:
        held = self._tables.get(row.id)
        if held is not None and held[0].version > row.version:
            return  # a newer version is already held (two loads crossed)
        self.presence.count_in(row, seats)  # the counts as they are now, not as they were when this copy was taken
        self._tables[row.id] = (row, seats)
        self._tables.move_to_end(row.id)
        while len(self._tables) > self.settings.tables_in_memory:
            self._tables.popitem(last=False)

    def forget(self, table_id: str) -> None:
        """Stop serving a held table from memory; its state stays at hand to build the next read on."""
        held = self._tables.pop(table_id, None)
        if held is not None and held[0].state is not None:
            self._bases[table_id] = held[0]
            self._bases.move_to_end(table_id)
            while len(self._bases) > self.settings.tables_in_memory:
                self._bases.popitem(last=False)

    def _drop(self, table_id: str) -> None:
        """The table was deleted: nothing of it is kept to build on."""
        self._tables.pop(table_id, None)
        self._bases.pop(table_id, None)

    def forget_all(self) -> None:
        self._tables.clear()
        self._bases.clear()

    def recount(self, table_id: str) -> None:
        """Presence counted in memory has changed: a held table is replaced by a fresh copy with the new counts
        (held rows are never changed in place)."""
        held = self._tables.get(table_id)
        if held is not None:
            self._remember(copy_row(held[0]), [copy_seat(seat) for seat in held[1]])

    def _heard(self, table_id: str, event: dict[str, Any]) -> None:
        """Every announcement on the hub, this worker's or another's: drop a held table that it outdates."""
        if event.get("kind") == "gone":
            self._drop(table_id)
            return
        held = self._tables.get(table_id)
        if held is None:
            return
        if event.get("kind") == "state" and event.get("version", held[0].version + 1) > held[0].version:
            self.forget(table_id)  # presence is not a change of the table: ``Presence`` lays new counts on it

    def table_info(self, row: TableRow, seats: list[SeatRow], viewer: Viewer, base: str) -> dict[str, Any]:
        """The table's public facts in every state message: built once per committed row (a held row never changes)
        for seats and once for spectators, who get no invite link."""
        built: dict[tuple[str, bool], dict[str, Any]] = row.__dict__.setdefault("_public_facts", {})
        key = (base, viewer is None)
        if key not in built:
            built[key] = table_facts(self.game(row.game), row, seats, viewer, base)
        return built[key]

    def message_for(self, row: TableRow, seats: list[SeatRow], viewer: Viewer, base: str,
                    state: dict[str, Any] | None = None, seq: int | None = None) -> dict[str, Any]:
        """The state message of API.md. ``state``/``seq`` override the row's when replaying intermediate seqs."""
        game = self.game(row.game)
        use_state = row.state if state is None else state
        use_seq = row.seq if seq is None else seq
        status = row.status
        if status == "finished" and use_state is not None and game.result(use_state) is None:
            status = "playing"  # an intermediate seq of a finished game
        lists: dict[int, list[Any]] | None = getattr(row, "legal_lists", None) if state is None else None
        return state_message(
            game, status=status, seq=use_seq, state=use_state, viewer=viewer, names=self._names(seats),
            legal=lists.get(viewer, []) if lists is not None and viewer is not None else None,
            table=self.table_info(row, seats, viewer, base),
            deadline=aware(row.deadline) if use_seq == row.seq else None,
        )

    @runs_to_end
    async def tables_to_watch(self) -> list[tuple[str, datetime | None, bool]]:
        """Tables in play with a deadline or bots to move, (id, deadline, bots_waiting) each: the schedule's
        start."""
        async with self.sessions() as session:
            rows = await session.execute(
                select(TableRow.id, TableRow.deadline, TableRow.bots_waiting)
                .where(TableRow.status == "playing", or_(TableRow.deadline.is_not(None), TableRow.bots_waiting)))
            return [(table_id, deadline, bool(waiting)) for table_id, deadline, waiting in rows.all()]

    @runs_to_end
    async def expire_tables(self) -> int:
        """Delete lobbies nobody touched, games finished long ago and games left unplayed (``Settings``' TTLs), with
        their seats, actions and chat. Returns how many tables went."""
        stamp = now()
        cfg = self.settings

        def older(hours: float) -> Any:
            return TableRow.updated_at < stamp - timedelta(hours=hours)

        due = or_(and_(TableRow.status == "lobby", older(cfg.lobby_ttl_hours)),
                  and_(TableRow.status == "finished", older(cfg.finished_ttl_hours)),
                  and_(TableRow.status == "playing", older(cfg.idle_ttl_hours)))
        async with self.writing() as session:
            ids = list((await session.scalars(select(TableRow.id).where(due))).all())
            if ids:
                # explicit: not every database enforces the cascade
                for model in (ActionRow, ChatRow, SeatLinkRow, SeatRow):
                    await session.execute(delete(model).where(model.table_id.in_(ids)))
                await session.execute(delete(TableRow).where(TableRow.id.in_(ids))
                                      .execution_options(synchronize_session=False))
                await session.commit()
        for table_id in ids:
            self._drop(table_id)
            # Every worker hears it: its held copy and schedule entry go, its open sockets close with 4410. One that
            # fails (the bus is down) costs that table's announcement only; the others find it missing when they look.
            try:
                await self.hub.publish(table_id, {"kind": "gone"})
            except Exception as exc:
                log.warning("could not announce that table %s expired: %s", table_id, exc)
        return len(ids)

    @runs_to_end
    async def audit(self, table_id: str) -> dict[str, Any]:
        async with self.sessions() as session:
            row, seats = await self.load(session, table_id)
            actions = (await session.scalars(
                select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.seq))).all()
        finished = row.status == "finished" and row.state is not None
        game = self.game(row.game)
        return {
            "table_id": row.id,
            "game": row.game,
            "status": row.status,
            "players": len(seats),
            "names": self._names(seats),
            "options": row.options,
            "commitment": row.commitment,
            "seed": row.seed if finished else None,
            "actions": [{"seq": a.seq, "seat": a.seat, "action": a.action, "source": a.source} for a in actions]
            if finished else [],
            "result": game.result(row.state) if finished and row.state else None,
        }

    @runs_to_end
    async def actions_between(self, table_id: str, after: int, upto: int) -> list[ActionRow]:
        async with self.sessions() as session:
            return list((await session.scalars(
                select(ActionRow).where(ActionRow.table_id == table_id, ActionRow.seq > after,
                                        ActionRow.seq <= upto).order_by(ActionRow.seq))).all())
