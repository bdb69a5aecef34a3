"""Finding codes where people paste them (README, "Pasting a code")."""

from __future__ import annotations

import pytest

from lines_tui.store import ShareCodeError
from lines_tui.store.paste import find_codes
from lines_tui.store.sharecode import decode, encode
from lines_tui.store.tables import FIRST_DATE, Entry, TableId

CODE = encode(TableId.lines(9), [Entry("Ann", 1234, FIRST_DATE + 100, 7)])
BODY = CODE[4:]
HALF = len(BODY) // 2


@pytest.mark.parametrize(
    "paste",
    [
        pytest.param(f"> {CODE}", id="quoted"),
        pytest.param(f"> > {CODE[:12]}\n> > {CODE[12:]}", id="quoted twice, wrapped"),
        pytest.param(f"Here is mine: {CODE} and good luck", id="prose around"),
        pytest.param(f"Beat this {CODE}.", id="full stop"),
        pytest.param(f"`{CODE}`", id="backticks"),
        pytest.param(f'"{CODE}"', id="double quotes"),
        pytest.param(f"\u201c{CODE}\u201d", id="curly quotes"),
        pytest.param(f"'{CODE}'", id="single quotes"),
        pytest.param(f"<{CODE}>", id="angle brackets"),
        pytest.param(f"LT1-{BODY[:HALF]}\u200b{BODY[HALF:]}", id="zero-width space"),
        pytest.param(f"LT1-{BODY[:HALF]}\u00ad{BODY[HALF:]}", id="soft hyphen"),
        pytest.param(f"LT1-{BODY[:HALF]}\u00a0{BODY[HALF:]}", id="no-break space"),
        pytest.param(f"LT1-{BODY[:HALF]}\u3000{BODY[HALF:]}", id="ideographic space"),
        pytest.param(f"LT1\u2013{BODY}", id="en dash after the prefix"),
        pytest.param(f"lt1 - {BODY.lower()}", id="lower case, spaced dash"),
        pytest.param(f"\ufeff{CODE}", id="byte-order mark"),
        pytest.param(f"{CODE}\r\n", id="CRLF"),
    ],
)
def test_a_code_is_found_in_what_people_paste(paste: str) -> None:
    assert [code.upper() for code in find_codes(paste)] == [CODE]


def test_two_codes_in_one_paste_and_none() -> None:
    other = encode(TableId.lines(7), [Entry("Bo", 99, FIRST_DATE + 5, 1)])
    assert find_codes(f"{CODE}\n\nand {other}!") == [CODE, other]
    assert find_codes("Hi! LT was great. No code here.") == []


def test_a_damaged_code_is_returned_as_found_so_reading_it_says_why() -> None:
    damaged = CODE[:-1] + ("0" if CODE[-1] != "0" else "1")
    (found,) = find_codes(f"> {damaged}.")
    assert found == damaged
    with pytest.raises(ShareCodeError, match="damaged"):
        decode(found)
