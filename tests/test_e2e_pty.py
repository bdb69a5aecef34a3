"""End to end: `lines-tui` in a real pseudo-terminal at 80 x 24, driven by keys, its output
rendered by the pyte terminal emulator, the screen text checked as a player would read it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from pyte.screens import Char
from tools.pty_terminal import Terminal, app_environment, lines_tui_command

from lines_tui.ui.typed_ahead import QUESTION_GUARD


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


def test_bytes_that_are_not_utf8_are_stray_characters_not_a_crash(tmp_path: Path) -> None:
    """é typed in a terminal set to Latin-1 (the byte 0xe9), and a paste holding a raw C1
    byte (0x9b), ended the app with a UnicodeDecodeError's traceback (a hostile player's
    test): each is a character bound to nothing, and the app plays on."""
    from lines_tui.ui.paste_input import PASTE_END, PASTE_START

    terminal = Terminal(lines_tui_command(), app_environment(tmp_path))
    try:
        terminal.wait_for(lambda s: "Mahjong solitaire" in s, "the menu")
        os.write(terminal.master, b"\xe9")
        terminal.send("i")
        terminal.wait_for(lambda s: "Paste a share code" in s, "the import screen")
        os.write(terminal.master, f"{PASTE_START}a \x9b31m b{PASTE_END}".encode("latin-1"))
        terminal.read(0.5, quiet=0.3)
        terminal.send("\x1b")
        terminal.wait_for(lambda s: "Mahjong solitaire" in s, "the menu again")
        terminal.send("l")
        terminal.wait_for(lambda s: "Score" in s and "Next" in s, "a Lines game")
        terminal.send("\x11")
        assert terminal.wait_for_exit() == 0, terminal.output[-2000:]
        assert b"Traceback" not in terminal.output
    finally:
        terminal.close()


LEAVE_ALT_SCREEN = b"\x1b[?1049l"
SHOW_CURSOR = b"\x1b[?25h"


def ends_on_sigterm_with_the_terminal_given_back(
    terminal: Terminal, number: signal.Signals = signal.SIGTERM
) -> None:
    """SIGTERM (or SIGHUP) ends the app with exit code 128 + the signal's number, out of its
    screen and with the cursor shown."""
    shown = len(terminal.output)
    terminal.process.send_signal(number)
    assert terminal.wait_for_exit() == 128 + number, terminal.output[-2000:]
    after = bytes(terminal.output[shown:])
    assert LEAVE_ALT_SCREEN in after and SHOW_CURSOR in after, after
    assert b"Traceback" not in terminal.output


def test_sigterm_ends_the_menu_as_ctrl_q_and_gives_the_terminal_back(tmp_path: Path) -> None:
    terminal = Terminal(lines_tui_command(), app_environment(tmp_path))
    try:
        terminal.wait_for(lambda s: "Mahjong solitaire" in s, "the menu")
        ends_on_sigterm_with_the_terminal_given_back(terminal)
    finally:
        terminal.close()


def test_sigterm_in_a_game_keeps_the_game_and_gives_the_terminal_back(tmp_path: Path) -> None:
    terminal = Terminal([*lines_tui_command(), "mahjong", "--seed", "3"], app_environment(tmp_path))
    try:
        terminal.wait_for(lambda s: "Turtle" in s and "tiles   144" in s, "a Mahjong game")
        terminal.send("\tt")  # a pair's first tile, taken
        terminal.wait_for(lambda s: "picked" in s, "the first tile picked")
        terminal.send("\tt")
        terminal.wait_for(lambda s: "tiles   142" in s, "the pair taken")
        saved = tmp_path / "saved-mahjong.json"
        terminal.read(0.5)
        after_the_move = json.loads(saved.read_text())["game"]["clock"]["played"]
        terminal.read(1.5)
        ends_on_sigterm_with_the_terminal_given_back(terminal)
        # The game was kept as on ctrl+q: its move, and its clock up to the end.
        game = json.loads(saved.read_text())["game"]
        assert len(game["history"]) == 1
        assert game["clock"]["played"] >= after_the_move + 1.5
    finally:
        terminal.close()


def the_terminal_still_there_given_back(terminal: Terminal) -> None:
    ends_on_sigterm_with_the_terminal_given_back(terminal, signal.SIGHUP)


def the_terminal_gone_first(terminal: Terminal) -> None:
    """A dropped SSH connection: the terminal is gone first, then SIGHUP comes. The app ends
    at once (not a second later, as for a terminal gone without a SIGHUP)."""
    os.close(terminal.master)
    terminal.master = os.open(os.devnull, os.O_RDWR)  # for close() to close
    terminal.process.send_signal(signal.SIGHUP)
    assert terminal.process.wait(30) == 128 + signal.SIGHUP


@pytest.mark.parametrize("hang_up", [the_terminal_still_there_given_back, the_terminal_gone_first])
def test_sighup_keeps_the_game_with_its_clock(
    tmp_path: Path, hang_up: Callable[[Terminal], None]
) -> None:
    """SIGHUP (a dropped SSH connection, a closed tmux window, `kill -HUP`) ends the app as
    SIGTERM does: Python's default ended it at once, the clock since the last move lost and a
    terminal still there left in the app's screen with no cursor."""
    terminal = Terminal([*lines_tui_command(), "mahjong", "--seed", "3"], app_environment(tmp_path))
    try:
        after_the_move = took_a_pair(terminal, tmp_path)
        terminal.read(1.5)
        hang_up(terminal)
        game = json.loads((tmp_path / "saved-mahjong.json").read_text())["game"]
        assert len(game["history"]) == 1
        assert game["clock"]["played"] >= after_the_move + 1.5
    finally:
        terminal.close()


