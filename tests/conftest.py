"""Helpers shared by the tests and the tools in tests/tools/: a real store in a temporary folder, a
fixed clock, animations off, Lines positions written as text, and keys delivered in one burst as a
terminal delivers a fast typist's (or a script's, or tmux's): all queued before the app handles the
first, as Textual's driver does with one read.

Fault injection for the store (a disk that fails while the game runs):

- `FaultyFileSystem`: pass it as `open_store(folder, fs=FaultyFileSystem(...), lock_wait=0.05)`
  (and that store to `LinesTuiApp`), or open the store with `store_on(folder, faults)`, which
  opens it while the disk holds. `faults.fail("write", errno.ENOSPC)` makes every call of that
  kind fail until `faults.heal()`; `FaultyFileSystem(rate=0.2, seed=n)` fails any call at random
  (disk full, I/O error, permission denied, or the lock held by someone else). Every failure
  must come out of the store as one StoreError, and nothing saved before may be lost.
- `corrupt(path)`: the data file turns to garbage under a running game (another program, a bad
  disk); the store keeps the garbage aside and starts afresh.
- the `read_only_folder` fixture: every write under the folder fails as on a read-only mount.
"""

from __future__ import annotations

import asyncio
import errno
import html
import os
import random
import re
import shutil
import threading
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import pytest
from rich.cells import cell_len
from rich.color import Color as RichColor
from rich.color import ColorSystem
from rich.segment import Segment
from rich.style import Style
from textual import _time, events
from textual.app import App
from textual.color import Color
from textual.filter import LineFilter
from textual.geometry import Region
from textual.notifications import SeverityLevel
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

from lines_tui.commands.common import leave_store_warnings
from lines_tui.engine.daily_seeds import lines_daily_seed, mahjong_daily_candidates
from lines_tui.engine.deal_choice import daily
from lines_tui.engine.lines import COLOURS, Board, Cell, LinesGame
from lines_tui.engine.lines.cell_names import cell_name
from lines_tui.engine.mahjong.faces import face_by_id
from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.geometry import bits
from lines_tui.engine.mahjong.layouts import Layout, find_layout, read_layout_file
from lines_tui.engine.mahjong.solver import Verdict, solve
from lines_tui.store import Store, open_store
from lines_tui.store.files import FileSystem
from lines_tui.store.replay import record_of_lines
from lines_tui.store.tables import Entry, TableId, utc_day
from lines_tui.store.verify import Checker
from lines_tui.ui.app import LinesTuiApp
from lines_tui.ui.lines.screen import LinesScreen
from lines_tui.ui.mahjong import MahjongScreen
from lines_tui.ui.mahjong.navigation import cycle
from lines_tui.ui.session import Session
from lines_tui.ui.status_line import NOT_SAVED_MARK, NotSavedMark
from lines_tui.ui.typed_ahead import DropsTypedAhead

FIXED_NOW = 1_767_225_600.0  # 2026-01-01 00:00 UTC: elapsed times stay the same in every run

WORKERS_A_CORE = 2
"""`pytest -n auto` starts this many workers for each core it may use. The app's tests spend
about two fifths of their time waiting (Textual's timers, a pty's output, a solver process), so
one worker a core left the cores idle that long: on the 2-core machine, 10 min 56 s with 2
workers, 7 min 46 s with 4 (README, "Two commands")."""


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook: unknown under -p no:xdist
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """The workers of `-n auto`: `WORKERS_A_CORE` for each core this process may run on, unless
    PYTEST_XDIST_AUTO_NUM_WORKERS says otherwise (pytest-xdist reads it: None defers to it)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return WORKERS_A_CORE * (cores or 1)


@pytest.fixture(autouse=True)
def no_store_watched_after_the_test() -> Iterable[None]:
    """A command watches the warnings of the stores it opens for its process's life (one command
    in a real one); a test that opens one outside a command would hand it to the next test's,
    whose standard error then told another folder's damaged file."""
    yield
    leave_store_warnings()


class ToastsRecorded(App[Any]):
    """Keeps every toast the app shows (`toasts`: message and severity), as Textual's public
    `notify` is asked for it; the app's own `notify` (before this one: `class A(LinesTuiApp,
    ToastsRecorded)`) tells a game screen's notices on its status line instead, so only what
    shows as a toast comes here. A toast gone (timed out, or cleared as a dialog opened) is
    still kept. Tests read notices through this, not Textual's private list."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.toasts: list[tuple[str, str]] = []

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        self.toasts.append((message, severity))
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    @property
    def toasted(self) -> list[str]:
        """The toasts' messages."""
        return [message for message, _ in self.toasts]


class RecordedApp(LinesTuiApp, ToastsRecorded):
    """The app, its toasts kept (`ToastsRecorded`)."""


def make_app(
    data_dir: Path, *, animations: bool = False, sixteen_colours: bool = False, **options: object
) -> RecordedApp:
    """The app on a store in `data_dir`; the colour depth is fixed (many colours, or 16 with
    `sixteen_colours`) so pictures do not depend on the TERM of whoever runs the tests."""
    options.setdefault("few_colours", sixteen_colours)
    app_class = SixteenColourApp if sixteen_colours else RecordedApp
    return app_class(
        open_store(data_dir), clock=lambda: FIXED_NOW, animations=animations, **options
    )  # type: ignore[arg-type]


