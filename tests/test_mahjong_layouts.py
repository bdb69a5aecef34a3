"""Layouts: the built-in ones (the Turtle tile by tile), both file readers, discovery and lookup."""

from __future__ import annotations

import dataclasses
import itertools
import re
import shutil
import tracemalloc
from collections import Counter
from pathlib import Path

import pytest

from lines_tui.engine.mahjong.geometry import Slot, bits
from lines_tui.engine.mahjong.layouts import (
    BUILTIN_NAMES,
    Layout,
    LayoutError,
    builtin_layouts,
    discover_layouts,
    find_layout,
    installed_layouts,
    layout_folders,
    layout_reference,
    read_layout_file,
)
from lines_tui.engine.mahjong.layouts.gnome import parse_gnome_maps
from lines_tui.engine.mahjong.layouts.kmahjongg import parse_kmahjongg
from lines_tui.engine.visible_text import REPEATED_COLUMNS

FIXTURES = Path(__file__).parent / "fixtures" / "mahjong"

# Board widget budget: 80 x 24 terminal, 2 columns x 1 row per half-tile unit.
MAX_WIDTH, MAX_HEIGHT = 32, 16


def tiles_in_row(y: int, z: int, first_column: int, last_column: int) -> set[Slot]:
    """Whole-tile columns first..last (inclusive) of one row, in half-tile units."""
    return {(2 * column, y, z) for column in range(first_column, last_column + 1)}


def classic_turtle() -> set[Slot]:
    """The Turtle as players describe it, written out independently of the layout file."""
    slots: set[Slot] = set()
    # Layer 0: eight rows of 12, 8, 10, 12, 12, 10, 8, 12 tiles, centred ...
    for row, (first, last) in enumerate(
        [(1, 12), (3, 10), (2, 11), (1, 12), (1, 12), (2, 11), (3, 10), (1, 12)]
    ):
        slots |= tiles_in_row(2 * row, 0, first, last)
    # ... the head on the left between rows 3 and 4, two tail tiles on the right.
    slots |= {(0, 7, 0), (26, 7, 0), (28, 7, 0)}
    for row in range(1, 7):
        slots |= tiles_in_row(2 * row, 1, 4, 9)  # 6 x 6
    for row in range(2, 6):
        slots |= tiles_in_row(2 * row, 2, 5, 8)  # 4 x 4
    for row in range(3, 5):
        slots |= tiles_in_row(2 * row, 3, 6, 7)  # 2 x 2
    slots.add((13, 7, 4))  # the top tile, centred over the four of layer 3
    return slots


def test_turtle_matches_the_classic_shape_tile_by_tile() -> None:
    turtle = find_layout("turtle")
    assert set(turtle.slots) == classic_turtle()
    assert len(turtle.slots) == 144
    by_layer = Counter(z for _, _, z in turtle.slots)
    assert [by_layer[z] for z in range(5)] == [87, 36, 16, 4, 1]
    assert (turtle.width, turtle.height, turtle.depth) == (30, 16, 5)
    assert turtle.title == "Turtle"
    assert turtle.is_builtin


def test_turtle_top_tile_rests_on_all_four_of_layer_three() -> None:
    turtle = find_layout("turtle")
    top = turtle.slots.index((13, 7, 4))
    under = {turtle.slots[i] for i in bits(turtle.geometry.under[top])}
    assert under == {(12, 6, 3), (14, 6, 3), (12, 8, 3), (14, 8, 3)}


def test_turtle_end_tiles_block_the_middle_rows() -> None:
    turtle = find_layout("turtle")
    geometry, index = turtle.geometry, turtle.slots.index
    head = index((0, 7, 0))
    assert {turtle.slots[i] for i in bits(geometry.right[head])} == {(2, 6, 0), (2, 8, 0)}
    assert geometry.left[head] == 0
    tail = index((26, 7, 0))
    assert {turtle.slots[i] for i in bits(geometry.left[tail])} == {(24, 6, 0), (24, 8, 0)}
    assert {turtle.slots[i] for i in bits(geometry.right[tail])} == {(28, 7, 0)}


def test_turtle_free_tiles_at_the_start() -> None:
    turtle = find_layout("turtle")
    free = {turtle.slots[i] for i in bits(turtle.geometry.free_mask(turtle.geometry.all_present))}
    expected = {(13, 7, 4)}
    expected |= {(x, y, 2) for x in (10, 16) for y in (4, 6, 8, 10)}  # ends of the 4 x 4
    expected |= {(x, y, 1) for x in (8, 18) for y in range(2, 13, 2)}  # ends of the 6 x 6
    # Layer 0: both ends of every row except rows 3 and 4, which the head and tail block; then the
    # head and the outer tail tile.
    for y, (first, last) in {
        0: (1, 12),
        2: (3, 10),
        4: (2, 11),
        10: (2, 11),
        12: (3, 10),
        14: (1, 12),
    }.items():
        expected |= {(2 * first, y, 0), (2 * last, y, 0)}
    expected |= {(0, 7, 0), (28, 7, 0)}
    assert free == expected
    assert len(free) == 35


