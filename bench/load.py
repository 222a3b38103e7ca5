"""Load benchmark: many Turncoats tables played at once over websockets against a real server process.

Each table has two human seats (driven here, acting as soon as it is their turn) and some spectators. We measure
the time from sending an action to the moment every viewer of that table holds the new seq (fan-out latency), the
actions committed per second, and the server's memory. Traffic stays on 127.0.0.1 and the run stops by itself.

Run: python -m bench.load [--tables 20] [--spectators 3] [--seconds 30] [--database sqlite|postgres] [--workers N]

With ``--workers N`` (PostgreSQL only) N server processes share the database and a Redis bus (``REDIS_URL``,
default redis://127.0.0.1:6379/0); each table's viewers are spread over the workers, so every action crosses the bus.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import ServerProcess, server_env  # noqa: E402


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def make_table(client: httpx.AsyncClient) -> tuple[str, list[str], str]:
    created = (await client.post("/api/tables", json={"game": "turncoats", "name": "A"})).json()
    invite = created["invite_url"].split("invite=")[1]
    tid = created["table_id"]
    joined = (await client.post(f"/api/tables/{tid}/join", json={"name": "B", "invite": invite})).json()
    await client.post(f"/api/tables/{tid}/start", headers={"Authorization": f"Bearer {created['token']}"})
    return tid, [created["token"], joined["token"]], created["spectate_url"].split("key=")[1]


async def run_table(urls: list[str], tid: str, tokens: list[str], key: str, spectators: int, until: float,
                    latencies: list[float], actions: list[int]) -> None:
    # Viewer i connects to worker i mod N: the two seats of a table sit on different workers when there are two.
    bases = [url.replace("http", "ws") + f"/ws/tables/{tid}" for url in urls]
    queries = [f"token={t}" for t in tokens] + [f"spectate={key}"] * spectators
    everyone = [await websockets.connect(f"{bases[i % len(bases)]}?{q}", max_size=2**22) for i, q in enumerate(queries)]
    seats = everyone[:2]
    latest: list[dict[str, Any]] = [{} for _ in everyone]

    async def reader(i: int, ws: websockets.ClientConnection, arrived: dict[int, asyncio.Event]) -> None:
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "state":
                latest[i] = message
                arrived.setdefault(message["seq"], asyncio.Event())
                seen[message["seq"]] = seen.get(message["seq"], 0) + 1
                if seen[message["seq"]] == len(everyone):
                    arrived[message["seq"]].set()

    seen: dict[int, int] = {}
    arrived: dict[int, asyncio.Event] = {}
    readers = [asyncio.create_task(reader(i, ws, arrived)) for i, ws in enumerate(everyone)]
    try:
        while time.monotonic() < until:
            await asyncio.sleep(0)
            mover = next((i for i in range(2) if latest[i].get("legal")), None)
            if mover is None:
                if any(m.get("status") == "finished" for m in latest[:2]):
                    break
                await asyncio.sleep(0.005)
                continue
            message = latest[mover]
            legal = message["legal"]
            # Recruit while stones last, then negotiate: games of realistic length.
            action = next((a for a in legal if a["type"] in ("recruit", "return")), legal[-1])
            seq = message["seq"] + 1
            event = arrived.setdefault(seq, asyncio.Event())
            start = time.perf_counter()
            latest[mover] = {}
            await seats[mover].send(json.dumps({"type": "act", "id": seq, "action": action,
                                                "expect_seq": message["seq"]}))
            await asyncio.wait_for(event.wait(), timeout=30)
            latencies.append(time.perf_counter() - start)
            actions.append(1)
    finally:
        for task in readers:
            task.cancel()
        for ws in everyone:
            await ws.close()


async def main(args: argparse.Namespace) -> None:
    if args.workers > 1 and args.database != "postgres":
        raise SystemExit("several workers need --database postgres (and Redis)")
    with tempfile.TemporaryDirectory() as tmp:
        extra = {}
        if args.database == "postgres":
            extra["DATABASE_URL"] = os.environ.get("BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
        if args.workers > 1:
            extra["REDIS_URL"] = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
        env = server_env(Path(tmp), **extra)
        servers = [ServerProcess(env, log_path=Path(tmp) / f"server{n}.log") for n in range(args.workers)]
        for server in servers:  # one after another: the first migrates the database
            server.start()
        urls = [server.url for server in servers]
        try:
            base_rss = sum(rss_mib(server.process.pid) for server in servers if server.process)
            async with httpx.AsyncClient(base_url=urls[0], timeout=30) as client:
                tables = [await make_table(client) for _ in range(args.tables)]
            latencies: list[float] = []
            actions: list[int] = []
            start = time.monotonic()
            until = start + args.seconds
            while time.monotonic() < until:
                await asyncio.gather(*(run_table(urls, tid, tokens, key, args.spectators, until, latencies,
                                                 actions) for tid, tokens, key in tables))
                if time.monotonic() < until:  # games ended early: start fresh tables
                    async with httpx.AsyncClient(base_url=urls[0], timeout=30) as client:
                        tables = [await make_table(client) for _ in range(args.tables)]
            elapsed = time.monotonic() - start
            peak_rss = sum(rss_mib(server.process.pid) for server in servers if server.process)
        finally:
            for server in servers:
                server.stop()
    qs = statistics.quantiles(latencies, n=100) if len(latencies) > 2 else [float("nan")] * 99
    print(f"database={args.database} workers={args.workers} tables={args.tables} "
          f"viewers/table={2 + args.spectators} seconds={elapsed:.1f}")
    print(f"actions committed: {len(actions)} ({len(actions) / elapsed:.0f}/s)")
    print(f"act -> every viewer has the new seq: p50 {qs[49] * 1000:.1f} ms, p95 {qs[94] * 1000:.1f} ms, "
          f"p99 {qs[98] * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms")
    print(f"server RSS (all workers): {base_rss:.0f} MiB idle, {peak_rss:.0f} MiB after the run")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--spectators", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--workers", type=int, default=1)
    asyncio.run(main(parser.parse_args()))
