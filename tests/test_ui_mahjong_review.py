"""Defects a reviewer found playing Mahjong at 80 x 24, each checked as a player meets it: keys in,
then what the status line, the Footer, the help and the board show."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import (
    answered,
    in_sight,
    install_layouts,
    make_app,
    settle,
    turn_down_the_time,
    widget_lines,
    won_mahjong_game,
)
from test_ui_mahjong import (
    Clock,
    game_of,
    open_dead_row,
    open_game,
    row_layout,
    settled,
    win_the_duo,
)
from test_ui_mahjong import make_app as mahjong_app
from test_ui_notices import LONG_FOLDER, not_kept_told, status_shown
from test_ui_solvable_deals import footer_text, held_app, text_of
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import DataTable, Input

from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.layouts import BUILTIN_NAMES, Layout, find_layout
from lines_tui.engine.mahjong.solver import SolveResult, Verdict
from lines_tui.ui.footer import action_name
from lines_tui.ui.help import GREYED, HelpScreen, key_rows
from lines_tui.ui.mahjong import LayoutPickerScreen
from lines_tui.ui.mahjong.board import (
    LOST_MARK,
    MORE_DOWN,
    MORE_LEFT,
    MORE_RIGHT,
    MORE_UP,
)
from lines_tui.ui.mahjong.keys import MAHJONG_KEYS, WAIT_FOR_THE_BOARD
from lines_tui.ui.mahjong.proving import ProvingScreen
from lines_tui.ui.mahjong.screen import MahjongScreen
from lines_tui.ui.mahjong.status import (
    DEAD_DEAL_LOSS,
    DEAD_DEAL_LOST,
    DEAD_DEAL_WARNING,
    DEAD_END_WARNING,
    LOSS_MESSAGE,
    WAY_BACK_NOT_FOUND,
    Moved,
    finding_the_way_back,
    the_way_back,
    the_way_back_lost,
)
from lines_tui.ui.mahjong.win import NO_CHALLENGE_RECORD
from lines_tui.ui.status_line import StatusLine

STATUS_WIDTH = 62
"""Columns of the status line under the board at 79 columns, the fewest the game takes (one
more at 80)."""
PAUSED_LINE = "The game is paused: p resumes, q leaves."
"""What a key that waits for the board says while the game is paused."""


def test_every_dead_end_and_loss_line_fits_the_status_line() -> None:
    for line in (
        DEAD_END_WARNING,
        DEAD_DEAL_WARNING,
        LOSS_MESSAGE,
        DEAD_DEAL_LOSS,
        DEAD_DEAL_LOST,
        PAUSED_LINE,
    ):
        assert len(line) <= STATUS_WIDTH
    # Those that name the pair an undo or redo moved (two labels of two letters): "Redid 7D +
    # 7D: a dead end, no way to clear the board from here. Undo (u)." was cut.
    for line in (
        "Undid WW + WW: this deal can never be cleared. New deal (N).",
        "Redid WW + WW: no pair left. Undo (u) or new deal (N).",
        "Redid WW + WW: no pair left; only a new deal helps (N).",
        WAY_BACK_NOT_FOUND,
    ):
        assert len(line) <= STATUS_WIDTH
    # The way back out of a dead end, up to the most pairs a layout holds (1,024 tiles).
    for moved in (None, Moved(True, "WW + WW"), Moved(False, "WW + WW")):
        assert len(finding_the_way_back(moved)) <= STATUS_WIDTH
        for undos in (1, 2, 511):
            assert len(the_way_back(moved, "WW + WW", undos)) <= STATUS_WIDTH
    # The loss there, which keeps that way back, fits as well (from 100 undos on without the
    # new deal: it took 63 columns, a code review).
    for moved in (None, Moved(False, "WW + WW")):
        for undos in (2, 99, 100, 511):
            assert len(the_way_back_lost(moved, "WW + WW", undos)) <= STATUS_WIDTH
    assert the_way_back_lost(None, "WW + WW", 100).endswith(": undo 100 (u).")


async def test_a_dead_end_with_no_pair_taken_points_to_a_new_deal_not_to_undo(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dead_row(pilot)
        assert await settled(pilot, screen) == "dead end"
        assert status_shown(app) == DEAD_DEAL_WARNING
        assert "Undo" not in status_shown(app)


async def test_undo_and_redo_into_a_loss_say_the_loss_line(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dead_row(pilot)
        await settled(pilot, screen)
        await pilot.press("r", "d", "t")  # the red dragons: the last pair that can be taken
        await settle(pilot)
        # A deal dead from its start: a new deal, not undo, as its dead end said (a player
        # review).
        assert status_shown(app) == DEAD_DEAL_LOST
        await pilot.press("u")  # back at the start: a dead end with nothing to undo
        await settled(pilot, screen)
        # Naming the pair put back and taken again (a player review).
        assert status_shown(app) == "Undid Rd + Rd: this deal can never be cleared. New deal (N)."
        await pilot.press("U")  # redo into the loss
        await settle(pilot)
        assert status_shown(app) == "Redid Rd + Rd: no pair left; only a new deal helps (N)."


async def test_a_deal_lost_before_any_move_says_so_without_undo(tmp_path: Path) -> None:
    layout = row_layout(4)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        # The free tiles at the two ends (1D, 1B) differ: not one pair to take.
        await open_game(pilot, layout, game_of(layout, "d1 b1 d1 b1"))
        await settle(pilot)
        assert status_shown(app) == DEAD_DEAL_LOSS


async def test_after_a_win_the_help_says_what_the_symbols_keys_do_in_mahjong(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot, find_layout("turtle"), won_mahjong_game())
        await settle(pilot)
        await turn_down_the_time(pilot)  # no name for its time (a won game opened asks one)
        await pilot.press("s")  # a label's first letter: nothing to type on a cleared board
        await settle(pilot)
        assert "Symbols" not in status_shown(app)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        rows = " ".join(widget_lines(app.screen.query_one("#help-keys")))
        assert "every colour also gets its letter" not in rows
        assert "S Symbols on or off: after a loss an x on every tile" in " ".join(rows.split())


async def test_the_symbols_key_the_help_lists_over_mahjong_works_in_the_help(
    tmp_path: Path,
) -> None:
    """The help over a Mahjong game lists `S` for symbols (its `s` is a label's letter), and `S`
    pressed there did nothing; only `s`, which that help does not list, turned them on."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot, find_layout("turtle"), MahjongGame.new(find_layout("turtle"), 3))
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        symbols = app.symbols_mode
        await pilot.press("S")
        await settle(pilot)
        assert app.symbols_mode != symbols and app.screen is help_screen
        await pilot.press("s")
        await settle(pilot)
        assert app.symbols_mode == symbols and app.screen is help_screen


async def test_paused_the_footer_shows_only_the_keys_that_work(tmp_path: Path) -> None:
    """The keys that wait for the board act on nothing while paused; pressed, they say that the
    game is paused (they said nothing), and the help lists them, dimmed."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot, find_layout("turtle"))
        await settle(pilot)
        playing = await footer_text(pilot)
        assert "t Take" in playing and "p Pause" in playing
        await pilot.press("p")
        await settle(pilot)
        assert await footer_text(pilot) == "p Resume  q Menu  ? Help"
        symbols = app.symbols_mode
        await pilot.press("s", "e")  # label letters wait too: no symbols switch
        await settle(pilot)
        assert app.symbols_mode == symbols and status_shown(app) == PAUSED_LINE
        screen = app.screen
        # No restart, new deal, glyphs or leaving by esc behind a hidden board (S, the app's
        # symbols switch, works everywhere); each says why (it said nothing: playa #5).
        for key in ("R", "N", "G", "escape"):
            screen.query_one(StatusLine).say("")
            await pilot.press(key)
            await settle(pilot)
            assert app.screen is screen and status_shown(app) == PAUSED_LINE, key
        assert {keys for keys, _, usable in key_rows(screen) if usable} == {
            "p",
            "q",
            "? f1",
            "S",
            "^q",
        }
        await pilot.press("p")
        await settle(pilot)
        assert await footer_text(pilot) == playing


async def test_the_help_of_a_paused_game_lists_every_key_and_they_say_it_is_paused(
    tmp_path: Path,
) -> None:
    """playa #5: paused, the help listed only S, p, q, ctrl+q and ?, where the README says the
    help lists every key, those with nothing to act on now dimmed; and esc or u did nothing and
    said nothing, so a player pressing esc to leave got no word."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("turtle"))
        await settle(pilot)
        await pilot.press("t")  # a pair taken: u has something to undo, R something to restart
        await settle(pilot)
        playing = {keys: sentence for keys, sentence, _ in key_rows(screen)}
        await pilot.press("p")
        await settle(pilot)
        paused = {keys: (sentence, usable) for keys, sentence, usable in key_rows(screen)}
        playing.pop("p")  # Pause, now Resume
        assert paused.pop("p")[1]
        assert set(playing) == set(paused)  # every key of the game, each as it reads in play
        waiting = {keys for keys, (_, usable) in paused.items() if not usable}
        assert {"u", "U", "N", "R", "t", "esc", "5d", "G", "F"} <= waiting
        assert {keys for keys, (_, usable) in paused.items() if usable} == {"q", "? f1", "S", "^q"}
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert GREYED in " ".join(widget_lines(app.screen.query_one("#help-keys")))
        await pilot.press("escape")
        await settle(pilot)
        taken = len(screen.game.history)
        for key in ("escape", "u"):
            screen.query_one(StatusLine).say("")
            await pilot.press(key)
            await settle(pilot)
            assert app.screen is screen and screen.paused, key
            assert status_shown(app) == PAUSED_LINE, key
        assert len(screen.game.history) == taken  # u undid nothing behind the cover
        await pilot.press("q")  # q leaves, as the line says
        await settle(pilot)
        assert screen not in app.screen_stack


async def test_every_key_that_waits_for_the_board_says_the_game_is_paused(
    tmp_path: Path,
) -> None:
    """Paused, c answered "A challenge code comes with a win of this deal.", as in play: of the
    game behind the cover, not that it is paused and what p and q do. Every key of the game
    the pause holds (`WAIT_FOR_THE_BOARD`) says the one paused line, and nothing else."""
    held = WAIT_FOR_THE_BOARD - {"pause"}  # p, Pause in play, is Resume now
    waiting = [
        key.strip()
        for binding in MAHJONG_KEYS
        if isinstance(binding, Binding) and action_name(binding.action) in held
        for key in binding.key.split(",")
    ]
    assert "c" in waiting
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("turtle"))
        await settle(pilot)
        await pilot.press("t", "p")  # a pair taken (u, R act in play), then paused
        await settle(pilot)
        for key in waiting:
            screen.query_one(StatusLine).say("")
            await pilot.press(key)
            await settle(pilot)
            assert app.screen is screen and screen.paused, key
            assert status_shown(app) == PAUSED_LINE, key
        assert len(screen.game.history) == 1


