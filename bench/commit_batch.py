"""CPU per move of the group commit (``app.commits``) at batch sizes 1, 10 and 100, on a SQLite file.

    nice -n 10 .venv/bin/python -m bench.commit_batch             # the working tree's app/commits.py
    nice -n 10 .venv/bin/python -m bench.commit_batch --rev aa10145  # app/commits.py as of that commit
    nice -n 10 .venv/bin/python -m bench.commit_batch --session      # the SQLAlchemy session path on SQLite too

CPU is the whole process's (``time.process_time``: the event loop and aiosqlite's thread together), per move, from
the first statement of a batch to its commit; the moves are built beforehand. Every move bumps a table's play
columns and logs its action; one in 50 also writes a snapshot of the state, as the server does by default.
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import tempfile
import time
import types
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from app.db import make_engine, migrate, sessionmaker
from app.models import SeatRow, TableRow
from app.settings import async_database_url

ROOT = Path(__file__).resolve().parent.parent
SIZES = (1, 10, 100)
MOVES = 3000  # per size
TABLES = 100
START = datetime(2026, 12, 3, 20, 0, tzinfo=UTC)


@dataclass
class Table:
    id: str
    seq: int
    status: str
    deadline: datetime | None
    timer_key: str | None
    bots_waiting: bool
    updated_at: datetime
    state: dict[str, Any] | None
    snapshot_seq: int


def commits_module(rev: str | None) -> types.ModuleType:
    if rev is None:
        import app.commits
        return app.commits
    source = subprocess.run(["git", "show", f"{rev}:app/commits.py"], cwd=ROOT, check=True, capture_output=True,
                            text=True).stdout
    module = types.ModuleType(f"commits_{rev}")
    sys.modules[module.__name__] = module  # dataclasses look their module up
    exec(compile(source, f"{rev}:app/commits.py", "exec"), module.__dict__)
    return module


async def run(rev: str | None, via_session: bool = False) -> dict[int, float]:
    commits = commits_module(rev)
    with tempfile.TemporaryDirectory() as tmp:
        url = async_database_url(f"sqlite:///{tmp}/bench.db")
        await migrate(url)
        engine = make_engine(url)
        sessions = sessionmaker(engine)
        async with sessions() as session:
            for n in range(TABLES):
                session.add(TableRow(id=f"t{n:04d}", game="hidden-hands", options={}, status="playing",
                                     invite_code="i", spectate_key="s", seed="x", commitment="c", state={},
                                     created_at=START, updated_at=START))
            await session.flush()
            session.add_all([SeatRow(table_id=f"t{n:04d}", seat=s, name=f"p{s}")
                             for n in range(TABLES) for s in (0, 1)])
            await session.commit()
        versions = {f"t{n:04d}": 1 for n in range(TABLES)}
        seqs = dict.fromkeys(versions, 0)
        # The server's way on a SQLite file: its own connection in its own thread (SqliteWriter), where it exists.
        direct = getattr(commits, "sqlite_writer", None)
        writer = None if via_session or direct is None else direct(engine, asyncio.Lock())
        committer = commits.Committer(sessions, *([writer] if writer else []))  # older revisions take one argument
        state = {"hands": [[n, n + 1, n + 2] for n in range(4)], "pile": list(range(30)), "turn": 2}
        out = {}
        for size in SIZES:
            cpu = 0.0
            for _ in range(MOVES // size):
                moves = []
                for n in range(size):
                    table_id = f"t{n:04d}"
                    seqs[table_id] += 1
                    seq = seqs[table_id]
                    snapshot = seq % 50 == 0
                    table = Table(table_id, seq, "playing", START + timedelta(seconds=seq), f"{table_id}:{seq}",
                                  False, START + timedelta(seconds=seq), state if snapshot else None,
                                  seq if snapshot else 0)
                    moves.append(commits.Move(table, versions[table_id], [], 0, {"type": "play", "card": seq},
                                              "seat", START, snapshot))
                    versions[table_id] += 1
                began = time.process_time()
                written = await asyncio.gather(*(committer.commit(move) for move in moves))
                cpu += time.process_time() - began
                assert all(written)
            out[size] = cpu / (MOVES // size * size) * 1e6
        if hasattr(committer, "close"):
            await committer.close()
        await engine.dispose()
        return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rev", help="take app/commits.py from this git revision instead of the working tree")
    parser.add_argument("--session", action="store_true", help="commit through a SQLAlchemy session on SQLite too")
    args = parser.parse_args()
    figures = asyncio.run(run(args.rev, args.session))
    label = (args.rev or "working tree") + (" (session path)" if args.session else "")
    print(f"{label}: " + ", ".join(f"batch {size}: {us:.0f} µs CPU/move" for size, us in figures.items()))


if __name__ == "__main__":
    main()
