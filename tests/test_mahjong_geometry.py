"""The free-tile rule on bitmasks, and position files."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lines_tui.engine.mahjong.geometry import MAX_PLACE, Geometry, LayoutError, Slot, bits
from lines_tui.engine.mahjong.layouts import Layout, builtin_layouts
from lines_tui.engine.mahjong.layouts.gnome import parse_gnome_maps
from lines_tui.engine.mahjong.position import Position, PositionError

# A small hand-made position (half-tile units):
#
#   layer 0:  A B C   . D        A=(0,0) B=(2,0) C=(4,0)   D=(8,0)
#             E                  E=(0,2)  (its row overlaps nothing: dy = 2)
#   layer 1:   F                 F=(1,0,1) lies half on A and half on B
#             G at (8,1,1) lies on D (|dy| = 1 overlaps)
SLOTS: tuple[Slot, ...] = (
    (0, 0, 0),
    (2, 0, 0),
    (4, 0, 0),
    (8, 0, 0),
    (0, 2, 0),
    (1, 0, 1),
    (8, 1, 1),
)
A, B, C, D, E, F, G = range(7)


def names(mask: int) -> set[str]:
    return {"ABCDEFG"[i] for i in bits(mask)}


def test_free_tiles_of_a_known_position() -> None:
    geometry = Geometry.of(SLOTS)
    assert names(geometry.covers[A]) == {"F"} and names(geometry.covers[B]) == {"F"}
    assert names(geometry.under[F]) == {"A", "B"}
    assert names(geometry.covers[D]) == {"G"}
    assert names(geometry.left[B]) == {"A"} and names(geometry.right[B]) == {"C"}
    assert geometry.left[E] == 0 and geometry.right[E] == 0
    assert names(geometry.free_mask(geometry.all_present)) == {"C", "E", "F", "G"}
    # F gone: A and C are row ends, B sits between them.
    assert names(geometry.free_mask(geometry.all_present & ~(1 << F))) == {"A", "C", "E", "G"}
    # F and A gone: B is free on its left.
    present = geometry.all_present & ~(1 << F | 1 << A)
    assert names(geometry.free_mask(present)) == {"B", "C", "E", "G"}
    assert geometry.is_free(B, present) and not geometry.is_free(D, present)
    # Uncovered: nothing lies on it, free or not (B, between A and C, once F is gone).
    assert names(geometry.uncovered_mask(geometry.all_present)) == {"C", "E", "F", "G"}
    assert names(geometry.uncovered_mask(geometry.all_present & ~(1 << F))) == set("ABCEG")


def test_overlapping_tiles_are_a_layout_error() -> None:
    with pytest.raises(LayoutError, match=r"tiles overlap on layer 0: \(0, 0\) and \(1, 1\)"):
        Geometry.of([(0, 0, 0), (1, 1, 0)])
    # A code review: "tiles overlap on layer 1: (2, 0) and (2, 0)" named one place twice.
    with pytest.raises(LayoutError, match=r"^tiles overlap on layer 1: 1 and 2 both at \(2, 0\)$"):
        Geometry.of([(0, 0, 1), (2, 0, 1), (2, 0, 1)])
    with pytest.raises(LayoutError, match=r"tile 0 is off the board: x is -2, not 0 to 1024$"):
        Geometry.of([(-2, 0, 0)])
    Geometry.of([(0, 0, 0), (2, 1, 0), (0, 0, 1)])  # side by side half a row apart is fine


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[]", "a JSON object"),
        ("{}", "no 'tiles' list"),
        ('{"tiles": [[0, 0, 0]]}', "tile 0 is not"),
        # A player review: a face given as a number was blamed on the numbers.
        ('{"tiles": [[0, 0, 0, 5]]}', r"tile 0's face is not a name in quotes \("),
        ('{"tiles": [[0, 0, 0, ""]]}', "tile 0's face is not a name"),
        ('{"tiles": [[0, 0, 0, "a"], [2, 0, 0, "b"]]}', "face 'a' has an odd number"),
        ('{"tiles": [[0, 0, 0, "a"], [1, 0, 0, "a"]]}', "tiles overlap"),
        ('{"tiles": [[0, 0, 0, "a"], [2, 0, 0, "a"]], "removed": [5]}', "removed index 5"),
        ('{"tiles": [[0, 0, 0, "a"], [2, 0, 0, "a"]], "removed": [0, 0]}', "names a tile twice"),
        ("{not json", "not JSON"),
        # A hostile-input test: the last "tiles" was read, the first dropped without a word.
        (
            '{"tiles": [[0, 0, 0, "a"], [2, 0, 0, "a"]], "tiles": []}',
            "^not JSON: a key appears twice in one object$",
        ),
        ('{"tiles": [[NaN, 0, 0, "a"]]}', "^not JSON: NaN is not a number$"),
        ('{"tiles": [[1e999, 0, 0, "a"]]}', "^not JSON: a number in it is too large$"),
    ],
)
def test_malformed_positions(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        Position.loads(text)


@pytest.mark.parametrize(
    ("tile", "reason"),
    [
        ([10**22, 0, 0], "tile 0 is off the board: x is 10000000000000000000000, not 0 to 1024"),
        ([0, 1_000_000, 0], "tile 0 is off the board: y is 1000000, not 0 to 1024"),
        ([0, 0, MAX_PLACE + 1], "tile 0 is off the board: z is 1025, not 0 to 1024"),
        ([-(10**4000), 0, 0], "x is a negative number of 4,001 digits, not 0 to 1024"),
    ],
)
def test_a_place_past_the_widest_layout_is_refused_in_one_line(
    tile: list[int], reason: str
) -> None:
    """A saved game's position with x = 10**22 crashed the board as it was drawn (an index
    that big fits nothing), and every start offered that game again; x = 1,000,000 took seconds
    to draw. A position is held to the places a layout file may have (a GNOME map's -256 to 256
    tiles, shifted to start at 0), in one line."""
    tiles = [[*tile, "a"], [MAX_PLACE, MAX_PLACE, MAX_PLACE, "a"]]
    with pytest.raises(PositionError) as refused:
        Position.from_json({"tiles": tiles})
    assert str(refused.value).endswith(reason)
    assert len(str(refused.value)) < 100


def test_the_widest_layout_a_map_may_hold_is_a_position() -> None:
    """The bound is the layouts': a map as wide as a GNOME map may be, and as many layers as it
    may number, is a position, saved and read back."""
    xml = "<map name='wide'><tile x='-256' y='-256' z='0'/><tile x='256' y='256' z='999'/></map>"
    (layout,) = parse_gnome_maps(xml, source="wide.map").layouts
    assert {coordinate for slot in layout.slots for coordinate in slot} == {0, 999, MAX_PLACE}
    position = Position(layout.slots, ("a", "a"))
    assert Position.loads(position.dumps()) == position


def test_position_files_round_trip(tmp_path: Path) -> None:
    position = Position(SLOTS[:4], ("x", "y", "y", "x"), frozenset({1, 2}))
    path = tmp_path / "p.json"
    path.write_text(position.dumps(), encoding="utf-8")
    assert Position.load(path) == position
    assert json.loads(path.read_text()) == {
        "tiles": [[0, 0, 0, "x"], [2, 0, 0, "y"], [4, 0, 0, "y"], [8, 0, 0, "x"]],
        "removed": [1, 2],
    }
    assert position.present == 0b1001
    with pytest.raises(PositionError, match=f"{path.parent / 'missing.json'}"):
        Position.load(tmp_path / "missing.json")


@st.composite
def board_and_removals(draw: st.DrawFn) -> tuple[Geometry, int, int]:
    """A built-in layout's geometry, a set of present tiles, and a subset of it."""
    layout = draw(st.sampled_from(builtin_layouts()))
    count = len(layout.slots)
    present = draw(st.integers(0, (1 << count) - 1))
    removed = present & draw(st.integers(0, (1 << count) - 1))
    return layout.geometry, present, present & ~removed


