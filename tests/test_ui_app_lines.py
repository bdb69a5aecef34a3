"""Whole Lines flows driven by keys through the pilot at 80 x 24."""

from __future__ import annotations

import errno
import itertools
import math
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import (
    FIXED_NOW,
    FaultyFileSystem,
    cursor_to,
    drawn_rows,
    fill_the_board,
    game_at,
    greedy_move,
    make_app,
    marked_not_saved,
    mashed_on,
    nearly_full_game,
    no_line_rows,
    one_move_from_its_end,
    open_lines,
    play_by_keys,
    played_lines_game,
    post_keys_at_once,
    session_of,
    settle,
    slow_app,
    stalled,
    store_on,
    typed_just_after_it_showed,
    widget_lines,
)
from rich.color import Color
from test_ui_every_screen import cut_footer_labels
from test_ui_held_typing import CODE
from test_ui_solvable_deals import footer_text
from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import OptionList

from lines_tui.engine.deal_choice import CHOSEN, RANDOM, DealChoice, daily
from lines_tui.engine.lines import LinesGame, points
from lines_tui.engine.lines.geometry import Cell
from lines_tui.store import StoreError, open_store
from lines_tui.store.files import BUSY
from lines_tui.store.tables import utc_day
from lines_tui.ui import game_player
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.dialogs import ENTER_REFUSED, ConfirmScreen, ResumeScreen
from lines_tui.ui.footer import Footer
from lines_tui.ui.help import HelpScreen
from lines_tui.ui.lines.game_over import GameOverScreen
from lines_tui.ui.lines.keys import DIALOG_COMES_NEXT, KEPT_TO_FILE, RESULT_BEING_SAVED
from lines_tui.ui.lines.screen import PLAYER_NOT_READ, LinesScreen
from lines_tui.ui.menu import MenuScreen
from lines_tui.ui.scores import LeaderboardScreen
from lines_tui.ui.sentences import LEAVE_THE_DEAL
from lines_tui.ui.size_guard import TooSmallScreen
from lines_tui.ui.status_line import StatusLine

FOUR_REDS = """
RRRR.....
.........
....R....
.........
.........
......B..
.........
.........
.........
"""
PREVIEW = (((8, 8), "B"), ((8, 7), "G"), ((8, 6), "Y"))
TODAY = utc_day(FIXED_NOW)


async def test_select_and_move_completes_a_line_and_scores(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))
        await cursor_to(pilot, screen, (2, 4))
        await pilot.press("enter")
        assert screen.board.selected == (2, 4)
        await cursor_to(pilot, screen, (0, 4))
        await pilot.press("space")
        await settle(pilot)
        assert screen.game.score == points("R", 5)
        assert all(screen.game.board[(0, col)] is None for col in range(5))
        # A scoring move earns another move: no balls were added.
        assert screen.game.board.balls() == [((5, 6), "B")]
        assert screen.selected is None
        assert str(screen.board.border_subtitle).strip() == f"+{points('R', 5)}"
        assert f"Score {points('R', 5)}" in str(screen.query_one("#lines-score").render())


@pytest.mark.parametrize("hours", [100, 1000])
async def test_the_lines_clock_stays_in_sight_past_100_hours(tmp_path: Path, hours: int) -> None:
    """Mahjong's clock went out of sight past 100 hours (its panel is 13 columns wide); the
    Lines panel is wider, and its clock wraps rather than hides: it shows whole."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        game = LinesGame.new(7, 9, started_at=FIXED_NOW - hours * 3600 - 6)
        screen = await open_lines(pilot, game)
        screen.refresh_clock()
        await pilot.pause()
        assert widget_lines(screen.query_one("#lines-time")) == [f"Time  {hours}:00:06"]


async def test_arrows_and_hjkl_move_the_cursor_and_wrap_at_the_edges(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))
        assert screen.board.cursor == (4, 4)
        await pilot.press("l", "j", "j", "h", "k")
        assert screen.board.cursor == (5, 4)
        await pilot.press("right", "down", "down", "left", "up")
        assert screen.board.cursor == (6, 4)
        await pilot.press("up", "up", "up", "up", "up", "up", "up")
        assert screen.board.cursor == (8, 4), "up from the top row wraps to the bottom"


async def test_move_without_a_free_path_says_why_and_changes_nothing(tmp_path: Path) -> None:
    walled = """
    .B.......
    G........
    .........
    .........
    ....R....
    .........
    .........
    .........
    .........
    """
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(walled, PREVIEW))
        before = screen.game.board
        await cursor_to(pilot, screen, (4, 4))
        await pilot.press("enter")
        await cursor_to(pilot, screen, (0, 0))
        await pilot.press("enter")
        await settle(pilot)
        assert screen.game.board == before
        assert screen.game.moves == []
        assert "No free path" in str(screen.query_one("#lines-message").render())
        assert screen.selected == (4, 4), "the selection stays so the player can try elsewhere"


async def test_escape_cancels_the_selection_before_leaving(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))
        await cursor_to(pilot, screen, (2, 4))
        await pilot.press("enter", "escape")
        assert screen.selected is None and app.screen is screen
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


async def test_keys_typed_on_as_the_board_fills_do_not_answer_the_game_over(
    tmp_path: Path,
) -> None:
    """An n typed on as the last move filled the board started a new game before the final
    score could be seen."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, nearly_full_game())
        typed_on = events.Key("n", "n")  # read now, before the dialog is there
        await fill_the_board(pilot, screen)
        assert isinstance(app.screen, GameOverScreen)
        app.post_message(typed_on)
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)  # still there, the score in sight