def test_a_dropped_connection_ends_the_app_with_129_and_keeps_the_game(tmp_path: Path) -> None:
    """The pty is the app's controlling terminal, as over SSH: closing it sends SIGHUP and
    fails every write. Python's last flush of what was left for the terminal failed, and the
    app exited with 120, not 129."""
    command = [*lines_tui_command(), "mahjong", "--seed", "3"]
    terminal = Terminal(command, app_environment(tmp_path), controlling=True)
    try:
        after_the_move = took_a_pair(terminal, tmp_path)
        terminal.read(1.5)
        os.close(terminal.master)
        terminal.master = os.open(os.devnull, os.O_RDWR)  # for close() to close
        assert terminal.process.wait(30) == 128 + signal.SIGHUP
        game = json.loads((tmp_path / "saved-mahjong.json").read_text())["game"]
        assert game["clock"]["played"] >= after_the_move + 1.5
    finally:
        terminal.close()


HUNG_UP_RUN = """
import fcntl, json, os, signal, sys, termios
os.setsid()
master, slave = os.openpty()
fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
for fd in (0, 1, 2):
    os.dup2(slave, fd)
signal.signal(signal.SIGHUP, signal.SIG_IGN)  # as the app's handler does: it ends the app
os.close(master)  # the connection dropped: every write to the terminal fails now
from lines_tui.commands.start import run

class EndedByTheHangUp:
    return_code = 129

    def run(self):
        pass

    def unfinished_writes(self):
        return None

try:
    run(EndedByTheHangUp())
except SystemExit as end:
    pointed = [os.readlink(f"/proc/self/fd/{fd}") for fd in (1, 2)]
    with open(sys.argv[1], "w") as told:
        json.dump({"code": end.code, "pointed": pointed}, told)
"""


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="reads /proc")
def test_after_a_hang_up_what_is_left_for_the_terminal_goes_nowhere(tmp_path: Path) -> None:
    """Over SSH, a dropped connection ended the app with 120, not 129: Textual's writer thread
    failed on the hung-up terminal, its traceback stayed buffered for standard error, and
    Python's last flush failed too. Once the app has run on a terminal gone, standard output
    and error point at the null device, so nothing is left to fail."""
    told = tmp_path / "told.json"
    subprocess.run([sys.executable, "-c", HUNG_UP_RUN, str(told)], timeout=60, check=False)
    assert json.loads(told.read_text()) == {"code": 129, "pointed": [os.devnull, os.devnull]}


