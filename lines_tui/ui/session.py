"""What the app hands to every game screen through its constructor, and the message that tells the
screens when the player's symbols setting changes. Screens never import the app: this module is
all they know of it."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

from textual.message import Message

from lines_tui.ui.store_thread import StoreThread, load, not_answering

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from lines_tui.engine.mahjong.layouts import Layout
    from lines_tui.engine.mahjong.solver_process import BackgroundSolver
    from lines_tui.store import RecordOutcome, Store, StoreError, TableId
    from lines_tui.store.verify import Checker, FindLayout, Prover
    from lines_tui.ui.solving import SolverProofs

Clock = Callable[[], float]
"""Wall-clock epoch seconds (tests pass a fixed one)."""
SavedGame = Literal["lines", "mahjong"]
"""The store's name of a game kept to resume."""
GAME_NAMES: dict[SavedGame, str] = {"lines": "Lines", "mahjong": "Mahjong"}
"""How the notices and questions name a kind of saved game."""


@dataclass(eq=False)
class SavedGameSlot:
    """Where one game keeps itself to resume: the store's saved game of `kind`. It replaces only
    the saved game this copy of lines-tui knows is there (None: none), so never one another copy
    saved meanwhile, nor one that could not be read when the game began (that one may be whole,
    and the player was never asked). From its first save on it replaces its own. Used on the
    store's thread only (calls come in order), so what this copy knows is asked for at the first
    save, after every earlier save of this copy (a game left just before) has been made."""

    store: Store
    kind: SavedGame
    first_known: Callable[[], dict[str, Any] | None]
    """What is saved as far as this copy knows, when the game first saves."""
    remember: Callable[[SavedGame, dict[str, Any] | None], None]
    """Told what is saved now, so the next game of this copy knows it."""
    _known: dict[str, Any] | None = None
    _asked: bool = False
    """Whether `first_known` has been asked (from then on `_known` follows this game's saves)."""

    _filed: bool = False
    """The won game saved here went with its time (`file_win`): nothing is left to clear."""

    def save(self, data: dict[str, Any]) -> None:
        known = self._now_known()
        self.store.save_game(self.kind, data, replace=known is not None, known=known)
        self._filed = False
        self._set_known(_read_back(data))

    def keep(self, data: dict[str, Any]) -> None:
        """`save`, unless `data` is saved here already as far as this copy knows: a finished
        game whose result could not be written stays saved, to file it again once resumed
        (saved again, it would fail on the full disk that refused the result)."""
        if self._now_known() != _read_back(data):
            self.save(data)

    def clear(self) -> None:
        if self._filed:
            return  # gone with its time, or with another copy's: another game may be there now
        known = self._now_known()
        self.store.clear_game(self.kind, replace=known is not None, known=known)
        self._set_known(None)

    def file_win(
        self, won: dict[str, Any], record: Callable[[dict[str, Any] | None], RecordOutcome]
    ) -> RecordOutcome:
        """File the time of the won game `won` (as it was saved when won) with
        `record(saved)`, the store's `record_mahjong`. If this game's save is that won game,
        the store files the time only while it is still saved, and removes it in the same step
        (`saved`), so that a won game two copies resumed is filed once; from then on this slot
        has nothing to clear (another copy's game may be there). A win never saved (its save
        was refused) is filed alone, and `clear` removes the game it came from as usual."""
        known = self._now_known()
        if known is None or known != _read_back(won):
            return record(None)
        outcome = record(known)
        self._filed = True
        self._set_known(None)
        return outcome

    def other_saved_game(self) -> dict[str, Any] | None:
        """Another game of this kind this copy saved since this one last saved (from another
        screen: a challenge raced from this game's leaderboard), which a new game started in
        this one's place would replace at its first move; None if there is none. A game not
        saved yet replaces what this copy last saved, as the player agreed when it started.
        Asked on the UI thread, as a question is put: it reads what the store's thread set
        last, and a game's saves are made before its screen is left."""
        saved = self.first_known()
        return saved if self._asked and saved is not None and saved != self._known else None

    def adopt_saved(self) -> None:
        """The player agreed that a new game here replaces the game this copy saved since
        (`other_saved_game`): its first save replaces that one, as a new screen's would."""
        self._known, self._asked = self.first_known(), True

    def _now_known(self) -> dict[str, Any] | None:
        if not self._asked:
            self._known, self._asked = self.first_known(), True
        return self._known

    def _set_known(self, game: dict[str, Any] | None) -> None:
        self._known = game
        self.remember(self.kind, game)


def _read_back(data: dict[str, Any]) -> dict[str, Any]:
    """A game's data as the store reads it back once saved (tuples become lists)."""
    result: dict[str, Any] = json.loads(json.dumps(data))
    return result


