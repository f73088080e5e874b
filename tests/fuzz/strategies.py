"""Inputs for fuzzing what lastcall reads from people and files, every one bounded in size
so that no example can take long: a hang is then a bug, not a big input."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

import lastcall
from lastcall.core import Match, Rng

JSON = Any

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=30)
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=16,
)

# Words an action might hold: verbs, names, seats as the table shows them, odd digits.
_words = st.sampled_from(
    ["place", "take", "spill", "done", "pass", "raid", "bid", "wild", "milk", "p1", "P0", "²",
     "①", "٣", "-1", "0", "1", "2", "99", "9" * 30, "highball", "red", "ready", ";", "--", "_"]
)  # fmt: skip
action_texts = st.one_of(
    st.text(max_size=250),
    st.lists(_words | st.text(max_size=8), max_size=8).map(" ".join),
)


def finished_record(game_id: str, seed: int) -> dict[str, JSON]:
    """A real record of a short random game, as JSON, to mutate."""
    g = lastcall.game(game_id)
    rec = Match(g, g.min_players, seed, seats=("random",) * g.min_players)
    rng = Rng(seed)
    while not rec.state.is_over:
        player = rec.state.to_move[0]
        actions = rec.state.legal_actions(player)
        rec.apply(player, actions[rng.below(len(actions))])
    data: dict[str, JSON] = rec.record().to_json()
    return data


RECORDS = [finished_record(game_id, 1) for game_id in lastcall.games()]


@st.composite
def mutated_records(draw: st.DrawFn) -> dict[str, JSON]:
    """A real record with some fields replaced and some moves dropped, changed or cut."""
    data: dict[str, JSON] = json.loads(json.dumps(draw(st.sampled_from(RECORDS))))
    for key in draw(st.lists(st.sampled_from(sorted(data)), max_size=3, unique=True)):
        if draw(st.booleans()):
            data[key] = draw(json_values)
        else:
            del data[key]
    moves = data.get("moves")
    if isinstance(moves, list) and moves:
        cut = draw(st.integers(min_value=0, max_value=len(moves)))
        moves = moves[:cut]
        for _ in range(draw(st.integers(min_value=0, max_value=3))):
            if not moves:
                break
            index = draw(st.integers(min_value=0, max_value=len(moves) - 1))
            moves[index] = draw(
                st.one_of(
                    st.tuples(st.integers(-3, 8), action_texts).map(list),
                    json_values,
                )
            )
        data["moves"] = moves
        if draw(st.booleans()):
            data["scores"] = None  # an unfinished match
    return data


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


record_files = st.one_of(
    st.binary(max_size=400),
    json_values.map(json.dumps),
    mutated_records().map(json.dumps),
    st.integers(min_value=1, max_value=200_000).map(nested),
    st.integers(min_value=4300, max_value=20_000).map(lambda n: "7" * n),
)