@pytest.mark.parametrize("layout", builtin_layouts(), ids=lambda layout: layout.name)
def test_builtin_layouts_fit_the_board_and_deal_fully(layout: Layout) -> None:
    assert min(x for x, _, _ in layout.slots) == 0 and layout.width <= MAX_WIDTH
    assert min(y for _, y, _ in layout.slots) == 0 and layout.height <= MAX_HEIGHT
    assert len(layout.slots) % 4 == 0
    assert layout.geometry.free_mask(layout.geometry.all_present), "nothing free at the start"
    assert layout.title and layout.description
    assert layout.slots == tuple(sorted(layout.slots, key=lambda s: (s[2], s[1], s[0])))


def test_builtin_layouts_have_the_asked_for_characters() -> None:
    layouts = {layout.name: layout for layout in builtin_layouts()}
    assert tuple(layouts) == BUILTIN_NAMES
    assert [len(layout) for layout in layouts.values()] == [144, 144, 144, 144, 72]
    flat = layouts["meadow"]
    assert flat.depth == 2 and flat.width >= 30
    tall = layouts["pagoda"]
    assert tall.depth == 6 == max(layout.depth for layout in layouts.values())
    assert Counter(z for _, _, z in tall.slots) == {0: 72, 1: 42, 2: 20, 3: 6, 4: 2, 5: 2}
    gaps = layouts["causeway"]
    # Islands: some row of layer 0 has an empty stretch between tiles.
    row = sorted(x for x, y, z in gaps.slots if z == 0 and y == 0)
    assert any(b - a > 2 for a, b in itertools.pairwise(row))


# -- KMahjongg .layout ---------------------------------------------------------------------------


def test_reads_a_v11_layout_with_its_desktop_name() -> None:
    layout = read_layout_file(FIXTURES / "steps.layout").layouts[0]
    assert layout.name == "steps"
    assert layout.title == "Steps"  # Name=, not the translated Name[de]=
    assert layout.description == "Test layout with a half-offset tile."
    assert layout.slots == ((0, 0, 0), (2, 0, 0), (4, 0, 0), (10, 0, 0), (1, 0, 1), (10, 0, 1))
    assert layout.source == str(FIXTURES / "steps.layout")


def test_a_layout_whose_desktop_file_name_would_be_too_long_is_read(tmp_path: Path) -> None:
    """A code review: a `.layout` whose name fills the system's 255 bytes leaves no room for
    the `.desktop` name beside it, and looking for that file raised, so `lines-tui layouts`
    and every installed layout's lookup failed with a traceback."""
    stem = "a" * 248
    shutil.copy(FIXTURES / "pair_v10.layout", tmp_path / f"{stem}.layout")
    layout = read_layout_file(tmp_path / f"{stem}.layout").layouts[0]
    assert layout.title.startswith("Aaa")  # from the file name (shortened)
    assert [found.name for found in discover_layouts([tmp_path]).layouts] == [stem]


def test_reads_a_v10_layout_and_shifts_it_to_the_origin() -> None:
    layout = read_layout_file(FIXTURES / "pair_v10.layout").layouts[0]
    assert layout.slots == ((0, 0, 0), (2, 0, 0))  # anchors at x=3 and 5, y=2 in the file
    assert layout.title == "Pair V10"  # no .desktop beside it: from the file name


@pytest.mark.parametrize(
    ("fixture", "message"),
    [
        ("bad_header.layout", "bad_header.layout: line 1: not a KMahjongg layout"),
        ("bad_size.layout", "bad_size.layout: line 3: 'hten' is not a size"),
        ("short_row.layout", "short_row.layout: line 11: a row of 31 cells; the grid is 32 wide"),
        ("odd_count.layout", "odd_count.layout: 3 tiles; a layout needs an even number"),
        (
            "overlap.layout",
            "overlap.layout: line 6: tile at x=2 y=1 layer 0 overlaps the tile at "
            "x=2 y=0 layer 0 (line 5)",
        ),
        (
            "edge.layout",
            "edge.layout: line 5: tile at x=3 y=0 layer 0 sticks out of the 4 x 2 grid",
        ),
    ],
)
def test_malformed_layout_files_are_one_line_errors(fixture: str, message: str) -> None:
    with pytest.raises(LayoutError) as caught:
        read_layout_file(FIXTURES / fixture)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_cell_count_mismatch_when_rows_are_not_one_per_line() -> None:
    text = "kmahjongg-layout-v1.1\nw4\nh2\nd1\n12124343\n1\n"
    with pytest.raises(LayoutError, match=r"9 grid cells \(2 rows\); a 4 x 2 x 1 grid needs 8"):
        parse_kmahjongg(text, source="x", name="x", title="X")
    text = "kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n"
    with pytest.raises(LayoutError, match=r"4 grid cells \(1 row\); a 4 x 2 x 1 grid needs 8"):
        parse_kmahjongg(text, source="x", name="x", title="X")


