"""The Textual app: the menu, both games, the score screens, help, colours and the size guard.

The menu is all the first frame shows, so the games' and score screens' modules (and with them
the layouts, the solver and the share codes) are imported when a screen is first opened, in the
method that opens it: a start costs what the menu needs and no more (README, "First frame").
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from textual.app import App
from textual.binding import Binding, BindingType
from textual.reactive import reactive

from lines_tui.engine.saved_games import lines_summary, mahjong_summary
from lines_tui.seeds import fresh_seed
from lines_tui.ui.dialogs import ConfirmScreen
from lines_tui.ui.help import HelpScreen
from lines_tui.ui.menu import MenuScreen, MenuState
from lines_tui.ui.session import Clock, SavedGame, Session, SymbolsChanged

if TYPE_CHECKING:
    from lines_tui.engine.lines import LinesGame
    from lines_tui.engine.mahjong.layouts import Layout
    from lines_tui.store import Store

Start = Literal["menu", "lines", "mahjong"]
UI_DIR = Path(__file__).parent
FEW_COLOUR_SYSTEMS = (None, "standard", "windows")


class LinesTuiApp(App[None]):
    """lines-tui. `start` opens a game at once (the menu is underneath it); `clock` gives wall-clock
    epoch seconds (tests pass a fixed one); `animations` turns the Lines move animation on or off;
    `few_colours` says whether the terminal has 16 colours or fewer (None: ask the console)."""

    TITLE = "lines-tui"
    # Absolute, so subclasses defined elsewhere (tests) still find the styles. Each game screen
    # brings its own styles when it first opens.
    CSS_PATH: ClassVar[list[str | PurePath]] = [UI_DIR / "app.tcss"]
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "ctrl+q",
            "quit",
            "Quit",
            show=False,
            priority=True,
            tooltip="Quit the app (a game in progress is saved)",
        ),
        Binding(
            "question_mark",
            "help",
            "Help",
            key_display="?",
            tooltip="This help: the keys of the screen you are on",
        ),
        Binding(
            "s",
            "toggle_symbols",
            "Symbols",
            tooltip="Symbols on or off: every colour also gets its letter",
        ),
    ]

    symbols_mode: reactive[bool] = reactive(False)

    def __init__(
        self,
        store: Store,
        start: Start = "menu",
        layout: str = "turtle",
        seed: int | None = None,
        size: int = 9,
        mouse: bool = False,
        *,
        clock: Clock = time.time,
        animations: bool = True,
        few_colours: bool | None = None,
    ) -> None:
        super().__init__()
        self.start = start
        self.layout_name = layout
        self.seed = seed
        self.lines_size = size
        self.mouse = mouse
        # NO_COLOR users see no colours at all, so balls and tiles need their symbols from the
        # start.
        symbols = self.no_color or "NO_COLOR" in os.environ
        self.set_reactive(LinesTuiApp.symbols_mode, symbols)
        self.session = Session(
            store,
            clock,
            animations=animations,
            symbols=symbols,
            # 16 colours or none: shades of grey merge, so widgets mark things with glyphs.
            few_colours=(
                self.no_color or self.console.color_system in FEW_COLOUR_SYSTEMS
                if few_colours is None
                else few_colours
            ),
        )

    @property
    def store(self) -> Store:
        return self.session.store

    @property
    def few_colours(self) -> bool:
        return self.session.few_colours

    def watch_symbols_mode(self, symbols: bool) -> None:
        self.session.symbols = symbols
        for screen in self.screen_stack:
            screen.post_message(SymbolsChanged(symbols))

    def run(self, *, mouse: bool | None = None, **options: Any) -> None:
        """Mouse reporting is off unless asked for: over SSH every mouse motion costs bytes."""
        return super().run(mouse=self.mouse if mouse is None else mouse, **options)

    def on_mount(self) -> None:
        for warning in self.store.warnings:
            self.notify(warning, title="Data file", severity="warning", timeout=12)
        self.push_screen(MenuScreen(self.menu_state))
        if self.start == "lines":
            self.offer_resume_or_start(
                "Lines",
                self.saved_lines_summary(),
                self.resume_lines,
                lambda: self.start_lines(seed=self.seed, size=self.lines_size),
            )
        elif self.start == "mahjong":
            from lines_tui.engine.mahjong.layouts import find_layout

            layout = find_layout(self.layout_name)
            self.offer_resume_or_start(
                "Mahjong",
                self.saved_mahjong_summary(),
                self.resume_mahjong,
                lambda: self.start_mahjong(layout, self.seed),
            )

    # --- the menu's entries -------------------------------------------------------------------

    def on_menu_screen_chosen(self, message: MenuScreen.Chosen) -> None:
        self.open_entry(message.entry)

    def open_entry(self, entry: str) -> None:
        actions: dict[str, Callable[[], object]] = {
            "resume-lines": self.resume_lines,
            "resume-mahjong": self.resume_mahjong,
            "lines": lambda: self.start_lines(size=self.lines_size),
            "mahjong": self.pick_mahjong,
            "leaderboards": self.open_leaderboards,
            "import": self.open_import,
            "players": self.open_players,
            "help": self.action_help,
            "quit": self.exit,
        }
        actions[entry]()

    def player_line(self) -> str:
        player = self.store.active_player
        if player is None:
            return "Playing as guest: scores are not saved (register under Players)."
        return f"Player: {player}"

    def menu_state(self) -> MenuState:
        return MenuState(
            self.player_line(),
            {
                "resume-lines": self.saved_lines_summary(),
                "resume-mahjong": self.saved_mahjong_summary(),
            },
        )

    def saved_lines_summary(self) -> str | None:
        data = self.store.load_game("lines")
        return None if data is None else lines_summary(data)

    def saved_mahjong_summary(self) -> str | None:
        data = self.store.load_game("mahjong")
        return None if data is None else mahjong_summary(data)

    def saved_lines(self) -> LinesGame | None:
        """The saved Lines game, or None; a save the engine refuses is dropped with a notice."""
        from lines_tui.engine.lines import GameDataError, LinesGame

        data = self.store.load_game("lines")
        if data is None:
            return None
        try:
            return LinesGame.from_json(data)
        except GameDataError as error:
            self.drop_saved_game("lines", "Lines", error)
            return None

    def drop_saved_game(self, kind: SavedGame, name: str, error: Exception) -> None:
        """A save the engine refuses to resume goes, with a notice; the menu loses its entry."""
        self.store.clear_game(kind)
        self.notify(
            f"The saved {name} game could not be read ({error}); it was dropped.",
            severity="warning",
        )
        if isinstance(self.screen, MenuScreen):
            self.screen.refresh_entries()

    def offer_resume_or_start(
        self,
        game: str,
        saved: str | None,
        resume: Callable[[], None],
        start: Callable[[], None],
    ) -> None:
        """`lines-tui lines` / `lines-tui mahjong`: a saved game is offered first, unless there
        is none or a seed asks for a particular new one."""
        if saved is None or self.seed is not None:
            start()
            return

        def answered(yes: bool | None) -> None:
            (resume if yes else start)()

        question = f"You have a saved {game} game ({saved}). Resume it?"
        self.push_screen(ConfirmScreen(question, title="Saved game"), answered)

    def start_lines(self, seed: int | None = None, size: int = 9) -> None:
        from lines_tui.engine.lines import LinesGame
        from lines_tui.ui.lines.screen import LinesScreen

        seed = fresh_seed() if seed is None else seed
        game = LinesGame.new(seed, size, started_at=self.session.clock())
        self.push_screen(LinesScreen(self.session, game))

    def resume_lines(self) -> None:
        from lines_tui.ui.lines.screen import LinesScreen

        game = self.saved_lines()
        if game is not None:
            self.push_screen(LinesScreen(self.session, game, resumed=True))

    def pick_mahjong(self) -> None:
        from lines_tui.ui.mahjong import LayoutPickerScreen

        def picked(choice: tuple[Layout, int | None] | None) -> None:
            if choice is not None:
                layout, seed = choice
                self.start_mahjong(layout, seed)

        self.push_screen(LayoutPickerScreen(), picked)

    def start_mahjong(self, layout: Layout, seed: int | None) -> None:
        from lines_tui.ui.mahjong import MahjongScreen

        seed = fresh_seed() if seed is None else seed
        self.push_screen(MahjongScreen(self.session, layout, seed))

    def resume_mahjong(self) -> None:
        from lines_tui.engine.mahjong.game import MahjongGame
        from lines_tui.ui.mahjong import MahjongScreen

        data = self.store.load_game("mahjong")
        if data is None:
            return
        try:
            game = MahjongGame.from_json(data, now=self.session.clock())
        except ValueError as error:
            self.drop_saved_game("mahjong", "Mahjong", error)
            return
        self.push_screen(MahjongScreen(self.session, game.layout, game.seed, game=game))

    def open_leaderboards(self, table: str | None = None, rank: int | None = None) -> None:
        from lines_tui.ui.scores import LeaderboardScreen

        self.push_screen(LeaderboardScreen(self.store, table=table, highlight_rank=rank))

    def open_import(self) -> None:
        """A merged code shows the leaderboard it went into, the new entries marked."""
        from lines_tui.ui.scores import ImportScreen

        def merged(result: tuple[str, int | None] | None) -> None:
            if result is not None:
                self.open_leaderboards(*result)

        self.push_screen(ImportScreen(self.store), merged)

    def open_players(self) -> None:
        from lines_tui.ui.scores import PlayersScreen

        self.push_screen(PlayersScreen(self.store))

    # --- app-wide keys ------------------------------------------------------------------------

    def action_help(self) -> None:
        if isinstance(self.screen, HelpScreen):
            return
        title = getattr(self.screen, "HELP_TITLE", None) or type(self.screen).__name__.removesuffix(
            "Screen"
        )
        self.push_screen(HelpScreen(self.screen, title))

    def action_toggle_symbols(self) -> None:
        self.symbols_mode = not self.symbols_mode
        self.notify(
            "Symbols on: every colour also has its letter."
            if self.symbols_mode
            else "Symbols off.",
            timeout=2,
        )