LEAST_WIDTH = 79
"""The fewest columns a Mahjong game in play takes (its Footer's keys)."""


def whole(rows: list[str]) -> str:
    """A notice as its rows show it, put back on one line (a wrapped word joined again)."""
    return " ".join(row.strip() for row in rows if row.strip())


async def at_the_least_size(pilot: Pilot[None], screen: MahjongScreen) -> None:
    """The terminal the game in play takes at the least: 79 columns (a won game takes fewer,
    its keys being fewer), and its fewest rows."""
    width, height = screen.min_size
    assert width <= LEAST_WIDTH
    await pilot.resize_terminal(LEAST_WIDTH, height)
    await settle(pilot)
    assert pilot.app.screen is screen  # not the enlarge message


async def test_the_longest_line_in_play_is_whole_at_79_columns(tmp_path: Path) -> None:
    """At 79 columns the line's padding on the right, beside the panel's rule, cut the last
    character of a 62-cell message ("…m shows the next…")."""
    # Two rows of three 5C: four free, three partners to pick from; the choice matters, as a
    # middle one is freed only with its row's end.
    layout = row_layout(3, 3)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "c5 c5 c5 c5 c5 c5"))
        await at_the_least_size(pilot, screen)
        await pilot.press("t")  # three partners: t picks the tile and asks which
        await settle(pilot)
        told = "3 free 5C to pair it with: t takes this one, m shows the next."
        assert len(told) == STATUS_WIDTH
        assert widget_lines(screen.query_one(StatusLine)) == [f" {told}"]


