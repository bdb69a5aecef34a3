"""What a player name may be, and how to show untrusted text without letting it drive a terminal.

A name arrives from the keyboard, from the data file (which people may edit by hand) and from share
codes written by strangers, and it ends up in terminals and in Textual/Rich widgets. The rules:

- 1 to 24 characters (Unicode code points, after NFC normalisation) and at most 24 columns wide
  (East Asian wide and fullwidth characters count as two columns);
- every character printable in Python's sense (`str.isprintable`): no control characters (so no
  ESC, hence no escape sequence), no format characters (bidi overrides, zero-width joiners), no
  line or paragraph separators, no spaces other than the plain space, no private-use, surrogate or
  unassigned code points;
- none of `[`, `]` and `\\`: square brackets open Rich and Textual markup, the backslash escapes it;
- for a new name (`new_name_problem`: one registered, a rename, an imported entry's, a Mahjong
  time's typed name), no character that shows as nothing though `str.isprintable` passes it:
  Unicode's default-ignorable code points (`DEFAULT_IGNORABLE`: the grapheme joiner, Hangul
  fillers, variation selectors) and blank-looking symbols (`BLANK_LOOKING`: the blank Braille
  pattern), so "An" + U+034F + "n" cannot stand beside "Ann" looking like them; but for the
  selectors of a text or emoji form (U+FE0E, U+FE0F) where they choose one: right after a
  symbol (or one of the few other characters with an emoji form, `EMOJI_BASES_NOT_SYMBOLS`),
  or in a keycap (`selects_presentation`: "Zoë ❤️" is a name, "Ann" + U+FE0F is not);
- no space at either end and never two spaces in a row, and no combining mark first, so that two
  names that look the same are the same name;
- two names are the same player when they match ignoring case (`name_key`): the same players,
  and the same results in a table;
- a name is not chosen beside a registered player's that reads as the same (`look_alike_key`:
  "Ａnn" with a fullwidth Ａ, "ﬁ" for "fi", "²" for "2", "❤️" for "❤"), and finds that player
  when looked up;
  a share code's entry under such a name is not merged (`PlayerKeys.look_alike_problem`).
  Names stored already are kept as they are, so a file may hold two players whose names read
  as one;
- no player newly takes a name that reads as "Guest" (`GUEST_NAME`), the name a guest's
  challenge code carries, which would merge as that player's result.

Names stored before a newer rule stay readable: `name_problem` is the check every name in a file
must pass (a file breaking it is damaged), `new_name_problem` the stricter one a name must pass
to enter the file. `clean_name` is for what a person typed (it trims and folds runs of spaces
first). Stored and imported names are never repaired silently.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable

from lines_tui.engine.visible_text import columns

MAX_NAME_CHARS = 24
MAX_NAME_COLUMNS = 24
MARKUP_CHARACTERS = frozenset("[]\\")
GUEST_NAME = "Guest"
"""Who played a game when no registered player did (a challenge code still names someone)."""

DEFAULT_IGNORABLE: tuple[tuple[int, int], ...] = (
    # Unicode's Default_Ignorable_Code_Point, as DerivedCoreProperties.txt of Unicode 14.0 lists
    # it (Python's unicodedata does not carry it): characters a renderer shows as nothing.
    # Those of general category Cf or Cn already fail `str.isprintable`; the rest (marked *)
    # are letters and marks that pass it, the reason for this table.
    (0x00AD, 0x00AD),  # soft hyphen
    (0x034F, 0x034F),  # * combining grapheme joiner
    (0x061C, 0x061C),  # Arabic letter mark
    (0x115F, 0x1160),  # * Hangul choseong and jungseong fillers
    (0x17B4, 0x17B5),  # * Khmer inherent vowels
    (0x180B, 0x180F),  # * Mongolian free variation selectors (and the vowel separator)
    (0x200B, 0x200F),  # zero-width space, joiners, direction marks
    (0x202A, 0x202E),  # bidi embeddings and overrides
    (0x2060, 0x206F),  # word joiner, invisible operators, bidi isolates
    (0x3164, 0x3164),  # * Hangul filler
    (0xFE00, 0xFE0F),  # * variation selectors 1-16 (16 asks for an emoji's colour form)
    (0xFEFF, 0xFEFF),  # zero-width no-break space (byte order mark)
    (0xFFA0, 0xFFA0),  # * halfwidth Hangul filler
    (0xFFF0, 0xFFF8),  # unassigned
    (0x1BCA0, 0x1BCA3),  # shorthand format controls
    (0x1D173, 0x1D17A),  # musical beam and phrase controls
    (0xE0000, 0xE0FFF),  # tags, * variation selectors 17-256 (E0100-E01EF), unassigned
)
BLANK_LOOKING = frozenset("\u2800\U0001d159")
"""Printable symbols whose glyph is empty: the blank Braille pattern, the musical null notehead
(spaces proper, U+00A0 or U+3000, already fail `str.isprintable`)."""
PRESENTATION_SELECTORS = frozenset("\ufe0e\ufe0f")
"""Variation selectors 15 and 16, default-ignorable yet drawn: they ask for a symbol's text or
emoji form ("❤" + U+FE0F is the red heart ❤️), so a new name may hold one where it does that
(`selects_presentation`)."""
EMOJI_BASES_NOT_SYMBOLS = frozenset("\u203c\u2049\u2139\u3030\u303d")
"""The characters Unicode's emoji variation sequences (emoji-variation-sequences.txt) give a
text and an emoji form that are not symbols (So, Sm), so the category alone misses them: ‼ and
⁉ (Po), ℹ (Ll), 〰 (Pd), 〽 (Po). Every other base beyond ASCII in that list is a symbol
(© ® ™ are So)."""
KEYCAP_BASES = frozenset("0123456789#*")
COMBINING_KEYCAP = "\u20e3"
"""A digit, # or * with U+FE0F and this after it is a keycap emoji: "1" + U+FE0F + U+20E3, 1️⃣."""


