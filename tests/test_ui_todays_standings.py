"""Today's deals say where each deal stands for the player: the result to beat on its table, and
which deal is the saved game (README, "Today's deals"). They used to list the deals' names
alone: whether a friend had a result to beat there, or which deal was half played, took opening
each deal or its leaderboard."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from conftest import (
    FIXED_NOW,
    TODAY,
    FaultyFileSystem,
    make_app,
    played_lines_game,
    save_todays_lines_game,
    save_todays_turtle,
    settle,
    store_on,
    widget_lines,
)
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from lines_tui.engine.daily_seeds import lines_daily_seed
from lines_tui.store import Entry, Store, TableId, open_store
from lines_tui.store.replay import record_of_lines
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.today import TodayScreen
from lines_tui.ui.todays_standings import standing

LINES_TODAY = TableId.lines(9).daily(TODAY)


def test_a_row_says_the_result_to_beat_as_a_game_would_and_whether_it_is_saved() -> None:
    best = Entry("Bob", 2275, int(FIXED_NOW), 4)
    assert standing(LINES_TODAY, None, "Ann", saved=False) == "no result yet"
    assert standing(LINES_TODAY, best, "Ann", saved=False) == "to beat: 2275 by Bob"
    assert standing(LINES_TODAY, best, None, saved=False) == "to beat: 2275 by Bob"
    assert standing(LINES_TODAY, best, "BOB", saved=True) == "saved game · to beat: your own 2275"
    turtle = TableId.mahjong("turtle").daily(TODAY)
    fast = Entry("Bob", 2224, int(FIXED_NOW), 4)
    assert standing(turtle, fast, "Ann", saved=False) == "to beat: 3:42.4 by Bob"
    assert standing(turtle, None, "Ann", saved=True) == "saved game · no result yet"


def file_todays_lines(store: Store, name: str) -> int:
    """A whole game of today's Lines deal (9 x 9), filed for `name`; its score."""
    seed = lines_daily_seed(9, TODAY)
    game = played_lines_game(seed)
    record = record_of_lines(game)
    filed = store.record_lines(
        name, LINES_TODAY, game.score, seed, FIXED_NOW, FIXED_NOW + 60, record
    )
    assert filed.saved
    return game.score


def rows(app: LinesTuiApp) -> dict[str, str]:
    options = app.screen.query_one(OptionList).options
    return {
        str(option.id): option.prompt.plain if isinstance(option.prompt, Text) else ""
        for option in options
    }


async def todays_rows(pilot: Pilot[None]) -> dict[str, str]:
    """Today's deals opened from the menu (`t`), once read: what each row says."""
    await settle(pilot)
    await pilot.press("t")
    await settle(pilot)
    assert isinstance(pilot.app.screen, TodayScreen)
    return rows(pilot.app)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("plays", "lines_row"), [("Ann", "to beat: {} by Bob"), ("Bob", "to beat: your own {}")]
)
async def test_each_deal_of_the_day_says_its_result_to_beat_and_which_one_is_saved(
    tmp_path: Path, plays: str, lines_row: str
) -> None:
    store = open_store(tmp_path)
    store.add_player("Ann")
    store.add_player("Bob")
    store.set_active_player(plays)
    score = file_todays_lines(store, "Bob")
    save_todays_turtle(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        said = await todays_rows(pilot)
        assert said["lines"] == "Lines 9 x 9       " + lines_row.format(score)
        assert said["turtle"] == "Mahjong Turtle    saved game · no result yet"
        assert said["lantern"] == "Mahjong Lantern   no result yet"
        assert said["causeway"] == "Mahjong Causeway  no result yet"


async def test_tables_that_cannot_be_read_are_said_so_under_the_deals(
    tmp_path: Path,
) -> None:
    faults = FaultyFileSystem()
    app = LinesTuiApp(store_on(tmp_path, faults), clock=lambda: FIXED_NOW, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        open_store(tmp_path).add_player("Ann")  # another copy: the file must be read again
        faults.fail("read", errno.EIO)
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, TodayScreen)
        note = app.screen.query_one("#today-note", Static).render()
        assert str(note).startswith("The leaderboards could not be read: ")
        assert rows(app)["lines"] == "Lines 9 x 9"


async def test_a_long_name_is_cut_so_that_each_deal_keeps_one_row(tmp_path: Path) -> None:
    """The code review: "to beat: 64678 by Maximilian" wrapped, "Alexandros" on a row of its
    own."""
    store = open_store(tmp_path)
    name = "Maximilian Alexandros"
    store.add_player(name)
    file_todays_lines(store, name)
    save_todays_lines_game(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        lines_row = (await todays_rows(pilot))["lines"]
        options = app.screen.query_one(OptionList)
        # The mark first: a long name at the row's end is what is cut (a player re-check: the
        # mark went with it).
        assert lines_row.startswith("Lines 9 x 9       saved game · to beat:")
        assert lines_row.endswith("…")
        assert len(lines_row) == options.scrollable_content_region.width
        drawn = [line.strip(" ▊▎") for line in widget_lines(options)]
        assert drawn.index("Mahjong Turtle    no result yet") == drawn.index(lines_row) + 1
