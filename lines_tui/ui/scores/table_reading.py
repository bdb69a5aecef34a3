"""Reading the leaderboards off the UI thread, each read with the scores file's stamp, so that
what another copy of lines-tui or a command writes is seen and read again (`OutsideChanges`)."""

from __future__ import annotations

from collections.abc import Callable

from lines_tui.store import Snapshot, StoreError, TableId
from lines_tui.store.score_file import Stamp
from lines_tui.ui.scores.board import Board
from lines_tui.ui.scores.outside_changes import OutsideChanges
from lines_tui.ui.store_thread import load

LOADING = "Reading the leaderboards…"
UNREAD_TABLES = (
    "The leaderboards could not be read (the notice says why), so none is shown; nothing was "
    "changed. Open them again to read them again."
)
READ_AGAIN = "Read again: another lines-tui or a command changed the scores."
"""The status line when the table shown changed under the screen (`OutsideChanges`)."""


class TableReading:
    """Reads the tables for the `board` on the session's store thread into its tables shown,
    then shows them (`show(rank)`, the entry of that rank under the cursor). `say` puts a line in
    the code's place (the read under way, or failed), `tell` one on the status line, and
    `recounted` draws the heading again when only the count of tables moved."""

    def __init__(
        self,
        board: Board,
        show: Callable[[int | None], None],
        say: Callable[[str], None],
        tell: Callable[[str], None],
        recounted: Callable[[], None],
    ) -> None:
        self._board = board
        self._show = show
        self._say = say
        self._tell = tell
        self._recounted = recounted
        stamp = board.session.store.scores_stamp
        self._outside = OutsideChanges(board.screen, board.session.io, stamp, self._read_again)

    def watch(self) -> None:
        """Read again whenever the scores file changes (`OutsideChanges`)."""
        self._outside.watch()

    def read(self, wanted: str | None, rank: int | None) -> None:
        """Read every table again, then show `wanted` with `rank` marked."""
        self._say(LOADING)
        try:
            table = TableId.parse(wanted) if wanted else None
        except ValueError as error:
            self._board.screen.notify(str(error), severity="error")
            table = None

        def failed(error: StoreError) -> None:
            self._board.screen.notify(
                f"The leaderboards could not be read: {error}", severity="error"
            )
            self._loaded(None, table, rank)
            self._say(UNREAD_TABLES)

        self._read(table, lambda snapshot: self._loaded(snapshot, table, rank), failed)

    def _read_again(self) -> None:
        """Another copy of lines-tui, or the command line, wrote the scores (`OutsideChanges`):
        read them again in the background. Where the table shown is as it was (another table
        changed, a player was registered), only the heading's count of tables may move; else
        the table is drawn again, with the cursor on the entry it was on, and the status line
        says why. A read that comes once the screen changed is dropped, and made again."""
        shown, store = self._board.shown, self._board.session.store
        table = shown.table_if_any
        under_cursor = shown.entry_at(self._board.grid.cursor_row)
        warned = len(store.warnings)
        shown_then = shown.entries

        def loaded(snapshot: Snapshot) -> None:
            if (
                shown.table_if_any != table
                or shown.entries is not shown_then
                or not self._board.screen.is_active
            ):
                # Another table shown meanwhile, or a question came over this one (a removal's
                # names the entry's place): read again once the screen is as it was read for.
                self._outside.not_shown()
                return
            shown.snapshot = snapshot  # the other tables as they are now, when shown
            listed = sorted({*snapshot.tables, *([table] if table else [])}, key=TableId.sort_key)
            entries = snapshot.tables.get(table, ()) if table else ()
            if entries == shown.entries and (table is not None or not listed):
                if listed != shown.tables:  # another table came or went: its count moves
                    shown.listed(listed)
                    self._recounted()
                return
            row = self._board.grid.cursor_row  # the entry gone: its place
            rank = entries.index(under_cursor) + 1 if under_cursor in entries else row + 1
            self._loaded(snapshot, table, rank)
            if len(store.warnings) == warned:  # else the file's notice says what happened
                self._tell(READ_AGAIN)

        def failed(error: StoreError) -> None:
            self._board.screen.notify(
                f"The leaderboards could not be read again: {error}", severity="error"
            )

        self._read(table, loaded, failed)

    def _read(
        self,
        table: TableId | None,
        then: Callable[[Snapshot], None],
        failed: Callable[[StoreError], None],
    ) -> None:
        """Every table read on the store thread (`Store.snapshot`), then `then(snapshot)`, or
        `failed(error)`. The scores file's stamp is taken first, so that a write during the
        read is seen at the next look (`OutsideChanges`); after a failure the tables are read
        again once the file changes (mended, say), not at every look."""
        session = self._board.session
        store = session.store
        taken: list[Stamp] = []

        def read() -> Snapshot:
            taken.append(store.scores_stamp())
            snapshot = store.snapshot(table)
            session.learn_titles([*snapshot.tables, *([table] if table else [])])
            return snapshot

        def loaded(snapshot: Snapshot) -> None:
            self._outside.shown(taken[0])
            then(snapshot)

        def refused(error: StoreError) -> None:
            self._outside.shown(taken[0] if taken else None)
            failed(error)

        self._outside.reading()
        load(self._board.screen, self._board.session.io, read, loaded, refused, group="tables")

    def _loaded(self, snapshot: Snapshot | None, table: TableId | None, rank: int | None) -> None:
        self._board.shown.read(snapshot, table)
        self._show(rank)