async def test_keys_typed_on_just_after_the_game_over_shows_do_not_answer_it(
    tmp_path: Path,
) -> None:
    """An enter (or an n) typed on with the last move, reaching the app just after the game-over
    dialog was drawn, started a new game before the final score could be read. Keys within a
    moment of it showing are dropped; a deliberate n after that starts the new game."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await game_over_drawn(pilot)
        screen = app.screen_stack[-2]  # the finished game's
        assert isinstance(screen, LinesScreen)
        await typed_just_after_it_showed(pilot, "enter", "n")
        assert app.screen is dialog  # still there, the score in sight
        await settle(pilot)  # a moment later: the player has read it
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen) and app.screen is not screen


async def last_move_ready(pilot: Pilot[None]) -> LinesScreen:
    """`nearly_full_game` open, its ball picked and the cursor on the cell it fills: enter is
    the last move."""
    screen = await open_lines(pilot, nearly_full_game())
    await cursor_to(pilot, screen, (1, 0))
    await pilot.press("enter")
    await cursor_to(pilot, screen, (0, 0))
    return screen


async def test_an_n_typed_with_the_last_move_asks_nothing_behind_the_game_over(
    tmp_path: Path,
) -> None:
    """An n typed with the last move, reaching the game while its result was being saved,
    asked "Your score … is not saved yet. Drop it and start a new game?" behind the dialog:
    the dialog dropped nothing, and once it closed the question stood there, false (the score
    was saved) and in the way of q (a player's test). It is dropped, as in the dialog."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await last_move_ready(pilot)
        # The last move, and an n read with it in one burst, before the result is written.
        app.post_message(events.Key("enter", "\r"))
        app.post_message(events.Key("n", "n"))
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert not any(isinstance(shown, ConfirmScreen) for shown in app.screen_stack)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen


@pytest.mark.parametrize("key", ["q", "escape"])
async def test_a_q_typed_with_the_last_move_waits_for_the_game_over(
    tmp_path: Path, key: str
) -> None:
    """A q typed with the last move, reaching the game while its result was being saved, left
    for the menu: the score was saved, but its place never shown (a player's test). It is
    dropped, as in the dialog; q there leaves."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await last_move_ready(pilot)
        app.post_message(events.Key("enter", "\r"))
        app.post_message(events.Key(key, "q" if key == "q" else "\x1b"))
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_q_n_and_esc_while_the_result_is_written_say_the_dialog_comes_next(
    tmp_path: Path,
) -> None:
    """Dropped without a word, q and esc looked dead for as long as the write took (seconds,
    with another copy holding the data folder's lock), the Footer still offering them (a
    review). They say what is happening, as r does; once the dialog has shown, the line says
    the game is over again, as the board does."""
    setup = open_store(tmp_path)
    setup.set_active_player(setup.add_player("Ann"))
    app, _, disk = slow_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await last_move_ready(pilot)
        disk.stall()
        await pilot.press("enter")  # the last move: its result is written on a stalled disk
        await stalled(pilot, disk)
        for key in ("q", "escape", "n"):
            await pilot.press(key)
            assert app.screen is screen and screen.message == DIALOG_COMES_NEXT
        await pilot.press("r")
        assert screen.message == RESULT_BEING_SAVED
        disk.release()
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen and screen.message == "Game over: the board is full."


async def game_over_drawn(pilot: Pilot[None]) -> GameOverScreen:
    """Play the move that fills `nearly_full_game`'s board, open, and wait (pressing no key)
    until the game-over dialog has been drawn; not `settle`, which also waits out its guard."""
    app = pilot.app
    screen = await open_lines(pilot, nearly_full_game())
    await cursor_to(pilot, screen, (1, 0))
    await pilot.press("enter")
    await cursor_to(pilot, screen, (0, 0))
    await pilot.press("enter")  # the last move: the board is full
    for _ in range(500):
        dialog = app.screen
        if isinstance(dialog, GameOverScreen) and dialog.shown_at is not None:
            return dialog
        await pilot.pause()
    raise AssertionError(f"no game-over dialog was drawn: {app.screen}")


async def test_ctrl_q_quits_at_once_as_the_game_over_shows(tmp_path: Path) -> None:
    """ctrl+q right after the last move, within the moment the game-over dialog drops keys
    typed on with the move, was dropped with them: Textual lists a dialog's own bindings only,
    where ctrl+q is shown but not a priority key. The app's ctrl+q quits there at once."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await game_over_drawn(pilot)
        await typed_just_after_it_showed(pilot, "ctrl+q")
        await settle(pilot)  # the game is kept, then the app ends
    assert app.return_code == 0


async def test_a_key_chosen_after_stopping_typing_on_answers_the_game_over(tmp_path: Path) -> None:
    """A key typed on with the last move 0.3 s after the dialog showed, then the player's own
    choice 0.45 s later (0.75 s after it showed: read and chosen) was dropped as part of the
    burst, which needed a 0.5 s pause; a player stopping at once and reading quickly leaves less.
    The chosen key acts."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await game_over_drawn(pilot)
        assert dialog.shown_at is not None
        post_keys_at_once(app, "b", read_at=dialog.shown_at + 0.3)  # typed on: dropped
        post_keys_at_once(app, "q", read_at=dialog.shown_at + 0.75)  # chosen: back to the menu
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_keys_mashed_on_for_seconds_do_not_answer_the_game_over(tmp_path: Path) -> None:
    """Keys typed on with the last move for longer than the dialog's 0.4 s guard (n, enter,
    every 0.35 s for three seconds) started a new game before the final score could be read.
    Keys that carry on the burst of typing are dropped, the dialog saying so in place of its
    keys; ctrl+q still quits at once."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await game_over_drawn(pilot)
        last = await mashed_on(pilot, "n", "enter")
        assert app.screen is dialog  # still there, the score in sight
        await pilot.pause()  # drawn with its hint
        shown = " ".join(" ".join(drawn_rows(app)).split())
        assert "Final score" in shown and "from the last move are ignored" in shown
        assert "n: new game" not in shown
        post_keys_at_once(app, "ctrl+q", read_at=last + 0.1)
        await settle(pilot)  # the game is kept, then the app ends
    assert app.return_code == 0


async def test_full_board_ends_the_game_with_the_dialog_and_clears_the_save(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, nearly_full_game())
        await fill_the_board(pilot, screen)
        assert screen.game.over
        assert isinstance(app.screen, GameOverScreen)
        text = " ".join(str(w.render()) for w in app.screen.query(".dialog-text"))
        assert "Final score: 0" in text
        # Said once: it read "Not saved: guest scores are not saved."
        assert "Not saved: playing as a guest." in text
        assert open_store(tmp_path).load_game("lines") is None
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen) and app.screen is not screen
        assert not app.screen.game.over


async def test_a_finished_board_takes_no_typed_cell_names(tmp_path: Path) -> None:
    """Looking at the final board after the game-over dialog, a digit names no row: the status
    line never asks for a column letter that nothing would use. The keys that move and name
    cells say why they do nothing (they did nothing, silently, and the help left them out); the
    column letter after a digit too (`e` said nothing here before: a letter after a row number
    is a column, see `test_a_column_letter_on_a_finished_board_is_no_other_key`); and any
    other letter that is no key there, such as the game-over dialog's `b` and `c`, read just
    before esc (they said nothing: a player review)."""
    from lines_tui.ui.lines.screen import GAME_IS_OVER

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, nearly_full_game())
        await fill_the_board(pilot, screen)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        shown = await footer_text(pilot)  # nothing to move or name on a finished board
        assert "Cell" not in shown and "Select" not in shown and "n New" in shown
        cursor = screen.board.cursor
        for key in ("5", "e", "up", "enter", "space", "c", "b", "x"):
            screen.query_one(StatusLine).say("")
            await pilot.press(key)
            await settle(pilot)
            told = screen.query_one(StatusLine).message
            assert told == GAME_IS_OVER, key
        assert screen.board.cursor == cursor
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


