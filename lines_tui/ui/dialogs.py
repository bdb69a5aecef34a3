"""Small questions asked over the current screen, and a code shown to copy."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.containers import Vertical
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Static

from lines_tui.outside_text import inert, printable
from lines_tui.ui.app_keys import ON_A_DIALOG
from lines_tui.ui.footer import Footer, restated
from lines_tui.ui.lists import TextPane
from lines_tui.ui.on_top import DismissedOnTop
from lines_tui.ui.store_thread import still_there
from lines_tui.ui.typed_ahead import QUESTION_GUARD, DropsTypedAhead


def dialog(title: str, text: str, keys: str) -> ComposeResult:
    """A framed question (or notice) with its keys spelled out under it, and the Footer."""
    with Vertical(classes="dialog") as frame:
        frame.border_title = inert(title)
        yield Static(inert(text), classes="dialog-text", markup=False)
        yield Static(keys, classes="dialog-keys", markup=False)
    yield Footer()


QUESTION_KEYS = "y: yes    n: no"
ENTER_IS_YES_KEYS = "y or enter: yes    n: no"
ENTER_REFUSED = "y: yes    n: no    (enter does not answer: y or n)"
"""The question's keys once enter was pressed on a question that asks before a loss."""


class ConfirmScreen(DismissedOnTop, DropsTypedAhead, ModalScreen[bool]):
    """Asks one question; y answers yes, n or escape answers no. It asks before something is lost,
    so enter, which picks and plays elsewhere, answers only a question whose yes loses nothing
    (`enter_is_yes`); else it says so. Keys read before its first frame, or too soon after it
    to have been typed after reading it, do not answer it (`DropsTypedAhead`,
    `QUESTION_GUARD`)."""

    guard = QUESTION_GUARD
    drops_burst = False

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes", tooltip="Yes: do what the question says"),
        Binding("n,escape", "answer(False)", "No", tooltip="No: leave everything as it is"),
        Binding(
            "enter",
            "enter",
            "Enter",
            show=False,
            tooltip="Yes where that loses nothing; else no answer: y or n",
        ),
        *ON_A_DIALOG,
    ]

    def __init__(
        self, question: str, title: str = "Please confirm", *, enter_is_yes: bool = False
    ) -> None:
        super().__init__()
        self._question = question
        self._title = title
        self._enter_is_yes = enter_is_yes

    def compose(self) -> ComposeResult:
        keys = ENTER_IS_YES_KEYS if self._enter_is_yes else QUESTION_KEYS
        return dialog(self._title, self._question, keys)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def action_enter(self) -> None:
        if self._enter_is_yes:
            self.dismiss(True)
        else:
            self.query_one(".dialog-keys", Static).update(ENTER_REFUSED)


def after_asking(
    app: App[Any],
    ask: bool,
    question: str,
    title: str,
    then: Callable[[], object],
    otherwise: Callable[[], None] = lambda: None,
) -> ConfirmScreen | None:
    """Run `then` at once when nothing would be lost (`ask` false), else only once the player
    says yes to `question` (the dialog, returned, pushed on `app`); `otherwise` on a no."""
    if not ask:
        then()
        return None

    def answered(yes: bool | None) -> None:
        (then if yes else otherwise)()

    dialog = ConfirmScreen(question, title=title)
    app.push_screen(dialog, answered)
    return dialog


AFRESH = "This deal again from its start (asks first: its first move replaces the saved game)"
"""What n does on the resume question when the deal asked for is the saved game's own."""


