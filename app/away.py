"""While you were away: what a seat last saw, what the timer played for it since, and when each seq happened.

What a seat has seen is kept on its seat row (``seen_seq``, ``seen_at``), so every device holding the seat shares it.
The page reports the seq it has shown once the tab is visible (``POST …/seen``); on opening a table it asks first
what was seen before (``GET …/away``), to mark the log's new lines and say what was played for the seat meanwhile.
These are the seat's own facts and go only to its holder, never to another seat or a spectator. Writing them is a
plain UPDATE of one seat row: it takes neither the table's version guard nor the hub, so no viewer is sent anything
and the table's seqs do not move.

When each seq happened is public: every live viewer saw it arrive. ``GET …/times`` gives the commit time of the
recent seqs, so a log line can say "3 h ago" without any time in the per-seq messages.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from typing import Any

from sqlalchemy import case, select, update

from app.errors import ApiError
from app.models import ActionRow, SeatRow
from app.seats import Holder
from app.service import TableService
from app.timing import aware, now

TIMES_MAX = 500  # seqs in one answer: well beyond the log tail a state message carries

# What the timer plays for a seat, as people count it: (one, several) per action type. Any other type is a "move".
NOUNS: dict[str, dict[str, tuple[str, str]]] = {
    "patriots-and-redcoats": {
        "vote": ("vote", "votes"), "nominate": ("nomination", "nominations"), "discard": ("discard", "discards"),
        "place": ("placement", "placements"), "spy": ("spy choice", "spy choices"), "pass": ("pass", "passes"),
        "continue": ("continue", "continues"), "confirm": ("confirmation", "confirmations"),
    },
    "raiding-parties": {
        "play": ("card played", "cards played"), "pass": ("pass", "passes"), "end": ("turn ended", "turns ended"),
        "attack": ("attack", "attacks"), "decline": ("decline", "declines"), "stand": ("stand", "stands"),
        "party": ("party choice", "party choices"),
    },
    "red-scare-redux": {
        "draw": ("draw", "draws"), "discard": ("discard", "discards"), "give": ("card given", "cards given"),
        "take": ("card taken", "cards taken"), "redraw": ("redraw", "redraws"), "end_turn": ("turn ended",
                                                                                          "turns ended"),
        "continue": ("continue", "continues"),
    },
    "turncoats": {
        "march": ("march", "marches"), "recruit": ("recruit", "recruits"), "battle": ("battle", "battles"),
        "negotiate": ("negotiation", "negotiations"), "return": ("return", "returns"),
    },
}
MOVE = ("move", "moves")


def played_for_you(game_id: str, types: list[str]) -> str | None:
    """The personal line for the action types the timer played for a seat (in the order played), most first:
    "Time ran out: 4 draws and 4 discards were played for you"; None when there were none."""
    if not types:
        return None
    nouns = NOUNS.get(game_id, {})
    counts: Counter[tuple[str, str]] = Counter(nouns.get(kind, MOVE) for kind in types)
    # Most first; a tie in the order they were first played (a Counter keeps that order, and sorted is stable).
    parts = [f"{n} {plural if n != 1 else one}" for (one, plural), n in sorted(counts.items(), key=lambda i: -i[1])]
    said = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"
    verb = "was" if len(types) == 1 else "were"
    return f"Time ran out: {said} {verb} played for you."


def _stamp(moment: datetime | None) -> str | None:
    stamped = aware(moment)
    return None if stamped is None else stamped.isoformat()


async def away(service: TableService, table_id: str, who: Holder) -> dict[str, Any]:
    """The seat's marker (what it last saw, on any device) and what the timer played for it since then."""
    held = await service.held(table_id)
    seat = next((s for s in held.seats if s.id == who.seat_id), None)
    if seat is None:
        raise ApiError(401, "bad_token", "That seat token is not valid for this table.")
    async with service.sessions() as session:
        row = (await session.execute(select(SeatRow.seen_seq, SeatRow.seen_at)
                                     .where(SeatRow.id == who.seat_id))).one_or_none()
        if row is None:
            raise ApiError(401, "bad_token", "That seat token is not valid for this table.")
        seen_seq, seen_at = row
        actions = (await session.execute(
            select(ActionRow.action).where(ActionRow.table_id == table_id, ActionRow.seq > seen_seq,
                                           ActionRow.seat == seat.seat, ActionRow.source == "timer")
            .order_by(ActionRow.seq))).scalars().all()
    types = [str(a.get("type", "")) if isinstance(a, dict) else "" for a in actions]
    counts = Counter(types)
    return {
        "seen_seq": seen_seq,
        "seen_at": _stamp(seen_at),
        "seq": held.table.seq,
        "played_for_you": None if not types else {
            "counts": dict(sorted(counts.items())), "text": played_for_you(held.table.game, types)},
    }


async def mark_seen(service: TableService, table_id: str, who: Holder, seq: int) -> dict[str, Any]:
    """The seat has shown ``seq``: remember it (never going back: another device may have shown a later one)."""
    held = await service.held(table_id)
    if seq > held.table.seq:
        held = await service.held(table_id, fresh=True)  # committed through another worker a moment ago
    if not 0 <= seq <= held.table.seq:
        raise ApiError(422, "bad_seq", f"seq must be a seq this table has reached (0 to {held.table.seq}).")
    if not any(s.id == who.seat_id for s in held.seats):
        raise ApiError(401, "bad_token", "That seat token is not valid for this table.")
    at = now()
    async with service.writing() as session:
        await session.execute(
            update(SeatRow).where(SeatRow.id == who.seat_id)
            .values(seen_seq=case((SeatRow.seen_seq < seq, seq), else_=SeatRow.seen_seq), seen_at=at)
            .execution_options(synchronize_session=False))
        await session.commit()
        seen = (await session.execute(select(SeatRow.seen_seq).where(SeatRow.id == who.seat_id))).scalar_one()
    return {"seen_seq": seen, "seen_at": at.isoformat()}


async def times(service: TableService, table_id: str, after: int) -> dict[str, Any]:
    """When each seq after ``after`` was committed (the newest ``TIMES_MAX``), keyed by seq."""
    async with service.sessions() as session:
        rows = (await session.execute(
            select(ActionRow.seq, ActionRow.created_at).where(ActionRow.table_id == table_id, ActionRow.seq > after)
            .order_by(ActionRow.seq.desc()).limit(TIMES_MAX))).all()
    return {"times": {str(seq): _stamp(at) for seq, at in reversed(rows)}}
