"""A table's pace, chosen at creation: ``live`` (everyone at the table at once; turn timers of seconds or minutes,
and the games' response windows keep their seconds) or ``turn-based`` (each person moves when they can, over days:
a time per move of an hour to three days, and response windows of hours)."""

from __future__ import annotations

from app.errors import ApiError

LIVE = "live"
TURN_BASED = "turn-based"
PACES = (LIVE, TURN_BASED)

LIVE_TIMER_S = (5.0, 3600.0)  # a live table's turn timer, when it has one
MOVE_TIME_S = (3600.0, 3 * 86400.0)  # a turn-based table's time per move: an hour to three days
DEFAULT_MOVE_TIME_S = 86400.0  # a turn-based table created without a time per move: a day
# A game window (a response window) at a turn-based table, unless the game's window names its own turn-based length:
# half a day, and never longer than the time per move (a window is a short pause inside a move's time).
WINDOW_S = 12 * 3600.0


def check(pace: str, turn_timer: float | None) -> float | None:
    """The turn timer a new table gets at ``pace``; refuses a pace or time outside the ranges above."""
    if pace not in PACES:
        raise ApiError(422, "invalid_options", f"The pace must be one of: {', '.join(PACES)}.")
    if pace == LIVE:
        low, high = LIVE_TIMER_S
        if turn_timer is not None and not low <= turn_timer <= high:
            raise ApiError(422, "invalid_options", "The turn timer must be between 5 and 3600 seconds, or none.")
        return turn_timer
    if turn_timer is None:
        return DEFAULT_MOVE_TIME_S
    low, high = MOVE_TIME_S
    if not low <= turn_timer <= high:
        raise ApiError(422, "invalid_options", "A turn-based table's time per move must be between 3600 seconds "
                                               "(an hour) and 259200 seconds (three days).")
    return turn_timer


def window_seconds(pace: str, seconds: float, turn_based_seconds: float | None, turn_timer: float | None) -> float:
    """How long a game window stays open at a table of ``pace``: its own seconds at a live table; at a turn-based
    one, the game's turn-based length if it names one, else ``WINDOW_S`` capped at the time per move."""
    if pace != TURN_BASED:
        return seconds
    if turn_based_seconds is not None:
        return turn_based_seconds
    return min(WINDOW_S, turn_timer) if turn_timer else WINDOW_S
