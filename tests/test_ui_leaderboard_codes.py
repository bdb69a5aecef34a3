"""The leaderboard's share code and challenge codes: which keys the Footer offers beside a code
the screen cuts, what the line under a cut code and the keys say, the command offered to print
it, a challenge code that comes late, and the room the code is given (`leaderboard.py`)."""

from __future__ import annotations

import shlex
import threading
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    drawn_rows,
    make_app,
    played_lines_game,
    settle,
    twin_from_file,
    widget_lines,
    won_mahjong_game,
)
from test_ui_every_screen import cut_footer_labels
from test_ui_scores import (
    SIZE,
    START,
    ScreenApp,
    command_words,
    help_rows,
    keys_of,
    notices_of,
    open_board,
    press,
    text_of,
)
from test_ui_solvable_deals import footer_text
from textual.pilot import Pilot
from textual.widgets import DataTable, Footer, Static
from textual.widgets._footer import FooterKey, FooterLabel

from lines_tui.engine.lines import LinesGame
from lines_tui.engine.mahjong.layouts import find_layout, layout_table_name
from lines_tui.store import Store, TableId, open_store
from lines_tui.store.replay import record_of_lines, record_of_mahjong
from lines_tui.ui import dialogs
from lines_tui.ui.dialogs import CodeScreen, folded_command
from lines_tui.ui.lists import TextPane
from lines_tui.ui.scores import LeaderboardScreen
from lines_tui.ui.scores.board_code import (
    LINES_BESIDE_THE_CODE,
    ROWS_KEPT_IN_SIGHT,
    SHARE_CODE_LABEL,
)
from lines_tui.ui.scores.code_shown import command_prints_it, export_command
from lines_tui.ui.session import Session
from lines_tui.ui.status_line import DialogMessage

SHORT = (80, 16)
"""The least the leaderboard is laid out for: 5 lines for the code above 5 rows."""


@cache
def long_game() -> LinesGame:
    """An 11 x 11 game of 177 moves: its challenge code (404 characters) takes 6 lines at 80
    columns, more than the 5 a short screen gives it."""
    game = played_lines_game(1, size=11)
    assert game.ended_at is not None
    return game


def long_codes(data_dir: Path) -> Store:
    """A Lines 11 x 11 table of the long game and four results without theirs (its code cut at
    80 x 16, and 80 x 24 with 5 rows), and a Turtle table: two tables, so ← → act."""
    store = open_store(data_dir)
    store.add_player("Ann")
    game = long_game()
    assert game.ended_at is not None
    record = record_of_lines(game)
    store.record_lines("Ann", 11, game.score, 1, game.started_at, game.ended_at, record)
    for place in range(4):
        store.record_lines("Ann", 11, 100 + place, 2 + place, START + place, START + 60)
    store.record_mahjong("Zoë", "turtle", 312.4, 7, START)
    return store


def code_lines(screen: LeaderboardScreen) -> tuple[str, str]:
    """The code as drawn (its lines joined), and the note under its cut (its lines joined by
    spaces; "" if it is whole)."""
    lines = widget_lines(screen.query_one("#board-code", Static))
    cut = next((i for i, line in enumerate(lines) if line.startswith(" … cut here: ")), len(lines))
    code = "".join(line.strip() for line in lines[:cut])
    return code, " ".join(line.strip() for line in lines[cut:])


async def footer_line(pilot: Pilot[Any]) -> str:
    """The Footer's keys and group labels, in their order on the screen."""
    await footer_text(pilot)  # once the Footer has drawn its keys
    bar = pilot.app.screen.query_one(Footer)
    items = sorted([*bar.query(FooterKey), *bar.query(FooterLabel)], key=lambda w: w.region.x)
    return " ".join(" ".join(" ".join(widget_lines(item)).split()) for item in items)