@settings(max_examples=200, deadline=None)
@given(board_and_removals())
def test_removing_tiles_never_blocks_a_free_tile(case: tuple[Geometry, int, int]) -> None:
    geometry, before, after = case
    still_there = geometry.free_mask(before) & after
    assert geometry.free_mask(after) & still_there == still_there
    assert geometry.free_mask(after) & ~after == 0  # only present tiles are free
    for index in bits(after):
        assert geometry.is_free(index, after) == bool(geometry.free_mask(after) >> index & 1)
    uncovered = geometry.uncovered_mask(after)
    assert geometry.free_mask(after) & ~uncovered == 0 and uncovered & ~after == 0
    assert uncovered == sum(1 << i for i in bits(after) if not geometry.covers[i] & after)


@settings(max_examples=200, deadline=None)
@given(board_and_removals(), st.integers(min_value=0))
def test_newly_free_is_what_the_whole_board_rule_gives(
    case: tuple[Geometry, int, int], known_seed: int
) -> None:
    """Looking only at the neighbours of the tiles that left finds exactly the tiles that
    became free (outside those already known), as recomputing the whole board does."""
    geometry, present, _ = case
    free = geometry.free_mask(present)
    gone = free & known_seed  # any of the free tiles may leave together
    after = present & ~gone
    known = free | (geometry.all_present & ~present)
    expected = geometry.free_mask(after) & ~known
    assert geometry.newly_free(gone, after, known) == expected


