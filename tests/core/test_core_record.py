"""Match records: the same match gives the same bytes, and replays check every move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import lastcall
from lastcall.core import Kind, Match, MatchRecord, RecordError, Rng, StaleState, UndoError
from lastcall.core.version import __version__


def _played(seed: int = 3, decisions: int | None = None) -> Match:
    rec = Match(lastcall.game("barista"), 3, seed, {"turn_limit": 60}, seats=("a", "b", "c"))
    rng = Rng(seed)
    while not rec.state.is_over and (decisions is None or len(rec.moves) < decisions):
        state = rec.state
        seat = state.to_move[rng.below(len(state.to_move))]
        actions = state.legal_actions(seat)
        rec.apply(seat, actions[rng.below(len(actions))])
    return rec


def test_a_record_holds_what_replays_the_game() -> None:
    rec = _played()
    record = rec.record(note="test")
    assert record.game == "barista" and record.game_version == lastcall.game("barista").version
    assert record.players == 3 and record.seed == 3
    assert record.options == {"turn_limit": 60}
    assert record.seats == ("a", "b", "c")
    assert record.scores == rec.state.scores()
    assert record.engine_version == __version__
    assert record.meta == {"note": "test"}
    assert record.replay() == rec.state


def test_an_unfinished_game_has_no_scores() -> None:
    record = _played(decisions=10).record()
    assert record.scores is None and len(record.moves) == 10
    assert record.replay().to_move != ()


def test_dumps_is_byte_identical_for_the_same_match() -> None:
    first = _played().record().dumps()
    second = _played().record().dumps()
    assert first == second
    assert first.endswith("\n")
    data = json.loads(first)
    assert list(data) == sorted(data) and data["format"] == "lastcall-record/1"
    assert MatchRecord.loads(first).dumps() == first


def test_save_and_load(tmp_path: Path) -> None:
    record = _played().record()
    path = record.save(tmp_path / "deep" / "match.json")
    assert path.read_text(encoding="utf-8") == record.dumps()
    assert MatchRecord.load(path) == record


def _tampered(index: int) -> tuple[MatchRecord, tuple[int, str]]:
    record = _played().record()
    data = record.to_json()
    seat, text = data["moves"][index]
    data["moves"][index] = [seat, "spill 7"]
    return MatchRecord.from_json(data), (seat, text)


def test_a_tampered_move_is_refused_naming_its_index() -> None:
    record, (seat, _) = _tampered(5)
    with pytest.raises(RecordError) as err:
        record.replay()
    assert f"move 5 ({seat}: 'spill 7') does not replay" in str(err.value)


def test_a_move_by_the_wrong_seat_is_refused() -> None:
    record = _played().record()
    data = record.to_json()
    seat, text = data["moves"][20]
    data["moves"][20] = [(seat + 1) % 3, text]
    with pytest.raises(RecordError, match="move 20 "):
        MatchRecord.from_json(data).replay()


def test_text_that_is_no_action_is_refused_too() -> None:
    data = _played().record().to_json()
    data["moves"][0] = [0, "!!"]
    with pytest.raises(RecordError, match=r"move 0 \(0: '!!'\)"):
        MatchRecord.from_json(data).replay()


def test_a_record_of_another_rules_version_is_refused() -> None:
    data = _played().record().to_json()
    data["game_version"] = 99
    with pytest.raises(RecordError, match="cannot be replayed: barista v99 is newer than this"):
        MatchRecord.from_json(data).replay()


def test_scores_that_do_not_match_the_replay_are_refused() -> None:
    data = _played().record().to_json()
    data["scores"] = [9.0, 9.0, 9.0]
    with pytest.raises(RecordError, match="the record says"):
        MatchRecord.from_json(data).replay()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "match record is not JSON"),
        (b"\xff\xfe", "match record is not JSON"),
        ("null", "a match record is a JSON object, not NoneType"),
        ("[1, 2]", "a match record is a JSON object, not list"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"format": "other"}', "field 'format' must be the text 'lastcall-record/1'"),
        ('{"format": "lastcall-record/1"}', "match record field 'game' is missing"),
    ],
)
def test_malformed_records_are_refused(text: str | bytes, message: str) -> None:
    with pytest.raises(RecordError) as err:
        MatchRecord.loads(text)
    assert message in str(err.value)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("players", "3", "field 'players' must be an integer"),
        ("moves", [[0]], "field 'moves' must be a list of [seat, action text] pairs"),
        ("options", {"turn_limit": [1]}, "field 'options' must be an object of option values"),
        ("surprise", 1, "field 'surprise' is not a record field"),
        ("scores", ["a"], "field 'scores' must be a list of numbers or null"),
    ],
)
def test_mistyped_or_unknown_record_fields_are_named(
    field: str, value: object, message: str
) -> None:
    data = _played(decisions=4).record().to_json()
    data[field] = value
    with pytest.raises(RecordError) as err:
        MatchRecord.from_json(data)
    assert message in str(err.value)


def test_a_match_resumes_from_its_record() -> None:
    rec = _played(decisions=30)
    again = Match.resume(rec.record())
    assert again.state == rec.state and again.moves == rec.moves


def test_undo_takes_back_decisions_of_the_seat_s_own_run_only() -> None:
    match = Match(lastcall.game("barista"), 2, 4)
    while (
        match.state.to_move != (0,)
        or match.state.view(0)["phase"] != "play"
        or match.state.legal_actions(0)[0].verb != "place"
    ):
        seat = match.state.to_move[0]
        match.apply(seat, match.state.legal_actions(seat)[-1])
    assert not match.can_undo(1)
    before = match.state.clone()
    top = before.last_event
    match.apply(0, match.state.legal_actions(0)[0])
    assert match.can_undo(0)
    match.undo(0)
    undo = match.state.events(None)[-1]
    assert undo.kind is Kind.UNDO
    assert undo.text == f"P0 takes back a decision (events {top + 1} to {undo.data['last']})."
    assert undo.data == {"seat": 0, "first": top + 1, "last": match.state.last_event - 1}
    kept = {"log": 0, "revision": 0}
    assert match.state.to_json()["state"] | kept == before.to_json()["state"] | kept
    with pytest.raises(UndoError, match="P1 has no decision to take back now"):
        match.undo(1)
    # A submission made before the undo, at the revision it saw, is stale after it.
    assert match.state.decisions == before.decisions
    assert match.state.revision == before.revision + 2
    with pytest.raises(StaleState):
        match.apply(0, match.state.legal_actions(0)[0], expect=before.revision + 1)


def test_undo_never_reaches_back_past_chance() -> None:
    match = Match(lastcall.game("barista"), 2, 4)
    while not match.state.is_over:
        seat = match.state.to_move[0]
        match.apply(seat, match.state.legal_actions(seat)[0])
        if any(e.kind is Kind.CHANCE for e in match.state.events(None, match.state.last_event - 1)):
            assert not match.can_undo(seat)


def test_a_committed_seed_is_checked_against_its_record() -> None:
    from lastcall.core import seed_commitment

    rec = _played()
    salt = "ab" * 16
    record = rec.record(commitment=seed_commitment(3, salt), salt=salt)
    assert record.deal_checked()
    assert not rec.record().deal_checked(), "no commitment: nothing to check"
    other = rec.record(commitment=seed_commitment(4, salt), salt=salt)
    with pytest.raises(RecordError, match="commitment"):
        other.deal_checked()
    with pytest.raises(RecordError, match="texts"):
        rec.record(commitment=1, salt=salt).deal_checked()


def test_a_note_is_public_and_nothing_before_it_can_be_taken_back() -> None:
    for seed in range(30):
        rec = _played(seed, decisions=12)
        seat = rec.state.to_move[0]
        action = rec.state.legal_actions(seat)[0]
        rec.apply(seat, action)
        if not rec.can_undo(seat):
            continue
        rec.note("The host hands {seat:seat's} seat to a {level} bot.", seat, "greedy")
        assert not rec.can_undo(seat)
        last = rec.state.events(None)[-1]
        assert last.kind == Kind.RULE and not last.private
        assert last.text == f"The host hands P{seat}'s seat to a greedy bot."
        assert rec.state.events(seat)[-1].text == "The host hands your seat to a greedy bot."
        return
    pytest.fail("no position allowed an undo")


def test_a_change_tried_on_a_copy_leaves_the_match_and_its_undo_as_they_were() -> None:
    for game_id in lastcall.games():
        game = lastcall.game(game_id)
        players = max(game.min_players, 2)
        for seed in range(40):
            rec = Match(game, players, seed)
            rng = Rng(seed)
            for _ in range(rng.below(30)):
                if rec.state.is_over:
                    break
                seat = rec.state.to_move[rng.below(len(rec.state.to_move))]
                actions = rec.state.legal_actions(seat)
                rec.apply(seat, actions[rng.below(len(actions))])
            state = rec.state
            if state.is_over or len(state.to_move) < 2:
                continue
            seat = state.to_move[0]
            rec.apply(seat, state.legal_actions(seat)[0])
            other = next((p for p in rec.state.to_move if p != seat), None)
            if other is None or not rec.can_undo(seat):
                continue
            expected = rec.copy()
            expected.undo(seat)
            trial = rec.copy()
            trial.apply(other, trial.state.legal_actions(other)[0])
            rec.undo(seat)
            assert rec.state == expected.state, (game_id, seed)
            return
    pytest.fail("no position where two seats decide at once allowed an undo")
