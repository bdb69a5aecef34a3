"""The app shell: menu, help, colours, warnings, and the way into each game and score screen."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    FIXED_NOW,
    board_notice,
    fill_the_board,
    greedy_move,
    in_sight,
    make_app,
    nearly_full_game,
    open_lines,
    post_keys_at_once,
    screen_after,
    settle,
    widget_lines,
)
from test_ui_app_lines import board_shows_under
from test_ui_solvable_deals import footer_text
from textual import _time
from textual.pilot import Pilot
from textual.widgets import DataTable, Footer, Input, OptionList, Static
from textual.widgets._footer import FooterKey, FooterLabel
from textual.widgets._toast import Toast

from lines_tui.commands.options import Settings
from lines_tui.commands.start import open_store_for
from lines_tui.engine.daily_seeds import lines_daily_seed, mahjong_daily_candidates
from lines_tui.engine.deal_choice import LAST_DEAL, daily
from lines_tui.engine.lines import LinesGame
from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.layouts import Layout, find_layout
from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.visible_text import TITLE_CHARS
from lines_tui.store import Entry, TableId, format_clock, open_store
from lines_tui.store.files import FileSystem
from lines_tui.store.sharecode import encode
from lines_tui.store.tables import utc_day
from lines_tui.ui.app import SYMBOLS_STAY, LinesTuiApp
from lines_tui.ui.dialogs import ConfirmScreen, ResumeScreen
from lines_tui.ui.direct_start import Start
from lines_tui.ui.help import HelpScreen, key_rows
from lines_tui.ui.lines.game_over import GameOverScreen
from lines_tui.ui.lines.screen import LinesScreen
from lines_tui.ui.mahjong import LayoutPickerScreen, MahjongScreen
from lines_tui.ui.menu import MenuScreen
from lines_tui.ui.saved_games import LOST_FOR_GOOD_SUMMARY, LOST_SUMMARY
from lines_tui.ui.scores import ImportScreen, LeaderboardScreen, PlayersScreen
from lines_tui.ui.scores.code_input import CodeInput
from lines_tui.ui.scores.name_entry import NameEntryScreen
from lines_tui.ui.size_guard import MENU_KEPT, TooSmallScreen, enlarge_message, wrapped
from lines_tui.ui.status_line import DialogMessage, StatusLine
from lines_tui.ui.store_notices import NOTICE_WIDTH, short_reason


def save_a_mahjong_game(data_dir: Path) -> MahjongGame:
    """A Turtle game with one pair taken, saved as the game in progress."""
    game = MahjongGame.new(find_layout("turtle"), 5, now=FIXED_NOW)
    game.remove(*game.available_pairs()[0], now=FIXED_NOW + 30)
    open_store(data_dir).save_game("mahjong", game.to_json(now=FIXED_NOW + 30))
    return game


def menu_labels(app: LinesTuiApp) -> list[str]:
    return [str(option.prompt) for option in app.screen.query_one(OptionList).options]


async def test_menu_says_guests_are_not_saved_and_starts_lines(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        # Only Lines: a guest's Mahjong time is kept under the name typed after the win.
        player = str(app.screen.query_one("#menu-player").render())
        assert "guest: Lines scores are not saved" in player
        labels = menu_labels(app)
        assert not any("Resume" in label for label in labels)
        assert [label.split("  ", 1)[1] for label in labels] == [
            "Lines 9 x 9",
            "Mahjong solitaire",
            "Today's deals",
            "Leaderboards",
            "Import a share code",
            "Players",
            "Help",
            "Quit",
        ]
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen)
        assert app.screen.game.started_at == FIXED_NOW


async def test_menu_shows_the_active_player(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.add_player("Grace")
    store.set_active_player("Grace")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Player: Grace" in str(app.screen.query_one("#menu-player").render())


async def test_help_lists_the_keys_of_the_screen_below(tmp_path: Path) -> None:
    app = make_app(tmp_path, start="lines", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await screen_after(pilot, "question_mark", HelpScreen)
        rows = {description: keys for keys, description, _ in key_rows(app.screen_stack[-2])}
        assert rows["Move the cursor one cell, wrapping at the edges (the arrows, or h j k l)"] == (
            "↑ ↓ ← → k j h l"
        )
        assert rows["New game (asks first if this one has moves)"] == "n"
        assert "⏎" in rows["Select the ball under the cursor, or move the selected ball here"]
        assert any(keys == "s" for keys in rows.values())
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen)


async def test_the_help_offers_to_scroll_only_when_it_does_not_fit(tmp_path: Path) -> None:
    """Player reviews: nothing said that the help scrolls (its Footer showed only esc); then
    "↑↓ scroll" was shown over helps that fit in their box."""
    app = make_app(tmp_path, start="lines", seed=3)
    async with app.run_test(size=(80, 60)) as pilot:
        await settle(pilot)
        await screen_after(pilot, "question_mark", HelpScreen)
        assert "↑" not in await footer_text(pilot)
        assert not app.screen.query(FooterLabel)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert (await footer_text(pilot)).endswith("↑  ↓")  # the keys of one group, "scroll"
        assert [str(label.render()) for label in app.screen.query(FooterLabel)] == ["scroll"]


async def test_no_color_turns_symbols_on_for_good(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without colours the letters are all that tells balls apart: s keeps them and says why
    (it turned them off, and every ball looked the same)."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(tmp_path, start="lines", seed=5, few_colours=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.symbols_mode and app.few_colours
        board = app.screen.query_one("#lines-board")
        picture = "\n".join(board.render_line(y).text for y in range(19))
        assert any(letter in picture for letter in "RBGCVYN")
        assert " · " in picture, "without colours the empty cells are marked with dots"
        await pilot.press("s")
        await settle(pilot)
        assert app.symbols_mode
        assert "\n".join(board.render_line(y).text for y in range(19)) == picture
        assert app.screen.query_one(StatusLine).message == SYMBOLS_STAY


async def test_symbols_mode_is_kept_for_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """s had to be pressed again on every start. It is kept with the settings (written on the
    store's thread), a game started from the command line opens with it, the picker's o does
    not undo it, and NO_COLOR keeps symbols on without changing what is kept."""
    from lines_tui.store import Preferences

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert app.symbols_mode
        await pilot.press("m", "o", "escape")  # "solvable deals only" on, kept too
        await settle(pilot)
    assert open_store(tmp_path).preferences() == Preferences(solvable_deals=True, symbols=True)
    again = make_app(tmp_path, start="lines", seed=5)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, LinesScreen) and again.screen.board.symbols
        await pilot.press("s")  # off, and kept off
        await settle(pilot)
        assert not again.symbols_mode
    assert not open_store(tmp_path).preferences().symbols
    monkeypatch.setenv("NO_COLOR", "1")
    colourless = make_app(tmp_path, few_colours=None)
    async with colourless.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert colourless.symbols_mode
    assert open_store(tmp_path).preferences() == Preferences(solvable_deals=True, symbols=False)


async def test_f1_opens_the_help_from_a_text_field(tmp_path: Path) -> None:
    """? is typed into a name (a name may hold one), so its help could not be reached from
    there. (It was the import field once; see the test below.)"""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p", "a", "question_mark")
        await settle(pilot)
        assert isinstance(app.screen, NameEntryScreen)
        assert app.screen.query_one(Input).value == "?"
        assert "f1 Help" in await footer_text(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)


async def test_the_import_field_leaves_question_mark_the_help_key(tmp_path: Path) -> None:
    """The Import's Footer said `f1 Help` where every other screen says `? Help`: `?` was typed
    into the codes field, though no code holds one. It is the help key there now (f1 too); a
    `?` with more right after it (a paste typed out as keys by a terminal without bracketed
    paste: "Can you beat this? LT2-...") still goes into the field, in its place."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await import_screen_from_the_menu(pilot)
        footer = await footer_text(pilot)
        assert "? Help" in footer and "f1" not in footer
        await pilot.press("question_mark")
        await pilot.pause(0.3)
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen and screen.query_one(CodeInput).value == ""
        post_keys_at_once(app, *"beat", "space", *"this", "question_mark", "space", "x")
        await pilot.pause(0.3)
        await settle(pilot)
        assert app.screen is screen and screen.query_one(CodeInput).value == "beat this? x"
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)