def test_sighup_ignored_as_by_nohup_stays_ignored(tmp_path: Path) -> None:
    """`nohup lines-tui`: the app's own SIGHUP handler would have replaced the ignored one."""
    ignoring = "import signal\nsignal.signal(signal.SIGHUP, signal.SIG_IGN)\n"
    terminal = Terminal(lines_tui_after(ignoring), app_environment(tmp_path))
    try:
        terminal.wait_for(lambda s: "Mahjong solitaire" in s, "the menu")
        terminal.process.send_signal(signal.SIGHUP)
        terminal.read(1.5)
        assert terminal.process.poll() is None
        terminal.send("\x11")
        assert terminal.wait_for_exit() == 0
    finally:
        terminal.close()


def lines_tui_after(prelude: str) -> list[str]:
    """lines-tui with no arguments, started by a Python that runs `prelude` first."""
    main = "import sys\nfrom lines_tui.cli import main\nsys.argv[0] = 'lines-tui'\nmain()\n"
    return [sys.executable, "-c", prelude + main]


def took_a_pair(terminal: Terminal, data: Path) -> float:
    """Takes a pair in the Mahjong game `terminal` shows; the clock saved with the move."""
    terminal.wait_for(lambda s: "Turtle" in s and "tiles   144" in s, "a Mahjong game")
    terminal.send("\tt\tt")
    terminal.wait_for(lambda s: "tiles   142" in s, "a pair taken")
    terminal.read(0.5)
    played: float = json.loads((data / "saved-mahjong.json").read_text())["game"]["clock"]["played"]
    return played


def test_a_crash_shows_its_traceback_and_exits_non_zero(tmp_path: Path) -> None:
    """Textual's screen for an unhandled exception ends the app; the exit code says so."""
    crashing = (
        "from lines_tui.ui.app import LinesTuiApp\n"
        "def crash(self): raise RuntimeError('a bug')\n"
        "LinesTuiApp.action_help = crash\n"
    )
    terminal = Terminal(lines_tui_after(crashing), app_environment(tmp_path))
    try:
        terminal.wait_for(lambda s: "Mahjong solitaire" in s, "the menu")
        terminal.send("?")
        assert terminal.wait_for_exit() == 1, terminal.output[-2000:]
        assert b"a bug" in terminal.output
    finally:
        terminal.close()


def test_scores_remove_asks_on_the_terminal_and_keeps_the_entry_unless_told_yes(
    tmp_path: Path,
) -> None:
    """A result removed is lost, and a mistyped N names another one: the command says which
    entry it would remove, and every table it goes from (a random deal's result counts in its
    deal's table too), and removes it only on a yes."""
    from lines_tui.store import open_store

    store = open_store(tmp_path)
    store.add_player("Ann")
    for points, seed in ((500, 42), (300, 43)):
        store.record_lines("Ann", 9, points, seed, 1.7e9, 1.7e9 + 600)
    command = [*lines_tui_command(), "scores", "remove", "lines-9", "2"]
    question = (
        "Remove entry 2 of lines-9 (Ann, 300, deal 43), and from lines-9+deal-43 where it "
        "counts too? [y/N]"
    )
    removed = (
        "removed entry 2 of lines-9 (and from lines-9+deal-43, where it counts too): Ann, 300, "
        "deal 43"
    )
    for answer, code, told in (
        ("n\r", 1, "nothing removed"),
        ("\x04", 1, "nothing removed"),  # ctrl+d at the question
        (signal.SIGINT, 1, "nothing removed"),  # ctrl+c (the pty is no controlling terminal)
        ("y\r", 0, removed),
    ):
        terminal = Terminal(command, app_environment(tmp_path))
        try:
            terminal.wait_for(lambda s: question in " ".join(s.split()), "the question")
            # Its last character (the space after the colon) may still be on its way: a loaded
            # machine once echoed the answer first, and the space began the next line, which
            # then ran one column past the terminal's width.
            terminal.read(1.0, quiet=0.2)
            if isinstance(answer, str):
                terminal.send(answer)
            else:
                terminal.process.send_signal(answer)
            assert terminal.wait_for_exit() == code, terminal.text()
            shown = " ".join(terminal.text().split())
            assert shown.endswith(f" {told}"), shown
            if code:  # on a line of its own, also after ctrl+c or ctrl+d, which end none
                assert terminal.text().rstrip().splitlines()[-1] == told
        finally:
            terminal.close()
        kept = [entry.value for entry in open_store(tmp_path).table("lines-9")]
        assert kept == ([500] if code == 0 else [500, 300])
        assert bool(open_store(tmp_path).table("lines-9+deal-43")) == (code != 0)


