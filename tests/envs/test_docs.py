"""docs/rl.md names every game's environments and carries its current observation table."""

from __future__ import annotations

from pathlib import Path

import pytest

import lastcall
from lastcall.core import Game
from lastcall.envs.common import camel_name, snake_name

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
GAMES = [lastcall.game(g) for g in lastcall.games()]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_guide_names_the_environments_and_carries_the_observation_table(game: Game) -> None:
    text = DOC.read_text(encoding="utf-8")
    names = (
        f"`{snake_name(game)}`",
        f"`lastcall/{camel_name(game)}-v{game.version}`",
        f"`lastcall_{snake_name(game)}`",
    )
    for name in names:
        assert name in text, f"docs/rl.md does not name {name}"
    seats = "seat" if game.min_players == 1 else "seats"
    heading = f"### {game.title} (`{game.versioned_id}`), {game.min_players} {seats}"
    table = game.observer(game.min_players).table()
    assert f"{heading}\n\n{table}\n" in text, (
        f"docs/rl.md lacks the current observation table of {game.versioned_id}:\n"
        f"{heading}\n\n{table}"
    )
