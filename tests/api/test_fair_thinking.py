"""Thinking is shared fairly (app/fair.py, app/thinking.py): Hard decisions wait in one queue per host address, served
in turn, so a flood of Hard tables from one address cannot push another address's decision behind more than one of
its own; a decision that waits past its budget plays Normal's move, as a hung one does; and one address has at most
``HARD_SEATS_PER_ADDRESS`` Hard seats at its open tables.

The clients here speak from named addresses (``from_address``): Starlette's test client lets a test choose the
address its requests come from.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import orjson
import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from app.thinking import Thinker
from tests.api.helpers import (
    Table,
    add_bots,
    assert_error,
    create,
    db_rows,
    play_to_end,
    public,
    start,
    wait_for,
)

GAME = "thinking-hands"
THINK_S = 0.4
WORKERS = 2
FLOOD = "10.0.0.1"
VICTIM = "10.0.0.2"


@pytest.fixture
def thinking_settings(settings: Settings) -> Settings:
    return dataclasses.replace(settings, extra_games=[*settings.extra_games, "tests.support.thinking_hands:GAME"],
                               bot_think_s=THINK_S, bot_workers=WORKERS, bot_nodes=4, bot_delay=0.1)


@contextmanager
def from_address(client: TestClient, address: str) -> Iterator[None]:
    """Requests made meanwhile come from ``address`` (the test client's transport names the client in each scope)."""
    transport: Any = client._transport  # type: ignore[attr-defined]
    before = transport.client
    transport.client = (address, 40000)
    try:
        yield
    finally:
        transport.client = before


def thinker(client: TestClient) -> Thinker:
    found: Thinker = client.app.state.autoplay.thinker  # type: ignore[attr-defined]
    return found


def warm(client: TestClient) -> None:
    """Start the pool's children now: a child loads the games for longer than a move may wait (app/autoplay.py)."""
    client.portal.call(thinker(client).warm)  # type: ignore[union-attr]


class Spy:
    """Records, in order, each decision asked of the pool, each handed to a child and each finished (by the seed's
    table: ``table:seq:seat``). It watches from outside the queue, so it measures the old code as well as the new."""

    def __init__(self, pool: Thinker) -> None:
        self.events: list[tuple[str, str, str]] = []  # (what, table, seed)
        decide, begin = pool.decide, pool._start

        async def asking(*args: Any, **kwargs: Any) -> Any:
            seed = kwargs.get("seed", args[4] if len(args) > 4 else "")
            self.events.append(("asked", seed.split(":")[0], seed))
            try:
                return await decide(*args, **kwargs)
            finally:
                self.events.append(("done", seed.split(":")[0], seed))

        async def starting() -> Any:
            child = await begin()
            child.conn = Watched(child.conn, self)
            return child

        pool.decide = asking  # type: ignore[method-assign]
        pool._start = starting  # type: ignore[method-assign]

    def waiting(self, tables: set[str]) -> int:
        """Decisions of ``tables`` asked and not yet handed to a child nor given up."""
        open_: set[str] = set()
        for what, table, seed in list(self.events):
            if table in tables:
                if what == "asked":
                    open_.add(seed)
                else:
                    open_.discard(seed)
        return len(open_)

    def served_ahead(self, victim: str) -> list[tuple[int, int]]:
        """For each of ``victim``'s decisions: (the other tables' decisions waiting when it was asked, how many of them
        were handed to a child before it was, or before it was given up)."""
        found = []
        events = list(self.events)
        for index, (what, table, seed) in enumerate(events):
            if what != "asked" or table != victim:
                continue
            waiting: set[str] = set()
            for other_what, other_table, other_seed in events[:index]:
                if other_table != victim:
                    if other_what == "asked":
                        waiting.add(other_seed)
                    else:
                        waiting.discard(other_seed)
            ahead = 0
            for other_what, other_table, other_seed in events[index + 1:]:
                if other_seed == seed:
                    break
                ahead += other_what == "sent" and other_table != victim
            found.append((len(waiting), ahead))
        return found


class Watched:
    """A child's pipe that tells the spy when a decision is handed over."""

    def __init__(self, conn: Any, spy: Spy) -> None:
        self._conn, self._spy = conn, spy

    def send_bytes(self, data: bytes) -> None:
        seed = orjson.loads(data)["seed"]
        self._spy.events.append(("sent", seed.split(":")[0], seed))
        self._conn.send_bytes(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


def all_bot_table(client: TestClient, kind: str) -> Table:
    """A table whose every seat is a ``kind`` bot: the host adds four, starts, and hands their own seat over too."""
    table = create(client, "Flo", game=GAME)
    add_bots(client, table, 4, kind)
    start(client, table)
    response = client.post(f"{table.url}/seats/0/bot", json={"kind": kind}, headers=table.host)
    assert response.status_code == 200, response.text
    return table


def test_a_flood_of_hard_tables_from_one_address_delays_another_s_decisions_by_one_at_most(
        thinking_settings: Settings) -> None:
    settings = dataclasses.replace(thinking_settings, hard_seats_per_address=100)  # the flood is within its share
    with TestClient(create_app(settings)) as client:
        spy = Spy(thinker(client))
        warm(client)  # after the spy: it watches the children's pipes
        with from_address(client, FLOOD):
            flood = {all_bot_table(client, "slow").table_id for _ in range(12)}
        # The flood has filled the pool and has more waiting than the pool has children.
        wait_for(lambda: spy.waiting(flood) > 2 * WORKERS, what="the flood's decisions to queue up")
        with from_address(client, VICTIM):
            victim = create(client, "Vic", game=GAME)
            add_bots(client, victim, 1, "hard")
            start(client, victim)
            assert play_to_end(client, victim, timeout=90)["result"] is not None
        ahead = spy.served_ahead(victim.table_id)
        # Every bot decision of the victim's game was asked, and some met the flood waiting: else this proves nothing.
        assert len(ahead) >= 4, ahead
        assert max(waiting for waiting, _ in ahead) > 2 * WORKERS, ahead
        assert any(event[0] == "sent" and event[1] == victim.table_id for event in spy.events), \
            "none of the victim's decisions was thought in the pool"
        # Decisions already let through when it was asked (at most one per child), and then at most one of the one
        # other address: never the flood's whole queue.
        assert max(count for _, count in ahead) <= WORKERS + 1, ahead


def test_a_decision_that_waits_past_its_budget_plays_normal(thinking_settings: Settings,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, "app.autoplay")
    settings = dataclasses.replace(thinking_settings, bot_workers=1)
    with TestClient(create_app(settings)) as client:
        warm(client)
        pool = thinker(client)
        with from_address(client, FLOOD):
            hung = create(client, "Han", game=GAME)
            add_bots(client, hung, 1, "hang")  # holds the only child for THINK_S + the hang margin
            start(client, hung)
        wait_for(lambda: pool.thinking == 1, what="the hung decision handed to the child")
        with from_address(client, VICTIM):
            table = create(client, "Vic", game=GAME)
            add_bots(client, table, 1, "hard")
            start(client, table)
        lines = wait_for(lambda: [r.getMessage() for r in caplog.records
                                  if f"at table {table.table_id}" in r.getMessage()],
                         what="the waiting decision to be given up")
        assert pool.thinking == 1, "the hung decision was given up first: the test proves nothing"
        assert len(lines) == 1 and "waited" in lines[0] and "plays basic" in lines[0], lines


def hard_seats(client: TestClient, table: Table) -> int:
    return sum(seat["bot_kind"] in ("hard", "slow") for seat in public(client, table)["seats"])


def test_one_address_has_at_most_its_share_of_hard_seats(thinking_settings: Settings) -> None:
    settings = dataclasses.replace(thinking_settings, hard_seats_per_address=3)
    with TestClient(create_app(settings)) as client:
        with from_address(client, FLOOD):
            first = create(client, "Flo", game=GAME)
            add_bots(client, first, 2, "hard")
            second = create(client, "Flo", game=GAME)
            add_bots(client, second, 1)  # the default level is Hard
            before = db_rows(settings, "SELECT * FROM seats ORDER BY id")
            # A fourth Hard seat is refused, and nothing changes: not the seats, not the table.
            response = client.post(f"{second.url}/bots", json={"count": 1, "kind": "hard"}, headers=second.host)
            assert_error(response, 409, "hard_bot_limit")
            assert db_rows(settings, "SELECT * FROM seats ORDER BY id") == before
            assert hard_seats(client, second) == 1
            add_bots(client, second, 1, "basic")  # Normal bots are not counted
            # Handing a seat to a Hard bot in play counts the same way.
            start(client, second)
            response = client.post(f"{second.url}/seats/0/bot", json={"kind": "slow"}, headers=second.host)
            assert_error(response, 409, "hard_bot_limit")
            assert public(client, second)["seats"][0]["bot_kind"] is None
        with from_address(client, VICTIM):  # another address has its own share
            other = create(client, "Vic", game=GAME)
            add_bots(client, other, 3, "hard")
        with from_address(client, FLOOD):
            start(client, first)
            play_to_end(client, first, timeout=60)  # a finished game's seats are no longer in play
            add_bots(client, create(client, "Flo", game=GAME), 2, "hard")
            # Starting counts the table's Hard seats for whoever starts it: here bots another address added.
            response = client.post(f"{other.url}/start", headers=other.host)
            assert_error(response, 409, "hard_bot_limit")
            assert public(client, other)["status"] == "lobby"
