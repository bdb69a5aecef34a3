"""Whole Mahjong flows driven by keys through the pilot at 80 x 24, with the real solver process."""

from __future__ import annotations

import asyncio
import errno
import json
import math
import random
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    BOUND,
    FIXED_NOW,
    ExitWatchingApp,
    FaultyFileSystem,
    answered,
    drawn_dialog,
    drawn_rows,
    held_call,
    in_sight,
    marked_not_saved,
    mashed_on,
    post_keys_at_once,
    session_of,
    settle,
    store_on,
    turn_down_the_time,
    twin_from_file,
    typed_just_after_it_showed,
    widget_lines,
    won_mahjong_game,
)
from test_cli_outside_input import run
from textual import events
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import DataTable, Input

from lines_tui.engine.deal_choice import CHOSEN, LAST_DEAL, RANDOM, Skipped
from lines_tui.engine.mahjong.faces import face_by_id
from lines_tui.engine.mahjong.game import HINT_SECONDS, MahjongGame
from lines_tui.engine.mahjong.geometry import Slot
from lines_tui.engine.mahjong.layouts import (
    BUILTIN_NAMES,
    Layout,
    find_layout,
    layout_table_name,
)
from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.mahjong.solver import Verdict, solve
from lines_tui.seeds import FRESH_SEEDS, fresh_seed
from lines_tui.store import Entry, StoreError, TableId, codes, open_store
from lines_tui.store.files import BUSY
from lines_tui.store.replay import record_of_mahjong
from lines_tui.ui import game_player
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.dialogs import CodeScreen, ConfirmScreen
from lines_tui.ui.hangup import HUNG_UP
from lines_tui.ui.help import key_rows
from lines_tui.ui.mahjong import LayoutPickerScreen, MahjongScreen, replacing
from lines_tui.ui.mahjong.board import MahjongBoard
from lines_tui.ui.mahjong.proving import ProvingScreen
from lines_tui.ui.mahjong.status import DEAD_DEAL_WARNING, DEAD_END_WARNING, LOSS_MESSAGE
from lines_tui.ui.mahjong.tile_text import tile_label
from lines_tui.ui.mahjong.win import ANOTHER_COPY_FILED_IT, PLAYER_NOT_READ, SAVING_TIME
from lines_tui.ui.replay import ReplayScreen
from lines_tui.ui.scores import LeaderboardScreen, NameEntryScreen
from lines_tui.ui.sentences import LEAVE_THE_DEAL
from lines_tui.ui.size_guard import TooSmallScreen
from lines_tui.ui.status_line import NOT_SAVED_MARK, NotSavedMark, StatusLine

START = 1_767_225_600.0


class Clock:
    """Wall-clock seconds that move only when a test says so."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def make_app(data_dir: Path, clock: Clock | None = None, **options: Any) -> LinesTuiApp:
    return LinesTuiApp(open_store(data_dir), clock=clock or Clock(), **options)


def row_layout(*rows: int, name: str = "rows") -> Layout:
    """Rows of tiles side by side on one layer; rows[i] tiles in row i (rows 4 half-units apart,
    so no two rows touch)."""
    slots: list[Slot] = [
        (2 * col, 4 * row, 0) for row, count in enumerate(rows) for col in range(count)
    ]
    return Layout(name=name, title=name.title(), slots=tuple(slots), source="test")


def game_of(layout: Layout, faces: str) -> MahjongGame:
    """A game on `layout` whose tiles carry these face ids (space-separated), in slot order."""
    position = Position(layout.slots, tuple(faces.split()))
    return MahjongGame(layout, 1, position, now=START)


async def open_game(
    pilot: Pilot[None], layout: Layout, game: MahjongGame | None = None, seed: int = 1
) -> MahjongScreen:
    screen = MahjongScreen(session_of(pilot), layout, seed, game=game)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    return screen


DEAD_ROW = row_layout(4, 2)
"""A row of four tiles over a pair: dealt as `DEAD_ROW_FACES` by `open_dead_row`."""
DEAD_ROW_FACES = "d1 b1 d1 b1 dr dr"
"""Row one (1D 1B 1D 1B) can never be cleared, though the pair below can still be taken: the
deal is a dead end from the start."""


async def open_dead_row(pilot: Pilot[None]) -> MahjongScreen:
    return await open_game(pilot, DEAD_ROW, game_of(DEAD_ROW, DEAD_ROW_FACES))


CHECK_BOUND = 120.0
"""Seconds a test waits at most for a dead-end check (a bound for a check that never answers:
the wait follows the check's worker, so a loaded machine only makes it slower)."""


async def settled(pilot: Pilot[None], screen: MahjongScreen) -> str:
    """Wait (pressing no key) until the dead-end check has answered; the status it left."""

    async def answered() -> str:
        while screen.status == "checking":
            running = [worker for worker in pilot.app.workers if not worker.is_finished]
            if running:
                await pilot.app.workers.wait_for_complete(running)
            await pilot.pause(0 if running else 0.01)
        return screen.status

    try:
        return await asyncio.wait_for(answered(), CHECK_BOUND)
    except TimeoutError:
        raise AssertionError(f"the dead-end check did not answer in {CHECK_BOUND:.0f} s") from None


def notified(app: LinesTuiApp, text: str) -> bool:
    """Whether the status line under the board says `text` (game notices go nowhere else)."""
    return text in app.screen.query_one(StatusLine).message


async def test_taking_a_pair_with_enter_and_the_match_key(tmp_path: Path) -> None:
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("turtle"))
        first = screen.game.available_pairs()[0][0]
        screen.board.cursor = first
        await pilot.press("enter", "m")
        assert screen.board.selected == first
        assert screen.game.face(screen.board.cursor) == screen.game.face(first)
        partner = screen.board.cursor
        await pilot.press("space")
        assert not screen.game.is_present(first)
        assert not screen.game.is_present(partner)
        assert screen.board.selected is None
        assert "142" in str(screen.query_one("#tiles").render())


async def test_undo_puts_the_pair_back_and_redo_takes_it_again(tmp_path: Path) -> None:
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("turtle"))
        first, second = screen.game.available_pairs()[0]
        screen.board.cursor = first
        await pilot.press("enter")
        screen.board.cursor = second
        await pilot.press("enter")
        taken = screen.game.present
        await pilot.press("u")
        assert screen.game.present == screen.game.position.geometry.all_present
        assert screen.board.present == screen.game.present
        await pilot.press("U")
        assert screen.game.present == taken
        assert screen.board.present == taken


async def test_a_blocked_or_different_tile_is_refused_with_the_reason(tmp_path: Path) -> None:
    layout = row_layout(4)
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d1 b1 b1 d1"))
        screen.board.cursor = 1
        await pilot.press("enter")
        assert screen.board.selected is None
        assert "blocked both sides" in str(screen.query_one("#message").render())
        screen.board.cursor = 0
        await pilot.press("enter")
        screen.board.cursor = 3
        await pilot.press("enter")  # a and a: taken
        screen.board.cursor = 1
        await pilot.press("enter")
        assert screen.board.selected == 1


LOST_IN_THE_TRAP = (LOSS_MESSAGE, "No pair left; dead since 1D + 1D: undo 2 (u) or new deal (N).")
"""The loss of the trap "d1 b1 b1 d1 dr dr d1 d1" on `row_layout(3, 5)` (the top 1D taken with
the nearer one, then the 1B's): plain, or with the way back once the checks of the positions
before it have told where its dead end began (they run as the pairs are taken: either may be
first)."""


async def test_a_loss_turns_every_remaining_tile_red(tmp_path: Path) -> None:
    layout = row_layout(3, 5)
    # Row one 1D 1B 1B, row two 1D Rd Rd 1D 1D: the top 1D taken with the nearer one, then the
    # 1B's, leave Rd Rd 1D 1D stuck. (The deal can be cleared, so the loss offers undo: on a deal
    # dead from its start it offers only a new deal, once its check has answered.)
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d1 b1 b1 d1 dr dr d1 d1"))
        assert screen.board.cursor == 0
        for pair in ((0, 3), (1, 2)):
            for tile in pair:
                screen.board.cursor = tile
                await pilot.press("enter")
        assert screen.game.history == [(0, 3), (1, 2)]
        assert screen.game.lost
        assert screen.status == "lost"
        lost = str(screen.query_one("#message").render())
        assert lost in LOST_IN_THE_TRAP  # undo offered
        await pilot.press("p", "p")  # a pause clears the line; the board back, so is the loss
        assert screen.query_one(StatusLine).message == lost
        board = screen.board
        red = board.get_component_rich_style("board--lost").bgcolor
        assert red is not None and red.triplet is not None and red.triplet.red > 150
        for index in range(4, 8):
            tile = board.tile_region(index)
            strip = board.render_line(tile.y)
            cell = strip.crop(tile.x + 1, tile.x + 2)
            assert [segment.style.bgcolor for segment in cell] == [red]
        await pilot.press("u")
        assert not screen.game.lost
        assert screen.status != "lost"
        assert not board.lost


def drawn_cells(board: MahjongBoard) -> list[list[tuple[str, Any]]]:
    """Every cell of the board's view: its character and style."""
    return [
        [(char, segment.style) for segment in board.render_line(y) for char in segment.text]
        for y in range(board.size.height)
    ]


def changes_drawn_outside(board: MahjongBoard, present: int, refreshed: list[Region]) -> list[Any]:
    """The cells whose drawing changes when the board's tiles become `present` that lie in no
    region the board refreshed (`refreshed`, filled by the board's refresh calls)."""
    before = drawn_cells(board)
    refreshed.clear()
    board.present = present
    return [
        (x, y)
        for y, (old, new) in enumerate(zip(before, drawn_cells(board), strict=True))
        for x, (was, now) in enumerate(zip(old, new, strict=True))
        if was != now and not any(region.contains(x, y) for region in refreshed)
    ]


def recording_refreshes(board: MahjongBoard, monkeypatch: pytest.MonkeyPatch) -> list[Region]:
    """The regions the board asks to refresh from now on (the whole view for a whole refresh)."""
    refreshed: list[Region] = []
    whole = Region(0, 0, *board.size)
    monkeypatch.setattr(
        board, "refresh", lambda *regions, **_: refreshed.extend(regions or [whole])
    )
    return refreshed


CAUSEWAY_DEAL_1_OPENING = [
    (8, 96), (87, 115), (3, 110), (48, 99), (108, 130), (84, 136), (106, 132), (98, 105),
    (2, 60), (97, 107), (11, 140), (112, 123), (55, 135), (54, 95), (9, 142),
]  # fmt: skip
"""Pairs that bring Causeway deal 1 to where pair 15 + 119 leaves tile 118, an upper tile, with
the left edge of no lower tile beside it."""


