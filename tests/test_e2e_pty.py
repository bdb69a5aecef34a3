"""End to end: `lines-tui` in a real pseudo-terminal at 80 x 24, driven by keys, its output
rendered by the pyte terminal emulator, the screen text checked as a player would read it."""

from __future__ import annotations

import fcntl
import os
import select
import shutil
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


class Terminal:
    """A pty of WIDTH x HEIGHT running one process, with a pyte screen of what it wrote."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
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
        )
        os.close(slave)
        self.screen = pyte.Screen(WIDTH, HEIGHT)
        self.stream = pyte.ByteStream(self.screen)
        self.output = bytearray()

    def read(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([self.master], [], [], left)
            if not ready:
                return
            try:
                data = os.read(self.master, 65536)
            except OSError:  # the process has gone and closed its side
                return
            if not data:
                return
            self.output += data
            self.stream.feed(data)

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

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(5)
        os.close(self.master)


def test_menu_game_and_clean_exit_in_a_real_terminal(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TEXTUAL", "COLORTERM")}
    env.update(
        TERM="xterm-256color", LINES_TUI_HOME=str(tmp_path), COLUMNS=str(WIDTH), LINES=str(HEIGHT)
    )
    terminal = Terminal(lines_tui_command(), env)
    try:
        terminal.wait_for(lambda s: "Mahjong solitaire" in s and "guest" in s, "the menu")
        terminal.send("l")
        terminal.wait_for(
            lambda s: "Score" in s and "Next" in s and "Lines 9 x 9" in s, "a Lines game"
        )
        terminal.send("\x1b[B")  # down arrow
        terminal.send("?")
        terminal.wait_for(lambda s: "Keys: Lines" in s, "the help screen")
        terminal.send("\x1b")
        terminal.wait_for(lambda s: "Keys: Lines" not in s and "Score" in s, "the game again")
        terminal.send("q")
        terminal.wait_for(lambda s: "Mahjong solitaire" in s, "the menu again")
        terminal.send("\x11")  # ctrl+q
        deadline = time.monotonic() + TIMEOUT
        while terminal.process.poll() is None and time.monotonic() < deadline:
            terminal.read(0.1)
        terminal.read(0.2)
        assert terminal.process.poll() == 0, terminal.output[-2000:]
        assert b"Traceback" not in terminal.output
        # Mouse reporting stays off: the app never asked the terminal for mouse events.
        assert b"\x1b[?1003h" not in terminal.output and b"\x1b[?1000h" not in terminal.output
    finally:
        terminal.close()
