"""How big a Lines cell is drawn at each scale, the pictures of its ball area, and how big the
board is then: what the board and the replay fit to the terminal."""

from __future__ import annotations

from dataclasses import dataclass

from textual.geometry import Size

from lines_tui.engine.lines.cell_names import row_number


def gutter_width(size: int) -> int:
    """Columns left of the cells of a `size` x `size` board: its longest row number and a space."""
    return len(row_number(size - 1)) + 1


HEADER = 1
"""Rows above the cells for the column letters."""


@dataclass(frozen=True)
class CellShape:
    """How big one cell is drawn at a scale, and the pictures of its ball area, one string per
    ball row, each `ball_width` characters wide. Column 0 and the column after the ball hold the
    cursor's frame."""

    width: int
    height: int
    ball: tuple[str, ...]
    preview: tuple[str, ...]  # a smaller ball of the same colour, centred
    dotted_hole: tuple[str, ...]  # an empty cell where shades of grey fail (else a dark ball)
    cursor: tuple[tuple[str, str], ...]  # left and right frame characters per ball row
    held: tuple[str, str] | None
    """The marks beside a selected ball without the cursor where its picture cannot show it: at
    the smallest scale, where in symbols mode a ball is its letter on a block, as a selected
    ball's would be (None at the others, whose selected ball is a solid block)."""

    @property
    def ball_width(self) -> int:
        return len(self.ball[0])

    @property
    def ball_rows(self) -> int:
        return len(self.ball)

    @property
    def middle(self) -> tuple[int, int]:
        """(ball row, column) of the ball's centre: where a letter or a mark goes."""
        return self.ball_rows // 2, self.ball_width // 2

    def marked(self, mark: str) -> tuple[str, ...]:
        """Blank ball rows with `mark` at the centre."""
        return _centred(len(self.ball), len(self.ball[0]), mark)


def _centred(rows: int, width: int, mark: str) -> tuple[str, ...]:
    """`rows` blank rows of `width` with `mark` in the middle one, at the middle column."""
    row, col = rows // 2, width // 2
    blank = " " * width
    return tuple(blank[:col] + mark + blank[col + 1 :] if i == row else blank for i in range(rows))


def _shape(width: int, height: int, ball: tuple[str, ...], preview: tuple[str, ...]) -> CellShape:
    """A scale's shape: the cursor frames the ball, an empty cell is a dot at its centre."""
    held: tuple[str, str] | None = None
    if len(ball) == 1:
        cursor: tuple[tuple[str, str], ...] = (("[", "]"),)
        held = ("(", ")")
    else:
        cursor = (("╭", "╮"), *((("│", "│"),) * (len(ball) - 2)), ("╰", "╯"))
    dotted = _centred(len(ball), len(ball[0]), "·")
    return CellShape(width, height, ball, preview, dotted, cursor, held)


# Terminal cells are about twice as tall as wide: a cell 5 wide and 2 high is about square, and a
# ball 3 wide and 1.5 high is round.
SCALES: tuple[CellShape, ...] = (
    _shape(3, 1, ("●",), ("•",)),
    _shape(5, 2, ("▗▄▖", "▜█▛"), ("   ", " ● ")),
    _shape(9, 4, ("▗▄███▄▖", "███████", "▝▀███▀▘"), ("       ", "  ▐█▌  ", "       ")),
)


def board_size_for(scale: int, size: int) -> Size:
    """Outer size (labels, cells and the one-cell border) of a `size` x `size` board at `scale`."""
    shape = SCALES[scale]
    return Size(gutter_width(size) + shape.width * size + 2, HEADER + shape.height * size + 2)


def largest_scale_within(room: Size, size: int) -> int:
    """The largest scale at which a `size` x `size` board fits `room` (0, the smallest, if none
    does: the screen then covers itself with the enlarge message)."""
    largest = 0
    for scale in range(len(SCALES)):
        board = board_size_for(scale, size)
        if board.width <= room.width and board.height <= room.height:
            largest = scale
    return largest