async def test_a_cut_code_puts_v_in_the_footer_in_c_s_place_and_says_how_to_get_it_whole(
    home: Path,
) -> None:
    """With two tables and a code the screen cut, the Footer had no room for every key: `s
    Symbols` was cut at 80 columns. `c` copies the code, but a code cut is not one to select:
    `v` (the code whole) takes its place in the Footer while it is cut (`c` still acts, and
    the help lists it). The line under the cut names the key that copied the code shown: a
    challenge code's is `x` (c copies the table's), and `c` on a cut code names `v` where it
    said "select the code shown above". (The data folder is the one the command finds by
    itself: the command offered is short, and shows whole.)"""
    long_codes(home / "data")
    app = make_app(home / "data")
    async with app.run_test(size=SHORT) as pilot:
        screen = await open_board(pilot)
        code, note = code_lines(screen)
        assert screen.code.startswith(code) and code != screen.code
        footer = await footer_line(pilot)
        assert footer == (
            "esc Back ← → Table v Code i Import w Watch x Challenge d Remove ? Help s Symbols"
        )
        assert cut_footer_labels(screen) == []
        assert "c" in keys_of(screen)  # still acts, and the help says so
        command = "lines-tui scores export lines-11"
        hidden = len(screen.code) - len(code)
        assert note == (
            f"… cut here: {hidden:,} of its {len(screen.code):,} characters are not shown. "
            f"v shows it whole; c copies it (where the terminal allows); or run: {command}"
        )
        told = notices_of(screen)
        await press(pilot, "c")
        assert pilot.app.clipboard == screen.code
        assert told == [
            "Share code sent to the clipboard; if your terminal refuses, v shows it whole."
        ]
        await press(pilot, "x")  # the challenge of #1, cut too
        challenge = pilot.app.clipboard
        shown, note = code_lines(screen)
        assert challenge.startswith(shown) and shown != challenge
        assert note.endswith(
            "v shows it whole; x sent it to the clipboard (where the terminal allows); or run: "
            f"{command} --entry 1 --challenge"
        )
        assert "v Code" in await footer_line(pilot)
        await pilot.resize_terminal(80, 40)
        await settle(pilot)
        assert code_lines(screen) == (challenge, "")  # whole: c is the key to offer again
        footer = await footer_line(pilot)
        assert "c Copy" in footer and "v Code" not in footer
        assert cut_footer_labels(screen) == []
        await press(pilot, "c")
        assert code_lines(screen) == (screen.code, "")
        assert told[-1] == (
            "Share code sent to the clipboard; if your terminal refuses, select it above."
        )


async def test_the_lines_beside_the_code_are_those_the_screen_draws(home: Path) -> None:
    """The code is given what the screen leaves once LINES_BESIDE_THE_CODE lines and the first
    ROWS_KEPT_IN_SIGHT rows have theirs: the number must be what the screen draws beside it, or
    a cut code would leave a row less in sight, or one more, than it says. (The data folder is
    the one the command finds by itself: its note names no --data-dir, and fits the room.)"""
    long_codes(home / "data")
    async with make_app(home / "data").run_test(size=SHORT) as pilot:
        screen = await open_board(pilot)
        assert code_lines(screen)[1]  # cut: the code takes all the room it is given
        await press(pilot, "c")  # a notice: the status line takes the row left for it
        height = {
            name: screen.query_one(selector).region.height
            for name, selector in [
                ("heading", "#board-heading"),
                ("legend", "#board-legend"),
                ("label", "#board-code-label"),
                ("code", "#board-code"),
                ("table", DataTable),
                ("status", "#board-status"),
                ("footer", Footer),
            ]
        }
        grid = screen.query_one(DataTable)
        beside = sum(height[name] for name in ("heading", "legend", "label", "status", "footer"))
        assert beside + grid.header_height == LINES_BESIDE_THE_CODE
        assert height["table"] == grid.header_height + ROWS_KEPT_IN_SIGHT
        assert sum(height.values()) == SHORT[1]
        assert height["code"] == SHORT[1] - LINES_BESIDE_THE_CODE - ROWS_KEPT_IN_SIGHT