class SixteenColours(LineFilter):
    """What a 16-colour terminal (TERM=xterm) shows: every colour taken to the nearest of the 16
    ANSI colours, as Rich does on output, so that screenshots and snapshots show it too."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            Segment(text, None if style is None else _sixteen(style), control)
            for text, style, control in segments
        ]


def _sixteen(style: Style) -> Style:
    def down(colour: RichColor | None) -> RichColor | None:
        return None if colour is None else colour.downgrade(ColorSystem.STANDARD)

    return style + Style.from_color(down(style.color), down(style.bgcolor))


class SixteenColourApp(RecordedApp):
    def get_line_filters(self) -> Sequence[LineFilter]:
        return [*super().get_line_filters(), SixteenColours()]


def game_at(
    rows: str, preview: tuple[tuple[tuple[int, int], str], ...], seed: int = 7
) -> LinesGame:
    return LinesGame.from_position(Board.from_text(rows), preview, seed, started_at=FIXED_NOW)


def no_line_rows(size: int = 9, empty: tuple[tuple[int, int], ...] = ()) -> str:
    """A board where no two neighbours (in any of the 8 directions) share a colour, so no move
    or addition can ever complete a line; `empty` cells are left free."""
    return "\n".join(
        "".join("." if (row, col) in empty else COLOURS[(row * 3 + col) % 7] for col in range(size))
        for row in range(size)
    )


def session_of(pilot: Pilot[None]) -> Session:
    """The session the app hands its game screens, for a test that opens a screen itself."""
    app = pilot.app
    assert isinstance(app, LinesTuiApp)
    return app.session


UNDRAWN_PAUSES = 500
"""Pauses `settle` waits at most for a dialog on top to be drawn."""


async def settle(pilot: Pilot[Any]) -> None:
    """Wait until every worker has finished and its answer is shown: store calls run on the
    session's store thread and come back through workers, and an answer may ask for more (a
    change, then the list read again). A dialog on top is waited for until it is drawn: keys
    it gets before that were typed before the player saw it, and it drops them (a loaded
    machine drew the name prompt after the test's first letter); so are its guard time after
    that (`DropsTypedAhead.guard`), whose keys count as typed on with the move that opened it.
    Input held for a screen not drawn yet is waited for until it has acted: a loaded machine
    drew the Import screen after `settle` had returned, the code pasted still held. So is the
    mount of the screen on top."""
    undrawn = 0
    while True:
        await pilot.pause()
        running = [worker for worker in pilot.app.workers if not worker.is_finished]
        if running:
            await pilot.app.workers.wait_for_complete(running)
            continue
        dialog = pilot.app.screen
        undrawn += 1
        if not dialog.is_mounted:
            # Pushed, but not mounted yet: a loaded machine read a replay's title, which its
            # mount fills in, as empty.
            if undrawn > UNDRAWN_PAUSES:
                raise AssertionError(f"{type(dialog).__name__} was never mounted")
            continue
        held = getattr(pilot.app, "held_typing", None)
        if held is not None and held.pending:
            if undrawn > UNDRAWN_PAUSES:
                raise AssertionError("input held for a screen never acted")
            continue
        if not isinstance(dialog, DropsTypedAhead):
            return
        counts_from = dialog.typed_from
        if counts_from is not None:
            if _time.get_time() >= counts_from:
                return
            await asyncio.sleep(counts_from - _time.get_time())
            continue
        if undrawn > UNDRAWN_PAUSES:
            raise AssertionError(f"{type(dialog).__name__} was never drawn")


ScreenKind = TypeVar("ScreenKind", bound=Screen[Any])


async def screen_after(pilot: Pilot[Any], key: str, kind: type[ScreenKind]) -> ScreenKind:
    """Press `key` and let it settle (`settle`): the screen on top then, which must be a `kind`
    (the help after ?, a Lines game after the menu's l)."""
    await pilot.press(key)
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, kind), screen
    return screen


async def answered(pilot: Pilot[Any], key: str, answer: str) -> None:
    """`key`, then `answer` to the question it asks, as a player gives it: once the question is
    drawn and read (a key sooner does not answer it: `QUESTION_GUARD`)."""
    await pilot.press(key)
    await settle(pilot)
    await pilot.press(answer)


async def laid_out_under_the_top(pilot: Pilot[Any], done: Callable[[], bool]) -> None:
    """Pause until `done()`, a bounded number of times: a screen under a dialog is laid out on
    its own update timer, which `pilot.pause` does not force (it updates the screen on top), and
    whose turn a loaded machine may not have given it yet."""
    for _ in range(UNDRAWN_PAUSES):
        if done():
            return
        await pilot.pause()


async def drawn_dialog(pilot: Pilot[Any]) -> None:
    """Wait (pressing no key) until the dialog on top has been drawn; not `settle`, which also
    waits out its guard time."""
    for _ in range(500):
        dialog = pilot.app.screen
        if isinstance(dialog, DropsTypedAhead) and dialog.shown_at is not None:
            return
        await pilot.pause()
    raise AssertionError(f"no dialog was drawn: {pilot.app.screen}")


async def typed_just_after_it_showed(pilot: Pilot[Any], *keys: str) -> None:
    """`keys` as read from the terminal a tenth of a second after the dialog on top was first
    drawn, however late the test sends them: on a loaded machine `pilot.press` came more than
    `TYPED_ON_GUARD` after the drawing, and keys meant as typed on with the last move counted as
    typed by a player who had read the dialog."""
    dialog = pilot.app.screen
    assert isinstance(dialog, DropsTypedAhead) and dialog.shown_at is not None
    post_keys_at_once(pilot.app, *keys, read_at=dialog.shown_at + 0.1)
    await pilot.pause()


MASHING_SECONDS = 0.35
"""A player mashing the last move's keys (`i` `t`) on: one round of them this often."""


async def mashed_on(pilot: Pilot[Any], *keys: str, rounds: int = 9) -> float:
    """`keys` again and again, a round every `MASHING_SECONDS` from a tenth of a second after the
    dialog on top was first drawn (about three seconds of them), as read from the terminal then
    (the test sends them at once); the reading time of the last one."""
    dialog = pilot.app.screen
    assert isinstance(dialog, DropsTypedAhead) and dialog.shown_at is not None
    read_at = dialog.shown_at + 0.1
    for _ in range(rounds):
        post_keys_at_once(pilot.app, *keys, read_at=read_at)
        read_at += MASHING_SECONDS
    await pilot.pause()
    return read_at - MASHING_SECONDS


async def open_lines(pilot: Pilot[None], game: LinesGame) -> LinesScreen:
    screen = LinesScreen(session_of(pilot), game)
    await pilot.app.push_screen(screen)
    await settle(pilot)
    return screen


async def cursor_to(pilot: Pilot[None], screen: LinesScreen, cell: tuple[int, int]) -> None:
    """Put the cursor on `cell`. Set directly: walking there key by key costs a screen update per
    step, and the arrow keys have a test of their own."""
    screen.board.set_cursor(cell)
    await pilot.pause()


def nearly_full_game() -> LinesGame:
    """Three empty cells, all previewed: the next move that scores nothing fills the board."""
    empty = ((0, 0), (8, 8), (0, 8))
    return game_at(no_line_rows(empty=empty), (((0, 0), "R"), ((8, 8), "B"), ((0, 8), "G")))


async def turn_down_the_time(pilot: Pilot[None]) -> None:
    """esc at a Mahjong win's name prompt, and yes to dropping the time it asks about."""
    from lines_tui.ui.dialogs import ConfirmScreen

    await pilot.press("escape")
    await settle(pilot)
    assert isinstance(pilot.app.screen, ConfirmScreen)
    await pilot.press("y")
    await settle(pilot)


async def fill_the_board(pilot: Pilot[None], screen: LinesScreen) -> None:
    """Play the move that ends `nearly_full_game`: the ball below the top left corner goes up."""
    await cursor_to(pilot, screen, (1, 0))
    await pilot.press("enter")
    await cursor_to(pilot, screen, (0, 0))
    await pilot.press("enter")
    await settle(pilot)  # the result is written before the dialog shows it


def widget_lines(widget: Widget) -> list[str]:
    """What `widget` shows, line by line, as drawn at its present size (cut, wrapped, padded)."""
    width, height = widget.outer_size
    return [strip.text.rstrip() for strip in widget.render_lines(Region(0, 0, width, height))]


def board_notice(app: App[Any]) -> str:
    """The notice on the status line of the leaderboard on top, as drawn ("" while it shows
    none: the line is hidden then)."""
    line = app.screen.query_one("#board-status")
    return " ".join(text.strip() for text in widget_lines(line)).strip() if line.display else ""


def drawn_rows(app: App[Any]) -> list[str]:
    """The terminal's rows as the app draws them, every widget and its scrollbars together (what
    a player's selection of whole rows takes), read from the app's screenshot: unlike
    `widget_lines`, a glyph drawn beside a widget (a scrollbar's thumb) is on its rows."""
    width, height = app.size
    cells = [[" "] * width for _ in range(height)]
    for found in _SVG_TEXT.finditer(app.export_screenshot()):
        text = html.unescape(found["text"]).replace("\xa0", " ")
        column = round(float(found["x"]) / (float(found["length"]) / len(text)))
        row = cells[int(found["row"])]
        for character in text.rstrip("\n"):  # each row's end is a run of its own
            row[column] = character
            if cell_len(character) == 2:
                row[column + 1] = ""  # the wide character's second cell
            column += cell_len(character)
    return ["".join(row).rstrip() for row in cells]


_SVG_TEXT = re.compile(
    r'<text class="[^"]*" x="(?P<x>[\d.]+)" y="[\d.]+" textLength="(?P<length>[\d.]+)" '
    r'clip-path="url\(#[^)]*-line-(?P<row>\d+)\)">(?P<text>[^<]*)</text>'
)
"""A run of text in Rich's SVG export: its column is `x` over the width of a cell (`length` over
its characters, each one cell wide in the export's measure)."""


def in_sight(widget: Widget) -> bool:
    """Whether every row of `widget` is drawn on the terminal: none of it scrolled away, past
    the screen's edge or under another widget (the Footer)."""
    region, screen = widget.region, widget.screen
    return bool(region) and all(
        0 <= y < screen.size.height and screen.get_widget_at(region.x, y)[0] is widget
        for y in range(region.y, region.bottom)
    )


KEY_CHARACTERS = {
    "enter": "\r",
    "tab": "\t",
    "space": " ",
    "escape": "\x1b",
    "question_mark": "?",
}


def marked_not_saved(screen: Screen[Any]) -> bool:
    """Whether the game's panel shows its "not saved" mark (drawn: not hidden by its CSS)."""
    return any(
        bool(mark.region) and NOT_SAVED_MARK in " ".join(widget_lines(mark))
        for mark in screen.query(NotSavedMark)
    )


def post_keys_at_once(app: App[Any], *keys: str, read_at: float | None = None) -> None:
    """`keys` (a character, or a key's name: "end", "ctrl+u") queued all at once; as read from
    the terminal at `read_at` (the clock of `Message.time`), if given, rather than now."""
    for key in keys:
        event = events.Key(key, KEY_CHARACTERS.get(key, key if len(key) == 1 else None))
        if read_at is not None:
            event.time = read_at
        app.post_message(event)


# --- scripted players that count keys (tests/test_ui_keys.py, tests/tools/bench_keys.py) -------
# They choose moves with the engine but reach and take them only with the keys the README
# documents, looking at the screen (cursor, picked tile) as a player would, and no hint.


def lines_move_choice(game: LinesGame, rng: random.Random) -> tuple[Cell, Cell]:
    """A greedy move: the one that makes the longest run of its colour through its target
    (ties at random), among every ball and every empty cell it can reach."""
    board = game.board
    size = board.size
    region: dict[Cell, int] = {}
    for start in board.empty_cells():
        if start in region:
            continue
        mark, todo = len(region), [start]
        region[start] = mark
        while todo:
            r, c = todo.pop()
            for cell in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                inside = 0 <= cell[0] < size and 0 <= cell[1] < size
                if inside and cell not in region and board[cell] is None:
                    region[cell] = mark
                    todo.append(cell)
    best: list[tuple[Cell, Cell]] = []
    best_run = -1
    for (r, c), colour in board.balls():
        reach = {region[n] for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if n in region}
        for dst, mark in region.items():
            if mark not in reach:
                continue
            run = max(
                _run(board, dst, (dr, dc), colour, (r, c))
                + _run(board, dst, (-dr, -dc), colour, (r, c))
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))
            )
            if run > best_run:
                best, best_run = [], run
            if run == best_run:
                best.append(((r, c), dst))
    return rng.choice(best)


