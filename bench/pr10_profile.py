"""CPU per action of a 10-seat Patriots & Redcoats table (or any game, ``--game turncoats --seats 5``), measured
in-process (issue 20), with no load generator.

The app runs its real lifespan on a fresh SQLite file; tables are made, joined and started through the lobby; every
seat of every table is connected as a websocket viewer would be (``Connection`` through ``LiveHub.join``, counted in
presence), on a stand-in socket that only counts what it is sent. Then each table plays random legal actions the
way load.js does (the first seat in seat order with a legal move acts, on the newest seq), all tables at once, so the
group commit batches moves as under load. The tables are made and connected before the measured phase; a table whose
game ends stops there (load.js's ``--on-finish drop``).

With ``--transport`` each seat is instead a real websocket as far as the server can tell: uvicorn's websocket
protocol (the one ``tabletop serve`` runs) on a stand-in transport, opened by a handshake and sent masked client
frames; the acting seat sends its ``act`` frame and waits for its ``ack``, and the server reads, decodes, frames and
writes everything as it would (only the kernel's socket calls are missing).

It prints the process CPU (all threads, as the load benchmark's figure) per action of the acting phase, and, with
``--profile``, a cProfile of the event loop's thread over that phase: cumulative and own time.

usage (from the project root):

  PYTHONPATH=$PWD nice -n 10 .venv/bin/python -m bench.pr10_profile [--tables 20] [--actions 600] [--profile]

CPU time moves with whatever else the box runs; instructions do not. To count them over the acting phase only:

  PYTHONPATH=$PWD nice -n 10 valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/tmp/cg.%p \
      .venv/bin/python -m bench.pr10_profile --actions 400 --callgrind   # then: "Collected" / actions
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import os
import pstats
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson


class Socket:
    """A websocket that only counts what it is sent."""

    def __init__(self) -> None:
        self.frames = 0
        self.bytes = 0

    async def send_text(self, text: str) -> None:
        self.frames += 1
        self.bytes += len(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        return None


class Transport(asyncio.Transport):
    """What uvicorn's websocket protocol writes to: counted, and read just enough to see a seat's state and ack."""

    def __init__(self, port: int) -> None:
        super().__init__()
        self.port = port
        self.frames = 0
        self.bytes = 0
        self.closing = False
        self.states = 0
        self.ack: asyncio.Future[None] | None = None

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", self.port), "sockname": ("127.0.0.1", 8000)}.get(name, default)

    def write(self, data: bytes | bytearray | memoryview) -> None:
        data = bytes(data)
        self.frames += 1
        self.bytes += len(data)
        head = data[:24]  # a frame's header, then the start of its JSON text
        # ``find``, not ``in``: bytes' ``in`` first tries its operand as an int and builds a TypeError to drop, the
        # one cost here that showed among the server's (about 1 % of a lone action's instructions).
        if head.find(b'{"type":"ack"') >= 0 and self.ack is not None and not self.ack.done():
            self.ack.set_result(None)
        elif head.find(b'{"type":"state"') >= 0:
            self.states += 1

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def pause_reading(self) -> None:
        return None

    def resume_reading(self) -> None:
        return None

    def get_write_buffer_size(self) -> int:
        return 0


def client_frame(text: str) -> bytes:
    from websockets.frames import Frame, Opcode

    return Frame(Opcode.TEXT, text.encode()).serialize(mask=True)


class Bench:
    def __init__(self, app: Any, game: str, seats: int, rand: random.Random, config: Any = None,
                 patches: bool = False) -> None:
        self.patches = patches  # seats take patches after their first state, as the browser's client does
        self.app = app
        self.game = game
        self.seats = seats
        self.rand = rand
        self.config = config  # uvicorn's, with --transport
        self.sockets: list[Socket | Transport] = []
        self.ports = iter(range(20_000, 60_000))
        self.actions = 0
        self.finished = 0

    async def table(self) -> tuple[str, list[Any], list[Any]]:
        """A started table with every seat connected: its id, each seat's holder and connection."""
        from app.live import Connection

        state = self.app.state
        row, token, _ = await state.lobby.create(self.game, "host", None, None)
        tokens = [token]
        for p in range(1, self.seats):
            _, joined, _ = await state.lobby.join(row.id, f"p{p}", row.invite_code)
            tokens.append(joined)
        holders = [(await state.service.viewer(row.id, t, None)).holder for t in tokens]
        await state.lobby.start(row.id, holders[0])
        if self.config is not None:
            return row.id, holders, [await self.open(row.id, token) for token in tokens]
        conns: list[Any] = []
        for holder in holders:
            socket = Socket()
            self.sockets.append(socket)
            conn = Connection(socket, holder, None, "http://127.0.0.1:8000",  # type: ignore[arg-type]
                              patches=self.patches)
            state.live.admit(row.id, conn)
            await state.presence.change(row.id, holder, +1)
            await state.live.join(row.id, conn)
            conns.append(conn)
        return row.id, holders, conns

    async def open(self, table_id: str, token: str) -> Any:
        """A seat's websocket through uvicorn's protocol, once its opening state has been written."""
        from uvicorn.server import ServerState

        from app.transport import CountedWebSocketProtocol

        if not hasattr(self, "server_state"):
            self.server_state = ServerState()
        protocol = CountedWebSocketProtocol(config=self.config, server_state=self.server_state, app_state={})
        transport = Transport(next(self.ports))
        self.sockets.append(transport)
        protocol.connection_made(transport)
        protocol.data_received(
            # As uvicorn's HTTP protocol hands an upgrade on: the request rebuilt with its header names in lower case.
            f"GET /ws/tables/{table_id}?token={token} HTTP/1.1\r\nhost: 127.0.0.1:8000\r\nupgrade: websocket\r\n"
            "connection: Upgrade\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\nsec-websocket-version: 13\r\n\r\n"
            .encode())
        while not transport.states:
            await asyncio.sleep(0.01)
        return protocol

    async def play(self, table: tuple[str, list[Any], list[Any]], count: int) -> None:
        """Play up to ``count`` actions on one table (fewer when its game ends)."""
        service = self.app.state.service
        table_id, holders, conns = table
        for _ in range(count):
            held = await service.held(table_id)
            if held.table.status != "playing":
                self.finished += 1
                break
            seat = next(s for s in range(self.seats) if held.facts.legal.get(s))
            action = self.rand.choice(held.facts.legal[seat])
            if self.config is not None:
                transport = conns[seat].transport
                transport.ack = asyncio.get_running_loop().create_future()
                conns[seat].data_received(client_frame(orjson.dumps(
                    {"type": "act", "id": self.actions, "action": action, "expect_seq": held.table.seq}).decode()))
                await transport.ack
            else:
                seq = await service.act(table_id, holders[seat], action, held.table.seq)
                conns[seat].push({"type": "ack", "id": self.actions, "seq": seq})  # as app/stream.py answers
            self.actions += 1
            await asyncio.sleep(0)  # let the writers send, as between two frames of a real client

    async def leave(self, table_id: str, holders: list[Any], conns: list[Any]) -> None:
        state = self.app.state
        if self.config is not None:
            for protocol in conns:
                protocol.connection_lost(None)  # the client went away: the server's handler ends the connection
            await asyncio.sleep(0.1)
            return
        for holder, conn in zip(holders, conns, strict=True):
            await conn.stop()
            state.live.leave(table_id, conn)
            await state.presence.change(table_id, holder, -1)


