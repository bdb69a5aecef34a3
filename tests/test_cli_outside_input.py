"""The command line against what a player types, pastes or pipes in (issue 12): every bad input is
one line on stderr with exit code 2, and nothing from outside reaches the terminal raw."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from lines_tui.cli import app
from lines_tui.engine.visible_text import REPEATED_COLUMNS
from lines_tui.store import Entry, TableId, codes, open_store
from lines_tui.store.schema import VERSION

FIXTURES = Path(__file__).parent / "fixtures" / "mahjong"
RAW = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")  # anything a terminal acts on, but newline


def run(*args: str, stdin: str | bytes | None = None) -> Result:
    return CliRunner().invoke(app, list(args), input=stdin)


def refused(result: Result, *reasons: str) -> str:
    """The one line of a refusal (exit 2, nothing on stdout), checked for `reasons`."""
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert result.stderr.startswith("lines-tui: ") and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr and not RAW.search(result.stderr)
    for reason in reasons:
        assert reason in result.stderr
    return result.stderr


def test_invalid_utf8_on_standard_input_is_one_line(home: Path) -> None:
    """Item 1: a Latin-1 paste piped into `scores import -` was a UnicodeDecodeError."""
    refused(
        run("scores", "import", "-", stdin=b"LT1-\xff"),
        "standard input is not UTF-8 text (at byte 4)",
    )
    assert not (home / "data").exists()


@pytest.mark.parametrize(
    ("command", "file_name"),
    [(["deal", "--seed", "1", "--layout"], "mine.layout"), (["solve"], "position.json")],
)
def test_invalid_bytes_in_a_file_read_are_one_line(
    home: Path, command: list[str], file_name: str
) -> None:
    path = home / file_name
    path.write_bytes(b"ab\xff\xfe")
    # "(byte 2)" read as the byte's value; the number is where the bad byte is.
    refused(run(*command, str(path)), f"{file_name}: not UTF-8 text (at byte 2)")


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["mahjong", "--seed", "-1"], "'--seed'"),
        (["mahjong", "--seed", "abc"], "'--seed'"),
        (["lines", "--size", "17"], "'--size'"),
        (["lines", "--colour"], "No such option: --colour"),
        (["scores", "show"], "Missing argument"),
        (["deal", "--layout", "turtle", "--seed", "x"], "'--seed'"),
        (["layouts", "--folder", "/nonexistent"], "/nonexistent"),
        (["mahjong", "--seed", "\x1b[2J"], "'--seed'"),
        (["players", "use", "\x1b]0;title\x07"], "\\x1b]0;title\\x07"),
        (["--data-dir", "/dev/null/\x1b[2J", "players"], "\\x1b[2J"),
    ],
)
def test_every_bad_input_is_one_line_naming_the_problem(
    home: Path, args: list[str], reason: str
) -> None:
    """Item 8: typer's four-line usage block, anywhere in the command tree, is now one line."""
    refused(run(*args), reason)


LONG = "x" * 5000
LONG_NUMBER = "9" * 5000


@pytest.mark.parametrize(
    ("table", "echoed"),
    [
        (LONG, f"no table '{'x' * 56}…'"),
        (f"lines-9+{LONG}", f"no table 'lines-9+{'x' * 48}…'"),
        (f"mahjong-{LONG}", f"not '{'x' * 56}…'"),
        (f"lines-9+daily-{LONG}", f"'{'x' * 56}…' is not a date"),
        (f"lines-9+deal-{LONG_NUMBER}", "not a deal number of 5,000 digits"),
    ],
    ids=["table", "mode", "layout", "day", "deal"],
)
def test_a_table_id_refused_is_repeated_cut_however_long(
    home: Path, table: str, echoed: str
) -> None:
    """`scores show` with 5,000 characters pasted as a table id repeated all of them in its
    refusal. It repeats what a table id's length holds (57 characters: a layout's deal of the
    day), cut with "…", as a position's face is; a deal number too long is told by its count."""
    line = refused(run("scores", "show", table), echoed)
    assert len(line) < 250


PASTED = "ab" * 3000
"""A screenful pasted where one word belongs."""


def cut(text: str) -> str:
    """`text` (ASCII) as a refusal repeats it when it is too long: its first columns, and "…"."""
    assert len(text) > REPEATED_COLUMNS
    return text[: REPEATED_COLUMNS - 1] + "…"


