"""The position a search starts from: its tiles by type, and which tiles hold which others."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from lines_tui.engine.mahjong.geometry import Geometry, bits
from lines_tui.engine.mahjong.position import Position
from lines_tui.engine.mahjong.solver.result import Pair

NO_TILE = -1
"""In a table of partners: no partner."""


class Board:
    """Facts about the starting position that no commitment changes."""

    def __init__(self, position: Position, check: Callable[[], None]) -> None:
        """`check` is called now and then while the board is studied (it may raise Stopped)."""
        # The layout's shared geometry (`Geometry.of`), whose tables earlier deals of the
        # layout have already built.
        geometry = self.geometry = position.geometry
        self.present = position.present
        """The tiles on the board at the start."""
        self.free = geometry.free_mask(self.present)
        self.known = self.free | geometry.all_present & ~self.present
        """The tiles free or gone at the start: tiles removed before it count as gone (so as
        free) in every playout and relaxation."""
        self.blocks = geometry.waiting_for
        """blocks[t]: the tiles that wait for tile t (it lies on them or stands beside them)."""
        type_ids: dict[str, int] = {}
        self.type_of = [type_ids.setdefault(face, len(type_ids)) for face in position.faces]
        self.type_tiles: list[list[int]] = [[] for _ in type_ids]
        for tile in bits(self.present):
            self.type_tiles[self.type_of[tile]].append(tile)
        self.type_mask = [sum(1 << tile for tile in tiles) for tiles in self.type_tiles]
        self.held = self._held_mates(check)
        """held[t]: the tiles of t's type that can never get free while t stays (for types of
        more than two tiles; 0 for the others, which pair one way whatever holds them)."""

    @property
    def types(self) -> int:
        return len(self.type_tiles)

    def never_together(self, a: int, b: int) -> bool:
        """Whether tiles a and b of one type of more than two tiles can never be free together
        (one has to go before the other); False for a type of two (see `held`)."""
        return bool(self.held[a] >> b & 1 or self.held[b] >> a & 1)

    def _held_mates(self, check: Callable[[], None]) -> list[int]:
        """For each tile, the tiles of its type that it holds: by lying on them, or by blocking
        the only ways to free them. A type with two tiles left pairs one way whatever holds
        them, so only the others are looked at."""
        geometry, present = self.geometry, self.present
        held = [0] * len(self.type_of)
        held_while = _held_while(geometry, present)
        for tiles, mates in zip(self.type_tiles, self.type_mask, strict=True):
            if len(tiles) <= 2:
                continue
            for tile in tiles:
                others = mates & ~(1 << tile)
                # Most tiles have no mate in their cone on the full board, and hold none.
                if not geometry.cones[tile] & others:
                    continue
                stuck = held_while.get(tile)
                if stuck is None:
                    check()
                    stuck = held_while[tile] = geometry.stuck_while(tile, present)
                held[tile] = stuck & others
        return held

    def partners_from(self, previous: Sequence[Pair] | None) -> list[int]:
        """Partners suggested by an earlier winning sequence (NO_TILE: none), repaired after the
        player's move: pairs still on the board keep their partners, the tiles left without
        one pair up among their type."""
        hint = [NO_TILE] * len(self.type_of)
        if not previous:
            return hint
        for a, b in previous:
            if self._still_a_pair(a, b):
                hint[a], hint[b] = b, a
        orphans: dict[int, list[int]] = {}
        for tile in bits(self.present):
            if hint[tile] == NO_TILE:
                orphans.setdefault(self.type_of[tile], []).append(tile)
        for tiles in orphans.values():
            for k in range(0, len(tiles) - 1, 2):
                hint[tiles[k]], hint[tiles[k + 1]] = tiles[k + 1], tiles[k]
        return hint

    def _still_a_pair(self, a: int, b: int) -> bool:
        """Whether tiles a and b, a pair of an earlier winning sequence (which may come from
        anywhere), are two tiles of one type both on this board."""
        count = len(self.type_of)
        if not (0 <= a < count and 0 <= b < count) or a == b:
            return False
        both = 1 << a | 1 << b
        return self.present & both == both and self.type_of[a] == self.type_of[b]


@lru_cache(maxsize=8)
def _held_while(geometry: Geometry, present: int) -> dict[int, int]:
    """`Geometry.stuck_while` of the tiles asked about so far on this board, filled in by the
    boards that ask. Kept for the latest boards: every fresh deal of a layout starts on the
    same board."""
    return {}
