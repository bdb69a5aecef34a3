"""GNOME Mahjongg's `.map` files: XML, several maps to a file, in whole-tile units.

    <mahjongg>
      <map name="Easy" scorename="easy">
        <layer z="0">
          <row left="1" right="12" y="0"/>        tiles x = 1..12 at y = 0
          <column x="0" top="3" bottom="4"/>      tiles y = 3..4 at x = 0
          <block left="4" right="9" top="1" bottom="6"/>
          <tile x="0" y="3.5"/>                   .5 is half a tile
        </layer>
      </map>
    </mahjongg>

Any of row/column/block/tile may carry its own z; element and attribute names are read without
regard to case, as GNOME Mahjongg does. A map whose tiles or name are refused is left out, told in
one line, and the file's other maps are played; what is wrong with the file itself (not XML, a
tile outside any map) refuses the whole file. Parsed with expat (the parser under xml.etree) so
every error can name its line; a document type declaration is refused outright, which rules out
entity expansion attacks ("billion laughs") and external entities.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from xml.parsers import expat

from lines_tui.engine.mahjong.geometry import MAX_COORDINATE, MAX_TILES, LayoutError, Slot
from lines_tui.engine.mahjong.layouts.layout import (
    MAX_NAME,
    FileLayouts,
    Layout,
    LeftOut,
    TileCollector,
    normalised,
    read_layout_text,
    tiles_counted,
)
from lines_tui.engine.visible_text import TITLE_CHARS, repeated, shown_text

_TILE_ELEMENTS = {"row", "column", "block", "tile"}
_REQUIRED = {
    "row": ("left", "right", "y"),
    "column": ("x", "top", "bottom"),
    "block": ("left", "right", "top", "bottom"),
    "tile": ("x", "y"),
}


_DECIMAL = re.compile(r"\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)\s*", re.ASCII)
"""A coordinate as map files write it: ASCII digits with a point. What else Python's `float`
takes (`1_0`, `1e-400`, digits of other scripts, `inf`) is no map's number and is refused."""


def _whole_tile_units(slot: Slot) -> str:
    x, y, z = slot
    return f"x={x / 2:g} y={y / 2:g} z={z}"


MAX_FILE_TILES = 16 * MAX_TILES
"""The most tiles a map file may hold in all: GNOME Mahjongg's own holds a few thousand. Each
map is refused alone past `MAX_TILES`, but a file of thousands of maps just under it took a
minute to read (a re-check)."""


class FileTooLarge(LayoutError):
    """The map file holds more tiles than `MAX_FILE_TILES`: the file is refused, not a map."""


