"""The engine's rules for reaching things with few keys: Lines cell names typed row then column,
Mahjong face labels, free partners and the pair one key may take."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lines_tui.engine.lines.cell_names import CellTyping, cell_name
from lines_tui.engine.lines.rules import BOARD_SIZES
from lines_tui.engine.mahjong.faces import FACES, LABEL_STARTS, face_by_label
from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.geometry import bits
from lines_tui.engine.mahjong.layouts import find_layout

sizes = st.sampled_from(list(BOARD_SIZES))


def typed(typing: CellTyping, keys: str) -> tuple[int, int] | None:
    """Feed keys as the screen does: digits to the row, anything else as a column."""
    cell = None
    for key in keys:
        if key.isdigit():
            typing.digit(key)
        else:
            cell = typing.column(key)
    return cell


@given(sizes, st.data())
def test_every_cell_is_reached_by_typing_its_name(size: int, data: st.DataObject) -> None:
    cell = (data.draw(st.integers(0, size - 1)), data.draw(st.integers(0, size - 1)))
    name = cell_name(cell)
    assert len(name) <= (2 if size <= 9 else 3)
    assert typed(CellTyping(size), name) == cell


@given(sizes, st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyz", max_size=8), st.data())
def test_a_name_typed_after_any_keys_still_reaches_its_cell(
    size: int, noise: str, data: st.DataObject
) -> None:
    """Whatever was typed before (a slip, half a name), a whole name typed after a column letter
    lands on its cell: a letter always ends or clears what was typed."""
    cell = (data.draw(st.integers(0, size - 1)), data.draw(st.integers(0, size - 1)))
    typing = CellTyping(size)
    typed(typing, noise)
    typing.column("a")
    assert typed(typing, cell_name(cell)) == cell


@given(sizes)
def test_names_are_unique_and_stay_on_the_board(size: int) -> None:
    names = {cell_name((r, c)) for r in range(size) for c in range(size)}
    assert len(names) == size * size
    typing = CellTyping(size)
    assert typing.column("a") is None  # no row yet
    typing.digit("0")
    assert typing.pending_row is None  # there is no row 0
    typing.digit("9" if size < 9 else "1")
    assert typing.pending_row is None or typing.pending_row < size
    letter_past_the_edge = "abcdefghijklmnop"[size]
    assert not typing.is_column(letter_past_the_edge)
    assert typing.column(letter_past_the_edge) is None


def test_a_row_past_the_board_starts_a_new_number() -> None:
    typing = CellTyping(15)
    assert typed(typing, "12c") == (11, 2)
    assert typed(typing, "16c") == (5, 2)  # 16 is no row: the 6 starts over
    assert typed(typing, "1c") == (0, 2)
    nine = CellTyping(9)
    assert typed(nine, "78b") == (7, 1)  # 78 is no row: the 8 starts over
    with pytest.raises(ValueError):
        CellTyping(4)


# --- Mahjong -----------------------------------------------------------------------------------


def test_every_label_names_its_face_in_either_case() -> None:
    for face in FACES:
        assert face_by_label(face.label) == face
        assert face_by_label(face.label.lower()) == face
        assert face_by_label(face.label.upper()) == face
        # Two characters, the first a label's start: the second always ends the label typed.
        assert face.label[0].lower() in LABEL_STARTS and len(face.label) == 2
    assert face_by_label("xx") is None and face_by_label("5") is None
    assert face_by_label("5d").id == "d5" and face_by_label("ew").id == "wE"
    assert face_by_label("fl").id == "fl" and face_by_label("wd").id == "dw"
    assert "x" not in LABEL_STARTS


games = st.tuples(
    st.sampled_from(["turtle", "lantern"]), st.integers(0, 2**32 - 1), st.integers(0, 60)
)


def played(layout: str, seed: int, moves: int) -> MahjongGame:
    """A game after up to `moves` random pairs."""
    game = MahjongGame.new(find_layout(layout), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        pairs = game.available_pairs()
        if not pairs:
            break
        game.remove(*rng.choice(pairs))
    return game


@settings(max_examples=40, deadline=None)
@given(games)
def test_partners_and_playable_tiles_follow_the_free_rule(spec: tuple[str, int, int]) -> None:
    game = played(*spec)
    free = game.free_mask()
    playable = game.playable_mask()
    assert playable & ~free == 0
    for tile in bits(game.present):
        partners = game.free_matches(tile)
        expected = {i for i in bits(free) if i != tile and game.face(i) == game.face(tile)}
        assert set(bits(partners)) == expected
        assert bool(playable >> tile & 1) == bool(free >> tile & 1 and partners)
        assert set(bits(game.free_of_face(game.face(tile)))) == expected | (
            {tile} if free >> tile & 1 else set()
        )


@settings(max_examples=40, deadline=None)
@given(games)
def test_a_sure_partner_is_taken_only_when_there_is_nothing_to_choose(
    spec: tuple[str, int, int],
) -> None:
    game = played(*spec)
    for tile in bits(game.present):
        sure = game.sure_partner(tile)
        partners = list(bits(game.free_matches(tile)))
        same_face = [i for i in bits(game.present) if game.face(i) == game.face(tile)]
        if not game.is_free(tile) or not partners:
            assert sure is None
        elif len(partners) == 1:
            assert sure == partners[0]
        elif len(partners) + 1 == len(same_face):
            assert sure == min(partners)  # all of the face is free: any pairing clears it
        else:
            assert sure is None
        if sure is not None:
            game.check_move(tile, sure)
