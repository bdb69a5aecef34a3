"""Players: register, rename, remove, and choose who plays (or play as a guest)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from lines_tui.store import NotRegistered, Snapshot, StoreError
from lines_tui.store.names import taken_problem
from lines_tui.ui.dialogs import ConfirmScreen
from lines_tui.ui.footer import Footer, keys_that_act
from lines_tui.ui.held_typing import TakesTypedAhead
from lines_tui.ui.lists import KeyList
from lines_tui.ui.on_top import DismissedOnTop
from lines_tui.ui.one_notice import OneNoticeAtATime
from lines_tui.ui.scores.entries import name_text
from lines_tui.ui.scores.name_entry import NOT_SAVED, NameEntryScreen
from lines_tui.ui.sentences import PLAYER_UNREAD, as_sentence, ended
from lines_tui.ui.session import Session
from lines_tui.ui.size_guard import LaidOutFor80Columns
from lines_tui.ui.store_thread import load, still_there, write

GUEST = "guest"
GUEST_NOTE = "Guest: Lines scores are not saved."
GUEST_THIS_RUN = "A guest plays this run: Lines scores are not saved"
LOADING = "Reading the players…"
PLAYER_ACTIONS = frozenset({"rename", "remove"})
"""Keys that act on the highlighted player: not on the guest line."""


def player_prompt(name: str, active: str | None) -> Text:
    """A player's line in the list; ● marks the file's active player, `active`."""
    return Text("● " if name == active else "  ").append_text(name_text(name))


def plays_this_run_only(player: str) -> str:
    return f"{player} plays this run only"


def playing_note(playing: str | None, active: str | None) -> str:
    """Who plays (`playing`, None: a guest) and whom ● marks: the file's active player,
    `active`, who is not the one who plays when someone plays this run only (`Store.play_as`)."""
    if playing == active:
        return (
            GUEST_NOTE if playing is None else f"Playing as {playing}; ● marks the active player."
        )
    who = GUEST_THIS_RUN if playing is None else plays_this_run_only(playing)
    marked = (
        "no player is active in the file"
        if active is None
        else f"● marks the active player ({active})"
    )
    return f"{who}; {marked}."


class PlayersScreen(
    DismissedOnTop, OneNoticeAtATime, TakesTypedAhead, LaidOutFor80Columns, Screen[None]
):
    """The list's first line is the guest; enter makes the highlighted one the active player.
    Every read and change runs on the session's store thread, in the order asked; the list
    shows what the last read found."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"players--guest"}

    content_shown = False  # keys typed ahead wait for the list (`TakesTypedAhead`)

    CSS_PATH = Path(__file__).parent / "scores.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "dismiss(None)", "Back", tooltip="Back to the menu"),
        Binding("enter,space", "choose", "Play as", tooltip="The highlighted player plays now"),
        Binding("a", "add", "Add", tooltip="Register a new player (who then plays)"),
        Binding("r", "rename", "Rename", tooltip="Rename the highlighted player"),
        Binding("d,delete", "remove", "Remove", tooltip="Remove the highlighted player"),
        Binding("g", "guest", "Guest", tooltip="Play as a guest (Lines scores are not saved)"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.store = session.store
        self.names: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("Players", id="players-heading", markup=False)
        yield Static(id="players-active", markup=False)
        yield KeyList(id="players-list")
        yield Footer()

    def on_mount(self) -> None:
        if not self.staying:
            return  # closed at once, or the app ended while it was mounted: nothing to start
        self.refresh_list()

    def refresh_list(self, highlight: str | None = None) -> None:
        """Read the players again (off the UI thread) and show them, `highlight` marked."""
        self.query_one("#players-active", Static).update(LOADING)

        def failed(error: StoreError) -> None:
            self.notify(f"The players could not be read: {error}", severity="error")
            self._show_list(None, highlight)

        load(
            self,
            self.session.io,
            self.store.snapshot,
            lambda snapshot: self._show_list(snapshot, highlight),
            failed,
            group="players",
        )

    def _show_list(self, snapshot: Snapshot | None, highlight: str | None) -> None:
        """Show what `snapshot` read; None: the read failed, and only who plays this run only
        is known (the store knows them without the file)."""
        if snapshot is None:
            self.names, active = [], None
            playing = self.store.playing_this_run
            # Not "Guest": the player may be registered, and register again, refused then.
            note = PLAYER_UNREAD if playing is None else f"{plays_this_run_only(playing)}."
        else:
            self.names, active = list(snapshot.players), snapshot.file_active_player
            playing = snapshot.active_player
            note = playing_note(playing, active)
        guest_style = self.get_component_rich_style("players--guest")
        options = [Option(Text("(guest)", style=guest_style), id=GUEST)]
        for index, name in enumerate(self.names):
            options.append(Option(player_prompt(name, active), id=str(index)))
        listing = self.query_one(KeyList)
        listing.clear_options()
        listing.add_options(options)
        chosen = highlight if highlight is not None else playing
        listing.highlighted = self.names.index(chosen) + 1 if chosen in self.names else 0
        listing.focus()
        self.query_one("#players-active", Static).update(Text(note))
        self.content_came()

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """Textual's, less r and d while no player is highlighted (the guest line): they still
        act, and say in one line why they do nothing (as on the leaderboard)."""
        return keys_that_act(super().active_bindings, self._idle)

    def _idle(self, action: str) -> bool:
        return action in PLAYER_ACTIONS and not self.query_one(KeyList).highlighted

    def on_option_list_option_highlighted(self, _: OptionList.OptionHighlighted) -> None:
        self.refresh_bindings()

    def highlighted_name(self, purpose: str = "") -> str | None:
        """The highlighted player; None for the guest line (then `purpose` says what was missed)."""
        index = self.query_one(KeyList).highlighted
        if index:
            return self.names[index - 1]
        if purpose:
            self.notify(f"Highlight a player to {purpose}.", severity="warning")
        return None

    def attempt(
        self,
        action: Callable[[], object],
        done: str,
        failure: str,
        highlight: str | None,
        entry: NameEntryScreen | None = None,
    ) -> None:
        """Make a change on the store thread, then say how it went and show the list again.
        A refusal is told after `failure`, what did not happen ("Ann could not be made the
        active player: cannot write …"), as other notices say what failed. A change asked
        from a name `entry` closes it once made; one refused leaves the entry open with the
        name and the reason in it (or, if it has been closed, tells the reason), unless no
        other name could cure it: the player renamed is no longer registered (another copy
        renamed or removed them), and the entry closes, telling why, over the list as it is."""

        def finished(_: object) -> None:
            if entry is not None:
                entry.saved()
            self.notify(done)
            self.refresh_list(highlight)

        def failed(error: StoreError) -> None:
            said = f"{failure}: {error}"
            if entry is not None and isinstance(error, NotRegistered) and still_there(entry):
                entry.dismiss(None)  # no other name would do: the player is gone
                self.notify(f"{said} (renamed or removed by another lines-tui)", severity="error")
            elif entry is None or not entry.refused(str(error)):
                self.notify(said, severity="error")
            self.refresh_list(highlight)

        write(self, self.session.io, action, finished, failed)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        # A click on a line: the same as the screen's enter.
        event.stop()
        self.action_choose()

    def action_choose(self) -> None:
        name = self.highlighted_name()
        if name is None:
            self.action_guest()
        else:
            self.attempt(
                lambda: self.store.set_active_player(name),
                f"{name} plays now.",
                f"{name} could not be made the active player",
                name,
            )

    def action_guest(self) -> None:
        self.attempt(
            lambda: self.store.set_active_player(None),
            GUEST_NOTE,
            "Playing as a guest could not be chosen",
            None,
        )

    def action_add(self) -> None:
        def add(name: str) -> None:
            self.attempt(
                lambda: self.store.set_active_player(self.store.add_player(name)),
                f"Registered {name}; {name} plays now.",
                NOT_SAVED,
                name,
                entry,
            )

        entry = NameEntryScreen("", title="New player", check=self.taken_by_other(None), save=add)
        self.app.push_screen(entry)

    def action_rename(self) -> None:
        old = self.highlighted_name("rename")
        if old is None:
            return

        def rename(new: str) -> None:
            if new == old:  # enter on the name as filled in: a way to back out, not a change
                entry.dismiss(None)
                return
            self.attempt(
                lambda: self.store.rename_player(old, new),
                f"Renamed {old} to {new}.",
                NOT_SAVED,
                new,
                entry,
            )

        entry = NameEntryScreen(
            old, title=f"Rename {old}", check=self.taken_by_other(old), save=rename
        )
        self.app.push_screen(entry)

    def action_remove(self) -> None:
        name = self.highlighted_name("remove")
        if name is None:
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.attempt(
                    lambda: self.store.remove_player(name),
                    f"Removed {name}.",
                    f"{name} was not removed",
                    None,
                )

        question = f"Remove the player {name}? Their results stay in the tables."
        self.app.push_screen(ConfirmScreen(question, title="Remove player"), answered)

    def taken_by_other(self, allowed: str | None) -> Callable[[str], str | None]:
        def check(name: str) -> str | None:
            problem = taken_problem(self.names, name, allowed)
            return None if problem is None else ended(as_sentence(problem))

        return check
