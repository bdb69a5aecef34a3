"""The keys of a Lines game, and how they read on a finished board or with no ball selected."""

from __future__ import annotations

from dataclasses import replace

from textual.binding import ActiveBinding, Binding, BindingType

from lines_tui.ui.footer import action_name, keys_that_act, restated, typing_keys

MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
MOVE_GROUP = Binding.Group("move", compact=True)
MOVE_TIP = "Move the cursor one cell, wrapping at the edges (the arrows, or h j k l)"
CELL_TIP = (
    "Go to a cell: type its row number, then its column letter, as on the board's edges (7c is "
    "row 7, column c). On a ball this selects it; on an empty cell it moves the selected ball "
    "there"
)

OVER_TO_MENU = "Back to the menu; a finished game is not kept to resume"
Restated = dict[str, tuple[bool, str]]
"""For some actions: whether the Footer shows their key, and the help's sentence for it."""
RESULT_TIP = (
    "On the final board: the game-over dialog again (the score, its leaderboard, a challenge code)"
)
OVER_KEYS: Restated = {
    "result": (True, RESULT_TIP),
    "cancel": (False, OVER_TO_MENU),
    "leave": (True, OVER_TO_MENU),
    "new_game": (True, "Start a new game"),
}
"""What esc, q and n do on a finished board, said in place of what they do during a game; esc
leaves the Footer, where q says Menu already."""
KEPT_TO_FILE = "Back to the menu; the game is kept, its score not saved yet: resume it to try again"
OVER_KEPT_KEYS: Restated = {
    **OVER_KEYS,
    "cancel": (False, KEPT_TO_FILE),
    "leave": (True, KEPT_TO_FILE),
}
"""`OVER_KEYS` on a finished board whose score is not filed yet: being written, or refused for a
reason another try may not have (the game stays saved)."""
IDLE_WHEN_OVER = ("cursor", "act", "row_digit")
"""The keys that move and name cells: on a finished board they are out of the Footer, dimmed in
the help, and pressed they say `GAME_IS_OVER`."""
GAME_IS_OVER = "Game over: r shows the result, n starts a new one, q goes back to the menu."
RESULT_WHEN_OVER = "r shows the result once the game is over."
GAME_OVER_LINE = "Game over: the board is full."
RESULT_BEING_SAVED = "The result is being saved: r shows it once it is."
DIALOG_COMES_NEXT = "The result is being saved: the game-over dialog comes next."
"""What `n`, `q` and esc say while a finished game's result is written: they wait for it."""
NOTHING_TO_CANCEL: Restated = {
    "cancel": (False, "Forget a typed row number; with none, back to the menu (game saved)")
}
"""esc with no ball selected forgets a row typed, or goes back to the menu as q does: the
Footer, where it says Cancel, leaves it out then; the help says what it does."""

MOVE_HERE = "Move the selected ball here; on another ball, select that one instead"
"""What enter does with a ball selected, which the Footer then calls Move (not Pick)."""

LINES_KEYS: list[BindingType] = [
    Binding(
        "up",
        "cursor('up')",
        "Up",
        key_display="↑",
        group=MOVE_GROUP,
        tooltip=MOVE_TIP,
    ),
    Binding(
        "down",
        "cursor('down')",
        "Down",
        key_display="↓",
        group=MOVE_GROUP,
        tooltip=MOVE_TIP,
    ),
    Binding(
        "left",
        "cursor('left')",
        "Left",
        key_display="←",
        group=MOVE_GROUP,
        tooltip=MOVE_TIP,
    ),
    Binding(
        "right",
        "cursor('right')",
        "Right",
        key_display="→",
        group=MOVE_GROUP,
        tooltip=MOVE_TIP,
    ),
    *typing_keys("1234567890", "row_digit", "Cell", "7c", CELL_TIP),
    Binding("k", "cursor('up')", "Up", show=False, group=MOVE_GROUP, tooltip=MOVE_TIP),
    Binding("j", "cursor('down')", "Down", show=False, group=MOVE_GROUP, tooltip=MOVE_TIP),
    Binding("h", "cursor('left')", "Left", show=False, group=MOVE_GROUP, tooltip=MOVE_TIP),
    Binding("l", "cursor('right')", "Right", show=False, group=MOVE_GROUP, tooltip=MOVE_TIP),
    Binding(
        "enter",
        "act",
        "Pick",  # a ball, then its cell; short: every key fits 80 columns
        key_display="⏎",
        tooltip="Select the ball under the cursor, or move the selected ball here",
    ),
    Binding(
        "space",
        "act",
        "Pick",
        show=False,
        tooltip="Select the ball under the cursor, or move the selected ball here",
    ),
    Binding(
        "escape",
        "cancel",
        "Cancel",
        tooltip=(
            "Forget a typed row number; cancel the selection; with neither, back to the "
            "menu (game saved)"
        ),
    ),
    Binding("n", "new_game", "New", tooltip="New game (asks first if this one has moves)"),
    Binding(
        "r",
        "result",
        "Result",
        show=False,  # shown on the final board (`OVER_KEYS`), where the Footer has room
        tooltip=RESULT_TIP,
    ),
    Binding(
        "a",
        "toggle_animation",
        "Animation",
        tooltip="Animations on or off, kept for the next start (any key also skips one)",
    ),
    Binding(
        "q",
        "leave",
        "Menu",
        tooltip="Back to the menu; the game is saved to resume (if it cannot be, asks first)",
    ),
]


def keys_now(
    bindings: dict[str, ActiveBinding], *, over: bool, selected: bool, kept: bool = False
) -> dict[str, ActiveBinding]:
    """Textual's bindings, restated where a key does something else than during a move: on a
    finished board (`OVER_KEYS`; `kept`: its score is not filed yet, `OVER_KEPT_KEYS`), and for
    esc while there is nothing to cancel."""
    if over:
        bindings = keys_that_act(bindings, lambda action: action_name(action) in IDLE_WHEN_OVER)
        changes = OVER_KEPT_KEYS if kept else OVER_KEYS
    else:
        bindings = keys_that_act(bindings, lambda action: action == "result")
        if selected:
            return restated(bindings, moving)
        changes = NOTHING_TO_CANCEL

    def restate(binding: Binding) -> Binding:
        if binding.action not in changes:
            return binding
        show, tooltip = changes[binding.action]
        return replace(binding, show=show, tooltip=tooltip)

    return restated(bindings, restate)


def moving(binding: Binding) -> Binding:
    """enter (and space) with a ball selected: it moves the ball, as the Footer says."""
    if binding.action != "act":
        return binding
    return replace(binding, description="Move", tooltip=MOVE_HERE)
