"""Verified entries on screen, watching a game, today's deals and challenges in the app."""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    FIXED_NOW,
    answered,
    board_notice,
    checker,
    cursor_to,
    greedy_move,
    install_layouts,
    laid_out_under_the_top,
    make_app,
    one_move_from_its_end,
    open_lines,
    play_by_keys,
    played_lines_game,
    screen_after,
    session_of,
    settle,
    turn_down_the_time,
    twin_from_file,
    widget_lines,
    won_mahjong_game,
    yesterdays_lines_entry,
)
from rich.text import Text
from test_ui_mahjong import START, Clock, open_game
from test_ui_mahjong import make_app as make_mahjong_app
from test_ui_scores import open_board
from test_ui_solvable_deals import footer_text
from textual import events
from textual.pilot import Pilot
from textual.widgets import DataTable, OptionList, Static

from lines_tui.engine.daily_seeds import lines_daily_seed
from lines_tui.engine.deal_choice import CHOSEN, daily
from lines_tui.engine.lines import LinesGame
from lines_tui.engine.lines.cell_names import cell_name
from lines_tui.engine.lines.chance import Chance
from lines_tui.engine.lines.codec import GameDataError, read_balls, read_board
from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.geometry import bits
from lines_tui.engine.mahjong.layouts import Layout, find_layout, installed_layouts
from lines_tui.engine.mahjong.layouts.identity import layout_table_name
from lines_tui.engine.mahjong.solver import Verdict, solve
from lines_tui.store import Store, codes, open_store
from lines_tui.store.paste import find_codes
from lines_tui.store.replay import record_of_lines, record_of_mahjong
from lines_tui.store.tables import Entry, TableId, format_value, utc_day
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.dialogs import CodeScreen, ConfirmScreen, ResumeScreen
from lines_tui.ui.lines.board import LinesBoard
from lines_tui.ui.lines.game_over import CHALLENGE_SENT, GameOverScreen
from lines_tui.ui.lines.screen import LinesScreen
from lines_tui.ui.mahjong import MahjongScreen
from lines_tui.ui.mahjong.board import MahjongBoard
from lines_tui.ui.mahjong.screen import CHALLENGE_KEY, NEW_DEAL_KEY
from lines_tui.ui.mahjong.tile_text import face_text
from lines_tui.ui.menu import MenuScreen
from lines_tui.ui.replay import STEP_SECONDS, ReplayScreen
from lines_tui.ui.scores import ImportScreen, LeaderboardScreen, NameEntryScreen
from lines_tui.ui.scores.code_input import CodeInput
from lines_tui.ui.size_guard import TooSmallScreen
from lines_tui.ui.status_line import NO_BREAK, StatusLine, unbroken
from lines_tui.ui.today import TodayScreen

SIZE = (80, 24)


def text_of(widget: Static) -> str:
    content = widget.content
    return content.plain if isinstance(content, Text) else str(content)


def dialog_text(app: Any) -> str:
    return " ".join(str(part.render()) for part in app.screen.query(".dialog-text"))


def cells(grid: DataTable[Any], row: int) -> list[str]:
    return [c.plain if isinstance(c, Text) else str(c) for c in grid.get_row_at(row)]


def store_with_games(folder: Path) -> None:
    store = open_store(folder)
    store.add_player("Ann")
    game = played_lines_game(1, size=7)
    store.record_lines("Ann", 7, game.score, 1, FIXED_NOW, FIXED_NOW + 60, record_of_lines(game))
    store.record_lines("Ann", 7, 5, 2, FIXED_NOW, FIXED_NOW + 60)  # from before records
    win = won_mahjong_game("turtle", 1)
    store.record_mahjong("Bob", "turtle", 144.0, 1, FIXED_NOW, record_of_mahjong(win))


async def lines_7_board(pilot: Pilot[None]) -> LeaderboardScreen:
    """The leaderboard opened on the 7 x 7 Lines table."""
    app = pilot.app
    assert isinstance(app, LinesTuiApp)
    app.score_screens.open_leaderboards("lines-7")
    await settle(pilot)
    board = app.screen
    assert isinstance(board, LeaderboardScreen)
    return board


async def test_the_leaderboard_marks_verified_entries_and_plays_one_back(tmp_path: Path) -> None:
    store_with_games(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await lines_7_board(pilot)
        grid = screen.query_one(DataTable)
        assert cells(grid, 0)[:3] == ["1", "✓", "Ann"] and cells(grid, 1)[:2] == ["2", "?"]
        assert "unverified" in text_of(screen.query_one("#board-legend", Static))
        await pilot.press("down", "w")
        assert app.screen is screen  # an unverified entry has nothing to watch
        await pilot.press("up", "w")
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert text_of(replay.query_one("#replay-move", Static)) == f"Move 0 of {replay.moves}"
        inside = [line[1:-1] for line in widget_lines(replay.query_one(LinesBoard))[1:-1]]
        assert not set("".join(inside)) & set("[]╭╮╰╯")  # no cursor frame: nobody moves one
        assert text_of(replay.query_one("#replay-what", Static)) == ""  # the start
        await pilot.press("right", "right")
        assert text_of(replay.query_one("#replay-move", Static)).startswith("Move 2 of")
        # Which move that was, by its cells (a player review: stepping, they hunted for it).
        (start, end) = played_lines_game(1, size=7).moves[1]
        said = text_of(replay.query_one("#replay-what", Static))
        assert said == f"{cell_name(start)} → {cell_name(end)}"
        assert replay.query_one(LinesBoard).drawn_balls
        await pilot.press("left")
        assert replay.move == 1
        await pilot.press("end")
        frame = text_of(replay.query_one("#replay-value", Static))
        assert frame == f"Score {store_score(tmp_path)}"
        await pilot.press("space")
        assert "playing" in text_of(replay.query_one("#replay-state", Static))
        await pilot.press("space", "escape")
        assert app.screen is screen


async def test_esc_on_a_replay_says_where_it_goes_back_to(tmp_path: Path) -> None:
    """`lines-tui replay` opens the replay over the menu, where esc goes back, as from a game
    started on the command line; its Footer and help said "Back to the leaderboard". They
    now name the menu there, and the leaderboard on a replay opened from one."""
    store_with_games(tmp_path)
    table = next(table for table in open_store(tmp_path).tables() if str(table) == "lines-7")
    entry = next(entry for entry in open_store(tmp_path).table(table) if entry.recorded)
    app = make_app(tmp_path, replay=(table, entry))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        footer = await footer_text(pilot)
        assert "esc Menu" in footer and "Back" not in footer
        await pilot.press("question_mark")
        await settle(pilot)
        help_text = " ".join(" ".join(widget_lines(app.screen.query_one("#help-keys"))).split())
        assert "Back to the menu" in help_text and "leaderboard" not in help_text
        await pilot.press("escape", "q")  # the help closes, then the replay
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen) and app.is_running
        await pilot.press("b")
        await settle(pilot)
        leaderboard = app.screen
        assert isinstance(leaderboard, LeaderboardScreen)
        while leaderboard.tables[leaderboard.index] != table:
            await pilot.press("right")
            await settle(pilot)
        await pilot.press("w")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        footer = await footer_text(pilot)
        assert "esc Back" in footer and "Menu" not in footer
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is leaderboard


