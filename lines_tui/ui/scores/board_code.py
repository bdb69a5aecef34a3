"""The share code the leaderboard shows above the table's rows, in the room the screen leaves
it: whole, or cut with a line that says so; v shows a cut code whole, c copies the table's code,
x shows an entry's challenge code in its place."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from lines_tui.outside_text import printable
from lines_tui.store.names import MAX_NAME_COLUMNS
from lines_tui.ui.dialogs import CodeScreen
from lines_tui.ui.scores.board import Board
from lines_tui.ui.scores.code_shown import CodeShown, export_command
from lines_tui.ui.store_thread import still_there

MAKING_CODE = "Replaying the games and making the share code…"
SHARE_CODE_LABEL = "Share code of this table:"
NO_CODE_YET = "No share code yet: a table gets one once it has a result."
CODE_COMING = "The share code is still being made; c copies it once it shows."
NO_CODE_SEE_WHY = "This table has no share code: the line above says why."
"""What c says while there is no code to copy (its Footer key shows only while there is)."""
CODE_IN_SIGHT = "The whole code is in sight above: select it, or c copies it."
"""What v says while the code is not cut (its Footer key shows only while it is)."""
CHALLENGE_IN_SIGHT = "The whole code is in sight above: select it, or x copies it again."
"""What v says while a challenge code shows whole: c would copy the table's code instead (a
player review: a friend was sent the table's code)."""
COPIED = "Share code sent to the clipboard; if your terminal refuses, "
SELECT_IT = "select it above."
SELECT_IT_WHOLE = "v shows it whole."
"""What c says after `COPIED` while the screen cuts the code: none can select it cut."""
CHALLENGE_SENT = "Challenge code shown above and sent to the clipboard, for a friend to import."
C_COPIES_IT = "c copies it"
X_SENT_IT = "x sent it to the clipboard"
"""How a challenge code shown was copied, as its cut note says: c copies the table's code."""
LINES_BESIDE_THE_CODE = 7
"""The heading (2 lines), the legend, the code's label, the table's heading, the status line
(its row is left for it while it shows nothing too: `BoardStatus`) and the Footer."""
ROWS_KEPT_IN_SIGHT = 5
"""The rows of entries a code leaves in sight, however long: beyond, it is cut (and says so)."""
MIN_CODE_ROOM = 4
"""The fewest lines the code is given, however short the screen: one line of the code and,
under it, the note that says it is cut (two lines at 80 columns, then the command's own line,
cut at the edge where wider: `CodeShown.cut_note`), so that a cut code always shows some of
itself and says so. At 80 x 16, the least this screen is laid out for
(`size_guard.SCREEN_LEAST`), the room is 4 lines with 5 rows in sight; it binds only on a
shorter terminal, under the size guard."""


