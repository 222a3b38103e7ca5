"""The Redis hub: a worker's own announcements reach its own listeners at once and once; others' come over the bus."""

from __future__ import annotations

import asyncio
from typing import Any

from app.hub import RedisHub
from tests.test_multiworker import REDIS, _need_services


async def test_own_announcements_are_heard_at_once_and_once_others_over_the_bus() -> None:
    _need_services()
    mine, other = RedisHub(REDIS), RedisHub(REDIS)
    await mine.start()
    await other.start()
    heard: list[tuple[str, str, dict[str, Any]]] = []

    def listener(who: str):  # type: ignore[no-untyped-def]
        async def hear(table_id: str, event: dict[str, Any]) -> None:
            heard.append((who, table_id, event))
        return hear

    try:
        mine.subscribe("t1", listener("mine"))
        other.subscribe("t1", listener("other"))
        await mine.publish("t1", {"kind": "state", "seq": 1})
        # The publisher's own listener has it when publish returns: no round trip through Redis first.
        assert [(who, event["seq"]) for who, _, event in heard] == [("mine", 1)]
        assert mine.mine(heard[0][2])

        async def other_heard() -> None:
            while not any(who == "other" for who, _, _ in heard):
                await asyncio.sleep(0.01)

        await asyncio.wait_for(other_heard(), 10)
        from_bus = next(event for who, _, event in heard if who == "other")
        assert not other.mine(from_bus) and from_bus["seq"] == 1
        # A later announcement from the other side arrives; by then our own echo would have come back too, and it
        # was not delivered a second time.
        await other.publish("t1", {"kind": "state", "seq": 2})
        await asyncio.wait_for(_until(lambda: any(who == "mine" and e["seq"] == 2 for who, _, e in heard)), 10)
        assert [(who, event["seq"]) for who, _, event in heard if who == "mine"] == [("mine", 1), ("mine", 2)]
    finally:
        await mine.stop()
        await other.stop()


async def _until(check: Any) -> None:
    while not check():
        await asyncio.sleep(0.01)


async def test_announcements_made_together_reach_the_others_all_and_in_order() -> None:
    """Many announcements in one turn of the loop share one trip to Redis; none is lost or reordered, and a hub
    that stops sends what it was given first (a stopping worker's last handovers)."""
    _need_services()
    mine, other = RedisHub(REDIS), RedisHub(REDIS)
    await mine.start()
    await other.start()
    heard: list[int] = []

    async def hear(_table_id: str, event: dict[str, Any]) -> None:
        heard.append(event["seq"])

    try:
        other.subscribe("t2", hear)
        for seq in range(1, 201):
            await mine.publish("t2", {"kind": "state", "seq": seq})
        await mine.stop()  # flushes the outbox before leaving
        await asyncio.wait_for(_until(lambda: len(heard) >= 200), 10)
        assert heard == list(range(1, 201))
    finally:
        await other.stop()
