"""Names of the cells of a Lines board, as printed on its edges and typed to reach a cell.

Rows are numbered from 1 at the top, columns lettered from `a` at the left (README, "Keys"). A
cell is typed row first, then column: `7c` is row 7, column c. Row first, because the letters are
free only after a number: before it, `a`, `h`, `j`, `k`, `l`, `n` and `q` are keys of their own.
Boards go up to 15 x 15, so a row is one or two digits, and the letter that follows ends the name:
no key press is ever ambiguous and no timeout is needed. Any cell is at most three keys away
(`12c`), and two on a board up to 9 x 9.
"""

from __future__ import annotations

import string

from lines_tui.engine.lines.geometry import Cell
from lines_tui.engine.lines.rules import BOARD_SIZES

COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"[: max(BOARD_SIZES)]
"""Column letters, left to right, for the widest board."""


def column_letter(col: int) -> str:
    return COLUMN_LETTERS[col]


def row_number(row: int) -> str:
    return str(row + 1)


def cell_name(cell: Cell) -> str:
    """What to type to reach `cell`, e.g. (6, 2) -> "7c"."""
    row, col = cell
    return row_number(row) + column_letter(col)


def is_row_digit(key: str) -> bool:
    """A key that types a row number: 0-9 only (str.isdigit also takes ² and ٤, which int()
    refuses or reads as another digit)."""
    return len(key) == 1 and key in string.digits


class CellTyping:
    """The row and column keys typed so far on a `size` x `size` board.

    Digits build the row number; a digit that would take it past the board starts a new number
    (so a mistyped row is fixed by typing the right one). A column letter after a row names a cell.
    """

    def __init__(self, size: int) -> None:
        if size not in BOARD_SIZES:
            raise ValueError(f"no {size} x {size} board")
        self.size = size
        self._row_digits = ""

    @property
    def pending_row(self) -> int | None:
        """The row typed so far (0 at the top), or None while no row number is typed."""
        return int(self._row_digits) - 1 if self._row_digits else None

    def is_column(self, key: str) -> bool:
        """Whether `key` is one of this board's column letters."""
        return len(key) == 1 and key in COLUMN_LETTERS[: self.size]

    def digit(self, key: str) -> None:
        """Add a digit to the row number; one that makes no row starts over."""
        if not is_row_digit(key):
            raise ValueError(f"{key!r} is not a digit")
        for digits in (self._row_digits + key, key):
            if 1 <= int(digits) <= self.size:
                self._row_digits = digits
                return
        self._row_digits = ""

    def column(self, key: str) -> Cell | None:
        """The cell named by the row typed so far and this column letter (the typing then starts
        over), or None if no row is typed or the letter is no column of this board."""
        row = self.pending_row
        if row is None or not self.is_column(key):
            return None
        self._row_digits = ""
        return (row, COLUMN_LETTERS.index(key))

    def clear(self) -> None:
        self._row_digits = ""
