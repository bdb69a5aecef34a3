"""A saved game that could not be read for a passing reason (permission denied for a moment, a
flaky disk, a busy lock) may be whole: no new game is saved over it, from the menu or from a
direct start (`lines-tui lines` / `lines-tui mahjong`), and the player is told so once. The next
visit to the menu reads it and offers it again (README, "Saving and resuming")."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXED_NOW, FaultyFileSystem, answered, settle
from test_ui_app_shell import menu_labels, save_a_mahjong_game
from textual.pilot import Pilot

from lines_tui.engine.lines import LinesGame
from lines_tui.engine.lines.cell_names import cell_name
from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.store import open_store
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.dialogs import ConfirmScreen
from lines_tui.ui.game_leaving import SAVING_SLOWLY, SLOW_SAVE_AFTER
from lines_tui.ui.help import HelpScreen
from lines_tui.ui.lines.screen import LinesScreen
from lines_tui.ui.mahjong import MahjongScreen
from lines_tui.ui.menu import MenuScreen
from lines_tui.ui.size_guard import TooSmallScreen

NOT_SAVED = "This game is not saved: your saved {} game could not be read and is kept."
CANNOT_SAVE = "This game cannot be saved (your saved {} game could not be read). {} and lose it?"


def save_a_lines_game(data_dir: Path) -> dict[str, Any]:
    """A Lines game with one move made, saved as the game in progress; its data as saved."""
    game = LinesGame.new(7, 9, started_at=FIXED_NOW)
    ball = next(cell for cell, _ in game.board.balls())
    game.play(ball, next(c for c in game.board.empty_cells() if game.board.path(ball, c)))
    open_store(data_dir).save_game("lines", game.to_json())
    return game.to_json()


class Recording(LinesTuiApp):
    """The app, keeping every notice it gives (a toast or the status line)."""

    told: list[str]

    def notify(self, message: str, **options: Any) -> None:
        self.told.append(message)
        super().notify(message, **options)


class StallingFileSystem(FaultyFileSystem):
    """A file system whose every file waits, while `stalled`, for at most a few seconds before it
    opens: a disk slow to answer."""

    def __init__(self) -> None:
        super().__init__()
        self.answering = threading.Event()
        self.answering.set()

    def open(self, path: Path, flags: int) -> int:
        self.answering.wait(timeout=5)
        return super().open(path, flags)


def app_on_a_passing_fault(
    data_dir: Path, start: str, faults: FaultyFileSystem | None = None
) -> tuple[Recording, FaultyFileSystem]:
    """The app on a store that opens fine, then is refused every file (permission denied) until
    `heal()`: the menu's first read of the saved games fails."""
    faults = faults or FaultyFileSystem()
    store = open_store(data_dir, fs=faults, lock_wait=0.05)
    faults.fail("open")
    app = Recording(store, start, layout="lantern", clock=lambda: FIXED_NOW, animations=False)
    app.told = []
    return app, faults


def question(app: LinesTuiApp) -> str:
    """The question the app asks, as it shows it."""
    assert isinstance(app.screen, ConfirmScreen)
    return " ".join(str(text.render()) for text in app.screen.query(".dialog-text"))


async def play_a_move(pilot: Pilot[None]) -> None:
    screen = pilot.app.screen
    if isinstance(screen, LinesScreen):
        board = screen.game.board
        ball = next(cell for cell, _ in board.balls())
        target = next(c for c in board.empty_cells() if board.path(ball, c) is not None)
        await pilot.press(*cell_name(ball), *cell_name(target))
        assert screen.game.moves
    else:
        assert isinstance(screen, MahjongScreen)
        screen.board.cursor = screen.game.available_pairs()[0][0]
        await pilot.press("enter", "m", "enter")
        assert screen.game.history
    await settle(pilot)


