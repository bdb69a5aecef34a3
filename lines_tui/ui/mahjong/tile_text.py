"""How a tile reads in words: its label, suit and name, its glyph, and the panel's lines about the
tile under the cursor and the one picked."""

from __future__ import annotations

from rich.cells import cell_len

from lines_tui.engine.mahjong.faces import face_by_id
from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.engine.mahjong.layouts import Layout
from lines_tui.engine.visible_text import spelled_prefix
from lines_tui.outside_text import printable


def face_text(face_id: str) -> tuple[str, str, str]:
    """(label, suit, name) of a face id; a position file (a saved game's) may use faces outside
    the standard set: any text, shown inert. Its name and label go into the panel's lines about a
    tile, whose own line breaks stay (`printable_lines`): one in the face showed as two lines. The
    label is as much of it as fits the tile's two cells, counted in columns: cut at two
    characters, a wide one's (`日本`) took four, and pushed the rest of the tile's row aside."""
    try:
        face = face_by_id(face_id)
    except KeyError:
        return spelled_prefix(face_id, 2, cell_len), "other", printable(face_id)
    return face.label, face.suit, face.name


def face_glyph(face_id: str) -> str:
    """The Unicode mahjong tile of a face, or its label where there is none."""
    try:
        return face_by_id(face_id).glyph
    except KeyError:
        return face_text(face_id)[0]


def tile_label(game: MahjongGame, tile: int) -> str:
    """The label of the face on `tile` ("5d")."""
    return face_text(game.face(tile))[0]


def tile_info(game: MahjongGame, layout: Layout, cursor: int | None, selected: int | None) -> str:
    """The tile under the cursor (label, name, layer, why it is not free) and the picked one."""
    lines = []
    if cursor is not None:
        label, _, name = face_text(game.face(cursor))
        layer = layout.slots[cursor][2] + 1
        freedom = game.why_not_free(cursor) or "free"
        lines += [f"{label} {name}", f"layer {layer}, {freedom}"]
    if selected is not None:
        lines += ["", f"picked {tile_label(game, selected)}"]
    return "\n".join(lines)
