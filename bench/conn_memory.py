"""Memory per idle websocket (issues 20, 39): what 1,000 idle viewers cost the server, and where it goes.

The server (bench/conn_memory_server.py, i.e. ``tabletop serve`` plus two signal hooks) runs in a subprocess on a
fresh SQLite file. This process creates the tables by REST (Turncoats, 5 seats, joined by invite, started; 16
requests at a time, as the anchor harness) and holds the websockets itself, so the client's memory never lands in
the server's numbers. Readings:

  start  the server just up, nothing asked of it but GET /api/games (the anchor harness's baseline)
  0      after a warm-up table (made, joined, started, its 5 seats connected once): first-use imports and caches
  A      tables created and started, no websocket open
  M      one seat per table connected (each table's first viewer: the live table, its cached state, its hub
         subscription)
  B      every seat connected (the other four: the marginal cost of one more viewer)

RSS comes from /proc, 400 ms after each step and without a collection, as the anchor harness reads it
(``--collect``: after a full collection instead), in runs without tracemalloc, whose own bookkeeping would swamp it;
``rss_kb_per_conn_as_anchor`` is (B - start) / connections, the harness's ``kb_per_conn_connected_gc``. The
allocation breakdown comes from a further run with tracemalloc on (started at ``start``; readings after a full
collection). For the harness's own figure alone, see bench/anchor_idle_memory.sh. usage:

  nice -n 10 .venv/bin/python -m bench.conn_memory [--tables 200] [--seats 5] [--frames 10] [--rss-runs 1]
                                                   [--collect] [--deflate] [--out FILE.json]
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Server:
    def __init__(self, workdir: Path, frames: int) -> None:
        self.port = free_port()
        self.dump = workdir / "snapshot"
        env = {**os.environ, "DATABASE_URL": f"sqlite+aiosqlite:///{workdir}/bench.db", "LOG_LEVEL": "warning",
               "CONN_MEMORY_TRACE": str(frames), "CONN_MEMORY_DUMP": str(self.dump)}
        self.log = open(workdir / "server.log", "w")  # noqa: SIM115 (closed in stop)
        self.proc = subprocess.Popen([sys.executable, "-m", "bench.conn_memory_server", "--port", str(self.port)],
                                     cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.base}/api/games", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None:
                raise RuntimeError("server exited at start:\n" + (self.dump.parent / "server.log").read_text())
            time.sleep(0.2)
        raise RuntimeError("server did not start")

    def reading(self, collect: bool = True) -> tuple[int, tracemalloc.Snapshot | None]:
        """RSS after a full collection, and the tracemalloc snapshot when tracing; or (collect=False) RSS as the
        anchor harness reads it: 400 ms after the step, no collection."""
        if not collect:
            time.sleep(0.4)
            return rss_kb(self.proc.pid), None
        self.dump.unlink(missing_ok=True)
        self.proc.send_signal(signal.SIGUSR1)
        while not self.dump.exists():
            time.sleep(0.05)
        time.sleep(0.3)
        snapshot = tracemalloc.Snapshot.load(str(self.dump)) if self.dump.stat().st_size else None
        return rss_kb(self.proc.pid), snapshot

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()
        lines = (self.dump.parent / "server.log").read_text().splitlines()
        errors = [i for i, line in enumerate(lines) if "ERROR" in line]
        if errors:
            print(f"server log: {len(errors)} errors; the first:", *lines[errors[0]:errors[0] + 40], sep="\n  ",
                  file=sys.stderr)


def make_table(base: str, seats: int, k: int) -> tuple[str, list[str]]:
    with httpx.Client(base_url=base, timeout=120) as http:  # a traced server on a busy box is slow
        made = http.post("/api/tables", json={"game": "turncoats", "name": f"h{k}"}).raise_for_status().json()
        url = urlparse(made["invite_url"])
        code = parse_qs(url.query).get("invite", [url.path.rstrip("/").split("/")[-1]])[0]
        tokens = [made["token"]]
        for p in range(1, seats):
            joined = http.post(f"/api/tables/{made['table_id']}/join", json={"name": f"p{k}s{p}", "invite": code})
            tokens.append(joined.raise_for_status().json()["token"])
        http.post(f"/api/tables/{made['table_id']}/start",
                  headers={"Authorization": f"Bearer {made['token']}"}).raise_for_status()
        return made["table_id"], tokens


DEFLATE = False  # --deflate: offer permessage-deflate, as browsers do


async def open_viewer(base: str, table_id: str, token: str) -> ClientConnection:
    ws = await connect(f"{base.replace('http', 'ws')}/ws/tables/{table_id}?token={token}",
                       compression="deflate" if DEFLATE else None,
                       max_size=None, open_timeout=60)
    while json.loads(await ws.recv()).get("type") != "state":
        pass
    return ws


async def open_all(base: str, pairs: list[tuple[str, str]], held: list[ClientConnection], batch: int = 100) -> None:
    for i in range(0, len(pairs), batch):
        held.extend(await asyncio.gather(*(open_viewer(base, t, tok) for t, tok in pairs[i:i + batch])))


@functools.cache
def package(filename: str) -> str:
    """Who owns an allocation site: ours (app/…, games/…, bench/…), a site package, or the standard library."""
    if filename.startswith("<"):
        return filename  # generated code (a dataclass's __init__): the caller's frame says whose it is
    path = Path(filename)
    try:
        rel = path.resolve().relative_to(ROOT)
        if rel.parts[0] != ".venv":
            return f"ours:{rel.parts[0]}/{rel.name}"
    except ValueError:
        pass
    parts = path.parts
    if "site-packages" in parts:
        return parts[parts.index("site-packages") + 1].split(".")[0]
    for i, p in enumerate(parts):
        if p.startswith("python3"):
            return "stdlib:" + "/".join(parts[i + 1:i + 2]).removesuffix(".py")
    return filename


@functools.cache
def ours(filename: str) -> bool:
    """A frame in the app or the games (the launcher and app/cli.py only start uvicorn, which allocates the rest)."""
    owner = package(filename)
    return owner.startswith(("ours:app/", "ours:games/")) and owner != "ours:app/cli.py"


def grouped(snapshot: tracemalloc.Snapshot) -> dict[str, Counter[str]]:
    """Bytes by the allocating file's owner, by the innermost line of ours on the stack, and by our traceback."""
    by_owner: Counter[str] = Counter()
    by_site: Counter[str] = Counter()
    by_our_line: Counter[str] = Counter()
    by_our_stack: Counter[str] = Counter()
    snapshot = snapshot.filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
    for trace in snapshot.traces:
        frames = list(trace.traceback)  # oldest first
        by_owner[package(frames[-1].filename)] += trace.size
        by_site[f"{package(frames[-1].filename)}:{os.path.basename(frames[-1].filename)}:{frames[-1].lineno}"] += \
            trace.size
        mine = [f for f in frames if ours(f.filename)]
        line = f"{package(mine[-1].filename)}:{mine[-1].lineno}" if mine else "(no frame of ours)"
        by_our_line[line] += trace.size
        stack = " < ".join(f"{os.path.basename(f.filename)}:{f.lineno}" for f in reversed(frames[-6:]))
        by_our_stack[f"{line} | {stack}"] += trace.size
    return {"owner": by_owner, "site": by_site, "our_line": by_our_line, "stack": by_our_stack}


