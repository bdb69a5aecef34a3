"""A layout: the named, fixed set of tile places a game is dealt onto."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from lines_tui.engine.mahjong.geometry import (
    MAX_TILES,
    Geometry,
    LayoutError,
    Slot,
    place_problem,
)
from lines_tui.engine.prose import counted
from lines_tui.engine.text_file import TextFileError, read_text_file
from lines_tui.engine.visible_text import TITLE_CHARS, shown_text, spelled_out

BUILTIN = "built-in"

DESCRIPTION_CHARS = 200
"""The longest description kept (for display); a longer one is cut, ending in "…"."""

MAX_NAME = 255
"""The longest name: that of the longest file name most file systems allow (a KMahjongg layout's
name is its file name). Only a GNOME map's name (or title) can be longer, and such a map is not
one anybody types: it is refused rather than cut into a name that is not its own."""


@dataclass(frozen=True)
class LeftOut:
    """A map of a file that cannot be played, and why, in one line naming the file and the line:
    the file's other maps are played (a file of GNOME Mahjongg's holds many)."""

    names: tuple[str, ...]
    """What `FILE.map#NAME` would have picked it by (its title and its name; none: nameless)."""
    problem: str


@dataclass(frozen=True)
class FileLayouts:
    """The layouts of one file that can be played, and the maps of it left out."""

    layouts: list[Layout]
    left_out: list[LeftOut] = field(default_factory=list)


@dataclass(frozen=True)
class Layout:
    """Tile places (half-tile units, see `geometry`), always sorted bottom layer first, then by row
    and column, and shifted so the smallest x, y and z are 0."""

    name: str
    """The key players type and leaderboards use: lowercase, e.g. "turtle"."""
    title: str
    """For display, e.g. "Turtle"."""
    slots: tuple[Slot, ...]
    source: str = BUILTIN
    """Where it came from: "built-in", a file path, or "path#map" for one map of a GNOME file.
    Anything but "built-in" can be given to `find_layout` to load the layout again."""
    description: str = ""

    def __post_init__(self) -> None:
        # Names come from files anyone can write; control characters in them could drive the
        # terminal, so they are spelled out (\x1b), as in the title and in every outside text
        # (README), its whitespace collapsed to single spaces. A name is what commands take, so it
        # is kept whole: cut, it was not the file's name any more (typing that found nothing), two
        # layouts could share it, and a map's `FILE.map#NAME` found no map. Lowercased before it
        # is spelled out: \U0001f600 lowercased is another escape.
        object.__setattr__(self, "name", layout_name(self.name))
        # A title is only shown: its control characters are spelled out (\x1b), as for every
        # outside text (README), rather than dropped, and a long one is cut with "…".
        title = shown_text(self.title, TITLE_CHARS) or shown_text(self.name, TITLE_CHARS)
        object.__setattr__(self, "title", title)
        object.__setattr__(self, "description", shown_text(self.description, DESCRIPTION_CHARS))
        if not self.name:
            raise LayoutError(f"{self.source}: the layout has no name")
        if len(self.name) > MAX_NAME:
            raise LayoutError(f"{self.source}: the name is over {MAX_NAME} characters long")
        count = len(self.slots)
        if count == 0:
            raise LayoutError(f"{self.where}: the layout has no tiles")
        if count % 2:
            odd = tiles_counted(count)
            raise LayoutError(f"{self.where}: {odd}; a layout needs an even number")
        if count > MAX_TILES:
            raise LayoutError(f"{self.where}: {count} tiles; at most {MAX_TILES} are allowed")
        # Overlaps are refused now; the neighbour tables wait until a game needs them, so that
        # listing dozens of installed layouts stays quick.
        collector = TileCollector(self.where)
        for index, slot in enumerate(self.slots):
            problem = place_problem(index, slot)
            if problem is not None:
                raise LayoutError(f"{self.where}: {problem}")
            collector.add(slot)

    @cached_property
    def geometry(self) -> Geometry:
        return Geometry(self.slots)

    @property
    def where(self) -> str:
        """How error messages name this layout."""
        return f"built-in layout {self.name!r}" if self.is_builtin else self.source

    @property
    def is_builtin(self) -> bool:
        return self.source == BUILTIN

    @property
    def width(self) -> int:
        """Extent in half-tile units (a tile is 2 wide)."""
        return max(x for x, _, _ in self.slots) + 2

    @property
    def height(self) -> int:
        """Extent in half-tile units (a tile is 2 high)."""
        return max(y for _, y, _ in self.slots) + 2

    @property
    def depth(self) -> int:
        """Number of layers."""
        return max(z for _, _, z in self.slots) + 1

    def __len__(self) -> int:
        return len(self.slots)


def layout_name(text: str) -> str:
    """The name a layout called `text` (a file's name, a map's) is known by: lowercase, runs of
    whitespace one space, control characters spelled out (see `Layout`)."""
    return spelled_out(" ".join(text.split()).lower())


def normalised(slots: Iterable[Slot]) -> tuple[Slot, ...]:
    """The places shifted to start at x = y = z = 0, in canonical order (layer, row, column)."""
    places = list(slots)
    if not places:
        return ()
    min_x = min(x for x, _, _ in places)
    min_y = min(y for _, y, _ in places)
    min_z = min(z for _, _, z in places)
    return tuple(
        sorted(
            ((x - min_x, y - min_y, z - min_z) for x, y, z in places),
            key=lambda s: (s[2], s[1], s[0]),
        )
    )


class TileCollector:
    """Gathers the places a layout file declares and refuses overlaps on the line that causes them,
    so the error can name it (the geometry check alone would only name the two positions)."""

    def __init__(self, source: str, describe: Callable[[Slot], str] | None = None) -> None:
        self.source = source
        self._describe = describe or _in_half_units
        self.slots: list[Slot] = []
        self._owner: dict[Slot, tuple[Slot, int | None]] = {}

    def add(self, slot: Slot, line: int | None = None) -> None:
        x, y, z = slot
        at = "" if line is None else f"line {line}: "
        for cell in ((x, y, z), (x + 1, y, z), (x, y + 1, z), (x + 1, y + 1, z)):
            taken = self._owner.get(cell)
            if taken is not None:
                other, other_line = taken
                there = "" if other_line is None else f" (line {other_line})"
                raise LayoutError(
                    f"{self.source}: {at}tile at {self._describe(slot)} overlaps the tile "
                    f"at {self._describe(other)}{there}"
                )
        for cell in ((x, y, z), (x + 1, y, z), (x, y + 1, z), (x + 1, y + 1, z)):
            self._owner[cell] = (slot, line)
        if len(self.slots) >= MAX_TILES:
            raise LayoutError(f"{self.source}: {at}more than {MAX_TILES} tiles")
        self.slots.append(slot)


def _in_half_units(slot: Slot) -> str:
    x, y, z = slot
    return f"x={x} y={y} layer {z}"


MAX_FILE_BYTES = 1 << 20
"""Layout files are a few kilobytes; a larger file is not one, and reading it whole would be a way
to make the game slow or run out of memory."""


def read_layout_text(path: Path) -> str:
    """The text of a layout file, or a one-line LayoutError that names it."""
    try:
        return read_text_file(path, MAX_FILE_BYTES, "layout file", bom=True)
    except TextFileError as error:
        raise LayoutError(str(error)) from None


def tiles_counted(count: int) -> str:
    """1 tile, 3 tiles: `count` tiles in words."""
    return counted(count, "tile")