@st.composite
def random_slots(draw: st.DrawFn) -> list[Slot]:
    """Tiles at random half-tile places, the overlapping ones dropped."""
    slots: list[Slot] = []
    for _ in range(draw(st.integers(1, 30))):
        x, y, z = draw(st.integers(0, 12)), draw(st.integers(0, 8)), draw(st.integers(0, 3))
        if all(not (abs(x - a) < 2 and abs(y - b) < 2 and z == c) for a, b, c in slots):
            slots.append((x, y, z))
    return slots


@settings(max_examples=100, deadline=None)
@given(random_slots(), st.data())
def test_neighbour_tables_follow_the_rule_on_any_board(
    slots: list[Slot], data: st.DataObject
) -> None:
    geometry = Geometry.of(slots)
    present = data.draw(st.integers(0, geometry.all_present))
    for i in bits(present):
        x, y, z = slots[i]
        others = [(j, slots[j]) for j in bits(present) if j != i]
        covered = any(c == z + 1 and abs(a - x) < 2 and abs(b - y) < 2 for _, (a, b, c) in others)
        left = any(c == z and a - x == -2 and abs(b - y) < 2 for _, (a, b, c) in others)
        right = any(c == z and a - x == 2 and abs(b - y) < 2 for _, (a, b, c) in others)
        assert geometry.is_free(i, present) == (not covered and not (left and right))


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 8), st.integers(0, 6), st.integers(0, 2)), min_size=1, max_size=12
    )
)
def test_any_two_overlapping_tiles_are_refused(slots: list[Slot]) -> None:
    overlapping = any(
        a[2] == b[2] and abs(a[0] - b[0]) < 2 and abs(a[1] - b[1]) < 2
        for n, a in enumerate(slots)
        for b in slots[n + 1 :]
    )
    if overlapping:
        with pytest.raises(LayoutError, match="tiles overlap"):
            Geometry.of(slots)
    else:
        Geometry.of(slots)


def cleared_while_held(geometry: Geometry, tile: int, present: int) -> int:
    """What stays of `present` when every free tile but `tile` leaves, again and again, judged
    by the whole-board rule."""
    while True:
        leaving = geometry.free_mask(present) & ~(1 << tile)
        if not leaving:
            return present
        present &= ~leaving


@settings(max_examples=60, deadline=None)
@given(board_and_removals(), st.integers(min_value=0))
def test_stuck_while_is_what_clearing_the_whole_board_leaves(
    case: tuple[Geometry, int, int], pick: int
) -> None:
    """stuck_while looks only at the tiles that wait for the held one; clearing the whole
    board around it leaves exactly the same tiles."""
    geometry, present, _ = case
    if not present:
        return
    tiles = list(bits(present))
    tile = tiles[pick % len(tiles)]
    assert geometry.stuck_while(tile, present) == cleared_while_held(geometry, tile, present)