@pytest.mark.parametrize("row", ["121", "12121", "12\x1b12", "12\x0012"])
def test_one_row_of_two_of_the_wrong_width_is_named_by_its_line(row: str) -> None:
    """Half the rows wrong was counted as a file not laid out a row per line: "7 grid cells (2
    rows); a 4 x 2 x 1 grid needs 8" (a hostile-input test)."""
    text = f"kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n{row}\n"
    with pytest.raises(LayoutError) as caught:
        parse_kmahjongg(text, source="x", name="x", title="X")
    assert str(caught.value) == f"x: line 6: a row of {len(row)} cells; the grid is 4 wide"


def test_most_rows_of_the_wrong_widths_are_counted_not_named() -> None:
    """Three rows of five cells and one of four, in a grid four wide: the width line is as
    likely at fault as any row (a review), so the count says what is wrong."""
    text = "kmahjongg-layout-v1.1\nw4\nh2\nd2\n12121\n43434\n12121\n4343\n"
    with pytest.raises(LayoutError, match=r"^x: 19 grid cells \(4 rows\); a 4 x 2 x 2 grid"):
        parse_kmahjongg(text, source="x", name="x", title="X")


def test_rows_all_of_another_width_name_the_width_line() -> None:
    """Every row shorter than the header's width: the count alone did not say which line to fix
    (a player review)."""
    text = "kmahjongg-layout-v1.1\n# made by hand\nw6\nh2\nd1\n1212\n4343\n"
    with pytest.raises(LayoutError) as caught:
        parse_kmahjongg(text, source="x", name="x", title="X")
    assert str(caught.value) == "x: line 3: w6, but every row of the grid is 4 cells"
    # Rows of one other width, but not as many as the grid has: w is not the only fault.
    short = "kmahjongg-layout-v1.1\nw4\nh3\nd2\n12121212\n43434343\n"
    with pytest.raises(LayoutError, match=r"^x: 16 grid cells \(2 rows\); a 4 x 3 x 2 grid"):
        parse_kmahjongg(short, source="x", name="x", title="X")
    v10 = "kmahjongg-layout-v1.0\n" + "12121212\n" * 80
    with pytest.raises(LayoutError) as caught:
        parse_kmahjongg(v10, source="x", name="x", title="X")
    assert str(caught.value) == "x: line 2: rows of 8 cells; a v1.0 grid is 32 wide"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "kmahjongg-layout-v1.1\nh2\nd1\n",
        "kmahjongg-layout-v1.1\nw0\nh2\nd1\n",
        "kmahjongg-layout-v1.1\nw999\nh2\nd1\n",
        "kmahjongg-layout-v1.1\nw4\nh2\nd1\n" + "." * 8,
        # str.isdigit takes these, int() refuses the first and reads the second as 4: a crash
        # of the picker and of every layout command, or a size nobody wrote.
        "kmahjongg-layout-v1.1\nw\u00b2\nh2\nd1\n1212\n4343\n",
        "kmahjongg-layout-v1.1\nw\u0664\nh2\nd1\n1212\n4343\n",
    ],
)
def test_degenerate_layout_texts_are_refused(text: str) -> None:
    with pytest.raises(LayoutError):
        parse_kmahjongg(text, source="x", name="x", title="X")


def test_hostile_names_have_their_control_characters_spelled_out() -> None:
    """A name's ESC was a space (`evil [2j`) where its title spelled it `\\x1b`: one outside text,
    two spellings. (Updated on purpose: the name is spelled out as every outside text is.)"""
    text = "kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n4343\n"
    layout = parse_kmahjongg(text, source="x", name="Evil\x1b[2J", title="\x1b]0;pwned\x07Hi")
    assert layout.name == "evil\\x1b[2j"
    assert parse_kmahjongg(text, source="x", name="a\t b\n", title="").name == "a b"
    assert "\x1b" not in layout.title and "\x07" not in layout.title


# -- GNOME Mahjongg .map -------------------------------------------------------------------------


def test_reads_every_map_of_a_gnome_file() -> None:
    cross, steps = read_layout_file(FIXTURES / "two_maps.map").layouts
    assert (cross.name, cross.title) == ("cross", "Little Cross")
    assert set(cross.slots) == {(0, 2, 0), (2, 2, 0), (4, 2, 0), (2, 0, 0), (2, 4, 0), (2, 2, 1)}
    assert cross.source == f"{FIXTURES / 'two_maps.map'}#cross"
    # Upper-case element and attribute names; no scorename: the key comes from the name.
    assert (steps.name, steps.title) == ("half-steps", "Half Steps")
    assert set(steps.slots) == {(0, 0, 0), (2, 0, 0), (0, 2, 0), (2, 2, 0), (1, 1, 1), (6, 1, 0)}