async def test_question_marks_alone_in_the_import_field_are_the_help_key(
    tmp_path: Path,
) -> None:
    """`?` pressed twice quickly in the Import field (the help waits 0.2 s to tell the key from
    a paste's) put a `?` into the field and opened the help over it: a burst of `?` alone is
    the help key, opened once, and the field stays empty. A `?` that ends a burst of other text
    (a paste typed out as keys, "beat this?") is the paste's, and no help opens."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await import_screen_from_the_menu(pilot)
        field = screen.query_one(CodeInput)
        for at_once in (False, True):
            if at_once:
                post_keys_at_once(app, "question_mark", "question_mark", "question_mark")
            else:  # in a hurry, a tenth of a second apart, however slowly the test runs
                now = _time.get_time()
                post_keys_at_once(app, "question_mark", read_at=now)
                post_keys_at_once(app, "question_mark", read_at=now + 0.1)
            await pilot.pause(0.3)
            await settle(pilot)
            assert isinstance(app.screen, HelpScreen) and field.value == ""
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is screen and field.value == ""
        post_keys_at_once(app, *"beat", "space", *"this", "question_mark", "question_mark")
        await pilot.pause(0.3)
        await settle(pilot)
        assert app.screen is screen and field.value == "beat this??"
        post_keys_at_once(app, "ctrl+u", "question_mark", "question_mark", "space", "x")
        await pilot.pause(0.3)
        await settle(pilot)
        assert app.screen is screen and field.value == "?? x"


async def test_store_warnings_are_shown_once(tmp_path: Path) -> None:
    (tmp_path / "scores.json").write_text("{ not json", encoding="utf-8")
    shown: list[str] = []

    class Recording(LinesTuiApp):
        def notify(self, message: str, **options: object) -> None:  # type: ignore[override]
            shown.append(message)

    store = open_store(tmp_path)
    assert store.warnings, "the corrupt file must be reported by the store"
    app = Recording(store, clock=lambda: FIXED_NOW)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("l", "q")
        await settle(pilot)
    (aside,) = tmp_path.glob("scores.json.corrupt-*")
    # The store's warning (the command line's) is long; the app's notice says it in short.
    assert store.warnings == list(store.set_aside)
    assert shown == [
        "scores.json: not valid JSON at line 1, column 3; no players or scores. The file is kept"
        f" untouched beside it, its name ending in {aside.name.removeprefix('scores.json')}."
    ]
    # No word wider than a notice at 80 columns: none is cut in two where the notice wraps.
    assert max(map(len, shown[0].split())) <= NOTICE_WIDTH


@pytest.mark.parametrize(
    ("reason", "told"),
    [
        ("not valid JSON (Expecting value: line 1 column 1 (char 0))", "not valid JSON"),
        # Where to mend it is part of the sentence (the store says it first).
        (
            "not valid JSON at line 8, column 38 (Expecting ',' delimiter)",
            "not valid JSON at line 8, column 38",
        ),
        # A bracket inside the sentence is part of it: the notice said "a line of 5 from".
        ("a preview ball is off the board (row 10)", "a preview ball is off the board"),
        ("the mark (x) is not a move", "the mark (x) is not a move"),
        ("unknown colour 'X' in the preview", "unknown colour 'X' in the preview"),
        ("(nothing but details)", "(nothing but details)"),
        ("unbalanced details)", "unbalanced details)"),
    ],
)
def test_a_damaged_files_reason_loses_only_the_details_at_its_end(reason: str, told: str) -> None:
    assert short_reason(reason) == told


async def import_screen_from_the_menu(pilot: Pilot[None]) -> ImportScreen:
    await settle(pilot)
    return await screen_after(pilot, "i", ImportScreen)


async def test_ctrl_c_says_in_plain_words_that_ctrl_q_quits(tmp_path: Path) -> None:
    """Textual's hint for ctrl+c showed its markup: "Press [b]ctrl+q[/b] to quit the app". Its
    title asked "Do you want to quit?", a question nothing answers, read over a real question as
    part of it: the notice has no title, only its sentence."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+c")
        await settle(pilot)
        assert app.is_running
        (toast,) = app.screen.query(Toast)
        assert str(toast.render()) == "ctrl+c does not quit here: ctrl+q quits."
    assert app.toasted == ["ctrl+c does not quit here: ctrl+q quits."]


