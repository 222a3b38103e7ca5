"""Rebuilding a finished game from its audit record, in a process beside this worker.

A long game costs a second or two of pure CPU to rebuild. A thread is not enough: it shares the interpreter lock
with the event loop, and engine work the lock cannot interrupt (a large state's JSON round trip) stalls every table
of the worker meanwhile. So the work runs in a child process, started on the first rebuild, one rebuild at a time
(several waiting rebuilds would only share the same cores). The states come back as compact JSON bytes: copying bytes
between processes costs next to nothing, where unpickling a megabyte-sized tree of objects would stall the loop again.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

from app import fairness
from app.errors import ApiError
from games.protocol import Game
from games.registry import GAMES, load

T = TypeVar("T")
# Seconds one rebuild may take before its child is killed and the request answered 503: a long game rebuilds in a
# second or two, so this is a hung rebuild (an engine bug), which would otherwise hold up every later rebuild.
REBUILD_TIMEOUT = 60.0
Verdict = tuple[bool, str, dict[str, Any] | None]


def load_games(extra: list[str]) -> dict[str, Game[Any]]:
    """The registry, plus any ``module:attribute`` games named in settings (the test game, say)."""
    return {**GAMES, **load(extra)}


def frames_of(game: Game[Any], audit: Mapping[str, Any]) -> list[bytes]:
    """Every state of the game (the deal, then after each action) as compact JSON."""
    return [json.dumps(state, separators=(",", ":")).encode() for state in fairness.each_state(game, audit)]


# In the child: the registries it has loaded, by the settings' list of extra games.
_registries: dict[tuple[str, ...], dict[str, Game[Any]]] = {}


def _game(extra: tuple[str, ...], game_id: str) -> Game[Any]:
    if extra not in _registries:
        _registries[extra] = load_games(list(extra))
    return _registries[extra][game_id]


def _frames(extra: tuple[str, ...], game_id: str, audit: Mapping[str, Any]) -> list[bytes]:
    return frames_of(_game(extra, game_id), audit)


def _verdict(extra: tuple[str, ...], game_id: str, audit: Mapping[str, Any]) -> Verdict:
    return fairness.replay(_game(extra, game_id), audit)


def unavailable() -> ApiError:
    return ApiError(503, "replay_unavailable", "The replay could not be rebuilt just now (the process that rebuilds "
                                               "replays stopped or took too long); try again in a moment.")


def _stop(pool: ProcessPoolExecutor) -> Sequence[BaseProcess]:
    """End ``pool`` without waiting for its work: its child is killed (a hung rebuild never returns by itself), and
    the processes are returned for the caller to reap."""
    # No public way to reach them before Python 3.14 (terminate_workers).
    processes: list[BaseProcess] = list((pool._processes or {}).values())
    for process in processes:
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    return processes


def _reap(processes: Sequence[BaseProcess], grace: float = 5.0) -> None:
    for process in processes:
        process.join(grace)
        if process.is_alive():
            process.kill()
            process.join(grace)


class Rebuilder:
    """Runs rebuilds in one child process, started when first needed and stopped with the app."""

    def __init__(self, extra_games: list[str], games: Mapping[str, Game[Any]],
                 timeout: float = REBUILD_TIMEOUT) -> None:
        self.extra = tuple(extra_games)
        named = load_games(extra_games)
        # Games the child can load by name; one handed to the app directly (a test's own) is rebuilt in a thread.
        self.portable = {game_id for game_id, game in games.items() if named.get(game_id) is game}
        self.timeout = timeout
        self._pool: ProcessPoolExecutor | None = None

    async def frames(self, game: Game[Any], audit: Mapping[str, Any]) -> list[bytes]:
        return await self._run(_frames, frames_of, game, audit)

    async def verdict(self, game: Game[Any], audit: Mapping[str, Any]) -> Verdict:
        return await self._run(_verdict, fairness.replay, game, audit)

    async def _run(self, remote: Callable[[tuple[str, ...], str, Mapping[str, Any]], T],
                   local: Callable[[Game[Any], Mapping[str, Any]], T], game: Game[Any], audit: Mapping[str, Any]) -> T:
        if game.id not in self.portable:
            return await asyncio.to_thread(local, game, audit)
        pool = self._pool
        if pool is None:
            # "spawn": a fork of a process running an event loop and database threads is not safe.
            pool = self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        try:
            work = asyncio.get_running_loop().run_in_executor(pool, remote, self.extra, game.id, audit)
            return await asyncio.wait_for(work, self.timeout)
        except (BrokenProcessPool, TimeoutError) as exc:
            # The child died (killed, out of memory) or hangs: a passing fault, so 503, and the next rebuild starts
            # another child. Only this pool goes: another waiter may already have started a newer one.
            if self._pool is pool:
                self._pool = None
            await asyncio.to_thread(_reap, _stop(pool))
            raise unavailable() from exc

    async def close(self) -> None:
        """Stop the child at once, even in the middle of a rebuild (nobody waits for a replay at shutdown)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(_reap, _stop(pool))