class BoardCode:
    """The code shown on the `board`'s screen (in its #board-code-label and #board-code), for
    the table it shows: the table's share code (`code`, or `no_code`, why there is
    none), or an entry's challenge code, or a line in its place while there is neither. Its
    keys' Footer entries follow what it shows (`screen.refresh_bindings`)."""

    def __init__(self, board: Board) -> None:
        self._board = board
        self.code = ""
        self.no_code = NO_CODE_YET
        """Why there is no `code` (what c says then)."""
        self._shown: CodeShown | None = None
        """The code shown, if one is (the table's or a challenge's), with how to get it whole."""
        self._label = ""
        self._text = ""
        """What shows in the code's place while there is no code."""
        self.cut = False
        """Whether the screen has no room for the whole code shown (v then shows it whole)."""
        self._command_prints = False
        """Whether `lines-tui scores export` prints the shown table's code (and its entries'
        challenges): the screen offers the command only then (`command_prints_it`)."""

    def say(self, text: str) -> None:
        """`text` in the code's place, with no label: why there is no code to show (yet)."""
        self._show_line("", text)

    def none(self, why: str) -> None:
        """The shown table has no code (yet), `why` being what c says."""
        self._set("", why)

    def show(self, code: str, problem: str, prints: bool) -> None:
        """The shown table's `code`, or the `problem` that there is none; whether the command
        line `prints` it (`command_prints_it`)."""
        self._command_prints = prints
        self._set(code, NO_CODE_SEE_WHY)
        if code:
            self._show_table_code()
        else:
            self.say(problem)

    def challenge(self, code: str, place: int, name: str) -> None:
        """The challenge code of entry `place` (its player `name`) of the table shown, in the
        table's code's place (to select) and sent to the clipboard."""
        shown = printable(name, MAX_NAME_COLUMNS)
        self._show_line(
            f"Challenge code of #{place} ({shown}):",
            code,
            CodeShown(code, self._command(place), X_SENT_IT),
        )
        self._board.screen.app.copy_to_clipboard(code)
        self._board.screen.notify(CHALLENGE_SENT)

    def why_not_copied(self) -> str | None:
        """Why c would do nothing now, or None if it would copy."""
        return None if self.code else self.no_code

    def why_not_viewed(self) -> str | None:
        """Why v would do nothing now, or None if it would show the code whole."""
        if self._shown is None:
            return self.no_code
        if self.cut:
            return None
        return CHALLENGE_IN_SIGHT if self._shown.copied == X_SENT_IT else CODE_IN_SIGHT

    def copy(self) -> None:
        """The table's code to the clipboard, shown in the place of a challenge code (x): the
        code to select is the one copied."""
        if not self.code:
            self._board.screen.notify(self.no_code, severity="warning")
            return
        self._show_table_code()
        self._board.screen.app.copy_to_clipboard(self.code)
        self._board.screen.notify(COPIED + (SELECT_IT_WHOLE if self.cut else SELECT_IT))

    def view_whole(self) -> None:
        """The shown code whole, in a view of its own that scrolls."""
        why = self.why_not_viewed()
        shown = self._shown
        if why is not None or shown is None:
            self._board.screen.notify(why or NO_CODE_SEE_WHY, severity="warning")
            return
        board, label = self._board, self._label.removesuffix(":")
        whose = f"{label} ({board.session.table_title(board.shown.table)})"
        board.screen.app.push_screen(
            CodeScreen(shown.code, shown.explained(whose), label, shown.command)
        )

    def draw(self) -> None:
        """The code as the screen's size lets it show: whole, or cut with a line that says so
        (`CodeShown.fitted`)."""
        screen = self._board.screen
        view = screen.query_one("#board-code", Static)
        shown = self._shown
        if shown is None:
            view.update(self._text)
            self.cut = False
        else:
            width = screen.app.size.width - 2  # the code's padding
            room = self._room()
            self.cut = shown.lines_needed(width) > room
            cut_style = screen.get_component_rich_style("leaderboard--cut", partial=True)
            view.update(shown.fitted(width, room, screen.app.console, cut_style))
        screen.refresh_bindings()

    def draw_again(self) -> None:
        """`draw`, once the screen's layout is done, unless it is closing meanwhile (its widgets
        go before it does)."""
        if still_there(self._board.screen):
            self.draw()

    def _show_line(self, label: str, text: str, shown: CodeShown | None = None) -> None:
        """The code shown (`shown`, or why there is none), under a label that says whose code
        it is."""
        label_view = self._board.screen.query_one("#board-code-label", Static)
        label_view.update(Text(label))
        label_view.display = bool(label)
        self._shown, self._label, self._text = shown, label, text
        self.draw()

    def _show_table_code(self) -> None:
        """The table's share code (`code`), under its label."""
        shown = CodeShown(self.code, self._command(), C_COPIES_IT)
        self._show_line(SHARE_CODE_LABEL, self.code, shown)

    def _command(self, challenge_of: int | None = None) -> str:
        """The command line that prints the shown table's code (of its entry `challenge_of`'s
        challenge), or "" if it would not print the code shown (`command_prints_it`) or name
        the data folder as shown (`export_command`)."""
        if not self._command_prints:
            return ""
        board = self._board
        return export_command(board.shown.table, board.session.store.data_dir, challenge_of)

    def _set(self, code: str, why_none: str) -> None:
        """The shown table's code ("" while there is none, `why_none` saying why): c, in the
        Footer and the help only while there is one to copy."""
        self.code, self.no_code = code, why_none
        self._board.screen.refresh_bindings()

    def _room(self) -> int:
        """The lines the code may take: what the screen leaves once the heading, the labels,
        the Footer and the table's heading and first rows (up to 5) have theirs."""
        board = self._board
        rows = min(len(board.shown.entries), ROWS_KEPT_IN_SIGHT)
        return max(MIN_CODE_ROOM, board.screen.app.size.height - LINES_BESIDE_THE_CODE - rows)
