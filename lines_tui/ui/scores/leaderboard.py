"""The leaderboards, one table at a time, each headed by its share code as plain selectable text.

The screen binds the keys and composes the parts that do the rest, each handed what it needs:
`ShownTables` (which tables are listed, which one is shown), `TableReading` (reading them, and
again when another copy writes), `TableChecks` (the replays' verdicts), `BoardCode` (the share
code shown: c, v, x's challenge code) and `EntryRemoval` (d)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import ClassVar

from rich.style import Style
from textual import events
from textual.app import ComposeResult
from textual.binding import ActiveBinding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.widgets import DataTable, Static

from lines_tui.store import Entry, TableId
from lines_tui.store.sharing import race_over
from lines_tui.store.verify import CheckedTable
from lines_tui.ui.app_keys import MAHJONG_SYMBOLS_NOTE
from lines_tui.ui.footer import Footer, keys_that_act, restated
from lines_tui.ui.held_typing import TakesTypedAhead
from lines_tui.ui.lists import RowTable
from lines_tui.ui.on_top import DismissedOnTop
from lines_tui.ui.one_notice import OneNoticeAtATime
from lines_tui.ui.pasted_codes import tell_where_codes_go
from lines_tui.ui.scores.board import Board
from lines_tui.ui.scores.board_code import CODE_COMING, MAKING_CODE, NO_CODE_YET, BoardCode
from lines_tui.ui.scores.board_heading import board_heading, leaderboards
from lines_tui.ui.scores.board_keys import BOARD_KEYS
from lines_tui.ui.scores.board_status import BoardStatus, notice_room
from lines_tui.ui.scores.entries import PROOF_LEGEND, fill_rows
from lines_tui.ui.scores.entry_removal import EntryRemoval
from lines_tui.ui.scores.shown_tables import ShownTables
from lines_tui.ui.scores.table_checks import TableChecks
from lines_tui.ui.scores.table_reading import TableReading
from lines_tui.ui.session import Session, TablesChanged
from lines_tui.ui.size_guard import LaidOutFor80Columns
from lines_tui.ui.status_line import StatusLine

NO_TABLES = (
    "No results yet. A Lines table appears when a registered player finishes a game; "
    "a Mahjong table when a win is fast enough. Press i to import a friend's share code."
)
NO_TABLES_TO_SWITCH = "No tables yet, so none to go to."
ONE_TABLE = "This is the only table so far: ← → go to the others once there are more."
"""What ← → say while there are not two tables to go between (their Footer keys hide then)."""


ShowMerged = Callable[[str, int | None, str, SeverityLevel], None]
"""Shows the table an import merged into, the place its entries took under the cursor, with
what the merge said and how strongly (`LeaderboardScreen.show_merged`)."""


ON_A_LEADERBOARD = "A share code is pasted in Import: press i, then paste it."
"""What a share code pasted on the leaderboard says (`ui.pasted_codes`): `i` opens Import here."""


class LeaderboardScreen(
    DismissedOnTop, OneNoticeAtATime, TakesTypedAhead, LaidOutFor80Columns, Screen[None]
):
    """Every table with results; left/right switch tables, c copies the shown table's code.

    Opens on `table` (an id such as "lines-9") with `highlight_rank` (1-based) under the cursor.
    The tables are read, and the shown table's games replayed and its code made, on the
    session's store thread: until they come the screen says so, and its keys still work. The
    replays' verdicts mark the entries and decide which can be watched or challenged.
    """

    CSS_PATH = Path(__file__).parent / "scores.tcss"
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "leaderboard--title",
        "leaderboard--table",
        "leaderboard--cut",
    }
    BINDINGS: ClassVar[list[BindingType]] = BOARD_KEYS

    class Watch(Message):
        """The player asked to watch an entry's game (the app opens the replay)."""

        def __init__(self, table: TableId, entry: Entry) -> None:
            super().__init__()
            self.table = table
            self.entry = entry

    class Import(Message):
        """The player asked to import a code (the app does, then `show`s its table here, with
        what the merge said: `LeaderboardScreen.show_merged`)."""

        def __init__(self, show: ShowMerged) -> None:
            super().__init__()
            self.show = show

    def __init__(
        self,
        session: Session,
        table: str | None = None,
        highlight_rank: int | None = None,
        told: str = "",
        severity: SeverityLevel = "information",
    ) -> None:
        super().__init__()
        self._told_at_mount = (told, severity)
        """What an import opened from the menu merged, told on the status line as it opens."""
        self.session = session
        shown = self._shown = ShownTables()
        self._wanted = table
        self._highlight_rank = highlight_rank
        self._grid = RowTable(id="board-table", cursor_type="row", zebra_stripes=True)
        self._told_row: int | None = None
        """The row the cursor was on when this screen last told a notice, until it leaves."""
        board = Board(self, session, shown, self._grid)
        self._code = BoardCode(board)
        self._checks = TableChecks(board, self._code.show)
        self._removal = EntryRemoval(board, self.reload)
        self._reading = TableReading(
            board,
            self.show,
            self._code.say,
            lambda told: self._tell(told, "information"),
            self._draw_heading,
        )

    @property
    def tables(self) -> list[TableId]:
        return self._shown.tables

    @property
    def index(self) -> int:
        return self._shown.index

    @property
    def entries(self) -> tuple[Entry, ...]:
        """The entries shown; held, as the Footer asks what its row offers at any time."""
        return self._shown.entries

    @property
    def checked(self) -> CheckedTable | None:
        """The shown table's verdicts, once replayed."""
        return self._checks.checked

    @property
    def code(self) -> str:
        """The shown table's share code, "" while there is none."""
        return self._code.code

    def compose(self) -> ComposeResult:
        yield Static(id="board-heading", markup=False)
        yield Static(PROOF_LEGEND, id="board-legend", markup=False)
        yield Static(id="board-code-label", markup=False)
        yield Static(id="board-code", markup=False)
        # Under the code, never over it: the table's rows and the status line share what the
        # code leaves them, a long notice growing up over the table's rows.
        with Vertical(id="board-rows"):
            yield self._grid
            yield BoardStatus(id="board-status", room=notice_room)
        yield Footer()

    def on_mount(self) -> None:
        if not self.staying:
            return  # closed at once, or the app ended while it was mounted: nothing to start
        if self._told_at_mount[0]:
            self._tell(*self._told_at_mount)
        self.reload(self._wanted, self._highlight_rank)
        self._reading.watch()

    def show_merged(
        self, table: str, place: int | None, told: str, severity: SeverityLevel = "information"
    ) -> None:
        """After an import opened here (`i`): show the `table` the codes went into, `place`
        under the cursor, with what the merge said (`told`) on the status line (README, "The
        status line"). It replaces what the line said before, which spoke of the table shown
        before the import (or of a challenge code no longer shown), not of this one."""
        self._tell(told, severity)
        self.reload(table, place)

    def _tell(self, told: str, severity: SeverityLevel) -> None:
        """`told` on the status line, in the place of what it said: a notice of the table about
        to be shown, not of the entry under the cursor, so the cursor leaving it does not take
        it away (`notice_shown`)."""
        self._told_row = None
        self.app.clear_notifications()  # none covers the table's rows
        # A damaged file the import set aside is told after it (`StatusLine.lead`).
        self.query_one("#board-status", StatusLine).tell(told, severity, leads=True)

    def on_tables_changed(self, message: TablesChanged) -> None:
        """A game played from here (a challenge raced) saved its result: read the tables
        again, staying on the table shown and the row under the cursor."""
        shown = str(self._shown.table) if self.tables else self._wanted
        self.reload(shown, self._grid.cursor_row + 1)

    def reload(self, wanted: str | None = None, rank: int | None = None) -> None:
        """Read every table again (off the UI thread), then show `wanted` with `rank` marked."""
        self.query_one("#board-heading", Static).update(leaderboards(self._title_style()))
        self._reading.read(wanted, rank)

    def show(self, rank: int | None = None) -> None:
        """The table shown as read (`ShownTables`), the entry of `rank` under the cursor: its
        heading and rows now, its marks and share code once its games are replayed."""
        # The rows are new: the cursor moving to its place does not leave a notice's entry.
        self._told_row = None
        heading = self.query_one("#board-heading", Static)
        grid = self._grid
        grid.clear(columns=True)
        entries = self._shown.show()
        if not self.tables:
            heading.update(leaderboards(self._title_style()))
            self._code.say(NO_TABLES)
            self._code.none(NO_CODE_YET)
            return
        table = self._shown.table
        self._checks.start(table, entries)
        self._code.none(CODE_COMING if entries else NO_CODE_YET)
        self._draw_heading()
        self._code.say(MAKING_CODE if entries else "No entries yet, so no share code.")
        fill_rows(grid, table, entries)
        if rank is not None and 1 <= rank <= len(entries):
            grid.move_cursor(row=rank - 1)
        grid.focus()

    def _draw_heading(self) -> None:
        """The shown table's heading: its title, where it is among the tables, its deal."""
        table = self._shown.table
        self.query_one("#board-heading", Static).update(
            board_heading(
                table,
                self.session.table_title(table),
                (self.index, len(self.tables)),
                table.one_deal(self.entries),
                self._title_style(),
                self.get_component_rich_style("leaderboard--table", partial=True),
            )
        )

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """Textual's, less each key while it has nothing to act on: c while there is no code,
        ← → while there are not two tables, w and x while the entry under the cursor is not
        one that replays. The keys still act, and say in one line why they do nothing (as the
        menu's r and R show only while their game is listed). While the code is cut, v shows
        in the Footer in c's place (c still copies it, and is listed in the help)."""
        acting = keys_that_act(
            super().active_bindings, lambda action: self._why_idle(action) is not None
        )
        if not self._code.cut:
            return acting
        # c still copies a cut code, but v is what gets it whole to select: v takes c's place
        # in the Footer (which has no room for both at 80 columns), c stays in the help.
        return restated(
            acting,
            lambda binding: (
                replace(binding, show=False) if binding.action == "copy_code" else binding
            ),
        )

    @property
    def _shows_mahjong(self) -> bool:
        return bool(self.tables) and self._shown.table.kind == "mahjong"

    @property
    def SYMBOLS_NOTE(self) -> str | None:  # the app reads it of every screen
        """What the app's `s` says it turns on: Mahjong's symbols on a Mahjong table."""
        return MAHJONG_SYMBOLS_NOTE if self._shows_mahjong else None

    def _why_idle(self, action: str) -> str | None:
        """Why the key of `action` would do nothing now, or None if it would act."""
        if action == "copy_code":
            return self._code.why_not_copied()
        if action == "view_code":
            return self._code.why_not_viewed()
        if action.startswith("switch("):
            if len(self.tables) > 1:
                return None
            return ONE_TABLE if self.tables else NO_TABLES_TO_SWITCH
        if action == "watch":
            return self._checks.why_no_entry("to watch")
        if action == "challenge":
            why = self._checks.why_no_entry("to challenge with")
            if why is not None:
                return why
            over = race_over(self._shown.table, self.session.clock())
            return None if over is None else f"Nothing to challenge with: {over}."
        if action == "remove":
            return None if self._entry_under_cursor() else "No entry here to remove."
        return None

    def _entry_under_cursor(self) -> Entry | None:
        return self._shown.entry_at(self._grid.cursor_row)

    def on_data_table_row_highlighted(self, _: DataTable.RowHighlighted) -> None:
        """w and x show only while the entry under the cursor replays. What was said about the
        entry the cursor leaves goes ("Nothing to challenge with: this entry is refuted"): the
        cursor as it is now, not the event's row, which a table's refill can send after the
        cursor has moved on and a notice was given there (`b` right down `w` in one burst)."""
        self.refresh_bindings()
        if self._told_row is not None and self._grid.cursor_row != self._told_row:
            self._told_row = None
            self._clear_notice()

    def notice_shown(self) -> None:
        """A notice here speaks of the table or the entry under the cursor: it replaced those
        before it (`OneNoticeAtATime`), which spoke of another (or stacked, covered the table's
        columns), and goes when the cursor leaves the entry (a table shown afresh keeps it:
        `show`)."""
        self._told_row = self._grid.cursor_row

    def game_opened_over(self) -> None:
        """A game (a challenge raced from here) opened over the board: what its status line
        said ("Nothing was merged: …") is of before that game, and under the game's result
        when the player comes back it read as said of it."""
        self._told_row = None
        self._clear_notice()

    def _clear_notice(self) -> None:
        """The notice on the status line goes: it spoke of an entry or a table no longer shown."""
        self.query_one("#board-status", StatusLine).say("")

    def _title_style(self) -> Style:
        return self.get_component_rich_style("leaderboard--title", partial=True)

    def on_paste(self, event: events.Paste) -> None:
        tell_where_codes_go(self, event.text, ON_A_LEADERBOARD)

    def on_resize(self, event: events.Resize) -> None:
        """The code takes the room of the new size (the Screen's own handler runs too), also
        under a dialog, where the screen shows dimmed. There Textual lays the screen out for
        the new size before it tells it (the dialog's resize does), and the code drawn now
        kept the height laid out for the code drawn before: drawn again once that layout is
        done, it is laid out with its own height."""
        self._code.draw()
        if not self.is_active:
            self.call_after_refresh(self._code.draw_again)

    def on_screen_resume(self) -> None:
        """Back on top, the code takes the room of the size it is shown at: under a screen of
        its own (import, a replay) this one is not told the resizes, and kept the room of a
        size the terminal had meanwhile (the mixins' handlers run too)."""
        self._code.draw_again()

    def action_view_code(self) -> None:
        """The shown code whole, in a view of its own that scrolls."""
        self._code.view_whole()

    def action_switch(self, step: int) -> None:
        why = self._why_idle("switch()")
        if why is not None:
            self.notify(why, severity="warning")
            return
        self._shown.switch(step)
        # What was said about the last table's entries would stay under this one's rows.
        self._clear_notice()
        self.show()

    def action_watch(self) -> None:
        """Play back the game of the entry under the cursor."""
        entry = self._checks.verified_entry("to watch")
        if entry is not None:
            self.post_message(self.Watch(self._shown.table, entry))

    def action_challenge(self) -> None:
        """The challenge code of the entry under the cursor: shown instead of the table's code
        (to select) and sent to the clipboard."""
        why = self._why_idle("challenge")  # the entry's verdict, or its day over
        if why is not None:
            self.notify(why, severity="warning")
            return
        place = self._grid.cursor_row + 1
        name = self.entries[place - 1].name
        self._checks.challenge(place, lambda code: self._code.challenge(code, place, name))

    def action_remove(self) -> None:
        """Take the entry under the cursor out of this table, once the player says yes
        (`EntryRemoval`)."""
        entry = self._entry_under_cursor()
        if entry is None:
            self.notify("No entry here to remove.", severity="warning")
            return
        self._removal.ask(self._grid.cursor_row + 1, entry)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Keys typed on with d are dropped, as the question drops them: x acted under it (its
        # code shown, its notice in a corner). The app's keys (help, quit) still act, and the
        # question then does not come (`EntryRemoval`); so does leaving (esc, q), which
        # cancels the read the question waits for: a slow disk must not hold the player here.
        return action == "dismiss" or not self._removal.asking

    def action_copy_code(self) -> None:
        self._code.copy()

    def action_import_code(self) -> None:
        """The app imports, as from the menu (a challenge code is offered as a game), and this
        screen shows the table the code went into."""
        self.post_message(self.Import(self.show_merged))
