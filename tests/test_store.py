"""The store: players, the rules for saving results, tables, saved games, and bad data files."""

from __future__ import annotations

import errno
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import CountedCalls, FaultyFileSystem, checker, store_on
from hypothesis import given
from hypothesis import strategies as st

from lines_tui.store import Preferences, SavedGameKept, StoreError, codes, names, open_store
from lines_tui.store.data_files import MAX_FILE_BYTES
from lines_tui.store.files import FileSystem
from lines_tui.store.names import (
    LOST_CHARACTER,
    LOST_CHARACTER_REFUSED,
    InvalidName,
    clean_name,
    name_problem,
    new_name_problem,
)
from lines_tui.store.records import MAX_LINES_MOVES, LinesRecord, MahjongRecord
from lines_tui.store.schema import VERSION, CorruptFile, ScoreData, dump_scores, load_scores
from lines_tui.store.store import HOME_VARIABLE, default_data_dir
from lines_tui.store.tables import (
    Entry,
    TableId,
    day_start,
    format_clock,
    format_margin,
    format_value,
    race_margin,
    utc_day,
)

START = 1_700_000_000.0
DAY = 24 * 3600


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "data"


def test_data_folder_comes_from_the_argument_then_the_environment_then_the_platform(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path / "home"))
    assert default_data_dir() == tmp_path / "home"
    assert open_store().data_dir == tmp_path / "home"
    assert open_store(tmp_path / "given").data_dir == tmp_path / "given"
    monkeypatch.delenv(HOME_VARIABLE)
    assert default_data_dir().name == "lines-tui"


def test_reading_an_empty_store_creates_nothing(folder: Path) -> None:
    store = open_store(folder)
    assert store.players() == [] and store.active_player is None and store.tables() == {}
    assert store.load_game("lines") is None
    assert not folder.exists()


# -- players -------------------------------------------------------------------------------------


def test_players_register_rename_remove_and_the_active_one_follows(folder: Path) -> None:
    store = open_store(folder)
    assert store.add_player("  Ann   Lee ") == "Ann Lee"
    store.add_player("Bob")
    store.set_active_player("ann lee")
    assert store.active_player == "Ann Lee"
    assert store.rename_player("ANN LEE", "Annie") == "Annie"
    assert store.players() == ["Annie", "Bob"] and store.active_player == "Annie"
    assert store.rename_player("bob", "BOB") == "BOB"  # a change of case is the same player
    store.remove_player("annie")
    assert store.players() == ["BOB"] and store.active_player is None
    store.set_active_player("bob")
    store.set_active_player(None)
    assert open_store(folder).active_player is None


def test_a_name_typed_decomposed_finds_the_player_it_registered(folder: Path) -> None:
    """`add` keeps "Zoe" + U+0308 as "Zoë" (NFC), and then said it was registered while `use`,
    `rename`, `remove` and `--player` said no player had that name: the user was stuck."""
    store = open_store(folder)
    decomposed = "Zoe\u0308"
    assert store.add_player(decomposed) == "Zo\u00eb"
    assert store.resolve_player(decomposed) == "Zo\u00eb"
    assert store.resolve_player("ZOE\u0308") == "Zo\u00eb"
    store.set_active_player(decomposed)
    assert store.active_player == "Zo\u00eb"
    assert store.rename_player(decomposed, "Zoe") == "Zoe"
    store.remove_player("zoe")
    assert store.players() == []


@pytest.mark.parametrize(
    "name",
    ["", "   ", "x" * 25, "a\x1b[31mb", "a\nb", "[b]x[/b]", "back\\slash", "a\u202eb", "z\u200bz"],
)
def test_invalid_names_are_refused_and_nothing_is_written(folder: Path, name: str) -> None:
    store = open_store(folder)
    with pytest.raises(StoreError):
        store.add_player(name)
    assert not (folder / "scores.json").exists()


def test_duplicate_and_unknown_players_are_refused(folder: Path) -> None:
    store = open_store(folder)
    store.add_player("Ann")
    store.add_player("Bob")
    before = (folder / "scores.json").read_bytes()
    for attempt in (
        lambda: store.add_player("ANN"),
        lambda: store.rename_player("Bob", "ann"),
        lambda: store.rename_player("Cid", "Dee"),
        lambda: store.remove_player("Cid"),
        lambda: store.set_active_player("Cid"),
    ):
        with pytest.raises(StoreError):
            attempt()
    assert (folder / "scores.json").read_bytes() == before


GOOD_ENTRY = {"name": "Bob", "points": 485, "date": "2025-05-01T20:15:00Z", "seed": 3}


@pytest.mark.parametrize(
    ("change", "refusal"),
    [
        ({"points": "485"}, "entry 2 of lines-9 ('Bob'): points is not a JSON whole number"),
        ({"name": 7}, "entry 2 of lines-9: name is not a JSON string"),
        (
            {"date": "yesterday"},
            "entry 2 of lines-9 ('Bob'): date 'yesterday' is not written as "
            "YYYY-MM-DDTHH:MM:SSZ (UTC)",
        ),
        ({"date": "2025-02-30T20:15:00Z"}, "entry 2 of lines-9 ('Bob'): date '2025-02-30T20"),
        ({"when": 1}, "entry 2 of lines-9 ('Bob') has unknown ['when'] keys"),
        # A name pasted by the screenful is repeated cut, as every refusal repeats outside text.
        ({"name": "A" * 100_000, "points": "1"}, "entry 2 of lines-9 ('AAAAAAAA"),
    ],
)
def test_a_damaged_entry_is_told_by_its_place_and_its_field(
    change: dict[str, object], refusal: str
) -> None:
    """A player review: "an entry of lines-9 has a field of the wrong type" left a file of 34 KB
    to search by hand, and a date was "not written as %Y-%m-%dT%H:%M:%SZ"."""
    entries = [{**GOOD_ENTRY, "name": "Ann", "points": 900}, {**GOOD_ENTRY, **change}]
    text = scores_text({"lines-9": entries}, version="1")
    with pytest.raises(CorruptFile, match=f"^{re.escape(refusal)}") as refused:
        load_scores(text)
    assert len(str(refused.value)) < 300


@pytest.mark.parametrize(
    ("players", "refusal"),
    [
        (["Ann", "Bob", "bob", "ANN"], "player 'bob' is registered twice"),
        (["Stra\u00dfe", "Ann", "STRASSE"], "player 'STRASSE' is registered twice"),
        (["Ann", "ann", "[x]"], "player 'ann' is registered twice"),
        (["Ann", "[x]", "ann"], "player '[x]': a name cannot contain [ ] or \\"),
    ],
)
def test_a_file_is_damaged_at_its_first_player_registered_twice(
    players: list[str], refusal: str
) -> None:
    """A name the same as an earlier player's in any case (`same_name`) makes the file damaged,
    told at the first such name; a name no player may have, met before it, is told instead."""
    text = json.dumps(
        {
            "format": "lines-tui scores",
            "version": VERSION,
            "players": players,
            "active_player": None,
            "tables": {},
        }
    )
    with pytest.raises(CorruptFile, match=f"^{re.escape(refusal)}"):
        load_scores(text)


