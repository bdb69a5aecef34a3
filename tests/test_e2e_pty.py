"""End to end: `lines-tui` in a real pseudo-terminal at 80 x 24, driven by keys, its output
rendered by the pyte terminal emulator, the screen text checked as a player would read it."""

from __future__ import annotations

from pathlib import Path

from tools.pty_terminal import Terminal, app_environment, lines_tui_command


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


def test_sixteen_colours_and_no_color_keep_every_ball_readable(tmp_path: Path) -> None:
    env = app_environment(tmp_path, term="xterm")
    env["NO_COLOR"] = "1"
    terminal = Terminal([*lines_tui_command(), "lines", "--seed", "1"], env)
    try:
        terminal.wait_for(lambda s: "Next" in s and "Score" in s, "a Lines game")
        terminal.read(1.0, quiet=0.3)
        screen = terminal.text()
        board = "\n".join(line[:49] for line in screen.splitlines())  # the board's 49 columns
        # Symbols mode is on by itself: balls carry their colour's letter, empty cells a dot.
        assert sum(board.count(letter) for letter in "RBGCVY") >= 5, screen
        assert " · " in board, screen
        assert "R red 5" in screen, screen
        # Only the 16 basic colours reach a TERM=xterm terminal, never 256-colour or RGB codes.
        assert b"38;5;" not in terminal.output and b"38;2;" not in terminal.output
        terminal.send("\x11")
        assert terminal.wait_for_exit() == 0
        assert b"Traceback" not in terminal.output
    finally:
        terminal.close()


def test_a_paste_with_escape_sequences_presses_no_key_and_keeps_its_code(tmp_path: Path) -> None:
    from lines_tui.store import Entry, TableId, codes
    from lines_tui.store.tables import FIRST_DATE
    from lines_tui.ui.paste_input import PASTE_END, PASTE_START

    code = codes.encode(TableId.lines(9), [Entry("Ann", 1234, FIRST_DATE + 100, 7)])
    terminal = Terminal(lines_tui_command(), app_environment(tmp_path))
    try:
        terminal.wait_for(lambda s: "Mahjong solitaire" in s, "the menu")
        # Textual alone would read this paste as the keys ^ and l: a new game of Lines.
        terminal.send(PASTE_START + "\x1bl" + PASTE_END)
        terminal.read(1.0, quiet=0.3)
        assert "Mahjong solitaire" in terminal.text() and "Score" not in terminal.text()
        terminal.send("i")
        terminal.wait_for(lambda s: "Paste a share code" in s, "the import screen")
        terminal.send(PASTE_START + f"see \x1b[1m{code}\x1b[0m, ok" + PASTE_END)
        terminal.wait_for(lambda s: "Ann     1234" in s, "the code's entry previewed")
        assert "^[" not in terminal.text()
        terminal.send("\x11")
        assert terminal.wait_for_exit() == 0
        assert b"Traceback" not in terminal.output
    finally:
        terminal.close()
