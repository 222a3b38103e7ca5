"""A table as last committed, held in memory: plain values, and every fact about its state worked out once.

The database rows (``app.models``) are for writing. Everything that reads a table in play (the fan-out, the bots,
the timers, REST) reads a ``Held`` instead: the row's values and seats as plain dataclasses, the state, every seat's
legal list, the result, the seats that must act, and the public facts and views built on first use. It is built once
per committed change (``app.play.settle`` works out the facts as it settles the change) or once per load, and never
changed afterwards: a new change makes a new ``Held``. So no engine call is repeated for the same seq.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from datetime import datetime
from typing import Any, TypeVar

from app.models import SeatRow, TableRow
from app.timing import aware
from app.waits import Waits, waits_of
from games.protocol import Game, State, Viewer


@dataclass(slots=True)
class Table:
    """A table row's values (the same names as ``TableRow``'s columns), detached from any session."""

    id: str
    game: str
    options: dict[str, Any]
    status: str
    host_seat: int
    invite_code: str
    spectate_key: str
    seed: str
    commitment: str
    seq: int
    version: int
    state: dict[str, Any] | None
    snapshot_seq: int
    turn_timer: float | None
    deadline: datetime | None
    timer_key: str | None
    bots_waiting: bool
    spectators: int
    next_table_id: str | None
    spectator_chat: bool
    created_at: datetime
    updated_at: datetime
    pace: str = "live"
    listed_at: datetime | None = None
    guided: bool = False


@dataclass(slots=True)
class Seat:
    """A seat row's values (the same names as ``SeatRow``'s columns)."""

    id: int
    table_id: str
    seat: int
    name: str
    bot: str | None
    token_hash: str | None
    away: bool
    connections: int
    rematch_of: int | None
    window_answer: str | None
    from_list: bool = False


TABLE_FIELDS = tuple(f.name for f in fields(Table))
SEAT_FIELDS = tuple(f.name for f in fields(Seat))

AnySeat = TypeVar("AnySeat", Seat, SeatRow)


def _value(row: Any, name: str) -> Any:
    # SQLite hands datetimes back without their zone: every copy holds them zoned, so copies compare equal.
    value = getattr(row, name)
    return aware(value) if isinstance(value, datetime) else value


def table_of(row: TableRow) -> Table:
    return Table(**{name: _value(row, name) for name in TABLE_FIELDS})


def seat_of_row(row: SeatRow) -> Seat:
    return Seat(**{name: _value(row, name) for name in SEAT_FIELDS})


@dataclass(slots=True)
class Facts:
    """What follows from a table's state, worked out once: every seat's legal list (none once the game is over), the
    result, the seats the game is waiting on, and what every viewer is told it waits on (app/waits.py)."""

    legal: dict[int, list[dict[str, Any]]]
    result: Any
    required: list[int]
    waits: Waits | None = None


NO_FACTS = Facts({}, None, [])  # a lobby: no state yet


def facts_of(game: Game[Any], state: State | None) -> Facts:
    if state is None:
        return NO_FACTS
    result = game.result(state)
    legal = {} if result is not None else {seat: game.legal(state, seat) for seat in range(state["players"])}
    over = result is not None
    required = list(game.required(state, legal, over=over))
    return Facts(legal, result, required, waits_of(game, state, required, over))


@dataclass(slots=True, eq=False)
class Held:
    """A table as last committed. Shared by every reader: never change it, nor anything it holds."""

    table: Table
    seats: list[Seat]
    facts: Facts
    # Built on first use, once per held change: the public facts per (base address, no invite link shown) and each
    # viewer's part of the state message (view, legal list, log lines, result), which no base address changes.
    public: dict[tuple[str, bool], dict[str, Any]] = field(default_factory=dict)
    bodies: dict[Viewer, dict[str, Any]] = field(default_factory=dict)

    def recounted(self) -> Held:
        """A copy whose table and seats may take new presence counts; the state's facts and the viewers' bodies carry
        over, the public facts (which show the counts) are built again."""
        return Held(replace(self.table), [replace(s) for s in self.seats], self.facts, bodies=self.bodies)
