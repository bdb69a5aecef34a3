"""A store call that fails in a way the store does not tell (a bug, an OSError it did not wrap):
told in one line where the store's own failures are, the app going on, the game in memory kept,
and the traceback kept for standard error once the app has ended (README, "When something
unexpected fails"). The app ended with Textual's traceback and exit code 1, and the game's clock
since its last save was lost.

The fault is a store method replaced by one that raises RuntimeError, as a bug would."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    ToastsRecorded,
    board_notice,
    make_app,
    play_lines_by_keys,
    screen_after,
    settle,
    widget_lines,
)
from textual.pilot import Pilot
from tools.pty_terminal import Terminal, app_environment

from lines_tui.engine.lines import LinesGame
from lines_tui.store import Store, open_store
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.dialogs import ConfirmScreen
from lines_tui.ui.game_keeper import NOT_SAVED
from lines_tui.ui.lines.screen import LinesScreen
from lines_tui.ui.menu import MenuScreen
from lines_tui.ui.saved_games import NOT_STARTED
from lines_tui.ui.scores import LeaderboardScreen
from lines_tui.ui.scores.table_reading import UNREAD_TABLES
from lines_tui.ui.status_line import StatusLine

SIZE = (80, 24)


def broken(monkeypatch: pytest.MonkeyPatch, store: Store, name: str) -> Callable[[], None]:
    """`store.name` raises RuntimeError from now on, until the function returned is called."""
    original = getattr(store, name)

    def bug(*_: object, **__: object) -> None:
        raise RuntimeError(f"a bug in {name}")

    monkeypatch.setattr(store, name, bug)
    return lambda: monkeypatch.setattr(store, name, original)


def told(app: LinesTuiApp) -> list[tuple[str, str]]:
    """The app's toasts so far: (message, severity)."""
    assert isinstance(app, ToastsRecorded)
    return app.toasts


def kept_tracebacks(app: LinesTuiApp) -> list[str]:
    return list(app.unexpected_failures())


async def a_lines_game_left_after_a_move(pilot: Pilot[None]) -> list[Any]:
    """A Lines game from the menu, one move played and saved, left with q: its moves."""
    screen = await a_lines_game(pilot)
    await play_lines_by_keys(pilot, screen, seed=1, max_moves=1)
    await pilot.press("q")
    await settle(pilot)
    return screen.game.moves


async def a_lines_game(pilot: Pilot[None]) -> LinesScreen:
    await settle(pilot)
    return await screen_after(pilot, "l", LinesScreen)


def saved_moves(data_dir: Path) -> list[tuple[object, object]] | None:
    saved = open_store(data_dir).load_game("lines")
    return None if saved is None else LinesGame.from_json(saved).moves


async def test_a_save_that_fails_unexpectedly_is_told_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await a_lines_game(pilot)
        heal = broken(monkeypatch, app.store, "save_game")
        await play_lines_by_keys(pilot, screen, seed=1, max_moves=1)
        await settle(pilot)
        assert app.is_running and app.screen is screen
        status = screen.query_one(StatusLine)
        assert status.message == f"{NOT_SAVED}: RuntimeError: a bug in save_game"
        assert status.has_class("-important")  # told as an error
        assert saved_moves(tmp_path) is None  # nothing else was written
        assert len(screen.game.moves) == 1  # the game in memory is kept

        # Leaving waits for the save: it is told as a save the store refuses, not waited for
        # for ever.
        await pilot.press("q")
        await settle(pilot)
        asked = app.screen
        assert isinstance(asked, ConfirmScreen)
        question = " ".join(line.strip() for line in widget_lines(asked.query_one(".dialog-text")))
        assert "(RuntimeError: a bug in save_game)" in question
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is screen

        heal()
        await play_lines_by_keys(pilot, screen, seed=2, max_moves=1)
        await settle(pilot)
        assert saved_moves(tmp_path) == screen.game.moves  # the next move saves the whole game
        moves = screen.game.moves
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
    assert saved_moves(tmp_path) == moves
    (traceback,) = kept_tracebacks(app)
    assert traceback.startswith("Traceback") and "RuntimeError: a bug in save_game" in traceback


