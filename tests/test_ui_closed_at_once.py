"""A screen closed, or the app ended, in the same breath as the screen was opened: before the
screen has been mounted. Under load a key read with the one that opened a screen can close it
while Textual still composes it (the random-play test `test_enter_twice_at_once_in_a_dialog_
starts_one_game` once ended so), and ctrl+q or a dropped connection can end the app then.
Textual removes the widgets and still runs the screen's `on_mount`, which found none and ended
the app with NoMatches. Every screen closes through `DismissedOnTop.dismiss`."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest
from conftest import make_app, session_of, settle
from test_ui_records import store_with_games
from textual.screen import Screen

from lines_tui.engine.lines import LinesGame
from lines_tui.engine.mahjong.layouts import find_layout
from lines_tui.engine.mahjong.solver import SolveResult
from lines_tui.engine.mahjong.solver_process import BackgroundSolver
from lines_tui.ui.dialogs import CodeScreen, ConfirmScreen, ResumeScreen
from lines_tui.ui.lines.screen import LinesScreen
from lines_tui.ui.mahjong import MahjongScreen
from lines_tui.ui.mahjong.picker import LayoutPickerScreen
from lines_tui.ui.replay import ReplayScreen
from lines_tui.ui.scores.import_code import ImportScreen
from lines_tui.ui.scores.leaderboard import LeaderboardScreen
from lines_tui.ui.scores.name_entry import NameEntryScreen
from lines_tui.ui.scores.players import PlayersScreen
from lines_tui.ui.session import Session
from lines_tui.ui.today import TodayScreen


def replay(session: Session) -> ReplayScreen:
    table = next(table for table in session.store.tables() if str(table) == "lines-7")
    entry = next(entry for entry in session.store.table(table) if entry.recorded)
    return ReplayScreen(session, table, entry)


SCREENS: dict[str, Callable[[Session], Screen[object]]] = {
    "lines": lambda session: LinesScreen(session, LinesGame.new(1)),
    "mahjong": lambda session: MahjongScreen(session, find_layout("turtle"), 1),
    "players": PlayersScreen,
    "leaderboard": LeaderboardScreen,
    "import": ImportScreen,
    "replay": replay,
    "name": lambda _: NameEntryScreen(),
    "today": lambda _: TodayScreen("2026-12-05", 9),
    "picker": lambda _: LayoutPickerScreen(),
    "question": lambda _: ConfirmScreen("Remove Ann?"),
    "code": lambda _: CodeScreen("LT2-0000", "A share code.", "Share code"),
    "resume": lambda _: ResumeScreen("Resume the saved game?"),
}


TOO_SMALL = (60, 18)
"""A terminal too small for the games and lists: their start-up covers them with "please
enlarge", but not one that is closing already (it closes at once, not once enlarged)."""


@pytest.mark.parametrize(
    ("name", "size"),
    [(name, (80, 24)) for name in SCREENS]
    + [(name, TOO_SMALL) for name in ("lines", "mahjong", "players")],
)
async def test_a_screen_closed_before_it_was_mounted_closes_and_the_app_goes_on(
    tmp_path: Path, name: str, size: tuple[int, int]
) -> None:
    store_with_games(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        before = list(app.screen_stack)  # the menu (with the enlarge message over it if small)
        screen = SCREENS[name](session_of(pilot))
        app.push_screen(screen)
        screen.dismiss()
        await settle(pilot)
        assert app.is_running
        assert app.screen_stack == before


@pytest.mark.parametrize("name", SCREENS)
async def test_the_app_ended_while_a_screen_was_mounted_ends_cleanly(
    tmp_path: Path, name: str
) -> None:
    store_with_games(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(SCREENS[name](session_of(pilot)))
        app.exit()
    assert app.return_code == 0


class CountingSolver(BackgroundSolver):
    """The app's solver process, counting the checks asked of it."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0

    def submit(self, *args: Any, **options: Any) -> Future[SolveResult]:
        self.asked += 1
        return super().submit(*args, **options)


async def test_a_game_closed_before_it_was_mounted_starts_nothing(tmp_path: Path) -> None:
    """A Mahjong screen closed in the breath it was opened in still ran its start-up once
    mounted: a dead-end check sent to the solver process, then cancelled, and a read of the
    player. Work is started only by a screen that stays."""
    app = make_app(tmp_path)
    solver = CountingSolver()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = dataclasses.replace(session_of(pilot), solver=solver)
        screen = MahjongScreen(session, find_layout("turtle"), 1)
        app.push_screen(screen)
        screen.dismiss()
        await settle(pilot)
        assert app.screen is not screen
        assert solver.asked == 0
        assert not screen.player_known and not screen.player_unread  # never read
    solver.shutdown()
