"""The 36 tile types of the standard set and which of them a layout of a given size is dealt.

Every type has four tiles (README, "The tiles"); flowers count as one type and seasons as
one type. A face is identified by a short id that never changes (it is stored in saved games and
position files); the 2-character ASCII label is what the board shows, because the Unicode mahjong
tiles drift in width from font to font (FIELD-NOTES.md).
"""

from __future__ import annotations

from dataclasses import dataclass

TILES_PER_TYPE = 4

SUITS = ("dots", "bamboo", "characters", "winds", "dragons", "flowers", "seasons")

_NUMBERS = ("One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")


@dataclass(frozen=True)
class Face:
    """One tile type; two tiles match when their faces are equal."""

    id: str
    """Stable short id, e.g. "d5", "wE", "dr"."""
    label: str
    """Two ASCII characters for the board, e.g. "5D", "Ew", "Rd"."""
    suit: str
    """One of SUITS; the board colours tiles by suit."""
    name: str
    """For people, e.g. "Five of Dots"."""
    glyph: str
    """The Unicode mahjong tile (U+1F000..U+1F02B), for terminals known to draw it one cell wide."""


def _numbered(suit: str, prefix: str, letter: str, first_glyph: int) -> list[Face]:
    return [
        Face(
            id=f"{prefix}{rank}",
            label=f"{rank}{letter}",
            suit=suit,
            name=f"{_NUMBERS[rank - 1]} of {suit.capitalize()}",
            glyph=chr(first_glyph + rank - 1),
        )
        for rank in range(1, 10)
    ]


def _standard_set() -> tuple[Face, ...]:
    # Ids "d1".."d9" (dots) and "dr"/"dg"/"dw" (dragons) share a first letter but never collide:
    # numbered ids end in a digit.
    faces = [
        *_numbered("dots", "d", "D", 0x1F019),
        *_numbered("bamboo", "b", "B", 0x1F010),
        *_numbered("characters", "c", "C", 0x1F007),
    ]
    for offset, (letter, wind) in enumerate(
        (("E", "East"), ("S", "South"), ("W", "West"), ("N", "North"))
    ):
        faces.append(
            Face(f"w{letter}", f"{letter}w", "winds", f"{wind} Wind", chr(0x1F000 + offset))
        )
    for offset, (letter, colour) in enumerate((("r", "Red"), ("g", "Green"), ("w", "White"))):
        faces.append(
            Face(
                f"d{letter}",
                f"{letter.upper()}d",
                "dragons",
                f"{colour} Dragon",
                chr(0x1F004 + offset),
            )
        )
    # All four flowers form one type, and all four seasons another; the glyph shows the first.
    faces.append(Face("fl", "Fl", "flowers", "Flower", chr(0x1F022)))
    faces.append(Face("se", "Se", "seasons", "Season", chr(0x1F026)))
    return tuple(faces)


FACES: tuple[Face, ...] = _standard_set()
"""The 36 types in their standard order: dots, bamboo, characters (1-9 each), winds E S W N,
dragons red green white, flowers, seasons."""

_BY_ID = {face.id: face for face in FACES}
_BY_LABEL = {face.label.lower(): face for face in FACES}

LABEL_STARTS = frozenset(label[0] for label in _BY_LABEL)
"""The first characters of the labels, lower case: the keys that start typing a face."""


def face_by_id(face_id: str) -> Face:
    """The face with this id; KeyError for an unknown id."""
    return _BY_ID[face_id]


def face_by_label(typed: str) -> Face | None:
    """The face whose label is `typed`, in either case ("5d", "EW", "fl"), or None."""
    return _BY_LABEL.get(typed.lower())


def is_standard_face(face_id: str) -> bool:
    return face_id in _BY_ID


def faces_for(tile_count: int) -> list[str]:
    """The face ids a layout of `tile_count` tiles is dealt, in standard order (not shuffled).

    144 tiles: every type four times. Fewer or more: `tile_count // 4` groups of four, their types
    spread evenly over the 36 in standard order so a small layout still shows every suit (72 tiles:
    every second type); past 144 the types repeat in eights, twelves, ... A count that is 2 mod 4
    adds one more type with only two tiles (the type evenly after the last group). An odd count, or
    none, is a ValueError: such a board can never be cleared.
    """
    if tile_count <= 0 or tile_count % 2:
        raise ValueError(f"a layout needs an even, positive number of tiles, not {tile_count}")
    groups, rest = divmod(tile_count, TILES_PER_TYPE)
    kinds = groups + (1 if rest else 0)
    ids: list[str] = []
    for kind in range(kinds):
        face = FACES[kind * len(FACES) // kinds]
        ids.extend([face.id] * (TILES_PER_TYPE if kind < groups else rest))
    return ids
