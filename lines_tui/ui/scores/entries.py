"""How entries look on screen: Text cells, so no name is ever read as markup or reaches the
terminal as control characters (safe_text writes those as visible escapes)."""

from __future__ import annotations

from rich.text import Text

from lines_tui.store import Entry, TableId, format_date, format_value, safe_text


def name_text(name: str) -> Text:
    return Text(safe_text(name), no_wrap=True, overflow="ellipsis")


def value_heading(table: TableId) -> str:
    return "Points" if table.kind == "lines" else "Time"


VERIFIED_MARK = "✓"
UNVERIFIED_MARK = "?"
REFUSED_MARK = "✗"  # an import's rejected entry: its game, if it came with one, did not hold up
PROOF_LEGEND = f"{VERIFIED_MARK} verified (carries its game)  {UNVERIFIED_MARK} unverified"


def proof_cell(entry: Entry, refused: bool = False) -> Text:
    """✓ for an entry that carries its game (own games, imports confirmed by replay), ? for one
    without (from before records, or from a format-1 code); ✗ for one an import `refused`, which
    is all that is known of it: a game that was refuted is not kept, so it would show ?."""
    if refused:
        return Text(REFUSED_MARK, justify="center")
    return Text(VERIFIED_MARK if entry.verified else UNVERIFIED_MARK, justify="center")


def entry_cells(table: TableId, entry: Entry) -> list[Text]:
    """Name, value, date and seed of one entry, as DataTable cells."""
    return [
        name_text(entry.name),
        Text(format_value(table, entry.value), justify="right"),
        Text(format_date(entry.date)),
        Text(str(entry.seed)),
    ]