async def test_paused_a_long_notice_wraps_whole_and_in_play_keeps_to_its_row(
    tmp_path: Path,
) -> None:
    """Paused, the board is covered: a notice longer than the line (a setting that could not
    be kept, naming the file and why) was still cut to one row. It wraps now, whole, in the
    rows the cover gives up; in play it keeps to its one row, the board's rows untouched."""
    (tmp_path / "settings.json").mkdir()  # not a file: the symbols setting is never kept
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("turtle"), seed=3)
        await at_the_least_size(pilot, screen)
        board_rows = screen.board.size.height
        await pilot.press("S")
        await settle(pilot)
        (row,) = widget_lines(screen.query_one(StatusLine))
        assert row.startswith(" Symbols on for this run;") and row.endswith("…")
        assert screen.board.size.height == board_rows
        await pilot.press("p", "S")
        await settle(pilot)
        rows = widget_lines(screen.query_one(StatusLine))
        assert len(rows) > 1
        told = (
            f"Symbols off for this run; the setting could not be kept: {tmp_path}/settings.json"
            " is a folder, not a regular file; lines-tui uses only regular files"
        )
        # Whole, the path with it: longer than a row, it folds, with no "…" in it.
        assert "".join("".join(rows).split()) == "".join(told.split())
        await pilot.press("p")  # the board back: one row again
        await settle(pilot)
        assert len(widget_lines(screen.query_one(StatusLine))) == 1
        assert screen.board.size.height == board_rows


