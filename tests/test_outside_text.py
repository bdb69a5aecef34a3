"""Outside text is shown inert: no markup, no terminal control sequence, bounded width."""

from __future__ import annotations

import math
from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console

from lines_tui.outside_text import (
    column_width,
    inert,
    printable,
    printable_column,
    printable_in_row,
    printable_in_rows,
)


def test_escape_sequences_are_spelled_out() -> None:
    assert printable("x\x1b]52;c;SGk=\x07.layout") == "x\\x1b]52;c;SGk=\\x07.layout"
    assert printable("./\x1b[2J.layout") == "./\\x1b[2J.layout"


def test_bidi_overrides_and_c1_controls_are_spelled_out() -> None:
    assert printable("a\u202eb\x9bc") == "a\\u202eb\\x9bc"


def test_markup_stays_text() -> None:
    console = Console(width=80, record=True, color_system=None)
    console.print(inert("Evil [/] close [link=http://x/]Click[/link]"))
    assert console.export_text().strip() == "Evil [/] close [link=http://x/]Click[/link]"


def test_width_is_bounded_with_an_ellipsis() -> None:
    assert printable("Lantern of the east", 10) == "Lantern o…"
    assert printable("東南西北中發白", 7) == "東南西…"
    assert printable("short", 10) == "short"


def test_a_cut_never_splits_a_spelled_out_character() -> None:
    assert printable("ab\x1bcdef", 5) == "ab…"  # not "ab\\x…"
    assert printable("ab\x1bcdef", 7) == "ab\\x1b…"


def test_a_column_is_as_wide_as_its_widest_cell_in_terminal_cells() -> None:
    cells = ["Turtle", "麻雀の塔", "\x1b"]  # 8 cells; the escape is shown in 4
    assert column_width(cells) == 8 and column_width(cells, 5) == 5 and column_width([]) == 0
    assert [printable_column(cell, column_width(cells, 5)) for cell in cells] == [
        "Turt…",
        "麻雀…",
        "\\x1b ",
    ]


def test_a_row_gives_up_a_long_paths_folders_before_the_reason_after_it() -> None:
    path = "/tmp/pytest-of-ann/pytest-12/test_a_row_of_eighty0/data/scores.json"
    error = f"Not saved: cannot write to {path}: No space"
    assert printable_in_row(error, 80) == (
        "Not saved: cannot write to /tmp/pytest-of-ann/pytest-12/t…/scores.json: No space"
    )
    assert printable_in_row(error, 40) == "Not saved: cannot write to …/scores.jso…"
    assert printable_in_row(error, 200) == error
    # A folder with a space in its name (macOS keeps data in "Application Support"); a word
    # with a slash that is no path ("Input/output") is left alone.
    mac = "Not saved: cannot write to /Users/ann/Library/Application Support/x/scores.json: Full"
    assert (
        printable_in_row(mac, 60) == "Not saved: cannot write to /Users/ann/Lib…/scores.json: Full"
    )
    short = "Not read: cannot read ./s.json: Input/output error"
    assert printable_in_row(short, 40) == "Not read: cannot read ./s.json: Input/o…"


@given(st.text(), st.integers(min_value=1, max_value=40))
def test_nothing_shown_can_steer_the_terminal(text: str, width: int) -> None:
    for shown in (printable(text, width), printable_in_row(text, width)):
        assert cell_len(shown) <= width
        assert not any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 for c in shown)


def rows_at(width: int) -> Callable[[str], int]:
    """Rows of a text folded at `width` cells: a plain stand-in for the widget's own wrapping."""
    return lambda shown: max(1, math.ceil(cell_len(shown) / width))


def test_rows_give_up_a_long_paths_folders_before_the_reason_after_it() -> None:
    path = "/tmp/pytest-of-ann/pytest-12/test_rows_of_forty0/some/deeper/data/settings.json"
    error = f"Not kept: {path} is a folder, not a regular file"
    assert printable_in_rows(error, 40, 4, rows_at(40)) == error  # 121 cells: fits 4 rows
    assert printable_in_rows(error, 40, 2, rows_at(40)) == (
        "Not kept: /tmp/pytest-of-ann/pyte…/settings.json is a folder, not a regular file"
    )
    # With no room for the reason even after the folders, the end is cut.
    assert (
        printable_in_rows(error, 20, 2, rows_at(20)) == "Not kept: …/settings.json is a folder, …"
    )
    assert printable_in_rows(error, 40, 1, rows_at(40)) == printable_in_row(error, 40)


@given(st.text(), st.integers(min_value=1, max_value=40), st.integers(min_value=1, max_value=4))
def test_rows_hold_what_they_show(text: str, width: int, rows: int) -> None:
    shown = printable_in_rows(text, width, rows, rows_at(width))
    assert rows_at(width)(shown) <= rows
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 for c in shown)
