"""One status place on the game screens (#12 items 7 and 17): notices go to the status line beside
or below the board, never as toasts over it, every message fits 80 columns, and the small wording
fixes a player notices."""

from __future__ import annotations

from pathlib import Path

from conftest import (
    FIXED_NOW,
    board_notice,
    fill_the_board,
    greedy_move,
    make_app,
    nearly_full_game,
    open_lines,
    played_lines_game,
    settle,
    widget_lines,
)
from test_ui_mahjong import open_dead_row, open_game, row_layout, settled
from test_ui_records import store_with_games
from textual.pilot import Pilot
from textual.widgets import DataTable

from lines_tui.engine.lines import LinesGame
from lines_tui.engine.mahjong.layouts import find_layout
from lines_tui.store import RecordOutcome, TableId, open_store
from lines_tui.store.replay import record_of_lines
from lines_tui.store.verify import faster_than_anyone
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.dialogs import ConfirmScreen
from lines_tui.ui.help import HelpScreen
from lines_tui.ui.lines.game_over import GameOverScreen
from lines_tui.ui.mahjong.screen import MahjongScreen
from lines_tui.ui.mahjong.status import DEAD_DEAL_LOST, DEAD_DEAL_WARNING
from lines_tui.ui.scores import NameEntryScreen, PlayersScreen
from lines_tui.ui.status_line import DialogMessage, StatusLine


def status_shown(app: LinesTuiApp) -> str:
    """The status line of the screen on top, as drawn (so a cut message shows cut)."""
    return " ".join(widget_lines(app.screen.query_one(StatusLine))).strip()


def toasts(app: LinesTuiApp) -> int:
    """Toasts on the screen on top; only counted in a test run with `notifications=True`
    (`run_test` leaves toasts out otherwise, and every count would be 0)."""
    return len(app.screen.query("Toast"))


async def test_dead_end_and_loss_are_said_in_the_status_line_whole_at_80_columns(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_dead_row(pilot)
        assert await settled(pilot, screen) == "dead end"
        assert status_shown(app) == DEAD_DEAL_WARNING  # no pair taken: a new deal, not undo
        screen.board.cursor = 4
        await pilot.press("enter", "m", "enter")  # the last pair: now lost
        await settle(pilot)
        assert screen.game.lost
        # A deal dead from its start: a new deal only, whole, "(N)." included.
        assert status_shown(app) == DEAD_DEAL_LOST
        assert toasts(app) == 0


async def test_a_time_refused_as_too_fast_is_said_whole_at_80_columns(tmp_path: Path) -> None:
    """The refusal's reason, the floor a pair takes, was the part cut off the status line."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("turtle"), seed=3)
        # Twice the Turtle's pairs, at the slowest time still refused: the longest reason.
        reason = faster_than_anyone(144, 143)
        assert reason is not None
        screen.notify(f"Not saved: {reason}.")
        await settle(pilot)
        assert status_shown(app) == f"Not saved: {reason}."


async def test_store_failures_and_the_symbols_key_never_toast_over_a_game(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(pilot, row_layout(4, 2), seed=3)
        await pilot.press("S")
        await settle(pilot)
        # Mahjong's own wording, not the Lines one ("every colour also has its letter").
        assert status_shown(app) == f"Symbols on: {MahjongScreen.SYMBOLS_NOTE}."
        board = screen.board.region
        told = "the data folder cannot be written: " + "x" * 200
        app.notify(told, severity="error")
        await settle(pilot)
        assert toasts(app) == 0
        # Wrapped whole over the blank rows under the tiles (no longer cut to one row), the
        # board where it was: never over it.
        assert status_shown(app).replace(" ", "") == told.replace(" ", "")
        assert screen.board.region == board


async def test_a_symbols_switch_that_cannot_be_kept_names_itself(tmp_path: Path) -> None:
    """A data folder that takes no writes: `s` said only "The setting could not be kept: …",
    which did not say which setting, nor that it still holds until the app ends."""
    (tmp_path / "settings.json").mkdir()  # not a file: every write of the settings fails
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        for key, now in (("s", "Symbols on"), ("s", "Symbols off")):
            await pilot.press(key)
            await settle(pilot)
            (told,) = [message for message in app.toasted if "could not be kept" in message]
            assert told.startswith(f"{now} for this run; the setting could not be kept: ")
            assert told.endswith(
                "settings.json is a folder, not a regular file; lines-tui uses only regular files"
            )
            app.toasts.clear()
        assert not app.symbols_mode  # on, then off: as pressed, though never written


LONG_FOLDER = "a-folder-with-a-rather-long-name-to-say-where-the-data-is-kept/" * 3
"""A data folder's path longer than the rows a status line has beside or under the board."""


def not_kept_told(data: Path, now: str) -> str:
    """What `s` says when the settings file cannot be written (a folder in its place)."""
    return (
        f"{now} for this run; the setting could not be kept: {data}/settings.json is a folder,"
        " not a regular file; lines-tui uses only regular files"
    )


async def test_a_long_notice_in_lines_keeps_beside_the_board_with_its_reason(
    tmp_path: Path,
) -> None:
    """In Lines a notice naming a long path wrapped past the board's last row: the panel grew
    taller than the board, the board moved up a row and the reason was cut off the screen. It
    keeps to the rows beside the board now, the path's folders giving way."""
    data = tmp_path / LONG_FOLDER
    (data / "settings.json").mkdir(parents=True)
    app = make_app(data)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, LinesGame.new(1, 9, started_at=FIXED_NOW))
        board = screen.board.region
        await pilot.press("s")
        await settle(pilot)
        line = screen.query_one(StatusLine)
        shown = " ".join(status_shown(app).split())  # the rows as one
        assert shown.startswith("Symbols on for this run; the setting could not be kept: /")
        assert shown.endswith(
            "…/settings.json is a folder, not a regular file; lines-tui uses only regular files"
        )
        assert screen.board.region == board
        assert line.region.bottom <= board.bottom