async def test_won_a_long_notice_wraps_whole(tmp_path: Path) -> None:
    """Won, the board is cleared: "No challenge code for this win: the position was not dealt
    from its deal number." (80 cells) was cut after "the position was not de…"."""
    clock = Clock()
    app = mahjong_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await win_the_duo(pilot, clock)
        await turn_down_the_time(pilot)  # no name: the time is not saved
        await at_the_least_size(pilot, screen)
        await pilot.press("c")
        await settle(pilot)
        rows = widget_lines(screen.query_one(StatusLine))
        assert len(rows) == 2 and whole(rows) == NO_CHALLENGE_RECORD


def board_text(app: object) -> list[str]:
    return widget_lines(app.screen.query_one("#board"))  # type: ignore[attr-defined]


async def test_a_board_wider_than_its_area_marks_the_cut_edges(tmp_path: Path) -> None:
    layout = row_layout(20, 20)  # 81 columns: wider than the 62 of the board at 80 x 24
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot, layout)
        await settle(pilot)
        rows = [row for row in board_text(app) if row.strip()]
        labels = [row for row in rows if MORE_RIGHT in row]
        assert len(labels) == 2  # one marker a row of tiles, on its label row
        assert all(row.rstrip().endswith(MORE_RIGHT) for row in labels)
        assert not any(MORE_LEFT in row for row in rows)
        await pilot.press(*["l"] * 16)  # the cursor past the right edge: the board scrolls
        await settle(pilot)
        rows = [row for row in board_text(app) if row.strip()]
        assert sum(row.startswith(MORE_LEFT) and MORE_RIGHT in row for row in rows) == 2
        await pilot.press(*["l"] * 3)  # the far right: only the left edge is cut
        await settle(pilot)
        rows = [row for row in board_text(app) if row.strip()]
        assert sum(row.startswith(MORE_LEFT) for row in rows) == 2
        assert not any(MORE_RIGHT in row for row in rows)


