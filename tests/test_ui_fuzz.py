"""Random keys and pastes through the whole app (#12, "make the class impossible"): seeded random
walks drive the menu, both games, the layout picker, the leaderboards, the import and players
screens, help and every dialog through a Pilot at 80 x 24. After every burst of keys: no
exception, and the games' invariants hold (balls and tiles counted, the clock never negative, the
status line's message fits its line, the saved games load).

Some walks also resize the terminal between bursts, below 80 x 24 and back: a game too big for
the terminal is covered by the enlarge message, and comes back once it fits. One of those plays
on a disk that fails one file call in ten as well (tests/test_ui_store_faults.py has the walks on
a failing disk alone).

The walks are seeded, so a failure replays: the seed and step are in the assertion message.
LINES_TUI_FUZZ_STEPS sets the number of keys per walk, and LINES_TUI_FUZZ_SEEDS=FIRST:COUNT walks
COUNT other seeds from FIRST instead of CI's, for a long local run (README, "Tests of the app").
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from conftest import FaultyFileSystem, Walk, store_on
from rich.cells import cell_len
from rich.text import Text
from textual.pilot import Pilot

from lines_tui.engine.lines import LinesGame
from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.visible_text import ELLIPSIS
from lines_tui.store import Entry, TableId, open_store
from lines_tui.store.sharecode import encode
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.game_screen import GameScreen
from lines_tui.ui.lines.screen import LinesScreen
from lines_tui.ui.mahjong.screen import MahjongScreen
from lines_tui.ui.size_guard import TooSmallScreen
from lines_tui.ui.status_line import StatusLine

START = 1_767_225_600.0
STEPS = int(os.environ.get("LINES_TUI_FUZZ_STEPS", "400"))
WALKS = 6
RESIZING_WALKS = (20, 24)
"""Seeds of the walks that also resize the terminal (each found a crash before it was fixed)."""
RESIZING_WALKS_ON_A_FAILING_DISK = (31,)
DISK_FAILURE_RATE = 0.1
BURST = 4
FULL_SIZE = (80, 24)
SIZES = (FULL_SIZE, FULL_SIZE, (100, 30), (79, 24), (80, 23), (60, 20), (40, 12), (132, 43))
"""The sizes a resizing walk picks from: the usual one most often, a larger one, and smaller
ones down to far too small for any game."""
RESIZE_CHANCE = 0.15


class SteppingClock:
    """Wall-clock seconds that move on by a few seconds every time they are read."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        self.now += 0.7
        return self.now


def pastes() -> tuple[str, ...]:
    from conftest import HOSTILE_PASTES

    code = encode(TableId.lines(9), [Entry("Evil [/] close", 500, int(START), 1)])
    return (*HOSTILE_PASTES, code, code[:-3])


def check_lines(game: LinesGame, now: float) -> None:
    balls = len(game.board.balls())
    assert balls + len(game.board.empty_cells()) == game.size * game.size
    assert game.score >= 0
    assert (game.ended_at if game.ended_at is not None else now) >= game.started_at


def check_mahjong(game: MahjongGame, now: float) -> None:
    total = len(game.position.faces)
    assert game.tiles_left == total - 2 * len(game.history)
    assert game.present.bit_count() == game.tiles_left
    assert game.elapsed(now) >= 0


def status_fits(line: StatusLine, data_dir: Path) -> None:
    """Every message the game writes fits a one-row status line at 80 columns; a longer one
    carries outside text (here the data folder's path, in a store error) and is shown cut
    with an ellipsis, the path's folders first (README, "The status line")."""
    width, height = line.content_size
    if height != 1 or not width or cell_len(line.message) <= width:
        return
    assert str(data_dir) in line.message, line.message
    shown = line.render()
    assert isinstance(shown, Text)
    assert cell_len(shown.plain) <= width and ELLIPSIS in shown.plain, shown.plain


def fits(size: tuple[int, int], least: tuple[int, int]) -> bool:
    return size[0] >= least[0] and size[1] >= least[1]


