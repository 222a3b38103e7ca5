"""Moves nobody types: bots taking their turns, and default actions when a deadline passes.

Both go through ``TableService.act`` in strict mode: a move computed for seq n is applied only at seq n, so two
workers racing for the same bot or the same deadline never both move.

Nothing here polls the database. Every change is announced with its deadline and whether bots must move, and each
worker keeps those in an in-memory schedule (``app.schedule``), rebuilt from the stored tables at start. The worker
that made a change looks at the table on time; the others look a little later (``Settings.handover_grace``), when
they find something left undone only if that worker has died.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from app import metrics
from app.errors import ApiError
from app.hard_seats import HardSeats
from app.held import Held
from app.held import Seat as HeldSeat
from app.hub import Hub
from app.schedule import Schedule
from app.service import Conflict, Subscriber, TableService
from app.settings import Settings
from app.thinking import Thinker, ThinkingFailed
from app.timing import aware, now
from app.windows import answers_due, auto_at, window_open
from games.bots import decide
from games.protocol import EXPIRE, Action, Game, Seat, State

log = logging.getLogger(__name__)
DEFAULTS_PER_EXPIRY = 64  # a safety bound: one expiry applies at most this many default actions
# Bots that have not moved this long after their delay and thinking time are looked at again (a lost task, a restart).
STALL_S = 3.0
RETRY_S = 5.0  # a passed deadline that could not be handled is tried again after this long


class Autoplay(Subscriber):
    def __init__(self, service: TableService, settings: Settings, hub: Hub,
                 games: Mapping[str, Game[Any]]) -> None:
        self.service = service
        self.settings = settings
        self.hub = hub
        self._running: dict[str, asyncio.Task[None]] = {}
        self._dirty: set[str] = set()
        # Tables this worker changed last that still wait on a deadline or bots: handed on when it stops (SIGTERM).
        self._own: dict[str, dict[str, Any]] = {}
        self._stopping = False
        self.schedule = Schedule(self._look)
        self.thinker = Thinker(settings, games)
        self.hard_seats = HardSeats(service, settings)  # whose queue a table's decisions wait in
        hub.tap(self._heard)

    # ----------------------------------------------------------------- bots

    async def poke(self, table_id: str) -> None:
        """Called after every change of a table: let its bots look again."""
        self._wake_bots(table_id)

    def _wake_bots(self, table_id: str) -> None:
        if table_id in self._running:
            self._dirty.add(table_id)
            return
        held = self.service.in_memory(table_id)
        if held is not None and not _bots_to_move(held):
            return  # the table as held has no bot to move: a task would only find that out (issue 20)
        self._running[table_id] = asyncio.create_task(self._bots_loop(table_id))

    async def _bots_loop(self, table_id: str) -> None:
        try:
            while True:
                self._dirty.discard(table_id)
                moved = await self._bots_once(table_id)
                if not moved and table_id not in self._dirty:
                    return
        except Exception as exc:
            if not (isinstance(exc, ApiError) and exc.code == "unknown_table"):  # gone (expired) while bots thought
                log.exception("bot runner failed on table %s", table_id)
        finally:
            self._running.pop(table_id, None)

    async def _bots_once(self, table_id: str) -> bool:
        """One round of decisions at the current seq; True when a bot moved."""
        held = await self.service.held(table_id)
        row = held.table
        game = self.service.game(row.game)
        for seat, legal in _bots_to_move(held):
            assert row.state is not None and seat.bot is not None
            # The bot thinks while its delay runs: it answers after the longer of the two, so people can follow.
            started = asyncio.get_running_loop().time()
            seed = f"{table_id}:{row.seq}:{seat.seat}"
            action = await self._decide(table_id, game, row.state, seat.seat, seat.bot, seed, legal)
            metrics.bot_decided(row.game, seat.bot, asyncio.get_running_loop().time() - started)
            if action is None:
                continue
            rest = self.settings.bot_delay - (asyncio.get_running_loop().time() - started)
            if rest > 0:
                await asyncio.sleep(rest)
            try:
                await self.service.act(table_id, seat.seat, action, row.seq, source="bot", strict=True)
            except Conflict:
                return True  # the table moved on meanwhile (a person acted while the bot thought): look again
            except ApiError as exc:
                log.warning("bot %s at table %s made a refused move: %s", seat.bot, table_id, exc.message)
                return False
            return True
        return False

    async def _decide(self, table_id: str, game: Game[Any], state: State, seat: Seat, kind: str,
                      seed: str, legal: list[Action]) -> Action | None:
        """A bot's decision; ``games.bots.decide`` hands it only what its seat may know. A searcher thinks in the
        pool (app/thinking.py), queued under its table's host address; when no decision comes back in time (it
        waited or thought too long), the seat plays a plain bot's move this once. ``legal``:
        the seat's list as held with the table (not computed again here)."""
        if kind not in game.searchers:
            return decide(game, state, seat, kind, random.Random(seed), legal=list(legal))
        try:
            return await self.thinker.decide(game, state, seat, kind, seed, self.hard_seats.queue(table_id))
        except ThinkingFailed as exc:
            fallback = "basic" if "basic" in game.bots else next(iter(game.bots))
            log.warning("%s bot at table %s, seat %d: %s; it plays %s this move", kind, table_id, seat, exc, fallback)
            return decide(game, state, seat, fallback, random.Random(seed), legal=list(legal))

    # ----------------------------------------------------------------- deadlines

    async def expire(self, table_id: str) -> int:
        """Apply default actions for everyone a passed deadline was waiting on. Returns how many were applied."""
        applied = 0
        last: tuple[int, int] | None = None  # (seat, seq) of the latest default applied here
        while applied < DEFAULTS_PER_EXPIRY:
            held = await self.service.held(table_id, fresh=True)  # the database's deadline decides
            row = held.table
            if row.status != "playing" or row.state is None:
                break
            game = self.service.game(row.game)
            required = held.facts.required
            deadline = aware(row.deadline)
            passed = deadline is not None and deadline <= now()
            window = game.window(row.state)
            if passed and window is not None and window.closes_itself:
                # Nobody's default: the window closes by itself, so its closing tells nothing about anyone.
                try:
                    await self.service.act(table_id, None, EXPIRE, row.seq, source="expire", strict=True)
                except Conflict:
                    continue
                applied += 1
                continue
            # Once a seat has timed out, its own follow-up step (a two-step turn: nobody else has moved since and it
            # alone must act) times out with it. Any other step is new and gets its own time: a window closing must
            # not play the next round for everyone.
            follow_up = last is not None and row.seq == last[1] and required == [last[0]]
            due = required if passed or follow_up else []
            if not due:
                break
            seat = due[0]
            action = game.default_action(row.state, seat)
            secret = game.secret_step(row.state) is not None
            try:
                seq = await self.service.act(table_id, seat, action, row.seq, source="timer", strict=True)
            except Conflict:
                continue
            # A timeout in a secret step has no follow-up: playing the seat's next step at once would show everyone
            # which seat had been the one still to act.
            last = None if secret else (seat, seq)
            applied += 1
        return applied

    async def answer_windows(self, table_id: str) -> int:
        """Play the standing passes due at a turn-based table's open window (app/windows.py), one seat at a time, each
        at the seq it was worked out for. Returns how many were played."""
        applied = 0
        while applied < DEFAULTS_PER_EXPIRY:
            held = await self.service.held(table_id, fresh=True)  # the database's standing answers decide
            if held.table.status != "playing":
                break
            due = answers_due(self.service.game(held.table.game), held, now())
            if not due:
                break
            seat, action = due[0]
            try:
                await self.service.act(table_id, seat, action, held.table.seq, source="auto", strict=True)
            except Conflict:
                continue
            applied += 1
        return applied

    def _stall_s(self) -> float:
        return self.settings.bot_delay + self.settings.bot_think_s + STALL_S

    def _heard(self, table_id: str, event: dict[str, Any]) -> None:
        """Every change announced, by this worker or another: when to look at its table next."""
        if event.get("kind") == "gone":
            self.schedule.set(table_id, None)
            self._own.pop(table_id, None)
            return
        if event.get("kind") == "handover":
            self._taken_over(table_id, event)
            return
        if event.get("kind") == "answers":  # a standing answer changed: a pass may be due now (app/windows.py)
            grace = 0.0 if self.hub.mine(event) else self.settings.handover_grace
            when = now() + timedelta(seconds=grace)
            current = self.schedule.get(table_id)
            self.schedule.set(table_id, when if current is None else min(current, when))
            return
        if event.get("kind") != "state":
            return
        if self.hub.mine(event) and (event.get("deadline") or event.get("bots")):
            times = [m for m in (event.get("deadline"), event.get("auto")) if m]  # ISO times in UTC: they sort
            self._own[table_id] = {"deadline": min(times, default=None), "bots": event.get("bots")}
        else:
            self._own.pop(table_id, None)
        grace = 0.0 if self.hub.mine(event) else self.settings.handover_grace
        deadline, auto = event.get("deadline"), event.get("auto")
        times = [datetime.fromisoformat(moment) + timedelta(seconds=grace) for moment in (deadline, auto) if moment]
        if event.get("bots"):
            times.append(now() + timedelta(seconds=self._stall_s() + grace))
        self.schedule.set(table_id, min(times, default=None))

    async def _look(self, table_id: str) -> None:
        """A scheduled time came: play the defaults of a passed deadline, wake bots that stalled, and set the next
        time if something is still left. The database decides: another worker may have moved the table on, or the
        expiry sweep deleted it."""
        try:
            await self._look_at(table_id)
        except ApiError as exc:
            if exc.code != "unknown_table":
                raise

    async def _look_at(self, table_id: str) -> None:
        row, _ = await self.service.snapshot(table_id, fresh=True)
        if row.status != "playing":
            return
        deadline = aware(row.deadline)
        if deadline is not None and deadline <= now():
            await self.expire(table_id)
            row, _ = await self.service.snapshot(table_id)
        if window_open(row) and await self.answer_windows(table_id):
            row, _ = await self.service.snapshot(table_id)
        stall = timedelta(seconds=self._stall_s())
        if row.bots_waiting and table_id not in self._running and aware(row.updated_at) + stall <= now():
            await self.poke(table_id)
        if row.status != "playing" or self.schedule.get(table_id) is not None:
            return  # finished, or a change made meanwhile set the next time already
        deadline = aware(row.deadline)
        times = [max(deadline, now() + timedelta(seconds=RETRY_S))] if deadline else []
        if row.bots_waiting:
            times.append(now() + stall)
        auto = auto_at(self.service.game(row.game), row)
        if auto is not None and auto > now():  # a standing pass still to come (a look came early: a changed answer)
            times.append(auto)
        self.schedule.set(table_id, min(times, default=None))

    async def start(self) -> None:
        """Rebuild the schedule from the stored tables; tables whose bots were mid-thought when the server stopped
        pick up at once."""
        grace = timedelta(seconds=self.settings.handover_grace)
        for table_id, deadline, bots_waiting in await self.service.tables_to_watch():
            if deadline is not None:
                self.schedule.set(table_id, aware(deadline) + grace)
            if bots_waiting:
                await self.poke(table_id)
        for table_id in await self.service.windows_open():
            self.schedule.set(table_id, now() + grace)
        self.schedule.start()

    def _taken_over(self, table_id: str, event: dict[str, Any]) -> None:
        """Another worker is stopping (SIGTERM) and hands on a table it was watching: its deadline is ours to keep
        from now on, and its bots move at once, as after that worker's crash but without the grace wait."""
        if self._stopping or self.hub.mine(event):
            return
        deadline = event.get("deadline")
        times = [datetime.fromisoformat(deadline)] if deadline else []
        self.schedule.set(table_id, min(times, default=None))
        if event.get("bots"):
            self._wake_bots(table_id)

    async def stop(self) -> None:
        """Stop deciding and timing; a bot's action already being committed is finished first (``act`` runs to its
        end), and then the tables this worker was watching are handed to the others."""
        self._stopping = True
        await self.schedule.stop()
        tasks = list(self._running.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for table_id, pending in list(self._own.items()):
            with contextlib.suppress(Exception):  # a bus already gone: the others wait out the grace instead
                await self.hub.publish(table_id, {"kind": "handover", **pending})
        await self.thinker.close()


def _bots_to_move(held: Held) -> list[tuple[HeldSeat, list[Action]]]:
    """The bot seats with something to play in a held table, each with its legal list (worked out once with the
    change)."""
    if held.table.status != "playing" or held.table.state is None:
        return []
    return [(seat, legal) for seat in held.seats if seat.bot is not None and (legal := held.facts.legal.get(seat.seat))]
