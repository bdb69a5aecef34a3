"""What the player types on before a screen they opened is drawn goes to that screen, in order
(README, "Typing ahead"); a question is never answered by it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    FIXED_NOW,
    greedy_move,
    make_app,
    post_keys_at_once,
    screen_after,
    session_of,
    settle,
    slow_app,
    stalled,
    widget_lines,
)
from test_ui_records import lines_7_board
from test_verdicts import lines_tables
from textual import events
from textual.app import App
from textual.pilot import Pilot

from lines_tui.engine.lines import LinesGame
from lines_tui.engine.mahjong.layouts import find_layout
from lines_tui.store import open_store, sharecode
from lines_tui.store.tables import Entry, TableId
from lines_tui.ui import held_typing
from lines_tui.ui.dialogs import ConfirmScreen
from lines_tui.ui.held_typing import EXPECTED_WITHIN
from lines_tui.ui.lines.screen import LinesScreen
from lines_tui.ui.mahjong.screen import MahjongScreen
from lines_tui.ui.menu import MenuScreen
from lines_tui.ui.scores import ImportScreen, PlayersScreen
from lines_tui.ui.scores.code_input import CodeInput
from lines_tui.ui.typed_ahead import QUESTION_GUARD

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def screens_open_in_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keys held for a screen go on to it once it opens, or after `EXPECTED_WITHIN` anyway. On
    a loaded machine (a run beside other work) a screen took longer than that second to open
    and the keys went to the menu: these tests are about where held keys go, so the screens get
    all the time they need. The test of the bound sets it back."""
    monkeypatch.setattr(held_typing, "EXPECTED_WITHIN", 30.0)


CODE = sharecode.encode(TableId.lines(9), [Entry("Pal", 500, 1_700_000_000, 1)])


def i_and_a_paste(app: App[Any]) -> None:
    """The menu's `i` and a paste of `CODE`, as read at once."""
    post_keys_at_once(app, "i")
    app.post_message(events.Paste(CODE))


def import_field(app: App[Any]) -> str | None:
    """What the import field holds, if Import is on top."""
    screen = app.screen
    return screen.query_one(CodeInput).value if isinstance(screen, ImportScreen) else None


def two_players(folder: Path) -> None:
    store = open_store(folder)
    store.add_player("Ann")
    store.set_active_player(store.add_player("Yu"))


async def players_drawn(pilot: Pilot[None]) -> None:
    """The menu's `p` once the menu is there, and the Players list drawn."""
    await settle(pilot)
    post_keys_at_once(pilot.app, "p")
    await settle(pilot)
    assert isinstance(pilot.app.screen, PlayersScreen)


