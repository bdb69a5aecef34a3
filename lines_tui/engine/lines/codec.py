"""Reading and writing the JSON pieces of saved games and game records, with one-line errors.

Cells are [row, col]; balls [row, col, "R"]; moves [row, col, row, col]; boards a list of rows in
the text notation.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from lines_tui.engine.lines.board import Board, NotationError
from lines_tui.engine.lines.geometry import Ball, Cell
from lines_tui.engine.lines.rules import COLOURS
from lines_tui.engine.numbers import is_count
from lines_tui.engine.seconds import is_seconds

Move = tuple[Cell, Cell]


class GameDataError(ValueError):
    """A saved game or game record that cannot be loaded; the message says why in one line."""


def field(data: Mapping[str, Any], key: str) -> Any:
    if key not in data:
        raise GameDataError(f"{key!r} is missing")
    return data[key]


def read_mapping(data: object, what: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise GameDataError(f"{what} is not a JSON object")
    return data


MAX_WHOLE_NUMBER = 2**53
"""The largest whole number every JSON reader keeps exactly; a saved game's numbers stay below
it (a score of 400 digits filled the panel with rows of digits). The one exception is the seed,
a deal number up to `deal_choice.LAST_DEAL` (a deal of the day's is 8 bytes of a hash): only
lines-tui reads it back, and Python's JSON keeps every whole number exactly."""


def read_int(
    data: Mapping[str, Any], key: str, minimum: int = 0, maximum: int = MAX_WHOLE_NUMBER
) -> int:
    value = field(data, key)
    if type(value) is not int or not minimum <= value <= maximum:
        raise GameDataError(f"{key!r} must be a whole number from {minimum} to {maximum:,}")
    return value


def read_time(data: Mapping[str, Any], key: str) -> float | None:
    value = field(data, key)
    if value is None:
        return None
    if not is_seconds(value):
        raise GameDataError(f"{key!r} must be a time in seconds (1970 to 2100) or null")
    return float(value)


def read_board(data: Mapping[str, Any], key: str) -> Board:
    rows = field(data, key)
    if not (isinstance(rows, list) and all(isinstance(row, str) for row in rows)):
        raise GameDataError(f"{key!r} must be a list of rows of text")
    try:
        return Board.from_text("\n".join(rows))
    except NotationError as error:
        raise GameDataError(f"{key!r}: {error}") from None


def read_balls(data: Mapping[str, Any], key: str) -> tuple[Ball, ...]:
    items = field(data, key)
    if not isinstance(items, list):
        raise GameDataError(f"{key!r} must be a list of [row, col, colour]")
    balls: list[Ball] = []
    for item in items:
        if not (
            isinstance(item, list)
            and len(item) == 3
            and is_count(item[0])
            and is_count(item[1])
            and item[2] in tuple(COLOURS)
        ):
            raise GameDataError(f"{key!r}: {item!r} is not [row, col, colour letter]")
        balls.append(((item[0], item[1]), item[2]))
    return tuple(balls)


def read_moves(data: Mapping[str, Any], key: str) -> tuple[Move, ...]:
    items = field(data, key)
    if not isinstance(items, list):
        raise GameDataError(f"{key!r} must be a list of [row, col, row, col]")
    moves: list[Move] = []
    for item in items:
        if not (isinstance(item, list) and len(item) == 4 and all(map(is_count, item))):
            raise GameDataError(f"{key!r}: {item!r} is not [row, col, row, col]")
        moves.append(((item[0], item[1]), (item[2], item[3])))
    return tuple(moves)


def write_board(board: Board) -> list[str]:
    return board.to_text().splitlines()


def write_balls(balls: Iterable[Ball]) -> list[list[Any]]:
    return [[row, col, colour] for (row, col), colour in balls]


def write_moves(moves: Iterable[Move]) -> list[list[int]]:
    return [[*src, *dst] for src, dst in moves]