def nearly_full_game_of(size: int) -> LinesGame:
    """`nearly_full_game` on a `size` x `size` board: its three corners empty, the balls due there
    of the colours that make no line."""
    last = size - 1
    corners = ((0, 0), (last, last), (0, last))
    colours = no_line_rows(size).splitlines()
    preview = tuple((cell, colours[cell[0]][cell[1]]) for cell in corners)
    return game_at(no_line_rows(size, empty=corners), preview)


@pytest.mark.parametrize(("size", "keys"), [(9, "3a"), (14, "3n"), (15, "12n")])
async def test_a_column_letter_on_a_finished_board_is_no_other_key(
    tmp_path: Path, size: int, keys: str
) -> None:
    """After a row number a column letter names a cell, on the final board too, where it says
    the game is over: `3a` turned the animations off, and on 14 x 14 `3n` started a new game.
    (`q`, no column, still goes back there after a digit, as the line says: test_ui_going_back.)"""
    from lines_tui.ui.lines.screen import GAME_IS_OVER

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_lines(pilot, nearly_full_game_of(size))
        await fill_the_board(pilot, screen)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("escape")
        await settle(pilot)
        animations, cursor = session_of(pilot).animations, screen.board.cursor
        for key in keys:
            screen.query_one(StatusLine).say("")
            await pilot.press(key)
            await settle(pilot)
            assert screen.query_one(StatusLine).message == GAME_IS_OVER, key
        assert app.screen is screen and screen.board.cursor == cursor
        assert session_of(pilot).animations == animations
        await pilot.press("a")  # with no row typed, the letters are keys of their own
        await settle(pilot)
        assert session_of(pilot).animations != animations


async def test_registered_players_game_is_saved_and_offers_the_leaderboard(
    tmp_path: Path,
) -> None:
    store = open_store(tmp_path)
    store.add_player("Ada")
    store.set_active_player("Ada")
    game = nearly_full_game()
    game.score = 120  # as if lines had been cleared earlier: a score worth keeping
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game)
        await fill_the_board(pilot, screen)
        assert isinstance(app.screen, GameOverScreen)
        assert app.screen.outcome.saved and app.screen.outcome.rank == 1
        # The table by its title, as the leaderboard names it (not its id, "lines-9").
        told = str(app.screen.query_one("#game-over-outcome").render())
        assert told == "Saved: place 1 in the table Lines 9 x 9."
        dialog = app.screen
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)
        await pilot.press("escape")  # back where the leaderboard was opened from
        await settle(pilot)
        assert app.screen is dialog
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_a_score_kept_while_another_copy_writes_says_try_again_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another copy held the lock as the score was written: "Not saved: another lines-tui is
    writing the data folder; try again. Kept: resume it from the menu to try again." """
    app, game, last_move = a_score_refused(tmp_path, monkeypatch, BUSY)
    async with app.run_test(size=(80, 24)) as pilot:
        _, told = await outcome_told(pilot, game, last_move)
        assert told == (
            "Not saved: another lines-tui is writing the data folder. "
            "Kept: resume it from the menu to try again."
        )


async def test_b_over_a_score_not_saved_says_no_table_holds_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player's test: `b` on the Game over dialog of a score not saved did nothing and said
    nothing. It says why there is no leaderboard to show, as `c` says why there is no
    challenge code; the Footer offers neither."""
    app, game, last_move = a_score_refused(tmp_path, monkeypatch, BUSY)
    async with app.run_test(size=(80, 24)) as pilot:
        await outcome_told(pilot, game, last_move)
        dialog = app.screen
        assert "Leaderboard" not in await footer_text(pilot)
        await pilot.press("b")
        await settle(pilot)
        assert app.screen is dialog
        said = str(dialog.query_one("#game-over-no-leaderboard").render())
        assert said == "No leaderboard to show: the score was not saved."


async def test_enter_on_the_new_game_question_says_why_on_the_keys_row(tmp_path: Path) -> None:
    """A player's test: enter on "Abandon this game?" said it does not answer on two rows,
    broken between "y" and "or n)", the dialog growing by a row."""
    game, _ = one_move_from_its_end(4)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lines(pilot, game)
        await pilot.press("n")
        await settle(pilot)
        question = app.screen
        assert isinstance(question, ConfirmScreen)
        await pilot.press("enter")
        await settle(pilot)
        keys = question.query_one(".dialog-keys")
        assert str(keys.render()) == ENTER_REFUSED
        assert len([row for row in widget_lines(keys) if row.strip()]) == 1


def a_score_refused(
    folder: Path, monkeypatch: pytest.MonkeyPatch, reason: str
) -> tuple[LinesTuiApp, LinesGame, tuple[Cell, Cell]]:
    """Ada's game one move from its end, and the app on `folder` whose store refuses to file
    its score, saying `reason`."""
    store = open_store(folder)
    store.add_player("Ada")
    store.set_active_player("Ada")
    game, last_move = one_move_from_its_end(4)
    app = make_app(folder)

    def refused(*_: object, **__: object) -> object:
        raise StoreError(reason)

    monkeypatch.setattr(app.store, "record_lines", refused)
    return app, game, last_move


async def outcome_told(
    pilot: Pilot[None],
    game: LinesGame,
    last_move: tuple[Cell, Cell],
    meanwhile: Callable[[LinesScreen], object] = lambda _: None,
) -> tuple[LinesScreen, str]:
    """Play `game`'s `last_move` (`meanwhile(screen)` first: what happens while it is played):
    its screen, and what the Game over dialog says of its score."""
    screen = await open_lines(pilot, game)
    meanwhile(screen)
    await play_by_keys(pilot, screen, last_move)
    assert isinstance(pilot.app.screen, GameOverScreen)
    return screen, str(pilot.app.screen.query_one("#game-over-outcome").render())


async def test_a_score_the_disk_refuses_keeps_the_finished_game_to_file_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A finished game whose score could not be written (a full disk) was cleared anyway: the
    player was told, and the score was gone. Now the finished game stays saved, as a Mahjong
    time that could not be written does, and resumed it files its score. (A game its moves
    scored: a save with a score set by hand is damaged, and resumes nothing.)"""
    disk_full = "cannot write to scores.json: No space left on device"
    app, game, last_move = a_score_refused(tmp_path, monkeypatch, disk_full)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, told = await outcome_told(pilot, game, last_move)
        assert told == (
            "Not saved: cannot write to scores.json: No space left on device. "
            "Kept: resume it from the menu to try again."
        )
        await pilot.press("n")  # a new game would drop the score: it asks first
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        saved = open_store(tmp_path).load_game("lines")
        assert saved is not None and saved["score"] == game.score > 0
        monkeypatch.undo()  # the disk has room again
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert app.screen.outcome.saved and app.screen.outcome.rank == 1
    assert [entry.value for entry in open_store(tmp_path).table("lines-9")] == [game.score]
    assert open_store(tmp_path).load_game("lines") is None


