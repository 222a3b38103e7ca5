"""Every table of a database checked against its own log: what `tabletop restore` and `tabletop verify --all` run.

A finished game is replayed from its revealed seed and its result compared (``fairness.replay``, as anyone can do
from the audit). A live table is replayed the same way from its seed (the server holds it, secret until the end) up to
its stored snapshot, which must be exactly the state its seed and log give, and on through the rest of its log, every
action of which must still be legal. So a changed state, deal, seed or move is caught.

A seat's token hash is not derived from anything replayable: a well-formed hash swapped for another is a fact of the
database alone, which no replay can catch (what guards a backup's every row is its signature, ``app.backup``). What
is checked here is that the seat rows hold together: seats numbered 0..n-1, a hash only on a person's seat, always
64 hex digits, never one shared by two seats of a table.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from app import fairness
from app.models import ActionRow, SeatRow, TableRow
from app.settings import Settings
from games.protocol import Game

HASH = re.compile(r"[0-9a-f]{64}")


@dataclass
class Report:
    finished: int = 0  # finished games replayed
    live: int = 0  # live tables replayed
    failures: list[tuple[str, str]] = field(default_factory=list)  # (kind of table, "<table id>: what is wrong")

    def fail(self, kind: str, table_id: str, why: str) -> None:
        self.failures.append((kind, f"{table_id}: {why}"))

    def summary(self) -> str:
        bad = {kind: sum(1 for failed, _ in self.failures if failed == kind) for kind in ("finished", "live")}
        return (f"{self.finished - bad['finished']} of {self.finished} finished games replayed and verified; "
                f"{self.live - bad['live']} of {self.live} live tables replayed to their stored state.")


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def seats_problem(seats: Sequence[SeatRow]) -> str | None:
    """What is wrong with a table's seat rows taken together, or None."""
    if sorted(seat.seat for seat in seats) != list(range(len(seats))):
        return "its seats are not numbered 0 to n-1"
    hashes = [seat.token_hash for seat in seats if seat.token_hash is not None]
    if any(seat.bot is not None and seat.token_hash is not None for seat in seats):
        return "a bot's seat holds a token hash"
    if not all(HASH.fullmatch(value) for value in hashes):
        return "a seat's token hash is not a hash"
    if len(set(hashes)) != len(hashes):
        return "two seats hold the same token hash"
    return None


def live_problem(game: Game[Any], row: TableRow, players: int, actions: Sequence[ActionRow]) -> str | None:
    """What is wrong with a live table: its log must replay from its seed, through its stored snapshot exactly."""
    if row.state is None:
        return "a table in play has no stored state"
    if len(actions) != row.seq:
        return f"the table counts {row.seq} actions but its log holds {len(actions)}"
    if not 0 <= row.snapshot_seq <= row.seq:
        return f"its snapshot is at action {row.snapshot_seq}, outside its log"
    record = {"seed": row.seed, "commitment": row.commitment, "players": players, "options": row.options,
              "actions": [{"seq": a.seq, "seat": a.seat, "action": a.action} for a in actions]}
    try:
        for number, state in enumerate(fairness.each_state(game, record)):
            if number == row.snapshot_seq and not _same(state, row.state):
                return (f"its stored state (after action {number}) is not the state its seed and log give: "
                        f"changed since it was written")
    except fairness.ReplayError as exc:
        return str(exc)
    return None


async def check_all(settings: Settings) -> Report:
    """Replay every finished game and every live table in DATABASE_URL's database."""
    from app.audit import audit
    from app.db import make_engine, sessionmaker
    from app.hub import Hub
    from app.rebuild import load_games
    from app.service import TableService

    engine = make_engine(settings.database_url)
    games = load_games(settings.extra_games)
    service = TableService(settings, sessionmaker(engine), games, Hub())
    report = Report()
    try:
        async with service.reading() as session:
            finished = list((await session.scalars(
                select(TableRow.id).where(TableRow.status == "finished").order_by(TableRow.id))).all())
            live = list((await session.scalars(
                select(TableRow.id).where(TableRow.status == "playing").order_by(TableRow.id))).all())
        for table_id in finished:
            report.finished += 1
            record = await audit(service, table_id)
            game = games.get(record["game"])
            if game is None:
                report.fail("finished", table_id, f"unknown game {record['game']!r}")
                continue
            ok, message, _ = fairness.replay(game, record)
            if not ok:
                report.fail("finished", table_id, message)
        for table_id in live:
            report.live += 1
            # One table at a time, read as stored (not through the service, which would build on the snapshot).
            async with service.reading() as session:
                row = await session.get(TableRow, table_id)
                seats = (await session.scalars(select(SeatRow).where(SeatRow.table_id == table_id))).all()
                actions = (await session.scalars(
                    select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.seq))).all()
            assert row is not None
            game = games.get(row.game)
            why = f"unknown game {row.game!r}" if game is None else (
                seats_problem(seats) or live_problem(game, row, len(seats), actions))
            if why:
                report.fail("live", table_id, why)
        # The seats of finished tables and of lobbies hold together too (a lobby has no state to replay).
        async with service.reading() as session:
            others = (await session.scalars(select(SeatRow).join(TableRow, TableRow.id == SeatRow.table_id)
                                            .where(TableRow.status != "playing"))).all()
        by_table: dict[str, list[SeatRow]] = {}
        for seat in others:
            by_table.setdefault(seat.table_id, []).append(seat)
        for table_id, seats in sorted(by_table.items()):
            why = seats_problem(seats)
            if why:
                report.fail("finished" if table_id in finished else "lobby", table_id, why)
    finally:
        await engine.dispose()
    return report