def callgrind(switch: str) -> None:
    """Turn valgrind's instrumentation on or off in this process (run under ``valgrind --tool=callgrind
    --instr-atstart=no``): instructions counted over the acting phase only, a figure other work on the box does not
    move."""
    subprocess.run(["callgrind_control", "-i", switch, str(os.getpid())], check=True, capture_output=True)


async def run(args: argparse.Namespace) -> None:
    from app import fairness
    from app.main import create_app
    from app.settings import Settings

    # The same deals in every run (the seeds of a fairness check, drawn from --seed), so two runs play the same games.
    seeds = random.Random(args.seed)
    fairness.new_seed = lambda: seeds.randbytes(32).hex()

    with tempfile.TemporaryDirectory(prefix="pr10-profile-") as tmp:
        os.environ["DATABASE_URL"] = f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}"
        settings = Settings.from_env()
        app = create_app(settings)
        config = None
        if args.transport:
            import uvicorn

            from app.transport import CountedWebSocketProtocol

            # As app/cli.py starts it (no proxy is named, so no proxy-header middleware), without a socket, and
            # without keepalive pings: the stand-in clients never answer one, so a run slower than the ping timeout
            # (under valgrind on a busy box) had every connection closed mid-run and hung; and pings cost time, not
            # actions, so counted in they made the instructions an action move with the run's length.
            config = uvicorn.Config(app, ws=CountedWebSocketProtocol, ws_max_size=settings.max_frame_bytes,
                                    ws_ping_interval=None, lifespan="off", proxy_headers=False,
                                    log_level="warning")
            config.load()
        async with app.router.lifespan_context(app):
            bench = Bench(app, args.game, args.seats, random.Random(args.seed), config, args.patches)
            # Warm-up: first-use imports and caches, and the group commit's first batches.
            warm = [await bench.table() for _ in range(2)]
            await asyncio.gather(*(bench.play(table, 10) for table in warm))
            for table in warm:
                await bench.leave(*table)
            tables = [await bench.table() for _ in range(args.tables)]
            await asyncio.sleep(0.5)  # the openings sent
            bench.actions = bench.finished = 0
            for s in bench.sockets:
                s.frames = s.bytes = 0
            per_table = args.actions // args.tables
            profile = cProfile.Profile() if args.profile else None
            wall, cpu = time.perf_counter(), time.process_time()
            if args.callgrind:
                # Under valgrind the phase takes minutes of wall time rather than about a second, and the turn pushes'
                # "no subscription here" answer (app.push, kept KNOWN_S seconds) would run out and be read again for
                # every table, again and again: a cost of the wall clock, not of the actions. Kept for the phase, as
                # in a run at full speed.
                from app import push

                push.KNOWN_S = float("inf")
                callgrind("on")
            if profile is not None:
                profile.enable()
            await asyncio.gather(*(bench.play(table, per_table) for table in tables))
            if profile is not None:
                profile.disable()
            if args.callgrind:
                callgrind("off")
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    frames = sum(s.frames for s in bench.sockets)
    sent = sum(s.bytes for s in bench.sockets)
    n = bench.actions
    print(f"{n} actions on {args.tables} tables of {args.seats} seats ({bench.finished} games ended early): "
          f"CPU {1000 * cpu / n:.3f} ms per action, wall {1000 * wall / n:.3f} ms; "
          f"{frames / n:.2f} frames and {sent / n / 1000:.1f} KB sent per action"
          + (" (profiled: CPU inflated)" if profile else ""))
    if profile is not None:
        for order in ("cumulative", "tottime"):
            out = io.StringIO()
            pstats.Stats(profile, stream=out).strip_dirs().sort_stats(order).print_stats(args.top)
            print(out.getvalue())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=20, help="tables playing at once")
    parser.add_argument("--game", default="patriots-and-redcoats", help="the game's id, e.g. turncoats")
    parser.add_argument("--seats", type=int, default=10)
    parser.add_argument("--actions", type=int, default=600, help="actions in all, split over the tables")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="print cProfile's top lists of the acting phase")
    parser.add_argument("--top", type=int, default=40, help="rows of each profile list")
    parser.add_argument("--callgrind", action="store_true", help="under callgrind: count the acting phase only")
    parser.add_argument("--patches", action="store_true",
                        help="seats take patches after their first state (as browsers do); not with --transport")
    parser.add_argument("--transport", action="store_true",
                        help="seats on uvicorn's websocket protocol (a stand-in transport) rather than the live layer")
    args = parser.parse_args()
    os.environ.setdefault("LOG_LEVEL", "warning")
    os.environ.setdefault("BOT_DELAY", "0")
    sys.setrecursionlimit(10_000)
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
