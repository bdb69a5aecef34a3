"""The data files as JSON: what they hold, version by version, and the strict check when reading.

scores.json (version 2), indented so it can be read and edited by hand:

    {
      "format": "lines-tui scores",
      "version": 2,
      "players": ["Ann", "Bob"],
      "active_player": "Ann",              (null: play as a guest)
      "tables": {
        "lines-9": [{"name": "Ann", "points": 1234, "date": "2025-05-01T20:15:00Z", "seed": 42,
                     "record": {"rules": 1, "moves": [[0, 1, 4, 4], ...]}}],
        "mahjong-turtle+deal-7": [{"name": "Bob", "tenths": 3124, "date": "...", "seed": 7,
                                   "record": {"dealer": 2, "pairs": [[3, 140], ...]}}]
      }
    }

Version 1 had no "record": its entries are read with none ("unverified") and written back as
version 2 with "record": null, so nothing is lost. Table ids of version 1 are valid version 2 ids.

A saved game is `saved-<kind>.json`: {"format": "lines-tui saved game", "version": 1,
"kind": "lines", "game": {...the engine's to_json()...}}.

The player's settings are `settings.json`: {"format": "lines-tui settings", "version": 3,
"solvable_deals": false, "symbols": false, "lines_size": 9}. Version 1 had neither "symbols" nor
"lines_size", version 2 no "lines_size": what a version lacks reads as its default (off, 9).

Reading is strict: a missing or unknown key, a wrong type, a duplicate key, an invalid name or an
out-of-range value makes the whole file "corrupt" (kept aside, never rewritten), because silently
dropping what we do not understand would lose it at the next write.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import time
from dataclasses import dataclass, field
from typing import Any, TypedDict

from lines_tui.engine.deal_choice import number_said, said_whole
from lines_tui.engine.text_file import JsonRefused, strict_json
from lines_tui.engine.visible_text import repeated, spelled_out
from lines_tui.store.names import PlayerKeys, name_problem
from lines_tui.store.records import RecordError, record_from_json
from lines_tui.store.tables import (
    LINES_SIZE,
    LINES_SIZES,
    Entry,
    TableId,
    TableIdError,
    entry_problem,
    ranked,
)

SCORES_FORMAT = "lines-tui scores"
GAME_FORMAT = "lines-tui saved game"
SETTINGS_FORMAT = "lines-tui settings"
VERSION = 2
GAME_VERSION = 1  # saved games did not change with the scores file
SETTINGS_VERSION = 4  # 2: symbols mode kept too; 3: the Lines board size too; 4: animations
DATE_FORMAT = "%Y-%m-%dT%H:%M:%SZ"
DATE_SHAPE = "YYYY-MM-DDTHH:MM:SSZ"
"""`DATE_FORMAT` as a refusal tells it to a person mending the file by hand."""
DATE_PATTERN = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", re.ASCII)


class CorruptFile(ValueError):
    """The file cannot be read as ours; the message says where it went wrong."""


class NewerFile(ValueError):
    """The file was written by a newer lines-tui (a higher schema version)."""

    def __init__(self, version: int, newest: int = VERSION) -> None:
        digits = str(version)  # it may have 4,000
        shown = (
            f"format version {digits}"
            if said_whole(digits)
            else number_said(digits, "a format version")
        )
        super().__init__(f"{shown}; this lines-tui reads up to {newest}")
        self.version = version


@dataclass
class ScoreData:
    players: list[str] = field(default_factory=list)
    active_player: str | None = None
    tables: dict[TableId, list[Entry]] = field(default_factory=dict)


def date_text(date: int) -> str:
    return time.strftime(DATE_FORMAT, time.gmtime(date))


def dump_scores(data: ScoreData) -> str:
    """The file's text: indented JSON with one line per entry, so it reads like the table."""
    tables = [
        f"    {_json(str(table))}: [\n"
        + ",\n".join(
            f'      {{"name": {_json(e.name)}, "{table.unit}": {e.value}, '
            f'"date": "{date_text(e.date)}", "seed": {e.seed}, '
            f'"record": {_json(None if e.record is None else e.record.to_json())}}}'
            for e in ranked(table, entries)
        )
        + "\n    ]"
        for table, entries in sorted(data.tables.items(), key=lambda item: item[0].sort_key())
        if entries
    ]
    body = "{\n" + ",\n".join(tables) + "\n  }" if tables else "{}"
    return (
        "{\n"
        f'  "format": {_json(SCORES_FORMAT)},\n'
        f'  "version": {VERSION},\n'
        f'  "players": {_json(data.players)},\n'
        f'  "active_player": {_json(data.active_player)},\n'
        f'  "tables": {body}\n'
        "}\n"
    )


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def load_scores(text: str) -> ScoreData:
    document = _load_document(text, SCORES_FORMAT, VERSION)
    _expect_keys(document, {"format", "version", "players", "active_player", "tables"}, "the file")
    players = _players(document["players"])
    active = document["active_player"]
    if active is not None and active not in players:
        raise CorruptFile("active_player is not one of the players")
    raw_tables = _expect(document["tables"], dict, "tables")
    tables: dict[TableId, list[Entry]] = {}
    for key, raw_entries in raw_tables.items():
        try:
            table = TableId.parse(key)
        except TableIdError as error:
            raise CorruptFile(str(error)) from None
        if str(table) != key:
            raise CorruptFile(f"table id '{repeated(key)}' is not written as {table}")
        entries = [
            _entry(table, raw, number, document["version"])
            for number, raw in enumerate(_expect(raw_entries, list, key), start=1)
        ]
        if len(set(entries)) != len(entries):
            raise CorruptFile(f"{table} holds the same entry twice")
        tables[table] = entries
    return ScoreData(players, active, tables)


