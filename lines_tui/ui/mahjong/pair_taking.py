"""The keys that pick tiles and take pairs (enter, t, m) and that jump the cursor through free
tiles (tab, a, a face's label), turned into `MahjongGame` calls on the board."""

from __future__ import annotations

from collections.abc import Callable

from lines_tui.engine.mahjong.game import MahjongGame
from lines_tui.ui.mahjong.board import MahjongBoard
from lines_tui.ui.mahjong.navigation import cycle
from lines_tui.ui.mahjong.status import Moved, pair_of
from lines_tui.ui.mahjong.tile_text import tile_label


class PairTaking:
    """Picking and taking on `board()` for `game()`. `remove(first, second)` takes a pair (the
    screen then shows the new position), `say` puts a line in the message line, `miss` says
    that a label typed found no free tile, and `show_tile_info` redraws the panel's lines about
    the cursor and the picked tile."""

    def __init__(
        self,
        board: Callable[[], MahjongBoard],
        game: Callable[[], MahjongGame],
        remove: Callable[[int, int], None],
        say: Callable[[str], None],
        miss: Callable[[str], None],
        show_tile_info: Callable[[], None],
    ) -> None:
        self._board = board
        self._game = game
        self._remove = remove
        self._say = say
        self._miss = miss
        self._show_tile_info = show_tile_info
        self._hint_followed: frozenset[int] = frozenset()
        """The hinted pair whose partner `m` went to: further `m`s go on through every match
        (they went back and forth between the two hinted tiles: a re-check)."""
        self._partner_shown: tuple[int, int] | None = None
        """The picked tile and the partner that t or m showed it with, the cursor put there."""

    def jump(self, tiles: int, forward: bool, none_left: str) -> None:
        """The cursor to the next of `tiles` in reading order, saying what t does there (as a
        label typed does); `none_left` says there is none. A jump to another face than the
        picked tile's drops the pick: the player moves on from it (t acts on the tile jumped
        to). From a partner that t or m showed, the picked tile itself is passed over: t
        there only showed the partners again, and `tab` `t` went back and forth between the
        two. (From a partner the player went to, shift+tab goes back to the picked tile.)"""
        board, game = self._board(), self._game()
        selected = board.selected
        if (
            selected is not None
            and self._partner_shown == (selected, board.cursor)
            and tiles & ~(1 << selected)
        ):
            tiles &= ~(1 << selected)
        target = cycle(board.grid, tiles, board.cursor, forward)
        if target is None:
            self._say(none_left)
        else:
            if selected is not None and not game.matches(selected, target):
                board.selected = None
            board.cursor = target
            free = game.free_matches(target).bit_count() + 1
            self._say(f"{tile_label(game, target)}: {free} free, {self._what_t_does()}")
        self._show_tile_info()

    def jump_to_face(self, face_id: str, label: str) -> None:
        """The cursor to the next free tile of a face, saying how many are free; with none free,
        how many are on the board, or that all are taken, or that the deal never had one."""
        game = self._game()
        tiles = game.free_of_face(face_id)
        if not tiles:
            on_board = game.tiles_of_face(face_id).bit_count()
            dealt = game.position.faces.count(face_id)  # a layout may have too few tiles for it
            if on_board:
                self._miss(f"No {label} is free ({on_board} on the board).")
            elif dealt:
                self._miss(f"All {dealt} {label} are taken.")
            else:
                self._miss(f"This deal has no {label}.")
            return
        self.jump(tiles, True, "")

    def _what_t_does(self) -> str:
        """What `take_pair` would do now, in the words the status line uses."""
        board, game = self._board(), self._game()
        selected, cursor = board.selected, board.cursor
        if (
            selected is not None
            and cursor is not None
            and game.free_matches(selected) >> cursor & 1
        ):
            return "t takes this pair."
        tile = selected if selected is not None else cursor
        if tile is None or not game.free_matches(tile):
            return "none to pair it with."
        if self._partner_at_once(tile) is not None:
            return "t takes a pair."
        if selected is not None:
            return "t shows its partners."
        return "t picks it and shows its partners."

    def pair_moved(self, undone: bool, pair: tuple[int, int]) -> Moved:
        """After an undo (`undone`) or a redo of `pair`, already played in the game: say which
        pair, and what became of the picked tile. It stays picked while the game still lets it
        be taken (with what t does now), and is dropped once it cannot be (covered or blocked
        again by the pair put back, or taken by the redo), saying why. Returns what was done
        to which pair."""
        board, game = self._board(), self._game()
        moved = Moved(undone, pair_of(game, pair))
        said = str(moved)
        selected = board.selected
        if selected is None:
            self._say(f"{said}.")
        elif selected in pair:
            board.selected = None
            self._say(f"{said}, the picked tile with them.")
        else:
            label = tile_label(game, selected)
            why = game.why_not_free(selected)
            if why is None:
                self._say(f"{said}; {label} stays picked: {self._what_t_does()}")
            else:
                board.selected = None
                self._say(f"{said}: {label} is {why}, no longer picked.")
        self._show_tile_info()
        return moved

    def take_pair(self) -> None:
        """Take the picked tile (or the one under the cursor) with its free partner: the hinted
        one after a hint, else the only one that makes no difference; with several partners to
        choose from, pick the tile and show the partners one by one."""
        board, game = self._board(), self._game()
        selected, cursor = board.selected, board.cursor
        picked_partners = 0 if selected is None else game.free_matches(selected)
        if selected is not None and cursor is not None and picked_partners >> cursor & 1:
            self._remove(selected, cursor)  # the partner the player chose
            return
        tile = selected if selected is not None else cursor
        label = self._takeable_label(tile)
        if tile is None or label is None:
            return
        partner = self._partner_at_once(tile)
        if partner is not None:
            self._remove(tile, partner)
            return
        partners = game.free_matches(tile)
        if not partners:
            self._say(f"No other free tile matches {label}.")
            return
        board.selected = tile
        # The first in reading order, as `m` numbers them ("Partner 2 of 2" came first when
        # the cursor stood past the first).
        board.cursor = board.grid.reading_order(partners)[0]
        self._partner_shown = (tile, board.cursor)
        self._say(
            f"{partners.bit_count()} free {label} to pair it with: t takes this one, "
            "m shows the next."
        )
        self._show_tile_info()

    def _partner_at_once(self, tile: int) -> int | None:
        """The partner t takes `tile` with at once: the hinted one, else the only one that
        makes no difference (None: the player chooses)."""
        partner = self._hinted_partner(tile)
        return self._game().sure_partner(tile) if partner is None else partner

    def match(self) -> None:
        """The cursor to the next free tile matching the picked tile (or the one under the
        cursor); after a hint, to the hinted partner first, then on through every match."""
        board, game = self._board(), self._game()
        reference = board.selected if board.selected is not None else board.cursor
        if reference is None:
            return
        hinted_partner = self._hinted_partner(reference)
        if (
            hinted_partner is not None
            and board.cursor != hinted_partner
            and board.hints != self._hint_followed
        ):
            # Following a hint: its partner first, not whichever match comes next on screen.
            target: int | None = hinted_partner
            self._hint_followed = board.hints
        else:
            target = cycle(board.grid, game.free_matches(reference), board.cursor)
        if target is None:
            self._say(f"No other free tile matches {tile_label(game, reference)}.")
        else:
            board.cursor = target
            if board.selected is None:
                self._say_match_shown()
            else:
                self._partner_shown = (board.selected, target)
                self._say_partner_shown()
        self._show_tile_info()

    def _say_match_shown(self) -> None:
        """With nothing picked, which of its face's free tiles the cursor moved to, and what t
        does there: the cursor alone moved, easily missed on a full board."""
        board, game = self._board(), self._game()
        cursor = board.cursor
        assert cursor is not None
        order = board.grid.reading_order(game.free_matches(cursor) | 1 << cursor)
        self._say(
            f"{tile_label(game, cursor)}, {order.index(cursor) + 1} of {len(order)} free: "
            f"{self._what_t_does()}"
        )

    def _say_partner_shown(self) -> None:
        """While the picked tile's partners are shown one by one (`take_pair`), which of them the
        cursor is on now, in reading order, and the keys again: the key that moved it started
        from a clean message line, which left the choice without its instructions."""
        board, game = self._board(), self._game()
        selected, cursor = board.selected, board.cursor
        if selected is None or cursor is None:
            return
        partners = game.free_matches(selected)
        if partners.bit_count() < 2 or not partners >> cursor & 1:
            return
        order = board.grid.reading_order(partners)
        self._say(
            f"Partner {order.index(cursor) + 1} of {len(order)}: t takes this one, "
            "m shows the next."
        )

    def choose(self) -> None:
        """Pick the tile under the cursor; a matching free tile takes the pair, the picked one
        again puts it back, another face is picked instead."""
        board, game = self._board(), self._game()
        tile = board.cursor
        label = self._takeable_label(tile)
        if tile is None or label is None:
            return
        selected = board.selected
        if selected is None:
            board.selected = tile
            self._say(f"{label} picked: {self._what_t_does()}")
        elif selected == tile:
            board.selected = None
            self._say(f"{label} no longer picked.")
        elif not game.matches(selected, tile):
            first = tile_label(game, selected)
            board.selected = tile
            self._say(
                f"{first} and {label} differ, so {label} is picked instead: {self._what_t_does()}"
            )
        else:
            self._remove(selected, tile)
            return
        self._show_tile_info()

    def _hinted_partner(self, tile: int) -> int | None:
        """The other tile of the hinted pair when `tile` is one of it (the hint chose the
        partner, from the solver's winning line: README, "The status field"); else None."""
        hints = self._board().hints
        if tile not in hints:
            return None
        return next(iter(hints - {tile}), None)

    def _takeable_label(self, tile: int | None) -> str | None:
        """The label of `tile` if it can be taken now; else None, saying why it cannot (nothing
        to say for no tile or a won game)."""
        game = self._game()
        if tile is None or game.won:
            return None
        label = tile_label(game, tile)
        why = game.why_not_free(tile)
        if why is not None:
            self._say(f"{label} is {why}: it cannot be taken now.")
            return None
        return label
