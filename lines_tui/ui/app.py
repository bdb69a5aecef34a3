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
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar

from textual.app import App, ScreenStackError
from textual.binding import Binding, BindingType
from textual.notifications import SeverityLevel
from textual.reactive import reactive

from lines_tui.engine.deal_choice import CHOSEN, RANDOM, DealChoice, daily
from lines_tui.engine.saved_games import lines_summary, mahjong_summary
from lines_tui.outside_text import printable, printable_lines
from lines_tui.seeds import fresh_seed
from lines_tui.store import Entry, StoreError, TableId, format_value
from lines_tui.store.tables import utc_day
from lines_tui.ui.dialogs import ConfirmScreen
from lines_tui.ui.help import HelpScreen
from lines_tui.ui.menu import MenuScreen, MenuState
from lines_tui.ui.session import Clock, SavedGame, Session, SymbolsChanged
from lines_tui.ui.status_line import StatusLine
from lines_tui.ui.store_thread import load, write

if TYPE_CHECKING:
    from lines_tui.engine.deal_choice import Skipped
    from lines_tui.engine.lines import LinesGame
    from lines_tui.engine.mahjong.layouts import Layout
    from lines_tui.engine.mahjong.solvable import DealSearch, ProvedDeal
    from lines_tui.store import Store
    from lines_tui.ui.mahjong import LayoutPickerScreen
    from lines_tui.ui.scores import LeaderboardScreen

Start = Literal["menu", "lines", "mahjong"]
T = TypeVar("T")
UI_DIR = Path(__file__).parent
FEW_COLOUR_SYSTEMS = (None, "standard", "windows")