async def test_a_board_taller_than_its_area_marks_the_cut_edges(tmp_path: Path) -> None:
    """An installed layout can be taller than the 22 rows of the board at 80 x 24 (KMahjongg's
    v1.1 files up to 256 half-tiles): the board scrolled up and down with the cursor, a scroll
    bar the only sign (by colour) of more board. The cut edge now shows ▲ or ▼ at the left edge
    of each column of tiles that goes on out of sight, in every colour mode."""
    layout = row_layout(*[2] * 12)  # 12 rows of two tiles, 4 rows apart: 46 rows
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout)
        await settle(pilot)
        board = screen.board
        height = board.scrollable_content_region.height
        assert board.virtual_size.height > height
        rows = board_text(app)[:height]
        assert not any(MORE_UP in row for row in rows)
        assert rows[-1].lstrip().startswith(MORE_DOWN) and rows[-1].count(MORE_DOWN) == 2
        assert not any(MORE_DOWN in row for row in rows[:-1])
        await pilot.press(*["j"] * 6)  # the cursor past the bottom edge: the board scrolls
        await settle(pilot)
        rows = board_text(app)[:height]
        assert rows[0].lstrip().startswith(MORE_UP) and rows[0].count(MORE_UP) == 2
        assert rows[-1].lstrip().startswith(MORE_DOWN)
        cursor = board.cursor
        assert cursor is not None
        top = board.grid.origins[cursor][1] - int(board.scroll_offset.y)
        assert top > 0 and top + 1 < height - 1  # never under a marker
        await pilot.press(*["j"] * 6)  # the bottom: only the top edge is cut
        await settle(pilot)
        rows = board_text(app)[:height]
        assert rows[0].lstrip().startswith(MORE_UP) and not any(MORE_DOWN in row for row in rows)


TWO_LAYER_TOWER = Layout(
    name="tower",
    title="Tower",
    slots=tuple(
        slot
        for row in range(12)
        for slot in (
            *((x, 4 * row, 0) for x in (0, 2, 4, 6)),
            *((x, 4 * row + 2, 1) for x in (2, 6)),  # a column right of the tile under them
        )
    ),
    source="test",
)
"""48 rows of tiles on two layers: taller than the board at 80 x 24."""


async def test_the_markers_of_a_tall_board_leave_every_label_whole(tmp_path: Path) -> None:
    """A player review: scrolled, a tall layout of two layers showed `▲3D:▲▲w ▲▲C`: the ▲ of
    each upper tile out of sight stood at its left edge, a column right of the tile under it,
    on that tile's label. A marker now stands only where nothing, or a tile's own left edge,
    is drawn."""
    seed = 3
    async with make_app(tmp_path).run_test(size=(80, 60)) as pilot:
        await open_game(pilot, TWO_LAYER_TOWER, seed=seed)
        await settle(pilot)
        whole = [row for row in board_text(pilot.app) if row.strip()]

    def as_drawn(cut: str) -> bool:
        """Whether `cut` is a row of the whole board with markers over edges or blanks only."""
        return any(
            len(cut.rstrip()) <= len(row)
            and all(
                mark == under or (mark in MORE_UP + MORE_DOWN and under in " ▏")
                for mark, under in zip(cut.rstrip(), row, strict=False)
            )
            for row in whole
        )

    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, TWO_LAYER_TOWER, seed=seed)
        await settle(pilot)
        height = screen.board.scrollable_content_region.height
        marked = 0
        for _ in range(8):
            await pilot.press(*["j"] * 3)
            await settle(pilot)
            rows = board_text(pilot.app)[:height]
            for edge in (rows[0], rows[-1]):
                marked += MORE_UP in edge or MORE_DOWN in edge
                assert as_drawn(edge), edge
        assert marked > 8


async def test_the_markers_of_a_board_cut_both_ways_are_not_under_its_scroll_bars(
    tmp_path: Path,
) -> None:
    """Wider and taller than its area, the board has both scroll bars: the ▶ markers were drawn
    in the last column, under the vertical bar, out of sight (the ▼ ones would be under the
    horizontal bar). They are in the last column and row in sight."""
    layout = row_layout(*[20] * 8)  # 81 columns, 30 rows
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout)
        await settle(pilot)
        shown = screen.board.scrollable_content_region.size
        assert screen.board.virtual_size.width > shown.width
        assert screen.board.virtual_size.height > shown.height
        rows = [row.ljust(shown.width) for row in board_text(app)[: shown.height]]
        labels = [row for row in rows if MORE_RIGHT in row]
        assert labels and all(row[shown.width - 1] == MORE_RIGHT for row in labels)
        assert rows[shown.height - 1].startswith(MORE_DOWN)


