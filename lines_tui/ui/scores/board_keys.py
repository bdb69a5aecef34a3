"""The leaderboard's keys: their actions, Footer labels and the help's tooltips."""

from __future__ import annotations

from textual.binding import Binding, BindingType

TABLES = Binding.Group("Table", compact=True)

BOARD_KEYS: list[BindingType] = [
    Binding("escape,q", "dismiss(None)", "Back", tooltip="Back to where you came from"),
    Binding(
        "left,h,comma",
        "switch(-1)",
        "Prev",
        key_display="←",
        group=TABLES,
        tooltip="The previous table (also h and the comma)",
    ),
    Binding(
        "right,l,full_stop",
        "switch(1)",
        "Next",
        key_display="→",
        group=TABLES,
        tooltip="The next table (also l and the full stop)",
    ),
    Binding(
        "c",
        "copy_code",
        "Copy",
        tooltip="Send the shown table's share code to the clipboard",
    ),
    Binding(
        "v",
        "view_code",
        "Code",
        tooltip="The shown code whole, in a view that scrolls, when the screen cuts it",
    ),
    Binding("i", "import_code", "Import", tooltip="Import a friend's share code"),
    Binding("w", "watch", "Watch", tooltip="Watch the game of the entry under the cursor"),
    Binding(
        "x",
        "challenge",
        "Challenge",
        tooltip="A challenge code of the entry under the cursor, to send a friend",
    ),
    Binding(
        "d,delete",
        "remove",
        "Remove",
        tooltip="Remove the entry under the cursor from this table (asks first)",
    ),
]