class _MapReader:
    def __init__(self, source: str, parser: expat.XMLParserType) -> None:
        self.source = source
        self.parser = parser
        self.maps: list[Layout] = []
        self.left_out: list[LeftOut] = []
        self.layer = 0
        self.map_attributes: dict[str, str] | None = None
        self.map_line = 0
        self.tiles: TileCollector | None = None
        self.refused: str | None = None
        """Why the map being read is left out (None: nothing yet)."""
        self.file_tiles = 0
        """The tiles of the file's maps so far, counted before they are made."""

    def fail(self, message: str) -> LayoutError:
        return LayoutError(f"{self.source}: line {self.parser.CurrentLineNumber}: {message}")

    def refuse_doctype(self, *_: object) -> None:
        raise self.fail("document type declarations are not accepted in map files")

    def start(self, tag: str, raw: dict[str, str]) -> None:
        element = tag.lower()
        attributes = {key.lower(): value for key, value in raw.items()}
        if element == "map":
            if self.map_attributes is not None:
                raise self.fail("<map> inside another <map>")
            self.map_attributes = attributes
            self.map_line = self.parser.CurrentLineNumber
            self.tiles = TileCollector(self.source, _whole_tile_units)
            self.refused = None
        elif element == "layer":
            self.in_map(lambda: self.read_layer(attributes))
        elif element in _TILE_ELEMENTS:
            tiles = self.tiles
            if tiles is None:
                raise self.fail(f"<{element}> outside a <map>")
            self.in_map(lambda: self.add_tiles(element, attributes, tiles))

    def read_layer(self, attributes: dict[str, str]) -> None:
        self.layer = self.integer("layer", attributes, "z")

    def in_map(self, read: Callable[[], object]) -> None:
        """`read` a part of a map: one the map refuses leaves the map out, not the file (outside
        a map, the file is refused). The map's first refusal is the one told."""
        if self.map_attributes is None:
            read()
        elif self.refused is None:
            try:
                read()
            except FileTooLarge:
                raise
            except LayoutError as error:
                self.refused = str(error)

    def end(self, tag: str) -> None:
        element = tag.lower()
        if element == "layer":
            self.layer = 0
        elif element == "map" and self.map_attributes is not None and self.tiles is not None:
            attributes, tiles = self.map_attributes, self.tiles
            self.map_attributes, self.tiles = None, None
            problem = self.refused
            if problem is None:
                try:
                    self.maps.append(self.finish_map(attributes, tiles))
                except LayoutError as error:
                    problem = str(error)
            if problem is not None:
                self.left_out.append(LeftOut(_names(attributes), problem))

    def finish_map(self, attributes: dict[str, str], tiles: TileCollector) -> Layout:
        names = _names(attributes)
        if not names:
            raise LayoutError(f"{self.source}: line {self.map_line}: <map> has no name")
        title, name = names
        if len(name) > MAX_NAME:  # said here, with the line: the Layout's source holds the name
            where = f"{self.source}: line {self.map_line}"
            raise LayoutError(f"{where}: the map's name is over {MAX_NAME} characters long")
        count = len(tiles.slots)
        if count == 0 or count % 2:
            raise LayoutError(
                f"{self.source}: line {self.map_line}: map {shown_text(title, TITLE_CHARS)!r} "
                f"has {tiles_counted(count)}; "
                "a layout needs an even, positive number"
            )
        return Layout(name, title, normalised(tiles.slots), f"{self.source}#{name}")

    def add_tiles(self, element: str, attributes: dict[str, str], tiles: TileCollector) -> None:
        missing = [a for a in _REQUIRED[element] if a not in attributes]
        if missing:
            raise self.fail(f"<{element}> lacks {', '.join(missing)}")
        z = self.integer(element, attributes, "z") if "z" in attributes else self.layer
        line = self.parser.CurrentLineNumber
        if element == "row":
            xs = self.span(element, attributes, "left", "right")
            ys = self.point(element, attributes, "y")
        elif element == "column":
            xs = self.point(element, attributes, "x")
            ys = self.span(element, attributes, "top", "bottom")
        elif element == "block":
            xs = self.span(element, attributes, "left", "right")
            ys = self.span(element, attributes, "top", "bottom")
        else:
            xs, ys = self.point(element, attributes, "x"), self.point(element, attributes, "y")
        # Counted before a place is made: a block may span 513 x 513 places, and a file of
        # thousands of such maps took minutes to refuse one by one.
        count = len(xs) * len(ys)
        if len(tiles.slots) + count > MAX_TILES:
            raise self.fail(f"more than {MAX_TILES} tiles")
        self.file_tiles += count
        if self.file_tiles > MAX_FILE_TILES:
            raise FileTooLarge(
                f"{self.source}: line {self.parser.CurrentLineNumber}: the file's maps hold "
                f"more than {MAX_FILE_TILES:,} tiles in all: not a file of layouts to read"
            )
        for x in xs:
            for y in ys:
                tiles.add((x, y, z), line)

    def point(self, element: str, attributes: dict[str, str], name: str) -> range:
        """One coordinate, as the span of a single place."""
        at = self.half(element, attributes, name)
        return range(at, at + 1)

    def half(self, element: str, attributes: dict[str, str], name: str) -> int:
        """A coordinate in half-tile units; the file gives whole tiles, where .5 is half a step."""
        text = attributes[name]
        doubled = float(text) * 2 if _DECIMAL.fullmatch(text) else float("nan")
        if not doubled.is_integer():
            raise self.fail(f"<{element}> {name}='{repeated(text)}' is not a whole or half number")
        if abs(doubled) > MAX_COORDINATE:
            limit = MAX_COORDINATE // 2
            raise self.fail(
                f"<{element}> {name}='{repeated(text)}' is out of range (-{limit} to {limit})"
            )
        return int(doubled)

    def integer(self, element: str, attributes: dict[str, str], name: str) -> int:
        text = attributes.get(name, "")
        if not re.fullmatch(r"\s*\d{1,3}\s*", text, re.ASCII):
            raise self.fail(f"<{element}> {name}='{repeated(text)}' is not a layer number")
        return int(text)

    def span(self, element: str, attributes: dict[str, str], low: str, high: str) -> range:
        first, last = self.half(element, attributes, low), self.half(element, attributes, high)
        if last < first:
            raise self.fail(f"<{element}> {low} is greater than {high}")
        return range(first, last + 1, 2)


def _names(attributes: dict[str, str]) -> tuple[str, str] | tuple[()]:
    """A map's title and name (its key: from `scorename`, else the title), or none for a map
    without a title."""
    title = attributes.get("name") or attributes.get("_name") or ""
    if not title.strip():
        return ()
    key = attributes.get("scorename") or title
    return title, re.sub(r"[^\w]+", "-", key.strip().lower()).strip("-") or "map"


def parse_gnome_maps(text: str, *, source: str) -> FileLayouts:
    """Every map in the document that can be played, and those left out; one-line LayoutErrors
    naming `source` and the line when there is none to play."""
    parser = expat.ParserCreate()
    reader = _MapReader(source, parser)
    parser.StartElementHandler = reader.start
    parser.EndElementHandler = reader.end
    parser.StartDoctypeDeclHandler = reader.refuse_doctype
    parser.EntityDeclHandler = reader.refuse_doctype
    try:
        parser.Parse(text, True)
    except expat.ExpatError as error:
        raise LayoutError(
            f"{source}: line {error.lineno}: not well-formed XML ({expat.ErrorString(error.code)})"
        ) from None
    if not reader.maps:
        first = reader.left_out[0].problem if reader.left_out else f"{source}: no <map> in the file"
        raise LayoutError(first)
    # A map whose name an earlier map of the file took is reached by its place: FILE.map#2.
    taken: set[str] = set()
    maps = []
    for number, layout in enumerate(reader.maps, start=1):
        if layout.name in taken:
            layout = replace(layout, source=f"{source}#{number}")
        taken.add(layout.name)
        maps.append(layout)
    return FileLayouts(maps, reader.left_out)


def read_gnome_maps(path: Path) -> FileLayouts:
    return parse_gnome_maps(read_layout_text(path), source=str(path))
