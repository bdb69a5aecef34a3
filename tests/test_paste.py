"""Finding codes where people paste them (README, "Pasting a code")."""

from __future__ import annotations

import base64
import zlib

import pytest

from lines_tui.store import ShareCodeError, paste
from lines_tui.store.paste import MAX_CANDIDATES, MAX_PASTE_CHARS, find_codes
from lines_tui.store.sharecode import ALPHABET, MAX_BODY, decode, encode, unwrap
from lines_tui.store.tables import FIRST_DATE, Entry, TableId

CODE = encode(TableId.lines(9), [Entry("Ann", 1234, FIRST_DATE + 100, 7)])
BODY = CODE[4:]
HALF = len(BODY) // 2


@pytest.mark.parametrize(
    "paste",
    [
        pytest.param(f"> {CODE}", id="quoted"),
        pytest.param(f"> > {CODE[:12]}\n> > {CODE[12:]}", id="quoted twice, wrapped"),
        # A terminal pastes a line break as a carriage return (what Enter sends).
        pytest.param(f"> {CODE[:12]}\r> {CODE[12:]}", id="quoted, wrapped, pasted in a terminal"),
        pytest.param(f"> {CODE[:12]}\r\n> {CODE[12:]}", id="quoted, wrapped, CR LF"),
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


@pytest.mark.parametrize("extra", [1, 2_000_000])
def test_a_code_too_long_is_told_so_without_a_length_it_does_not_have(extra: int) -> None:
    """A paste's code is read one character past the longest body, so its reason cannot name its
    length: a paste of two million characters was said to have 6,401."""
    (found,) = find_codes("LT2-" + "A" * (MAX_BODY[2] + extra))
    with pytest.raises(ShareCodeError) as refused:
        unwrap(found)
    assert str(refused.value) == "too long for a share code (over 6,400 characters after LT2-)"


def test_prose_that_looks_like_a_prefix_does_no_harm() -> None:
    """ "my LT1-code" before the code itself is not a damaged code: too short, and no digit."""
    assert find_codes(f"Here is my LT1-code, beat it:\n{CODE}\n") == [CODE]
    assert find_codes(f"{CODE} (that was my LT2-code; see the LT2-codes page)") == [CODE]


def test_a_damaged_code_beside_a_valid_one_is_returned_in_its_place() -> None:
    damaged = CODE[:-1] + ("0" if CODE[-1] != "0" else "1")
    other = encode(TableId.lines(7), [Entry("Bo", 99, FIRST_DATE + 5, 1)])
    assert find_codes(f"My LT1-code: {damaged}. And {other}") == [damaged, other]


def test_with_nothing_valid_the_longest_candidate_is_the_one_read() -> None:
    assert find_codes("My LT2-code, and LT2-ABC") == ["LT2-code"]
    with pytest.raises(ShareCodeError, match="missing or extra"):
        decode(find_codes(f"Cut short: {CODE[:-3]}")[0])


def test_a_letter_no_code_holds_ends_the_code_and_a_damaged_one_keeps_it() -> None:
    assert find_codes(f"{CODE}Unless") == [CODE]
    with pytest.raises(ShareCodeError, match="'U' is not a share-code character"):
        decode(find_codes(f"LT1-{BODY[:8]}U{BODY[8:]}")[0])


def test_another_prefix_ends_a_code_s_body() -> None:
    other = encode(TableId.lines(7), [Entry("Bo", 99, FIRST_DATE + 5, 1)])
    assert find_codes(f"{CODE}{other}") == [CODE, other]


def chained_body(groups: int) -> str:
    """A format-2 body whose checksum holds at the end of every group: a hostile paste that makes
    every length a candidate."""
    data = b""
    for _ in range(groups):
        payload = data + b"\x00"
        data = payload + zlib.crc32(payload, zlib.crc32(b"LT2-")).to_bytes(4, "little")
    plain = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
    return base64.b32encode(data).decode().translate(str.maketrans(plain, ALPHABET))


class CountingUnwrap:
    """`unwrap` that counts its calls and fails the test as soon as they pass `limit`."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.calls = 0

    def __call__(self, text: str) -> tuple[int, bytes]:
        self.calls += 1
        assert self.calls <= self.limit, "find_codes tries too many lengths"
        return unwrap(text)


@pytest.mark.parametrize(
    "hostile",
    [
        pytest.param("LT2-" * (MAX_PASTE_CHARS // 4), id="prefixes only"),
        pytest.param(("LT2-" + "0" * 500 + " ") * 64, id="long damaged bodies"),
        pytest.param("LT2-" + "0 " * MAX_PASTE_CHARS, id="one body past the longest"),
        pytest.param(f"LT2-{chained_body(MAX_BODY[2] // 8)}" * 8, id="every length checks"),
    ],
)
def test_a_hostile_paste_costs_at_most_one_unwrap_a_candidate(
    hostile: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each length a prefix could end at used to go through `unwrap` (minutes for 'LT2-' * 8192):
    now a running checksum picks the one length worth reading."""
    counting = CountingUnwrap(limit=MAX_CANDIDATES)
    monkeypatch.setattr(paste, "unwrap", counting)
    find_codes(hostile)
    assert counting.calls <= MAX_CANDIDATES


def test_a_code_whose_checksum_holds_at_every_group_is_read_whole() -> None:
    body = chained_body(20)
    assert find_codes(f"> LT2-{body[:70]}\n> {body[70:]}. Beat it") == [f"LT2-{body}"]


@pytest.mark.parametrize(
    "after",
    [
        pytest.param(" and good luck", id="words"),
        pytest.param("\nthanks!", id="a line of its own"),
        pytest.param(" beat that", id="words without a letter no code holds"),
    ],
)
def test_prose_after_a_damaged_code_is_left_out_of_it(after: str) -> None:
    """A code is written in capitals: words with small letters after it are the message, not
    the code, even when its checksum cannot say where it ends (they changed the reason)."""
    damaged = CODE[:-1] + ("0" if CODE[-1] != "0" else "1")
    (found,) = find_codes(f"Here is mine: {damaged}{after}")
    assert found == damaged
    with pytest.raises(ShareCodeError, match="a character was changed or moved"):
        decode(found)


def test_a_code_wrapped_over_lines_in_small_letters_is_read_whole() -> None:
    assert [
        code.upper() for code in find_codes(f"lt1-{BODY[:HALF].lower()}\n{BODY[HALF:].lower()}")
    ] == [CODE]


def test_a_code_given_again_is_found_as_the_same_code_however_it_is_written() -> None:
    """`repeats` numbers each code given again after the first one it is: in small letters, with
    I for 1 and O for 0 too; a damaged code only letter for letter. `given_again` says how many."""
    first = encode(TableId.lines(9), [Entry("Pal", 500, FIRST_DATE, 1)])
    other = encode(TableId.lines(7), [Entry("Pal", 500, FIRST_DATE, 1)])
    head, body = first.split("-", 1)
    written_otherwise = f"{head.lower()}-{body.replace('1', 'I').replace('0', 'o')}"
    damaged = "LT2-0000000000000000BAD1"
    codes = [first, other, written_otherwise, damaged, damaged.lower(), first]
    assert paste.repeats(codes) == [None, None, 1, None, 4, 1]
    assert paste.given_again(paste.repeats(codes)) == "one given twice and one given 3 times"
    assert paste.given_again(paste.repeats([first, other])) == ""