async def test_a_games_notice_while_a_dialog_is_open_waits_on_its_status_line(
    tmp_path: Path,
) -> None:
    """Work that ends while a dialog is open over the game (a leaderboard read, a save) says so
    on the game's status line, not in a toast over the dialog that is gone before it closes."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_lines(pilot, LinesGame.new(1, 9, started_at=FIXED_NOW))
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        screen.notify("The leaderboard could not be read: disk gone", severity="error")
        await settle(pilot)
        assert toasts(app) == 0
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        assert status_shown(app) == "The leaderboard could not be read: disk gone"


async def test_the_symbols_key_over_a_dialog_over_a_game_tells_the_games_status_line(
    tmp_path: Path,
) -> None:
    """`s` in the "New game?" question over a Lines game (and in the help over it) toasted over
    the board's bottom rows, and the toast stayed there after the help closed."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        game = LinesGame.new(1, 9, started_at=FIXED_NOW)
        game.play(*greedy_move(game.board), now=FIXED_NOW + 5)
        screen = await open_lines(pilot, game)
        await pilot.press("n")  # a game with a move: the question
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        for key in ("s", "question_mark", "s", "escape"):
            await pilot.press(key)
            await settle(pilot)
            assert toasts(app) == 0, key
        await pilot.press("n")  # no: back to the game
        await settle(pilot)
        assert app.screen is screen and toasts(app) == 0
        assert status_shown(app) == "Symbols off."  # on, then off again