@pytest.mark.parametrize(
    ("fixture", "message"),
    [
        ("odd_map.map", "odd_map.map: line 2: map 'Odd' has 3 tiles"),
        (
            "overlap.map",
            "overlap.map: line 5: tile at x=1.5 y=0.5 z=0 overlaps the tile at "
            "x=1 y=0 z=0 (line 4)",
        ),
        ("entities.map", "entities.map: line 2: document type declarations are not accepted"),
        ("broken.map", "broken.map: line 4: not well-formed XML"),
        ("bad_number.map", "bad_number.map: line 4: <tile> x='one' is not a whole or half number"),
    ],
)
def test_malformed_map_files_are_one_line_errors(fixture: str, message: str) -> None:
    with pytest.raises(LayoutError) as caught:
        read_layout_file(FIXTURES / fixture)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_file_of_too_many_tiles_in_all_is_refused() -> None:
    """A re-check: every map under 1,024 tiles, a file of thousands of them took a minute to
    read (`lines-tui layouts`, the layout picker). Past 16,384 tiles in all it is refused."""
    block = "<block left='0' right='39' top='0' bottom='24'/>"  # 40 x 25: 1,000 tiles
    maps = "".join(f"<map name='m{n}'>{block}</map>" for n in range(17))
    with pytest.raises(LayoutError, match="the file's maps hold more than 16,384 tiles in all"):
        parse_gnome_maps(f"<mahjongg>{maps}</mahjongg>", source="many.map")
    sixteen = "".join(f"<map name='m{n}'>{block}</map>" for n in range(16))
    assert len(parse_gnome_maps(f"<mahjongg>{sixteen}</mahjongg>", source="ok.map").layouts) == 16


def test_a_map_of_too_many_tiles_is_refused_before_its_places_are_made() -> None:
    """A code review: a block spanning 513 x 513 places was made whole before its tiles were
    counted, so a file of thousands of such maps took minutes to list (`lines-tui layouts`)."""
    block = "<block left='-256' right='256' top='-256' bottom='256'/>"
    pair = "<tile x='0' y='0'/><tile x='1' y='0'/>"
    text = f"<mahjongg><map name='a'>{block}</map><map name='b'>{pair}</map></mahjongg>"
    tracemalloc.start()
    try:
        read = parse_gnome_maps(text, source="huge.map")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [layout.name for layout in read.layouts] == ["b"]
    assert "more than 1024 tiles" in read.left_out[0].problem
    assert peak < 1_000_000  # the 263,169 places would take about 20 MB


@pytest.mark.parametrize(
    ("xml", "message"),
    [
        ("<mahjongg/>", "no <map>"),
        ("<mahjongg><row left='0' right='1' y='0'/></mahjongg>", "line 1: <row> outside a <map>"),
        ("<map name='a'><row left='0' y='0'/></map>", "<row> lacks right"),
        ("<map name='a'><row left='2' right='0' y='0'/></map>", "left is greater than right"),
        ("<map name='a'><layer z='-1'/></map>", "z='-1' is not a layer number"),
        ("<map><tile x='0' y='0'/><tile x='1' y='0'/></map>", "<map> has no name"),
        ("<map name='a'><tile x='0.25' y='0'/></map>", "x='0.25' is not a whole or half number"),
        ("<map name='a'><tile x='-500' y='0'/></map>", "x='-500' is out of range (-256 to 256)"),
        ("<map name='a'><tile x='1_0' y='0'/></map>", "x='1_0' is not a whole or half number"),
        ("<map name='a'><tile x='1e-400' y='0'/></map>", "x='1e-400' is not a whole or half"),
        ("<map name='a'><tile x='\u0663' y='0'/></map>", "x='\u0663' is not a whole or half"),
        ("<map name='a'><tile x='inf' y='0'/></map>", "x='inf' is not a whole or half number"),
        ("<map name='a'><layer z='\u0661'/></map>", "z='\u0661' is not a layer number"),
        (
            "<map name='a'><block left='0' right='200' top='0' bottom='200'/></map>",
            "more than 1024 tiles",
        ),
        ('<!DOCTYPE m SYSTEM "file:///etc/passwd"><map name="a"/>', "document type declarations"),
    ],
)
def test_malformed_map_texts(xml: str, message: str) -> None:
    with pytest.raises(LayoutError, match=re.escape(message)):
        parse_gnome_maps(xml, source="m.map")


MAPS_ONE_BAD = """<mahjongg>
<map name="Easy"><row left="0" right="3" y="0"/></map>
<map name="Zero" scorename="zero"></map>
<map name="Odd"><tile x="0" y="0"/><tile x="one" y="0"/></map>
<map name="Hard"><row left="0" right="1" y="0"/></map>
</mahjongg>"""
"""A file of four maps, two of them refused (no tiles; a coordinate that is no number)."""