@pytest.mark.parametrize(
    ("args", "echoed"),
    [
        (["deal", "--seed", PASTED], f"'--seed': '{cut(PASTED)}' is not a valid whole number."),
        (["lines", "--size", PASTED], f"'--size': '{cut(PASTED)}' is not a valid whole number."),
        (["scores", "remove", "lines-9", PASTED], f"'N': '{cut(PASTED)}' is not a valid whole"),
        (
            ["solve", "--timeout", PASTED, "position.json"],
            f"'--timeout': '{cut(PASTED)}' is not a positive, finite number of seconds.",
        ),
        (["deal", "--layout", PASTED], f"unknown layout '{cut(PASTED)}': not a file"),
        (["mahjong", "--layout", PASTED], f"unknown layout '{cut(PASTED)}': not a file"),
        (
            ["layouts", "--survey", "1", "--survey-layout", PASTED],
            f"unknown layout '{cut(PASTED)}': not a file",
        ),
        (["--player", PASTED, "players"], f"no registered player is named '{cut(PASTED)}', nor"),
        (["players", "use", PASTED], f"no registered player is named '{cut(PASTED)}', nor"),
    ],
    ids=["seed", "size", "entry", "timeout", "deal", "mahjong", "survey", "player", "use"],
)
def test_outside_text_refused_is_repeated_cut_however_long(
    cwd: Path, args: list[str], echoed: str
) -> None:
    """A screenful pasted as a number, a layout or a player was repeated whole in the refusal,
    burying its one-line reason: it is repeated as every refusal repeats outside text, at most
    `REPEATED_COLUMNS` columns, cut with "…"."""
    (cwd / "position.json").write_text('{"tiles": []}')
    line = refused(run(*args), echoed)
    assert len(line) < REPEATED_COLUMNS + 200


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["deal", "--seed", "1" * 6000], "'--seed': a deal number of 6,000 digits is not in the"),
        (["deal", "--seed", "+" + "1" * 400], "a number of 400 digits with '+' before it is not"),
        (["solve", "--timeout", "9" * 400, "p.json"], "'--timeout': a number of 400 digits is"),
        (["solve", "--timeout", "-" + "9" * 400, "p.json"], "a negative number of 400 digits"),
        (["solve", "--timeout", "９" * 50, "p.json"], "a number of 50 digits is not a positive"),
        # These said "is not in the range x>=1", which a number of 41 digits is.
        (
            ["scores", "export", "lines-9", "--entry", "9" * 41],
            "'--entry': an entry number of 41 digits is larger than any there is.",
        ),
        (
            ["scores", "remove", "lines-9", "9" * 5000],
            "'N': an entry number of 5,000 digits is larger than any there is.",
        ),
        (["replay", "--entry", "-" + "9" * 41, "LT2-x"], "a negative entry number of 41 digits is"),
    ],
    ids=["seed", "seed+", "timeout", "timeout-", "timeout-wide", "entry", "remove", "entry-"],
)
def test_a_number_too_long_to_repeat_is_told_by_its_count(
    cwd: Path, args: list[str], said: str
) -> None:
    """`solve --timeout` given 400 nines said 159 of them and "…", the size unknowable, where
    `--seed` counts them: a number written in digits is repeated as `--seed` repeats it
    (`number_said`), whole up to 40 digits (`'0'`, `'-1'` as typed), else by its count."""
    (cwd / "p.json").write_text('{"tiles": []}')
    line = refused(run(*args), said)
    assert "999" not in line and "111" not in line and "９９" not in line


ROWS = "\n".join(["x" * 80] * 60)
"""A screenful of 60 rows pasted where one word belongs."""
ROWS_SPELLED = ROWS.replace("\n", "\\x0a")
TAB_ROWS_SPELLED = f"\\x09{ROWS_SPELLED}"
RETURN_SPELLED = f"x\\x0d{PASTED}"
WORDS = ["word"] * 1500
"""A screenful of words pasted unquoted: as many words of the command line."""

