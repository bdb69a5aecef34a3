"""Deals and ball sequences that must replay forever (README, "Share codes, format 2"): known
deals of both dealer versions and known Lines starts are pinned here. A change that moves any of
them breaks every record made before it."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lines_tui.engine.lines import LinesGame
from lines_tui.engine.mahjong.deal import DEALER_VERSION, deal
from lines_tui.engine.mahjong.faces import faces_for
from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.layouts import Layout, find_layout

TURTLE_DEALS = [
    (1, 0, "b3 b5 d8 d9 b3 c7 dw c3 b6 b4 b8 c6", "13538efbf0c3dabc"),
    (1, 1, "c6 dg d7 d6 c4 b6 c8 c3 wW c9 b6 d3", "a99e7569d0064730"),
    (1, 123456789, "d5 wE dr d2 b7 b3 dr b5 wW d6 b4 dr", "9a64976a22af16c4"),
    (2, 0, "c6 c1 c8 d2 dw wW c6 wS d1 c8 c7 dr", "ec6420e5c1cba58b"),
    (2, 1, "d5 wS c3 b4 b7 b6 b9 d3 b2 wN c1 d9", "8ac817981f835557"),
    (2, 123456789, "wS b2 d8 wS se d5 b3 d6 b1 c3 b1 b7", "1f76e2865d3915d4"),
]


@pytest.mark.parametrize(("dealer", "seed", "first", "digest"), TURTLE_DEALS)
def test_known_turtle_deals_never_change(dealer: int, seed: int, first: str, digest: str) -> None:
    faces = deal(find_layout("turtle"), seed, dealer).faces
    assert " ".join(faces[:12]) == first
    assert hashlib.sha256(" ".join(faces).encode()).hexdigest()[:16] == digest


def test_new_games_use_the_stable_dealer_and_name_it() -> None:
    game = MahjongGame.new(find_layout("turtle"), 5)
    assert game.dealer == DEALER_VERSION == 2
    assert game.position == deal(find_layout("turtle"), 5, 2)
    assert MahjongGame.from_json(game.to_json()).dealer == 2
    old_save = game.to_json()
    del old_save["dealer"]  # saved before dealers had versions
    assert MahjongGame.from_json(old_save).dealer == 1


def test_an_unknown_dealer_is_refused() -> None:
    with pytest.raises(ValueError, match="no dealer version 3"):
        deal(find_layout("turtle"), 0, 3)


@given(st.integers(1, 300).map(lambda n: 2 * n), st.integers(0, 2**64))
def test_the_stable_dealer_deals_every_face_it_should(count: int, seed: int) -> None:
    # Rows of 100: a place is at most MAX_PLACE half-tiles out, which 600 tiles in a row passed.
    slots = tuple((2 * (i % 100), 2 * (i // 100), 0) for i in range(count))
    faces = deal(Layout("row", "Row", slots, source="test"), seed, 2).faces
    assert Counter(faces) == Counter(faces_for(count))


def test_known_lines_starts_never_change() -> None:
    game = LinesGame.new(42)
    assert sorted(game.board.balls()) == [
        ((2, 4), "B"),
        ((3, 6), "R"),
        ((5, 6), "R"),
        ((6, 6), "V"),
        ((8, 0), "R"),
    ]
    assert game.preview == (((1, 7), "C"), ((0, 1), "B"), ((5, 8), "C"))
    other = LinesGame.new(2026, 9)
    assert other.board.balls() == [
        ((0, 8), "B"),
        ((1, 0), "C"),
        ((4, 5), "N"),
        ((5, 4), "C"),
        ((7, 1), "C"),
    ]
    assert other.preview == (((6, 5), "Y"), ((6, 7), "V"), ((2, 1), "V"))
