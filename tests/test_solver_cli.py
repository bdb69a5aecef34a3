"""`lines-tui solve POSITION.json`: verdicts and exit codes, the JSON shape, and one-line refusals
of malformed files (exit code 2, never a traceback)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from tools.pty_terminal import lines_tui_command
from typer.testing import CliRunner

from lines_tui.cli import app
from lines_tui.engine.mahjong.deal import deal
from lines_tui.engine.mahjong.layouts import find_layout
from lines_tui.engine.mahjong.position import MAX_FILE_BYTES, Position

runner = CliRunner()


def write(tmp_path: Path, content: object, name: str = "position.json") -> Path:
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content), "utf-8")
    return path


def replays(position: Position, moves: list[list[int]]) -> bool:
    present = position.present
    for a, b in moves:
        if not (
            a != b
            and position.faces[a] == position.faces[b]
            and present >> a & 1
            and present >> b & 1
            and position.geometry.is_free(a, present)
            and position.geometry.is_free(b, present)
        ):
            return False
        present &= ~(1 << a | 1 << b)
    return present == 0


SOLVABLE = {"tiles": [[0, 0, 0, "a"], [0, 0, 1, "a"], [4, 0, 0, "a"], [8, 0, 0, "a"]]}
UNSOLVABLE = {"tiles": [[0, 0, 0, "a"], [2, 0, 0, "b"], [4, 0, 0, "a"], [6, 0, 0, "b"]]}


def test_solvable_prints_the_winning_sequence_and_exits_0(tmp_path: Path) -> None:
    result = runner.invoke(app, ["solve", str(write(tmp_path, SOLVABLE))])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("verdict: solvable")
    assert any(line.strip().startswith("1. ") for line in lines)
    assert lines[-2].startswith("nodes: ")
    assert lines[-1].startswith("seconds: ")


def test_the_sequence_keeps_its_columns_and_one_move_is_one_move(tmp_path: Path) -> None:
    """Tile indices of one, two and three digits pushed the faces along ("9. 110 135", "10. 28
    75"), and a board cleared in one move read "(1 moves clear the board)"."""
    position = write(tmp_path, deal(find_layout("turtle"), 7).to_json())
    result = runner.invoke(app, ["solve", str(position)])
    assert result.exit_code == 0, result.output
    moves = [line for line in result.stdout.splitlines() if line.startswith("  ")]
    assert len(moves) == 72 and {len(line.split()[2]) for line in moves} >= {2, 3}
    assert len({line.index('"') for line in moves}) == 1  # the faces line up
    assert len({line.index(".") for line in moves}) == 1  # and the move numbers
    one = {"tiles": [[0, 0, 0, "a"], [2, 0, 0, "a"]]}
    lines = runner.invoke(app, ["solve", str(write(tmp_path, one))]).stdout.splitlines()
    assert lines[0] == "verdict: solvable (1 move clears the board)"
    assert lines[2] == '  1. 1 0  "a"'


def test_unsolvable_exits_1(tmp_path: Path) -> None:
    result = runner.invoke(app, ["solve", str(write(tmp_path, UNSOLVABLE))])
    assert result.exit_code == 1, result.output
    assert result.stdout.startswith("verdict: unsolvable")


def test_json_output_has_the_documented_shape(tmp_path: Path) -> None:
    pos = deal(find_layout("turtle"), 5)
    path = tmp_path / "deal.json"
    path.write_text(pos.dumps(), encoding="utf-8")
    result = runner.invoke(app, ["solve", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"verdict", "moves", "nodes", "seconds"}
    assert data["verdict"] == "solvable"
    assert isinstance(data["nodes"], int) and data["nodes"] >= 1
    assert isinstance(data["seconds"], float) and data["seconds"] >= 0
    assert len(data["moves"]) == 72
    assert replays(pos, data["moves"])

    result = runner.invoke(app, ["solve", str(write(tmp_path, UNSOLVABLE)), "--json"])
    assert result.exit_code == 1
    assert json.loads(result.stdout)["verdict"] == "unsolvable"
    assert json.loads(result.stdout)["moves"] == []


def test_removed_tiles_are_honoured(tmp_path: Path) -> None:
    # Without the b's (gone together earlier) the a's are free.
    data = {**UNSOLVABLE, "removed": [1, 3]}
    result = runner.invoke(app, ["solve", str(write(tmp_path, data)), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["moves"] in ([[0, 2]], [[2, 0]])


def test_undecided_exits_3(tmp_path: Path) -> None:
    # Deal 24 takes the search far longer than a millisecond.
    path = tmp_path / "deal.json"
    path.write_text(deal(find_layout("turtle"), 24).dumps(), encoding="utf-8")
    result = runner.invoke(app, ["solve", str(path), "--timeout", "0.001", "--json"])
    assert result.exit_code == 3, result.output
    assert json.loads(result.stdout)["verdict"] == "undecided"
    text = runner.invoke(app, ["solve", str(path), "--timeout", "0.001"])
    assert text.exit_code == 3
    assert text.stdout.startswith("verdict: undecided")


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("{not json", "not JSON"),
        ("", "empty"),  # it was "not JSON: Expecting value: line 1 column 1 (char 0)"
        ([1, 2], "JSON object"),
        ({"removed": []}, "no 'tiles' list"),
        ({"tiles": [[0, 0, 0]]}, "tile 0"),
        ({"tiles": [[0, 0, 0, "a"], [0.5, 0, 0, "a"]]}, "tile 1"),
        ({"tiles": [[0, 0, 0, "a"], [1, 1, 0, "a"]]}, "overlap"),
        ({"tiles": [[0, 0, 0, "a"], [2, 0, 0, "a"], [4, 0, 0, "a"]]}, "odd number"),
        ({"tiles": [[0, 0, 0, "a"], [2, 0, 0, "b"]]}, "odd number"),
        ({"tiles": [[0, 0, 0, "a"], [2, 0, 0, "a"]], "removed": [0]}, "odd number"),
        ({"tiles": [[0, 0, 0, "a"], [2, 0, 0, "a"]], "removed": [7]}, "removed index 7"),
        ({"tiles": [[-2, 0, 0, "a"], [2, 0, 0, "a"]]}, "tile 0 is off the board: x is -2"),
        # Solved as if on the board; the same place in a saved game crashed the game's board.
        ({"tiles": [[10**22, 0, 0, "a"], [2, 0, 0, "a"]]}, "tile 0 is off the board: x is 1000"),
    ],
)
def test_malformed_files_are_refused_in_one_line(
    tmp_path: Path, content: object, reason: str
) -> None:
    path = write(tmp_path, content)
    result = runner.invoke(app, ["solve", str(path)])
    assert result.exit_code == 2
    assert result.stdout == ""
    message = result.stderr.strip()
    assert message.startswith("lines-tui: ")
    assert "\n" not in message
    assert reason in message
    assert "Traceback" not in result.output


def test_a_missing_file_or_a_bad_timeout_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["solve", str(tmp_path / "nowhere.json")])
    assert result.exit_code == 2
    assert "cannot read" in result.stderr
    path = write(tmp_path, SOLVABLE)
    # Refused as typed: "1e400" was "not inf", "-0" "not -0.0", "soon" "not a valid float".
    for bad in ("0", "-1", "-0", "nan", "inf", "1e400", "soon"):
        result = runner.invoke(app, ["solve", str(path), "--timeout", bad])
        assert result.exit_code == 2, bad
        assert result.stderr == (
            f"lines-tui: Invalid value for '--timeout': '{bad}' is not a positive, finite "
            "number of seconds. (see: lines-tui solve --help)\n"
        )


def test_a_position_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    """Windows editors save UTF-8 with a BOM first; it was refused in Python's words
    ("Unexpected UTF-8 BOM (decode using utf-8-sig)")."""
    path = tmp_path / "position.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(SOLVABLE).encode())
    result = runner.invoke(app, ["solve", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["verdict"] == "solvable"


def test_a_control_character_in_a_face_is_spelled_as_everywhere_else(tmp_path: Path) -> None:
    """The face was written as JSON spells it (\\u001b), where the README promises \\x1b."""
    faces = {"tiles": [[0, 0, 0, "\x1b[2Ja"], [2, 0, 0, "\x1b[2Ja"]]}
    result = runner.invoke(app, ["solve", str(write(tmp_path, faces))])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[2] == '  1. 1 0  "\\x1b[2Ja"'


@pytest.mark.parametrize(
    ("face", "shown"),
    [
        ("F" * 100_000, "F" * 23 + "…"),
        ("字" * 30, "字" * 11 + "…"),  # 24 columns at most, a wide character taking two
        (" a  b ", " a  b "),  # as it is: two faces differing by a space print apart
    ],
    ids=["long", "wide", "spaces"],
)
def test_a_long_face_is_cut_in_the_winning_sequence(tmp_path: Path, face: str, shown: str) -> None:
    """A face of 100,000 characters was printed whole on every move's line (a hostile-input
    test); it is cut as a position's refusal cuts it, by the columns it takes."""
    result = runner.invoke(
        app, ["solve", str(write(tmp_path, {"tiles": [[0, 0, 0, face], [2, 0, 0, face]]}))]
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[2] == f'  1. 1 0  "{shown}"'


def solve_in_a_process(
    *args: str, stdin: int | None = None, input: bytes | None = None
) -> subprocess.CompletedProcess[str]:
    """`lines-tui solve ARGS` in a process of its own, with a real standard input: a pipe of
    `input`, or the file descriptor `stdin`."""
    done = subprocess.run(
        [*lines_tui_command(), "solve", *args],
        input=input,
        stdin=stdin,
        capture_output=True,
        timeout=120,
        check=False,
    )
    return subprocess.CompletedProcess(
        done.args, done.returncode, done.stdout.decode(), done.stderr.decode()
    )


def test_a_position_piped_in_is_read_for_a_dash() -> None:
    """`lines-tui deal | lines-tui solve -` said "cannot read -: No such file or directory",
    though `scores import -` reads standard input; and given as /dev/stdin the pipe was "not
    a regular file", with no word of how to pass it."""
    dealt = deal(find_layout("turtle"), 5).dumps().encode()
    solved = solve_in_a_process("-", "--json", input=dealt)
    assert solved.returncode == 0, solved.stderr
    assert json.loads(solved.stdout)["verdict"] == "solvable"
    refused = solve_in_a_process("/dev/stdin", input=dealt)
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr == (
        "lines-tui: /dev/stdin: not a regular file; - reads a position from standard input\n"
    )


@pytest.mark.parametrize(
    ("piped", "reason"),
    [
        (b"\xef\xbb\xbf" + json.dumps(SOLVABLE).encode(), ""),  # read: a byte order mark first
        (b"", "standard input: empty\n"),  # `lines-tui deal` failed before the pipe
        (b"{\xff}", "standard input: not UTF-8 text (at byte 1)"),
        (b" " * (MAX_FILE_BYTES + 1), "standard input: larger than 1024 KiB; not a position file"),
        (json.dumps(UNSOLVABLE | {"removed": [9]}).encode(), "standard input: removed index 9"),
    ],
    ids=["byte-order-mark", "empty", "not-utf-8", "too-large", "malformed"],
)
def test_a_position_piped_in_is_held_to_the_rules_of_a_file(piped: bytes, reason: str) -> None:
    result = runner.invoke(app, ["solve", "-", "--json"], input=piped)
    if not reason:
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["verdict"] == "solvable"
        return
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"lines-tui: {reason}") and result.stderr.count("\n") == 1


def test_a_dash_with_no_pipe_is_refused_in_one_line() -> None:
    """Read from a terminal, `solve -` would wait for typing until ctrl+d, looking hung; with
    standard input closed there is nothing to read."""
    pipe_it_in = "pipe a position in (lines-tui deal | lines-tui solve -) or give its file\n"
    main, terminal = os.openpty()
    try:
        typed_at = solve_in_a_process("-", stdin=terminal)
    finally:
        os.close(main)
        os.close(terminal)
    assert typed_at.returncode == 2 and typed_at.stdout == ""
    assert typed_at.stderr == f"lines-tui: standard input is a terminal; {pipe_it_in}"
    closed = subprocess.run(
        [*lines_tui_command(), "solve", "-"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        preexec_fn=lambda: os.close(0),
    )
    assert closed.returncode == 2 and closed.stdout == ""
    assert closed.stderr == f"lines-tui: standard input is closed; {pipe_it_in}"


def test_a_file_named_dash_is_read_as_dot_slash_dash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, SOLVABLE, name="-")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["solve", "./-", "--json"])
    assert result.exit_code == 0, result.output
