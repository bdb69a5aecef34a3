"""The Lines board size chosen in the app: the menu's `+` (`=`) and `-`, shown in the Lines
entry, kept for the next start, and played by `l`, Today's deals and `lines-tui lines` (README,
"Keys" and "Deals of the day")."""

from __future__ import annotations

import errno
import json
from pathlib import Path

from conftest import (
    FIXED_NOW,
    FaultyFileSystem,
    RecordedApp,
    make_app,
    open_lines,
    post_keys_at_once,
    screen_after,
    settle,
    slow_app,
    stalled,
    store_on,
)
from test_ui_every_screen import cut_footer_labels
from test_ui_replace_game import dialog_text
from test_ui_solvable_deals import footer_text
from textual.pilot import Pilot
from textual.widgets import OptionList

from lines_tui.engine.daily_seeds import lines_daily_seed
from lines_tui.engine.deal_choice import daily
from lines_tui.engine.lines import LinesGame
from lines_tui.store import open_store
from lines_tui.store.tables import utc_day
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.dialogs import ConfirmScreen
from lines_tui.ui.lines.screen import LinesScreen
from lines_tui.ui.menu import MenuScreen
from lines_tui.ui.status_line import StatusLine
from lines_tui.ui.today import TodayScreen

SIZE = (80, 24)


def lines_entry(app: LinesTuiApp) -> str:
    """The menu's Lines entry as it shows ("l  Lines 9 x 9")."""
    options = app.screen.query_one(OptionList)
    return str(options.get_option("lines").prompt)


def kept(folder: Path) -> dict[str, object]:
    document: dict[str, object] = json.loads((folder / "settings.json").read_text())
    return document


async def menu_read_again(pilot: Pilot[None]) -> str:
    """Players and back: the menu reads the saved games and the settings again. Its Lines entry
    as it shows then."""
    await pilot.press("p", "escape")
    await settle(pilot)
    assert isinstance(pilot.app.screen, MenuScreen)
    return lines_entry(pilot.app)


async def started_lines(pilot: Pilot[None]) -> LinesScreen:
    return await screen_after(pilot, "l", LinesScreen)


async def test_plus_and_minus_change_the_size_the_entry_names_and_l_starts(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert lines_entry(app) == "l  Lines 9 x 9"
        shown = await footer_text(pilot)
        assert "+" in shown.split() and "-" in shown.split(), shown
        assert cut_footer_labels(app.screen) == []
        await pilot.press("plus", "plus", "minus", "equals_sign")
        await settle(pilot)
        assert lines_entry(app) == "l  Lines 11 x 11"
        assert not app.toasts  # the entry says it
        screen = await started_lines(pilot)
        assert screen.game.size == 11
        await pilot.press("n")  # no move made: a new game at once, of the size played
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen) and app.screen is not screen
        assert app.screen.game.size == 11


