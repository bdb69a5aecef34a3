"""Layouts: where the tiles go. Built-in ones ship here as KMahjongg `.layout` files (with a
`.desktop` file each for the display name); installed ones are read from KMahjongg's and GNOME
Mahjongg's folders."""

from lines_tui.engine.mahjong.geometry import LayoutError
from lines_tui.engine.mahjong.layouts.catalogue import (
    BUILTIN_NAMES,
    Discovery,
    builtin_layouts,
    discover_layouts,
    find_layout,
    installed_layouts,
    layout_files,
    layout_folders,
    layout_reference,
    read_layout_file,
)
from lines_tui.engine.mahjong.layouts.identity import (
    builtin_layout,
    layout_for_table,
    layout_table_name,
)
from lines_tui.engine.mahjong.layouts.layout import Layout

__all__ = [
    "BUILTIN_NAMES",
    "Discovery",
    "Layout",
    "LayoutError",
    "builtin_layout",
    "builtin_layouts",
    "discover_layouts",
    "find_layout",
    "installed_layouts",
    "layout_files",
    "layout_folders",
    "layout_for_table",
    "layout_reference",
    "layout_table_name",
    "read_layout_file",
]