def dump_game(kind: str, game: dict[str, Any]) -> str:
    document = {"format": GAME_FORMAT, "version": GAME_VERSION, "kind": kind, "game": game}
    return json.dumps(document, indent=1, ensure_ascii=False, allow_nan=False) + "\n"


def load_game(text: str, kind: str) -> dict[str, Any]:
    document = _load_document(text, GAME_FORMAT, GAME_VERSION)
    _expect_keys(document, {"format", "version", "kind", "game"}, "the file")
    if document["kind"] != kind:
        raise CorruptFile(f"it holds a game of kind '{spelled_out(str(document['kind']))}'")
    game: dict[str, Any] = _expect(document["game"], dict, "game")
    return game


@dataclass(frozen=True)
class Preferences:
    """The settings a player keeps from one start to the next."""

    solvable_deals: bool = False
    """Mahjong deals only those the solver proved solvable (README, "Solvable deals only")."""
    symbols: bool = False
    """Symbols mode (`s`): every ball's letter, an x on every tile after a loss (README,
    "Colours, NO_COLOR and symbols")."""
    lines_size: int = LINES_SIZE
    """The board size of new Lines games from the menu and Today's deals (the menu's `+` and `-`;
    README, "Keys")."""
    animations: bool = True
    """The Lines move and clearing animations (`a`; README, "Keys")."""


class PreferenceChanges(TypedDict, total=False):
    """Some of `Preferences`' fields, changed (`Store.change_preferences`)."""

    solvable_deals: bool
    symbols: bool
    lines_size: int
    animations: bool


def dump_preferences(preferences: Preferences) -> str:
    document = {
        "format": SETTINGS_FORMAT,
        "version": SETTINGS_VERSION,
        "solvable_deals": preferences.solvable_deals,
        "symbols": preferences.symbols,
        "lines_size": preferences.lines_size,
        "animations": preferences.animations,
    }
    return json.dumps(document, indent=1) + "\n"


def load_preferences(text: str) -> Preferences:
    """Version 1 (before symbols were kept) reads with symbols off, versions 1 and 2 (before the
    Lines board size was kept) with the size at 9, versions 1 to 3 (before animations were
    kept) with animations on."""
    document = _load_document(text, SETTINGS_FORMAT, SETTINGS_VERSION)
    version = document["version"]
    keys = {"format", "version", "solvable_deals"}
    keys |= {"symbols"} if version >= 2 else set()
    keys |= {"lines_size"} if version >= 3 else set()
    keys |= {"animations"} if version >= 4 else set()
    _expect_keys(document, keys, "the file")
    return Preferences(
        _expect(document["solvable_deals"], bool, "solvable_deals"),
        _expect(document["symbols"], bool, "symbols") if version >= 2 else False,
        _lines_size(document["lines_size"]) if version >= 3 else LINES_SIZE,
        _expect(document["animations"], bool, "animations") if version >= 4 else True,
    )


def _lines_size(raw: Any) -> int:
    size: int = _expect(raw, int, "lines_size")
    if size not in LINES_SIZES:
        raise CorruptFile(
            f"lines_size {size} is not a board size from {LINES_SIZES[0]} to {LINES_SIZES[-1]}"
        )
    return size