async def test_the_size_stops_at_7_and_15_saying_so_once(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("minus", "minus")
        await settle(pilot)
        assert lines_entry(app) == "l  Lines 7 x 7" and not app.toasts
        await pilot.press("minus")
        await settle(pilot)
        assert lines_entry(app) == "l  Lines 7 x 7"
        assert app.toasted == ["7 x 7 is the smallest Lines board."]
        assert kept(tmp_path)["lines_size"] == 7
        await pilot.press(*["plus"] * 8)
        await settle(pilot)
        assert lines_entry(app) == "l  Lines 15 x 15"
        await pilot.press("equals_sign")
        await settle(pilot)
        assert lines_entry(app) == "l  Lines 15 x 15"
        assert app.toasted[1:] == ["15 x 15 is the largest Lines board."]
        assert kept(tmp_path)["lines_size"] == 15


async def test_the_size_chosen_is_kept_for_the_next_start_and_todays_deal_has_it(
    tmp_path: Path,
) -> None:
    first = make_app(tmp_path)
    async with first.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("plus", "plus")
        await settle(pilot)
    again = make_app(tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert lines_entry(again) == "l  Lines 11 x 11"
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(again.screen, TodayScreen)
        labels = [str(option.prompt) for option in again.screen.query_one(OptionList).options]
        assert labels[0] == "Lines 11 x 11     no result yet"
        await pilot.press("enter")
        await settle(pilot)
        screen = again.screen
        assert isinstance(screen, LinesScreen)
        day = utc_day(FIXED_NOW)
        assert screen.game.size == 11 and screen.game.seed == lines_daily_seed(11, day)
        assert screen.game.deal_choice == daily(day)


async def test_a_settings_file_from_before_the_size_was_kept_reads_as_9(tmp_path: Path) -> None:
    """Version 2 had symbols and "solvable deals only": the size reads as 9, and changing it
    writes the current version with the others as they were (animations on)."""
    (tmp_path / "settings.json").write_text(
        '{"format": "lines-tui settings", "version": 2, "solvable_deals": true, "symbols": true}'
    )
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert lines_entry(app) == "l  Lines 9 x 9"
        assert app.symbols_mode  # the file was read, not set aside
        await pilot.press("minus")
        await settle(pilot)
    assert kept(tmp_path) == {
        "format": "lines-tui settings",
        "version": 4,
        "solvable_deals": True,
        "symbols": True,
        "lines_size": 8,
        "animations": True,
    }


async def test_size_on_the_command_line_plays_for_this_run_and_is_not_kept(
    tmp_path: Path,
) -> None:
    """`lines-tui lines --size 12` plays 12 x 12, and the menu's Lines does too for the run, as
    --solvable does; the size kept stays, until + or - changes it."""
    open_store(tmp_path).change_preferences(lines_size=8)
    app = make_app(tmp_path, start="lines", size=12)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen) and app.screen.game.size == 12
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert lines_entry(app) == "l  Lines 12 x 12"
        assert kept(tmp_path)["lines_size"] == 8
        await pilot.press("plus")
        await settle(pilot)
        assert kept(tmp_path)["lines_size"] == 13


async def test_lines_on_the_command_line_without_a_size_plays_the_size_kept(
    tmp_path: Path,
) -> None:
    """`lines-tui lines` and `lines-tui lines --daily` play the size chosen in the menu."""
    open_store(tmp_path).change_preferences(lines_size=8)
    app = make_app(tmp_path, start="lines")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen) and app.screen.game.size == 8
    day = utc_day(FIXED_NOW)
    daily_app = make_app(tmp_path, start="lines", choice=daily(day))
    async with daily_app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = daily_app.screen
        assert isinstance(screen, LinesScreen)
        assert (screen.game.size, screen.game.seed) == (8, lines_daily_seed(8, day))


async def test_keys_typed_while_the_menu_reads_change_the_size_kept(tmp_path: Path) -> None:
    """+ and l typed before the first read has told the size kept: l starts one bigger than
    kept, not than 9."""
    app, store, disk = slow_app(tmp_path)
    store.change_preferences(lines_size=12)
    disk.stall()
    async with app.run_test(size=SIZE) as pilot:
        await stalled(pilot, disk)
        await pilot.press("plus", "l")
        disk.release()
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen) and app.screen.game.size == 13


async def test_a_size_key_typed_on_after_l_changes_neither_the_game_nor_the_size_kept(
    tmp_path: Path,
) -> None:
    """`l=` in one burst (bunched over SSH) opened an 11 x 11 game from a menu that showed
    10 x 10, and kept 11: the `=` reached the menu before the app opened the game. Typed after
    the entry was chosen, it is dropped, as every other key typed on then is; so is one typed
    while the menu still reads."""
    open_store(tmp_path).change_preferences(lines_size=10)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert lines_entry(app) == "l  Lines 10 x 10"
        post_keys_at_once(app, "l", "equals_sign")
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen) and app.screen.game.size == 10
        assert kept(tmp_path)["lines_size"] == 10
    app, _store, disk = slow_app(tmp_path)
    disk.stall()
    async with app.run_test(size=SIZE) as pilot:
        await stalled(pilot, disk)
        await pilot.press("l", "plus")
        disk.release()
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen) and app.screen.game.size == 10
        assert kept(tmp_path)["lines_size"] == 10


