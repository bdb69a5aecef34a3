"""Write the SVG screenshots of the main screens into screenshots/ (80 x 24, fixed seeds and clock).

Run from the repository root:  .venv/bin/python tests/tools/make_screenshots.py
Writes screenshots/menu.svg, lines.svg, lines-symbols.svg, lines-game-over.svg, help.svg,
mahjong.svg, mahjong-picker.svg and leaderboard.svg, and the boards in 16 colours and NO_COLOR:
lines-16-colours.svg, lines-no-color.svg, mahjong-16-colours.svg and mahjong-no-color.svg. A
screen whose module is not there yet is skipped with a note.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for conftest
from conftest import (
    FIXED_NOW,
    fill_the_board,
    make_app,
    nearly_full_game,
    played_lines_game,
    session_of,
    settle,
)

from lines_tui.store import open_store
from lines_tui.store.replay import record_of_lines
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.lines.screen import LinesScreen

OUT = Path(__file__).resolve().parents[2] / "screenshots"
SIZE = (80, 24)
Steps = Callable[[Pilot[None]], Awaitable[None]]


async def shoot(name: str, app: LinesTuiApp, steps: Steps) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)  # the menu's read of the data folder, a game the command asked for
        await steps(pilot)
        await settle(pilot)  # store reads, the dead-end check
        await pilot.pause(0.3)
        path = OUT / f"{name}.svg"
        app.save_screenshot(filename=path.name, path=str(path.parent))
        print(f"wrote {path.relative_to(OUT.parent)}")


def keys(*pressed: str) -> Steps:
    async def press(pilot: Pilot[None]) -> None:
        await pilot.press(*pressed)

    return press


async def game_over(pilot: Pilot[None]) -> None:
    game = nearly_full_game()
    game.score = 1240
    screen = LinesScreen(session_of(pilot), game)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    await fill_the_board(pilot, screen)


async def mahjong(pilot: Pilot[None]) -> None:
    from lines_tui.engine.mahjong.layouts import find_layout
    from lines_tui.ui.mahjong import MahjongScreen

    await pilot.app.push_screen(MahjongScreen(session_of(pilot), find_layout("turtle"), 1))
    await pilot.press("tab", "enter", "m")  # a picked tile, the cursor on a partner of it


async def picker(pilot: Pilot[None]) -> None:
    from lines_tui.ui.mahjong import LayoutPickerScreen

    # Only the built-in layouts, whatever the machine has installed.
    await pilot.app.push_screen(LayoutPickerScreen(folders=[], solvable=True))
    await pilot.app.workers.wait_for_complete()
    await pilot.pause(1.0)  # the Footer fills in after the screen appears


def no_color(build: Callable[[], LinesTuiApp]) -> Callable[[], LinesTuiApp]:
    """The app as it starts with NO_COLOR set (Textual reads it when the app is made)."""

    def built() -> LinesTuiApp:
        os.environ["NO_COLOR"] = "1"
        try:
            return build()
        finally:
            del os.environ["NO_COLOR"]

    return built


async def leaderboard(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, LinesTuiApp)
    app.score_screens.open_leaderboards("lines-9", 1)
    await pilot.pause()


def store_with_scores(folder: Path) -> None:
    """Ada's game is recorded, so her entry replays (✓) and can be watched and challenged;
    the others' are results without their games (?)."""
    store = open_store(folder)
    store.add_player("Ada")
    game = played_lines_game(4, started_at=FIXED_NOW - 900)
    store.record_lines(
        "Ada", 9, game.score, 4, FIXED_NOW - 900, FIXED_NOW, record=record_of_lines(game)
    )
    for name, score in (("Grace", 985), ("Linus", 410)):
        store.add_player(name)
        store.record_lines(
            name, 9, score, seed=score, started_at=FIXED_NOW - 900, ended_at=FIXED_NOW
        )
    store.set_active_player("Ada")


async def main() -> None:
    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        store_with_scores(data / "scored")
        shots: list[tuple[str, Callable[[], LinesTuiApp], Steps]] = [
            ("menu", lambda: make_app(data / "scored"), keys()),
            (
                "lines",
                lambda: make_app(data / "a", start="lines", seed=1),
                keys("5", "e", "right"),
            ),
            ("lines-symbols", lambda: make_app(data / "b", start="lines", seed=1), keys("s")),
            ("lines-game-over", lambda: make_app(data / "c"), game_over),
            ("help", lambda: make_app(data / "d", start="lines", seed=1), keys("question_mark")),
            ("mahjong", lambda: make_app(data / "e"), mahjong),
            ("mahjong-picker", lambda: make_app(data / "j"), picker),
            (
                "lines-16-colours",
                lambda: make_app(data / "f", start="lines", seed=1, sixteen_colours=True),
                keys("5", "e", "right"),
            ),
            (
                "lines-no-color",
                no_color(lambda: make_app(data / "g", start="lines", seed=1, few_colours=True)),
                keys("5", "e", "right"),
            ),
            ("mahjong-16-colours", lambda: make_app(data / "h", sixteen_colours=True), mahjong),
            (
                "mahjong-no-color",
                no_color(lambda: make_app(data / "i", few_colours=True)),
                mahjong,
            ),
            ("leaderboard", lambda: make_app(data / "scored"), leaderboard),
        ]
        for name, build, steps in shots:
            try:
                await shoot(name, build(), steps)
            except ImportError as error:
                print(f"skipped {name}: {error}")


if __name__ == "__main__":
    asyncio.run(main())