def _run(board: Board, start: Cell, step: Cell, colour: str, leaving: Cell) -> int:
    count, (r, c) = 0, start
    while True:
        r, c = r + step[0], c + step[1]
        if not (0 <= r < board.size and 0 <= c < board.size) or (r, c) == leaving:
            return count
        if board[(r, c)] != colour:
            return count
        count += 1


async def play_lines_by_keys(
    pilot: Pilot[None], screen: LinesScreen, seed: int, max_moves: int | None = None
) -> tuple[int, int]:
    """Play `screen`'s game to its end (or `max_moves` moves): each ball is reached by typing
    its cell's name (or enter when the cursor is on it already), each target by typing its
    name. Returns (moves, keys)."""
    rng = random.Random(seed)
    moves = keys = 0
    while not screen.game.over and (max_moves is None or moves < max_moves):
        src, dst = lines_move_choice(screen.game, rng)
        played = len(screen.game.moves)
        presses = ["enter"] if screen.board.cursor == src else list(cell_name(src))
        presses += list(cell_name(dst))
        for key in presses:
            await pilot.press(key)
        keys += len(presses)
        moves += 1
        assert screen.game.moves[played:] == [(src, dst)], "the keys did not play the move"
    return moves, keys


class MahjongKeyPlayer:
    """Clears a Mahjong deal along a winning pairing found by the solver, taking each step the
    pair of that pairing that costs the fewest keys: `t` when the cursor is on it, its label and
    `t` when the label jumps onto it, else its label until the cursor is on one tile, `t` to pick
    it and jump to a partner, `m` until that is the plan's partner and `t` to take the pair."""

    def __init__(
        self, pilot: Pilot[None], screen: MahjongScreen, plan: Iterable[tuple[int, int]]
    ) -> None:
        self.pilot, self.screen, self.keys, self.pairs = pilot, screen, 0, 0
        self.partner: dict[int, int] = {}
        for a, b in plan:
            self.partner[a], self.partner[b] = b, a

    async def press(self, *keys: str) -> None:
        for key in keys:
            await self.pilot.press(key)
            self.keys += 1

    def _t_agrees(self, tile: int) -> bool:
        """Whether `t` on `tile` takes a pair that keeps the plan winning: the plan's pair, or
        any pair of a face whose tiles are all free (then any pairing of them works)."""
        sure = self.screen.game.sure_partner(tile)
        return sure is not None and (sure == self.partner[tile] or self._all_free(tile))

    def _all_free(self, tile: int) -> bool:
        game = self.screen.game
        face = game.face(tile)
        return game.tiles_of_face(face) == game.free_of_face(face)

    def _landing(self, tile: int) -> int | None:
        game, board = self.screen.game, self.screen.board
        return cycle(board.grid, game.free_of_face(game.face(tile)), board.cursor)

    def _takes(self, tile: int | None, a: int) -> bool:
        """Whether `t` on `tile` takes a's pair (or one as good)."""
        return tile in (a, self.partner[a]) and tile is not None and self._t_agrees(tile)

    def _cost(self, a: int) -> int:
        if self._takes(self.screen.board.cursor, a):
            return 1
        return 3 if self._takes(self._landing(a), a) else 6

    async def take_one(self) -> None:
        game, board = self.screen.game, self.screen.board
        free = game.free_mask()
        ready = [a for a in bits(free) if free >> self.partner[a] & 1]
        a = min(ready, key=self._cost)
        before = game.present
        if self._cost(a) == 1:
            await self.press("t")
        else:
            label = face_by_id(game.face(a)).label.lower()
            await self.press(*label)
            while board.cursor not in (a, self.partner[a]):
                await self.press(*label)
            if not self._takes(board.cursor, a):
                want = self.partner[a] if board.cursor == a else a
                await self.press("t")  # picks the tile, jumps to a partner
                while board.cursor != want:
                    await self.press("m")
            await self.press("t")
        taken = list(bits(before & ~game.present))
        assert len(taken) == 2, "the keys did not take a pair"
        self.pairs += 1
        x, y = taken
        if self.partner[x] != y:  # a face all free, paired otherwise: its other two pair up
            self.partner[self.partner[x]], self.partner[self.partner[y]] = (
                self.partner[y],
                self.partner[x],
            )

    async def play(self, max_pairs: int | None = None) -> None:
        while self.screen.game.present and (max_pairs is None or self.pairs < max_pairs):
            await self.take_one()