TOO_LONG = f"/tmp/{PASTED}"
"""A path pasted, too long for the system to look up (a file name is at most 255 bytes)."""
NO_HOME = f"~{PASTED}"
MISSING = f"/tmp/{'d' * 200}/{'f' * 100}.layout"
"""A layout file that is not there, each name short enough to look up."""
LIKE_NO_SUCH_OPTION = f"No such option: /tmp/{'d' * REPEATED_COLUMNS}"
"""A folder named as click's refusal of an option begins: the commands' own refusal, not click's."""
ORDINARY_PATH = f"/tmp/{'folder ' * 14}/and/a/position file.json"
"""A path of a missing file as long as a path dropped into a terminal can be: shown whole."""


@pytest.mark.parametrize(
    ("args", "echoed"),
    [
        (["solve", TOO_LONG], f"cannot read {cut(TOO_LONG)}: File name too long"),
        (["deal", "--layout", TOO_LONG], f"cannot read {cut(TOO_LONG)}: File name too long"),
        (["mahjong", "--layout", MISSING], f"lines-tui: {cut(MISSING)}: no such layout file"),
        (["layouts", "--folder", TOO_LONG], f"'--folder': {cut(TOO_LONG)}: File name too long"),
        (
            ["layouts", "--survey", "1", "--progress-file", TOO_LONG],
            f"cannot use {cut(TOO_LONG)} for --progress-file: File name too long",
        ),
        (["--data-dir", TOO_LONG, "players"], f"--data-dir {cut(TOO_LONG)}: File name too long"),
        (["layouts", "--folder", NO_HOME], f"'--folder': {cut(NO_HOME)} names no home folder"),
        (
            ["--data-dir", NO_HOME, "players"],
            f"lines-tui: --data-dir {cut(NO_HOME)} names no home folder here\n",
        ),
        (
            ["deal", "--layout", f"{NO_HOME}/a.layout"],
            f"lines-tui: {cut(NO_HOME)} names no home folder here\n",
        ),
        (
            ["deal", "--folder", LIKE_NO_SUCH_OPTION],
            f"'--folder': {cut(LIKE_NO_SUCH_OPTION)}: No such file or directory (see",
        ),
    ],
    ids=[
        "solve",
        "layout",
        "missing",
        "folder",
        "progress",
        "data",
        "folder~",
        "data~",
        "layout~",
        "a folder named like click's refusal",
    ],
)
def test_a_path_refused_is_repeated_cut_however_long(
    home: Path, args: list[str], echoed: str
) -> None:
    """A path pasted (or its `~user`) was repeated whole in its refusal: cut as every refusal
    cuts outside text, at `REPEATED_COLUMNS`, the most a path typed or dropped in takes. A `~user`
    cut is said once, not as the path and again in the reason (two rows each)."""
    line = refused(run(*args), echoed)
    assert len(line) < REPEATED_COLUMNS + 120  # the text cut once: twice is over 320


DEEP = "a-long-folder-name/" * 12
"""Folders a real file or folder may well sit in, deeper than a refusal cuts pasted text."""


def test_a_real_file_or_folder_a_refusal_is_about_is_named_whole(home: Path) -> None:
    """A file given as `--folder`, a FIFO as `--progress-file`: real places, named whole however
    deep (cut at `REPEATED_COLUMNS` as pasted text is, they lost their own name at the end)."""
    deep = home / DEEP
    deep.mkdir(parents=True)
    (deep / "notes").write_text("mine")
    os.mkfifo(deep / "fifo")
    assert len(str(deep)) > REPEATED_COLUMNS
    line = refused(run("layouts", "--folder", str(deep / "notes")))
    assert f"'--folder': {deep}/notes is not a folder (see" in line
    survey = ["layouts", "--survey", "1", "--survey-layout", "lantern"]
    line = refused(run(*survey, "--progress-file", str(deep / "fifo")))
    assert line == f"lines-tui: {deep}/fifo is not a regular file; --progress-file needs one\n"


