"""A slow disk never stalls a key (#12 item 10): the UI's store reads and writes run on the
session's store thread, in the order asked. With the disk stalled (StalledFileSystem in
conftest), keys still move the cursor and leave screens at once; what was read shows when the
read ends; a save asked for before a read is on disk when that read runs, and before the app
exits. Nothing here measures time: each test holds the disk until it has seen the keys
handled, then lets it go."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    BOUND,
    FIXED_NOW,
    drawn_dialog,
    lines_move_choice,
    play_lines_by_keys,
    post_keys_at_once,
    session_of,
    settle,
    slow_app,
    stalled,
    widget_lines,
    won_mahjong_game,
)
from test_ui_solvable_deals import footer_text
from textual.pilot import Pilot
from textual.widgets import DataTable, Footer, OptionList
from textual.widgets._footer import FooterKey

from lines_tui.engine.deal_choice import CHOSEN
from lines_tui.engine.lines import LinesGame
from lines_tui.engine.lines.cell_names import cell_name
from lines_tui.engine.mahjong import layouts as layouts_module
from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.store import TableId
from lines_tui.store.replay import record_of_mahjong
from lines_tui.ui import game_leaving
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.dialogs import ConfirmScreen
from lines_tui.ui.lines.screen import LinesScreen
from lines_tui.ui.mahjong import MahjongScreen
from lines_tui.ui.menu import MenuScreen
from lines_tui.ui.scores import ImportScreen, LeaderboardScreen, PlayersScreen
from lines_tui.ui.status_line import StatusLine
from lines_tui.ui.typed_ahead import QUESTION_GUARD

SIZE = (80, 24)


def shown(app: LinesTuiApp, *selectors: str) -> str:
    return " ".join(
        " ".join(widget_lines(app.screen.query_one(selector))) for selector in selectors
    )


async def test_the_menu_moves_while_the_disk_reads_and_opens_the_chosen_game_after(
    tmp_path: Path,
) -> None:
    app, store, disk = slow_app(tmp_path)
    store.save_game("lines", LinesGame.new(5, 9, started_at=FIXED_NOW).to_json())
    disk.stall()
    async with app.run_test(size=SIZE) as pilot:
        await stalled(pilot, disk)
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        assert "Reading the data folder" in shown(app, "#menu-player")
        options = menu.query_one(OptionList)
        first = options.highlighted
        await pilot.press("down")
        assert options.highlighted == first + 1  # handled while the read waits
        await pilot.press("r")  # resume: it needs the saved game, so it waits for the read
        assert app.screen is menu
        disk.release()
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen)
        assert app.screen.game.seed == 5


async def test_r_typed_while_the_menu_reads_with_nothing_saved_says_so_after(
    tmp_path: Path,
) -> None:
    """A resume key typed during the first read still waits for it (it opens the entry if the
    read lists it); with nothing of its kind saved it says so then, where it did nothing."""
    app, store, disk = slow_app(tmp_path)
    store.add_player("Ada")  # a file for the menu to read, so the read can be held
    disk.stall()
    async with app.run_test(size=SIZE) as pilot:
        await stalled(pilot, disk)
        menu = app.screen
        assert isinstance(menu, MenuScreen) and menu.state is None
        await pilot.press("R")
        assert not app.toasts
        disk.release()
        await settle(pilot)
        assert app.screen is menu
        assert app.toasted == ["No Mahjong game is saved to resume."]


async def test_score_screens_can_be_left_while_the_disk_reads(tmp_path: Path) -> None:
    app, store, disk = slow_app(tmp_path)
    store.add_player("Ada")
    store.record_mahjong("Ada", "turtle", 300.0, 3, when=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for key, screen_class, selector, loading in (
            ("b", LeaderboardScreen, "#board-code", "Reading the leaderboards"),
            ("p", PlayersScreen, "#players-active", "Reading the players"),
        ):
            disk.stall()
            await pilot.press(key)
            await stalled(pilot, disk)
            assert isinstance(app.screen, screen_class)
            assert loading in shown(app, selector)
            waiting = [worker for worker in app.workers if worker.node is app.screen]
            await pilot.press("j", "escape")
            assert isinstance(app.screen, MenuScreen)  # left at once, the read still held
            assert waiting and all(worker.is_cancelled for worker in waiting)
            disk.release()
            await settle(pilot)
            assert isinstance(app.screen, MenuScreen)
        disk.stall()
        await pilot.press("i")
        assert isinstance(app.screen, ImportScreen)
        await pilot.press(*"LT2-AB", "escape")
        assert isinstance(app.screen, MenuScreen)
        disk.release()
        await settle(pilot)


async def test_the_leaderboard_shows_its_tables_when_the_read_ends(tmp_path: Path) -> None:
    app, store, disk = slow_app(tmp_path)
    store.record_mahjong("Ada", "turtle", 300.0, 3, when=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        disk.stall()
        await pilot.press("b")
        await stalled(pilot, disk)
        board = app.screen
        assert board.query_one(DataTable).row_count == 0
        disk.release()
        await settle(pilot)
        assert "Turtle" in shown(app, "#board-heading")
        assert board.query_one(DataTable).row_count == 1


async def test_the_leaderboard_can_be_left_while_d_reads_what_it_asks_about(
    tmp_path: Path,
) -> None:
    """d reads which tables count the entry before it asks. While that read waited on the disk,
    every key was refused, esc and q too: the screen could not be left, the esc was lost, and
    the question came once the read ended. Now esc leaves at once, and no question comes."""
    from lines_tui.ui.dialogs import ConfirmScreen

    app, store, disk = slow_app(tmp_path)
    store.record_mahjong("Ada", "turtle", 300.0, 3, when=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)
        assert app.screen.query_one(DataTable).row_count == 1
        disk.stall()
        await pilot.press("d")
        await stalled(pilot, disk)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)  # left at once, the read still held
        disk.release()
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert not any(isinstance(screen, ConfirmScreen) for screen in app.screen_stack)


async def lines_from_the_menu(pilot: Pilot[Any]) -> LinesScreen:
    """A new Lines game, opened by the menu's `l`."""
    await settle(pilot)
    await pilot.press("l")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, LinesScreen)
    return screen


