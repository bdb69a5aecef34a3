"""Which layouts exist: the built-in ones, those installed by KMahjongg and GNOME Mahjongg, and any
file a player names."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

from lines_tui.engine.mahjong.geometry import LayoutError
from lines_tui.engine.mahjong.layouts.gnome import parse_gnome_maps, read_gnome_maps
from lines_tui.engine.mahjong.layouts.kmahjongg import (
    parse_desktop,
    parse_kmahjongg,
    read_kmahjongg,
)
from lines_tui.engine.mahjong.layouts.layout import (
    FileLayouts,
    Layout,
    layout_name,
    read_layout_text,
)
from lines_tui.engine.numbers import small_number
from lines_tui.engine.text_file import HomeUnknown, expand_home, is_a_file
from lines_tui.engine.visible_text import REPEATED_COLUMNS, columns, repeated

BUILTIN_NAMES = ("turtle", "meadow", "pagoda", "causeway", "lantern")
"""In the order the layout picker offers them; the classic first."""

GAME_FOLDERS = ("kmahjongg/layouts", "gnome-mahjongg/maps")
"""Where, under each XDG data folder, the desktop games install their layouts."""

KDE4_FOLDERS = ("/usr/share/kde4/apps", "/usr/share/apps")
"""Where KDE 4 era distributions put KMahjongg's data instead."""


@cache
def _builtins() -> tuple[Layout, ...]:
    package = resources.files(__package__)
    layouts = []
    for name in BUILTIN_NAMES:
        text = package.joinpath(f"{name}.layout").read_text(encoding="utf-8")
        entries = parse_desktop(package.joinpath(f"{name}.desktop").read_text(encoding="utf-8"))
        layouts.append(
            parse_kmahjongg(
                text,
                source="built-in",
                name=name,
                title=entries.get("Name", name.title()),
                description=entries.get("Description", ""),
            )
        )
    return tuple(layouts)


def builtin_layouts() -> list[Layout]:
    """The layouts that ship with lines-tui, classic Turtle first."""
    return list(_builtins())


def layout_folders(
    environ: Mapping[str, str] | None = None, home: Path | None = None
) -> list[Path]:
    """The folders searched for installed layouts, the player's own first: KMahjongg's and GNOME
    Mahjongg's folders under $XDG_DATA_HOME (~/.local/share) and $XDG_DATA_DIRS
    (/usr/local/share:/usr/share), plus the flatpak export folders and KDE 4's old places."""
    env = os.environ if environ is None else environ
    home = Path.home() if home is None else home
    data_home = env.get("XDG_DATA_HOME") or str(home / ".local" / "share")
    data_dirs = (env.get("XDG_DATA_DIRS") or "/usr/local/share:/usr/share").split(":")
    roots: list[Path] = []
    for root in [
        data_home,
        *data_dirs,
        str(home / ".local/share/flatpak/exports/share"),
        "/var/lib/flatpak/exports/share",
    ]:
        if root and Path(root).is_absolute() and Path(root) not in roots:
            roots.append(Path(root))
    folders = [root / game for root in roots for game in GAME_FOLDERS]
    folders += [Path(old) / "kmahjongg" / "layouts" for old in KDE4_FOLDERS]
    return folders


@dataclass
class Discovery:
    """What a search of the layout folders found."""

    layouts: list[Layout] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """One line per file that could not be read (the file is skipped, not the search)."""
    left_out: list[str] = field(default_factory=list)
    """One line per map left out of a file whose other maps are played."""
    unread_folders: list[str] = field(default_factory=list)
    """One line per folder that is there but could not be listed (`layout_files`): its layouts
    are missing from the list, which says nothing of them otherwise."""
    skipped: dict[str, str] = field(default_factory=dict)
    """The problem of each skipped `.layout` file, by the name (casefolded) the layout would have
    had: `--layout huge` says why `huge.layout` cannot be used, not that no layout has that name."""


def discover_layouts(folders: Sequence[Path] | None = None) -> Discovery:
    """Every readable `.layout` and `.map` file in `folders` (default: `layout_folders()`)."""
    found = Discovery()
    seen: set[Path] = set()
    for folder in layout_folders() if folders is None else folders:
        try:
            files = layout_files(folder)
        except LayoutError as error:
            found.unread_folders.append(str(error))
            continue
        for path in files:
            try:
                real = path.resolve()
            except (OSError, RuntimeError):
                # A loop of symbolic links: reading it below names it as a problem, once.
                real = path.absolute()
            if real in seen:
                continue
            seen.add(real)
            try:
                read = read_layout_file(path)
            except LayoutError as error:
                found.problems.append(str(error))
                if path.suffix.lower() == ".layout":
                    found.skipped.setdefault(layout_name(path.stem).casefold(), str(error))
                continue
            found.layouts.extend(read.layouts)
            found.left_out.extend(left.problem for left in read.left_out)
    return found


def layout_files(folder: Path) -> list[Path]:
    """The `.layout` and `.map` files in `folder`, by name; none where no folder is known to be
    there (most of the usual folders are not, on any one machine; one under a folder that
    cannot be searched may not be either). A folder that is there but cannot be listed (no
    read permission) is a LayoutError naming it and the system's reason."""
    try:
        return sorted(p for p in folder.iterdir() if p.suffix.lower() in (".layout", ".map"))
    except (FileNotFoundError, NotADirectoryError):
        return []
    except OSError as error:
        try:
            os.stat(folder)
        except OSError:
            return []  # the listing failed on the way there, not at the folder
        raise LayoutError(f"cannot read {folder}: {error.strerror or error}") from None


def installed_layouts(folders: Sequence[Path] | None = None) -> list[Layout]:
    """The layouts installed by the desktop games (unreadable files are left out)."""
    return discover_layouts(folders).layouts