async def test_the_menu_shows_the_size_another_copy_kept_and_steps_from_it(
    tmp_path: Path,
) -> None:
    """Another copy's + (10 x 10 kept) stayed unseen here: the menu still showed 9 x 9 at every
    visit, and a - here kept 8, the other copy's choice silently gone. Each visit reads the
    size kept; --size's size and one that could not be kept hold for the run."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert lines_entry(app) == "l  Lines 9 x 9"
        open_store(tmp_path).change_preferences(lines_size=11)  # the other copy
        assert await menu_read_again(pilot) == "l  Lines 11 x 11"
        await pilot.press("minus")
        await settle(pilot)
        assert lines_entry(app) == "l  Lines 10 x 10" and kept(tmp_path)["lines_size"] == 10
    app = make_app(tmp_path, start="lines", size=12)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        open_store(tmp_path).change_preferences(lines_size=7)
        assert await menu_read_again(pilot) == "l  Lines 12 x 12"


async def test_a_visit_that_cannot_read_the_settings_keeps_the_size_shown(
    tmp_path: Path,
) -> None:
    """A read of the settings that failed (the folder busy a while) played as the defaults: the
    menu showed 9 x 9, and a - then kept 8 over the 12 kept."""
    open_store(tmp_path).change_preferences(lines_size=12)
    faults = FaultyFileSystem()
    app = LinesTuiApp(store_on(tmp_path, faults), clock=lambda: FIXED_NOW, animations=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert lines_entry(app) == "l  Lines 12 x 12"
        faults.fail("read", errno.EIO)
        shown = await menu_read_again(pilot)
        faults.heal()
        assert shown == "l  Lines 12 x 12"
        await pilot.press("minus")
        await settle(pilot)
        assert kept(tmp_path)["lines_size"] == 11


async def test_a_size_that_cannot_be_kept_holds_for_the_run_at_every_visit(
    tmp_path: Path,
) -> None:
    """settings.json a folder: + says the size holds for this run only, and the menu's next
    read (of the defaults: nothing could be read) does not take it back."""
    (tmp_path / "settings.json").mkdir()
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("plus")
        await settle(pilot)
        assert lines_entry(app) == "l  Lines 10 x 10"
        assert await menu_read_again(pilot) == "l  Lines 10 x 10"


async def test_a_saved_game_of_another_size_is_asked_about_and_resumes_at_its_own(
    tmp_path: Path,
) -> None:
    game = LinesGame.new(3, 9, started_at=FIXED_NOW)
    open_store(tmp_path).save_game("lines", game.to_json())
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("plus", "plus", "l")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)  # a new 11 x 11 game would replace it
        # It names the size asked for, which the saved game has not.
        assert dialog_text(app).startswith("You asked for an 11 x 11 game. A saved Lines game")
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen) and app.screen.game.size == 9
        await pilot.press("q")
        await settle(pilot)
        assert lines_entry(app) == "l  Lines 11 x 11"  # resuming chose no size
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen) and app.screen.game.size == 11


async def test_a_9_x_9_board_grows_at_the_sizes_the_readme_gives(tmp_path: Path) -> None:
    """A review found a 9 x 9 board's cells no bigger at 100 x 30 than at 80 x 24, where the
    README said only "Larger terminals get larger Lines cells". The README now gives the sizes:
    2 x 5 cells from 77 x 22, 4 x 9 from 113 x 40 (nothing between)."""
    for size, scale in [((80, 24), 1), ((100, 30), 1), ((112, 40), 1), ((113, 39), 1)]:
        async with make_app(tmp_path).run_test(size=size) as pilot:
            screen = await open_lines(pilot, LinesGame.new(1, 9, started_at=FIXED_NOW))
            assert screen.board.scale == scale, size
    async with make_app(tmp_path).run_test(size=(113, 40)) as pilot:
        screen = await open_lines(pilot, LinesGame.new(1, 9, started_at=FIXED_NOW))
        assert screen.board.scale == 2


async def test_animations_turned_off_with_a_stay_off_at_the_next_start(tmp_path: Path) -> None:
    """`a` in a Lines game was forgotten at the next start, as each SSH login is one (a player
    review): it is kept beside the other settings."""
    app = make_app(tmp_path, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_lines(pilot, LinesGame.new(7))
        await pilot.press("a")
        await settle(pilot)
        assert not app.session.animations
    assert kept(tmp_path)["animations"] is False
    again = make_app(tmp_path, animations=True)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not again.session.animations
        await open_lines(pilot, LinesGame.new(7))
        await pilot.press("a")
        await settle(pilot)
        assert again.session.animations
    assert kept(tmp_path)["animations"] is True


async def test_animations_not_kept_on_a_failing_disk_say_so_and_hold_for_the_run(
    tmp_path: Path,
) -> None:
    faults = FaultyFileSystem()
    app = RecordedApp(store_on(tmp_path, faults), clock=lambda: FIXED_NOW, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_lines(pilot, LinesGame.new(7))
        faults.fail("write", errno.ENOSPC)
        await pilot.press("a")
        await settle(pilot)
        assert not app.session.animations
        told = app.screen.query_one(StatusLine).message
        assert told.startswith("Animations off for this run; the setting could not be kept: ")
