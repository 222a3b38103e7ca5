"""Expiry: tables do not live forever. Abandoned lobbies, long-finished games and games nobody plays any more are
deleted on a schedule (times in ``Settings``; the README lists them), with everything of theirs, and every worker is
told. Every worker may run the sweep: deleting is idempotent."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import Any

from sqlalchemy import and_, delete, or_, select

from app.models import (
    AccountSeatRow,
    ActionRow,
    ChatRow,
    InvitationRow,
    MoveLinkRow,
    PushSubscriptionRow,
    SeatLinkRow,
    SeatRow,
    TableRow,
)
from app.pace import TURN_BASED
from app.service import TableService
from app.settings import Settings
from app.shield import runs_to_end
from app.timing import now

log = logging.getLogger(__name__)


@runs_to_end
async def expire_tables(service: TableService, settings: Settings) -> int:
    """Delete lobbies nobody touched, games finished long ago and games left unplayed (``Settings``' TTLs), with
    their seats, actions and chat. Returns how many tables went."""
    stamp = now()
    cfg = settings

    def older(hours: float) -> Any:
        return TableRow.updated_at < stamp - timedelta(hours=hours)

    # Idle expiry follows the pace: a turn-based lobby waits longer for friends to join, and a turn-based game is
    # never deleted while a deadline runs (its default move will come, and with it the next change).
    live, turn_based = TableRow.pace != TURN_BASED, TableRow.pace == TURN_BASED
    due = or_(and_(TableRow.status == "lobby", live, older(cfg.lobby_ttl_hours)),
              and_(TableRow.status == "lobby", turn_based, older(cfg.turn_based_lobby_ttl_hours)),
              and_(TableRow.status == "finished", older(cfg.finished_ttl_hours)),
              and_(TableRow.status == "playing", older(cfg.idle_ttl_hours),
                   or_(live, TableRow.deadline.is_(None))))
    async with service.writing() as session:
        ids = list((await session.scalars(select(TableRow.id).where(due))).all())
        if ids:
            # explicit: not every database enforces the cascade. Invitations go with their lobby and with the seats
            # they are addressed to.
            await session.execute(delete(InvitationRow).where(or_(
                InvitationRow.table_id.in_(ids),
                InvitationRow.seat_id.in_(select(SeatRow.id).where(SeatRow.table_id.in_(ids))))))
            for model in (AccountSeatRow, ActionRow, ChatRow, PushSubscriptionRow, SeatLinkRow, SeatRow):
                await session.execute(delete(model).where(model.table_id.in_(ids)))
            await session.execute(delete(TableRow).where(TableRow.id.in_(ids))
                                  .execution_options(synchronize_session=False))
        # Move links that lapsed unused still hold their credentials, sealed: they go too.
        await session.execute(delete(MoveLinkRow).where(MoveLinkRow.expires_at < stamp)
                              .execution_options(synchronize_session=False))
        await session.commit()
    for table_id in ids:
        service.drop(table_id)
        # Every worker hears it: its held copy and schedule entry go, its open sockets close with 4410. One that
        # fails (the bus is down) costs that table's announcement only; the others find it missing when they look.
        try:
            await service.announce(table_id, {"kind": "gone"})
        except Exception as exc:
            log.warning("could not announce that table %s expired: %s", table_id, exc)
    return len(ids)



async def sweep_forever(service: TableService, settings: Settings) -> None:
    while True:
        try:
            removed = await expire_tables(service, settings)
            if removed:
                log.info("expired %d table(s)", removed)
        except Exception:
            log.exception("table expiry failed")
        await asyncio.sleep(settings.expiry_interval)