class LinesTuiApp(App[None]):
    """lines-tui. `start` opens a game at once (the menu is underneath it); `clock` gives wall-clock
    epoch seconds (tests pass a fixed one); `animations` turns the Lines move animation on or off;
    `few_colours` says whether the terminal has 16 colours or fewer (None: ask the console);
    `solvable` turns "solvable deals only" on for this run (`--solvable`), whatever is kept."""

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
        choice: DealChoice | None = None,
        replay: tuple[TableId, Entry] | None = None,
        solvable: bool = False,
    ) -> None:
        """`choice`: how `seed` was chosen (default: by number when a seed is given); `replay`:
        an entry whose game is played back first (`lines-tui replay`)."""
        super().__init__()
        self.start = start
        self.layout_name = layout
        self.seed = seed
        self.choice = choice
        self.replay = replay
        self.lines_size = size
        self.mouse = mouse
        # NO_COLOR users see no colours at all, so balls and tiles need their symbols from the
        # start.
        symbols = self.no_color or "NO_COLOR" in os.environ
        self.set_reactive(LinesTuiApp.symbols_mode, symbols)
        self.saved_state: MenuState | None = None
        """The player and the saved games as the menu last read them (new games ask from it)."""
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
            solvable_deals=True if solvable else None,
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

    def get_default_screen(self) -> MenuScreen:
        """The menu is the bottom screen: every other screen opens over it and returns to it."""
        return MenuScreen(self.menu_state, self.session.io)

    def on_mount(self) -> None:
        for warning in self.store.warnings:
            self.notify(warning, title="Data file", severity="warning", timeout=12)
        if self.replay is not None:
            self.watch_game(*self.replay)
        elif self.start != "menu":
            load(self, self.session.io, self.menu_state, self.start_asked, self.read_failed,
                 group="start")

    def start_asked(self, state: MenuState) -> None:
        """`lines-tui lines` / `lines-tui mahjong`, once the saved games are read."""
        self.saved_state = state
        for problem in state.problems:
            self.notify(problem, severity="error")
        if self.start == "lines":
            self.offer_resume_or_start(
                "Lines",
                self.saved_summary("lines"),
                self.resume_lines,
                lambda: self.start_lines(self.seed, self.lines_size, self.choice),
            )
        elif self.start == "mahjong":
            from lines_tui.engine.mahjong.layouts import find_layout

            layout = find_layout(self.layout_name)
            self.offer_resume_or_start(
                "Mahjong",
                self.saved_summary("mahjong"),
                self.resume_mahjong,
                lambda: self.start_mahjong_as_asked(layout),
            )

    def read_failed(self, error: StoreError) -> None:
        self.notify(f"The data folder could not be read: {error}", severity="error")

    def on_unmount(self) -> None:
        self.session.close()

    # --- the menu's entries -------------------------------------------------------------------

    def on_menu_screen_chosen(self, message: MenuScreen.Chosen) -> None:
        if message.state is not None:
            self.saved_state = message.state
        self.open_entry(message.entry)

    def open_entry(self, entry: str) -> None:
        actions: dict[str, Callable[[], object]] = {
            "resume-lines": self.resume_lines,
            "resume-mahjong": self.resume_mahjong,
            "lines": lambda: self.replacing_saved(
                "Lines", self.saved_summary("lines"), lambda: self.start_lines(size=self.lines_size)
            ),
            "mahjong": self.pick_mahjong,
            "today": self.pick_today,
            "leaderboards": self.open_leaderboards,
            "import": self.open_import,
            "players": self.open_players,
            "help": self.action_help,
            "quit": self.exit,
        }
        actions[entry]()

    def menu_state(self) -> MenuState:
        """Who plays and the saved games. Runs on the store's thread (never the UI's), so what
        fails is not told here but listed in the state's `problems`, for the menu to show; a
        part that fails reads as a guest or no saved game, and play goes on."""
        problems: list[str] = []

        def read(call: Callable[[], T], failed: str) -> T | None:
            try:
                return call()
            except StoreError as error:
                problems.append(f"{failed}: {error}")
                return None

        player = read(lambda: self.store.active_player, "The player could not be read")

        def game(kind: SavedGame) -> dict[str, Any] | None:
            failed = f"The saved {kind} game could not be read"
            return read(lambda: self.store.load_game(kind), failed)

        lines, mahjong = game("lines"), game("mahjong")
        solvable = read(
            lambda: self.store.preferences().solvable_deals, "The settings could not be read"
        )
        return MenuState(
            "Playing as guest: scores are not saved (register under Players)."
            if player is None
            else f"Player: {player}",
            {
                "resume-lines": None if lines is None else lines_summary(lines),
                "resume-mahjong": None if mahjong is None else mahjong_summary(mahjong),
            },
            {"lines": lines, "mahjong": mahjong},
            tuple(problems),
            solvable_deals=bool(solvable),
        )

    def saved_summary(self, kind: SavedGame) -> str | None:
        """The saved game of `kind` as the menu last read it ("9 x 9, score 40"), or None."""
        state = self.saved_state
        return None if state is None else state.saved.get(f"resume-{kind}")

    def saved_game(self, kind: SavedGame) -> dict[str, Any] | None:
        state = self.saved_state
        return None if state is None else state.games.get(kind)

    def saved_lines(self) -> LinesGame | None:
        """The saved Lines game, or None; a save the engine refuses is dropped with a notice."""
        from lines_tui.engine.lines import GameDataError, LinesGame

        data = self.saved_game("lines")
        if data is None:
            return None
        try:
            return LinesGame.from_json(data)
        except GameDataError as error:
            self.drop_saved_game("lines", "Lines", error)
            return None

    def drop_saved_game(self, kind: SavedGame, name: str, error: Exception) -> None:
        """A save the engine refuses to resume goes, with a notice; the menu loses its entry."""

        def dropped(_: None) -> None:
            if isinstance(self.screen, MenuScreen):
                self.screen.refresh_entries()

        def kept(problem: StoreError) -> None:
            self.notify(f"The save stays on disk: {problem}", severity="error")

        write(self, self.session.io, lambda: self.store.clear_game(kind), dropped, kept)
        self.notify(
            f"The saved {name} game could not be read ({error}); it was dropped.",
            severity="warning",
        )

    def offer_resume_or_start(
        self,
        game: str,
        saved: str | None,
        resume: Callable[[], None],
        start: Callable[[], None],
    ) -> None:
        """`lines-tui lines` / `lines-tui mahjong`: a saved game is offered first; a seed asks
        for a particular new deal, which is started once the player agrees to replace it."""
        if saved is None:
            start()
            return
        if self.seed is not None or self.choice is not None:
            self.replacing_saved(game, saved, start)
            return

        def answered(yes: bool | None) -> None:
            (resume if yes else start)()

        question = f"You have a saved {game} game ({saved}). Resume it?"
        self.push_screen(ConfirmScreen(question, title="Saved game"), answered)

    def replacing_saved(self, game: str, saved: str | None, start: Callable[[], object]) -> None:
        """Start a new game of a kind that has one saved: a game in progress is never replaced
        without asking (the new game's first move would overwrite the saved one)."""
        if saved is None:
            start()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                start()

        question = (
            f"You have a saved {game} game ({saved}). A new game replaces it for good. "
            "Start a new one?"
        )
        self.push_screen(ConfirmScreen(question, title="Replace the saved game?"), answered)

    def start_lines(
        self, seed: int | None = None, size: int = 9, choice: DealChoice | None = None
    ) -> None:
        """A new game: a random seed, or the one asked for (which plays for its deal's table,
        or the table `choice` names)."""
        from lines_tui.engine.lines import LinesGame
        from lines_tui.ui.lines.screen import LinesScreen

        choice = choice or (RANDOM if seed is None else CHOSEN)
        seed = fresh_seed() if seed is None else seed
        game = LinesGame.new(seed, size, started_at=self.session.clock())
        game.deal_choice = choice
        self.push_screen(LinesScreen(self.session, game))

    def resume_lines(self) -> None:
        from lines_tui.ui.lines.screen import LinesScreen

        game = self.saved_lines()
        if game is not None:
            self.push_screen(LinesScreen(self.session, game, resumed=True))

    def pick_today(self) -> None:
        """Today's deals: the deal of the day (UTC) of Lines or of a built-in layout."""
        from lines_tui.engine.daily import lines_daily_seed
        from lines_tui.engine.mahjong.layouts import find_layout
        from lines_tui.ui.today import LINES, TodayScreen

        day = utc_day(self.session.clock())

        def picked(choice: str | None) -> None:
            if choice == LINES:
                seed = lines_daily_seed(self.lines_size, day)
                self.replacing_saved(
                    "Lines",
                    self.saved_summary("lines"),
                    lambda: self.start_lines(seed, self.lines_size, daily(day)),
                )
            elif choice is not None:
                layout = find_layout(choice)
                self.replacing_saved(
                    "Mahjong",
                    self.saved_summary("mahjong"),
                    lambda: self.start_daily_mahjong(layout, day),
                )

        self.push_screen(TodayScreen(day, self.lines_size), picked)

    def start_daily_mahjong(self, layout: Layout, day: str) -> None:
        """The deal of the day is the first of the day's candidates the solver proves solvable,
        proved in the solver process while the app stays live."""
        from lines_tui.engine.daily import mahjong_daily_search
        from lines_tui.engine.mahjong.layouts import layout_table_name

        search = mahjong_daily_search(layout, layout_table_name(layout), day)
        self.prove_then_start(search, "Deal of the day", daily(day))

    def start_mahjong_as_asked(self, layout: Layout) -> None:
        """`lines-tui mahjong` with its options: today's deal (--daily, with no seed yet), a
        challenge's deal, or a new deal (proved solvable when the setting or --solvable says)."""
        if self.choice is not None and self.choice.mode == "daily" and self.seed is None:
            self.start_daily_mahjong(layout, self.choice.day)
        elif self.choice is not None:
            self.start_mahjong(layout, self.seed, self.choice)
        else:
            self.start_mahjong(layout, self.seed, solvable=self.solvable_deals())

    def solvable_deals(self) -> bool:
        """Whether "solvable deals only" is on: --solvable or the picker's `o` in this run, else as
        the store keeps it (read with the menu's state, on the store's thread)."""
        session, state = self.session, self.saved_state
        if session.solvable_deals is None and state is not None:
            session.solvable_deals = state.solvable_deals
        return bool(session.solvable_deals)

    def pick_mahjong(self) -> None:
        from lines_tui.ui.mahjong import LayoutPickerScreen
        from lines_tui.ui.mahjong.picker import Choice

        def picked(choice: Choice | None) -> None:
            if choice is not None:
                layout, seed, solvable = choice
                self.replacing_saved(
                    "Mahjong",
                    self.saved_summary("mahjong"),
                    lambda: self.start_mahjong(layout, seed, solvable=solvable),
                )

        self.push_screen(LayoutPickerScreen(solvable=self.solvable_deals()), picked)

    def on_layout_picker_screen_solvable_changed(
        self, message: LayoutPickerScreen.SolvableChanged
    ) -> None:
        self.session.solvable_deals = message.solvable
        self.keep_preferences(message.solvable)

    def keep_preferences(self, solvable: bool) -> None:
        """Write the settings for the next start, on the store's thread; a failure says so."""
        from lines_tui.store import Preferences

        def failed(error: StoreError) -> None:
            self.notify(f"The setting could not be kept: {error}", severity="error")

        change = Preferences(solvable_deals=solvable)
        write(self, self.session.io, lambda: self.store.save_preferences(change), _ignore, failed)

    def start_mahjong(
        self,
        layout: Layout,
        seed: int | None,
        choice: DealChoice | None = None,
        *,
        solvable: bool = False,
    ) -> None:
        """A new deal: a random one, or the one asked for (which plays for its deal's table, or
        the table `choice` names). `solvable`: the first deal from there on that the solver
        proves solvable (README, "Solvable deals only")."""
        choice = choice or (RANDOM if seed is None else CHOSEN)
        seed = fresh_seed() if seed is None else seed
        if solvable:
            from lines_tui.engine.mahjong.solvable import DealSearch, following

            search = DealSearch(layout, following(seed))
            self.prove_then_start(search, "Solvable deals only", choice)
        else:
            self.open_mahjong(layout, seed, choice)

    def prove_then_start(self, search: DealSearch, title: str, choice: DealChoice) -> None:
        """Prove deals of `search` in the solver process (a dialog shows which one; escape stops
        it), then play the deal proved solvable."""
        from lines_tui.ui.mahjong.proving import ProvingScreen

        def proved(deal: ProvedDeal | None) -> None:
            if deal is not None:
                self.open_mahjong(search.layout, deal.seed, choice, proof=deal.skipped)

        solver = self.session.background_solver()
        self.push_screen(ProvingScreen(solver, search, title), proved)

    def open_mahjong(
        self, layout: Layout, seed: int, choice: DealChoice, proof: Skipped | None = None
    ) -> None:
        from lines_tui.ui.mahjong import MahjongScreen

        self.solvable_deals()  # the screen's new deals (N) follow the setting
        self.push_screen(MahjongScreen(self.session, layout, seed, choice=choice, proof=proof))

    def resume_mahjong(self) -> None:
        from lines_tui.engine.mahjong.game import MahjongGame
        from lines_tui.ui.mahjong import MahjongScreen

        self.solvable_deals()  # the screen's new deals (N) follow the setting
        data = self.saved_game("mahjong")
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

        self.push_screen(LeaderboardScreen(self.session, table=table, highlight_rank=rank))

    def open_import(self) -> None:
        """A merged code shows the leaderboard it went into, the new entries marked."""
        from lines_tui.ui.scores import ImportScreen

        def merged(result: tuple[str, int | None] | None) -> None:
            if result is not None:
                self.open_leaderboards(*result)
                self.offer_challenge(TableId.parse(result[0]))

        self.push_screen(ImportScreen(self.session), merged)

    def offer_challenge(self, table: TableId) -> None:
        """A code of one deal's table is a challenge: offer to play that deal at once, for that
        table (README, "Challenges"). Its entries are read on the store's thread."""
        load(
            self,
            self.session.io,
            lambda: self.store.table(table),
            lambda entries: self.offer_challenge_of(table, entries),
            self.read_failed,
            group="challenge",
        )

    def offer_challenge_of(self, table: TableId, entries: tuple[Entry, ...]) -> None:
        from lines_tui.engine.mahjong.layouts import layout_for_table

        today = utc_day(self.session.clock())
        if table.mode == "random" or not entries or (table.mode == "daily" and table.tag != today):
            return
        best = entries[0]
        choice = daily(table.tag) if table.mode == "daily" else CHOSEN
        layout = None if table.kind == "lines" else layout_for_table(table.variant)
        if table.kind == "mahjong" and layout is None:
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            if layout is None:
                self.replacing_saved(
                    "Lines",
                    self.saved_summary("lines"),
                    lambda: self.start_lines(best.seed, int(table.variant), choice),
                )
            else:
                self.replacing_saved(
                    "Mahjong",
                    self.saved_summary("mahjong"),
                    lambda: self.start_mahjong(layout, best.seed, choice),
                )

        question = (
            f"A challenge: beat {format_value(table, best.value)} by {printable(best.name)} on "
            f"{table.title}. Play that deal now?"
        )
        self.push_screen(ConfirmScreen(question, title="Challenge"), answered)

    def on_leaderboard_screen_watch(self, message: LeaderboardScreen.Watch) -> None:
        self.watch_game(message.table, message.entry)

    def watch_game(self, table: TableId, entry: Entry) -> None:
        from lines_tui.ui.replay import ReplayError, ReplayScreen

        try:
            self.push_screen(ReplayScreen(self.session, table, entry))
        except ReplayError as error:
            self.notify(str(error), severity="warning")

    def open_players(self) -> None:
        from lines_tui.ui.scores import PlayersScreen

        self.push_screen(PlayersScreen(self.session))

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
        what = getattr(self.screen, "SYMBOLS_NOTE", "every colour also has its letter")
        self.notify(f"Symbols on: {what}." if self.symbols_mode else "Symbols off.", timeout=2)

    # --- notices ------------------------------------------------------------------------------

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Every notice of the app passes here (screens' `notify` too). On a game screen it goes
        to the screen's status line, so notices never cover the board; elsewhere it is a toast.
        Never read as markup, whatever the caller asks: notices carry names, paths and errors."""
        status = self._status_line()
        if status is not None:
            status.say(message, important=severity != "information")
            return
        super().notify(
            printable_lines(message),
            title=printable(title),
            severity=severity,
            timeout=timeout,
            markup=False,
        )

    def _status_line(self) -> StatusLine | None:
        try:
            lines = self.screen.query(StatusLine)
        except ScreenStackError:
            return None
        return lines.first() if lines else None


def _ignore(_: object) -> None:
    """A store write whose success needs no answer."""
