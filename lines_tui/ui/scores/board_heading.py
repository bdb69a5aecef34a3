"""The leaderboard's heading: the shown table's title, its place among the tables, its id, its
deal and its order; or, while no table is shown, the word "Leaderboards"."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from lines_tui.outside_text import printable
from lines_tui.store import TableId


def board_heading(
    table: TableId,
    title: str,
    place: tuple[int, int],
    deal: int | None,
    title_style: Style,
    table_style: Style,
) -> RenderableType:
    """The table's `title` (in `title_style`; a layout's title may come from its file) and its
    `place` (index, count) among the tables ("table 5 of 9") on the first line, the title cut
    with '…' if both do not fit, the place never; the table's id, the number of its `deal`
    for a deal of the day's (the rows leave out a seed that is that deal: a chosen deal's id
    names it already) and its order below it (in `table_style`), cut with '…' at the screen's
    edge. Whatever the width, nothing is cut mid-phrase unmarked."""
    index, count = place
    order = table.order
    if deal is not None and table.mode == "daily":
        order = f"deal {deal}, {order}"
    first = Table.grid(expand=True, padding=(0, 0, 0, 3))
    first.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    first.add_column(no_wrap=True, justify="right")
    first.add_row(  # the title inert: never markup
        Text(printable(title), style=title_style), Text(f"table {index + 1} of {count}")
    )
    second = Text(f"{table}, {order}", style=table_style, no_wrap=True, overflow="ellipsis")
    return Group(first, second)


def leaderboards(title_style: Style) -> Text:
    """The heading while no table is shown (none read yet, or none has a result)."""
    return Text("Leaderboards", style=title_style)
