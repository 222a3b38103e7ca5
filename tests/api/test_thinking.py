"""Searching bots think in a pool of worker processes (app/thinking.py): a search that hangs, crashes or raises costs
only its own move (played by ``basic`` instead, logged once), never another table's; the server's end ends the pool.

The bots are Thinking Hands' (tests/support/thinking_hands.py): a real ``hard`` level and three broken ones.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import random
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from app.thinking import HANG_MARGIN_S, NICENESS, Thinker, ThinkingFailed
from games.bots import decide
from tests.api.helpers import (
    Table,
    add_bots,
    create,
    join,
    play_to_end,
    public,
    start,
    state,
    wait_for,
)
from tests.support.thinking_hands import GAME as THINKING

GAME = "thinking-hands"
THINK_S = 0.5  # a hung decision is given up after THINK_S + HANG_MARGIN_S


@pytest.fixture
def thinking_settings(settings: Settings) -> Settings:
    return dataclasses.replace(settings, extra_games=[*settings.extra_games, "tests.support.thinking_hands:GAME"],
                               bot_think_s=THINK_S, bot_workers=2, bot_nodes=4)


@pytest.fixture
def client(thinking_settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(thinking_settings)) as test_client:
        warm(test_client)
        yield test_client


def thinker(client: TestClient) -> Thinker:
    found: Thinker = client.app.state.autoplay.thinker  # type: ignore[attr-defined]
    return found


def warm(client: TestClient) -> None:
    """Start the pool's children now: a child loads the games for longer than a move may wait (app/autoplay.py)."""
    client.portal.call(thinker(client).warm)  # type: ignore[union-attr]


def table_with(client: TestClient, kind: str | None, bots: int = 1) -> Table:
    table = create(client, "Alice", game=GAME)
    add_bots(client, table, bots, kind)
    return table


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def bot_moves(client: TestClient, table: Table) -> list[dict]:
    """The bots' moves of a finished game (the audit record has them once it is over)."""
    response = client.get(f"{table.url}/audit")
    assert response.status_code == 200, response.text
    return [entry for entry in response.json()["actions"] if entry["source"] == "bot"]


def set_aside(client: TestClient, table: Table, seat: int) -> bool:
    """Whether ``seat`` has made its first move (setting a gem aside), as Alice sees."""
    return bool(state(client, table, 0)["view"]["players"][seat]["has_set_aside"])


def test_a_hard_bot_thinks_in_a_child_and_plays_a_whole_game(client: TestClient) -> None:
    table = table_with(client, None, bots=2)  # no kind: the game's default, its strongest
    assert [seat["bot_kind"] for seat in public(client, table)["seats"][1:]] == ["hard", "hard"]
    start(client, table)
    final = play_to_end(client, table)
    assert final["result"] is not None
    assert len(bot_moves(client, table)) == 2 * 4  # set aside, then three commits each
    pids = thinker(client).pids()
    assert pids and os.getpid() not in pids  # it thought elsewhere
    # and below the server's priority, so people's tables get the cores first
    server = os.getpriority(os.PRIO_PROCESS, 0)
    assert {os.getpriority(os.PRIO_PROCESS, pid) for pid in pids} == {min(19, server + NICENESS)}


def test_the_hand_over_changes_nothing_a_decision_depends_on(client: TestClient) -> None:
    """The child's decision is the one ``games.bots.decide`` makes here for the same state, seed and budget."""
    state_ = THINKING.new_state(3, None, 5)
    pool = thinker(client)
    for seat in range(3):
        here = decide(THINKING, state_, seat, "hard", random.Random(f"t:0:{seat}"), pool.budget(THINKING, "hard"))
        there = client.portal.call(pool.decide, THINKING, state_, seat, "hard", f"t:0:{seat}")  # type: ignore[union-attr]
        assert there == here


@pytest.mark.parametrize("kind", ["crash", "raise"])
def test_a_bot_that_crashes_or_raises_plays_basic_and_is_logged_once_a_move(
    client: TestClient, kind: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, "app.autoplay")
    table = table_with(client, kind)
    start(client, table)
    # Every bot move is the fallback's, each legal (a refused one would stall the game); a crash costs a new child.
    final = play_to_end(client, table, timeout=90)
    assert final["result"] is not None
    moves = bot_moves(client, table)
    assert len(moves) == 4
    # (a search given up for its round and failing later is logged apart, with no table: its seat played already)
    warnings = [r.getMessage() for r in caplog.records if r.name == "app.autoplay"
                and "given up for its round" not in r.getMessage()]
    # A decision Alice overtook is made again at the new seq, so there may be more failed decisions than moves.
    assert len(warnings) >= len(moves), warnings
    assert all(f"{kind} bot at table {table.table_id}, seat 1" in line and "plays basic" in line for line in warnings)
    assert all("gem-" not in line and table.tokens[0] not in line for line in warnings)  # no hidden card, no token
    if kind == "crash":
        # One line per incident, each naming a different child. A crash costs the child, and its replacement may
        # take longer to start than the next moves may wait: those are given up (at their time, or after waiting
        # for a child), as slow ones are.
        crashes = [line for line in warnings if "thinker " in line]
        assert crashes and all("died" in line for line in crashes), warnings
        children = [line.split("thinker ")[1].split()[0] for line in crashes]
        assert len(set(children)) == len(children), warnings
        slow = ("no decision by its move's time", "for a free thinker", "no time was left")
        assert all(any(why in line for why in slow) for line in warnings if line not in crashes), warnings
    else:  # the child stays, so every decision reaches it
        assert all("raised RuntimeError" in line for line in warnings)


