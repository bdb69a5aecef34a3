"""A terminal that went away without a SIGHUP: a pseudo-terminal whose other end closed while it
was not the app's controlling terminal (a program started in a session of its own, a harness
that drives it). Reading it then answers at once with nothing, for ever, and Textual's input
thread read it at full speed: the app stayed behind using a whole core. The app looks once a
second and ends as SIGTERM ends it (README, "Saving and resuming")."""

from __future__ import annotations

import errno
import signal
from typing import TextIO

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