@settings(max_examples=60, deadline=None)
@given(board_and_removals(), st.integers(min_value=0))
def test_a_tile_holds_only_tiles_of_its_cone_on_the_full_board(
    case: tuple[Geometry, int, int], pick: int
) -> None:
    """On any board a tile holds only tiles of its cone there, which lies within its cone on
    the full board: the solver skips the tiles whose full cone has no tile of their type."""
    geometry, present, _ = case
    if not present:
        return
    tiles = list(bits(present))
    tile = tiles[pick % len(tiles)]
    cone = geometry.waiting_cone(tile, present)
    assert geometry.stuck_while(tile, present) & ~cone == 0
    assert cone & ~geometry.cones[tile] == 0


@pytest.mark.parametrize("layout", builtin_layouts(), ids=lambda layout: layout.name)
def test_the_tiles_that_hold_a_tile_are_those_in_whose_cone_it_is(layout: Layout) -> None:
    """`holding_cones` is the inverse of `cones`: tile t holds tile s, directly or not, exactly
    when s waits for t, directly or not."""
    geometry = layout.geometry
    for held, holding in enumerate(geometry.holding_cones):
        for tile, cone in enumerate(geometry.cones):
            assert bool(holding >> tile & 1) == bool(cone >> held & 1)


@settings(max_examples=100, deadline=None)
@given(board_and_removals(), st.integers(min_value=0), st.integers(min_value=0))
def test_what_a_pair_frees_depends_only_on_the_tiles_that_decide_it(
    case: tuple[Geometry, int, int], pick: int, changes: int
) -> None:
    """`decided_by` names every tile whose presence or freedom changes what `newly_free`
    finds when a pair leaves: changing any other tile changes nothing."""
    geometry, present, _ = case
    free = list(bits(geometry.free_mask(present)))
    if len(free) < 2:
        return
    a, b = free[pick % len(free)], free[(pick // len(free)) % len(free)]
    pair = 1 << a | 1 << b
    known = geometry.free_mask(present) | (geometry.all_present & ~present)
    outside = ~(geometry.decided_by[a] | geometry.decided_by[b] | pair)
    # Any change of tiles outside: some leave, some more count as known.
    other_present = present & ~(changes & outside)
    other_known = known | (changes >> 1 & outside & other_present)
    assert geometry.newly_free(pair, present & ~pair, known) == geometry.newly_free(
        pair, other_present & ~pair, other_known
    )


def test_positions_on_the_same_places_share_one_geometry() -> None:
    layout = builtin_layouts()[0]
    first = Position(layout.slots, tuple("a" * len(layout.slots)))
    second = Position(layout.slots, tuple("b" * len(layout.slots)))
    assert first.geometry is second.geometry is Geometry.of(layout.slots)


@pytest.mark.parametrize("layout", builtin_layouts(), ids=lambda layout: layout.name)
def test_the_tiles_a_tile_stands_on_stay_while_it_does(layout: Layout) -> None:
    """`stands_on` holds the tile, its supports and theirs, all on lower layers; removing free
    tiles in a random order, they are all there for as long as the tile is."""
    geometry = layout.geometry
    for tile, stands in enumerate(geometry.stands_on):
        assert stands >> tile & 1
        for below in bits(geometry.under[tile]):
            assert stands & geometry.stands_on[below] == geometry.stands_on[below]
        assert all(
            geometry.slots[other][2] < geometry.slots[tile][2]
            for other in bits(stands & ~(1 << tile))
        )
    chooser = random.Random(1)
    present = geometry.all_present
    while present:
        free = list(bits(geometry.free_mask(present)))
        if not free:
            break
        present &= ~(1 << chooser.choice(free))
        for tile in bits(present):
            assert geometry.stands_on[tile] & present == geometry.stands_on[tile]
