"""The import preview's table: each entry of the codes pasted, with its fate if merged ("added",
"already there", ...) in that fate's style, and the reasons of those rejected, shown under it."""

from __future__ import annotations

from collections.abc import Mapping

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.widgets import DataTable

from lines_tui.store import Entry, EntryResult, Merge, TableId
from lines_tui.store.verify import Status
from lines_tui.ui.scores.entries import entry_cells, name_text, proof_cell, value_heading

DROPS_OUT = "drops out"  # one of yours, pushed out of the top 10 by the merge
FATES = ("added", "already there", "not good enough", "rejected", DROPS_OUT)
"""An entry's fate in the preview; each is drawn in its component class's style (scores.tcss)."""


def fate_class(fate: str) -> str:
    """The component class of `fate` ("not good enough": "import--not-good-enough")."""
    return "import--" + fate.replace(" ", "-")


PREVIEW_CELLS = 80 - 1
"""The width the preview's rows fit: 80 columns, less the scroll bar's one (scores.tcss). A name
wider than the room the other columns leave it ends in "…", as a leaderboard's long deal number
does (entries.SEED_CELLS), so the date, last, shows whole."""


PreviewRow = tuple[int, TableId, str, str, Status, Entry]
"""A row of the preview: the code's number, its table, the entry's fate and place, its replay's
verdict, the entry."""


def fill(
    grid: DataTable[Text],
    merges: list[tuple[int, Merge]],
    styles: Mapping[str, Style],
    *,
    several: bool,
) -> None:
    """The entries of every code that could be read, with the code's number in the paste (as
    the summary numbers them) when there are `several`, each fate in its style in `styles`.

    Every column gets its width here, from its heading and cells, before the rows go in: a
    DataTable measures the rows it is given only when it is next idle, and a screen painted
    before that (about one paste in eight) kept the columns at their headings' widths, cutting
    "already there", the times and the dates, until something else redrew the table."""
    rows: list[PreviewRow] = []
    for number, merge in merges:
        for result in merge.results:
            place = "" if result.rank is None else str(result.rank)
            rows.append((number, merge.table, result.status, place, proof(result), result.entry))
        rows += [
            (number, merge.table, DROPS_OUT, "", recorded(entry), entry) for entry in merge.dropped
        ]
    values = "/".join(dict.fromkeys(value_heading(merge.table) for _, merge in merges))
    # The mark before the name, as on the leaderboard: at the end of a row of several codes
    # with a wide name, it was past the screen's edge.
    headings = [
        *([Text("Code", justify="right")] if several else []),
        Text("Result"),
        Text("#", justify="right"),
        Text("✓", justify="center"),
        Text("Name"),
        Text(values, justify="right"),
        Text("Date"),
    ]
    cells = [preview_cells(row, styles, several) for row in rows]
    widths = column_widths(headings, cells, len(headings) - 3, grid.cell_padding)
    for heading, width in zip(headings, widths, strict=True):
        grid.add_column(Text.assemble(heading), width=width)
    for row in rows:
        grid.add_row(*preview_cells(row, styles, several))


def preview_cells(row: PreviewRow, styles: Mapping[str, Style], several: bool) -> list[Text]:
    """The cells of one row of the preview (the code's number first if there are `several`),
    its fate in its style in `styles`."""
    number, table, fate, place, verdict, entry = row
    return [
        *([Text(str(number), justify="right")] if several else []),
        Text(fate, style=styles[fate]),
        Text(place, justify="right"),
        proof_cell(verdict),
        *entry_cells(table, entry),
    ]


def proof(result: EntryResult) -> Status:
    """The mark of an entry of a code, as the leaderboard's legend reads it: ✗ only for one its
    replay refuted; one rejected for another reason (a game there already with another time, a
    name that reads as a player's) shows what its replay said."""
    return "refuted" if result.refuted else recorded(result.entry)


def recorded(entry: Entry) -> Status:
    """An entry's mark when nothing refutes it: a code's entry keeps its record only when its
    replay verified it (codes.read)."""
    return "verified" if entry.recorded else "unverified"


def column_widths(
    headings: list[Text], rows: list[list[Text]], name: int, padding: int
) -> list[int]:
    """Each column's width: its widest cell's, heading included; the Name column's (number
    `name`) no more than the room the others leave in PREVIEW_CELLS."""
    widths = [
        max(cell_len(cell.plain) for cell in [heading, *(row[column] for row in rows)])
        for column, heading in enumerate(headings)
    ]
    beside = sum(width + 2 * padding for column, width in enumerate(widths) if column != name)
    widths[name] = min(widths[name], PREVIEW_CELLS - beside - 2 * padding)
    return widths


def rejections(results: list[EntryResult], style: Style) -> Text:
    """A line for each entry rejected, "rejected" in `style`, with the reason."""
    lines = []
    for result in results:
        line = Text("rejected ", style=style)
        line.append_text(name_text(result.entry.name))
        line.append(f": {result.reason}")
        lines.append(line)
    return Text("\n").join(lines)
