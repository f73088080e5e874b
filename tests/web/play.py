"""Driving seats of a table over HTTP to the end of a match, with random legal choices."""

from __future__ import annotations

import random
import time
from typing import Any

from tests.web.conftest import SeatClient

# No game here takes more decisions than this with random play at small tables.
MAX_MOVES = 20_000


def play_to_end(
    seats: list[SeatClient], rng: random.Random, seconds: float = 120.0
) -> dict[str, Any]:
    """Move for every given seat whenever it has a choice, until the match is over.

    Bots (or other clients) play the other seats; the last payload is returned.
    """
    end = time.monotonic() + seconds
    payload: dict[str, Any] = {}
    seen = dict.fromkeys(range(len(seats)), -1)
    for _ in range(MAX_MOVES):
        moved = False
        for number, seat in enumerate(seats):
            payload = seat.read(seen[number])
            seen[number] = payload["seen"]
            if payload["over"]:
                return payload
            if payload["legal"]:
                choice = rng.choice(payload["legal"])["action"]
                answer = seat.move(choice, payload["revision"])
                assert answer.status_code in (200, 409), answer.text
                moved = True
        if not moved:
            time.sleep(0.01)
        assert time.monotonic() < end, "the match did not end in time"
    raise AssertionError("the match did not end")
