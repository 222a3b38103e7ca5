"""Building the messages a viewer receives. Pure functions: the one place where a state meets a viewer.

Every state a viewer is sent passes through ``state_message``; the game's ``view``, ``legal`` and the redacted log are
the only parts that depend on the game's state, so the leak tests can check this function directly. Presence and
chat messages are built here too, from the public seat and chat rows.
"""

from __future__ import annotations

import functools
import re
from datetime import UTC, datetime
from typing import Any

from app.models import ChatRow, SeatRow, TableRow
from app.timing import aware
from games.bots import kinds
from games.protocol import Game, State, Viewer, visible_entries

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


def clock() -> datetime:
    return datetime.now(UTC)


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
) -> dict[str, Any]:
    """The ``state`` message of API.md for one viewer. ``table`` holds the public lobby facts."""
    view: dict[str, Any] | None = None
    legal_now: list[dict[str, Any]] = []
    log: list[dict[str, Any]] = []
    result = None
    if state is not None:
        view = game.view(state, viewer)
        if viewer is not None and status == "playing":
            legal_now = game.legal(state, viewer) if legal is None else legal
        seat_names = tuple(names)
        log = [log_line(entry.get("seq", 0), entry["text"], seat_names)
               for entry in visible_entries(state, viewer, LOG_TAIL)]
        result = game.result(state)
    you_name = names[viewer] if viewer is not None and viewer < len(names) else "Spectator"
    return {
        "type": "state",
        "seq": seq,
        "status": status,
        "game": game.id,
        "you": {"seat": viewer, "name": you_name},
        "view": view,
        "legal": legal_now,
        "log": log,
        "result": result,
        "deadline": deadline.isoformat() if deadline and status == "playing" else None,
        "now": clock().isoformat(),  # lets a client with a wrong clock still count down correctly
        "table": table,
    }


def chat_public(chat: ChatRow) -> dict[str, Any]:
    return {"type": "chat", "id": chat.id, "channel": chat.channel.split(":")[0], "seat": chat.seat,
            "name": chat.name, "text": chat.text, "at": aware(chat.created_at).isoformat(), "kind": chat.kind}


def seat_public(seat: SeatRow) -> dict[str, Any]:
    return {"seat": seat.seat, "name": seat.name, "bot": seat.bot is not None, "bot_kind": seat.bot,
            "connected": seat.bot is not None or seat.connections > 0, "away": seat.away}


def presence_message(row: TableRow, seats: list[SeatRow]) -> dict[str, Any]:
    return {"type": "presence", "seats": [seat_public(s) for s in seats], "spectators": row.spectators}


def table_facts(game: Game[Any], row: TableRow, seats: list[SeatRow], viewer: Viewer, base: str) -> dict[str, Any]:
    """The table's public facts in every state message (``table``); only seats get the invite link, in the lobby."""
    teams = public_teams(game, row)
    return {
        "table_id": row.id,
        "seats": [seat_public(s) for s in seats],
        "host_seat": row.host_seat,
        "spectators": row.spectators,
        "commitment": row.commitment,
        "seed": row.seed if row.status == "finished" and row.state is not None else None,
        "invite_url": f"{base}/t/{row.id}?invite={row.invite_code}"
        if viewer is not None and row.status == "lobby" else None,
        "spectate_url": f"{base}/t/{row.id}/watch?key={row.spectate_key}",
        "next_table_id": row.next_table_id,
        "spectator_chat": row.spectator_chat,
        "bot_kinds": kinds(game),
        "teams": None if teams is None else {str(k): v for k, v in teams.items()},
        "turn_timer": row.turn_timer,
        "options": row.options,
        "min_players": game.min_players,
        "max_players": game.max_players,
    }


def public_teams(game: Game[Any], row: TableRow) -> dict[int, str] | None:
    """The game's public teams once it has started; None for a game without teams or a lobby."""
    if game.teams is None or row.state is None:
        return None
    return game.teams(row.state)
