"""The store's warnings and the menu's read problems told as notices: each once, the damaged files
set aside at one moment together, in words that say what setting a file aside means."""

from __future__ import annotations

from typing import Any

from textual.app import App, ScreenStackError

from lines_tui.outside_text import printable
from lines_tui.store import SetAside, Store
from lines_tui.ui.status_line import status_line_on_top

NOTICE_WIDTH = 36
"""The text width of a notice at 80 columns (Textual's toasts take half the width)."""
SET_ASIDE_MEANS = {
    "scores.json": "no players or scores",
    "saved-lines.json": "no Lines game to resume",
    "saved-mahjong.json": "no Mahjong game to resume",
    "settings.json": "settings back to their defaults",
}
"""What a data file set aside means for the player, told where no game started afresh over it (a
notice on the menu, a leaderboard): nothing started there."""


def set_aside_means(files: list[SetAside]) -> str:
    """What the files set aside mean for the player, each once ("started afresh" for a file this
    does not know)."""
    means = dict.fromkeys(SET_ASIDE_MEANS.get(file.name, "started afresh") for file in files)
    return "; ".join(means)


def set_aside_notice(files: list[SetAside], *, in_a_row: bool) -> tuple[str, str]:
    """The title and text of the notice telling damaged files set aside: a line for each file,
    its name and what was wrong (the store's warnings, with the whole path of the copy kept and
    the whole reason, are for the command line), and what that means (`set_aside_means`).
    `in_a_row`: for a game's status line, all in one: a game started afresh there."""
    if len(files) == 1 and in_a_row:
        # A game's status line can be one row of 60-odd columns (at the game's least size, or
        # beside a board that scrolls): the reason and the copy's name would cut off where the
        # file is.
        return "", f"{files[0].name} was damaged: kept aside; started afresh."
    if len(files) == 1:
        (file,) = files
        # The copy's whole name is longer than a notice is wide and would wrap mid-name: its
        # ending, the part that tells it from the file, fits.
        ending = file.aside.removeprefix(file.name)
        told = (
            f"{file.name}: {short_reason(file.reason)}; {set_aside_means(files)}. The file is "
            f"kept untouched beside it, its name ending in {ending}."
        )
        return "Damaged file set aside", told
    # Up to three rows each: where a file is to be mended ("at line 8, column 38") ends the
    # line, cut at one row; a reason that quotes outside text (a name of any length) is cut.
    lines = [
        printable(f"{file.name}: {short_reason(file.reason)}", 3 * NOTICE_WIDTH) for file in files
    ]
    kept = "Each is kept untouched beside it as NAME.corrupt-TIME"
    if in_a_row:
        names = ", ".join(file.name for file in files)
        return "", f"Damaged files set aside: {names}. {kept}; started afresh."
    means = set_aside_means(files)
    return "Damaged files set aside", "\n".join([*lines, f"{kept}; {means}."])


def short_reason(reason: str) -> str:
    """What was wrong with a damaged file, without the details in brackets at its end ("not
    valid JSON (Expecting value: line 1 column 1 (char 0))": "not valid JSON"). Brackets inside
    the sentence stay: cutting there would leave it hanging."""
    if not reason.endswith(")"):
        return reason
    depth = 0
    for at in range(len(reason) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(reason[at], 0)
        if depth == 0:
            return reason[:at].rstrip() or reason
    return reason


class StoreNotices:
    """Tells `store`'s warnings through `app`'s notices: those found at start with the menu's
    first read (so that they come together), then each one a later read or write finds, once."""

    def __init__(self, app: App[Any], store: Store) -> None:
        self._app = app
        self._store = store
        self._warnings_told = 0
        self._telling = False
        """False until the menu's first read has ended: what the start found is told at once."""
        self._problems_told: frozenset[str] = frozenset()

    def after_store_call(self) -> None:
        """A store call ended, or a screen released the notices it held: tell what is new."""
        if self._telling:
            self.tell_warnings()

    def tell_warnings(self) -> None:
        """Tell the warnings not told yet. The damaged files set aside at the same time share
        one notice, a line each."""
        self._telling = True
        if self._notices_held():
            return  # told once the screen after it is on top (NoticesReleased)
        store = self._store
        new = store.warnings[self._warnings_told :]
        self._warnings_told += len(new)
        set_aside = [store.set_aside[warning] for warning in new if warning in store.set_aside]
        if set_aside:
            line = status_line_on_top(self._app)
            in_a_row = line is not None and line.OF_A_GAME
            title, told = set_aside_notice(set_aside, in_a_row=in_a_row)
            if line is not None and line.lead:
                # What an import just merged: the file set aside meanwhile is told after it,
                # not in its place (any other notice the line holds is replaced, as always).
                told = f"{line.lead}\n{told}"
            self._app.notify(told, title=title, severity="warning", timeout=12)
        for warning in new:
            if warning not in store.set_aside:
                self._app.notify(warning, title="Data file", severity="warning", timeout=12)

    def tell_problems(self, problems: tuple[str, ...]) -> None:
        """What the menu's read could not read, each told once while it lasts: coming back to
        the menu (after Import, the leaderboards) reads again, and finds the same problem."""
        self.tell_warnings()
        for problem in problems:
            if problem not in self._problems_told:
                self._app.notify(problem, severity="error")
        self._problems_told = frozenset(problems)

    def _notices_held(self) -> bool:
        """Whether the screen on top holds notices back (`HOLDS_NOTICES`); none does while the
        app has no screen (a store call that ends as it exits)."""
        try:
            return bool(getattr(self._app.screen, "HOLDS_NOTICES", False))
        except ScreenStackError:
            return False
