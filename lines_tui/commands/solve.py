"""`lines-tui solve POSITION.json`: decide whether a Mahjong position can still be cleared.

The solver is imported when the command runs: every start of `lines-tui` loads this module to
build the command line, and the app's first frame should not wait for the solver.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from lines_tui.commands.common import (
    STANDARD_INPUT,
    fail,
    piped_in,
    progress_line,
    say,
    warn,
)
from lines_tui.commands.exit_codes import INTERRUPTED
from lines_tui.commands.numbers import seconds_option
from lines_tui.commands.paths import file_or_standard_input
from lines_tui.engine.text_file import NotRegularFile
from lines_tui.engine.visible_text import repeated
from lines_tui.outside_text import column_width, printable

if TYPE_CHECKING:
    from lines_tui.engine.mahjong.position import Position
    from lines_tui.engine.mahjong.solver import SolveResult

EXIT_CODES = {"solvable": 0, "unsolvable": 1, "undecided": 3}
"""0 solvable, 1 unsolvable, 3 undecided (2 is bad input, see `fail`), by verdict."""


def solve(
    position_file: Annotated[
        str,
        typer.Argument(
            metavar="POSITION.json",
            parser=file_or_standard_input,
            help='A position: {"tiles": [[x, y, z, "face"], ...], "removed": [index, ...]} in '
            'half-tile units (`lines-tui deal` writes one); "removed" is optional. - reads it '
            "from standard input (lines-tui deal | lines-tui solve -).",
            show_default=False,
        ),
    ],
    timeout: Annotated[
        float,
        seconds_option("--timeout", "Give up (verdict undecided, exit 3) after this many seconds."),
    ] = 10.0,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help='Print {"verdict", "moves": [[i, j], ...], "nodes", "seconds"} instead of text.',
        ),
    ] = False,
) -> None:
    """Decide whether the position can still be cleared, with every face known. Prints the
    verdict, a winning sequence when there is one (pairs of indices into the file's tile list,
    in play order), the nodes searched (playouts and repairs) and the seconds taken. Exit
    code: 0 solvable, 1 unsolvable, 3 undecided, 2 bad input, 4 the output could not be
    written, 130 stopped by ctrl+c."""
    from lines_tui.engine.mahjong.position import PositionError
    from lines_tui.engine.mahjong.solver import solve as solve_position

    try:
        position = _position(position_file)
    except PositionError as error:
        # A pipe or a device given by its path (/dev/stdin) is never opened: it could block
        # forever or never end. Standard input has its own word, with the file's limits.
        pipe = isinstance(error.__cause__, NotRegularFile)
        fail(f"{error}; - reads a position from standard input" if pipe else str(error))
    try:
        with progress_line():  # none shown: it starts the line over the "^C"
            result = solve_position(position, timeout=timeout)
    except KeyboardInterrupt:
        # As `deal --solvable` stops: one line, where the terminal echoed "^C".
        given = "standard input" if position_file == STANDARD_INPUT else repeated(position_file)
        warn(f"stopped while solving the position of {given}")
        raise typer.Exit(INTERRUPTED) from None
    say(*([json.dumps(_as_json(result))] if as_json else _as_text(position, result, timeout)))
    raise typer.Exit(EXIT_CODES[result.verdict.value])


PIPE_IT_IN = "pipe a position in (lines-tui deal | lines-tui solve -) or give its file"
"""What `solve -` says to do when standard input is closed or a terminal."""


def _position(given: str) -> Position:
    """The position in the file `given`, or piped in for `-` (a file named - is ./-)."""
    from lines_tui.engine.mahjong.position import MAX_FILE_BYTES, Position

    if given != STANDARD_INPUT:
        return Position.load(Path(given))
    piped = piped_in(MAX_FILE_BYTES, PIPE_IT_IN, from_a_terminal=False)
    return Position.load_bytes(piped, "standard input")


def _as_json(result: SolveResult) -> dict[str, object]:
    return {
        "verdict": result.verdict.value,
        "moves": [[a, b] for a, b in result.moves],
        "nodes": result.nodes,
        "seconds": round(result.seconds, 6),
    }


def _as_text(position: Position, result: SolveResult, timeout: float) -> list[str]:
    from lines_tui.engine.mahjong.position import face_shown
    from lines_tui.engine.mahjong.solver import Verdict

    lines: list[str]
    if result.verdict is Verdict.SOLVABLE:
        count = len(result.moves)
        moves = f"{count} move clears" if count == 1 else f"{count} moves clear"
        lines = [f"verdict: solvable ({moves} the board)"]
        if result.moves:
            lines.append("winning sequence (tile indices into the file's list, in play order):")
            # Right-aligned columns: the faces line up however many digits an index has.
            width = len(str(count))
            tile = column_width(str(index) for move in result.moves for index in move)
            for number, (a, b) in enumerate(result.moves, 1):
                # Quoted, its control characters spelled out as all outside text is (\x1b),
                # not as JSON would spell them (\u001b); a long one cut, as a position's
                # refusal cuts it (a face of 100,000 characters was printed whole each move).
                face = f'"{printable(face_shown(position.faces[a]))}"'
                lines.append(f"  {number:>{width}}. {a:>{tile}} {b:>{tile}}  {face}")
    elif result.verdict is Verdict.UNSOLVABLE:
        lines = ["verdict: unsolvable (no sequence of moves clears the board)"]
    else:
        lines = [f"verdict: undecided (no answer within {timeout:g} s)"]
    lines.append(f"nodes: {result.nodes}")
    lines.append(f"seconds: {result.seconds:.3f}")
    return lines
