"""Typing a face's label (5d, ew, fl) to jump to its free tiles: the first character waits for the
second, which may be any key's letter, in either case. The first is a letter in lower case, or a
capital that is no key of its own (E, W: the board writes Ew; R is Restart)."""

from __future__ import annotations

from collections.abc import Callable

from lines_tui.engine.mahjong.faces import LABEL_STARTS, face_by_label

ENDING_NO_LABEL = frozenset({"q", "question_mark"})
"""Keys that end no label and change nothing in the game (the menu, the help): typed after a
label's first character they act, where they said "No tile is labelled wq." and stayed."""


class FaceTyping:
    """The first character typed so far; `say` puts a line in the message line, `miss` says a
    label names no tile, and `jump_to_face(face_id, label)` takes the cursor to that face's
    free tiles."""

    def __init__(
        self,
        say: Callable[[str], None],
        miss: Callable[[str], None],
        jump_to_face: Callable[[str, str], None],
        keys_of_their_own: frozenset[str],
    ) -> None:
        self._say = say
        self._miss = miss
        self._jump_to_face = jump_to_face
        self._keys_of_their_own = keys_of_their_own
        self._first = ""

    def first(self, key: str) -> None:
        """The first character of a label: wait for the second."""
        self._first = key
        self._say(f"{key}…: the label's second character.")

    def key(self, key: str, character: str | None) -> bool:
        """A key press: the first character of a label, or the second, which names a face (it
        counts only after a first, unless it is q or ?); any other key forgets the first, and esc
        does only that. True when the key was part of a label, so nothing else may act on it."""
        first, self._first = self._first, ""
        if not first and self._starts_a_label(key):
            self.first(key)
            return True
        if first and key == "escape":
            self._say("")  # the half label is forgotten; the next esc leaves
            return True
        if first and key in ENDING_NO_LABEL:
            self._say("")  # forgotten, and the key acts, as the Footer says it does
            return False
        if not first or character is None or not character.isprintable():
            return False
        face = face_by_label(first + character)  # either case
        if face is None:
            self._miss(f"No tile is labelled {first}{character}.")
        else:
            self._jump_to_face(face.id, face.label)
        return True

    def _starts_a_label(self, key: str) -> bool:
        if key in LABEL_STARTS:
            return True
        return key.lower() in LABEL_STARTS and key not in self._keys_of_their_own
