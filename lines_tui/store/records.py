"""The game record an entry carries: what anyone needs to replay the game and check the result.

Lines: the rules version and every move (the board size and seed come from the table and the
entry). Mahjong: the dealer version and every pair taken, in order (the layout and the deal come
from the table and the entry, the time is the entry's value). Nothing about the player: the name
is the entry's, and a record holds only numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Cell = tuple[int, int]
LinesMove = tuple[Cell, Cell]
Pair = tuple[int, int]

MAX_LINES_MOVES = 5000
"""More moves than any game we know of; a replay stops there (a hostile code cannot hang it)."""
MAX_PAIRS = 512  # a layout has at most 1024 tiles


class RecordError(ValueError):
    """Data that is not a game record; the message says why in one line."""


@dataclass(frozen=True)
class LinesRecord:
    rules: int
    moves: tuple[LinesMove, ...]

    def to_json(self) -> dict[str, Any]:
        return {"rules": self.rules, "moves": [[*src, *dst] for src, dst in self.moves]}


@dataclass(frozen=True)
class MahjongRecord:
    dealer: int
    pairs: tuple[Pair, ...]
    """Each pair as (lower tile, higher tile): the order two tiles were picked in is no part of
    the game."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "pairs", tuple((min(p), max(p)) for p in self.pairs))

    def to_json(self) -> dict[str, Any]:
        return {"dealer": self.dealer, "pairs": [list(pair) for pair in self.pairs]}


GameRecord = LinesRecord | MahjongRecord


def record_problem(record: GameRecord) -> str | None:
    """Why a data file could not hold `record` (it reads back only what these limits allow),
    or None."""
    if isinstance(record, LinesRecord) and len(record.moves) > MAX_LINES_MOVES:
        return f"its record holds more than {MAX_LINES_MOVES} moves"
    if isinstance(record, MahjongRecord) and len(record.pairs) > MAX_PAIRS:
        return f"its record holds more than {MAX_PAIRS} pairs"
    return None


def record_from_json(kind: str, data: object) -> GameRecord:
    """The record of a game of `kind` ("lines" or "mahjong") as `to_json` wrote it."""
    if kind == "lines":
        rules, moves = _fields(data, "rules", "moves", 4, MAX_LINES_MOVES)
        return LinesRecord(rules, tuple(((m[0], m[1]), (m[2], m[3])) for m in moves))
    dealer, pairs = _fields(data, "dealer", "pairs", 2, MAX_PAIRS)
    return MahjongRecord(dealer, tuple((p[0], p[1]) for p in pairs))


def _fields(
    data: object, version_key: str, list_key: str, width: int, limit: int
) -> tuple[int, list[list[int]]]:
    if type(data) is not dict or data.keys() != {version_key, list_key}:
        raise RecordError(f"a record is an object of {version_key} and {list_key}")
    version, items = data[version_key], data[list_key]
    if type(version) is not int or not 1 <= version <= 99:
        raise RecordError(f"the record's {version_key} is not a version number")
    if type(items) is not list or len(items) > limit:
        raise RecordError(f"the record's {list_key} is not a list of at most {limit}")
    for item in items:
        if not (
            type(item) is list
            and len(item) == width
            and all(type(n) is int and 0 <= n < 1024 for n in item)
        ):
            raise RecordError(f"the record's {list_key} hold something else than {width} numbers")
    return version, items
