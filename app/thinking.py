"""Searching bots think here: in a pool of worker processes beside the event loop, never on it.

A search is up to ``BOT_THINK_S`` of pure CPU. On the event loop it would stall every table of the server worker, and
a thread would too (it shares the interpreter lock with the loop). So each decision is handed to one of
``BOT_WORKERS`` child processes as JSON bytes (the true state, the seat, the bot's kind, its seed and budget); the
child calls ``games.bots.decide``, which gives the bot only what its seat may know, and answers with the action.

Each child does one decision at a time over its own pipe, so a child that hangs or dies is killed and replaced alone:
the decisions the other children are making go on. The caller gets ``ThinkingFailed`` and plays a plain bot's move
instead (app/autoplay.py). A child also ends by itself when this process goes, even in the middle of a search, so a
server killed outright leaves no thinking orphans behind.

The children are shared fairly (app/fair.py): a decision waits in its host address's queue, served in turn with the
other addresses', so one address's many Hard tables delay another's decision by one of theirs at most. A decision
that waits past its budget is given up like a hung one: the seat plays a plain bot's move.

Plain bots (``random``, ``basic``) are not sent here: they decide in microseconds, and the hand-over alone costs more
(bench/notes/2026-12-03-thinking-pool.md), as would waiting behind a search for a free child.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import os
import random
import threading
from collections.abc import Callable, Mapping
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

import orjson

from app.fair import FairSlots
from app.rebuild import load_games
from app.settings import Settings
from games.bots import decide
from games.protocol import Action, Budget, Game, Seat, State

log = logging.getLogger(__name__)
# Beyond BOT_THINK_S before a decision counts as hung: drawing the worlds, the hand-over and a busy machine all take
# time the search's own clock does not see.
HANG_MARGIN_S = 2.0
# How much lower a thinking child's CPU priority is than the server's: the lowest. A child keeps a core busy, and at
# nice 5 it still cost the tables beside it milliseconds at p99 (bench/notes/2026-12-03-hard-bots-beside-tables.md:
# 1.40-1.99x against 0.97-1.34x at 19); it still gets a share of a busy machine, so a search ends at its best-so-far
# move rather than hanging.
NICENESS = 19
START_TIMEOUT_S = 60.0  # a new child that has not loaded the games by then is broken (it is given up, and replaced)


class ThinkingFailed(Exception):
    """No decision came back: the child hung, died or raised. The message says which, and holds no game data."""


# ----------------------------------------------------------------------------------------------------- in the child


def _end_with_parent() -> None:
    """Exit the moment the server process is gone, even mid-search: a search is nobody's once its server is."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def _serve(conn: Connection, extra: tuple[str, ...]) -> None:
    """A child's life: load the games, say so, then answer one decision at a time until the pipe closes."""
    _end_with_parent()
    # Serving people comes first: on a busy machine the scheduler gives the server's own process the cores before
    # a search, which only gets to its best-so-far move sooner (its clock is wall time).
    os.nice(NICENESS)
    registry = load_games(list(extra))
    conn.send_bytes(b"ready")
    while True:
        try:
            request = orjson.loads(conn.recv_bytes())
        except EOFError:
            return
        reply: dict[str, Any] = {"id": request["id"]}
        try:
            reply["action"] = decide(registry[request["game"]], request["state"], request["seat"], request["kind"],
                                     random.Random(request["seed"]), Budget(request["nodes"], request["seconds"]))
        except Exception as exc:  # the bot's bug, not the child's: it stays to take the next decision
            reply["error"] = type(exc).__name__  # the name only: an exception's text may quote the hidden state
        conn.send_bytes(orjson.dumps(reply))


# ---------------------------------------------------------------------------------------------------- in the server


class _Child:
    _ids = itertools.count()

    def __init__(self, process: BaseProcess, conn: Connection) -> None:
        self.process = process
        self.conn = conn
        self.number = next(self._ids)


async def _readable(conn: Connection, timeout: float) -> bool:
    """Wait without blocking the loop until ``conn`` has something to read (or its child died: EOF is readable)."""
    if conn.poll():
        return True
    loop = asyncio.get_running_loop()
    ready: asyncio.Future[None] = loop.create_future()
    fd = conn.fileno()

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)

    loop.add_reader(fd, wake)
    try:
        await asyncio.wait_for(ready, timeout)
        return True
    except TimeoutError:
        return False
    finally:
        loop.remove_reader(fd)


def _reap(process: BaseProcess, grace: float = 5.0) -> None:
    process.kill()
    process.join(grace)


def _join(processes: list[BaseProcess], grace: float = 5.0) -> None:
    for process in processes:
        process.join(grace)