def test_scores_remove_asks_again_after_an_answer_it_cannot_read(tmp_path: Path) -> None:
    """Not click's "Error: invalid input": what to answer, and the question again."""
    from lines_tui.store import open_store

    store = open_store(tmp_path)
    store.add_player("Ann")
    store.record_lines("Ann", 9, 500, 42, 1.7e9, 1.7e9 + 600)
    command = [*lines_tui_command(), "scores", "remove", "lines-9", "1"]
    terminal = Terminal(command, app_environment(tmp_path))
    try:
        terminal.wait_for(lambda s: "[y/N]" in s, "the question")
        terminal.send("maybe\r")
        told = "lines-tui: answer y to remove it or n to keep it"
        terminal.wait_for(lambda s: told in s and s.count("[y/N]") == 2, "the question again")
        assert "invalid input" not in terminal.text()
        terminal.send("n\r")
        assert terminal.wait_for_exit() == 1, terminal.text()
        assert terminal.text().rstrip().splitlines()[-1] == "nothing removed"
    finally:
        terminal.close()
    assert [entry.value for entry in open_store(tmp_path).table("lines-9")] == [500]


def test_a_terminal_gone_without_a_sighup_ends_the_app_and_keeps_the_game(
    tmp_path: Path,
) -> None:
    """The pty here is not the app's controlling terminal, so closing it sends no SIGHUP: the
    app stayed behind, its input thread reading the closed terminal at full speed (a whole
    core, for ever). It now ends within seconds, as SIGTERM ends it, the game kept."""
    terminal = Terminal([*lines_tui_command(), "mahjong", "--seed", "3"], app_environment(tmp_path))
    try:
        took_a_pair(terminal, tmp_path)
        os.close(terminal.master)
        terminal.master = os.open(os.devnull, os.O_RDWR)  # for close() to close
        started = time.monotonic()
        code = terminal.process.wait(30)
        assert code == 128 + signal.SIGHUP, code
        assert time.monotonic() - started < 15
        game = json.loads((tmp_path / "saved-mahjong.json").read_text())["game"]
        assert len(game["history"]) == 1
    finally:
        terminal.close()


READ_FAILS_AT_HANGUP = """
import errno, os
read = os.read
def read_failing_at_hangup(fd, size):
    data = read(fd, size)
    if fd == 0 and not data:  # a read under way as the terminal closes fails so
        raise OSError(errno.EIO, os.strerror(errno.EIO))
    return data
os.read = read_failing_at_hangup
"""


def test_a_read_failing_as_the_terminal_goes_ends_the_app_as_a_hangup(tmp_path: Path) -> None:
    """A read of the terminal under way as its other end closes may fail with EIO rather than
    read nothing (1 run in 15 with the machine loaded): Textual took that for a crash, exit code
    1 and a traceback for nobody. It is a hang-up: 129, the game kept."""
    command = lines_tui_after(READ_FAILS_AT_HANGUP)
    terminal = Terminal([*command, "mahjong", "--seed", "3"], app_environment(tmp_path))
    try:
        took_a_pair(terminal, tmp_path)
        os.close(terminal.master)
        terminal.master = os.open(os.devnull, os.O_RDWR)  # for close() to close
        assert terminal.process.wait(30) == 128 + signal.SIGHUP
        game = json.loads((tmp_path / "saved-mahjong.json").read_text())["game"]
        assert len(game["history"]) == 1
    finally:
        terminal.close()


HUNG_DISK = """
import threading
import lines_tui.ui.store_thread as store_thread
from lines_tui.store.store import Store
store_thread.LAST_CALLS_WAIT = 2.0
never = threading.Event()
def save_game(self, *args, **kwargs):
    never.wait()  # the data folder does not answer, as a hung network folder
Store.save_game = save_game
"""