def check_size(app: LinesTuiApp) -> None:
    """The enlarge message covers a game exactly while the terminal is too small for it."""
    top, size = app.screen, (app.size.width, app.size.height)
    if isinstance(top, TooSmallScreen):
        assert not top.fits(), f"the enlarge message at {size}"
    if isinstance(top, GameScreen):
        assert fits(size, top.min_size), f"{type(top).__name__} shown at {size} < {top.min_size}"


async def check_app(pilot: Pilot[None], data_dir: Path, clock: SteppingClock) -> None:
    app = pilot.app
    assert isinstance(app, LinesTuiApp)
    for screen in app.screen_stack:
        if isinstance(screen, LinesScreen):
            check_lines(screen.game, clock.now)
        elif isinstance(screen, MahjongScreen) and screen.is_mounted:
            check_mahjong(screen.game, clock.now)
    check_size(app)
    if fits((app.size.width, app.size.height), FULL_SIZE):  # narrower: cut with an ellipsis
        for line in app.screen.query(StatusLine):
            status_fits(line, data_dir)
    store = open_store(data_dir)
    lines = store.load_game("lines")
    if lines is not None:
        check_lines(LinesGame.from_json(lines), clock.now)
    mahjong = store.load_game("mahjong")
    if mahjong is not None:
        check_mahjong(MahjongGame.from_json(mahjong, now=clock.now), clock.now)


class Resizer:
    """Between bursts, now and then, a new terminal size (seeded, as the walk is)."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)
        self.size = FULL_SIZE

    async def maybe_resize(self, pilot: Pilot[None]) -> None:
        if self.random.random() < RESIZE_CHANCE:
            self.size = self.random.choice(SIZES)
            await pilot.resize_terminal(*self.size)
            await pilot.pause()


def walks(other_seeds: str | None) -> list[tuple[int, bool, bool]]:
    """(seed, resizing, failing disk) of each walk: CI's, or COUNT seeds from FIRST (`other_seeds`
    "FIRST:COUNT"), every other one resizing and every third on a failing disk as well. The bug
    behind `test_ctrl_q_typed_right_after_a_menu_entry_ends_the_app_cleanly` was found so (24
    walks of 1,500 keys), where CI's walks had never met it."""
    if other_seeds is None:
        return (
            [(seed, False, False) for seed in range(WALKS)]
            + [(seed, True, False) for seed in RESIZING_WALKS]
            + [(seed, True, True) for seed in RESIZING_WALKS_ON_A_FAILING_DISK]
        )
    first, count = (int(part) for part in other_seeds.split(":"))
    return [(seed, seed % 2 == 0, seed % 3 == 0) for seed in range(first, first + count)]


@pytest.mark.parametrize(
    ("seed", "resizing", "failing_disk"), walks(os.environ.get("LINES_TUI_FUZZ_SEEDS"))
)
async def test_random_keys_and_pastes_never_break_the_app(
    tmp_path: Path, seed: int, resizing: bool, failing_disk: bool
) -> None:
    store = open_store(tmp_path)
    store.add_player("Ada")
    store.set_active_player("Ada" if seed % 2 else None)
    walk = Walk(seed, pastes())
    clock = SteppingClock()
    resizer = Resizer(seed)
    disk = FaultyFileSystem(rate=DISK_FAILURE_RATE if failing_disk else 0.0, seed=seed)

    async def check(pilot: Pilot[None]) -> None:
        try:
            await check_app(pilot, tmp_path, clock)
        except AssertionError as error:
            raise AssertionError(f"seed {seed}, step {walk.steps}: {error}") from error
        if resizing:
            await resizer.maybe_resize(pilot)

    while walk.steps < STEPS:  # q on the menu ends the app: start it again, as a player would
        size = 7 if seed % 3 == 0 else 9
        app = LinesTuiApp(
            store_on(tmp_path, disk),
            clock=clock,
            animations=seed % 2 == 0,
            size=size,
        )
        async with app.run_test(size=resizer.size) as pilot:
            await walk.run(pilot, STEPS, check, burst=BURST)
    if failing_disk:
        assert disk.failures, "the disk never failed"
