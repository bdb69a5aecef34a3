"""A real pseudo-terminal for end-to-end tests and the UI benchmark: runs one process in a pty of
a given size and keeps a pyte screen of everything it wrote."""

from __future__ import annotations

import fcntl
import os
import select
import shutil
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pyte

WIDTH, HEIGHT = 80, 24
TIMEOUT = 15.0


def lines_tui_command() -> list[str]:
    script = Path(sys.executable).with_name("lines-tui")
    if script.exists():
        return [str(script)]
    found = shutil.which("lines-tui")
    return [found] if found else [sys.executable, "-m", "lines_tui"]


def app_environment(data_dir: Path, term: str = "xterm-256color") -> dict[str, str]:
    """The environment of a player's terminal: no NO_COLOR or Textual dev settings leaking in."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TEXTUAL", "COLORTERM")}
    env.update(TERM=term, LINES_TUI_HOME=str(data_dir), COLUMNS=str(WIDTH), LINES=str(HEIGHT))
    return env


def _as_a_login(controlling: bool) -> None:
    """In the child, after its new session began: ctrl+c as in a player's shell, and the pty
    made the controlling terminal if asked."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    if controlling:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """A pty of WIDTH x HEIGHT running one process, with a pyte screen of what it wrote."""

    def __init__(
        self, command: list[str], env: dict[str, str], *, controlling: bool = False
    ) -> None:
        """`controlling`: the pty is the process's controlling terminal, as a login's is, so
        closing `master` hangs it up as a dropped SSH connection does (SIGHUP from the kernel,
        then writes fail with EIO)."""
        self.started = time.monotonic()
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", HEIGHT, WIDTH, 0, 0))
        self.process = subprocess.Popen(
            command,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            close_fds=True,
            # As in a player's shell: a suite started in the background (`pytest &`) has ctrl+c
            # ignored, and so would the program, so a test of ctrl+c waited for ever.
            preexec_fn=lambda: _as_a_login(controlling),
        )
        os.close(slave)
        self.screen = pyte.Screen(WIDTH, HEIGHT)
        self.stream = pyte.ByteStream(self.screen)
        self.output = bytearray()
        self.last_byte_at = self.started

    def read(self, seconds: float, *, quiet: float | None = None) -> int:
        """Read for up to `seconds`, or until nothing came for `quiet` seconds; returns the
        number of bytes read. `last_byte_at` is the monotonic time of the last byte."""
        count = 0
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            wait = left if quiet is None else min(left, quiet)
            ready, _, _ = select.select([self.master], [], [], wait)
            if not ready:
                if quiet is not None:
                    return count
                continue
            try:
                data = os.read(self.master, 65536)
            except OSError:  # the process has gone and closed its side
                return count
            if not data:
                return count
            self.last_byte_at = time.monotonic()
            count += len(data)
            self.output += data
            self.stream.feed(data)
        return count

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, condition: Callable[[str], bool], what: str) -> None:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            self.read(0.1)
            if condition(self.text()):
                return
        raise AssertionError(f"timed out waiting for {what}; the screen shows:\n{self.text()}")

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def wait_for_exit(self, seconds: float = TIMEOUT) -> int | None:
        deadline = time.monotonic() + seconds
        while self.process.poll() is None and time.monotonic() < deadline:
            self.read(0.1)
        self.read(0.2)
        return self.process.poll()

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(5)
        os.close(self.master)