@pytest.mark.parametrize("keys", [("escape", "q"), ("q",)], ids=["from the board", "dialog"])
async def test_a_score_and_a_game_the_disk_refuses_do_not_promise_a_kept_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, keys: tuple[str, ...]
) -> None:
    """The disk full for the finished game's save too: the end said "Kept: resume it from the
    menu to try again" over a game that was not saved. It says the game is not kept either, and
    leaving, which tries to save it again, still asks first: from the final board, and from the
    dialog's q, which went to the menu at once, the score lost (a hostile player's test)."""
    disk_full = "cannot write to scores.json: No space left on device"
    app, game, last_move = a_score_refused(tmp_path, monkeypatch, disk_full)

    def no_room(*_: object, **__: object) -> None:
        raise StoreError("cannot write to lines.json: No space left on device")

    async with app.run_test(size=(80, 24)) as pilot:
        _, told = await outcome_told(
            pilot, game, last_move, lambda _: monkeypatch.setattr(app.store, "save_game", no_room)
        )
        assert told == (
            "Not saved: cannot write to scores.json: No space left on device. "
            "The game could not be kept to try again either."
        )
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)


@pytest.mark.parametrize(
    ("holder", "player"), [("Ann", "Bob"), ("Ann", None), ("bob", "Bob")], ids=str
)
async def test_a_game_played_again_from_anothers_gives_no_challenge_code(
    tmp_path: Path, holder: str, player: str | None
) -> None:
    """Bob typed in Ann's game move for move (from its replay): it was refused as Ann's, yet c
    gave a code of it under Bob's name and a later date, which a third friend importing it
    first kept in the place of Ann's own (a player review); a guest's copy, filed nowhere,
    too (a code review). Bob's own game, filed already by another copy of the app (under his
    name in any case), still gives one."""
    from lines_tui.store.replay import record_of_lines

    game, last_move = one_move_from_its_end(4)
    filed = played_lines_game(4)
    store = open_store(tmp_path)
    for name in ("Ann", "Bob"):
        store.add_player(name)
    store.set_active_player(player)
    record = record_of_lines(filed)
    ended = FIXED_NOW + 3_600
    assert store.record_lines(holder, 9, filed.score, 4, FIXED_NOW, ended, record).saved
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        _, told = await outcome_told(pilot, game, last_move)
        if player is None:
            assert told == "Not saved: playing as a guest."
        else:
            assert told.endswith(f"is in the table already, as {holder.capitalize()}'s.")
        dialog = app.screen
        await pilot.press("c")
        await settle(pilot)
        if holder == "Ann":
            assert "Challenge" not in await footer_text(pilot)
            assert str(dialog.query_one("#game-over-no-challenge").render()) == (
                "No challenge code: this game is Ann's, played again move for move."
            )
        else:
            assert "Challenge" in await footer_text(pilot)
            assert dialog.query("#game-over-challenge")


async def test_a_player_renamed_by_another_copy_keeps_the_finished_game_to_file(
    tmp_path: Path,
) -> None:
    """Cy renamed to Dee by another copy during Cy's game: the score was refused ("'Cy' is not
    a registered player") and the game cleared, the points lost. The finished game stays saved,
    the menu says it is over, and resumed it files the score under whoever plays now (Dee); on
    the final board q and esc say the game is kept."""
    store = open_store(tmp_path)
    store.add_player("Cy")
    store.set_active_player("Cy")
    game, last_move = one_move_from_its_end(4)
    app = make_app(tmp_path)

    def renamed_meanwhile(screen: LinesScreen) -> None:
        assert screen.player == "Cy"
        open_store(tmp_path).rename_player("Cy", "Dee")  # the other copy

    async with app.run_test(size=(80, 24)) as pilot:
        screen, told = await outcome_told(pilot, game, last_move, renamed_meanwhile)
        assert told == (
            "Not saved: 'Cy' is no longer a registered player (renamed or removed by another "
            "lines-tui). Kept: resume it from the menu to try again."
        )
        await pilot.press("escape")
        await settle(pilot)
        help_of = {b.binding.action: b.binding.tooltip for b in screen.active_bindings.values()}
        assert help_of["leave"] == KEPT_TO_FILE
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert f"Lines (9 x 9, score {game.score}, game over)" in " ".join(drawn_rows(app))
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert app.screen.outcome.saved and app.screen.outcome.rank == 1
    (entry,) = open_store(tmp_path).table("lines-9")
    assert (entry.name, entry.value) == ("Dee", game.score)
    assert open_store(tmp_path).load_game("lines") is None


