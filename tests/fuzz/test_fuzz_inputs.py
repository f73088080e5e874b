"""Fuzzing what lastcall reads: the only exceptions allowed are ``LastcallError``s.

``lastcall replay``, the terminal's record reader, ``MatchRecord.loads``,
``State.from_json`` and ``parse_action`` all hold to it; inputs that once
broke a reader are kept as examples.
"""

from __future__ import annotations

import contextlib
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from typer.testing import CliRunner

import lastcall
from lastcall.cli.app import app
from lastcall.cli.records import parse_record
from lastcall.core import InvalidAction, LastcallError, MatchRecord, State
from tests.fuzz.strategies import RECORDS, action_texts, json_values, mutated_records, record_files

runner = CliRunner()


def replay_file(content: str | bytes, as_json: bool) -> None:
    """``lastcall replay`` on a file holding ``content``: a result or one error line."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "record.json"
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8", errors="surrogatepass")
        else:
            path.write_bytes(content)
        args = ["replay", str(path), *(["--json"] if as_json else [])]
        result = runner.invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert result.exit_code in (0, 2), result.output[-500:]
    if result.exit_code == 2:
        lines = result.output.strip().splitlines()
        assert len(lines) == 1, result.output[-500:]
        assert lines[0].startswith("error: ")
        assert len(lines[0]) < 500


@given(record_files, st.booleans())
def test_replay_answers_any_file_with_a_result_or_one_line(
    content: str | bytes, as_json: bool
) -> None:
    replay_file(content, as_json)


@pytest.mark.parametrize("index", range(len(RECORDS)))
def test_replay_of_a_real_record_succeeds(index: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "record.json"
        path.write_text(json.dumps(RECORDS[index]))
        result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["over"] is True


@given(st.one_of(mutated_records().map(json.dumps), json_values.map(json.dumps), st.text()))
def test_the_terminals_record_reader_raises_only_lastcall_errors(text: str) -> None:
    with contextlib.suppress(LastcallError):
        parse_record(text)


@pytest.mark.parametrize("game_id", lastcall.games())
@given(text=action_texts)
def test_parse_action_raises_only_invalid_action(game_id: str, text: str) -> None:
    g = lastcall.game(game_id)
    try:
        action = g.parse_action(text)
    except InvalidAction as exc:
        assert len(str(exc)) < 300
        return
    assert g.is_action(action)
    assert g.parse_action(str(action)) == action


# ----------------------------------------------------------------- the engine's own readers

BARISTA_V = lastcall.game("barista").version
SEED_INFINITY = json.dumps({**RECORDS[0], "seed": float("inf")})
BAD_RECORDS = [
    "[]",
    "null",
    "[" * 100_000 + "]" * 100_000,
    "7" * 5000,
    SEED_INFINITY,
]


@example(text="[]")
@given(st.one_of(mutated_records().map(json.dumps), json_values.map(json.dumps), st.text()))
def test_match_record_loads_raises_only_lastcall_errors(text: str) -> None:
    with contextlib.suppress(LastcallError):
        MatchRecord.loads(text)


@pytest.mark.parametrize("text", BAD_RECORDS, ids=lambda t: f"{t[:12]!r}...")
def test_match_record_loads_refuses_inputs_that_once_broke_it(text: str) -> None:
    with pytest.raises(LastcallError):
        MatchRecord.loads(text)


def test_match_record_replay_keeps_its_message_short() -> None:
    data = {**RECORDS[0], "moves": [[0, "x" * 1_000_000]], "scores": None}
    record = MatchRecord.from_json(data)
    with pytest.raises(LastcallError) as caught:
        record.replay()
    assert len(str(caught.value)) < 1000


def deep_state(depth: int) -> dict[str, object]:
    value: object = 0
    for _ in range(depth):
        value = {"tuple": [value]}
    return {"game": "barista", "game_version": BARISTA_V, "state": {"pending": value}}


BAD_STATES: list[object] = [
    {},
    0,
    {"game": 1},
    {"game": "barista", "game_version": BARISTA_V},
    {"game": "barista", "game_version": BARISTA_V, "state": []},
    {"game": "barista", "game_version": BARISTA_V, "state": {"log": None}},
    {"game": "barista", "game_version": BARISTA_V, "state": {"turns": {"a": 1, "b": 2}}},
    {"game": "barista", "game_version": BARISTA_V, "state": {"turns": {"x": 1}}},
    deep_state(5000),
]
states = st.fixed_dictionaries(
    {},
    optional={
        "game": st.sampled_from(lastcall.games()) | json_values,
        "game_version": st.just(BARISTA_V) | json_values,
        "state": json_values,
    },
)


@example(data={})
@given(st.one_of(states, json_values))
def test_state_from_json_raises_only_lastcall_errors(data: object) -> None:
    with contextlib.suppress(LastcallError):
        State.from_json(data)


@pytest.mark.parametrize("data", BAD_STATES, ids=lambda d: str(BAD_STATES.index(d)))
def test_state_from_json_refuses_inputs_that_once_broke_it(data: object) -> None:
    with pytest.raises(LastcallError):
        State.from_json(data)


def test_state_from_json_round_trips_real_states() -> None:
    for game_id in lastcall.games():
        state = lastcall.game(game_id).new(lastcall.game(game_id).min_players, 5)
        assert State.from_json(json.loads(json.dumps(state.to_json()))) == state