async def test_a_challenge_code_that_comes_after_another_table_is_shown_is_dropped(
    tmp_path: Path,
) -> None:
    """x asks for the challenge code on the store's thread; the player moved to another table
    before it came, and it was shown there, labelled with that table's #1, its command naming
    that table. It is dropped: it no longer describes the rows shown."""
    store = open_store(tmp_path)
    store.add_player("Ann")
    game = played_lines_game(1)
    assert game.ended_at is not None
    store.record_lines(
        "Ann", 9, game.score, 1, game.started_at, game.ended_at, record_of_lines(game)
    )
    store.record_mahjong("Zoë", "turtle", 312.4, 7, START)
    session = Session(store)
    async with ScreenApp(LeaderboardScreen(session, "lines-9")).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, LeaderboardScreen)
        told = notices_of(screen)
        disk = threading.Event()
        session.io.submit(disk.wait)  # the store's thread is held: x's answer waits
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("right")  # Turtle, before the challenge code comes
        await pilot.pause()
        disk.set()
        await settle(pilot)
        assert "Turtle" in " ".join(widget_lines(screen.query_one("#board-heading", Static)))
        label = text_of(screen.query_one("#board-code-label", Static))
        assert label == SHARE_CODE_LABEL
        assert code_lines(screen)[0] == screen.code
        assert pilot.app.clipboard == "" and told == []


def test_the_command_is_offered_only_where_it_prints_the_code_shown(home: Path) -> None:
    """`lines-tui scores export` replays a Mahjong table on the layouts it finds by itself: a
    layout played from a file here it does not find, and refuses the table ("not installed
    here"), so the screen offered a command that prints no code."""
    twin = twin_from_file(home / "mine")
    twin_table = TableId.mahjong(layout_table_name(twin))
    turtle = find_layout("turtle")
    played = {layout_table_name(twin): twin, "turtle": turtle}
    assert command_prints_it(TableId.lines(9), played)
    assert command_prints_it(TableId.mahjong("turtle"), played)  # built in
    assert command_prints_it(TableId.mahjong("turtle").for_deal(3), played)
    assert not command_prints_it(twin_table, played)
    assert not command_prints_it(twin_table.for_deal(3), played)
    assert command_prints_it(twin_table, {})  # not played here: the app does not find it either


async def test_a_cut_code_of_a_layout_played_from_a_file_offers_no_command(home: Path) -> None:
    """The line under the cut code and the whole code's view offered `lines-tui scores export`
    for a layout played from a file, which the command cannot replay: they offer v and c."""
    twin = twin_from_file(home / "mine")
    table = TableId.mahjong(layout_table_name(twin))
    store = open_store(home / "data")
    for seed in range(1, 11):  # long names: the code (500 characters) is cut at 80 x 16
        record = record_of_mahjong(won_mahjong_game(twin, seed))
        store.record_mahjong(f"Player {seed:02} {'x' * 14}", table, 300 + seed, seed, START, record)
    session = Session(store)
    session.played(twin)
    async with ScreenApp(LeaderboardScreen(session, str(table))).run_test(size=SHORT) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, LeaderboardScreen) and screen.code
        code, note = code_lines(screen)
        assert code != screen.code
        assert note.endswith(
            "characters are not shown. v shows it whole; c copies it (where the terminal allows)."
        )
        await press(pilot, "v")
        view = pilot.app.screen
        assert isinstance(view, CodeScreen)
        explained = text_of(view.query_one(".dialog-text", Static))
        assert explained.endswith("line breaks are ignored when it is pasted.")
        assert "lines-tui" not in explained and not view.query("#code-command")


async def test_a_data_folder_named_with_a_control_character_offers_no_command(
    tmp_path: Path,
) -> None:
    """The command offered named the data folder as shown, its control characters spelled out
    (`new\\x0afolder` for a line break): run, it read another folder, and printed another code
    or none. Where the path as shown is not the real one, no command is offered (as for a
    layout played from a file): the line under the cut code and the whole code's view offer v
    and c."""
    data_dir = tmp_path / "new\nfolder" / "lines-tui"
    long_codes(data_dir)
    assert export_command(TableId.lines(11), data_dir) == ""
    async with make_app(data_dir).run_test(size=SHORT) as pilot:
        screen = await open_board(pilot)
        for keys in [[], ["x"]]:  # the table's code, then a challenge's
            await press(pilot, *keys)
            code, note = code_lines(screen)
            assert code != screen.code
            assert note.endswith("(where the terminal allows).") and "lines-tui" not in note
            await press(pilot, "v")
            view = pilot.app.screen
            assert isinstance(view, CodeScreen) and not view.query("#code-command")
            await press(pilot, "escape")


