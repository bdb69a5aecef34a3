"""A direct start: `lines-tui lines` / `lines-tui mahjong` open their game over the menu once the
menu has read the saved games (a saved game is offered first, and never replaced without asking).

Until that read ends the menu is on screen, and what the player types meanwhile (a fast typist,
a slow SSH link) is dropped: it is neither handed to the menu nor kept for the game. The menu
would act on it (its cursor moves, `enter` or a letter opens another screen under or over the
game, `q` quits before the game shows). Keeping the keys for the game is no better: they were
typed blind, before the player could see what comes first (the "Resume it?" question, where a
held `n` would start a new game that replaces the saved one; the dialog proving a deal; a new
board whose moves cannot be taken back). Dropped keys cost a key typed again once the game shows,
as a curses game's `flushinp()` before a question does. Only the priority keys act (`ctrl+q`
quits), so a start on a stalled disk can always be left (README, "Keys").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from lines_tui.ui.deal_name import asked_deal
from lines_tui.ui.saved_games import another_lines_size
from lines_tui.ui.store_thread import load
from lines_tui.ui.typed_ahead import typed

if TYPE_CHECKING:
    from textual import events
    from textual.app import App

    from lines_tui.engine.deal_choice import DealChoice
    from lines_tui.engine.mahjong.layouts import Layout
    from lines_tui.ui.lines_starts import LinesStarts
    from lines_tui.ui.mahjong_starts import MahjongStarts
    from lines_tui.ui.saved_games import SavedGames

Start = Literal["menu", "lines", "mahjong"]

LAYOUT = "turtle"
"""The layout when none is asked."""


@dataclass(eq=False)
class DirectStart:
    """The game `start` names ("menu": none), with the command line's options (`layout`, `seed`,
    `size`, `choice`; a `layout` or `size` of None was not asked); it opens when the menu's first
    read of the saved games ends, and the player's input is dropped while it is `waiting`."""

    app: App[None]
    start: Start
    saved: SavedGames
    lines: LinesStarts
    mahjong: MahjongStarts
    layout: str | None
    seed: int | None
    size: int | None
    choice: DealChoice | None
    waiting: bool = field(init=False)

    def __post_init__(self) -> None:
        self.waiting = self.start != "menu"

    def drops(self, event: events.Event) -> bool:
        """Whether `event` is the player's input (a key, a paste, the mouse) that comes while the
        game is not shown yet, and is dropped; a key bound with priority (`ctrl+q`) still acts.
        Events the app passes on to a widget are not asked about again."""
        return self.waiting and typed(self.app, event)

    def read(self, then: Callable[[], None]) -> None:
        """The menu has read the saved games: the game opens (only after the first read), then
        `then()` runs, over it (at once when no game is to open)."""
        if self.waiting:
            self.open(then)
        else:
            then()

    def read_failed(self) -> None:
        """The menu could not read the saved games (it says so): whether a game is saved is not
        known, so no new one is started over it, and the menu is the player's again."""
        self.waiting = False

    def open(self, then: Callable[[], None]) -> None:
        """The game asked for; a saved one is offered first (and never replaced without asking),
        the question saying what was asked when the saved game is of another size or layout;
        then `then()`."""
        if self.start == "lines":
            self.waiting = False
            # No --size: the size chosen in the menu (kept), as `l` starts it.
            size = self.lines.board_size() if self.size is None else self.size
            seed = self.lines_seed(size)
            self.saved.resume_or_start(
                "lines",
                self.lines.resume,
                lambda: self.lines.start(seed, size, self.choice),
                particular=self.particular,
                asked=self.another_size(size),
                same=self.lines.same_deal(size, seed, self.choice),
            )
            then()
        elif self.start == "mahjong":
            # A layout file, or the installed layouts, read on the store's thread, not the UI's
            # (the player's input is dropped until it is).
            load(
                self.app.screen,
                self.mahjong.session.io,
                self._asked_layout,
                lambda layout: self._open_mahjong(layout, then),
                lambda error: self._not_started(str(error), then),
                group="direct-start",
            )

    def _asked_layout(self) -> Layout | str:
        """The layout asked for, or why it cannot be read now: the command line read it, but
        the file went or changed while the menu waited for its first read (another copy
        holding the folder)."""
        from lines_tui.engine.mahjong.geometry import LayoutError
        from lines_tui.engine.mahjong.layouts import find_layout

        try:
            return find_layout(LAYOUT if self.layout is None else self.layout)
        except LayoutError as error:
            return str(error)

    def _open_mahjong(self, layout: Layout | str, then: Callable[[], None]) -> None:
        if isinstance(layout, str):
            self._not_started(layout, then)
            return
        self.waiting = False
        particular = self.particular
        self.saved.resume_or_start(
            "mahjong",
            self.mahjong.resume,
            lambda: self.mahjong.start_as_asked(layout, self.seed, self.choice),
            particular=particular,
            asked=self.another_layout(layout, particular),
            same=(
                None
                if self._proved_from_seed
                else self.mahjong.same_deal(layout, self.seed, self.choice)
            ),
        )
        then()

    def _not_started(self, why: str, then: Callable[[], None]) -> None:
        self.waiting = False
        self.app.notify(f"The game was not started: {why}", severity="error")
        then()

    @property
    def particular(self) -> bool:
        """A deal was asked for: by number, or by its day or challenge."""
        return self.seed is not None or self.choice is not None

    def lines_seed(self, size: int) -> int | None:
        """The Lines seed asked for: `--seed`, or for `--daily` the day's deal of the board size
        played (known once the kept size is read, when no --size was asked); None: random."""
        if self.seed is None and self.choice is not None and self.choice.mode == "daily":
            from lines_tui.engine.daily_seeds import lines_daily_seed

            return lines_daily_seed(size, self.choice.day)
        return self.seed

    def another_size(self, size: int) -> str | None:
        """The Lines game asked for, of `size`, when the saved one has another size (see
        `another_lines_size`): asked with `--size`, or a deal asked without it (played at the
        menu's size). Named by its deal when one was asked for ("deal 3 of Lines 7 x 7",
        "today's deal of Lines 7 x 7"), as `another_layout` names a Mahjong deal."""
        if self.size is None and not self.particular:
            return None
        asked = another_lines_size(self.saved, size)
        if asked is None:
            return None
        return self._asked_deal(f"Lines {size} x {size}") or asked

    def _asked_deal(self, name: str) -> str | None:
        """The deal asked for, of `name` (a layout's, "Lines 7 x 7"): today's with `--daily`,
        deal N with a seed; None when no deal was asked (a random one)."""
        if self.choice is not None and self.choice.mode == "daily":
            return f"today's deal of {name}"
        if self.seed is None:
            return None
        return asked_deal(name, self.seed)

    def _numbered_over_random(self, saved: Mapping[str, Any], layout: Layout) -> str | None:
        """Deal N of the saved game's layout asked for by number, over the random deal that
        happens to have that number ("deal 5 of Pagoda by number, not your random deal 5"):
        another game, on another table, so the question says why it offers no resume. None
        for any other deal."""
        asked_by_number = self.seed is not None and self.choice is None
        if not asked_by_number or saved.get("seed") != self.seed:
            return None
        from lines_tui.engine.deal_choice import DealChoice

        try:
            random = DealChoice.from_json(saved.get("deal_choice")).mode == "random"
        except ValueError:
            return None
        if not random:
            return None
        return f"deal {self.seed} of {layout.title} by number, not your random deal {self.seed}"

    def another_layout(self, layout: Layout, particular: bool) -> str | None:
        """The Mahjong deal asked for ("a deal of Pagoda", "deal 5 of Pagoda" with --seed, "a
        solvable deal of Pagoda from deal 5" when it is proved from there, "today's deal of
        Pagoda" with --daily) when the saved game is on another layout (another name, or
        another file); None when nothing was asked (no layout, nor a `particular` deal or day),
        no game is saved, or it is on that layout (unless a deal proved solvable from a seed,
        or deal N by number over a random deal N, was asked: that is said). A layout titled as
        the saved one is named by where it comes from. A deal or a day asked without a layout
        is the default layout's, named as such: the player may not know which that is."""
        saved = self.saved.game("mahjong")
        if (self.layout is None and not particular) or saved is None:
            return None
        about = saved.get("layout")
        about = about if isinstance(about, Mapping) else {}
        if (about.get("name"), about.get("source")) == (layout.name, layout.source):
            # The saved game's own layout too: the deal proved from a seed may not be the
            # seed's, and "Start a new one?" did not say that a solvable one was asked for.
            if self._proved_from_seed:
                return asked_deal(layout.title, self.seed, solvable=True)
            return self._numbered_over_random(saved, layout)
        # Named after "of": a title is anyone's text, and "a" before it read "a Evil deal".
        name = layout.where if about.get("title") == layout.title else layout.title
        if self._proved_from_seed:
            return asked_deal(name, self.seed, solvable=True)
        return self._asked_deal(name) or asked_deal(
            name, None, solvable=self.mahjong.solvable_deals()
        )

    @property
    def _proved_from_seed(self) -> bool:
        """A seed asked for, with solvable deals only on: the first deal proved from there,
        which may not be the seed's (so never the saved game's own, to resume)."""
        return self.seed is not None and self.choice is None and self.mahjong.solvable_deals()
