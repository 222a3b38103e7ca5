"""Turn notifications through the standard Web Push protocol (RFC 8030), signed with VAPID (RFC 8292) and encrypted
for the subscribing browser (RFC 8291, aes128gcm) by ``pywebpush``, and posted by ``app.push_post`` to the one public
address checked for the endpoint, following no redirect.

A push crosses a third-party push service, so it says only public facts: which table (its game and host) and its
plain address, never a token, a card or anything a spectator could not see. It is sent when a seat becomes due to
act (``app.turns.due_seats``: as the page's "Your turn" banner decides, from what every seat alike could act on),
when a game window at a turn-based table waits on it (``app.windows.may_react``), when the game ends and when a
rematch opens; at most one a table per minute per seat. An invitation to a new game (``app.invitations``) is pushed to
the invitees' seats at the finished table outside that minute. A subscription the push service no longer knows (404,
410) is deleted.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import time
from collections import OrderedDict
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid02
from pywebpush import WebPusher
from sqlalchemy import delete, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.errors import ApiError
from app.held import Held
from app.models import PushSubscriptionRow, ServerKeyRow
from app.push_post import Refused, checked_address, post
from app.seats import Holder
from app.service import Subscriber, TableService
from app.settings import Settings
from app.timing import now
from app.turns import due_seats
from app.windows import may_react
from games.protocol import Game

log = logging.getLogger(__name__)
VAPID_KEY = "vapid_private_pem"
PER_SEAT_S = 60.0  # at most one push a table per minute per seat
MAX_PER_SEAT = 5  # browsers subscribed for one seat (phone, laptop, ...)
TTL_S = 24 * 3600  # how long a push service keeps a push for a phone that is off
VAPID_S = 12 * 3600  # how long a push's signature holds (RFC 8292: at most a day)
GONE = (404, 410)
# Whether a table has any subscription, as last read here: most tables have none, and a turn changes hands on most
# actions, so asking the database each time would add a write-path read per action. A subscription made through
# another worker is noticed here within this long; one made here at once.
KNOWN_S = 30.0
KNOWN_TABLES = 4096


@dataclass(frozen=True)
class Note:
    """One push's text: public facts only."""

    title: str
    body: str
    url: str

    def payload(self) -> str:
        return json.dumps({"title": self.title, "body": self.body, "url": self.url})


def note_for(kind: str, game_title: str, host: str, table_id: str, base: str) -> Note:
    """The push of ``kind`` (turn, end, rematch, react) for a table: made from its game's title, its host's name and its
    address, and nothing else, so it cannot carry anything hidden."""
    where = f"{host}'s {game_title} table"
    text = {"turn": f"Your move at {where}", "end": f"The game has ended at {where}",
            "rematch": f"A rematch is open at {where}", "react": f"You may react at {where}"}[kind]
    title = {"turn": "Your move", "end": "Game over", "rematch": "Rematch", "react": "You may react"}[kind]
    return Note(title, text, f"{base}/t/{table_id}")


def invitation_note(from_name: str, game_title: str, base: str) -> Note:
    """The push of an invitation to a new game: who invited (their public seat name) and which game, pointing at the
    home page, where "Your tables" shows the invitation to the browsers that hold the invited seat."""
    return Note("New game", f"{from_name} invited you to play {game_title}", f"{base}/")


