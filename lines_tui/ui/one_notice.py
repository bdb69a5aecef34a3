"""Screens whose notices speak of the screen itself: one at a time, gone with the screen."""

from __future__ import annotations

from textual.notifications import SeverityLevel
from textual.screen import Screen


class OneNoticeAtATime:
    """A mixin for screens whose notices say how the latest change or choice on them went (the
    leaderboards, Players): a new notice replaces those before it, which it may contradict
    ("Registered Bob; Bob plays now." stayed under "Ann plays now."), and they all go when the
    screen closes (`LinesTuiApp.pop_screen`) rather than stay over the next one. Put it before
    the Textual screen among the bases. Notices here are never markup: they quote names."""

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        assert isinstance(self, Screen)
        self.app.clear_notifications()
        Screen.notify(self, message, title=title, severity=severity, timeout=timeout, markup=False)
        self.notice_shown()

    def notice_shown(self) -> None:
        """A notice has just been shown: a screen may note what it spoke of."""