@dataclass(frozen=True)
class Checkers:
    """The one place the app's checkers are made (`Session.checkers`), so each check sees the
    same layouts and proofs: made on the event loop's thread, used on the store's thread."""

    clock: Clock
    find_layout: FindLayout
    proven_solvable: Prover

    def own(self) -> Checker:
        """For your own tables (a leaderboard, "To beat", the best result a challenge offer
        names): whole, with no budget, at the time now."""
        from lines_tui.store.verify import Checker

        return Checker.for_own_tables(self.clock(), self.proven_solvable, self.find_layout)

    def imported(self) -> Checker:
        """For one friend's code: a replay budget of its own, at the time now."""
        from lines_tui.store.verify import Checker

        return Checker(
            now=self.clock(), find_layout=self.find_layout, proven_solvable=self.proven_solvable
        )


@dataclass
class Session:
    """The store, the clock and the player's settings, shared by the app and its game screens.

    `animations` is changed by the Lines screen's `a` key and kept for the next game; `symbols`
    follows the app's `s` key (the app posts `SymbolsChanged` to the open screens as well);
    `few_colours` says the terminal has 16 colours or fewer, so widgets mark things with glyphs;
    `solvable_deals` says Mahjong deals only deals proved solvable (the picker's `o`, kept in the
    store; None until the app has read it); `lines_size` the board size of new Lines games from
    the menu and Today's deals (`--size`, the menu's `+` and `-`, kept in the store; None until
    the app has read it);
    `solver` is the app's one solver process for every Mahjong screen's dead-end check: None until
    the first Mahjong screen asks for it (`background_solver`), its process started by the first
    check, ended by `close`; `proofs` makes the store's proofs in that process (`daily_proofs`);
    `io` is the one thread that does every store read and write the
    screens ask for, in order (README, "What happens when the folder is not as expected");
    `unread` the saved games the menu's last read could not read, which a game started now may
    not replace (`slot`; README, "Saving and resuming")."""

    store: Store
    clock: Clock = field(default=time.time)
    animations: bool = True
    symbols: bool = False
    few_colours: bool = False
    solvable_deals: bool | None = None
    solvable_deals_for_run: bool = False
    """`solvable_deals` is `--solvable`'s, for this run only (until the picker's `o`)."""
    lines_size: int | None = None
    lines_size_for_run: bool = False
    """`lines_size` is `--size`'s, for this run only (until `+` or `-`): the menu's reads keep
    it rather than the size kept, which another copy may change."""
    solver: BackgroundSolver | None = None
    proofs: SolverProofs | None = None
    io: StoreThread = field(default_factory=StoreThread)
    unread: frozenset[SavedGame] = frozenset()
    saved: Mapping[str, dict[str, Any] | None] = field(default_factory=dict)
    """The saved games the menu's last read found, by kind (None: none)."""
    played_layouts: Mapping[str, Layout] = field(default_factory=dict)
    """The layouts Mahjong was played on, by table name (`played`): one read from a file given
    by path is installed nowhere, yet its table's leaderboard names it and replays it."""

    installed_titles: Mapping[str, str | None] = field(default_factory=dict)
    """The titles of installed layouts' tables, by table name (None: installed nowhere here), as
    `learn_titles` last found them."""

    def learn_titles(self, tables: Iterable[TableId]) -> None:
        """On the store's thread: find the installed layouts of the Mahjong `tables` whose layout
        is neither built in nor played here, so that `table_title` names them by their title
        ("Mini, deal 42", not "Mini 1fc903fc, deal 42"). The layout folders are read only when
        a table is new to this run (the field is replaced whole, as the UI's thread reads it)."""
        from lines_tui.engine.mahjong.layouts import (
            builtin_layouts,
            installed_layouts,
            layout_table_name,
        )

        names = {table.variant for table in tables if table.kind == "mahjong"}
        built_in = {layout.name for layout in builtin_layouts()}
        new = names - self.installed_titles.keys() - self.played_layouts.keys() - built_in
        if not new:
            return
        titles = {layout_table_name(layout): layout.title for layout in installed_layouts()}
        self.installed_titles = {
            **self.installed_titles,
            **{name: titles.get(name) for name in new},
        }

    def played(self, layout: Layout) -> None:
        """A Mahjong game is played on `layout` (on the UI thread; the field is replaced whole,
        as the store's thread reads it)."""
        from lines_tui.engine.mahjong.layouts import layout_table_name

        self.played_layouts = {**self.played_layouts, layout_table_name(layout): layout}

    def find_layout(self, table_name: str) -> Layout | None:
        """The layout of the Mahjong table `table_name`: one played here (`played`), else a
        built-in or installed one (`layout_for_table`: it reads the layout folders), else
        None."""
        played = self.played_layouts.get(table_name)
        if played is not None:
            return played
        from lines_tui.engine.mahjong.layouts import layout_for_table

        return layout_for_table(table_name)

    def with_layout(
        self, node: DOMNode, table_name: str, use: Callable[[Layout | None], None]
    ) -> None:
        """`use(find_layout(table_name))` on the UI thread. A layout neither played here nor built
        in is looked for in the layout folders on the store's thread: reading every installed
        layout file can take a moment on a slow disk (`node` going away drops the answer)."""
        from lines_tui.engine.mahjong.layouts import builtin_layout

        known = self.played_layouts.get(table_name) or builtin_layout(table_name)
        if known is not None:
            use(known)
            return

        def failed(error: StoreError) -> None:
            node.app.notify(f"The layout folders could not be read: {error}", severity="error")

        load(node, self.io, lambda: self.find_layout(table_name), use, failed, group="layout")

    def checkers(self) -> Checkers:
        """On the event loop's thread: what every check in the app replays with (README,
        "Every entry carries its game"): the session's clock, its layouts (`find_layout`: one
        played from a file too) and its proofs (`daily_proofs`)."""
        return Checkers(self.clock, self.find_layout, self.daily_proofs())

    def table_title(self, table: TableId) -> str:
        """`table`'s title, with the title of its layout when it was played here or is installed
        (`learn_titles`): a table's id spells only a layout's name and hash."""
        if table.kind != "mahjong":
            return table.title
        played = self.played_layouts.get(table.variant)
        title = self.installed_titles.get(table.variant) if played is None else played.title
        return table.title if title is None else table.titled(title)

    def slot(self, kind: SavedGame) -> SavedGameSlot:
        """Where a game of `kind` started now keeps itself: over the saved game the menu last
        read, or none."""
        if kind in self.unread:  # fixed now: the player was never asked about that one
            return SavedGameSlot(self.store, kind, lambda: None, self._saved_now)
        return SavedGameSlot(self.store, kind, lambda: self.saved.get(kind), self._saved_now)

    def _saved_now(self, kind: SavedGame, game: dict[str, Any] | None) -> None:
        """A game of this copy saved itself (or its removal): the next one started here, from
        any screen, replaces that, not what the menu last read. On the store's thread: each
        field is replaced whole, never changed in place."""
        self.saved = {**self.saved, kind: game}
        self.unread = self.unread - {kind}

    def unexpected_failures(self) -> dict[str, int]:
        """The traceback of each unexpected failure of a store call so far (a bug: told in the
        app as a failing disk is, and the app went on), with how many times it came: for
        standard error once the app has ended (README, "When something unexpected fails")."""
        return dict(self.io.unexpected)

    def unfinished_writes(self) -> str | None:
        """Why the app ended without the store calls asked last (a game's last save), if it
        did: the data folder did not answer in time (`StoreThread.close`)."""
        return not_answering() if self.io.stuck else None

    def background_solver(self) -> BackgroundSolver:
        if self.solver is None:
            # Loaded on first use: a start that never opens Mahjong never loads the solver.
            from lines_tui.engine.mahjong.solver_process import BackgroundSolver

            self.solver = BackgroundSolver()
        return self.solver

    def daily_proofs(self) -> Callable[[Layout, int], bool]:
        """On the event loop's thread: what the store's checks, run on its thread, prove a deal
        of the day with (`verify.Checker.proven_solvable`): the proofs made in the app's solver
        process, so the app's interpreter stays free for the screen (README, "Deals of the
        day")."""
        if self.proofs is None:
            from lines_tui.ui.solving import SolverProofs

            self.proofs = SolverProofs(self.background_solver, asyncio.get_running_loop())
        return self.proofs.is_proven_solvable

    def close(self) -> None:
        """The app is closing: fail the proofs the store's thread waits for (they wait for the
        event loop, which closing holds), end the solver process without waiting for it, and
        finish the store calls asked for (a game's last save) before the app exits."""
        if self.proofs is not None:
            self.proofs.close()
        if self.solver is not None:
            self.solver.shutdown(wait=False)
        self.io.close()


@runtime_checkable
class OpenGame(Protocol):
    """A game screen, as the app sees it when it quits: the app needs its game kept, or the
    player's word that it may be lost (the game screens' `leave`)."""

    def leave(self, then: Callable[[], object], *, quitting: bool = False) -> None: ...

    def save_unless_left(self) -> None:
        """Keep the game now, asking nothing (the app is being ended), unless it is being left."""


class TablesChanged(Message):
    """A result went into a leaderboard table: a leaderboard open under the game reads the
    tables again, so its rows and its share code describe the same table."""


class NoticesReleased(Message):
    """A dialog that held the store's warnings (`HOLDS_NOTICES`: they would have gone with it)
    is gone: tell them on the screen now on top."""


class SymbolsChanged(Message):
    """The player turned symbols on or off (`s`): screens redraw their boards."""

    def __init__(self, symbols: bool) -> None:
        super().__init__()
        self.symbols = symbols
