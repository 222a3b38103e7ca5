"""The thinking pool's slots (app/fair.py): served in turn over the keys that wait, first come first served within one;
a waiter that times out or is cancelled leaves, and a slot handed to one that just stopped waiting goes on."""

from __future__ import annotations

import asyncio

from app.fair import FairSlots


async def served_order(slots: FairSlots, waiters: list[tuple[str, str]]) -> list[str]:
    served: list[str] = []

    async def wait(key: str, name: str) -> None:
        assert await slots.acquire(key, 60)
        served.append(name)
        slots.release()

    tasks = []
    for key, name in waiters:
        tasks.append(asyncio.create_task(wait(key, name)))
        await asyncio.sleep(0)  # queued in this order
    await asyncio.gather(*tasks)
    return served


def test_keys_are_served_in_turn() -> None:
    async def run() -> list[str]:
        slots = FairSlots(1)
        assert await slots.acquire("held", 1)
        waiters = [("flood", "f1"), ("flood", "f2"), ("flood", "f3"), ("flood", "f4"), ("victim", "v1"),
                   ("other", "o1"), ("victim", "v2")]
        order = asyncio.create_task(served_order(slots, waiters))
        while slots.waiting() < len(waiters):
            await asyncio.sleep(0)
        slots.release()
        return await order

    # The victim waits behind one of the flood's, not four.
    assert asyncio.run(run()) == ["f1", "v1", "o1", "f2", "v2", "f3", "f4"]


def test_a_waiter_that_times_out_leaves_the_queue() -> None:
    async def run() -> None:
        slots = FairSlots(1)
        assert await slots.acquire("a", 1)
        assert not await slots.acquire("b", 0.01)
        assert slots.waiting() == 0
        slots.release()
        assert slots.free == 1  # nobody was left to take it

    asyncio.run(run())


def test_a_slot_handed_to_a_cancelled_waiter_goes_on() -> None:
    async def run() -> None:
        slots = FairSlots(1)
        assert await slots.acquire("a", 1)
        first = asyncio.create_task(slots.acquire("b", 60))
        second = asyncio.create_task(slots.acquire("c", 5))
        while slots.waiting() < 2:
            await asyncio.sleep(0)
        slots.release()  # handed to ``first``, which is cancelled before it runs again
        first.cancel()
        assert await second
        assert first.cancelled()

    asyncio.run(run())
