"""A direct start (`lines-tui lines`, `lines-tui mahjong`) opens its game over the menu once the
menu has read the saved games. What the player types before the game is shown is dropped, never
handed to the menu underneath (README, "Keys"); `ctrl+q` still quits, and a read that fails
leaves a usable app. Each test holds the disk (StalledFileSystem) until its keys are handled."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    BOUND,
    FIXED_NOW,
    StalledFaultyFileSystem,
    StalledFileSystem,
    make_app,
    post_keys_at_once,
    settle,
    slow_app,
    stalled,
)
from test_ui_app_shell import save_a_mahjong_game

from lines_tui.engine.lines import LinesGame
from lines_tui.store import StoreError, open_store
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.lines.screen import LinesScreen
from lines_tui.ui.mahjong import MahjongScreen
from lines_tui.ui.menu import MenuScreen, MenuState
from lines_tui.ui.scores import LeaderboardScreen
from lines_tui.ui.status_line import StatusLine

SIZE = (80, 24)

TYPED_AHEAD = [
    pytest.param(("down", "enter"), id="enter-on-the-menu"),  # it opened the layout picker
    pytest.param(("q",), id="q"),  # it quit before the game showed
    # The leaderboard, the help, resuming Lines: each opened under (or over) the game.
    pytest.param(("b", "question_mark", "s", "r", "j", "space"), id="a-burst"),
]


def screens(app: LinesTuiApp) -> list[type]:
    return [type(screen) for screen in app.screen_stack]


@pytest.mark.parametrize("keys", TYPED_AHEAD)
async def test_keys_typed_before_the_game_shows_never_reach_the_menu(
    tmp_path: Path, keys: tuple[str, ...]
) -> None:
    app, store, disk = slow_app(tmp_path, start="mahjong", seed=3)
    store.save_game("lines", LinesGame.new(5, 9, started_at=FIXED_NOW).to_json())
    disk.stall()
    async with app.run_test(size=SIZE) as pilot:
        await stalled(pilot, disk)
        await pilot.press(*keys)
        assert screens(app) == [MenuScreen]
        assert app.is_running and not app.symbols_mode
        disk.release()
        await settle(pilot)
        assert screens(app) == [MenuScreen, MahjongScreen]
        assert app.screen.game.seed == 3 and app.screen.game.history == []
        await pilot.press("q")  # keys typed once the game shows are the game's
        await settle(pilot)
        assert screens(app) == [MenuScreen]


async def test_ctrl_q_quits_while_a_direct_start_waits(tmp_path: Path) -> None:
    app, store, disk = slow_app(tmp_path, start="lines", seed=3)
    store.save_game("mahjong", {"seed": 1})
    disk.stall()
    async with app.run_test(size=SIZE) as pilot:
        await stalled(pilot, disk)
        # The app waits for the store thread before it ends: the disk goes once it begins to.
        threading.Thread(target=lambda: app.exiting.wait(BOUND) and disk.release()).start()
        await pilot.press("ctrl+q")
        assert app.return_code == 0  # ending, before the read was let go


async def test_a_disk_that_fails_during_a_direct_start_is_told_once_on_the_game(
    tmp_path: Path,
) -> None:
    """The saved Mahjong game cannot be read: the Lines game still opens, and the notice goes to
    its status line, told once, not as a toast that followed it from the menu over the board."""
    disk = StalledFaultyFileSystem()
    app, store, _ = slow_app(tmp_path, disk, start="lines", seed=3)
    told: list[str] = []
    notify = app.notify

    def recording(message: str, **options: Any) -> None:
        told.append(message)
        notify(message, **options)

    app.notify = recording  # type: ignore[method-assign]
    store.save_game("mahjong", {"seed": 1})
    disk.stall()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await stalled(pilot, disk)
        await pilot.press("down", "enter")
        disk.fail("read")
        disk.release()
        await settle(pilot)
        assert screens(app) == [MenuScreen, LinesScreen]
        assert len(told) == 1
        assert told[0].startswith("The saved Mahjong game could not be read: ")
        assert app.screen.query_one(StatusLine).message == told[0]
        assert not app.screen.query("Toast")


async def test_a_read_that_fails_during_a_direct_start_leaves_the_menu_usable(
    tmp_path: Path,
) -> None:
    """The whole read of the saved games fails (not one part of it, which is listed and shown as
    above): whether a game is saved is not known, so none is started over it; the menu stays,
    says so once, and its keys work."""
    notices: list[str] = []

    class ReadFailingApp(LinesTuiApp):
        def get_default_screen(self) -> MenuScreen:
            def read_then_fail() -> MenuState:
                self.saved_games.read()  # held by the stalled disk
                raise StoreError("the folder vanished")

            return MenuScreen(read_then_fail, self.session)

        def notify(self, message: str, **options: object) -> None:  # type: ignore[override]
            notices.append(message)

    disk = StalledFileSystem()
    store = open_store(tmp_path, fs=disk)
    save_a_mahjong_game(tmp_path)  # one that can be resumed: the read keeps it as it is
    app = ReadFailingApp(store, clock=lambda: FIXED_NOW, start="lines", seed=3)
    disk.stall()
    async with app.run_test(size=SIZE) as pilot:
        await stalled(pilot, disk)
        await pilot.press("l")
        disk.release()
        await settle(pilot)
        assert screens(app) == [MenuScreen]
        assert notices == ["The data folder could not be read: the folder vanished"]
        await pilot.press("b")
        await settle(pilot)
        assert screens(app) == [MenuScreen, LeaderboardScreen]


async def test_a_layout_asked_for_is_read_off_the_ui_thread_and_keys_wait_for_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`lines-tui mahjong --layout FILE`: the file (or every installed layout, for a name) was
    read again on the UI thread as the game opened (a code review). It is read on the store's
    thread, and what the player types meanwhile is dropped as before the menu's read."""
    from lines_tui.engine.mahjong import layouts

    find_layout = layouts.find_layout
    read_on: list[str] = []
    reading = threading.Event()

    def held_find_layout(reference: str, *args: Any, **kwargs: Any) -> layouts.Layout:
        read_on.append(threading.current_thread().name)
        assert reading.wait(BOUND)
        return find_layout(reference, *args, **kwargs)

    monkeypatch.setattr(layouts, "find_layout", held_find_layout)
    app = make_app(tmp_path, start="mahjong", seed=3, layout="pagoda")
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            if read_on:
                break
            await pilot.pause(0.02)
        await pilot.press("down", "enter")  # the menu's picker, were it handed the keys
        assert screens(app) == [MenuScreen]
        reading.set()
        await settle(pilot)
        assert screens(app) == [MenuScreen, MahjongScreen]
        assert isinstance(app.screen, MahjongScreen) and app.screen.game.layout.name == "pagoda"
    assert read_on == ["lines-tui-store"]


@pytest.mark.parametrize("start", ["mahjong", "lines"])
async def test_a_key_read_before_the_game_showed_is_dropped(tmp_path: Path, start: str) -> None:
    """A re-check: `lines-tui mahjong` with no game saved, `i` typed as the menu showed was
    taken by the game as it opened, unseen (a hint: 30 s on the clock). The menu's read had
    ended, so the direct start no longer dropped it; the game now drops what was read before
    it was first drawn, as a dialog does."""
    app = make_app(tmp_path, start=start, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, (MahjongScreen, LinesScreen))
        assert screen.shown_at is not None
        key = "i" if start == "mahjong" else "n"  # a hint; a new game (asks first)
        post_keys_at_once(app, key, read_at=screen.shown_at - 0.01)
        await settle(pilot)
        assert app.screen is screen
        assert not screen.query_one(StatusLine).message.startswith("Hint")
        post_keys_at_once(app, key)  # read once the game shows: it acts
        await settle(pilot)
        if start == "mahjong":
            assert screen.query_one(StatusLine).message.startswith("Hint")
        else:
            assert app.screen is not screen
