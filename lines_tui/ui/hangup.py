"""A terminal that went away without a SIGHUP: a pseudo-terminal whose other end closed while it
was not the app's controlling terminal (a program started in a session of its own, a harness
that drives it). Reading it then answers at once with nothing, for ever, and Textual's input
thread read it at full speed: the app stayed behind using a whole core. The app looks once a
second and ends as SIGTERM ends it (README, "Saving and resuming")."""

from __future__ import annotations

import errno
import signal
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from textual.drivers.linux_driver import LinuxDriver

CHECK_SECONDS = 1.0
HUNG_UP = 128 + signal.SIGHUP
"""The exit code of an app whose terminal went away, as the shell reports one ended by SIGHUP."""


def terminal_gone(stream: TextIO | None) -> bool:
    """Whether the terminal of `stream` has hung up (its settings can no longer be read: EIO).
    False where there is no terminal to ask (Windows, a stream that is not one)."""
    try:
        import termios
    except ImportError:
        return False
    if stream is None:
        return False
    try:
        termios.tcgetattr(stream.fileno())
    except termios.error as error:
        return bool(error.args) and error.args[0] == errno.EIO
    except (OSError, ValueError):
        return False
    return False


def ending_at_hangup(
    driver: type[LinuxDriver], on_hangup: Callable[[], object]
) -> type[LinuxDriver]:
    """`driver` whose input thread, when reading the terminal fails with EIO, calls `on_hangup`
    on the app's thread and stops reading. A terminal whose other end closes mostly reads as
    nothing (the once-a-second check above ends the app), but a read under way as it closes may
    fail with EIO instead, and Textual took that for a crash: exit code 1 and a traceback for
    nobody, never 129 (tests/test_e2e_pty.py)."""

    class EndingAtHangup(driver):  # type: ignore[valid-type,misc]
        def run_input_thread(self) -> None:
            try:
                super().run_input_thread()
            except OSError as error:
                if error.errno != errno.EIO:
                    raise
                self._app.call_later(on_hangup)

    return EndingAtHangup
