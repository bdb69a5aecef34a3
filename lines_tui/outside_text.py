"""Text that comes from outside the program — names, layout titles, file paths, share codes,
anything read from a file, a paste or the command line — made inert before it is shown.

Inert means: never read as Rich markup (it travels as a `Text`, not a markup string), and never
able to reach the terminal as a control sequence. Rich's `Text` keeps ESC and most other control
characters, so an escape in a file name would still clear the screen or write the clipboard
(OSC 52); here every control or invisible formatting character is shown as a visible escape
(`\\xNN`, `\\uNNNN`).
The CLI and every widget show outside text through this module (README, "Outside text").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from rich.cells import cell_len
from rich.text import Text

from lines_tui.engine.visible_text import spelled_out, spelled_within


def printable(text: str, max_width: int | None = None) -> str:
    """`text` with every control or invisible character spelled out as an escape, cut with an
    ellipsis to at most `max_width` terminal cells when a width is given."""
    if max_width is None:
        return spelled_out(text)
    return spelled_within(text, max_width, cell_len) if max_width > 0 else ""


def printable_column(text: str, width: int) -> str:
    """`printable` cut to `width` terminal cells and padded to exactly that: one column of a
    table printed to a terminal (a wide character, such as a CJK one, takes two cells, so
    Python's own padding by characters would push the next column)."""
    shown = printable(text, width)
    return shown + " " * (width - cell_len(shown))


def printable_path_column(text: str, width: int) -> str:
    """`printable_column` for a column of paths (or names): a path too wide gives up its
    folders first, down to an ellipsis, so its file's name stays in sight."""
    shown = spelled_out(text)
    return printable_column(_folders_first(shown, _folders(shown, (0, len(shown))), width), width)


def column_width(cells: Iterable[str], max_width: int | None = None) -> int:
    """The width of a column of `cells`, as `printable` shows them, in terminal cells: that of
    the widest one, or `max_width` if it is less (`printable_column` cuts the wider ones)."""
    width = max((cell_len(printable(cell)) for cell in cells), default=0)
    return width if max_width is None else min(width, max_width)


def printable_in_row(text: str, width: int) -> str:
    """`printable` cut to one row of `width` cells, a path first: its folders give way to an
    ellipsis, so what follows the path (the reason an error gives) stays in sight. A path starts
    a word with / or ~ and runs to the ": " before the reason (it may hold spaces, as macOS's
    "Application Support" does)."""
    shown = spelled_out(text)
    return _folders_first(shown, _folders(shown), width)


def _folders_first(shown: str, folders: tuple[str, str, str] | None, width: int) -> str:
    """`shown` (spelled out) cut to `width` cells, the `folders` of its path (`_folders`)
    giving up what the row lacks first, down to the ellipsis alone."""
    excess = cell_len(shown) - width
    if excess <= 0:
        return shown
    if folders:
        before, head, after = folders
        shown = before + printable(head, max(cell_len(head) - excess, 1)) + after
    return printable(shown, width)


_PATH = re.compile(r"(?:(?<=\s)|^)[/~][^\n]*?(?=: |$)")


def _folders(shown: str, path: tuple[int, int] | None = None) -> tuple[str, str, str] | None:
    """The path in `shown` at `path` (start, end; by default the first one found) split where
    its folders may give way: (what comes before them, the folders, the last / and all after
    it); None when there is no path, or its folders are too short to cut."""
    if path is None:
        found = _PATH.search(shown)
        if not found:
            return None
        path = found.span()
    start, end = path
    head, slash, name = shown[start:end].rpartition("/")
    if not slash or cell_len(head) <= 1:
        return None
    return shown[:start], head, slash + name + shown[end:]


def printable_in_rows(text: str, width: int, rows: int, rows_of: Callable[[str], int]) -> str:
    """`printable` cut to fit `rows` rows of `width` cells, as `rows_of` counts the rows a text
    wraps to (the widget's own wrapping): whole when it fits; else, as `printable_in_row` does in
    one row, a path's folders give way to an ellipsis first, so that the reason after it stays
    whole, and only then is the end cut, with an ellipsis."""
    shown = spelled_out(text)
    if rows_of(shown) <= rows:
        return shown
    if rows <= 1:
        return printable_in_row(text, width)
    folders = _folders(shown)
    if folders:
        before, head, after = folders

        def with_head(cells: int) -> str:
            return before + printable(head, cells) + after

        # As much of the folders as still fits, cut as in one row.
        cells = _most(cell_len(head) - 1, lambda cells: rows_of(with_head(cells)) <= rows)
        shown = with_head(max(cells, 1))
        if cells:
            return shown
    cells = _most(cell_len(shown), lambda length: rows_of(printable(shown, length)) <= rows)
    return printable(shown, max(cells, 1))


def _most(most: int, fits: Callable[[int], bool]) -> int:
    """The largest n from 1 to `most` for which `fits(n)` (a text `n` long fits, so every
    shorter one does too); 0 when none does."""
    low, high = 0, most
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return low


def printable_lines(text: str) -> str:
    """`printable` line by line: the line breaks stay, every other control is spelled out."""
    return "\n".join(printable(line) for line in text.split("\n"))


def inert(text: str, max_width: int | None = None) -> Text:
    """Outside text as a `Text` for a widget or a Rich console: shown exactly, never markup."""
    return Text(printable(text, max_width))