async def test_ctrl_z_says_it_does_not_suspend(tmp_path: Path) -> None:
    """It did nothing and said nothing, on every screen (a player review over SSH); in Lines it
    then spoke of pausing a Mahjong game (a player review of Lines)."""
    said = "ctrl+z does not suspend here: ctrl+q quits, and a game in progress is saved."
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.toasted == [said]
        await pilot.press("l")  # and in a game, on its status line
        await settle(pilot)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.is_running and app.screen.query_one(StatusLine).message == said
        await pilot.press("q")
        await settle(pilot)
        await pilot.press("m", "enter")
        await settle(pilot)
        await pilot.press("ctrl+z")
        await settle(pilot)
        pauses = "ctrl+z does not suspend here: p pauses, ctrl+q quits."
        assert app.screen.query_one(StatusLine).message == pauses
        # On one row at 80 columns, as every message the game writes (a player's test: two).
        drawn = [row for row in widget_lines(app.screen.query_one(StatusLine)) if row.strip()]
        assert len(drawn) == 1, drawn


@pytest.mark.parametrize(
    "open_dialog",
    [
        "question_mark",
        "t",
        "m",
        lambda app: app.push_screen(ConfirmScreen("Replace it?")),
        lambda app: app.push_screen(NameEntryScreen()),
    ],
    ids=["help", "today", "picker", "question", "name entry"],
)
async def test_ctrl_c_says_it_does_not_quit_on_a_dialog_too(
    tmp_path: Path, open_dialog: Any
) -> None:
    """Textual stops looking for a key's binding at a modal screen: over a dialog the app's ctrl+c
    was never reached, and the dialog's own (a copy of a selection) said nothing."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if isinstance(open_dialog, str):
            await pilot.press(open_dialog)
        else:
            open_dialog(app)
        await settle(pilot)
        dialog = app.screen
        assert dialog.is_modal
        await pilot.press("ctrl+c")
        await settle(pilot)
        assert app.is_running and app.screen is dialog
        # Told in the dialog's own message line, not as a toast over it (see the next test).
        assert dialog.query_one(DialogMessage).message == "ctrl+c does not quit here: ctrl+q quits."
        assert app.toasted == []


@pytest.mark.parametrize("size", [(80, 24), (30, 8)])
async def test_a_notice_raised_over_a_question_is_told_inside_it_not_over_it(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """ctrl+c on the "Resume it?" question raised a toast, which at 30 x 8 covered the question's
    text: the notices there when a dialog opens go, and one raised while it is open goes to a
    line at the end of the dialog's frame, wrapped whole. At 30 x 8 the frame is taller than the
    terminal, and that line was below its last row: the dialog scrolls up to it."""
    app = make_app(tmp_path)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        dialog = ResumeScreen("You have a saved Lines game (9 x 9, score 0). Resume it?")
        app.push_screen(dialog)
        await settle(pilot)
        await pilot.press("ctrl+c")
        await settle(pilot)
        assert app.screen is dialog and not dialog.query(Toast)
        message = dialog.query_one(DialogMessage)
        assert message.parent is dialog.query_one(".dialog")
        shown = " ".join(line.strip() for line in widget_lines(message)).strip()
        assert shown == "ctrl+c does not quit here: ctrl+q quits."
        assert in_sight(message)


async def test_a_file_found_damaged_while_the_app_runs_is_told_once(tmp_path: Path) -> None:
    """The store sets a damaged file aside whenever it finds one, not only at start: the player
    is told then, once, wherever the read was asked for."""
    shown: list[str] = []

    class Recording(LinesTuiApp):
        def notify(self, message: str, **options: object) -> None:  # type: ignore[override]
            shown.append(message)

    store = open_store(tmp_path)
    store.add_player("Ada")
    app = Recording(store, clock=lambda: FIXED_NOW)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert shown == []
        (tmp_path / "scores.json").write_text("{ not json", encoding="utf-8")
        await pilot.press("b")  # the leaderboards read the file
        await settle(pilot)
        await pilot.press("escape", "b", "escape")  # read again, all is well: nothing new
        await settle(pilot)
    (aside,) = tmp_path.glob("scores.json.corrupt*")  # kept, not lost
    told = [message for message in shown if message.startswith("scores.json: not valid JSON")]
    assert told == [
        "scores.json: not valid JSON at line 1, column 3; no players or scores. The file is kept"
        f" untouched beside it, its name ending in {aside.name.removeprefix('scores.json')}."
    ]
    assert len(store.warnings) == 1


async def test_what_the_start_could_not_read_is_told_readable_at_80x24_and_once(
    tmp_path: Path,
) -> None:
    """Two damaged files and a folder where the settings belong: one notice lists the files set
    aside, a line each, and every notice fits the screen whole; coming back to the menu (from
    Import) reads the folder again, and tells nothing already told."""
    (tmp_path / "scores.json").write_text('{"format": "lines', encoding="utf-8")
    (tmp_path / "saved-lines.json").write_text('{"format": "lines-tui saved', encoding="utf-8")
    (tmp_path / "settings.json").mkdir()
    shown: list[str] = []

    class Recording(LinesTuiApp):
        def notify(self, message: str, **options: Any) -> None:
            shown.append(message)
            super().notify(message, **options)

    app = Recording(open_store(tmp_path), clock=lambda: FIXED_NOW)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.pause(0.2)  # the toasts are laid out
        assert isinstance(app.screen, MenuScreen)
        toasts = list(app.screen.query(Toast))
        assert len(toasts) == 2, shown
        assert all(toast.region.y >= 0 and toast.region.bottom <= 24 for toast in toasts)
        set_aside = [line.lstrip("▌ ") for line in widget_lines(toasts[0])]
        # Each file's line whole, where to mend it last (a line cut to the notice's width
        # ended "…not valid JSON at line…").
        said = " ".join(set_aside)
        assert "scores.json: not valid JSON at line 1, column 12 saved-lines.json" in said
        assert "saved-lines.json: not valid JSON at line 1, column 12 Each is kept" in said
        # What that means, not "started afresh": on the menu nothing started.
        assert "no players or scores; no Lines game to resume." in said and "afresh" not in said
        assert sum(len(widget_lines(toast)) for toast in toasts) <= 18  # 2 more with the places
        (settings,) = [message for message in shown if "settings" in message]
        assert "settings.json is a folder" in settings
        for key in ("i", "escape", "i", "escape"):
            await pilot.press(key)
            await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert len(shown) == 2, shown


def unreadable_scores(data_dir: Path, how: str) -> None:
    """Make scores.json unreadable: a folder in its place, or a file (registering Ada) denied to
    the user."""
    if how == "folder":
        (data_dir / "scores.json").mkdir()
        return
    if os.geteuid() == 0:
        pytest.skip("root reads a file whatever its permissions")
    open_store(data_dir).add_player("Ada")
    (data_dir / "scores.json").chmod(0)


@pytest.mark.parametrize("how", ["folder", "denied"])
async def test_the_app_starts_with_scores_it_cannot_read_and_never_writes_over_them(
    tmp_path: Path, how: str
) -> None:
    """The games are played without the scores: the menu says once why they could not be read
    and what that means; a finished game is not saved, and the file is left as it was."""
    unreadable_scores(tmp_path, how)
    shown: list[str] = []

    class Recording(LinesTuiApp):
        def notify(self, message: str, **options: object) -> None:  # type: ignore[override]
            shown.append(message)

    app = Recording(open_store_for(Settings(data_dir=tmp_path)), clock=lambda: FIXED_NOW)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        (said,) = shown
        assert said.startswith("The scores could not be read: ") and "scores.json" in said
        assert "no score is saved" in said and "\n" not in said
        screen = await open_lines(pilot, nearly_full_game())
        await fill_the_board(pilot, screen)
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen) and not app.screen.outcome.saved
    if how == "folder":
        assert list((tmp_path / "scores.json").iterdir()) == []
    else:
        (tmp_path / "scores.json").chmod(0o600)
        assert open_store(tmp_path).players() == ["Ada"]


async def test_one_cause_that_stops_every_read_is_one_notice_that_fits(tmp_path: Path) -> None:
    """A folder where the lock belongs stops the scores, both saved games and the settings from
    being read: that was four notices stacked at 80x24, the first pushed off the top. One cause
    is one notice, naming all it stopped (the games as the app names them), and it shows whole."""
    (tmp_path / "lines-tui.lock").mkdir()
    app = LinesTuiApp(open_store_for(Settings(data_dir=tmp_path)), clock=lambda: FIXED_NOW)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        (toast,) = app.screen.query(Toast)
        told = str(toast.render())
        assert told.startswith(
            "The scores, the saved Lines game, the saved Mahjong game and the settings could not"
        )
        assert "lines-tui.lock is a folder" in told and "no score is saved" in told
        assert toast.region.y >= 0 and toast.region.bottom <= 24


async def test_a_lock_linked_to_itself_is_named_in_the_one_notice(tmp_path: Path) -> None:
    """The notice said the folder could not be read ("Too many levels of symbolic links"),
    not that its lock is a link in a loop: it says what the command line says."""
    (tmp_path / "lines-tui.lock").symlink_to("lines-tui.lock")
    app = LinesTuiApp(open_store_for(Settings(data_dir=tmp_path)), clock=lambda: FIXED_NOW)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        (toast,) = app.screen.query(Toast)
        told = " ".join(str(toast.render()).split())
        assert told.startswith("The scores, the saved Lines game, the saved Mahjong game and")
        assert (
            f"cannot read {tmp_path}/lines-tui.lock: it is a symbolic link to lines-tui.lock "
            "in a loop of links." in told
        )


async def test_a_code_imported_from_the_menu_shows_the_table_it_went_into(tmp_path: Path) -> None:
    code = encode(TableId.lines(9), [Entry("Pal", 500, int(FIXED_NOW), 1)])
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("i")
        await settle(pilot)
        app.screen.query_one(CodeInput).value = code
        await pilot.press("enter")
        await settle(pilot)
        board = app.screen
        assert isinstance(board, LeaderboardScreen)
        assert "Lines 9 x 9" in " ".join(widget_lines(board.query_one("#board-heading", Static)))
        assert board.query_one(DataTable).cursor_row == 0
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_score_screens_open_from_the_menu_and_the_chosen_player_shows(
    tmp_path: Path,
) -> None:
    open_store(tmp_path).add_player("Ada")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for key, screen_type in (("b", LeaderboardScreen), ("i", ImportScreen)):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, screen_type)
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, MenuScreen)
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, PlayersScreen)
        await pilot.press("down", "enter", "escape")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert "Player: Ada" in str(app.screen.query_one("#menu-player").render())


@pytest.mark.parametrize(
    ("tiles", "summary"),
    [
        # The red dragons taken, 1D 2D 1D 2D are left: an undo gets out of it.
        (("dr", "d1", "d2", "d1", "d2", "dr"), LOST_SUMMARY),
        # Lost from the start (the free ends never matched): no undo helps (a player re-check:
        # the menu said "undo to go on" where the game says it can never be cleared).
        (("d1", "d2", "d1", "d2"), LOST_FOR_GOOD_SUMMARY),
    ],
)
async def test_a_lost_saved_mahjong_game_says_so_where_it_is_offered(
    tmp_path: Path, tiles: tuple[str, ...], summary: str
) -> None:
    """The menu and the resume question named a lost game as one in progress ("Lantern, deal
    147974"): the player learned it was lost only once back in it."""
    slots = tuple((2 * i, 0, 0) for i in range(len(tiles)))
    layout = Layout(name="row", title="Row", slots=slots)
    game = MahjongGame(layout, 3, Position(layout.slots, tiles), now=FIXED_NOW)
    if tiles[0] == "dr":
        game.remove(0, len(tiles) - 1, now=FIXED_NOW)
    assert game.lost
    open_store(tmp_path).save_game("mahjong", game.to_json(now=FIXED_NOW))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        offered = f"Resume Mahjong (Row, deal 3, {summary})"
        assert any(offered in label for label in menu_labels(app))


async def test_a_lost_games_menu_entry_shows_whole_at_80_columns(tmp_path: Path) -> None:
    """A review saw "R  Resume Mahjong (Turtle, deal 123456, no pair l…": the menu was 56
    columns wide, and cut what the entry is there to say."""
    layout = Layout(name="row", title="Turtle", slots=((0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0)))
    tiles = ("d1", "d2", "d1", "d2")
    game = MahjongGame(layout, 123456, Position(layout.slots, tiles), now=FIXED_NOW)
    open_store(tmp_path).save_game("mahjong", game.to_json(now=FIXED_NOW))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = widget_lines(app.screen.query_one("#menu-options", OptionList))
        said = f"R  Resume Mahjong (Turtle, deal 123456, {LOST_FOR_GOOD_SUMMARY})"
        assert shown[0].strip() == said


async def test_a_saved_mahjong_game_is_offered_and_resumed(tmp_path: Path) -> None:
    game = save_a_mahjong_game(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert any("Resume Mahjong (Turtle, deal 5)" in label for label in menu_labels(app))
        await pilot.press("R")
        await settle(pilot)
        assert isinstance(app.screen, MahjongScreen)
        assert app.screen.game.history == game.history
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


@pytest.mark.parametrize("kind", ["lines", "mahjong"])
async def test_a_saved_deal_of_the_day_is_named_so_on_the_menu_and_in_the_question(
    tmp_path: Path, kind: Start
) -> None:
    """rev9: the resume entries and "Resume it?" named today's Turtle "deal 10888706393309550345"
    and today's Lines game not at all. They say "today's deal", as the game's panel does (the
    deals saved here are the day's: a save of another deal labelled so is damaged)."""
    if kind == "lines":
        lines = LinesGame.new(lines_daily_seed(9, utc_day(FIXED_NOW)), 9, started_at=FIXED_NOW)
        lines.deal_choice = daily(utc_day(FIXED_NOW))
        open_store(tmp_path).save_game("lines", lines.to_json())
        summary = "r  Resume Lines (9 x 9, today's deal, score 0)"
    else:
        seed = mahjong_daily_candidates("turtle", utc_day(FIXED_NOW))[0]
        mahjong = MahjongGame.new(find_layout("turtle"), seed, now=FIXED_NOW)
        mahjong.deal_choice = daily(utc_day(FIXED_NOW))
        open_store(tmp_path).save_game("mahjong", mahjong.to_json(now=FIXED_NOW))
        summary = "R  Resume Mahjong (Turtle, today's deal)"
    app = make_app(tmp_path, start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        question = str(app.screen.query_one(".dialog-text", Static).render())
        assert summary[summary.index("(") :] in question
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert summary in menu_labels(app)


async def test_a_saved_lines_game_that_cannot_be_read_is_set_aside_with_a_notice(
    tmp_path: Path,
) -> None:
    """Found out by the menu's read, not when resumed: the menu never offers it (it offered
    "Resume Lines (9 x 9, score 0)" and `r` set it aside; `tests/test_ui_saves_on_disk.py`)."""
    data = LinesGame.new(3, 9, started_at=FIXED_NOW).to_json()
    data["board"] = "not a board"
    open_store(tmp_path).save_game("lines", data)
    saved = (tmp_path / "saved-lines.json").read_bytes()
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not any("Resume" in label for label in menu_labels(app))
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        (aside,) = tmp_path.glob("saved-lines.json.corrupt-*")
        assert aside.read_bytes() == saved  # kept untouched, never deleted
        (notice,) = [told for told in app.toasted if "saved-lines.json" in told]
        assert notice.startswith("saved-lines.json: 'board' must be")
        assert notice.endswith(f"its name ending in {aside.name.removeprefix('saved-lines.json')}.")
        assert open_store(tmp_path).load_game("lines") is None


async def test_starting_mahjong_directly_offers_the_saved_game(tmp_path: Path) -> None:
    save_a_mahjong_game(tmp_path)
    app = make_app(tmp_path, start="mahjong")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("n")  # a new game replaces the saved one: asked once more
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, MahjongScreen)
        assert app.screen.game.history == []


async def test_the_layout_picker_goes_back_or_starts_a_mahjong_game(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await settle(pilot)
        assert isinstance(app.screen, LayoutPickerScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("m")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MahjongScreen)


async def test_enter_on_a_menu_entry_opens_it_and_q_quits(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_after(pilot, "question_mark", HelpScreen)
        keys = " ".join(keys for keys, _, _ in key_rows(app.screen_stack[-2])).split()
        assert {"l", "m", "b", "p", "q"} <= set(keys)
        await pilot.press("escape", "enter")  # close the help; the first entry is Lines
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen)
        await pilot.press("q")
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
    assert app.return_code == 0


async def test_a_resize_under_the_help_screen_leaves_the_help_open(tmp_path: Path) -> None:
    """#12 item 18: the size guard under a help screen must not dismiss the help; it goes itself
    once it is back on top and the game fits."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # Lines
        await settle(pilot)
        # Too small for the game (the menu, too small itself now, can no longer open it there).
        await pilot.resize_terminal(30, 10)
        await settle(pilot)
        await screen_after(pilot, "question_mark", HelpScreen)
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


def test_both_game_clocks_read_like_the_leaderboard_times() -> None:
    assert [format_clock(s) for s in (0, 5.9, 65, 3725, -1)] == [
        "0:00",
        "0:05",
        "1:05",
        "1:02:05",
        "0:00",
    ]


async def test_a_direct_start_reads_the_saved_games_once(tmp_path: Path) -> None:
    """`lines-tui lines` waits for the menu's read of the saved games instead of reading them a
    second time (which also told every problem of the data folder twice)."""
    opened: list[str] = []

    class CountingFileSystem(FileSystem):
        def open(self, path: Path, flags: int) -> int:
            opened.append(path.name)
            return super().open(path, flags)

    save_a_mahjong_game(tmp_path)
    store = open_store(tmp_path, fs=CountingFileSystem())
    opened.clear()  # opening the store checks every file once
    app = LinesTuiApp(store, clock=lambda: FIXED_NOW, start="lines", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen)
        assert opened.count("saved-mahjong.json") == 1


async def test_the_help_scrolls_with_its_own_keys(tmp_path: Path) -> None:
    """The menu's help is longer than 24 rows: j, end and home scroll it (its panel takes no
    focus, so no sideways scrolling key of Textual's shadows them)."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await screen_after(pilot, "question_mark", HelpScreen)
        panel = app.screen.query_one("#help-panel")
        assert panel.max_scroll_y > 0
        await pilot.press("j")
        assert panel.scroll_y == 1
        await pilot.press("end")
        assert panel.scroll_y == panel.max_scroll_y
        await pilot.press("home")
        assert panel.scroll_y == 0


@pytest.mark.parametrize(
    ("saved", "shown"),
    [((), None), (("mahjong",), "R Resume"), (("lines", "mahjong"), "r R Resume")],
)
async def test_the_menu_footer_shows_r_and_r_while_a_resume_entry_is_listed(
    tmp_path: Path, saved: tuple[str, ...], shown: str | None
) -> None:
    """r and R are in the Footer exactly while "Resume Lines" / "Resume Mahjong" are listed, and
    every key there still shows whole at 80 columns."""
    from test_ui_every_screen import cut_footer_labels
    from test_ui_solvable_deals import footer_text
    from test_ui_unread_saves import save_a_lines_game

    if "lines" in saved:
        save_a_lines_game(tmp_path)
    if "mahjong" in saved:
        save_a_mahjong_game(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        await footer_text(pilot)  # once the Footer has drawn its keys
        bar = app.screen.query_one(Footer)
        items = sorted([*bar.query(FooterKey), *bar.query(FooterLabel)], key=lambda w: w.region.x)
        footer = " ".join(" ".join(widget_lines(item)).strip() for item in items)
        if shown is None:
            assert "Resume" not in footer
        else:
            assert footer.startswith(shown + " l Lines"), footer
        assert "s Symbols" in footer
        assert cut_footer_labels(app.screen) == []


async def test_at_80_by_18_every_menu_entry_keeps_one_row_with_the_longest_summaries(
    tmp_path: Path,
) -> None:
    """rev9: a saved deal's 20-digit number wrapped "Resume Mahjong (Turtle, deal …)" onto a second
    row (not indented, read as an entry of its own), and at 80 x 18, the least the menu asks, the
    list that does not scroll lost `q  Quit` off its end. Every entry now keeps one row, one too
    long for it ending in "…", so the whole list shows there with both games saved with the
    longest summaries they can have: the widest board with a score (its moves' own: a save
    whose score they do not make, such as the 10**12 this test once saved, is damaged now), a
    lost deal with the largest number on a layout whose title is as long as a title is shown
    (in wide characters), and a guest's player line (two rows while the menu was 56 columns
    wide; it is 76 now, so that a lost game's entry shows whole)."""
    lines = LinesGame.new(LAST_DEAL, 15, started_at=FIXED_NOW)
    while lines.score == 0:
        lines.play(*greedy_move(lines.board), now=FIXED_NOW + 60)
    open_store(tmp_path).save_game("lines", lines.to_json())
    slots = ((0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0))
    layout = Layout(name="row", title="龍" * TITLE_CHARS, slots=slots)
    mahjong = MahjongGame(
        layout, LAST_DEAL, Position(layout.slots, ("d1", "d2", "d1", "d2")), now=FIXED_NOW
    )
    assert mahjong.lost
    open_store(tmp_path).save_game("mahjong", mahjong.to_json(now=FIXED_NOW))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 18)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert len(widget_lines(app.screen.query_one("#menu-player"))) == 1  # a guest
        options = app.screen.query_one("#menu-options", OptionList)
        labels = menu_labels(app)
        assert len(labels) == 10 and labels[-1] == "q  Quit"
        shown = widget_lines(options)
        assert len(shown) == len(labels)  # one row each, none cut off the end
        assert shown[-1].strip() == "q  Quit"
        assert shown[0].startswith("r  Resume Lines (15 x 15, score")
        assert shown[1].startswith("R  Resume Mahjong (龍") and shown[1].endswith("…")
        panel = app.screen.query_one("#menu-panel")
        assert options.region.bottom <= panel.region.bottom - 1  # inside the frame
        assert panel.region.bottom <= app.size.height - 1  # above the Footer


async def test_the_other_screens_ask_for_80_columns_instead_of_cutting(tmp_path: Path) -> None:
    """At 60 x 18 the leaderboards and the import cut their columns and their Footer (`d Rem`)
    with no enlarge message: only games had one."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)
        await pilot.resize_terminal(60, 18)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        message = str(app.screen.query_one("#too-small-message").render())
        assert message.startswith("Please enlarge the terminal to 80 x 16 (now 60 x 18).")
        assert message.endswith("Esc goes back.")
        await pilot.press("escape")  # back, as the leaderboard's own esc: to the menu
        await settle(pilot)
        assert not any(isinstance(screen, LeaderboardScreen) for screen in app.screen_stack)
        assert isinstance(app.screen, TooSmallScreen)  # the menu is too small as well
        message = str(app.screen.query_one("#too-small-message").render())
        # Its list does not scroll: 18 rows hold both resume entries.
        assert message.startswith("Please enlarge the terminal to 80 x 18 (now 60 x 18).")
        assert "Esc" not in message and message.endswith("Ctrl+q quits.")
        assert "escape" not in app.screen.active_bindings  # nor in its Footer and help
        await pilot.press("escape")  # nowhere to go back to from the menu: nothing happens
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen) and app.is_running
        await pilot.resize_terminal(80, 18)
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_the_enlarge_message_breaks_its_lines_between_words_not_inside_sizes(
    tmp_path: Path,
) -> None:
    """Below about 50 columns the enlarge message broke wherever a space fell: "(now 49 x" on
    one line, "12)." on the next, "Ctrl+q" apart from "quits.". Its lines now break between
    words and never inside a size or a key's sentence, at every width down to 16 columns (the
    widest of them, "(now 16 x 10).", is 14), over a game and over the menu."""
    app = make_app(tmp_path, start="lines")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen)
        for kept, leave in (("Esc leaves it.", "escape"), ("Ctrl+q quits.", "")):
            for width in range(79, 15, -1):
                await pilot.resize_terminal(width, 10)
                await settle(pilot)
                assert isinstance(app.screen, TooSmallScreen)
                message = app.screen.query_one("#too-small-message")
                lines = [line.strip() for line in widget_lines(message)]
                whole = [f"(now {width} x 10).", kept]
                whole += [size for size in ("78 x 13", "80 x 18") if size in " ".join(lines)]
                assert len(whole) == 3, lines
                for phrase in whole:
                    assert any(phrase in line for line in lines), (width, phrase, lines)
                assert all(0 < len(line) <= width for line in lines), lines
            if leave:
                await pilot.press(leave)  # the game left, for the menu, too small as well
                await settle(pilot)


@pytest.mark.parametrize("width", range(8, 16))
def test_an_enlarge_message_narrower_than_a_size_starts_no_line_with_a_space(width: int) -> None:
    """Below 16 columns a size or a key's sentence is cut where it must be; the space it was
    cut at began the next line (" 12 x 5).")."""
    message = wrapped(f"{enlarge_message(80, 18, width, 5)}\n{MENU_KEPT}", width)
    assert all(line == line.strip() for line in message.splitlines()), message


@pytest.mark.parametrize(
    ("keys", "below", "dialog"),
    [
        ((), MenuScreen, HelpScreen),
        (("b",), LeaderboardScreen, HelpScreen),
        (("p",), PlayersScreen, HelpScreen),
        (("p",), PlayersScreen, NameEntryScreen),
    ],
)
async def test_a_dialog_over_another_screen_too_small_now_hides_it(
    tmp_path: Path, keys: tuple[str, ...], below: type, dialog: type
) -> None:
    """The menu, a leaderboard or players under help or a question, then the terminal made
    smaller than they need: they showed through the dialog, cut, where a game under it does
    not. The dialog stays usable over a plain background; closed, the enlarge message comes,
    and the screen comes back as it was once the terminal is large enough."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        screen = app.screen
        assert isinstance(screen, below)
        await pilot.press("question_mark" if dialog is HelpScreen else "a")
        await settle(pilot)
        assert isinstance(app.screen, dialog) and board_shows_under(app)
        await pilot.resize_terminal(70, 14)
        await settle(pilot)
        assert isinstance(app.screen, dialog) and not board_shows_under(app)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        assert str(app.screen.query_one("#too-small-message").render()).startswith(
            "Please enlarge the terminal to 80 x"
        )
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert app.screen is screen
        await screen_after(pilot, "question_mark", HelpScreen)
        assert board_shows_under(app)


@pytest.mark.parametrize(("saved", "greyed"), [((), True), (("lines", "mahjong"), False)])
async def test_a_help_with_greyed_keys_says_what_grey_means(
    tmp_path: Path, saved: tuple[str, ...], greyed: bool
) -> None:
    """Greyed rows were only a greyer description, the grey of the help's rules paragraph, and
    nothing said what it meant: a help that greys any key now ends its table saying so."""
    from test_ui_scores import dimmed_keys_of
    from test_ui_unread_saves import save_a_lines_game

    from lines_tui.ui.help import GREYED

    if "lines" in saved:
        save_a_lines_game(tmp_path)
    if "mahjong" in saved:
        save_a_mahjong_game(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert bool(dimmed_keys_of(app.screen)) == greyed
        await screen_after(pilot, "question_mark", HelpScreen)
        rows = [line.strip() for line in widget_lines(app.screen.query_one("#help-keys"))]
        assert (rows[-1] == GREYED) == greyed
        assert (GREYED in rows) == greyed


async def test_a_refusal_pressed_again_while_its_toast_shows_is_not_stacked(tmp_path: Path) -> None:
    """A key held on an empty leaderboard stacked the same toast five deep over its text. The
    leaderboard's notices are on its status line now (the last key's refusal shows there, no
    toast); a key held on the menu, whose notices are toasts, shows its refusal once."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press(*"rrrrr")  # nothing saved to resume
        await settle(pilot)
        shown = [" ".join(widget_lines(toast)) for toast in app.screen.query(Toast)]
        assert len(shown) == 1 and "No Lines game is saved to resume." in shown[0], shown
        app.clear_notifications()
        await pilot.press("r")
        await settle(pilot)
        assert len(app.screen.query(Toast)) == 1  # cleared, it may show again
        app.clear_notifications()
        await pilot.press("b")
        await settle(pilot)
        await pilot.press(*"lllll", *"ddddd")
        await settle(pilot)
        assert board_notice(app) == "No entry here to remove." and not app.screen.query(Toast)


@pytest.mark.parametrize("loop_turns", range(8))
async def test_keys_still_on_their_way_as_the_app_shuts_down_act_on_nothing(
    tmp_path: Path, loop_turns: int
) -> None:
    """Keys read just before the app shuts down (here, `run_test` ending as a loaded machine's
    test did, before the keys had bubbled up to the app) came to the game's bindings after its
    board was taken down: the app ended with a traceback. Each count of event-loop turns
    between the keys and the shutdown ends it at another point of their way."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_lines(pilot, LinesGame.new(1, 9))
        post_keys_at_once(app, "enter", "right", "enter", "5", "a", "space")
        for _ in range(loop_turns):
            await asyncio.sleep(0)


@pytest.mark.parametrize("loop_turns", range(12))
async def test_ctrl_q_typed_right_after_a_menu_entry_ends_the_app_cleanly(
    tmp_path: Path, loop_turns: int
) -> None:
    """`t` then ctrl+q in one burst (a player quick on the keys, a slow connection): Textual
    took the Today dialog's widgets away while it was still being put up, its `on_mount` found
    its list gone, and the app ended with a traceback (exit code 1). Each count of event-loop
    turns between the two keys ends the app at another point of the dialog's way up."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        post_keys_at_once(app, "t")
        for _ in range(loop_turns):
            await asyncio.sleep(0)
        post_keys_at_once(app, "ctrl+q")
        await pilot.pause(0.2)
    assert app.return_code == 0