@pytest.mark.parametrize(
    ("first", "removed", "owner"),
    [("Alice", False, "Alice"), (None, False, "Bob"), ("Alice", True, "Bob")],
)
async def test_a_saved_game_stays_its_players_whoever_plays_when_it_is_resumed(
    tmp_path: Path, first: str | None, removed: bool, owner: str
) -> None:
    """Alice's game saved, Bob made the active player: the menu offered "Resume Lines (9 x 9,
    …)", and resumed, the game played and filed its score as Bob. Its save names Alice: the
    menu says whose game it is, and resumed it is still hers, its score filed under her. A
    guest's game resumed once registered, or one whose player was removed since, is whoever
    plays now's, and the menu names nobody else's."""
    store = open_store(tmp_path)
    if first is not None:
        store.add_player(first)
        store.set_active_player(first)
    game, last_move = one_move_from_its_end(4)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lines(pilot, game)
        await pilot.press("q")  # saved as the player leaves, naming them
        await settle(pilot)
    if first is not None and removed:
        store.remove_player(first)
    store.add_player("Bob")
    store.set_active_player("Bob")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # The owner first: a long name would be cut from the entry's end.
        whose = "Lines" if owner == "Bob" else f"{owner}'s Lines"
        assert f"Resume {whose} (9 x 9, score {game.score})" in " ".join(drawn_rows(app))
        await pilot.press("r")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LinesScreen) and screen.player == owner
        whose = "your" if owner == "Bob" else f"{owner}'s"
        assert screen.query_one(StatusLine).message == f"Resumed {whose} saved game."
        await play_by_keys(pilot, screen, last_move)
        assert isinstance(app.screen, GameOverScreen) and app.screen.outcome.saved
        told = str(app.screen.query_one("#game-over-outcome").render())
        whose = "" if owner == "Bob" else f" under {owner}"
        assert told == f"Saved{whose}: place 1 in the table Lines 9 x 9."
    (entry,) = open_store(tmp_path).table("lines-9")
    assert (entry.name, entry.value) == (owner, game.score)


async def test_a_player_read_that_failed_at_the_start_is_read_again_for_the_score(
    tmp_path: Path,
) -> None:
    """One failed read of the player as the game began (the folder's lock held a moment, an
    I/O error) made a registered player a guest for the whole game: the score was refused,
    "playing as a guest", and the game cleared."""
    store = open_store(tmp_path)
    store.add_player("Ada")
    store.set_active_player("Ada")
    faults = FaultyFileSystem()
    app = LinesTuiApp(store_on(tmp_path, faults), clock=lambda: FIXED_NOW, animations=False)
    game = nearly_full_game()
    game.score = 120
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        faults.fail("read", errno.EIO)
        screen = await open_lines(pilot, game)
        faults.heal()
        await fill_the_board(pilot, screen)
        assert isinstance(app.screen, GameOverScreen)
        assert app.screen.outcome.saved, app.screen.outcome.reason
    (entry,) = open_store(tmp_path).table("lines-9")
    assert (entry.name, entry.value) == ("Ada", 120)


