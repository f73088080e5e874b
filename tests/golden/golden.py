"""Making and checking golden records.

For every registered game, a handful of seeded matches spread over player
counts and option variants are recorded once and kept under
``tests/golden/<game>/``; ``manifest.json`` pins the game's version, the digest
of each action space and the hash of each match's final state. Regenerate with
``make golden`` (every game whose version changed) or ``make golden GAMES=id``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import lastcall
from lastcall.bots import Seat, make_bot
from lastcall.core import Game, Match, State, mix_seed
from tests.conformance.cases import variants

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "manifest.json"
PER_GAME = 5


# Fields that record how a match was logged or served, not how it was played: the
# event log (its wording and kinds), the undo bookkeeping that follows the event
# kinds, and the revision a server checks submissions against.
NOT_BEHAVIOUR = ("log", "undo_seat", "undo_floor", "revision")


def state_hash(state: State) -> str:
    """SHA-256 of the final state's fields that the rules decide."""
    fields = dict(state.to_json()["state"])
    for name in NOT_BEHAVIOUR:
        del fields[name]
    text = json.dumps(fields, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def spaces(game: Game) -> dict[str, str]:
    return {str(n): game.action_space(n).digest() for n in game.player_counts}


def plan(game: Game) -> list[tuple[int, dict[str, object], str]]:
    """Player counts, options and seat bots for the game's golden matches."""
    counts = list(game.player_counts)
    options = variants(game)
    out = []
    for i in range(PER_GAME):
        players = counts[i % len(counts)]
        chosen = options[i % len(options)]
        allowed = all(
            o.players is None or players in o.players
            for o in game.options
            if o.name in chosen and chosen[o.name] != o.default
        )
        out.append((players, chosen if allowed else {}, "greedy" if i % 2 else "random"))
    return out


def record_match(
    game: Game, players: int, options: dict[str, object], bot: str, seed: int
) -> Match:
    match = Match(game, players, seed, options, seats=(bot,) * players)
    bots = [make_bot(bot, mix_seed(seed, p)) for p in range(players)]
    while not match.state.is_over:
        state = match.state
        p = state.to_move[0]
        match.apply(p, bots[p].choose(Seat(state, p)))
    return match


def regenerate(game: Game) -> dict[str, Any]:
    folder = HERE / game.id
    folder.mkdir(exist_ok=True)
    for old in folder.glob("*.json"):
        old.unlink()
    records = {}
    for i, (players, options, bot) in enumerate(plan(game)):
        match = record_match(game, players, options, bot, 1000 + i)
        name = f"{i}-{players}p-{bot}.json"
        match.record().save(folder / name)
        records[name] = state_hash(match.state)
    return {"version": game.version, "action_spaces": spaces(game), "records": records}


def load_manifest() -> dict[str, Any]:
    return dict(json.loads(MANIFEST.read_text(encoding="utf-8"))) if MANIFEST.exists() else {}


def main(argv: list[str]) -> None:
    manifest = load_manifest()
    wanted = argv or [
        g
        for g in lastcall.games()
        if manifest.get(g, {}).get("version") != lastcall.game(g).version
    ]
    for game_id in wanted:
        game = lastcall.game(game_id)
        manifest[game.id] = regenerate(game)
        print(f"{game.versioned_id}: {len(manifest[game.id]['records'])} golden records")
    MANIFEST.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