class InvalidName(ValueError):
    """A name that breaks the rules; the message says which rule, in one line."""


@functools.lru_cache(maxsize=4096)
def name_problem(name: str) -> str | None:
    """Why `name` is not a valid player name, or None when it is: the rules every name in the file
    passes, stored before the newer ones too (`new_name_problem` adds those)."""
    if not name:
        return "a name needs at least one character"
    if len(name) > MAX_NAME_CHARS:
        return f"a name has at most {MAX_NAME_CHARS} characters, not {len(name)}"
    for char in name:
        if not char.isprintable():
            return f"a name cannot contain control or invisible characters (U+{ord(char):04X})"
        if char in MARKUP_CHARACTERS:
            return "a name cannot contain [ ] or \\ (they could be read as formatting codes)"
    if name != unicodedata.normalize("NFC", name):
        return "a name must be in Unicode normal form NFC"
    if name[0] == " " or name[-1] == " ":
        return "a name cannot start or end with a space"
    if "  " in name:
        return "a name cannot contain two spaces in a row"
    if unicodedata.combining(name[0]):
        return "a name cannot start with a combining mark"
    if columns(name) > MAX_NAME_COLUMNS:
        return f"a name is at most {MAX_NAME_COLUMNS} columns wide"
    return None


def shows_as_nothing(char: str) -> bool:
    """Whether `char` is default-ignorable (`DEFAULT_IGNORABLE`) or blank-looking."""
    point = ord(char)
    return char in BLANK_LOOKING or any(low <= point <= high for low, high in DEFAULT_IGNORABLE)


def selects_presentation(name: str, at: int) -> bool:
    """Whether `name[at]` is a presentation selector (`PRESENTATION_SELECTORS`) that changes how
    the character before it is drawn: right after a symbol (Unicode category So or Sm) beyond
    ASCII, as "❤" + U+FE0F, or one of the few other characters with an emoji form
    (`EMOJI_BASES_NOT_SYMBOLS`: "‼" + U+FE0F), or after a digit, # or * it makes a keycap of
    with U+20E3 next (`COMBINING_KEYCAP`). Anywhere else (after a letter, a space, a mark,
    another selector, ASCII's + < = > | ~, or first) it would show as nothing."""
    if name[at] not in PRESENTATION_SELECTORS or at == 0:
        return False
    before = name[at - 1]
    if before in KEYCAP_BASES:
        return name[at + 1 : at + 2] == COMBINING_KEYCAP
    if before in EMOJI_BASES_NOT_SYMBOLS:
        return True
    return not before.isascii() and unicodedata.category(before) in ("So", "Sm")


def new_name_problem(name: str) -> str | None:
    """Why `name` cannot enter the file (`name_problem`'s rules and the newer ones, which names
    stored before them are spared), or None when it can."""
    problem = name_problem(name)
    if problem is not None:
        return problem
    unseen = next(
        (
            char
            for at, char in enumerate(name)
            if shows_as_nothing(char) and not selects_presentation(name, at)
        ),
        None,
    )
    if unseen is not None:
        return f"a name cannot contain control or invisible characters (U+{ord(unseen):04X})"
    if LOST_CHARACTER in name:
        return LOST_CHARACTER_REFUSED
    return None


LOST_CHARACTER = "\ufffd"
"""The replacement character: what a byte that is not UTF-8 becomes (a terminal set to Latin-1
typing é), not what the player meant to type."""
LOST_CHARACTER_REFUSED = (
    "a name cannot contain U+FFFD, the mark of a character lost on its way (a terminal not set "
    "to UTF-8 sends it for é)"
)


