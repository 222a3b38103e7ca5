"""Side load for the anchor benchmark: tables where searching bots play each other, beside the measured tables.

Issue 19 asks that hard bots never stall other tables: the ``compare`` run at 100 actions/s is made twice, once as
it is and once with this script keeping ``--tables`` tables busy (one seat played from here with ``basic``, the rest
by the server's ``hard`` bots, replaced as they finish), and the measured tables' p99 compared.

Run beside a server: python -m bench.hard_tables --url http://127.0.0.1:18300 [--tables 20] [--players 4]
It waits for the server to answer, then plays until it is stopped (SIGTERM or Ctrl-C), and prints how many bot
moves it saw.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import sys
import time
from pathlib import Path

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.registry import GAMES  # noqa: E402

HOST_DELAY_S = 0.8  # the seat played from here waits like a bot, so it does not outpace the table


async def wait_for(client: httpx.AsyncClient, deadline_s: float = 60.0) -> None:
    stop = time.monotonic() + deadline_s
    while True:
        try:
            if (await client.get("/api/games")).status_code == 200:
                return
        except httpx.TransportError:
            pass
        if time.monotonic() > stop:
            raise SystemExit("the server did not answer")
        await asyncio.sleep(0.2)


async def one_table(client: httpx.AsyncClient, ws_url: str, game_id: str, players: int, kind: str,
                    counts: dict[str, int]) -> None:
    """Create a table, fill it with ``kind`` bots, and play seat 0 with ``basic`` to the result."""
    created = (await client.post("/api/tables", json={"game": game_id, "name": "Side"})).json()
    tid, token = created["table_id"], created["token"]
    auth = {"Authorization": f"Bearer {token}"}
    (await client.post(f"/api/tables/{tid}/bots", json={"count": players - 1, "kind": kind}, headers=auth)
     ).raise_for_status()
    (await client.post(f"/api/tables/{tid}/start", headers=auth)).raise_for_status()
    game = GAMES[game_id]
    rand = random.Random(tid)
    ours = 0
    async with websockets.connect(f"{ws_url}/ws/tables/{tid}?token={token}", max_size=None) as ws:
        async for raw in ws:
            message = json.loads(raw)
            if message.get("type") != "state":
                continue
            if message["status"] == "finished":
                counts["finished"] += 1
                counts["bot_moves"] += message["seq"] - ours
                return
            legal = [entry for entry in message["legal"] if not entry.get("template")]
            if not legal:
                continue
            await asyncio.sleep(HOST_DELAY_S)
            action = game.bots["basic"](message["view"], legal, rand) or legal[0]
            ours += 1
            await ws.send(json.dumps({"type": "act", "id": str(message["seq"]), "action": action,
                                      "expect_seq": message["seq"]}))


async def keep_busy(url: str, tables: int, game_id: str, players: int, kind: str) -> None:
    counts = {"finished": 0, "bot_moves": 0}
    ws_url = url.replace("http", "ws", 1)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        await wait_for(client)

        async def lane() -> None:
            while not stop.is_set():
                try:
                    await one_table(client, ws_url, game_id, players, kind, counts)
                except (httpx.HTTPError, websockets.WebSocketException, OSError) as exc:
                    print(f"side table failed: {exc!r}", file=sys.stderr)
                    await asyncio.sleep(1)

        lanes = [asyncio.create_task(lane()) for _ in range(tables)]
        await stop.wait()
        for task in lanes:
            task.cancel()
    print(f"side load: {counts['finished']} games finished, {counts['bot_moves']} bot moves in them")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--game", default="turncoats")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--kind", default="hard")
    args = parser.parse_args()
    asyncio.run(keep_busy(args.url, args.tables, args.game, args.players, args.kind))


if __name__ == "__main__":
    main()