class Thinker:
    """The pool: up to ``settings.bot_workers`` children, started when first needed and ended with the server."""

    def __init__(self, settings: Settings, games: Mapping[str, Game[Any]]) -> None:
        self.size = settings.bot_workers
        self.seconds = settings.bot_think_s
        self.nodes = settings.bot_nodes
        self.extra = tuple(settings.extra_games)
        named = load_games(settings.extra_games)
        # Games a child can load by name; one handed to the app directly (a test's own) thinks in a thread instead.
        self.portable = {game_id for game_id, game in games.items() if named.get(game_id) is game}
        self._idle: list[_Child] = []
        self._children: dict[int, _Child] = {}  # by number
        self._slots: FairSlots | None = None  # made on the loop that uses it
        self._requests = itertools.count()
        self._closed = False
        self.thinking = 0  # decisions handed to a child and not yet answered
        self._warming: asyncio.Task[None] | None = None  # children being started ahead of need

    def budget(self, game: Game[Any], kind: str) -> Budget:
        return Budget(nodes=self.nodes or game.searchers[kind].nodes, seconds=self.seconds)

    def pids(self) -> list[int]:
        """The children's process ids (for tests and the shutdown check)."""
        children = self._children.copy()  # a copy made in one step: a test reads this from another thread
        return [child.process.pid for child in children.values() if child.process.pid is not None]

    async def decide(self, game: Game[Any], state: State, seat: Seat, kind: str, seed: str,
                     queue: str = "", left: Callable[[], float] | None = None) -> Action | None:
        """The ``kind`` searcher's decision at ``seat``, its random source seeded with ``seed``, waiting for a child
        in ``queue`` (its table's host address). ``left``: the seconds still left for the decision (the bot's move
        is due then, app/autoplay.py), which cut the wait and the search short of the budget. Raises
        ``ThinkingFailed`` when none comes back in time."""
        budget = self.budget(game, kind)
        if left is not None:
            budget = Budget(budget.nodes, min(budget.seconds, left()))
        if game.id not in self.portable:
            return await asyncio.to_thread(decide, game, state, seat, kind, random.Random(seed), budget)
        if self._closed:
            raise ThinkingFailed("the server is stopping")
        request = next(self._requests)
        if self._slots is None:
            self._slots = FairSlots(self.size)
        # Waiting counts against the budget as thinking does: past it, the seat plays a plain move rather than late.
        if budget.seconds <= 0 or not await self._slots.acquire(queue, budget.seconds):
            raise ThinkingFailed(f"waited {max(budget.seconds, 0):g} s for a free thinker")
        try:
            if self._closed:
                raise ThinkingFailed("the server is stopping")
            if not self._idle and self._warming is not None and not self._warming.done():
                await asyncio.shield(self._warming)  # a child is on its way: no second one beyond the pool's size
            child = self._idle.pop() if self._idle else await self._start()
            try:
                if left is not None:  # what the wait (and a new child's start) left of the time: no more
                    budget = Budget(budget.nodes, min(budget.seconds, left()))
                    if budget.seconds <= 0:
                        raise ThinkingFailed("no time was left to think after the wait")
                payload = orjson.dumps({"id": request, "game": game.id, "state": state, "seat": seat, "kind": kind,
                                        "seed": seed, "nodes": budget.nodes, "seconds": budget.seconds})
            except (ThinkingFailed, TypeError) as exc:
                self._idle.append(child)  # it did nothing: the next decision may have it
                if isinstance(exc, TypeError):  # not plain JSON: a state the platform never stores
                    raise ThinkingFailed("the state is not plain JSON") from exc
                raise
            self.thinking += 1
            try:
                child.conn.send_bytes(payload)
                if not await _readable(child.conn, budget.seconds + HANG_MARGIN_S):
                    raise ThinkingFailed(f"no answer after {budget.seconds + HANG_MARGIN_S:g} s: thinker "
                                         f"{child.number} was stopped and replaced")
                reply = orjson.loads(child.conn.recv_bytes())
            except (OSError, EOFError) as exc:
                await self._end(child)
                raise ThinkingFailed(f"thinker {child.number} died; replaced") from exc
            except BaseException:  # hung, or the caller gave up (shutdown): its answer would be the next one's
                await self._end(child)
                raise
            finally:
                self.thinking -= 1
            self._idle.append(child)
        finally:
            self._slots.release()
        if reply.get("id") != request:
            raise ThinkingFailed("an answer to another decision came back")  # cannot happen: one at a time
        if "error" in reply:
            raise ThinkingFailed(f"the bot raised {reply['error'][:80]}")
        action: Action | None = reply["action"]
        return action

    def warm_soon(self) -> None:
        """``warm`` beside the loop's other work, unless it is under way."""
        if not self._closed and (self._warming is None or self._warming.done()):
            self._warming = asyncio.create_task(self.warm())

    async def warm(self) -> None:
        """Start the children not started yet. A child takes a second or more to load the games, and a decision not
        back by its move's time is given up (app/autoplay.py): so the pool is filled as soon as a table has a Hard
        bot, not by that bot's first decision."""
        while not self._closed and len(self._children) < self.size:
            try:
                child = await self._start()
            except ThinkingFailed as exc:
                log.warning("the thinking pool could not start a child: %s", exc)
                return
            self._idle.append(child)

    async def _start(self) -> _Child:
        # "spawn": a fork of a process running an event loop and database threads is not safe.
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        process = context.Process(target=_serve, args=(theirs, self.extra), daemon=True, name="tabletop-thinker")
        process.start()
        theirs.close()
        child = _Child(process, ours)
        self._children[child.number] = child
        try:
            if not await _readable(ours, START_TIMEOUT_S) or ours.recv_bytes() != b"ready":
                raise ThinkingFailed(f"thinker {child.number} did not start")
        except (OSError, EOFError) as exc:
            await self._end(child)
            raise ThinkingFailed(f"thinker {child.number} did not start") from exc
        except BaseException:
            await self._end(child)
            raise
        return child

    async def _end(self, child: _Child) -> None:
        self._children.pop(child.number, None)
        child.conn.close()
        await asyncio.to_thread(_reap, child.process)

    async def close(self) -> None:
        """End every child at once, thinking or not (a decision is worth nothing once the server stops)."""
        self._closed = True
        if self._warming is not None:
            self._warming.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._warming
        children, self._idle = list(self._children.values()), []
        self._children.clear()
        for child in children:
            child.conn.close()
            child.process.kill()
        await asyncio.to_thread(_join, [child.process for child in children])