def clean_name(typed: str, kept: str | None = None) -> str:
    """The name a person meant: trimmed, spaces folded, NFC. Raises InvalidName if still invalid
    as a new name (`new_name_problem`); if it is `kept` (a name the file holds, the player's own,
    in any case), as one stored (`name_problem`), so a player registered before a newer rule is
    still taken under their name."""
    name = " ".join(part for part in unicodedata.normalize("NFC", typed).split(" ") if part)
    stored = kept is not None and same_name(name, kept)
    problem = name_problem(name) if stored else new_name_problem(name)
    if problem is not None:
        raise InvalidName(problem)
    return name


def name_key(name: str) -> str:
    """What every name of one player shares: the name ignoring case and how its accents are
    typed (Unicode's canonical caseless match: "Zoe" + a combining diaeresis is "Zoë", as
    `clean_name` keeps it)."""
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", name).casefold())


def same_name(a: str, b: str) -> bool:
    return name_key(a) == name_key(b)


def look_alike_key(name: str) -> str:
    """What names that read as one share: Unicode's compatibility caseless match (NFKC and case
    folding, as Unicode defines it: NFKD(casefold(NFKD(casefold(NFD(name)))))), without the
    presentation selectors (`PRESENTATION_SELECTORS`). Wider than `name_key`: fullwidth "Ａnn"
    and "ａnn" read as "Ann", a ligature "ﬁ" as "fi", "Zoë ❤️" as "Zoë ❤" (a selector says how
    to draw the heart, which a terminal may well not heed; "Ann" + U+FE0F, stored before
    selectors after letters were refused, reads as "Ann")."""
    normalize = unicodedata.normalize
    drawn = "".join(char for char in name if char not in PRESENTATION_SELECTORS)
    return normalize("NFKD", normalize("NFKD", normalize("NFD", drawn).casefold()).casefold())


def looks_alike(a: str, b: str) -> bool:
    return look_alike_key(a) == look_alike_key(b)


def taken_problem(players: Iterable[str], name: str, allowed: str | None = None) -> str | None:
    """Why `name` cannot be chosen for a player beside `players` (`allowed`: the player being
    renamed, whose own name it may take in another form): another player's name is the same in
    any case (`same_name`) or reads as the same (`looks_alike`). A name that reads as the
    renamed player's own (their name in another case, say) makes no one newly look alike, so
    it is checked for the same name only: a file that already holds "Ann" and "Ａnn" lets Ann
    become "ANN". Nor is a name that reads as `GUEST_NAME` free, unless it is the renamed
    player's own (registered before it was kept for guests). One line, naming that player;
    None if the name is free."""
    others = [player for player in players if player != allowed]
    for player in others:
        if same_name(player, name):
            if player.lower() == name.lower():  # the same letters, in another case at most
                return f"a player named '{player}' is already registered"
            # The same only once folded ("FI" and "ﬁ", "SS" and "ß"): say how it reads.
            return reads_as(name, player)
    if allowed is not None and looks_alike(allowed, name):
        return None
    for player in others:
        if looks_alike(player, name):
            return reads_as(name, player)
    if looks_alike(name, GUEST_NAME):
        return f"'{name}' is kept for guests: a guest's challenge code carries it"
    return None


def reads_as(name: str, player: str) -> str:
    """Why `name` is refused: it reads as the registered `player`, though spelt otherwise."""
    return f"'{name}' is already taken: it reads as the registered player '{player}'"


class PlayerKeys:
    """Players found by their names' keys, each key made once a player: which of thousands of
    players a name is (`same_name`), or reads as (`looks_alike`), costs a key and a look-up.
    Comparing the name with each player in turn made reading a file of N players take N * N / 2
    comparisons (minutes for 20,000), and a merge one comparison per player for each entry."""

    def __init__(self, players: Iterable[str] = ()) -> None:
        self._players: dict[str, str] = {}
        """The players by `name_key`, in the order they were added."""
        self._look_alikes: dict[str, str] | None = None
        """The first player of each `look_alike_key`, made when first asked for."""
        for player in players:
            self.add(player)

    def add(self, player: str) -> str | None:
        """Add `player`, unless a player of the same name (`same_name`) is here already: then
        that one is returned and `player` is not added. None once it is added."""
        key = name_key(player)
        held = self._players.get(key)
        if held is None:
            self._players[key] = player
            self._look_alikes = None
        return held

    def look_alike_problem(self, name: str) -> str | None:
        """Why a share code's entry under `name` is not merged beside these registered players,
        or None: it reads as one of them but is another name (`same_name`), a look-alike that
        would pass for their result in the table. The first player added that it reads as is
        named."""
        if name_key(name) in self._players:
            return None
        if self._look_alikes is None:
            self._look_alikes = {}
            for player in self._players.values():
                self._look_alikes.setdefault(look_alike_key(player), player)
        alike = self._look_alikes.get(look_alike_key(name))
        if alike is None:
            return None
        return f"the name reads as your player '{alike}' but is not theirs: a look-alike"
