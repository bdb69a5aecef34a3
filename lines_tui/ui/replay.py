"""Watching a game: a verified entry's record played back on the real board (README, "Watching a
game"). Space plays and pauses, the arrows step one move, home and end jump to the start and the
finish; the panel shows the move number and the score or the time so far. A Mahjong board larger
than its area scrolls to each move's pair, and up and down scroll it. Covered by help the moves
pause; covered by the enlarge message they wait, and play on once the terminal is large enough
again if they were playing."""

from __future__ import annotations

from pathlib import Path, PurePath
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from lines_tui.engine.lines.cell_names import cell_name
from lines_tui.engine.mahjong.geometry import bits
from lines_tui.engine.mahjong.layouts import Layout
from lines_tui.outside_text import inert
from lines_tui.store import Entry, TableId, format_value
from lines_tui.store.records import LinesRecord, MahjongRecord
from lines_tui.store.replay import lines_frames, mahjong_frames
from lines_tui.ui.app_keys import HELP, MAHJONG_REPLAY_SYMBOLS_NOTE
from lines_tui.ui.footer import Footer, least_width
from lines_tui.ui.lines.board import LinesBoard
from lines_tui.ui.lines.cell_shape import board_size_for, largest_scale_within
from lines_tui.ui.mahjong.board import MahjongBoard
from lines_tui.ui.mahjong.tile_grid import TILE_HEIGHT
from lines_tui.ui.mahjong.tile_text import face_text
from lines_tui.ui.on_top import DismissedOnTop
from lines_tui.ui.session import Session, SymbolsChanged
from lines_tui.ui.size_guard import FOOTER_HEIGHT, REPLAY_KEPT, game_screen_fits
from lines_tui.ui.status_line import StatusLine
from lines_tui.ui.store_thread import still_there

STEP_SECONDS = 0.6
LINES_PANEL_WIDTH = 26
"""Columns of the panel beside a Lines board (replay.tcss, #replay-panel)."""
MAHJONG_PANEL_WIDTH = 16
"""Columns of the panel beside a Mahjong board (replay.tcss, ReplayScreen.-mahjong): narrower,
so that the widest shipped layout, 64 columns, fits 80 whole."""
PANEL_MIN_HEIGHT = 10
"""The panel's rows: the name and the table's title, a gap, the move's number, what it did, the
value, the state, a gap and a one-line notice."""


class ReplayError(ValueError):
    """The entry cannot be watched here (no record, or a layout not installed); one line."""