async def test_c_in_the_view_of_the_whole_code_copies_the_code_it_shows(tmp_path: Path) -> None:
    """`v` shows the whole code and told the player to select it with the mouse: in a keyboard
    app, with `c` copying it on the leaderboard, `c` did nothing there. It copies the code the
    view shows (a challenge code's view, the challenge code), says so at the foot of the view,
    and the view, its Footer and its help name it."""
    long_codes(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SHORT) as pilot:
        screen = await open_board(pilot)
        for keys, label in [
            (["v"], "Share code of this table"),
            (["x", "v"], "Challenge code of #1 (Ann)"),
        ]:
            await press(pilot, *keys)
            view = app.screen
            assert isinstance(view, CodeScreen)
            code = text_of(view.query_one("#code", Static))
            explained = text_of(view.query_one(".dialog-text", Static))
            assert explained.startswith(
                f"{label} (Lines 11 x 11), {len(code):,} characters. c copies it (where the "
                "terminal allows); or select it with the mouse: a code longer than the screen "
                "scrolls"
            )
            footer = await footer_line(pilot)
            # A player review: the view scrolls, and its Footer said nothing of it.
            assert "c Copy" in footer and "↑" in footer and "↓" in footer
            assert [str(label.render()) for label in view.query(FooterLabel)] == ["scroll"]
            assert "c Send the code to the clipboard (where the terminal allows)" in help_rows(view)
            assert text_of(view.query_one(".dialog-keys", Static)) == "c: copy    esc: close"
            app.copy_to_clipboard("")
            await press(pilot, "c")
            assert app.screen is view and app.clipboard == code
            message = view.query_one(DialogMessage)
            assert message.message == (
                "Code sent to the clipboard. If your terminal does not allow that, select it."
            )
            assert widget_lines(message)[1:] == [message.message]  # one line: little room
            await press(pilot, "escape")
            assert app.screen is screen
        assert code != screen.code and code.startswith("LT2-")  # the challenge's, not the table's


async def test_a_long_data_folder_s_command_is_cut_at_the_edge_and_leaves_the_table_its_rows(
    tmp_path: Path,
) -> None:
    """Under a cut code, the command with a long --data-dir wrapped over two lines or more, and
    at 80 x 16 the table showed 4 of its 5 rows. The command keeps one line, cut at the screen's
    edge with '…', the line above it says v shows it whole, and v does (the table's code's and
    a challenge's)."""
    data_dir = tmp_path / ("a-long-folder-name-" * 4) / "lines-tui"
    long_codes(data_dir)
    async with make_app(data_dir).run_test(size=SHORT) as pilot:
        screen = await open_board(pilot)
        command = f"lines-tui --data-dir {data_dir} scores export lines-11"
        for keys, whole in [([], command), (["x"], f"{command} --entry 1 --challenge")]:
            await press(pilot, *keys)
            lines = widget_lines(screen.query_one("#board-code", Static))
            assert lines[-2].rstrip().endswith("; or run (whole in v):")
            assert lines[-1] == f" {whole[:77]}…"
            grid = screen.query_one(DataTable)
            # 5 rows, and the status line's row while it shows nothing (`BoardStatus`).
            assert grid.region.height >= grid.header_height + ROWS_KEPT_IN_SIGHT
            await press(pilot, "v")
            view = pilot.app.screen
            assert isinstance(view, CodeScreen)
            assert command_words(view) == shlex.split(whole)
            await press(pilot, "escape")
            assert pilot.app.screen is screen


def top_row_in_sight(widget: Static) -> bool:
    """Whether the first row of `widget` is drawn on the terminal (a code taller than the view
    is never in sight whole)."""
    region, screen = widget.region, widget.screen
    return 0 <= region.y < screen.size.height and screen.get_widget_at(region.x, region.y)[0] is (
        widget
    )