def read_layout_file(path: Path) -> FileLayouts:
    """The layout(s) in a KMahjongg `.layout` or GNOME Mahjongg `.map` file, told apart by their
    content (a map file is XML) rather than by the name's ending, and the maps left out."""
    if path.suffix.lower() == ".map":
        return read_gnome_maps(path)
    if path.suffix.lower() == ".layout":
        return FileLayouts([read_kmahjongg(path)])
    text = read_layout_text(path)
    if text.lstrip().startswith("<"):
        return parse_gnome_maps(text, source=str(path))
    return FileLayouts([read_kmahjongg(path)])


def find_layout(name_or_path: str, folders: Sequence[Path] | None = None) -> Layout:
    """A layout by name (case-insensitive: built-in first, then installed ones) or by file path.

    A path to a GNOME map file holding several maps picks one with `PATH#NAME`."""
    wanted = name_or_path.strip()
    if not wanted:
        raise LayoutError("no layout named; try 'turtle' or see `lines-tui layouts`")
    if _is_plainly_a_path(wanted):
        return _from_file(wanted)
    key = wanted.casefold()
    for layout in builtin_layouts():
        if key in (layout.name.casefold(), layout.title.casefold()):
            return layout
    installed = discover_layouts(folders)
    for layout in installed.layouts:
        if key in (layout.name.casefold(), layout.title.casefold()):
            return layout
    # A bare word is a name first; only then a file of that name in the current folder.
    if is_a_file(Path(wanted.rsplit("#", 1)[0])):
        return _from_file(wanted)
    if key in installed.skipped:  # installed, but skipped: say why, as the listing does
        raise LayoutError(f"layout '{repeated(wanted)}' cannot be used: {installed.skipped[key]}")
    known = ", ".join(BUILTIN_NAMES)
    raise LayoutError(
        f"unknown layout '{repeated(wanted)}': not a file, and no layout has that name "
        f"(built-in: {known}; `lines-tui layouts` lists all)"
    )


def layout_reference(layout: Layout, listed_before: Sequence[Layout]) -> str:
    """What `find_layout` takes to find `layout`, listed after `listed_before` (built-in ones
    first, then installed ones, as `find_layout` looks): its name, or its file path when a layout
    listed before it answers to that name (by name or title: the first one wins)."""
    key = layout.name.casefold()
    if any(key in (other.name.casefold(), other.title.casefold()) for other in listed_before):
        return layout.source
    return layout.name


def _is_plainly_a_path(text: str) -> bool:
    base = text.rsplit("#", 1)[0]
    return (
        os.sep in text
        or "/" in text
        or text.startswith("~")
        or any(part.lower().endswith((".layout", ".map")) for part in (text, base))
    )


def _from_file(reference: str) -> Layout:
    path_text, map_name = reference, ""
    # Split at the last `#` unless a file of the whole name is there for certain: a name too long
    # for the system to look up (`FILE.map#` and a long map name) is a file and a map.
    if "#" in reference and not _there(_expanded(path_text)):
        path_text, map_name = reference.rsplit("#", 1)
    path = _expanded(path_text)
    if _there(path) is False:  # where the system cannot tell, the read says why
        raise LayoutError(f"{repeated(str(path))}: no such layout file")
    # Anything but a regular file (a folder, a FIFO, a device, a loop of links) is refused by
    # the read, in the words the listing uses ("not a regular file").
    read = read_layout_file(path)
    layouts = read.layouts
    if map_name:
        for layout in layouts:
            if map_name.casefold() in (layout.name.casefold(), layout.title.casefold()):
                return layout
        picked = small_number(map_name, len(layouts))
        if picked:  # FILE.map#2: the second map, whatever its name
            return layouts[picked - 1]
        for left in read.left_out:  # a map of that name there, but not one to play: say why
            if map_name.casefold() in (name.casefold() for name in left.names):
                raise LayoutError(left.problem)
        raise LayoutError(
            f"{repeated(str(path))}: no map named '{repeated(map_name)}' "
            f"(it holds: {_picks(layouts)})"
        )
    if len(layouts) > 1:
        shown = repeated(str(path))
        raise LayoutError(
            f"{shown}: holds {len(layouts)} maps; pick one as {shown}#NAME ({_picks(layouts)})"
        )
    return layouts[0]


def _there(path: Path) -> bool | None:
    """Whether something is at `path` (a link to nothing too); None where the system cannot tell
    (a name longer than it takes)."""
    try:
        return path.exists() or path.is_symlink()
    except OSError:
        return None


def _picks(maps: Sequence[Layout]) -> str:
    """The maps of a file, each as it is picked after the `#`: by its name, or a map whose name
    an earlier map took by its place, `dup (#3)` (its source ends in `#3`, see gnome.py). A
    KMahjongg file's one layout (its source the file's path alone) is picked by its name.
    Those that fit in `REPEATED_COLUMNS` columns (the first whatever its width), then how many
    more: a file of thousands of maps made a refusal of a megabyte (a hostile-input test)."""
    picks: list[str] = []
    room = REPEATED_COLUMNS
    for listed, layout in enumerate(maps):
        _, hash_sign, pick = layout.source.rpartition("#")
        pick = pick if hash_sign else layout.name
        name = repeated(layout.name)
        said = name if pick == layout.name else f"{name} (#{repeated(pick)})"
        room -= columns(said) + (len(", ") if picks else 0)
        if room < 0 and picks:
            return f"{', '.join(picks)}, and {len(maps) - listed} more"
        picks.append(said)
    return ", ".join(picks)


def _expanded(path_text: str) -> Path:
    """`expand_home`, a home folder it cannot find a one-line LayoutError."""
    try:
        return expand_home(path_text)
    except HomeUnknown as error:
        raise LayoutError(error.refusal()) from None