async def test_esc_after_a_failed_proof_goes_back_to_the_picker_as_it_was(
    tmp_path: Path,
) -> None:
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("m")  # the menu's Mahjong entry: the layout picker
        await settle(pilot)
        await pilot.press("o", "down", "down", "tab", "5", "0", "0", "enter")  # Pagoda, deal 500
        await pilot.pause()
        assert isinstance(app.screen, ProvingScreen)  # (settle would wait on the held proof)
        await solver.answer(pilot, Verdict.UNDECIDED, error="the solver process ended")
        assert "The proof failed" in text_of(app, "#proving")
        shown = await footer_text(pilot)  # nothing runs to stop now
        assert "esc Back" in shown and "Stop" not in shown
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, LayoutPickerScreen)
        assert text_of(app, "#layout-about").startswith("Pagoda")
        assert app.screen.query_one("#seed", Input).value == "500"
        assert "Solvable deals only (o): on" in text_of(app, "#solvable")
        await pilot.press("o")  # off now, and enter plays Pagoda deal 500 as dealt
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert text_of(app, "#title") == "Pagoda"
        assert text_of(app, "#deal") == "deal 500"


MANY_ABOUT = (
    "A layout among many, with a description long enough to be cut at the end of its one row "
    "in the picker"
)


async def picker_on_the_last_layout(pilot: Pilot[None]) -> LayoutPickerScreen:
    """The menu's layout picker once the installed layouts are read, on the last of them (an
    installed one: its description has the most lines)."""
    await settle(pilot)
    await pilot.press("m")
    await settle(pilot)
    await pilot.app.workers.wait_for_complete()
    await settle(pilot)
    await pilot.press("end")
    await settle(pilot)
    picker = pilot.app.screen
    assert isinstance(picker, LayoutPickerScreen)
    return picker


async def test_the_solvable_setting_stays_in_sight_however_many_layouts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install_layouts(monkeypatch, tmp_path, [f"Many {n}" for n in range(40)], MANY_ABOUT)
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        picker = await picker_on_the_last_layout(pilot)
        # Where in the long list: its scrollbar is colour alone, blank with NO_COLOR.
        assert picker.query_one("#picker-panel").border_subtitle == "45 of 45"
        for expected in ("off", "on"):
            shown = {picker.get_widget_at(4, y)[0].id for y in range(24)}
            assert {"solvable", "seed", "layout-about", "layouts"} <= shown
            assert f"Solvable deals only (o): {expected}" in text_of(app, "#solvable")
            await pilot.press("o")
            await settle(pilot)


async def test_a_long_title_is_cut_in_the_list_not_the_other_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install_layouts(monkeypatch, tmp_path, ["An Extremely Long Layout Name " * 3], MANY_ABOUT)
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        picker = await picker_on_the_last_layout(pilot)
        rows = widget_lines(picker.query_one("#layouts"))
        assert "From" in rows[0] and "built-in" in rows[1]  # the last column whole
        assert any("An Extremely Long Layou…" in row for row in rows)


