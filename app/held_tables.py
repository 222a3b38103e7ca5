"""The tables one worker holds in memory, as last committed: what the fan-out, the bots, the timers and REST read.

Every commit made through the table service replaces its table's entry; an announcement of anyone else's change
drops it (``heard``). A dropped table's state is kept a while as a base (with its seq and, where known, its facts):
the next read builds on it instead of the stored snapshot, and takes its facts when it lands on that very state.
Each part is bounded by ``Settings.tables_in_memory``, least recently used first out. Presence counts
(``app.presence``) are laid on each table as it is held, and a change of counts replaces the held copy.

Nothing here reads the database: the table service reads, and hands what it read to ``remember``.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from typing import Any

from app.held import Facts, Held
from app.models import TableRow
from app.presence import Presence

# A credential not found in a held table is looked for in the database only when this worker last read the table there
# longer ago than this (seconds): a flood of wrong tokens then costs at most one read per table per bound, while a seat
# taken through another worker (whose announcement, which drops the held copy, is still on its way) is found.
RECHECK_S = 1.0

Base = tuple[dict[str, Any], int, Facts | None]  # a state, its seq, and its facts where known


class HeldTables:
    def __init__(self, bound: int, presence: Presence) -> None:
        self.bound = bound
        self.presence = presence
        # Tables as last committed, most recently used last.
        self._tables: OrderedDict[str, Held] = OrderedDict()
        # States of tables dropped from ``_tables`` (they changed elsewhere, or in a lobby change here): see ``base``.
        self._bases: OrderedDict[str, Base] = OrderedDict()
        # When each table was last read from the database here (monotonic seconds): see ``read_lately``.
        self._read_at: OrderedDict[str, float] = OrderedDict()
        # A change of counts replaces the held copy with one that has the new counts.
        presence.listen(self.recount)

    def get(self, table_id: str) -> Held | None:
        """The table as held, without touching its place in the order (None: not held)."""
        return self._tables.get(table_id)

    def used(self, table_id: str) -> Held | None:
        """The table as held, marked as used just now (None: not held)."""
        held = self._tables.get(table_id)
        if held is not None:
            self._tables.move_to_end(table_id)
        return held

    def __len__(self) -> int:
        return len(self._tables)

    def base(self, row: TableRow) -> tuple[dict[str, Any], int] | None:
        """A state held here that ``row``'s state can be built on with no more actions than the stored snapshot:
        how a worker follows the log of a table another worker changed, without reading its snapshot."""
        held = self._tables.get(row.id)
        candidates = [self._bases.get(row.id)]
        if held is not None and held.table.state is not None:
            candidates.append((held.table.state, held.table.seq, held.facts))
        best: tuple[dict[str, Any], int] | None = None
        for old in candidates:
            if old is None or not row.snapshot_seq <= old[1] <= row.seq:
                continue
            if best is None or old[1] > best[1]:
                best = old[0], old[1]
        return best

    def facts_for(self, table_id: str, state: dict[str, Any] | None) -> Facts | None:
        """The facts of ``state`` if it is the very object of a state held here (a read built on it with no action
        since), so they need not be worked out again."""
        held = self._tables.get(table_id)
        known = [self._bases.get(table_id), (held.table.state, held.table.seq, held.facts) if held else None]
        for base in known:
            if base is not None and base[2] is not None and base[0] is not None and base[0] is state:
                return base[2]
        return None

    def read(self, held: Held) -> Held:
        """``remember`` a table just read from the database, noting when."""
        held = self.remember(held)
        table_id = held.table.id
        self._read_at[table_id] = time.monotonic()
        self._read_at.move_to_end(table_id)
        while len(self._read_at) > self.bound:
            self._read_at.popitem(last=False)
        return held

    def read_lately(self, table_id: str) -> bool:
        """Whether the table was read from the database less than ``RECHECK_S`` ago and is held still."""
        read = self._read_at.get(table_id)
        return read is not None and time.monotonic() - read < RECHECK_S and table_id in self._tables

    def remember(self, held: Held) -> Held:
        """Hold ``held`` (with the presence counts as they are now) unless a newer version is held already; returns
        what is held."""
        old = self._tables.get(held.table.id)
        self.presence.lay_on(held.table, held.seats)
        if old is not None and (old.table.version > held.table.version or (
                old.table.version == held.table.version and old.table == held.table and old.seats == held.seats)):
            # Already held: a newer version (two loads crossed), or this very one, values and all, with its facts
            # and messages built. (The same version read afresh may still differ: an operator's edit in the database.)
            self._tables.move_to_end(held.table.id)
            return old
        self._tables[held.table.id] = held
        self._tables.move_to_end(held.table.id)
        while len(self._tables) > self.bound:
            self._tables.popitem(last=False)
        return held

    def forget(self, table_id: str) -> None:
        """Stop serving a held table from memory; its state stays at hand to build the next read on."""
        held = self._tables.pop(table_id, None)
        if held is not None and held.table.state is not None:
            self.keep_base(table_id, (held.table.state, held.table.seq, held.facts))

    def keep_base(self, table_id: str, base: Base) -> None:
        self._bases[table_id] = base
        self._bases.move_to_end(table_id)
        while len(self._bases) > self.bound:
            self._bases.popitem(last=False)

    def drop(self, table_id: str) -> None:
        """The table was deleted: nothing of it is kept to build on."""
        self._tables.pop(table_id, None)
        self._bases.pop(table_id, None)

    def forget_unless_at(self, table_id: str, version: int | None) -> None:
        """Forget a held table unless it is at ``version`` (the database's): the next read then comes from there."""
        held = self._tables.get(table_id)
        if held is not None and held.table.version != version:
            self.forget(table_id)

    def forget_all(self) -> None:
        self._tables.clear()
        self._bases.clear()

    def recount(self, table_id: str) -> None:
        """Presence counted in memory has changed: a held table is replaced by a copy with the new counts."""
        held = self._tables.get(table_id)
        if held is not None:
            self._tables.pop(table_id)  # the same version with new counts: replaced, not kept
            self.remember(held.recounted())

    def heard(self, table_id: str, event: dict[str, Any]) -> None:
        """Every announcement on the hub, this worker's or another's: drop a held table that it outdates."""
        if event.get("kind") == "gone":
            self.drop(table_id)
            return
        held = self._tables.get(table_id)
        if held is None:
            return
        if event.get("kind") == "state" and event.get("version", held.table.version + 1) > held.table.version:
            self.forget(table_id)  # presence is not a change of the table: ``Presence`` lays new counts on it
        elif event.get("kind") == "answers":  # a seat's standing answer changed, outside any version
            self.forget(table_id)