@pytest.mark.parametrize(
    ("args", "echoed"),
    [
        ([PASTED], f"No such command '{cut(PASTED)}'."),
        (["scores", PASTED], f"No such command '{cut(PASTED)}'."),
        (["lines", f"--{PASTED}"], f"No such option: {cut('--' + PASTED)} (see"),
        (["lines", f"--{PASTED}=1"], f"No such option: {cut('--' + PASTED)} (see"),
        (["lines", PASTED], f"Got unexpected extra argument(s) ({cut(PASTED)}) (see"),
        (["players", "use", "a", "\x1b" + PASTED], f"argument(s) (\\x1b{cut(PASTED)[:-5]}…) (see"),
        (["lines", f"x\r{PASTED}"], f"argument(s) ({cut(RETURN_SPELLED)}) (see"),
        (["lines", ROWS], f"argument(s) ({cut(ROWS_SPELLED)}) (see"),
        (["lines", f"--{ROWS}"], f"No such option: {cut('--' + ROWS_SPELLED)} (see"),
        ([f"\t{ROWS}"], f"No such command '{cut(TAB_ROWS_SPELLED)}'. (see"),
        (["lines", f"{'y' * 157}\n{PASTED}"], f"argument(s) ({'y' * 157}…) (see"),
        (["lines", *WORDS], f"Got unexpected extra argument(s) ({cut(' '.join(WORDS))}) (see"),
        (["players", "use", "Bob", *WORDS], f"argument(s) ({cut(' '.join(WORDS))}) (see"),
        (["solve", "p.json", *WORDS], f"argument(s) ({cut(' '.join(WORDS))}) (see"),
        (["scores", "show", "lines-9", *WORDS], f"argument(s) ({cut(' '.join(WORDS))}) (see"),
    ],
    ids=[
        "command",
        "subcommand",
        "option",
        "option=",
        "argument",
        "escaped",
        "return",
        "rows",
        "option-rows",
        "command-rows",
        "escape-at-the-cut",
        "words",
        "use-words",
        "solve-words",
        "show-words",
    ],
)
def test_a_word_click_refuses_is_repeated_cut_however_long(args: list[str], echoed: str) -> None:
    """click's own refusals (an unknown command or option, an argument too many) repeated the
    word whole: cut as every refusal cuts outside text. Also a word holding a control character,
    which click writes escaped (`\\x0d`), and many short words pasted unquoted, which click
    repeats together: cut as one text, and never inside an escape."""
    line = refused(run(*args), echoed)
    assert len(line) < REPEATED_COLUMNS + 100


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["deal", "--seed", "abc"], "'--seed': 'abc' is not a valid whole number."),
        (["deal", "--seed", " 1 2"], "'--seed': ' 1 2' is not a valid whole number."),
        (
            ["solve", "--timeout", "soon", "p.json"],
            "'soon' is not a positive, finite number of seconds.",
        ),
        (["deal", "--layout", "nosuch"], "unknown layout 'nosuch': not a file"),
        (["--player", "Nobody", "players"], "no registered player is named 'Nobody' ("),
        (["solve", ORDINARY_PATH], f"cannot read {ORDINARY_PATH}: No such file or directory"),
        (["lines", "--colour"], "No such option: --colour (see: lines-tui lines --help)"),
        (["lines", "--siz"], "No such option: --siz (Possible options: --size) (see: lines-tui"),
        (["line"], "No such command 'line'. Did you mean 'lines'? (see: lines-tui --help)"),
        (["it's\t"], "No such command 'it's\\x09'. (see: lines-tui --help)"),
        (["lines", "a\tb", "c"], "Got unexpected extra argument(s) (a\\x09b c) (see: lines-tui"),
        (["deal", "--seed", "y" * REPEATED_COLUMNS], f"'{'y' * REPEATED_COLUMNS}' is not a"),
        (["deal", "--seed", "文" * (REPEATED_COLUMNS // 2)], "文' is not a valid whole number"),
        (["deal", "--seed", "文" * (REPEATED_COLUMNS // 2 + 1)], "文…' is not a valid whole"),
        (
            ["layouts", "--folder", "No such command '\\N'."],
            "'--folder': No such command '\\N'.: No such file or directory (see",
        ),
    ],
    ids=[
        "seed",
        "spaces",
        "timeout",
        "layout",
        "player",
        "path",
        "option",
        "suggested",
        "command",
        "quote",
        "arguments",
        "longest",
        "wide",
        "wider",
        "a folder named like typer's refusal",
    ],
)
def test_outside_text_refused_is_repeated_whole_up_to_its_columns(
    cwd: Path, args: list[str], line: str
) -> None:
    """What fits is repeated as typed, its spaces too; a wide character counts as two. A command
    name click does not know is quoted as every refusal quotes (it was quoted as Python writes a
    string: `"it's\\t"`)."""
    (cwd / "p.json").write_text('{"tiles": []}')
    refused(run(*args), line)


def test_a_share_code_given_for_a_deal_number_is_told_what_takes_it(cwd: Path) -> None:
    """A player review gave `--seed` a challenge code: "is not a valid whole number"."""
    code = codes.encode(TableId.lines(9), [Entry("Bo", 90, 1_764_979_200, 1)])
    refused(
        run("mahjong", "--seed", code),
        f"'--seed': '{code}' is a share code, not a deal number: lines-tui challenge CODE plays",
    )
    # Only a deal number is a code's: `replay --entry CODE` is no challenge.
    refused(run("replay", "--entry", code, code), f"'--entry': '{code}' is not a valid whole")


@pytest.mark.parametrize(
    ("args", "command"),
    [
        (["--player"], "lines-tui"),
        (["--data-dir"], "lines-tui"),
        (["lines", "--seed"], "lines-tui lines"),
        (["deal", "--layout"], "lines-tui deal"),
        (["layouts", "--survey", "1", "--progress-file"], "lines-tui layouts"),
        (["scores", "export", "lines-9", "--entry"], "lines-tui scores export"),
    ],
)
def test_an_option_without_its_value_says_where_to_look_as_every_refusal_does(
    home: Path, args: list[str], command: str
) -> None:
    """click's parser names no command for an option given last without its value, and the
    line came without the `(see: ... --help)` every other refusal of the command line has."""
    option = args[-1]
    line = refused(run(*args))
    assert line == f"lines-tui: Option '{option}' requires an argument. (see: {command} --help)\n"


def test_a_missing_position_file_is_named_once(home: Path) -> None:
    message = refused(run("solve", "/nonexistent.json"), "cannot read /nonexistent.json")
    assert message.count("nonexistent") == 1


def test_file_names_and_layout_titles_are_printed_inert(home: Path) -> None:
    """Items 2 (the CLI side) and 3: an OSC 52 in a file name used to write the clipboard,
    an ESC in --layout to clear the screen; titles print as they are, never as markup."""
    folder = home / "share" / "kmahjongg" / "layouts"
    folder.mkdir(parents=True)
    (folder / "x\x1b]52;c;SGk=\x07.layout").write_text("not a layout")
    shutil.copy(FIXTURES / "steps.layout", folder / "evil.layout")
    (folder / "evil.desktop").write_text("[KDE Desktop Entry]\nName=Evil [/] close\n")
    shutil.copy(FIXTURES / "steps.layout", folder / "link.layout")
    (folder / "link.desktop").write_text("[KDE Desktop Entry]\nName=[link=http://x/]Click[/link]\n")
    listing = run("layouts")
    assert listing.exit_code == 0
    assert not RAW.search(listing.stdout + listing.stderr)
    assert "x\\x1b]52;c;SGk=\\x07.layout" in listing.stderr
    assert "Evil [/] close" in listing.stdout and "[link=http://x/]Click[/link]" in listing.stdout
    refused(run("deal", "--layout", "./\x1b[2J.layout"), "\\x1b[2J")


def test_every_column_of_the_listing_spells_an_escape_the_same_way(home: Path) -> None:
    """The NAME column showed an ESC in a file name as a space (`esc [7mname`) where TITLE and
    FROM spelled it `\\x1b`; and a title made from the file name was title-cased, escape and
    markup too (`Esc\\x1b[7Mname`, `[Red]Mark[B]`)."""
    folder = home / "share" / "kmahjongg" / "layouts"
    folder.mkdir(parents=True)
    shutil.copy(FIXTURES / "steps.layout", folder / "esc\x1b[7mname.layout")
    shutil.copy(FIXTURES / "steps.layout", folder / "[red]mark[b].layout")
    listing = run("layouts")
    assert listing.exit_code == 0, listing.output
    assert not RAW.search(listing.stdout + listing.stderr)
    rows = {line.split()[0]: line.split() for line in listing.stdout.splitlines()[1:]}
    escaped = rows["esc\\x1b[7mname"]
    assert escaped[4] == "Esc\\x1b[7mname"
    # The path, the home folder written ~ (as `--layout` takes it).
    assert escaped[5] == "~/share/kmahjongg/layouts/esc\\x1b[7mname.layout"
    assert escaped[3].startswith("mahjong-esc-x1b-7mname-")
    assert rows["[red]mark[b]"][4] == "[red]mark[b]"
    # The name as listed is the name a command takes.
    dealt = run("deal", "--seed", "1", "--layout", "esc\\x1b[7mname")
    assert dealt.exit_code == 0, dealt.output


def test_an_installed_layout_of_too_many_tiles_is_refused_for_what_it_is(home: Path) -> None:
    """`--layout huge` said "no layout has that name" of an installed huge.layout that the
    listing skipped for its 1,056 tiles (it says why, and so does `--layout huge` now)."""
    folder = home / "share" / "kmahjongg" / "layouts"
    folder.mkdir(parents=True)
    rows = ("12" * 32 + "\n" + "43" * 32 + "\n") * 33
    (folder / "huge.layout").write_text(f"kmahjongg-layout-v1.1\nw64\nh66\nd1\n{rows}")
    assert "huge.layout: line 69: more than 1024 tiles" in run("layouts").stderr
    refused(
        run("deal", "--layout", "huge"),
        "layout 'huge' cannot be used: ",
        "huge.layout: line 69: more than 1024 tiles",
    )


def test_the_commands_print_only_through_the_inert_helpers() -> None:
    """The class of bug, not the instance: `say`/`warn`/`fail` (commands/common.py) are the only
    way the command line prints."""
    sources = [Path(app_module) for app_module in (sys.modules["lines_tui.cli"].__file__,)]
    sources += sorted((Path(sys.modules["lines_tui.commands"].__file__).parent).glob("*.py"))
    for source in sources:
        if source.name == "common.py":
            continue
        text = source.read_text()
        assert not re.search(r"\bprint\(|\becho\(|sys\.std(out|err)\.write", text), source


def test_the_games_refuse_to_start_without_a_terminal(home: Path, tmp_path: Path) -> None:
    """Item 9: `lines-tui lines >file 2>&1 </dev/null` used to start the app and spin."""
    output = tmp_path / "output"
    for command in (["lines", "--size", "8"], ["mahjong"], []):
        with output.open("wb") as sink:
            finished = subprocess.run(
                [sys.executable, "-m", "lines_tui", *command],
                stdin=subprocess.DEVNULL,
                stdout=sink,
                stderr=subprocess.STDOUT,
                timeout=60,
            )
        said = output.read_text()
        assert finished.returncode == 2, said
        assert said.count("\n") == 1 and "need a terminal" in said
    assert run("scores").exit_code == 0  # what needs no terminal still works without one


def test_a_refusal_under_python_m_names_a_help_that_exists(home: Path) -> None:
    """Under `python -m lines_tui` a refusal sent to `lines-tui -m lines_tui deal --help`; it
    names the help as the usage line does, `python -m lines_tui deal --help` (lines-tui may not
    be on the PATH)."""
    for command, help_named in ((["deal", "--seed", "x"], "deal "), (["--bogus"], "")):
        finished = subprocess.run(
            [sys.executable, "-m", "lines_tui", *command],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert finished.returncode == 2
        said = f" (see: python -m lines_tui {help_named}--help)\n"  # click's name for it
        assert finished.stderr.endswith(said), finished.stderr


def test_players_add_hints_a_command_that_is_safe_to_paste(home: Path) -> None:
    """Item 16: the hint used to wrap the name in single quotes, whatever it held."""
    name = "x'; rm -rf ~; echo '"
    run("players", "add", "Ann")  # the first player plays at once: no hint
    result = run("players", "add", name)
    assert result.exit_code == 0
    told, hint = result.stdout.splitlines()
    assert told == f"registered {name}; to make them the active player:"
    assert hint.startswith("  ")
    hint = hint.strip()
    assert shlex.split(hint) == ["lines-tui", "players", "use", name]
    assert hint == f"lines-tui players use {shlex.quote(name)}"


def test_the_hint_for_a_name_that_starts_like_an_option_runs_as_printed(home: Path) -> None:
    """`lines-tui players use -x` took -x for an option, and failed."""
    run("players", "add", "Ann")  # the first player plays at once: no hint
    result = run("players", "add", "--", "-x")
    assert result.exit_code == 0
    hint = result.stdout.splitlines()[1].strip()
    assert shlex.split(hint) == ["lines-tui", "players", "use", "--", "-x"]
    used = run(*shlex.split(hint)[1:])
    assert used.exit_code == 0, used.stderr


def test_a_read_only_data_folder_reads_and_refuses_writes_in_one_line(
    home: Path, make_read_only: Any
) -> None:
    """Item 5 on the command line."""
    data = home / "data"
    open_store(data).add_player("Ann")
    make_read_only(data)
    assert run("players").stdout == "  Ann\n(playing as a guest: Lines scores are not saved)\n"
    assert run("scores").exit_code == 0
    refused(run("players", "add", "Bob"), "Read-only file system")


def test_choosing_who_plays_already_writes_nothing_so_a_read_only_folder_takes_it(
    home: Path, make_read_only: Any
) -> None:
    """`players guest` of a guest on a read-only data folder was refused (`cannot write to
    ...: Read-only file system`, exit 2) although nothing would change; so was `use` of the
    one who plays. A change is still refused, and a name no one registered."""
    data = home / "data"
    store = open_store(data)
    store.add_player("Ann")
    before = {path.name: path.read_bytes() for path in data.iterdir()}
    make_read_only(data)
    guest = run("players", "guest")
    assert (guest.exit_code, guest.stderr) == (0, "")
    assert guest.stdout == "playing as a guest: Lines scores are not saved\n"
    refused(run("players", "use", "Ann"), "Read-only file system")
    refused(run("players", "use", "Bob"), "no registered player is named 'Bob'")
    assert {path.name: path.read_bytes() for path in data.iterdir()} == before


def test_use_of_the_one_who_plays_writes_nothing(home: Path, make_read_only: Any) -> None:
    data = home / "data"
    store = open_store(data)
    store.add_player("Ann")
    store.set_active_player("Ann")
    make_read_only(data)
    used = run("players", "use", "ann")
    assert (used.exit_code, used.stdout, used.stderr) == (0, "Ann plays now\n", "")
    refused(run("players", "guest"), "Read-only file system")


def test_guest_of_a_guest_with_a_newer_data_file_is_still_refused(home: Path) -> None:
    """A scores file that cannot be read whole says nothing of who plays: no success there."""
    data = home / "data"
    data.mkdir()
    newer = json.dumps({"format": "lines-tui scores", "version": VERSION + 1}).encode()
    (data / "scores.json").write_bytes(newer)
    result = run("players", "guest")
    assert result.exit_code == 2 and result.stdout == "" and "newer lines-tui" in result.stderr
    assert (data / "scores.json").read_bytes() == newer


def test_a_newer_data_file_is_read_only_and_says_why(home: Path) -> None:
    """Item 14 on the command line: no `.newer-…` move-aside, one line saying why."""
    data = home / "data"
    data.mkdir()
    newer = json.dumps({"format": "lines-tui scores", "version": VERSION + 1}).encode()
    (data / "scores.json").write_bytes(newer)
    listing = run("players")
    assert listing.exit_code == 0 and listing.stderr.count("\n") == 1
    assert "newer lines-tui" in listing.stderr and "read-only" in listing.stderr
    adding = run("players", "add", "Bob")
    # Said once, and that Bob was not added (a review read only the first line).
    assert adding.exit_code == 2
    refusal = "lines-tui: nothing was changed: scores.json is left as it is (said above)\n"
    assert adding.stderr == listing.stderr + refusal
    assert (data / "scores.json").read_bytes() == newer
    assert sorted(path.name for path in data.iterdir()) == ["lines-tui.lock", "scores.json"]


def test_a_fifo_as_the_data_file_is_refused_in_one_line(home: Path) -> None:
    """Item 4 on the command line: `mkfifo scores.json; lines-tui scores` used to hang."""
    data = home / "data"
    data.mkdir()
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    os.mkfifo(data / "scores.json")
    refused(run("scores"), "scores.json is a FIFO, not a regular file")


# A command-line argument that is not UTF-8 text

NOT_UTF8 = os.fsdecode(b"\xff")  # how Python hands over the byte 0xFF of an argument: U+DCFF


@pytest.mark.parametrize(
    ("command", "named"),
    [
        (["players", "add", NOT_UTF8], "'name'"),
        (["players", "rename", "Ann", f"Ann{NOT_UTF8}"], "'new'"),
        (["players", "use", NOT_UTF8], "'name'"),
        (["--player", NOT_UTF8, "layouts"], "'--player'"),
        (["--player", NOT_UTF8], "'--player'"),
        (["lines", "--size", NOT_UTF8], "'--size'"),
        (["mahjong", "--layout", f"x{NOT_UTF8}.layout"], "'--layout'"),
        (["deal", "--layout", NOT_UTF8], "'--layout'"),
        (["scores", "show", NOT_UTF8], "'table'"),
        (["scores", "import", "LT2-", NOT_UTF8], "'code'"),
        (["scores", "verify", f"LT2-{NOT_UTF8}"], "'code'"),
        (["challenge", f"LT2-{NOT_UTF8}"], "'code'"),
        ([NOT_UTF8], "the command name"),
        (["scores", NOT_UTF8], "the command name"),
    ],
)
def test_an_argument_that_is_not_utf8_is_refused_as_such(
    home: Path, command: list[str], named: str
) -> None:
    """`players add $'\\xff'` was refused for "control or invisible characters (U+DCFF)", a
    size "is not a valid whole number": one line says what is wrong with it, before anything
    is read or written."""
    line = refused(run(*command), named, "not UTF-8 text (at byte ")
    assert "U+DCFF" not in line and "\\udcff" not in line
    assert not (home / "data").exists()


def test_a_path_may_be_any_bytes_a_file_name_holds(home: Path) -> None:
    """Only what the commands open as a path may be any bytes: a file name need not be UTF-8."""
    data = home / f"data{NOT_UTF8}"
    added = run("--data-dir", str(data), "players", "add", "Ann")
    assert added.exit_code == 0, added.stderr
    assert open_store(data).players() == ["Ann"]
    position = home / f"position{NOT_UTF8}.json"
    dealt = run("deal", "--seed", "1")
    position.write_text(dealt.stdout)
    solved = run("solve", str(position), "--json")
    assert solved.exit_code == 0, solved.stderr
    folder = home / f"layouts{NOT_UTF8}"
    folder.mkdir()
    assert run("layouts", "--folder", str(folder)).exit_code == 0


def test_a_help_asked_for_is_shown_whatever_the_bytes_beside_it(home: Path) -> None:
    shown = run("players", "add", NOT_UTF8, "--help")
    assert shown.exit_code == 0 and "Register a player;" in shown.stdout


@pytest.mark.parametrize(
    "args", [[b"players", b"add", b"\xff"], [b"--player", b"Ann\xff"]], ids=["add", "menu"]
)
def test_the_bytes_of_a_real_command_line_are_refused_in_one_line(
    home: Path, args: list[bytes]
) -> None:
    """The same from a real command line, the menu's short start too (it read `--player`
    itself, and went on to refuse it for want of a terminal, then of such a player)."""
    from tools.pty_terminal import lines_tui_command

    done = subprocess.run(
        [*map(os.fsencode, lines_tui_command()), *args], capture_output=True, timeout=120
    )
    assert done.returncode == 2 and done.stdout == b""
    assert (
        done.stderr.startswith(b"lines-tui: Invalid value for ") and done.stderr.count(b"\n") == 1
    )
    assert b": it is not UTF-8 text (at byte " in done.stderr
    assert not (home / "data").exists()


def test_every_group_of_the_tree_checks_the_words_of_its_commands() -> None:
    """The check of every word is the groups' (`NamedErrors`): a group of another class would
    let its commands' words through unchecked."""
    import typer

    from lines_tui.commands.tree import NamedErrors

    def groups(command: Any) -> list[Any]:
        subs = getattr(command, "commands", None)
        if subs is None:
            return []
        return [command, *(group for sub in subs.values() for group in groups(sub))]

    found = groups(typer.main.get_command(app))
    assert len(found) == 3 and all(isinstance(group, NamedErrors) for group in found)


def test_ctrl_c_while_a_paste_is_awaited_ends_the_line_and_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`scores import -` at a terminal, stopped with ctrl+c: the shell's prompt came on the
    line the terminal had echoed "^C" on."""
    from lines_tui.commands.common import piped_in
    from lines_tui.commands.exit_codes import INTERRUPTED

    class Interrupted:
        class buffer:  # as sys.stdin names it
            @staticmethod
            def read(_: int) -> bytes:
                raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", Interrupted)
    with pytest.raises(SystemExit) as ended:
        piped_in(100, "give the code")
    assert ended.value.code == INTERRUPTED
    assert capsys.readouterr().err == "\n"
