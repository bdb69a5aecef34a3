"""The main menu: start or resume a game, open the score screens, get help, quit."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events
from textual.actions import parse
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from lines_tui.store import StoreError
from lines_tui.store.tables import LINES_SIZE, LINES_SIZES
from lines_tui.ui.footer import Footer, keys_that_act, restated, shows_whole
from lines_tui.ui.held_typing import KeepsTypedAhead
from lines_tui.ui.lists import KeyList
from lines_tui.ui.session import GAME_NAMES, SavedGame, Session
from lines_tui.ui.size_guard import SCREEN_LEAST, LaidOutFor80Columns
from lines_tui.ui.store_thread import keep_preferences, load

if TYPE_CHECKING:
    from lines_tui.engine.lines import LinesGame

LOADING = "Reading the data folder…"
UNREAD = "The data folder could not be read: choose a game to try again."
RESUME = Binding.Group("Resume")
"""r and R share one Footer label ("r R Resume"), shown while a saved game is listed."""
BOARD_SIZE = Binding.Group("Size")
"""+ and - share one Footer label ("+ - Size"): the board size of a new Lines game."""
SIZE_KEYS = "A bigger (+ or =) or smaller (-) board for new Lines games"

# (option id, label, key): the key starts the entry directly and is shown beside its label.
ENTRIES: tuple[tuple[str, str, str], ...] = (
    ("resume-lines", "Resume Lines", "r"),
    ("resume-mahjong", "Resume Mahjong", "R"),
    ("lines", "Lines", "l"),  # with its board size: "Lines 9 x 9" (`lines_label`)
    ("mahjong", "Mahjong solitaire", "m"),
    ("today", "Today's deals", "t"),
    ("leaderboards", "Leaderboards", "b"),
    ("import", "Import a share code", "i"),
    ("players", "Players", "p"),
    ("help", "Help", "?"),
    ("quit", "Quit", "q"),
)
RESUME_ENTRIES = ("resume-lines", "resume-mahjong")
LEAVE_THE_FOOTER = ("open('players')", "open('import')")
"""The menu's keys are wider than 80 columns even in the Footer's compact form (with `+ - Size`;
with r and R too, by more): these leave the Footer in turn until the others fit, as their
entries show them beside their labels ("p  Players") and the help lists them."""
GAME_ENTRIES = (*RESUME_ENTRIES, "lines", "mahjong", "today", "import")
"""Entries that need to know the saved games: a new game (an imported challenge's too) asks
before replacing one."""
TAKES_TYPED_AHEAD = ("mahjong", "today", "leaderboards", "import", "players")
"""Entries whose screen takes what the player types on before it shows (`held_typing`)."""


def out_of_the_footer(bindings: dict[str, ActiveBinding], action: str) -> dict[str, ActiveBinding]:
    """`bindings` with the key of `action` left out of the Footer (the help still lists it)."""
    return restated(
        bindings,
        lambda binding: replace(binding, show=False) if binding.action == action else binding,
    )


def entry_line(key: str, label: str) -> str:
    """An entry as the list shows it: its key beside its label ("l  Lines 9 x 9")."""
    return f"{key}  {label}"


def lines_label(size: int | None) -> str:
    """The Lines entry's label: the board size `l` starts ("Lines 9 x 9"), once it is known."""
    return "Lines" if size is None else f"Lines {size} x {size}"


def resumed_kind(entry: str) -> SavedGame:
    """The kind of saved game a resume entry ("resume-lines") resumes."""
    return "lines" if entry == "resume-lines" else "mahjong"


@dataclass(frozen=True)
class MenuState:
    """What the menu shows besides its fixed entries: who plays, and a summary of each saved
    game by its resume entry ("resume-lines": "9 x 9, score 40"; None: nothing saved). `games`
    holds the saved games read with it (by kind, for resuming them), `unread` the kinds whose
    saved game could not be read, `problems` one line per part that could not be read;
    `solvable_deals`, `symbols`, `lines_size` and `animations` the kept "solvable deals only",
    symbols, Lines board size and animations settings;
    `refused` the kinds whose saved game this read found cannot be resumed, `set_aside` those of
    them it set aside (the store tells that, saying there is no game to resume); the others
    were left as they are (the folder would not let them be moved: every read refuses them
    again, and the store told that once, at the first)."""

    player: str
    saved: Mapping[str, str | None]
    games: Mapping[str, dict[str, Any] | None] = field(default_factory=dict)
    unread: frozenset[SavedGame] = frozenset()
    problems: tuple[str, ...] = ()
    solvable_deals: bool = False
    symbols: bool = False
    lines_size: int = LINES_SIZE
    animations: bool = True
    settings_read: bool = True
    """False: the settings could not be read, and the four above are the defaults."""
    refused: frozenset[SavedGame] = frozenset()
    set_aside: frozenset[SavedGame] = frozenset()
    lines_game: LinesGame | None = None
    """The saved Lines game (`games["lines"]`) as this read decoded it (`SavedGames.lines`)."""
    owners: Mapping[str, str] = field(default_factory=dict)
    """By kind, the registered player a saved game is, if not the one who plays: resumed, it is
    theirs; its entry names them first ("Resume Ann's Lines")."""


class MenuScreen(LaidOutFor80Columns, Screen[None]):
    """The first screen; every game and score screen returns here. `read_state` is asked for the
    player and the saved games each time the menu shows, on the store's `thread`: until it
    answers the menu says so, keys still move the cursor, and an entry chosen meanwhile opens
    when the answer comes (the game entries wait for it, the others open at once). A chosen entry
    is posted as `Chosen` with the state it was chosen in. Resuming (r, R) reads again first,
    its entry listed or not: what opens is the game saved when the key was pressed, whatever
    another copy of lines-tui (or an editor) did to it meanwhile; one gone since says so, and
    so does the key when none is saved then.

    `+` (or `=`) and `-` change the board size `l` starts (the session's `lines_size`, shown in
    the Lines entry and kept for the next start); pressed before the first read has told the size
    kept, they change it once it has."""

    class Chosen(Message):
        """The player picked a menu entry (its option id, e.g. "lines" or "resume-mahjong")."""

        def __init__(self, entry: str, state: MenuState | None) -> None:
            super().__init__()
            self.entry = entry
            self.state = state
            self.settled = False
            """The app has opened the entry, or dropped it (`LinesTuiApp.on_menu_screen_chosen`):
            until then, keys typed on are not the menu's (`MenuScreen.choosing`)."""

    class StateRead(Message):
        """The menu has read the player and the saved games (it does on every visit)."""

        def __init__(self, state: MenuState) -> None:
            super().__init__()
            self.state = state

    class ReadFailed(Message):
        """The menu's read failed as a whole (it has said so): nothing is known of the saved
        games until the next visit reads them again."""

    GOES_BACK = False  # the first screen: nowhere to go back to (ctrl+q quits)
    min_size = (SCREEN_LEAST[0], SCREEN_LEAST[1] + len(RESUME_ENTRIES))
    """Its list does not scroll: room for every entry, both resume entries too."""
    HELP = (
        "Lines: move balls along free paths and line up five or more of a colour.\n"
        "Mahjong solitaire: clear the layout pair by pair; a background check warns you as soon "
        "as the position can no longer be cleared."
    )

    BINDINGS: ClassVar[list[BindingType]] = [
        # The list keeps the cursor keys; enter is here, so the help says what it does.
        Binding(
            "enter",
            "open_highlighted",
            "Open",
            show=False,
            tooltip="Open the entry under the cursor",
        ),
        Binding(
            "r",
            "open('resume-lines')",
            "Resume",
            group=RESUME,
            tooltip="Resume the saved Lines game",
        ),
        Binding(
            "R",
            "open('resume-mahjong')",
            "Resume",
            group=RESUME,
            tooltip="Resume the saved Mahjong game",
        ),
        Binding("l", "open('lines')", "Lines", tooltip="Start a new game of Lines"),
        Binding(
            "plus,equals_sign",
            "lines_size(1)",
            "Size",
            key_display="+",
            group=BOARD_SIZE,
            tooltip=SIZE_KEYS,
        ),
        Binding(
            "minus", "lines_size(-1)", "Size", key_display="-", group=BOARD_SIZE, tooltip=SIZE_KEYS
        ),
        Binding("m", "open('mahjong')", "Mahjong", tooltip="Pick a Mahjong layout and deal"),
        Binding("t", "open('today')", "Today", tooltip="Play one of today's deals"),
        Binding("b", "open('leaderboards')", "Boards", tooltip="See the leaderboards, share them"),
        Binding("i", "open('import')", "Import", tooltip="Import a friend's share code"),
        Binding("p", "open('players')", "Players", tooltip="Register players, choose who plays"),
        Binding("q", "open('quit')", "Quit", tooltip="Quit the app (saved games stay)"),
    ]

    def __init__(self, read_state: Callable[[], MenuState], session: Session) -> None:
        super().__init__()
        self._read_state = read_state
        self._session = session
        self.state: MenuState | None = None
        """What the last read found; None while a read is under way."""
        self._chosen: str | None = None
        self._reading = False
        """A read of the saved games and the player is under way (`refresh_entries`)."""
        self._listed: frozenset[str] = frozenset()
        """The entries the list shows (what the last read found, while the next one runs)."""
        self._resuming: str | None = None
        """The resume entry chosen while it was listed, read again before it opens."""
        self._size_steps: list[int] = []
        """`+` and `-` pressed before the board size kept was read: applied once it is."""
        self._posted: MenuScreen.Chosen | None = None
        """The entry chosen last, on its way to the app."""
        self._size_changed = False
        """`+` or `-` changed the size since the read under way began: what it reads of the
        size kept is from before (the write follows it on the store's thread)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-panel") as panel:  # centred by the screen's style
            panel.border_title = "lines-tui"
            yield Static(id="menu-player", markup=False)
            yield KeyList(id="menu-options")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#menu-player", Static).update(LOADING)
        self._show_entries({}, {})

    def on_paste(self, event: events.Paste) -> None:
        """A share code pasted on the menu opens Import with it, as `i` and a paste would: it
        was dropped without a word (a re-check; a game says codes go there)."""
        from lines_tui.store.paste import find_codes

        if find_codes(event.text):
            # Judged in the app's queue, behind a key read with it and on its way up to the
            # app's bindings (`i` and a paste in one burst open Import once), and ahead of the
            # paste itself, which goes up to the app unused: held there for Import, as a paste
            # typed on after `i` is, and handed to it once it is drawn.
            self.app.call_later(self._import_pasted)

    def _import_pasted(self) -> None:
        if self.is_current and not self.choosing:  # else a key read with it chose a screen
            self.action_open("import")

    def on_screen_resume(self) -> None:
        """Shown for the first time or again: the saved games and the player may have changed.
        A choice made before is settled now, whatever became of it."""
        self._posted = None
        self.refresh_entries()

    def came_to_front(self) -> None:
        """The terminal is back in front (where it reports focus), the menu on top: another copy
        of lines-tui may have changed the saved games meanwhile. A read under way tells already."""
        if not self._reading:
            self.refresh_entries()

    def refresh_entries(self) -> None:
        """Read the player and the saved games again (once per visit, off the UI thread: the
        key checks below run on every key press)."""
        self.state = None
        self._reading = True
        self._size_changed = False
        load(self, self._session.io, self._read_state, self._show_state, self._failed, group="menu")

    def _failed(self, error: StoreError) -> None:
        """The read failed other than the store tells (`UnexpectedError`; what it tells comes
        with the state): said, and an entry chosen meanwhile is dropped with it. The next
        game's key reads again."""
        self._reading = False
        self._chosen = self._resuming = None
        self.query_one("#menu-player", Static).update(UNREAD)
        self.notify(f"The data folder could not be read: {error}", severity="error")
        self.post_message(self.ReadFailed())

    def _show_state(self, state: MenuState) -> None:
        """Resume entries appear only while a saved game exists, and the player line follows
        the active player; an entry chosen while reading opens now. The state's problems go
        with `StateRead`, to be told where the player will see them (a game may open now)."""
        self.state = state
        self._reading = False
        session = self._session
        # The size kept, at every visit: another copy may have changed it meanwhile. Not over
        # --size's for this run, nor over a + or - pressed while it was read, nor with the
        # default when the settings could not be read (the size shown stays).
        if session.lines_size is None or (
            state.settings_read and not (session.lines_size_for_run or self._size_changed)
        ):
            session.lines_size = state.lines_size
        steps, self._size_steps = self._size_steps, []
        for step in steps:
            self._change_lines_size(step)
        self.query_one("#menu-player", Static).update(Text(state.player))
        self._show_entries(state.saved, state.owners)
        self.refresh_bindings()
        self.post_message(self.StateRead(state))
        chosen, self._chosen = self._chosen, None
        resuming, self._resuming = self._resuming, None
        if chosen is not None and self._offered(chosen, state):
            self._choose(chosen, state)
        elif chosen is not None and chosen == resuming:
            self._gone(chosen, state)
        elif chosen in RESUME_ENTRIES:  # not listed when typed, and nothing of its kind is saved
            self._nothing_saved(chosen, state)

    def _gone(self, entry: str, state: MenuState) -> None:
        """The saved game chosen has gone since the menu listed it. Said in one line, unless the
        read has said why already (it could not be read, or it was set aside); one found damaged
        and left where it is is said so."""
        kind = resumed_kind(entry)
        if kind in state.refused - state.set_aside:
            self._left_damaged(kind)
        elif kind not in state.unread | state.set_aside:
            self.notify(
                f"The saved {GAME_NAMES[kind]} game is gone: another lines-tui finished or "
                "removed it.",
                severity="warning",
            )

    def _nothing_saved(self, entry: str, state: MenuState) -> None:
        """r or R pressed with no saved game of its kind found by the read it made: said in one
        line, as the key is still there (dimmed in the help, out of the Footer). A save the read
        set aside has been told already, with "no ... game to resume" (as in `_gone`); one found
        damaged and left where it is is said so at every press (the store told it once)."""
        kind = resumed_kind(entry)
        if kind in state.set_aside:
            return
        if kind in state.refused:
            self._left_damaged(kind)
        elif kind in state.unread:
            self.notify(
                f"The saved {GAME_NAMES[kind]} game could not be read, so it cannot be resumed.",
                severity="warning",
            )
        else:
            self.notify(f"No {GAME_NAMES[kind]} game is saved to resume.")

    def _left_damaged(self, kind: SavedGame) -> None:
        """The saved game of `kind` cannot be resumed, and could not be set aside (a folder that
        is read-only, a failed write): it is still there, and found damaged at every read."""
        self.notify(
            f"The saved {GAME_NAMES[kind]} game cannot be resumed: it is damaged, and was left "
            "as it is.",
            severity="warning",
        )

    def _show_entries(self, saved: Mapping[str, str | None], owners: Mapping[str, str]) -> None:
        options = self.query_one("#menu-options", KeyList)
        highlighted = options.highlighted_option.id if options.highlighted_option else None
        options.clear_options()
        for option_id, label, key in ENTRIES:
            if option_id in RESUME_ENTRIES:
                summary = saved.get(option_id)
                if summary is None:
                    continue
                kind = resumed_kind(option_id)
                owner = owners.get(kind)
                if owner is not None:  # first: a long summary is cut at the entry's end
                    label = f"Resume {owner}'s {GAME_NAMES[kind]}"
                label = f"{label} ({summary})"
            elif option_id == "lines":
                label = lines_label(self._session.lines_size)
            options.add_option(Option(Text(entry_line(key, label)), id=option_id))
        ids = [option.id for option in options.options]
        self._listed = frozenset(option_id for option_id in ids if option_id)
        options.highlighted = ids.index(highlighted) if highlighted in ids else 0
        options.focus()

    @staticmethod
    def _offered(entry: str, state: MenuState) -> bool:
        return entry not in RESUME_ENTRIES or state.saved.get(entry) is not None

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """Textual's, with r and R idle while their entry is not listed (`keys_that_act`: out of
        the Footer, dimmed in the help). Every entry's key acts all the while: during a read, one
        chosen opens once the read has listed it (`action_open`); r or R unlisted reads again,
        and opens the game of its kind saved since, or says that none is."""
        acting = keys_that_act(super().active_bindings, self._unlisted_resume)
        for action in LEAVE_THE_FOOTER:
            if shows_whole(self, acting):
                break
            acting = out_of_the_footer(acting, action)
        return acting

    def _unlisted_resume(self, action: str) -> bool:
        _, name, parameters = parse(action)
        entry = parameters[0] if name == "open" and parameters else None
        return entry in RESUME_ENTRIES and entry not in self._listed

    def action_open_highlighted(self) -> None:
        option = self.query_one("#menu-options", KeyList).highlighted_option
        if option is not None and option.id:
            self.action_open(option.id)

    def action_open(self, entry: str) -> None:
        if self._chosen in RESUME_ENTRIES:
            # r or R reads what is saved now before it resumes: an entry key typed on in the same
            # burst opened its own screen, and the resume was dropped (a code review).
            return
        if entry in TAKES_TYPED_AHEAD and isinstance(self.app, KeepsTypedAhead):
            # What is typed on is for the screen it opens, also while the menu still reads.
            self.app.held_typing.expect()
        if self.state is None and entry in GAME_ENTRIES:
            self._chosen = entry  # opens when the read ends
            if not self._reading:  # the last one failed
                self.refresh_entries()
        elif entry in RESUME_ENTRIES:
            # The saved game may have changed since the menu read it, listed or not (another
            # copy saved one, played on or finished it): the one saved now opens.
            self._chosen = entry
            self._resuming = entry if entry in self._listed else None
            self.refresh_entries()
        else:
            self._choose(entry, self.state)

    def _choose(self, entry: str, state: MenuState | None) -> None:
        self._posted = self.Chosen(entry, state)
        self.post_message(self._posted)

    @property
    def choosing(self) -> bool:
        """An entry is chosen and not yet opened: waiting for a read, or on its way to the app.
        A key typed on after it is not the menu's: `+` after `l` in one burst made the game it
        opened one size bigger, and kept that size."""
        posted = self._posted
        return self._chosen is not None or (posted is not None and not posted.settled)

    def action_lines_size(self, step: int) -> None:
        """`+` (`step` 1) or `-` (-1): a board one size bigger or smaller for `l`; dropped while
        an entry chosen before it is opening (`choosing`)."""
        if self.choosing:
            return
        if self._session.lines_size is None:  # the size kept is not read yet
            self._size_steps.append(step)
            if not self._reading:  # the last read failed
                self.refresh_entries()
            return
        self._change_lines_size(step)
        label = Text(entry_line("l", lines_label(self._session.lines_size)))
        self.query_one("#menu-options", KeyList).replace_option_prompt("lines", label)

    def _change_lines_size(self, step: int) -> None:
        """The board size one bigger or smaller, for this run at once and written for the next
        start on the store's thread (a failure says so). Past the largest or the smallest board,
        one notice says so and nothing changes."""
        size = (self._session.lines_size or LINES_SIZE) + step
        if size not in LINES_SIZES:
            end, which = (LINES_SIZES[-1], "largest") if step > 0 else (LINES_SIZES[0], "smallest")
            self.notify(f"{end} x {end} is the {which} Lines board.", severity="warning")
            return
        session = self._session
        session.lines_size = size
        session.lines_size_for_run = False
        self._size_changed = True

        def for_run_only() -> None:  # not kept: the menu's next read keeps it for the run
            session.lines_size_for_run = True

        keep_preferences(
            self.app,
            session.io,
            session.store,
            lines_label(size),
            for_run_only=for_run_only,
            lines_size=size,
        )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_id:
            self.action_open(event.option_id)