async def test_installed_layouts_show_six_at_a_time_and_long_cells_end_in_an_ellipsis(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The list was wider than the picker: a horizontal scroll bar, which no key scrolls, took
    the sixth row, and the From column was cut at the frame with no "…"."""
    folder = install_layouts(monkeypatch, tmp_path, [f"Many {n}" for n in range(10)], MANY_ABOUT)
    long_name = "a_rather_long_file_name_for_a_layout.layout"
    (folder / "layout0.layout").rename(folder / long_name)
    (folder / "layout0.desktop").unlink()  # titled by its file name, which is as long
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        picker = await picker_on_the_last_layout(pilot)
        await pilot.press("home")
        await settle(pilot)
        table = picker.query_one("#layouts", DataTable)
        assert not table.show_horizontal_scrollbar
        assert table.size.height == 7  # the head and six layouts
        rows = widget_lines(table)
        assert len(rows) == 7 and rows[0].endswith("From") and rows[1].endswith("built-in")
        # The first installed one (by file name), its title and file name cut to their columns.
        title, tiles, layers, source = "A Rather Long File Name…", "6", "2", "a_rather_long_fi…"
        assert rows[6].split() == [*title.split(), tiles, layers, source]


def test_maps_left_out_of_a_file_are_counted_apart_from_files_not_read() -> None:
    from lines_tui.engine.mahjong.layouts import Discovery, builtin_layouts
    from lines_tui.ui.mahjong.picker import discovery_note

    found = Discovery(
        layouts=list(builtin_layouts()),
        problems=["a.layout: …", "b.layout: …"],
        left_out=["m.map: line 3: map 'Zero' has 0 tiles; …"],
        unread_folders=["cannot read …"],
    )
    assert discovery_note(found) == (
        "Not read (lines-tui layouts says why): 2 layout files, 1 map and 1 layout folder."
    )


async def test_layout_files_not_read_are_counted_and_lines_tui_layouts_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The note was cut at the frame with no "…" after the first file's folder, and named
    neither the files nor the reasons nor where to see them."""
    folder = install_layouts(monkeypatch, tmp_path, ["Mine"])
    for number in range(8):
        (folder / f"broken{number}.layout").write_text("nonsense\n", encoding="utf-8")
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        picker = await picker_on_the_last_layout(pilot)
        (note,) = widget_lines(picker.query_one("#layout-problems"))
    assert note == "Not read (lines-tui layouts says why): 8 layout files."
    for path in folder.glob("layout0.*"):
        path.unlink()  # only the unreadable one left: the line is too long for the picker
    (folder / "broken1.layout").unlink()
    for number in range(2, 8):
        (folder / f"broken{number}.layout").unlink()
    async with make_app(tmp_path / "data").run_test(size=(80, 24)) as pilot:
        picker = await picker_on_the_last_layout(pilot)
        (note,) = widget_lines(picker.query_one("#layout-problems"))
    # Too long for the picker: cut at its end, where the count is, not the command.
    assert note.startswith("No installed layouts found. Not read (lines-tui layouts says why)")
    assert note.endswith("…")


async def test_a_layout_folder_not_read_is_counted_and_the_picker_plays_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, deny_listing: Callable[[Path], None]
) -> None:
    """An installed layouts folder there but not readable was skipped without a word, as a
    missing one: "No installed layouts found." and nothing of why."""
    deny_listing(install_layouts(monkeypatch, tmp_path, ["Mine"]))
    async with make_app(tmp_path / "data").run_test(size=(80, 24)) as pilot:
        picker = await picker_on_the_last_layout(pilot)
        (note,) = widget_lines(picker.query_one("#layout-problems"))
        assert [layout.name for layout in picker.layouts] == list(BUILTIN_NAMES)
    assert note.startswith("No installed layouts found. Not read (lines-tui layouts says why): ")


async def test_after_a_loss_symbols_put_one_x_on_each_uncovered_tile(tmp_path: Path) -> None:
    """The x marks the tiles left in sight, one each. A tile lying half a tile left of the one
    under it leaves that one's mark column in sight: its x read as a second x of the upper
    tile ("8Cxx", GNOME's Difficult)."""
    layout = Layout(
        name="halves",
        title="Halves",
        slots=((0, 0, 0), (2, 0, 0), (1, 0, 1), (6, 0, 0)),
        source="test",
    )
    game = game_of(layout, "d1 d2 d1 d2")  # free: the upper tile and the one apart, unmatched
    assert game.lost
    rows = await rows_with_symbols(tmp_path, layout, game)
    # The upper tile, the one apart and the one whose label shows left of the upper tile
    # (its x where the upper tile's left edge was); not the one under, whose label is hidden.
    assert rows[0] == "▏1Dx1Dx     ▏2Dx"
    assert "".join(rows).count(LOST_MARK) == 3


