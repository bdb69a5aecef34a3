"""A turn played out on the Lines board frame by frame, after the engine has played it."""

from __future__ import annotations

from collections.abc import Callable

from textual.message_pump import MessagePump
from textual.timer import Timer

from lines_tui.ui.lines.turn import Frame


class TurnFilm:
    """Shows frames one after another on a timer of `owner`; `ended` runs once the last one
    has had its time, or at once when the film is skipped (the game is at the end already)."""

    def __init__(
        self, owner: MessagePump, show: Callable[[Frame], None], ended: Callable[[], None]
    ) -> None:
        self._owner = owner
        self._show = show
        self._ended = ended
        self._frames: list[Frame] = []
        self._timer: Timer | None = None

    @property
    def running(self) -> bool:
        return self._timer is not None

    def play(self, frames: list[Frame], *, animated: bool) -> None:
        """Show `frames` (not animated: only the end)."""
        self._frames = list(frames)
        if not animated or not self._frames:
            self.finish()
            return
        self._next_frame()

    def finish(self) -> None:
        """Skip to the end (a key press does)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._frames = []
        self._ended()

    def _next_frame(self) -> None:
        self._timer = None
        if not self._frames:
            self.finish()
            return
        frame = self._frames.pop(0)
        self._show(frame)
        self._timer = self._owner.set_timer(frame.seconds, self._next_frame)
