"""`lines-tui layouts` and `lines-tui deal`.

The layouts and the dealer are imported when a command runs: every start of `lines-tui` loads
this module to build the command line, and the app's first frame should not wait for them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from lines_tui.commands.common import fail, progress, progress_line, say, warn
from lines_tui.commands.exit_codes import INTERRUPTED
from lines_tui.commands.numbers import whole_number_option
from lines_tui.commands.options import settings
from lines_tui.commands.paths import folder_value, layout_value, path_value
from lines_tui.commands.play import seed_option
from lines_tui.outside_text import column_width, printable_column
from lines_tui.seeds import fresh_seed

if TYPE_CHECKING:
    from lines_tui.engine.deal_choice import Skipped
    from lines_tui.engine.mahjong.layouts import Layout
    from lines_tui.engine.mahjong.position import Position
    from lines_tui.engine.mahjong.solvable import ProvedDeal

FolderOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--folder",
        metavar="DIR",
        parser=folder_value,
        help="Look for installed layouts in this folder instead of the usual places "
        "(KMahjongg's and GNOME Mahjongg's folders); may be given more than once.",
    ),
]


TITLE_COLUMNS = 40
"""The widest a title is listed, cut with "…" past it: a layout keeps 40 characters of its title,
so only one of wide (CJK) characters, two cells each, is cut here."""

MAX_SURVEY_DEALS = 100_000
"""Deals a layout at most (hours of solving on two cores): the deals to solve are listed before
the first is solved, and a larger N filled the memory instead."""

MAX_SURVEY_WORKERS = 1024
"""Processes a survey runs at most (`--workers`): more than any machine has cores, and a number
the pool can count (one too large for a C int ended in an OverflowError's traceback)."""


def list_layouts(
    ctx: typer.Context,
    folder: FolderOption = None,
    survey: Annotated[
        int | None,
        whole_number_option(
            "--survey",
            1,
            MAX_SURVEY_DEALS,
            "Instead of the list: solve deals 0..N-1 of each built-in layout (or of each "
            "--survey-layout) with every core and print the share of solvable deals and the "
            "median playouts. ctrl+c stops it; the same command goes on from there.",
        ),
    ] = None,
    survey_layouts: Annotated[
        list[str] | None,
        typer.Option(
            "--survey-layout",
            parser=layout_value,
            metavar="NAME",
            help="Survey this layout (repeatable).",
        ),
    ] = None,
    workers: Annotated[
        int | None,
        whole_number_option(
            "--workers",
            1,
            MAX_SURVEY_WORKERS,
            f"Processes for --survey, at most {MAX_SURVEY_WORKERS} (default: every core).",
        ),
    ] = None,
    progress_file: Annotated[
        Path | None,
        typer.Option(
            "--progress-file",
            metavar="FILE",
            parser=path_value,
            help="Where --survey keeps each deal's outcome (default: survey.jsonl in the data "
            "folder).",
        ),
    ] = None,
) -> None:
    """Print every layout the game can deal: built-in first, then those installed by KMahjongg and
    GNOME Mahjongg, each with the leaderboard table its games feed. Files and folders that cannot
    be read are reported on stderr and skipped."""
    if survey is not None:
        start_survey(ctx, survey, survey_layouts, workers, progress_file, folder)
        return
    for option, value in (
        ("--survey-layout", survey_layouts),
        ("--workers", workers),
        ("--progress-file", progress_file),
    ):
        if value is not None:
            fail(f"{option} is for --survey N; without --survey it does nothing")
    from lines_tui.engine.mahjong.layouts import discover_layouts

    found = discover_layouts(folder)
    rows = _layout_rows(found.layouts)
    # Columns in terminal cells (a CJK character takes two); a name or a table is what a command
    # takes, so only a title is cut.
    widths = [
        column_width((row[c] for row in rows), TITLE_COLUMNS if c == 4 else None) for c in range(5)
    ]
    for row in rows:
        cells = [
            row[c].rjust(widths[c]) if c == 1 else printable_column(row[c], widths[c])
            for c in range(5)
        ]
        say("  ".join([*cells, row[5]]).rstrip())
    for problem in [*found.unread_folders, *found.problems, *found.left_out]:
        warn(f"skipped: {problem}")
    for searched in folder or []:
        _say_where_layouts_are(searched)


def _layout_rows(installed: Sequence[Layout]) -> list[tuple[str, str, str, str, str, str]]:
    """The listing's heading and a row for each layout, the built-in ones first."""
    from lines_tui.engine.mahjong.layouts import (
        builtin_layouts,
        layout_reference,
        layout_table_name,
    )

    rows = [("NAME", "TILES", "SIZE", "TABLE", "TITLE", "FROM")]
    listed = [*builtin_layouts(), *installed]
    home = home_prefix()
    for place, layout in enumerate(listed):
        origin = layout.source
        if home and origin.startswith(home):
            # Your home folder as ~ (as `--layout` takes it): the path comes last, whole, to be
            # copied, and ~/.local/share/... keeps 15 columns of it within 80.
            origin = "~" + origin[len(home) - 1 :]
        if layout_reference(layout, listed[:place]) != layout.name:
            origin += "  (name taken: use the path)"
        table = f"mahjong-{layout_table_name(layout)}"
        rows.append((layout.name, str(len(layout)), _size(layout), table, layout.title, origin))
    return rows


def _say_where_layouts_are(folder: Path) -> None:
    """A `--folder` with no layout file in it but a desktop game's layout folder under it (a data
    folder, such as ~/.local/share): its own folders are not searched, and the listing said
    nothing of it (a player review)."""
    from lines_tui.engine.mahjong.layouts.catalogue import GAME_FOLDERS, layout_files

    if layout_files(folder):
        return
    for under in GAME_FOLDERS:
        inside = folder / under
        if inside.is_dir():
            not_searched = "folders in it are not searched"
            warn(f"no layout file in {folder} ({not_searched}): try --folder {inside}")


def start_survey(
    ctx: typer.Context,
    count: int,
    names: list[str] | None,
    workers: int | None,
    progress_file: Path | None,
    folder: list[Path] | None,
) -> None:
    from lines_tui.commands.survey import default_workers, run_survey
    from lines_tui.engine.mahjong.layouts import BUILTIN_NAMES, LayoutError, find_layout
    from lines_tui.store.store import default_data_dir

    # A layout named twice (`lantern` and `Lantern`, a file by two paths) is surveyed once:
    # run_survey keeps each by its tile places.
    chosen: list[Layout] = []
    asked = names or BUILTIN_NAMES
    for name in asked:
        try:
            chosen.append(find_layout(name, folder))
        except LayoutError as error:
            fail(str(error))
    if progress_file is None:
        data_dir = settings(ctx).data_dir or default_data_dir()
        try:
            data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            fail(f"cannot make the data folder {data_dir}: {error.strerror or error}")
        progress_file = data_dir / "survey.jsonl"
    run_survey(count, chosen, progress_file, workers or default_workers(), asked)


def home_prefix() -> str:
    """Your home folder with a / after it, as a layout's path starts with it; "" if there is
    none (no HOME, or HOME is /)."""
    try:
        home = str(Path.home())
    except RuntimeError:
        return ""
    return "" if home.rstrip("/") == "" else home.rstrip("/") + "/"


def _size(layout: Layout) -> str:
    """Columns x rows x layers in whole tiles, the way players count them."""
    return f"{layout.width / 2:g}x{layout.height / 2:g}x{layout.depth}"


def deal(
    layout: Annotated[
        str,
        typer.Option(
            "--layout",
            parser=layout_value,
            metavar="NAME|PATH",
            help="A layout name (see `lines-tui layouts`; any case) or the path of a "
            "KMahjongg .layout or GNOME Mahjongg .map file (FILE.map#NAME picks one map).",
        ),
    ] = "turtle",
    seed: Annotated[
        int | None,
        seed_option(
            "Deal number; the same layout and seed always give the same deal. Default: a "
            "random one, named on stderr."
        ),
    ] = None,
    folder: FolderOption = None,
    solvable: Annotated[
        bool,
        typer.Option(
            "--solvable",
            help="Deal the first deal from the seed on that the solver proves solvable "
            "(dead ends and undecided deals are skipped); its number is named on stderr.",
        ),
    ] = False,
) -> None:
    """Print the dealt position as position JSON: {"tiles": [[x, y, z, "face"], ...]}."""
    from lines_tui.engine.mahjong.deal import deal as deal_position
    from lines_tui.engine.mahjong.layouts import LayoutError, find_layout

    try:
        chosen = find_layout(layout, folder)
    except LayoutError as error:
        fail(str(error))
    if seed is None:
        seed = fresh_seed()
        warn(f"seed {seed}")
    if not solvable:
        say(*position_text(deal_position(chosen, seed)).splitlines())
        return
    proved = prove_solvable(chosen, seed)
    say(*position_text(proved.position).splitlines())


def prove_solvable(layout: Layout, seed: int) -> ProvedDeal:
    """The first deal from `seed` on proved solvable, named on stderr; fails if there is none.
    On a terminal the deal being proved is shown meanwhile (a proof can take seconds); ctrl+c
    says where it stopped."""
    from lines_tui.engine.mahjong.solvable import NoSolvableDeal, solvable_deal

    where = ""

    def proving(number: int, skipped: Skipped) -> None:
        nonlocal where
        where = f"deal {number} of {layout.title}{skipped_note(skipped)}"
        progress(f"proving {where}…")

    try:
        with progress_line():
            proved = solvable_deal(layout, seed, proving=proving)
    except NoSolvableDeal as error:
        fail(str(error))
    except KeyboardInterrupt:
        warn(f"stopped while proving {where}")
        raise typer.Exit(INTERRUPTED) from None
    warn(proved_text(proved))
    return proved


def proved_text(proved: ProvedDeal) -> str:
    """ "deal 38 — proved solvable (skipped: 1 dead end)", as the app's panel and proof say it."""
    return f"deal {proved.seed} — proved solvable{skipped_note(proved.skipped)}"


def skipped_note(skipped: Skipped) -> str:
    """ " (skipped: 1 dead end)", or "" when no deal was skipped."""
    said = skipped.said()
    return f" (skipped: {said})" if said else ""


def position_text(position: Position) -> str:
    """Position JSON with one tile to a line, so a dealt position is readable and diffs well."""
    data = position.to_json()
    tiles = ",\n".join(f"  {json.dumps(tile)}" for tile in data.pop("tiles"))
    rest = "".join(f',\n "{key}": {json.dumps(value)}' for key, value in data.items())
    return f'{{"tiles": [\n{tiles}\n]{rest}}}'