class ResumeScreen(DismissedOnTop, ModalScreen[str | None]):
    """Offers the saved game (`lines-tui lines`, `lines-tui mahjong`, or a new game asked for that
    is the saved game's own deal, `afresh`): y or enter resumes it ("resume"); n asks for a new
    game ("new": the caller asks once more, as the new game replaces the saved one for good;
    `new` names it when it is not like the saved one, "a 7 x 7 game"), or, `afresh`, for the
    saved game's deal from its start, and the Footer and the help say so; escape closes the
    question, the saved game kept (None), back to the menu or, when the question came from
    another screen, `back` there ("the picker")."""

    HELP_TITLE = "Saved game"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer('resume')", "Resume", tooltip="Resume the saved game"),
        Binding(
            "n",
            "answer('new')",
            "New game",
            tooltip="A new game instead (asks first: its first move replaces the saved game)",
        ),
        Binding(
            "escape", "answer(None)", "Menu", tooltip="Back to the menu; the saved game is kept"
        ),
        *ON_A_DIALOG,
    ]

    def __init__(
        self,
        question: str,
        new: str | None = None,
        back: str | None = None,
        *,
        afresh: bool = False,
    ) -> None:
        super().__init__()
        self._question = question
        self._afresh = afresh
        if afresh:
            self._new = "start it afresh"
        else:
            self._new = "new game" if new is None else f"start {printable(new)}"
        self._back = back

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """Textual's; n's told as starting the saved deal afresh when it is the deal asked for
        (`afresh`), escape's as going `back` when it does not go to the menu."""
        bindings = super().active_bindings
        back, afresh = self._back, self._afresh
        if back is None and not afresh:
            return bindings

        def change(binding: Binding) -> Binding:
            if binding.action == "answer('new')" and afresh:
                return replace(binding, description="Start afresh", tooltip=AFRESH)
            if binding.action == "answer(None)" and back is not None:
                return replace(
                    binding, description="Back", tooltip=f"Back to {back}; the game is kept"
                )
            return binding

        return restated(bindings, change)

    def compose(self) -> ComposeResult:
        back = "the menu" if self._back is None else self._back
        keys = f"y: resume it    n: {self._new} (asks first)\nesc: back to {back}, the game kept"
        return dialog("Saved game", self._question, keys)

    def action_answer(self, answer: str | None) -> None:
        self.dismiss(answer)


CODE_COPIED = "Code sent to the clipboard. If your terminal does not allow that, select it."
"""What c says in the code's view: one line at 80 columns, as the view scrolls in less room."""

CONTINUED = "\\"
"""What ends a row of a folded command: a backslash at a line's end, outside quotes, is no break
at all to a POSIX shell (sh, bash, zsh, dash), whose quoting `shlex.quote` writes. Not to fish,
which reads `\\` and `\'` inside single quotes as escapes, so a path holding a backslash would
name another folder there."""


def folded_command(command: str, width: int) -> list[str]:
    """`command` (its words quoted as a shell reads them) on rows at most `width` cells wide,
    each row but the last ending in a backslash, so that the rows a terminal selects, line
    breaks and all, paste into a POSIX shell as the one command. Rows break between words: a
    word that does not fit the row goes to the next (a long `--data-dir` path starts its own
    row), and a word wider than a row is cut into pieces, each quoted alone, which the shell
    joins again. Wrapped by the terminal instead, the command broke mid-path, each row a
    command."""
    if width <= 0 or cell_len(command) <= width:
        return [command]
    rows: list[str] = []
    row = ""
    for word in shlex.split(command):
        quoted = shlex.quote(word)
        joined = f"{row} {quoted}" if row else quoted
        if cell_len(f"{joined} {CONTINUED}") <= width:
            row = joined
            continue
        if row:
            rows.append(f"{row} {CONTINUED}")
        *whole_rows, row = _word_pieces(word, width)
        rows += [piece + CONTINUED for piece in whole_rows]
    return [*rows, row]


def _word_pieces(word: str, width: int) -> list[str]:
    """`word` quoted in pieces that fit rows of `width` cells: each but the last with room for
    the backslash after it, the last with room for " \\" (more words may follow it); a piece
    is at least one character, however narrow the rows."""
    pieces: list[str] = []
    rest = word
    while len(rest) > 1 and cell_len(f"{shlex.quote(rest)} {CONTINUED}") > width:
        cut = _cut(rest, width)
        pieces.append(shlex.quote(rest[:cut]))
        rest = rest[cut:]
    return [*pieces, shlex.quote(rest)]