# -- fault injection for the store ---------------------------------------------------------------

FAULTS = {
    "open": errno.EACCES,
    "read": errno.EIO,
    "write": errno.ENOSPC,
    "fsync": errno.EIO,
    "replace": errno.ENOSPC,
    "unlink": errno.EACCES,
    "make_folder": errno.EACCES,
    "lock": 0,  # not an error: the lock stays busy
}


class FaultyFileSystem(FileSystem):
    """The store's file system, failing on demand (see the module's docstring)."""

    def __init__(self, rate: float = 0.0, seed: int = 0) -> None:
        self.rate = rate
        self.random = random.Random(seed)
        self.failing: dict[str, int] = {}
        self.failures = 0

    def fail(self, call: str, code: int | None = None) -> None:
        self.failing[call] = FAULTS[call] if code is None else code

    def heal(self) -> None:
        self.failing.clear()
        self.rate = 0.0

    def _fails(self, call: str) -> bool:
        failing = call in self.failing or self.random.random() < self.rate
        self.failures += failing
        return failing

    def _check(self, call: str) -> None:
        if self._fails(call):
            code = self.failing.get(call, FAULTS[call])
            raise OSError(code, os.strerror(code))

    def open(self, path: Path, flags: int) -> int:
        self._check("open")
        return super().open(path, flags)

    def read(self, fd: int, size: int) -> bytes:
        self._check("read")
        return super().read(fd, size)

    def write(self, fd: int, data: memoryview) -> int:
        self._check("write")
        return super().write(fd, data)

    def fsync(self, fd: int) -> None:
        self._check("fsync")
        super().fsync(fd)

    def replace(self, source: Path, target: Path) -> None:
        self._check("replace")
        super().replace(source, target)

    def unlink(self, path: Path) -> None:
        self._check("unlink")
        super().unlink(path)

    def make_folder(self, path: Path) -> None:
        self._check("make_folder")
        super().make_folder(path)

    def try_lock(self, fd: int, exclusive: bool) -> bool:
        return not self._fails("lock") and super().try_lock(fd, exclusive)