def test_a_file_of_20000_players_is_read_making_each_name_key_once(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each player was compared with every one before it (`same_name`, its keys made anew each
    time): `lines-tui players` ran for minutes on a file of 20,000 players. Each name's key is
    made once now, and a file of that many players reads and takes one more."""
    players = [f"Player {number}" for number in range(20_000)]
    text = dump_scores(ScoreData(players, players[0]))
    counted = CountedCalls(names.name_key, limit=len(players))
    monkeypatch.setattr(names, "name_key", counted)
    assert load_scores(text).players == players
    assert counted.calls == len(players)
    monkeypatch.undo()
    folder.mkdir()
    (folder / "scores.json").write_text(text, encoding="utf-8")
    store = open_store(folder)
    assert store.add_player("Zed") == "Zed"
    taken = "a player named 'Player 19999' is already registered"
    with pytest.raises(StoreError, match=f"^{re.escape(taken)}$"):
        store.add_player("player 19999")
    assert store.players() == [*players, "Zed"] and not store.warnings


FULLWIDTH_ANN = "\uff21nn"
""""Ａnn": a fullwidth Ａ (U+FF21), which reads as "Ann" (Unicode NFKC, then case folded)."""


@pytest.mark.parametrize(
    ("player", "typed"), [("\ufb01", "FI"), ("\ufb01", "fi"), ("Stra\u00dfe", "STRASSE")]
)
def test_a_name_the_same_only_once_folded_is_said_to_read_as_the_player(
    folder: Path, player: str, typed: str
) -> None:
    """`players add FI` beside "ﬁ" said only "a player named 'ﬁ' is already registered", with
    no word of why FI is ﬁ; a look-alike said "reads as". Both say so now; a name the same
    but for its case keeps the plain refusal."""
    store = open_store(folder)
    store.add_player(player)
    taken = f"'{typed}' is already taken: it reads as the registered player '{player}'"
    with pytest.raises(StoreError, match=f"^{re.escape(taken)}$"):
        store.add_player(typed)
    plain = f"a player named '{player}' is already registered"
    with pytest.raises(StoreError, match=f"^{re.escape(plain)}$"):
        store.add_player(player.upper() if player.upper().lower() == player.lower() else player)


@pytest.mark.parametrize("alike", [FULLWIDTH_ANN, "\uff41NN", "\U0001d400nn"])
def test_a_name_that_reads_as_a_players_is_taken_and_finds_them(folder: Path, alike: str) -> None:
    """ "Ａnn" was another player than "Ann": registered beside them, it looked like them in
    every list and table. It is taken now, and a lookup by it finds Ann."""
    store = open_store(folder)
    store.add_player("Ann")
    store.add_player("Bob")
    before = (folder / "scores.json").read_bytes()
    taken = f"'{alike}' is already taken: it reads as the registered player 'Ann'"
    with pytest.raises(StoreError, match=f"^{re.escape(taken)}$"):
        store.add_player(alike)
    with pytest.raises(StoreError, match=re.escape(taken)):
        store.rename_player("Bob", alike)
    assert (folder / "scores.json").read_bytes() == before
    assert store.resolve_player(alike) == "Ann"
    store.set_active_player(alike)
    assert store.active_player == "Ann"
    assert store.rename_player(alike, FULLWIDTH_ANN) == FULLWIDTH_ANN  # Ann's own, in a new form
    assert store.players() == [FULLWIDTH_ANN, "Bob"]


def test_players_whose_names_read_alike_stay_as_they_were_registered(folder: Path) -> None:
    """A file written before look-alikes were refused may hold both "Ann" and "Ａnn": it is
    read as it is, nothing rewritten, and each is found by their own name in any case; a name
    that reads as both finds neither, saying so."""
    folder.mkdir()
    document = {
        "format": "lines-tui scores",
        "version": 2,
        "players": ["Ann", FULLWIDTH_ANN],
        "active_player": FULLWIDTH_ANN,
        "tables": {},
    }
    (folder / "scores.json").write_text(json.dumps(document))
    store = open_store(folder)
    assert store.players() == ["Ann", FULLWIDTH_ANN] and store.active_player == FULLWIDTH_ANN
    assert store.resolve_player("ANN") == "Ann"
    assert store.resolve_player("\uff41nn") == FULLWIDTH_ANN
    with pytest.raises(
        StoreError, match=re.escape("reads as several players ('Ann', '\uff21nn'): type the")
    ):
        store.resolve_player("\U0001d400nn")
    assert store.rename_player("ann", "ANN") == "ANN"  # own name, another case (review, D6)
    assert store.rename_player("ann", "Anne") == "Anne"  # the other look-alike is not in the way
    with pytest.raises(StoreError, match=re.escape("a player named 'Anne' is already registered")):
        store.add_player("ANNE")


def test_a_mahjong_time_typed_under_a_players_look_alike_is_filed_as_theirs(folder: Path) -> None:
    """The win's name prompt took "ａnn" with Ann registered and filed the time under it, beside
    Ann's, a look-alike imports refuse (code review, D5). A name that means one registered
    player (in any case, or a look-alike of theirs alone) is filed under their spelling; any
    other name, and one that reads as several players, as typed."""
    store = open_store(folder)
    store.add_player("Ann")
    filed = store.record_mahjong("\uff41nn", "turtle", 100.0, 1, START)
    assert filed.saved and filed.filed_as == "Ann"
    assert store.record_mahjong("ann", "turtle", 101.0, 2, START).filed_as == "Ann"
    assert store.record_mahjong("Kim", "turtle", 102.0, 3, START).filed_as == "Kim"
    assert [entry.name for entry in store.table("mahjong-turtle")] == ["Ann", "Ann", "Kim"]


def test_a_mahjong_time_under_a_name_that_reads_as_two_players_is_filed_as_typed(
    folder: Path,
) -> None:
    """In a file holding both "Ann" and "Ａnn", "𝐀nn" reads as both: it is no one's."""
    folder.mkdir()
    players = ["Ann", FULLWIDTH_ANN]
    document = {"format": "lines-tui scores", "version": 2, "players": players}
    (folder / "scores.json").write_text(
        json.dumps({**document, "active_player": None, "tables": {}})
    )
    store = open_store(folder)
    assert store.players() == players
    assert (
        store.record_mahjong("\U0001d400nn", "turtle", 100.0, 1, START).filed_as == "\U0001d400nn"
    )
    assert store.record_mahjong("\uff21NN", "turtle", 101.0, 2, START).filed_as == FULLWIDTH_ANN


UNSEEN = {
    "\u034f": "a combining grapheme joiner",
    "\u115f": "a Hangul choseong filler",
    "\u3164": "a Hangul filler",
    "\uffa0": "a halfwidth Hangul filler",
    "\u17b4": "a Khmer inherent vowel",
    "\u180b": "a Mongolian free variation selector",
    "\ufe0f": "variation selector 16",
    "\U000e0100": "variation selector 17",
    "\u2800": "the blank Braille pattern",
}
"""Characters that show as nothing though `str.isprintable` passes them."""


def unseen_refusal(char: str) -> str:
    return f"a name cannot contain control or invisible characters (U+{ord(char):04X})"


@pytest.mark.parametrize("char", list(UNSEEN), ids=list(UNSEEN.values()))
def test_a_name_with_a_character_that_shows_as_nothing_cannot_enter_the_file(
    folder: Path, char: str
) -> None:
    """ "An" + U+034F + "n" was registered beside Ann, looking like her in every list (trust
    review); so was a Mahjong time under it. Registering, renaming and filing a time under it
    are refused, saying which character, and nothing is written."""
    store = open_store(folder)
    store.add_player("Ann")
    before = (folder / "scores.json").read_bytes()
    refusal = f"^{re.escape(unseen_refusal(char))}$"
    for name in (f"An{char}n", f"Ann{char}", f"Bob{char}"):
        with pytest.raises(StoreError, match=refusal):
            store.add_player(name)
        with pytest.raises(StoreError, match=refusal):
            store.rename_player("Ann", name)
        filed = store.record_mahjong(name, "turtle", 100.0, 1, START)
        assert not filed.saved and filed.reason == unseen_refusal(char)
    assert (folder / "scores.json").read_bytes() == before


DEFAULT_IGNORABLE_CODE_POINTS = """
00AD          ; Default_Ignorable_Code_Point # Cf       SOFT HYPHEN
034F          ; Default_Ignorable_Code_Point # Mn       COMBINING GRAPHEME JOINER
061C          ; Default_Ignorable_Code_Point # Cf       ARABIC LETTER MARK
115F..1160    ; Default_Ignorable_Code_Point # Lo   [2] HANGUL CHOSEONG FILLER..JUNGSEONG FILLER
17B4..17B5    ; Default_Ignorable_Code_Point # Mn   [2] KHMER VOWEL INHERENT AQ..AA
180B..180D    ; Default_Ignorable_Code_Point # Mn   [3] MONGOLIAN FREE VARIATION SELECTOR ONE..THREE
180E          ; Default_Ignorable_Code_Point # Cf       MONGOLIAN VOWEL SEPARATOR
180F          ; Default_Ignorable_Code_Point # Mn       MONGOLIAN FREE VARIATION SELECTOR FOUR
200B..200F    ; Default_Ignorable_Code_Point # Cf   [5] ZERO WIDTH SPACE..RIGHT-TO-LEFT MARK
202A..202E    ; Default_Ignorable_Code_Point # Cf   [5] LEFT-TO-RIGHT EMBEDDING..OVERRIDE
2060..2064    ; Default_Ignorable_Code_Point # Cf   [5] WORD JOINER..INVISIBLE PLUS
2065          ; Default_Ignorable_Code_Point # Cn       <reserved-2065>
2066..206F    ; Default_Ignorable_Code_Point # Cf  [10] LEFT-TO-RIGHT ISOLATE..NOMINAL DIGIT SHAPES
3164          ; Default_Ignorable_Code_Point # Lo       HANGUL FILLER
FE00..FE0F    ; Default_Ignorable_Code_Point # Mn  [16] VARIATION SELECTOR-1..VARIATION SELECTOR-16
FEFF          ; Default_Ignorable_Code_Point # Cf       ZERO WIDTH NO-BREAK SPACE
FFA0          ; Default_Ignorable_Code_Point # Lo       HALFWIDTH HANGUL FILLER
FFF0..FFF8    ; Default_Ignorable_Code_Point # Cn   [9] <reserved-FFF0>..<reserved-FFF8>
1BCA0..1BCA3  ; Default_Ignorable_Code_Point # Cf   [4] SHORTHAND FORMAT LETTER OVERLAP..UP STEP
1D173..1D17A  ; Default_Ignorable_Code_Point # Cf   [8] MUSICAL SYMBOL BEGIN BEAM..END PHRASE
E0000         ; Default_Ignorable_Code_Point # Cn       <reserved-E0000>
E0001         ; Default_Ignorable_Code_Point # Cf       LANGUAGE TAG
E0002..E001F  ; Default_Ignorable_Code_Point # Cn  [30] <reserved-E0002>..<reserved-E001F>
E0020..E007F  ; Default_Ignorable_Code_Point # Cf  [96] TAG SPACE..CANCEL TAG
E0080..E00FF  ; Default_Ignorable_Code_Point # Cn [128] <reserved-E0080>..<reserved-E00FF>
E0100..E01EF  ; Default_Ignorable_Code_Point # Mn [240] VARIATION SELECTOR-17..256
E01F0..E0FFF  ; Default_Ignorable_Code_Point # Cn [3600] <reserved-E01F0>..<reserved-E0FFF>
"""
"""Unicode 14.0's DerivedCoreProperties.txt, its lines of the property (names shortened): the
test's own reading of it, not the module's table."""


def ignorable_ranges() -> list[tuple[int, int]]:
    ranges = []
    for line in DEFAULT_IGNORABLE_CODE_POINTS.strip().splitlines():
        first, _, last = line.split()[0].partition("..")
        ranges.append((int(first, 16), int(last or first, 16)))
    return ranges


def shows_as_nothing(point: int) -> bool:
    blank = point in (0x2800, 0x1D159)  # the blank Braille pattern, the null notehead
    return blank or any(first <= point <= last for first, last in ignorable_ranges())


EDGES = sorted(
    {edge + step for pair in ignorable_ranges() for edge in pair for step in (-1, 0, 1)}
    | {0x2800, 0x2801, 0x1D159}
)
"""Every range's ends and the code points just outside them."""


def check_new_name_rule(point: int) -> None:
    """A name holding `point` is refused as a new name, saying which, exactly when it shows as
    nothing or is the replacement character; otherwise the newer rules add nothing to the
    stored names' rules."""
    name = f"A{chr(point)}n"
    if chr(point) == LOST_CHARACTER:  # é from a terminal set to Latin-1, say
        assert name_problem(name) is None and new_name_problem(name) == LOST_CHARACTER_REFUSED
    elif shows_as_nothing(point):
        assert new_name_problem(name) == unseen_refusal(chr(point))
        with pytest.raises(InvalidName, match=re.escape(f"(U+{point:04X})")):
            clean_name(name)
    else:
        assert new_name_problem(name) == name_problem(name)


@pytest.mark.parametrize(
    "point", [*EDGES, 0xFFFD], ids=[f"U+{point:04X}" for point in [*EDGES, 0xFFFD]]
)
def test_every_range_of_characters_that_show_as_nothing_is_refused_to_its_ends(
    point: int,
) -> None:
    check_new_name_rule(point)


@given(st.integers(0, sys.maxunicode))
def test_a_new_name_is_refused_a_character_exactly_when_it_shows_as_nothing(point: int) -> None:
    check_new_name_rule(point)


def test_names_stored_before_invisible_characters_were_refused_stay_and_play(
    folder: Path,
) -> None:
    """A file may hold a player registered with a variation selector where it shows as nothing
    (after a letter) or a Hangul filler before they were refused: it is read as it is, they
    play and file their results under their own name; only a new name is held to the newer
    rule."""
    folder.mkdir()
    stray, filler = "Zo\u00eb\ufe0f", "Ann\u3164"
    document = {"format": "lines-tui scores", "version": 2, "players": [stray, filler]}
    (folder / "scores.json").write_text(
        json.dumps({**document, "active_player": stray, "tables": {}})
    )
    store = open_store(folder)
    assert store.players() == [stray, filler] and store.active_player == stray
    assert store.record_lines(filler, 9, 300, 1, START, START + 60).saved
    filed = store.record_mahjong(stray, "turtle", 100.0, 1, START, kept=stray)
    assert filed.saved and filed.filed_as == stray
    typed = store.record_mahjong(stray, "turtle", 101.0, 2, START)  # by a guest, say
    assert not typed.saved and typed.reason == unseen_refusal("\ufe0f")
    assert store.rename_player(filler, "Ann") == "Ann"
    again = open_store(folder)
    assert [entry.name for entry in again.table("lines-9")] == [filler]
    assert [entry.name for entry in again.table("mahjong-turtle")] == [stray]


HEART = "Zo\u00eb \u2764\ufe0f"
""""Zoë ❤️": a heart (U+2764) and variation selector 16, its emoji form."""

DRAWN_SELECTORS = {
    HEART: "a heart in its emoji form",
    "Zo\u00eb \u2764\ufe0e": "a heart in its text form",
    "Kim \u263a\ufe0f": "a smiling face, a symbol (So)",
    "Kim \u2194\ufe0f": "an arrow, a math symbol (Sm)",
    "Kim \u00a9\ufe0f": "the copyright sign",
    "Kim 1\ufe0f\u20e3": "keycap 1",
    "Kim #\ufe0f\u20e3": "keycap #",
    "Kim *\ufe0f\u20e3": "keycap *",
}
"""Names whose variation selector 15 or 16 chooses how the character before it is drawn."""


@pytest.mark.parametrize("name", list(DRAWN_SELECTORS), ids=list(DRAWN_SELECTORS.values()))
def test_a_selector_that_draws_a_symbol_as_emoji_or_text_is_taken_in_a_new_name(
    folder: Path, name: str
) -> None:
    """ "Zoë ❤️" was refused for its "invisible character (U+FE0F)" once every variation
    selector was, though it is how a terminal is told to draw a symbol as emoji or text, and
    was taken until then. Right after a symbol or in a keycap it is taken again, wherever a
    new name is: registered, renamed to, typed for a Mahjong time."""
    assert new_name_problem(name) is None
    store = open_store(folder)
    assert store.add_player(name) == name
    filed = store.record_mahjong(name, "turtle", 100.0, 1, START)  # typed, by a guest say
    assert filed.saved and filed.filed_as == name
    other = open_store(folder / "other")
    other.add_player("Bob")
    assert other.rename_player("Bob", name) == name
    assert other.players() == [name]


EMOJI_NOT_SYMBOLS = {
    "\u203c": "double exclamation mark (Po)",
    "\u2049": "exclamation question mark (Po)",
    "\u2139": "information source (Ll)",
    "\u3030": "wavy dash (Pd)",
    "\u303d": "part alternation mark (Po)",
}
"""The characters with a standard emoji variation sequence that are not symbols (So, Sm)."""


@pytest.mark.parametrize("selector", ["\ufe0f", "\ufe0e"], ids=["emoji form", "text form"])
@pytest.mark.parametrize("base", list(EMOJI_NOT_SYMBOLS), ids=list(EMOJI_NOT_SYMBOLS.values()))
def test_a_selector_after_an_emoji_that_is_no_symbol_is_taken_in_a_new_name(
    folder: Path, base: str, selector: str
) -> None:
    """ "Kim ‼️" was refused for an "invisible character (U+FE0F)": the selector was taken only
    after a symbol (So, Sm), and ‼ ⁉ ℹ 〰 〽 are punctuation or a letter, though Unicode gives
    each an emoji and a text form the selector chooses. It reads as the name without it."""
    name = f"Kim {base}{selector}"
    assert new_name_problem(name) is None
    store = open_store(folder)
    assert store.add_player(name) == name
    with pytest.raises(StoreError, match="already taken"):
        store.add_player(f"Kim {base}")


STRAY_SELECTORS = {
    "Ann\ufe0f": ("\ufe0f", "after a letter"),
    "Ann \ufe0fB": ("\ufe0f", "after a space"),
    "\ufe0fAnn": ("\ufe0f", "first"),
    "Zo\u00eb \u2764\ufe0f\ufe0f": ("\ufe0f", "two in a row"),
    "Zo\u00eb \u2764\ufe0e\ufe0f": ("\ufe0f", "text then emoji"),
    "Zo\u00eb \u2764\u0301\ufe0f": ("\ufe0f", "after a combining mark"),
    "Kim 1\ufe0f": ("\ufe0f", "after a digit, no keycap"),
    "Kim 1\ufe0e": ("\ufe0e", "text form after a digit, no keycap"),
    "Kim +\ufe0f": ("\ufe0f", "after ASCII's +"),
    "Zo\u00eb \u2764\ufe01": ("\ufe01", "variation selector 2"),
}
"""Names whose variation selector changes nothing drawn: it shows as nothing."""


@pytest.mark.parametrize(
    ("name", "selector"),
    [(name, selector) for name, (selector, _) in STRAY_SELECTORS.items()],
    ids=[why for _, why in STRAY_SELECTORS.values()],
)
def test_a_selector_anywhere_else_is_still_refused_as_invisible(
    folder: Path, name: str, selector: str
) -> None:
    """ "Ann" + U+FE0F shows as "Ann": the selector is refused wherever it draws nothing."""
    assert new_name_problem(name) == unseen_refusal(selector)
    store = open_store(folder)
    with pytest.raises(StoreError, match=f"^{re.escape(unseen_refusal(selector))}$"):
        store.add_player(name)
    assert store.players() == []


@pytest.mark.parametrize(
    ("registered", "other"),
    [
        (HEART, "Zo\u00eb \u2764"),
        ("Zo\u00eb \u2764", HEART),
        (HEART, "ZO\u00cb \u2764\ufe0e"),
        ("Kim 1\u20e3", "Kim 1\ufe0f\u20e3"),
    ],
)
def test_a_name_with_or_without_its_presentation_selector_reads_as_the_same_player(
    folder: Path, registered: str, other: str
) -> None:
    """A terminal may draw "Zoë ❤️" and "Zoë ❤" alike, and a keyboard type either: they read
    as one name (`look_alike_key`), so one cannot be registered beside the other; each finds
    the player, files a Mahjong time as theirs, and a code's entry under the other is not
    merged as theirs (a look-alike). The player may take their name in the other form."""
    store = open_store(folder)
    store.add_player(registered)
    taken = f"'{other}' is already taken: it reads as the registered player '{registered}'"
    with pytest.raises(StoreError, match=f"^{re.escape(taken)}$"):
        store.add_player(other)
    assert store.resolve_player(other) == registered
    assert store.record_mahjong(other, "turtle", 100.0, 1, START).filed_as == registered
    code = codes.encode(TableId.lines(9), [Entry(other, 500, int(START), 4)])
    (result,) = store.import_code(code, checker()).results
    assert result.status == "rejected"
    assert (
        result.reason
        == f"the name reads as your player '{registered}' but is not theirs: a look-alike"
    )
    assert store.rename_player(registered, other) == other
    assert store.players() == [other]


def guest_refusal(name: str) -> str:
    refusal = f"'{name}' is kept for guests: a guest's challenge code carries it"
    return f"^{re.escape(refusal)}$"


@pytest.mark.parametrize("name", ["Guest", "guest", "GUEST", "\uff27uest"])
def test_no_player_takes_the_name_a_guests_challenge_code_carries(folder: Path, name: str) -> None:
    """A guest's challenge code carries the name "Guest": at a friend who registered "Guest",
    it merged as that player's result (trust review). The name, in any case or form that reads
    as it, is kept for guests."""
    store = open_store(folder)
    store.add_player("Ann")
    before = (folder / "scores.json").read_bytes()
    with pytest.raises(StoreError, match=guest_refusal(name)):
        store.add_player(name)
    with pytest.raises(StoreError, match=guest_refusal(name)):
        store.rename_player("Ann", name)
    assert (folder / "scores.json").read_bytes() == before
    assert store.add_player("Guests") == "Guests"  # another name


def test_a_player_named_guest_from_before_stays_and_plays(folder: Path) -> None:
    folder.mkdir()
    document = {"format": "lines-tui scores", "version": 2, "players": ["Guest"]}
    (folder / "scores.json").write_text(
        json.dumps({**document, "active_player": "Guest", "tables": {}})
    )
    store = open_store(folder)
    assert store.players() == ["Guest"] and store.active_player == "Guest"
    assert store.record_lines("guest", 9, 300, 1, START, START + 60).saved
    with pytest.raises(StoreError, match="a player named 'Guest' is already registered"):
        store.add_player("GUEST")
    assert store.rename_player("Guest", "GUEST") == "GUEST"  # their own name, another case
    assert store.rename_player("GUEST", "Kim") == "Kim"
    with pytest.raises(StoreError, match=guest_refusal("Guest")):
        store.rename_player("Kim", "Guest")


# -- what gets saved -----------------------------------------------------------------------------


def test_a_registered_players_lines_game_is_saved_with_its_place(folder: Path) -> None:
    store = open_store(folder)
    store.add_player("Ann")
    outcome = store.record_lines("ann", 9, 500, 42, START, START + 600)
    assert outcome.saved and outcome.rank == 1 and outcome.table == "lines-9"
    assert store.table("lines-9") == (Entry("Ann", 500, int(START + 600), 42),)


def test_a_record_longer_than_a_data_file_holds_is_refused_and_nothing_is_lost(
    folder: Path,
) -> None:
    """A record of 5001 moves was written, and the file it was written to no longer read:
    every player and table set aside as corrupt."""
    store = open_store(folder)
    store.add_player("Ann")
    store.record_lines("Ann", 9, 500, 1, START, START + 600)
    moves = (((0, 0), (0, 1)),) * (MAX_LINES_MOVES + 1)
    too_long = store.record_lines("Ann", 9, 900, 2, START, START + 600, LinesRecord(1, moves))
    assert not too_long.saved and f"more than {MAX_LINES_MOVES} moves" in too_long.reason
    again = open_store(folder)
    assert again.players() == ["Ann"] and [e.value for e in again.table("lines-9")] == [500]


def test_a_deal_of_the_day_finished_after_midnight_is_dated_its_day(folder: Path) -> None:
    """Begun at 23:50 UTC, over at 00:10: refused as "dated" the next day, and in Mahjong the
    name was asked for again at every resume."""
    store = open_store(folder)
    store.add_player("Ann")
    table = TableId.lines(9).daily(utc_day(START))
    end_of_day = day_start(table.tag) + DAY - 1
    outcome = store.record_lines("Ann", table, 500, 7, end_of_day - 600, end_of_day + 600)
    assert outcome.saved, outcome.reason
    assert store.table(table)[0].date == end_of_day


def test_guests_are_not_saved_and_told_why(folder: Path) -> None:
    store = open_store(folder)
    outcome = store.record_lines(None, 9, 500, 42, START, START + 600)
    assert not outcome.saved and "guest" in outcome.reason
    assert not folder.exists()


def test_a_lines_score_of_a_player_no_longer_registered_may_be_filed_again(folder: Path) -> None:
    """Renamed or removed by another copy during the game: not a verdict on the result, which
    the game kept files again under whoever plays once resumed (`may_retry`)."""
    store = open_store(folder)
    store.add_player("Ann")
    store.rename_player("Ann", "Dee")
    outcome = store.record_lines("Ann", 9, 500, 42, START, START + 600)
    assert not outcome.saved and outcome.may_retry
    assert outcome.reason == (
        "'Ann' is no longer a registered player (renamed or removed by another lines-tui)"
    )
    assert store.record_lines("Dee", 9, 500, 42, START, START + 600).saved


def test_a_lines_score_of_a_player_gone_with_a_damaged_file_says_so(folder: Path) -> None:
    """scores.json damaged from outside during the game, set aside as the score was filed: the
    reason blamed another lines-tui for renaming or removing the player."""
    store = open_store(folder)
    store.add_player("Pat")
    (folder / "scores.json").write_text("not json")
    outcome = store.record_lines("Pat", 9, 500, 42, START, START + 600)
    assert not outcome.saved and outcome.may_retry
    assert outcome.reason == (
        "'Pat' is no longer a registered player (scores.json was damaged and set aside: "
        "register again)"
    )
    # Registered again, then removed by another copy: that read set nothing aside.
    store.add_player("Pat")
    open_store(folder).remove_player("Pat")
    later = store.record_lines("Pat", 9, 500, 42, START, START + 600)
    assert later.reason.endswith("(renamed or removed by another lines-tui)")


def test_a_resumed_game_is_its_registered_players_else_whoever_plays(folder: Path) -> None:
    store = open_store(folder)
    store.add_player("Alice")
    store.add_player("Bob")
    store.set_active_player("Bob")
    assert store.player_of_game("ALICE") == "Alice"  # as the file spells her now
    assert store.player_of_game(None) == "Bob"  # a guest's game
    assert store.player_of_game("Cy") == "Bob"  # gone, or a name edited into the save
    store.set_active_player(None)
    assert store.player_of_game("Alice") == "Alice"
    assert store.player_of_game("Cy") is None


def test_a_renamed_player_keeps_their_saved_games(folder: Path) -> None:
    """Alice renamed Alicia: her saved games still named Alice, no longer registered, and so
    were whoever played next's, their scores filed under that player."""
    store = open_store(folder)
    store.add_player("Alice")
    store.add_player("Bob")
    store.set_active_player("Bob")
    lines = {"size": 9, "player": "Alice"}
    mahjong = {"seed": 5, "player": "Bob"}
    store.save_game("lines", lines)
    store.save_game("mahjong", mahjong)
    store.rename_player("alice", "Alicia")
    assert store.load_game("lines") == {**lines, "player": "Alicia"}
    assert store.load_game("mahjong") == mahjong
    assert store.player_of_game("Alicia") == "Alicia"
    # The copy that saved it, knowing it by its old name, still knows it as its game.
    store.save_game("lines", {**lines, "size": 7}, known=lines)
    assert store.load_game("lines") == {**lines, "size": 7}


def test_only_games_of_at_most_24_hours_are_saved(folder: Path) -> None:
    store = open_store(folder)
    store.add_player("Ann")
    exactly = store.record_lines("Ann", 9, 500, 1, START, START + DAY)
    assert exactly.saved
    before = (folder / "scores.json").read_bytes()
    longer = store.record_lines("Ann", 9, 900, 2, START, START + DAY + 1)
    assert not longer.saved and "24 hours" in longer.reason
    backwards = store.record_lines("Ann", 9, 900, 3, START, START - 1)
    assert not backwards.saved
    nan = store.record_lines("Ann", 9, 900, 3, float("nan"), START)
    assert not nan.saved
    assert (folder / "scores.json").read_bytes() == before


def test_unregistered_names_zero_points_and_unknown_sizes_are_not_saved(folder: Path) -> None:
    store = open_store(folder)
    store.add_player("Ann")
    assert not store.record_lines("Bob", 9, 500, 1, START, START + 60).saved
    assert not store.record_lines("Ann", 9, 0, 1, START, START + 60).saved
    assert not store.record_lines("Ann", 4, 500, 1, START, START + 60).saved
    assert store.tables() == {}


def test_lines_tables_keep_the_best_ten_highest_first(folder: Path) -> None:
    store = open_store(folder)
    store.add_player("Ann")
    outcomes = [store.record_lines("Ann", 9, 10 * i, i, START, START + i) for i in range(1, 13)]
    assert all(o.saved for o in outcomes)
    assert [e.value for e in store.table("lines-9")] == [120, 110, 100, 90, 80, 70, 60, 50, 40, 30]
    late = store.record_lines("Ann", 9, 30, 99, START, START + 100)
    assert not late.saved and "best 10" in late.reason  # an equal score later ranks below
    assert store.record_lines("Ann", 7, 5, 1, START, START + 1).saved  # another size, another table
    # One player's random deals are not listed one table each (README, "Challenges").
    assert list(map(str, store.tables())) == ["lines-7", "lines-9"]


def test_mahjong_tables_rank_the_fastest_and_ask_only_for_times_that_qualify(folder: Path) -> None:
    store = open_store(folder)
    assert store.mahjong_qualifies("turtle", 300.0)
    for i in range(10):
        assert store.record_mahjong("Zoë", "turtle", 100.0 + i, i, START + i).saved
    assert store.mahjong_qualifies("turtle", 108.9)
    assert not store.mahjong_qualifies("turtle", 109.0)
    assert not store.mahjong_qualifies("Not A Layout!", 1.0)
    fast = store.record_mahjong(" Cid ", "turtle", 50.04, 7, START + 50)
    assert fast.saved and fast.rank == 1
    table = store.table(TableId.mahjong("turtle"))
    assert table[0] == Entry("Cid", 500, int(START + 50), 7) and len(table) == 10
    assert not store.record_mahjong("bad\x1bname", "turtle", 1.0, 1, START).saved
    assert not store.record_mahjong("Ann", "Bad Layout", 1.0, 1, START).saved


THOUSANDS_OF_DIGITS = "9" * 5000
"""More digits than Python reads into an int (4,300): reading it raised ValueError, not the
store's refusal."""


def test_a_table_says_its_order_and_what_its_values_are_in_one_place() -> None:
    """The order ("highest first") and the value's name ("points") were spelled again by the
    leaderboard and by `scores show` and `scores verify`; each now asks the table."""
    daily = TableId.mahjong("turtle").daily("2026-12-01")
    assert (TableId.lines(9).order, TableId.lines(9).value_name) == ("highest first", "points")
    assert (daily.order, daily.value_name) == ("fastest first", "time")


def test_table_ids_are_checked(folder: Path) -> None:
    store = open_store(folder)
    huge = f"lines-{THOUSANDS_OF_DIGITS}"
    for bad in (
        "lines-99",
        "lines-x",
        "mahjong-",
        "mahjong-Big Tower",
        "chess-8",
        "\x1b[31m",
        huge,
    ):
        with pytest.raises(StoreError):
            store.table(bad)
    assert store.table("LINES-9") == ()
    assert store.table("lines-0009") == ()


def test_a_file_with_a_table_of_a_size_of_thousands_of_digits_is_damaged() -> None:
    """It raised ValueError: the app could not read its data folder at all, and the file was
    never set aside."""
    text = scores_text({f"lines-{THOUSANDS_OF_DIGITS}": []})
    with pytest.raises(CorruptFile, match="Lines boards are 7 to 15 cells wide"):
        load_scores(text)


def scores_text(tables: dict[str, Any], version: str = str(VERSION)) -> str:
    """A scores file holding `tables`, its version written as `version` (any digits)."""
    document = {"format": "lines-tui scores", "version": 0, "players": [], "active_player": None}
    text = json.dumps({**document, "tables": tables})
    return text.replace('"version": 0', f'"version": {version}')


@pytest.mark.parametrize(
    ("tables", "version", "said"),
    [
        (
            {
                "lines-9": [
                    {
                        "name": "Ann",
                        "points": f"<{4000}>",
                        "date": "2026-01-01T00:00:00Z",
                        "seed": 1,
                        "record": None,
                    }
                ]
            },
            str(VERSION),
            "points must be 1 to 999999999, not a number of 4,001 digits",
        ),
        (
            {
                "lines-9": [
                    {
                        "name": "Ann",
                        "points": 5,
                        "date": "2026-01-01T00:00:00Z",
                        "seed": f"<{4000}>",
                        "record": None,
                    }
                ]
            },
            str(VERSION),
            "not a deal number of 4,001 digits",
        ),
        ({}, "1" + "0" * 400, "a format version of 401 digits; this lines-tui reads up to"),
        ({}, THOUSANDS_OF_DIGITS, "a number in it has too many digits"),
    ],
    ids=["points", "seed", "version", "past Python's limit"],
)
def test_a_number_of_thousands_of_digits_in_the_scores_file_is_told_by_its_count(
    tables: dict[str, Any], version: str, said: str
) -> None:
    """A hostile-input test: each was repeated whole (a line of 4,000 digits on every command),
    and past 4,300 digits the line gave Python's advice, "use sys.set_int_max_str_digits()"."""
    text = scores_text(tables, version).replace('"<4000>"', "1" + "0" * 4000)
    with pytest.raises(ValueError) as refused:
        load_scores(text)
    assert said in str(refused.value)
    assert len(str(refused.value)) < 200, str(refused.value)


# -- saved games ---------------------------------------------------------------------------------


def test_a_save_replaces_only_the_saved_game_it_knows_of(folder: Path) -> None:
    """Two copies of lines-tui on one folder (two SSH sessions): a game replaces only the saved
    game its copy read, or none, never one the other copy saved meanwhile."""
    store = open_store(folder)
    mine, theirs = {"seed": 1}, {"seed": 2}
    store.save_game("mahjong", theirs)  # the other copy, after this one read no saved game
    with pytest.raises(SavedGameKept):
        store.save_game("mahjong", mine, replace=False)
    with pytest.raises(SavedGameKept):
        store.save_game("mahjong", mine, known={"seed": 0})
    with pytest.raises(SavedGameKept):
        store.clear_game("mahjong", known={"seed": 0})
    assert store.load_game("mahjong") == theirs
    store.save_game("mahjong", mine, known=theirs)  # the one it read: replaced (asked first)
    store.clear_game("mahjong", known=mine)
    assert store.load_game("mahjong") is None


def test_a_won_game_two_copies_resumed_is_filed_once(folder: Path) -> None:
    """Copy G won and waited at the name prompt; copy H resumed the won game from its menu and
    filed it; G then filed it too: one game, two places in the table. The time is filed only
    while the won game is still saved, and the saved game goes in the same step."""
    won = {"seed": 968925, "won_at": START + 24}
    g, h = open_store(folder), open_store(folder)
    g.save_game("mahjong", won)
    resumed = h.load_game("mahjong")
    assert resumed == won
    two = h.record_mahjong("Two", "lantern", 24.4, 968925, START + 24, saved=resumed)
    assert two.saved and not two.filed_elsewhere
    assert g.load_game("mahjong") is None  # gone with its time
    one = g.record_mahjong("One", "lantern", 24.4, 968925, START + 24, saved=won)
    assert not one.saved and one.filed_elsewhere
    assert one.reason == "another lines-tui filed this win already"
    assert [entry.name for entry in g.table("mahjong-lantern")] == ["Two"]


def test_a_won_game_saved_again_by_a_copy_that_quit_is_not_filed_twice(folder: Path) -> None:
    """Copy H resumed the won game and filed it; copy G, at its name prompt, quit with ctrl+q,
    which saved the won game again (it was G's to keep); resumed, G filed it as "One": one
    game, two places. The store files a game once, whoever files it and under any name."""
    record = MahjongRecord(2, ((0, 3), (1, 2)))
    won = {"seed": 968925, "won_at": START + 24}
    g, h = open_store(folder), open_store(folder)
    g.save_game("mahjong", won)
    assert h.record_mahjong("Two", "lantern", 24.4, 968925, START + 24, record, saved=won).saved
    g.save_game("mahjong", won, known=won)  # G quits at the name prompt: kept to ask again
    again = open_store(folder)  # G started again, resumes the won game, files it as "One"
    one = again.record_mahjong("One", "lantern", 24.4, 968925, START + 24, record, saved=won)
    assert not one.saved and one.filed_elsewhere
    assert [entry.name for entry in again.table("mahjong-lantern")] == ["Two"]
    assert again.load_game("mahjong") is None  # the won game went with its time
    # Without its saved game (a save refused): still the same game.
    late = h.record_mahjong("Three", "lantern", 24.4, 968925, START + 24, record)
    assert late.filed_elsewhere and not late.saved
    # Won at the same moment in another time: the same game, its time edited (a replay proves
    # the moves, never the clock).
    edited = h.record_mahjong("Two", "lantern", 12.0, 968925, START + 24, record)
    assert edited.filed_elsewhere and not edited.saved
    # The same moves won at another moment are another game: filed.
    assert h.record_mahjong("Four", "lantern", 30.0, 968925, START + 30, record).saved
    assert h.record_mahjong("Five", "lantern", 24.4, 968925, START + 99, record).saved


def test_a_won_game_another_copy_dropped_is_filed_by_the_copy_that_won_it_once(
    folder: Path,
) -> None:
    """Copy G won and waited at the name prompt; copy H turned the time down, or started a new
    game over the won one: G's time was filed nowhere, and G was told another copy had filed
    it. Without the saved game, the time is filed unless its table holds the game already."""
    record = MahjongRecord(2, ((0, 3), (1, 2)))
    won = {"seed": 968925, "won_at": START + 24}
    for number, theirs in enumerate([None, {"seed": 6}]):
        g = open_store(folder / str(number))
        h = open_store(folder / str(number))
        g.save_game("mahjong", won)
        if theirs is None:
            h.clear_game("mahjong", known=won)  # H: R, then esc at its name prompt
        else:
            h.save_game("mahjong", theirs, known=won)  # H: a new game over it, asked first
        one = g.record_mahjong("One", "lantern", 24.4, 968925, START + 24, record, saved=won)
        assert one.saved and not one.filed_elsewhere
        assert g.load_game("mahjong") == theirs  # H's game stays
        again = h.record_mahjong("Two", "lantern", 24.4, 968925, START + 24, record, saved=won)
        assert again.filed_elsewhere and not again.saved
        assert [entry.name for entry in g.table("mahjong-lantern")] == ["One"]


def test_a_won_game_whose_time_the_disk_refuses_stays_saved(folder: Path) -> None:
    """The won game was removed before its time was written: when scores.json could not be
    written (a full disk), the time was gone with it, unless the app saved the won game back
    (on the same full disk, and not at all once its screen was gone)."""
    won = {"seed": 5, "won_at": START}
    faults = FaultyFileSystem()
    store = store_on(folder, faults)
    store.save_game("mahjong", won)
    faults.fail("write", errno.ENOSPC)
    with pytest.raises(StoreError):
        store.record_mahjong("Ann", "lantern", 30.0, 5, START, saved=won)
    faults.heal()
    assert store.load_game("mahjong") == won  # kept: resumed, it asks for the name again
    assert store.table("mahjong-lantern") == ()
    assert store.record_mahjong("Ann", "lantern", 30.0, 5, START, saved=won).saved
    assert store.load_game("mahjong") is None


def test_a_lines_game_two_copies_finished_is_filed_once(folder: Path) -> None:
    """Both copies resumed one saved Lines game and made the same last move: the same game
    (its deal and every move) was filed twice, a minute apart."""
    record = LinesRecord(1, (((0, 0), (0, 1)),))
    g, h = open_store(folder), open_store(folder)
    g.add_player("Ann")
    assert g.record_lines("Ann", 9, 500, 42, START, START + 600, record).saved
    twice = h.record_lines("Ann", 9, 500, 42, START, START + 660, record)
    assert not twice.saved and twice.filed_elsewhere
    assert twice.reason == "this game (same deal and moves) is in the table already, as Ann's"
    assert len(g.table("lines-9")) == 1
    # Another player's game with the same moves is the same game too: a Lines game lasts
    # dozens of moves, which the balls they bring make no two players play alike but by
    # copying (a replay typed in again). A record-less result says nothing of its game: the
    # same score of another game is filed.
    g.add_player("Bo")
    copied = h.record_lines("Bo", 9, 500, 42, START, START + 660, record)
    assert not copied.saved and copied.reason == twice.reason
    assert h.record_lines("Ann", 9, 500, 42, START, START + 720).saved


def test_a_won_game_replaced_meanwhile_is_not_filed_and_the_other_game_stays(
    folder: Path,
) -> None:
    won, theirs = {"seed": 5, "won_at": START}, {"seed": 6}
    g, h = open_store(folder), open_store(folder)
    g.save_game("mahjong", won)
    h.record_mahjong("Two", "lantern", 30.0, 5, START, saved=won)
    h.save_game("mahjong", theirs)  # then a new deal in H
    one = g.record_mahjong("One", "lantern", 30.0, 5, START, saved=won)
    assert one.filed_elsewhere and not one.saved
    assert g.load_game("mahjong") == theirs
    assert [entry.name for entry in g.table("mahjong-lantern")] == ["Two"]


def test_a_won_game_refused_for_its_time_is_cleared_and_one_never_saved_is_filed_alone(
    folder: Path,
) -> None:
    store = open_store(folder, table_limit=1)
    assert store.record_mahjong("Ann", "lantern", 10.0, 1, START).saved
    won = {"seed": 2, "won_at": START}
    store.save_game("mahjong", won)
    slow = store.record_mahjong("Bob", "lantern", 99.0, 2, START, saved=won)
    assert not slow.saved and not slow.filed_elsewhere and "best 1" in slow.reason
    assert store.load_game("mahjong") is None  # settled: nothing left to resume
    store.save_game("mahjong", {"seed": 3})  # another game: a win never saved leaves it be
    assert store.record_mahjong("Cid", "lantern", 5.0, 4, START).saved
    assert store.load_game("mahjong") == {"seed": 3}


def test_games_in_progress_are_saved_loaded_and_cleared(folder: Path) -> None:
    store = open_store(folder)
    game = {"seed": 3, "moves": [[[0, 0], [1, 1]]], "name": "Zoë"}
    store.save_game("lines", game)
    assert open_store(folder).load_game("lines") == game
    assert store.load_game("mahjong") is None
    store.clear_game("lines")
    assert store.load_game("lines") is None
    store.clear_game("lines")  # clearing nothing is fine
    with pytest.raises(StoreError):
        store.save_game("chess", {})
    with pytest.raises(StoreError):
        store.save_game("lines", {"x": float("nan")})
    with pytest.raises(StoreError):
        store.save_game("lines", {"x": object()})


def test_a_saved_game_the_engine_refuses_is_set_aside_untouched(folder: Path) -> None:
    """`load_game(kind, resumable)`: a save `resumable` refuses is set aside as a damaged file
    is, its bytes kept; one it takes is read as it is."""
    store = open_store(folder)

    def resumable(game: dict[str, Any]) -> None:
        if game.get("seed") == 1:
            raise ValueError("seed 1 cannot be resumed")

    assert store.load_game("lines", resumable) is None  # none saved
    store.save_game("lines", {"seed": 2})
    assert store.load_game("lines", resumable) == {"seed": 2}
    store.save_game("lines", {"seed": 1})
    saved = (folder / "saved-lines.json").read_bytes()
    assert store.load_game("lines", resumable) is None
    (aside,) = folder.glob("saved-lines.json.corrupt-*")
    assert aside.read_bytes() == saved
    assert store.load_game("lines") is None


def test_a_game_that_may_not_replace_the_saved_one_is_saved_only_where_none_is(
    folder: Path,
) -> None:
    """`replace=False` (a game started while the saved one could not be read): the saved game
    there is neither replaced nor removed; with none there (or a damaged file, set aside) the
    game is saved."""
    store = open_store(folder)
    kept = {"seed": 1}
    store.save_game("lines", kept)
    for change in (
        lambda: store.save_game("lines", {"seed": 2}, replace=False),
        lambda: store.clear_game("lines", replace=False),
    ):
        with pytest.raises(SavedGameKept, match="a saved lines game is there, and it is kept"):
            change()
        assert store.load_game("lines") == kept
    (folder / "saved-lines.json").write_text("{damaged")
    store.save_game("lines", {"seed": 3}, replace=False)
    assert store.load_game("lines") == {"seed": 3}
    assert len(list(folder.glob("saved-lines.json.corrupt-*"))) == 1
    store.clear_game("lines")
    store.clear_game("lines", replace=False)  # nothing there: nothing kept
    store.save_game("lines", {"seed": 4}, replace=False)
    assert store.load_game("lines") == {"seed": 4}


# -- bad data files ------------------------------------------------------------------------------

CORRUPT_FILES = {
    "garbage": b"\x00\xff not json at all",
    "truncated": b'{"format": "lines-tui scores", "version": 1, "players": ["Ann"',
    "wrong format": json.dumps({"format": "other", "version": 1}).encode(),
    "unknown key": json.dumps(
        {
            "format": "lines-tui scores",
            "version": 1,
            "players": [],
            "active_player": None,
            "tables": {},
            "extra": 1,
        }
    ).encode(),
    "escape in a name": json.dumps(
        {
            "format": "lines-tui scores",
            "version": 1,
            "players": ["\x1b[2Jgotcha"],
            "active_player": None,
            "tables": {},
        }
    ).encode(),
    "10 KB name": json.dumps(
        {
            "format": "lines-tui scores",
            "version": 1,
            "players": ["A" * 10240],
            "active_player": None,
            "tables": {},
        }
    ).encode(),
    "duplicate key": b'{"format": "lines-tui scores", "format": "lines-tui scores"}',
    "boolean points": (
        b'{"format": "lines-tui scores", "version": 1, "players": [], "active_player": null, '
        b'"tables": {"lines-9": [{"name": "A", "points": true, "date": "2024-01-01T00:00:00Z", '
        b'"seed": 1}]}}'
    ),
}


@pytest.mark.parametrize("content", CORRUPT_FILES.values(), ids=list(CORRUPT_FILES))
def test_a_corrupt_data_file_is_kept_aside_untouched_and_the_store_opens(
    folder: Path, content: bytes
) -> None:
    folder.mkdir()
    (folder / "scores.json").write_bytes(content)
    store = open_store(folder)
    assert len(store.warnings) == 1
    (aside,) = folder.glob("scores.json.corrupt-*")
    assert aside.read_bytes() == content
    assert str(aside) in store.warnings[0] and "\n" not in store.warnings[0]
    assert "\x1b" not in store.warnings[0]
    assert store.players() == []
    store.add_player("Ann")
    assert open_store(folder).players() == ["Ann"] and aside.read_bytes() == content


class FarFutureDates(FileSystem):
    """A file system that holds modification times past year 9999, as tmpfs, btrfs, XFS and
    ZFS do (ext4 stops at 2446)."""

    def __init__(self, when: float) -> None:
        self.when = when

    def modified(self, path: Path) -> float:
        return self.when


@pytest.mark.parametrize("name", ["scores.json", "saved-lines.json"])
@pytest.mark.parametrize("when", [1e12, 1e18], ids=["year 33658", "past time_t"])
def test_a_damaged_file_dated_past_year_9999_is_still_set_aside(
    folder: Path, name: str, when: float
) -> None:
    """Code review: a damaged file whose date no datetime can hold ended every command with a
    ValueError traceback, and the app's menu with "The data folder could not be read", at
    every start: the file never went aside. It goes aside as `NAME.corrupt-undated`."""
    folder.mkdir()
    (folder / name).write_bytes(b"not json")
    store = open_store(folder, fs=FarFutureDates(when))
    store.load_game("lines")
    assert (folder / f"{name}.corrupt-undated").read_bytes() == b"not json"
    assert not (folder / name).exists() and len(store.warnings) == 1


def test_a_file_from_a_newer_version_is_opened_read_only_and_left_untouched(folder: Path) -> None:
    """Issue 12 item 14: two versions side by side never push each other's data aside."""
    folder.mkdir()
    newer = json.dumps(
        {"format": "lines-tui scores", "version": VERSION + 1, "anything": "new"}
    ).encode()
    newer_game = json.dumps(
        {"format": "lines-tui saved game", "version": VERSION + 1, "kind": "mahjong"}
    ).encode()
    (folder / "scores.json").write_bytes(newer)
    (folder / "saved-mahjong.json").write_bytes(newer_game)
    (folder / "saved-lines.json").write_bytes(b"{oops")
    store = open_store(folder)
    assert len(store.warnings) == 3
    assert "newer lines-tui" in store.warnings[0] and "read-only" in store.warnings[0]
    assert "\n" not in store.warnings[0]
    assert store.players() == [] and store.load_game("mahjong") is None
    for write in (
        lambda: store.add_player("Ann"),
        lambda: store.save_game("mahjong", {"x": 1}),
        lambda: store.clear_game("mahjong"),
    ):
        with pytest.raises(StoreError, match="newer lines-tui"):
            write()
    assert (folder / "scores.json").read_bytes() == newer
    assert (folder / "saved-mahjong.json").read_bytes() == newer_game
    assert not list(folder.glob("*.newer-*"))
    assert len(list(folder.glob("saved-lines.json.corrupt-*"))) == 1
    store.save_game("lines", {"x": 1})  # the other files stay writable


def test_two_bad_files_in_a_row_get_distinct_names(folder: Path) -> None:
    folder.mkdir()
    for _ in range(3):
        (folder / "scores.json").write_bytes(b"bad")
        open_store(folder)
    assert len(list(folder.glob("scores.json.corrupt-*"))) == 3


def test_the_file_is_readable_json_that_round_trips(folder: Path) -> None:
    store = open_store(folder)
    store.add_player("Zoë")
    store.set_active_player("Zoë")
    store.record_lines("Zoë", 9, 1234, 7, START, START + 60)
    store.record_mahjong("Zoë", "turtle", 312.4, 9, START)
    text = (folder / "scores.json").read_text(encoding="utf-8")
    assert json.loads(text)["tables"]["lines-9"][0] == {
        "name": "Zoë",
        "points": 1234,
        "date": "2023-11-14T22:14:20Z",
        "seed": 7,
        "record": None,
    }
    assert '"tenths": 3124' in text and "Zoë" in text
    assert dump_scores(load_scores(text)) == text
    assert dump_scores(ScoreData()) == dump_scores(load_scores(dump_scores(ScoreData())))


def test_settings_are_kept_from_one_start_to_the_next_and_a_bad_file_is_set_aside(
    tmp_path: Path,
) -> None:
    store = open_store(tmp_path)
    assert store.preferences() == Preferences(solvable_deals=False)  # nothing saved yet
    store.change_preferences(solvable_deals=True)
    assert open_store(tmp_path).preferences() == Preferences(solvable_deals=True)
    (tmp_path / "settings.json").write_text('{"format": "lines-tui settings", "version": 1}')
    again = open_store(tmp_path)
    assert again.preferences() == Preferences()
    assert any("settings.json could not be read" in warning for warning in again.warnings)
    assert len(list(tmp_path.glob("settings.json.corrupt-*"))) == 1  # its bytes kept aside


def test_one_setting_changed_keeps_the_others_and_a_first_version_file_reads(
    tmp_path: Path,
) -> None:
    """Symbols mode is kept beside "solvable deals only": changing one never undoes the other,
    and a settings file written before symbols were kept reads with them off."""
    (tmp_path / "settings.json").write_text(
        '{"format": "lines-tui settings", "version": 1, "solvable_deals": true}'
    )
    store = open_store(tmp_path)
    assert store.preferences() == Preferences(solvable_deals=True, symbols=False)
    store.change_preferences(symbols=True)
    assert open_store(tmp_path).preferences() == Preferences(solvable_deals=True, symbols=True)
    store.change_preferences(solvable_deals=False)
    assert open_store(tmp_path).preferences() == Preferences(solvable_deals=False, symbols=True)
    assert not store.warnings


def test_the_lines_board_size_is_kept_and_older_settings_files_read_as_9(tmp_path: Path) -> None:
    """The board size the menu's + and - choose is kept beside the other settings; a file of
    version 1 or 2, written before it was kept, reads as 9 x 9 and keeps its other settings; a
    size no board has is no settings file of ours (set aside, as any damaged one)."""
    (tmp_path / "settings.json").write_text(
        '{"format": "lines-tui settings", "version": 2, "solvable_deals": true, "symbols": true}'
    )
    store = open_store(tmp_path)
    assert store.preferences() == Preferences(solvable_deals=True, symbols=True, lines_size=9)
    store.change_preferences(lines_size=11)
    assert open_store(tmp_path).preferences() == Preferences(True, True, lines_size=11)
    assert '"lines_size": 11' in (tmp_path / "settings.json").read_text()
    store.change_preferences(symbols=False)
    assert open_store(tmp_path).preferences() == Preferences(True, False, lines_size=11)
    assert not store.warnings
    for size in ("16", "6", "true", "9.0"):
        (tmp_path / "settings.json").write_text(
            '{"format": "lines-tui settings", "version": 3, "solvable_deals": false, '
            f'"symbols": false, "lines_size": {size}}}'
        )
        damaged = open_store(tmp_path)
        assert damaged.preferences() == Preferences(), size
        assert any("lines_size" in warning for warning in damaged.warnings), size


def test_animations_are_kept_and_older_settings_files_read_with_them_on(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(
        '{"format": "lines-tui settings", "version": 3, "solvable_deals": false, '
        '"symbols": true, "lines_size": 11}'
    )
    store = open_store(tmp_path)
    assert store.preferences() == Preferences(symbols=True, lines_size=11, animations=True)
    store.change_preferences(animations=False)
    kept = open_store(tmp_path).preferences()
    assert kept == Preferences(symbols=True, lines_size=11, animations=False)
    written = json.loads((tmp_path / "settings.json").read_text())
    assert written["version"] == 4 and written["animations"] is False
    written["animations"] = "no"
    (tmp_path / "settings.json").write_text(json.dumps(written))
    damaged = open_store(tmp_path)
    assert damaged.preferences() == Preferences()
    assert any("animations" in warning for warning in damaged.warnings)


def test_a_scores_file_over_16_mib_is_set_aside_not_read_whole(folder: Path) -> None:
    """Every data file is read up to 16 MiB (README, "Size"), as layout and position files are
    up to 1 MiB: a larger scores.json, valid or not, is set aside untouched as damaged, and the
    store opens empty."""
    folder.mkdir()
    valid = dump_scores(ScoreData(["Ann"], "Ann"))
    content = (valid + " " * (MAX_FILE_BYTES + 1 - len(valid))).encode()
    (folder / "scores.json").write_bytes(content)
    store = open_store(folder)
    (warning,) = store.warnings
    assert "scores.json could not be read (larger than 16 MiB)" in warning
    (aside,) = folder.glob("scores.json.corrupt-*")
    assert aside.read_bytes() == content and store.players() == []
    (folder / "scores.json").write_bytes(content[:MAX_FILE_BYTES])  # 16 MiB is read
    assert open_store(folder).players() == ["Ann"]


def test_a_data_file_of_other_bytes_names_where_they_start(folder: Path) -> None:
    """The warning said "not UTF-8 text (byte 3)", read as the byte's value: it is its place."""
    folder.mkdir()
    (folder / "scores.json").write_bytes(b'{"a\xff": 1}')
    (warning,) = open_store(folder).warnings
    assert "not UTF-8 text (at byte 3)" in warning


def test_a_saved_game_of_another_kind_is_named_as_it_is_written(folder: Path) -> None:
    """The kind is spelled out once (a control character as `\\x1b`), never escaped a second
    time, which doubled every backslash the file holds."""
    store = open_store(folder)
    store.save_game("lines", {"seed": 1})
    document = json.loads((folder / "saved-lines.json").read_text())
    document["kind"] = "mah\\jong\x1b"
    (folder / "saved-lines.json").write_text(json.dumps(document))
    store = open_store(folder)
    assert store.load_game("lines") is None
    (told,) = [warning for warning in store.warnings if "of kind" in warning]
    assert "of kind 'mah\\jong\\x1b'" in told, told


def test_a_mahjong_outcome_names_its_table_by_the_title_given(tmp_path: Path) -> None:
    """A layout played from a file has a title of its own, which its table's id does not spell:
    the win's outcome named the table by its id ("number 1 in Twin 1A2B3C4D")."""
    store = open_store(tmp_path)
    store.table_limit = 1
    filed = store.record_mahjong("Kim", "turtle", 100.0, 1, START, title="My [b]own[/b]")
    assert filed.reason == "number 1 in My [b]own[/b]"
    slower = store.record_mahjong("Kim", "turtle", 200.0, 2, START, title="My [b]own[/b]")
    assert slower.reason == "not among the best 1 of My [b]own[/b]"
    assert store.record_mahjong("Pat", "turtle", 300.0, 3, START).reason.endswith("of Turtle")


def test_a_player_who_plays_one_run_follows_a_rename_and_goes_with_a_removal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`play_as` where the active player could not be written (the lock held a moment): the
    player plays this store's life, and later changes to them are changes to who plays:
    removed, a guest plays on (not the file's active player, whom no one chose here)."""
    store = open_store(tmp_path)
    store.set_active_player(store.add_player("Ann"))
    store.add_player("Bob")
    real = store.set_active_player

    def busy(name: str | None) -> None:
        raise StoreError("another lines-tui is writing the data folder; try again")

    monkeypatch.setattr(store, "set_active_player", busy)
    assert store.play_as("bob") == "Bob"
    monkeypatch.setattr(store, "set_active_player", real)
    assert store.active_player == "Bob" and open_store(tmp_path).active_player == "Ann"
    store.rename_player("Bob", "Robert")
    assert store.active_player == "Robert" and store.snapshot().active_player == "Robert"
    store.remove_player("robert")
    assert store.active_player is None and open_store(tmp_path).active_player == "Ann"
    store.play_as("Ann")  # written now: the one-run player is no more
    store.set_active_player(None)
    assert store.active_player is None


@pytest.mark.parametrize(
    ("seconds", "kept", "clock"),
    [
        (39.96, 399, "0:39"),
        (39.9, 399, "0:39"),  # 398.99999999999994 tenths
        ((START + 0.1) - START, 1, "0:00"),  # two clock readings 0.1 s apart: 0.09999990463
    ],
)
def test_a_mahjong_time_is_kept_to_the_tenth_the_clock_has_reached(
    folder: Path, seconds: float, kept: int, clock: str
) -> None:
    """A win at 39.96 s was kept as 0:40.0 while the game's clock showed 0:39."""
    store = open_store(folder)
    store.record_mahjong("Ann", "turtle", seconds, 1, START)
    (entry,) = store.table("mahjong-turtle")
    assert entry.value == kept
    assert format_value(TableId.mahjong("turtle"), entry.value).startswith(format_clock(seconds))


@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_a_race_margin_is_ahead_for_more_points_and_for_less_time(value: int, to_beat: int) -> None:
    lines, mahjong = TableId.lines(9), TableId.mahjong("turtle")
    assert race_margin(lines, value, to_beat) == value - to_beat
    assert race_margin(mahjong, value, to_beat) == to_beat - value
    assert format_margin(lines, value - to_beat) == format_margin(lines, to_beat - value)


def test_a_race_margin_in_words() -> None:
    lines, mahjong = TableId.lines(9), TableId.mahjong("turtle")
    assert [format_margin(lines, margin) for margin in (1, -1, 0, 120)] == [
        "1 point",
        "1 point",
        "0 points",
        "120 points",
    ]
    assert [format_margin(mahjong, margin) for margin in (89, -5, 599, 600, 36_000)] == [
        "0:08.9",
        "0:00.5",
        "0:59.9",
        "1:00.0",
        "1:00:00.0",
    ]
