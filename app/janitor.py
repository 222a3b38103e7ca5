"""Tables do not live forever: abandoned lobbies, long-finished games and games nobody plays any more are deleted
on a schedule (times in ``Settings``; the README lists them). Every worker may run this: deleting is idempotent."""

from __future__ import annotations

import asyncio
import logging

from app.service import TableService

log = logging.getLogger(__name__)


async def sweep_forever(service: TableService) -> None:
    while True:
        try:
            removed = await service.expire_tables()
            if removed:
                log.info("expired %d table(s)", removed)
        except Exception:
            log.exception("table expiry failed")
        await asyncio.sleep(service.settings.expiry_interval)
