"""The status panel beside the Mahjong board: the layout's title, the deal, its proof, the
position's status, whether the game is not saved, the clock, the counts and the tile under the
cursor.

Its fields have fixed sizes (mahjong.tcss, #panel), and every update goes through the screen's
`show_field`, which skips a field that has not changed, so a cursor move sends few bytes."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, Static

from lines_tui.engine.deal_choice import Skipped
from lines_tui.outside_text import inert, printable_lines
from lines_tui.ui.mahjong.status import BAD_STATUS, GOOD_STATUS
from lines_tui.ui.status_line import NotSavedMark

PANEL_WIDTH = 16
"""Columns of the status panel (mahjong.tcss, #panel)."""
PANEL_ROOM = PANEL_WIDTH - 3
"""Columns of each of the panel's fields: its width less its padding (one column each side) and
its left border (mahjong.tcss, #panel). "time 99:59:59" fills it."""
PANEL_HEIGHT = 16
"""Rows of the status panel's fields (mahjong.tcss): title, deal, a blank and the status, a blank
and the clock (the "not saved" mark takes that blank), tiles, pairs, a blank and the tile
info's 7 rows."""
PROOF_HEIGHT = 3
"""Rows the proof of a deal proved solvable adds to the panel ("proved to / be solvable / N
skipped"): worded and coloured apart from the status under it, which says "solvable" or "dead end"
of the position now, where a row saying "solvable" alone was taken for it."""

ShowField = Callable[[str, "str | Text"], None]


class MahjongPanel(Vertical):
    """The panel's fields; `show_field` puts content in one of them (`GameScreen.show_field`)."""

    def __init__(self, title: str, show_field: ShowField) -> None:
        super().__init__(id="panel")
        self._title = title
        self._show = show_field

    def compose(self) -> ComposeResult:
        yield Label(inert(self._title), id="title", markup=False)
        yield Label("", id="deal", markup=False)
        yield Static("", id="proof", markup=False)
        yield Label("", id="status", markup=False)
        yield NotSavedMark()
        yield Label("", id="clock", markup=False)
        yield Label("", id="tiles", markup=False)
        yield Label("", id="pairs", markup=False)
        yield Static("", id="tile-info", markup=False)

    def show_deal(self, name: str, proof: Skipped | None) -> None:
        """The deal's name (`deal_name`) and, for a deal proved solvable before play, how many
        were skipped (the screen's class -proved shows that field)."""
        self._show("#deal", name)
        if proof is not None:
            count = f"\n{proof.total} skipped" if proof.total else ""
            self._show("#proof", f"proved to\nbe solvable{count}")

    def show_status(self, status: str) -> None:
        """The position's status, green when good and red when bad."""
        self._show("#status", status)
        label = self.query_one("#status", Label)
        label.set_class(status in GOOD_STATUS, "-good")
        label.set_class(status in BAD_STATUS, "-bad")

    def show_counts(self, tiles: int, pairs: int) -> None:
        self._show("#tiles", f"tiles  {tiles:>4}")
        self._show("#pairs", f"pairs  {pairs:>4}")

    def show_tile_info(self, info: str) -> None:
        self._show("#tile-info", printable_lines(info))  # names from files