@pytest.mark.parametrize("start", ["menu", "direct"])
@pytest.mark.parametrize("kind", ["lines", "mahjong"])
async def test_a_saved_game_that_could_not_be_read_is_not_saved_over(
    tmp_path: Path, kind: str, start: str
) -> None:
    saved = (
        save_a_lines_game(tmp_path)
        if kind == "lines"
        else save_a_mahjong_game(tmp_path).to_json(now=FIXED_NOW + 30)
    )
    app, faults = app_on_a_passing_fault(tmp_path, kind if start == "direct" else "menu")
    name = {"lines": "Lines", "mahjong": "Mahjong"}[kind]
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        if start == "menu":  # the new game is chosen while the saved game still cannot be read
            await pilot.press("l" if kind == "lines" else "m")
            await settle(pilot)
            if kind == "mahjong":
                await pilot.press("enter")  # the layout picker: the layout highlighted
                await settle(pilot)
        faults.heal()  # the file can be read again, and written
        assert isinstance(app.screen, LinesScreen if kind == "lines" else MahjongScreen)
        await play_a_move(pilot)
        if kind == "lines":
            await answered(pilot, "n", "y")  # a new game, which would remove the saved one
            await settle(pilot)
        await pilot.press("q")  # back to the menu: the game would be saved on leaving
        await settle(pilot)
        if kind == "mahjong":  # the game's first save, refused: it is lost only if you agree
            assert question(app) == CANNOT_SAVE.format(name, "Leave")
            await pilot.press("y")
            await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert open_store(tmp_path).load_game(kind) == saved
        resume = "r  Resume Lines" if kind == "lines" else "R  Resume Mahjong"
        assert any(label.startswith(resume) for label in menu_labels(app))
    unread = [n for n in app.told if n.startswith(f"The saved {name} game could not be read")]
    assert len(unread) == 1
    # Both games are saved after every move, so each tells on its first; Mahjong, with a pair
    # taken that would be lost, asks on leaving too.
    assert app.told.count(NOT_SAVED.format(name)) == 1


async def test_a_game_is_saved_once_it_is_known_that_none_was(tmp_path: Path) -> None:
    """The folder could not be read, but no game was saved in it: nothing is at stake, so the
    new game is saved as soon as the disk is back."""
    app, faults = app_on_a_passing_fault(tmp_path, "lines")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        faults.heal()
        assert isinstance(app.screen, LinesScreen)
        await play_a_move(pilot)
        game = app.screen.game
        await pilot.press("q")
        await settle(pilot)
        assert open_store(tmp_path).load_game("lines") == game.to_json()
    assert not any(notice.startswith("This game is not saved") for notice in app.told)


async def start_over_an_unread_save(pilot: Pilot[None], faults: FaultyFileSystem) -> None:
    """The direct start's read fails, then the disk heals: a move is made in the game."""
    await settle(pilot)
    faults.heal()
    await play_a_move(pilot)


def a_game_over_an_unread_save(
    tmp_path: Path, kind: str
) -> tuple[Recording, FaultyFileSystem, bytes]:
    """A saved game of `kind`, and the app starting that kind on a passing fault (its read
    fails); the saved game's bytes, which must be kept."""
    if kind == "lines":
        save_a_lines_game(tmp_path)
    else:
        save_a_mahjong_game(tmp_path)
    kept = (tmp_path / f"saved-{kind}.json").read_bytes()
    app, faults = app_on_a_passing_fault(tmp_path, kind)
    return app, faults, kept


@pytest.mark.parametrize("kind", ["lines", "mahjong"])
async def test_leaving_a_game_that_cannot_be_saved_asks_n_plays_on_y_leaves(
    tmp_path: Path, kind: str
) -> None:
    """The project's rule: no game is discarded without asking; the saved game that could not
    be read is kept byte for byte."""
    app, faults, kept = a_game_over_an_unread_save(tmp_path, kind)
    name = {"lines": "Lines", "mahjong": "Mahjong"}[kind]
    async with app.run_test(size=(80, 24)) as pilot:
        await start_over_an_unread_save(pilot, faults)
        game_screen = app.screen
        await pilot.press("q")
        await settle(pilot)
        assert question(app) == CANNOT_SAVE.format(name, "Leave")
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is game_screen
        if isinstance(game_screen, MahjongScreen):
            assert not game_screen.game.paused  # asking paused the clock; playing on starts it
        await play_a_move(pilot)  # still playing, and asked again on leaving
        await pilot.press("escape")
        await settle(pilot)
        assert question(app) == CANNOT_SAVE.format(name, "Leave")
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
    assert (tmp_path / f"saved-{kind}.json").read_bytes() == kept


