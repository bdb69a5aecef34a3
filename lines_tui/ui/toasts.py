"""Toasts said again while they still show."""

from __future__ import annotations

import time
from collections.abc import Hashable


class ShownToasts:
    """Which toasts are on screen and until when. A key held down (a refusal pressed again and
    again) would otherwise stack the same toast five deep over the screen's text."""

    def __init__(self) -> None:
        self._until: dict[Hashable, float] = {}

    def showing(self, toast: Hashable, timeout: float) -> bool:
        """Whether `toast` is still on screen; if not, it is from now for `timeout` seconds."""
        now = time.monotonic()
        if self._until.get(toast, now) > now:
            return True
        self._until = {shown: until for shown, until in self._until.items() if until > now}
        self._until[toast] = now + timeout
        return False

    def forget(self) -> None:
        """The toasts were cleared off the screen."""
        self._until.clear()
