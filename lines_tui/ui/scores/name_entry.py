"""Ask for a name, prefilled; dismisses with the cleaned name, or None if the player backs out."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from lines_tui.outside_text import inert
from lines_tui.store import clean_name
from lines_tui.store.names import MAX_NAME_CHARS, MAX_NAME_COLUMNS, InvalidName
from lines_tui.ui.app_keys import ON_A_DIALOG
from lines_tui.ui.footer import Footer
from lines_tui.ui.held_typing import TakesTypedAhead
from lines_tui.ui.on_top import DismissedOnTop
from lines_tui.ui.plain_input import PlainInput, editing_keys
from lines_tui.ui.sentences import as_sentence
from lines_tui.ui.store_thread import still_there
from lines_tui.ui.typed_ahead import TYPED_ON_HINT, DropsTypedAhead

RULES = (
    f"1 to {MAX_NAME_CHARS} characters, at most {MAX_NAME_COLUMNS} columns wide (a wide one counts"
    " two); no [ ] \\ or control characters."
)
"""Said before a name is typed: the columns too, since a name of wide characters is refused by
them ("A name is at most 24 columns wide.") where the rules had said only "characters"."""
SAVING = "Saving…"
NOT_SAVED = "Not saved"
"""Before why a name could not be saved: in the entry, or told once it has been left."""


class NameInput(PlainInput, inherit_bindings=False):
    """Names its enter key "OK" in the Footer; the help lists the keys that edit a name."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "OK", tooltip="Take the name as typed"),
        *editing_keys("the name", "character"),
    ]

    taken = False
    """Whether enter has handed the name to the dialog, which has not given it back (`retake`):
    what is typed or pasted on after enter does not go into the name. A key typed just after
    enter comes here before the dialog has taken the name (`Fo` enter `k`, bunched over SSH,
    registered "Fok"), and it was meant for the screen the dialog closes to."""

    async def action_submit(self) -> None:
        self.taken = True
        await super().action_submit()

    def retake(self) -> None:
        """The dialog did not take the name (refused, or not saved): it can be edited again."""
        self.taken = False

    async def _on_key(self, event: events.Key) -> None:
        if self.taken and event.is_printable:
            event.stop()
            event.prevent_default()

    def _on_paste(self, event: events.Paste) -> None:
        if self.taken:
            event.stop()
            event.prevent_default()


class NameEntryScreen(DismissedOnTop, TakesTypedAhead, DropsTypedAhead, ModalScreen[str | None]):
    """`check` may refuse a well-formed name (e.g. one already registered) with a reason.
    `save`, if given, is handed the name instead of closing the dialog: the dialog stays open,
    the name in it, until the caller says how the save went (`saved`, `refused`), so that a
    failed write keeps what the player typed, with the reason, to try again or leave. Keys typed
    before the dialog showed are typed into the name once it shows; with a `guard`
    (`TYPED_ON_GUARD` after a winning move) they are dropped, and so are those typed for that
    long after it showed, and then those that carry on the typing of the move, saying so in place
    of the rules (`TYPED_ON_HINT`)."""

    CSS_PATH = Path(__file__).parent / "scores.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        # Not a priority binding: those run before the keys typed just ahead of enter reach the
        # Input, so a quick "Bob<enter>" would be judged empty. Enter in the Input submits it.
        Binding("enter", "accept", "OK", tooltip="Take the name as typed"),
        Binding(
            "escape",
            "dismiss(None)",
            "Cancel",
            tooltip="Close without a name, nothing saved (after a win, asks first)",
        ),
        # The app's keys stop at a dialog. ? and s are typed into the name, so the Footer shows
        # f1 for the help.
        *ON_A_DIALOG,
    ]

    def __init__(
        self,
        default: str = "",
        title: str = "Your name for the leaderboard",
        check: Callable[[str], str | None] | None = None,
        save: Callable[[str], object] | None = None,
        *,
        guard: float = 0.0,
        kept: str | None = None,
    ) -> None:
        super().__init__()
        self.guard = guard
        self.kept = kept
        """The player's name as the file holds it (`clean_name`): taken though it was registered
        before a newer rule."""
        self.default = default
        self.typed = default
        """What the field holds: as esc left it, for a prompt asked again."""
        self.title_text = title
        self.check = check
        self.save = save
        self._saving: str | None = None
        """The name handed to `save`, until the caller answers."""

    @property
    def takes_typed_ahead(self) -> bool:
        """A name the player asked to type (a new player, a rename) takes what they typed on
        with the key that asked; a prompt after a winning move drops it (`guard`)."""
        return not self.guard

    def compose(self) -> ComposeResult:
        with Vertical(classes="name-dialog") as dialog:
            dialog.border_title = inert(self.title_text)
            # The prefill may come from anywhere; trimmed to what a name may be so it can be edited.
            yield NameInput(self.default[: MAX_NAME_CHARS * 2], id="name-input")
            yield Static(RULES, id="name-problem", markup=False)
            yield Static(TYPED_ON_HINT, classes="typed-on-hint", markup=False)

    def on_mount(self) -> None:
        if not self.staying:
            return  # closed at once, or the app ended while it was mounted: nothing to start
        self.set_focus(self.query_one(Input))
        # Built once the field has the focus, where `?` is typed: a Footer composed with the
        # dialog showed `? Help` for its first frames, then `f1 Help`.
        self.mount(Footer())

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_accept(event.value)

    def on_input_changed(self, event: Input.Changed) -> None:
        """An edit after a refusal: the reason was the name's before it, and the rules come back
        (it stayed under a name edited to a good one: "a name needs at least one character."
        under "Zo")."""
        event.stop()
        self.typed = event.value
        problem = self.query_one("#name-problem", Static)
        if self._saving is None and problem.has_class("problem"):
            problem.update(RULES)
            problem.remove_class("problem")

    def action_accept(self, typed: str | None = None) -> None:
        """Take the name `typed` when enter was pressed (by default, the field's now)."""
        if self._saving is not None:
            return  # enter again while the name is written: one save at a time
        field = self.query_one(NameInput)
        problem = self.query_one("#name-problem", Static)
        try:
            name = clean_name(field.value if typed is None else typed, self.kept)
        except InvalidName as error:
            self._not_taken(as_sentence(f"{error}."))  # alone on its line, not after "lines-tui: "
            return
        refusal = self.check(name) if self.check is not None else None
        if refusal is not None:
            self._not_taken(refusal)
            return
        if self.save is None:
            self.dismiss(name)
            return
        self._saving = name
        problem.update(SAVING)
        problem.remove_class("problem")
        self.save(name)

    def saved(self) -> None:
        """The name handed to `save` is saved: the dialog closes with it."""
        name, self._saving = self._saving, None
        if name is not None and still_there(self):
            self.dismiss(name)

    def refused(self, reason: str) -> bool:
        """The name handed to `save` could not be saved: the dialog says why and stays, the
        name in it. False if the dialog has gone meanwhile, or is going (esc: its widgets are
        taken away before it is detached): the caller tells the reason."""
        self._saving = None
        if not still_there(self):
            return False
        self._not_taken(f"{NOT_SAVED}: {reason}")
        return True

    def _not_taken(self, reason: str) -> None:
        """Say why the name was not taken, and give the field back for editing."""
        problem = self.query_one("#name-problem", Static)
        problem.update(reason)
        problem.add_class("problem")
        self.query_one(NameInput).retake()
