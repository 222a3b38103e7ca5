"""Building the messages a viewer receives. Pure functions: the one place where a state meets a viewer.

Every state a viewer is sent passes through ``state_message``; the game's ``view``, ``legal`` and the redacted log are
the only parts that depend on the game's state, so the leak tests can check this function directly. Presence and
chat messages are built here too, from the public seat and chat rows.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from app.held import Held, Seat, Table
from app.models import ChatRow, SeatRow, TableRow
from app.timing import aware
from app.waits import waits_of
from games.bots import kinds
from games.protocol import Game, State, Viewer, can_take_back
from games.shared_views import SharedViews

LOG_TAIL = 120  # entries sent with each state message; the whole log stays in the table's state
_SEAT_REF = re.compile(r"\{s(\d+)\}")


@functools.lru_cache(maxsize=8192)  # every message repeats the log's recent entries, for every viewer
def fill_names(text: str, names: tuple[str, ...]) -> str:
    """Engines write ``{s2}`` for a seat; people read names."""

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return names[seat] if seat < len(names) else "?"

    return _SEAT_REF.sub(name, text)


@functools.lru_cache(maxsize=65536)  # a line is in every message of the next LOG_TAIL seqs, for every viewer
def log_line(seq: int, text: str, names: tuple[str, ...]) -> dict[str, Any]:
    """One log line as viewers receive it. Shared by every message that carries it: never change it."""
    return {"seq": seq, "text": fill_names(text, names)}


class LogTail:
    """A state's log tail as its viewers receive it, worked out once per state and once per distinct visibility.

    Every viewer reads every public entry, so each viewer's last ``LOG_TAIL`` entries lie within the stretch that
    holds the last ``LOG_TAIL`` public ones; that stretch is found, and its lines made, once per state. A viewer's
    tail then depends only on which of the stretch's private entries it may read (its "signature"): it is the
    stretch's lines less the others, cut by slices, and viewers with the same signature share one list. The result is
    what ``visible_entries`` would give, line for line."""

    __slots__ = ("_entries", "_private", "_lines", "_built")

    def __init__(self, state: State) -> None:
        log: list[dict[str, Any]] = state.get("log", [])
        public = 0
        start = len(log)
        private: list[tuple[int, Any]] = []
        while start > 0 and public < LOG_TAIL:
            start -= 1
            to = log[start].get("to")
            if to is None:
                public += 1
            else:
                private.append((start - len(log), to))  # counted from the end: the stretch's own index below
        self._entries = log[start:]
        self._private = [(index + len(self._entries), to) for index, to in reversed(private)]
        self._lines: dict[tuple[str, ...], list[dict[str, Any]]] = {}  # every line of the stretch, per names
        self._built: dict[tuple[tuple[int, ...], tuple[str, ...]], list[dict[str, Any]]] = {}

    def lines(self, viewer: Viewer, names: tuple[str, ...]) -> list[dict[str, Any]]:
        """The viewer's log lines (shared: never change them)."""
        seen = () if viewer is None or not self._private else tuple(i for i, to in self._private if viewer in to)
        key = (seen, names)
        lines = self._built.get(key)
        if lines is None:
            every = self._lines.get(names)
            if every is None:
                every = self._lines[names] = [log_line(e.get("seq", 0), e["text"], names) for e in self._entries]
            kept: list[dict[str, Any]] = []
            start = 0
            for i, _ in self._private:  # in order: keep what lies between the lines this viewer may not read
                if i not in seen:
                    kept += every[start:i]
                    start = i + 1
            kept += every[start:]
            lines = self._built[key] = kept[-LOG_TAIL:]
        return lines


_tails: SharedViews[LogTail] = SharedViews(LogTail)


def clock() -> datetime:
    return datetime.now(UTC)


@functools.lru_cache(maxsize=1024)  # a table's deadline is written in every viewer's message
def iso(moment: datetime) -> str:
    return moment.isoformat()


def state_message(
    game: Game[Any],
    *,
    status: str,
    seq: int,
    state: State | None,
    viewer: Viewer,
    names: list[str],
    table: dict[str, Any],
    deadline: datetime | None,
    legal: list[dict[str, Any]] | None = None,
    result: Any = ...,
    stamp: str | None = None,
    waits: Any = ...,
) -> dict[str, Any]:
    """The ``state`` message of API.md for one viewer. ``table`` holds the public lobby facts. ``legal``,
    ``result`` and ``waits``, when given, are the viewer's legal list, the game's result and what play waits on
    (app/waits.py), already worked out for ``state``; ``stamp``, the clock as already read."""
    view: dict[str, Any] | None = None
    legal_now: list[dict[str, Any]] = []
    take_back = False
    log: list[dict[str, Any]] = []
    known_result, result = result, None
    if state is not None:
        view = game.view(state, viewer)
        if viewer is not None and status == "playing":
            legal_now = game.legal(state, viewer) if legal is None else legal
            # The platform's action, beside the game's own: bots and game clients pick from ``legal`` only.
            take_back = can_take_back(game, state, viewer)
        log = _tails.of(state).lines(viewer, tuple(names))
        result = game.result(state) if known_result is ... else known_result
    if waits is ...:
        waits = waits_of(game, state, over=result is not None) if status == "playing" else None
    you_name = names[viewer] if viewer is not None and viewer < len(names) else "Spectator"
    return {
        "type": "state",
        "seq": seq,
        "status": status,
        "game": game.id,
        "you": {"seat": viewer, "name": you_name},
        "view": view,
        "legal": legal_now,
        "take_back": take_back,
        "log": log,
        "result": result,
        "deadline": iso(deadline) if deadline and status == "playing" else None,
        "waits": waits if status == "playing" else None,  # the same for every viewer (app/waits.py)
        "now": clock().isoformat() if stamp is None else stamp,  # a client with a wrong clock still counts down right
        "table": table,
    }


