"""What one move's commit costs when it is alone in its batch (issue 20: the load at 100 actions/s), and how much
of it is the fsync: the SQLite writer's ``_write`` is called directly, in its own thread, once with the server's
``synchronous=FULL`` and once with ``OFF`` (no fsync at all), in the steady state where the WAL is written over in
place; and the WAL's growth per commit is read from its size.

    nice -n 10 .venv/bin/python -m bench.commit_fsync [--moves 1000] [--dir /tmp]

CPU is the process's (``time.process_time``; the kernel's share of an fsync included), wall is ``perf_counter``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from datetime import timedelta

from app import commits, held
from app.db import make_engine, migrate, sessionmaker
from app.models import TableRow
from app.settings import async_database_url
from bench.commit_batch import START


async def run(moves: int, folder: str) -> None:
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        url = async_database_url(f"sqlite:///{tmp}/bench.db")
        await migrate(url)
        engine = make_engine(url)
        async with sessionmaker(engine)() as session:
            session.add(TableRow(id="t0", game="hidden-hands", options={}, status="playing", invite_code="i",
                                 spectate_key="s", seed="x", commitment="c", state={}, created_at=START,
                                 updated_at=START))
            await session.commit()
        made = commits.sqlite_writer(engine, asyncio.Lock())
        assert made is not None
        writer = made[0]
        seq = 0

        def move() -> commits.Move:
            nonlocal seq
            seq += 1
            at = START + timedelta(seconds=seq)
            table = held.Table(id="t0", game="hidden-hands", options={}, status="playing", host_seat=0, invite_code="i",
                               spectate_key="s", seed="x", commitment="c", seq=seq, version=seq, state=None,
                               snapshot_seq=0, turn_timer=None, deadline=at, timer_key=f"t0:{seq}",
                               bots_waiting=False, spectators=0, next_table_id=None, spectator_chat=False,
                               created_at=START, updated_at=at)
            return commits.Move(table, seq, [], 0, {"type": "play", "card": seq}, "seat", START, False)

        def measure() -> None:  # in the writer's own thread, where its connection lives
            writer._write([move()])  # opens the connection
            assert writer._connection is not None
            connection = writer._connection
            # Pages a commit writes: the WAL's growth over 100 commits with no checkpoint to restart it.
            connection.execute("PRAGMA wal_autocheckpoint=0")
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            for _ in range(100):
                writer._write([move()])
            pages = os.path.getsize(f"{tmp}/bench.db-wal") / (4096 + 24) / 100  # a frame: a page and a header
            print(f"{pages:.1f} pages written a commit")
            connection.execute("PRAGMA wal_autocheckpoint=1000")  # SQLite's default, the server's
            for sync in ("FULL", "OFF"):
                connection.execute(f"PRAGMA synchronous={sync}")
                for _ in range(moves):  # warm: the WAL is as large as it gets and is written over in place
                    writer._write([move()])
                cpu, wall = time.process_time(), time.perf_counter()
                for _ in range(moves):
                    writer._write([move()])
                cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
                print(f"synchronous={sync}: {1e6 * cpu / moves:.0f} us CPU, {1e6 * wall / moves:.0f} us wall a "
                      "commit")

        await writer.call(measure)
        await writer.close()
        await engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--dir", default=None, help="where the database goes (default: the system's temp folder)")
    args = parser.parse_args()
    asyncio.run(run(args.moves, args.dir))


if __name__ == "__main__":
    main()