async def test_who_plays_this_run_only_is_named_when_the_scores_cannot_be_read(
    tmp_path: Path,
) -> None:
    """`--player Bob` where he could not be made the active player (a full disk): when the
    scores could not be read then, the menu and the game said a guest played (and a Mahjong
    win would have offered no name), though Bob plays this run whatever the file says."""
    setup = open_store(tmp_path)
    setup.set_active_player(setup.add_player("Ann"))
    setup.add_player("Bob")
    faults = FaultyFileSystem()
    store = store_on(tmp_path, faults)
    faults.fail("write", errno.ENOSPC)
    assert store.play_as("Bob") == "Bob"
    faults.fail("read", errno.EIO)
    app = LinesTuiApp(store, clock=lambda: FIXED_NOW, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert str(app.screen.query_one("#menu-player").render()) == "Player: Bob"
        screen = await open_lines(pilot, nearly_full_game())
        assert screen.player == "Bob"
        assert str(screen.query_one("#lines-player").render()) == "Player Bob"


async def test_a_game_whose_player_could_not_be_read_is_no_guests_and_reads_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another lines-tui holding the folder a while (here, a failing read): the menu said a guest
    played, and the game's panel said "Guest: scores are not saved" for the whole game, though
    its result was filed for Ann at the end. The game now says the player is not read yet, reads
    again now and then, quietly, and names her once a read succeeds."""
    monkeypatch.setattr(game_player, "RETRY_SECONDS", (0.05,))
    setup = open_store(tmp_path)
    setup.set_active_player(setup.add_player("Ann"))
    faults = FaultyFileSystem()
    store = store_on(tmp_path, faults)
    faults.fail("read", errno.EIO)
    app = LinesTuiApp(store, clock=lambda: FIXED_NOW, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu_player = str(app.screen.query_one("#menu-player").render())
        assert menu_player == "Player not known: the scores could not be read."
        screen = await open_lines(pilot, LinesGame.new(3))
        panel = screen.query_one("#lines-player")
        assert str(panel.render()) == PLAYER_NOT_READ
        told = screen.query_one(StatusLine).message
        assert told.startswith("The player could not be read: ")
        screen.query_one(StatusLine).say("")
        reads = faults.failures
        for _ in range(100):  # reads again, and again while they fail
            await pilot.pause(0.05)
            if faults.failures >= reads + 3:
                break
        assert faults.failures >= reads + 3
        assert screen.query_one(StatusLine).message == ""  # said once, not at every read
        assert str(panel.render()) == PLAYER_NOT_READ
        faults.heal()
        for _ in range(100):
            await pilot.pause(0.05)
            if str(panel.render()) == "Player Ann":
                break
        assert str(panel.render()) == "Player Ann"
        assert screen.player == "Ann"


async def test_the_panel_names_no_one_while_the_player_is_being_read(tmp_path: Path) -> None:
    """The read takes a few milliseconds on every start: its first frame said "Player not read
    yet" (and before that "Guest: scores are not saved" of a registered player), as though a
    read had failed. Here the disk holds the read."""
    setup = open_store(tmp_path)
    setup.set_active_player(setup.add_player("Ann"))
    app, _, disk = slow_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        disk.stall()
        screen = LinesScreen(session_of(pilot), LinesGame.new(3))
        app.push_screen(screen)
        await stalled(pilot, disk)
        await pilot.pause()
        panel = screen.query_one("#lines-player")
        assert str(panel.render()) == ""
        disk.release()
        await settle(pilot)
        assert str(panel.render()) == "Player Ann"


async def test_quitting_mid_game_saves_it_and_the_menu_resumes_it(tmp_path: Path) -> None:
    app = make_app(tmp_path, start="lines", seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LinesScreen)
        game = screen.game
        src = game.board.balls()[0][0]
        dst = next(c for c in game.board.empty_cells() if game.board.path(src, c))
        await cursor_to(pilot, screen, src)
        await pilot.press("enter")
        await cursor_to(pilot, screen, dst)
        await pilot.press("enter")
        await settle(pilot)
        board, score = game.board, game.score
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        options = app.screen.query_one("#menu-options", OptionList).options
        assert any("Resume Lines" in str(option.prompt) for option in options)
        await pilot.press("r")
        await settle(pilot)
        resumed = app.screen
        assert isinstance(resumed, LinesScreen) and resumed is not screen
        assert resumed.game.board == board and resumed.game.score == score
        assert resumed.game.moves == [(src, dst)]


async def test_symbols_key_gives_every_ball_its_letter(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))
        assert not app.symbols_mode
        await pilot.press("s")
        await settle(pilot)
        assert app.symbols_mode and screen.board.symbols
        # The first row of cells: its middle line (below the column letters) holds the letters.
        line = screen.board.render_line(2).text
        assert line.count("R") == 4, line  # four red balls, one letter each


async def test_small_terminal_shows_the_enlarge_message_and_the_game_comes_back(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))
        await cursor_to(pilot, screen, (2, 4))
        await pilot.press("enter")
        await pilot.resize_terminal(40, 12)
        await settle(pilot)
        # Its lines broken to the 40 columns (between words): read as one line.
        message = " ".join(str(app.screen.query_one("#too-small-message").render()).split())
        width, height = screen.min_size
        assert f"Please enlarge the terminal to {width} x {height} (now 40 x 12)" in message
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert app.screen is screen
        assert screen.selected == (2, 4) and screen.board.cursor == (2, 4)


async def test_a_game_past_24_hours_says_its_score_will_not_be_saved_while_played(
    tmp_path: Path,
) -> None:
    """Player review: a game resumed two days after it began said "Resumed your saved game."
    and nothing more; that its score would not be saved came only in the game-over dialog,
    after the whole game. It is said as soon as the game is past the limit, once."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        day_old = LinesGame.new(3, started_at=FIXED_NOW - 24 * 3600 + 0.5)
        screen = await open_lines(pilot, day_old)
        status_line = screen.query_one(StatusLine)
        assert status_line.message == ""
        session_of(pilot).clock = lambda: FIXED_NOW + 1  # the game's 24 hours pass
        await pilot.pause(1.2)
        told = (
            "Its score will not be saved: the game lasted 24 h 00 min; only games of at most "
            "24 hours are saved."
        )
        assert status_line.message == told
        status_line.say("")
        await pilot.pause(1.2)
        assert status_line.message == ""  # once
        await pilot.press("q")
        await settle(pilot)
        old = LinesGame.new(3, started_at=FIXED_NOW - 48 * 3600)
        screen = await open_lines(pilot, old)  # resumed days later: at once
        assert "the game lasted 48 h 00 min" in screen.query_one(StatusLine).message


async def test_enter_is_called_move_while_a_ball_is_selected(tmp_path: Path) -> None:
    """Player review: the Footer said "⏎ Pick" while a ball was selected, when enter moves it."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))
        await cursor_to(pilot, screen, (2, 4))
        assert "⏎ Pick" in await footer_text(pilot)
        await pilot.press("enter")
        await settle(pilot)
        footer = await footer_text(pilot)
        assert "⏎ Move" in footer and "Pick" not in footer
        await pilot.press("escape")
        await settle(pilot)
        assert "⏎ Pick" in await footer_text(pilot)


async def test_the_width_a_game_needs_counts_every_key_of_its_footer(tmp_path: Path) -> None:
    """At 59 x 13 (the board's least) the game went on with its Footer cut: q Menu and ? Help
    gone, esc Cancel too while a ball was selected."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))
        await cursor_to(pilot, screen, (2, 4))
        await pilot.press("enter")  # selected: esc Cancel joins the Footer
        width, height = screen.min_size
        await pilot.resize_terminal(width, height)
        await settle(pilot)
        assert app.screen is screen and "esc Cancel" in await footer_text(pilot)
        assert cut_footer_labels(screen) == []
        await pilot.resize_terminal(width - 1, height)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)


def board_shows_under(app: App[None]) -> bool:
    """Whether the screen on top lets the one below show through (dimmed): Textual draws the
    screens below only while the top one's background is not opaque."""
    return app.screen.styles.background.a < 1


async def test_help_over_a_game_the_terminal_shrinks_under_hides_the_cut_board(
    tmp_path: Path,
) -> None:
    """The help stays open and usable, but opaque: the board cut to the small terminal never
    shows through it; closed, the game covers itself with the enlarge message, and at full size
    again the help over the game shows it dimmed as before."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen) and board_shows_under(app)
        await pilot.resize_terminal(40, 12)
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen) and not board_shows_under(app)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen) and board_shows_under(app)
        await pilot.resize_terminal(40, 12)
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen) and board_shows_under(app)


async def test_a_dialog_back_on_top_of_a_game_too_small_now_hides_it(tmp_path: Path) -> None:
    """The game-over dialog's leaderboard (b), and its help over it, closed after the terminal
    shrank (the game, under an opaque screen, was not told of the new size): the dialog is on
    top again over a board cut to the new size, and hides it."""
    store = open_store(tmp_path)
    store.add_player("Ada")
    store.set_active_player("Ada")
    game = nearly_full_game()
    game.score = 120  # a score the leaderboard keeps, so the dialog offers it
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game)
        await fill_the_board(pilot, screen)
        assert isinstance(app.screen, GameOverScreen) and board_shows_under(app)
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)
        await pilot.press("question_mark")
        await settle(pilot)
        await pilot.resize_terminal(40, 12)
        await settle(pilot)
        for _ in range(2):  # the help, the leaderboard
            await pilot.press("escape")
            await settle(pilot)
        assert isinstance(app.screen, GameOverScreen) and not board_shows_under(app)


async def test_starting_lines_directly_offers_the_saved_game(tmp_path: Path) -> None:
    saved = game_at(FOUR_REDS, PREVIEW)
    saved.play((5, 6), (6, 6))
    open_store(tmp_path).save_game("lines", saved.to_json())
    app = make_app(tmp_path, start="lines")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen)
        assert app.screen.game.board == saved.board


async def test_a_store_that_cannot_save_does_not_end_the_game(tmp_path: Path) -> None:
    from lines_tui.store import StoreError

    app = make_app(tmp_path)
    notices: list[str] = []

    def refuse(kind: str, data: object, **options: object) -> None:
        raise StoreError("the disk is full")

    app.store.save_game = refuse  # type: ignore[method-assign]
    app.notify = lambda message, **options: notices.append(message)  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))
        await cursor_to(pilot, screen, (5, 6))
        await pilot.press("enter")
        await cursor_to(pilot, screen, (6, 6))
        await pilot.press("enter")
        await settle(pilot)
        assert screen.game.moves == [((5, 6), (6, 6))]
        assert app.screen is screen
        assert notices == ["The game could not be saved: the disk is full"]
        # Refused again for the same reason (every move on a full disk), it is not told again,
        # but the panel says so all the while; told again once a save went through between.
        for _ in range(2):
            screen.save_game()
            await settle(pilot)
        assert notices == ["The game could not be saved: the disk is full"]
        assert marked_not_saved(screen)
        del app.store.save_game  # the disk has room again
        screen.save_game()
        await settle(pilot)
        assert not marked_not_saved(screen)
        app.store.save_game = refuse  # type: ignore[method-assign]
        screen.save_game()
        await settle(pilot)
        assert notices == ["The game could not be saved: the disk is full"] * 2


async def test_escape_on_the_enlarge_message_leaves_the_game_for_the_menu(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(40, 12)) as pilot:
        await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        await settle(pilot)
        # The menu, too small itself at 40 x 12, says so until the terminal grows.
        assert not any(isinstance(screen, LinesScreen) for screen in app.screen_stack)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_ball_colours_stay_distinct_in_256_and_16_colour_terminals(tmp_path: Path) -> None:
    from rich.color import ColorSystem

    from lines_tui.engine.lines import COLOURS

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))
        colours = [screen.board.ball_style(code).color for code in COLOURS]
        for system in (ColorSystem.EIGHT_BIT, ColorSystem.STANDARD):
            numbers = [colour.downgrade(system).number for colour in colours if colour]
            assert len(set(numbers)) == len(COLOURS), (system, numbers)
        # Distinct is not enough: blue and violet became 63 and 135 in 256 colours (over SSH,
        # the usual case), too close to tell apart (CIE76 distance 20; 37 in truecolor).
        shown = [lab(colour.downgrade(ColorSystem.EIGHT_BIT)) for colour in colours if colour]
        closest = min(math.dist(a, b) for a, b in itertools.combinations(shown, 2))
        assert closest >= 35, closest


def lab(colour: Color) -> tuple[float, float, float]:
    """`colour` as drawn, in CIE L*a*b* (D65), where distance is how different colours look."""

    def linear(channel: int) -> float:
        value = channel / 255
        return ((value + 0.055) / 1.055) ** 2.4 if value > 0.04045 else value / 12.92

    triplet = colour.get_truecolor()
    r, g, b = (linear(channel) for channel in triplet)
    x = (r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047
    y = r * 0.2126 + g * 0.7152 + b * 0.0722
    z = (r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


async def test_the_move_animates_along_its_path_and_any_key_skips_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lines_tui.ui.lines import turn

    # A trip slow enough to be still under way when a loaded machine gets to the asserts.
    monkeypatch.setattr(turn, "PATH_SECONDS", 60.0)
    monkeypatch.setattr(turn, "STEP_SECONDS_MAX", 10.0)
    app = make_app(tmp_path, animations=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))
        await cursor_to(pilot, screen, (5, 6))
        await pilot.press("enter")
        await cursor_to(pilot, screen, (8, 0))  # a long way round: many frames
        await pilot.press("enter")
        assert screen.animating
        assert dict(screen.board.drawn_balls) != dict(screen.game.board.balls())
        await pilot.press("x")
        assert not screen.animating
        assert dict(screen.board.drawn_balls) == dict(screen.game.board.balls())


async def test_a_game_another_copy_saved_over_stays_marked_not_saved_until_it_saves(
    tmp_path: Path,
) -> None:
    """Two copies on one folder: "Not saved: another lines-tui saved a Lines game; it is kept."
    was told once on the status line, and the next move's notice replaced it. The panel now
    marks the game "game not saved" for as long as its saves are refused, and drops the mark
    once one goes through (the other copy's game gone)."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)  # the menu has read: no saved game
        screen = await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))

        theirs = game_at(FOUR_REDS, PREVIEW)
        open_store(tmp_path).save_game("lines", theirs.to_json())  # the other copy
        for start, end in (((5, 6), (7, 0)), ((2, 4), (0, 4))):  # the second scores
            await cursor_to(pilot, screen, start)
            await pilot.press("enter")
            await cursor_to(pilot, screen, end)
            await pilot.press("enter")
            await settle(pilot)
            assert marked_not_saved(screen), screen.query_one(StatusLine).message
        assert "another lines-tui" not in screen.query_one(StatusLine).message  # told once
        open_store(tmp_path).clear_game("lines")  # the other copy finished its game
        await cursor_to(pilot, screen, (7, 0))  # the blue ball moved first
        await pilot.press("enter")
        await cursor_to(pilot, screen, (3, 3))
        await pilot.press("enter")
        await settle(pilot)
        assert not marked_not_saved(screen)
    assert open_store(tmp_path).load_game("lines") is not None