@pytest.mark.parametrize("kind", ["lines", "mahjong"])
async def test_escape_on_the_enlarge_message_asks_too(tmp_path: Path, kind: str) -> None:
    """Leaving through the enlarge message (escape there) is the game's own escape: a game that
    cannot be saved is lost only once the player agrees, and n plays on behind the message."""
    app, faults, kept = a_game_over_an_unread_save(tmp_path, kind)
    name = {"lines": "Lines", "mahjong": "Mahjong"}[kind]
    async with app.run_test(size=(80, 24)) as pilot:
        await start_over_an_unread_save(pilot, faults)
        game_screen = app.screen
        await pilot.resize_terminal(30, 10)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert question(app) == CANNOT_SAVE.format(name, "Leave")
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)  # still too small: covered again
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert app.screen is game_screen
    assert (tmp_path / f"saved-{kind}.json").read_bytes() == kept


async def test_quitting_a_game_that_cannot_be_saved_asks_first(tmp_path: Path) -> None:
    save_a_mahjong_game(tmp_path)
    kept = (tmp_path / "saved-mahjong.json").read_bytes()
    app, faults = app_on_a_passing_fault(tmp_path, "mahjong")
    async with app.run_test(size=(80, 24)) as pilot:
        await start_over_an_unread_save(pilot, faults)
        game_screen = app.screen
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert question(app) == CANNOT_SAVE.format("Mahjong", "Quit")
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is game_screen and app.is_running
        await pilot.press("ctrl+q")
        await settle(pilot)
        await pilot.press("ctrl+q")  # a second ctrl+q on the question quits at once
        await settle(pilot)
        assert not app.is_running
    assert (tmp_path / "saved-mahjong.json").read_bytes() == kept


@pytest.mark.parametrize("kind", ["lines", "mahjong"])
async def test_a_game_not_in_progress_leaves_without_asking(tmp_path: Path, kind: str) -> None:
    if kind == "lines":
        save_a_lines_game(tmp_path)
    else:
        save_a_mahjong_game(tmp_path)
    app, faults = app_on_a_passing_fault(tmp_path, kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        faults.heal()
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_a_game_left_where_no_save_turns_out_to_be_leaves_saved(tmp_path: Path) -> None:
    """The saved game could not be read, and is gone by the time the game is left: the store's
    rule holds (a game is saved where none is), and nothing is asked."""
    save_a_mahjong_game(tmp_path)
    app, faults = app_on_a_passing_fault(tmp_path, "mahjong")
    async with app.run_test(size=(80, 24)) as pilot:
        await start_over_an_unread_save(pilot, faults)
        (tmp_path / "saved-mahjong.json").unlink()  # another copy of lines-tui finished it
        assert isinstance(app.screen, MahjongScreen)
        game = app.screen.game
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        saved = MahjongGame.from_json(open_store(tmp_path).load_game("mahjong"))
        assert saved.seed == game.seed and saved.history == game.history


async def test_leaving_tells_the_player_when_the_disk_is_slow_to_save(tmp_path: Path) -> None:
    """Leaving a game that began over an unread save waits for its save; a disk slow to answer
    gets a notice instead of a key that seems to do nothing, and the question follows."""
    save_a_mahjong_game(tmp_path)
    faults = StallingFileSystem()
    app, _ = app_on_a_passing_fault(tmp_path, "mahjong", faults)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_over_an_unread_save(pilot, faults)
        assert SAVING_SLOWLY not in app.told
        faults.answering.clear()
        await pilot.press("q")
        await pilot.pause(SLOW_SAVE_AFTER + 0.5)
        assert app.told[-1] == SAVING_SLOWLY
        assert isinstance(app.screen, MahjongScreen)
        faults.answering.set()
        await settle(pilot)
        assert question(app) == CANNOT_SAVE.format("Mahjong", "Leave")


async def test_help_opened_while_leaving_waits_closes_before_the_game_leaves(
    tmp_path: Path,
) -> None:
    """Help opened while the game waits for its save stays until the player closes it; the game
    then leaves as agreed, instead of staying stuck half left (its screen closes only while on
    top)."""
    save_a_mahjong_game(tmp_path)
    kept = (tmp_path / "saved-mahjong.json").read_bytes()
    faults = StallingFileSystem()
    app, _ = app_on_a_passing_fault(tmp_path, "mahjong", faults)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_over_an_unread_save(pilot, faults)
        faults.answering.clear()
        await pilot.press("q", "question_mark")
        await pilot.pause(0.2)  # not settle: the save waits for the disk
        assert isinstance(app.screen, HelpScreen)
        faults.answering.set()
        await settle(pilot)
        assert question(app) == CANNOT_SAVE.format("Mahjong", "Leave")
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
    assert (tmp_path / "saved-mahjong.json").read_bytes() == kept
