"""Match records on disk, for the terminal: unique names, atomic saves, careful reading.

A match is saved as it goes, so no file may ever be half written: each save
goes to a temporary file beside the record, is flushed to disk and renamed
over it. A record's name is reserved when the match starts (created
exclusively), so two matches never share a file however close they start.

Reading is careful because a record is a file anyone can edit: its size is
capped, it must be UTF-8 JSON of the right shape with bounded texts, and
every message about it names the problem without repeating the input.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from lastcall.core import LastcallError, MatchRecord, RecordError
from lastcall.core import game as find_game
from lastcall.core.actions import MAX_ACTION_TEXT, shown
from lastcall.core.record import FORMAT

# The longest real games write about 100 KB; a file far past that is not a record.
MAX_RECORD_BYTES = 16 * 1024 * 1024
# Game ids, seats, option values and version strings are short names.
MAX_NAME_TEXT = 200


def shown_path(path: Path) -> str:
    """A path for a message, cut short (a path argument can be any text)."""
    text = str(path)
    return text if len(text) <= 120 else text[:120] + "..."


def check_output_dir(directory: Path, option: str) -> Path:
    """Make sure ``directory`` is (or can become) a writable directory, before any work.

    Raises one :class:`LastcallError` naming the option and the reason.
    """
    where = f"{option} {shown_path(directory)}"
    if directory.exists() and not directory.is_dir():
        raise LastcallError(f"{where}: is a file, not a directory")
    try:
        directory.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(dir=directory, prefix=".lastcall-probe-")
        os.close(handle)
        os.unlink(probe)
    except OSError as exc:
        raise LastcallError(f"{where}: cannot write there ({exc.strerror or exc})") from exc
    return directory


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` in one step: a reader sees the old file or the new one."""
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