async def test_a_code_pasted_on_the_menu_opens_import_with_it(tmp_path: Path) -> None:
    """A re-check: a code pasted on the menu was dropped without a word, though a game says
    that codes go to Import. Other pasted text still does nothing."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.post_message(events.Paste("hello"))
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        app.post_message(events.Paste(f"beat this: {CODE}"))
        await settle(pilot)
        assert import_field(app) == CODE  # the field keeps the code of a paste


async def test_a_code_pasted_on_a_leaderboard_or_todays_deals_says_where_codes_go(
    tmp_path: Path,
) -> None:
    """A re-check: there a pasted code was dropped without a word (the menu opens Import with
    it, a game says where it goes)."""
    from test_ui_scores import notices_of

    from lines_tui.ui.pasted_codes import ON_TODAYS_DEALS
    from lines_tui.ui.scores.leaderboard import ON_A_LEADERBOARD
    from lines_tui.ui.today import TodayScreen

    lines_tables(tmp_path, 9_000)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        board = await lines_7_board(pilot)
        told = notices_of(board)
        app.post_message(events.Paste("hello"))
        app.post_message(events.Paste(f"beat this: {CODE}"))
        await settle(pilot)
        assert told == [ON_A_LEADERBOARD] and app.screen is board
        await screen_after(pilot, "escape", MenuScreen)
        today = await screen_after(pilot, "t", TodayScreen)
        told = notices_of(today)
        app.post_message(events.Paste(CODE))
        await settle(pilot)
        assert told == [ON_TODAYS_DEALS] and app.screen is today


async def test_a_new_player_typed_on_from_the_menu_is_registered_not_read_as_commands(
    tmp_path: Path,
) -> None:
    """`p` `a` `Ed` enter in one burst (a fast typist, or keys that SSH brings together): the
    `a` came before the Players list was there, and was lost; `d` then removed the highlighted
    player and enter said yes."""
    two_players(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        post_keys_at_once(app, "p", "a", "E", "d", "enter")
        await settle(pilot)
        assert isinstance(app.screen, PlayersScreen)
        assert app.store.players() == ["Ann", "Yu", "Ed"]
        assert app.store.active_player == "Ed"


@pytest.mark.parametrize(
    ("typed", "registered"),
    [(("a", "Z", "o", "enter"), "Zo"), (("a", "F", "o", "enter", "k"), "Fo")],
)
async def test_a_name_typed_on_in_one_burst_is_the_one_typed_before_its_enter(
    tmp_path: Path, typed: tuple[str, ...], registered: str
) -> None:
    """The letters typed before the name dialog was drawn were dropped ("Zo" registered as "o"),
    and a key typed on after the enter went into the name ("Fok"): the field typed the k before
    the dialog took the name."""
    two_players(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await players_drawn(pilot)
        post_keys_at_once(app, *typed)
        await settle(pilot)
        assert app.store.players() == ["Ann", "Yu", registered]


async def test_keys_typed_ahead_wait_for_the_players_list_to_be_read(tmp_path: Path) -> None:
    """`p` `home` `down` `d` while the list was still being read: the list was empty when the
    keys came, so `d` said "Highlight a player to remove." and Ann was not asked about."""
    two_players(tmp_path)
    app, _, disk = slow_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        disk.stall()
        post_keys_at_once(app, "p", "home", "down", "d")
        await stalled(pilot, disk)
        disk.release()
        await settle(pilot)
        question = app.screen
        assert isinstance(question, ConfirmScreen)
        asked = " ".join(line.strip() for line in widget_lines(question.query_one(".dialog-text")))
        assert asked.startswith("Remove the player Ann?")


async def test_a_code_pasted_on_with_the_key_that_opened_import_lands_in_its_field(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        i_and_a_paste(app)
        await settle(pilot)
        assert import_field(app) == CODE


async def test_a_question_is_not_answered_by_keys_typed_on_with_the_key_that_asked_it(
    tmp_path: Path,
) -> None:
    """Typing ahead is for screens the player opens: `d` enter in one burst leaves the question
    open, the player still registered."""
    two_players(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await players_drawn(pilot)
        post_keys_at_once(app, "end", "d", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert app.store.players() == ["Ann", "Yu"]


async def test_a_question_drawn_a_moment_ago_is_not_answered_until_it_could_be_read(
    tmp_path: Path,
) -> None:
    """`d` and enter 20 ms apart (as tmux sends them) came after the question's first frame,
    drawn within 15 ms, and removed the player: no one reads a question that fast."""
    two_players(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await players_drawn(pilot)
        post_keys_at_once(app, "end", "d")
        await settle(pilot)  # drawn; the keys below say when they were read
        question = app.screen
        assert isinstance(question, ConfirmScreen) and question.shown_at is not None
        post_keys_at_once(app, "enter", read_at=question.shown_at + QUESTION_GUARD / 3)
        await pilot.pause()
        assert app.screen is question
        post_keys_at_once(app, "y", read_at=question.shown_at + QUESTION_GUARD)
        await settle(pilot)
        assert app.store.players() == ["Ann"]


async def test_a_leaderboard_entry_is_not_removed_by_an_enter_typed_on_with_its_d(
    tmp_path: Path,
) -> None:
    """Removing an entry cannot be undone: `d` enter in one burst removed it unseen."""
    lines_tables(tmp_path, 9_000)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await lines_7_board(pilot)
        post_keys_at_once(app, "d", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
    assert len(open_store(tmp_path).table("lines-7")) == 2


async def test_a_code_pasted_on_while_the_menu_reads_lands_in_the_import_field(
    tmp_path: Path,
) -> None:
    """Back on the menu it reads the saved games again (a slow disk: hundreds of milliseconds),
    and `i` waits for that read: the paste typed on meanwhile went to the menu, and was lost."""
    two_players(tmp_path)  # a file to read
    app, _, disk = slow_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await players_drawn(pilot)
        disk.stall()
        post_keys_at_once(app, "escape")  # the menu again, reading
        await stalled(pilot, disk)
        i_and_a_paste(app)
        await pilot.pause()
        disk.release()
        await settle(pilot)
        assert import_field(app) == CODE


async def test_a_key_typed_on_with_the_one_that_opens_help_acts_on_the_help(
    tmp_path: Path,
) -> None:
    """`?` escape in one burst: the escape, passed on before the help opened, reaches it."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        post_keys_at_once(app, "question_mark", "escape")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_ctrl_q_quits_at_once_with_keys_held_for_a_screen(tmp_path: Path) -> None:
    two_players(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        post_keys_at_once(app, "p", "a", "Z", "ctrl+q")
        await pilot.pause()
        await app.workers.wait_for_complete()
    assert app.return_code == 0
    assert open_store(tmp_path).players() == ["Ann", "Yu"]


async def test_keys_held_for_a_screen_that_never_opens_act_after_a_bounded_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(held_typing, "EXPECTED_WITHIN", EXPECTED_WITHIN)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.held_typing.expect()  # as if an entry's message had been lost on its way
        post_keys_at_once(app, "p")
        # Not `settle`, which waits for held input to act: here it must still be held.
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.held_typing.pending
        await asyncio.sleep(EXPECTED_WITHIN)
        await settle(pilot)
        assert isinstance(app.screen, PlayersScreen)


async def test_a_key_read_as_a_game_screen_opens_does_not_end_the_app(tmp_path: Path) -> None:
    """A key that came while a Mahjong screen was pushed but not composed yet ended the app with
    a traceback: deciding whether to hold it asked that screen's key bindings, which look for
    its board (found by the random-play test of store failures)."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = MahjongScreen(session_of(pilot), find_layout("turtle"), 1)
        app.push_screen(screen)  # composed later: the key below comes first
        post_keys_at_once(app, "x")
        await settle(pilot)
        assert app.is_running and app.screen is screen


@pytest.mark.parametrize("then", ["b", "m", "p", "l"])
async def test_a_key_typed_on_after_r_leaves_the_resume_to_open(tmp_path: Path, then: str) -> None:
    """`r` then `b` in one burst opened the leaderboards, and the saved game was not resumed
    (`R` then `l` asked to replace the saved Lines game): r reads what is saved first, and the
    next key came meanwhile (a code review)."""
    game = LinesGame.new(5, 9, started_at=FIXED_NOW)
    game.play(*greedy_move(game.board), now=FIXED_NOW + 5)
    open_store(tmp_path).save_game("lines", game.to_json())
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        post_keys_at_once(app, "r", then)
        await settle(pilot)
        assert isinstance(app.screen, LinesScreen) and app.screen.game.seed == 5