async def test_a_tile_leaving_beside_an_upper_one_redraws_that_ones_edge(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An upper tile draws a right edge where a lower tile's left edge shows beside it, so that
    their labels do not run together: taking the lower tile redraws the upper one's edge too,
    and putting it back draws the edge again."""
    game = MahjongGame.new(find_layout("causeway"), 1)
    for pair in CAUSEWAY_DEAL_1_OPENING:
        game.remove(*pair)
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("causeway"), game)
        board = screen.board
        upper = board.tile_region(118)
        edge = (upper.right - 1, upper.y)
        drawn_before = drawn_cells(board)[edge[1]][edge[0]]
        refreshed = recording_refreshes(board, monkeypatch)
        taken = board.present & ~(1 << 15 | 1 << 119)
        assert changes_drawn_outside(board, taken, refreshed) == []
        assert drawn_cells(board)[edge[1]][edge[0]] != drawn_before
        assert changes_drawn_outside(board, taken | 1 << 15 | 1 << 119, refreshed) == []
        assert drawn_cells(board)[edge[1]][edge[0]] == drawn_before


@pytest.mark.parametrize("name", BUILTIN_NAMES)
async def test_a_pair_taken_or_put_back_redraws_every_cell_it_changes(
    tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The board refreshes only the regions of the tiles that changed, and every cell that a
    change draws differently lies in one: the edge an upper tile draws where a lower tile's
    left edge shows beside it too (Causeway deal 1, pair 15 + 119)."""
    rng = random.Random(name)
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout(name))
        board, game = screen.board, MahjongGame.new(find_layout(name), 1)
        refreshed = recording_refreshes(board, monkeypatch)
        for step in range(60):
            pairs = game.available_pairs()
            if pairs and (step % 5 or not game.can_undo):
                game.remove(*rng.choice(pairs))
            elif game.can_undo:
                game.undo()
            assert changes_drawn_outside(board, game.present, refreshed) == [], step


async def test_a_dead_end_is_announced_while_play_goes_on(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_dead_row(pilot)
        assert await settled(pilot, screen) == "dead end"
        assert notified(app, DEAD_DEAL_WARNING)  # no pair taken yet: a new deal, not undo
        assert "dead end" in str(screen.query_one("#status").render())
        await pilot.press("tab")
        assert screen.board.cursor in (4, 5) or screen.game.is_free(screen.board.cursor)
        screen.board.cursor = 4
        await pilot.press("enter", "m", "enter")
        assert screen.game.tiles_left == 4


async def test_a_dead_end_a_move_led_to_says_to_undo(tmp_path: Path) -> None:
    layout = row_layout(4, 4)
    # Taking the 1Ds at both ends of row two leaves row one's 1Ds side by side: a dead end.
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d1 d1 b1 b1 d1 dr dr d1"))
        assert await settled(pilot, screen) == "solvable"
        screen.board.cursor = 4
        await pilot.press("enter")
        screen.board.cursor = 7
        await pilot.press("enter")
        assert screen.game.tiles_left == 6
        assert await settled(pilot, screen) == "dead end"
        # The start was checked: the pair just taken led into the dead end.
        assert notified(app, "Dead end since 1D + 1D: undo 1 pair (u) to get back.")


async def test_undo_and_redo_into_a_dead_end_say_which_pair(tmp_path: Path) -> None:
    """An undo in a dead end said only the warning, in place of "Undid 7D + 7D.": a player
    undoing twenty times saw the same line twenty times, never what went back (a player review).
    The warning names the pair, and says after an undo that this position is a dead end too."""
    layout = row_layout(4, 4)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d1 d1 b1 b1 d1 dr dr d1"))
        assert await settled(pilot, screen) == "solvable"
        for pair in ((4, 7), (5, 6)):  # a dead end, then lost
            screen.board.cursor = pair[0]
            await pilot.press("enter")
            screen.board.cursor = pair[1]
            await pilot.press("enter")
        assert await settled(pilot, screen) == "lost"
        await pilot.press("u")
        assert await settled(pilot, screen) == "dead end"
        told = app.screen.query_one(StatusLine).message
        assert told == "Undid Rd + Rd: still dead since 1D + 1D; undo 1 more."
        await pilot.press("u")
        assert await settled(pilot, screen) == "solvable"
        assert notified(app, f"Undid {label(screen, 4)} + {label(screen, 7)}.")
        await pilot.press("U")
        assert await settled(pilot, screen) == "dead end"
        assert app.screen.query_one(StatusLine).message == (
            "Redid 1D + 1D: a dead end now. Undo (u)."
        )
        # The same position reached by hand after a restart is no redo (a code review).
        await answered(pilot, "R", "y")
        await settle(pilot)
        assert screen.game.tiles_left == 8
        for tile in (4, 7):
            screen.board.cursor = tile
            await pilot.press("enter")
        assert await settled(pilot, screen) == "dead end"
        assert app.screen.query_one(StatusLine).message == (
            "Dead end since 1D + 1D: undo 1 pair (u) to get back."
        )


async def test_a_dead_end_says_which_pair_led_into_it_and_how_many_undos_lead_out(
    tmp_path: Path,
) -> None:
    """The warning said "Undo (u)" however many pairs back the dead end began: a player undid
    eleven times, each told "still a dead end" (a player review). The positions played before it
    are checked until the pair that led into it is found."""
    layout = row_layout(4, 4, 2, 2)
    # 1D + 1D at both ends of row two is the fatal pair; the green and white dragons apart.
    game = game_of(layout, "d1 d1 b1 b1 d1 dr dr d1 dg dg dw dw")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game)
        for first, second in ((4, 7), (8, 9), (10, 11)):
            screen.board.cursor = first
            await pilot.press("enter")
            screen.board.cursor = second
            await pilot.press("enter")
        assert await settled(pilot, screen) == "dead end"
        status = app.screen.query_one(StatusLine)
        for _ in range(100):
            if status.message != DEAD_END_WARNING:
                break
            await pilot.pause(0.02)
        assert status.message == "Dead end since 1D + 1D: undo 3 pairs (u) to get back."
        white = f"{label(screen, 10)} + {label(screen, 11)}"
        await pilot.press("u")
        assert await settled(pilot, screen) == "dead end"
        assert status.message == f"Undid {white}: still dead since 1D + 1D; undo 2 more."
        await pilot.press("U")
        assert await settled(pilot, screen) == "dead end"
        assert status.message == f"Redid {white}: still dead since 1D + 1D; undo 3 pairs."
        # A pause cleared the line, and the warning did not come back with the board.
        await pilot.press("p")
        assert screen.paused and status.message == ""
        await pilot.press("p")
        assert status.message == "Dead end since 1D + 1D: undo 3 pairs (u) to get back."


def label(screen: MahjongScreen, tile: int) -> str:
    return tile_label(screen.game, tile)


async def test_a_solvable_position_shows_no_warning(tmp_path: Path) -> None:
    layout = row_layout(4, 2)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d1 b1 b1 d1 dr dr"))
        assert await settled(pilot, screen) == "solvable"
        assert not notified(app, DEAD_END_WARNING)
        assert not notified(app, DEAD_DEAL_WARNING)


async def test_the_hint_keeps_a_solvable_deal_solvable(tmp_path: Path) -> None:
    layout = find_layout("turtle")
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, seed=1)
        assert await settled(pilot, screen) == "solvable"
        for _ in range(3):
            await pilot.press("i")
            first, second = sorted(screen.board.hints)
            assert screen.board.cursor in (first, second)
            # m goes to the hinted partner, even when another free tile of that face is nearer.
            await pilot.press("enter", "m", "enter")
            assert not screen.game.is_present(first) and not screen.game.is_present(second)
            assert solve(screen.game.current_position()).verdict is Verdict.SOLVABLE
            assert await settled(pilot, screen) == "solvable"


async def test_pause_hides_the_board_and_stops_the_clock(tmp_path: Path) -> None:
    clock = Clock()
    async with make_app(tmp_path, clock).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("turtle"))
        clock.now += 30
        await pilot.press("p")
        await pilot.pause()
        assert screen.board.region.width == 0
        assert screen.query_one("#paused").region.width > 0
        paused_at = screen.game.elapsed(clock.now)
        clock.now += 600
        await pilot.press("enter", "u", "tab")  # play keys rest while paused
        assert screen.game.elapsed(clock.now) == paused_at == 30
        await pilot.press("p")
        await pilot.pause()
        assert screen.board.region.width > 0
        clock.now += 5
        assert screen.game.elapsed(clock.now) == 35


async def test_quitting_saves_the_game_and_it_resumes_as_it_was(tmp_path: Path) -> None:
    layout = find_layout("turtle")
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, seed=5)
        first, second = screen.game.available_pairs()[0]
        screen.board.cursor = first
        await pilot.press("enter")
        screen.board.cursor = second
        await pilot.press("enter", "q")
        await pilot.pause()
        assert pilot.app.screen is not screen
    saved = open_store(tmp_path).load_game("mahjong")
    assert saved is not None
    resumed = MahjongGame.from_json(saved)
    assert resumed.seed == 5
    assert resumed.history == [(first, second)]
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, resumed.layout, resumed, seed=resumed.seed)
        assert screen.board.present == resumed.present
        assert not screen.game.paused


async def a_pair_taken_on_dead_deal_48(pilot: Pilot[None]) -> MahjongScreen:
    """Lantern's deal 48, which can never be cleared, with its first pair taken: the check says
    so before the pair and after it."""
    screen = await open_game(pilot, find_layout("lantern"), seed=48)
    assert await settled(pilot, screen) == "dead end"
    first, second = screen.game.available_pairs()[0]
    screen.board.cursor = first
    await pilot.press("enter")
    screen.board.cursor = second
    await pilot.press("enter")
    assert await settled(pilot, screen) == "dead end"
    return screen