def _cut(word: str, width: int) -> int:
    """Where a row of `width` cells cuts `word` (quoted, and a backslash after it): after a /
    in its second half, so that a path's row ends with a folder's name (a row starting "-d"
    read as an option), else as far as it fits; at least one character."""
    most = _most_that_fits(word, width)
    if most == 0:
        return 1
    after_a_slash = [cut for cut in range(most, most // 2, -1) if word[cut - 1] == "/"]
    return after_a_slash[0] if after_a_slash else most


def _most_that_fits(word: str, width: int) -> int:
    """The most characters of `word` (not all of it) that fit a row of `width` cells quoted,
    a backslash after them; 0 if none does. A longer start of a word is never narrower quoted,
    so the starts are tried from the shortest until one is too wide, and no start wider than
    the row unquoted is tried: quoting every start of a whole 4,000-character path took a
    second and a half, on every redraw."""
    most = 0
    for cut in range(1, len(word)):
        if cell_len(shlex.quote(word[:cut]) + CONTINUED) > width:
            break
        most = cut
    return most


class CommandLines(Static):
    """A command that prints the code shown, under "Or run:", folded to the width it is shown
    at (`folded_command`). Shown inert: the command's outside text (a path) is spelled out."""

    def __init__(self, command: str) -> None:
        super().__init__(classes="dialog-text", id="code-command", markup=False)
        self._command = command
        self._rows_at: dict[int, list[str]] = {}

    def _rows(self, width: int) -> list[str]:
        """The rows at `width`, folded once for each width: Textual asks for them on every
        layout and redraw."""
        if width not in self._rows_at:
            self._rows_at[width] = ["Or run:", *folded_command(self._command, width)]
        return self._rows_at[width]

    def render(self) -> Text:
        return Text("\n").join(inert(row) for row in self._rows(self.content_size.width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._rows(width))


class CodeScreen(DismissedOnTop, ModalScreen[None]):
    """Shows a code to copy: c sends it to the clipboard (OSC 52, which not every terminal
    lets through), or the player selects it with the mouse; and, if one is given, a command
    that prints it, under the code (`CommandLines`): above it, a command of a long data
    folder's path pushed the code down, and at 80 x 16 the notice c raises at the view's foot
    then hid it all."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "close", "Close", tooltip="Close the code, back to the screen"),
        Binding(
            "c",
            "copy_code",
            "Copy",
            tooltip="Send the code to the clipboard (where the terminal allows)",
        ),
        *ON_A_DIALOG,
    ]

    def __init__(self, code: str, explanation: str, title: str, command: str = "") -> None:
        super().__init__()
        self._code = code
        self._explanation = explanation
        self._title = title
        self._command = command

    def compose(self) -> ComposeResult:
        # The whole dialog scrolls when the code is longer than the screen's room for it.
        with TextPane(classes="dialog -code", id="code-pane") as frame:
            frame.border_title = inert(self._title)
            yield Static(inert(self._explanation), classes="dialog-text", markup=False)
            yield Static(inert(self._code), classes="dialog-text", id="code", markup=False)
            if self._command:
                yield CommandLines(self._command)
            yield Static("c: copy    esc: close", classes="dialog-keys", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.call_after_refresh(self._focus_code)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._focus_code)

    def _focus_code(self) -> None:
        """A code longer than the screen scrolls, and its keys act at once (the pane takes the
        focus only while it is longer than its room). Not once the dialog is closing: a call
        after a refresh may come after its widgets have gone."""
        if not still_there(self):
            return
        pane = self.query_one("#code-pane", TextPane)
        if pane.allow_focus():
            pane.focus()

    def action_copy_code(self) -> None:
        self.app.copy_to_clipboard(self._code)
        self.notify(CODE_COPIED)

    def action_close(self) -> None:
        self.dismiss(None)
