"""When a table's deadline falls: a pure function of the game state, so every worker computes the same thing.

A turn of several actions (a game's ``turn`` hook: Red Scare Redux's four actions) is timed with a bank: each action
gets the table's turn timer T, and the turn as a whole at most ``Turn.actions`` × T. The bank is kept in the timer
key (``|bank:<ms left>:<ms since it runs, or ->:<turn key>``, after the key's own part), so nothing else is stored:
it runs while the turn's player is to act, and holds while a game window or a secret step is open (its key then
carries the bank as it was when the step began, so it never changes with who acts inside the step).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, overload

from app.pace import window_seconds
from games.protocol import Game, State, Turn

BANK = "|bank:"


@dataclass(frozen=True)
class Bank:
    """What is left of a turn's time: ``seconds`` as of ``since`` if it runs, or held (``since`` None)."""

    turn: str
    seconds: float
    since: datetime | None = None

    def text(self) -> str:
        since = "-" if self.since is None else str(round(self.since.timestamp() * 1000))
        return f"{BANK}{round(self.seconds * 1000)}:{since}:{self.turn}"


def read_bank(key: str | None) -> Bank | None:
    """The bank a timer key carries, if any."""
    if not key or BANK not in key:
        return None
    left, since, turn = key.split(BANK, 1)[1].split(":", 2)
    started = None if since == "-" else datetime.fromtimestamp(int(since) / 1000, UTC)
    return Bank(turn, int(left) / 1000, started)


def bank_now(turn: Turn | None, turn_timer: float | None, old_key: str | None, now: datetime) -> Bank | None:
    """The turn's bank as of ``now``, held: a fresh turn's is full; a running one has lost the time since it ran."""
    if turn is None or not turn_timer:
        return None
    old = read_bank(old_key)
    if old is None or old.turn != turn.key:
        return Bank(turn.key, turn_timer * turn.actions)
    spent = (now - old.since).total_seconds() if old.since is not None else 0.0
    return Bank(turn.key, max(0.0, old.seconds - spent))


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
    finished: bool | None = None,
    pace: str = "live",
) -> tuple[datetime | None, str | None]:
    """The deadline after a change, and the key saying what it belongs to.

    A game window (a response window, say) has its own length and key: the deadline holds while that window stays
    open. So does a step whose actors are secret (``game.secret_step``), for as long as its key stays. Otherwise the
    table's turn timer runs for the people play is waiting on; it keeps running while a simultaneous step only loses
    seats (a vote filling up), and starts afresh when anyone new must act. In a turn of several actions (the game's
    ``turn`` hook) it starts afresh after every action, capped by what is left of the turn's bank (module docstring).
    ``required`` is ``game.required(state)``, and ``finished`` whether the game has a result, when the caller has
    them already. At a turn-based ``pace`` a window lasts hours (``app.pace.window_seconds``).
    """
    if (game.result(state) is not None) if finished is None else finished:
        return None, None
    bank = bank_now(game.turn(state) if turn_timer else None, turn_timer, old_key, now)
    held = bank.text() if bank is not None else ""
    window = game.window(state)
    if window is not None:
        key = f"w:{window.key}{held}"
        if key == old_key and old_deadline is not None:
            return old_deadline, key
        seconds = window_seconds(pace, window.seconds, window.turn_based_seconds, turn_timer)
        return now + timedelta(seconds=seconds), key
    required = game.required(state) if required is None else required
    step = game.secret_step(state)
    if step is not None:
        # Who has acted in this step is secret: the deadline is set when the step begins and holds, unchanged, until
        # the next step, even once only bots are left to act (its turning null would tell everyone the people are
        # done).
        key = f"s:{step}{held}"
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
    if bank is not None:
        # Each action of a turn gets the timer afresh, as long as the turn's bank lasts; the bank runs from now.
        running = Bank(bank.turn, bank.seconds, now)
        return now + timedelta(seconds=min(turn_timer, bank.seconds)), key + running.text()
    if old_key and old_key.startswith("t:") and old_deadline is not None:
        before = {int(s) for s in old_key[2:].split(BANK)[0].split(",") if s}
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


def _clock() -> datetime:
    return datetime.now(UTC)


def now() -> datetime:
    """The platform's clock for deadlines and expiry; tests move it (monkeypatch ``_clock``) instead of sleeping."""
    return _clock()
