"""The keys of a Mahjong game: what each does, which share a Footer label at 80 columns, and which
act while the game is paused or won."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding, BindingType
from textual.screen import Screen

from lines_tui.engine.mahjong.faces import LABEL_STARTS
from lines_tui.engine.mahjong.game import HINT_SECONDS
from lines_tui.ui.footer import action_name, typing_keys
from lines_tui.ui.status_line import unbroken

MOVE_GROUP = Binding.Group("move")
# Keys that share one Footer label while both act, so that every key that acts fits 80 columns
# (each has its own sentence in the help): t takes, m shows the next partner; u undoes, U redoes;
# N deals anew, R deals the same again.
TAKE_GROUP = Binding.Group("Take")
UNDO_GROUP = Binding.Group("Undo")
DEAL_GROUP = Binding.Group("Deal")
SHARED_LABELS = (TAKE_GROUP, UNDO_GROUP, DEAL_GROUP)
MOVE_TIP = "Move to the nearest visible tile in that direction, upper layers included"
FACE_TIP = (
    "Type a tile's label (5d, ew, fl; a capital F, G, N, R or S is a key of its own) to jump to "
    "its free tiles; type it again for the next one"
)


def keys_of_their_own(screen: type[Screen[Any]]) -> frozenset[str]:
    """The keys `screen` (and the screens it builds on) binds to something else than typing a
    face's label: such a capital (R: Restart) starts no label."""
    bindings = (
        binding
        for kind in screen.__mro__
        for binding in vars(kind).get("BINDINGS", ())
        if isinstance(binding, Binding) and not binding.action.startswith("face_key")
    )
    return frozenset(key.strip() for binding in bindings for key in binding.key.split(","))


IDLE_AFTER_A_LOSS = ("cycle_playable", "take_pair", "hint")
"""Keys about pairs to take, which a lost position has none of: pressed, each says so."""

