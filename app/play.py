"""One change to a table held in memory, and everything that follows from it for viewers: the new state and seq,
the acting seat's away flag, the deadline, who plays next. Pure: no database; the service commits what this made."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from app.models import SeatRow, TableRow
from app.seats import Actor, seat_row
from app.timing import aware, next_deadline, now
from games.protocol import Game, apply_checked, apply_logged


def play(game: Game[Any], row: TableRow, seats: list[SeatRow], who: Actor | None, action: Any,
         source: str) -> int | None:
    """Apply one action to a table held in memory, with everything that follows from it for viewers: the new state
    and seq, the acting seat's away flag, the deadline, who plays next. Returns the seat that acted (None: an
    expiry). Raises ``IllegalAction`` and then changes nothing. The standing side-channel test drives this directly.
    """
    assert row.state is not None
    if who is None:
        new_state, seat, actor = apply_logged(game, row.state, None, action), None, None
    else:
        actor = seat_row(seats, who)
        seat = actor.seat
        new_state = apply_checked(game, row.state, seat, action)
    # In a step whose actors are secret, a timed-out seat is not marked away: that would tell everyone who had not
    # acted yet. Elsewhere it tells the host whom to hand to a bot.
    secret_step = game.secret_step(row.state) is not None
    row.state = new_state
    row.seq = new_state["seq"]
    if actor is not None and source == "seat":
        actor.away = False
    elif actor is not None and source == "timer" and actor.bot is None and not secret_step:
        actor.away = True
    settle(game, row, seats)
    return seat


def settle(game: Game[Any], row: TableRow, seats: list[SeatRow]) -> None:
    """Recompute what follows from a table's new state: deadline, bots waiting, finished."""
    assert row.state is not None
    stamp = now()
    humans = {s.seat for s in seats if s.bot is None}
    # Every seat's legal list, once per change: the deadline, the bots and each viewer's message all need them.
    finished = game.result(row.state) is not None
    row.legal_lists = legal_lists(game, row.state)
    required = game.required(row.state, row.legal_lists)
    row.deadline, row.timer_key = next_deadline(
        game, row.state, humans, row.turn_timer, row.timer_key, aware(row.deadline), stamp, required=required)
    # Only bots play must wait for; optional moves are offered to bots after every change anyway.
    bots = {s.seat for s in seats if s.bot is not None}
    row.bots_waiting = bool(bots & set(required))
    if finished:
        row.status = "finished"
        row.deadline = None
        row.bots_waiting = False
    row.updated_at = stamp


def due_snapshot(row: TableRow, every: int) -> bool:
    """Whether this change writes the state itself: every ``every`` actions, and always at the end (a finished
    table is read whole, by its result and its audit, and never rebuilt)."""
    return row.status == "finished" or row.seq - row.snapshot_seq >= every


def rebuild(game: Game[Any], state: dict[str, Any], entries: Iterable[tuple[int | None, Any]]) -> dict[str, Any]:
    """The state after replaying logged ``(seat, action)`` entries on ``state`` (a snapshot, or a state held in
    memory): how a table is read back after a restart, and how other workers follow its log."""
    for seat, action in entries:
        state = apply_logged(game, state, seat, action)
    return state


def legal_lists(game: Game[Any], state: dict[str, Any]) -> dict[int, list[dict[str, Any]]]:
    """Every seat's legal list (none once the game is over)."""
    if game.result(state) is not None:
        return {}
    return {seat: game.legal(state, seat) for seat in range(state["players"])}


def copy_row(row: TableRow) -> TableRow:
    """A detached copy of a table's row to change in memory, leaving the shared one as it is (with the legal lists
    computed for its state, if it has them: ``settle`` replaces them whenever the state changes)."""
    copy = TableRow(**{column.key: getattr(row, column.key) for column in TableRow.__table__.columns})
    lists = getattr(row, "legal_lists", None)
    if lists is not None:
        copy.legal_lists = lists
    return copy


def copy_seat(seat: SeatRow) -> SeatRow:
    return SeatRow(**{column.key: getattr(seat, column.key) for column in SeatRow.__table__.columns})