async def test_a_resumed_game_on_a_deal_dead_from_its_start_still_says_so(tmp_path: Path) -> None:
    """What the check had found of the deal's start was the screen's alone: resumed after a
    pair, the game said "Undo (u)" again, which cannot help."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        await a_pair_taken_on_dead_deal_48(pilot)
        await pilot.press("q")
        await pilot.pause()
    saved = open_store(tmp_path).load_game("mahjong")
    assert saved is not None and MahjongGame.from_json(saved).dead_from_start
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("R")  # the menu's resume
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, MahjongScreen) and screen.game.seed == 48
        assert await settled(pilot, screen) == "dead end"
        assert notified(pilot.app, DEAD_DEAL_WARNING)


async def test_a_new_deal_over_one_dead_from_its_start_says_it_can_never_be_cleared(
    tmp_path: Path,
) -> None:
    """A player review: the warning offered N ("this deal can never be cleared. New deal
    (N)."), and N's question spoke only of the pairs lost, as R's did."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        await a_pair_taken_on_dead_deal_48(pilot)
        assert await question_after(pilot, "N") == (
            "Abandon this deal and start a new one? It can never be cleared. "
            "You lose the pair taken."
        )


async def test_a_new_deal_over_a_chosen_deal_says_it_is_a_random_one(tmp_path: Path) -> None:
    """A player review: N on the deal of the day or a challenge's asked "start a new one?", and
    dealt a random deal, where a racer may expect the same deal again (R restarts it)."""
    layout = find_layout("lantern")
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        for choice, new in ((CHOSEN, "a new random one"), (RANDOM, "a new one")):
            game = MahjongGame.new(layout, 2, now=START)
            game.deal_choice = choice
            screen = await open_game(pilot, layout, game, seed=2)
            screen.board.cursor, second = game.available_pairs()[0]
            await pilot.press("enter")
            screen.board.cursor = second
            await pilot.press("enter")
            asked = await question_after(pilot, "N")
            assert asked == f"Abandon this deal and start {new}? You lose the pair taken."
            await pilot.press("n")
            await settle(pilot)
            pilot.app.pop_screen()
            await settle(pilot)
        # A player review: with nothing taken, N (as in `Nw`, typed as the board writes the
        # North wind) left a friend's challenge for a random deal without a word.
        game = MahjongGame.new(layout, 2, now=START)
        game.deal_choice = CHOSEN
        screen = await open_game(pilot, layout, game, seed=2)
        assert await question_after(pilot, "N") == LEAVE_THE_DEAL
        await pilot.press("n")
        await settle(pilot)
        assert pilot.app.screen is screen and screen.game is game


async def test_restarting_a_deal_dead_from_its_start_says_it_can_never_be_cleared(
    tmp_path: Path,
) -> None:
    """R asked "Start this deal again from the beginning? You lose 1 pair taken." as of any
    deal, where the panel and the warning say this one can never be cleared."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        await a_pair_taken_on_dead_deal_48(pilot)
        assert await question_after(pilot, "R") == (
            "Start this deal again from the beginning? It can never be cleared. "
            "You lose the pair taken."
        )
        # Restarted, its start known dead: the warning, not "The same deal from the start."
        # (told at once, the start needing no check now, it was said first and replaced).
        await pilot.press("y")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, MahjongScreen)
        assert screen.game.history == [] and screen.status == "dead end"
        assert notified(pilot.app, DEAD_DEAL_WARNING)


DUO = row_layout(4, name="duo")
"""1D 1B 1B 1D in a row: two pairs, won in 42 s by `win_the_duo`."""


async def win_the_duo(pilot: Pilot[None], clock: Clock) -> MahjongScreen:
    """Open the duo and win it in 42 seconds, the 1Ds at both ends first, then the 1Bs."""
    screen = await open_game(pilot, DUO, game_of(DUO, "d1 b1 b1 d1"))
    clock.now += 42
    await pilot.press("enter", "m", "enter", "tab", "enter", "m", "enter")
    await settle(pilot)
    return screen


async def test_the_clock_stays_in_sight_past_100_hours_and_after_the_win(tmp_path: Path) -> None:
    """A game resumed at 99:59:55 of play (a save's `played` edited by hand): 5 s on, "time
    100:00:00" was one column wider than the panel, wrapped, and its time went to a row out of
    sight; it stayed blank after the win, whose message names the time. Then the time is shown
    alone, in sight."""
    clock = Clock()
    async with make_app(tmp_path, clock).run_test(size=(80, 24)) as pilot:
        saved = game_of(DUO, "d1 b1 b1 d1").to_json(clock.now)
        saved["clock"]["played"] = 359_995.0
        screen = await open_game(pilot, DUO, MahjongGame.from_json(saved, now=clock.now))
        shown = screen.query_one("#clock")
        screen.refresh_clock()
        await pilot.pause()
        assert widget_lines(shown) == ["time 99:59:55"]
        clock.now += 11
        screen.refresh_clock()
        await pilot.pause()
        assert widget_lines(shown) == ["100:00:06"]
        await pilot.press("enter", "m", "enter", "tab", "enter", "m", "enter")
        await settle(pilot)
        assert screen.game.won
        past = "the time 100:00:06.0 is past the longest a table holds (99:59:59.9)"
        assert screen.query_one(StatusLine).message == f"Not saved: {past}."
        clock.now += 60  # the clock stopped with the win
        screen.refresh_clock()
        await pilot.pause()
        assert widget_lines(shown) == ["100:00:06"]


async def test_ctrl_z_on_a_won_board_names_no_pause(tmp_path: Path) -> None:
    """A cleared board's clock has stopped and p does nothing there: ctrl+z told the player to
    press it (a player review of Mahjong)."""
    async with make_app(tmp_path, Clock()).run_test(size=(80, 24)) as pilot:
        screen = await win_the_duo(pilot, Clock())
        assert screen.game.won
        await pilot.press("ctrl+z")
        await settle(pilot)
        said = "ctrl+z does not suspend here: ctrl+q quits."
        assert screen.query_one(StatusLine).message == said


async def test_every_pair_taken_is_saved_at_once(tmp_path: Path) -> None:
    """Mahjong was saved only on the way out, which a dropped SSH connection never takes
    (SIGHUP ends the app first): every deal in progress was lost."""
    clock = Clock()
    async with make_app(tmp_path, clock).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("lantern"), seed=5)
        await settle(pilot)
        clock.now += 7
        await pilot.press("i", "t")
        await settle(pilot)
        assert len(screen.game.history) == 1
        saved = open_store(tmp_path).load_game("mahjong")
        assert saved is not None
        resumed = MahjongGame.from_json(saved, now=clock.now + 3600)
        assert resumed.history == screen.game.history
        # The hour it spent saved is not counted; the hint is.
        assert resumed.elapsed(clock.now + 3600) == 7 + HINT_SECONDS
        await pilot.press("i")  # a hint paid for is saved at once too (a code review)
        await settle(pilot)
        saved = open_store(tmp_path).load_game("mahjong")
        assert saved is not None
        resumed = MahjongGame.from_json(saved, now=clock.now + 3600)
        assert resumed.elapsed(clock.now + 3600) == 7 + 2 * HINT_SECONDS


async def question_after(pilot: Pilot[None], *keys: str) -> str:
    """Press `keys`: a question opens; its words, on one line."""
    await pilot.press(*keys)
    await settle(pilot)
    asked = pilot.app.screen
    assert isinstance(asked, ConfirmScreen)
    return " ".join(line.strip() for line in widget_lines(asked.query_one(".dialog-text")))


def leaderboard_unreadable(app: LinesTuiApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """A win's time cannot be checked against its table: no name prompt, the time pending."""

    def unreadable(*_: object) -> bool:
        raise StoreError("cannot read scores.json: Input/output error")

    monkeypatch.setattr(app.store, "mahjong_qualifies", unreadable)


async def test_a_game_started_after_another_of_this_copy_replaces_its_save(
    tmp_path: Path,
) -> None:
    """The games of one copy replace each other's saves whatever screen starts them (a deal of
    the day after a game left to the Today screen): only another copy's save is kept."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)  # the menu has read: no saved game
        first = await open_game(pilot, find_layout("lantern"), seed=5)
        await settle(pilot)
        await pilot.press("i", "t")
        await settle(pilot)
        second = await open_game(pilot, find_layout("lantern"), seed=6)
        await settle(pilot)
        await pilot.press("i", "t")
        await settle(pilot)
        assert "not saved" not in second.query_one(StatusLine).message
        saved = open_store(tmp_path).load_game("mahjong")
        assert saved is not None and saved["seed"] == 6
        assert first.game.seed == 5


async def another_copy_saves_then_a_pair_is_taken(
    pilot: Pilot[None], folder: Path, clock: Clock
) -> MahjongGame:
    """Another copy saves a Mahjong game in `folder`, then this one takes a pair: its save is
    refused, the other's game kept. The other copy's game."""
    theirs = MahjongGame.new(find_layout("pagoda"), 22, now=clock.now)
    open_store(folder).save_game("mahjong", theirs.to_json())
    await pilot.press("i", "t")
    await settle(pilot)
    return theirs


async def test_the_help_says_what_a_hint_costs(tmp_path: Path) -> None:
    """A player review: the price of a hint was learnt only once paid ("Hint (+30 s): …")."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("lantern"), seed=5)
        rows = {keys: description for keys, description, _ in key_rows(screen)}
        cost = f"Each position's first hint adds {HINT_SECONDS:g} s to your time"
        assert rows["i"].endswith(cost)


async def test_resuming_a_game_writes_nothing_so_the_copy_playing_it_saves_on(
    tmp_path: Path,
) -> None:
    """A player review: copy A played a resumed game; copy B resumed it too, to look, and took
    no pair. B's resume wrote the save again, so A's next pair, and every one after it, was
    "Not saved: another lines-tui saved a Mahjong game". A Lines game's resume writes nothing;
    a Mahjong game's neither, now: only a pair, an undo or a redo saves it."""
    game = MahjongGame.new(find_layout("lantern"), 5, now=START)
    game.remove(*game.available_pairs()[0], now=START)
    open_store(tmp_path).save_game("mahjong", game.to_json(now=START))
    saved = tmp_path / "saved-mahjong.json"
    before = saved.read_bytes(), saved.stat().st_mtime_ns
    async with make_app(tmp_path, Clock()).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("R")  # the menu's resume
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, MahjongScreen) and len(screen.game.history) == 1
        assert (saved.read_bytes(), saved.stat().st_mtime_ns) == before
        await pilot.press("tab", "t")  # what copy A does: its save is its own again
        await settle(pilot)
        assert not marked_not_saved(screen)
        assert len(MahjongGame.from_json(json.loads(saved.read_text())["game"]).history) == 2


async def test_a_copy_that_only_looked_leaves_the_game_to_the_copy_playing_it(
    tmp_path: Path,
) -> None:
    """The code review of the test above: copy B resumed the game to look and left, which saves
    its own clock; copy A's every pair was refused from then on, and its game lost as it left.
    A save that differs only in its clock is the same game, at the same position."""
    app = make_app(tmp_path, Clock())
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        screen = await open_game(pilot, find_layout("lantern"), seed=5)
        await pilot.press("tab", "t")
        await settle(pilot)
        other = open_store(tmp_path)  # copy B: R, a look of a minute, q
        theirs = other.load_game("mahjong")
        assert theirs is not None
        clock = theirs["clock"]
        other.save_game("mahjong", {**theirs, "clock": {**clock, "played": clock["played"] + 60}})
        await pilot.press("tab", "t")
        await settle(pilot)
        assert not marked_not_saved(screen)
    saved = open_store(tmp_path).load_game("mahjong")
    assert saved is not None and len(saved["history"]) == 2


async def test_the_not_saved_mark_goes_once_a_save_goes_through(tmp_path: Path) -> None:
    """Told once as a notice, which the next notice (a dead end) replaced, the refused save is
    now marked in the panel while it lasts: once the other copy's game is gone and this one is
    saved again, the mark goes."""
    clock = Clock()
    app = make_app(tmp_path, clock)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)  # the menu has read: no saved game
        screen = await open_game(pilot, find_layout("lantern"), seed=5)
        await settle(pilot)
        assert not marked_not_saved(screen)
        await another_copy_saves_then_a_pair_is_taken(pilot, tmp_path, clock)
        assert marked_not_saved(screen)
        open_store(tmp_path).clear_game("mahjong")  # the other copy finished its game
        await pilot.press("u")
        await settle(pilot)
        assert not marked_not_saved(screen)
        assert open_store(tmp_path).load_game("mahjong") is not None


