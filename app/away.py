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
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import case, select, update

from app.errors import ApiError
from app.models import ActionRow, SeatRow
from app.seats import Holder, seat_gone, seat_row
from app.service import TableService
from app.timing import aware, now

TIMES_MAX = 500  # seqs in one answer: well beyond the log tail a state message carries

# What the timer plays for a seat, as people count it: (one, several) per action type. Any other type is a "move".
NOUNS: dict[str, dict[str, tuple[str, str]]] = {
    "patriots-and-redcoats": {
        "vote": ("vote", "votes"), "confirm": ("loyalty confirmation", "loyalty confirmations"),
        "nominate": ("nomination", "nominations"), "spy": ("Spy card", "Spy cards"),
        "conceal": ("Conceal card", "Conceal cards"), "flip": ("flip", "flips"), "pass": ("pass", "passes"),
        "order": ("order", "orders"), "hessians": ("Hessians choice", "Hessians choices"),
        "ferguson": ("Major Ferguson choice", "Major Ferguson choices"),
        "winter_reveal": ("War card reveal", "War card reveals"), "discard": ("discard", "discards"),
        "continue": ("continue", "continues"), "reveal": ("card revealed", "cards revealed"),
        "place": ("War card placed", "War cards placed"), "turncoat": ("Turncoat answer", "Turncoat answers"),
    },
    "raiding-parties": {
        "party": ("raiding party", "raiding parties"), "play": ("card played", "cards played"),
        "end": ("turn ended", "turns ended"), "pass": ("pass", "passes"), "attack": ("attack", "attacks"),
        "decline": ("decline", "declines"), "stop": ("shot held", "shots held"),
        "retaliate": ("retaliation", "retaliations"), "search": ("search", "searches"),
    },
    "red-scare-redux": {
        "draw": ("draw", "draws"), "discard": ("discard", "discards"), "end_turn": ("turn ended", "turns ended"),
        "give": ("card given", "cards given"), "take": ("card taken", "cards taken"),
        "redraw": ("redraw", "redraws"), "continue": ("continue", "continues"), "pick": ("card picked", "cards picked"),
        "done": ("placement finished", "placements finished"), "steal": ("steal", "steals"),
    },
    "turncoats": {
        "negotiate": ("negotiation", "negotiations"), "return": ("return", "returns"),
        "march": ("march", "marches"), "recruit": ("recruit", "recruits"), "battle": ("battle", "battles"),
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


def played_for(game_id: str, logged: Iterable[tuple[int | None, str, Any]], seat: int) -> dict[str, Any] | None:
    """What the timer played for ``seat`` among ``logged`` (each action as (seat, source, action), in order): its
    count per action type and the personal line; None when nothing. Only the seat's own timer actions count, so the
    line says nothing about anyone else's play (tests/games/test_conformance.py, test_side_channels.py)."""
    types = [str(action.get("type", "")) if isinstance(action, dict) else ""
             for who, source, action in logged if who == seat and source == "timer"]
    if not types:
        return None
    return {"counts": dict(sorted(Counter(types).items())), "text": played_for_you(game_id, types)}


def _stamp(moment: datetime | None) -> str | None:
    stamped = aware(moment)
    return None if stamped is None else stamped.isoformat()


async def away(service: TableService, table_id: str, who: Holder) -> dict[str, Any]:
    """The seat's marker (what it last saw, on any device) and what the timer played for it since then."""
    held = await service.held(table_id)
    seat = seat_row(held.seats, who)
    async with service.reading() as session:
        row = (await session.execute(select(SeatRow.seen_seq, SeatRow.seen_at)
                                     .where(SeatRow.id == who.seat_id))).one_or_none()
        if row is None:  # the seat went a moment ago
            raise seat_gone()
        seen_seq, seen_at = row
        logged = (await session.execute(
            select(ActionRow.seat, ActionRow.source, ActionRow.action)
            .where(ActionRow.table_id == table_id, ActionRow.seq > seen_seq, ActionRow.seat == seat.seat,
                   ActionRow.source == "timer")
            .order_by(ActionRow.seq))).all()
    return {
        "seen_seq": seen_seq,
        "seen_at": _stamp(seen_at),
        "seq": held.table.seq,
        "played_for_you": played_for(held.table.game, [(who, source, action) for who, source, action in logged],
                                     seat.seat),
    }


async def mark_seen(service: TableService, table_id: str, who: Holder, seq: int) -> dict[str, Any]:
    """The seat has shown ``seq``: remember it (never going back: another device may have shown a later one)."""
    held = await service.held(table_id)
    if seq > held.table.seq:
        held = await service.held(table_id, fresh=True)  # committed through another worker a moment ago
    if not 0 <= seq <= held.table.seq:
        raise ApiError(422, "bad_seq", f"seq must be a seq this table has reached (0 to {held.table.seq}).")
    seat_row(held.seats, who)
    at = now()
    async with service.writing() as session:
        await session.execute(
            update(SeatRow).where(SeatRow.id == who.seat_id)
            .values(seen_seq=case((SeatRow.seen_seq < seq, seq), else_=SeatRow.seen_seq), seen_at=at)
            .execution_options(synchronize_session=False))
        await session.commit()
        seen = (await session.execute(select(SeatRow.seen_seq).where(SeatRow.id == who.seat_id))).scalar_one()
    return {"seen_seq": seen, "seen_at": at.isoformat()}


SEQ_MAX = 2**31 - 1


async def times(service: TableService, table_id: str, after: int) -> dict[str, Any]:
    """When each seq after ``after`` was committed (the newest ``TIMES_MAX``), keyed by seq."""
    after = max(-1, min(after, SEQ_MAX))  # any whole number is a fair question; the database's integers are smaller
    async with service.reading() as session:
        rows = (await session.execute(
            select(ActionRow.seq, ActionRow.created_at).where(ActionRow.table_id == table_id, ActionRow.seq > after)
            .order_by(ActionRow.seq.desc()).limit(TIMES_MAX))).all()
    return {"times": {str(seq): _stamp(at) for seq, at in reversed(rows)}}
