"""The keys that work on every screen (README, "Keys of every other screen"): `?` help, `s`
symbols and `ctrl+q` quit (ctrl+c says so). The app binds them, but Textual stops looking for a
key's binding at a modal screen, so the app's keys never reach a dialog: every dialog binds `?`,
`s` and ctrl+c as well, from here, so the two never differ. `ctrl+q`, a priority key, reaches
every screen unbound (and `help.key_rows` lists it in every screen's help); a dialog binds it
only to show it in its footer."""

from __future__ import annotations

from dataclasses import replace

from textual.binding import Binding
from textual.screen import ModalScreen, Screen

QUIT = Binding(
    "ctrl+q",
    "quit",
    "Quit",
    show=False,
    priority=True,
    tooltip="Quit the app (a game in progress is saved; if it cannot be, asks first)",
)
HELP = Binding(
    # f1 too: in a text field (a name, a share code) ? is typed, f1 still reaches the help.
    "question_mark,f1",
    "app.help",
    "Help",
    tooltip="This help: the keys of the screen you are on",
)
LINES_SYMBOLS_NOTE = "every colour also has its letter"
"""What symbols mode shows in Lines, and on every screen that does not say otherwise."""
MAHJONG_SYMBOLS_NOTE = "after a loss every tile shows an x"
"""What symbols mode shows in Mahjong (a tile always shows its label)."""
MAHJONG_REPLAY_SYMBOLS_NOTE = f"{MAHJONG_SYMBOLS_NOTE}; a replay, always of a won game, shows none"
"""What symbols mode shows in a Mahjong replay: nothing, as every entry replayed is a win (the
setting is still switched, for the games)."""
SYMBOLS = Binding(
    "s",
    "app.toggle_symbols",
    "Symbols",
    tooltip=f"Symbols on or off: {LINES_SYMBOLS_NOTE}",
)
SYMBOLS_UNSHOWN = replace(SYMBOLS, show=False)
"""A dialog's footer is short: symbols are listed in its help only."""
NOT_QUIT = Binding("ctrl+c", "app.help_quit", show=False)
"""The app's ctrl+c says that it does not quit (the README's ctrl+q row); a dialog binds it too,
or its own ctrl+c (Textual's copy of a selection: there is none) says nothing."""
NOT_SUSPENDED = Binding("ctrl+z", "app.no_suspend", show=False)
"""ctrl+z says that it does not suspend (a player review: it did nothing, without a word)."""
SAYING_ONLY = (HELP, NOT_QUIT, NOT_SUSPENDED)
"""The keys that only show or say something (help, ctrl+c's and ctrl+z's lines): they still act
while a game is being left, which drops the other keys typed on with q or esc."""


def says_only(key: str) -> bool:
    """Whether `key` is one of `SAYING_ONLY`'s."""
    return any(key in binding.key.split(",") for binding in SAYING_ONLY)


ON_A_DIALOG = [HELP, SYMBOLS_UNSHOWN, NOT_QUIT]
ON_A_DIALOG_ALL_SHOWN = [
    HELP,
    SYMBOLS,
    replace(QUIT, action="app.quit", show=True, priority=False),
    NOT_QUIT,
]
"""For a dialog whose footer has room for every key that acts on it (the app's priority `ctrl+q`
answers the key before the dialog's binding would)."""


def symbols_note(screen: Screen[object]) -> str:
    """What symbols mode shows on `screen`: what the screen says (its `SYMBOLS_NOTE`, None for
    Lines'), or for a dialog that says nothing, what the screen it opened over says (a question
    over a Mahjong board is about Mahjong's tiles)."""
    stack = screen.app.screen_stack
    below = stack[: stack.index(screen) + 1] if screen in stack else [screen]
    for shown in reversed(below):
        if hasattr(shown, "SYMBOLS_NOTE"):
            return shown.SYMBOLS_NOTE or LINES_SYMBOLS_NOTE
        if not isinstance(shown, ModalScreen):
            break
    return LINES_SYMBOLS_NOTE
