"""The audit of a table: its commitment, and once the game has finished its seed and every logged action, so anyone
can replay the game and check that the shuffles were the ones committed to."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from app.models import ActionRow
from app.service import TableService
from app.shield import runs_to_end

# Who made each logged action (its ``source``), as docs/API.md section 7 names them: a person, a bot, the default
# action at a deadline, a standing pass to a window, and (seat null) a window that closes itself.
ACTION_SOURCES = ("seat", "bot", "timer", "auto", "expire")


def source_of(action: ActionRow) -> str:
    """An action's source as the audit names it. Databases written before ``expire`` was logged hold a window's own
    closing (the only seatless action) as ``timer``: it is read as what it was."""
    return "expire" if action.seat is None and action.source == "timer" else action.source


@runs_to_end
async def audit(service: TableService, table_id: str) -> dict[str, Any]:
    async with service.reading() as session:
        row, seats = await service.load(session, table_id)
        actions = (await session.scalars(
            select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.seq))).all()
    finished = row.status == "finished" and row.state is not None
    game = service.game(row.game)
    return {
        "table_id": row.id,
        "game": row.game,
        "status": row.status,
        "players": len(seats),
        "names": [s.name for s in seats],
        "options": row.options,
        "commitment": row.commitment,
        "seed": row.seed if finished else None,
        "actions": [{"seq": a.seq, "seat": a.seat, "action": a.action, "source": source_of(a)} for a in actions]
        if finished else [],
        "result": game.result(row.state) if finished and row.state else None,
    }

