"""KMahjongg's plain-text `.layout` files and the `.desktop` files that name them.

    kmahjongg-layout-v1.1        (or -v1.0: the grid is then always 32 x 16 x 5)
    w30                          (v1.1: width, height and depth of the grid in half-tile cells)
    h16
    d5
    # comment lines start with '#'
    ..1212..                     every other line is grid cells; all of them are concatenated and
    ..4343..                     read x first, then y, then layer (layer 0 first)

A tile's four cells are marked 1 (top left, the anchor: the tile's place), 2, 3 and 4 clockwise;
KMahjongg reads only the anchors, and so do we. Anything else is an empty cell.
"""

from __future__ import annotations

import bisect
import contextlib
import itertools
import re
from pathlib import Path

from lines_tui.engine.mahjong.geometry import LayoutError
from lines_tui.engine.mahjong.layouts.layout import (
    Layout,
    TileCollector,
    normalised,
    read_layout_text,
)
from lines_tui.engine.numbers import small_number
from lines_tui.engine.text_file import is_a_file
from lines_tui.engine.visible_text import repeated

MAGIC_V10 = "kmahjongg-layout-v1.0"
MAGIC_V11 = "kmahjongg-layout-v1.1"
V10_SIZE = (32, 16, 5)
MAX_DIMENSION = 256
_DIMENSION = re.compile(r"([whd])(.*)")


def parse_kmahjongg(
    text: str, *, source: str, name: str, title: str, description: str = ""
) -> Layout:
    """The layout in `text`; errors are one-line LayoutErrors naming `source` and the line."""
    lines = text.splitlines()
    header = lines[0].strip() if lines else ""
    if header not in (MAGIC_V10, MAGIC_V11):
        raise LayoutError(
            f"{source}: line 1: not a KMahjongg layout (expected {MAGIC_V10!r} or {MAGIC_V11!r})"
        )
    size: dict[str, int] = dict(zip("whd", V10_SIZE, strict=True)) if header == MAGIC_V10 else {}
    said_on: dict[str, int] = {}  # the line each size is given on (v1.1)
    rows: list[tuple[int, str]] = []
    for number, line in enumerate(lines[1:], start=2):
        if line.startswith("#"):
            continue
        dimension = _DIMENSION.fullmatch(line.strip()) if header == MAGIC_V11 else None
        if dimension:
            letter, value = dimension.groups()
            read = small_number(value, MAX_DIMENSION)
            if not read:  # 0 is no size either
                raise LayoutError(
                    f"{source}: line {number}: '{repeated(line.strip())}' is not a size "
                    f"('{letter}' and a whole number from 1 to {MAX_DIMENSION})"
                )
            size[letter] = read
            said_on[letter] = number
        elif line:
            rows.append((number, line))
    missing = [letter for letter in "whd" if letter not in size]
    if missing:
        raise LayoutError(f"{source}: line 1: the header lacks the {'/'.join(missing)} line(s)")
    width, height, depth = size["w"], size["h"], size["d"]
    cells = "".join(row for _, row in rows)
    expected = width * height * depth
    if len(cells) != expected:
        grid = (width, height, depth)
        raise LayoutError(f"{source}: {_count_problem(rows, grid, said_on.get('w'), len(cells))}")
    starts = list(itertools.accumulate((len(row) for _, row in rows), initial=0))
    collector = TileCollector(source)
    for anchor in re.finditer("1", cells):
        index = anchor.start()
        x, y, z = index % width, index // width % height, index // (width * height)
        number = rows[bisect.bisect_right(starts, index) - 1][0]
        if x + 1 >= width or y + 1 >= height:
            raise LayoutError(
                f"{source}: line {number}: tile at x={x} y={y} layer {z} sticks out of the "
                f"{width} x {height} grid"
            )
        collector.add((x, y, z), number)
    return Layout(name, title, normalised(collector.slots), source, description)


def _count_problem(
    rows: list[tuple[int, str]], grid: tuple[int, int, int], width_line: int | None, found: int
) -> str:
    """Why the grid has the wrong number of cells: in a file laid out a row per line, as KMahjongg
    writes them, the first row of the wrong length (when fewer than half are, or half of as
    many rows as the grid has: of two rows, one cut short), or the width line if there are as
    many rows as the grid has and every one disagrees with it alike; otherwise the count."""
    width, height, depth = grid
    wrong = [(number, row) for number, row in rows if len(row) != width]
    lengths = {len(row) for _, row in rows}
    if len(rows) == height * depth > 1 and len(lengths) == 1 and wrong:
        if width_line is None:  # v1.0: the width is the format's
            number, row = wrong[0]
            return f"line {number}: rows of {len(row)} cells; a v1.0 grid is {width} wide"
        return f"line {width_line}: w{width}, but every row of the grid is {lengths.pop()} cells"
    half_of_the_grid = len(rows) == height * depth and len(wrong) * 2 == len(rows)
    if wrong and (len(wrong) * 2 < len(rows) or half_of_the_grid):
        number, row = wrong[0]
        return f"line {number}: a row of {len(row)} cells; the grid is {width} wide"
    return (
        f"{found} grid cells ({len(rows)} {'row' if len(rows) == 1 else 'rows'}); a {width} x "
        f"{height} x {depth} grid needs {width * height * depth} ({height * depth} rows)"
    )


def parse_desktop(text: str) -> dict[str, str]:
    """The untranslated keys of a `.desktop` file (`Name=Turtle`, not `Name[de]=...`)."""
    entries: dict[str, str] = {}
    for line in text.splitlines():
        key, sep, value = line.partition("=")
        key = key.strip()
        if sep and key and not key.startswith(("#", "[")) and "[" not in key:
            entries.setdefault(key, value.strip())
    return entries


def title_from_file_name(stem: str) -> str:
    """A title for a layout that has none, from its file's name: `pair_v10` is "Pair V10". Only
    the first letter of each word is made a capital, and nothing else changes case: `str.title`
    also capitalised each letter after a non-letter, so an escape sequence or markup in the name
    changed in the title (`esc\x1b[7mname` became "Esc\x1b[7Mname", `[red]mark` "[Red]Mark")."""
    words = stem.replace("_", " ").replace("-", " ").split()
    return " ".join(word[:1].upper() + word[1:] for word in words)


def read_kmahjongg(path: Path) -> Layout:
    """A `.layout` file; its display name comes from the `.desktop` file of the same stem beside
    it (as KMahjongg installs them), else from the file name."""
    text = read_layout_text(path)
    entries: dict[str, str] = {}
    desktop = path.with_suffix(".desktop")
    if is_a_file(desktop):
        # An unreadable name file costs only the display name, not the layout.
        with contextlib.suppress(LayoutError):
            entries = parse_desktop(read_layout_text(desktop))
    title = entries.get("Name") or title_from_file_name(path.stem)
    return parse_kmahjongg(
        text,
        source=str(path),
        name=path.stem.lower(),
        title=title,
        description=entries.get("Description", ""),
    )