async def test_a_game_another_copy_saved_meanwhile_is_not_saved_over(tmp_path: Path) -> None:
    """Two SSH sessions on one folder, neither with a saved game at the start: the second to
    take a pair replaced the first one's saved game without a word."""
    clock = Clock()
    app = make_app(tmp_path, clock)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)  # the menu has read: no saved game
        screen = await open_game(pilot, find_layout("lantern"), seed=5)
        await settle(pilot)
        theirs = await another_copy_saves_then_a_pair_is_taken(pilot, tmp_path, clock)
        assert screen.query_one(StatusLine).message == (
            "Not saved: another lines-tui saved a Mahjong game; it is kept."
        )
        (shown,) = widget_lines(screen.query_one(StatusLine))
        assert "…" not in shown  # whole on its row at 80 columns
        assert marked_not_saved(screen)
        await pilot.press("u")  # a notice of its own replaces the one above; the mark stays
        await settle(pilot)
        assert "another lines-tui" not in screen.query_one(StatusLine).message
        assert marked_not_saved(screen)
        await pilot.press("ctrl+z")  # it said "... and a game in progress is saved"
        await settle(pilot)
        assert notified(pilot.app, "ctrl+z does not suspend here: p pauses, ctrl+q asks to quit.")
        # On one row at 80 columns, as every message the game writes (a player's test: two).
        drawn = [row for row in widget_lines(screen.query_one(StatusLine)) if row.strip()]
        assert len(drawn) == 1, drawn
        question = await question_after(pilot, "q")
        assert question.startswith("This game cannot be saved (another copy of lines-tui")
        await pilot.press("y")
        await settle(pilot)
    assert open_store(tmp_path).load_game("mahjong") == theirs.to_json()


async def test_keys_typed_on_with_esc_do_nothing_to_the_game_left(tmp_path: Path) -> None:
    """`esc` `u` and a label in one burst (as SSH sends keys) undid the pair on the game being
    left, and saved that (a player's test of Lines found it there)."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await open_game(pilot, find_layout("turtle"))
        first = screen.game.available_pairs()[0][0]
        screen.board.cursor = first
        await pilot.press("enter", "m", "space")
        taken = list(screen.game.history)
        assert len(taken) == 1
        post_keys_at_once(app, "escape", "u", "S", "1", "b")
        await settle(pilot)
        assert screen.game.history == taken
        assert not session_of(pilot).symbols
    saved = open_store(tmp_path).load_game("mahjong")
    assert saved is not None and MahjongGame.from_json(saved).history == taken


async def test_a_win_stops_the_clock_asks_for_a_name_and_opens_the_leaderboard(
    tmp_path: Path,
) -> None:
    clock = Clock()
    app = make_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await win_the_duo(pilot, clock)
        assert screen.game.won
        assert screen.status == "won"
        assert isinstance(app.screen, NameEntryScreen)
        clock.now += 100
        assert screen.game.elapsed(clock.now) == 42
        await pilot.press(*"Ada", "enter")
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)
        # Not a built-in layout: its table is its name and a hash of its tile places.
        entries = app.store.table(f"mahjong-{layout_table_name(DUO)}")
        assert [(entry.name, entry.value) for entry in entries] == [("Ada", 420)]
        assert not entries[0].recorded  # a position given by hand, not dealt from its seed
        await pilot.press("escape")
        assert app.screen is screen
    assert open_store(tmp_path).load_game("mahjong") is None


def app_of_ada(tmp_path: Path) -> tuple[LinesTuiApp, Clock]:
    """An app whose active player is Ada, and its clock."""
    store = open_store(tmp_path)
    store.add_player("Ada")
    store.set_active_player("Ada")
    clock = Clock()
    return make_app(tmp_path, clock), clock


async def name_prompt_of_a_win(
    pilot: Pilot[None], clock: Clock
) -> tuple[MahjongScreen, NameEntryScreen]:
    """Win a game of DUO 42 s after it starts and wait (pressing no key) until the name prompt,
    prefilled with the active player, has been drawn: the game's screen and the prompt."""
    await settle(pilot)  # the menu has read
    screen = await open_game(pilot, DUO, game_of(DUO, "d1 b1 b1 d1"))
    await settle(pilot)  # the player is read: the prompt is prefilled with it
    clock.now += 42
    await pilot.press("enter", "m", "enter", "tab", "enter", "m", "enter")
    await drawn_dialog(pilot)
    prompt = pilot.app.screen
    assert isinstance(prompt, NameEntryScreen)
    return screen, prompt


async def test_keys_typed_on_with_the_winning_pair_do_not_edit_the_prefilled_name(
    tmp_path: Path,
) -> None:
    """A player still typing the last pair's keys (a face letter, i, t) as the name prompt was
    drawn changed the prefilled name, and the time went in under "Adait". Keys within a moment
    of the prompt showing are dropped; a deliberate edit after that is typed as ever."""
    app, clock = app_of_ada(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, prompt = await name_prompt_of_a_win(pilot, clock)
        assert screen.game.won
        await typed_just_after_it_showed(pilot, "i", "t", "backspace", "d")
        assert prompt.query_one(Input).value == "Ada"
        await settle(pilot)  # a moment later: the player has read the prompt
        await pilot.press(*"Bob", "enter")  # typed over the prefilled name, selected whole
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)
    entries = open_store(tmp_path).table(f"mahjong-{layout_table_name(DUO)}")
    assert [entry.name for entry in entries] == ["Bob"]


async def test_keys_mashed_on_for_seconds_after_the_win_do_not_edit_the_prefilled_name(
    tmp_path: Path,
) -> None:
    """A player mashing i t (every 0.35 s) for three seconds after the last pair got
    "ititititit" in the name prompt, past its 0.4 s guard: enter would have filed the time
    under it. Keys that carry on the burst of typing are dropped, and the prompt says so in
    place of its rules; the first key after a pause counts, and every one after it."""
    app, clock = app_of_ada(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        _, prompt = await name_prompt_of_a_win(pilot, clock)
        last = await mashed_on(pilot, "i", "t")
        assert prompt.query_one(Input).value == "Ada"
        await pilot.pause()  # drawn with its hint
        shown = " ".join(" ".join(drawn_rows(app)).split())
        assert "ignored: stop a moment, then type." in shown and "1 to" not in shown
        # A pause, then the player's own keys, quick ones too.
        post_keys_at_once(app, "B", read_at=last + 0.6)
        post_keys_at_once(app, "o", "b", read_at=last + 0.65)
        await pilot.pause()
        assert prompt.query_one(Input).value == "Bob"
        await pilot.pause()  # drawn without its hint
        shown = " ".join(" ".join(drawn_rows(app)).split())
        assert "ignored" not in shown and "1 to" in shown
        post_keys_at_once(app, "enter", read_at=last + 0.7)
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)
    entries = open_store(tmp_path).table(f"mahjong-{layout_table_name(DUO)}")
    assert [entry.name for entry in entries] == ["Bob"]


async def test_quitting_at_the_name_prompt_keeps_the_win_to_record_later(tmp_path: Path) -> None:
    """ctrl+q (or a dropped connection) at "Your name for the leaderboard" lost the time: the
    won game now stays saved until its time is saved or turned down, and resumed it asks
    again, with the time it was won in."""
    clock = Clock()
    app = make_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await win_the_duo(pilot, clock)
        assert isinstance(app.screen, NameEntryScreen)
        await pilot.press("ctrl+q")
        await settle(pilot)
    saved = open_store(tmp_path).load_game("mahjong")
    assert saved is not None
    won = MahjongGame.from_json(saved)
    assert won.won
    clock.now += 3600
    async with make_app(tmp_path, clock).run_test(size=(80, 24)) as pilot:
        await settle(pilot)  # the menu has read the saved game: resuming it replaces it
        await open_game(pilot, DUO, won)
        await settle(pilot)
        assert isinstance(pilot.app.screen, NameEntryScreen)
        await pilot.press(*"Ada", "enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, LeaderboardScreen)
    entries = open_store(tmp_path).table(f"mahjong-{layout_table_name(DUO)}")
    assert [(entry.name, entry.value) for entry in entries] == [("Ada", 420)]
    assert won.won_at is not None and entries[0].date == math.floor(won.won_at)  # not an hour on
    assert open_store(tmp_path).load_game("mahjong") is None


async def test_a_win_another_copy_resumed_and_filed_is_not_filed_again(tmp_path: Path) -> None:
    """Copy G won and waited at the name prompt; copy H resumed the won game from its menu and
    filed it as "Two"; G's "One" then went into the table too: one game, two places. Now G
    files nothing and says so in one line."""
    clock = Clock()
    app = make_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await win_the_duo(pilot, clock)
        assert isinstance(app.screen, NameEntryScreen)
        other = open_store(tmp_path)  # copy H: its menu offers the won game, R, "Two", enter
        resumed = other.load_game("mahjong")
        assert resumed is not None and MahjongGame.from_json(resumed).won
        table = f"mahjong-{layout_table_name(DUO)}"
        assert other.record_mahjong(
            "Two", table.removeprefix("mahjong-"), 42.0, 1, START, saved=resumed
        ).saved
        await pilot.press(*"One", "enter")
        await settle(pilot)
        assert app.screen is screen  # the name dialog closed; no leaderboard
        assert screen.query_one(StatusLine).message == ANOTHER_COPY_FILED_IT
        other.save_game("mahjong", {"a game": "of copy H"} | resumed)  # H plays on: kept
        await pilot.press("q")
        await settle(pilot)
    assert [entry.name for entry in open_store(tmp_path).table(table)] == ["Two"]
    assert open_store(tmp_path).load_game("mahjong") is not None


@pytest.mark.parametrize("meanwhile", ["turned down", "another game"])
async def test_a_win_another_copy_dropped_at_its_name_prompt_is_filed_here(
    tmp_path: Path, meanwhile: str
) -> None:
    """A player review: copy G won and waited at the name prompt; copy H resumed the won game
    and turned its time down (esc at its prompt), or started a new game over it. G's name then
    filed nothing, and G said "Another lines-tui filed this win already", which no copy had.
    The win is G's still: filed, once, and H's game stays."""
    clock = Clock()
    app = make_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot, DUO, MahjongGame.new(DUO, 5, now=START))
        clock.now += 42
        await pilot.press("i", "t", "i", "t")
        await settle(pilot)
        assert isinstance(app.screen, NameEntryScreen)
        other = open_store(tmp_path)  # copy H: its menu offers the won game
        resumed = other.load_game("mahjong")
        assert resumed is not None and MahjongGame.from_json(resumed).won
        theirs = MahjongGame.new(DUO, 6, now=START).to_json(now=START)
        if meanwhile == "turned down":
            other.clear_game("mahjong", known=resumed)
        else:
            other.save_game("mahjong", theirs, known=resumed)
        await pilot.press(*"One", "enter")
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)
    table = f"mahjong-{layout_table_name(DUO)}"
    entries = open_store(tmp_path).table(table)
    assert [(entry.name, entry.value) for entry in entries] == [("One", 420 + 2 * 300)]  # 2 hints
    assert entries[0].record is not None
    assert open_store(tmp_path).load_game("mahjong") == (
        None if meanwhile == "turned down" else theirs
    )