async def test_a_leaderboard_read_that_fails_unexpectedly_in_a_game_is_told_and_play_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deal chosen by number reads its table's best result as the game starts."""
    app = make_app(tmp_path, start="lines", seed=5)
    broken(monkeypatch, app.store, "result_to_beat")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LinesScreen) and app.is_running
        status = screen.query_one(StatusLine)
        said = "The leaderboard could not be read: RuntimeError: a bug in result_to_beat"
        assert status.message == said and status.has_class("-important")
        await play_lines_by_keys(pilot, screen, seed=1, max_moves=1)
        await settle(pilot)
        assert saved_moves(tmp_path) == screen.game.moves
        await pilot.press("ctrl+q")
        await settle(pilot)
    assert app.return_code == 0
    assert len(kept_tracebacks(app)) == 1


async def test_the_leaderboards_that_fail_unexpectedly_are_told_and_a_saved_game_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        moves = await a_lines_game_left_after_a_move(pilot)
        heal = broken(monkeypatch, app.store, "snapshot")
        await pilot.press("b")
        await settle(pilot)
        boards = app.screen
        assert isinstance(boards, LeaderboardScreen) and app.is_running
        # On the leaderboard's status line (never over the code's place), not as a toast.
        assert board_notice(app) == (
            "The leaderboards could not be read: RuntimeError: a bug in snapshot"
        )
        assert told(app) == []
        assert str(boards.query_one("#board-code").render()) == UNREAD_TABLES
        heal()
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("r")  # the game played before, resumed
        await settle(pilot)
        resumed = app.screen
        assert isinstance(resumed, LinesScreen) and resumed.game.moves == moves
        await play_lines_by_keys(pilot, resumed, seed=2, max_moves=1)
        await settle(pilot)
        assert saved_moves(tmp_path) == resumed.game.moves


async def test_a_new_games_read_that_fails_unexpectedly_is_told_and_keys_work_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new game first reads the saved games again ("Reading your saved games first"), and
    drops the keys typed meanwhile: a read that never answered left every key dropped."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        moves = await a_lines_game_left_after_a_move(pilot)
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        heal = broken(monkeypatch, app.store, "load_game")
        await pilot.press("l")
        await settle(pilot)
        assert app.is_running and app.screen is menu
        assert told(app)[-1] == (f"{NOT_STARTED} RuntimeError: a bug in load_game", "error")
        assert not app.saved_games.reading
        heal()
        await pilot.press("l")  # not dropped: the question comes, the saved game is kept
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        resumed = app.screen
        assert isinstance(resumed, LinesScreen) and resumed.game.moves == moves
    assert saved_moves(tmp_path) == moves


def test_the_traceback_is_on_standard_error_once_the_app_has_ended(tmp_path: Path) -> None:
    """In a real terminal: the notice in the app, the app ended by the player (exit code 0),
    and the traceback below once the terminal is back, for a bug report."""
    from test_e2e_pty import lines_tui_after

    failing = (
        "from lines_tui.store import Store\n"
        "def bug(self): raise RuntimeError('a bug in preferences')\n"
        "Store.preferences = bug\n"
    )
    terminal = Terminal(lines_tui_after(failing), app_environment(tmp_path))
    try:
        terminal.wait_for(lambda s: "RuntimeError: a bug in" in s, "the notice")
        terminal.send("\x11")
        assert terminal.wait_for_exit() == 0, terminal.output[-2000:]
        after = terminal.output.rpartition(b"lines-tui: an unexpected error")[2]
        assert b"Traceback (most recent call last)" in after
        assert b"RuntimeError: a bug in preferences" in after
    finally:
        terminal.close()


async def test_a_menu_whose_read_failed_reads_again_when_a_game_is_chosen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The menu's own read failing unexpectedly left it waiting for a read no longer under way:
    "Reading the data folder…" for ever, and l, m, t, i dropped without a word."""
    app = make_app(tmp_path)
    mend = broken(monkeypatch, app.store, "preferences")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        assert (
            "The data folder could not be read: RuntimeError: a bug in preferences",
            "error",
        ) in told(app)
        assert "could not be read: choose a game to try again" in " ".join(
            widget_lines(menu.query_one("#menu-player"))
        )
        mend()
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen)