async def test_a_game_saved_on_leaving_is_read_back_by_the_menu_and_kept_at_exit(
    tmp_path: Path,
) -> None:
    app, store, disk = slow_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await lines_from_the_menu(pilot)
        disk.stall()
        await play_lines_by_keys(pilot, screen, seed=1, max_moves=2)  # each move saves
        await pilot.press("q")
        assert app.screen is screen  # leaving waits for the save: it could still fail, and ask
        disk.release()
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert "Resume Lines" in shown(app, "#menu-options")  # the menu's read came after the saves
        moves = screen.game.moves
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen) and app.screen.game.moves == moves
        disk.stall()
        await play_lines_by_keys(pilot, app.screen, seed=2, max_moves=1)
        moves = app.screen.game.moves
        # The app begins to exit with that save held by the disk, and it is written before
        # the app ends.
        threading.Thread(target=lambda: app.exiting.wait(BOUND) and disk.release()).start()
        await pilot.press("ctrl+q")
    saved = store.load_game("lines")
    assert saved is not None and LinesGame.from_json(saved).moves == moves


@pytest.mark.parametrize("slow", [True, False], ids=["slow disk", "one burst"])
@pytest.mark.parametrize("leave", ["q", "escape"])
async def test_keys_typed_on_with_the_leaving_key_do_not_act_on_the_game_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, leave: str, slow: bool
) -> None:
    """Sent in one burst with q (as SSH sends keys), the keys after it acted on the game while
    it waited for its save: a move was played and saved, and `n` `y` abandoned the game for a
    new one, the quit dropped (a player's test). With the disk slow, or not."""
    monkeypatch.setattr(game_leaving, "SLOW_SAVE_AFTER", BOUND)  # its line would replace ctrl+c's
    app, store, disk = slow_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await lines_from_the_menu(pilot)
        await play_lines_by_keys(pilot, screen, seed=1, max_moves=1)
        src, dst = lines_move_choice(screen.game, random.Random(2))
        moves = list(screen.game.moves)
        burst = (leave, *cell_name(src), *cell_name(dst), "n", "y")
        if slow:
            disk.stall()
            await pilot.press(*burst, "ctrl+c")  # each key once the one before has acted
            assert app.screen is screen and screen.game.moves == moves
            # A key that only says something still acts.
            said = screen.query_one(StatusLine).message
            assert said == "ctrl+c does not quit here: ctrl+q quits."
            disk.release()
        else:
            post_keys_at_once(app, *burst)  # each key comes up to the app before any acts
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen) and app.screen.game.moves == moves
    saved = store.load_game("lines")
    assert saved is not None and LinesGame.from_json(saved).moves == moves


async def test_keys_typed_on_with_q_from_a_game_with_nothing_to_save_do_not_reach_the_menu(
    tmp_path: Path,
) -> None:
    """A game with nothing to save leaves at once: the keys of the burst behind q acted on the
    menu (`b` opened the leaderboards), where they were dropped behind a game that saved (a
    review). A key typed after them acts there."""
    app, _, _ = slow_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await lines_from_the_menu(pilot)
        post_keys_at_once(app, "q", "b")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)


