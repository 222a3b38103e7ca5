"""One change to a table held in memory, and everything that follows from it for viewers: the new state and seq,
the acting seat's away flag, the deadline, who plays next. Pure: no database; the service commits what this made."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from app.held import Facts, Seat, Table, facts_of
from app.models import SeatRow, TableRow
from app.seats import Actor, seat_row
from app.timing import aware, next_deadline, now
from games.protocol import Game, apply_checked, apply_logged


def play(game: Game[Any], table: Table, seats: list[Seat], who: Actor | None, action: Any,
         source: str, facts: Facts | None = None) -> tuple[int | None, Facts]:
    """Apply one action to a copy of a held table, with everything that follows from it for viewers: the new state
    and seq, the acting seat's away flag, the deadline, who plays next. Returns the seat that acted (None: an
    expiry) and the new state's facts. Raises ``IllegalAction`` and then changes nothing. The standing side-channel
    test drives this directly. ``table`` is changed in place (the caller's copy); a seat whose away flag changes is
    replaced in ``seats`` by a changed copy, so the held seats are never touched. ``facts``: the held state's, so
    the acting seat's legal list is not worked out again.
    """
    assert table.state is not None
    if who is None:
        new_state, seat, actor = apply_logged(game, table.state, None, action), None, None
    else:
        actor = seat_row(seats, who)
        seat = actor.seat
        known = None if facts is None or facts.result is not None else facts.legal.get(seat, [])
        new_state = apply_checked(game, table.state, seat, action, known)
    # In a step whose actors are secret, a timed-out seat is not marked away: that would tell everyone who had not
    # acted yet. Elsewhere it tells the host whom to hand to a bot.
    secret_step = game.secret_step(table.state) is not None
    table.state = new_state
    table.seq = new_state["seq"]
    if actor is not None:
        away = actor.away
        if source == "seat":
            away = False
        elif source == "timer" and actor.bot is None and not secret_step:
            away = True
        if away != actor.away:
            seats[seats.index(actor)] = replace(actor, away=away)
    return seat, settle(game, table, seats)


def settle(game: Game[Any], row: Table | TableRow, seats: Sequence[Seat | SeatRow]) -> Facts:
    """Recompute what follows from a table's new state: deadline, bots waiting, finished. Returns the state's facts
    (every seat's legal list, the result, who must act), worked out once here for everyone who reads the change."""
    assert row.state is not None
    stamp = now()
    humans = {s.seat for s in seats if s.bot is None}
    facts = facts_of(game, row.state)
    finished = facts.result is not None
    row.deadline, row.timer_key = next_deadline(
        game, row.state, humans, row.turn_timer, row.timer_key, aware(row.deadline), stamp,
        required=facts.required, finished=finished, pace=row.pace)
    # Only bots play must wait for; optional moves are offered to bots after every change anyway.
    bots = {s.seat for s in seats if s.bot is not None}
    row.bots_waiting = bool(bots & set(facts.required))
    if finished:
        row.status = "finished"
        row.deadline = None
        row.bots_waiting = False
    row.updated_at = stamp
    return facts


def due_snapshot(row: Table, every: int) -> bool:
    """Whether this change writes the state itself: every ``every`` actions, and always at the end (a finished
    table is read whole, by its result and its audit, and never rebuilt)."""
    return row.status == "finished" or row.seq - row.snapshot_seq >= every


def rebuild(game: Game[Any], state: dict[str, Any], entries: Iterable[tuple[int | None, Any]]) -> dict[str, Any]:
    """The state after replaying logged ``(seat, action)`` entries on ``state`` (a snapshot, or a state held in
    memory): how a table is read back after a restart, and how other workers follow its log."""
    for seat, action in entries:
        state = apply_logged(game, state, seat, action)
    return state
