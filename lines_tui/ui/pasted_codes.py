"""Where a share code pasted on a screen that does not read codes goes: Import, which it says
(a code pasted into a game, on a leaderboard or on Today's deals was dropped without a word:
player reviews). The menu opens Import with the paste itself (`MenuScreen.on_paste`)."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

IN_A_GAME = (
    "A share code is pasted in Import (i on the menu or a leaderboard); this game took none."
)
ON_TODAYS_DEALS = "A share code is pasted in Import (i on the menu); this list took none."


def tell_where_codes_go(screen: Screen[Any], pasted: str, where: str) -> None:
    """Say `where` codes go if `pasted` holds one; other pasted text says nothing."""
    from lines_tui.store.paste import find_codes

    if find_codes(pasted):
        screen.notify(where, severity="warning")