async def rows_with_symbols(tmp_path: Path, layout: Layout, game: MahjongGame) -> list[str]:
    """The board's drawn rows of `game` with symbols on (`S`), blank rows left out."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game)
        await pilot.press("S")
        await settle(pilot)
        return [row.strip() for row in widget_lines(screen.board) if row.strip()]


async def test_after_a_loss_symbols_put_an_x_on_tiles_half_under_the_one_above(
    tmp_path: Path,
) -> None:
    """The Turtle's top tile lies half on each of the four below it: the two whose labels show
    above it got no x (nothing but tiles with nothing on top did), nor the one whose mark column
    is drawn as a right edge over a lower neighbour."""
    base = ((0, 0, 0), (2, 0, 0), (4, 0, 0), (0, 2, 0), (2, 2, 0), (4, 2, 0), (8, 0, 0))
    upper = ((0, 0, 1), (2, 0, 1), (0, 2, 1), (2, 2, 1), (1, 1, 2))
    layout = Layout(name="peak", title="Peak", slots=base + upper, source="test")
    # Free: the top (2D), the base's right column (3D, 5D) and the one apart (6D), unmatched.
    game = game_of(layout, "d1 d2 d3 d4 d1 d5 d6 d3 d4 d5 d6 d2")
    assert game.lost
    assert await rows_with_symbols(tmp_path, layout, game) == [
        "▏▏3Dx▏4Dx3Dx    ▏6Dx",  # 3D and 4D under the top's upper half; 4D over 3D's edge
        "▏▏▁2▏2Dx▁▁▁▁    ▏▁▁▁",
        "▏▏5Dx▁3▁▕5Dx",  # 5D under the top's lower half, its x on the top's left edge
        "▏▏▁2▁▏▁2▁▁▁▁",
    ]


async def test_a_dead_end_told_while_help_is_open_still_says_undo(tmp_path: Path) -> None:
    """The check's answer can come while the game is paused (help open over the board, or p):
    paused, the game's undo key rests, and the warning said the deal could never be cleared
    and only a new deal helped, though undo led out."""
    layout = row_layout(4, 4)
    # Taking the 1Ds at both ends of row two leaves row one's 1Ds side by side: a dead end.
    game = game_of(layout, "d1 d1 b1 b1 d1 dr dr d1")
    game.remove(4, 7)
    app, solver = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and screen.game.paused
        position, _, check = solver.requests[-1]
        assert position.present == game.present
        check.set_result(SolveResult(Verdict.UNSOLVABLE, (), 5, 0.01))
        await pilot.pause()
        await pilot.pause()
        assert screen.status == "dead end"
        await pilot.press("escape")  # back to the board
        await pilot.pause()
        assert app.screen is screen
        assert status_shown(app) == DEAD_END_WARNING


async def test_a_loss_told_again_after_a_stopped_proof_still_says_undo(tmp_path: Path) -> None:
    """A new deal stopped while it was proved checks the position on the board again before the
    board's clock runs on: lost after a pair, the line said no pair was ever to take in this
    deal, as if nothing could be undone."""
    app, _ = held_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.session.solvable_deals = True
        screen = await open_dead_row(pilot)
        await pilot.press("r", "d", "t")  # the red dragons: the last pair that can be taken
        await pilot.pause()
        assert screen.game.lost and status_shown(app) == LOSS_MESSAGE
        await answered(pilot, "N", "y")  # abandon the lost game...
        await pilot.pause()
        assert isinstance(app.screen, ProvingScreen)
        await pilot.press("escape")  # ...but stop the proof of the new deal
        await pilot.pause()
        assert app.screen is screen and screen.game.lost
        assert status_shown(app) == LOSS_MESSAGE


async def test_a_long_notice_in_mahjong_play_is_read_whole_at_80_x_24(tmp_path: Path) -> None:
    """In play, a notice was cut to the row under the board: "Symbols on for this run; the
    setting could not be kept: …/sett…", its reason lost until the player paused. It wraps now
    over the blank rows under the tiles, the board untouched; a path too long for them gives up
    its folders, never the reason. At the game's least size it keeps to its one row."""
    data = tmp_path / "home"
    (data / "settings.json").mkdir(parents=True)
    app = make_app(data)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("turtle"), seed=3)
        await settle(pilot)
        board = screen.board.region
        await pilot.press("S")
        await settle(pilot)
        line = screen.query_one(StatusLine)
        rows = widget_lines(line)
        assert 1 < len(rows) <= 4
        assert "".join("".join(rows).split()) == "".join(not_kept_told(data, "Symbols on").split())
        assert screen.board.region == board
        assert in_sight(line)

        deep = tmp_path / LONG_FOLDER
        screen.notify(not_kept_told(deep, "Symbols off"), severity="error")
        await settle(pilot)
        shown = " ".join(status_shown(app).split())  # the rows as one
        assert shown.startswith("Symbols off for this run; the setting could not be kept: /")
        assert shown.endswith(
            "…/settings.json is a folder, not a regular file; lines-tui uses only regular files"
        )
        assert screen.board.region == board

        await at_the_least_size(pilot, screen)
        board = screen.board.region
        screen.notify(not_kept_told(data, "Symbols on"), severity="error")
        await settle(pilot)
        assert len(widget_lines(line)) == 1
        assert screen.board.region == board