def store_on(folder: Path, faults: FaultyFileSystem) -> Store:
    """The store on a disk failing as `faults` says once the store is open: it opens while the
    disk holds (a store that cannot be opened at all stops the command line before the app
    starts)."""
    rate, faults.rate = faults.rate, 0.0
    try:
        return open_store(folder, fs=faults, lock_wait=0.05)
    finally:
        faults.rate = rate


class StalledFileSystem(FileSystem):
    """A disk that stalls on demand: after `stall()`, every read waits until `release()`, so a
    test can press keys while a store read is under way and see its answer come after. Each
    wait gives up after STALL_LIMIT seconds, so a test that forgets to release cannot hang."""

    STALL_LIMIT = 60.0

    def __init__(self) -> None:
        self._open = threading.Event()
        self._open.set()
        self.waiting = threading.Event()
        """Set once a read has begun to wait."""

    def stall(self) -> None:
        self.waiting.clear()
        self._open.clear()

    def release(self) -> None:
        self._open.set()

    def read(self, fd: int, size: int) -> bytes:
        if not self._open.is_set():
            self.waiting.set()
            self._open.wait(self.STALL_LIMIT)
        return super().read(fd, size)


class StalledFaultyFileSystem(StalledFileSystem, FaultyFileSystem):
    """Both at once: a read held by `stall()` fails when it is let go if `fail("read")` was asked
    meanwhile (a disk that is slow, then breaks)."""

    def __init__(self) -> None:
        StalledFileSystem.__init__(self)
        FaultyFileSystem.__init__(self)


