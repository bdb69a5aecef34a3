"""An entry table's columns as the command line lists them (`scores show`, `verify`, `import`):
each column as wide as its widest cell, the seed last, so that a listing fits 80 columns with a
24-column name and a deal of the day's 20-digit seed (README, "Share codes")."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from lines_tui.commands.common import TERMINAL_COLUMNS, wrapped
from lines_tui.outside_text import column_width, printable_column
from lines_tui.store import Entry, TableId, format_value
from lines_tui.store.names import MAX_NAME_COLUMNS
from lines_tui.store.tables import format_date

if TYPE_CHECKING:
    from lines_tui.store.verify import CheckedTable


def heading(*parts: str) -> list[str]:
    """A listing's heading, its `parts` (a table's title, its id in brackets, and more) joined
    on one line, or where that is wider than 80 columns, broken between two of them (never
    inside one: "(dry run, nothing saved)" stays whole), the rest going on below, indented."""
    lines = [parts[0]]
    for part in parts[1:]:
        if column_width([lines[-1] + part]) <= TERMINAL_COLUMNS:
            lines[-1] += part
        else:
            lines.append(HEADING_INDENT + part.lstrip(" ,:"))
    return lines


HEADING_INDENT = " " * 4


REASON_INDENT = " " * 6
"""Where a reason below an entry's row starts: under its name."""


class Listing:
    """The columns of one table's entries as a command lists them: a row is its number, then
    the name and the points or time, each column as wide as its widest cell listed (a name is
    up to 24 columns, most are far shorter), then the date; what follows (a verdict, what an
    import did) is the command's own. A seed comes last, where only it can run past 80 columns,
    and in a table of one deal (a deal of the day's, a chosen deal's) only where it is not that
    deal (`deal`), which the listing names once above its rows: a deal of the day's number has
    20 digits."""

    def __init__(
        self,
        table: TableId,
        entries: Iterable[Entry],
        *,
        headed: bool = False,
        trusted: Iterable[Entry] | None = None,
    ) -> None:
        """`trusted`: the entries whose deal may be named the table's (default all): not one
        refuted, which may claim any deal."""
        listed = list(entries)
        self.table = table
        self.deal = table.one_deal(listed if trusted is None else list(trusted))
        heading = [table.value_name, "name"] if headed else []
        self.name_width = column_width(
            [*(entry.name for entry in listed), *heading[1:]], MAX_NAME_COLUMNS
        )
        self.value_width = column_width(
            [*(format_value(table, entry.value) for entry in listed), *heading[:1]]
        )
        self.seeds = [self.seed(entry) for entry in listed]

    def header(self) -> str:
        """The header of `row`'s columns."""
        return (
            f"  {'#':>2}  {'name':<{self.name_width}}  "
            f"{self.table.value_name:>{self.value_width}}  {'date':<16}"
        )

    def row(self, number: str, entry: Entry) -> str:
        """The entry's number (its place, or its place in a code), name, points or time and
        date, in columns."""
        return (
            f"  {number:>2}  {printable_column(entry.name, self.name_width)}  "
            f"{format_value(self.table, entry.value):>{self.value_width}}  "
            f"{format_date(entry.date):<16}"
        )

    def seed(self, entry: Entry) -> str:
        """The entry's seed as its row ends with it: "" where it is the table's one deal."""
        return "" if entry.seed == self.deal else str(entry.seed)

    def deal_line(self) -> list[str]:
        """The line that names the deal of a deal of the day's table (a chosen deal's title
        names it already), above its rows; none for any other table."""
        if self.deal is None or self.table.mode != "daily":
            return []
        return [f"  deal {self.deal}"]


def verdict_lines(checked: CheckedTable, *, reasons: bool = False) -> list[str]:
    """The entries of `checked` in columns, as `scores show` and `scores verify` list them: the
    deal's line, the header, then a row each, numbered from 1, with its verdict (and, with
    `reasons`, the verdict's reason under it, under the name: a reason may be long)."""
    pairs = list(zip(checked.entries, checked.verdicts, strict=True))
    holding = [entry for entry, verdict in pairs if verdict.status != "refuted"]
    listing = Listing(checked.table, checked.entries, headed=True, trusted=holding)
    words = ["verdict", *(verdict.status for _, verdict in pairs)]
    seed = "seed" if any(listing.seeds) else ""
    lines = [*listing.deal_line(), listing.header() + ending(padded("verdict", words), seed)]
    for number, (entry, verdict) in enumerate(pairs, start=1):
        row = listing.row(str(number), entry)
        lines.append(row + ending(padded(verdict.status, words), listing.seed(entry)))
        if reasons and verdict.reason:
            lines += wrapped(verdict.reason, first=REASON_INDENT, indent=REASON_INDENT)
    return lines


def ending(*cells: str) -> str:
    """The last cells of a row after its `Listing.row`: those given, two spaces before each,
    the row's end unpadded (the last cell may be empty: a seed not repeated)."""
    return "".join(f"  {cell}" for cell in cells).rstrip()


def padded(cell: str, cells: Iterable[str]) -> str:
    """`cell` padded to the widest of `cells`, its column's."""
    return printable_column(cell, column_width(cells))
