"""How long a replay's rebuild holds up the event loop: the wall-clock measurement that used to be a test
(tests/api/test_replay.py now checks where the rebuild's work runs, which load cannot change).

A Slow Hands game (every move a tenth of a second of CPU the interpreter lock cannot interrupt) is played to its end
by bots, then rebuilt for its replay while a heartbeat on the loop notes every stall of half a move or more. Rebuilt
beside the loop (a child process), there are hardly any; rebuilt in a thread of the worker, one at nearly every move.

Run: python -m bench.replay_loop   Prints the moves rebuilt, one move's time, and the stalls.
"""

from __future__ import annotations

import asyncio
import tempfile
import time

from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from tests.api.helpers import add_bots, create, public, start, wait_for
from tests.support import slow_hands

UNLIMITED = (1_000_000, 1.0)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(database_url=f"sqlite:///{folder}/bench.db", bot_delay=0, allowed_hosts=["testserver"],
                            extra_games=["tests.support.slow_hands:GAME"], create_rate=UNLIMITED,
                            replay_rate=UNLIMITED)
        app = create_app(settings)
        with TestClient(app) as client:
            table = create(client, "Alice", dict(slow_hands.GAME.facts.quick_options), game=slow_hands.GAME.id)
            add_bots(client, table, slow_hands.GAME.min_players - 1)
            start(client, table)
            client.post(f"{table.url}/seats/0/bot", headers=table.host).raise_for_status()
            wait_for(lambda: public(client, table)["status"] == "finished", timeout=120, what="the game to end")
            started = time.monotonic()
            slow_hands.burn()
            one_move = time.monotonic() - started

            async def stalls_during_rebuild() -> tuple[list[float], int]:
                rebuild = asyncio.create_task(app.state.replays.timeline(table.table_id, "all"))
                stalls: list[float] = []
                while not rebuild.done():
                    before = time.monotonic()
                    await asyncio.sleep(0.005)
                    lag = time.monotonic() - before - 0.005
                    if lag > 0.5 * one_move:
                        stalls.append(round(lag, 3))
                return stalls, (await rebuild)["last_seq"]

            assert client.portal is not None  # set while the client's `with` block is open
            stalls, last_seq = client.portal.call(stalls_during_rebuild)
    print(f"{last_seq} moves rebuilt, one move {one_move:.3f} s; loop held up {len(stalls)} times: {stalls}")


if __name__ == "__main__":
    main()