def test_a_map_refused_leaves_the_others_of_its_file_to_play() -> None:
    """One map of no tiles made `lines-tui layouts` skip the whole file, its good maps with it (a
    robustness review): GNOME Mahjongg's own file holds a dozen maps."""
    read = parse_gnome_maps(MAPS_ONE_BAD, source="m.map")
    assert [layout.title for layout in read.layouts] == ["Easy", "Hard"]
    assert [(left.names, left.problem) for left in read.left_out] == [
        (
            ("Zero", "zero"),
            "m.map: line 3: map 'Zero' has 0 tiles; a layout needs an even, positive number",
        ),
        (("Odd", "odd"), "m.map: line 4: <tile> x='one' is not a whole or half number"),
    ]
    # What is wrong with the file itself still refuses it whole.
    with pytest.raises(LayoutError, match="outside a <map>"):
        parse_gnome_maps(
            MAPS_ONE_BAD.replace("</mahjongg>", "<tile x='0' y='0'/></mahjongg>"), source="m.map"
        )


def test_a_map_left_out_is_named_where_it_is_asked_for(tmp_path: Path) -> None:
    path = tmp_path / "m.map"
    path.write_text(MAPS_ONE_BAD)
    with pytest.raises(LayoutError) as refused:
        find_layout(f"{path}#zero")
    assert str(refused.value) == (
        f"{path}: line 3: map 'Zero' has 0 tiles; a layout needs an even, positive number"
    )
    assert find_layout(f"{path}#Hard").title == "Hard"
    assert find_layout(f"{path}#2").title == "Hard"  # the second of those that can be played


LONG_VALUE = "1" + "0" * 300
"""A value 301 characters long, a number the parser reads (1e300)."""
CUT_VALUE = LONG_VALUE[: REPEATED_COLUMNS - 1] + "…"


@pytest.mark.parametrize(
    ("xml", "message"),
    [
        (f"<map name='a'><tile x='{LONG_VALUE}x' y='0'/></map>", "is not a whole or half number"),
        (f"<map name='a'><tile x='{LONG_VALUE}' y='0'/></map>", "is out of range (-256 to 256)"),
        (f"<map name='a'><layer z='{LONG_VALUE}'/></map>", "is not a layer number"),
    ],
)
def test_a_long_value_refused_in_a_map_is_repeated_cut(xml: str, message: str) -> None:
    """A value of a map file (`--layout`'s, or an installed one's) refused was repeated whole,
    however long: cut as every refusal cuts outside text (`repeated`)."""
    with pytest.raises(LayoutError) as refused:
        parse_gnome_maps(xml, source="m.map")
    assert f"='{CUT_VALUE}' {message}" in str(refused.value)
    assert len(str(refused.value)) < REPEATED_COLUMNS + 100


def test_a_long_size_line_refused_in_a_layout_is_repeated_cut() -> None:
    text = f"kmahjongg-layout-v1.1\nw{LONG_VALUE}\n"
    with pytest.raises(LayoutError) as refused:
        parse_kmahjongg(text, source="x", name="x", title="X")
    assert str(refused.value).startswith(f"x: line 2: 'w{CUT_VALUE[:-2]}…' is not a size")


def test_a_size_of_thousands_of_digits_in_a_layout_is_refused_as_a_size() -> None:
    """Python reads no number of more than 4,300 digits: it raised ValueError, and one such
    file installed broke `lines-tui layouts`, `deal` and `scores`."""
    text = f"kmahjongg-layout-v1.1\nw{'9' * 5000}\nh2\nd1\n1212\n4343\n"
    with pytest.raises(LayoutError, match="is not a size"):
        parse_kmahjongg(text, source="x", name="x", title="X")
    leading_zeros = f"kmahjongg-layout-v1.1\nw{'0' * 5000}4\nh2\nd1\n1212\n4343\n"
    assert len(parse_kmahjongg(leading_zeros, source="x", name="x", title="X").slots) == 2


# -- discovery and lookup ------------------------------------------------------------------------


@pytest.fixture
def installed(tmp_path: Path) -> Path:
    """A data folder laid out as the desktop games install into it."""
    kde = tmp_path / "share" / "kmahjongg" / "layouts"
    gnome = tmp_path / "share" / "gnome-mahjongg" / "maps"
    kde.mkdir(parents=True)
    gnome.mkdir(parents=True)
    for name in ("steps.layout", "steps.desktop", "pair_v10.layout", "odd_count.layout"):
        shutil.copy(FIXTURES / name, kde / name)
    shutil.copy(FIXTURES / "two_maps.map", gnome / "mahjongg.map")
    return tmp_path / "share"


