"""Fuzzing format-2 share codes through a real store (a script, not a test; README, "Share codes,
format 2"):

    .venv/bin/python tests/tools/fuzz_share_codes.py [--codes 100000] [--seed 1]

Three kinds of hostile code, in turn: real codes (a Turtle win, a 2,000-point Lines game, a table
of three of each kind) with bytes changed and the checksum repaired, so they pass the checksum
and reach the decoder and the replay; codes of random numbers (random field values); and codes
of random bytes. Each is imported into one store. Prints the number of crashes (any exception but
ShareCodeError), of writes when nothing was accepted, of codes still valid after the mutation,
and the median and worst time of one import (wall-clock and processor time: on a busy machine
the wall-clock worst case is the scheduler's).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import tempfile
import time
from pathlib import Path

from share_code_samples import lines_games, turtle_wins

from lines_tui.store import ShareCodeError, StoreError, TableId, codes, open_store
from lines_tui.store.sharecode import unwrap, wrap
from lines_tui.store.verify import Checker


def mutated(code: str, chooser: random.Random) -> str:
    """The code with 1 to 4 bytes changed and its checksum repaired."""
    _, data = unwrap(code)
    payload = bytearray(data[:-4])
    for _ in range(chooser.randint(1, 4)):
        payload[chooser.randrange(len(payload))] = chooser.randrange(256)
    return wrap(2, int.from_bytes(payload, "big"))


def random_number(chooser: random.Random) -> str:
    return wrap(2, chooser.getrandbits(chooser.randint(1, 4000)))


def random_bytes(chooser: random.Random) -> str:
    """Random bytes behind the prefix, with a valid checksum."""
    payload = bytes(chooser.randrange(256) for _ in range(chooser.randint(1, 600)))
    return wrap(2, int.from_bytes(payload, "big"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--codes", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    wins, games = turtle_wins(3), lines_games(3)
    originals = [
        codes.encode(TableId.mahjong("turtle"), wins[:1]),
        codes.encode(TableId.lines(9), games[:1]),
        codes.encode(TableId.mahjong("turtle"), wins),
        codes.encode(TableId.lines(9), games),
    ]
    chooser = random.Random(options.seed)
    makers = [
        lambda: mutated(chooser.choice(originals), chooser),
        lambda: random_number(chooser),
        lambda: random_bytes(chooser),
    ]
    crashes, bad_writes, still_valid, rejected_codes = 0, 0, 0, 0
    times: list[float] = []
    processor: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(Path(folder))
        path = Path(folder) / "scores.json"
        for number in range(options.codes):
            code = makers[number % 3]()
            before = hashlib.sha256(path.read_bytes()).digest() if path.exists() else b""
            started, started_cpu = time.perf_counter(), time.process_time()
            try:
                merged = store.import_code(code, Checker(now=time.time()))
                accepted = merged.count("added") + merged.count("already there")
            except (ShareCodeError, StoreError):
                accepted = 0
                rejected_codes += 1
            except Exception as error:
                crashes += 1
                accepted = 0
                print(f"crash on {code}: {error!r}")
            times.append(time.perf_counter() - started)
            processor.append(time.process_time() - started_cpu)
            after = hashlib.sha256(path.read_bytes()).digest() if path.exists() else b""
            if accepted:
                still_valid += 1
            elif after != before:
                bad_writes += 1
    print(
        f"{options.codes} codes: {crashes} crashes, {bad_writes} writes on rejection, "
        f"{rejected_codes} refused as malformed, {still_valid} still valid after mutation; "
        f"import time median {statistics.median(times) * 1000:.2f} ms, "
        f"worst {max(times) * 1000:.0f} ms wall-clock, {max(processor) * 1000:.0f} ms of "
        f"processor time; {sum(t >= 1 for t in times)} imports took 1 s or more"
    )


if __name__ == "__main__":
    main()