@pytest.mark.parametrize("width", [78, 79, 80, 100])
async def test_the_price_legend_names_each_colour_at_every_width(
    tmp_path: Path, width: int
) -> None:
    """At 78 and 79 columns the legend read "● 5  ● 7 …" with symbols off: which price went
    with which ball was told by colour alone (80 columns name them, "● red 5"). Every width now
    gives each colour its name or its letter, on the legend's two lines, none cut."""
    import re

    from conftest import widget_lines

    from lines_tui.engine.lines import COLOUR_NAMES, COLOURS, PRICES

    app = make_app(tmp_path)
    async with app.run_test(size=(width, 24)) as pilot:
        screen = await open_lines(pilot, game_at(FOUR_REDS, PREVIEW))
        assert app.screen is screen and not screen.board.symbols
        legend = screen.query_one("#lines-legend")
        lines = widget_lines(legend)
        text = "\n".join(lines)
        for colour in COLOURS:
            named = rf"(\b{colour}|{COLOUR_NAMES[colour]}) {PRICES[colour]}\b"
            assert re.search(named, text), (colour, text)
        assert len([line for line in lines if line.strip()]) == 4 if width > 80 else 2, text
        assert max(len(line) for line in lines) <= legend.content_region.width, text


def a_move(game: LinesGame) -> tuple[tuple[int, int], tuple[int, int]]:
    """A move `game` allows: a ball to a cell a free path reaches."""
    balls = dict(game.board.balls())
    for ball in balls:
        for cell in game.board.empty_cells():
            if game.board.path(ball, cell):
                return ball, cell
    raise AssertionError("no move")