async def test_the_menu_footer_shows_no_resume_key_while_a_read_has_listed_none(
    tmp_path: Path,
) -> None:
    """Back on the menu, its read of the saved games held: r and R stay out of the Footer until
    a resume entry is listed (a key typed meanwhile still waits for the read: see above)."""
    app, store, disk = slow_app(tmp_path)
    store.add_player("Ada")  # a file for the menu to read, so the read can be held
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        disk.stall()
        await pilot.press("q")  # no move made: nothing to save, the menu reads again at once
        await stalled(pilot, disk)
        menu = app.screen
        assert isinstance(menu, MenuScreen) and menu.state is None
        await footer_text(pilot)  # once the Footer has drawn its keys
        assert "Resume" not in shown(app, "#menu-options")
        assert footer_keys(app).isdisjoint({"r", "R"})
        disk.release()
        await settle(pilot)
        assert footer_keys(app).isdisjoint({"r", "R"})


def footer_keys(app: LinesTuiApp) -> set[str]:
    return {key.key_display for key in app.screen.query_one(Footer).query(FooterKey)}


async def test_a_new_game_waiting_for_a_slow_read_says_so_and_what_became_of_it(
    tmp_path: Path,
) -> None:
    """A new game from the menu first reads whether a game is saved (another copy may have saved
    one): a read held up says why nothing happens yet. One that ended under the enlarge message
    (the terminal got too small meanwhile) dropped the choice without a word; then it said the
    game was not started; now the game starts, under its own enlarge message until the terminal
    is large enough again."""
    from lines_tui.ui.saved_games import NOT_STARTED, READING_SAVED_GAMES, SLOW_READ_SECONDS
    from lines_tui.ui.size_guard import TooSmallScreen

    app, store, disk = slow_app(tmp_path)
    store.add_player("Ada")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        disk.stall()
        await pilot.press("l")
        await stalled(pilot, disk)
        await pilot.pause(SLOW_READ_SECONDS + 0.2)
        assert READING_SAVED_GAMES in app.toasted
        await pilot.resize_terminal(60, 12)
        await pilot.pause()  # not `settle`: it would wait for the held read
        assert isinstance(app.screen, TooSmallScreen)
        disk.release()
        await settle(pilot)
        assert NOT_STARTED not in app.toasted
        assert isinstance(app.screen, TooSmallScreen)
        assert isinstance(app.screen_stack[-2], LinesScreen)
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen)
        await pilot.press("q")
        await settle(pilot)
        assert app.screen is menu  # the menu's enlarge message went with the terminal's growth


async def test_a_result_to_beat_read_for_the_last_deal_is_not_said_on_a_new_one(
    tmp_path: Path,
) -> None:
    """N while the disk held the read of the chosen deal's best: once it answered, the new
    random deal said "To beat: 5:00.0 by Pat." (a code review)."""
    won = won_mahjong_game("turtle", 1)
    app, store, disk = slow_app(tmp_path)
    table = TableId.mahjong("turtle").for_deal(won.seed)
    store.record_mahjong("Pat", table, 300.0, won.seed, FIXED_NOW - 600, record_of_mahjong(won))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session_of(pilot).solvable_deals = False
        game = MahjongGame.new(won.layout, won.seed, now=FIXED_NOW)
        game.deal_choice = CHOSEN
        disk.stall()
        screen = MahjongScreen(session_of(pilot), won.layout, won.seed, game=game)
        await app.push_screen(screen)
        await stalled(pilot, disk)
        # Nothing played, but N leaves a deal chosen: asked first, and answered once read.
        await pilot.press("N")
        await pilot.pause()
        question = app.screen
        assert isinstance(question, ConfirmScreen)
        await drawn_dialog(pilot)  # not settle: the screen under it waits on the disk
        assert question.shown_at is not None
        post_keys_at_once(app, "y", read_at=question.shown_at + QUESTION_GUARD)
        await pilot.pause()
        assert screen.table.mode == "random"
        disk.release()
        await settle(pilot)
        assert "To beat" not in screen.query_one(StatusLine).message


async def test_a_layout_file_gone_while_the_menu_reads_leaves_the_menu_with_why(
    tmp_path: Path,
) -> None:
    """`lines-tui mahjong --layout FILE` read the file, then again once the menu's first read
    ended: deleted meanwhile (the folder held by another copy), it ended the app with a
    traceback (a code review)."""
    mine = tmp_path / "mine.layout"
    mine.write_text((Path(layouts_module.__file__).parent / "pagoda.layout").read_text())
    app, store, disk = slow_app(tmp_path / "data", start="mahjong", layout=str(mine))
    # A saved game for the menu's first read to read from the disk, where it is held.
    store.save_game("lines", LinesGame.new(5, 9, started_at=FIXED_NOW).to_json())
    disk.stall()
    async with app.run_test(size=(80, 24)) as pilot:
        await stalled(pilot, disk)
        mine.unlink()
        disk.release()
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen) and app.is_running
        assert any("The game was not started:" in told for told in app.toasted)
