"""The games in progress, one of each kind (saved-lines.json, saved-mahjong.json), kept to be
resumed: saved, read and removed under the folder's lock, and never over a game another copy of
lines-tui saved that this one has not seen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from lines_tui.engine.saved_games import CLOCK_FIELD, PLAYER_FIELD, saved_by
from lines_tui.engine.visible_text import spelled_out
from lines_tui.store.data_files import DataFiles
from lines_tui.store.errors import SavedGameKept, StoreError
from lines_tui.store.names import same_name
from lines_tui.store.schema import CorruptFile, dump_game, load_game
from lines_tui.store.tables import KINDS

T = TypeVar("T")


class GameFile:
    """The saved game of one kind ("lines" or "mahjong") in one data folder (nothing cached:
    every call reads the file). StoreError for any other kind."""

    def __init__(self, files: DataFiles, data_dir: Path, kind: str) -> None:
        if kind not in KINDS:
            raise StoreError(f"no game of kind '{spelled_out(kind)}' (known: {', '.join(KINDS)})")
        self.files = files
        self.kind = kind
        self.path = data_dir / f"saved-{kind}.json"

    def save(
        self, data: dict[str, Any], *, replace: bool = True, known: dict[str, Any] | None = None
    ) -> None:
        """Keep the game in progress to resume it later. `replace=False`: only if no saved game
        is there (SavedGameKept if one is); `known`: only over that saved game (the one this
        copy of lines-tui knows is there), or none, not over one another copy saved meanwhile."""
        try:
            text = dump_game(self.kind, data)
        except (TypeError, ValueError) as error:
            raise StoreError(f"the {self.kind} game cannot be saved: {error}") from None
        with self.files.rewriting(self.path, self._reader()) as game:
            self._replaceable(game.current, replace, known)
            game.write(text)

    def load(
        self, resumable: Callable[[dict[str, Any]], object] | None = None
    ) -> dict[str, Any] | None:
        """The saved game, or None (none saved, one from a newer lines-tui, which is left alone,
        or a bad file, which is kept aside). `resumable(game)` raises ValueError (its message
        one line) for a game that cannot be resumed: such a file is damaged too, and kept aside
        as one (the store knows no game's rules; the caller does)."""
        return self.files.read(self.path, self._reader(resumable))

    def clear(self, *, replace: bool = True, known: dict[str, Any] | None = None) -> None:
        """Remove the saved game; `replace` and `known` as for `save`."""
        with self.files.rewriting(self.path, self._reader()) as game:
            self._replaceable(game.current, replace, known)
            game.remove()

    def take(self, known: dict[str, Any], then: Callable[[], T]) -> T | None:
        """If the saved game is the `known` one, `then()`, then remove it, under the same hold
        of the exclusive lock (`then` changes its files `held`), and the result of `then`;
        None, nothing removed and `then` not called, if the game is gone or another game is
        there. A `then` that fails (StoreError: a full disk) leaves the game saved."""
        with self.files.rewriting(self.path, self._reader()) as game:
            if game.current is None or not same_game(game.current, known):
                return None
            result = then()
            game.remove()
            return result

    def _replaceable(
        self, current: dict[str, Any] | None, replace: bool, known: dict[str, Any] | None
    ) -> None:
        """Holding the exclusive lock, before the saved game `current` is replaced or removed:
        a game there is refused unless `replace`, and unless it is the `known` one when one is
        given (a damaged file is set aside first, so it is no game, and one from a newer
        lines-tui always refuses: `DataFiles.rewriting`)."""
        if current is not None and not (replace and (known is None or same_game(known, current))):
            raise SavedGameKept(f"a saved {self.kind} game is there, and it is kept")

    def rename_player(self, old: str, new: str) -> None:
        """The saved game, if it names `old` as its player (in any case), names `new` instead:
        renamed, a player keeps their game (else it would be whoever plays next's)."""
        with self.files.rewriting(self.path, self._reader()) as game:
            current = game.current
            player = saved_by(current)
            if current is not None and player is not None and same_name(player, old):
                game.write(dump_game(self.kind, {**current, PLAYER_FIELD: new}))

    def _reader(
        self, resumable: Callable[[dict[str, Any]], object] | None = None
    ) -> Callable[[str], dict[str, Any]]:
        def read(text: str) -> dict[str, Any]:
            game = load_game(text, self.kind)
            if resumable is not None:
                try:
                    resumable(game)
                except ValueError as error:  # the file is anyone's to edit: shown inert
                    raise CorruptFile(spelled_out(str(error))) from None
            return game

        return read


def same_game(saved: dict[str, Any], other: dict[str, Any]) -> bool:
    """Whether two saves are one game at one position, whoever they name as its player and
    whatever its clock: a rename changes that name in the file, and the copy of lines-tui that
    saved the game must still know it; and a copy that resumed the game only to look at it
    saves its own clock as it leaves, after which every save of the copy playing it was refused
    as "another lines-tui saved a Mahjong game"."""
    return _the_game(saved) == _the_game(other)


def _the_game(saved: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in saved.items() if key not in (PLAYER_FIELD, CLOCK_FIELD)}