async def test_the_whole_code_stays_in_sight_after_c_and_its_command_pastes_whole(
    tmp_path: Path,
) -> None:
    """At 80 x 16, v showed the command that prints the code above it, and a long --data-dir
    took it four rows, wrapped by the terminal mid-path (selected and pasted, each row ran as a
    command of its own); c's notice at the view's foot then hid the code (j brought it back).
    The command is under the code, folded between its words, the path starting a row of its
    own and cut after a / where it is wider, each row but the last ending in a backslash, so
    its rows paste into a shell as the one command; after c the code is in sight."""
    data_dir = tmp_path / ("a-long-folder-name-" * 5) / "lines-tui"
    command = f"lines-tui --data-dir {data_dir} scores export lines-11"
    long_codes(data_dir)
    async with make_app(data_dir).run_test(size=SHORT) as pilot:
        await open_board(pilot)
        await press(pilot, "v")
        view = pilot.app.screen
        assert isinstance(view, CodeScreen)
        await press(pilot, "c")
        assert view.query_one(DialogMessage).message.startswith("Code sent to the clipboard.")
        assert top_row_in_sight(view.query_one("#code", Static))
        assert command_words(view) == shlex.split(command)
        lines = view.query_one("#code-command")
        rows = widget_lines(lines)
        assert rows[1] == "lines-tui --data-dir \\"  # the path, wider than a row, on its own
        # Where the path is cut depends on where its slashes fall (the test's own folder):
        # the rows are the command folded to the view's width, the path's first row cut too.
        assert rows[1:] == folded_command(command, lines.content_size.width)
        assert rows[2].endswith("\\")  # the path goes on under it


LONG_CODE = "LT2-" + "0123456789ABCDEFGHJKMNPQRSTVWXYZ" * 45
"""A code of 1,444 characters: 19 rows at 80 columns, more than the view shows at 80 x 24."""