def _load_document(text: str, expected_format: str, newest: int) -> dict[str, Any]:
    try:
        document = strict_json(text)
    except json.JSONDecodeError as error:
        # Where first, so that a notice that keeps only the sentence still says where to mend.
        where = f"at line {error.lineno}, column {error.colno}"
        raise CorruptFile(f"not valid JSON {where} ({spelled_out(error.msg)})") from None
    except JsonRefused as error:
        raise CorruptFile(f"not valid JSON ({error})") from None
    except ValueError:  # Python's limit on an integer's digits: its words tell how to raise it
        raise CorruptFile("a number in it has too many digits") from None
    except RecursionError as error:
        raise CorruptFile(f"not valid JSON ({spelled_out(str(error))})") from None
    document = dict(_expect(document, dict, "the file"))
    if document.get("format") != expected_format:
        raise CorruptFile(f'"format" is not "{expected_format}"')
    version = document.get("version")
    if type(version) is not int or version < 1:
        raise CorruptFile('"version" is not a positive whole number')
    if version > newest:
        raise NewerFile(version, newest)
    return document


def _expect(value: Any, kind: type, where: str) -> Any:
    if type(value) is not kind:
        raise CorruptFile(f"{spelled_out(where)} is not a JSON {kind.__name__}")
    return value


def _expect_keys(document: dict[str, Any], keys: set[str], where: str) -> None:
    if set(document) != keys:
        missing, unknown = sorted(keys - set(document)), sorted(set(document) - keys)
        detail = f"missing {missing}" if missing else f"unknown {repeated(str(unknown))}"
        raise CorruptFile(f"{where} has {detail} keys")


def _players(raw: Any) -> list[str]:
    """The players of the file, in its order: the first whose name is invalid, or is the same
    name as an earlier one's (`same_name`), makes the file corrupt."""
    players: list[str] = []
    registered = PlayerKeys()
    for name in _expect(raw, list, "players"):
        _expect(name, str, "a player")
        problem = name_problem(name)
        if problem is not None:
            raise CorruptFile(f"player '{repeated(name)}': {problem}")
        if registered.add(name) is not None:
            raise CorruptFile(f"player '{repeated(name)}' is registered twice")
        players.append(name)
    return players


def _entry(table: TableId, raw: Any, number: int, version: int) -> Entry:
    """Entry `number` (from 1) of `table`'s list; a refusal says where it is (`_place`)."""
    # Checked field by field without building messages up front: files hold hundreds of entries.
    keys = {"name", table.unit, "date", "seed"} | ({"record"} if version >= 2 else set())
    if type(raw) is not dict or raw.keys() != keys:
        if type(raw) is dict:
            _expect_keys(raw, keys, _place(table, number, raw))  # which key is missing, or extra
        raise CorruptFile(
            f"{_place(table, number, raw)} is not an object of {', '.join(sorted(keys))}"
        )
    name, value, date, seed = raw["name"], raw[table.unit], raw["date"], raw["seed"]
    if not (type(name) is str and type(value) is int and type(seed) is int and type(date) is str):
        raise CorruptFile(f"{_place(table, number, raw)}: {_wrong_type(raw, table)}")
    if not DATE_PATTERN.fullmatch(date):
        raise CorruptFile(
            f"{_place(table, number, raw)}: date '{repeated(date)}' is not written as "
            f"{DATE_SHAPE} (UTC)"
        )
    try:
        parsed = dt.datetime.fromisoformat(date[:-1]).replace(tzinfo=dt.timezone.utc)
    except ValueError:
        raise CorruptFile(f"{_place(table, number, raw)}: date '{date}' is impossible") from None
    record = None
    if raw.get("record") is not None:
        try:
            record = record_from_json(table.kind, raw["record"])
        except RecordError as error:
            raise CorruptFile(f"{_place(table, number, raw)}: {error}") from None
    entry = Entry(name, value, int(parsed.timestamp()), seed, record)
    problem = entry_problem(table, entry)
    if problem is not None:
        raise CorruptFile(f"{_place(table, number, raw)}: {problem}")
    return entry


def _place(table: TableId, number: int, raw: Any) -> str:
    """Where an entry that cannot be read is, to mend the file by hand: its place in its table's
    list, and its name if it has one ("entry 2 of lines-9 ('Bob')")."""
    name = raw.get("name") if type(raw) is dict else None
    named = f" ('{repeated(name)}')" if type(name) is str else ""
    return f"entry {number} of {table}{named}"


def _wrong_type(raw: dict[str, Any], table: TableId) -> str:
    """Which field of an entry (`raw`) is not of its type (it said "has a field of the wrong
    type")."""
    fields: list[tuple[str, type, str]] = [
        ("name", str, "string"),
        (table.unit, int, "whole number"),
        ("date", str, "string"),
        ("seed", int, "whole number"),
    ]
    key, kind = next((key, kind) for key, type_, kind in fields if type(raw[key]) is not type_)
    return f"{key} is not a JSON {kind}"
