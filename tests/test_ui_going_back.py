"""Where leaving a game goes, as its keys say: the menu, or the leaderboard a challenge was raced
from (its Import), whatever opened the game."""

from __future__ import annotations

from pathlib import Path

from conftest import (
    FIXED_NOW,
    checker,
    fill_the_board,
    make_app,
    nearly_full_game,
    open_lines,
    settle,
    turn_down_the_time,
    widget_lines,
)
from test_ui_mahjong import Clock, win_the_duo
from test_ui_mahjong import make_app as make_mahjong_app
from test_ui_mahjong_keys import footer_keys, help_row_of
from test_ui_records import (
    SIZE,
    lines_7_board,
    play_the_offered_deal,
    previewed_in_the_app,
    store_with_games,
)
from test_ui_solvable_deals import footer_text
from textual.screen import Screen

from lines_tui.engine.deal_choice import CHOSEN
from lines_tui.engine.lines import LinesGame
from lines_tui.store import open_store
from lines_tui.ui.dialogs import ConfirmScreen, ResumeScreen
from lines_tui.ui.lines.game_over import GameOverScreen
from lines_tui.ui.lines.screen import LinesScreen
from lines_tui.ui.mahjong import MahjongScreen
from lines_tui.ui.menu import MenuScreen
from lines_tui.ui.scores import LeaderboardScreen, NameEntryScreen
from lines_tui.ui.status_line import StatusLine


def said_for(screen: Screen[object], key: str) -> str:
    """The help's sentence for `key` on `screen`."""
    row = help_row_of(screen, key)
    assert row is not None, key
    return row[1]


def goes_back_to_the_leaderboard(screen: Screen[object], shown: str) -> None:
    """`screen`'s Footer (`shown`) and help say that q and esc go back to the leaderboard."""
    assert "q Back" in shown and "Menu" not in shown
    assert said_for(screen, "q").startswith("Back to the leaderboard")
    assert "menu" not in said_for(screen, "q") + said_for(screen, "esc")


async def test_a_challenge_raced_from_import_says_q_goes_back_to_the_leaderboard(
    tmp_path: Path,
) -> None:
    """playa #2: a challenge played from Import (menu i, enter, y) said `q Menu` in its Footer
    and "Back to the menu" in its help, and q went back to the leaderboard it was raced from."""
    store_with_games(tmp_path / "mine")
    code = open_store(tmp_path / "mine").challenge_code("lines-7", 1, checker=checker())
    app = make_app(tmp_path / "friend")
    async with app.run_test(size=SIZE) as pilot:
        await previewed_in_the_app(pilot, code)
        game_screen = await play_the_offered_deal(pilot)
        goes_back_to_the_leaderboard(game_screen, await footer_text(pilot))
        assert said_for(game_screen, "esc").endswith("back to the leaderboard (game saved)")
        assert game_screen.min_size[0] <= 80
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_a_lines_game_over_a_leaderboard_ends_saying_q_goes_back_there(
    tmp_path: Path,
) -> None:
    """playa #2: the game-over dialog of a challenge raced from a leaderboard said `q: menu` (and
    its Footer `q Menu`, its help "Back to the main menu"), the final board's help "Back to the
    menu" and its idle keys "q goes back to the menu"; q went back to the leaderboard."""
    store_with_games(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        board = await lines_7_board(pilot)
        screen = await open_lines(pilot, nearly_full_game())  # as a challenge opens, over it
        await fill_the_board(pilot, screen)
        dialog = app.screen
        assert isinstance(dialog, GameOverScreen)
        keys = widget_lines(dialog.query_one("#game-over-keys"))
        assert "q: back to the leaderboard" in keys  # whole, on a line
        assert "esc: see the board (r there: this again)" in keys
        assert not any("menu" in line for line in keys)
        goes_back_to_the_leaderboard(dialog, await footer_text(pilot))
        await pilot.press("escape")  # the final board
        await settle(pilot)
        assert app.screen is screen
        goes_back_to_the_leaderboard(screen, await footer_text(pilot))
        await pilot.press("5")
        await settle(pilot)
        told = screen.query_one(StatusLine).message
        assert told == (
            "Game over: r shows the result, n starts a new one, q goes back to the leaderboard."
        )
        await pilot.press("q")
        await settle(pilot)
        assert app.screen is board


async def test_a_game_from_the_menu_or_the_command_line_says_q_goes_to_the_menu(
    tmp_path: Path,
) -> None:
    """A game opened over the menu (`lines-tui lines`, `lines-tui challenge`, the menu's own
    entries) still says Menu, and its game-over dialog `q: menu`."""
    store_with_games(tmp_path)
    app = make_app(tmp_path, start="lines", seed=1, size=7, choice=CHOSEN)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LinesScreen) and isinstance(app.screen_stack[-2], MenuScreen)
        assert "q Menu" in await footer_text(pilot)
        assert said_for(screen, "q").startswith("Back to the menu")
        screen.dismiss()
        await settle(pilot)
        screen = await open_lines(pilot, nearly_full_game())
        await fill_the_board(pilot, screen)
        dialog = app.screen
        assert isinstance(dialog, GameOverScreen)
        assert "q: menu" in " ".join(widget_lines(dialog.query_one("#game-over-keys")))
        assert "q Menu" in await footer_text(pilot)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_a_mahjong_challenge_raced_from_import_says_q_goes_back_to_the_leaderboard(
    tmp_path: Path,
) -> None:
    """playa #2, in Mahjong: during play and once won."""
    store_with_games(tmp_path / "mine")
    code = open_store(tmp_path / "mine").challenge_code("mahjong-turtle", 1, checker=checker())
    app = make_mahjong_app(tmp_path / "friend")
    async with app.run_test(size=SIZE) as pilot:
        await previewed_in_the_app(pilot, code)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        game_screen = app.screen
        assert isinstance(game_screen, MahjongScreen)
        goes_back_to_the_leaderboard(game_screen, " ".join(footer_keys(game_screen)))
        assert game_screen.min_size[0] <= 80
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)


