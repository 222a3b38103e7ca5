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
import time
from collections.abc import Awaitable, Callable, Mapping
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
# Beyond BOT_THINK_S, what a search's hand-over and answer take (the state's JSON, the pipe, a busy machine), as a
# share of it: at a table with a searching bot a round's move is due BOT_THINK_S x (1 + this) after the round began,
# and a search gets BOT_THINK_S at most, so one that used its whole budget is back (0.25 s at the default 1 s).
HOLD_MARGIN = 0.25


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
        # What bot moves are timed by; a test puts a virtual clock in their place (tests/api/test_bot_timing.py).
        self.clock: Callable[[], float] = time.monotonic
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        self._late: set[asyncio.Future[Action | None]] = set()  # searches given up for their round, still finishing
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
        """One round of decisions at the current seq; True when a bot moved.

        The timing rule: every bot of the round decides at once, and the round's move is made at one moment set when
        the round starts: its start plus ``_hold`` (the same for every round of the table). Whether a bot had
        something to weigh, how long it weighed it and whether it then let it go can be secret (a Spy's optional
        assassination, a reaction card held back), so none of it may move the next public move. The first bot in
        seat order with an action then plays it; a search not back by that moment is given up for this round, and
        its seat plays a plain bot's move, as after a hung search."""
        held = await self.service.held(table_id)
        row = held.table
        bots = _bots_to_move(held)
        if not bots:
            return False
        assert row.state is not None
        game = self.service.game(row.game)
        due = self.clock() + self._hold(game, held)
        seeds = {seat.seat: f"{table_id}:{row.seq}:{seat.seat}" for seat, _ in bots}
        decisions: dict[Seat, asyncio.Future[Action | None]] = {}
        try:
            for seat, legal in bots:
                assert seat.bot is not None
                decisions[seat.seat] = self._decision(table_id, game, row.state, seat.seat, seat.bot, seeds[seat.seat],
                                                      legal, due)
            if all(decision.done() and decision.result() is None for decision in decisions.values()):
                return False  # nobody moves: nothing public happens, so nothing needs to wait
            rest = due - self.clock()
            if rest > 0:
                await self.sleep(rest)
            for seat, legal in bots:
                assert seat.bot is not None
                decision = decisions[seat.seat]
                try:
                    if not decision.done():
                        raise ThinkingFailed("no decision by its move's time")
                    action = decision.result()
                except ThinkingFailed as exc:  # the seat plays a plain bot's move this once
                    action = self._plain(table_id, game, row.state, seat.seat, seat.bot, str(exc), seeds[seat.seat],
                                         legal)
                if action is None:
                    continue
                try:
                    await self.service.act(table_id, seat.seat, action, row.seq, source="bot", strict=True)
                except Conflict:
                    return True  # the table moved on meanwhile (a person acted while the bots thought): look again
                except ApiError as exc:
                    log.warning("bot %s at table %s made a refused move: %s", seat.bot, table_id, exc.message)
                    return False
                return True
            return False
        except BaseException:
            for decision in decisions.values():
                decision.cancel()
            raise
        finally:
            for decision in decisions.values():
                if not decision.done():  # a search this round gave up on: its child finishes it, and nobody listens
                    self._late.add(decision)
                    decision.add_done_callback(self._finished_late)
                elif not decision.cancelled():
                    decision.exception()  # a seat after the one that moved: its failure costs nothing, say nothing

    def _hold(self, game: Game[Any], held: Held) -> float:
        """How long after a round starts its move is made. It depends on the table's seats alone (public), never on
        who is in the round: at a table with a searching bot, long enough for a whole search."""
        if any(seat.bot in game.searchers for seat in held.seats):
            self.thinker.warm_soon()  # children ready to think in before the table's next rounds
            return max(self.settings.bot_delay, self.settings.bot_think_s * (1 + HOLD_MARGIN))
        return self.settings.bot_delay

    def _decision(self, table_id: str, game: Game[Any], state: State, seat: Seat, kind: str, seed: str,
                  legal: list[Action], due: float) -> asyncio.Future[Action | None]:
        """A bot's decision, under way: a plain bot's is made here and now (microseconds), a search goes on beside
        the loop until ``due`` at the latest."""
        if kind in game.searchers:
            return asyncio.create_task(self._search(table_id, game, state, seat, kind, seed, due))
        started = self.clock()
        made: asyncio.Future[Action | None] = asyncio.get_running_loop().create_future()
        made.set_result(self._plain_move(game, state, seat, kind, seed, legal))
        metrics.bot_decided(game.id, kind, self.clock() - started)
        return made

    def _finished_late(self, decision: asyncio.Future[Action | None]) -> None:
        self._late.discard(decision)
        failed = None if decision.cancelled() else decision.exception()
        if isinstance(failed, ThinkingFailed):  # its message holds no game data
            log.warning("a search given up for its round failed later: %s", failed)
        elif failed is not None:  # the name only: an exception's text may quote the hidden state
            log.warning("a search given up for its round failed later: %s", type(failed).__name__)

    async def _search(self, table_id: str, game: Game[Any], state: State, seat: Seat, kind: str, seed: str,
                      due: float) -> Action | None:
        """A searching bot's decision; ``games.bots.decide`` hands it only what its seat may know. It thinks in the
        pool (app/thinking.py), queued under its table's host address; when no decision comes back in time (it
        waited or thought too long), it raises ``ThinkingFailed`` and the round plays a plain bot's move for the seat
        this once. Its wait and search end short of ``due``, the move's time, by the hand-over's margin."""
        started = self.clock()
        action = await self.thinker.decide(game, state, seat, kind, seed, self.hard_seats.queue(table_id),
                                           left=lambda: due - self.settings.bot_think_s * HOLD_MARGIN - self.clock())
        metrics.bot_decided(game.id, kind, self.clock() - started)
        return action

    def _plain(self, table_id: str, game: Game[Any], state: State, seat: Seat, kind: str, reason: str, seed: str,
               legal: list[Action]) -> Action | None:
        """The move of a plain bot for a search that did not answer (``reason``), logged once."""
        fallback = "basic" if "basic" in game.bots else next(iter(game.bots))
        log.warning("%s bot at table %s, seat %d: %s; it plays %s this move", kind, table_id, seat, reason, fallback)
        return self._plain_move(game, state, seat, fallback, seed, legal)

    @staticmethod
    def _plain_move(game: Game[Any], state: State, seat: Seat, kind: str, seed: str,
                    legal: list[Action]) -> Action | None:
        return decide(game, state, seat, kind, random.Random(seed), legal=list(legal))

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
        for decision in list(self._late):
            # Once: a second cancel would cut short the ending of its child (killed and reaped) begun by the first.
            if not (isinstance(decision, asyncio.Task) and decision.cancelling()):
                decision.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await decision
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
