"""Paragraphs fitted to a box of few rows (`lines_tui.ui.fitted_text`), and the layout picker's
description, which is such a box: a long description hid the command and the file line below it
without a sign (a player review)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import install_layouts, make_app, widget_lines

from lines_tui.ui.fitted_text import Paragraph, fitted
from lines_tui.ui.mahjong.picker import LayoutPickerScreen


def test_paragraphs_that_fit_are_kept_as_they_are() -> None:
    paragraphs = [Paragraph("one two three", 1), Paragraph("four", 0)]
    assert fitted(paragraphs, width=8, rows=3) == ["one two three", "four"]
    assert fitted(paragraphs, width=8, rows=None) == ["one two three", "four"]


def test_each_paragraph_keeps_a_row_and_the_rest_go_by_rank() -> None:
    long = "word " * 10  # 50 cells: 5 rows of 10 wrapped at words
    paragraphs = [Paragraph("title", 2), Paragraph(long, 3), Paragraph("x" * 25, 0)]
    lines = fitted(paragraphs, width=10, rows=5)
    # The command-like paragraph (rank 0) whole in its 3 rows, the title whole, the long one
    # in the one row left, cut.
    assert lines == ["title", "word word…", "x" * 25]


def test_a_cut_paragraph_fills_its_rows_to_the_last_cell() -> None:
    """Cut at words, "From /a/very/long/path" showed only "From…"."""
    lines = fitted([Paragraph("From /" + "p" * 30, 0)], width=10, rows=2)
    assert lines == ["From /pppp", "ppppppppp…"]


def test_a_paragraph_too_long_wrapped_at_words_but_not_filled_is_not_cut() -> None:
    lines = fitted([Paragraph("From /" + "p" * 14, 0)], width=10, rows=2)
    assert lines == ["From /pppp", "pppppppppp"]  # at words it takes 3 rows: "From", 10, 4


def test_a_paragraph_without_a_row_is_left_out() -> None:
    paragraphs = [Paragraph("a", 1), Paragraph("b", 2), Paragraph("c", 0)]
    assert fitted(paragraphs, width=5, rows=2) == ["a", "c"]


def test_a_cut_paragraph_of_wide_characters_keeps_to_its_rows_at_an_odd_width() -> None:
    """Counted in cells, 20 wide characters took a row more than their share at 5 columns (each
    row holds two, its fifth cell empty), which pushed the box's last line out (a code review)."""
    lines = fitted([Paragraph("漢字" * 20, 0)], width=5, rows=3)
    assert lines == ["漢字", "漢字", "漢字…"]


def test_a_cut_counts_cells_not_characters() -> None:
    lines = fitted([Paragraph("漢字" * 10, 0)], width=6, rows=1)
    assert lines == ["漢字…"]  # 4 cells of characters and the "…": a fifth wide one would not fit


async def test_the_pickers_command_and_file_stay_in_view_under_a_long_description(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Drawn at 80 x 24: the description is cut to the rows left, ending in "…"; the command
    and the file line below it are whole."""
    folder = install_layouts(monkeypatch, tmp_path, ["Doom"], description="goes on " * 25)
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(LayoutPickerScreen(folders=[folder]))
        await app.workers.wait_for_complete()
        await pilot.press("end")
        await pilot.pause()
        shown = [line for line in widget_lines(app.screen.query_one("#layout-about")) if line]
        assert len(shown) == 5
        command = shown.index("Start it directly: lines-tui mahjong --layout layout0")
        assert shown[0].startswith("Doom · ")
        assert shown[1].startswith("goes on goes on") and shown[command - 1].endswith("…")
        # The file's path, as long as tmp_path makes it, wrapped where the box wraps it.
        origin = "".join(shown[command + 1 :]).replace(" ", "")
        assert origin == f"From{folder / 'layout0.layout'}"
