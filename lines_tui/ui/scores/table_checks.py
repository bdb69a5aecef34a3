"""The replays' verdicts on the leaderboard's table shown: each entry's mark, the table's share
code, which entries can be watched or challenged, and a verified entry's challenge code."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, TypeVar

from textual.coordinate import Coordinate

from lines_tui.store import Entry, StoreError, TableId
from lines_tui.store.sharing import challenge_code, share_code
from lines_tui.store.verify import CheckedTable, FindLayout, check_table
from lines_tui.ui.scores.board import Board
from lines_tui.ui.scores.code_shown import command_prints_it
from lines_tui.ui.scores.entries import PROOF_COLUMN, proof_cell
from lines_tui.ui.store_thread import load

if TYPE_CHECKING:
    from lines_tui.engine.mahjong.layouts import Layout

T = TypeVar("T")


def checked_and_code(
    checked: CheckedTable, find_layout: FindLayout, played_here: Mapping[str, Layout]
) -> tuple[CheckedTable, str, str, bool]:
    """The verdicts, the table's share code or why there is none (`find_layout`: as for
    `share_code`), and whether the command line prints that code (`command_prints_it`, of
    the layouts `played_here`: it reads the layout folders, so on the store's thread too)."""
    prints = command_prints_it(checked.table, played_here)
    try:
        return checked, share_code(checked, find_layout), "", prints
    except StoreError as error:
        return checked, "", f"No share code: {error}", prints


class TableChecks:
    """The games of the table shown on the `board` replayed on the session's store thread:
    their verdicts (`checked`) mark its rows, and `show_code(code, problem, prints)` shows
    the share code made of them (or why there is none, and whether the command line prints
    it)."""

    def __init__(
        self,
        board: Board,
        show_code: Callable[[str, str, bool], None],
    ) -> None:
        self._board = board
        self._show_code = show_code
        self.checked: CheckedTable | None = None  # the shown table's verdicts, once replayed
        self.replay_failed = ""
        """Why the shown table's games could not be replayed ("" unless that failed)."""

    def start(self, table: TableId, entries: tuple[Entry, ...]) -> None:
        """Replay the games of `entries`, now shown of `table`; what was said of the table
        shown before goes."""
        self.checked = None
        self.replay_failed = ""
        if not entries:
            return
        checker = self._board.session.checkers().own()
        played = self._board.session.played_layouts
        load(
            self._board.screen,
            self._board.session.io,
            lambda: checked_and_code(
                check_table(table, entries, checker), checker.find_layout, played
            ),
            self._show_checked,
            self._replay_failed,
            group="code",
        )

    def why_no_entry(self, purpose: str) -> str | None:
        """Why the entry under the cursor has nothing `purpose` ("to watch"), or None if its
        replay verifies it (the ✓ it is marked with)."""
        row = self._board.grid.cursor_row
        if self._board.shown.entry_at(row) is None:
            return f"No entry here {purpose}."
        if self.checked is None and self.replay_failed:
            return f"Nothing {purpose}: the games could not be replayed: {self.replay_failed}"
        if self.checked is None:
            return f"The games are still being replayed, nothing {purpose} yet."
        verdict = self.checked.verdicts[row]
        if verdict.status != "verified":
            return f"Nothing {purpose}: this entry is {verdict.line()}."
        return None

    def verified_entry(self, purpose: str) -> Entry | None:
        """The entry under the cursor if its replay verifies it; else a notice says why not."""
        why = self.why_no_entry(purpose)
        if why is not None:
            self._board.screen.notify(why, severity="warning")
            return None
        return self._board.shown.entries[self._board.grid.cursor_row]

    def challenge(self, place: int, then: Callable[[str], None]) -> None:
        """The challenge code of the entry at `place`, made of its verdict on the store thread,
        then `then(code)`; a failure is told. Nothing while the games are still replayed (the
        key says so: `why_no_entry`)."""
        checked, session = self.checked, self._board.session
        if checked is None:
            return
        now = session.clock()
        load(
            self._board.screen,
            session.io,
            lambda: challenge_code(checked, place, session.find_layout, now),
            self._while_shown(checked, then),
            self._while_shown(
                checked, lambda error: self._board.screen.notify(str(error), severity="error")
            ),
            group="challenge",
        )

    def _while_shown(self, of: CheckedTable, then: Callable[[T], None]) -> Callable[[T], None]:
        """`then`, given an answer about the table `of`, unless the screen shows another table
        by now (another was shown, read again after an import or a removal): a challenge code's
        label and command would name that one's entry, an error would speak of a table gone."""

        def answered(answer: T) -> None:
            if self.checked is of:
                then(answer)

        return answered

    def _replay_failed(self, error: StoreError) -> None:
        self.replay_failed = str(error)
        self._show_code("", f"No share code: {error}", False)

    def _show_checked(self, checked: tuple[CheckedTable, str, str, bool]) -> None:
        verdicts, code, problem, prints = checked
        grid, shown = self._board.grid, self._board.shown
        if verdicts.entries != shown.entries or grid.row_count != len(verdicts.verdicts):
            # The rows it was made for are gone: the screen is closing (the app quit while the
            # games were replayed), or shows other rows.
            return
        self.checked = verdicts
        for row, verdict in enumerate(verdicts.verdicts):
            grid.update_cell_at(Coordinate(row, PROOF_COLUMN), proof_cell(verdict.status))
        self._show_code(code, problem, prints)
