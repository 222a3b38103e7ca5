"""Step-through replays of finished games, rebuilt by the engine from the revealed seed and the action log.

Nothing here exists before the end: every call first asks the audit, which holds the seed back until the table has
finished, and answers "not finished" to everyone (seats and host included) until then. A finished table never changes,
so its rebuilt states are kept for a few tables at once: stepping through a game asks for one moment at a time.
A rebuild runs in a process beside the worker (``rebuild.py``), never on the event loop, and is counted against the
asking address (``REPLAY_RATE``); asking for a moment of a game already rebuilt is not.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from app import fairness
from app.audit import audit as table_audit
from app.errors import ApiError
from app.held import Seat, Table
from app.messages import log_line, state_message, table_facts
from app.rebuild import Rebuilder
from app.service import TableService
from games.protocol import UNDO, Game, State, Viewer, visible_entries
from games.state import LogEntry

SECOND_PERSON = re.compile(r"(You|Your)\b")  # a line written to its reader
KEPT = 4  # finished tables whose states are held at once (a long game is some megabytes of JSON)

Viewpoint = int | Literal["all"]


def not_finished() -> ApiError:
    return ApiError(409, "not_finished", "The replay opens when the game has finished.")


async def finished_table(service: TableService, table_id: str) -> tuple[Table, list[Seat]]:
    """The table, if its game has finished; else "not finished", decided from memory (no database read)."""
    row, seats = await service.snapshot(table_id)
    if row.status != "finished" or row.state is None:
        raise not_finished()
    return row, seats


@dataclass(frozen=True)
class Replay:
    game: Game[Any]
    audit: dict[str, Any]
    frames: list[bytes]  # frames[i]: the state after the action with seq i (0: the deal), as JSON

    @property
    def last_seq(self) -> int:
        return len(self.frames) - 1

    def state(self, seq: int) -> State:
        """A fresh copy of the state at ``seq`` (one moment's JSON: a millisecond or so)."""
        state: State = json.loads(self.frames[seq])
        return state

    def names(self) -> tuple[str, ...]:
        return tuple(self.audit["names"])


def _nothing() -> None:
    return None


class Replays:
    def __init__(self, service: TableService, rebuilder: Rebuilder) -> None:
        self.service = service
        self.rebuilder = rebuilder
        self._kept: OrderedDict[str, Replay] = OrderedDict()
        self._building: dict[str, asyncio.Task[Replay]] = {}

    async def get(self, table_id: str, admit: Callable[[], None] = _nothing) -> Replay:
        """The table's replay, rebuilt if this worker does not hold it. ``admit`` is called before a rebuild starts
        (it raises to refuse one: the asking address has rebuilt too many lately)."""
        kept = self._kept.get(table_id)
        if kept is not None:
            self._kept.move_to_end(table_id)
            return kept
        building = self._building.get(table_id)
        if building is None:
            await finished_table(self.service, table_id)  # refused before it counts against anyone
            building = self._building.get(table_id)
            kept = self._kept.get(table_id)
            if kept is not None:
                return kept
        if building is None:
            admit()
            # One rebuild per table, however many ask at once; it finishes (and is kept) even if they all leave.
            building = asyncio.create_task(self._keep(table_id))
            self._building[table_id] = building
            building.add_done_callback(lambda task: self._built(table_id, task))
        return await asyncio.shield(building)

    def _built(self, table_id: str, task: asyncio.Task[Replay]) -> None:
        self._building.pop(table_id, None)
        if not task.cancelled():
            task.exception()  # read, so a rebuild nobody waited for any more does not log as a lost exception

    async def _keep(self, table_id: str) -> Replay:
        replay = await self._build(table_id)
        self._kept[table_id] = replay
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return replay

    async def _build(self, table_id: str) -> Replay:
        await finished_table(self.service, table_id)
        audit = await table_audit(self.service, table_id)
        if audit["seed"] is None:
            raise not_finished()
        game = self.service.game(audit["game"])
        try:
            frames = await self.rebuilder.frames(game, audit)
        except fairness.ReplayError as exc:
            raise ApiError(500, "replay_failed", f"This game's log does not replay: {exc}") from exc
        return Replay(game, audit, frames)

    async def close(self) -> None:
        for task in list(self._building.values()):
            task.cancel()
        await self.rebuilder.close()

    async def timeline(self, table_id: str, viewpoint: Viewpoint, admit: Callable[[], None] = _nothing
                       ) -> dict[str, Any]:
        """Every moment of the game, and the log as the viewpoint read it; for "all", every event once: a private line
        in place of its redacted form (a card drawn is "drew Funds 2", not that and "draws an Omega card" too)."""
        replay = await self.get(table_id, admit)
        audit = replay.audit
        final = replay.state(replay.last_seq)
        if viewpoint == "all":
            entries = [entry for entry in final.get("log", []) if not entry.get("redacted")]
        else:
            entries = visible_entries(final, _viewer(replay, viewpoint))
        return {
            "table_id": table_id,
            "game": audit["game"],
            "players": audit["players"],
            "names": audit["names"],
            "options": audit["options"],
            "commitment": audit["commitment"],
            "seed": audit["seed"],
            "result": audit["result"],
            "last_seq": replay.last_seq,
            "viewpoint": viewpoint,
            "moments": [{"seq": a["seq"], "seat": a["seat"], "source": a["source"]} for a in audit["actions"]],
            "log": [log_line(e.get("seq", 0), _told_to(e, viewpoint), replay.names()) for e in entries],
        }

    async def moment(self, table_id: str, seq: int, viewpoint: Viewpoint, base: str,
                     admit: Callable[[], None] = _nothing) -> dict[str, Any]:
        """The state message ``viewpoint`` had after action ``seq``, as the live table sent it (no deadline); for
        "all", the spectators' message plus everything hidden at that moment."""
        replay = await self.get(table_id, admit)
        if not 0 <= seq <= replay.last_seq:
            raise ApiError(404, "no_such_moment", f"This game has moments 0 to {replay.last_seq}, not {seq}.")
        viewer = _viewer(replay, viewpoint)
        state = replay.state(seq)
        row, seats = await self.service.snapshot(table_id)
        table = table_facts(replay.game, row, seats, viewer, base)
        table["invite_url"] = table["spectate_url"] = None  # links are for the live table, not its replay
        status = "finished" if replay.game.result(state) is not None else "playing"
        message = state_message(replay.game, status=status, seq=seq, state=state, viewer=viewer,
                                names=list(replay.names()), table=table, deadline=None)
        message["type"] = "replay"
        message["viewpoint"] = viewpoint
        if viewpoint == "all":
            message["hidden"] = hidden(replay.game, state)
        return message


def _told_to(entry: LogEntry, viewpoint: Viewpoint) -> str:
    """An entry's text for the timeline. With everything revealed, a private line written to its reader ("You drew
    Cutlass.") is said to be whose: "For {s1}: You drew Cutlass."."""
    text = entry["text"]
    readers = entry.get("to")
    if viewpoint != "all" or not readers or not SECOND_PERSON.match(text):
        return text
    return "For " + " and ".join(f"{{s{seat}}}" for seat in readers) + ": " + text


def _viewer(replay: Replay, viewpoint: Viewpoint) -> Viewer:
    if viewpoint == "all":
        return None
    if not 0 <= viewpoint < replay.audit["players"]:
        raise ApiError(422, "bad_seat", f"This game has seats 0 to {replay.audit['players'] - 1}.")
    return viewpoint


def hidden(game: Game[Any], state: State) -> dict[str, Any]:
    """Everything hidden at a moment, for the replay's "everything revealed" viewpoint: the game's own labelled
    summary if it has one, else its whole state (minus the log, which the replay shows beside it)."""
    if game.reveal is not None:
        return game.reveal(state)
    return {key: value for key, value in state.items() if key not in ("log", "seq", UNDO)}


def parse_viewpoint(raw: str | None) -> Viewpoint:
    if raw is None or raw == "all":
        return "all"
    # ASCII digits only: str.isdigit() also takes "²" (which int() refuses) and other scripts' digits; and a seat
    # number is short, so a number of thousands of digits never reaches int().
    if 0 < len(raw) <= 3 and raw.isascii() and raw.isdigit():
        return int(raw)
    raise ApiError(422, "bad_seat", "Ask for seat=<number> or seat=all.")
