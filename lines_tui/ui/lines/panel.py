"""The score panel beside the Lines board: score, the deal (one of the day or chosen by number),
whether the game is not saved, player, time, the next balls, the colours' prices and the status
line."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Size
from textual.widgets import Static

from lines_tui.engine.lines import COLOUR_NAMES, COLOURS, PRICES
from lines_tui.ui.lines.board import SYMBOLS, Cell, LinesBoard
from lines_tui.ui.status_line import NotSavedMark, StatusLine

SIDE_MIN_WIDTH = 28  # the score panel's narrowest readable width, padding included
SIDE_PADDING = 2
# The panel without its spacing (class -short): score 1, the "not saved" mark 1 (while it shows),
# player 1, time 1, next 1, legend 4 (named, in a panel 31 columns wide or more; in a narrower
# one 2, and a long player's line 2), message 3; and the deal's name 1, while it shows
# (`DEAL_NAME_HEIGHT`).
SIDE_MIN_HEIGHT = 12
DEAL_NAME_HEIGHT = 1
NAMED_LEGEND_WIDTH = 29  # "● violet 13   ● light blue 11"


class LinesPanel(Vertical):
    """The panel's fields, each filled in by the screen (`GameScreen.show_field`)."""

    def compose(self) -> ComposeResult:
        yield Static(id="lines-score", markup=False)
        yield Static(id="lines-deal", markup=False)
        yield NotSavedMark()
        yield Static(id="lines-player", markup=False)
        yield Static(id="lines-time", markup=False)
        yield Static(id="lines-next", markup=False)
        yield Static(id="lines-legend", markup=False)
        yield StatusLine(id="lines-message", room=self.notice_room)

    def notice_room(self, _: Size) -> int | None:
        """The rows from the status line's top down to the board's last row, as last laid out
        (None before that): a longer notice would make the panel taller than the board, and both,
        centred together, would move. The screen lays the line out again once resized
        (`LinesScreen.fit`)."""
        lines, boards = self.query(StatusLine), self.screen.query(LinesBoard)
        if not (lines and boards):
            return None  # taken down: the screen is closing
        line, board = lines.first(), boards.first()
        if not (line.region and board.region):
            return None
        return board.region.bottom - line.region.y


def next_balls(board: LinesBoard, preview: Sequence[tuple[Cell, str]]) -> Text:
    """The colours of the balls due next, drawn as the board draws them."""
    text = Text("Next  ")
    for _, colour in preview:
        text.append(*board.ball_mark(colour))
        text.append(" ")
    if not preview:
        text.append("none")
    return text


def legend(board: LinesBoard, side_width: int) -> Text:
    """Each colour with its price: with names where the panel (`side_width` wide) has room for
    them, else in a compact four-a-line form with each colour's letter (the ball's own in
    symbols mode, after the ball otherwise: "●R 5"), so that no price is told by colour alone."""
    named = side_width - SIDE_PADDING >= NAMED_LEGEND_WIDTH
    text = Text()
    for index, colour in enumerate(COLOURS):
        per_line = 2 if named else 4
        if index:
            # Named entries are padded to a column of their own; compact ones need a gap.
            text.append("\n" if index % per_line == 0 else "" if named else "  ")
        text.append(*board.ball_mark(colour))
        if named:
            entry = f" {COLOUR_NAMES[colour]} {PRICES[colour]}"
            text.append(entry.ljust(13) if index % 2 == 0 else entry)
        else:
            letter = "" if board.symbols else SYMBOLS[colour]
            text.append(f"{letter} {PRICES[colour]}")
    return text