@pytest.mark.parametrize(
    ("size", "choice"),
    [(7, RANDOM), (9, RANDOM), (15, RANDOM), (7, daily(TODAY)), (9, CHOSEN), (15, daily(TODAY))],
)
async def test_the_panel_is_whole_at_the_least_size_the_game_takes(
    tmp_path: Path, size: int, choice: DealChoice
) -> None:
    """At 78 x 12 (7 x 7) and 78 x 13 (9 x 9) the panel, its legend named in four rows and the
    "not saved" mark showing, was a row or two taller than the room above the footer, and the
    status line's last rows went under it. At the least size the game takes, every field of
    the panel is whole, the deal's name too where it shows."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)  # the menu has read: no saved game
        game = LinesGame.new(7, size)
        game.deal_choice = choice
        game.play(*a_move(game))
        screen = await open_lines(pilot, game)
        open_store(tmp_path).save_game("lines", LinesGame.new(8, size).to_json())  # another copy
        screen.save_game()
        await settle(pilot)
        assert marked_not_saved(screen)
        await pilot.resize_terminal(*screen.min_size)
        await settle(pilot)
        assert app.screen is screen
        room = screen.region.height - screen.query_one(Footer).region.height
        for field in screen.query_one("#lines-side").children:
            assert field.region.bottom <= room, field


@pytest.mark.parametrize(
    ("choice", "named"),
    [(daily(TODAY), "today's deal"), (CHOSEN, "deal 7"), (daily("2025-12-02"), "deal of 12-02")],
)
@pytest.mark.parametrize("size", [(80, 24), (80, 18)])
async def test_the_panel_names_a_deal_of_the_day_or_a_chosen_deal(
    tmp_path: Path, choice: DealChoice, named: str, size: tuple[int, int]
) -> None:
    """Today's Lines deal was nowhere said in its game (the menu's resume entry said "today's
    deal", and Mahjong's panel does): the panel names it under the score, as Mahjong's does, and
    a deal chosen by number (a challenge's) too, at 80 x 24 and in the compact 80 x 18."""
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        game = LinesGame.new(7, 9, started_at=FIXED_NOW)
        game.deal_choice = choice
        await open_lines(pilot, game)
        shown = panel_rows(app)
        assert shown[:2] == ["Score 0", named], shown


async def test_a_random_deal_is_not_named_in_the_panel(tmp_path: Path) -> None:
    """Its number says little beside the board (as on the menu's resume entry)."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lines(pilot, LinesGame.new(7, 9, started_at=FIXED_NOW))
        shown = panel_rows(app)
        assert shown[:2] == ["Score 0", ""] and "deal" not in " ".join(shown), shown


def panel_rows(app: App[None]) -> list[str]:
    """The Lines panel's rows as drawn, from the score's down."""
    rows = drawn_rows(app)
    top = next(n for n, row in enumerate(rows) if "Score" in row)
    left = rows[top].index("Score")
    return [row[left:].rstrip() for row in rows[top:]]


async def test_n_over_a_chosen_deal_says_the_new_game_is_a_random_one(tmp_path: Path) -> None:
    """A player review: n on the deal of the day or a challenge's asked "start a new one?" and
    dealt a random deal, where a racer may expect the same deal again; and, not played yet, it
    left the deal without asking (a new player's review)."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for choice, moved, question in (
            (CHOSEN, True, "Abandon this game (score 0) and start a new random one?"),
            (RANDOM, True, "Abandon this game (score 0) and start a new one?"),
            (CHOSEN, False, LEAVE_THE_DEAL),
        ):
            game = LinesGame.new(4, 9, started_at=FIXED_NOW)
            if moved:
                game.play(*greedy_move(game.board), now=FIXED_NOW + 1)
            game.deal_choice = choice
            screen = await open_lines(pilot, game)
            await pilot.press("n")
            await settle(pilot)
            asked = app.screen
            assert isinstance(asked, ConfirmScreen)
            said = " ".join(line.strip() for line in widget_lines(asked.query_one(".dialog-text")))
            assert said == question
            await pilot.press("n")
            await settle(pilot)
            assert app.screen is screen and screen.game is game
            app.pop_screen()
            await settle(pilot)


async def test_a_share_code_pasted_into_a_game_says_where_codes_go(tmp_path: Path) -> None:
    """A player review: a code pasted (bracketed) into a running game was dropped without a
    word. Other pasted text does nothing and says nothing, as before."""
    from lines_tui.ui.pasted_codes import IN_A_GAME

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, LinesGame.new(4, 9, started_at=FIXED_NOW))
        status = screen.query_one(StatusLine)
        app.post_message(events.Paste("some words"))
        await settle(pilot)
        assert status.message == "" and app.screen is screen
        app.post_message(events.Paste(f"beat this: {CODE}"))
        await settle(pilot)
        assert status.message == IN_A_GAME and app.screen is screen
        assert not screen.game.moves


async def test_r_on_the_final_board_opens_the_game_over_dialog_again(tmp_path: Path) -> None:
    """esc on the game-over dialog shows the final board; its leaderboard (b) and challenge
    code (c) were then out of reach for good. r there opens the dialog again; during a game it
    is out of the Footer and says when it acts."""
    from lines_tui.ui.lines.keys import RESULT_WHEN_OVER

    store = open_store(tmp_path)
    store.add_player("Ada")
    store.set_active_player("Ada")
    game = nearly_full_game()
    game.score = 120
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, game)
        assert "Result" not in await footer_text(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert screen.query_one(StatusLine).message == RESULT_WHEN_OVER
        await fill_the_board(pilot, screen)
        first = app.screen
        assert isinstance(first, GameOverScreen) and first.outcome.saved
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        assert "r Result" in await footer_text(pilot)
        post_keys_at_once(app, "r", "c")  # asked for: what is typed on with r is for it
        await settle(pilot)
        again = app.screen
        assert isinstance(again, GameOverScreen) and again is not first
        assert again.outcome == first.outcome and again.score == 120
        assert again.query("#game-over-no-challenge") or again.query("#game-over-challenge")
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        again = app.screen
        assert isinstance(again, GameOverScreen)
        # A key soon after it shows is the player's (the first one drops it a while).
        post_keys_at_once(app, "c", read_at=again.shown_at + 0.1)
        await settle(pilot)
        assert again.query("#game-over-no-challenge") or again.query("#game-over-challenge")
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is again
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


def test_the_lines_help_says_the_clock_runs_while_the_game_is_saved() -> None:
    """A new player took q (back to the menu, the game saved) for a pause, and came back to more
    time on the clock: the help says how it counts, and why it matters (24 hours)."""
    assert "The clock is the time since the first balls, also while the game is saved" in (
        " ".join(LinesScreen.HELP.split())
    )