async def test_the_lines_game_over_dialog_keeps_each_key_with_its_words(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lines(pilot, nearly_full_game())
        await fill_the_board(pilot, screen)
        assert isinstance(app.screen, GameOverScreen)
        keys = widget_lines(app.screen.query_one(".dialog-keys"))
        assert any("n: new game" in line for line in keys)
        assert any("esc: see the board" in line for line in keys)
    for saved in (False, True):
        dialog = GameOverScreen(
            10,
            RecordOutcome(saved, "", "lines-9", 1 if saved else None),
            table_title="Lines 9 x 9",
        )
        async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
            await pilot.app.push_screen(dialog)
            await settle(pilot)
            keys = widget_lines(dialog.query_one(".dialog-keys"))
            assert any("esc: see the board" in line for line in keys)
            assert any("b: leaderboard" in line for line in keys) == saved


async def test_a_newly_added_player_plays_at_once(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(PlayersScreen(app.session))
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, NameEntryScreen)
        await pilot.press(*"Ada", "enter")
        await settle(pilot)
        assert app.store.active_player == "Ada"
        assert "Playing as Ada" in " ".join(widget_lines(app.screen.query_one("#players-active")))


def test_mahjong_tables_are_titled_by_their_layout() -> None:
    assert TableId.parse("mahjong-lantern").title == "Lantern"
    assert TableId.parse("lines-9").title == "Lines 9 x 9"


async def test_a_dialog_opened_over_a_screen_is_not_covered_by_its_notices(tmp_path: Path) -> None:
    """x on the leaderboard says where the challenge code went, as a toast then; ? then opens
    the help, which that toast covered the last rows of. The leaderboard's notices are on its
    status line now, under the dialog, not over it; a notice raised over the dialog (s: symbols)
    still shows, inside it, not as a toast."""
    store = open_store(tmp_path)
    store.add_player("Ann")
    game = played_lines_game(2, size=7)
    assert game.ended_at is not None
    store.record_lines(
        "Ann", 7, game.score, game.seed, game.started_at, game.ended_at, record_of_lines(game)
    )
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("b", "x")
        await settle(pilot)
        assert board_notice(app).startswith("Challenge code shown above and sent")
        assert toasts(app) == 0
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert toasts(app) == 0
        await pilot.press("s")
        await settle(pilot)
        assert toasts(app) == 0
        assert app.screen.query_one(DialogMessage).message.startswith("Symbols on")


async def test_c_after_a_game_of_no_points_says_why_there_is_no_challenge(tmp_path: Path) -> None:
    """c acted only with a challenge code: after a game of no points it did nothing and said
    nothing, though the README offers a code at the end of every Lines game."""
    dialog = GameOverScreen(
        0, RecordOutcome(False, "no points, nothing to save", "lines-9"), table_title="Lines 9 x 9"
    )
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(dialog)
        await settle(pilot)
        assert "Challenge" not in " ".join(widget_lines(dialog.query_one("Footer")))
        await pilot.press("c")
        await settle(pilot)
        said = " ".join(widget_lines(dialog.query_one("#game-over-no-challenge")))
        assert "No challenge code: a game of no points sets nothing to beat." in " ".join(
            said.split()
        )


async def x_on_an_unverified_entry(pilot: Pilot[None]) -> None:
    """`x` on entry 2 of lines-7 (`store_with_games`: #1 verified, #2 from before records)."""
    await settle(pilot)
    app = pilot.app
    assert isinstance(app, LinesTuiApp)
    app.score_screens.open_leaderboards("lines-7")
    await settle(pilot)
    await pilot.press("down", "x")
    await settle(pilot)


async def test_the_leaderboards_notices_about_an_entry_go_with_it(tmp_path: Path) -> None:
    """x on an unverified entry said "Nothing to challenge with", and that stayed while x on a
    verified one said "Challenge code shown above": both at once, contradicting each other,
    stacked over the table's columns. A leaderboard notice replaces the one before it (on its
    status line), and goes when the cursor leaves its entry."""
    store_with_games(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await x_on_an_unverified_entry(pilot)
        assert "Nothing to challenge with" in board_notice(app)
        await pilot.press("up")
        await settle(pilot)
        assert board_notice(app) == ""
        await pilot.press("down", "x", "up", "x")
        await settle(pilot)
        assert board_notice(app).startswith("Challenge code shown above")
        assert toasts(app) == 0


async def test_a_late_cursor_event_does_not_take_the_notice_of_the_entry_under_the_cursor(
    tmp_path: Path,
) -> None:
    """`b` right down `w` in one burst: the notice about the entry under the cursor went at
    once, taken by the cursor event of the table's refill that came after it (its row the one
    the cursor had left), and `w` seemed to do nothing."""
    store_with_games(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await x_on_an_unverified_entry(pilot)
        grid = app.screen.query_one(DataTable)
        grid.post_message(DataTable.RowHighlighted(grid, 0, grid.coordinate_to_cell_key((0, 0))[0]))
        await settle(pilot)
        assert grid.cursor_row == 1
        assert "Nothing to challenge with" in board_notice(app)


async def test_a_players_notice_replaces_the_one_before_it(tmp_path: Path) -> None:
    """The notice "Registered Bob; Bob plays now." stayed under "Ann plays now.", which it
    contradicted."""
    store = open_store(tmp_path)
    store.add_player("Ann")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        await pilot.press(*"Bob", "enter")
        await settle(pilot)
        assert toast_texts(app) == ["Registered Bob; Bob plays now."]
        await pilot.press("up", "enter")
        await settle(pilot)
        assert toast_texts(app) == ["Ann plays now."]


async def test_a_score_screens_notices_go_when_it_closes(tmp_path: Path) -> None:
    """A Players notice was still showing over the leaderboards opened next from the menu."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, PlayersScreen)
        await pilot.press("r")  # the guest line is highlighted: "Highlight a player to rename."
        await settle(pilot)
        assert toast_texts(app) == ["Highlight a player to rename."]
        await pilot.press("escape", "b")
        await settle(pilot)
        assert toast_texts(app) == []


def toast_texts(app: LinesTuiApp) -> list[str]:
    return [str(toast.render()) for toast in app.screen.query("Toast")]