MAHJONG_KEYS: list[BindingType] = [
    *typing_keys(sorted(LABEL_STARTS), "face_key", "Face", "5d", FACE_TIP),
    Binding(
        "t",
        "take_pair",
        "Take",
        tooltip="Take the pair: the picked tile (or the one under the cursor) with its free "
        "partner; after a hint, the hinted pair. With several partners it picks the tile and "
        "jumps to one: t again takes that one, m shows the next",
        group=TAKE_GROUP,
    ),
    Binding(
        "m",
        "match",
        "Next",
        tooltip="Jump to the next free tile matching the picked tile (or the one under the cursor)",
        group=TAKE_GROUP,
    ),
    Binding(
        "enter,space",
        "choose",
        "Pick",
        tooltip="Pick the tile under the cursor; pick a matching free tile to take the pair; "
        "pick it again to put it back",
    ),
    Binding(
        "tab",
        "cycle_playable(True)",
        "Pair",
        tooltip="Jump to the next free tile that has a free partner",
    ),
    Binding(
        "shift+tab",
        "cycle_playable(False)",
        "Previous pair",
        show=False,
        tooltip="Jump to the previous free tile that has a free partner",
    ),
    Binding(
        "a",
        "cycle_free",
        "Any free",
        show=False,
        tooltip="Jump to the next free tile, with or without a free partner",
    ),
    Binding(
        "i",
        "hint",
        "Hint",
        tooltip="Hint: show a pair to take, from a winning line when the solver has found "
        f"one; t takes it. Each position's first hint adds {HINT_SECONDS:g} s to your time",
    ),
    Binding(
        "u", "undo", "Undo", group=UNDO_GROUP, tooltip="Undo the last pair (also after a loss)"
    ),
    Binding("U", "redo", "Redo", group=UNDO_GROUP, tooltip="Redo the pair undone last"),
    Binding(
        "F",
        "toggle_free",
        "Free marks",
        show=False,
        tooltip="Free-tile marks on or off (':' and a bold label on every free tile)",
    ),
    Binding(
        "G",
        "toggle_glyphs",
        "Tile glyphs",
        show=False,
        tooltip="Unicode mahjong tiles instead of the labels (many fonts draw them too "
        "wide, which shifts the columns: press G again)",
    ),
    Binding(
        "S",
        "app.toggle_symbols",
        "Symbols",
        show=False,
        tooltip="Symbols on or off: after a loss an x on every tile, not only the red",
    ),
    Binding("p", "pause", "Pause", tooltip="Pause: hide the board and stop the clock"),
    Binding("p", "resume", "Resume", tooltip="Resume: show the board and start the clock again"),
    # Shown once won (`active_bindings`), when the board's keys have left the Footer: not
    # counted with them in the width the Footer needs (`least_width`).
    Binding(
        "c",
        "challenge",
        "Challenge",
        show=False,
        tooltip="After a win: a challenge code, so a friend plays this very deal",
    ),
    Binding(
        "N",
        "new_deal",
        "New deal",
        group=DEAL_GROUP,
        tooltip='A new deal on the same layout (proved solvable first when "solvable '
        'deals only" is on)',
    ),
    Binding(
        "R",
        "restart",
        "Restart deal",
        group=DEAL_GROUP,
        tooltip="The same deal again from the start",
    ),
    Binding("left,h", "move('left')", "Left", show=False, group=MOVE_GROUP, tooltip=MOVE_TIP),
    Binding("right,l", "move('right')", "Right", show=False, group=MOVE_GROUP, tooltip=MOVE_TIP),
    Binding("up,k", "move('up')", "Up", show=False, group=MOVE_GROUP, tooltip=MOVE_TIP),
    Binding("down,j", "move('down')", "Down", show=False, group=MOVE_GROUP, tooltip=MOVE_TIP),
    Binding(
        "escape",
        "cancel",
        "Cancel / leave",
        show=False,
        tooltip="Forget a half-typed label, put back the picked tile and the hint; with "
        "none of these, back to the menu",
    ),
    Binding(
        "q",
        "leave",
        "Menu",
        tooltip="Back to the menu; the game is saved to resume (if it cannot be, asks first)",
    ),
]

PAUSED_ACTIONS = frozenset({"resume", "leave"})
"""The screen's actions that act while the player has paused: p and q (with the app's S, ? and
ctrl+q). The others (a restart, a new deal, the label letters, esc) wait for the board to be
shown again: the Footer leaves them out, the help lists them dimmed, and pressed they say so."""
BOARD_ACTIONS = frozenset(
    {
        "choose",
        "cycle_free",
        "cycle_playable",
        "face_key",
        "take_pair",
        "match",
        "hint",
        "undo",
        "redo",
        "toggle_free",
        "move",
        "pause",
        "resume",
    }
)
"""Actions that act only while tiles are left: a won game's Footer leaves them out (there is
room for `c` then), the help lists them dimmed, and pressed they say the deal is cleared
(`WON_NOTE`). Among them the label letters: `s` starts a label ("se"), so a won board's `s`
says so too, rather than switching symbols as the rest of the app's `s` does."""
# Each key stays on one row with the word after it: at 82 columns "R" ended a row.
WON_NOTE = (
    f"This deal is cleared: {{challenge}}{unbroken('N deals')} a new one,"
    f" {unbroken('R plays')} it again, {unbroken('q goes')} back to the menu."
)
"""What a key of the tiles (`BOARD_ACTIONS`) says on a cleared board; `{challenge}` names c
(`WON_CHALLENGE`) when the win gives a challenge code."""
WON_CHALLENGE = f"{unbroken('c challenges')} a friend, "
WAIT_FOR_THE_BOARD = (
    frozenset(
        action_name(binding.action)
        for binding in MAHJONG_KEYS
        if isinstance(binding, Binding) and "." not in binding.action
    )
    - PAUSED_ACTIONS
)
"""The game's own actions that wait for the board while paused: all but `PAUSED_ACTIONS` (the
app's keys, S among them, act on every screen)."""
