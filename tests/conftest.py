"""Helpers shared by the tests and the tools in tests/tools/: a real store in a temporary folder, a
fixed clock, animations off, Lines positions written as text, and keys delivered in one burst as a
terminal delivers a fast typist's (or a script's, or tmux's): all queued before the app handles the
first, as Textual's driver does with one read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import events
from textual.app import App
from textual.pilot import Pilot

from lines_tui.engine.lines import COLOURS, Board, LinesGame
from lines_tui.store import open_store
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.lines.screen import LinesScreen
from lines_tui.ui.session import Session

FIXED_NOW = 1_767_225_600.0  # 2026-01-01 00:00 UTC: elapsed times stay the same in every run


def make_app(data_dir: Path, *, animations: bool = False, **options: object) -> LinesTuiApp:
    """The app on a store in `data_dir`; the colour depth is fixed (many colours) so pictures do
    not depend on the TERM of whoever runs the tests."""
    options.setdefault("few_colours", False)
    return LinesTuiApp(
        open_store(data_dir), clock=lambda: FIXED_NOW, animations=animations, **options
    )  # type: ignore[arg-type]


def game_at(
    rows: str, preview: tuple[tuple[tuple[int, int], str], ...], seed: int = 7
) -> LinesGame:
    return LinesGame.from_position(Board.from_text(rows), preview, seed, started_at=FIXED_NOW)


def no_line_rows(size: int = 9, empty: tuple[tuple[int, int], ...] = ()) -> str:
    """A board where no two neighbours (in any of the 8 directions) share a colour, so no move
    or addition can ever complete a line; `empty` cells are left free."""
    return "\n".join(
        "".join("." if (row, col) in empty else COLOURS[(row * 3 + col) % 7] for col in range(size))
        for row in range(size)
    )


def session_of(pilot: Pilot[None]) -> Session:
    """The session the app hands its game screens, for a test that opens a screen itself."""
    app = pilot.app
    assert isinstance(app, LinesTuiApp)
    return app.session


async def open_lines(pilot: Pilot[None], game: LinesGame) -> LinesScreen:
    screen = LinesScreen(session_of(pilot), game)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    return screen


async def cursor_to(pilot: Pilot[None], screen: LinesScreen, cell: tuple[int, int]) -> None:
    """Put the cursor on `cell`. Set directly: walking there key by key costs a screen update per
    step, and the arrow keys have a test of their own."""
    screen.board.set_cursor(cell)
    await pilot.pause()


def nearly_full_game() -> LinesGame:
    """Three empty cells, all previewed: the next move that scores nothing fills the board."""
    empty = ((0, 0), (8, 8), (0, 8))
    return game_at(no_line_rows(empty=empty), (((0, 0), "R"), ((8, 8), "B"), ((0, 8), "G")))


async def fill_the_board(pilot: Pilot[None], screen: LinesScreen) -> None:
    """Play the move that ends `nearly_full_game`: the ball below the top left corner goes up."""
    await cursor_to(pilot, screen, (1, 0))
    await pilot.press("enter")
    await cursor_to(pilot, screen, (0, 0))
    await pilot.press("enter")
    await pilot.pause()


KEY_CHARACTERS = {"enter": "\r", "tab": "\t"}


def post_keys_at_once(app: App[Any], *keys: str) -> None:
    for key in keys:
        app.post_message(events.Key(key, KEY_CHARACTERS.get(key, key)))
