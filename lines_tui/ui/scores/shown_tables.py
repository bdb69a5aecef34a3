"""Which tables the leaderboard lists, as last read, and which one it shows."""

from __future__ import annotations

from lines_tui.store import Entry, Snapshot, TableId


class ShownTables:
    """The `tables` read (and the one asked for, though it has no result yet), the `index` of
    the one shown, and its `entries` as shown: the rows the screen's keys act on."""

    def __init__(self) -> None:
        self.tables: list[TableId] = []
        self.index = 0
        self.entries: tuple[Entry, ...] = ()
        self.snapshot: Snapshot | None = None
        """The last read, the other tables' entries as they are when one is shown."""

    @property
    def table(self) -> TableId:
        """The table shown: only while there are `tables`."""
        return self.tables[self.index]

    @property
    def table_if_any(self) -> TableId | None:
        return self.table if self.tables else None

    def entry_at(self, row: int) -> Entry | None:
        """The entry shown on `row`, if there is one."""
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def read(self, snapshot: Snapshot | None, table: TableId | None) -> None:
        """The tables of `snapshot` (None if the read failed), `table` among them, shown."""
        self.snapshot = snapshot
        tables = [] if snapshot is None else list(snapshot.tables)
        if table is not None and table not in tables:
            tables = sorted([*tables, table], key=TableId.sort_key)
        self.tables = tables
        self.index = tables.index(table) if table is not None else 0

    def listed(self, tables: list[TableId]) -> None:
        """Another table came or went, the one shown staying shown."""
        table = self.table_if_any
        self.tables = tables
        self.index = tables.index(table) if table else 0

    def switch(self, step: int) -> None:
        """The table `step` places on, round the ends."""
        self.index = (self.index + step) % len(self.tables)

    def show(self) -> tuple[Entry, ...]:
        """The entries of the table shown, as read: none while there is no table."""
        snapshot, table = self.snapshot, self.table_if_any
        self.entries = () if snapshot is None or table is None else snapshot.tables.get(table, ())
        return self.entries