class ReplayScreen(DismissedOnTop, Screen[None]):
    """One entry's game, move by move: an entry its replay verified (`verify.verify`), as the
    leaderboard and `lines-tui replay` give it. Raises ReplayError when built for an entry that
    cannot be replayed here. Esc goes back to the leaderboard, or to the menu when the replay
    opened over it (`over_menu`: `lines-tui replay`), and the Footer and the help say which."""

    CSS_PATH: ClassVar[list[str | PurePath]] = [
        Path(__file__).parent / "lines" / "lines.tcss",
        Path(__file__).parent / "mahjong" / "mahjong.tcss",
        Path(__file__).parent / "replay.tcss",
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "play_pause", "Play/pause", tooltip="Play the moves, or pause"),
        Binding("left", "step(-1)", "Prev", key_display="←", tooltip="One move back (pauses)"),
        Binding("right", "step(1)", "Next", key_display="→", tooltip="One move on (pauses)"),
        Binding("home", "jump(0)", "Start", tooltip="Back to the first position"),
        Binding("end", "jump(-1)", "End", tooltip="On to the final position"),
        # Not in the Footer: at 80 columns it has no room, and most boards show whole. A Mahjong
        # replay's only (`check_action`).
        Binding(
            "up",
            "scroll_board(-1)",
            "Scroll up",
            show=False,
            tooltip="Scroll a board taller than the screen up a row of tiles",
        ),
        Binding(
            "down",
            "scroll_board(1)",
            "Scroll down",
            show=False,
            tooltip="Scroll a board taller than the screen down a row of tiles",
        ),
        # One of the two, by where the replay was opened (`check_action`): esc goes back to
        # the screen below, as a game started from the command line goes back to the menu.
        Binding("escape,q", "back('leaderboard')", "Back", tooltip="Back to the leaderboard"),
        Binding("escape,q", "back('menu')", "Menu", tooltip="Back to the menu"),
        HELP,  # bound here too only to come before S in the Footer, as before the app's s
        # A Mahjong replay's symbols key is the Mahjong game's, S (`check_action`); its s, the
        # key of the leaderboard it opens from, toggles them too, unshown. A Lines replay's is
        # the app's s.
        Binding(
            "S",
            "symbols",
            "Symbols",
            tooltip=f"Symbols on or off: {MAHJONG_REPLAY_SYMBOLS_NOTE}",
        ),
        Binding("s", "symbols", show=False),
    ]
    HELP = "A recorded game played back on the real board: the moves as they were played."

    def __init__(
        self,
        session: Session,
        table: TableId,
        entry: Entry,
        layout: Layout | None = None,
        *,
        over_menu: bool = False,
    ) -> None:
        """`layout`: a Mahjong table's (`Session.with_layout`), None if not found here."""
        super().__init__()
        self.session = session
        self.over_menu = over_menu
        self.table = table
        self.entry = entry
        self.move = 0
        self._timer: Timer | None = None
        self._plays_on = False
        """Whether the moves were playing when the enlarge message covered them: they wait under
        it, and play on once it goes ("It comes back as it was")."""
        record = entry.record
        self._title = session.table_title(table)
        if isinstance(record, LinesRecord):
            self._lines = lines_frames(int(table.variant), entry.seed, record)
            self.moves = len(self._lines) - 1
        elif isinstance(record, MahjongRecord):
            if layout is None:
                raise ReplayError(f"layout {table.variant} is not installed here")
            # Named by the layout found, an installed one too (`lines-tui replay` reads no
            # leaderboard, which would have found its title).
            self._title = table.titled(layout.title)
            self._deal, self._present = mahjong_frames(layout, entry.seed, record)
            self.moves = len(self._present) - 1
        else:
            raise ReplayError("this entry has no game record (unverified), so it cannot replay")
        self.set_class(isinstance(record, MahjongRecord), "-mahjong")

    def compose(self) -> ComposeResult:
        with Horizontal(id="replay-area"):
            if isinstance(self.entry.record, LinesRecord):
                yield LinesBoard(
                    int(self.table.variant),
                    few_colours=self.session.few_colours,
                    with_cursor=False,
                    id="board",
                )
            else:
                faces = [face_text(face) for face in self._deal.faces]
                labels, suits = [f[0] for f in faces], [f[1] for f in faces]
                yield MahjongBoard(self._deal.geometry, labels, suits, id="board")
            with Vertical(id="replay-panel"):
                yield Static(id="replay-title", markup=False)
                yield Static(id="replay-move", markup=False)
                yield Static(id="replay-what", markup=False)
                yield Static(id="replay-value", markup=False)
                yield Static(id="replay-state", markup=False)
                yield StatusLine(id="replay-message")
        yield Footer()

    def on_mount(self) -> None:
        if not self.staying:
            return  # closed at once, or the app ended while it was mounted: nothing to start
        # The leaderboard's notices are about it, and would cover the board (this screen's own
        # go to its status line).
        self.app.clear_notifications()
        # A layout played from a file has its title from the file: outside text.
        table_title = inert(self._title)
        if self.table.mode == "random":  # a deal's table names its deal already
            table_title.append(f", deal {self.entry.seed}")
        title = Text.assemble(inert(self.entry.name, 24), "\n", table_title)
        self.query_one("#replay-title", Static).update(title)
        self._show_symbols(self.session.symbols)
        self._fit()
        self._draw()

    @property
    def SYMBOLS_NOTE(self) -> str | None:  # the app reads it of every screen
        """What the symbols key says it turns on: nothing new on a Mahjong replay's board."""
        return MAHJONG_REPLAY_SYMBOLS_NOTE if self._is_mahjong else None

    @property
    def _is_mahjong(self) -> bool:
        return isinstance(self.entry.record, MahjongRecord)

    @property
    def min_size(self) -> tuple[int, int]:
        """The terminal the replay needs: the board at its smallest beside the panel, and its
        keys whole. A Mahjong board larger than `SCROLL_FROM` scrolls instead, as in
        the game (to each move's pair, and with up and down), so 80 x 24 is always enough."""
        if isinstance(self.entry.record, LinesRecord):
            board, panel = board_size_for(0, int(self.table.variant)), LINES_PANEL_WIDTH
        else:
            board = self.query_one(MahjongBoard).least_size
            panel = MAHJONG_PANEL_WIDTH
        width = max(board.width + panel, least_width(self))
        return width, max(board.height, PANEL_MIN_HEIGHT) + FOOTER_HEIGHT

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return parameters == (("menu",) if self.over_menu else ("leaderboard",))
        if action in ("scroll_board", "symbols"):
            # A Lines board is never taller than the screen: up and down are not its keys, nor
            # in its help; its symbols key is the app's s.
            return self._is_mahjong
        return True

    async def action_symbols(self) -> None:
        await self.run_action("app.toggle_symbols")

    def action_back(self, _to: str) -> None:
        self.dismiss(None)

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def on_screen_resume(self) -> None:
        if self._fit() and self._plays_on:
            # Back from the enlarge message, which covered the moves as they played.
            self._plays_on = False
            if not self.closing:
                self._play()
                self._draw()

    def on_screen_suspend(self) -> None:
        # Help or the enlarge message over the board: the moves wait (help's for the player's
        # space, the enlarge message's for the terminal to grow: `_fit`).
        self._pause()
        self._draw()

    def _fit(self) -> bool:
        """The largest Lines cells that fit beside the panel; the enlarge message over the
        replay while even the smallest board does not fit (esc there goes back). True if the
        replay shows (or is under a dialog, which hides it while it does not fit)."""
        if not still_there(self):
            return False
        width, height = self.app.size
        for board in self.query(LinesBoard):
            room = Size(width - LINES_PANEL_WIDTH, height - FOOTER_HEIGHT)
            board.set_scale(largest_scale_within(room, int(self.table.variant)))
        playing = self._timer is not None
        fits = game_screen_fits(self, *self.min_size, self.dismiss, REPLAY_KEPT)
        if not fits and playing:
            self._plays_on = True
        return fits

    def on_symbols_changed(self, message: SymbolsChanged) -> None:
        self._show_symbols(message.symbols)

    def _show_symbols(self, symbols: bool) -> None:
        """Each ball's letter, as in the game (a Mahjong tile always shows its label)."""
        for board in self.query(LinesBoard):
            board.set_symbols(symbols)

    def _draw(self) -> None:
        if isinstance(self.entry.record, LinesRecord):
            frame = self._lines[self.move]
            self.query_one(LinesBoard).show(frame.balls, frame.preview)
            value = f"Score {frame.score}"
        else:
            board = self.query_one(MahjongBoard)
            present = self._present[self.move]
            # The pair the move took or put back, in view on a board that scrolls.
            board.scroll_to_tiles(list(bits(board.present ^ present)))
            board.present = present
            # Move times are not recorded: the clock advances evenly to the entry's time.
            tenths = self.entry.value * self.move // max(1, self.moves)
            value = f"Time {format_value(self.table, tenths)}"
        self.query_one("#replay-move", Static).update(f"Move {self.move} of {self.moves}")
        self.query_one("#replay-what", Static).update(self._last_move())
        self.query_one("#replay-value", Static).update(value)
        self.query_one("#replay-state", Static).update(f"({self._state()})")

    def _last_move(self) -> str:
        """The move that led to the position shown, "2e → 2d" or "4B + 4B" ("" at the start):
        stepping with the arrows, the player had to hunt for what changed (a player review)."""
        if self.move == 0:
            return ""
        record = self.entry.record
        if isinstance(record, LinesRecord):
            start, end = record.moves[self.move - 1]
            return f"{cell_name(start)} → {cell_name(end)}"
        taken = bits(self._present[self.move - 1] ^ self._present[self.move])
        return " + ".join(face_text(self._deal.faces[tile])[0] for tile in taken)

    def _state(self) -> str:
        """Playing, paused, or at the end the game's: an empty board and "Move 36 of 36" said
        nothing of a win (every game replayed is one, or a Lines game's full board)."""
        if self._timer is not None:
            return "playing"
        if self.move < self.moves:
            return "paused"
        return "cleared" if self._is_mahjong else "game over"

    def action_step(self, step: int) -> None:
        self._pause()
        self.move = min(self.moves, max(0, self.move + step))
        self._draw()

    def action_jump(self, where: int) -> None:
        self._pause()
        self.move = self.moves if where < 0 else 0
        self._draw()

    def action_play_pause(self) -> None:
        if self._timer is not None:
            self._pause()
        else:
            if self.move >= self.moves:
                self.move = 0
            self._play()
        self._draw()

    def action_scroll_board(self, rows: int) -> None:
        """Up or down a row of tiles, on a Mahjong board taller than its area."""
        for board in self.query(MahjongBoard):
            board.scroll_relative(y=rows * TILE_HEIGHT, animate=False)

    def _advance(self) -> None:
        if self.move >= self.moves:
            self._pause()
        else:
            self.move += 1
        self._draw()

    def _play(self) -> None:
        if self._timer is None:
            self._timer = self.set_interval(STEP_SECONDS, self._advance)

    def _pause(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