async def file_a_resumed_win(
    pilot: Pilot[None],
    saved: dict[str, Any],
    name: str,
    meanwhile: Callable[[], object] = lambda: None,
) -> None:
    """Once the menu has read the won game `saved`, resume it: `meanwhile()` at the name
    prompt, then `name`, which another copy has filed already: nothing is filed, and the status
    line says so."""
    await settle(pilot)
    screen = await open_game(pilot, DUO, MahjongGame.from_json(saved))
    await settle(pilot)
    assert isinstance(pilot.app.screen, NameEntryScreen)
    meanwhile()
    await pilot.press(*name, "enter")
    await settle(pilot)
    assert pilot.app.screen is screen
    assert screen.query_one(StatusLine).message == ANOTHER_COPY_FILED_IT


async def test_a_resumed_win_another_copy_filed_meanwhile_is_not_filed_again(
    tmp_path: Path,
) -> None:
    """The other way round: this copy resumed the won game (saving it again as it was), the
    copy that won it filed it meanwhile."""
    clock = Clock()
    async with make_app(tmp_path, clock).run_test(size=(80, 24)) as pilot:
        await win_the_duo(pilot, clock)
        await pilot.press("ctrl+q")
        await settle(pilot)
    saved = open_store(tmp_path).load_game("mahjong")
    assert saved is not None
    async with make_app(tmp_path, clock).run_test(size=(80, 24)) as pilot:
        table = layout_table_name(DUO)

        def winner_files() -> None:  # the won game this copy saved again is the one it left
            filed = open_store(tmp_path).record_mahjong("One", table, 42.0, 1, START, saved=saved)
            assert filed.saved

        await file_a_resumed_win(pilot, saved, "Two", meanwhile=winner_files)
    assert [entry.name for entry in open_store(tmp_path).table(f"mahjong-{table}")] == ["One"]
    assert open_store(tmp_path).load_game("mahjong") is None


async def test_a_win_filed_by_another_copy_then_kept_by_a_quit_is_not_filed_again(
    tmp_path: Path,
) -> None:
    """Copy H resumed the won game and filed it while this copy waited at the name prompt;
    ctrl+q here then saved the won game again, and resumed later it was filed a second time."""
    clock = Clock()
    dealt = MahjongGame.new(DUO, 1, now=START)  # dealt from its seed: its time has a record
    async with make_app(tmp_path, clock).run_test(size=(80, 24)) as pilot:
        await open_game(pilot, DUO, dealt)
        clock.now += 42
        await pilot.press("enter", "m", "enter", "tab", "enter", "m", "enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, NameEntryScreen)
        resumed = open_store(tmp_path).load_game("mahjong")  # copy H: R, "Two", enter
        assert resumed is not None
        won = MahjongGame.from_json(resumed)
        record = record_of_mahjong(won)
        assert won.won_at is not None and record is not None
        table = layout_table_name(DUO)
        other = open_store(tmp_path)
        assert other.record_mahjong("Two", table, 42.0, 1, won.won_at, record, saved=resumed).saved
        await pilot.press("ctrl+q")
        await settle(pilot)
    saved = open_store(tmp_path).load_game("mahjong")
    assert saved == resumed  # kept by the quit, to ask again
    async with make_app(tmp_path, clock).run_test(size=(80, 24)) as pilot:
        await file_a_resumed_win(pilot, saved, "One")
    assert [entry.name for entry in open_store(tmp_path).table(f"mahjong-{table}")] == ["Two"]
    assert open_store(tmp_path).load_game("mahjong") is None


async def test_a_key_with_the_winning_pair_neither_drops_nor_misfiles_the_time(
    tmp_path: Path,
) -> None:
    """N typed with the last pair started a new deal under the name prompt, and the time went
    into the new deal's table with no moves ("verified", refuted by any replay)."""
    clock = Clock()
    app = make_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, DUO, game_of(DUO, "d1 b1 b1 d1"))
        clock.now += 42
        await pilot.press("enter", "m", "enter")
        post_keys_at_once(app, "tab", "enter", "m", "enter", "N")
        await settle(pilot)
        assert isinstance(app.screen, NameEntryScreen)  # the time first; N did nothing
        await pilot.press(*"Ada", "enter")
        await settle(pilot)
        assert screen.game.won
        seed = screen.game.seed
    (entry,) = open_store(tmp_path).table(f"mahjong-{layout_table_name(DUO)}")
    assert (entry.name, entry.value, entry.seed) == ("Ada", 420, seed)


async def test_keys_typed_before_the_name_dialog_showed_stay_out_of_the_name(
    tmp_path: Path,
) -> None:
    """`i` `t` typed on with the winning pair waited in the queue and landed in the name field
    ("ititit"); keys typed once the dialog shows go in."""
    clock = Clock()
    app = make_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        typed_on = [events.Key(key, key) for key in "itit"]  # read from the terminal now
        screen = await win_the_duo(pilot, clock)
        assert isinstance(app.screen, NameEntryScreen)
        for key in typed_on:  # ...and handed on only once the dialog shows
            app.post_message(key)
        await settle(pilot)
        field = app.screen.query_one(Input)
        assert field.value == ""
        await pilot.press(*"Ada")
        assert field.value == "Ada"
        await pilot.press("enter")
        await settle(pilot)
        assert screen.game.won
    (entry,) = open_store(tmp_path).table(f"mahjong-{layout_table_name(DUO)}")
    assert entry.name == "Ada"


async def test_a_new_deal_over_a_time_not_saved_asks_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The leaderboard could not be read, so no name prompt: N replaced the won game (its time
    kept to save) without a word."""
    clock = Clock()
    app = make_app(tmp_path, clock)
    leaderboard_unreadable(app, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await win_the_duo(pilot, clock)
        assert app.screen is screen
        question = await question_after(pilot, "N")
        assert question.startswith("Your time 0:42.0 is not saved yet. Drop it and start a new")
        await pilot.press("n")
        await settle(pilot)
        assert screen.game.won
    saved = open_store(tmp_path).load_game("mahjong")
    assert saved is not None and MahjongGame.from_json(saved).won


async def test_a_time_not_saved_says_why_within_the_status_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reason was cut away at 80 columns behind a long wording and a long path. The game
    is won, its board cleared: the line wraps the notice whole, path and reason (it was cut to
    one row, the path's folders first, as it still is in play)."""
    clock = Clock()
    app = make_app(tmp_path, clock)
    scores = tmp_path / "a-data-folder-of-some-length" / "lines-tui" / "scores.json"

    def refused(*_: object, **__: object) -> object:
        raise StoreError(f"cannot write to {scores}: Is a directory")

    monkeypatch.setattr(app.store, "record_mahjong", refused)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await win_the_duo(pilot, clock)
        await pilot.press(*"Ada", "enter")
        await settle(pilot)
        assert app.screen is screen
        shown = widget_lines(screen.query_one(StatusLine))
        # And how to try again, as Lines says it: the won game is kept.
        told = (
            f"Not saved: cannot write to {scores}: Is a directory. "
            "Kept: resume it from the menu to try again."
        )
        # Whole, over the rows it takes (the path, longer than a row, folded where it must).
        assert "".join("".join(shown).split()) == "".join(told.split())
        assert "…" not in "".join(shown)


