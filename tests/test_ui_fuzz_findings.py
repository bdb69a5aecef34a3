"""What the long random walks of tests/test_ui_fuzz.py found, each replayed as a few keys
(the seed and step of the walk that found it in each test's docstring).

Keys that arrive together (a fast typist, a paste of keys, tmux) reach a dialog before the
message its first key caused has closed it: enter on a list posts "selected", and a second
enter in the same burst selects again. The second must not close the screen under it."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import FIXED_NOW, make_app, post_keys_at_once, session_of, settle
from rich.cells import cell_len
from test_ui_solvable_deals import TURTLE, held_app, wait_for_game
from textual.screen import Screen

from lines_tui.engine.lines import LinesGame
from lines_tui.engine.mahjong.solver import Verdict
from lines_tui.ui.help import HelpScreen
from lines_tui.ui.lines.screen import LinesScreen
from lines_tui.ui.mahjong import MahjongScreen
from lines_tui.ui.mahjong.picker import LayoutPickerScreen
from lines_tui.ui.mahjong.proving import ProvingScreen
from lines_tui.ui.menu import MenuScreen
from lines_tui.ui.status_line import StatusLine
from lines_tui.ui.today import TodayScreen


@pytest.mark.parametrize(
    ("key", "dialog"),
    [
        ("t", TodayScreen),  # walk seed 25, step 92 (with resizes)
        ("m", LayoutPickerScreen),  # walk seed 22, step 1168 (with resizes)
    ],
)
async def test_enter_twice_at_once_in_a_dialog_starts_one_game(
    tmp_path: Path, key: str, dialog: type[Screen[object]]
) -> None:
    """Today's deals and the layout picker: the second enter closed the menu under the game,
    which ended the app."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await settle(pilot)
        assert isinstance(app.screen, dialog)
        post_keys_at_once(app, "enter", "enter", "enter")
        await settle(pilot)
        assert app.is_running
        assert [type(screen) for screen in app.screen_stack][:1] == [MenuScreen]
        assert len(app.screen_stack) == 2 and not isinstance(app.screen, dialog)


async def test_a_proof_that_ends_under_help_plays_its_deal_once_help_closes(
    tmp_path: Path,
) -> None:
    """Walk seed 23, step 148 (with resizes): the proof's dismiss closed the help over it, and
    escape then answered the dialog a second time."""
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.mahjong_starts.start(TURTLE, 500, solvable=True)
        await pilot.pause()
        assert isinstance(app.screen, ProvingScreen)
        await pilot.press("question_mark")  # no settle here: the proof waits for the solver
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await solver.answer(pilot, Verdict.SOLVABLE)
        assert isinstance(app.screen, HelpScreen)  # the help stays while it is read
        await pilot.press("escape")
        screen = await wait_for_game(pilot)  # not settle: its dead-end check waits for the solver
        assert screen.game.seed == 500
        assert [type(screen) for screen in app.screen_stack] == [MenuScreen, MahjongScreen]


async def test_the_mahjong_deal_of_the_day_says_it_was_proved_within_its_line(
    tmp_path: Path,
) -> None:
    """Walk seed 21, step 12: "Deal 4224213883718400760 — proved solvable; skipped 1 dead
    end." was one cell wider than the status line at 80 x 24, and lost its end."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t", *["down"] * 5, "enter")  # the day's deal of the fifth layout
        await wait_for_game(pilot)
        line = app.screen.query_one(StatusLine)
        assert "proved solvable; skipped" in line.message
        assert cell_len(line.message) <= line.content_size.width, line.message


async def test_two_menu_keys_at_once_open_one_screen(tmp_path: Path) -> None:
    """Walk seed 40, step 628 (on a failing disk): t then l in one burst opened today's deals,
    then a Lines game over them; the game, opened over a dialog, lost its board and a resize
    crashed the app. The first key's screen opens; the second key is not for the menu any more."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        post_keys_at_once(app, "t", "l")
        await settle(pilot)
        assert [type(screen) for screen in app.screen_stack] == [MenuScreen, TodayScreen]
        await pilot.press("escape")
        await settle(pilot)
        post_keys_at_once(app, "l", "i")
        await settle(pilot)
        assert [type(screen) for screen in app.screen_stack] == [MenuScreen, LinesScreen]


async def test_a_key_meant_for_the_screen_a_game_replaced_does_nothing_there(
    tmp_path: Path,
) -> None:
    """A key goes to the screen on top and runs its bindings once it has bubbled up to the app:
    an enter pressed on Today's dialog came back after the dialog had given way to the game, and
    ran the game's binding before the game had composed its board (NoMatches '#lines-board',
    seen once in a full run of the test above). Such a key was meant for the screen before."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = LinesScreen(session_of(pilot), LinesGame.new(7, 9, started_at=FIXED_NOW))
        app.push_screen(screen)  # not awaited: on top, not composed yet
        assert app.screen is screen and not screen.is_mounted
        assert await app.run_action("act", screen)  # taken, and dropped
        await settle(pilot)
        assert app.is_running and app.screen is screen
        assert screen.board.cursor is not None
