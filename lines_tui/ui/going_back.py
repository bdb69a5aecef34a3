"""Where leaving a game goes, and the keys that say so. A game goes back to the screen under it:
the menu, where it was started from (the menu itself, today's deals, the layout picker, the
command line), or the leaderboard a challenge was raced from (its Import, from the menu or from
the leaderboard: the merged table shows, and the game opens over it; README, "Leaderboards").
Its `q` and `esc`, the game-over dialog and the messages that name them say which."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual.app import App
from textual.binding import ActiveBinding, Binding
from textual.screen import Screen

from lines_tui.ui.footer import restated
from lines_tui.ui.scores import LeaderboardScreen
from lines_tui.ui.size_guard import TooSmallScreen, uncovered

MENU = "the menu"
LEADERBOARD = "the leaderboard"
LEAVING_ACTIONS = frozenset({"leave", "cancel", "choose('menu')"})
"""The actions of the keys that leave a game (q, esc with nothing to cancel, the game-over
dialog's q), whose sentences name where they go."""


def under(screen: Screen[Any]) -> str:
    """Where closing `screen` goes: `LEADERBOARD` when the screen under it is a leaderboard
    (under the enlarge message too: a challenge accepted at 79 columns), else `MENU`."""
    return MENU if leaderboard_under(screen) is None else LEADERBOARD


def leaderboard_under(screen: Screen[Any]) -> LeaderboardScreen | None:
    """The leaderboard right under `screen` (under the enlarge message too), if one is."""
    stack = screen.app.screen_stack
    below = stack[: stack.index(screen)] if screen in stack else []
    below = [shown for shown in below if not isinstance(shown, TooSmallScreen)]
    return below[-1] if below and isinstance(below[-1], LeaderboardScreen) else None


def over_the_top(app: App[Any]) -> str:
    """Where a screen opened now over the one on top goes back to, as `under` says once it is
    open (a question asked before the game, whose esc goes back there)."""
    return LEADERBOARD if isinstance(uncovered(app), LeaderboardScreen) else MENU


def said_for(text: str, where: str) -> str:
    """`text`, written for a game over the menu ("back to the menu"), naming `where` instead."""
    return text.replace(MENU, where)


def going_back(bindings: dict[str, ActiveBinding], where: str) -> dict[str, ActiveBinding]:
    """A game's active `bindings`, saying where its leaving keys go: over a leaderboard, `q`
    is "Back" in the Footer (as a replay's is there: as wide as "Menu", so the Footer's width is
    unchanged) and their sentences in the help name the leaderboard."""
    if where == MENU:
        return bindings

    def change(binding: Binding) -> Binding:
        if binding.action not in LEAVING_ACTIONS:
            return binding
        description = "Back" if binding.description == "Menu" else binding.description
        tooltip = said_for(binding.tooltip, where)
        return replace(binding, description=description, tooltip=tooltip)

    return restated(bindings, change)
