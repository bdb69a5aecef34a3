"""The app against a failing disk (#12 item 10 and "make the class impossible"): every store
operation may fail (a busy lock, a full disk, a read error, a refused write) while the player
uses the menu, both games and the score screens. The app never ends, each failure is a notice,
and nothing saved before is lost.

The random walk is seeded (the seed and step are in a failure's message); see tests/conftest.py
for FaultyFileSystem.
"""

from __future__ import annotations

import errno
import os
import shutil
import threading
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    FIXED_NOW,
    FaultyFileSystem,
    Walk,
    answered,
    make_app,
    play_lines_by_keys,
    settle,
    store_on,
    widget_lines,
)
from test_ui_mahjong import open_game, row_layout
from textual.pilot import Pilot

from lines_tui.store import Store, StoreError, open_store
from lines_tui.ui import store_thread
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.dialogs import ConfirmScreen
from lines_tui.ui.menu import MenuScreen
from lines_tui.ui.scores import ImportScreen, LeaderboardScreen, PlayersScreen

STEPS = int(os.environ.get("LINES_TUI_FUZZ_STEPS", "400"))


def saved_before(data_dir: Path) -> Store:
    """A data folder with a registered player, a Lines and a Mahjong result and a saved game."""
    store = open_store(data_dir)
    store.add_player("Ada")
    store.set_active_player("Ada")
    store.record_lines("Ada", 9, 120, 7, FIXED_NOW, FIXED_NOW + 300)
    store.record_mahjong("Ada", "lantern", 200.0, 3, when=FIXED_NOW)
    store.save_game("lines", {"unreadable": True})  # a save the engine refuses
    return store


def entries(store: Store) -> set[tuple[str, str, int]]:
    snapshot = store.snapshot()
    return {
        (str(table), entry.name, entry.value)
        for table, listed in snapshot.tables.items()
        for entry in listed
    }


def faulty_app(data_dir: Path, faults: FaultyFileSystem, **options: object) -> LinesTuiApp:
    """The app on a store whose file system fails as `faults` says, once it is open."""
    store = store_on(data_dir, faults)
    return LinesTuiApp(store, clock=lambda: FIXED_NOW, animations=False, **options)  # type: ignore[arg-type]


async def test_a_failing_disk_is_a_notice_on_every_screen(tmp_path: Path) -> None:
    before = entries(saved_before(tmp_path))
    faults = FaultyFileSystem()
    app = faulty_app(tmp_path, faults)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        faults.fail("read")
        faults.fail("lock")
        faults.fail("write", errno.ENOSPC)
        for key, screen in (("b", LeaderboardScreen), ("p", PlayersScreen), ("i", ImportScreen)):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, screen)
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, MenuScreen)  # its summaries read again: a notice
        await pilot.press("l")  # a new Lines game: its moves cannot be saved, play goes on
        await settle(pilot)
        await pilot.press("n", "q")
        await settle(pilot)
        game = await open_game(pilot, row_layout(2), seed=1)  # won at once: the win flow
        game.board.cursor = 0
        await pilot.press("enter", "m", "enter")
        await settle(pilot)
        assert game.game.won
        assert app.is_running
    faults.heal()
    assert entries(open_store(tmp_path)) >= before


async def check_running(pilot: Pilot[None]) -> None:
    assert pilot.app.is_running


@pytest.mark.parametrize("seed", range(3))
async def test_random_store_failures_during_random_play_lose_nothing(
    tmp_path: Path, seed: int
) -> None:
    before = entries(saved_before(tmp_path))
    faults = FaultyFileSystem(rate=0.3, seed=seed)
    walk = Walk(100 + seed)
    while walk.steps < STEPS:  # q on the menu ends the app: start it again
        app = faulty_app(tmp_path, faults, size=7)
        async with app.run_test(size=(80, 24)) as pilot:
            await walk.run(pilot, STEPS, check_running, burst=4)
    assert faults.failures > 0
    faults.heal()
    assert entries(open_store(tmp_path)) >= before, f"seed {seed}"


async def test_leaving_a_game_whose_save_fails_asks_before_losing_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another copy held the lock: the save failed, q went to the menu at once, and the game
    was gone without a question."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        screen = app.screen

        def locked(*_: object, **__: object) -> None:
            raise StoreError("another lines-tui is writing the data folder; try again")

        monkeypatch.setattr(app.store, "save_game", locked)
        await play_lines_by_keys(pilot, screen, seed=1, max_moves=1)
        await pilot.press("q")
        await settle(pilot)
        asked = app.screen
        assert isinstance(asked, ConfirmScreen)
        text = " ".join(line.strip() for line in widget_lines(asked.query_one(".dialog-text")))
        assert text.startswith("This game cannot be saved (another lines-tui is writing")
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is screen
        await answered(pilot, "q", "y")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_a_data_folder_replaced_by_a_file_mid_game_is_told_as_the_command_line_does(
    tmp_path: Path,
) -> None:
    """The folder deleted and a file made with its name while a game is on: the next save says
    what is wrong as `--data-dir` does, not the system's "File exists"."""
    from test_ui_unread_saves import play_a_move

    from lines_tui.ui.status_line import StatusLine

    folder = tmp_path / "h4"
    folder.mkdir()
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        shutil.rmtree(folder)
        folder.write_text("", encoding="utf-8")
        await play_a_move(pilot)
        told = app.screen.query_one(StatusLine).message
        assert told.endswith(f"{folder} is a file, not a folder"), told
        assert "File exists" not in told and "Not a directory" not in told
        assert app.is_running


async def test_a_save_that_finishes_while_leaving_asks_leaves_as_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save that has not finished in `LAST_CALLS_WAIT` seconds asks to lose the game (a data
    folder that does not answer held `q` for ever); one that finishes while the question is up
    leaves as the player asked, the game kept, rather than asking about a loss that is gone."""
    monkeypatch.setattr(store_thread, "LAST_CALLS_WAIT", 0.3)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        screen = app.screen
        await play_lines_by_keys(pilot, screen, seed=1, max_moves=1)
        disk = threading.Event()
        answering = app.store.save_game

        def hung_save(*args: Any, **kwargs: Any) -> None:
            disk.wait(30)
            answering(*args, **kwargs)

        monkeypatch.setattr(app.store, "save_game", hung_save)
        await pilot.press("q")
        text = ""
        for _ in range(400):  # not `settle`: it would wait for the save, held up here
            asked = app.screen
            if isinstance(asked, ConfirmScreen):
                lines = widget_lines(asked.query_one(".dialog-text"))
                text = " ".join(line.strip() for line in lines if line.strip())
                if text:  # drawn
                    break
            await pilot.pause(0.05)
        assert text == (
            "This game cannot be saved (its save has not finished after 0.3 s). Leave and lose it?"
        )
        disk.set()
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
    assert open_store(tmp_path).load_game("lines") is not None
