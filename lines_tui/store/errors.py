"""The store's exceptions, each carrying one line that can be shown to the player as it is."""

from __future__ import annotations


class StoreError(Exception):
    """A request the store refuses (bad or taken name, unknown table) or a file it cannot use."""


class FileLeftAsItIs(StoreError):
    """A change refused because a data file it needs is read as nothing and never written (from
    a newer lines-tui, or damaged behind a symbolic link): the message is the store's warning,
    told once already (`Store.warnings`); `file` names the file."""

    def __init__(self, told: str, file: str) -> None:
        super().__init__(told)
        self.file = file


class NotRegistered(StoreError):
    """No registered player has the name asked for: registering it is the cure (the command
    line says how), where it is not for the file's other failures (a lock another copy holds)."""


class ShareCodeError(StoreError):
    """A share code that cannot be read: the message is the one reason, and nothing was changed."""

    def of_code(self, number: int, count: int) -> ShareCodeError:
        """This error for code `number` of `count` read together: named by its number when
        there are several, so that the one at fault can be found ("code 2: ...")."""
        return self if count == 1 else ShareCodeError(f"code {number}: {self}")


class SavedGameKept(StoreError):
    """A saved game is there, and the caller asked for it to be kept (its last read failed, so
    nobody has seen it): it is neither replaced nor removed."""