@pytest.mark.parametrize("ended_by", ["ctrl+q, then y", "SIGTERM"])
def test_a_save_the_disk_never_finishes_is_given_up_and_told(tmp_path: Path, ended_by: str) -> None:
    """A data folder that stops answering held the app for ever: quitting waited for the game's
    save with no way out, and the process waited for the store's thread at exit. Quitting now
    asks to lose the game once the save has waited `LAST_CALLS_WAIT` seconds; the app ends
    without it, says so once the terminal is back, and exits with 1 (SIGTERM: its own code)."""
    command = lines_tui_after(HUNG_DISK)
    terminal = Terminal([*command, "mahjong", "--seed", "3"], app_environment(tmp_path))
    try:
        terminal.wait_for(lambda s: "Turtle" in s and "tiles   144" in s, "a Mahjong game")
        terminal.send("\tt\tt")
        terminal.wait_for(lambda s: "tiles   142" in s, "a pair taken")
        if ended_by == "SIGTERM":
            terminal.process.send_signal(signal.SIGTERM)
        else:
            terminal.send("\x11")
            terminal.wait_for(
                lambda s: "(its save has not finished" in s and "Quit and lose it?" in s,
                "the question",
            )
            time.sleep(QUESTION_GUARD)  # read, as a player does: a key sooner does not answer
            terminal.send("y")
        code = terminal.wait_for_exit()
        told = " ".join(terminal.text().split())
        assert "lines-tui: the last saves did not finish within 2 s" in told
        assert code == (143 if ended_by == "SIGTERM" else 1)
    finally:
        terminal.close()


def few_colours(tmp_path: Path, colours: str) -> Terminal:
    """The app started in a terminal of 16 colours (`colours` "xterm") or with NO_COLOR."""
    env = app_environment(tmp_path, term="xterm" if colours == "xterm" else "xterm-256color")
    if colours == "no-color":
        env["NO_COLOR"] = "1"
    return Terminal(lines_tui_command(), env)


def cell_at(terminal: Terminal, words: str) -> Char:
    """The screen's cell where the text of `words` starts, on the first row showing them (spaces
    around it only narrow the search)."""
    rows = terminal.text().splitlines()
    y = next(y for y, row in enumerate(rows) if words in row)
    return terminal.screen.buffer[y][rows[y].index(words) + len(words) - len(words.lstrip())]


@pytest.mark.parametrize("colours", ["xterm", "no-color"])
def test_a_tables_highlighted_row_is_in_reverse_video_with_few_colours(
    tmp_path: Path, colours: str
) -> None:
    """The layout picker's highlighted row was bright white on cyan with 16 colours (about 2:1
    in xterm's palette) and, with NO_COLOR, the grey of the column headings (a player review):
    as the terminal gets it, it is in reverse video now, the heading and the other rows not."""
    terminal = few_colours(tmp_path, colours)
    try:
        terminal.wait_for(lambda s: "Mahjong solitaire" in s, "the menu")
        terminal.send("m")
        terminal.wait_for(lambda s: "choose a layout" in s and "Meadow" in s, "the picker")
        terminal.read(1.0, quiet=0.3)
        # The table's words, on its rows (each word also stands elsewhere, in other cases).
        assert cell_at(terminal, " Turtle ").reverse  # highlighted, the first
        assert not cell_at(terminal, " Layout ").reverse
        assert not cell_at(terminal, " Meadow ").reverse
        terminal.send("\x11")
        assert terminal.wait_for_exit() == 0
    finally:
        terminal.close()


@pytest.mark.parametrize("colours", ["xterm", "no-color"])
def test_the_menus_highlighted_option_is_dark_on_light_with_few_colours(
    tmp_path: Path, colours: str
) -> None:
    """With 16 colours the menu's highlighted option was a bold row alone, bright white on the
    terminal's black as every other option (the option list drops a reverse video there): as
    the terminal gets it, it is dark on light now, with NO_COLOR too."""
    terminal = few_colours(tmp_path, colours)
    try:
        terminal.wait_for(lambda s: "Mahjong solitaire" in s, "the menu")
        terminal.read(1.0, quiet=0.3)
        highlighted, other = (
            (cell.fg, cell.bg)
            for cell in (cell_at(terminal, "Lines 9 x 9"), cell_at(terminal, "Mahjong solitaire"))
        )
        if colours == "xterm":
            assert highlighted == ("black", "brightwhite") and other != highlighted
        else:  # greys, as "rrggbb": the text darker than its ground, the other way round below
            assert int(highlighted[0], 16) < int(highlighted[1], 16)
            assert int(other[0], 16) > int(other[1], 16)
        terminal.send("\x11")
        assert terminal.wait_for_exit() == 0
    finally:
        terminal.close()