def test_layout_folders_follow_xdg(tmp_path: Path) -> None:
    folders = layout_folders({"XDG_DATA_HOME": "/h", "XDG_DATA_DIRS": "/a:/b:relative"}, tmp_path)
    assert folders[:6] == [
        Path("/h/kmahjongg/layouts"),
        Path("/h/gnome-mahjongg/maps"),
        Path("/a/kmahjongg/layouts"),
        Path("/a/gnome-mahjongg/maps"),
        Path("/b/kmahjongg/layouts"),
        Path("/b/gnome-mahjongg/maps"),
    ]
    defaults = layout_folders({}, tmp_path)
    assert defaults[0] == tmp_path / ".local/share/kmahjongg/layouts"
    assert Path("/usr/share/kmahjongg/layouts") in defaults
    assert Path("/usr/share/gnome-mahjongg/maps") in defaults
    assert Path("/usr/local/share/gnome-mahjongg/maps") in defaults
    assert Path("/usr/share/kde4/apps/kmahjongg/layouts") in defaults


def test_discovery_reads_both_games_and_reports_bad_files(installed: Path) -> None:
    folders = layout_folders(
        {"XDG_DATA_HOME": str(installed), "XDG_DATA_DIRS": "/nonexistent"}, installed
    )
    found = discover_layouts(folders)
    assert sorted(layout.name for layout in found.layouts) == [
        "cross",
        "half-steps",
        "pair_v10",
        "steps",
    ]
    assert len(found.problems) == 1 and "odd_count.layout" in found.problems[0]
    assert installed_layouts(folders) == found.layouts


def test_find_layout_by_name_any_case_builtin_first(installed: Path) -> None:
    folders = [installed / "kmahjongg" / "layouts", installed / "gnome-mahjongg" / "maps"]
    assert find_layout("TuRtLe", folders).is_builtin
    assert find_layout("steps", folders).title == "Steps"
    assert find_layout("Little Cross", folders).name == "cross"
    with pytest.raises(LayoutError, match="unknown layout 'nothing'"):
        find_layout("nothing", folders)
    with pytest.raises(LayoutError, match="no layout named"):
        find_layout("  ", folders)


def test_a_skipped_installed_layout_asked_for_by_name_says_why(installed: Path) -> None:
    """`--layout odd_count` said no layout has that name, where odd_count.layout is installed
    and the listing says why it was skipped."""
    folders = [installed / "kmahjongg" / "layouts", installed / "gnome-mahjongg" / "maps"]
    (problem,) = discover_layouts(folders).problems
    with pytest.raises(LayoutError) as refused:
        find_layout("Odd_Count", folders)
    assert str(refused.value) == f"layout 'Odd_Count' cannot be used: {problem}"


def test_a_layout_file_with_a_hash_in_its_name_is_found_by_its_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """'a#b.layout' in the current folder was taken for map 'b.layout' of a file 'a'."""
    shutil.copy(FIXTURES / "steps.layout", tmp_path / "a#b.layout")
    monkeypatch.chdir(tmp_path)
    assert find_layout("a#b.layout").name == "a#b"


def test_find_layout_by_path() -> None:
    assert find_layout(str(FIXTURES / "steps.layout")).name == "steps"
    assert find_layout(str(FIXTURES / "one_map.map")).name == "domino"
    assert find_layout(f"{FIXTURES / 'two_maps.map'}#HALF-STEPS").title == "Half Steps"
    with pytest.raises(LayoutError, match=r"holds 2 maps; pick one as .*#NAME \(cross, half-steps"):
        find_layout(str(FIXTURES / "two_maps.map"))
    with pytest.raises(LayoutError, match="no map named 'nope'"):
        find_layout(f"{FIXTURES / 'two_maps.map'}#nope")
    # By number, in ASCII digits: a fullwidth "２" is a name, and 5,000 digits raised ValueError.
    assert find_layout(f"{FIXTURES / 'two_maps.map'}#02").name == "half-steps"
    for not_a_number in ("\uff12", "9" * 5000, "0", "3"):
        with pytest.raises(LayoutError, match="no map named"):
            find_layout(f"{FIXTURES / 'two_maps.map'}#{not_a_number}")
    # A KMahjongg file holds one layout: it said "(it holds: steps (#/…/steps.layout))".
    with pytest.raises(LayoutError, match=r"no map named 'x' \(it holds: steps\)$"):
        find_layout(f"{FIXTURES / 'steps.layout'}#x")
    with pytest.raises(LayoutError, match="no such layout file"):
        find_layout(str(FIXTURES / "missing.layout"))


def test_a_saved_source_loads_the_same_layout_again() -> None:
    for reference in (str(FIXTURES / "steps.layout"), f"{FIXTURES / 'two_maps.map'}#cross"):
        layout = find_layout(reference)
        assert find_layout(layout.source) == layout


def test_unreadable_files_are_one_line_errors(tmp_path: Path) -> None:
    binary = tmp_path / "binary.layout"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(LayoutError, match="not UTF-8 text"):
        find_layout(str(binary))
    huge = tmp_path / "huge.layout"
    huge.write_bytes(b"." * (2 << 20))
    with pytest.raises(LayoutError, match="not a layout file"):
        find_layout(str(huge))
    folder = tmp_path / "folder.layout"
    folder.mkdir()
    with pytest.raises(LayoutError, match="not a regular file"):  # as the listing says it
        find_layout(str(folder))
    with pytest.raises(LayoutError, match="no such layout file"):
        find_layout(str(tmp_path / "missing.layout"))