TEST_NOTE = Note("Test notification", "Notifications reach this device: you will be told when it is your move.", "")


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _b64url_bytes(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def pushes_after(game: Game[Any], before: Held, after: Held) -> tuple[str, set[int]] | None:
    """The push a game action calls for, as (kind, seats): the end to every person when it ended the game, else
    "your move" to the people it made due, else "you may react" to the people a window it opened waits on. Pure, so
    the leak tests can check it."""
    humans = {s.seat for s in after.seats if s.bot is None}
    if after.table.status == "finished" and before.table.status != "finished":
        return "end", humans
    fresh = (due_seats(game, after.table.state, after.facts) - due_seats(game, before.table.state, before.facts))
    if fresh & humans:
        return "turn", set(fresh & humans)
    # A window that waits on people (app/windows.py) is pushed like a turn, in the same words whatever they hold.
    react = may_react(game, after) - may_react(game, before)
    return ("react", set(react)) if react else None


class Pusher(Subscriber):
    def __init__(self, service: TableService, settings: Settings,
                 sessions: async_sessionmaker[AsyncSession]) -> None:
        self.service = service
        self.settings = settings
        self.sessions = sessions  # reads and key making; subscriptions are written through ``service.writing``
        self._vapid: Vapid02 | None = None
        self.public_key = ""
        self._tasks: set[asyncio.Task[int]] = set()
        self._known: OrderedDict[str, tuple[float, bool]] = OrderedDict()  # table id -> (read at, any subscription)

    # ----------------------------------------------------------------- keys

    async def start(self) -> None:
        """Load the VAPID key, making it at first start (two workers starting at once agree on the first stored)."""
        async with self.sessions() as session:
            row = await session.get(ServerKeyRow, VAPID_KEY)
            if row is None:
                made = Vapid02()
                made.generate_keys()
                session.add(ServerKeyRow(name=VAPID_KEY, value=made.private_pem().decode(), created_at=now()))
                try:
                    await session.commit()
                except IntegrityError:
                    await session.rollback()
                row = await session.get(ServerKeyRow, VAPID_KEY, populate_existing=True)
            assert row is not None
            self._vapid = Vapid02.from_pem(row.value.encode())
        point = self._vapid.public_key.public_bytes(serialization.Encoding.X962,
                                                    serialization.PublicFormat.UncompressedPoint)
        self.public_key = _b64url(point)  # the browser's applicationServerKey

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            try:
                await task
            except BaseException:  # noqa: BLE001 - cancelled or failed: a push is best effort
                pass

    # ----------------------------------------------------------------- subscriptions

    async def _check_endpoint(self, endpoint: str) -> None:
        """A subscription is whatever a seat's holder posts, so without this the server could be made to post to its
        own network (the database's host, a cloud metadata address). Checked again at each send
        (``app.push_post``): a name may be pointed elsewhere after subscribing."""
        parts = urlsplit(endpoint)
        secure = parts.scheme == "https"
        loopback = parts.scheme == "http" and parts.hostname in ("127.0.0.1", "localhost", "::1")
        if not parts.hostname or not (secure or (loopback and self.settings.push_insecure_endpoints)):
            raise ApiError(422, "bad_subscription", "A push subscription's endpoint must be an https address.")
        try:
            port = parts.port or 443
        except ValueError as exc:
            raise ApiError(422, "bad_subscription", "A push subscription's endpoint has no valid port.") from exc
        try:
            await checked_address(parts.hostname, port, self.settings.push_insecure_endpoints)
        except Refused as exc:
            raise ApiError(422, "bad_subscription", f"A push subscription's endpoint must be at a public address: "
                                                    f"{exc}.") from exc

    async def subscribe(self, table_id: str, who: Holder, endpoint: str, p256dh: str, auth: str) -> None:
        await self._check_endpoint(endpoint)
        try:
            if len(_b64url_bytes(p256dh)) != 65 or len(_b64url_bytes(auth)) != 16:
                raise ValueError
        except ValueError as exc:
            raise ApiError(422, "bad_subscription", "The subscription's keys are not a browser's push keys.") from exc
        async with self.service.writing() as session:
            mine = list((await session.scalars(
                select(PushSubscriptionRow).where(PushSubscriptionRow.seat_id == who.seat_id))).all())
            same = next((s for s in mine if s.endpoint == endpoint), None)
            if same is not None:
                same.p256dh, same.auth = p256dh, auth
            else:
                if len(mine) >= MAX_PER_SEAT:
                    raise ApiError(409, "too_many_subscriptions",
                                   f"At most {MAX_PER_SEAT} browsers can be notified for one seat; turn one off first.")
                last = max((s.last_sent_at for s in mine if s.last_sent_at is not None), default=None)
                session.add(PushSubscriptionRow(table_id=table_id, seat_id=who.seat_id, endpoint=endpoint,
                                                p256dh=p256dh, auth=auth, last_sent_at=last, created_at=now()))
            await session.commit()
        self._know(table_id, True)

    async def unsubscribe(self, who: Holder, endpoint: str) -> bool:
        async with self.service.writing() as session:
            done = await session.execute(delete(PushSubscriptionRow).where(
                PushSubscriptionRow.seat_id == who.seat_id, PushSubscriptionRow.endpoint == endpoint))
            await session.commit()
        return bool(getattr(done, "rowcount", 0))

    async def subscribed(self, who: Holder, endpoint: str) -> bool:
        async with self.sessions() as session:
            found = await session.scalar(select(PushSubscriptionRow.id).where(
                PushSubscriptionRow.seat_id == who.seat_id, PushSubscriptionRow.endpoint == endpoint))
        return found is not None

    async def test(self, table_id: str, who: Holder, endpoint: str) -> None:
        """Push the fixed test note to the seat's subscription at ``endpoint`` now (a person's own request: not
        held to the minute between turn pushes, but rate-limited by address at the route)."""
        async with self.sessions() as session:
            row = await session.scalar(select(PushSubscriptionRow).where(
                PushSubscriptionRow.seat_id == who.seat_id, PushSubscriptionRow.table_id == table_id,
                PushSubscriptionRow.endpoint == endpoint))
        if row is None:
            raise ApiError(404, "not_subscribed", "This device is not subscribed for your seat; turn notifications "
                                                  "on first.")
        if self._vapid is None:  # no key loaded: this server sends no push at all
            raise ApiError(503, "push_unavailable", "This server cannot send notifications right now. Try again "
                                                    "later.")
        if not await self._deliver(row, replace(TEST_NOTE, url=f"{self.settings.public_url}/t/{table_id}")):
            raise ApiError(502, "push_failed", "The browser's push service did not take the test notification. "
                                               "Try again in a while.")

    # ----------------------------------------------------------------- when to push

    def after_act(self, before: Held, after: Held) -> None:
        """A game action was committed here: push what it calls for."""
        due = pushes_after(self.service.game(after.table.game), before, after)
        if due is not None:
            self._spawn(after, *due)

    def after_change(self, was: tuple[str, str | None], after: Held) -> None:
        """A lobby change was committed here: the game started (whoever is due), ended, or a rematch opened."""
        status, next_table = was
        humans = {s.seat for s in after.seats if s.bot is None}
        if status == "lobby" and after.table.status == "playing":
            due = due_seats(self.service.game(after.table.game), after.table.state, after.facts) & humans
            if due:
                self._spawn(after, "turn", set(due))
        elif status == "playing" and after.table.status == "finished":
            self._spawn(after, "end", humans)
        elif next_table is None and after.table.next_table_id is not None:
            self._spawn(after, "rematch", humans)

    def _know(self, table_id: str, subscribed: bool) -> None:
        self._known[table_id] = (time.monotonic(), subscribed)
        self._known.move_to_end(table_id)
        while len(self._known) > KNOWN_TABLES:
            self._known.popitem(last=False)

    def _known_without(self, table_id: str) -> bool:
        """Whether this table was read lately and had no subscription."""
        known = self._known.get(table_id)
        return known is not None and not known[1] and time.monotonic() - known[0] < KNOWN_S

    async def _any_subscription(self, table_id: str) -> bool:
        known = self._known.get(table_id)
        if known is not None and time.monotonic() - known[0] < KNOWN_S:
            return known[1]
        async with self.sessions() as session:
            found = await session.scalar(
                select(PushSubscriptionRow.id).where(PushSubscriptionRow.table_id == table_id).limit(1))
        self._know(table_id, found is not None)
        return found is not None

    def _spawn(self, held: Held, kind: str, seats: set[int]) -> None:
        if self._vapid is None or not seats or self._known_without(held.table.id):
            return
        table = held.table
        names = [s.name for s in held.seats]
        host = names[table.host_seat] if table.host_seat < len(names) else "the host"
        note = note_for(kind, self.service.game(table.game).title, host, table.id, self.settings.public_url)
        seat_ids = [s.id for s in held.seats if s.seat in seats]
        self._track(asyncio.create_task(self.send(table.id, seat_ids, note)), table.id)

    def invited(self, table_id: str, seat_ids: list[int], note: Note) -> None:
        """Invitations to a new game were written: tell the invitees' subscriptions at ``table_id``, the table they
        shared with the inviter. Sent whatever turn pushes went out this minute (the end of that game, most likely):
        a person asked for it, and asking is rate-limited like creating a table."""
        if self._vapid is None or not seat_ids:
            return
        self._track(asyncio.create_task(self._send_now(table_id, seat_ids, note)), table_id)

    def _track(self, task: asyncio.Task[int], table_id: str) -> None:
        """Keep a push task until it ends (``stop`` cancels what is left), and say so when one fails: a push is
        best effort, but a failure (a database too busy to answer, say) belongs in the log as a line of ours, not as
        asyncio's "exception was never retrieved"."""
        self._tasks.add(task)

        def ended(done: asyncio.Task[int]) -> None:
            self._tasks.discard(done)
            if not done.cancelled() and (error := done.exception()) is not None:
                log.warning("push for table %s failed: %s", table_id, type(error).__name__)

        task.add_done_callback(ended)

    async def _send_now(self, table_id: str, seat_ids: list[int], note: Note) -> int:
        async with self.sessions() as session:
            rows = list((await session.scalars(select(PushSubscriptionRow).where(
                PushSubscriptionRow.table_id == table_id, PushSubscriptionRow.seat_id.in_(seat_ids)))).all())
        sent = 0
        for row in rows:
            if await self._deliver(row, note):
                sent += 1
        return sent

    # ----------------------------------------------------------------- sending

    async def send(self, table_id: str, seat_ids: list[int], note: Note) -> int:
        """Push ``note`` to every subscription of the seats whose last push is a minute old or more; returns how many
        were sent. The minute is claimed in the database first, so two workers never both send."""
        if not await self._any_subscription(table_id):
            return 0
        cutoff = now() - timedelta(seconds=PER_SEAT_S)
        sent = 0
        for seat_id in seat_ids:
            async with self.service.writing() as session:
                claimed = await session.execute(
                    update(PushSubscriptionRow)
                    .where(PushSubscriptionRow.seat_id == seat_id, PushSubscriptionRow.table_id == table_id,
                           or_(PushSubscriptionRow.last_sent_at.is_(None), PushSubscriptionRow.last_sent_at <= cutoff))
                    .values(last_sent_at=now()).execution_options(synchronize_session=False))
                await session.commit()
                if not getattr(claimed, "rowcount", 0):
                    continue
                rows = list((await session.scalars(
                    select(PushSubscriptionRow).where(PushSubscriptionRow.seat_id == seat_id))).all())
            for row in rows:
                if await self._deliver(row, note):
                    sent += 1
        return sent

    async def _deliver(self, row: PushSubscriptionRow, note: Note) -> bool:
        assert self._vapid is not None
        parts = urlsplit(row.endpoint)
        try:
            port = parts.port or (443 if parts.scheme == "https" else 80)
            address = await checked_address(parts.hostname or "", port, self.settings.push_insecure_endpoints)
        except (Refused, ValueError):
            log.warning("a push to table %s was not sent: its endpoint is not at a public address", row.table_id)
            return False
        # Encrypted for the browser (RFC 8291) by pywebpush, signed for this endpoint's origin (RFC 8292); sent here,
        # not by pywebpush, whose requests would follow a redirect and look the name up again.
        info = {"endpoint": row.endpoint, "keys": {"p256dh": row.p256dh, "auth": row.auth}}
        claims: dict[str, str | int] = {"sub": self.settings.push_contact, "aud": f"{parts.scheme}://{parts.netloc}",
                                        "exp": int(time.time()) + VAPID_S}
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        try:
            body = WebPusher(info).encode(note.payload().encode(), "aes128gcm")["body"]
            headers = {**self._vapid.sign(claims), "TTL": str(TTL_S), "Content-Encoding": "aes128gcm",
                       "Content-Type": "application/octet-stream"}
            status = await asyncio.to_thread(post, parts.scheme, parts.hostname or "", port, address, target,
                                             headers, body, 10.0)
        except Exception as exc:  # a push service out of reach: best effort, the page still tells
            log.warning("a push to table %s failed: %s", row.table_id, type(exc).__name__)
            return False
        if 200 <= status < 300:
            return True
        if status in GONE:
            async with self.service.writing() as session:
                await session.execute(delete(PushSubscriptionRow).where(PushSubscriptionRow.id == row.id))
                await session.commit()
            log.info("a push subscription at table %s is gone (%s); deleted", row.table_id, status)
        elif 300 <= status < 400:
            log.warning("a push to table %s failed: the push service answered %s, a redirect (never followed)",
                        row.table_id, status)
        else:
            log.warning("a push to table %s failed: %s", row.table_id, status)
        return False
