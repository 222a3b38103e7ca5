"""Standing answers to game windows at turn-based tables: a turn-based game never waits hours on a window nobody
knows about.

At a turn-based table a response window lasts hours (``app.pace.window_seconds``). Each seat keeps a standing answer
on the server (``SeatRow.window_answer``): "respond" (wait for me) or "pass" (answer for me); none is "pass". The
game's ``auto_answers`` hook names the seats an open window asks, from public facts only, each with its one constant
answer (a pass, a continue). For every seat whose standing answer is "pass" (and every bot: a bot never passes a
window early by itself), the platform plays that answer ``Window.seconds`` (the window's live length) after the
window opened: the same answer after the same delay whatever the seat holds, so nothing public changes with a hand.
The seats a window still waits on after that (standing answer "respond", or no constant answer for them) are told
"You may react" in Your tables and by push, in the same words whatever they hold. Live tables are left as they were:
there the page's own auto-pass and auto-continue switches do this.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from app.held import Held, Table
from app.models import TableRow
from app.pace import TURN_BASED, window_seconds
from app.timing import aware
from games.protocol import Action, Game, Seat, Window

RESPOND = "respond"
PASS = "pass"
ANSWERS = (RESPOND, PASS)
DEFAULT = PASS  # a seat that never chose: a turn-based game must not wait on a window nobody knows about


def standing(answer: str | None) -> str:
    """A seat's standing answer, its default filled in."""
    return answer if answer in ANSWERS else DEFAULT


def window_open(table: Table | TableRow) -> bool:
    """Whether a turn-based table in play has a game window open, as its timer key says (no engine call)."""
    return table.pace == TURN_BASED and table.status == "playing" and (table.timer_key or "").startswith("w:")


def _open_window(game: Game[Any], table: Table | TableRow) -> Window | None:
    """The window the platform may answer for: at a turn-based table in play, one that can be answered (not one
    that closes itself), of a game that names its answers."""
    if (table.pace != TURN_BASED or table.status != "playing" or table.state is None or game.auto_answers is None):
        return None
    window = game.window(table.state)
    return None if window is None or window.closes_itself else window


def auto_at(game: Game[Any], table: Table | TableRow) -> datetime | None:
    """When the open window's standing passes are due: ``Window.seconds`` after it opened. Its opening is read off
    its deadline, which is set once when the window opens and holds while it stays open (app/timing.py)."""
    window = _open_window(game, table)
    deadline = aware(table.deadline)
    if window is None or deadline is None or not (table.timer_key or "").startswith("w:"):
        return None
    length = window_seconds(table.pace, window.seconds, window.turn_based_seconds, table.turn_timer)
    return deadline - timedelta(seconds=length) + timedelta(seconds=min(window.seconds, length))


def answers_due(game: Game[Any], held: Held, at: datetime) -> list[tuple[Seat, Action]]:
    """The answers to play for the open window as of ``at``: each seat it asks whose standing answer is "pass" (or
    a bot) and whose constant answer is still in its legal list (in a step whose actors are secret, one that has
    answered already has none: that changes nothing public, since the platform then plays nothing for it)."""
    when = auto_at(game, held.table)
    if when is None or when > at:
        return []
    assert game.auto_answers is not None and held.table.state is not None
    answers = game.auto_answers(held.table.state)
    due: list[tuple[Seat, Action]] = []
    for seat in held.seats:
        action = answers.get(seat.seat)
        if action is None or (seat.bot is None and standing(seat.window_answer) != PASS):
            continue
        if action in held.facts.legal.get(seat.seat, []):
            due.append((seat.seat, action))
    return due


def may_react(game: Game[Any], held: Held) -> frozenset[Seat]:
    """The people the open window waits on: the seats it asks (public) that answer it themselves ("respond") or
    have no constant answer. Each may learn only its own membership, and it depends on nothing they hold."""
    window = _open_window(game, held.table)
    if window is None:
        return frozenset()
    assert game.auto_answers is not None and held.table.state is not None
    answers = game.auto_answers(held.table.state)
    return frozenset(seat.seat for seat in held.seats if seat.bot is None and seat.seat in answers
                     and (answers[seat.seat] is None or standing(seat.window_answer) == RESPOND))

