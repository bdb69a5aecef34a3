"""`lines-tui layouts` and `lines-tui deal`.

The layouts and the dealer are imported when a command runs: every start of `lines-tui` loads
this module to build the command line, and the app's first frame should not wait for them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from lines_tui.commands.common import fail, say, warn
from lines_tui.outside_text import printable
from lines_tui.seeds import fresh_seed

if TYPE_CHECKING:
    from lines_tui.engine.mahjong.layouts import Layout
    from lines_tui.engine.mahjong.position import Position

FolderOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--folder",
        metavar="DIR",
        exists=True,
        file_okay=False,
        help="Look for installed layouts in this folder instead of the usual places "
        "(KMahjongg's and GNOME Mahjongg's folders); may be given more than once.",
    ),
]


def list_layouts(folder: FolderOption = None) -> None:
    """Print every layout the game can deal: built-in first, then those installed by KMahjongg and
    GNOME Mahjongg. Files that cannot be read are reported on stderr and skipped."""
    from lines_tui.engine.mahjong.layouts import builtin_layouts, discover_layouts

    found = discover_layouts(folder)
    rows = [("NAME", "TILES", "SIZE", "TITLE", "FROM")]
    taken: set[str] = set()
    for layout in [*builtin_layouts(), *found.layouts]:
        origin = layout.source
        if layout.name in taken:
            origin += "  (name taken: use the path)"
        taken.add(layout.name)
        title = printable(layout.title)
        rows.append((printable(layout.name), str(len(layout)), _size(layout), title, origin))
    widths = [max(len(row[column]) for row in rows) for column in range(4)]
    for row in rows:
        cells = [row[c].rjust(widths[c]) if c == 1 else row[c].ljust(widths[c]) for c in range(4)]
        say("  ".join([*cells, row[4]]).rstrip())
    for problem in found.problems:
        warn(f"skipped {problem}")


def _size(layout: Layout) -> str:
    """Columns x rows x layers in whole tiles, the way players count them."""
    return f"{layout.width / 2:g}x{layout.height / 2:g}x{layout.depth}"


def deal(
    layout: Annotated[
        str,
        typer.Option(
            "--layout",
            metavar="NAME|PATH",
            help="A layout name (see `lines-tui layouts`; any case) or the path of a "
            "KMahjongg .layout or GNOME Mahjongg .map file (FILE.map#NAME picks one map).",
        ),
    ] = "turtle",
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            metavar="N",
            help="Deal number (a whole number >= 0); the same layout and seed always give the "
            "same deal. Default: a random one, named on stderr.",
        ),
    ] = None,
    folder: FolderOption = None,
) -> None:
    """Print the dealt position as position JSON: {"tiles": [[x, y, z, "face"], ...]}."""
    from lines_tui.engine.mahjong.deal import deal as deal_position
    from lines_tui.engine.mahjong.layouts import LayoutError, find_layout

    try:
        chosen = find_layout(layout, folder)
    except LayoutError as error:
        fail(str(error))
    if seed is not None and seed < 0:
        fail(f"--seed must be a whole number >= 0, not {seed}")
    if seed is None:
        seed = fresh_seed()
        warn(f"seed {seed}")
    say(*position_text(deal_position(chosen, seed)).splitlines())


def position_text(position: Position) -> str:
    """Position JSON with one tile to a line, so a dealt position is readable and diffs well."""
    data = position.to_json()
    tiles = ",\n".join(f"  {json.dumps(tile)}" for tile in data.pop("tiles"))
    rest = "".join(f',\n "{key}": {json.dumps(value)}' for key, value in data.items())
    return f'{{"tiles": [\n{tiles}\n]{rest}}}'
