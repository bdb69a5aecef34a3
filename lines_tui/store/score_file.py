"""scores.json, the players and tables: read whole, changed read-modify-write under the folder's
exclusive lock (a change refused or changing nothing on a first read stops there), and written
only when a change changed something."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from lines_tui.store.data_files import DataFiles
from lines_tui.store.names import name_key
from lines_tui.store.schema import ScoreData, dump_scores, load_scores
from lines_tui.store.tables import Entry, TableId, dealer_problem

SCORES_FILE = "scores.json"

Stamp = tuple[int, int, int] | None
"""What tells that the scores file was written since it was read (`ScoreFile.stamp`)."""

T = TypeVar("T")


class ScoreFile:
    """The scores file of one data folder (nothing cached: every call reads it)."""

    def __init__(self, files: DataFiles, data_dir: Path) -> None:
        self.files = files
        self.path = data_dir / SCORES_FILE

    def read(self) -> ScoreData:
        """The scores file as it is now, read under the shared lock (nothing is created to read
        it). A file from a newer lines-tui reads as empty; a damaged one is set aside."""
        return self.files.read(self.path, load_scores) or ScoreData()

    def stamp(self) -> Stamp:
        """What changes whenever the file is written (its inode, size and modification time),
        without reading it; None while there is none, or it cannot be looked at. A file is
        replaced whole on every write (`write_atomically`), so a new inode at least."""
        try:
            found = os.stat(self.path)
        except OSError:
            return None
        return (found.st_ino, found.st_size, found.st_mtime_ns)

    def update(self, change: Callable[[ScoreData], T]) -> T:
        """Apply `change` to the scores under the lock; write only if it changed something.

        It is tried first on the scores as read now, under the shared lock: a change refused
        there (a name taken, a player unknown) or one that changes nothing is done as of that
        read, without the lock for writing, so it creates no data folder, and a read-only one
        tells the real reason rather than that it cannot be written. A file that cannot be read
        whole (from a newer lines-tui, damaged) says nothing of what a change would do there:
        the locked read answers then. So `change` may run twice, and must only edit the data
        it is given."""
        tried = self.files.read_whole(self.path, load_scores, ScoreData())
        if tried is not None:
            result, changed = _applied(change, tried)
            if not changed:
                return result
        return self._changed(change, held=False)

    def update_held(self, change: Callable[[ScoreData], T]) -> T:
        """`update`, the exclusive lock held already."""
        return self._changed(change, held=True)

    def _changed(self, change: Callable[[ScoreData], T], *, held: bool) -> T:
        with self.files.rewriting(self.path, load_scores, held=held) as scores:
            data = scores.current or ScoreData()
            result, changed = _applied(change, data)
            if changed:
                scores.write(dump_scores(data))
            return result


def table_entries(data: ScoreData, table: TableId) -> list[Entry]:
    """The entries of `table` in `data` (`TableEntries.of`)."""
    return TableEntries(data).of(table)


class TableEntries:
    """The entries of the tables of one `data`, read for many tables at once: each random-deal
    table is gone through once, its entries grouped by deal, rather than once for each deal's
    table that reads it, which took time as the square of the table's length."""

    def __init__(self, data: ScoreData) -> None:
        self.data = data
        self._by_deal: dict[TableId, dict[int, list[Entry]]] = {}
        """Each random-deal table's entries by deal (seed), in the table's order."""

    def of(self, table: TableId) -> list[Entry]:
        """The entries of `table`. A deal's table also holds the results of that deal played as
        a random deal, kept in the random-deal table (README, "Challenges"): a race on a deal
        counts them, its "To beat" too, and a challenge code imported where it was made adds
        nothing. Once a merge has written them into the deal's table they are there twice, and
        counted once. A random deal's result an older dealer dealt is of another board than the
        deal's (`dealer_problem`): the deal's table does not count it."""
        entries = self.data.tables.get(table, [])
        seed = table.deal_seed
        if seed is None:
            return entries
        held = set(entries)
        played_at_random = [
            entry
            for entry in self._of_deals(table.base).get(seed, [])
            if entry not in held and dealer_problem(table, entry.record) is None
        ]
        return entries + played_at_random

    def _of_deals(self, random_table: TableId) -> dict[int, list[Entry]]:
        """The entries of `random_table` by deal, grouped when first asked for."""
        by_deal = self._by_deal.get(random_table)
        if by_deal is None:
            by_deal = {}
            for entry in self.data.tables.get(random_table, []):
                by_deal.setdefault(entry.seed, []).append(entry)
            self._by_deal[random_table] = by_deal
        return by_deal


def counted_with(
    data: ScoreData, table: TableId, seeds: Iterable[int]
) -> dict[TableId, list[Entry]]:
    """The entries of the other tables that count a result of `table` on one of the deals
    `seeds` as theirs too (`TableId.counting_with`), those of that deal that `table_entries`
    does not read there: a random-deal table's results count on their deal's table, so a
    merge into it must not take again what that table holds with another result or game
    (README, "Share codes")."""
    tables = TableEntries(data)
    own = set(tables.of(table))
    counted: dict[TableId, list[Entry]] = {}
    for seed in sorted(set(seeds)):
        for place in table.counting_with(seed)[1:]:
            of_deal = [entry for entry in tables.of(place) if entry.seed == seed]
            found = [entry for entry in of_deal if entry not in own]
            if found:
                counted.setdefault(place, []).extend(found)
    return counted


def tables_with_entries(data: ScoreData) -> set[TableId]:
    """The tables to list: each table `data` keeps entries of, and the table of a deal played
    as a random deal (`table_entries` reads the random-deal table's results of that deal there)
    once two players or more have results there, a race (README, "Challenges"). One player's
    random deals are not listed one table each: every game played would add one; such a table
    is still shown whole when asked for (`Store.snapshot`'s `shown`)."""
    tables = TableEntries(data)
    kept = {table for table, entries in data.tables.items() if entries}
    dealt = {
        table.for_deal(entry.seed)
        for table in kept
        if table.mode == "random"
        for entry in data.tables[table]
    }
    raced = {
        table
        for table in dealt - kept
        if len({name_key(entry.name) for entry in tables.of(table)}) > 1
    }
    return kept | raced


def _applied(change: Callable[[ScoreData], T], data: ScoreData) -> tuple[T, bool]:
    """`change` applied to `data`: its result, and whether it changed anything."""
    before = _contents(data)
    result = change(data)
    return result, _contents(data) != before


def _contents(data: ScoreData) -> tuple[object, ...]:
    tables = {table: frozenset(entries) for table, entries in data.tables.items() if entries}
    return (tuple(data.players), data.active_player, tables)
