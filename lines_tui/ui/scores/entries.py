"""How entries look on screen: Text cells, so no name is ever read as markup or reaches the
terminal as control characters (`printable` writes those as visible escapes)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from lines_tui.outside_text import printable
from lines_tui.store import Entry, TableId, format_date, format_value
from lines_tui.store.names import MAX_NAME_COLUMNS
from lines_tui.store.verify import Status


def name_text(name: str) -> Text:
    return Text(printable(name), no_wrap=True, overflow="ellipsis")


def value_heading(table: TableId) -> str:
    return table.value_name.capitalize()


VERIFIED_MARK = "✓"
REFUTED_MARK = "✗"
UNVERIFIED_MARK = "?"
PROOF_LEGEND = (
    f"{VERIFIED_MARK} verified (its game replays)  {REFUTED_MARK} refuted  "
    f"{UNVERIFIED_MARK} unverified"
)
MARKS: dict[Status, str] = {"verified": VERIFIED_MARK, "refuted": REFUTED_MARK}


def proof_cell(status: Status | None) -> Text:
    """The mark of an entry's verdict (`verify.verify`): ✓ for a game whose replay reproduces
    the result, ✗ for one the replay contradicts (a data file edited by hand), ? for one that
    cannot be checked (no game record, a layout not installed here); blank until replayed."""
    mark = "" if status is None else MARKS.get(status, UNVERIFIED_MARK)
    return Text(mark, justify="center")


SEED_CELLS = 14
"""The widest seed that fits 80 columns beside the widest name, a Mahjong time and the date; a
longer deal number (one can be typed in) ends in an ellipsis (`scores show` prints it whole)."""


def entry_cells(table: TableId, entry: Entry) -> list[Text]:
    """Name, value and date of one entry, as DataTable cells."""
    return [
        name_text(entry.name),
        Text(format_value(table, entry.value), justify="right"),
        Text(format_date(entry.date)),
    ]


def seed_cell(entry: Entry, deal: int | None) -> Text:
    """The entry's seed, blank where it is `deal`, the one deal of its table (the heading names
    it: `TableId.one_deal`)."""
    return Text("" if entry.seed == deal else printable(str(entry.seed), SEED_CELLS))


def entry_said(table: TableId, place: int, entry: Entry) -> str:
    """One entry in a sentence: "#2 (Ann, 55 points)", "#1 (Bob, 1:23.4)"."""
    value = format_value(table, entry.value)
    unit = " points" if table.kind == "lines" else ""
    return f"#{place} ({printable(entry.name, MAX_NAME_COLUMNS)}, {value}{unit})"


PROOF_COLUMN = 1
"""The column of each entry's mark (`proof_cell`), after its place (`fill_rows`)."""


def fill_rows(grid: DataTable[Text | str], table: TableId, entries: tuple[Entry, ...]) -> None:
    """The rows of the `entries` of `table` under their headings, in `grid`: place, mark (blank
    until replayed), name, value, date, and the seed where it is not the table's one deal."""
    # Every entry read, before their replays say which hold up (`scores show` names the deal
    # of those that do): the rows are drawn before the replays end.
    deal = table.one_deal(entries)
    grid.add_column(Text("#", justify="right"), width=3)
    grid.add_column(Text("✓", justify="center"), width=1)
    grid.add_columns("Name", Text(value_heading(table), justify="right"), "Date")
    # A table of one deal shows a seed only where an entry's is another (`seed_cell`).
    seeds_shown = any(entry.seed != deal for entry in entries)
    if seeds_shown:
        grid.add_column("Seed")
    for place, entry in enumerate(entries, start=1):
        grid.add_row(
            Text(str(place), justify="right"),
            proof_cell(None),
            *entry_cells(table, entry),
            *([seed_cell(entry, deal)] if seeds_shown else []),
        )
