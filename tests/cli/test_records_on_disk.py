"""Records on disk: names never collide, saves are atomic, files are read with care."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from lastcall.cli import records
from lastcall.cli.records import (
    MAX_RECORD_BYTES,
    RecordFile,
    check_output_dir,
    parse_record,
    read_record,
    unfinished_records,
)
from lastcall.core import LastcallError, Match, MatchRecord, game


def a_record(moves: int = 5, seed: int = 3) -> MatchRecord:
    rec = Match(game("barista"), 2, seed, seats=("human", "random"))
    for _ in range(moves):
        player = rec.state.to_move[0]
        rec.apply(player, rec.state.legal_actions(player)[0])
    return rec.record()


class FrozenClock(datetime):
    @classmethod
    def now(cls, tz: object = None) -> FrozenClock:
        return cls(2026, 11, 29, 12, 0, 0, tzinfo=UTC)


def test_two_matches_in_the_same_second_with_the_same_seed_get_two_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(records, "datetime", FrozenClock)
    first = RecordFile.reserve(tmp_path, "barista", 7)
    second = RecordFile.reserve(tmp_path, "barista", 7)
    third = RecordFile.reserve(tmp_path, "barista", 7)
    names = [f.path.name for f in (first, second, third)]
    assert names == [
        "barista-20261129-120000-seed7.json",
        "barista-20261129-120000-seed7-2.json",
        "barista-20261129-120000-seed7-3.json",
    ]
    first.save(a_record(4))
    second.save(a_record(6))
    assert len(read_record(first.path).moves) == 4
    assert len(read_record(second.path).moves) == 6


def test_a_save_replaces_the_file_whole_or_not_at_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = RecordFile.reserve(tmp_path, "barista", 1)
    file.save(a_record(3))

    def broken_replace(source: str, target: Path) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(LastcallError, match=r"cannot save the match .*\(No space left"):
        file.save(a_record(8))
    monkeypatch.undo()
    assert len(read_record(file.path).moves) == 3  # the old save is intact
    assert [p.name for p in tmp_path.iterdir()] == [file.path.name]  # no temporary left


def test_output_folders_are_checked_before_any_work(tmp_path: Path) -> None:
    a_file = tmp_path / "taken"
    a_file.write_text("x")
    with pytest.raises(LastcallError, match=r"^--records .*taken: is a file, not a directory$"):
        check_output_dir(a_file, "--records")
    with pytest.raises(LastcallError, match=r"^--out .*taken/below: cannot write there"):
        check_output_dir(a_file / "below", "--out")
    made = check_output_dir(tmp_path / "new" / "deeper", "--out")
    assert made.is_dir()
    assert list(made.iterdir()) == []  # the write probe leaves nothing behind


def test_unfinished_records_are_found_newest_first(tmp_path: Path) -> None:
    older = RecordFile(tmp_path / "older.json")
    older.save(a_record(2))
    newer = RecordFile(tmp_path / "newer.json")
    newer.save(a_record(4))
    os.utime(older.path, (1_000_000, 1_000_000))
    finished = MatchRecord(**{**a_record(1).__dict__, "scores": (1.0, 0.0)})
    RecordFile(tmp_path / "finished.json").save(finished)
    (tmp_path / "junk.json").write_text("not json")
    (tmp_path / "empty.json").write_text("")
    found = unfinished_records(tmp_path)
    assert [entry.path.name for entry in found] == ["newer.json", "older.json"]
    assert unfinished_records(tmp_path, "bartender") == []
    assert unfinished_records(tmp_path / "absent") == []


def record_json(**changes: object) -> str:
    data = a_record(3).to_json()
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("null", "the file holds a JSON null, not an object"),
        ("12", "the file holds a JSON int, not an object"),
        ("[1, 2]", "the file holds a JSON list, not an object"),
        ('"text"', "the file holds a JSON str, not an object"),
        ("{", "not JSON: Expecting property name"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("1" * 10_000, "a number too long to read"),
        ("{}", "not a match record \\(format None\\)"),
        (record_json(game=7), "'game' must be a name"),
        (record_json(game="x" * 10_000), "'game' must be a name of 1 to 200 characters"),
        (record_json(game="chess"), "unknown game 'chess'"),
        (record_json(players="2"), "'players' must be an integer, not '2'"),
        (record_json(seed=True), "'seed' must be an integer, not True"),
        (record_json(seed=1.5), "'seed' must be an integer, not 1.5"),
        (record_json(options=[]), "'options' must be an object"),
        (record_json(options={"turn_limit": [1]}), "not an option value"),
        (record_json(seats="human"), "'seats' must be a list of seat names"),
        (record_json(moves={}), "'moves' must be a list"),
        (record_json(moves=[[0]]), "move 0 must be \\[seat, action text\\]"),
        (record_json(moves=[[0, "x" * 5000]]), "move 0 must be \\[seat, action text\\]"),
        (record_json(moves=[["0", "ready"]]), "move 0 must be"),
        (record_json(scores="high"), "'scores' must be null or a list of numbers"),
        (record_json(meta=[]), "'meta' must be an object"),
        (record_json(moves=[[0, "ready"]] * 200_000), "200000 moves, more than Barista allows"),
    ],
)
def test_bad_records_are_one_clear_error(text: str, message: str) -> None:
    with pytest.raises(LastcallError, match=message) as caught:
        parse_record(text)
    assert len(str(caught.value)) < 300


def test_files_too_large_or_not_utf8_are_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as out:
        out.truncate(MAX_RECORD_BYTES + 1)
    with pytest.raises(LastcallError, match=r"big\.json: is larger than 16 MiB"):
        read_record(big)
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"format": "caf\xe9"}')
    with pytest.raises(LastcallError, match=r"latin\.json: is not UTF-8 text \(bad byte at"):
        read_record(latin)
    with pytest.raises(LastcallError, match="is a directory"):
        read_record(tmp_path)
    with pytest.raises(LastcallError, match="cannot be read"):
        read_record(tmp_path / "absent.json")
