"""The Footer shows the keys that act now, every one whole at 80 columns: it takes Textual's
compact form by itself while the keys in the normal form are wider than the screen, and the
normal form again once they fit (README, "Keys of every other screen")."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import ClassVar

from conftest import (
    FIXED_NOW,
    make_app,
    played_lines_game,
    settle,
    widget_lines,
    won_mahjong_game,
)
from test_ui_every_screen import SCREENS, app_with_results, cut_footer_labels
from test_ui_solvable_deals import footer_text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from lines_tui.engine.lines import LinesGame
from lines_tui.store import open_store
from lines_tui.store.replay import record_of_lines, record_of_mahjong
from lines_tui.ui.app_keys import MAHJONG_REPLAY_SYMBOLS_NOTE, MAHJONG_SYMBOLS_NOTE
from lines_tui.ui.footer import Footer as LinesFooter
from lines_tui.ui.lines.screen import LinesScreen
from lines_tui.ui.menu import MenuScreen
from lines_tui.ui.replay import ReplayScreen
from lines_tui.ui.scores import NameEntryScreen

SIZE = (80, 24)

# Keys a review found left out of full Footers, by the README's name of their screen.
KEYS_LEFT_OUT = {
    "Menu": ["i Import"],
    "Lines": ["a Animation"],  # esc Cancel shows while a ball is selected (below)
    "Layout picker": ["s Symbols"],
    "Replay": ["home Start", "end End"],
    "Leaderboards": ["s Symbols"],  # two tables here: ← → show, and s was cut off the edge
}


async def back_to_menu(pilot: Pilot[None]) -> None:
    while not isinstance(pilot.app.screen, MenuScreen):
        pilot.app.pop_screen()
        await settle(pilot)


async def test_full_footers_show_every_key_whole_at_80_columns(tmp_path: Path) -> None:
    app = app_with_results(tmp_path)
    problems = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for name, wanted in KEYS_LEFT_OUT.items():
            await SCREENS[name](pilot)
            shown = await footer_text(pilot)
            problems += [f"{name}: no {key!r} in {shown!r}" for key in wanted if key not in shown]
            problems += [f"{name}: {label!r} is cut" for label in cut_footer_labels(app.screen)]
            await back_to_menu(pilot)
    assert problems == []


async def test_the_footer_is_compact_only_while_its_keys_need_it(tmp_path: Path) -> None:
    app = app_with_results(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        footer = app.screen.query_one(Footer)
        await footer_text(pilot)
        assert footer.compact  # the menu's keys are wider than 80 columns in the normal form
        await pilot.resize_terminal(120, 24)
        await settle(pilot)
        assert not footer.compact
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert footer.compact and cut_footer_labels(app.screen) == []
        await pilot.press("p")  # the players' keys fit in the normal form
        await settle(pilot)
        await footer_text(pilot)
        assert not app.screen.query_one(Footer).compact
        assert cut_footer_labels(app.screen) == []


def symbols_row(app: App[None], key: str = "s") -> str:
    """The help's row of `key` (the symbols key), its lines joined."""
    lines = widget_lines(app.screen.query_one("#help-keys"))
    start = next(i for i, line in enumerate(lines) if line.split()[:1] == [key])
    row = [lines[start]]
    row += itertools.takewhile(lambda line: line.startswith(" "), lines[start + 1 :])
    return " ".join(" ".join(row).split())


async def help_of_s(pilot: Pilot[None], key: str = "s") -> str:
    await pilot.press("question_mark")
    await settle(pilot)
    row = symbols_row(pilot.app, key)
    await pilot.press("escape")
    await settle(pilot)
    return row


