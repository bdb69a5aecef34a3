"""How entries look on screen: Text cells, so no name is ever read as markup or reaches the
terminal as control characters (safe_text writes those as visible escapes)."""

from __future__ import annotations

from rich.text import Text

from lines_tui.store import Entry, TableId, format_date, format_value, safe_text


def name_text(name: str) -> Text:
    return Text(safe_text(name), no_wrap=True, overflow="ellipsis")


def value_heading(table: TableId) -> str:
    return "Points" if table.kind == "lines" else "Time"


def entry_cells(table: TableId, entry: Entry) -> list[Text]:
    """Name, value, date and seed of one entry, as DataTable cells."""
    return [
        name_text(entry.name),
        Text(format_value(table, entry.value), justify="right"),
        Text(format_date(entry.date)),
        Text(str(entry.seed)),
    ]
