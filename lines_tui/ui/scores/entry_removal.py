"""d on the leaderboard: which tables count the entry under the cursor, read first, then the
question naming them, then the removal."""

from __future__ import annotations

from collections.abc import Callable

from lines_tui.store import Entry, StoreError, TableId
from lines_tui.ui.dialogs import ConfirmScreen
from lines_tui.ui.scores.board import Board
from lines_tui.ui.scores.entries import entry_said
from lines_tui.ui.sentences import ended
from lines_tui.ui.session import Session
from lines_tui.ui.store_thread import load, write


def tables_named(tables: tuple[TableId, ...], session: Session) -> str:
    """The tables a result goes from, by title (`Session.table_title`): "Lantern, deal 48 and
    from Lantern"."""
    return " and from ".join(session.table_title(table) for table in tables)


class EntryRemoval:
    """Removes an entry of the table shown on the `board` once the player says yes, then
    `reload(table, place)`s the tables, the cursor staying on the place."""

    def __init__(self, board: Board, reload: Callable[[str, int], None]) -> None:
        self._board = board
        self._reload = reload
        self.asking = False
        """d reads which tables count the entry, and its question is about to show."""

    def ask(self, place: int, entry: Entry) -> None:
        """Take `entry`, shown at `place`, out of the table shown, once the player says yes: a
        result of a file edited by hand (refuted) blocks the table's share code until it goes.
        The question names every table the result goes from (a random deal's result is one
        result in its deal's table too), as the store reads them first: the tables listed here
        leave out the deal's table of one player's random deal, which still counts it."""
        screen, session, tables = self._board.screen, self._board.session, self._board.shown
        store = session.store
        table = tables.table
        said = entry_said(table, place, entry)
        title = session.table_title(table)  # a layout from a file: its own
        shown = tables.entries

        def removed(taken_from: tuple[TableId, ...]) -> None:
            screen.notify(ended(f"Removed {said} from {tables_named(taken_from, session)}"))
            self._reload(str(table), place)

        def failed(error: StoreError) -> None:
            self.asking = False
            screen.notify(ended(f"Not removed: {error}"), severity="error")
            self._reload(str(table), place)

        def answered(yes: bool | None) -> None:
            if yes:
                write(
                    screen,
                    session.io,
                    lambda: store.remove_entry(table, entry, title),
                    removed,
                    failed,
                )

        def ask(counted_in: tuple[TableId, ...]) -> None:
            self.asking = False
            # Another table shown meanwhile, or this one read again; or another screen opened
            # (the read waits behind the replays, or another copy's lock): the question would
            # come over it, where y removes an entry out of sight.
            if tables.entries is not shown or screen.app.screen is not screen:
                return
            where = tables_named(counted_in, session)
            question = f"Remove {said} from {where}? This cannot be undone."
            screen.app.push_screen(ConfirmScreen(question, title="Remove entry"), answered)

        self.asking = True
        load(
            screen,
            session.io,
            lambda: store.counted_in(table, entry, title),
            ask,
            failed,
            group="remove",
        )
