"""The keys that work on every screen (README, "Keys of every other screen"): `?` help, `s`
symbols and `ctrl+q` quit. The app binds them, but Textual stops looking for a key's binding at a
modal screen, so the app's keys never reach a dialog: every dialog binds `?` and `s` as well, from
here, so the two never differ. `ctrl+q`, a priority key, reaches every screen unbound (and
`help.key_rows` lists it in every screen's help); a dialog binds it only to show it in its
footer."""

from __future__ import annotations

from dataclasses import replace

from textual.binding import ActiveBinding, Binding

from lines_tui.ui.footer import restated

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
SYMBOLS = Binding(
    "s",
    "app.toggle_symbols",
    "Symbols",
    tooltip="Symbols on or off: every colour also gets its letter",
)
MAHJONG_SYMBOLS_NOTE = "after a loss every tile shows an x"
"""What symbols mode shows in Mahjong (a tile always shows its label)."""
MAHJONG_SYMBOLS = replace(
    SYMBOLS, tooltip="Symbols on or off: in Mahjong, after a loss an x on every tile"
)
"""`s` on a screen of Mahjong's (its layout picker, its tables, its replays)."""
SYMBOLS_UNSHOWN = replace(SYMBOLS, show=False)
"""A dialog's footer is short: symbols are listed in its help only."""
ON_A_DIALOG = [HELP, SYMBOLS_UNSHOWN]
ON_A_DIALOG_ALL_SHOWN = [HELP, SYMBOLS, replace(QUIT, action="app.quit", show=True, priority=False)]
"""For a dialog whose footer has room for every key that acts on it (the app's priority `ctrl+q`
answers the key before the dialog's binding would)."""
ON_A_MAHJONG_DIALOG_ALL_SHOWN = [
    MAHJONG_SYMBOLS if binding is SYMBOLS else binding for binding in ON_A_DIALOG_ALL_SHOWN
]


def symbols_of_mahjong(bindings: dict[str, ActiveBinding]) -> dict[str, ActiveBinding]:
    """A screen's active `bindings` with the app's `s` described as it works in Mahjong, for
    its help, on a screen that shows Mahjong (where no colour gets a letter)."""
    return restated(
        bindings,
        lambda binding: (
            replace(binding, tooltip=MAHJONG_SYMBOLS.tooltip)
            if binding.action == SYMBOLS.action
            else binding
        ),
    )