BOUND = 30.0
"""Seconds a test waits at most for the store thread to reach a stalled read (never reached
unless something is broken)."""


def held_call(
    app: LinesTuiApp, monkeypatch: pytest.MonkeyPatch, call: str, bound: float = BOUND
) -> threading.Event:
    """The store's method `call` answers only once the returned event is set (at most `bound`
    seconds on): a slow disk, or another copy holding the folder's lock."""
    method = getattr(app.store, call)
    held = threading.Event()

    def slowly(*args: Any, **options: Any) -> Any:
        held.wait(bound)
        return method(*args, **options)

    monkeypatch.setattr(app.store, call, slowly)
    return held


class ExitWatchingApp(RecordedApp):
    """Says when it begins to end (Textual runs this handler before the app's own), so a test can
    let a stalled disk go then: the app waits for the store thread before it ends."""

    exiting = threading.Event()

    def on_unmount(self) -> None:
        self.exiting.set()


def slow_app(
    data_dir: Path, disk: StalledFileSystem | None = None, **options: Any
) -> tuple[ExitWatchingApp, Store, StalledFileSystem]:
    """The app on a store whose disk stalls on demand (`disk.stall()`); `options` as the app's
    (`start="mahjong"` for a direct start)."""
    disk = StalledFileSystem() if disk is None else disk
    store = open_store(data_dir, fs=disk)
    app = ExitWatchingApp(
        store, clock=lambda: FIXED_NOW, animations=False, few_colours=False, **options
    )
    app.exiting = threading.Event()
    return app, store, disk


async def stalled(pilot: Pilot[Any], disk: StalledFileSystem) -> None:
    """Wait until the store thread is held in a read (the keys that follow come while it is)."""
    await pilot.pause()
    assert disk.waiting.wait(BOUND), "no store read reached the disk"


def corrupt(path: Path) -> bytes:
    """Turn the data file at `path` to garbage, as another program or a bad disk might."""
    garbage = b"\x00\xffgarbage"
    path.write_bytes(garbage)
    return garbage


_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


@pytest.fixture
def make_read_only(monkeypatch: pytest.MonkeyPatch) -> Any:
    """`make_read_only(folder)`: from then on the folder may be read but not written, as on a
    read-only mount: every `os` call that would change something under it fails with EROFS.
    (Done on the `os` calls rather than with chmod, which does not stop root, and tests run as
    root in some CI containers.)"""

    def make(folder: Path) -> None:
        def inside(*paths: Any) -> bool:
            return any(
                isinstance(path, (str, Path)) and Path(path).absolute().is_relative_to(folder)
                for path in paths
            )

        def refused() -> OSError:
            return OSError(errno.EROFS, os.strerror(errno.EROFS))

        real_open = os.open

        def open_(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
            if flags & _WRITE_FLAGS and inside(path):
                raise refused()
            return real_open(path, flags, *args, **kwargs)

        monkeypatch.setattr(os, "open", open_)
        for name in ("mkdir", "unlink", "rmdir", "replace", "rename"):
            real = getattr(os, name)

            def changing(*args: Any, real: Any = real, name: str = name, **kwargs: Any) -> Any:
                if inside(*args[:2]):
                    if name == "mkdir" and Path(args[0]).exists():
                        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST))
                    raise refused()
                return real(*args, **kwargs)

            monkeypatch.setattr(os, name, changing)

    return make


@pytest.fixture
def deny_listing(monkeypatch: pytest.MonkeyPatch) -> Callable[[Path], None]:
    """`deny_listing(folder)`: from then on the folder is there but cannot be listed (a folder
    of mode 000 or 311 to anyone but root), listing it raises Permission denied. (Done on
    `Path.iterdir` rather than with chmod, which does not stop root, and tests run as root in
    some CI containers.)"""
    denied: set[Path] = set()
    real_iterdir = Path.iterdir

    def iterdir(self: Path) -> Any:
        if self.absolute() in denied:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))
        return real_iterdir(self)

    monkeypatch.setattr(Path, "iterdir", iterdir)
    return lambda folder: denied.add(folder.absolute())


# -- finished games to record, share and replay (issue 13) -----------------------------------------

_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def _line_potential(
    balls: dict[tuple[int, int], str],
    size: int,
    at: tuple[int, int],
    colour: str,
    ignore: tuple[int, int] | None,
) -> int:
    """How much a ball of `colour` on `at` adds to the five-cell windows through `at` that hold
    no other colour: a window with k such balls counts 5**k."""
    total = 0
    for dr, dc in _DIRECTIONS:
        # The nine cells through `at` each way: 1 a ball of `colour`, 0 none, None a cell no
        # window may hold (off the board, or a ball of another colour).
        marks: list[int | None] = []
        for step in range(-4, 5):
            cell = (at[0] + step * dr, at[1] + step * dc)
            if not (0 <= cell[0] < size and 0 <= cell[1] < size):
                marks.append(None)
                continue
            found = balls.get(cell) if cell not in (at, ignore) else None
            marks.append(None if found not in (None, colour) else int(found is not None))
        for offset in range(5):
            window = marks[offset : offset + 5]
            if None not in window:
                total += 5 ** window.count(1)
    return total


