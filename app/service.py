"""The table service: a table's commit path, and the tables as last committed.

Every change to a table goes through here, one transaction per change: game actions (``act``, group-committed by
``app.commits``) and the changes of the modules built on this one (``change``: ``app.lobby``, ``app.rematch``), each
guarded by the row's version (optimistic concurrency, see ``models.TableRow``). After a commit the hub announces
``{table_id, seq}``; each worker then builds its own viewers' messages, so no secret ever crosses the bus.

The tables as last committed are held in memory (``app.held``, kept in ``app.held_tables``): the fan-out, the bots,
the timers and REST read them, not the database. Presence counts (``app.presence``) are laid on them as they are
held.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import defer
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.exc import StaleDataError

from app.commits import Committer, Move, sqlite_writer
from app.errors import ApiError, not_found
from app.held import Facts, Held, Seat, Table, facts_of, seat_of_row, table_of
from app.held_tables import HeldTables
from app.hub import Hub
from app.models import ActionRow, SeatRow, TableRow
from app.pace import TURN_BASED
from app.play import due_snapshot, play, rebuild
from app.presence import Presence
from app.seats import Actor, Holder, Viewing, same_secret, seat_for_token
from app.settings import Settings
from app.shield import runs_to_end
from app.timing import aware, now
from app.windows import auto_at
from games.protocol import Game, IllegalAction

log = logging.getLogger(__name__)
RETRIES = 8


def announcement(row: Table | TableRow, game: Game[Any]) -> dict[str, Any]:
    """The announcement of a committed change: enough for every worker to know the table moved on and when it next
    needs looking at (the schedule: its deadline, and when an open window's standing passes are due), and nothing
    any seat may not see."""
    deadline = aware(row.deadline)
    auto = auto_at(game, row)
    return {"kind": "state", "seq": row.seq, "version": row.version,
            "deadline": deadline.isoformat() if deadline is not None else None, "bots": row.bots_waiting,
            "auto": auto.isoformat() if auto is not None else None}


class Conflict(Exception):
    """A strict action (bot or timer) lost a race: the table moved on, so the action is dropped."""


class Subscriber:
    """Told of what was committed here, once it is announced, by the service's subscribers in the order they were
    subscribed (``app.main`` wires them, in one place). Each method does nothing unless a subscriber overrides it."""

    async def poke(self, table_id: str) -> None:
        """The table may have given its bots something to do: after every game action, and when a module built on
        the service says so (``TableService.acted``)."""

    def after_act(self, before: Held, after: Held) -> None:
        """A game action was committed here: the table before and after it."""

    def after_change(self, was: tuple[str, str | None], after: Held) -> None:
        """A change (``TableService.change``) was committed here: the table's status and next table before it, and
        the table after it."""


class TableService:
    def __init__(self, settings: Settings, sessions: async_sessionmaker[AsyncSession],
                 games: Mapping[str, Game[Any]], hub: Hub, presence: Presence | None = None) -> None:
        self.settings = settings
        self.sessions = sessions
        self.games = games
        self.hub = hub
        # Weak: a table's lock lives while someone holds or awaits it, so idle tables cost nothing here.
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._write_lock = asyncio.Lock() if settings.database_url.startswith("sqlite") else None
        self.committer = Committer(self.writing, sqlite_writer(sessions.kw.get("bind"), self._write_lock))
        # Told after each commit made here, in this order: the bot runner, turn notifications (see ``subscribe``).
        self._subscribers: list[Subscriber] = []
        # Open connections per seat and spectators per table; a change of counts replaces the held copy.
        self.presence = presence if presence is not None else Presence(settings, hub)
        # Tables as last committed: fan-out, bots and REST read these, not the database.
        self.tables = HeldTables(settings.tables_in_memory, self.presence)
        hub.tap(self.tables.heard)

    def subscribe(self, *subscribers: Subscriber) -> None:
        """Tell these after each commit made here, in the order given, after those subscribed before."""
        self._subscribers.extend(subscribers)

    # ----------------------------------------------------------------- helpers

    async def close(self) -> None:
        """At shutdown, after the last action: the group committer stops."""
        await self.committer.close()

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
        base = self.tables.base(row)
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

    @contextlib.asynccontextmanager
    async def reading(self) -> AsyncIterator[AsyncSession]:
        """A session for reads (no write lock)."""
        async with self.sessions() as session:
            yield session

    async def announce(self, table_id: str, event: dict[str, Any]) -> None:
        """Tell every worker (this one included) about something that happened at a table."""
        await self.hub.publish(table_id, event)

    async def acted(self, table_id: str) -> None:
        """After a change that may give a bot something to do: each subscriber is poked (the bot runner looks)."""
        for subscriber in self._subscribers:
            await subscriber.poke(table_id)

    async def change(self, table_id: str, change: Callable[[AsyncSession, TableRow, list[SeatRow]], Any]) -> Any:
        """Run a change to a table (rows loaded in the session, changed in place) in one version-guarded
        transaction, retrying if another writer got there first; returns what ``change`` returned. A change that
        settles the game's state returns its facts (``play.settle``), kept for the next read."""
        async with self.lock(table_id):
            for _ in range(RETRIES):
                async with self.writing() as session:
                    row, seats = await self.load(session, table_id)
                    was = (row.status, row.next_table_id)
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
                if isinstance(out, Facts) and row.state is not None:  # the change settled the game's state
                    self.tables.keep_base(table_id, (row.state, row.seq, out))
                break
            else:
                raise ApiError(503, "busy", "The table is very busy; try again.")
        # Outside the lock: in one process the hub calls the listeners at once, and they read the table, which
        # (forgotten just now) takes this table's lock.
        await self.hub.publish(table_id, announcement(row, self.game(row.game)))
        if self._subscribers:
            after = await self.held(table_id)
            for subscriber in self._subscribers:
                subscriber.after_change(was, after)
        return out

    # ----------------------------------------------------------------- who is asking

    async def viewer(self, table_id: str, token: str | None, spectate: str | None) -> Viewing:
        """Who a credential names, checked against the table in memory (a token not found there is looked up once
        more in the database: the seat may have been taken a moment ago through another worker)."""
        row, seats = await self.snapshot(table_id)
        if token:
            for fresh in (False, True):
                if fresh:
                    row, seats = await self.snapshot(table_id, fresh=True)
                seat = seat_for_token(seats, token)
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
                before = self.tables.get(table_id) if attempt == 0 else None
                if before is None:  # not held here, or after a lost race: from the database (the lock is ours)
                    before = await self._read(table_id)
                held = before.table
                if strict and expect_seq != held.seq:
                    # Before the status: a bot or deadline whose table moved on (perhaps to its end) just stops.
                    raise Conflict()
                if held.status == "lobby":
                    raise ApiError(409, "not_started", "The game has not started yet.")
                if held.status == "finished":
                    raise ApiError(409, "game_over", "The game is over; no more actions are taken.")
                game = self.game(held.game)
                row, seats = replace(held), list(before.seats)
                try:
                    seat, facts = play(game, row, seats, who, action, source, before.facts)
                except IllegalAction as exc:
                    if expect_seq is not None and expect_seq < held.seq:
                        raise ApiError(409, "stale_seq", f"The table has moved on (you saw {expect_seq}, it is "
                                       f"now {held.seq}) and that action is no longer allowed: "
                                       f"{exc.message}") from exc
                    raise ApiError(422, exc.code, exc.message) from exc
                changed = [new for new, old in zip(seats, before.seats, strict=True) if new is not old]
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
                after = self.tables.remember(Held(row, seats, facts))
                seq = row.seq
                break
            else:
                raise ApiError(503, "busy", "The table is very busy; try again.")
        await self.hub.publish(table_id, announcement(row, self.game(row.game)))
        await self.acted(table_id)
        for subscriber in self._subscribers:
            subscriber.after_act(before, after)
        return seq

    # ----------------------------------------------------------------- reading

    async def held(self, table_id: str, *, fresh: bool = False) -> Held:
        """The table as last committed: from memory, or (``fresh``, or not held) from the database. Shared: read it,
        never change it."""
        held = None if fresh else self.tables.used(table_id)
        if held is not None:
            return held
        # A read waits for a change in progress at this table, so it never crosses that change's commit (and works
        # the same state's facts out a second time).
        async with self.lock(table_id):
            return await self._read(table_id)

    def in_memory(self, table_id: str) -> Held | None:
        """The table as last committed if it is held here, without reading the database (None: not held)."""
        return self.tables.get(table_id)

    async def _read(self, table_id: str) -> Held:
        return self.tables.read(await self._load_held(table_id))

    async def held_or_none(self, table_id: str, *, again: bool = False) -> Held | None:
        """``held`` (``again``: ``held_again``), or None when the table is gone: for the lists that name it gone
        instead of refusing the whole request."""
        try:
            return await (self.held_again(table_id) if again else self.held(table_id))
        except ApiError as exc:
            if exc.status != 404:
                raise
            return None

    async def held_again(self, table_id: str) -> Held:
        """The table once more, after a credential was not found in ``held``: from the database, unless this worker
        read it there less than ``RECHECK_S`` (``app.held_tables``) ago and holds it still (then what is held is the
        answer: a change made elsewhere since would have been announced and dropped it, but for one still on its way).
        So a wrong token costs a read at most once per table per ``RECHECK_S``, however many come; those waiting
        meanwhile share it."""
        if self.tables.read_lately(table_id):
            return await self.held(table_id)
        async with self.lock(table_id):
            held = self.tables.get(table_id)
            if held is not None and self.tables.read_lately(table_id):  # read by another look while this one waited
                return held
            return await self._read(table_id)

    async def snapshot(self, table_id: str, *, fresh: bool = False) -> tuple[Table, list[Seat]]:
        """The held table's values and seats (see ``held``)."""
        held = await self.held(table_id, fresh=fresh)
        return held.table, held.seats

    @runs_to_end
    async def _load_held(self, table_id: str) -> Held:
        async with self.sessions() as session:
            row, seats = await self.load(session, table_id)
            table, plain = table_of(row), [seat_of_row(s) for s in seats]
        # A state built on one held here (``HeldTables.base``) is that very object when no action came since: its
        # facts hold.
        facts = self.tables.facts_for(table_id, table.state)
        return Held(table, plain, facts if facts is not None else facts_of(self.game(table.game), table.state))

    def forget(self, table_id: str) -> None:
        """Stop serving a held table from memory; its state stays at hand to build the next read on."""
        self.tables.forget(table_id)

    def drop(self, table_id: str) -> None:
        """The table was deleted: nothing of it is kept to build on."""
        self.tables.drop(table_id)

    @runs_to_end
    async def versions(self, table_ids: list[str]) -> dict[str, int]:
        """The stored version of each of these tables (absent: gone), in one query per 500, where reading each table
        would rebuild it."""
        stored: dict[str, int] = {}
        async with self.sessions() as session:
            for start in range(0, len(table_ids), 500):
                part = table_ids[start:start + 500]
                rows = await session.execute(select(TableRow.id, TableRow.version).where(TableRow.id.in_(part)))
                stored.update((table_id, version) for table_id, version in rows.all())
        return stored

    def forget_unless_at(self, table_id: str, version: int | None) -> None:
        """Forget a held table unless it is at ``version`` (the database's): the next read then comes from there."""
        self.tables.forget_unless_at(table_id, version)

    def tables_held(self) -> int:
        return len(self.tables)

    def forget_all(self) -> None:
        self.tables.forget_all()

    @runs_to_end
    async def tables_to_watch(self) -> list[tuple[str, datetime | None, bool]]:
        """Tables in play with a deadline or bots to move, (id, deadline, bots_waiting) each: the schedule's
        start."""
        async with self.sessions() as session:
            rows = await session.execute(
                select(TableRow.id, TableRow.deadline, TableRow.bots_waiting)
                .where(TableRow.status == "playing", or_(TableRow.deadline.is_not(None), TableRow.bots_waiting)))
            return [(table_id, deadline, bool(waiting)) for table_id, deadline, waiting in rows.all()]

    async def windows_open(self) -> list[str]:
        """Turn-based tables in play with a game window open: at start, each is looked at once, since the time its
        standing passes fall due was only ever announced (app/windows.py)."""
        async with self.sessions() as session:
            rows = await session.scalars(
                select(TableRow.id).where(TableRow.status == "playing", TableRow.pace == TURN_BASED,
                                          TableRow.timer_key.startswith("w:")))
            return list(rows.all())

    @runs_to_end
    async def actions_between(self, table_id: str, after: int, upto: int) -> list[ActionRow]:
        async with self.sessions() as session:
            return list((await session.scalars(
                select(ActionRow).where(ActionRow.table_id == table_id, ActionRow.seq > after,
                                        ActionRow.seq <= upto).order_by(ActionRow.seq))).all())