class RecordFile:
    """The one file a match is saved to, from its first decision to its last."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def reserve(cls, directory: Path, game_id: str, seed: int) -> RecordFile:
        """Claim a new name in ``directory``: ``<game>-<time>-seed<seed>[-n].json``."""
        check_output_dir(directory, "--records")
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        base = f"{game_id}-{stamp}-seed{seed}"
        for attempt in range(1, 1000):
            name = base if attempt == 1 else f"{base}-{attempt}"
            path = directory / f"{name}.json"
            try:
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
            except FileExistsError:
                continue
            except OSError as exc:
                raise LastcallError(
                    f"--records {shown_path(directory)}: cannot write there ({exc.strerror or exc})"
                ) from exc
            return cls(path)
        raise LastcallError(f"--records {shown_path(directory)}: no free name for {base}")

    def save(self, record: MatchRecord) -> None:
        try:
            write_atomically(self.path, record.dumps())
        except OSError as exc:
            raise LastcallError(
                f"cannot save the match to {shown_path(self.path)} ({exc.strerror or exc})"
            ) from exc


def _fail(path: Path, problem: str) -> RecordError:
    return RecordError(f"{shown_path(path)}: {problem}")


def read_text(path: Path, limit: int = MAX_RECORD_BYTES) -> str:
    """A file's UTF-8 text, refused past ``limit`` bytes or when it is not UTF-8."""
    try:
        with path.open("rb") as source:
            data = source.read(limit + 1)
    except IsADirectoryError as exc:
        raise _fail(path, "is a directory, not a match record") from exc
    except OSError as exc:
        raise _fail(path, f"cannot be read ({exc.strerror or exc})") from exc
    if len(data) > limit:
        raise _fail(path, f"is larger than {limit // (1024 * 1024)} MiB; not a match record")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _fail(path, f"is not UTF-8 text (bad byte at offset {exc.start})") from exc


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _name(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value or len(value) > MAX_NAME_TEXT:
        raise RecordError(f"{key!r} must be a name of 1 to {MAX_NAME_TEXT} characters")
    return value


def check_record_data(data: object) -> dict[str, Any]:
    """The parsed JSON of a record, checked field by field before the engine reads it.

    Raises :class:`RecordError` naming the first field that is wrong.
    """
    if not isinstance(data, dict):
        kind = "null" if data is None else type(data).__name__
        raise RecordError(f"not a match record: the file holds a JSON {kind}, not an object")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a match record (format {shown(data.get('format'))})")
    _name(data, "game")
    _name(data, "engine_version")
    for key in ("game_version", "players", "seed"):
        if not _is_int(data.get(key)):
            raise RecordError(f"{key!r} must be an integer, not {shown(data.get(key))}")
    options = data.get("options")
    if not isinstance(options, dict):
        raise RecordError(f"'options' must be an object, not {shown(options)}")
    for name, value in options.items():
        if len(name) > MAX_NAME_TEXT or not (
            isinstance(value, bool | int)
            or (isinstance(value, str) and len(value) <= MAX_NAME_TEXT)
        ):
            raise RecordError(f"option {shown(name)} has a value that is not an option value")
    seats = data.get("seats", [])
    if not isinstance(seats, list) or not all(
        isinstance(s, str) and len(s) <= MAX_NAME_TEXT for s in seats
    ):
        raise RecordError("'seats' must be a list of seat names")
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise RecordError(f"'moves' must be a list, not {shown(moves)}")
    for index, move in enumerate(moves):
        if not (
            isinstance(move, list)
            and len(move) == 2
            and _is_int(move[0])
            and isinstance(move[1], str)
            and len(move[1]) <= MAX_ACTION_TEXT
        ):
            raise RecordError(f"move {index} must be [seat, action text], not {shown(move)}")
    scores = data.get("scores")
    if scores is not None and not (
        isinstance(scores, list)
        and all(isinstance(s, int | float) and not isinstance(s, bool) for s in scores)
    ):
        raise RecordError(f"'scores' must be null or a list of numbers, not {shown(scores)}")
    if not isinstance(data.get("meta", {}), dict):
        raise RecordError("'meta' must be an object")
    return data


def parse_record(text: str) -> MatchRecord:
    """A record from JSON text; every problem is a :class:`LastcallError`."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from exc
    except RecursionError as exc:
        raise RecordError("not a match record: its JSON is nested too deeply") from exc
    except ValueError as exc:  # an integer of thousands of digits
        raise RecordError("not a match record: it holds a number too long to read") from exc
    checked = check_record_data(data)
    game = find_game(checked["game"])
    record = MatchRecord.from_json(checked)
    if record.players in game.player_counts:
        bound = game.max_decisions(record.players, game.resolve_options(record.options))
        if len(record.moves) > bound:
            raise RecordError(f"{len(record.moves)} moves, more than {game.title} allows ({bound})")
    return record


def read_record(path: Path) -> MatchRecord:
    """Load a record file; every problem is one :class:`LastcallError` naming the file."""
    text = read_text(path)
    try:
        return parse_record(text)
    except LastcallError as exc:
        raise _fail(path, str(exc)) from exc


def unfinished_records(directory: Path, game_id: str | None = None) -> list[MatchRecordFile]:
    """Saved matches in ``directory`` that can be resumed, newest first.

    Files that are not readable records are passed over: the folder may hold anything.
    """
    found: list[tuple[float, MatchRecordFile]] = []
    if not directory.is_dir():
        return []
    for path in directory.glob("*.json"):
        try:
            if not path.is_file() or path.stat().st_size > MAX_RECORD_BYTES:
                continue
            record = read_record(path)
            modified = path.stat().st_mtime
        except (LastcallError, OSError):
            continue
        if record.scores is None and (game_id is None or record.game == game_id):
            found.append((modified, MatchRecordFile(path, record)))
    found.sort(key=lambda item: (item[0], str(item[1].path)), reverse=True)
    return [entry for _, entry in found]


class MatchRecordFile:
    """A saved record and the file it came from."""

    __slots__ = ("path", "record")

    def __init__(self, path: Path, record: MatchRecord) -> None:
        self.path = path
        self.record = record