def greedy_move(board: Board) -> tuple[tuple[int, int], tuple[int, int]]:
    """A fair Lines player: the move that best grows a line of its ball's colour (about 500 to
    2,300 points a game on 9 x 9)."""
    balls = dict(board.balls())
    best, best_value = None, float("-inf")
    # A cell's potential for a colour, worked out once a move: it is the same for every ball
    # moving there from outside its windows (13 x 13 deal 1 took 23 s, weighing each anew).
    potential: dict[tuple[Cell, str], int] = {}
    for src, cells in board.move_choices():
        colour = balls[src]
        here = _line_potential(balls, board.size, src, colour, None)
        for dst in cells:
            if _in_a_window(src, dst):
                there = _line_potential(balls, board.size, dst, colour, src)
            else:
                there = potential.get((dst, colour), -1)
                if there < 0:
                    there = potential[dst, colour] = _line_potential(
                        balls, board.size, dst, colour, None
                    )
            value = there - here
            if value > best_value:
                best, best_value = (src, dst), value
    assert best is not None
    return best


def _in_a_window(cell: Cell, at: Cell) -> bool:
    """Whether `cell` is in one of the five-cell windows through `at` (`_line_potential`)."""
    rows, columns = cell[0] - at[0], cell[1] - at[1]
    return max(abs(rows), abs(columns)) <= 4 and (
        rows == 0 or columns == 0 or abs(rows) == abs(columns)
    )


def played_lines_game(seed: int, size: int = 9, started_at: float = FIXED_NOW) -> LinesGame:
    """A whole game of the greedy player (seed 4 on 9 x 9 scores 2,275 in 126 moves), a new
    object each time: the player's moves are worked out once per test process (a 13 x 13 deal
    takes seconds), the game played again from them."""
    game = LinesGame.new(seed, size, started_at=started_at)
    for move in _greedy_moves(seed, size):
        game.play(*move, now=started_at + 60 + len(game.moves))
    return game


@cache
def _greedy_moves(seed: int, size: int) -> tuple[tuple[Cell, Cell], ...]:
    """The greedy player's moves in deal `seed` (its times do not change them)."""
    game = LinesGame.new(seed, size, started_at=FIXED_NOW)
    moves = []
    while not game.over:
        move = greedy_move(game.board)
        game.play(*move, now=FIXED_NOW + 60 + len(game.moves))
        moves.append(move)
    return tuple(moves)


def yesterdays_lines_entry() -> tuple[TableId, Entry]:
    """Ann's verified result on yesterday's Lines 7 x 7 deal of the day (the app's clock is
    FIXED_NOW), and its table."""
    yesterday = utc_day(FIXED_NOW - 86_400)
    seed = lines_daily_seed(7, yesterday)
    game = played_lines_game(seed, size=7)
    entry = Entry("Ann", game.score, int(FIXED_NOW) - 86_400, seed, record_of_lines(game))
    return TableId.lines(7).daily(yesterday), entry


def one_move_from_its_end(
    seed: int, size: int = 9, started_at: float = FIXED_NOW
) -> tuple[LinesGame, tuple[Cell, Cell]]:
    """Deal `seed` played by the greedy player up to its last move, and that move (which ends
    the game): a game whose score its own moves made, as a save must hold (a score set by hand
    is a damaged save)."""
    game = LinesGame.new(seed, size, started_at=started_at)
    while True:
        move = greedy_move(game.board)
        probe = LinesGame.replay(game.record())
        probe.play(*move)
        if probe.over:
            return game, move
        game.play(*move, now=started_at + 60)


async def play_by_keys(pilot: Pilot[None], screen: LinesScreen, move: tuple[Cell, Cell]) -> None:
    """Move a ball as a player does: the cursor to its cell, enter, to where it goes, enter."""
    await cursor_to(pilot, screen, move[0])
    await pilot.press("enter")
    await cursor_to(pilot, screen, move[1])
    await pilot.press("enter")
    await settle(pilot)


def checker(now: float = FIXED_NOW) -> Checker:
    """What an import checks entries with, at the fixed clock."""
    return Checker(now=now)


def won_mahjong_game(layout: str | Layout = "turtle", seed: int = 1) -> MahjongGame:
    """A cleared deal of `layout` (a name, or the layout): the solver's winning sequence
    played, 2 s a pair."""
    if isinstance(layout, str):
        layout = find_layout(layout)
    game = MahjongGame.new(layout, seed, now=0.0)
    result = solve(game.position)
    assert result.verdict == Verdict.SOLVABLE
    for number, pair in enumerate(result.moves, start=1):
        game.remove(*pair, now=2.0 * number)
    return game


def twin_from_file(folder: Path) -> Layout:
    """A layout of two rows of four tiles, read from a file in `folder`: installed nowhere."""
    folder.mkdir()
    rows = ["." * 32] * 80  # five layers of 16 rows
    rows[2], rows[3] = "..12121212" + "." * 22, "..43434343" + "." * 22
    (folder / "twin.layout").write_text("kmahjongg-layout-v1.0\n" + "\n".join(rows) + "\n")
    (folder / "twin.desktop").write_text("[KMahjonggLayout]\nName=Twin [b]rows[/b]\n")
    (layout,) = read_layout_file(folder / "twin.layout").layouts
    return layout


# -- random walks through the whole app (the fuzz and fault-injection tests) ---------------------

