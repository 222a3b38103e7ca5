"""The standing-answer route's work (``GET``/``POST /api/tables/{table_id}/window-answer``): read and keep a seat's
standing answer to game windows at a turn-based table (app/windows.py says what the answer does)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy import update

from app.errors import ApiError
from app.held import Seat, Table
from app.models import SeatRow
from app.pace import TURN_BASED
from app.seats import Holder, seat_row
from app.service import TableService
from app.windows import ANSWERS, standing


async def read_answer(service: TableService, table_id: str, who: Holder) -> dict[str, Any]:
    """The caller's standing answer, as the route gives it."""
    row, seats = await service.snapshot(table_id)
    return _answer_body(row, seat_row(seats, who))


async def set_answer(service: TableService, table_id: str, who: Holder, answer: Any) -> dict[str, Any]:
    """Keep the caller's standing answer. Nothing public changes: no seq, no state message. Every worker forgets its
    copy of the table and looks at it (a pass now due is played at once)."""
    if answer not in ANSWERS:
        raise ApiError(422, "bad_answer", 'A standing answer is "respond" (wait for me) or "pass" (pass for me).')
    row, seats = await service.snapshot(table_id, fresh=True)
    seat = seat_row(seats, who)
    if row.pace != TURN_BASED:
        raise ApiError(409, "not_turn_based", "Standing answers are for turn-based tables; at a live table a window "
                                              "lasts seconds, and the table page's own switch passes for you.")
    async with service.writing() as session:
        await session.execute(update(SeatRow).where(SeatRow.id == seat.id).values(window_answer=answer))
        await session.commit()
    service.forget(table_id)
    await service.announce(table_id, {"kind": "answers"})
    return _answer_body(row, replace(seat, window_answer=answer))


def _answer_body(row: Table, seat: Seat) -> dict[str, Any]:
    return {"answer": standing(seat.window_answer), "chosen": seat.window_answer in ANSWERS,
            "turn_based": row.pace == TURN_BASED}
