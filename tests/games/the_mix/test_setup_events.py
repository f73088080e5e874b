"""What each seat reads while the mixologists are kept at the start of The Mix."""

from __future__ import annotations

import pytest

import lastcall


@pytest.mark.parametrize("players", [1, 2, 3])
def test_each_seat_reads_its_kept_mixologist_once(players: int) -> None:
    g = lastcall.game("the-mix")
    state = g.new(players, 7)
    before = state.last_event
    for player in range(players):
        state.apply(player, state.legal_actions(player)[0])
    for player in range(players):
        texts = [e.text for e in state.events(player, after=before)]
        kept = [text for text in texts if text.startswith("You keep")]
        assert len(kept) == 1, texts