async def test_a_time_and_a_won_game_the_disk_refuses_do_not_promise_a_kept_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk full from the first pair on: the won game was never saved, yet its time's
    refusal said "Kept: resume it from the menu to try again"."""
    clock = Clock()
    app = make_app(tmp_path, clock)

    def no_room(*_: object, **__: object) -> object:
        raise StoreError("cannot write to the data folder: No space left on device")

    monkeypatch.setattr(app.store, "record_mahjong", no_room)
    monkeypatch.setattr(app.store, "save_game", no_room)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await win_the_duo(pilot, clock)
        await pilot.press(*"Ada", "enter")
        await settle(pilot)
        assert screen.query_one(StatusLine).message == (
            "Not saved: cannot write to the data folder: No space left on device. "
            "The game could not be kept to try again either."
        )


async def test_while_a_time_is_written_the_game_stays_and_a_quit_records_it_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """N during the write asked to drop a time that was then saved anyway, and a quit during
    it left the won game saved: resumed, it asked for the name and recorded the time twice."""
    clock = Clock()
    app = make_app(tmp_path, clock)
    gate = held_call(app, monkeypatch, "record_mahjong", CHECK_BOUND)  # a slow disk
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await win_the_duo(pilot, clock)
        await pilot.press(*"Ada", "enter")
        await pilot.pause()
        await pilot.press("N")
        await pilot.pause()
        assert app.screen is screen and screen.game.won
        assert screen.query_one(StatusLine).message == SAVING_TIME
        gate.set()
        await pilot.press("ctrl+q")
    store = open_store(tmp_path)
    assert [e.name for e in store.table(f"mahjong-{layout_table_name(DUO)}")] == ["Ada"]
    assert store.load_game("mahjong") is None


@pytest.mark.parametrize("leaving", ["q", "ctrl+q", "hang up"])
async def test_leaving_while_a_time_is_written_that_the_disk_refuses_keeps_the_won_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, leaving: str
) -> None:
    """q (or ctrl+q, or a dropped connection) while the time was written left the won game to
    the write, whose failure (a full disk) lost the time, the won game and any word of it: the
    won game was removed before the time failed to be written, and saving it back, as telling
    the player, was left to a screen gone meanwhile."""
    clock = Clock()
    faults = FaultyFileSystem()
    app = ExitWatchingApp(store_on(tmp_path, faults), clock=clock)
    app.exiting = threading.Event()
    left = app.exiting if leaving != "q" else threading.Event()
    record = app.store.record_mahjong

    def once_left(*args: Any, **options: Any) -> Any:
        assert left.wait(BOUND), "the game was not left"
        faults.fail("write", errno.ENOSPC)  # the disk fills up as the time is written
        return record(*args, **options)

    monkeypatch.setattr(app.store, "record_mahjong", once_left)
    notices: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        notify = app.notify
        monkeypatch.setattr(
            app, "notify", lambda message, **kw: (notices.append(message), notify(message, **kw))
        )
        screen = await win_the_duo(pilot, clock)
        await pilot.press(*"Ada", "enter")
        await pilot.pause()
        assert app.screen is screen  # the name given: the time is being written
        if leaving == "hang up":
            app.terminated(HUNG_UP)
        else:
            await pilot.press(leaving)
        if leaving == "q":
            await pilot.pause()
            assert app.screen is not screen  # left at once, the time still being written
            left.set()
            await app.session.io.idle()
            await settle(pilot)
            assert notices[-1].startswith("Your Mahjong result is not saved: cannot write")
            assert notices[-1].endswith("Resume the game to try again.")
    faults.heal()
    store = open_store(tmp_path)
    assert store.table(f"mahjong-{layout_table_name(DUO)}") == ()
    saved = store.load_game("mahjong")
    assert saved is not None and MahjongGame.from_json(saved).won  # resumed, it asks again


async def test_a_new_deal_stopped_while_proving_keeps_the_time_not_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """N, yes, then esc while the new deal was proved: back on the won game, its time already
    dropped."""
    clock = Clock()
    app = make_app(tmp_path, clock)
    leaderboard_unreadable(app, monkeypatch)

    class ProvingForLong(ProvingScreen):
        """A proof that takes its time (a big layout, a busy machine): it never starts."""

        def on_mount(self, event: events.Mount) -> None:
            event.prevent_default()

    monkeypatch.setattr(replacing, "ProvingScreen", ProvingForLong)
    async with app.run_test(size=(80, 24)) as pilot:
        app.session.solvable_deals = True
        screen = await win_the_duo(pilot, clock)
        await answered(pilot, "N", "y")
        await settle(pilot)
        assert isinstance(app.screen, ProvingScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen and screen.game.won
        await pilot.press("N")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)  # still a time to drop: it asks again
    saved = open_store(tmp_path).load_game("mahjong")
    assert saved is not None and MahjongGame.from_json(saved).won


async def test_a_time_turned_down_at_the_name_prompt_clears_the_won_game(tmp_path: Path) -> None:
    clock = Clock()
    app = make_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await win_the_duo(pilot, clock)
        assert isinstance(app.screen, NameEntryScreen)
        await turn_down_the_time(pilot)
        assert open_store(tmp_path).load_game("mahjong") is None


async def test_esc_at_the_name_prompt_asks_before_the_time_is_dropped(tmp_path: Path) -> None:
    """One esc at "Your name for the leaderboard" threw the time away for good, unasked. It
    asks now; no brings the prompt back, and the time is saved as ever."""
    clock = Clock()
    app = make_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await win_the_duo(pilot, clock)
        assert isinstance(app.screen, NameEntryScreen)
        await pilot.press(*"Bo")
        await pilot.press("escape")
        await settle(pilot)
        question = app.screen
        assert isinstance(question, ConfirmScreen)
        told = " ".join(str(w.render()) for w in question.query(".dialog-text"))
        assert "Your time 0:42.0 is not saved yet. Drop it?" in told
        await pilot.press("n")
        await settle(pilot)
        prompt = app.screen
        assert isinstance(prompt, NameEntryScreen) and prompt.query_one(Input).value == "Bo"
        await pilot.press("end", "b", "enter")  # what was typed is there to go on with
        await settle(pilot)
    entries = open_store(tmp_path).table(f"mahjong-{layout_table_name(DUO)}")
    assert [entry.name for entry in entries] == ["Bob"]


async def won_by_ada_unread(
    pilot: Pilot[None], faults: FaultyFileSystem, clock: Clock, *, held_at_the_win: bool
) -> MahjongScreen:
    """Win the duo in 42 s while another lines-tui holds the data folder's lock as the game
    starts (so the game cannot read its player, Ada), and `held_at_the_win` still then."""
    await settle(pilot)  # the menu has read
    faults.fail("lock")
    screen = await open_game(pilot, DUO, game_of(DUO, "d1 b1 b1 d1"))
    await settle(pilot)
    assert screen.player_unread
    if not held_at_the_win:
        faults.heal()
    clock.now += 42
    await pilot.press("enter", "m", "enter", "tab", "enter", "m", "enter")
    await settle(pilot)
    assert screen.game.won
    return screen


def app_of_ada_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[LinesTuiApp, Clock, FaultyFileSystem]:
    """`app_of_ada` on a disk that fails on demand, whose games read a player they could not
    read again only as a result is checked (their quiet reads come later than any test)."""
    monkeypatch.setattr(game_player, "RETRY_SECONDS", (3600.0,))
    _, clock = app_of_ada(tmp_path)
    faults = FaultyFileSystem()
    return LinesTuiApp(store_on(tmp_path, faults), clock=clock), clock, faults


async def test_a_win_reads_the_player_again_for_the_name_prompt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The player not read yet at the win (the read as the game started found the folder's
    lock held, and the next was seconds away): the name prompt came empty, asking Ada to type
    a name already registered. The win reads her again, as a Lines game's end does."""
    app, clock, faults = app_of_ada_on(tmp_path, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await won_by_ada_unread(pilot, faults, clock, held_at_the_win=False)
        prompt = app.screen
        assert isinstance(prompt, NameEntryScreen) and prompt.query_one(Input).value == "Ada"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)
    entries = open_store(tmp_path).table(f"mahjong-{layout_table_name(DUO)}")
    assert [(entry.name, entry.value) for entry in entries] == [("Ada", 420)]


async def test_a_win_whose_player_cannot_be_read_says_so_and_keeps_the_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folder's lock still held at the win: no name is asked (Ada would have had to type
    her own), the status line says why in one notice, and the time is kept: N asks before
    dropping it, and the won game, left and resumed once the lock is free, asks for the name,
    prefilled with hers."""
    app, clock, faults = app_of_ada_on(tmp_path, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await won_by_ada_unread(pilot, faults, clock, held_at_the_win=True)
        assert app.screen is screen
        told = screen.query_one(StatusLine).message
        # "try again" once: the lock's reason said it too, before the notice's own.
        busy = "another lines-tui is writing the data folder"
        assert told == PLAYER_NOT_READ.format(time="0:42.0", error=busy)
        assert BUSY.startswith(busy) and told.count("try again") == 1
        faults.heal()
        question = await question_after(pilot, "N")
        assert question.startswith("Your time 0:42.0 is not saved yet. Drop it")
        await pilot.press("n")
        await settle(pilot)
    saved = open_store(tmp_path).load_game("mahjong")
    assert saved is not None
    async with make_app(tmp_path, clock).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_game(pilot, DUO, MahjongGame.from_json(saved))
        await settle(pilot)
        prompt = pilot.app.screen
        assert isinstance(prompt, NameEntryScreen) and prompt.query_one(Input).value == "Ada"


async def test_a_player_registered_with_an_invisible_character_files_a_win_under_their_name(
    tmp_path: Path,
) -> None:
    """Names with a variation selector (a heart typed as an emoji) are refused now; a player
    registered so before keeps their name, prefilled after a win and filed as it is. Another
    name typed with one is refused in the dialog, as the Players screen refuses it."""
    heart = "Zo\u00eb \u2764\ufe0f"
    open_store(tmp_path).add_player("Zoe")
    scores = tmp_path / "scores.json"
    scores.write_text(scores.read_text().replace('"Zoe"', json.dumps(heart)))
    open_store(tmp_path).set_active_player(heart)
    clock = Clock()
    app = make_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await win_the_duo(pilot, clock)
        prompt = app.screen
        assert isinstance(prompt, NameEntryScreen) and prompt.query_one(Input).value == heart
        prompt.query_one(Input).value = "Bob\ufe0f"
        await pilot.press("enter")
        problem = str(prompt.query_one("#name-problem").render())
        assert app.screen is prompt and problem.endswith("invisible characters (U+FE0F).")
        prompt.query_one(Input).value = heart
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LeaderboardScreen)
    entries = open_store(tmp_path).table(f"mahjong-{layout_table_name(DUO)}")
    assert [entry.name for entry in entries] == [heart]


async def test_a_tile_ten_layers_up_keeps_its_bottom_edge_one_cell_a_layer(
    tmp_path: Path,
) -> None:
    """A 10 and up on a tile's bottom edge shifted the columns after it."""
    layout = Layout("tower", "Tower", tuple((0, 0, z) for z in range(12)), "test")
    faces = " ".join(["d1", "d1", "b1", "b1", "c1", "c1"] * 2)
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, faces))
        await settle(pilot)
        rows = [row.rstrip() for row in widget_lines(screen.board) if row.strip()]
        assert [len(row) for row in rows] == [len(rows[0])] * 2, rows  # label row, edge row
        assert rows[1].endswith("▁^▁"), rows


async def test_escape_drops_the_pick_first_and_then_leaves(tmp_path: Path) -> None:
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("lantern"))
        await pilot.press("i", "enter")  # a hinted tile picked (a hint drops any other pick)
        assert screen.board.selected is not None and screen.board.hints
        await pilot.press("escape")
        assert screen.board.selected is None and not screen.board.hints
        assert pilot.app.screen is screen
        await pilot.press("escape")
        assert pilot.app.screen is not screen


async def test_symbols_mode_marks_what_colour_shows(tmp_path: Path) -> None:
    layout = row_layout(6)
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "dr d1 b1 d1 b1 dr"))
        board = screen.board
        await pilot.press("S", "enter", "right")  # free marks are on from the start
        assert board.symbols
        first = board.tile_region(0)
        top_row = board.render_line(first.y).text[first.x :]
        assert top_row.startswith("▏Rd*▏1D ")  # picked: '*'
        assert top_row.rstrip().endswith("▏Rd:")  # free: ':'
        await pilot.press("m", "enter")  # the other red dragon: now lost
        lost_row = board.render_line(first.y).text[first.x :]
        assert lost_row.count("x") == 4


async def test_restart_and_new_deal(tmp_path: Path) -> None:
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("lantern"), seed=3)
        first, second = screen.game.available_pairs()[0]
        screen.board.cursor = first
        await pilot.press("enter")
        screen.board.cursor = second
        await pilot.press("enter")
        assert screen.game.history
        await answered(pilot, "R", "y")  # a game in progress: asked first
        await pilot.pause()
        assert not screen.game.history
        assert screen.board.present == screen.game.position.geometry.all_present
        assert screen.game.seed == 3
        await pilot.press("N")
        assert screen.game.seed != 3
        labels = tuple(face_by_id(face).label for face in screen.game.position.faces)
        assert screen.board.labels == labels
        assert str(screen.query_one("#deal").render()) == f"deal {screen.game.seed}"