def test_a_bare_word_is_a_name_before_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(FIXTURES / "steps.layout", tmp_path / "turtle")
    shutil.copy(FIXTURES / "one_map.map", tmp_path / "mymaps")
    assert find_layout("turtle", []).is_builtin
    assert find_layout("mymaps", []).name == "domino"  # no such name: the file, read as a map


def test_layout_invariants() -> None:
    with pytest.raises(LayoutError, match="no tiles"):
        Layout("x", "X", ())
    with pytest.raises(LayoutError, match="3 tiles; a layout needs an even number"):
        Layout("x", "X", ((0, 0, 0), (2, 0, 0), (4, 0, 0)))
    with pytest.raises(LayoutError, match=": 1 tile; a layout needs an even number"):
        Layout("x", "X", ((0, 0, 0),))
    with pytest.raises(LayoutError, match="at most 1024"):
        Layout("x", "X", tuple((2 * i, 0, 0) for i in range(1026)))
    with pytest.raises(LayoutError, match="no name"):
        Layout("\t \n", "X", ((0, 0, 0), (2, 0, 0)), source="f.layout")
    overlap = r"f\.layout: tile at x=1 y=0 layer 0 overlaps the tile at x=0 y=0 layer 0$"
    with pytest.raises(LayoutError, match=overlap):
        Layout("x", "X", ((0, 0, 0), (1, 0, 0)), source="f.layout")
    with pytest.raises(LayoutError, match="off the board"):
        Layout("x", "X", ((-2, 0, 0), (0, 0, 0)), source="f.layout")
    layout = Layout("Mine", "", ((0, 0, 0), (2, 0, 0)), source="f.layout")
    assert (layout.name, layout.title, layout.is_builtin) == ("mine", "mine", False)


def test_a_layout_is_started_by_name_unless_one_listed_before_answers_to_it() -> None:
    """The picker's "Start it directly" line and `lines-tui layouts` give what `find_layout`
    takes: a taken name (by an earlier layout's name or title) would start that other layout."""
    turtle = find_layout("turtle")
    mine = dataclasses.replace(turtle, name="pagoda", title="Mine", source="/x/my pagoda.layout")
    shell = dataclasses.replace(turtle, name="shell", title="Shell", source="/x/shell.layout")
    assert layout_reference(turtle, []) == "turtle"
    assert layout_reference(mine, builtin_layouts()) == "/x/my pagoda.layout"
    assert layout_reference(shell, builtin_layouts()) == "shell"
    as_title = dataclasses.replace(shell, name="Turtle")
    assert layout_reference(as_title, builtin_layouts()) == "/x/shell.layout"


# -- long titles and names -----------------------------------------------------------------------

LONG_TITLE = "The Great Wall of China, Seen From the Moon at Dusk"  # 51 characters
STEPS = (FIXTURES / "steps.layout").read_text(encoding="utf-8")


def test_a_long_title_is_cut_with_an_ellipsis(tmp_path: Path) -> None:
    """A title past 40 characters lost its end without a sign."""
    (tmp_path / "wall.layout").write_text(STEPS)
    (tmp_path / "wall.desktop").write_text(f"[KMahjonggLayout]\nName={LONG_TITLE}\n")
    (tmp_path / "forty.layout").write_text(STEPS)
    (tmp_path / "forty.desktop").write_text(f"Name={'T' * 40}\nDescription={'d' * 300}\n")
    wall, forty = (find_layout(name, [tmp_path]) for name in ("wall", "forty"))
    assert wall.title == "The Great Wall of China, Seen From the…"  # no space before the …
    assert forty.title == "T" * 40  # 40 characters are kept whole
    assert forty.description == "d" * 199 + "…"  # 200 at most, the last one the …
    long = Layout("x", "T" * 41, wall.slots)
    assert long.title == "T" * 39 + "…" and len(long.title) == 40
    # Read again (a saved game keeps the title as shown), a cut title is not cut twice.
    assert Layout(wall.name, wall.title, wall.slots, wall.source).title == wall.title


def test_a_title_is_cut_between_its_characters_never_inside_an_escape() -> None:
    """A control character spelled out (\\x1b) across the 40th character was cut to "\\x1…",
    which reads as another character."""
    slots = Layout("x", "x", ((0, 0, 0), (2, 0, 0))).slots
    assert Layout("x", "T" * 37 + "\x1b" + "T", slots).title == "T" * 37 + "…"
    assert Layout("x", "T" * 34 + "\x1b" + "TTT", slots).title == "T" * 34 + "\\x1bT…"


