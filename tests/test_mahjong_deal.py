"""Faces and seeded deals."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lines_tui.engine.mahjong.deal import deal
from lines_tui.engine.mahjong.faces import FACES, SUITS, face_by_id, faces_for
from lines_tui.engine.mahjong.layouts import Layout, builtin_layouts, find_layout


def test_the_standard_set() -> None:
    assert len(FACES) == 36
    assert len({face.id for face in FACES}) == 36
    assert len({face.label for face in FACES}) == 36
    assert all(len(face.label) == 2 and face.label.isascii() for face in FACES)
    assert Counter(face.suit for face in FACES) == {
        "dots": 9,
        "bamboo": 9,
        "characters": 9,
        "winds": 4,
        "dragons": 3,
        "flowers": 1,
        "seasons": 1,
    }
    assert set(SUITS) == {face.suit for face in FACES}
    assert all(0x1F000 <= ord(face.glyph) <= 0x1F02B for face in FACES)
    five = face_by_id("d5")
    assert (five.label, five.suit, five.name) == ("5D", "dots", "Five of Dots")
    assert face_by_id("wE").name == "East Wind" and face_by_id("dr").name == "Red Dragon"
    with pytest.raises(KeyError):
        face_by_id("zz")


def test_faces_for_the_standard_and_other_sizes() -> None:
    assert Counter(faces_for(144)) == {face.id: 4 for face in FACES}
    small = Counter(faces_for(72))
    assert len(small) == 18 and set(small.values()) == {4}
    assert {face_by_id(i).suit for i in small} == set(SUITS) - {"seasons"}  # spread, not 1-9 dots
    assert sorted(Counter(faces_for(142)).values()) == [2] + [4] * 35
    assert sorted(Counter(faces_for(6)).values()) == [2, 4]
    assert Counter(faces_for(2)) == {"d1": 2}
    assert set(Counter(faces_for(288)).values()) == {8}
    for bad in (0, -4, 143):
        with pytest.raises(ValueError, match="even, positive"):
            faces_for(bad)


@settings(max_examples=50, deadline=None)
@given(st.sampled_from(builtin_layouts()), st.integers(0, 2**64))
def test_every_deal_has_the_full_set_and_the_seed_decides_it(layout: Layout, seed: int) -> None:
    position = deal(layout, seed)
    assert position.slots == layout.slots
    assert Counter(position.faces) == Counter(faces_for(len(position.faces)))
    if len(position.faces) == 144:
        assert set(Counter(position.faces).values()) == {4}
    assert deal(layout, seed) == position


def test_deals_differ_by_seed_and_are_stable_across_versions() -> None:
    turtle = find_layout("turtle")
    assert deal(turtle, 1).faces != deal(turtle, 2).faces
    # Pinned: saved games and shared seeds must keep meaning the same deal (dealer 1, the deals
    # before records; tests/test_deal_pins.py pins both dealers).
    assert deal(turtle, 1, dealer=1).faces[:6] == ("c6", "dg", "d7", "d6", "c4", "b6")
    with pytest.raises(ValueError, match=">= 0"):
        deal(turtle, -1)