async def test_restart_and_new_deal_say_what_is_lost_in_words(tmp_path: Path) -> None:
    """After undoing back to the start they asked "The 0 pair(s) taken are lost": what is lost
    then is the pairs that could be redone."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("lantern"), seed=3)
        await pilot.press("i", "t")
        await settle(pilot)
        assert len(screen.game.history) == 1
        said = await question_after(pilot, "R")
        assert said.endswith("You lose the pair taken."), said
        await pilot.press("n")
        await pilot.press("u")
        await settle(pilot)
        for key in ("R", "N"):
            said = await question_after(pilot, key)
            assert "(s)" not in said and " 0 " not in said, said
            assert said.endswith("You lose the pair you could redo (U)."), said
            await pilot.press("n")
            await settle(pilot)
        await pilot.press("U", "i", "t")
        await settle(pilot)
        said = await question_after(pilot, "N")
        assert said.endswith("You lose the 2 pairs taken."), said
        await pilot.press("n")
        await settle(pilot)
        # Both kinds at once, each with its article.
        await pilot.press("i", "t", "u")
        await settle(pilot)
        said = await question_after(pilot, "R")
        assert said.endswith("You lose the 2 pairs taken and the pair you could redo (U)."), said


async def test_digits_typed_on_the_layout_list_make_the_deal_number(tmp_path: Path) -> None:
    """Typed on the list one at a time (a player) or in a burst (a script), the digits go to the
    deal number whole: the field taking the focus must not select the first digit for the second
    to replace. Tabbing to the field selects its number, so typing replaces it."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        chosen: list[object] = []
        await pilot.app.push_screen(LayoutPickerScreen(folders=[]), chosen.append)
        await pilot.app.workers.wait_for_complete()
        seed = pilot.app.screen.query_one("#seed", Input)
        for digit in "500":
            await pilot.press(digit)
            await pilot.pause()
        assert seed.value == "500"
        await pilot.press("tab", "tab", "4", "2")  # to the list and back: the number selected
        assert seed.value == "42"
        await pilot.press("tab", *"37", "enter")  # on the list, in a burst: a new number
        assert chosen == [(find_layout("turtle"), 37, False)]


async def test_the_picker_takes_every_deal_number_a_game_shows(tmp_path: Path) -> None:
    """Today's deals have 19-digit numbers; the picker refused anything over 18 digits, with
    "type a whole number" for a whole number."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        chosen: list[object] = []
        await pilot.app.push_screen(LayoutPickerScreen(folders=[]), chosen.append)
        await pilot.app.workers.wait_for_complete()
        await pilot.press("tab", *str(LAST_DEAL + 1), "enter")
        assert not chosen
        error = " ".join(widget_lines(pilot.app.screen.query_one("#seed-error"))).strip()
        assert error == f"{LAST_DEAL + 1} is too large: the last deal is {LAST_DEAL}"
        await pilot.press(*"0000", "enter")  # longer still: whole, as --seed repeats it
        error = " ".join(widget_lines(pilot.app.screen.query_one("#seed-error"))).strip()
        assert error == f"{LAST_DEAL + 1}0000 is too large"
        await pilot.press(*["backspace"] * 5, "enter")
        assert chosen == [(find_layout("turtle"), LAST_DEAL // 10, False)]


@pytest.mark.parametrize("digits", [21, 30, 40, 41, 5000])
@pytest.mark.parametrize("rows", [24, 16])
async def test_the_picker_repeats_a_refused_number_as_the_command_line_does(
    home: Path, digits: int, rows: int
) -> None:
    """The picker cut a number of 21 to 40 digits at 20 characters ("99999…"), which
    `--seed` repeats whole: both ask the engine now. Whole, a 40-digit number and the last deal
    do not fit the error line at 80 columns (70 cells at 80 x 16, where the panel scrolls): the
    line says then what is wrong without the last deal, never cut."""
    typed = "9" * digits
    said = typed if digits <= 40 else f"a deal number of {digits:,} digits"
    assert f"'--seed': {said} is not in the range 0<=x<=" in run("mahjong", "--seed", typed).stderr
    async with make_app(home / "data").run_test(size=(80, rows)) as pilot:
        chosen: list[object] = []
        await pilot.app.push_screen(LayoutPickerScreen(folders=[]), chosen.append)
        await pilot.app.workers.wait_for_complete()
        await pilot.press("tab")
        pilot.app.screen.query_one("#seed", Input).post_message(events.Paste(typed))
        await settle(pilot)
        await pilot.press("enter")
        error = pilot.app.screen.query_one("#seed-error")
        assert widget_lines(error)[0].strip() == f"{said[:1].upper()}{said[1:]} is too large"
        assert in_sight(error) and not chosen


@pytest.mark.parametrize(
    ("digits", "said"), [(30, "-" + "9" * 30), (41, "A negative number of 41 digits")]
)
async def test_the_picker_repeats_a_negative_number_as_it_repeats_any_number(
    tmp_path: Path, digits: int, said: str
) -> None:
    """It cut one at 20 characters too."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(LayoutPickerScreen(folders=[]))
        await pilot.app.workers.wait_for_complete()
        await pilot.press("tab", "-", *"9" * digits, "enter")
        error = pilot.app.screen.query_one("#seed-error")
        assert widget_lines(error)[0].strip() == f"{said} is not a deal number"


WIDE_ONE = "\uff11"
"""A fullwidth 1: a digit that takes two columns."""


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("+" + "9" * 40, "+" + "9" * 40),
        ("+" + "9" * 41, "a number of 41 digits with '+' before it"),
        (WIDE_ONE * 20, WIDE_ONE * 20),
        (WIDE_ONE * 36, "a number of 36 digits"),
    ],
    ids=["plus-40", "plus-41", "wide-20", "wide-36"],
)
@pytest.mark.parametrize("rows", [24, 16])
async def test_a_number_with_a_plus_or_wide_digits_is_repeated_as_the_command_line_does(
    home: Path, typed: str, said: str, rows: int
) -> None:
    """Past 40 digits, the picker repeated "+999..." as "A number of 41 digits", its + left
    out, and `--seed` echoed it whole, however long; 36 fullwidth digits, 72 columns, were
    repeated whole and the row's "…" cut what is wrong with them. Both ask the engine, which
    counts a wide digit's two columns and says the +, and the picker's row never cuts its
    reason."""
    repeated = repr(typed) if said == typed else said
    refusal = run("mahjong", "--seed", typed).stderr
    assert f"'--seed': {repeated} is not a valid whole number." in refusal
    async with make_app(home / "data").run_test(size=(80, rows)) as pilot:
        chosen: list[object] = []
        await pilot.app.push_screen(LayoutPickerScreen(folders=[]), chosen.append)
        await pilot.app.workers.wait_for_complete()
        await pilot.press("tab")
        pilot.app.screen.query_one("#seed", Input).value = typed
        await pilot.press("enter")
        error = pilot.app.screen.query_one("#seed-error")
        wrong = f"{said[:1].upper()}{said[1:]} is not a deal number"
        assert widget_lines(error)[0].strip() in (wrong, f"{wrong}: type a whole number like 42")
        assert in_sight(error) and not chosen


async def test_a_deal_number_pasted_with_words_or_colours_goes_in_as_its_number(
    tmp_path: Path,
) -> None:
    """The field's type dropped any paste but bare digits, without a word."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(LayoutPickerScreen(folders=[]))
        await pilot.app.workers.wait_for_complete()
        await pilot.press("tab")
        seed = pilot.app.screen.query_one("#seed", Input)
        for pasted, number in [(" 5678 ", "5678"), ("deal 535993", "535993"), ("1\x1b[1m2", "12")]:
            seed.value = ""
            seed.post_message(events.Paste(pasted))
            await settle(pilot)
            assert seed.value == number
        seed.value = ""
        seed.post_message(events.Paste("deal -5"))  # kept as pasted: enter refuses it in words
        await settle(pilot)
        assert seed.value == "-5"
        seed.value = "12"
        seed.post_message(events.Paste("no number here"))
        await settle(pilot)
        assert seed.value == "12"
        error = " ".join(widget_lines(pilot.app.screen.query_one("#seed-error"))).strip()
        assert error == "The paste holds no deal number: paste or type one."
        # A review pasted a challenge code here: its digits are no deal, and Import reads it.
        code = codes.encode(TableId.lines(9), [Entry("Bo", 90, int(FIXED_NOW), 1)])
        seed.post_message(events.Paste(f"beat this: {code}"))
        await settle(pilot)
        assert seed.value == "12"
        error = " ".join(widget_lines(pilot.app.screen.query_one("#seed-error"))).strip()
        assert error == "That is a share code: esc, then i imports it (a challenge's deal too)."


async def test_the_picker_returns_the_layout_and_the_deal_number(tmp_path: Path) -> None:
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        chosen: list[object] = []
        await pilot.app.push_screen(LayoutPickerScreen(folders=[]), chosen.append)
        await pilot.app.workers.wait_for_complete()
        await pilot.press("down", "down", "tab", "-", "5", "enter")
        assert not chosen
        assert "not a deal number" in str(pilot.app.screen.query_one("#seed-error").render())
        await pilot.press("backspace", "backspace", *"17", "enter")
        layout, seed, solvable = chosen[0]  # type: ignore[misc]
        assert (layout.name, seed, solvable) == ("pagoda", 17, False)
        await pilot.app.push_screen(LayoutPickerScreen(folders=[]), chosen.append)
        await pilot.press("enter")
        assert chosen[1] == (find_layout("turtle"), None, False)


async def test_a_deal_number_typed_in_one_burst_with_enter_is_read_whole(tmp_path: Path) -> None:
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        chosen: list[object] = []
        await pilot.app.push_screen(LayoutPickerScreen(folders=[]), chosen.append)
        await pilot.press("tab")
        post_keys_at_once(pilot.app, "1", "7", "enter")
        await pilot.pause()
        assert chosen == [(find_layout("turtle"), 17, False)]


async def test_arrows_and_digits_typed_in_one_burst_act_in_the_order_typed(
    tmp_path: Path,
) -> None:
    """down down 5 read at once (SSH bunches keys) moved the focus to the deal number before the
    arrows reached the list: they were lost, and enter played the first layout. The arrows move
    the list, then the digit starts the number; tab in the burst takes its turn too."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        app = pilot.app
        chosen: list[object] = []
        await app.push_screen(LayoutPickerScreen(folders=[]), chosen.append)
        await settle(pilot)
        post_keys_at_once(app, "down", "down", "5")
        await settle(pilot)
        assert app.screen.query_one("#layouts", DataTable).cursor_row == 2
        assert app.screen.query_one("#seed", Input).value == "5"
        await pilot.press("enter")
        assert chosen == [(find_layout("pagoda"), 5, False)]
        await app.push_screen(LayoutPickerScreen(folders=[]), chosen.append)
        await settle(pilot)
        post_keys_at_once(app, "down", "tab", "4", "tab", "down", "2", "enter")
        await settle(pilot)
        assert chosen[1] == (find_layout("pagoda"), 2, False)


