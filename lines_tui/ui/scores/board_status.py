"""The leaderboard's status line, and the rows of the table a long notice may take."""

from __future__ import annotations

from textual.geometry import Size

from lines_tui.ui.status_line import StatusLine

ROWS_UNDER_A_NOTICE = 2
"""The rows a notice longer than the status line's own row leaves the table as it grows up
over the table's rows: its heading and the row under the cursor (which the table scrolls to)."""


class BoardStatus(StatusLine):
    """The leaderboard's status line: shown only while it has a notice, the table taking its
    row meanwhile (a 10-row table shows whole at 80 x 24). The code's room leaves that row all
    the while (`board_code.LINES_BESIDE_THE_CODE`), so a notice that comes takes it from the
    table's rows, never from the code. A notice of several lines (what an import merged, and
    what it left out) is told in a row, its lines one after the other."""

    OF_A_GAME = False  # a damaged file set aside is told whole, what it means for the scores

    def say(self, message: str, important: bool = False) -> None:
        self.display = bool(message)
        super().say(" ".join(message.split("\n")), important)


def notice_room(rows: Size) -> int:
    """The rows the leaderboard's status line may take of the `rows` under the code (README,
    "The status line"): one, and for a longer notice all but `ROWS_UNDER_A_NOTICE`."""
    return max(1, rows.height - ROWS_UNDER_A_NOTICE)