WALK_KEYS = (
    *("up", "down", "left", "right", "h", "j", "k", "l"),
    *("enter", "enter", "space", "tab", "shift+tab", "escape", "backspace", "delete"),
    *("q", "n", "y", "u", "r", "R", "m", "i", "f", "g", "p", "s", "a", "d", "b", "c"),
    *("question_mark", "comma", "full_stop", "1", "7", "A", "x"),
    *("N", "S", "U", "F", "G", "t", "w", "3", "e"),
)
"""Every key some screen binds, and a few that none does (ctrl+q is left out: it ends the app)."""

HOSTILE_PASTES = (
    "Evil [/] close",
    "[link=http://x/]Click[/link]",
    "[bold red]Ada",
    "x\x1b]52;c;SGk=\x07y",
    "\x1b[2J",
    "LT1-\ufffd\u202e",
    "  \n\t ",
    "42",
    "Ada",
    "a" * 300,
)


class Walk:
    """A seeded random walk of keys and pastes through the app; `check` runs after every step.
    The walk ends early when the app ends (q on the menu), which is not a failure."""

    def __init__(self, seed: int, pastes: tuple[str, ...] = HOSTILE_PASTES) -> None:
        self.random = random.Random(seed)
        self.pastes = pastes
        self.steps = 0

    async def run(self, pilot: Pilot[None], steps: int, check: Any, burst: int = 1) -> None:
        """`steps` keys or pastes; `check(pilot)` after every `burst` of them (a burst arrives
        at once, as from a fast typist, and costs one wait for the app to settle)."""
        app = pilot.app
        while self.steps < steps and app.is_running:
            for _ in range(min(burst, steps - self.steps)):
                if self.random.random() < 0.06:
                    app.post_message(events.Paste(self.random.choice(self.pastes)))
                else:
                    post_keys_at_once(app, self.random.choice(WALK_KEYS))
                self.steps += 1
            await pilot.pause()
            if app.is_running:
                await check(pilot)


MAHJONG_FIXTURES = Path(__file__).parent / "fixtures" / "mahjong"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home with no installed layouts and an empty data folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("XDG_DATA_DIRS", str(tmp_path / "none"))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("LINES_TUI_HOME", str(tmp_path / "data"))
    return tmp_path


@pytest.fixture
def cwd(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder of its own in `home`, where a folder named `~` would show."""
    folder = home / "work"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


def install_layouts(
    monkeypatch: pytest.MonkeyPatch, home: Path, titles: Sequence[str], description: str = ""
) -> Path:
    """Installed KMahjongg layouts, one per title (the steps fixture's places), in `home`'s
    $XDG_DATA_HOME, and no system-wide ones; returns their folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "share"))
    monkeypatch.setenv("XDG_DATA_DIRS", str(home / "none"))
    folder = home / "share" / "kmahjongg" / "layouts"
    folder.mkdir(parents=True)
    about = f"Description={description}\n" if description else ""
    for number, title in enumerate(titles):
        shutil.copy(MAHJONG_FIXTURES / "steps.layout", folder / f"layout{number}.layout")
        (folder / f"layout{number}.desktop").write_text(
            f"[KMahjonggLayout]\nName={title}\n{about}FileName=layout{number}.layout\n",
            encoding="utf-8",
        )
    return folder


class CountedCalls:
    """`function` with its calls counted, failing the test as soon as they pass `limit`: work
    that grows as the square of a file's size stops at once rather than running for minutes."""

    def __init__(self, function: Callable[..., Any], limit: int) -> None:
        self.function = function
        self.limit = limit
        self.calls = 0

    def __call__(self, *args: Any) -> Any:
        self.calls += 1
        assert self.calls <= self.limit, f"more than {self.limit} calls"
        return self.function(*args)


TODAY = utc_day(FIXED_NOW)
"""The UTC date of FIXED_NOW, the app's clock in the tests."""


def save_todays_lines_game(data_dir: Path, day: str = TODAY) -> LinesGame:
    """Today's Lines deal (9 x 9) with one move played, saved as the game in progress."""
    game = LinesGame.new(lines_daily_seed(9, day), 9, started_at=FIXED_NOW)
    ball = next(cell for cell, _ in game.board.balls())
    target = next(c for c in game.board.empty_cells() if game.board.path(ball, c) is not None)
    game.play(ball, target)
    game.deal_choice = daily(day)
    open_store(data_dir).save_game("lines", game.to_json())
    return game


def todays_turtle(day: str = TODAY) -> int:
    """A Turtle deal of the day `day` as a save may hold it: one of the day's candidates (a save
    of another deal labelled the day's is damaged)."""
    return mahjong_daily_candidates("turtle", day)[0]


def save_todays_turtle(data_dir: Path, day: str = TODAY) -> MahjongGame:
    """A Turtle deal of the day with two pairs taken, saved as the game in progress (its number
    is whatever the day's proof settles on: a deal of the day is its day and layout)."""
    game = MahjongGame.new(find_layout("turtle"), todays_turtle(day), now=FIXED_NOW)
    game.deal_choice = daily(day)
    for _ in range(2):
        game.remove(*game.available_pairs()[0], now=FIXED_NOW + 30)
    open_store(data_dir).save_game("mahjong", game.to_json(now=FIXED_NOW + 30))
    return game