async def test_a_mahjong_game_won_over_a_leaderboard_says_q_goes_back_there(
    tmp_path: Path,
) -> None:
    clock = Clock()
    app = make_mahjong_app(tmp_path, clock)
    async with app.run_test(size=SIZE) as pilot:
        app.score_screens.open_leaderboards()
        await settle(pilot)
        board = app.screen
        assert isinstance(board, LeaderboardScreen)
        screen = await win_the_duo(pilot, clock)
        assert isinstance(app.screen, NameEntryScreen)
        await turn_down_the_time(pilot)
        assert app.screen is screen and screen.game.won
        goes_back_to_the_leaderboard(screen, " ".join(footer_keys(screen)))
        await pilot.press("q")
        await settle(pilot)
        assert app.screen is board


async def test_the_resume_question_of_a_challenge_says_esc_goes_back_to_the_leaderboard(
    tmp_path: Path,
) -> None:
    """A challenge for the deal saved asks whether to resume it, over the leaderboard the code
    went into: its esc said "back to the menu" (and `esc Menu`), and went to the leaderboard."""
    store_with_games(tmp_path / "mine")
    code = open_store(tmp_path / "mine").challenge_code("lines-7", 1, checker=checker())
    saved = LinesGame.new(1, 7, started_at=FIXED_NOW)
    ball = next(cell for cell, _ in saved.board.balls())
    target = next(c for c in saved.board.empty_cells() if saved.board.path(ball, c) is not None)
    saved.play(ball, target)
    saved.deal_choice = CHOSEN
    open_store(tmp_path / "friend").save_game("lines", saved.to_json())
    app = make_app(tmp_path / "friend")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await previewed_in_the_app(pilot, code)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("y")  # play that deal
        await settle(pilot)
        question = app.screen
        assert isinstance(question, ResumeScreen)
        keys = " ".join(widget_lines(question.query_one(".dialog-keys")))
        assert "esc: back to the leaderboard, the game kept" in keys
        assert "esc Back" in await footer_text(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)


async def test_a_leaderboard_under_the_enlarge_message_is_still_where_q_goes_back(
    tmp_path: Path,
) -> None:
    """`uncovered` let a game start over the enlarge message (a challenge accepted at 79
    columns, over a leaderboard laid out for 80): the screen under the game was the message,
    so q said "Menu" while it went back to the leaderboard."""
    from textual.screen import Screen as PlainScreen

    from lines_tui.ui.going_back import LEADERBOARD, over_the_top, under
    from lines_tui.ui.size_guard import TooSmallScreen

    store_with_games(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await lines_7_board(pilot)
        await pilot.resize_terminal(79, 24)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        assert over_the_top(app) == LEADERBOARD
        game = PlainScreen[None]()
        await app.push_screen(game)
        assert under(game) == LEADERBOARD