async def test_the_help_of_s_says_what_symbols_do_on_mahjong_screens(tmp_path: Path) -> None:
    """On Mahjong's picker, tables and replays the help of `s` said every colour gets its letter,
    which is Lines' symbols; in Mahjong they put an x on every tile after a loss. A replay's key
    is the Mahjong game's `S`, and its help says a replay shows no x: every game replayed was
    won."""
    store = open_store(tmp_path)
    store.add_player("Ann")
    game = won_mahjong_game("turtle", 1)
    store.record_mahjong("Ann", "turtle", 300.0, 1, FIXED_NOW, record_of_mahjong(game))
    lines = played_lines_game(2, size=7)
    assert lines.ended_at is not None
    store.record_lines(
        "Ann", 7, lines.score, lines.seed, lines.started_at, lines.ended_at, record_of_lines(lines)
    )
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        rows = {}
        # Every table (each random deal's has its deal's beside it), in whichever order.
        for _ in range(len(app.screen.tables)):
            table = app.screen.tables[app.screen.index]
            rows[table.kind] = await help_of_s(pilot)
            await pilot.press("right")
            await settle(pilot)
        assert "letter" in rows["lines"]
        assert MAHJONG_SYMBOLS_NOTE in rows["mahjong"] and "letter" not in rows["mahjong"], rows
        while app.screen.tables[app.screen.index].kind != "mahjong":
            await pilot.press("right")
            await settle(pilot)
        await pilot.press("w")  # the Mahjong game replays
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        row = await help_of_s(pilot, "S")
        assert row == f"S Symbols on or off: {MAHJONG_REPLAY_SYMBOLS_NOTE}", row
        await back_to_menu(pilot)
        await pilot.press("m")  # the layout picker
        await settle(pilot)
        row = await help_of_s(pilot)
        assert MAHJONG_SYMBOLS_NOTE in row and "letter" not in row, row


async def test_the_lines_footer_shows_esc_only_while_a_ball_is_selected(tmp_path: Path) -> None:
    """ "esc Cancel" showed with nothing selected, where esc goes back to the menu."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LinesScreen)
        assert "esc" not in await footer_text(pilot)
        ball = next(iter(dict(screen.game.board.balls())))
        screen.board.set_cursor(ball)
        await pilot.press("enter")
        assert screen.selected == ball
        assert "esc Cancel" in await footer_text(pilot)
        await pilot.press("escape")
        assert screen.selected is None and app.screen is screen
        assert "esc" not in await footer_text(pilot)


async def test_the_menu_shows_i_beside_r_where_there_is_room(tmp_path: Path) -> None:
    """With a game to resume, i left the menu's Footer whatever the width (it does not fit 80
    columns beside r and R)."""
    open_store(tmp_path).save_game("lines", LinesGame.new(1, 7, started_at=FIXED_NOW).to_json())
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        shown = await footer_text(pilot)
        assert "r" in shown.split() and "i Import" not in shown, shown
        await pilot.resize_terminal(120, 24)
        await settle(pilot)
        assert "i Import" in await footer_text(pilot)
        assert cut_footer_labels(app.screen) == []


class KeysThatChange(Screen[None]):
    """A screen whose `c` key shows only while `cancel` is set, as Lines' esc Cancel does while
    a ball is selected; nothing on it takes the focus."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "cancel", "Cancel"),
        Binding("q", "app.quit", "Quit"),
    ]
    cancel = False

    def compose(self) -> ComposeResult:
        yield LinesFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "cancel" or self.cancel


async def test_the_footer_shows_the_keys_that_changed_while_the_app_was_unfocused() -> None:
    """Textual tells the Footer of changed keys only while the app has the focus, and tells it
    again when an AppFocus comes; a key (or a click) also brings the focus back, unsaid, and
    the Footer went on showing the keys of before."""

    class OneScreen(App[None]):
        ENABLE_COMMAND_PALETTE = False

        def on_mount(self) -> None:
            self.push_screen(KeysThatChange())

    app = OneScreen()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, KeysThatChange)
        assert await footer_text(pilot) == "q Quit"
        app.post_message(events.AppBlur())
        await pilot.pause()
        screen.cancel = True
        screen.refresh_bindings()
        await pilot.pause()
        await pilot.press("x")  # a key that does nothing brings the focus back
        await pilot.pause()
        assert app.app_focus
        assert await footer_text(pilot) == "c Cancel  q Quit"


async def test_the_name_dialogs_footer_shows_f1_help_from_its_first_frame(tmp_path: Path) -> None:
    """For its first frames (a quarter of a second after a Mahjong win) the name dialog's
    Footer said `? Help`, built before the name field had the focus, and then `f1 Help`: in
    the field `?` is typed. It is built once the field has it, and never shows `?`."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        dialog = NameEntryScreen("Ann")
        await app.push_screen(dialog)
        shown: list[list[str]] = []
        for _ in range(20):
            keys = [key.key for key in dialog.query(FooterKey)]
            if keys:
                shown.append(keys)
            await pilot.pause()
        assert shown and all(keys == ["enter", "escape", "f1"] for keys in shown), shown
