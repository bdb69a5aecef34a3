"""Snapshots of the app's main screens at 80 x 24 (fixed seed, fixed clock, animations off).

Update after an intended change of the picture: pytest tests/test_ui_app_snapshots.py
--snapshot-update, then look at the SVGs under tests/__snapshots__/ before committing them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from ui_app_fixtures import game_at, make_app, no_line_rows

from lines_tui.ui.lines_screen import LinesScreen

GAME_OVER_EMPTY = ((0, 0), (8, 8), (0, 8))


def test_menu(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=(80, 24))


def test_lines_with_a_selected_ball(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, start="lines", seed=1)
    # Seed 1 has a ball under the cursor's start (the centre): select it, then step away.
    assert snap_compare(app, press=["enter", "right", "down"], terminal_size=(80, 24))


def test_lines_symbols_mode(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, start="lines", seed=1)
    assert snap_compare(app, press=["s"], terminal_size=(80, 24))


def test_help_over_lines(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, start="lines", seed=1)
    assert snap_compare(app, press=["question_mark"], terminal_size=(80, 24))


def test_lines_game_over(snap_compare: Any, tmp_path: Path) -> None:
    game = game_at(
        no_line_rows(empty=GAME_OVER_EMPTY), (((0, 0), "R"), ((8, 8), "B"), ((0, 8), "G"))
    )

    async def fill_the_board(pilot: Pilot[None]) -> None:
        screen = LinesScreen(game)
        await pilot.app.push_screen(screen)
        await pilot.pause()
        screen.board.set_cursor((1, 0))
        await pilot.press("enter", "up", "enter")
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), run_before=fill_the_board, terminal_size=(80, 24))


def test_too_small_terminal(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, start="lines", seed=1)
    assert snap_compare(app, terminal_size=(50, 12))
