"""When a table's deadline falls: a pure function of the game state, so every worker computes the same thing."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, overload

from games.protocol import Game, State


def next_deadline(
    game: Game[Any],
    state: State,
    humans: set[int],
    turn_timer: float | None,
    old_key: str | None,
    old_deadline: datetime | None,
    now: datetime,
    *,
    required: Sequence[int] | None = None,
) -> tuple[datetime | None, str | None]:
    """The deadline after a change, and the key saying what it belongs to.

    A game window (a response window, say) has its own length and key: the deadline holds while that window stays
    open. So does a step whose actors are secret (``game.secret_step``), for as long as its key stays. Otherwise the
    table's turn timer runs for the people play is waiting on; it keeps running while a simultaneous step only loses
    seats (a vote filling up), and starts afresh when anyone new must act.
    ``required`` is ``game.required(state)`` when the caller has it already.
    """
    if game.result(state) is not None:
        return None, None
    window = game.window(state)
    if window is not None:
        key = f"w:{window.key}"
        if key == old_key and old_deadline is not None:
            return old_deadline, key
        return now + timedelta(seconds=window.seconds), key
    required = game.required(state) if required is None else required
    step = game.secret_step(state)
    if step is not None:
        # Who has acted in this step is secret: the deadline is set when the step begins and holds, unchanged, until
        # the next step, even once only bots are left to act (its turning null would tell everyone the people are
        # done).
        key = f"s:{step}"
        if key == old_key:
            return old_deadline, key
        starts = bool(turn_timer) and bool(set(required) & humans)
        return (now + timedelta(seconds=turn_timer) if starts and turn_timer else None), key
    if not turn_timer:
        return None, None
    waiting = sorted(set(required) & humans)
    if not waiting:
        return None, None
    key = "t:" + ",".join(map(str, waiting))
    if old_key and old_key.startswith("t:") and old_deadline is not None:
        before = {int(s) for s in old_key[2:].split(",") if s}
        if set(waiting) < before:
            return old_deadline, key
    return now + timedelta(seconds=turn_timer), key


@overload
def aware(stamp: datetime) -> datetime: ...
@overload
def aware(stamp: None) -> None: ...
@overload
def aware(stamp: datetime | None) -> datetime | None: ...


def aware(stamp: datetime | None) -> datetime | None:
    """SQLite hands datetimes back without a zone; everything here is UTC."""
    if stamp is not None and stamp.tzinfo is None:
        return stamp.replace(tzinfo=UTC)
    return stamp


def now() -> datetime:
    return datetime.now(UTC)
