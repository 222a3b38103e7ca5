"""Your tables: every table this browser holds a seat or a spectator link at, in one request (the credentials in
its body, never its address), with the public facts a list needs: the game, the players, the status, whose move it
is and the deadline. A table that is gone, or whose credential no longer works, is named so the page drops it."""

from __future__ import annotations

from typing import Any

from app.errors import ApiError
from app.held import Held
from app.invitations import Invitations, recent_people
from app.pace import TURN_BASED
from app.seats import same_secret, seat_for_token
from app.service import TableService
from app.timing import aware
from app.turns import due_seats, public_waiting
from app.windows import may_react, standing

MAX_TABLES = 100  # one browser's list; more is refused, not cut


def entry(service: TableService, held: Held, seat: int | None) -> dict[str, Any]:
    table = held.table
    game = service.game(table.game)
    names = [s.name for s in held.seats]
    waiting = public_waiting(held.facts)
    deadline = aware(table.deadline) if table.status == "playing" else None
    mine = next((s for s in held.seats if s.seat == seat), None)
    return {
        "table_id": table.id,
        "game": game.id,
        "title": game.title,
        "status": table.status,
        "pace": table.pace,
        "turn_timer": table.turn_timer,
        "seat": seat,
        "players": [{"seat": s.seat, "name": s.name, "bot": s.bot is not None} for s in held.seats],
        "host": names[table.host_seat] if table.host_seat < len(names) else None,
        "host_seat": table.host_seat,  # names may repeat: the page tells the host by seat
        "your_move": seat is not None and table.status == "playing" and seat in due_seats(game, table.state,
                                                                                          held.facts),
        # A game window waits on this seat (app/windows.py): said alike whatever the seat holds.
        "may_react": seat is not None and seat in may_react(game, held),
        "window_answer": standing(mine.window_answer)
        if mine is not None and table.pace == TURN_BASED and game.auto_answers is not None else None,
        "waiting_on": None if waiting is None else [names[s] for s in waiting if s < len(names)],
        "deadline": deadline.isoformat() if deadline is not None else None,
        "updated_at": aware(table.updated_at).isoformat(),
        "next_table_id": table.next_table_id,
    }


async def your_tables(service: TableService, asked: list[tuple[str, str | None, str | None]],
                      invitations: Invitations | None = None,
                      extra: list[tuple[str, str | None, str | None]] | None = None) -> dict[str, Any]:
    """``asked``: (table id, seat token, spectator key) each. Your move first, then the most recently changed. With
    ``invitations``, also the open invitations to the seats found and the people played with at them. ``extra``: more
    of the same kind that the server holds for the caller (a signed-in account's), beyond the request's own limit."""
    if len(asked) > MAX_TABLES:
        raise ApiError(422, "bad_request", f"At most {MAX_TABLES} tables in one request.")
    asked = asked + (extra or [])
    found: list[dict[str, Any]] = []
    gone: list[str] = []
    seat_ids: dict[int, str] = {}  # the seat rows found -> their tables: what invitations are addressed to
    for table_id, token, spectate in asked:
        held = await service.held_or_none(table_id)
        if held is None:
            gone.append(table_id)
            continue
        if token:
            seat = seat_for_token(held.seats, token)
            if seat is None:
                held = await service.held_again(table_id)  # taken a moment ago through another worker?
                seat = seat_for_token(held.seats, token)
            if seat is None:
                gone.append(table_id)  # the seat went (left, removed): nothing of the table is told
                continue
            found.append(entry(service, held, seat.seat))
            seat_ids[seat.id] = table_id
        elif spectate and same_secret(spectate, held.table.spectate_key):
            found.append(entry(service, held, None))
        else:
            gone.append(table_id)
    found.sort(key=lambda t: t["updated_at"], reverse=True)
    found.sort(key=lambda t: not (t["your_move"] or t["may_react"]))  # stable: newest first within each
    listed: dict[str, Any] = {"tables": found, "gone": gone}
    if invitations is not None:
        listed["invitations"] = await invitations.addressed_to(seat_ids)
        listed["people"] = recent_people(found)
    return listed