async def test_the_replay_shows_symbols_as_the_game_does_and_no_notice_over_its_board(
    tmp_path: Path,
) -> None:
    """With symbols on (s, or NO_COLOR) each ball shows its letter, as in the game: without
    them a NO_COLOR board of balls read as empty cells. Notices never cover the board: the
    leaderboard's go when the replay opens, the replay's own go to its panel."""
    store_with_games(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.score_screens.open_leaderboards("lines-7")
        await settle(pilot)
        app.notify("Challenge code shown above and sent to the clipboard")
        await pilot.press("w", "end")
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert not replay.query("Toast")

        def letters() -> int:
            rows = widget_lines(replay.query_one(LinesBoard))
            return sum(row.count(letter) for row in rows for letter in "RBGCVY")

        assert letters() == 0
        await pilot.press("s")
        await settle(pilot)
        assert letters() >= 5
        assert not replay.query("Toast")
        assert replay.query_one(StatusLine).message.startswith("Symbols on")


async def test_a_mahjong_replay_s_symbols_key_is_the_mahjong_game_s(tmp_path: Path) -> None:
    """The Mahjong replay's Footer and help said `s Symbols`, where the Mahjong game's key is `S`
    (its s starts a label): S, pressed in the replay by a player used to the game, did nothing.
    S is the key shown now; s, the leaderboard's key, still switches them, unshown. A Lines
    replay keeps the app's s."""
    store_with_games(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.score_screens.open_leaderboards("mahjong-turtle")
        await settle(pilot)
        await pilot.press("w")
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        footer = await footer_text(pilot)
        assert footer.endswith("? Help  S Symbols") and "s Symbols" not in footer, footer
        for key, now in (("S", True), ("s", False)):
            await pilot.press(key)
            await settle(pilot)
            assert app.symbols_mode is now
        await pilot.press("question_mark")
        await settle(pilot)
        keys = [line.split()[0] for line in widget_lines(app.screen.query_one("#help-keys"))]
        assert "S" in keys and "s" not in keys, keys
        await pilot.press("escape", "escape")
        await settle(pilot)
        app.score_screens.open_leaderboards("lines-7")
        await settle(pilot)
        await pilot.press("w")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        assert (await footer_text(pilot)).endswith("? Help  s Symbols")
        await pilot.press("S")  # not a key of Lines
        await settle(pilot)
        assert app.symbols_mode is False


@pytest.mark.parametrize("table", [TableId.lines(7), TableId.mahjong("turtle")])
async def test_the_ctrl_c_notice_shows_whole_in_the_replay_panel(
    tmp_path: Path, table: TableId
) -> None:
    """ctrl+c's notice was cut to one row of the panel ("ctrl+c does no…"), the key that quits
    lost, with empty rows under it: it wraps there, as on the game screens."""
    store_with_games(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        replay = await watching(pilot, tmp_path, table)
        await pilot.press("ctrl+c")
        await settle(pilot)
        shown = " ".join(line.strip() for line in widget_lines(replay.query_one(StatusLine)))
        assert shown.strip() == "ctrl+c does not quit here: ctrl+q quits."
        assert not replay.query("Toast")


async def test_an_entry_whose_game_does_not_replay_is_a_notice_not_a_crash(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.add_player("Ann")
    game = played_lines_game(1, size=7)
    # The record of deal 1 filed under deal 2, as a data file edited by hand may hold it.
    store.record_lines("Ann", 7, game.score, 2, FIXED_NOW, FIXED_NOW + 60, record_of_lines(game))
    app = make_app(tmp_path)
    notices: list[str] = []
    app.notify = lambda message, **options: notices.append(message)  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        app.score_screens.open_leaderboards("lines-7")
        await settle(pilot)
        screen = app.screen
        await pilot.press("w")
        await settle(pilot)
        assert app.is_running
        assert app.screen is screen
        (notice,) = notices
        assert notice.startswith("Nothing to watch: this entry is refuted: move ")


def store_score(folder: Path) -> int:
    return open_store(folder).table("lines-7")[0].value


async def test_the_replay_panel_names_a_daily_table_whole(tmp_path: Path) -> None:
    """The panel's title wraps at its width and shows all of it: the date of a deal of the day
    (it showed "Lines 7 x 7, deal of" and no date)."""
    day = utc_day(FIXED_NOW)
    table = TableId.parse(f"lines-7+daily-{day}")
    store = open_store(tmp_path)
    store.add_player("Bob")
    game = played_lines_game(lines_daily_seed(7, day), size=7)
    store.record_lines(
        "Bob", table, game.score, game.seed, FIXED_NOW, FIXED_NOW + 60, record_of_lines(game)
    )
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.score_screens.open_leaderboards(str(table))
        await settle(pilot)
        assert await watched_title(pilot) == f"Bob Lines 7 x 7, deal of {day}"


async def watched_title(pilot: Pilot[None]) -> str:
    """`w` on the leaderboard's first row: the replay's panel title, as drawn, in one line."""
    await pilot.press("w")
    await settle(pilot)
    replay = pilot.app.screen
    assert isinstance(replay, ReplayScreen)
    return " ".join(line.strip() for line in widget_lines(replay.query_one("#replay-title")))


async def test_the_replay_panel_names_a_random_deals_number(tmp_path: Path) -> None:
    """A random deal's replay named only its table ("Lines 7 x 7"), not the deal played."""
    store_with_games(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.score_screens.open_leaderboards("lines-7")
        await settle(pilot)
        entry = app.screen.entries[0]
        assert await watched_title(pilot) == f"{entry.name} Lines 7 x 7, deal {entry.seed}"


async def test_a_mahjong_game_plays_back_with_its_time(tmp_path: Path) -> None:
    store_with_games(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = TableId.mahjong("turtle")
        app.score_screens.watch_game(table, open_store(tmp_path).table(table)[0])
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        board = replay.query_one(MahjongBoard)
        assert board.present.bit_count() == 144
        await pilot.press("end")
        assert board.present == 0
        assert text_of(replay.query_one("#replay-value", Static)) == "Time 2:24.0"
        assert text_of(replay.query_one("#replay-move", Static)) == "Move 72 of 72"
        won = won_mahjong_game("turtle", 1)  # Bob's game in the table: its last pair
        label = face_text(won.position.faces[won.history[-1][0]])[0]
        assert text_of(replay.query_one("#replay-what", Static)) == f"{label} + {label}"


def shown_entry(folder: Path, table: TableId) -> Entry:
    return open_store(folder).table(table)[0]


async def watching(pilot: Pilot[None], folder: Path, table: TableId) -> ReplayScreen:
    """The replay of the best entry of `table` in `folder`, opened as the leaderboard's w does."""
    app = pilot.app
    assert isinstance(app, LinesTuiApp)
    app.score_screens.watch_game(table, shown_entry(folder, table))
    await settle(pilot)
    replay = app.screen
    assert isinstance(replay, ReplayScreen)
    return replay


def board_within_screen(replay: ReplayScreen) -> bool:
    """The whole board shows: its widget holds all of it, and the panel lies beside it."""
    board, panel = replay.query_one("#board").region, replay.query_one("#replay-panel").region
    whole = board.width >= replay.query_one("#board").virtual_size.width
    return whole and board.right <= panel.x and panel.right <= replay.app.size.width


async def test_a_large_board_replays_whole_at_80_by_24(tmp_path: Path) -> None:
    """A 15 x 15 Lines board takes smaller cells, a Mahjong board a narrower panel: both show
    whole beside the panel."""
    store_with_games(tmp_path)
    game = LinesGame.new(1, 15, started_at=FIXED_NOW)
    for _ in range(3):  # a whole game of the greedy player takes minutes on 15 x 15
        game.play(*greedy_move(game.board), now=FIXED_NOW + 1)
    started = Entry("Ann", game.score, int(FIXED_NOW), 1, record_of_lines(game))
    turtle = TableId.mahjong("turtle")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for table, entry in ((TableId.lines(15), started), (turtle, shown_entry(tmp_path, turtle))):
            app.score_screens.watch_game(table, entry)
            await settle(pilot)
            replay = app.screen
            assert isinstance(replay, ReplayScreen)
            assert board_within_screen(replay), table
            await pilot.press("escape")


async def test_a_replay_in_a_small_terminal_asks_to_enlarge_it(tmp_path: Path) -> None:
    """As a game does: the message covers the replay, which waits under it and comes back as
    it was (here playing: `test_a_replay_comes_back_from_the_enlarge_message_as_it_was`) once
    the terminal is large enough; esc there goes back to the leaderboard."""
    store_with_games(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        leaderboard = await lines_7_board(pilot)
        await pilot.press("w", "space")
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await pilot.resize_terminal(46, 16)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        said = str(app.screen.query_one("#too-small-message").render())
        assert "game" not in said and "comes back as it was" in said and "Esc leaves it" in said
        moved = replay.move
        await pilot.pause(3 * STEP_SECONDS)
        assert replay.move == moved  # the moves wait while the board cannot be seen
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert app.screen is replay and board_within_screen(replay)
        assert "playing" in text_of(replay.query_one("#replay-state", Static))
        await pilot.resize_terminal(46, 16)
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        # Back on the leaderboard, too small for it as well: its own message, not the replay's.
        assert replay not in app.screen_stack and app.screen_stack[-2] is leaderboard
        message = str(app.screen.query_one("#too-small-message").render())
        assert message.startswith("Please enlarge the terminal to 80 x 16")
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert app.screen is leaderboard


@pytest.mark.parametrize(
    ("table", "end"), [(TableId.lines(7), "game over"), (TableId.mahjong("turtle"), "cleared")]
)
async def test_a_replay_at_its_end_says_how_the_game_ended(
    tmp_path: Path, table: TableId, end: str
) -> None:
    """At the last move it said "(paused)" beside an empty board ("Move 36 of 36")."""
    store_with_games(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        replay = await watching(pilot, tmp_path, table)
        await pilot.press("end")
        await settle(pilot)
        assert text_of(replay.query_one("#replay-state", Static)) == f"({end})"
        await pilot.press("left")
        await settle(pilot)
        assert text_of(replay.query_one("#replay-state", Static)) == "(paused)"


@pytest.mark.parametrize("table", [TableId.lines(7), TableId.mahjong("turtle")])
async def test_a_replay_comes_back_from_the_enlarge_message_as_it_was(
    tmp_path: Path, table: TableId
) -> None:
    """The enlarge message says the replay "comes back as it was", but one that was playing
    came back paused, and stayed put until space. It plays on once the terminal is large
    enough again; one that was paused stays paused."""
    store_with_games(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        replay = await watching(pilot, tmp_path, table)

        def state() -> str:
            return text_of(replay.query_one("#replay-state", Static))

        async def shrunk_and_grown() -> None:
            await pilot.resize_terminal(46, 16)
            await settle(pilot)
            assert isinstance(app.screen, TooSmallScreen)
            await pilot.resize_terminal(*SIZE)
            await settle(pilot)
            assert app.screen is replay

        await pilot.press("space")
        await shrunk_and_grown()
        assert state() == "(playing)"
        moved = replay.move
        await pilot.pause(3 * STEP_SECONDS)
        assert replay.move > moved  # the moves play on
        await pilot.press("space")
        await shrunk_and_grown()
        assert state() == "(paused)"
        moved = replay.move
        await pilot.pause(3 * STEP_SECONDS)
        assert replay.move == moved


async def test_todays_deals_from_the_menu(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, TodayScreen)
        labels = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
        assert labels[0] == "Lines 9 x 9       no result yet"
        assert "Mahjong Turtle    no result yet" in labels
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LinesScreen)
        day = utc_day(FIXED_NOW)
        assert screen.game.seed == lines_daily_seed(9, day)
        assert screen.game.deal_choice == daily(day)


async def play_the_offered_deal(pilot: Pilot[None]) -> LinesScreen:
    """Merge the code in the import field and say yes to its challenge: the game of the
    challenge's deal (Lines 7 x 7, deal 1) opens. The offer comes once the leaderboard the code
    went into is mounted, which a loaded machine (a CI run beside other work) took longer than
    `settle` to do: the offer is waited for, a bounded number of times."""
    await pilot.press("enter")
    await settle(pilot)
    await laid_out_under_the_top(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen))
    await settle(pilot)
    assert isinstance(pilot.app.screen, ConfirmScreen)
    await pilot.press("y")
    await settle(pilot)
    game_screen = pilot.app.screen
    assert isinstance(game_screen, LinesScreen)
    assert game_screen.game.seed == 1 and game_screen.game.size == 7
    return game_screen


async def test_enter_takes_a_challenge_as_y_does(tmp_path: Path) -> None:
    """The one question whose yes loses nothing (a game it would replace is asked about next):
    enter answers it, as enter merged the code that offered it."""
    store_with_games(tmp_path / "mine")
    code = open_store(tmp_path / "mine").challenge_code("lines-7", 1, checker=checker())
    app = make_app(tmp_path / "friend")
    async with app.run_test(size=SIZE) as pilot:
        await previewed_in_the_app(pilot, code)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        keys = app.screen.query_one(".dialog-keys", Static).render()
        assert str(keys) == "y or enter: yes    n: no"  # said, as it is not so elsewhere
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen) and app.screen.game.seed == 1


GUEST_NOT_SAVED = (
    " Playing as a guest, your score would not be saved (register under Players first)."
)


async def test_a_challenge_pasted_in_the_import_screen_offers_its_deal(tmp_path: Path) -> None:
    store_with_games(tmp_path / "mine")
    code = open_store(tmp_path / "mine").challenge_code("lines-7", 1, checker=checker())
    app = make_app(tmp_path / "friend")
    async with app.run_test(size=SIZE) as pilot:
        await previewed_in_the_app(pilot, f"> try this: {code}.")
        preview = app.screen.query_one(DataTable)
        assert cells(preview, 0)[0] == "added" and cells(preview, 0)[2] == "✓"  # verified
        game_screen = await play_the_offered_deal(pilot)
        assert game_screen.game.deal_choice.mode == "deal"
        best = open_store(tmp_path / "friend").table("lines-7+deal-1")[0]
        # What to beat, where the game is played (the challenge's question has gone).
        said = game_screen.query_one(StatusLine).message
        assert said == f"To beat: {best.value} by Ann.{GUEST_NOT_SAVED}"  # told in the offer too


@pytest.mark.parametrize(
    ("table", "registered", "told"),
    [("lines-7", False, True), ("lines-7", True, False), ("mahjong-turtle", False, False)],
)
async def test_a_guest_is_told_before_a_lines_challenge_that_the_score_is_not_saved(
    tmp_path: Path, table: str, registered: bool, told: bool
) -> None:
    """A guest said yes to a Lines challenge, beat it, and only then read "Not saved: playing
    as a guest." The offer says so first, so the guest can register before the race (a guest's
    Mahjong time is saved under a name typed after the win: nothing to say there)."""
    question = await challenge_offered(tmp_path, table, "Cleo" if registered else None)
    note = (
        "Playing as a guest, your score would not be saved (register under Players first). "
        "Play that deal now?"
    )
    assert question.endswith(note) == told, question
    assert question.endswith("Play that deal now?")


async def test_a_challenge_for_the_deal_saved_offers_to_resume_it(tmp_path: Path) -> None:
    """rev9: a challenge for the very deal saved (7 x 7, deal 1, played for its deal's table)
    asked only whether to replace it. Taken, it now offers to resume the saved game, as any new
    game asked for that is the saved game's own deal does; y resumes it."""
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
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")  # play that deal
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        assert dialog_text(app) == "You have this deal saved (7 x 7, deal 1, score 0). Resume it?"
        await pilot.press("y")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LinesScreen) and screen.game.moves == saved.moves


async def test_a_challenge_pasted_among_other_codes_is_offered_too(tmp_path: Path) -> None:
    """Only the first table merged into was looked at: a table's code pasted before the
    challenge merged both, and no deal was offered."""
    store_with_games(tmp_path / "mine")
    mine = open_store(tmp_path / "mine")
    table_code = mine.export_code("mahjong-turtle", checker=checker())
    challenge = mine.challenge_code("lines-7", 1, checker=checker())
    app = make_app(tmp_path / "friend")
    async with app.run_test(size=SIZE) as pilot:
        await previewed_in_the_app(pilot, f"{table_code} {challenge}")
        await play_the_offered_deal(pilot)
    assert open_store(tmp_path / "friend").table("mahjong-turtle")


async def test_a_challenge_imported_on_the_leaderboard_offers_its_deal_too(tmp_path: Path) -> None:
    """`i` on the leaderboard imports as the menu's does (one helper): the table the code went
    into is shown, and its deal offered as a challenge, not only merged."""
    store_with_games(tmp_path / "mine")
    code = open_store(tmp_path / "mine").challenge_code("lines-7", 1, checker=checker())
    app = make_app(tmp_path / "friend")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await previewed_after(pilot, code, "b", "i")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert "A challenge: beat" in dialog_text(app) and "Play that deal now?" in dialog_text(app)
        await pilot.press("n")
        await settle(pilot)
        board = app.screen
        assert isinstance(board, LeaderboardScreen)
        assert "lines-7+deal-1" in " ".join(widget_lines(board.query_one("#board-heading")))
        await previewed_after(pilot, code, "i")
        await play_the_offered_deal(pilot)


async def test_a_challenge_whose_result_has_no_game_is_not_offered(tmp_path: Path) -> None:
    """A result without its game record cannot be replayed, so it is nothing to beat (README,
    "Challenges"): the code is merged like any code, and the app says why no deal is offered,
    as `lines-tui challenge` refuses it."""
    game = played_lines_game(1, size=7)
    bare = codes.encode(TableId.lines(7).for_deal(1), [Entry("Ann", game.score, int(FIXED_NOW), 1)])
    app = make_app(tmp_path)
    notices: list[str] = []
    app.notify = lambda message, **options: notices.append(message)  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await previewed_in_the_app(pilot, bare)
        assert cells(app.screen.query_one(DataTable), 0)[2] == "?"  # unverified
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)
        # What the merge did stays before it, on the leaderboard's one status line.
        assert notices[-1] == (
            "Merged into Lines 7 x 7, deal 1 (lines-7+deal-1): 1 added. "
            "No result in this challenge holds up, so there is nothing to beat."
        )
    (entry,) = open_store(tmp_path).table("lines-7+deal-1")
    assert entry.name == "Ann" and not entry.recorded


async def test_a_challenge_offers_the_best_result_that_holds_up(tmp_path: Path) -> None:
    """An unverified entry ranks after the verified ones, and a refuted one (a file edited by
    hand) is passed over: the offer and the leaderboard's mark agree."""
    store_with_games(tmp_path / "mine")
    code = open_store(tmp_path / "mine").challenge_code("lines-7", 1, checker=checker())
    store = open_store(tmp_path / "friend")
    store.add_player("Cheat")
    played = played_lines_game(2, size=7)
    table = TableId.lines(7).for_deal(1)
    store.record_lines("Cheat", table, 1, 1, FIXED_NOW, FIXED_NOW + 60, record_of_lines(played))
    # Deal 2's game filed as deal 1's with a score it never made: its replay refutes it.
    path = tmp_path / "friend" / "scores.json"
    path.write_text(path.read_text().replace('"points": 1,', '"points": 999999,'))
    app = make_app(tmp_path / "friend")
    async with app.run_test(size=SIZE) as pilot:
        await import_in_the_app(pilot, code)
        assert isinstance(app.screen, ConfirmScreen)
        best = open_store(tmp_path / "mine").table("lines-7")[0]
        assert f"A challenge: beat {best.value} by Ann on" in dialog_text(app)


def friend_with_anns_challenge(folder: Path) -> None:
    """A data folder whose Lines 7 x 7, deal 1 holds Ann's result (her challenge, merged)."""
    store_with_games(folder / "mine")
    code = open_store(folder / "mine").challenge_code("lines-7", 1, checker=checker())
    open_store(folder / "friend").import_code(code, checker())


async def previewed_in_the_app(pilot: Pilot[None], text: str) -> None:
    """The Import screen opened with `text` in its field, previewed."""
    app = pilot.app
    assert isinstance(app, LinesTuiApp)
    app.score_screens.open_import()
    await settle(pilot)
    app.screen.query_one(CodeInput).value = text
    await settle(pilot)


async def previewed_after(pilot: Pilot[None], code: str, *keys: str) -> None:
    """`keys` pressed (`i`, from a leaderboard), then `code` in the Import screen's field,
    previewed."""
    await pilot.press(*keys)
    await settle(pilot)
    pilot.app.screen.query_one(CodeInput).value = code
    await settle(pilot)


async def import_in_the_app(pilot: Pilot[None], code: str) -> None:
    await previewed_in_the_app(pilot, code)
    await pilot.press("enter")
    await settle(pilot)


async def test_a_deals_code_with_nothing_to_merge_offers_no_challenge(tmp_path: Path) -> None:
    """Its only entry rejected, enter merged "1 rejected" and offered the table's best result
    as the challenge: Ann's, there before, not the code's."""
    friend_with_anns_challenge(tmp_path)
    rejected = Entry("[b]x[/b]", 5, int(FIXED_NOW), 1)
    code = codes.encode(TableId.lines(7).for_deal(1), [rejected])
    app = make_app(tmp_path / "friend")
    async with app.run_test(size=SIZE) as pilot:
        await import_in_the_app(pilot, code)
        assert isinstance(app.screen, ImportScreen)
        assert text_of(app.screen.query_one("#import-summary", Static)).startswith(
            "Nothing to merge into Lines 7 x 7, deal 1"
        )


@pytest.mark.parametrize(
    ("registered", "named"), [(False, "1:40.0 by Me"), (True, "your own 1:40.0")]
)
async def test_the_offer_and_the_game_agree_on_what_to_beat(
    tmp_path: Path, registered: bool, named: str
) -> None:
    """With a result of the player's own ahead of the code's on that deal, the offer named the
    code's result to beat and the game, once started, the player's own ("To beat: 1:40.0 by
    Me."). The offer now names both: the challenge is the code's result, and the game names the
    one ranked ahead of it to beat, as the game does: "your own" when it is the player's (the
    offer said "by Me" to Me: a player review)."""
    store_with_games(tmp_path / "mine")
    code = open_store(tmp_path / "mine").challenge_code("mahjong-turtle", 1, checker=checker())
    deal = TableId.mahjong("turtle").for_deal(1)
    own = record_of_mahjong(won_mahjong_game("turtle", 1))
    # The same pairs as Bob's, won at another moment: another game (at the same moment it
    # would be Bob's game with its name and time edited).
    friend = open_store(tmp_path / "friend")
    friend.record_mahjong("Me", deal, 100.0, 1, FIXED_NOW - 600, own)
    if registered:
        friend.add_player("Me")
        friend.set_active_player("Me")
    app = make_app(tmp_path / "friend")
    async with app.run_test(size=SIZE) as pilot:
        await import_in_the_app(pilot, code)
        assert isinstance(app.screen, ConfirmScreen)
        assert " ".join(dialog_text(app).split()) == (
            f"A challenge: beat 2:24.0 by Bob on Turtle, deal 1. The deal's table already holds "
            f"{named}, ranked ahead of it: that is the one to beat. Play that deal now?"
        )
        await pilot.press("y")
        await settle(pilot)
        game_screen = app.screen
        assert isinstance(game_screen, MahjongScreen)
        assert game_screen.query_one(StatusLine).message == f"To beat: {named}."
        # Back on the leaderboard, what the import said is gone: under the race's result it
        # read as said of it ("Nothing was merged: …" under a new row: a player review).
        await pilot.press("q")
        await settle(pilot)
        board = app.screen
        assert isinstance(board, LeaderboardScreen)
        assert board.query_one("#board-status", StatusLine).message == ""
    assert [entry.name for entry in open_store(tmp_path / "friend").table(deal)] == ["Me", "Bob"]


async def test_your_own_challenge_pasted_back_is_offered_as_your_own(tmp_path: Path) -> None:
    """A player review: a challenge code of your own result, imported, offered "beat 658 by
    Racer" to Racer, where the game then says "To beat: your own 658."."""
    assert await challenge_offered(tmp_path, "mahjong-turtle", "Bob") == (
        "A challenge: beat your own 2:24.0 on Turtle, deal 1. Play that deal now?"
    )


async def challenge_offered(tmp_path: Path, table: str, player: str | None) -> str:
    """The app's offer of the challenge code of entry 1 of `table` (Bob's, in the games of
    `store_with_games`), imported by `player` (None: a guest) in a data folder of their own:
    its words, on one line."""
    store_with_games(tmp_path / "mine")
    code = open_store(tmp_path / "mine").challenge_code(table, 1, checker=checker())
    if player is not None:
        friend = open_store(tmp_path / "friend")
        friend.add_player(player)
        friend.set_active_player(player)
    app = make_app(tmp_path / "friend")
    async with app.run_test(size=SIZE) as pilot:
        await import_in_the_app(pilot, code)
        assert isinstance(app.screen, ConfirmScreen)
        return " ".join(dialog_text(app).split())


async def play_to_the_end(
    pilot: Pilot[None], seed: int, started_at: float = FIXED_NOW
) -> LinesScreen:
    """Open deal `seed` of 7 x 7, begun at `started_at`, one move from its end (the greedy
    player's moves) and play that last move (at the app's clock, `FIXED_NOW`): the Game over
    dialog is next."""
    game, move = one_move_from_its_end(seed, 7, started_at)
    screen = await open_lines(pilot, game)
    await play_by_keys(pilot, screen, move)
    return screen


async def test_a_game_from_a_save_edited_by_hand_ends_without_a_crash(tmp_path: Path) -> None:
    """Its moves do not lead to its board: the challenge code could not be made, and the
    ValueError ended the app at game over. (Such a save is now damaged, set aside when read:
    the game is built as it held it, to keep the game over safe from any such game.)"""
    game = LinesGame.new(1, 9, started_at=FIXED_NOW)
    game.play(*greedy_move(game.board), now=FIXED_NOW + 10)
    data = game.to_json()
    colours = "RBGCVYN"
    data["board"] = [
        "".join("." if r == 0 and c in (1, 2, 3) else colours[(r * 3 + c) % 7] for c in range(9))
        for r in range(9)
    ]
    data["preview"] = [[0, 1, "R"], [0, 2, "R"], [0, 3, "R"]]
    data["score"] = 500  # a score, so the game over offers a challenge code
    with pytest.raises(GameDataError, match="'score' is 500, but its moves score 0"):
        LinesGame.from_json(data)  # such a save is set aside now, never resumed
    edited = LinesGame(  # as the save held it: a game set up so in code
        board=read_board(data, "board"),
        preview=read_balls(data, "preview"),
        chance=Chance.from_json(data["random"]),
        seed=game.seed,
        start=None,
        score=500,
        moves=tuple(game.moves),
        started_at=FIXED_NOW,
    )
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_lines(pilot, edited)
        await cursor_to(pilot, screen, (0, 0))  # empty in the game its moves replay
        await pilot.press("enter")
        await cursor_to(pilot, screen, (0, 1))
        await pilot.press("enter")
        await settle(pilot)
        assert app.is_running
        dialog = app.screen
        assert isinstance(dialog, GameOverScreen) and dialog.challenge is None


@pytest.mark.parametrize("player", ["Ann", None], ids=["registered", "guest"])
async def test_a_game_of_over_24_hours_gives_no_challenge_code(
    tmp_path: Path, player: str | None
) -> None:
    """A game begun 72 hours before its end was "Not saved" for its length, yet `c` handed out
    its challenge code, which a friend imported as verified #1 (trust review): no result, no
    code. The Footer leaves `c` out, and `c` says why in the dialog, as for no points."""
    store = open_store(tmp_path)
    store.add_player("Ann")
    store.set_active_player(player)
    too_long = "the game lasted 72 h 00 min; only games of at most 24 hours are saved"
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_the_end(pilot, 1, started_at=FIXED_NOW - 72 * 3600)
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, GameOverScreen)
        if player is not None:
            assert f"Not saved: {too_long}." in " ".join(dialog_text(app).split())
        assert "Challenge" not in await footer_text(pilot)
        await pilot.press("c")
        await settle(pilot)
        said = " ".join(widget_lines(dialog.query_one("#game-over-no-challenge")))
        assert " ".join(said.split()) == f"No challenge code: {too_long}."
        assert not dialog.query("#game-over-challenge") and not app.clipboard
    assert open_store(tmp_path).tables() == {}


async def test_a_deal_of_the_day_finished_after_its_day_gives_no_challenge_code(
    tmp_path: Path,
) -> None:
    """Resumed and finished the next day, it was saved, dated its day's last second, and `c`
    handed out a code a friend's copy refused to play ("the deal of … is over")."""
    store = open_store(tmp_path)
    store.add_player("Ann")
    store.set_active_player("Ann")
    yesterday = utc_day(FIXED_NOW - 86_400)
    game, move = one_move_from_its_end(lines_daily_seed(7, yesterday), 7, FIXED_NOW - 86_400)
    game.deal_choice = daily(yesterday)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_lines(pilot, game)
        await play_by_keys(pilot, screen, move)
        dialog = app.screen
        assert isinstance(dialog, GameOverScreen)
        assert "Saved: place 1" in " ".join(dialog_text(app).split())
        assert "Challenge" not in await footer_text(pilot)
        await pilot.press("c")
        await settle(pilot)
        said = " ".join(widget_lines(dialog.query_one("#game-over-no-challenge")))
        over = f"the deal of {yesterday} is over; its table takes no new results"
        assert " ".join(said.split()) == f"No challenge code: {over}."
        assert not app.clipboard


async def test_a_game_of_24_hours_exactly_is_saved_and_gives_a_challenge_code(
    tmp_path: Path,
) -> None:
    """At most 24 hours: the longest game the rules keep is a result, and has its code."""
    store = open_store(tmp_path)
    store.add_player("Ann")
    store.set_active_player("Ann")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_the_end(pilot, 1, started_at=FIXED_NOW - 24 * 3600)
        await settle(pilot)
        assert "Saved: place 1" in dialog_text(app)
        assert "c Challenge" in await footer_text(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert app.clipboard.startswith("LT2-")


async def test_a_leaderboard_under_a_game_shows_the_result_the_game_saved(tmp_path: Path) -> None:
    """Back from a game played over it (a challenge raced from its Import), the leaderboard
    showed the rows read before, while its share code held the new result."""
    store_with_games(tmp_path)
    store = open_store(tmp_path)
    store.add_player("Rev")
    store.set_active_player("Rev")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        board = await lines_7_board(pilot)
        assert [entry.name for entry in board.entries] == ["Ann", "Ann"]
        await play_to_the_end(pilot, 3)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("escape", "q")
        await settle(pilot)
        assert app.screen is board
        names = [cells(board.query_one(DataTable), row)[2] for row in range(3)]
        assert sorted(names) == ["Ann", "Ann", "Rev"]
        assert board.code == open_store(tmp_path).export_code(TableId.lines(7), checker=checker())


async def test_the_game_over_dialog_tells_the_place_again_after_its_leaderboard(
    tmp_path: Path,
) -> None:
    """A better result merged on the leaderboard opened from the dialog (b, then i) left the
    dialog saying "place 1", and b then put the cursor on the friend's entry; a result removed
    there (d) was still "place 1" too (a player's test). Here the better result comes from
    another copy of the app, as an import's does: the table changes under the leaderboard."""
    store = open_store(tmp_path)
    store.add_player("Ann")
    store.add_player("Rev")
    store.set_active_player("Rev")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_the_end(pilot, 3)  # 155 points
        dialog = app.screen
        assert isinstance(dialog, GameOverScreen)
        told = dialog.query_one("#game-over-outcome", Static)
        assert text_of(told) == "Saved: place 1 in the table Lines 7 x 7."
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)
        better = played_lines_game(5, size=7)  # 686 points
        record = record_of_lines(better)
        store.record_lines("Ann", 7, better.score, 5, FIXED_NOW, FIXED_NOW + 60, record)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is dialog
        assert text_of(told) == "Saved: place 2 in the table Lines 7 x 7."
        await pilot.press("b")
        await settle(pilot)
        board = app.screen
        assert isinstance(board, LeaderboardScreen)
        grid = board.query_one(DataTable)
        assert grid.cursor_row == 1 and cells(grid, 1)[2] == "Rev"
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert [entry.name for entry in store.table("lines-7")] == ["Ann"]
        await pilot.press("escape")
        await settle(pilot)
        assert text_of(told) == "Saved, but no longer in the table Lines 7 x 7."
        await pilot.press("escape", "r")  # the final board, then the dialog again
        await settle(pilot)
        again = app.screen
        assert isinstance(again, GameOverScreen) and again is not dialog
        assert text_of(again.query_one("#game-over-outcome", Static)) == (
            "Saved, but no longer in the table Lines 7 x 7."
        )


def selected_whole_lines(code: Static) -> list[str]:
    """The codes read from the screen lines a code's widget is on, as a terminal selects them
    (whole lines): it must be alone on them, with no border beside it."""
    assert code.region.x == 0 and code.region.width == code.app.size.width
    return find_codes("\n".join(widget_lines(code)))


async def test_a_finished_game_and_a_leaderboard_entry_give_challenge_codes(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.add_player("Ann")
    store.set_active_player("Ann")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await play_to_the_end(pilot, 1)
        dialog = app.screen
        assert isinstance(dialog, GameOverScreen) and dialog.challenge is not None
        await pilot.press("c")
        await settle(pilot)
        assert app.clipboard == dialog.challenge
        assert not dialog.query("Toast")  # said in the dialog, not over the board beside it
        assert text_of(dialog.query_one("#game-over-sent", Static)) == CHALLENGE_SENT
        assert selected_whole_lines(dialog.query_one("#game-over-challenge", Static)) == [
            dialog.challenge
        ]
        (verdict,) = codes.read(dialog.challenge, checker(FIXED_NOW + 600)).verdicts
        assert verdict.status == "verified"
        await pilot.press("b")
        await settle(pilot)
        board = app.screen
        assert isinstance(board, LeaderboardScreen)
        await pilot.press("x")
        assert app.clipboard == store.challenge_code("lines-7", 1, checker=checker())
        assert text_of(board.query_one("#board-code", Static)) == app.clipboard
        await pilot.press("c")  # the table's code again, shown as copied
        assert app.clipboard == store.export_code("lines-7", checker=checker())
        assert text_of(board.query_one("#board-code", Static)) == app.clipboard


async def won_lantern_opened(pilot: Pilot[None]) -> MahjongScreen:
    """Lantern's deal 2, won, opened as the app resumes a won game: it asks for the name its
    time waits for."""
    win = won_mahjong_game("lantern", 2)
    screen = MahjongScreen(session_of(pilot), win.layout, win.seed, game=win)
    await pilot.app.push_screen(screen)
    await settle(pilot)
    return screen


async def test_a_won_mahjong_game_gives_a_challenge_code_that_verifies(tmp_path: Path) -> None:
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await won_lantern_opened(pilot)
        # A won game opened (resumed) asks for the name its time waits for; none here.
        assert isinstance(pilot.app.screen, NameEntryScreen)
        await turn_down_the_time(pilot)
        await pilot.press("c")
        dialog = pilot.app.screen
        assert isinstance(dialog, CodeScreen)
        code = str(dialog.query_one("#code", Static).render())
        assert selected_whole_lines(dialog.query_one("#code", Static)) == [code]
        checked = codes.read(code, checker())
        assert [verdict.status for verdict in checked.verdicts] == ["verified"]
        assert str(checked.table) == f"mahjong-lantern+deal-{screen.game.seed}"
        await pilot.press("escape")
        assert pilot.app.screen is screen


async def test_a_won_deal_s_footer_shows_what_is_left_to_do(tmp_path: Path) -> None:
    """The status line said "N: new deal", the README "R or N brings them back", and the
    Footer showed neither."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        await won_lantern_opened(pilot)
        await turn_down_the_time(pilot)  # no name for the time
        shown = await footer_text(pilot)
        assert "N New deal" in shown and "R Restart deal" in shown and "c Challenge" in shown


async def test_a_won_deal_s_line_names_its_keys_once_its_time_has_a_name(tmp_path: Path) -> None:
    """The line under the name prompt said "c: challenge a friend. N: new deal.", where c and N
    typed into the name."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await won_lantern_opened(pilot)
        assert isinstance(pilot.app.screen, NameEntryScreen)
        asked = screen.query_one(StatusLine).message
        assert asked.startswith("Cleared in ") and asked.endswith("!")
        await pilot.press(*"Tess", "enter")
        await settle(pilot)
        await pilot.press("escape")  # the leaderboard shown for the time
        await settle(pilot)
        assert pilot.app.screen is screen
        assert screen.query_one(StatusLine).message.replace(NO_BREAK, " ") == f"{asked} {WIN_KEYS}"


def one_pair_from_a_win() -> tuple[MahjongGame, MahjongGame]:
    """A won Lantern deal, and the same deal at START with every pair of that win taken but the
    last (the tab key's first pair)."""
    won = won_mahjong_game("lantern", 2)
    game = MahjongGame.new(won.layout, won.seed, now=START)
    for pair in won.history[:-1]:
        game.remove(*pair, now=START)
    return won, game


async def the_last_pair_ahead(
    pilot: Pilot[None], clock: Clock
) -> tuple[MahjongScreen, MahjongGame]:
    """`one_pair_from_a_win` opened, 30 s on the clock: tab, t wins it. Also the won game."""
    won, game = one_pair_from_a_win()
    screen = await open_game(pilot, won.layout, game, seed=won.seed)
    clock.now += 30
    return screen, won


@pytest.mark.parametrize("typed_on", ["i", "N"])
async def test_keys_typed_on_with_the_winning_pair_leave_the_wins_line(
    tmp_path: Path, typed_on: str
) -> None:
    """Under the name prompt the line said what a key typed on with the winning pair had said
    (a player's test): i, "This deal is cleared: c challenges a friend, N deals a new one…",
    keys that type into the name there; N, "Checking your time against the leaderboard…", long
    after the check. The line says the win's time."""
    clock = Clock()
    app = make_mahjong_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await the_last_pair_ahead(pilot, clock)
        await pilot.press("tab")
        await settle(pilot)
        app.post_message(events.Key("t", "t"))  # the last pair...
        app.post_message(events.Key(typed_on, typed_on))  # ...and a key read with it
        await settle(pilot)
        assert isinstance(app.screen, NameEntryScreen)
        said = screen.query_one(StatusLine).message
        assert said.startswith("Cleared in ") and said.endswith("!"), said


async def test_a_won_deal_s_challenge_code_is_the_entry_saved_for_it(tmp_path: Path) -> None:
    """The code names whoever the time was saved for, dated when the deal was won, so that
    importing it where it was saved adds nothing."""
    clock = Clock()
    app = make_mahjong_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, won = await the_last_pair_ahead(pilot, clock)
        await pilot.press("tab", "t")  # the last pair
        await settle(pilot)
        assert screen.game.won
        cleared = screen.query_one(StatusLine).message
        won_at = clock.now
        clock.now += 100
        await pilot.press(*"Tess", "enter")
        await settle(pilot)
        await pilot.press("escape")
        clock.now += 100
        await pilot.press("c")
        dialog = app.screen
        assert isinstance(dialog, CodeScreen)
        code = str(dialog.query_one("#code", Static).render())
    store = open_store(tmp_path)
    (saved,) = store.table(f"mahjong-lantern+deal-{won.seed}") or store.table("mahjong-lantern")
    (shared,) = codes.read(code, checker(now=clock.now)).entries
    assert (shared.name, shared.date, shared.value) == ("Tess", int(won_at), saved.value)
    assert (saved.name, saved.date) == ("Tess", int(won_at))
    assert cleared.startswith(
        f"Cleared in {format_value(TableId.parse('mahjong-lantern'), saved.value)}!"
    )


async def test_a_leaderboard_s_notices_go_with_it_when_the_game_is_back(tmp_path: Path) -> None:
    store_with_games(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        game = await open_lines(pilot, LinesGame.new(3, 7, started_at=FIXED_NOW))
        app.score_screens.open_leaderboards("lines-7")
        await settle(pilot)
        await pilot.press("c")  # its code to the clipboard: a notice on its status line
        await settle(pilot)
        assert board_notice(app).startswith("Share code sent")
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is game
        assert not app.screen.query("Toast")
        assert "Share code" not in " ".join(widget_lines(game.query_one(StatusLine)))


async def test_the_merge_is_told_once_the_challenge_is_declined(tmp_path: Path) -> None:
    """The challenge question opened over the merge's notice, which went with it: nothing said
    which table the code went into, nor that a damaged code beside it was left out."""
    store_with_games(tmp_path / "mine")
    code = open_store(tmp_path / "mine").challenge_code("mahjong-turtle", 1, checker=checker())
    damaged = code[:-1] + ("0" if code[-1] != "0" else "1")
    app = make_app(tmp_path / "friend")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await import_in_the_app(pilot, f"{code}\n{damaged}")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await settle(pilot)
        told = board_notice(app)  # on the leaderboard's status line, its lines in a row
        assert "Merged into Turtle, deal 1" in told and "Not merged: code 2" in told


README_CODE = "LT1-00009A737YY6MYM6J8Z7PY1JH28RZWRDMH5JH50JEAVHAAZ6"
"""The README's code: Cleo and Bob on Lines 9 x 9, random deals, no challenge to offer."""


@pytest.mark.parametrize("opened_from", ["leaderboard", "menu"])
async def test_the_merge_is_told_on_the_status_line_of_the_table_it_shows(
    tmp_path: Path, opened_from: str
) -> None:
    """With no challenge to ask about, the merge's notice was a toast over the leaderboard's
    rows, while the status line kept telling the table shown before: "Challenge code shown
    above and sent to the clipboard…", of Lines 7 x 7, over Lines 9 x 9 and its share code."""
    store_with_games(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        if opened_from == "leaderboard":
            board = await lines_7_board(pilot)
            await pilot.press("x")  # Ann's challenge code, in the table's code's place
            await settle(pilot)
            assert board_notice(app).startswith("Challenge code shown above")
            await pilot.press("i")
            await settle(pilot)
            assert isinstance(app.screen, ImportScreen)
            app.screen.query_one(CodeInput).value = README_CODE
            await settle(pilot)
            await pilot.press("enter")
            await settle(pilot)
        else:
            await import_in_the_app(pilot, README_CODE)
        board = app.screen
        assert isinstance(board, LeaderboardScreen)
        assert board.tables[board.index] == TableId.lines(9)
        assert " ".join(widget_lines(board.query_one("#board-code-label"))).strip() == (
            "Share code of this table:"
        )
        assert board_notice(app) == "Merged into Lines 9 x 9 (lines-9): 2 added."
        assert not app.screen.query("Toast")


async def test_a_time_refused_for_good_is_not_asked_for_again(tmp_path: Path) -> None:
    """A win faster than anyone plays was refused with its reason, yet stayed waiting to be
    saved: every resume asked for the name again, to refuse it again."""
    won, game = one_pair_from_a_win()
    clock = Clock()
    app = make_mahjong_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, won.layout, game, seed=won.seed)
        clock.now += 0.1
        await pilot.press("tab", "t")  # the last pair
        await settle(pilot)
        await pilot.press(*"Tess", "enter")
        await settle(pilot)
        assert app.screen is screen
        told = screen.query_one(StatusLine).message
        assert told.startswith("Not saved: ") and "under 0.1 s a pair: too fast" in told
    store = open_store(tmp_path)
    assert store.load_game("mahjong") is None
    assert not store.table(f"mahjong-lantern+deal-{won.seed}")
    assert not store.table("mahjong-lantern")


TALL_ROWS = 12
"""Tile rows of the tall layout below: 46 rows of board, more than 80 x 24 shows."""


def install_a_tall_layout(monkeypatch: pytest.MonkeyPatch, home: Path) -> Layout:
    """An installed KMahjongg layout of 12 rows of two tiles, 4 half-tiles apart (one layer), as
    tests/test_ui_mahjong_review.py's tall board; returns it as the app finds it."""
    folder = install_layouts(monkeypatch, home, [])
    rows = ["1212", "4343", "....", "...."] * TALL_ROWS
    text = f"kmahjongg-layout-v1.1\nw4\nh{len(rows)}\nd1\n" + "\n".join(rows) + "\n"
    (folder / "tower.layout").write_text(text, encoding="utf-8")
    (folder / "tower.desktop").write_text(
        "[KMahjonggLayout]\nName=Tower\nFileName=tower.layout\n", encoding="utf-8"
    )
    (layout,) = installed_layouts()
    return layout


async def test_an_installed_layouts_table_is_titled_by_its_layouts_title(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, home: Path
) -> None:
    """Player review: an installed layout's table was titled by its name and hash ("Tower
    1a2b3c4d, deal 1") on the leaderboard and in its replay unless the layout had been played in
    this run, as the table's id spells only those. Reading the tables now finds the installed
    layouts they are of, and names them as the picker does."""
    layout = install_a_tall_layout(monkeypatch, home)
    game = won_mahjong_game(layout)
    table = TableId.mahjong(layout_table_name(layout)).for_deal(1)
    store = open_store(tmp_path / "data")
    store.record_mahjong("Ann", table, 48.0, 1, FIXED_NOW, record_of_mahjong(game))
    assert table.title != "Tower, deal 1"  # what the id alone gives
    app = make_app(tmp_path / "data")
    async with app.run_test(size=SIZE) as pilot:
        board = await open_board(pilot)
        heading = " ".join(widget_lines(board.query_one("#board-heading", Static)))
        assert "Tower, deal 1" in heading
        await pilot.press("w")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        title = " ".join(widget_lines(app.screen.query_one("#replay-title", Static)))
        assert "Tower, deal 1" in title
    # `lines-tui replay`, which opens no leaderboard first (the code review).
    entry = open_store(tmp_path / "data").table(table)[0]
    again = make_app(tmp_path / "data")
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        again.score_screens.watch_game(table, entry, over_menu=True)
        await settle(pilot)
        assert isinstance(again.screen, ReplayScreen)
        title = " ".join(widget_lines(again.screen.query_one("#replay-title", Static)))
        assert "Tower, deal 1" in title


async def test_the_replay_of_an_installed_layout_reads_the_layout_folders_off_the_ui(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, home: Path
) -> None:
    """A code review: `w` on an installed layout's result read every installed layout file on
    the UI thread (a slow disk held the screen); the store's thread reads them now."""
    from lines_tui.engine.mahjong.layouts import identity

    layout = install_a_tall_layout(monkeypatch, home)
    game = won_mahjong_game(layout)
    table = TableId.mahjong(layout_table_name(layout))
    entry = Entry("Ann", 480, int(FIXED_NOW), 1, record_of_mahjong(game))
    read_on: list[str] = []

    def installed(folders: Sequence[Path] | None = None) -> list[Layout]:
        read_on.append(threading.current_thread().name)
        return installed_layouts(folders)

    monkeypatch.setattr(identity, "installed_layouts", installed)
    app = make_app(tmp_path / "data")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.score_screens.watch_game(table, entry)
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
    assert read_on == ["lines-tui-store"]


async def test_a_tall_installed_layout_replays_at_80_by_24(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, home: Path
) -> None:
    """A layout taller than 80 x 24 shows (its game scrolls with the cursor) asked for a taller
    terminal in its replay: only the enlarge message, so the game could not be watched. The
    board now scrolls as in the game, to the pair each move takes or puts back, and up and
    down scroll it by hand; its cut edges show ▲ and ▼."""
    layout = install_a_tall_layout(monkeypatch, home)
    game = MahjongGame.new(layout, 1, now=0.0)
    result = solve(game.position)
    assert result.verdict == Verdict.SOLVABLE
    for number, pair in enumerate(result.moves, start=1):
        game.remove(*pair, now=2.0 * number)
    table = TableId.mahjong(layout_table_name(layout))
    entry = Entry("Ann", 480, int(FIXED_NOW), 1, record_of_mahjong(game))
    app = make_app(tmp_path / "data")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.score_screens.watch_game(table, entry)
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        board = replay.query_one(MahjongBoard)
        shown = board.scrollable_content_region
        assert board.virtual_size.height > shown.height
        for _ in range(replay.moves):
            await pilot.press("right")
            await settle(pilot)
            taken = sorted(bits(board_present_before(replay) & ~board.present))
            rows = [board.grid.origins[tile][1] for tile in taken]
            # Both tiles, with a row of room each side; when they lie too far apart, the upper.
            together = max(rows) - min(rows) + 4 <= shown.height
            wanted = taken if together else [taken[rows.index(min(rows))]]
            assert all(tile_in_view(board, tile) for tile in wanted), replay.move
        await pilot.press("home")
        await settle(pilot)
        top = board.scroll_offset.y
        await pilot.press("down", "down")
        await settle(pilot)
        assert board.scroll_offset.y > top
        await pilot.press("up", "up")
        await settle(pilot)
        assert board.scroll_offset.y == top
        assert "Please enlarge" not in " ".join(widget_lines(replay))


def board_present_before(replay: ReplayScreen) -> int:
    """The tiles on the board one move back."""
    now = replay.move
    replay.action_step(-1)
    before = replay.query_one(MahjongBoard).present
    replay.action_step(1)
    assert replay.move == now
    return before


def tile_in_view(board: MahjongBoard, tile: int) -> bool:
    """Whether the board shows the tile whole, clear of its cut edges' markers."""
    col, row = board.grid.origins[tile]
    shown = board.scrollable_content_region
    pad_x = max(0, (shown.width - board.grid.width) // 2)
    x, y = col + pad_x - board.scroll_offset.x, row - board.scroll_offset.y
    under_top = y == 0 and board.scroll_offset.y > 0  # ▲ marks the first row then
    under_bottom = y + 2 == shown.height and board.scroll_offset.y < board.max_scroll_y
    whole = x >= 0 and x + 4 <= shown.width and y >= 0 and y + 2 <= shown.height
    return whole and not under_top and not under_bottom


async def test_a_deal_s_table_of_results_played_at_random_is_shown_when_opened(
    tmp_path: Path,
) -> None:
    """Ann's table of random deals imported, her challenge code for deal 1 was "1 already
    there", yet the leaderboard then shown for the deal said "No entries yet, so no share
    code.", and the Leaderboards did not list the deal's table, while `scores show` printed
    her entry with its code: the deal's table counts the random-deal table's results of its
    deal (README, "Challenges"). It is listed once two players race there, not for one
    player's random deal (every game would add a table)."""
    mine = open_store(tmp_path / "mine")
    mine.add_player("Ann")
    game = played_lines_game(1, size=7)
    mine.record_lines("Ann", 7, game.score, 1, FIXED_NOW, FIXED_NOW + 60, record_of_lines(game))
    table_code = mine.export_code("lines-7", checker=checker())
    challenge = mine.challenge_code("lines-7", 1, checker=checker())
    open_store(tmp_path / "friend").import_code(table_code, checker())
    deal = TableId.lines(7).for_deal(1)
    app = make_app(tmp_path / "friend")
    async with app.run_test(size=SIZE) as pilot:
        await previewed_in_the_app(pilot, challenge)
        said = text_of(app.screen.query_one("#import-summary", Static))
        assert "1 already there" in said
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)  # the challenge, offered
        await pilot.press("n")
        await settle(pilot)
        board = app.screen
        assert isinstance(board, LeaderboardScreen)
        assert board.tables[board.index] == deal
        assert [cells(board.query_one(DataTable), 0)[2]] == ["Ann"]
        assert board.code == open_store(tmp_path / "friend").export_code(deal, checker=checker())
        assert isinstance(app, LinesTuiApp)
        app.score_screens.open_leaderboards()  # as the menu's Leaderboards (b) open them
        await settle(pilot)
        listed = app.screen
        assert isinstance(listed, LeaderboardScreen) and listed is not board
        assert listed.tables == [TableId.lines(7)]


@pytest.mark.parametrize(("table_name", "scrolls"), [("lines-7", False), ("mahjong-turtle", True)])
async def test_a_replays_help_lists_only_the_keys_that_act_in_its_game(
    tmp_path: Path, table_name: str, scrolls: bool
) -> None:
    """The help of a Lines replay listed up and down as "Scroll a board taller than the screen
    up a row of tiles", Mahjong's words for keys that do nothing on a Lines board (never taller
    than the screen). They are a Mahjong replay's keys only."""
    from lines_tui.ui.help import key_rows

    store_with_games(tmp_path)
    store = open_store(tmp_path)
    table = next(table for table in store.tables() if str(table) == table_name)
    entry = next(entry for entry in store.table(table) if entry.recorded)
    app = make_app(tmp_path, replay=(table, entry))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        sentences = " ".join(sentence for _, sentence, _ in key_rows(replay))
        assert ("row of tiles" in sentences) == scrolls, sentences
        assert "Play the moves" in sentences


OTHER_BOARD = "dealt by dealer 1, an older shuffle: another board than deal 1 as dealt now"


def resumed_old_win() -> MahjongGame:
    """Turtle's deal 1 won from a game saved before dealer 2 (its save names no dealer: dealer
    1 dealt it), as the app resumes it."""
    game = MahjongGame.new(find_layout("turtle"), 1, now=0.0, dealer=1)
    for number, pair in enumerate(solve(game.position).moves, start=1):
        game.remove(*pair, now=2.0 * number)
    old_save = game.to_json()
    del old_save["dealer"]
    return MahjongGame.from_json(old_save)


async def test_a_question_turned_down_over_a_won_board_says_the_win_again(
    tmp_path: Path,
) -> None:
    """N over a won deal chosen by number asks before leaving it; n left the line empty, where
    it had said the win and its keys (a player's test): a question turned down says again what
    stands on the board."""
    won = MahjongGame.new(find_layout("lantern"), 3, now=0.0)
    won.deal_choice = CHOSEN
    for number, pair in enumerate(solve(won.position).moves, start=1):
        won.remove(*pair, now=2.0 * number)
    async with make_app(tmp_path).run_test(size=SIZE) as pilot:
        screen = MahjongScreen(session_of(pilot), won.layout, won.seed, game=won)
        await pilot.app.push_screen(screen)
        await settle(pilot)
        await pilot.press(*"Ann", "enter")
        await settle(pilot)
        await pilot.press("escape")  # the leaderboard shown for the time
        await settle(pilot)
        assert pilot.app.screen is screen
        cleared = screen.query_one(StatusLine).message
        assert cleared.startswith("Cleared in ") and cleared.endswith(unbroken("N: new deal."))
        await pilot.press("N")
        await settle(pilot)
        assert isinstance(pilot.app.screen, ConfirmScreen)
        await pilot.press("n")
        await settle(pilot)
        assert pilot.app.screen is screen
        assert screen.query_one(StatusLine).message == cleared


async def test_c_on_a_win_an_older_dealer_dealt_says_why_there_is_no_challenge(
    tmp_path: Path,
) -> None:
    """Its code sent the friend to dealer 2's deal 1: another board."""
    won = resumed_old_win()
    async with make_app(tmp_path).run_test(size=SIZE) as pilot:
        screen = MahjongScreen(session_of(pilot), won.layout, won.seed, game=won)
        await pilot.app.push_screen(screen)
        await settle(pilot)
        await pilot.press(*"Old", "enter")  # its time is saved, in the random deals' table
        await settle(pilot)
        await pilot.press("escape")  # the leaderboard shown for the time
        await settle(pilot)
        assert pilot.app.screen is screen
        cleared = screen.query_one(StatusLine).message.replace(NO_BREAK, " ")
        assert cleared.startswith("Cleared in ") and cleared.endswith("! N: new deal.")
        assert "c Challenge" not in await footer_text(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert pilot.app.screen is screen
        told = " ".join(widget_lines(screen.query_one(StatusLine)))
        assert " ".join(told.split()) == f"No challenge code for this win: it was {OTHER_BOARD}."
    assert [entry.name for entry in open_store(tmp_path).table("mahjong-turtle")] == ["Old"]


def save_a_win_of(folder: Path, hours: int) -> str:
    """Turtle's deal 1 won in `hours` of play (a save's `played` edited by hand, or that long
    played), saved as the game to resume; why no table holds its time."""
    saved = won_mahjong_game("turtle", 1).to_json()
    saved["clock"]["played"] = hours * 3600.0
    open_store(folder).save_game("mahjong", saved)
    return f"the time {hours}:00:00.0 is past the longest a table holds (99:59:59.9)"


async def resume_the_win(pilot: Pilot[None]) -> MahjongScreen:
    await settle(pilot)
    screen = await screen_after(pilot, "R", MahjongScreen)  # the menu's Resume Mahjong
    assert screen.game.won  # no name asked for
    return screen


@pytest.mark.parametrize("hours", [100, 200])
async def test_c_on_a_win_past_the_longest_time_a_table_holds_says_why_there_is_no_code(
    tmp_path: Path, hours: int
) -> None:
    """c made a code whose entry a friend's copy read as invalid (100 h), or crashed the app
    (200 h: the time does not fit the code's field)."""
    why = save_a_win_of(tmp_path, hours)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await resume_the_win(pilot)
        assert "c Challenge" not in await footer_text(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert app.screen is screen and app.clipboard == ""
        told = " ".join(widget_lines(screen.query_one(StatusLine)))
        assert " ".join(told.split()) == f"No challenge code for this win: {why}."


@pytest.mark.parametrize("hours", [100, 200])
async def test_a_win_past_the_longest_time_a_table_holds_says_why_it_is_not_saved(
    tmp_path: Path, hours: int
) -> None:
    """Its filing said "not fast enough for the top 10"."""
    why = save_a_win_of(tmp_path, hours)
    async with make_app(tmp_path).run_test(size=SIZE) as pilot:
        screen = await resume_the_win(pilot)
        assert screen.query_one(StatusLine).message == f"Not saved: {why}."
    store = open_store(tmp_path)
    assert store.table("mahjong-turtle") == () and store.load_game("mahjong") is None
    outcome = store.record_mahjong("Ann", "turtle", hours * 3600.0, 1, FIXED_NOW)
    assert not outcome.saved and outcome.reason == why


async def test_x_on_an_older_dealers_result_says_why_there_is_no_challenge(
    tmp_path: Path,
) -> None:
    record = record_of_mahjong(resumed_old_win())
    open_store(tmp_path).record_mahjong("Old", "turtle", 144.0, 1, FIXED_NOW, record)
    app = make_app(tmp_path)
    notices: list[str] = []
    app.notify = lambda message, **options: notices.append(message)  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        app.score_screens.open_leaderboards("mahjong-turtle")
        await settle(pilot)
        board = app.screen
        assert isinstance(board, LeaderboardScreen)
        assert cells(board.query_one(DataTable), 0)[:3] == ["1", "✓", "Old"]  # its own deal
        await pilot.press("x")
        await settle(pilot)
        assert notices[-1] == f"entry 1 cannot be a challenge: it was {OTHER_BOARD}"
        assert app.clipboard == ""


async def test_x_on_a_deal_of_the_day_gone_by_says_why_there_is_no_challenge(
    tmp_path: Path,
) -> None:
    """x handed out a challenge code of yesterday's deal, which a friend's copy then refused to
    play ("the deal of … is over"). x leaves the Footer there and says why."""
    table, entry = yesterdays_lines_entry()
    open_store(tmp_path).import_code(codes.encode(table, [entry]), checker())
    app = make_app(tmp_path)
    notices: list[tuple[str, object]] = []
    app.notify = lambda message, **options: notices.append(  # type: ignore[method-assign]
        (message, options.get("severity"))
    )
    async with app.run_test(size=SIZE) as pilot:
        app.score_screens.open_leaderboards(str(table))
        await settle(pilot)
        board = app.screen
        assert isinstance(board, LeaderboardScreen)
        assert cells(board.query_one(DataTable), 0)[:3] == ["1", "✓", "Ann"]
        footer = await footer_text(pilot)
        assert "w Watch" in footer and "x Challenge" not in footer
        await pilot.press("x")
        await settle(pilot)
        over = f"the deal of {table.tag} is over; its table takes no new results"
        # A warning, as every key with nothing to act on gives (it was the store's error).
        assert notices[-1] == (f"Nothing to challenge with: {over}.", "warning")
        assert app.clipboard == ""


async def test_an_imported_challenge_of_a_deal_of_the_day_gone_by_says_why_no_race(
    tmp_path: Path,
) -> None:
    """Merged without a word on why no race was offered, where `lines-tui challenge` says the
    day is over."""
    table, entry = yesterdays_lines_entry()
    app = make_app(tmp_path)
    notices: list[str] = []
    app.notify = lambda message, **options: notices.append(message)  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await import_in_the_app(pilot, codes.encode(table, [entry]))
        assert isinstance(app.screen, LeaderboardScreen)
        over = f"the deal of {table.tag} is over; its table takes no new results"
        merged = f"Merged into Lines 7 x 7, deal of {table.tag} ({table}): 1 added."
        assert notices[-1] == f"{merged} No race on this code: {over}."
    assert [e.name for e in open_store(tmp_path).table(str(table))] == ["Ann"]


async def test_a_challenge_of_an_older_dealers_game_is_not_offered_nor_merged(
    tmp_path: Path,
) -> None:
    record = record_of_mahjong(resumed_old_win())
    entry = Entry("Mallory", 1500, int(FIXED_NOW), 1, record)
    code = codes.encode(TableId.mahjong("turtle").for_deal(1), [entry])
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await previewed_in_the_app(pilot, code)
        preview = app.screen.query_one(DataTable)
        # Not refuted (✗): a game of an older dealer cannot be replayed here (?).
        assert cells(preview, 0)[0] == "rejected" and cells(preview, 0)[2] == "?"
        reason = text_of(app.screen.query_one("#import-reason", Static))
        assert reason == f"rejected Mallory: {OTHER_BOARD}"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ImportScreen)  # nothing merged, no deal offered
    assert open_store(tmp_path).tables() == {}


@pytest.mark.parametrize("opened_from", ["menu", "leaderboard"])
@pytest.mark.parametrize("damaged_at", ["before the preview", "before enter"])
async def test_a_scores_file_set_aside_while_importing_is_told_beside_the_merge(
    tmp_path: Path, damaged_at: str, opened_from: str
) -> None:
    """scores.json damaged from outside while Import was open: the merge set it aside (the
    player and the other tables went with it) and the leaderboard said only "Merged into …".
    Set aside by the merge, it is told after what the merge did; by the preview's read, over
    Import at once, before enter merges into the fresh file."""
    folder = tmp_path / "data"
    store = open_store(folder)
    store.add_player("Pat")
    code = codes.encode(TableId.lines(9), [Entry("Bo", 90, int(FIXED_NOW), 1)])
    app = make_app(folder)
    told_aside = "scores.json: not valid JSON at line 1, column 2; no players or scores."
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if opened_from == "leaderboard":
            app.score_screens.open_leaderboards()
            await settle(pilot)
        if damaged_at == "before the preview":
            (folder / "scores.json").write_text("{bad")
        if opened_from == "leaderboard":
            await previewed_after(pilot, code, "i")
        else:
            await previewed_in_the_app(pilot, code)
        told_over_import = [message for message, _ in app.toasts if told_aside in message]
        assert len(told_over_import) == (damaged_at == "before the preview")
        if damaged_at == "before enter":
            (folder / "scores.json").write_text("{bad")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)
        told = board_notice(app)
        assert told.startswith("Merged into Lines 9 x 9 (lines-9): 1 added.")
        assert (told_aside in told) == (damaged_at == "before enter")
    assert any(path.name.startswith("scores.json.corrupt-") for path in folder.iterdir())


async def test_files_set_aside_over_import_left_with_esc_never_pile_up_on_the_leaderboard(
    tmp_path: Path,
) -> None:
    """A notice of a file set aside was told after whatever the leaderboard's line said (a
    copied code's words), and again after that at each Import left with esc: the line grew
    with stale words and the same notice twice, three times."""
    folder = tmp_path / "data"
    open_store(folder).add_player("Pat")
    code = codes.encode(TableId.lines(9), [Entry("Bo", 90, int(FIXED_NOW), 1)])
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.score_screens.open_leaderboards()
        await settle(pilot)
        for _ in range(3):
            (folder / "scores.json").write_text("{bad")
            await previewed_after(pilot, code, "i")
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, LeaderboardScreen)
            assert board_notice(app).count("scores.json") <= 1


@pytest.mark.parametrize(
    ("player", "at_start", "at_the_end"),
    [
        # A guest's score is not saved, which a challenge started from the command line told
        # only once the app had ended (a player review): said as the race starts.
        (None, f"To beat: {{best}} by Ann.{GUEST_NOT_SAVED}", "A tie with Ann's {best}."),
        ("Ann", "To beat: your own {best}.", "The same as your best, {best}."),
    ],
    ids=["a friend's", "your own"],
)
async def test_a_lines_game_on_a_deal_with_a_result_to_beat_says_how_it_fared(
    tmp_path: Path, player: str | None, at_start: str, at_the_end: str
) -> None:
    """A race ended in silence: the game over said the score and the place, never whether it
    beat the result it was told to beat (a player review), and "To beat: 155 by Bob" was said
    to Bob himself."""
    store_with_games(tmp_path)  # Ann's deal 1 of 7 x 7, played as the greedy player plays
    open_store(tmp_path).set_active_player(player)
    best = open_store(tmp_path).table("lines-7+deal-1")[0].value
    game, move = one_move_from_its_end(1, 7)  # the greedy player again: the same score
    game.deal_choice = CHOSEN
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_lines(pilot, game)
        await settle(pilot)
        assert screen.query_one(StatusLine).message == at_start.format(best=best)
        await play_by_keys(pilot, screen, move)
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, GameOverScreen)
        race = str(dialog.query_one("#game-over-race", Static).render())
        assert race == at_the_end.format(best=best)


async def test_a_guest_resuming_a_race_is_told_how_to_register_whole(tmp_path: Path) -> None:
    """A resumed game says so before the result to beat, but a guest's line, which says how to
    register, has no room for it: "Resumed your saved game." ahead of it cut "(register under
    Players first)" short (a player's test)."""
    store_with_games(tmp_path)  # Ann's deal 1 of 7 x 7
    open_store(tmp_path).set_active_player(None)
    best = open_store(tmp_path).table("lines-7+deal-1")[0].value
    game, _ = one_move_from_its_end(1, 7)
    game.deal_choice = CHOSEN
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = LinesScreen(session_of(pilot), game, resumed=True)
        await app.push_screen(screen)
        await settle(pilot)
        told = screen.query_one(StatusLine).message
        assert told == f"To beat: {best} by Ann.{GUEST_NOT_SAVED}"
        drawn = " ".join(widget_lines(screen.query_one(StatusLine)))
        assert "(register under Players first)." in " ".join(drawn.split())


async def test_a_resumed_game_of_another_player_names_their_own_result_as_theirs(
    tmp_path: Path,
) -> None:
    """Cy resumed Ann's game, filed under Ann: "To beat: your own 55." and "The same as your
    best" spoke to Cy of Ann's result (a code review)."""
    store_with_games(tmp_path)  # Ann's deal 1 of 7 x 7
    store = open_store(tmp_path)
    store.add_player("Cy")
    store.set_active_player("Cy")
    best = store.table("lines-7+deal-1")[0].value
    game, move = one_move_from_its_end(1, 7)
    game.deal_choice = CHOSEN
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = LinesScreen(session_of(pilot), game, resumed=True, saved_by="Ann", owner="Ann")
        await app.push_screen(screen)
        await settle(pilot)
        told = screen.query_one(StatusLine).message
        assert told == f"Resumed Ann's saved game. To beat: Ann's own {best}."
        await play_by_keys(pilot, screen, move)
        await settle(pilot)
        race = str(app.screen.query_one("#game-over-race", Static).render())
        assert race == f"The same as Ann's best, {best}."


def one_pair_from_a_win_to_beat(store: Store, holder: str) -> tuple[MahjongGame, MahjongGame]:
    """`one_pair_from_a_win`, its deal chosen by number, whose table in `store` holds `holder`'s
    1:39.0: the result to beat."""
    won, game = one_pair_from_a_win()
    table = TableId.mahjong("lantern").for_deal(won.seed)
    store.record_mahjong(holder, table, 99.0, won.seed, FIXED_NOW - 600, record_of_mahjong(won))
    game.deal_choice = CHOSEN
    return won, game


@pytest.mark.parametrize(
    ("holder", "at_start", "at_the_win"),
    [
        ("Pat", "To beat: 1:39.0 by Pat.", "You beat Pat's 1:39.0 by 1:09.0!"),
        ("Me", "To beat: your own 1:39.0.", "Your best, 1:39.0, beaten by 1:09.0!"),
    ],
    ids=["a friend's", "your own"],
)
async def test_a_mahjong_win_on_a_deal_with_a_result_to_beat_says_by_how_much(
    tmp_path: Path, holder: str, at_start: str, at_the_win: str
) -> None:
    store = open_store(tmp_path)
    store.add_player("Me")
    store.set_active_player("Me")
    won, game = one_pair_from_a_win_to_beat(store, holder)
    clock = Clock()
    app = make_mahjong_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, won.layout, game, seed=won.seed)
        await settle(pilot)
        resumed = f"Resumed your saved game. Deal {won.seed}."  # a game handed to the screen
        assert screen.query_one(StatusLine).message == f"{resumed} {at_start}"
        clock.now += 30
        await pilot.press("tab", "t")  # the last pair: cleared in 0:30.0
        await settle(pilot)
        said = screen.query_one(StatusLine).message
        assert said == f"Cleared in 0:30.0! {at_the_win}"  # its keys come with a name
        await pilot.press("enter")  # the time saved as Me's; then the deal again, from its start
        await settle(pilot)
        await pilot.press("escape", "R")
        await settle(pilot)
        assert screen.query_one(StatusLine).message == "To beat: your own 0:30.0."


async def test_a_won_race_keeps_each_key_on_one_row_with_what_it_does(tmp_path: Path) -> None:
    """After a race's words the win's line wrapped between "c:" and "challenge a friend." at 80
    columns: "c:" alone ended a row. A key and what it does stay on one row, wherever the race's
    words (a name of any length) end."""
    won, game = one_pair_from_a_win_to_beat(open_store(tmp_path), "Patti")
    clock = Clock()
    app = make_mahjong_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, won.layout, game, seed=won.seed)
        await settle(pilot)
        clock.now += 30
        await pilot.press("tab", "t")  # the last pair: cleared in 0:30.0
        await settle(pilot)
        await pilot.press(*"Me", "enter")  # its keys come with a name
        await settle(pilot)
        await pilot.press("escape")  # the leaderboard shown for the time
        await settle(pilot)
        assert app.screen is screen
        line = screen.query_one(StatusLine)
        said = line.message.replace(NO_BREAK, " ")
        assert said == "Cleared in 0:30.0! You beat Patti's 1:39.0 by 1:09.0! " + WIN_KEYS
        assert drawn_keys(line) == ["c: challenge a friend.", "N: new deal."]
        for length in range(1, 40):  # whatever the race said before them
            line.say(f"{'w' * length}! {CHALLENGE_KEY} {NEW_DEAL_KEY}")
            await pilot.pause()
            assert drawn_keys(line) == ["c: challenge a friend.", "N: new deal."], length


WIN_KEYS = "c: challenge a friend. N: new deal."
"""The keys on a win's line, once its time has a name."""


def drawn_keys(line: StatusLine) -> list[str]:
    """The win's keys with what each does, as drawn on the rows of `line` (one such per row,
    or the row broke it)."""
    rows = [" ".join(row.replace(NO_BREAK, " ").split()) for row in widget_lines(line)]
    return [key for row in rows for key in re.findall(r"\b[cN]: [a-z ]+\.", row)]


async def test_a_challenge_on_a_layout_played_from_a_file_is_offered(home: Path) -> None:
    """Its code merged ("1 added"), but no challenge was offered and nothing said why: the offer
    looked for the layout among the installed ones only, where the import had found it among
    those played this session too (a code review)."""
    layout = twin_from_file(home / "mine")
    table = TableId.mahjong(layout_table_name(layout)).for_deal(7)
    record = record_of_mahjong(won_mahjong_game(layout, 7))
    code = codes.challenge(
        table, Entry("Kim", 400, int(FIXED_NOW) - 100, 7, record), lambda _: layout
    )
    app = make_app(home / "data")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.session.played(layout)  # as `lines-tui mahjong --layout ~/mine/twin.layout` did
        await import_in_the_app(pilot, code)
        assert isinstance(app.screen, ConfirmScreen)
        assert "A challenge: beat 0:40.0 by Kim on Twin" in " ".join(dialog_text(app).split())


TAKES_THIS_ONE = "t takes this one"
"""How the line tells that the next t takes the pair shown (three tiles of a type free)."""


async def asked_and_kept(pilot: Pilot[None], key: str, folder: Path, kind: str) -> Any:
    """`key` (a new game) asks before it replaces the `kind` game saved in `folder` from
    another screen; no keeps it as it was. Returns it."""
    saved = open_store(folder).load_game(kind, lambda data: data)
    await pilot.press(key)
    await settle(pilot)
    assert isinstance(pilot.app.screen, ConfirmScreen)
    game = "Lines" if kind == "lines" else "Mahjong"
    said = " ".join(dialog_text(pilot.app).split())
    # Named as the menu names it (a player's test: "another saved Mahjong game" said not which).
    summary = "7 x 7, deal 1, score 0" if kind == "lines" else "Turtle, deal 1"
    assert f"You have another saved {game} game ({summary})." in said
    await pilot.press("n")
    await settle(pilot)
    assert open_store(folder).load_game(kind, lambda data: data) == saved
    return saved


async def test_a_new_game_after_a_game_over_asks_before_replacing_another_saved_game(
    tmp_path: Path,
) -> None:
    """A finished game, its leaderboard, a challenge imported and raced from there, saved and
    left; then back at the first game's game-over, `n` and a first move: the challenge's saved
    game was replaced without a question (a code review, reproduced)."""
    store_with_games(tmp_path / "mine")
    code = open_store(tmp_path / "mine").challenge_code("lines-7", 1, checker=checker())
    friend = tmp_path / "friend"
    app = make_app(friend)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        first, last_move = one_move_from_its_end(4)
        await play_by_keys(pilot, await open_lines(pilot, first), last_move)
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("b")  # the table its score went into: import a challenge there
        await settle(pilot)
        await import_in_the_app(pilot, code)
        await pilot.press("y")
        await settle(pilot)
        race = app.screen
        assert isinstance(race, LinesScreen)
        await play_by_keys(pilot, race, greedy_move(race.game.board))
        await pilot.press("q")  # saved
        await settle(pilot)
        await pilot.press("escape")  # the leaderboard: back to the first game's game-over
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await asked_and_kept(pilot, "n", friend, "lines")


async def test_a_new_deal_after_a_win_asks_before_replacing_another_saved_game(
    tmp_path: Path,
) -> None:
    """A won deal, its leaderboard, a challenge imported and raced from there, saved and left;
    back at the won deal, `N` and a pair: the new deal's save was refused ("another lines-tui
    saved a Mahjong game") and the new deal was not kept (a code review)."""
    store_with_games(tmp_path / "mine")
    code = open_store(tmp_path / "mine").challenge_code("mahjong-turtle", 1, checker=checker())
    friend = tmp_path / "friend"
    won, game = one_pair_from_a_win()
    clock = Clock()
    app = make_mahjong_app(friend, clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        session_of(pilot).solvable_deals = False
        first = await open_game(pilot, won.layout, game, seed=won.seed)
        clock.now += 30
        await pilot.press("tab", "t")  # won: the time to the leaderboard
        await settle(pilot)
        await pilot.press(*"Tess", "enter")
        await settle(pilot)
        await import_in_the_app(pilot, code)
        await pilot.press("y")  # the race, from the leaderboard
        await settle(pilot)
        race = app.screen
        assert isinstance(race, MahjongScreen) and race is not first
        await pilot.press("tab", "t", "q")  # a pair taken, saved, left
        await settle(pilot)
        for _ in range(3):  # the leaderboards (the code's, the win's): back to the won deal
            if app.screen is not first:
                await pilot.press("escape")
                await settle(pilot)
        assert app.screen is first
        saved = await asked_and_kept(pilot, "N", friend, "mahjong")
        await answered(pilot, "N", "y")  # agreed: the new deal replaces it at its first pair
        await settle(pilot)
        assert app.screen is first and not first.game.won
        for _ in range(20):  # keys typed on as the question goes may be dropped: again
            await pilot.press("tab", "t")
            await settle(pilot)
            if TAKES_THIS_ONE in first.query_one(StatusLine).message:
                # Three of the type free (a random deal, a fifth of Lantern's): that t showed
                # the partners, and the next takes one; another tab, t did so again, for ever.
                await pilot.press("t")
                await settle(pilot)
            if first.game.history:
                break
        assert len(first.game.history) == 1
        for _ in range(200):  # the pair's save, on the store's thread
            now_saved = open_store(friend).load_game("mahjong", lambda data: data)
            if now_saved != saved:
                break
            await pilot.pause(0.05)
        assert now_saved is not None and now_saved != saved