def message_for(game: Game[Any], held: Held, viewer: Viewer, base: str, stamp: str | None = None) -> dict[str, Any]:
    """The state message of the held table for one viewer. Its part that depends on the state is built once per
    viewer and held change (``Held.bodies``); the public facts once per base address and kind of viewer; only the
    clock is new in each (``stamp``: the clock as read once for a whole fan-out)."""
    if stamp is None:
        stamp = clock().isoformat()
    body = held.bodies.get(viewer)
    if body is None:
        table = held.table
        body = held.bodies[viewer] = state_message(
            game, status=table.status, seq=table.seq, state=table.state, viewer=viewer,
            names=[s.name for s in held.seats], table={}, deadline=aware(table.deadline),
            legal=held.facts.legal.get(viewer, []) if viewer is not None else None, result=held.facts.result,
            stamp=stamp, waits=held.facts.waits)
    message = dict(body)
    message["now"] = stamp
    message["table"] = public_facts(game, held, viewer, base)
    return message


def message_at(game: Game[Any], held: Held, viewer: Viewer, base: str, state: State, seq: int) -> dict[str, Any]:
    """The state message of an earlier seq than the held one (a worker catching up on seqs committed elsewhere
    replays them, so every viewer still gets one message per seq)."""
    status = held.table.status
    if status == "finished" and game.result(state) is None:
        status = "playing"  # an intermediate seq of a finished game
    return state_message(game, status=status, seq=seq, state=state, viewer=viewer,
                         names=[s.name for s in held.seats], table=public_facts(game, held, viewer, base),
                         deadline=None)


def public_facts(game: Game[Any], held: Held, viewer: Viewer, base: str) -> dict[str, Any]:
    """The table's public facts for a seat or a spectator (who gets no invite link), once per held change. They differ
    only in the invite link, so a seat not shown it shares the spectators' copy."""
    key = (base, not invite_shown(held.table, held.seats, viewer))
    facts = held.public.get(key)
    if facts is None:
        facts = held.public[key] = table_facts(game, held.table, held.seats, viewer, base)
    return facts


def chat_public(chat: ChatRow) -> dict[str, Any]:
    return {"type": "chat", "id": chat.id, "channel": chat.channel.split(":")[0], "seat": chat.seat,
            "name": chat.name, "text": chat.text, "at": aware(chat.created_at).isoformat(), "kind": chat.kind}


def seat_public(seat: Seat | SeatRow) -> dict[str, Any]:
    return {"seat": seat.seat, "name": seat.name, "bot": seat.bot is not None, "bot_kind": seat.bot,
            "connected": seat.bot is not None or seat.connections > 0, "away": seat.away}


def presence_message(row: Table, seats: list[Seat]) -> dict[str, Any]:
    return {"type": "presence", "seats": [seat_public(s) for s in seats], "spectators": row.spectators}


def invite_shown(row: Table | TableRow, seats: Sequence[Seat | SeatRow], viewer: Viewer) -> bool:
    """Whether ``viewer`` is shown the invite link: a seat, in the lobby, unless it was taken from the public list of
    open tables (its person never had the code, and keeps none to come back with once removed) and is not the host's."""
    if viewer is None or row.status != "lobby":
        return False
    mine = next((s for s in seats if s.seat == viewer), None)
    return mine is not None and (not mine.from_list or mine.seat == row.host_seat)


def table_facts(game: Game[Any], row: Table | TableRow, seats: Sequence[Seat | SeatRow], viewer: Viewer,
                base: str) -> dict[str, Any]:
    """The table's public facts in every state message (``table``); only seats get the invite link, in the lobby
    (``invite_shown``)."""
    teams = public_teams(game, row)
    return {
        "table_id": row.id,
        "seats": [seat_public(s) for s in seats],
        "host_seat": row.host_seat,
        "spectators": row.spectators,
        "commitment": row.commitment,
        "seed": row.seed if row.status == "finished" and row.state is not None else None,
        "invite_url": f"{base}/t/{row.id}?invite={row.invite_code}" if invite_shown(row, seats, viewer) else None,
        "listed": row.listed_at is not None,
        "spectate_url": f"{base}/t/{row.id}/watch?key={row.spectate_key}",
        "next_table_id": row.next_table_id,
        "spectator_chat": row.spectator_chat,
        "guided": row.guided,
        "bot_kinds": kinds(game),
        "teams": None if teams is None else {str(k): v for k, v in teams.items()},
        "turn_timer": row.turn_timer,
        "pace": row.pace,
        "options": row.options,
        "min_players": game.min_players,
        "max_players": game.max_players,
    }


def table_summary(game: Game[Any], row: Table, seats: Sequence[Seat]) -> dict[str, Any]:
    """A table's public facts as REST gives them (``GET /api/tables/{id}``)."""
    return {"table_id": row.id, "game": row.game, "status": row.status, "seats": [seat_public(s) for s in seats],
            "options": row.options, "host_seat": row.host_seat, "spectators": row.spectators,
            "turn_timer": row.turn_timer, "pace": row.pace, "commitment": row.commitment, "seq": row.seq,
            "next_table_id": row.next_table_id, "spectator_chat": row.spectator_chat,
            "listed": row.listed_at is not None, "guided": row.guided, "min_players": game.min_players,
            "max_players": game.max_players}


def public_teams(game: Game[Any], row: Table | TableRow) -> dict[int, str] | None:
    """The game's public teams once it has started; None for a game without teams or a lobby."""
    if game.teams is None or row.state is None:
        return None
    return game.teams(row.state)
