"""Snapshots of the app's main screens at 80 x 24 (fixed seed, fixed clock, animations off).

Update after an intended change of the picture: pytest tests/test_ui_app_snapshots.py
--snapshot-update, then look at the SVGs under tests/__snapshots__/ before committing them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from conftest import fill_the_board, make_app, nearly_full_game, session_of, settle
from textual.pilot import Pilot

from lines_tui.ui.lines.screen import LinesScreen


def test_menu(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), run_before=settle, terminal_size=(80, 24))


# A direct start opens its game once the store thread has read the saved games: `settle` waits
# for it, so no key reaches the menu under the game on a slow machine.


def test_lines_with_a_selected_ball(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, start="lines", seed=1)
    # Seed 1 has a ball under the cursor's start (the centre): select it, then step away.
    assert snap_compare(
        app, run_before=settle, press=["enter", "right", "down"], terminal_size=(80, 24)
    )


def test_lines_symbols_mode(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, start="lines", seed=1)
    assert snap_compare(app, run_before=settle, press=["s"], terminal_size=(80, 24))


def test_help_over_lines(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, start="lines", seed=1)
    assert snap_compare(app, run_before=settle, press=["question_mark"], terminal_size=(80, 24))


def test_lines_game_over(snap_compare: Any, tmp_path: Path) -> None:
    async def end_the_game(pilot: Pilot[None]) -> None:
        screen = LinesScreen(session_of(pilot), nearly_full_game())
        await pilot.app.push_screen(screen)
        await pilot.pause()
        await fill_the_board(pilot, screen)

    assert snap_compare(make_app(tmp_path), run_before=end_the_game, terminal_size=(80, 24))


def test_too_small_terminal(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, start="lines", seed=1)
    assert snap_compare(app, run_before=settle, terminal_size=(50, 12))