def test_a_long_map_title_is_cut_and_its_name_kept_whole(tmp_path: Path) -> None:
    """A map's name came from its title cut to 40 characters, while its `FILE.map#NAME` kept the
    whole one: the listing's path found no map (and neither did a survey's worker)."""
    path = tmp_path / "wall.map"
    path.write_text(
        f'<mahjongg><map name="{LONG_TITLE}"><row left="0" right="1" y="0"/></map></mahjongg>'
    )
    (wall,) = read_layout_file(path).layouts
    assert wall.title == "The Great Wall of China, Seen From the…"
    assert wall.name == "the-great-wall-of-china-seen-from-the-moon-at-dusk"
    assert wall.source == f"{path}#{wall.name}"
    assert find_layout(wall.source) == wall
    assert find_layout(wall.name, [tmp_path]) == wall
    assert find_layout(f"{path}#{wall.name}") == wall


def test_long_names_are_kept_whole_so_they_stay_apart(tmp_path: Path) -> None:
    """Two files named alike past 40 characters had one name, the first 40 characters: neither
    file's name found it, and the second was reachable only by its path."""
    stems = ["a-very-long-layout-name-from-somewhere-else-" + end for end in ("easy", "hard")]
    for stem in stems:
        (tmp_path / f"{stem}.layout").write_text(STEPS)
    found = discover_layouts([tmp_path]).layouts
    assert [layout.name for layout in found] == stems
    for place, layout in enumerate(found):
        assert find_layout(layout.name.upper(), [tmp_path]) == layout
        assert layout_reference(layout, found[:place]) == layout.name


def test_a_map_name_past_any_file_name_is_refused_not_cut(tmp_path: Path) -> None:
    path = tmp_path / "long.map"
    path.write_text(
        f'<mahjongg>\n<map name="Long" scorename="{"x" * 256}">\n'
        '<row left="0" right="1" y="0"/></map></mahjongg>'
    )
    with pytest.raises(LayoutError) as refused:
        read_layout_file(path)
    assert str(refused.value) == f"{path}: line 2: the map's name is over 255 characters long"
    assert discover_layouts([tmp_path]).problems == [str(refused.value)]
    path.write_text(path.read_text().replace("x" * 256, "x" * 255))
    assert read_layout_file(path).layouts[0].name == "x" * 255


def test_a_map_of_the_longest_name_is_found_by_its_file_and_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`FILE.map#NAME` with a name of 255 characters, as long as a map's name may be, is longer
    than a file name may be: it was read as one file name, refused as "File name too long"."""
    monkeypatch.chdir(tmp_path)
    name = "x" * 255
    (tmp_path / "long.map").write_text(
        f'<mahjongg><map name="Long" scorename="{name}"><row left="0" right="1" y="0"/></map>'
        '<map name="Short"><row left="0" right="1" y="0"/></map></mahjongg>'
    )
    for reference in (f"long.map#{name}", f"{tmp_path / 'long.map'}#{name.upper()}"):
        assert find_layout(reference).name == name
    with pytest.raises(LayoutError) as refused:
        find_layout(f"long.map#{'y' * 300}")
    # The name is repeated cut, as every refusal repeats outside text (`repeated`).
    cut = "y" * (REPEATED_COLUMNS - 1) + "…"
    assert str(refused.value).startswith(f"long.map: no map named '{cut}' (it holds: x")


def test_a_file_of_thousands_of_maps_lists_a_line_of_them_then_how_many_more(
    tmp_path: Path,
) -> None:
    """5,000 maps of two tiles each: the refusal listed every name, a line of 34,000 characters
    (a hostile-input test); with names of 255 characters it would have been a megabyte."""
    pair = "<tile x='0' y='0'/><tile x='1' y='0'/>"
    path = tmp_path / "many.map"
    path.write_text(
        "<mahjongg>"
        + "".join(f"<map name='m{n}'>{pair}</map>" for n in range(5000))
        + "</mahjongg>"
    )
    for reference, picked in ((str(path), "m0, m1, m2"), (f"{path}#zzz", "(it holds: m0, m1")):
        with pytest.raises(LayoutError) as refused:
            find_layout(reference)
        said = str(refused.value)
        assert picked in said
        assert said.endswith(" more)"), said
        listed = said[said.index("m0, ") :]
        assert len(listed) <= REPEATED_COLUMNS + len(", and 4999 more)"), said
    assert find_layout(f"{path}#m4999").name == "m4999"


def test_a_map_refused_names_its_title_cut_as_it_would_be_shown(tmp_path: Path) -> None:
    """The whole title went into the line: a title of a million characters made a line of a
    million, on stderr and in the layout picker's line of problems."""
    path = tmp_path / "odd.map"
    path.write_text(
        f'<mahjongg>\n<map name="{"Odd " * 250_000}" scorename="odd">\n'
        '<row left="0" right="2" y="0"/></map></mahjongg>'
    )
    with pytest.raises(LayoutError) as refused:
        read_layout_file(path)
    cut = f"{'Odd ' * 9}Odd…"
    assert str(refused.value) == (
        f"{path}: line 2: map '{cut}' has 3 tiles; a layout needs an even, positive number"
    )
