"""End to end: `lines-tui` in a real pseudo-terminal at 80 x 24, driven by keys, its output
rendered by the pyte terminal emulator, the screen text checked as a player would read it."""

from __future__ import annotations

from pathlib import Path

from pty_terminal import Terminal, app_environment, lines_tui_command


def test_menu_game_and_clean_exit_in_a_real_terminal(tmp_path: Path) -> None:
    terminal = Terminal(lines_tui_command(), app_environment(tmp_path))
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
        assert terminal.wait_for_exit() == 0, terminal.output[-2000:]
        assert b"Traceback" not in terminal.output
        # Mouse reporting stays off: the app never asked the terminal for mouse events.
        assert b"\x1b[?1003h" not in terminal.output and b"\x1b[?1000h" not in terminal.output
    finally:
        terminal.close()
