"""Load benchmark: many Turncoats tables played at once over websockets against a real server process.

Each table has two human seats (driven here, acting as soon as it is their turn) and some spectators. We measure
the time from sending an action to the moment every viewer of that table holds the new seq (fan-out latency), the
actions committed per second, and the server's memory. Traffic stays on 127.0.0.1 and the run stops by itself.

Run: python -m bench.load [--tables 20] [--spectators 3] [--seconds 30] [--database sqlite|postgres]
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


async def run_table(url: str, tid: str, tokens: list[str], key: str, spectators: int, until: float,
                    latencies: list[float], actions: list[int]) -> None:
    ws_base = url.replace("http", "ws") + f"/ws/tables/{tid}"
    seats = [await websockets.connect(f"{ws_base}?token={t}", max_size=2**22) for t in tokens]
    watchers = [await websockets.connect(f"{ws_base}?spectate={key}", max_size=2**22) for _ in range(spectators)]
    everyone = seats + watchers
    latest: list[dict] = [{} for _ in everyone]

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
    with tempfile.TemporaryDirectory() as tmp:
        extra = {}
        if args.database == "postgres":
            extra["DATABASE_URL"] = os.environ.get("BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
        server = ServerProcess(server_env(Path(tmp), **extra), log_path=Path(tmp) / "server.log")
        server.start()
        assert server.process is not None
        try:
            base_rss = rss_mib(server.process.pid)
            async with httpx.AsyncClient(base_url=server.url, timeout=30) as client:
                tables = [await make_table(client) for _ in range(args.tables)]
            latencies: list[float] = []
            actions: list[int] = []
            start = time.monotonic()
            until = start + args.seconds
            while time.monotonic() < until:
                await asyncio.gather(*(run_table(server.url, tid, tokens, key, args.spectators, until, latencies,
                                                 actions) for tid, tokens, key in tables))
                if time.monotonic() < until:  # games ended early: start fresh tables
                    async with httpx.AsyncClient(base_url=server.url, timeout=30) as client:
                        tables = [await make_table(client) for _ in range(args.tables)]
            elapsed = time.monotonic() - start
            peak_rss = rss_mib(server.process.pid)
        finally:
            server.stop()
    qs = statistics.quantiles(latencies, n=100) if len(latencies) > 2 else [float("nan")] * 99
    print(f"database={args.database} tables={args.tables} viewers/table={2 + args.spectators} "
          f"seconds={elapsed:.1f}")
    print(f"actions committed: {len(actions)} ({len(actions) / elapsed:.0f}/s)")
    print(f"act -> every viewer has the new seq: p50 {qs[49] * 1000:.1f} ms, p95 {qs[94] * 1000:.1f} ms, "
          f"p99 {qs[98] * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms")
    print(f"server RSS: {base_rss:.0f} MiB idle, {peak_rss:.0f} MiB after the run")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--spectators", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    asyncio.run(main(parser.parse_args()))