@pytest.mark.parametrize("size", [SHORT, SIZE])
async def test_every_row_drawn_in_the_whole_code_s_view_is_its_text_alone(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """The view scrolls, and drew a scrollbar in its last column, whose thumb ends are block
    glyphs (▁…▇): selected as whole rows, a row of the code took one in, and a row of the folded
    command read `…-a-\\▂`, no line continuation, so the shell ran its rows as commands of their
    own. The view draws no scrollbar (j k pgup pgdn scroll it, as its text says): at every
    scroll position each row drawn in it is a row its text shows, nothing beside it, and the
    command's rows, drawn, paste as the one command."""
    data_dir = tmp_path / ("a-long-folder-name-" * 5) / "lines-tui"
    command = export_command(TableId.lines(9), data_dir)
    async with make_app(tmp_path / "data").run_test(size=size) as pilot:
        await pilot.app.push_screen(CodeScreen(LONG_CODE, "A code to select.", "Code", command))
        await settle(pilot)
        pane = pilot.app.screen.query_one("#code-pane", TextPane)
        shown = {"", *(line for child in pane.children for line in widget_lines(child))}
        region = pane.content_region
        assert pane.max_scroll_y > 0
        for _ in range(pane.max_scroll_y + 1):
            rows = drawn_rows(pilot.app)[region.y : region.bottom]
            assert [row for row in rows if row not in shown] == []
            await press(pilot, "j")
        assert pane.scroll_y == pane.max_scroll_y
        drawn = drawn_rows(pilot.app)
        start = drawn.index("Or run:") + 1
        rows = drawn[start : drawn.index("", start)]
        assert shlex.split("\n".join(rows).replace("\\\n", "")) == shlex.split(command)


def test_a_long_path_is_folded_quoting_no_more_starts_than_its_rows_hold(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where a row cuts a path wider than it was found by quoting every start of what was left
    of the path, for every row: a 4,000-character path took a second and a half to fold, and
    the view folded it on every redraw. A start wider than the row is never tried: the starts
    quoted are about as many as the path's characters, not their square over the row's width."""
    quote = shlex.quote
    quoted: list[str] = []
    monkeypatch.setattr(shlex, "quote", lambda word: quoted.append(word) or quote(word))
    path = "/" + "/".join(["a-long-folder-name"] * 210)
    command = f"lines-tui --data-dir {path} scores export lines-9"
    rows = folded_command(command, 80)
    assert len(path) > 3_900 and len(rows) > 50
    assert len(quoted) < 2 * len(path)
    monkeypatch.undo()
    assert shlex.split("\n".join(rows).replace("\\\n", "")) == shlex.split(command)


async def test_the_view_folds_its_command_once_for_each_width(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual asks the command's widget for its rows on every layout and redraw (its height,
    then its lines): each time, the command was folded again. It is folded once for each width
    it is shown at."""
    widths: list[int] = []
    fold = dialogs.folded_command
    monkeypatch.setattr(
        dialogs,
        "folded_command",
        lambda command, width: widths.append(width) or fold(command, width),
    )
    command = export_command(TableId.lines(9), tmp_path / ("a-long-folder-name-" * 5))
    async with make_app(tmp_path / "data").run_test(size=SHORT) as pilot:
        await pilot.app.push_screen(CodeScreen(LONG_CODE, "A code to select.", "Code", command))
        await settle(pilot)
        await press(pilot, "j", "j", "end", "home")
        await pilot.resize_terminal(100, 24)
        await settle(pilot)
        await press(pilot, "j")
        assert command_words(pilot.app.screen) == shlex.split(command)
    assert sorted(set(widths)) == sorted(widths) and {80, 100} <= set(widths)


def a_13_x_13_game(data_dir: Path) -> Store:
    """A Lines 13 x 13 table of one game of 273 moves: its code, and its challenge code (644
    characters, 9 lines at 80 columns), take the screen down to the table's one row at 80 x 17
    and are cut at 80 x 16, where the status line's row leaves them 8."""
    store = open_store(data_dir)
    store.add_player("Ann")
    game = played_lines_game(1, size=13)
    assert game.ended_at is not None
    record = record_of_lines(game)
    store.record_lines("Ann", 13, game.score, 1, game.started_at, game.ended_at, record)
    return store


def code_in_sight(screen: LeaderboardScreen) -> str:
    """The code's lines as the terminal's rows show them where the code is drawn (what a player
    selects there), checked to be every line the code's widget draws: a notice drawn over
    those rows would take their place. The code's characters in sight, joined."""
    view = screen.query_one("#board-code", Static)
    rows = drawn_rows(screen.app)[view.region.y : view.region.bottom]
    assert rows == [line.rstrip() for line in widget_lines(view)]
    return code_lines(screen)[0]


@pytest.mark.parametrize("size", [(80, 16), (80, 17)])
async def test_no_notice_covers_the_code_it_tells_to_select(
    home: Path, size: tuple[int, int]
) -> None:
    """At 80 x 16 and 80 x 17 the toast of `c` ("select the code shown above") and of `x`
    covered three lines of the code it spoke of, the last character of each showing beside it,
    and `v` said the whole code was in sight. The leaderboard's notices are told on its status
    line, under the table's rows: every character of the code shown stays in sight, and `v`
    says the whole code is in sight only when it is, and which key copies it (a player review:
    it said c for a challenge code, where c copies the table's code)."""
    a_13_x_13_game(home / "data")
    async with make_app(home / "data").run_test(size=size, notifications=True) as pilot:
        screen = await open_board(pilot)
        for key in ("c", "x"):
            await press(pilot, key)
            shown = code_in_sight(screen)
            assert pilot.app.clipboard.startswith(shown)
            status = " ".join(widget_lines(screen.query_one("#board-status")))
            assert "sent to the clipboard" in status
            told = notices_of(screen)
            await press(pilot, "v")
            if shown == pilot.app.clipboard:  # c would copy the table's code, not x's
                copies = "c copies it" if key == "c" else "x copies it again"
                assert told == [f"The whole code is in sight above: select it, or {copies}."]
            else:  # cut: v shows it whole
                assert isinstance(pilot.app.screen, CodeScreen) and told == []
                await press(pilot, "escape")
            assert code_in_sight(screen) == shown
        whole = size == (80, 17)
        assert (shown == pilot.app.clipboard) == whole