async def test_layout_keys_typed_on_from_the_menu_start_the_layout_typed(tmp_path: Path) -> None:
    """m down down 5 enter in one go, the picker's keys held until it is drawn: Pagoda's deal 5,
    as when typed slowly (it was Turtle's)."""
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        await settle(pilot)  # the menu there
        post_keys_at_once(pilot.app, "m", "down", "down", "5", "enter")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, MahjongScreen)
        assert (screen.game.layout.name, screen.game.seed) == ("pagoda", 5)


async def test_a_new_deal_forgets_what_was_proved_about_the_old_one(tmp_path: Path) -> None:
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_dead_row(pilot)
        assert await settled(pilot, screen) == "dead end"
        await pilot.press("N")
        # Same places, all present again, new faces: a 6-tile deal (four of one type, two of
        # another) always clears, so a remembered "dead end" would show here.
        assert screen.game.position.faces != tuple(DEAD_ROW_FACES.split())
        assert await settled(pilot, screen) == "solvable"


async def test_a_stray_click_changes_nothing(tmp_path: Path) -> None:
    """The app never asks the terminal for the mouse (over SSH every motion costs bytes), so a
    click arrives only when something else turned the terminal's mouse reporting on. It used to
    pick the tile under it, a covered one too, where no key can take the cursor (a review)."""
    layout = row_layout(4)
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d1 b1 b1 d1"))
        board = screen.board
        before = (board.cursor, board.selected)
        tile = board.tile_region(3)
        await pilot.click(MahjongBoard, offset=(tile.x + 1, tile.y))
        assert (board.cursor, board.selected) == before


async def test_unicode_tiles_are_an_option_that_keeps_the_columns(tmp_path: Path) -> None:
    layout = row_layout(4)
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "dr d1 d1 dr"))
        board = screen.board
        first = board.tile_region(0)
        ascii_row = board.render_line(first.y)
        await pilot.press("G")
        assert board.labels == ("\U0001f004", "\U0001f019", "\U0001f019", "\U0001f004")
        glyph_row = board.render_line(first.y)
        assert glyph_row.cell_length == ascii_row.cell_length
        assert glyph_row.text[first.x :].startswith("▏\U0001f004:▏\U0001f019  ▏")
        await pilot.press("G")
        assert board.labels == ("Rd", "1D", "1D", "Rd")


async def test_a_fresh_deal_number_fits_the_panel_on_one_line(tmp_path: Path) -> None:
    largest = f"deal {FRESH_SEEDS - 1}"
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, find_layout("turtle"), seed=FRESH_SEEDS - 1)
        deal = screen.query_one("#deal")
        assert str(deal.render()) == largest
        assert deal.size.width >= len(largest) and deal.size.height == 1
    assert all(0 <= fresh_seed() < FRESH_SEEDS for _ in range(100))


async def test_a_title_wider_than_the_panel_ends_in_an_ellipsis(tmp_path: Path) -> None:
    """A layout title of 40 characters, the most a layout keeps, in the panel 14 cells wide:
    cut, and saying so."""
    layout = row_layout(2, name="rows")
    titled = Layout(
        name=layout.name,
        title="The Great Wall of the North, Long Edition",
        slots=layout.slots,
        source="test",
    )
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, titled, game_of(titled, "d1 d1"))
        (line,) = widget_lines(screen.query_one("#title"))
        assert line.rstrip().endswith("…") and line.startswith("The Great")


async def test_tab_onto_another_face_drops_the_pick_so_t_takes_the_tile_there(
    tmp_path: Path,
) -> None:
    """With a 1D picked, tab to a 1B and t took nothing: it went back to the 1D's partners. A
    jump to another face drops the pick, as typing another face's label does; a jump to the same
    face (m, or tab onto the other 1D) keeps it."""
    layout = row_layout(2, 2)
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, layout, game_of(layout, "d1 d1 b1 b1"))
        screen.board.cursor = 0
        await pilot.press("enter", "tab")
        assert screen.board.selected == 0 and screen.board.cursor == 1
        await pilot.press("tab")
        assert screen.game.face(screen.board.cursor) == "b1"
        assert screen.board.selected is None
        await pilot.press("t")
        assert screen.game.present == 0b0011  # the 1B pair taken, the 1D pair left


async def test_a_won_game_resumed_is_not_told_a_result_to_beat(tmp_path: Path) -> None:
    """A deal's table says at a game's start the result to beat; a won game resumed (its name
    prompt left with ctrl+q) had it said after its own "Cleared in", even a time it had just
    beaten (play review)."""
    from lines_tui.engine.deal_choice import CHOSEN
    from lines_tui.store import TableId

    layout = find_layout("lantern")
    won = won_mahjong_game("lantern", 5)
    won.deal_choice = CHOSEN
    table = TableId.mahjong("lantern").for_deal(5)
    slower = won_mahjong_game("lantern", 5)
    open_store(tmp_path).record_mahjong("Pat", table, 999.0, 5, 1.7e9, record_of_mahjong(slower))
    app = make_app(tmp_path, Clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await open_game(pilot, layout, won, seed=5)
        await settle(pilot)
        assert screen.game.won
        assert not screen.query_one(StatusLine).message.startswith("To beat")


async def test_the_leaderboard_of_a_layout_played_from_a_file_knows_it(home: Path) -> None:
    """A layout played from a file (`--layout FILE`, the picker's file option) is installed
    nowhere: its leaderboard was headed by its table id ("Twin 3F0A…") and said "layout … is not
    installed here" of the win just filed, which then had no share code. The leaderboard now
    knows the layout being played: its title (outside text, shown as written) and its replays."""
    layout = twin_from_file(home / "mine")
    clock = Clock()
    app = make_app(home / "data", clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_game(pilot, layout, seed=7)
        await settle(pilot)
        clock.now += 42
        await pilot.press("i", "t", "i", "t")  # four tiles of one face: two pairs, won
        await settle(pilot)
        assert isinstance(app.screen, NameEntryScreen)
        await pilot.press(*"Ada", "enter")
        await settle(pilot)
        board = app.screen
        assert isinstance(board, LeaderboardScreen)
        heading = widget_lines(board.query_one("#board-heading"))
        assert heading[0].lstrip().startswith("Twin [b]rows[/b]"), heading
        assert board.checked is not None
        assert [verdict.status for verdict in board.checked.verdicts] == ["verified"]
        assert board.code.startswith("LT2-")
        await pilot.press("w")  # its game plays back on the layout, under its title
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        shown = " ".join(widget_lines(app.screen.query_one("#replay-title")))
        assert "Twin [b]rows[/b]" in shown, shown
        await pilot.press("escape", "escape")  # the replay, the leaderboard: the won game
        await settle(pilot)
        assert isinstance(app.screen, MahjongScreen)
        await pilot.press("c")  # the win's challenge code, coded on the layout
        await settle(pilot)
        assert isinstance(app.screen, CodeScreen)


async def test_a_deal_of_a_layout_played_from_a_file_says_its_result_to_beat(home: Path) -> None:
    """The leaderboard of a layout played from a file replayed its entries on it, but "To beat"
    checked with the installed layouts only: the best result of the deal's table was
    unreplayable, so a game on that deal named none (code review, D4)."""
    from lines_tui.engine.deal_choice import CHOSEN
    from lines_tui.store import TableId

    layout = twin_from_file(home / "mine")
    table = TableId.mahjong(layout_table_name(layout)).for_deal(7)
    record = record_of_mahjong(won_mahjong_game(layout, 7))
    open_store(home / "data").record_mahjong("Pat", table, 99.0, 7, 1.7e9, record)
    game = MahjongGame.new(layout, 7)
    game.deal_choice = CHOSEN
    app = make_app(home / "data", Clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await open_game(pilot, layout, game, seed=7)
        await settle(pilot)
        # A game handed to the screen is one resumed from its save: it says so first.
        told = screen.query_one(StatusLine).message
        assert told == "Resumed your saved game. Deal 7. To beat: 1:39.0 by Pat."


async def test_the_not_saved_mark_is_as_wide_as_its_words(tmp_path: Path) -> None:
    """The panel's `#panel Label` width (the whole panel) won over the mark's own, so its
    reverse video made a bar across the panel instead of marking the words."""
    clock = Clock()
    app = make_app(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)  # the menu has read: no saved game
        screen = await open_game(pilot, find_layout("lantern"), seed=5)
        await settle(pilot)
        await another_copy_saves_then_a_pair_is_taken(pilot, tmp_path, clock)
        assert marked_not_saved(screen)
        mark = screen.query_one(NotSavedMark)
        assert mark.region.width == len(NOT_SAVED_MARK)
        assert widget_lines(mark) == ["not saved"]  # the words, not the screen's class


@pytest.mark.parametrize("proved", [False, True], ids=["unproved", "proved"])
@pytest.mark.parametrize("name", ["turtle", "lantern", "small"])
async def test_the_panel_is_whole_at_the_least_size_the_game_takes(
    tmp_path: Path, name: str, proved: bool
) -> None:
    """The least size asked for the board's rows only: Lantern's (14 rows) cut the panel's
    tile info, and a proved deal's three rows pushed it off at 18. At the least size the game
    takes, the "not saved" mark and the proof showing, every field of the panel is whole; a row
    less and the game asks for a larger terminal."""
    clock = Clock()
    app = make_app(tmp_path, clock)
    layout = row_layout(2, 2, name="small") if name == "small" else find_layout(name)
    game = MahjongGame.new(layout, 5, now=clock.now)
    game.proof = Skipped(1, 0) if proved else None
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)  # the menu has read: no saved game
        screen = await open_game(pilot, layout, game, seed=5)
        await settle(pilot)
        await another_copy_saves_then_a_pair_is_taken(pilot, tmp_path, clock)
        assert marked_not_saved(screen)
        width, height = screen.min_size
        await pilot.resize_terminal(width, height)
        await settle(pilot)
        assert app.screen is screen
        panel = screen.query_one("#panel")
        shown = [field for field in panel.children if field.display]
        assert len(shown) == len(panel.children) - (0 if proved else 1)
        for field in shown:
            assert panel.content_region.contains_region(field.region), field
        await pilot.resize_terminal(width, height - 1)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