def test_a_crashed_child_is_replaced(client: TestClient) -> None:
    pool = thinker(client)
    good = table_with(client, None)
    start(client, good)
    wait_for(lambda: set_aside(client, good, 1), what="the hard bot's first move")
    before = set(pool.pids())
    crashing = table_with(client, "crash")
    start(client, crashing)
    wait_for(lambda: set_aside(client, crashing, 1), what="the crashing bot's fallback move")
    gone = wait_for(lambda: before - set(pool.pids()), what="the crashed child out of the pool")
    assert len(gone) == 1 and not alive(gone.pop())  # killed and reaped: no zombie left
    play_to_end(client, good)  # the pool still thinks for the good table
    assert len(bot_moves(client, good)) == 4


def test_a_hung_bot_stalls_no_other_table_and_is_replaced(thinking_settings: Settings,
                                                           caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, "app.autoplay")
    # A move is due 1.25 x BOT_THINK_S after its round began, a hung search is given up 2 s after its budget: with
    # 2 s, the other table's first move (at 2.5 s) falls between the two.
    think = 2.0
    settings = dataclasses.replace(thinking_settings, bot_think_s=think)
    with TestClient(create_app(settings)) as client:
        warm(client)
        pool = thinker(client)
        hung = table_with(client, "hang")
        start(client, hung)
        wait_for(lambda: pool.thinking == 1, what="the hung decision handed to a child")
        hung_pid = set(pool.pids())
        other = table_with(client, "hard")  # searches in the pool's other child meanwhile
        start(client, other)
        wait_for(lambda: set_aside(client, other, 1), timeout=think + 10, what="the other table's bot's first move")
        assert hung_pid <= set(pool.pids()), "the hung child was given up first: the test proves nothing"

        # At its move's time the hung seat played basic, as any search not back by then does (one line in the log);
        # after BOT_THINK_S + the margin its child is killed and replaced.
        wait_for(lambda: set_aside(client, hung, 1), what="the hung bot's fallback move")
        gone = wait_for(lambda: hung_pid - set(pool.pids()), timeout=think + HANG_MARGIN_S + 10,
                        what="the hung child out of the pool")
        assert len(gone) == 1
        wait_for(lambda: not alive(next(iter(gone))), what="the hung child killed and reaped")
        assert play_to_end(client, other, timeout=60)["result"] is not None
    lines = [r.getMessage() for r in caplog.records if f"at table {hung.table_id}" in r.getMessage()]
    assert len(lines) == 1 and "no decision by its move's time" in lines[0] and "plays basic" in lines[0], lines
    assert not [r for r in caplog.records if f"at table {other.table_id}" in r.getMessage()]  # the pool thought
    later = [r.getMessage() for r in caplog.records if "given up for its round" in r.getMessage()]
    assert len(later) == 1 and "no answer after" in later[0], later


def test_a_person_moving_while_the_bot_thinks_drops_the_bot_s_stale_move(thinking_settings: Settings) -> None:
    """The bot decided at seq n; Alice acts first, so its move for seq n is dropped and it decides again."""
    settings = dataclasses.replace(thinking_settings, bot_delay=1.0)
    with TestClient(create_app(settings)) as client:
        warm(client)
        table = table_with(client, "hard")
        join(client, table, "Bob")  # seat 2: Alice, the bot at seat 1, Bob
        start(client, table)
        wait_for(lambda: thinker(client).pids(), what="the bot to start thinking")
        for seat in (0, 2):  # both set a gem aside while the bot waits out its delay
            current = state(client, table, seat)
            client.post(f"{table.url}/actions", json={"action": current["legal"][0]}, headers=table.headers(seat))
        wait_for(lambda: set_aside(client, table, 1), what="the bot's set-aside")
        # Alice's move, Bob's, then the bot's: the move it made for seq 0 was dropped, and it decided again at seq 2.
        assert state(client, table, 0)["seq"] == 3


def test_the_server_s_end_ends_the_pool_even_mid_thought(thinking_settings: Settings) -> None:
    # The hung decisions must outlast the wait for both to be under way, however busy the machine: the server's end,
    # not the hang limit, is what stops them here.
    settings = dataclasses.replace(thinking_settings, bot_think_s=60.0)
    with TestClient(create_app(settings)) as client:
        warm(client)  # both children started (a Hard move here is due only after a minute)
        pool = thinker(client)
        for _ in range(2):
            hung = table_with(client, "hang")
            start(client, hung)
        wait_for(lambda: pool.thinking == 2, what="both children busy with a hung decision")
        pids = pool.pids()
        assert len(pids) == 2
    assert not any(alive(pid) for pid in pids)
    with pytest.raises(ThinkingFailed):  # and a closed pool starts no new child
        asyncio.run(pool.decide(THINKING, THINKING.new_state(2, None, 1), 0, "hard", "x"))
