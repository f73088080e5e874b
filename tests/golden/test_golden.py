"""Recorded matches still replay to the same final state under the same game version.

A failure here means the game's behaviour or action space changed. Either that
was meant, and the version goes up (with a line in the rules' version history)
and the goldens are regenerated with ``make golden``, or it was not, and the
change is wrong.
"""

from __future__ import annotations

import pytest

import lastcall
from lastcall.core import MatchRecord

from .golden import HERE, load_manifest, spaces, state_hash

MANIFEST = load_manifest()


@pytest.mark.parametrize("game_id", lastcall.games())
def test_every_game_has_golden_records_of_its_current_version(game_id: str) -> None:
    game = lastcall.game(game_id)
    entry = MANIFEST.get(game_id)
    assert entry is not None, f"no golden records for {game_id}: run make golden"
    assert entry["version"] == game.version, (
        f"{game_id} is v{game.version} but its golden records are of v{entry['version']}: "
        "run make golden"
    )
    assert entry["action_spaces"] == spaces(game), (
        f"the action space of {game.versioned_id} changed: bump its version"
    )


CASES = [(g, name) for g, entry in MANIFEST.items() for name in entry["records"]]


@pytest.mark.parametrize(("game_id", "name"), CASES)
def test_a_golden_record_replays_to_its_pinned_state(game_id: str, name: str) -> None:
    if game_id not in lastcall.games():
        pytest.fail(f"golden records of {game_id}, which is no longer registered")
    record = MatchRecord.load(HERE / game_id / name)
    state = record.replay()
    assert state.is_over
    assert state_hash(state) == MANIFEST[game_id]["records"][name], (
        f"{game_id} {name} replays to another state: bump the version or fix the change"
    )
