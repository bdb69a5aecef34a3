"""Position files: a Mahjong position as JSON, for the solver, tests and bug reports.

    {"tiles": [[x, y, z, "face"], ...], "removed": [index, ...]}

Coordinates are in half-tile units (see `geometry`); faces are any strings and equal strings match.
"removed" is optional and marks tiles already taken off the board.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lines_tui.engine.mahjong.geometry import MAX_TILES, Geometry, LayoutError, Slot
from lines_tui.engine.numbers import is_whole_number
from lines_tui.engine.text_file import (
    JsonRefused,
    TextFileError,
    read_text_file,
    strict_json,
    text_read,
)
from lines_tui.engine.visible_text import columns, spelled_within

FACE_SHOWN_COLUMNS = 24
"""The most columns of a face that a refusal or `lines-tui solve` shows (`face_shown`)."""
MAX_FILE_BYTES = 1 << 20
"""A position of 1024 tiles, written one tile to a line, takes well under 100 KB."""


class PositionError(ValueError):
    """A position that is malformed or cannot be played; the message says why in one line."""


def face_shown(face: str) -> str:
    """A face as a line shows it: a face is any text, so a long one is cut, ending in "…", for
    the line to stay one readable line; its spaces are kept as they are, and its control
    characters spelled out (`\\x1b`)."""
    return spelled_within(face, FACE_SHOWN_COLUMNS, columns)


@dataclass(frozen=True)
class Position:
    """Tiles with faces on fixed places, some of them possibly removed already."""

    slots: tuple[Slot, ...]
    faces: tuple[str, ...]
    removed: frozenset[int] = frozenset()
    geometry: Geometry = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.slots) != len(self.faces):
            raise PositionError(f"{len(self.slots)} places but {len(self.faces)} faces")
        if len(self.slots) > MAX_TILES:
            raise PositionError(f"{len(self.slots)} tiles; at most {MAX_TILES} are allowed")
        outside = sorted(i for i in self.removed if not 0 <= i < len(self.slots))
        if outside:
            raise PositionError(f"removed index {outside[0]} is not a tile of this position")
        try:
            geometry = Geometry.of(self.slots)
        except LayoutError as error:
            raise PositionError(str(error)) from None
        object.__setattr__(self, "geometry", geometry)
        counts = Counter(self.faces[i] for i in range(len(self.faces)) if i not in self.removed)
        odd = sorted(face for face, n in counts.items() if n % 2)
        if odd:
            left = counts[odd[0]]
            raise PositionError(
                f"face '{face_shown(odd[0])}' has an odd number of tiles ({left}) left"
            )

    @property
    def present(self) -> int:
        """The tiles still on the board, as a bitmask."""
        mask = self.geometry.all_present
        for index in self.removed:
            mask &= ~(1 << index)
        return mask

    def to_json(self) -> dict[str, Any]:
        tiles = [[x, y, z, face] for (x, y, z), face in zip(self.slots, self.faces, strict=True)]
        data: dict[str, Any] = {"tiles": tiles}
        if self.removed:
            data["removed"] = sorted(self.removed)
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json())

    @classmethod
    def from_json(cls, data: object) -> Position:
        if not isinstance(data, dict):
            raise PositionError("a position is a JSON object with a 'tiles' list")
        tiles = data.get("tiles")
        if not isinstance(tiles, list):
            raise PositionError("the position has no 'tiles' list")
        slots: list[Slot] = []
        faces: list[str] = []
        for index, tile in enumerate(tiles):
            if (
                not isinstance(tile, list)
                or len(tile) != 4
                or not all(is_whole_number(v) for v in tile[:3])
            ):
                raise PositionError(f'tile {index} is not [x, y, z, "face"] with whole numbers')
            if not isinstance(tile[3], str) or not tile[3]:
                raise PositionError(f'tile {index}\'s face is not a name in quotes ("b3")')
            slots.append((tile[0], tile[1], tile[2]))
            faces.append(tile[3])
        removed = data.get("removed", [])
        if not isinstance(removed, list) or not all(is_whole_number(i) for i in removed):
            raise PositionError("'removed' must be a list of tile indices")
        if len(set(removed)) != len(removed):
            raise PositionError("'removed' names a tile twice")
        return cls(tuple(slots), tuple(faces), frozenset(removed))

    @classmethod
    def loads(cls, text: str) -> Position:
        if not text.strip():  # JSON's own word for it is "Expecting value"
            raise PositionError("empty")
        try:
            data = strict_json(text)
        except (json.JSONDecodeError, RecursionError, JsonRefused) as error:
            raise PositionError(f"not JSON: {error}") from None
        except ValueError:  # Python's limit on the digits of an integer (4300)
            raise PositionError("a number in it has too many digits") from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: Path) -> Position:
        """The position in the file at `path`. A file that cannot be read is refused with the
        TextFileError as the cause (a NotRegularFile: a pipe, which `solve -` reads)."""
        try:
            text = read_text_file(path, MAX_FILE_BYTES, "position file", bom=True)
        except TextFileError as error:
            raise PositionError(str(error)) from error
        return cls._read(text, str(path))

    @classmethod
    def load_bytes(cls, data: bytes, source: str) -> Position:
        """The position in `data`, read from `source` (standard input) by the rules of a file:
        `data` holds a byte more than MAX_FILE_BYTES when there was more."""
        try:
            text = text_read(data, source, MAX_FILE_BYTES, "position file", bom=True)
        except TextFileError as error:
            raise PositionError(str(error)) from None
        return cls._read(text, source)

    @classmethod
    def _read(cls, text: str, source: str) -> Position:
        try:
            return cls.loads(text)
        except PositionError as error:
            raise PositionError(f"{source}: {error}") from None
