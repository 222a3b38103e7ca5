"""Slots shared in turn: the thinking pool's children, handed out round-robin over the host addresses that wait.

A plain first-come queue lets whoever asks most wait in front of everyone: twenty Hard tables from one address put
another address's decision behind all of theirs. Here each key (a host address, app/hard_seats.py) waits in a queue
of its own, and a freed slot goes to the next key in turn, so a key with a thousand waiting is served once before
another key's next waiter is. A waiter that is not served within its timeout leaves the queue (its caller plays a
plain bot's move instead).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque


class FairSlots:
    def __init__(self, size: int) -> None:
        self.free = size
        # Keys in the order they are served next; a key goes to the back each time one of its waiters is served.
        self._queues: OrderedDict[str, deque[asyncio.Future[None]]] = OrderedDict()

    def waiting(self) -> int:
        return sum(len(queue) for queue in self._queues.values())

    async def acquire(self, key: str, timeout: float) -> bool:
        """Take a slot for ``key``, waiting at most ``timeout`` seconds; False when none came in time. A True must be
        followed by one ``release``."""
        if self.free and not self._queues:
            self.free -= 1
            return True
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queues.setdefault(key, deque()).append(turn)
        try:
            await asyncio.wait([turn], timeout=timeout)  # does not cancel ``turn`` on a timeout
        except BaseException:  # the caller was cancelled: a slot already handed over is handed on
            self._give_up(key, turn)
            raise
        if turn.done():
            return True
        self._give_up(key, turn)
        return False

    def release(self) -> None:
        """A slot is free: the next key in turn gets it, or it waits for the next asker."""
        while self._queues:
            key, queue = next(iter(self._queues.items()))
            turn = queue.popleft()
            if queue:
                self._queues.move_to_end(key)
            else:
                del self._queues[key]
            if not turn.done():
                turn.set_result(None)
                return
        self.free += 1

    def _give_up(self, key: str, turn: asyncio.Future[None]) -> None:
        if turn.done() and not turn.cancelled():  # served just as its waiter stopped waiting
            self.release()
            return
        turn.cancel()
        queue = self._queues.get(key)
        if queue is not None and turn in queue:
            queue.remove(turn)
            if not queue:
                del self._queues[key]
