"""Which leaderboard table a layout feeds: one per set of tile places, never per file name.

A built-in layout's table is its name ("turtle"). Any other layout's table is its name (letters,
digits, '.', '_' and '-' only, at most 23 characters) plus '-' and the first 8 hex digits of the
SHA-256 of its tile places, so a two-tile file called turtle.layout (or a GNOME map with
scorename="turtle") feeds a table of its own, and two friends with the same installed file share
one (README, "Which table a game feeds"). A file with exactly the tile places of a built-in layout
feeds the built-in one's table: it is the same game.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from lines_tui.engine.mahjong.geometry import Slot
from lines_tui.engine.mahjong.layouts.catalogue import builtin_layouts, installed_layouts
from lines_tui.engine.mahjong.layouts.kmahjongg import title_from_file_name
from lines_tui.engine.mahjong.layouts.layout import Layout

NAME_CHARS = 23
_NOT_NAME = re.compile(r"[^a-z0-9._-]+")
_HASH_DIGITS = 8
_HASH = re.compile(f"[0-9a-f]{{{_HASH_DIGITS}}}")
UNNAMED = "layout"
"""The name of a layout whose own has no letter or digit, in its table's name."""
UNNAMED_TITLE = "Layout"
"""The title of a layout's table whose name has no word."""


def places_hash(slots: Sequence[Slot]) -> str:
    """8 hex digits that change with any tile place (the places are sorted, see Layout)."""
    text = ";".join(f"{x},{y},{z}" for x, y, z in slots)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:_HASH_DIGITS]


@cache
def _builtin_tables() -> dict[tuple[Slot, ...], str]:
    """The built-in layouts' tables by their exact tile places: 8 hex digits of a hash are 32
    bits, few enough to forge a file of other places that would feed a built-in's table."""
    return {layout.slots: layout.name for layout in builtin_layouts()}


def layout_table_name(layout: Layout) -> str:
    """The name of the table the layout's games feed (the part after `mahjong-`)."""
    builtin = _builtin_tables().get(layout.slots)
    if builtin is not None:
        return builtin
    name = _NOT_NAME.sub("-", layout.name.lower()).strip("-._")[:NAME_CHARS].rstrip("-._")
    return f"{name or UNNAMED}-{places_hash(layout.slots)}"


def table_title(table_name: str) -> str:
    """A title for the layout of the table `table_name` when no layout file is at hand (one not
    installed here): the name made a title as a file's name is, the hash after it left as it
    is, being no word: `foo-1234abcd` is "Foo 1234abcd", `turtle` "Turtle". A name of no word
    (`-1234abcd`, from a file edited by hand or a friend's code) is "Layout", as a layout of no
    name feeds `layout-1234abcd` (`layout_table_name`): "Layout 1234abcd", never " 1234abcd"."""
    name, dash, digest = table_name.rpartition("-")
    if dash and _HASH.fullmatch(digest):
        return f"{title_from_file_name(name) or UNNAMED_TITLE} {digest}"
    return title_from_file_name(table_name) or UNNAMED_TITLE


def builtin_layout(table_name: str) -> Layout | None:
    """The built-in layout whose table is `table_name`, or None: no layout folder is read."""
    return next((layout for layout in builtin_layouts() if layout.name == table_name), None)


def layout_for_table(table_name: str, folders: Sequence[Path] | None = None) -> Layout | None:
    """The layout (built-in, else installed in `folders`) whose table is `table_name`, or None."""
    builtin = builtin_layout(table_name)
    if builtin is not None or "-" not in table_name:
        return builtin
    for layout in installed_layouts(folders):
        if layout_table_name(layout) == table_name:
            return layout
    return None