def delta(after: dict[str, Counter[str]], before: dict[str, Counter[str]], per: int, top: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for kind in after:
        keys = set(after[kind]) | set(before[kind])
        diffs = {k: (after[kind][k] - before[kind][k]) / per for k in keys}
        ranked = sorted(diffs.items(), key=lambda kv: -abs(kv[1]))[:top]
        out[kind] = [(k, round(v)) for k, v in ranked if abs(v) >= 8]
    return out


def run(args: argparse.Namespace, frames: int) -> dict[str, Any]:
    collect = frames > 0 or args.collect
    with tempfile.TemporaryDirectory(prefix="conn-memory-") as tmp:
        server = Server(Path(tmp), frames)
        try:
            readings: dict[str, tuple[int, tracemalloc.Snapshot | None]] = {"start": server.reading(collect)}
            asyncio.run(open_all(server.base, [(t, tok) for t, toks in [make_table(server.base, args.seats, -1)]
                                               for tok in toks], []))  # warm-up: first-use imports and caches
            readings["0"] = server.reading(collect)
            with ThreadPoolExecutor(16) as pool:  # the anchor's 16 requests at a time
                tables = list(pool.map(lambda k: make_table(server.base, args.seats, k), range(args.tables)))
            held: list[ClientConnection] = []

            async def body() -> None:
                readings["A"] = server.reading(collect)
                await open_all(server.base, [(t, toks[0]) for t, toks in tables], held)
                readings["M"] = server.reading(collect)
                await open_all(server.base, [(t, tok) for t, toks in tables for tok in toks[1:]], held)
                await asyncio.sleep(0.5)
                readings["B"] = server.reading(collect)
                await asyncio.gather(*(ws.close() for ws in held))

            asyncio.run(body())
        finally:
            server.stop()
    n_all, n_first = args.tables * args.seats, args.tables
    n_more = n_all - n_first
    rss = {k: v[0] for k, v in readings.items()}
    result: dict[str, Any] = {
        "frames": frames, "collected_before_readings": collect, "connections": n_all,
        "rss_kb": rss,
        "rss_kb_per_conn": round((rss["B"] - rss["A"]) / n_all, 2),
        "rss_kb_per_first_conn_of_table": round((rss["M"] - rss["A"]) / n_first, 2),
        "rss_kb_per_further_conn": round((rss["B"] - rss["M"]) / n_more, 2),
        "rss_kb_per_table_by_rest": round((rss["A"] - rss["0"]) / n_first, 2),
        "rss_kb_warm_up": rss["0"] - rss["start"],
        # The anchor benchmark's figure: from before any table existed, so the tables' own memory and whatever the
        # first requests load are shared out over the connections.
        "rss_kb_per_conn_with_tables": round((rss["B"] - rss["0"]) / n_all, 2),
        "rss_kb_per_conn_as_anchor": round((rss["B"] - rss["start"]) / n_all, 2),
    }
    snaps = {k: v[1] for k, v in readings.items()}
    if all(s is not None for s in snaps.values()):
        g = {k: grouped(s) for k, s in snaps.items() if s is not None}
        total = {k: sum(g[k]["owner"].values()) for k in g}
        result["traced_bytes_per_conn"] = round((total["B"] - total["A"]) / n_all)
        result["traced_bytes_per_first_conn_of_table"] = round((total["M"] - total["A"]) / n_first)
        result["traced_bytes_per_further_conn"] = round((total["B"] - total["M"]) / n_more)
        result["traced_bytes_per_table_by_rest"] = round((total["A"] - total["0"]) / n_first)
        result["traced_bytes_warm_up"] = total["0"] - total["start"]
        result["all_conns_A_to_B"] = delta(g["B"], g["A"], n_all, args.top)
        result["tables_0_to_A_per_table"] = delta(g["A"], g["0"], n_first, args.top)
        result["first_conns_A_to_M"] = delta(g["M"], g["A"], n_first, args.top)
        result["further_conns_M_to_B"] = delta(g["B"], g["M"], n_more, args.top)
        result["warm_up_start_to_0"] = delta(g["0"], g["start"], 1, args.top)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seats", type=int, default=5)
    parser.add_argument("--frames", type=int, default=10, help="tracemalloc frames (0: skip the traced run)")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--deflate", action="store_true", help="clients offer permessage-deflate, as browsers do")
    parser.add_argument("--collect", action="store_true",
                        help="full collection before each RSS reading (default: none, as the anchor harness)")
    parser.add_argument("--rss-runs", type=int, default=1, help="untraced runs (each on a fresh server)")
    parser.add_argument("--out", help="write the results as JSON here too")
    args = parser.parse_args()
    global DEFLATE
    DEFLATE = args.deflate
    results: dict[str, Any] = {"rss_runs": [run(args, 0) for _ in range(args.rss_runs)]}
    if args.frames > 0:
        results["traced_run"] = run(args, args.frames)
    text = json.dumps(results, indent=1)
    print(text)
    if args.out:
        Path(args.out).write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
